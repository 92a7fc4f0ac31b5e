"""Simulated players: remove legal pairs until the board is clear or stuck.

Used to measure difficulty. Three players:

* ``random``: every turn, a legal pair chosen uniformly. The share of its games that get stuck
  says how many traps a board sets for someone who does not look ahead.
* ``careful``: takes a *safe* pair whenever one is on offer, else a uniform one. A pair is safe
  when it is the last two tiles of its kind, or when the other two tiles of its kind are a
  legal pair as well (both pairs can go at once, and any solution can be rearranged to start
  so). Removing a safe pair never turns a solvable board unsolvable, and it is what a person
  does first: clear what is obviously free, only then gamble. Its stuck share counts the traps
  that survive that habit.
* ``lookahead``: looks one move ahead: takes a pair that leaves the most legal pairs on offer
  afterwards (ties at random). It stands for a player who thinks before each move about keeping
  options open; the traps that catch it are the ones a thinking player meets.

Legal pairs are kept incrementally (a pair that is joinable stays joinable, and a new one can
only appear through a cell that was just emptied), by one of two engines that play exactly the
same games (see :func:`playouts`):

* flooding (:func:`_play`): after each removal only same-kind tiles in sight of the two freed
  cells are tested, kind by kind for the kinds with a tile within one bend of them, each such
  tile against its partners not yet known (:meth:`.Geometry.joins`, never a full flood per
  tile). Nothing to set up.
* the path table (:class:`PathTable`): every path of every same-kind pair, each with its count
  of tiles on it kept as bit planes, so a removal is a borrow up the planes and the new legal
  pairs are the paths that reached 0. The look-ahead player's question, what removing p would
  open, is read off the same counts (paths with one tile on them, p's, or two, both p's), with
  no search at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from ..rng import Rng
from .board import Board
from .paths import Geometry
from .solver import board_bits, joinable_pairs


@dataclass(frozen=True)
class Playout:
    cleared: bool
    removed: int  # pairs removed before the end
    legal_counts: tuple[int, ...]  # legal pairs available before each removal
    solution: tuple[int, ...] = ()  # when the board was cleared: the removed pairs' cell masks, in order


def _initial_pairs(g: Geometry, tiles: int, kinds: dict[str, int]) -> list[tuple[int, int]]:
    empty = g.padded & ~tiles
    return sorted(p for mask in kinds.values() for p in joinable_pairs(g, mask, empty))


RANDOM, CAREFUL, LOOKAHEAD = "random", "careful", "lookahead"
PLAYERS = (RANDOM, CAREFUL, LOOKAHEAD)


TABLE_AFTER = 16  # random games played by the flooding engine before the path table takes over: a table
# costs about as much to set up as this many flooding games and then plays each game faster, and most deals
# the screening passes over are gone by then (bench/shisen.py times the screening)


def playouts(board: Board, rng: Rng, player: str = RANDOM) -> Iterator[Playout]:
    """Endless playouts in a row from one seeded stream, so a caller can stop as soon as it has
    seen enough (the games drawn are the same however many are taken). The board's bitboards and
    its first legal pairs are worked out once for all of them.

    Two engines play the same games (the same pairs on offer, in the same order, so the same
    draws): :func:`_play` floods from the freed cells after each removal and costs nothing to
    set up; a :class:`PathTable` counts the tiles on every path of every pair, costs a few games
    to set up (:func:`path_table` keeps the last few, so the players of one board share one),
    then plays a random game in about a third of the time and weighs the look-ahead player's
    options several times faster. The random player starts with the first (most deals are
    passed over within a few games) and switches after :data:`TABLE_AFTER` games; the careful
    and look-ahead players, which only deals that got that far meet, use the table throughout."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}")
    g, tiles, kinds = board_bits(board)
    group = _groups(kinds)
    first = _initial_pairs(g, tiles, kinds)
    if player == RANDOM:
        for _ in range(TABLE_AFTER):
            yield _play(g, tiles, group, list(first), rng, player)
    table = path_table(board)
    while True:
        yield table.play(first, rng, player, group)


