"""Paths under the exact rule: horizontal and vertical runs through empty cells, at most two bends,
over the board and the one-cell ring just outside it, no farther.

Four ways in:

* :func:`find_path` for one pair: the corner points of a shortest legal path (for drawing).
* :class:`Geometry.reach` for one tile (or several at once): every tile it can join, as a
  bitboard; the inner loop of the solver, the grader and the hint.
* :meth:`Geometry.joins` for one tile and a few tiles it might join (its group, its unknown
  partners): which of them it can, without the two widest fills of a reach.
* :func:`visible_pairs` for a whole position: every legal pair from one sweep over the empty runs,
  never a search per pair.

Bitboard layout: the board padded by the ring is ``(W+2) × (H+2)``; each padded row takes
``W+3`` bits, the last bit a guard that is never empty, so a horizontal shift cannot wrap into the
next row. Cell (x, y) of the board is bit ``(y+1)·(W+3) + (x+1)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import chain, compress
from operator import eq

Point = tuple[int, int]
Cells = Sequence[Sequence[object]]  # cells[y][x]: a tile's kind (equal kinds pair), or None: empty
Ends = tuple[int, ...]  # the padded indices (zero, one or two) a run of empty cells sees at its ends


class Geometry:
    """Bit positions and masks for one board size."""

    def __init__(self, width: int, height: int):
        self.width = width
        self.height = height
        self.stride = s = width + 3
        self.rows = height + 2
        self.nbits = s * self.rows
        padded = 0
        for py in range(self.rows):
            for px in range(width + 2):
                padded |= 1 << (py * s + px)
        self.padded = padded  # ring + board, no guards
        board = 0
        for y in range(height):
            for x in range(width):
                board |= 1 << self.bit(x, y)
        self.board = board
        self.ring = padded & ~board
        # the ring's two rows and two columns, and the padded grid without them (for the fills)
        self._ring_row_top = sum(1 << px for px in range(width + 2))
        self._ring_row_bottom = self._ring_row_top << ((self.rows - 1) * s)
        self._ring_left = sum(1 << (py * s) for py in range(self.rows))
        self._ring_right = self._ring_left << (width + 1)
        self._inner_rows = padded & ~self._ring_row_top & ~self._ring_row_bottom
        self._inner_columns = padded & ~self._ring_left & ~self._ring_right
        # _column_runs[y1][y2]: padded rows y1..y2 of column 0 (shift left by x for column x)
        self._column_runs = [[sum(1 << (y * s) for y in range(y1, y2 + 1)) for y2 in range(self.rows)]
                             for y1 in range(self.rows)]

    def bit(self, x: int, y: int) -> int:
        return (y + 1) * self.stride + (x + 1)

    def point(self, bit: int) -> Point:
        py, px = divmod(bit, self.stride)
        return (px - 1, py - 1)

    # ------------------------------------------------------------ fills

    @staticmethod
    def _fill(seed: int, empty: int, shift: int) -> int:
        """Cells reachable from ``seed`` by repeated ``shift`` through ``empty`` (seed included).

        The reference form of a fill: a plain loop that stops when nothing changes (on crowded
        boards runs are short; it measured 4-6x faster than a fixed-step Kogge-Stone fill).
        :meth:`_stages` writes it out inline, and tests hold its one-addition row fill to this.
        """
        g = seed
        if shift > 0:
            while True:
                n = g | (empty & (g << shift))
                if n == g:
                    return g
                g = n
        shift = -shift
        while True:
            n = g | (empty & (g >> shift))
            if n == g:
                return g
            g = n

    def _stages(self, source: int, empty: int) -> tuple[int, int, int, int, int, int]:
        """(H2, V2, H1, V1, H0, V0): cells reached with at most two bends, the last run horizontal /
        vertical, then the same with at most one bend, then the straight runs from the source.

        H0/V0 are the cells of a first horizontal/vertical run, V1/H1 after one bend, H2/V2 after
        two. Fills include their seeds, so H2 ⊇ V1 ⊇ H0 and V2 ⊇ H1 ⊇ V0.

        The hottest code of the engine, so the fills are written out (a function call each is measurable there).
        Toward higher bits a row fill is one addition: with m = empty | seeds, adding the seeds
        carries from the lowest seed of each run of m to the run's end (the guard bit that ends
        every row is never in m, so a carry cannot cross rows); the changed bits of m, plus the
        seeds (a later seed in the same run keeps its 1), are exactly the filled cells. The other
        fills step until nothing changes (runs on a crowded board are short), a column both ways
        at once. The ring is always empty, so a fill that touches a ring row or ring column takes
        all of it in one OR; the steps run on the rest (``across``/``along``), where runs are
        short, instead of walking 20 cells of ring row (that halved the steps of H1 and H2).
        ``empty`` must include the ring."""
        s = self.stride
        across = empty & self._inner_rows  # row fills step through these
        along = empty & self._inner_columns  # column fills step through these
        top, bottom, left, right = self._ring_row_top, self._ring_row_bottom, self._ring_left, self._ring_right
        # H0: the row through the source
        g = source
        while True:
            n = g | (across & (g >> 1))
            if n == g:
                break
            g = n
        m = empty | source
        h0 = (((m + source) ^ m) & m) | g
        if source & top:
            h0 |= top
        if source & bottom:
            h0 |= bottom
        # V0: the column through the source
        v0 = source
        while True:
            n = v0 | (along & ((v0 << s) | (v0 >> s)))
            if n == v0:
                break
            v0 = n
        if source & left:
            v0 |= left
        if source & right:
            v0 |= right
        # V1: columns through H0
        v1 = h0
        while True:
            n = v1 | (along & ((v1 << s) | (v1 >> s)))
            if n == v1:
                break
            v1 = n
        if h0 & left:
            v1 |= left
        if h0 & right:
            v1 |= right
        # H1: rows through V0
        g = v0
        while True:
            n = g | (across & (g >> 1))
            if n == g:
                break
            g = n
        m = empty | v0
        h1 = (((m + v0) ^ m) & m) | g
        if v0 & top:
            h1 |= top
        if v0 & bottom:
            h1 |= bottom
        # H2: rows through V1
        g = v1
        while True:
            n = g | (across & (g >> 1))
            if n == g:
                break
            g = n
        m = empty | v1
        h2 = (((m + v1) ^ m) & m) | g
        if v1 & top:
            h2 |= top
        if v1 & bottom:
            h2 |= bottom
        # V2: columns through H1
        v2 = h1
        while True:
            n = v2 | (along & ((v2 << s) | (v2 >> s)))
            if n == v2:
                break
            v2 = n
        if h1 & left:
            v2 |= left
        if h1 & right:
            v2 |= right
        return h2, v2, h1, v1, h0, v0

    def reach(self, source: int, empty: int, tiles: int) -> int:
        """Tiles joinable from the one-bit mask ``source`` with at most two bends. (Several
        source bits give the union of their answers: fills distribute over unions.)

        ``empty`` must include the ring. A tile is joined when it sits next to a reached cell
        along that cell's last run, or across it when a bend is still allowed; because of the
        inclusions above, two neighbour steps cover every case."""
        s = self.stride
        around = (source << 1) | (source >> 1) | (source << s) | (source >> s)
        if not around & empty:  # walled in: only its neighbours can be joined (most tiles, early on)
            return around & tiles
        h2, v2, _, _, _, _ = self._stages(source, empty)
        near = (h2 << 1) | (h2 >> 1) | (v2 << s) | (v2 >> s)
        return near & tiles & ~source

    def reach_by_bends(self, source: int, empty: int, tiles: int) -> tuple[int, int, int]:
        """(tiles joinable from ``source`` in a straight line, with at most one bend, with at most
        two): :meth:`reach` with its first parts kept. A cell's last run decides which neighbours
        continue it straight, so no bend reaches the horizontal neighbours of H0 and vertical of
        V0, one bend those of H1 and V1."""
        s = self.stride
        h2, v2, h1, v1, h0, v0 = self._stages(source, empty)
        zero = ((h0 << 1) | (h0 >> 1) | (v0 << s) | (v0 >> s)) & tiles & ~source
        one = ((h1 << 1) | (h1 >> 1) | (v1 << s) | (v1 >> s)) & tiles & ~source
        two = ((h2 << 1) | (h2 >> 1) | (v2 << s) | (v2 >> s)) & tiles & ~source
        return zero, one, two

    def joins(self, source: int, targets: int, empty: int) -> int:
        """The tiles of ``targets`` joinable from the one-bit mask ``source``: :meth:`reach` for a
        few known targets, for less work. The source and targets are tiles of the board (so their
        straight runs never reach along a ring row or column); ``empty`` must include the ring.

        A path of at most two bends ends in a straight run into its target t, so it exists
        exactly when the source's one-bend cells meet t's straight runs across that last run:
        V1 ∩ H0(t) (a run into t along its row) or H1 ∩ V0(t) (along its column). So the source
        needs only the four fills of one bend, and each target its two straight runs, which are
        short; the two widest fills of :meth:`reach` (H2 and V2) are never made. Tiles side by
        side have no cell between them and are joined outright."""
        s = self.stride
        around = (source << 1) | (source >> 1) | (source << s) | (source >> s)
        out = around & targets
        if not around & empty:  # walled in: only its neighbours can be joined
            return out
        across = empty & self._inner_rows
        along = empty & self._inner_columns
        top, bottom, left, right = self._ring_row_top, self._ring_row_bottom, self._ring_left, self._ring_right
        # the source's straight runs and its one-bend cells, as in _stages
        g = source
        while True:
            n = g | (across & (g >> 1))
            if n == g:
                break
            g = n
        m = empty | source
        h0 = (((m + source) ^ m) & m) | g
        v0 = source
        while True:
            n = v0 | (along & ((v0 << s) | (v0 >> s)))
            if n == v0:
                break
            v0 = n
        v1 = h0
        while True:
            n = v1 | (along & ((v1 << s) | (v1 >> s)))
            if n == v1:
                break
            v1 = n
        if h0 & left:
            v1 |= left
        if h0 & right:
            v1 |= right
        g = v0
        while True:
            n = g | (across & (g >> 1))
            if n == g:
                break
            g = n
        m = empty | v0
        h1 = (((m + v0) ^ m) & m) | g
        if v0 & top:
            h1 |= top
        if v0 & bottom:
            h1 |= bottom
        rest = targets & ~out
        while rest:
            t = rest & -rest
            rest ^= t
            g = t
            while True:
                n = g | (across & (g >> 1))
                if n == g:
                    break
                g = n
            m = empty | t
            if v1 & ((((m + t) ^ m) & m) | g):
                out |= t
                continue
            g = t
            while True:
                n = g | (along & ((g << s) | (g >> s)))
                if n == g:
                    break
                g = n
            if h1 & g:
                out |= t
        return out

    def reach_any(self, source: int, empty: int, targets: int) -> int:
        """Like :meth:`reach`, but a target may also stand inside the empty region (a tile that an
        optimistic analysis already treats as gone still counts as reachable)."""
        s = self.stride
        around = (source << 1) | (source >> 1) | (source << s) | (source >> s)
        if not around & empty:
            return around & targets
        h2, v2, _, _, _, _ = self._stages(source, empty)
        near = h2 | v2 | (h2 << 1) | (h2 >> 1) | (v2 << s) | (v2 >> s)
        return near & targets & ~source

    def witness(self, a: int, b: int, empty: int, costly: int) -> int:
        """The cells between one-bit masks ``a`` and ``b`` on one path of at most two bends
        through ``empty``, or -1 when there is none. Of all such paths it takes the one crossing
        the fewest ``costly`` cells, then the fewest cells, then the first found: the solver
        records what a joining relied on, and the less, the longer the record stays true."""
        s = self.stride
        ay, ax = divmod(a.bit_length() - 1, s)
        by, bx = divmod(b.bit_length() - 1, s)
        ends = a | b
        free = empty | ends
        x1, x2 = min(ax, bx), max(ax, bx)
        y1, y2 = min(ay, by), max(ay, by)
        column = self._column_runs
        best_key, best = None, -1

        def row_between(y: int) -> int:  # row y from x1 to x2
            return ((1 << (x2 - x1 + 1)) - 1) << (y * s + x1)

        def consider(cells: int) -> None:
            nonlocal best_key, best
            if cells & ~free:
                return
            inner = cells & ~ends
            key = ((inner & costly).bit_count(), inner.bit_count())
            if best_key is None or key < best_key:
                best_key, best = key, inner

        # straight, or one bend at (bx, ay) or (ax, by)
        consider(row_between(ay) | (column[y1][y2] << bx))
        consider((column[y1][y2] << ax) | row_between(by))
        if best_key is not None and best_key[0] == 0:
            return best
        # two bends: a straight run from a, a crossing run, a straight run into b
        a_col = self._fill(a, empty, s) | self._fill(a, empty, -s)
        b_col = self._fill(b, empty, s) | self._fill(b, empty, -s)
        a_row = self._fill(a, empty, 1) | self._fill(a, empty, -1)
        b_row = self._fill(b, empty, 1) | self._fill(b, empty, -1)
        for bit in bits(a_col):
            y = bit // s
            if (1 << (y * s + bx)) & b_col:
                consider(row_between(y) | (column[min(y, ay)][max(y, ay)] << ax)
                         | (column[min(y, by)][max(y, by)] << bx))
        for bit in bits(a_row):
            x = bit % s
            if (1 << (by * s + x)) & b_row:
                lo, hi = min(x, ax), max(x, ax)
                lo2, hi2 = min(x, bx), max(x, bx)
                consider((((1 << (hi - lo + 1)) - 1) << (ay * s + lo)) | (column[y1][y2] << x)
                         | (((1 << (hi2 - lo2 + 1)) - 1) << (by * s + lo2)))
        return best

    def reach_cells(self, source: int, empty: int) -> int:
        """Empty cells reachable from ``source`` with at most two bends (for building layouts)."""
        h2, v2, _, _, _, _ = self._stages(source, empty)
        return (h2 | v2) & ~source


@lru_cache(maxsize=64)
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)


def bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---------------------------------------------------------------- one pair, with corners

def _segment_clear(blocked: Callable[[Point], bool], a: Point, b: Point, ends: tuple[Point, Point]) -> bool:
    """True when every cell from a to b (a straight line) is free, the two path ends excepted."""
    (ax, ay), (bx, by) = a, b
    if ax == bx:
        step = 1 if by >= ay else -1
        cells = ((ax, y) for y in range(ay, by + step, step))
    else:
        step = 1 if bx >= ax else -1
        cells = ((x, ay) for x in range(ax, bx + step, step))
    return all(c in ends or not blocked(c) for c in cells)


def find_path(width: int, height: int, occupied: Callable[[Point], object], a: Point, b: Point) -> list[Point] | None:
    """Corner points ``[a, …, b]`` of a legal path from a to b, or None.

    ``occupied(p)`` says whether board cell p holds a tile. Among legal paths it returns one with
    the fewest bends, then the shortest, then the first in a fixed scan order, so the path shown
    is the same on every machine. Does not check that a and b are equal tiles.
    """
    if a == b:
        return None

    def blocked(p: Point) -> bool:
        x, y = p
        if x < -1 or y < -1 or x > width or y > height:
            return True  # beyond the ring
        if x == -1 or y == -1 or x == width or y == height:
            return False  # the ring is always free
        return bool(occupied(p))

    ends = (a, b)
    (ax, ay), (bx, by) = a, b

    def ok(*pts: Point) -> bool:
        return all(_segment_clear(blocked, pts[i], pts[i + 1], ends) for i in range(len(pts) - 1))

    def length(pts: list[Point]) -> int:
        return sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in zip(pts, pts[1:]))

    # 0 bends
    if (ax == bx or ay == by) and ok(a, b):
        return [a, b]
    # 1 bend
    best: list[Point] | None = None
    for c in ((bx, ay), (ax, by)):
        if c not in ends and not blocked(c) and ok(a, c, b):
            cand = [a, c, b]
            if best is None or length(cand) < length(best):
                best = cand
    if best:
        return best
    # 2 bends: a vertical run to row y, across, down to b; or horizontal, vertical, horizontal.
    candidates: list[list[Point]] = []
    for y in range(-1, height + 1):
        p, q = (ax, y), (bx, y)
        if p in ends or q in ends or blocked(p) or blocked(q) or ax == bx:
            continue
        if ok(a, p, q, b):
            candidates.append([a, p, q, b])
    for x in range(-1, width + 1):
        p, q = (x, ay), (x, by)
        if p in ends or q in ends or blocked(p) or blocked(q) or ay == by:
            continue
        if ok(a, p, q, b):
            candidates.append([a, p, q, b])
    if not candidates:
        return None
    return min(candidates, key=length)


def bends(path: list[Point]) -> int:
    return len(path) - 2


# ---------------------------------------------------------------- all pairs at once

@lru_cache(maxsize=64)
def _column_order(W: int, H: int) -> tuple[int, ...]:
    return tuple(py * W + px for px in range(W) for py in range(H))


def visible_pairs(width: int, height: int, cells: Cells) -> list[tuple[Point, Point]]:
    """Every joinable pair of equal tiles, from one sweep over the empty runs, sorted row-major
    (first tile first, then second).

    A path with at most two bends has a straight middle segment lying in one maximal run of empty
    cells of a row (or a column), ring included; its ends leave that run at right angles to reach
    the tiles (or the tiles sit at the run's two ends). So two equal tiles are joinable exactly
    when both are *seen* from one run: at the far end of the column run through one of its cells
    for a row run, or at its own two ends; plus tiles side by side, which need no empty cell at
    all. Each empty cell first learns the tiles at the ends of its column run and of its row run,
    so the sweep is linear: O(cells + pairs) for the whole board, against one search per pair.
    ``cells[y][x]`` holds a code or None.
    """
    W = width + 2
    return [((a % W - 1, a // W - 1), (b % W - 1, b // W - 1))
            for a, b in sorted(visible_index_pairs(width, height, cells))]


def visible_index_pairs(width: int, height: int, cells: Cells) -> set[tuple[int, int]]:
    """The pairs of :func:`visible_pairs` as indices into the padded grid (row-major, so sorting
    the index pairs sorts the points)."""
    W, H = width + 2, height + 2
    n = W * H
    grid: list[object] = [None] * (W + 1)
    for row in cells:
        grid += row
        grid.append(None)
        grid.append(None)
    grid += [None] * (W - 1)
    found: set[tuple[int, int]] = set()
    add = found.add

    def emit(seen: set[int]) -> None:
        if len(seen) == 2:
            a, b = seen
            if grid[a] == grid[b]:
                add((a, b) if a < b else (b, a))
            return
        by_code: dict[object, list[int]] = {}
        for i in seen:
            c = grid[i]
            if c in by_code:
                by_code[c].append(i)
            else:
                by_code[c] = [i]
        for group in by_code.values():
            if len(group) > 1:
                group.sort()
                for k, a in enumerate(group):
                    for b in group[k + 1:]:
                        add((a, b))

    # column runs of empty cells, top to bottom; each cell learns the tiles at the run's ends
    columns = [i for i in _column_order(W, H) if grid[i] is None]
    col_runs: list[tuple[int, int]] = []
    k, m = 0, len(columns)
    while k < m:
        first = i = columns[k]
        k += 1
        while k < m and columns[k] == i + W:
            i += W
            k += 1
        col_runs.append((first, i))
    NONE: Ends = ()
    ends_v: list[Ends] = [NONE] * n
    for first, last in col_runs:
        e: Ends
        if first >= W:
            e = (first - W, last + W) if last + W < n else (first - W,)
        else:
            e = (last + W,) if last + W < n else NONE
        if first == last:
            ends_v[first] = e
        else:
            ends_v[first:last + 1:W] = [e] * ((last - first) // W + 1)
    # row runs: seen are their own ends and the column-run ends of their cells
    empties = [i for i, v in enumerate(grid) if v is None]
    ends_h: list[Ends] = [NONE] * n
    k, m = 0, len(empties)
    while k < m:
        first = i = empties[k]
        k += 1
        row_last = i - i % W + W - 1
        while k < m and empties[k] == i + 1 and i < row_last:
            i += 1
            k += 1
        if first % W:
            e = (first - 1, i + 1) if i < row_last else (first - 1,)
        else:
            e = (i + 1,) if i < row_last else NONE
        if first == i:
            ends_h[i] = e
            seen = set(ends_v[i])
        else:
            ends_h[first:i + 1] = [e] * (i + 1 - first)
            seen = set(chain.from_iterable(ends_v[first:i + 1]))
        seen.update(e)
        if len(seen) > 1:
            emit(seen)
    # column runs: the same, turned a quarter
    for first, last in col_runs:
        seen = set(chain.from_iterable(ends_h[first:last + 1:W]))
        seen.update(ends_v[first])
        if len(seen) > 1:
            emit(seen)
    # side by side: no empty cell between (the guards between rows are None)
    for i in compress(range(n), map(eq, grid, grid[1:])):
        if grid[i] is not None:
            add((i, i + 1))
    for i in compress(range(n), map(eq, grid, grid[W:])):
        if grid[i] is not None:
            add((i, i + W))
    return found
