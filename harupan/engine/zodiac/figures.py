"""Zodiac merge's rule-page figure as the engine computes it (engine/figures.py): one row pushed
left or right, before and after, with the points the move scores.

* ``zodiac-move``: ``row`` (4 ranks), ``move`` L or R, ``expect`` {row: [4 ranks], score: n}.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..figures import FigureKind, FigureProblem, Spec
from .rules import move, pack, unpack


@dataclass(frozen=True)
class MoveFigure:
    before: tuple[int, ...]
    after: tuple[int, ...]
    move: str  # "L" or "R"
    score: int


def move_figure(spec: Spec) -> MoveFigure:
    row, letter, expect = spec["row"], spec["move"], spec["expect"]
    if not isinstance(row, list) or len(row) != 4 or not all(isinstance(v, int) and 0 <= v <= 12 for v in row):
        raise FigureProblem("row", "expected four ranks 0-12")
    if letter not in ("L", "R"):
        raise FigureProblem("move", "expected L or R")
    new, score = move(pack(row + [0] * 12), str(letter))
    after = unpack(new)[:4]
    if not isinstance(expect, dict) or set(expect) != {"row", "score"}:
        raise FigureProblem("expect", "expected {row: [...], score: n}")
    if expect["row"] != after or expect["score"] != score:
        raise FigureProblem("expect", f"says {expect['row']} scoring {expect['score']}, "
                                      f"but the engine gives {after} scoring {score}")
    return MoveFigure(tuple(row), tuple(after), str(letter), score)


KINDS = (FigureKind("zodiac-move", frozenset({"row", "move", "expect"}), frozenset(), move_figure),)
