"""Shisen-sho as a game of the day: every offered level's layout, each with its proof
(:mod:`.layouts` deals and grades them; :mod:`.examples` checks the rule page's worked examples)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from ....engine.errors import CheckFailed, InputError
from ....engine.shisen import parse_any
from ....engine.shisen.board import FORMAT, Layout, ShisenPart, layout_from_dict, layout_to_dict
from ....engine.shisen.figures import KINDS as FIGURES
from ....engine.shisen.game import replay
from ....engine.shisen.names import LEVELS_KO
from ..base import Game, Json, Option, Piece, Settings
from .examples import EXAMPLES
from .layouts import DEFAULT_SIZE, DIFFICULTIES, GENERATOR_VERSION, PRESETS, deal, generate, parse_size


def order_fault(layout: Layout) -> str | None:
    """None when the layout's published removal order clears its board: that order is the proof
    it can be solved (the solver found it). Otherwise what to add to the complaint: the engine's
    error in brackets, or "" when the order only leaves tiles behind."""
    try:
        if layout.solution and replay(layout.board, layout.solution).is_empty():
            return None
    except InputError as e:
        return f" ({e})"
    return ""


def layout_fault(data: Json, date: _dt.date, size: str, level: str) -> str | None:
    """Why a layout kept ahead is not the generator's own for ``date``, ``size`` and ``level``, or
    None: it is dealt again from its attempt (cheap) and its removal order replayed; its measures
    are taken as kept (the same generator version gives the same figures)."""
    try:
        layout = layout_from_dict(data, source=f"kept {level} layout")
        attempt = (layout.difficulty or {}).get("attempt")
        if not isinstance(attempt, int) or isinstance(attempt, bool) or attempt < 1:
            return f"its {level} layout names no attempt"
        width, height = parse_size(size)
        board, seed = deal(date, width, height, PRESETS[level], attempt)
        if layout.seed != seed or layout.board != board or layout.date != date:
            return f"its {level} layout is not the generator's deal for {date}"
        if (layout.difficulty or {}).get("preset") != level:
            return f"its {level} layout is graded as {(layout.difficulty or {}).get('preset')!r}"
        fault = order_fault(layout)
        if fault is not None:
            return f"its {level} layout's order does not clear it{fault}"
    except InputError as e:
        return f"its {level} layout does not read ({e})"
    return None


class Shisen(Game[ShisenPart, Layout]):
    name = "shisen"
    part_type = ShisenPart
    version = GENERATOR_VERSION
    options = (
        Option("difficulties", DIFFICULTIES, DIFFICULTIES, many=True,  # the levels offered, a layout each
               help=f"Shisen-sho levels offered, a layout each ({', '.join(LEVELS_KO)})"),
        Option("size", DEFAULT_SIZE, (DEFAULT_SIZE,)),  # the day's board (the page and sheets are drawn for it)
    )
    file_format = FORMAT  # a board file: this JSON, or the text form (any file no other game claims)
    figures = FIGURES
    examples = EXAMPLES

    def read_file(self, text: str, data: Json | None, source: str) -> Layout:
        return parse_any(text, source=source) if data is None else layout_from_dict(data, source=source)

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        size = settings.text(self.name, "size")
        return [Piece(self.name, date, (size, level)) for level in settings.items(self.name, "difficulties")]

    def piece_cost(self, piece: Piece) -> float:
        return 1.0

    def make_piece(self, piece: Piece) -> Json:
        size, level = piece.args
        return layout_to_dict(generate(piece.day, size, level))

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return self.pieces(date, settings)  # each layout is dealt, proved and graded: seconds

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        size, level = piece.args
        return layout_fault(made, piece.day, size, level)

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> ShisenPart:
        return self.part_from_json({p.args[1]: made[p] for p in self.pieces(date, settings)}, date)

    def verify(self, date: _dt.date, part: ShisenPart) -> None:
        for level, layout in part.layouts.items():
            fault = order_fault(layout)
            if fault is not None:
                raise CheckFailed(f"{date} shisen {level}: the published order does not clear the board{fault}")

    def part_to_json(self, part: ShisenPart) -> Json:
        return {level: layout_to_dict(layout) for level, layout in part.layouts.items()}

    def part_from_json(self, data: Json, date: _dt.date) -> ShisenPart:
        if not isinstance(data, dict) or not data:
            raise InputError("shisen: expected the layouts by level")
        order = {level: i for i, level in enumerate(LEVELS_KO)}  # the file's keys are sorted: the levels' own order
        levels = sorted(data, key=lambda lv: (order.get(lv, len(order)), lv))
        return ShisenPart({level: layout_from_dict(data[level], source=f"{date} shisen {level}") for level in levels})


GAME = Shisen()
