"""사색패 손패 맞추기's drawing side: the hand picture, the print page with boxes to write melds in,
the answer key, its page section and what the browser module needs."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..cardart import CARD_H, CARD_W, COLOURS, card_face, row_items
from ..model import Drawing, Line, Primitive, RoundRect, Text, Use
from ..raster import png_bytes, render_image
from ..sheets import ACCENT, INK, MUTED, PAPERS, RULE, date_ko
from ..svg import render_svg
from .base import FilePages, Sheet, site_art

TITLE = "사색패 손패 맞추기"
# What the game, its print page and its answer key call each meld, and its points (the daily
# hand is all concealed). They are the names the rule page uses (content/rules/cards.yaml, and
# engine/cards/rules.py's Meld.name_ko for a concealed meld), so a reader matches the two;
# MELD_SHAPE says once, in plain words, what each holds. The renderers may not import the engine,
# so a meld of the part (proved legal by the engine before it is published) is told apart here by
# its shape; tests/test_cards_print.py checks this against engine/cards/rules.py on every meld of the
# shared vectors, and that cards.js's CARD_MELD_KO holds the same names.
MELD_KO = {"general": "장", "pair": "또이츠", "chi": "치", "triple": "안커", "quad": "안깡",
           "soldiers3": "세 졸병 군단", "soldiers4": "네 졸병 군단"}
MELD_SHAPE = {"general": "將 한 장", "pair": "같은 카드 둘", "chi": "같은 색 將士象이나 車馬砲", "triple": "같은 카드 셋",
              "quad": "같은 카드 넷", "soldiers3": "색이 다른 卒 셋", "soldiers4": "네 색의 卒 넷"}
MELD_POINTS = {"general": 1, "pair": 0, "chi": 1, "triple": 3, "quad": 8, "soldiers3": 1, "soldiers4": 2}


def meld_legend(kinds: tuple[str, ...] = tuple(MELD_KO)) -> str:
    """Each meld of ``kinds`` by its name, what it holds and its points: 장(將 한 장) 1점, …"""
    return ", ".join(f"{MELD_KO[k]}({MELD_SHAPE[k]}) {MELD_POINTS[k]}점" for k in kinds)


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
BACKGROUND = "#FBF8F1"


def legal_meld_kind(meld: list[str] | tuple[str, ...]) -> str:
    """The kind of a meld known to be legal, by its shape."""
    if len(meld) == 1:
        return "general"
    if len(set(meld)) == 1:
        return {2: "pair", 3: "triple", 4: "quad"}[len(meld)]
    if all(c[1] == "7" for c in meld):
        return "soldiers3" if len(meld) == 3 else "soldiers4"
    return "chi"


def meld_label(meld: list[str] | tuple[str, ...]) -> str:
    kind = legal_meld_kind(meld)
    return f"{MELD_KO[kind]} · {MELD_POINTS[kind]}점"


def figures_text(part: dict[str, Any]) -> str:
    """The day's measured grade, in words a player meets."""
    f = part["figures"]
    return (f"끝까지 맞추는 방법 {f['arrangements']:,}가지 · 최고점에서 2점 안쪽 {f['near_best']:,}가지 · "
            f"최고 {part['score']}점")


def figures_note(part: dict[str, Any]) -> str:
    return (f"컴퓨터가 가능한 묶음을 빠짐없이 따져 본 값입니다(살펴본 경우 {part['figures']['nodes']:,}개). "
            "최고점을 내는 방법은 하나뿐입니다.")


def hand_drawing(hand: list[str], per_row: int = 7) -> Drawing:
    """The hand in rows of ``per_row`` cards (three rows of seven for 21), in card units. Each
    card is a :class:`Use` of its face, so on the page it is a frame of the site's art sheet
    (``k-Y1`` … in :meth:`CardsView.art`) and in a PNG the same primitives drawn out."""
    gap, pad = 4.0, 8.0
    items: list[Primitive] = []
    rows = [hand[k:k + per_row] for k in range(0, len(hand), per_row)]
    for r, row in enumerate(rows):
        items += [Use(card_face(code), pad + k * (CARD_W + gap), pad + r * (CARD_H + 8)) for k, code in enumerate(row)]
    w = 2 * pad + per_row * CARD_W + (per_row - 1) * gap
    h = 2 * pad + len(rows) * CARD_H + (len(rows) - 1) * 8
    return Drawing(w, h, tuple(items), background=BACKGROUND)


def _page_frame(paper: str, title: str, date: str | None) -> tuple[float, float, list[Primitive]]:
    w, h = PAPERS[paper]
    items: list[Primitive] = [Text(150, 190, title, 84, INK, align="start"),
                              Text(150, 300, date_ko(date) if date else "", 52, MUTED, align="start"),
                              Line(((150, 360), (w - 150, 360)), RULE, 4)]
    return w, h, items


