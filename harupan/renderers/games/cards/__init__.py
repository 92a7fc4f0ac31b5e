"""사색패 손패 맞추기's drawing half: the hand picture, the print page with boxes to write melds in,
the answer key, its page section (``page.html``), its browser module (``cards.js``) and its
stylesheet."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from markupsafe import Markup

from ....engine.cards import CARD_NAMES_KO, COLOUR_KO, COLOURS, CONCEALED_POINTS, MELD_NAMES_KO, RANK_HANJA, RANK_KO
from ....engine.cards.puzzle import LOWEST_MELDS, CardsPuzzle, Figures
from ...model import Drawing
from ...raster import png_bytes, render_image
from ...sheets import PrintOptions
from ...svg import render_svg
from ..base import FilePages, Json, Panel, Sheet, View, site_art
from .art import CARD_H, CARD_W, card_face
from .figures import FIGURES
from .sheets import (CARDS_RULES, HAND_KINDS, MELD_SHAPE, SPLIT_RULE, TITLE, answer_page, figures_note, figures_text, hand_drawing,
                     hand_page, key_panel, legend_line)


class CardsView(View[CardsPuzzle, CardsPuzzle]):
    name = "cards"
    title = TITLE
    part_type = CardsPuzzle
    files = ("cards.png",)
    script = "cards.js"
    stylesheet = "style.css"
    blurb = "카드 21장을 묶음으로 나눠 가장 높은 점수를 노립니다."
    # The nav's rule links sit on a line of their own on a phone, after one "규칙" (base.html), so
    # a third game's link fits a 360-px phone without wrapping. The day page's 규칙 보기 links the
    # page's own section.
    rules = ("rules/cards/index.html", "사색패")
    # the first-visit how-to (howto.html): a few cards split into melds, as the engine scores them
    howto_template = "howto.html"
    howto_figures = ({"kind": "cards-hand", "hand": "Y1 Y2 Y3 R1 G4 G4 G4 W7 R7 G7", "expect": {"points": 6}},)
    figures = FIGURES

    def lead(self, day: _dt.date, part: CardsPuzzle, variant: str | None) -> str:
        return "사색패 손패"

    def file_pages(self, data: CardsPuzzle, paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        hand = hand_page(data, None, paper)
        answer = answer_page(data, None, paper) if answers else None
        pages: list[Sheet] = [(TITLE, hand)] + ([(TITLE + " 정답", answer)] if answer else [])
        return FilePages("하루 판 · " + TITLE, pages, answer or hand)

    def render_file(self, name: str, day: _dt.date, part: CardsPuzzle) -> bytes:
        return png_bytes(render_image(hand_drawing(part.hand), 3))

    def sheets(self, day: _dt.date, part: CardsPuzzle, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        return ([(TITLE, hand_page(part, day, opts.paper, opts.large))],
                [(TITLE + " 정답", answer_page(part, day, opts.paper, opts.large))])

    def panels(self, day: _dt.date, part: CardsPuzzle, opts: PrintOptions) -> list[Panel]:
        """The hand, then its key (the one best arrangement)."""
        return [Panel((self.name,), TITLE, "", SPLIT_RULE, hand_drawing(part.hand)),
                Panel((self.name,), TITLE + " 정답", "", "", key_panel(part), is_key=True)]

    def page_context(self, day: _dt.date, part: CardsPuzzle) -> Mapping[str, object]:
        return {"cards_svg": Markup(render_svg(hand_drawing(part.hand), title=f"{day.isoformat()} 사색패 손패",
                                               id_prefix="c-", sheet=site_art())),
                "cards_facts": figures_text(part), "cards_facts_note": figures_note(part),
                "cards_legend": legend_line()}

    def play_data(self, day: _dt.date, part: CardsPuzzle) -> Json:
        """The hand and the best score; the answer stays in puzzle.json, not in the page's data."""
        return {"hand": list(part.hand), "best": part.score, "card": [CARD_W, CARD_H]}

    def art(self) -> Mapping[str, Drawing]:
        """Every card kind (``k-Y1`` … ``k-W7``), for the site's art sheet."""
        return {f"k-{c}{r}": Drawing(CARD_W, CARD_H, card_face(f"{c}{r}"), background=None)
                for c in COLOURS for r in range(1, 8)}

    def browser_data(self) -> Mapping[str, Json]:
        """The cards' names and the melds' names and points, for cards.js (the engine's tables), and
        the search's melds by lowest card, from which it decides dead ends and hints."""
        return {"lowestMelds": [[[list(idx), pts] for idx, pts in melds] for melds in LOWEST_MELDS],
                "colours": COLOURS, "colourNames": COLOUR_KO, "rankNames": list(RANK_KO), "rankHanja": RANK_HANJA,
                "meldNames": {k: MELD_NAMES_KO[k] for k in HAND_KINDS},
                "meldPoints": {k: CONCEALED_POINTS[k] for k in HAND_KINDS},
                "meldShapes": {k: MELD_SHAPE[k] for k in HAND_KINDS}}

    def vocabulary(self) -> str:
        part = CardsPuzzle((), (), 0, Figures(0, 0, 0), 0)
        # every Korean string this module holds, the print sheet's rules and the key's card names
        # included (test_site checks it)
        return (figures_text(part) + figures_note(part) + "0123456789," + TITLE + "사색패 손패" + "".join(CARDS_RULES)
                + legend_line() + "".join(CARD_NAMES_KO.values()) + SPLIT_RULE + "합계점")


VIEW = CardsView()
