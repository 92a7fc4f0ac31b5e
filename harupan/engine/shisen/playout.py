"""Simulated players: remove legal pairs until the board is clear or stuck.

Used to measure difficulty. Two players:

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

Legal pairs are kept incrementally: a pair that is joinable stays
joinable, and a new one can only appear through a cell that was just emptied, so after each
removal only same-kind tiles in sight of the two freed cells are tested, kind by kind for the
kinds with a tile within one bend of them, each such tile against its partners not yet known
(:meth:`.Geometry.joins`, never a full flood per tile). The look-ahead player asks the same
question of every pair on offer without removing it, and keeps each answer until a removal in
sight of that pair's cells can change it (:func:`_forget`), so most of its turns cost a few
floods, not one per pair.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..rng import Rng
from .board import Board
from .paths import Geometry
from .solver import board_bits, joinable_pairs


@dataclass(frozen=True)
class Playout:
    cleared: bool
    removed: int  # pairs removed before the end
    legal_counts: tuple[int, ...]  # legal pairs available before each removal


def _initial_pairs(g: Geometry, tiles: int, kinds: dict[str, int]) -> list[tuple[int, int]]:
    empty = g.padded & ~tiles
    return sorted(p for mask in kinds.values() for p in joinable_pairs(g, mask, empty))


RANDOM, CAREFUL, LOOKAHEAD = "random", "careful", "lookahead"
PLAYERS = (RANDOM, CAREFUL, LOOKAHEAD)


def playouts(board: Board, rng: Rng, player: str = RANDOM) -> Iterator[Playout]:
    """Endless playouts in a row from one seeded stream, so a caller can stop as soon as it has
    seen enough (the games drawn are the same however many are taken). The board's bitboards and
    its first legal pairs are worked out once for all of them (a fifth of a playout's time)."""
    if player not in PLAYERS:
        raise ValueError(f"unknown player {player!r}")
    g, tiles, kinds = board_bits(board)
    kind_of: dict[int, str] = {}
    for code, mask in kinds.items():
        m = mask
        while m:
            low = m & -m
            kind_of[low] = code
            m ^= low
    first = _initial_pairs(g, tiles, kinds)
    while True:
        yield _play(g, tiles, dict(kinds), kind_of, list(first), rng, player)


Triple = tuple[int, int, int]  # a legal pair's two tile bits and the mask of both


def _safe(legal: list[Triple], kinds: dict[str, int], kind_of: dict[int, str]) -> list[Triple]:
    """The safe pairs on offer (see the module docstring), in ``legal``'s order."""
    by_kind: dict[str, list[Triple]] = {}
    for p in legal:
        by_kind.setdefault(kind_of[p[0]], []).append(p)
    out = []
    for code, pairs in by_kind.items():
        left = kinds[code].bit_count()
        if left == 2:
            out.extend(pairs)
        elif left == 4 and len(pairs) >= 2:
            # a pair is safe when the kind's other two tiles are a legal pair too
            out.extend(p for p in pairs if any(not p[2] & q[2] for q in pairs))
    return out


def _fresh(g: Geometry, gone: int, tiles: int, kinds: dict[str, int], kind_of: dict[int, str],
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
    done = 0  # kinds already looked at
    look = close  # a kind with no tile close to the freed cells gains no pair
    while look:
        x = look & -look
        look ^= x
        mask = kinds[kind_of[x]] & ~gone
        if done & mask:
            continue
        done |= mask
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
    fresh.sort()
    return fresh, seen


def _look_ahead(legal: list[Triple], tiles: int, g: Geometry, kinds: dict[str, int], kind_of: dict[int, str],
                known: dict[int, int], cache: dict[int, tuple[int, set[int]]]) -> list[Triple]:
    """The legal pairs that leave the most legal pairs behind. After removing p, the pairs left
    are those on offer now, less the ones sharing a tile with p, plus the ones p's cells open
    (its *gain*). A gain is kept from turn to turn in ``cache`` (pair mask -> (tiles in sight of
    its cells, the masks of the pairs it opens)); see :func:`_forget` for when it is dropped."""
    per_tile: dict[int, int] = {}
    for a, b, _ in legal:
        per_tile[a] = per_tile.get(a, 0) + 1
        per_tile[b] = per_tile.get(b, 0) + 1
    n = len(legal)
    best: list[Triple] = []
    top = -1
    for p in legal:
        a, b, both = p
        entry = cache.get(both)
        if entry is None:
            fresh, seen = _fresh(g, both, tiles & ~both, kinds, kind_of, known)
            entry = cache[both] = (seen, {f[2] for f in fresh})
        score = n - per_tile[a] - per_tile[b] + 1 + len(entry[1])
        if score > top:
            top = score
            best = [p]
        elif score == top:
            best.append(p)
    return best


def _forget(cache: dict[int, tuple[int, set[int]]], gone: int, fresh: list[Triple]) -> None:
    """Update the kept gains after the pair ``gone`` went and ``fresh`` pairs opened. A gain holds
    while no cell it looked through changed: every path through a candidate's cells with at most
    two bends stays inside the cells it can see, so if the removed tiles were not in its sight,
    its flood and its new pairs are the same, except the pairs the removal itself opened, which
    are no longer new."""
    opened = {f[2] for f in fresh}
    for key in list(cache):
        seen, gain = cache[key]
        if key & gone or seen & gone:
            del cache[key]
        elif opened and gain & opened:
            cache[key] = (seen, gain - opened)


def _play(g: Geometry, tiles: int, kinds: dict[str, int], kind_of: dict[int, str], first: list[tuple[int, int]],
          rng: Rng, player: str = RANDOM) -> Playout:
    # known[x]: the tiles x is known to pair with. A joinable pair stays joinable, so this only
    # grows; bits of tiles already gone never meet the masks it is tested against.
    known = dict.fromkeys(kind_of, 0)
    for x, y in first:
        known[x] |= y
        known[y] |= x
    counts = []
    removed = 0
    careful = player == CAREFUL
    ahead = player == LOOKAHEAD
    cache: dict[int, tuple[int, set[int]]] = {}
    # each legal pair is kept with the mask of its two cells: filtering is then one AND a pair
    legal = [(a, b, a | b) for a, b in first]
    while legal:
        counts.append(len(legal))
        if careful:
            offer = _safe(legal, kinds, kind_of) or legal
        elif ahead:
            offer = _look_ahead(legal, tiles, g, kinds, kind_of, known, cache)
        else:
            offer = legal
        a, b, gone = offer[rng.below(len(offer))]
        tiles &= ~gone
        kinds[kind_of[a]] &= ~gone
        removed += 1
        legal = [p for p in legal if not p[2] & gone]
        fresh, _ = _fresh(g, gone, tiles, kinds, kind_of, known)
        if ahead:
            _forget(cache, gone, fresh)
        legal.extend(fresh)
        for x, y, _ in fresh:
            known[x] |= y
            known[y] |= x
    return Playout(tiles == 0, removed, tuple(counts))