def hand_page(part: dict[str, Any], date: str | None, paper: str = "a4") -> Drawing:
    """The puzzle page: the hand, the rules in brief, and boxes to write each meld and its points."""
    w, h, items = _page_frame(paper, "하루 판 · " + TITLE, date)
    boxes = 14  # enough for every best arrangement of 2026-2027 (at most 13 melds; most have 7 to 10)
    box_w, box_h = (w - 300 - 40) / 2, 110.0
    fixed = 440 + 3 * 40 + 30 + len(CARDS_RULES) * 66 + 30 + 50 + (boxes // 2) * (box_h + 22) + 50 + 160
    scale = min((w - 300) / (7 * CARD_W + 6 * 6), (h - fixed) / (3 * CARD_H))
    pitch = (CARD_W + 6) * scale
    x0 = (w - (7 * pitch - 6 * scale)) / 2
    y = 440.0
    for r in range(3):
        items += row_items(part["hand"][7 * r:7 * r + 7], x0, y, scale, gap=6)
        y += CARD_H * scale + 40
    y += 30
    for line in CARDS_RULES:
        items.append(Text(150, y, line, 42, INK, align="start"))
        y += 66
    y += 30
    items.append(Text(150, y, "묶음을 적어 보세요 (카드와 점수)", 44, INK, align="start"))
    y += 50
    for k in range(boxes):
        bx = 150 + (k % 2) * (box_w + 40)
        by = y + (k // 2) * (box_h + 22)
        items += [RoundRect(bx, by, box_w, box_h, 14, stroke=RULE, width=3),
                  Text(bx + box_w - 30, by + box_h / 2, "점", 40, MUTED, align="end")]
    y += (boxes // 2) * (box_h + 22) + 50
    items.append(Text(150, y, "합계 ______ 점", 48, INK, align="start"))
    items.append(Text(w - 150, h - 100, "정답은 뒤쪽에 있습니다 · harupan", 36, MUTED, align="end"))
    return Drawing(w, h, tuple(items))


def answer_page(part: dict[str, Any], date: str | None, paper: str = "a4") -> Drawing:
    """The answer key: the one best arrangement, two melds a row, each named with its points, and the total."""
    w, h, items = _page_frame(paper, "하루 판 · " + TITLE + " · 정답", date)
    per_row = 2
    rows = (len(part["melds"]) + per_row - 1) // per_row
    col_w = (w - 300) / per_row
    label_w = 360  # the widest label, 세 졸병 군단 · 1점, at size 38, with room to spare
    scale = min(4.5, (h - 460 - 300) / max(rows, 1) / CARD_H - 0.5, (col_w - 70 - 24 - label_w) / (4 * (CARD_W + 4) - 4))
    y = 460.0
    for k, meld in enumerate(part["melds"]):
        x = 150 + (k % per_row) * col_w
        items.append(Text(x, y + CARD_H * scale / 2, f"{k + 1}", 44, MUTED, align="start"))
        items += row_items(meld, x + 70, y, scale, gap=4)
        items.append(Text(x + 70 + (len(meld) * (CARD_W + 4) - 4) * scale + 24, y + CARD_H * scale / 2, meld_label(meld),
                          38, INK, align="start"))
        if k % per_row == per_row - 1 or k == len(part["melds"]) - 1:
            y += CARD_H * scale + 40
    items += [Text(150, y + 40, f"합계 {part['score']}점: 이 점수를 내는 묶는 법은 이것 하나뿐입니다.", 44, ACCENT,
                   align="start"),
              Text(150, y + 110, figures_text(part), 36, MUTED, align="start")]
    return Drawing(w, h, tuple(items))


class CardsView:
    name = "cards"
    title = TITLE
    files: tuple[str, ...] = ("cards.png",)
    page_image: str | None = None
    template = "day_cards.html"
    head_template: str | None = None
    # The nav's rule links sit on a line of their own on a phone, after one "규칙" (base.html), so
    # a third game's link fits a 360-px phone without wrapping (the header does not jump when the
    # web font arrives: tests/test_play.py). The day page's 규칙 보기 links the page's own section.
    rules: tuple[str, str] | None = ("rules/cards/index.html", "사색패")

    def lead(self, bundle: dict[str, Any], variant: str | None) -> str:
        return "사색패 손패"

    def variants(self, bundle: dict[str, Any]) -> list[str]:
        return []

    def file_pages(self, data: dict[str, Any], paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        date = data.get("date")
        hand = hand_page(data, date, paper)
        answer = answer_page(data, date, paper) if answers else None
        pages = [(TITLE, hand)] + ([(TITLE + " 정답", answer)] if answer else [])
        return FilePages("하루 판 · " + TITLE, pages, answer or hand)

    def render_file(self, name: str, bundle: dict[str, Any]) -> bytes:
        return png_bytes(render_image(hand_drawing(bundle["cards"]["hand"]), 3))

    def sheets(self, bundle: dict[str, Any], paper: str, easy: bool) -> tuple[list[Sheet], list[Sheet]]:
        part, date = bundle["cards"], bundle.get("date")
        return [(TITLE, hand_page(part, date, paper))], [(TITLE + " 정답", answer_page(part, date, paper))]

    def page_context(self, bundle: dict[str, Any]) -> dict[str, Any]:
        part = bundle["cards"]
        return {"cards_svg": Markup(render_svg(hand_drawing(part["hand"]), title=f"{bundle['date']} 사색패 손패",
                                               id_prefix="c-", sheet=site_art())),
                "cards_facts": figures_text(part), "cards_facts_note": figures_note(part),
                "cards_legend": legend_line()}

    def play_data(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """The hand and the best score; the answer stays in puzzle.json, not in the page's data."""
        return {"hand": bundle["cards"]["hand"], "best": bundle["cards"]["score"], "card": [CARD_W, CARD_H]}

    def art(self) -> dict[str, Drawing]:
        """Every card kind (``k-Y1`` … ``k-W7``), for the site's art sheet."""
        return {f"k-{c}{r}": Drawing(CARD_W, CARD_H, card_face(f"{c}{r}"), background=None)
                for c in COLOURS for r in range(1, 8)}

    def labels(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """None: cards.js names the cards itself (cardName, checked against engine/cards/rules.py's card_name)."""
        return {}

    def vocabulary(self) -> str:
        part = {"score": 0, "figures": {"arrangements": 0, "near_best": 0, "nodes": 0}}
        # every Korean string this module holds, the print sheet's rules included (test_site checks it)
        return (figures_text(part) + figures_note(part) + "0123456789," + TITLE + "사색패 손패" + "".join(CARDS_RULES)
                + legend_line())