Triple = tuple[int, int, int]  # a legal pair's two tile bits and the mask of both


def _groups(kinds: dict[str, int]) -> dict[int, int]:
    """Each tile's bit -> the mask of the four tiles of its kind on the starting board. The kind's
    tiles still on a board are ``group[x] & tiles``: no per-kind mask to keep up to date."""
    group: dict[int, int] = {}
    for mask in kinds.values():
        m = mask
        while m:
            low = m & -m
            group[low] = mask
            m ^= low
    return group


def _safe(legal: list[Triple], tiles: int, group: dict[int, int]) -> list[Triple]:
    """The safe pairs on offer (see the module docstring), in ``legal``'s order."""
    by_kind: dict[int, list[Triple]] = {}
    for p in legal:
        by_kind.setdefault(group[p[0]], []).append(p)
    out = []
    for mask, pairs in by_kind.items():
        left = (mask & tiles).bit_count()
        if left == 2:
            out.extend(pairs)
        elif left == 4 and len(pairs) >= 2:
            # a pair is safe when the kind's other two tiles are a legal pair too
            out.extend(p for p in pairs if any(not p[2] & q[2] for q in pairs))
    return out


def _fresh(g: Geometry, gone: int, tiles: int, group: dict[int, int],
           known: dict[int, int]) -> tuple[list[Triple], int]:
    """The pairs that become legal when the cells ``gone`` empty (``tiles`` is the board after), in
    a fixed order, and the tiles in sight of those cells (within two bends). ``known[x]`` holds
    the tiles x already pairs with. A new pair's path runs through a freed cell f, and its bends
    split at f, so at least one of its tiles joins f with at most one bend: only those tiles need
    searching from. A tile that needs a bend to reach f leaves at most one for the rest of the
    path, so its partner is close as well; only a tile in line with a freed cell may pair
    farther."""
    empty = g.padded & ~tiles
    straight, close, seen = g.reach_by_bends(gone, empty, tiles)  # one flood from both cells
    fresh = []
    look = close  # a kind with no tile close to the freed cells gains no pair
    while look:
        x = look & -look
        mask = group[x] & tiles
        look &= ~mask  # each kind once
        cand = mask & seen
        if cand & (cand - 1) == 0:
            continue  # fewer than two of this kind in sight
        # a new pair needs both tiles in sight of the freed cells, one of them close
        searched = 0
        near = cand & close
        while near:
            x = near & -near
            near ^= x
            unknown = (cand if x & straight else cand & close) & ~x & ~searched & ~known[x]
            searched |= x
            if not unknown:
                continue
            hit = g.joins(x, unknown, empty)  # a few known targets: cheaper than reach
            while hit:
                y = hit & -hit
                hit ^= y
                fresh.append((x, y, x | y) if x < y else (y, x, x | y))
    if len(fresh) > 1:
        fresh.sort()
    return fresh, seen


def _play(g: Geometry, tiles: int, group: dict[int, int], first: list[tuple[int, int]],
          rng: Rng, player: str = RANDOM) -> Playout:
    """One game by the random or the careful player, the new pairs found after each removal by a
    flood from the freed cells (:func:`_fresh`)."""
    if player == LOOKAHEAD:
        raise ValueError("the look-ahead player plays on a PathTable")
    # known[x]: the tiles x is known to pair with. A joinable pair stays joinable, so this only
    # grows; bits of tiles already gone never meet the masks it is tested against.
    known = dict.fromkeys(group, 0)
    for x, y in first:
        known[x] |= y
        known[y] |= x
    counts = []
    careful = player == CAREFUL
    # each legal pair is kept with the mask of its two cells: filtering is then one AND a pair
    legal = [(a, b, a | b) for a, b in first]
    below = rng.below
    order = []
    while legal:
        counts.append(len(legal))
        offer = (_safe(legal, tiles, group) or legal) if careful else legal
        a, b, gone = offer[below(len(offer))]
        order.append(gone)
        tiles &= ~gone
        legal = [p for p in legal if not p[2] & gone]
        fresh, _ = _fresh(g, gone, tiles, group, known)
        if fresh:
            legal.extend(fresh)
            for x, y, _ in fresh:
                known[x] |= y
                known[y] |= x
    return Playout(tiles == 0, len(counts), tuple(counts), tuple(order) if tiles == 0 else ())


