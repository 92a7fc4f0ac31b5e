"""사색패's rule-page figure as a drawing, from the data the engine computed (engine/cards/figures.py)."""

from __future__ import annotations

from collections.abc import Mapping

from ....engine.cards.figures import HandFigure, MeldGroup
from ...model import Drawing, Primitive, Text, Use
from ...palette import ACCENT, FIGURE_MUTED, FIGURE_PAPER, INK
from ..base import Drawer, FigureDrawing
from .art import card_face

CARD_SCALE = 0.75  # the rule page's cards: the day's card art at 30 x 72
CARDS_ROW = 540.0  # the widest row of cards: narrow enough to stay legible scaled to a phone


def _card(code: str, x: float, y: float) -> list[Primitive]:
    return [Use(card_face(code), x, y, CARD_SCALE)]


def _text_width(text: str, size: float) -> float:
    """A generous estimate of a line's width: Hangul and Hanja a full em, anything else about half."""
    return sum(size if ord(c) > 0x2E80 else size * 0.6 for c in text)


def cards_hand(data: HandFigure) -> Drawing:
    """The hand split into the melds of its best scoring, each with its points; or the bare hand.
    Rows wrap at :data:`CARDS_ROW`; a group longer than a row goes on over the next rows."""
    items: list[Primitive] = []
    x, y = 12.0, 32.0
    groups = data.melds or (MeldGroup("족보로 다 묶이지 않는 손", data.hand, None),)
    per_row = int((CARDS_ROW - 12) // 32)
    row_w = 0.0
    for g in groups:
        chunks = [g.cards[i:i + per_row] for i in range(0, len(g.cards), per_row)]
        for ci, chunk in enumerate(chunks):
            cw = len(chunk) * 32 - 2
            label = g.label if ci == 0 else ""
            gw = max(cw, _text_width(label, 13))  # a label wider than its cards gets room of its own
            if x + gw > CARDS_ROW and x > 12:
                x, y = 12.0, y + 144
            cx = x + (gw - cw) / 2
            for i, card in enumerate(chunk):
                items += _card(card, cx + i * 32, y)
            if label:
                items.append(Text(x + gw / 2, y - 15, label, 13, FIGURE_MUTED))
            if g.points is not None and ci == len(chunks) - 1:
                items.append(Text(x + gw / 2, y + 92, f"{g.points}점", 15, ACCENT if g.points else FIGURE_MUTED))
            x += gw + 22
            row_w = max(row_w, x)
    total = data.points
    y += 134
    items.append(Text(12, y, f"합계 {total}점" if total is not None else "모든 카드를 족보로 묶을 수는 없습니다",
                      18, INK, align="start"))
    return Drawing(max(row_w, 300) + 12, y + 24, tuple(items), background=FIGURE_PAPER)


FIGURES: Mapping[str, Drawer] = {"cards-hand": FigureDrawing(HandFigure, cards_hand)}
