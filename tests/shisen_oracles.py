"""Slow, obviously-correct references the fast engine is checked against."""

from itertools import product

from harupan.engine.shisen import Board


def free(board: Board, p, ends) -> bool:
    x, y = p
    if x < -1 or y < -1 or x > board.width or y > board.height:
        return False
    if p in ends:
        return True
    if x in (-1, board.width) or y in (-1, board.height):
        return True
    return board[p] is None


def straight_clear(board, p, q, ends) -> bool:
    if p[0] != q[0] and p[1] != q[1]:
        return False
    if p[0] == q[0]:
        step = 1 if q[1] >= p[1] else -1
        cells = [(p[0], y) for y in range(p[1], q[1] + step, step)]
    else:
        step = 1 if q[0] >= p[0] else -1
        cells = [(x, p[1]) for x in range(p[0], q[0] + step, step)]
    return all(free(board, c, ends) for c in cells)


def brute_joinable(board: Board, a, b) -> bool:
    """Enumerate every choice of up to two corner points on the padded grid."""
    if a == b:
        return False
    ends = (a, b)
    cells = [(x, y) for x in range(-1, board.width + 1) for y in range(-1, board.height + 1)]
    if straight_clear(board, a, b, ends):
        return True
    for c in cells:
        if straight_clear(board, a, c, ends) and straight_clear(board, c, b, ends):
            return True
    for c, d in product(cells, repeat=2):
        if straight_clear(board, a, c, ends) and straight_clear(board, c, d, ends) and straight_clear(board, d, b, ends):
            return True
    return False


def brute_legal_pairs(board: Board):
    tiles = board.tiles()
    out = []
    for i, (p, c) in enumerate(tiles):
        for q, d in tiles[i + 1:]:
            if c == d and brute_joinable(board, p, q):
                out.append((p, q))
    return sorted(out, key=lambda pq: (pq[0][1], pq[0][0], pq[1][1], pq[1][0]))


def brute_solvable(board: Board, memo=None) -> bool:
    """Exhaustive search over every legal pair order (small boards only)."""
    if memo is None:
        memo = {}
    key = board.cells
    if key in memo:
        return memo[key]
    if board.is_empty():
        return True
    result = False
    for p, q in brute_legal_pairs(board):
        if brute_solvable(board.with_cells({p: None, q: None}), memo):
            result = True
            break
    memo[key] = result
    return result


class ScratchBoard:
    """An independent Shisen-sho position for the statistical tests: its legal pairs are worked
    out from scratch on every call (no bookkeeping carried from move to move, no engine code),
    yet fast enough for thousands of games in plain Python.

    Cells are kept as one occupancy mask per row and per column (bit i+1 for cell i; bits 0 and
    W+1 / H+1 are the ring, never occupied). A tile's straight reach along its column is an
    interval of rows found with two bit scans, and along its row an interval of columns. Two
    tiles join with at most two bends exactly when some row lies in both column intervals and
    is clear between the two columns, or some column lies in both row intervals and is clear
    between the two rows (the tile's own cell counts as part of its intervals, which covers
    straight lines and single bends)."""

    def __init__(self, board: Board):
        self.w, self.h = board.width, board.height
        self.rows = [0] * (self.h + 2)
        self.cols = [0] * (self.w + 2)
        self.kinds: dict[str, list[tuple[int, int]]] = {}
        for (x, y), code in board.tiles():
            self.rows[y + 1] |= 1 << (x + 1)
            self.cols[x + 1] |= 1 << (y + 1)
            self.kinds.setdefault(code, []).append((x + 1, y + 1))
        self.count = sum(len(v) for v in self.kinds.values())

    def remove(self, a: tuple[int, int], b: tuple[int, int], code: str) -> None:
        for x, y in (a, b):
            self.rows[y] &= ~(1 << x)
            self.cols[x] &= ~(1 << y)
        tiles = self.kinds[code]
        tiles.remove(a)
        tiles.remove(b)
        self.count -= 2

    def restore(self, a: tuple[int, int], b: tuple[int, int], code: str) -> None:
        for x, y in (a, b):
            self.rows[y] |= 1 << x
            self.cols[x] |= 1 << y
        self.kinds[code] += [a, b]
        self.count += 2

    @staticmethod
    def _span(mask: int, i: int, last: int) -> tuple[int, int]:
        """The run of empty cells through cell ``i`` of a line (``mask``: occupied cells), ``i`` included."""
        below = mask & ((1 << i) - 1)
        lo = below.bit_length()  # one past the nearest occupied cell below (0: the ring)
        above = mask >> (i + 1)
        hi = i + (above & -above).bit_length() - 1 if above else last
        return lo, hi

    def legal_pairs(self) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
        rows, cols, span = self.rows, self.cols, self._span
        lastx, lasty = self.w + 1, self.h + 1
        out = []
        for code in sorted(self.kinds):
            tiles = self.kinds[code]
            if len(tiles) < 2:
                continue
            spans = [(span(cols[x], y, lasty), span(rows[y], x, lastx)) for x, y in tiles]
            for i in range(len(tiles)):
                (ax, ay), ((avl, avh), (ahl, ahh)) = tiles[i], spans[i]
                for j in range(i + 1, len(tiles)):
                    (bx, by), ((bvl, bvh), (bhl, bhh)) = tiles[j], spans[j]
                    if self._joins(ax, bx, max(avl, bvl), min(avh, bvh), rows) or \
                            self._joins(ay, by, max(ahl, bhl), min(ahh, bhh), cols):
                        out.append((tiles[i], tiles[j], code))
        return out

    @staticmethod
    def _joins(a: int, b: int, lo: int, hi: int, lines: list[int]) -> bool:
        """Some line in lo..hi clear strictly between positions a and b."""
        if lo > hi:
            return False
        if a > b:
            a, b = b, a
        between = ((1 << (b - a - 1)) - 1) << (a + 1) if b > a else 0
        for k in range(lo, hi + 1):
            if not lines[k] & between:
                return True
        return False


def scratch_play(board: Board, rng, lookahead: bool = False) -> bool:
    """One game by an independent player (its own ``random.Random``): a legal pair chosen
    uniformly each turn, or, with ``lookahead``, among the pairs leaving the most legal pairs
    (each counted from scratch). True when the board is cleared."""
    pos = ScratchBoard(board)
    while pos.count:
        pairs = pos.legal_pairs()
        if not pairs:
            return False
        if lookahead and len(pairs) > 1:
            best, top = [], -1
            for a, b, code in pairs:
                pos.remove(a, b, code)
                n = len(pos.legal_pairs())
                pos.restore(a, b, code)
                if n > top:
                    best, top = [(a, b, code)], n
                elif n == top:
                    best.append((a, b, code))
            pairs = best
        a, b, code = pairs[rng.randrange(len(pairs))]
        pos.remove(a, b, code)
    return True
