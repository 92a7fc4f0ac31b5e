"""Zodiac merge's drawing half: the share image, the start card for print, its page section
(``page.html``), its browser module (``zodiac.js``) and its stylesheet."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from markupsafe import Markup

from ....engine.status import GameState
from ....engine.zodiac import BRANCHES, NAMES_KO
from ....engine.zodiac.part import Par, ZodiacPart, ZodiacStart
from ...model import Drawing
from ...raster import png_bytes, render_image
from ...sheets import PrintOptions
from ...svg import render_svg
from ..base import FilePages, Json, Panel, Sheet, View, site_art
from .art import ZODIAC_SIZE, zodiac_tile
from .figures import FIGURES
from .sheets import SPLIT_RULE, board_panel, zodiac_page, zodiac_share


def par_text(par: Par | None) -> str:
    if par is None:
        return ""
    who = "엔진 기준 기록" + (" (빠른 계산)" if par.bot == "quick" else "")
    top = NAMES_KO[par.top] if par.top else "-"
    moves = len(par.moves)
    if par.state == GameState.WON:
        return f"{who}: {moves:,}수 만에 돼지 완주, {par.score:,}점"
    return f"{who}: {moves:,}수에서 막힘, 최고 {top}, {par.score:,}점"


class ZodiacView(View[ZodiacPart, ZodiacStart]):
    name = "zodiac"
    title = "십이지 머지"
    part_type = ZodiacPart
    files = ("zodiac.png",)
    page_image = "zodiac.png"  # the share card: the site's og:image since the start
    script = "zodiac.js"
    stylesheet = "style.css"
    blurb = "같은 띠 둘을 밀어 합치며 쥐에서 돼지까지 올라갑니다."
    link_keys = ("z",)  # a shared game: index.html#z=MOVES (zodiac.js MOVES_IN_LINK)
    rules = ("rules/zodiac/index.html", "십이지 머지")
    # the first-visit how-to (howto.html): a row of rats pushed left, as the engine moves it
    howto_template = "howto.html"
    howto_figures = ({"kind": "zodiac-move", "row": [1, 1, 1, 1], "move": "L", "expect": {"row": [2, 2, 0, 0], "score": 4}},)
    figures = FIGURES

    def lead(self, day: _dt.date, part: ZodiacPart, variant: str | None) -> str:
        return "십이지 머지 시작 판"

    def file_pages(self, data: ZodiacStart, paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        single = zodiac_share(data.date, data.start) if share else zodiac_page(data.date, data.start, paper)
        return FilePages("하루 판 · 십이지 머지", [("십이지 머지 시작 판", single)], single, print_dpi=not share)

    def render_file(self, name: str, day: _dt.date, part: ZodiacPart) -> bytes:
        return png_bytes(render_image(zodiac_share(day, part.start)))

    def sheets(self, day: _dt.date, part: ZodiacPart, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        return [("십이지 머지", zodiac_page(day, part.start, opts.paper, opts.large))], []

    def panels(self, day: _dt.date, part: ZodiacPart, opts: PrintOptions) -> list[Panel]:
        """The start board; the game has no answer key."""
        return [Panel((self.name,), "십이지 머지", "", SPLIT_RULE, board_panel(part.start))]

    def page_context(self, day: _dt.date, part: ZodiacPart) -> Mapping[str, object]:
        return {"zodiac_svg": Markup(render_svg(zodiac_share(day, part.start),
                                                title=f"{day.isoformat()} 십이지 머지 시작 판", id_prefix="z-",
                                                sheet=site_art())),
                "par_text": par_text(part.par)}

    def play_data(self, day: _dt.date, part: ZodiacPart) -> Json:
        par = {"top": part.par.top, "score": part.par.score} if part.par is not None else None  # its moves stay out: they would spoil the game
        return {"start": list(part.start), **({"par": par} if par else {})}

    def art(self) -> Mapping[str, Drawing]:
        """The empty cell and the twelve animals (``z-0`` … ``z-12``)."""
        return {f"z-{rank}": Drawing(ZODIAC_SIZE, ZODIAC_SIZE, zodiac_tile(rank), background=None) for rank in range(13)}

    def browser_data(self) -> Mapping[str, Json]:
        """The animals' names and branches by rank (0: the empty cell), for zodiac.js."""
        return {"names": list(NAMES_KO), "branches": list(BRANCHES)}

    def vocabulary(self) -> str:
        won, over = (Par("quick", "", state, 1, 0) for state in (GameState.WON, GameState.OVER))
        return par_text(won) + par_text(over) + "".join(NAMES_KO) + "십이지 머지 시작 판" + SPLIT_RULE  # par_text's, lead's, split's


VIEW = ZodiacView()
