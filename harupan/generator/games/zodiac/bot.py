"""The zodiac par bot: an expectimax player whose result on the day's real game is the par.

Chance nodes average over every empty cell and both spawn ranks with their protocol weights
(rat 0.9, ox 0.1); the bot never looks at the seeded RNG's next draw. The evaluation is a sum of
per-row scores read from a table built once (empty cells, merges on offer, monotonic rows and
columns, big tiles kept to one side), applied to the four rows and the four columns (each
gathered by one multiplication): the approach of the strong 2048 engines, with their published
weights.
Search depth adapts: deeper when few cells are empty, where the chance nodes are small.
"""

from __future__ import annotations

import datetime as _dt
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import struct

from ....engine.zodiac import COLUMN_GATHER, MOVES, WON, Game, column_tables, move, row_tables

LOST_PENALTY = 200000.0
MONOTONICITY_POWER = 4.0
MONOTONICITY_WEIGHT = 47.0
SUM_POWER = 3.5
SUM_WEIGHT = 11.0
MERGES_WEIGHT = 700.0
EMPTY_WEIGHT = 270.0
PROB_CUTOFF = 0.006  # chance branches rarer than this are scored, not searched


@lru_cache(maxsize=1)
def _heuristic_table() -> list[float]:
    """The evaluation of every row. Powers come from per-rank lists and the sums run in the same
    order as a plain formula would, so every value is bit-for-bit the same, three times sooner."""
    sum_pow = [rank ** SUM_POWER for rank in range(16)]
    mono_pow = [rank ** MONOTONICITY_POWER for rank in range(16)]
    table = [0.0] * 65536
    row = 0
    for d in range(16):
        for c in range(16):
            for b in range(16):
                for a in range(16):
                    line = (a, b, c, d)
                    total = 0.0
                    empty = merges = 0
                    prev = 0
                    counter = 0
                    for rank in line:
                        total += sum_pow[rank]
                        if rank == 0:
                            empty += 1
                        else:
                            if prev == rank:
                                counter += 1
                            elif counter > 0:
                                merges += 1 + counter
                                counter = 0
                            prev = rank
                    if counter > 0:
                        merges += 1 + counter
                    mono_left = mono_right = 0.0
                    for x, y in ((a, b), (b, c), (c, d)):
                        if x > y:
                            mono_left += mono_pow[x] - mono_pow[y]
                        else:
                            mono_right += mono_pow[y] - mono_pow[x]
                    table[row] = (LOST_PENALTY + EMPTY_WEIGHT * empty + MERGES_WEIGHT * merges
                                  - MONOTONICITY_WEIGHT * min(mono_left, mono_right) - SUM_WEIGHT * total)
                    row += 1
    return table


def evaluate(b: int) -> float:
    """The evaluation of a packed board: its four rows, then its four columns."""
    return _Search(0).evaluate(b)


_LEFT, _RIGHT = row_tables()
_UP, _DOWN = column_tables()
_ROWS = struct.Struct("<4H")


def _after_moves(b: int, L: list[int] = _LEFT, R: list[int] = _RIGHT, U: list[int] = _UP, D: list[int] = _DOWN,
                 K: int = COLUMN_GATHER, split: Callable[[bytes], tuple[Any, ...]] = _ROWS.unpack,
                 join: Callable[..., bytes] = _ROWS.pack,
                 from_bytes: Callable[..., int] = int.from_bytes) -> list[int]:
    """The boards after each move that changes ``b`` (order U D L R). Rows come from one struct
    split, columns from one multiplication each (as in the engine's move)."""
    r0, r1, r2, r3 = split(b.to_bytes(8, "little"))
    c0 = ((b & 0x000F000F000F000F) * K >> 48) & 0xFFFF
    c1 = ((b & 0x00F000F000F000F0) * K >> 52) & 0xFFFF
    c2 = ((b & 0x0F000F000F000F00) * K >> 56) & 0xFFFF
    c3 = ((b & 0xF000F000F000F000) * K >> 60) & 0xFFFF
    out = []
    up = U[c0] | (U[c1] << 4) | (U[c2] << 8) | (U[c3] << 12)
    if up != b:
        out.append(up)
    down = D[c0] | (D[c1] << 4) | (D[c2] << 8) | (D[c3] << 12)
    if down != b:
        out.append(down)
    left = from_bytes(join(L[r0], L[r1], L[r2], L[r3]), "little")
    if left != b:
        out.append(left)
    right = from_bytes(join(R[r0], R[r1], R[r2], R[r3]), "little")
    if right != b:
        out.append(right)
    return out