def pair_degrees(legal: Iterable[Triple], tiles: Iterable[int]) -> dict[int, int]:
    """How many pairs of ``legal`` hold each of ``tiles`` (the from-scratch count the look-ahead
    player keeps up to date removal by removal)."""
    degree = dict.fromkeys(tiles, 0)
    for a, b, _ in legal:
        degree[a] += 1
        degree[b] += 1
    return degree


PLANES = 6  # bit planes of a path's tile count: a path crosses at most W + 2H cells (34 on 18x8, < 64)


@cache
def _runs(width: int, height: int) -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """``rows[y][x1][x2]``: the board cells of padded row y (0 is the ring above) from padded
    column x1 to x2, as a mask of cell indices y*W + x; ``columns[x][y1][y2]`` the same turned.
    Ring cells are never in a mask: the ring is always empty."""
    def cell(x: int, y: int) -> int:
        return 1 << ((y - 1) * width + x - 1) if 1 <= x <= width and 1 <= y <= height else 0

    rows = [[[0] * (width + 2) for _ in range(width + 2)] for _ in range(height + 2)]
    for y in range(height + 2):
        for x1 in range(width + 2):
            m = 0
            for x2 in range(x1, width + 2):
                m |= cell(x2, y)
                rows[y][x1][x2] = rows[y][x2][x1] = m
    columns = [[[0] * (height + 2) for _ in range(height + 2)] for _ in range(width + 2)]
    for x in range(width + 2):
        for y1 in range(height + 2):
            m = 0
            for y2 in range(y1, height + 2):
                m |= cell(x, y2)
                columns[x][y1][y2] = columns[x][y2][y1] = m
    return rows, columns


@cache
def _pair_paths(width: int, height: int, p: int, q: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...],
                                                                 tuple[int, ...]]:
    """Every way two board cells ``p`` and ``q`` (indices y*W + x) can be joined with at most two
    bends, as masks of the board cells in between (the ring round the board is always empty, so
    it is left out); the same transposed: (cell, the paths through it as bits 0, 1, …); and the
    :data:`PLANES` bit planes of their tile counts on a full board (every cell in between).

    A path of at most two bends is a run from p, a middle run, a run into q (straight and one-bend
    paths are such paths with empty runs), so one path per row and per column, ring included,
    that the middle run may take. When p and q share a column, a middle row outside them would
    pass back through p or q: only the straight path is one (and the same for a shared row). A
    path crossing every cell of another one is left out: it never opens first. Depends only on
    the two positions, so each is worked out once a process."""
    x1, y1 = p % width + 1, p // width + 1  # padded coordinates
    x2, y2 = q % width + 1, q // width + 1
    rows, columns = _runs(width, height)
    ends = (1 << p) | (1 << q)
    masks = set()
    for r in range(height + 2):
        if x1 != x2 or min(y1, y2) <= r <= max(y1, y2):
            masks.add((columns[x1][y1][r] | rows[r][x1][x2] | columns[x2][r][y2]) & ~ends)
    for c in range(width + 2):
        if y1 != y2 or min(x1, x2) <= c <= max(x1, x2):
            masks.add((rows[y1][x1][c] | columns[c][y1][y2] | rows[y2][c][x2]) & ~ends)
    kept: list[int] = []
    for m in sorted(masks, key=lambda m: (m.bit_count(), m)):
        for k in kept:
            if not k & ~m:
                break
        else:
            kept.append(m)
    through: dict[int, int] = {}
    for j, m in enumerate(kept):
        while m:
            low = m & -m
            m ^= low
            k = low.bit_length() - 1
            through[k] = through.get(k, 0) | 1 << j
    full = [0] * PLANES
    for j, m in enumerate(kept):
        count = m.bit_count()
        for k in range(PLANES):
            if count >> k & 1:
                full[k] |= 1 << j
    return tuple(kept), tuple(sorted(through.items())), tuple(full)


