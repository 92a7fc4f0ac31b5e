"""A Shisen-sho layout as a value, with its text and JSON forms (docs/design.md, "Shisen-sho rules and tile codes"; docs/shisen-format.md).

Text form: one line per row, cells separated by one space, ``..`` for an empty cell.
JSON form ``harupan/shisen@1``: width, height, cells (rows of code or null), and optionally date,
seed, solution (a full removal order) and difficulty.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dates import parse_date
from ..errors import InputError
from ..schema import LAYOUT_HEADER, check, load_json
from .tiles import check_code

FORMAT = "harupan/shisen@1"
EMPTY = ".."

Point = tuple[int, int]
Pair = tuple[Point, Point]

MAX_SIDE = 40


@dataclass(frozen=True)
class Board:
    """Cells are ``cells[y][x]``: a tile code or ``None`` for an empty cell."""

    width: int
    height: int
    cells: tuple[tuple[str | None, ...], ...]

    def __post_init__(self) -> None:
        if not (1 <= self.width <= MAX_SIDE and 1 <= self.height <= MAX_SIDE):
            raise InputError(f"board size {self.width}x{self.height} is outside 1..{MAX_SIDE} on a side")
        if len(self.cells) != self.height or any(len(r) != self.width for r in self.cells):
            raise InputError("cells do not match width and height")

    def __getitem__(self, p: Point) -> str | None:
        x, y = p
        return self.cells[y][x]

    def tiles(self) -> list[tuple[Point, str]]:
        """Occupied cells in row-major order."""
        return [((x, y), c) for y, row in enumerate(self.cells) for x, c in enumerate(row) if c is not None]

    def count(self) -> int:
        return sum(c is not None for row in self.cells for c in row)

    def is_empty(self) -> bool:
        return self.count() == 0

    def with_cells(self, changes: dict[Point, str | None]) -> Board:
        rows = [list(r) for r in self.cells]
        for (x, y), c in changes.items():
            rows[y][x] = c
        return Board(self.width, self.height, tuple(tuple(r) for r in rows))

    def check_pairs(self) -> None:
        """Every kind must appear an even number of times, or the board can never be cleared."""
        counts = Counter(c for _, c in self.tiles())
        odd = sorted(k for k, n in counts.items() if n % 2)
        if odd:
            k = odd[0]
            n = counts[k]
            raise InputError(f"tile {k!r} appears {n} time{'s' if n != 1 else ''}; "
                             "every kind must appear an even number of times")

    def contains(self, p: Point) -> bool:
        return 0 <= p[0] < self.width and 0 <= p[1] < self.height


@dataclass(frozen=True)
class Layout:
    """A board plus what the JSON form carries about it."""

    board: Board
    date: _dt.date | None = None
    seed: str | None = None
    solution: tuple[Pair, ...] | None = None
    difficulty: dict[str, Any] | None = field(default=None, compare=False)  # Any: a JSON object of measures,
    # checked at the edge by engine/schema.py (LAYOUT_HEADER)


@dataclass(frozen=True)
class ShisenPart:
    """A day's layouts by level ("easy", "normal", "hard"), in the order they are offered (as
    read back from a day's ``puzzle.json``: its keys' order)."""

    layouts: Mapping[str, Layout]


# ---------------------------------------------------------------- text form

def parse_text(text: str, *, source: str | None = None) -> Board:
    lines = [ln.strip() for ln in text.strip("\n").splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines:
        raise InputError("empty board: expected one line per row of tile codes", source=source)
    rows: list[tuple[str | None, ...]] = []
    width = len(lines[0].split())
    for y, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) != width:
            raise InputError(f"row {y + 1} has {len(tokens)} cells, row 1 has {width} (ragged rows)", source=source)
        row: list[str | None] = []
        for x, tok in enumerate(tokens):
            if tok == EMPTY:
                row.append(None)
                continue
            try:
                row.append(check_code(tok))
            except InputError as e:
                raise InputError(f"row {y + 1}, column {x + 1}: {e}", source=source) from None
        rows.append(tuple(row))
    try:
        board = Board(width, len(rows), tuple(rows))
        board.check_pairs()
    except InputError as e:
        raise InputError(str(e), source=source) from None
    return board


def format_text(board: Board) -> str:
    return "".join(" ".join(EMPTY if c is None else c for c in row) + "\n" for row in board.cells)


# ---------------------------------------------------------------- JSON form

def _point(v: Any, where: str) -> Point:
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(i, int) and not isinstance(i, bool) for i in v)):
        return (v[0], v[1])
    raise InputError(f"{where}: expected [x, y], got {json.dumps(v)}")


def _check_step(board: Board, a: Point, b: Point, used: set[Point], step: int) -> None:
    """A solution step names two distinct tiles of one kind on the board, each used once (a
    step off the board or onto an empty cell would draw a wrong answer key)."""
    for p in (a, b):
        if not board.contains(p):
            raise InputError(f"solution step {step}: {_show_point(p)} is outside the {board.width}x{board.height} board")
        if board[p] is None:
            raise InputError(f"solution step {step}: {list(p)} is an empty cell")
        if p in used or a == b:
            raise InputError(f"solution step {step}: {list(p)} is taken twice")
    if board[a] != board[b]:
        raise InputError(f"solution step {step}: {list(a)} and {list(b)} are different tiles")
    used.update((a, b))


def _show_point(p: Point) -> str:
    return "[" + ", ".join(str(v) if abs(v) < 10**9 else f"a {len(str(abs(v)))}-digit number" for v in p) + "]"


def layout_from_dict(data: Any, *, source: str | None = None) -> Layout:  # Any: JSON as parsed, checked here key by key
    try:
        if not isinstance(data, dict):
            kind = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}.get(type(data), "a number")
            raise InputError(f"expected a {FORMAT} JSON object ({{\"format\": ..., \"cells\": [rows]}}), got {kind}")
        if data.get("format") != FORMAT:
            raise InputError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
        cells = data.get("cells")
        if not isinstance(cells, list) or not cells or not all(isinstance(r, list) for r in cells):
            raise InputError("cells must be a non-empty list of rows")
        width = len(cells[0])
        rows = []
        for y, r in enumerate(cells):
            if len(r) != width:
                raise InputError(f"row {y + 1} has {len(r)} cells, row 1 has {width} (ragged rows)")
            row: list[str | None] = []
            for x, c in enumerate(r):
                if c is None:
                    row.append(None)
                elif isinstance(c, str):
                    try:
                        row.append(check_code(c))
                    except InputError as e:
                        raise InputError(f"row {y + 1}, column {x + 1}: {e}") from None
                else:
                    raise InputError(f"row {y + 1}, column {x + 1}: expected a tile code or null, got {json.dumps(c)}")
            rows.append(tuple(row))
        for key in ("width", "height"):
            if key in data and data[key] != (width if key == "width" else len(rows)):
                raise InputError(f"{key} is {data[key]!r} but cells say {width if key == 'width' else len(rows)}")
        board = Board(width, len(rows), tuple(rows))
        board.check_pairs()
        check(data, LAYOUT_HEADER, "layout")
        solution = None
        if data.get("solution") is not None:
            sol = data["solution"]
            if not isinstance(sol, list):
                raise InputError("solution must be a list of pairs")
            pairs = []
            used: set[Point] = set()
            for i, pr in enumerate(sol):
                if not isinstance(pr, list) or len(pr) != 2:
                    raise InputError(f"solution step {i + 1}: expected [[x, y], [x, y]]")
                a, b = _point(pr[0], f"solution step {i + 1}"), _point(pr[1], f"solution step {i + 1}")
                _check_step(board, a, b, used, i + 1)
                pairs.append((a, b))
            solution = tuple(pairs)
        date = parse_date(data["date"], what="layout date") if data.get("date") is not None else None
        return Layout(board, date, data.get("seed"), solution, data.get("difficulty"))
    except InputError as e:
        raise InputError(str(e), source=source) from None


def layout_to_dict(layout: Layout) -> dict[str, Any]:  # Any: a JSON object, written as the format says
    b = layout.board
    out: dict[str, Any] = {"format": FORMAT}
    if layout.date is not None:
        out["date"] = layout.date.isoformat()
    if layout.seed is not None:
        out["seed"] = layout.seed
    out["width"] = b.width
    out["height"] = b.height
    out["cells"] = [list(r) for r in b.cells]
    if layout.solution is not None:
        out["solution"] = [[list(a), list(c)] for a, c in layout.solution]
    if layout.difficulty is not None:
        out["difficulty"] = layout.difficulty
    return out


def format_json(layout: Layout) -> str:
    """Canonical JSON: one row of cells per line, so diffs of golden files stay readable."""
    d = layout_to_dict(layout)
    parts = []
    for k, v in d.items():
        if k == "cells":
            rows = ",\n    ".join(json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) for r in v)
            parts.append(f'  "cells": [\n    {rows}\n  ]')
        elif k == "solution":
            steps = ",\n    ".join(json.dumps(s, separators=(",", ":")) for s in v)
            parts.append(f'  "solution": [\n    {steps}\n  ]' if v else '  "solution": []')
        else:
            parts.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False, sort_keys=True)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def parse_json(text: str, *, source: str | None = None) -> Layout:
    return layout_from_dict(load_json(text, source=source), source=source)


def parse_any(text: str, *, source: str | None = None) -> Layout:
    """The text or the JSON form, detected by the first non-blank character (``[`` too: JSON that
    is not the object form is reported as JSON, not as a tile code)."""
    if text.lstrip().startswith(("{", "[")):
        return parse_json(text, source=source)
    return Layout(parse_text(text, source=source))
