"""The zodiac par bot: an expectimax player whose result on the day's real game is the par.

Chance nodes average over every empty cell and both spawn ranks with their protocol weights
(rat 0.9, ox 0.1); the bot never looks at the seeded RNG's next draw. The evaluation is a sum of
per-row scores read from a table built once (empty cells, merges on offer, monotonic rows and
columns, big tiles kept to one side), applied to the four rows and, through a transpose, the
four columns: the approach of the strong 2048 engines, with their published weights.
Search depth adapts: deeper when few cells are empty, where the chance nodes are small.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from ..engine.zodiac import MOVES, WON, Game, move, transpose

LOST_PENALTY = 200000.0
MONOTONICITY_POWER = 4.0
MONOTONICITY_WEIGHT = 47.0
SUM_POWER = 3.5
SUM_WEIGHT = 11.0
MERGES_WEIGHT = 700.0
EMPTY_WEIGHT = 270.0
PROB_CUTOFF = 0.0001


@lru_cache(maxsize=1)
def _heuristic_table() -> list[float]:
    table = [0.0] * 65536
    for row in range(65536):
        line = [(row >> (4 * i)) & 0xF for i in range(4)]
        total = 0.0
        empty = merges = 0
        prev = 0
        counter = 0
        for rank in line:
            total += rank ** SUM_POWER
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
        for i in range(1, 4):
            a, b = line[i - 1], line[i]
            if a > b:
                mono_left += a ** MONOTONICITY_POWER - b ** MONOTONICITY_POWER
            else:
                mono_right += b ** MONOTONICITY_POWER - a ** MONOTONICITY_POWER
        table[row] = (LOST_PENALTY + EMPTY_WEIGHT * empty + MERGES_WEIGHT * merges
                      - MONOTONICITY_WEIGHT * min(mono_left, mono_right) - SUM_WEIGHT * total)
    return table


def evaluate(b: int) -> float:
    h = _heuristic_table()
    t = transpose(b)
    return (h[b & 0xFFFF] + h[(b >> 16) & 0xFFFF] + h[(b >> 32) & 0xFFFF] + h[b >> 48]
            + h[t & 0xFFFF] + h[(t >> 16) & 0xFFFF] + h[(t >> 32) & 0xFFFF] + h[t >> 48])


def _empties(b: int) -> list[int]:
    return [i for i in range(16) if not (b >> (4 * i)) & 0xF]


def _distinct(b: int) -> int:
    seen = 0
    for i in range(16):
        seen |= 1 << ((b >> (4 * i)) & 0xF)
    return (seen >> 1).bit_count()


class _Search:
    def __init__(self, depth: int):
        self.depth = depth
        self.cache: dict[tuple[int, int], float] = {}
        self.evals = 0

    def chance(self, b: int, depth: int, prob: float) -> float:
        if depth <= 0 or prob < PROB_CUTOFF:
            self.evals += 1
            return evaluate(b)
        key = (b, depth)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        cells = _empties(b)
        if not cells:
            return evaluate(b)
        n = len(cells)
        p1 = prob * 0.9 / n
        p2 = prob * 0.1 / n
        total = 0.0
        for c in cells:
            shift = 4 * c
            total += 0.9 * self.best(b | (1 << shift), depth, p1)
            total += 0.1 * self.best(b | (2 << shift), depth, p2)
        value = total / n
        self.cache[key] = value
        return value

    def best(self, b: int, depth: int, prob: float) -> float:
        best = 0.0
        for m in MOVES:
            nb, _ = move(b, m)
            if nb != b:
                v = self.chance(nb, depth - 1, prob)
                if v > best:
                    best = v
        return best


def depth_for(b: int) -> int:
    """Search depth in moves: more when few cells are empty or many ranks are in play."""
    empty = len(_empties(b))
    if empty >= 8:
        return 1
    if empty >= 4:
        return 2
    return 3 if _distinct(b) < 11 or empty >= 2 else 4


def choose(b: int, depth: int | None = None) -> str | None:
    """The bot's move for packed board ``b``, or None when nothing moves."""
    depth = depth_for(b) if depth is None else depth
    search = _Search(depth)
    best, best_value = None, -1.0
    for m in MOVES:
        nb, _ = move(b, m)
        if nb == b:
            continue
        v = search.chance(nb, depth - 1, 1.0) if depth > 1 else evaluate(nb)
        if v > best_value:
            best, best_value = m, v
    return best


@dataclass(frozen=True)
class Par:
    moves: str
    state: str
    top: int
    score: int
    seconds: float

    def to_dict(self) -> dict:
        return {"moves": self.moves, "state": self.state, "top": self.top, "score": self.score,
                "seconds": self.seconds}


def play(game: Game, max_moves: int = 20000, clock=time.perf_counter) -> Par:
    """Play ``game`` to its end (won or over); the seeded spawns happen as they happen."""
    t0 = clock()
    letters = []
    while game.state not in (WON,) and len(letters) < max_moves:
        m = choose(game.board)
        if m is None:
            break
        game.apply(m)
        letters.append(m)
        if game.state != "playing":
            break
    res = game.result()
    return Par("".join(letters), res.state, res.top, res.score, round(clock() - t0, 3))


def par(date: str) -> Par:
    return play(Game.for_date(date))