class PathTable:
    """Every same-kind pair of a board with all its paths (:func:`_pair_paths`) numbered one
    after another, and each path's count of tiles on it kept as :data:`PLANES` bit planes over
    all paths at once (plane i holds bit i of every path's count). Removing a tile subtracts one
    from every path through its cell: a borrow rippling up the planes, a few operations on one
    big integer however many paths there are. A path with count 0 is open: its pair is legal.
    So after a removal the new legal pairs are the open paths of pairs not yet legal, read off
    in a few operations, and the look-ahead player's question (which pairs would removing p
    open?) is the paths with one tile on them, that tile p's, or two, both p's."""

    def __init__(self, width: int, height: int, g: Geometry, tiles: int, kinds: dict[str, int]):
        cell_of = {}
        for y in range(height):
            for x in range(width):
                cell_of[1 << g.bit(x, y)] = y * width + x
        occupied = 0
        for t in _bits_of(tiles):
            occupied |= 1 << cell_of[t]
        full = occupied == (1 << (width * height)) - 1
        through: dict[int, int] = {}  # cell index -> paths through it
        planes = [0] * PLANES
        owner: list[int] = []  # path number -> pair number
        spans: list[int] = []  # pair number -> the mask of its paths
        pairs: list[Triple] = []
        tile_paths = dict.fromkeys(_bits_of(tiles), 0)  # tile -> the paths of its pairs
        off = 0
        for mask in kinds.values():
            group = list(_bits_of(mask))
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    paths, cells, full_planes = _pair_paths(width, height, cell_of[a], cell_of[b])
                    if full:
                        for k in range(PLANES):
                            planes[k] |= full_planes[k] << off
                    else:
                        for j, m in enumerate(paths):
                            count = (m & occupied).bit_count()
                            for k in range(PLANES):
                                if count >> k & 1:
                                    planes[k] |= 1 << (off + j)
                    for k, local in cells:
                        through[k] = through.get(k, 0) | local << off
                    span = ((1 << len(paths)) - 1) << off
                    owner.extend([len(pairs)] * len(paths))
                    spans.append(span)
                    pairs.append((a, b, a | b))
                    tile_paths[a] |= span
                    tile_paths[b] |= span
                    off += len(paths)
        self.planes = tuple(planes)
        self.owner, self.spans, self.pairs = owner, spans, pairs
        self.tile_paths = tile_paths
        self.through = {t: through.get(cell_of[t], 0) for t in tile_paths}  # tile -> paths through its cell
        blocked = 0
        for plane in planes:
            blocked |= plane
        pending = 0  # the paths of pairs not legal yet
        for span in spans:
            if span & ~blocked == 0:  # no path open
                pending |= span
        self.pending = pending

    def legal(self, planes: list[int], pending: int) -> int:
        """The open paths of pending pairs."""
        nonzero = 0
        for plane in planes:
            nonzero |= plane
        return pending & ~nonzero

    def best(self, legal: list[Triple], planes: tuple[int, ...], pending: int, degree: dict[int, int]) -> list[Triple]:
        """The look-ahead player's choice: the pairs of ``legal`` that leave the most legal pairs.
        After removing p = (a, b), the pairs left are those on offer now, less the ones holding a
        or b (``degree``), plus those p opens: pending pairs (not a's or b's) with a path whose
        only tiles are a, b or both, read off the planes as the paths with count one through a or
        b, or count two through both."""
        p0, p1, p2, p3, p4, p5 = planes
        upper = p2 | p3 | p4 | p5
        one = p0 & ~p1 & ~upper & pending
        two = p1 & ~p0 & ~upper & pending
        owner, spans, tile_paths, through = self.owner, self.spans, self.tile_paths, self.through
        top = -1
        best: list[Triple] = []
        n1 = len(legal) + 1
        for p in legal:
            a, b, _ = p
            ta, tb = through[a], through[b]
            m = ((one & (ta | tb)) | (two & ta & tb)) & ~(tile_paths[a] | tile_paths[b])
            score = n1 - degree[a] - degree[b]
            while m:  # one per pair opened, however many of its paths open
                m &= ~spans[owner[(m & -m).bit_length() - 1]]
                score += 1
            if score > top:
                top = score
                best = [p]
            elif score == top:
                best.append(p)
        return best

    def first_offer(self, first: list[tuple[int, int]]) -> list[Triple]:
        """The pairs the look-ahead player chooses among on the starting board."""
        legal = [(a, b, a | b) for a, b in first]
        return self.best(legal, self.planes, self.pending, pair_degrees(legal, self.tile_paths))

    def play(self, first: list[tuple[int, int]], rng: Rng, player: str, group: dict[int, int]) -> Playout:
        """One game, the same game :func:`_play` plays from the same draws (for the look-ahead
        player, the one the module docstring describes)."""
        planes = list(self.planes)
        pending = self.pending
        owner, spans, pairs, tile_paths, through = self.owner, self.spans, self.pairs, self.tile_paths, self.through
        legal = [(a, b, a | b) for a, b in first]
        careful = player == CAREFUL
        ahead = player == LOOKAHEAD
        degree = pair_degrees(legal, tile_paths) if ahead else {}
        tiles = 0
        for t in tile_paths:
            tiles |= t
        counts = []
        below = rng.below
        p0, p1, p2, p3, p4, p5 = planes
        order = []
        while legal:
            counts.append(len(legal))
            if careful:
                offer = _safe(legal, tiles, group) or legal
            elif ahead:
                offer = self.best(legal, (p0, p1, p2, p3, p4, p5), pending, degree)
            else:
                offer = legal
            a, b, gone = offer[below(len(offer))]
            order.append(gone)
            tiles &= ~gone
            if ahead:
                kept = []
                for p in legal:
                    if p[2] & gone:
                        degree[p[0]] -= 1
                        degree[p[1]] -= 1
                    else:
                        kept.append(p)
                legal = kept
            else:
                legal = [p for p in legal if not p[2] & gone]
            pending &= ~(tile_paths[a] | tile_paths[b])
            # subtract one from every path through each freed cell (a borrow up the planes)
            for borrow in (through[a], through[b]):
                if borrow:
                    p0, borrow = p0 ^ borrow, borrow & ~p0
                if borrow:
                    p1, borrow = p1 ^ borrow, borrow & ~p1
                if borrow:
                    p2, borrow = p2 ^ borrow, borrow & ~p2
                if borrow:
                    p3, borrow = p3 ^ borrow, borrow & ~p3
                if borrow:
                    p4, borrow = p4 ^ borrow, borrow & ~p4
                if borrow:
                    p5 = p5 ^ borrow
            new = pending & ~(p0 | p1 | p2 | p3 | p4 | p5)
            if new:
                fresh = []
                while new:
                    i = owner[(new & -new).bit_length() - 1]
                    new &= ~spans[i]
                    pending &= ~spans[i]
                    fresh.append(pairs[i])
                if len(fresh) > 1:
                    fresh.sort()
                legal.extend(fresh)
                if ahead:
                    for x, y, _ in fresh:
                        degree[x] += 1
                        degree[y] += 1
        return Playout(tiles == 0, len(counts), tuple(counts), tuple(order) if tiles == 0 else ())


@lru_cache(maxsize=4)
def path_table(board: Board) -> PathTable:
    """The board's :class:`PathTable`, shared by its players (a deal's screening, confirmation
    and look-ahead games run one after another)."""
    g, tiles, kinds = board_bits(board)
    return PathTable(board.width, board.height, g, tiles, kinds)


def _bits_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low