class _Search:
    def __init__(self, depth: int):
        self.depth = depth
        self.cache: dict[tuple[int, int], float] = {}
        self.scores: dict[int, float] = {}  # leaf boards recur across spawn orders
        self.h = _heuristic_table()

    def evaluate(self, b: int, K: int = COLUMN_GATHER, split: Callable[[bytes], tuple[int, ...]] = _ROWS.unpack) -> float:
        v = self.scores.get(b)
        if v is None:
            h = self.h
            r0, r1, r2, r3 = split(b.to_bytes(8, "little"))
            v = self.scores[b] = (h[r0] + h[r1] + h[r2] + h[r3]
                                  + h[((b & 0x000F000F000F000F) * K >> 48) & 0xFFFF]
                                  + h[((b & 0x00F000F000F000F0) * K >> 52) & 0xFFFF]
                                  + h[((b & 0x0F000F000F000F00) * K >> 56) & 0xFFFF]
                                  + h[((b & 0xF000F000F000F000) * K >> 60) & 0xFFFF])
        return v

    def chance(self, b: int, depth: int, prob: float) -> float:
        if depth <= 0 or prob < PROB_CUTOFF:
            return self.evaluate(b)
        key = (b, depth)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        # empty cells, lowest first: a nibble is zero when none of its four bits is set
        z = ~(b | (b >> 1) | (b >> 2) | (b >> 3)) & 0x1111111111111111
        if not z:
            return self.evaluate(b)
        cells = []
        while z:
            low = z & -z
            cells.append(low.bit_length() - 1)
            z ^= low
        n = len(cells)
        p1 = prob * 0.9 / n
        p2 = prob * 0.1 / n
        total = 0.0
        best = self.best
        for shift in cells:
            total += 0.9 * best(b | (1 << shift), depth, p1) + 0.1 * best(b | (2 << shift), depth, p2)
        value = total / n
        self.cache[key] = value
        return value

    def best(self, b: int, depth: int, prob: float) -> float:
        best = 0.0
        chance = self.chance
        for nb in _after_moves(b):
            v = chance(nb, depth - 1, prob)
            if v > best:
                best = v
        return best


def depth_for(b: int) -> int:
    """Search depth in moves: shallow while the board is open (the chance nodes are wide and
    nothing is at stake), deeper as it fills up, deepest when big tiles meet a full board: the
    losses measured with a flatter schedule all came at that point, one merge short of the pig."""
    empty = sum(1 for i in range(0, 64, 4) if not (b >> i) & 0xF)
    top = max((b >> i) & 0xF for i in range(0, 64, 4))
    if empty >= 8:
        return 2
    if empty >= 4:
        return 3
    if empty == 3:
        return 4 if top >= 11 else 3
    return 5 if (top >= 11 and empty <= 1) else 4


def choose(b: int, depth: int | None = None) -> str | None:
    """The bot's move for packed board ``b``, or None when nothing moves."""
    depth = depth_for(b) if depth is None else depth
    search = _Search(depth)
    best, best_value = None, -1.0
    for m in MOVES:
        nb, _ = move(b, m)
        if nb == b:
            continue
        v = search.chance(nb, depth - 1, 1.0)
        if v > best_value:
            best, best_value = m, v
    return best


@dataclass(frozen=True)
class BotGame:
    """A game the par bot played, with the seconds it took (the published par is ``games.zodiac.Par``)."""

    moves: str
    state: str
    top: int
    score: int
    seconds: float

    def to_dict(self) -> dict[str, object]:
        """The game itself, without the clock: the same date gives the same output (the seconds
        are printed apart, by ``zodiac par --timings``)."""
        return {"moves": self.moves, "state": self.state, "top": self.top, "score": self.score}


def play(game: Game, max_moves: int = 20000, clock: Callable[[], float] = time.perf_counter,
         depth: int | None = None) -> BotGame:
    """Play ``game`` to its end (won or over); the seeded spawns happen as they happen.
    ``depth`` fixes the search depth (1 is the quick bot); None adapts it to the board."""
    t0 = clock()
    letters: list[str] = []
    while game.state not in (WON,) and len(letters) < max_moves:
        m = choose(game.board, depth)
        if m is None:
            break
        game.apply(m)
        letters.append(m)
        if game.state != "playing":
            break
    res = game.result()
    return BotGame("".join(letters), res.state, res.top, res.score, round(clock() - t0, 3))


def par(date: _dt.date, strength: str = "full") -> BotGame:
    """The day's par: ``full`` is the adaptive expectimax bot; ``quick`` looks one move ahead
    (well under a second, for bulk rebuilds)."""
    return play(Game.for_date(date), depth=1 if strength == "quick" else None)
