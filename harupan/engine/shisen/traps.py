"""Fatal first moves: legal opening pairs after which the board can no longer be cleared.

Proved, not sampled: each opening pair is removed and the rest handed to the exact solver. Most
need no search. Removing a pair only empties cells, so a pair that some full solution removes
(at any point) can be removed first and that solution still works after it. Every solution
found along the way, the board's own and each opening's, therefore clears all the openings it
pairs up at once, and the solves share one memo of positions proved to fail.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Pair
from .game import legal_pairs, remove_pair
from .solver import SOLVED, UNSOLVABLE, solve


@dataclass(frozen=True)
class Openings:
    total: int  # legal first moves
    fatal: int  # proved to leave an unsolvable board
    undecided: int  # the solver ran out of budget

    @property
    def fatal_share(self) -> float:
        return self.fatal / self.total if self.total else 0.0


def openings(board: Board, solution: tuple[Pair, ...], budget: int | None = None,
             retry: tuple[int, ...] = (), *, give_up: bool = False) -> Openings:
    """Classify every legal first move of a solvable ``board`` whose full ``solution`` is known.

    Each first move no solution covers is handed to the solver within ``budget`` nodes (None: the
    solver's default for the board's size); those
    it leaves undecided are tried again within each budget of ``retry`` in turn (only those: a
    verdict is a fact, and the solutions found and failures proved on the way are kept, so a
    move a later solution covers needs no second search). With ``give_up``, the last pass stops
    at the first move it leaves undecided (a caller that drops such a board needs no more; the
    counts are then partial, ``undecided`` at least 1)."""
    safe = {frozenset(p) for p in solution}
    memo: dict[frozenset[int], None] = {}  # ordered: the solves read it in a defined order
    fatal = 0
    pairs = legal_pairs(board)
    left = list(pairs)
    budgets = (budget, *retry)
    for i, nodes in enumerate(budgets):
        last = i == len(budgets) - 1
        undecided: list[Pair] = []
        for pair in left:
            if frozenset(pair) in safe:
                continue
            result = solve(remove_pair(board, pair), nodes, memo)
            if result.status == SOLVED and result.solution is not None:
                safe.update(frozenset(p) for p in result.solution)
            elif result.status == UNSOLVABLE:
                fatal += 1
            else:
                undecided.append(pair)
                if last and give_up:
                    return Openings(len(pairs), fatal, len(undecided))
        left = [p for p in undecided if frozenset(p) not in safe]  # a later solution may cover one
        if not left:
            break
    return Openings(len(pairs), fatal, len(left))
