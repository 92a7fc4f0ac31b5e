"""Zodiac merge's rule-page figure as a drawing, from the data the engine computed
(engine/zodiac/figures.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....engine.zodiac.figures import MoveFigure
from ...model import Drawing, Line, Polygon, Primitive, RoundRect, Text, place
from ...palette import ACCENT, FIGURE_MUTED, FIGURE_PAPER, INK
from ..base import Drawer, FigureDrawing
from .art import ZODIAC_SIZE, zodiac_tile
from .sheets import BOARD_BACK


def _zodiac_row(row: Sequence[int], x0: float, y0: float, s: float) -> list[Primitive]:
    items: list[Primitive] = [RoundRect(x0 - 6, y0 - 6, 4 * ZODIAC_SIZE * s + 12, ZODIAC_SIZE * s + 12, 10,
                                        fill=BOARD_BACK)]
    for i, rank in enumerate(row):
        items += place(zodiac_tile(rank), x0 + i * ZODIAC_SIZE * s, y0, s)
    return items


def zodiac_move(data: MoveFigure) -> Drawing:
    s = 1.0
    row_w = 4 * ZODIAC_SIZE * s
    items = _zodiac_row(data.before, 16, 40, s)
    ax = 16 + row_w + 24
    items += [Line(((ax, 70), (ax + 70, 70)), INK, 4),
              Polygon(((ax + 82, 70), (ax + 66, 60), (ax + 66, 80)), fill=INK),
              Text(ax + 38, 40, "←" if data.move == "L" else "→", 22, FIGURE_MUTED),
              Text(ax + 38, 100, f"+{data.score}점", 18, ACCENT)]
    items += _zodiac_row(data.after, ax + 110, 40, s)
    items += [Text(16 + row_w / 2, 18, "민 전", 16, FIGURE_MUTED), Text(ax + 110 + row_w / 2, 18, "민 뒤", 16, FIGURE_MUTED)]
    return Drawing(ax + 110 + row_w + 16, 120, tuple(items), background=FIGURE_PAPER)


FIGURES: Mapping[str, Drawer] = {"zodiac-move": FigureDrawing(MoveFigure, zodiac_move)}
