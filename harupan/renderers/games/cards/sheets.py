"""사색패 손패 맞추기 on paper and as a picture: the hand, the puzzle page with boxes to write melds
in, and the answer key listing the one best arrangement, each meld named with its points."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence

from ....engine.cards import CONCEALED_POINTS, MELD_NAMES_KO, CARD_NAMES_KO
from ....engine.cards.puzzle import CardsPuzzle
from ...model import Drawing, Primitive, RoundRect, Text, Use
from ...palette import ACCENT, INK, MUTED, PAPER, RULE
from ...fonts import font
from ...sheets import (KEYS_BEHIND, LARGE_BOTTOM, LARGE_TILE, MARGIN, PAPERS, PrintOptions, block_height, day_ko,
                       footer_items, header_items, portrait, text_lines)
from .art import CARD_H, CARD_W, card_face, large_words, row_items

TITLE = "사색패 손패 맞추기"
HAND_KINDS = tuple(k for k in MELD_NAMES_KO if k != "joker")  # the melds a daily hand may hold: it has no joker
# What each meld holds, in plain words, once (the page and the sheets say it beside the name).
MELD_SHAPE = {"general": "將 한 장", "pair": "같은 카드 둘", "chi": "같은 색 將士象이나 車馬砲", "triple": "같은 카드 셋",
              "quad": "같은 카드 넷", "soldiers3": "색이 다른 卒 셋", "soldiers4": "네 색의 卒 넷"}


def meld_legend(kinds: tuple[str, ...] = HAND_KINDS) -> str:
    """Each meld of ``kinds`` by its name, what it holds and its points: 장(將 한 장) 1점, …"""
    return ", ".join(f"{MELD_NAMES_KO[k]}({MELD_SHAPE[k]}) {CONCEALED_POINTS[k]}점" for k in kinds)


def legend_line() -> str:
    """The day section's one line of every meld (the page shows it, the font subset holds it)."""
    return "묶음과 점수: " + meld_legend() + "."


CARDS_RULES = (
    "손에 든 21장을 모두 묶음으로 나누어, 점수가 가장 높게 되도록 맞춥니다.",
    meld_legend(("general", "pair", "triple")) + ",",
    meld_legend(("quad", "chi")) + ",",
    meld_legend(("soldiers3", "soldiers4")) + ".",
    "가장 높은 점수를 내는 길은 단 하나입니다.",
)


def legal_meld_kind(meld: Sequence[str]) -> str:
    """The kind of a meld known to be legal (the part's melds were proved by the engine), by its shape."""
    if len(meld) == 1:
        return "general"
    if len(set(meld)) == 1:
        return {2: "pair", 3: "triple", 4: "quad"}[len(meld)]
    if all(c[1] == "7" for c in meld):
        return "soldiers3" if len(meld) == 3 else "soldiers4"
    return "chi"


def meld_label(meld: Sequence[str]) -> str:
    kind = legal_meld_kind(meld)
    return f"{MELD_NAMES_KO[kind]} · {CONCEALED_POINTS[kind]}점"


def figures_text(part: CardsPuzzle) -> str:
    """The day's measured grade, in words a player meets."""
    f = part.figures
    return f"끝까지 맞추는 방법 {f.arrangements:,}가지 · 최고점에서 2점 안쪽 {f.near_best:,}가지 · 최고 {part.score}점"


def figures_note(part: CardsPuzzle) -> str:
    return (f"컴퓨터가 가능한 묶음을 빠짐없이 따져 본 값입니다(살펴본 경우 {part.figures.nodes:,}개). "
            "최고점을 내는 방법은 하나뿐입니다.")


def hand_drawing(hand: Sequence[str], per_row: int = 7) -> Drawing:
    """The hand in rows of ``per_row`` cards (three rows of seven for 21), in card units. Each
    card is a :class:`Use` of its face, so on the page it is a frame of the site's art sheet
    (``k-Y1`` … in the view's art) and in a PNG the same primitives drawn out."""
    gap, pad = 4.0, 8.0
    items: list[Primitive] = []
    rows = [hand[k:k + per_row] for k in range(0, len(hand), per_row)]
    for r, row in enumerate(rows):
        items += [Use(card_face(code), pad + k * (CARD_W + gap), pad + r * (CARD_H + 8), 1.0, CARD_NAMES_KO[code])
                  for k, code in enumerate(row)]
    w = 2 * pad + per_row * CARD_W + (per_row - 1) * gap
    h = 2 * pad + len(rows) * CARD_H + (len(rows) - 1) * 8
    return Drawing(w, h, tuple(items), background=PAPER)


