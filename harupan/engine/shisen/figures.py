"""Shisen-sho's rule-page figures as the engine computes them (engine/figures.py): a path between
two tiles on a small board, drawn as the engine finds it, and a row of tiles with their names.

* ``shisen-path``: ``board`` (text form), ``pair`` [[x, y], [x, y]], ``expect`` {bends: 0|1|2}
  or ``unreachable``; optional ``easy``.
* ``shisen-tiles``: ``tiles`` (codes); ``expect`` {labels: [Korean labels]}; optional ``easy``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import InputError
from ..figures import FigureKind, FigureProblem, Spec
from .board import Board, Pair, Point, parse_text
from .game import path_between
from .names import TILE_NAMES_KO
from .tiles import check_code


@dataclass(frozen=True)
class PathFigure:
    """A small board, the pair ringed, and the engine's path between them (None: no legal path)."""

    board: Board
    pair: Pair
    path: tuple[Point, ...] | None
    easy: bool


@dataclass(frozen=True)
class TilesFigure:
    """Tiles side by side, each in the art the page shows (``easy``: with its name)."""

    tiles: tuple[str, ...]
    easy: bool


@dataclass(frozen=True)
class DifficultyRecord:
    """A worked example's record of one real layout's measures (the ``shisen-difficulty`` example
    kind, checked by the generator that published them): the page quotes them as the day page does."""

    day: _dt.date
    width: int
    height: int
    level: str
    difficulty: Mapping[str, object]  # exactly the figures its line shows, and the generator version


def _pair(v: object) -> Pair:
    if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(p, list) and len(p) == 2
                                                          and all(isinstance(i, int) for i in p) for p in v)):
        raise FigureProblem("pair", f"expected [[x, y], [x, y]], got {v!r}")
    (ax, ay), (bx, by) = v
    return (ax, ay), (bx, by)


def path_figure(spec: Spec) -> PathFigure:
    if not isinstance(spec["board"], str):
        raise FigureProblem("board", "expected the board's text form")
    try:
        board = parse_text(spec["board"])
    except InputError as e:
        raise FigureProblem("board", str(e)) from None
    a, b = _pair(spec["pair"])
    for p in (a, b):
        if not board.contains(p) or board[p] is None:
            raise FigureProblem("pair", f"{list(p)} is not a tile on the board")
    if board[a] != board[b]:
        raise FigureProblem("pair", f"{board[a]} and {board[b]} are different tiles")
    path = path_between(board, a, b)
    expect = spec["expect"]
    if expect == "unreachable":
        if path is not None:
            raise FigureProblem("expect", f"says unreachable, but the engine joins them with {len(path) - 2} bend(s)")
    elif isinstance(expect, dict) and set(expect) == {"bends"} and expect["bends"] in (0, 1, 2):
        if path is None:
            raise FigureProblem("expect", f"says {expect['bends']} bend(s), but the engine finds no legal path")
        if len(path) - 2 != expect["bends"]:
            raise FigureProblem("expect", f"says {expect['bends']} bend(s), but the engine's path has {len(path) - 2}")
    else:
        raise FigureProblem("expect", "expected {bends: 0|1|2} or unreachable")
    return PathFigure(board, (a, b), tuple(path) if path else None, bool(spec.get("easy")))


def tiles_figure(spec: Spec) -> TilesFigure:
    codes = spec["tiles"]
    if not isinstance(codes, list) or not codes:
        raise FigureProblem("tiles", "expected a list of tile codes")
    try:
        checked = tuple(check_code(str(c)) for c in codes)
    except InputError as e:
        raise FigureProblem("tiles", str(e)) from None
    expect = spec["expect"]
    labels = [TILE_NAMES_KO[c] for c in checked]
    if not isinstance(expect, dict) or set(expect) != {"labels"}:
        raise FigureProblem("expect", "expected {labels: [...]}")
    if expect["labels"] != labels:
        raise FigureProblem("expect", f"says labels {expect['labels']}, but the tiles are {labels}")
    return TilesFigure(checked, bool(spec.get("easy")))


KINDS = (FigureKind("shisen-path", frozenset({"board", "pair", "expect"}), frozenset({"easy"}), path_figure),
         FigureKind("shisen-tiles", frozenset({"tiles", "expect"}), frozenset({"easy"}), tiles_figure))
