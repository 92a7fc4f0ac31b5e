"""Shisen-sho as a game of the day: every offered level's layout, each with its proof."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.errors import CheckFailed, InputError
from ...engine.shisen.board import Layout, layout_from_dict, layout_to_dict
from ...engine.shisen.game import replay
from ..shisen import generate
from .base import Piece, Settings


@dataclass(frozen=True)
class ShisenPart:
    """The day's layouts by level ("easy", "normal", "hard"), in the order they are offered."""

    layouts: Mapping[str, Layout]


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


class Shisen:
    name = "shisen"
    script = "shisen.js"
    piece_kinds: tuple[str, ...] = ("shisen",)

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return [("shisen", date.isoformat(), settings.size, level) for level in settings.difficulties]

    def piece_cost(self, piece: Piece) -> float:
        return 1.0

    def make_piece(self, piece: Piece) -> dict[str, Any]:
        _, date, size, level = piece
        return layout_to_dict(generate(date, size, level))

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Any]) -> ShisenPart:
        return self.part_from_json({p[3]: made[p] for p in self.pieces(date, settings)}, date)

    def verify(self, date: _dt.date, part: ShisenPart) -> None:
        for level, layout in part.layouts.items():
            fault = order_fault(layout)
            if fault is not None:
                raise CheckFailed(f"{date} shisen {level}: the published order does not clear the board{fault}")

    def part_to_json(self, part: ShisenPart) -> dict[str, Any]:
        return {level: layout_to_dict(layout) for level, layout in part.layouts.items()}

    def part_from_json(self, data: Any, date: _dt.date) -> ShisenPart:
        if not isinstance(data, dict) or not data:
            raise InputError("shisen: expected the layouts by level")
        return ShisenPart({level: layout_from_dict(d, source=f"{date} shisen {level}") for level, d in data.items()})