def _hand_fixed(opts: PrintOptions, width: float, boxes: int, box_h: float) -> float:
    """The height of the hand page without its cards."""
    if not opts.large:
        return 440 + 3 * 40 + 30 + len(CARDS_RULES) * 66 + 30 + 50 + (boxes // 2) * (box_h + 22) + 50 + 160
    return (440 + 3 * 40 + 30 + block_height(opts, CARDS_RULES, 42, 66, width - 2 * MARGIN) + 30 + opts.step(44, 50)
            + (boxes // 2) * (box_h + 22) + 50 + opts.text(48) / 2 + LARGE_BOTTOM)


def _hand_scale(opts: PrintOptions, boxes: int, box_h: float) -> float:
    w, h = PAPERS[opts.paper]
    return min((w - 2 * MARGIN) / (7 * CARD_W + 6 * 6), (h - _hand_fixed(opts, w, boxes, box_h)) / (3 * CARD_H))


def _large_paper(opts: PrintOptions, scale: Callable[[PrintOptions], float]) -> PrintOptions:
    """Large print's paper for a page: the first of ``opts.papers()`` where ``scale`` draws the
    cards 14 mm wide or more (the last if none does)."""
    for paper in opts.papers():
        if scale(opts.on(paper)) * CARD_W >= LARGE_TILE:
            return opts.on(paper)
    return opts.on(opts.papers()[-1])


BOXES = 14  # room for every best arrangement the dealer makes (bench/cards.py counts the melds)
BOX_H = 110.0


def hand_page(part: CardsPuzzle, day: _dt.date | None, paper: str = "a4", large: bool = False) -> Drawing:
    """The puzzle page: the hand, the rules in brief, and boxes to write each meld and its points.
    ``large``: large print, on a larger paper where ``paper`` cannot hold the cards at 14 mm."""
    opts = PrintOptions(paper, large=large)
    if large:
        opts = _large_paper(opts, lambda o: _hand_scale(o, BOXES, BOX_H))
    frame = portrait(opts.paper)
    w, h = frame.width, frame.height
    items = header_items(frame, "하루 판 · " + TITLE, day_ko(day) if day else "", opts)
    boxes = BOXES
    box_w, box_h = (w - 2 * MARGIN - 40) / 2, BOX_H
    scale = _hand_scale(opts, boxes, box_h)
    words = large_words(scale) if large else 11.0
    pitch = (CARD_W + 6) * scale
    x0 = (w - (7 * pitch - 6 * scale)) / 2
    y = 440.0
    for r in range(3):
        items += row_items(part.hand[7 * r:7 * r + 7], x0, y, scale, gap=6, words=words)
        y += CARD_H * scale + 40
    y += 30
    lines, y = text_lines(opts, MARGIN, y, CARDS_RULES, 42, 66, INK, w - 2 * MARGIN)
    items += lines
    y += 30
    items.append(Text(MARGIN, y, "묶음을 적어 보세요 (카드와 점수)", opts.text(44), INK, align="start"))
    y += opts.step(44, 50)
    for k in range(boxes):
        bx = MARGIN + (k % 2) * (box_w + 40)
        by = y + (k // 2) * (box_h + 22)
        items += [RoundRect(bx, by, box_w, box_h, 14, stroke=RULE, width=3),
                  Text(bx + box_w - 30, by + box_h / 2, "점", opts.text(40), MUTED, align="end")]
    y += (boxes // 2) * (box_h + 22) + 50
    items.append(Text(MARGIN, y, "합계 ______ 점", opts.text(48), INK, align="start"))
    items += footer_items(frame, KEYS_BEHIND, opts)
    return Drawing(w, h, tuple(items))


def _answer_layout(part: CardsPuzzle, opts: PrintOptions) -> tuple[float, float, float]:
    """The answer key's card scale, the width of its step numbers' column and the height under its melds."""
    w, h = PAPERS[opts.paper]
    per_row = 2
    rows = (len(part.melds) + per_row - 1) // per_row
    col_w = (w - 2 * MARGIN) / per_row
    if opts.large:
        label_w = max(font("sans").width(meld_label(m), opts.text(38)) for m in part.melds) + 90  # a gap to the next column
        number_w = font("sans").width(f"{len(part.melds)}", opts.text(44)) + 40
        below = (40 + block_height(opts, [total_text(part), figures_text(part)], 44, 70, w - 2 * MARGIN)
                 + LARGE_BOTTOM)
    else:
        label_w = 360  # the widest label, 세 졸병 군단 · 1점, at size 38, with room to spare
        number_w, below = 70, 300
    scale = min(6.0 if opts.large else 4.5, (h - 460 - below) / max(rows, 1) / CARD_H - 0.5,
                (col_w - number_w - 24 - label_w) / (4 * (CARD_W + 4) - 4))
    return scale, number_w, below


def total_text(part: CardsPuzzle) -> str:
    return f"합계 {part.score}점: 이 점수를 내는 묶는 법은 이것 하나뿐입니다."


def answer_page(part: CardsPuzzle, day: _dt.date | None, paper: str = "a4", large: bool = False) -> Drawing:
    """The answer key: the one best arrangement, two melds a row, each named with its points, and the total."""
    opts = PrintOptions(paper, large=large)
    if large:
        opts = _large_paper(opts, lambda o: _answer_layout(part, o)[0])
    frame = portrait(opts.paper)
    w, h = frame.width, frame.height
    items = header_items(frame, "하루 판 · " + TITLE + " · 정답", day_ko(day) if day else "", opts)
    per_row = 2
    col_w = (w - 2 * MARGIN) / per_row
    scale, number_w, _ = _answer_layout(part, opts)
    words = large_words(scale) if large else 11.0
    y = 460.0
    for k, meld in enumerate(part.melds):
        x = MARGIN + (k % per_row) * col_w
        items.append(Text(x, y + CARD_H * scale / 2, f"{k + 1}", opts.text(44), MUTED, align="start"))
        items += row_items(meld, x + number_w, y, scale, gap=4, words=words)
        items.append(Text(x + number_w + (len(meld) * (CARD_W + 4) - 4) * scale + 24, y + CARD_H * scale / 2,
                          meld_label(meld), opts.text(38), INK, align="start"))
        if k % per_row == per_row - 1 or k == len(part.melds) - 1:
            y += CARD_H * scale + 40
    if not large:
        items += [Text(MARGIN, y + 40, total_text(part), 44, ACCENT, align="start"),
                  Text(MARGIN, y + 110, figures_text(part), 36, MUTED, align="start")]
    else:
        lines, y = text_lines(opts, MARGIN, y + 40, [total_text(part)], 44, 70, ACCENT, w - 2 * MARGIN)
        items += lines
        items += text_lines(opts, MARGIN, y, [figures_text(part)], 36, 70, MUTED, w - 2 * MARGIN)[0]
    return Drawing(w, h, tuple(items))


SPLIT_RULE = "21장을 모두 묶음으로 나누어 점수가 가장 높게 맞추세요. 최고점을 내는 길은 하나뿐입니다."


def key_panel(part: CardsPuzzle, per_row: int = 2) -> Drawing:
    """The answer key alone (``sheet --split``), in card units: the melds ``per_row`` a row,
    each numbered and named with its points, then the total; a newspaper column holds it at
    about 6 pt, where one meld a row drew it four times as tall as the hand."""
    size, gap = 20.0, 4.0
    number_w = font("sans").width(f"{len(part.melds)}", size) + 8
    widest = max((len(m) for m in part.melds), default=1)
    label_x = number_w + widest * (CARD_W + gap) + 8
    label_w = max((font("sans").width(meld_label(m), size) for m in part.melds), default=0.0)
    col_w = label_x + label_w + 24
    items: list[Primitive] = []
    y = 2.0
    for k, meld in enumerate(part.melds):
        x = (k % per_row) * col_w
        items.append(Text(x, y + CARD_H / 2, f"{k + 1}", size, MUTED, align="start"))
        items += row_items(meld, x + number_w, y, 1.0, gap=gap)
        items.append(Text(x + label_x, y + CARD_H / 2, meld_label(meld), size, INK, align="start"))
        if k % per_row == per_row - 1 or k == len(part.melds) - 1:
            y += CARD_H + 10
    items.append(Text(0, y + 14, f"합계 {part.score}점", size * 1.15, ACCENT, align="start"))
    return Drawing(per_row * col_w - 24, y + 30, tuple(items), background=None)
