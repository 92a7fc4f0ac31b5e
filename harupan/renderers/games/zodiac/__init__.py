"""Zodiac merge's drawing side: the share image, the start card for print, its page section."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from ..model import Drawing
from ..raster import png_bytes, render_image
from ..sheets import zodiac_page, zodiac_share
from ..svg import render_svg
from ..tileart import ZODIAC_NAMES, ZODIAC_SIZE, zodiac_tile
from .base import FilePages, Sheet, site_art


def par_text(par: dict[str, Any] | None) -> str:
    if not par:
        return ""
    who = "엔진 기준 기록" + (" (빠른 계산)" if par.get("bot") == "quick" else "")
    top = ZODIAC_NAMES[par["top"] - 1] if par.get("top") else "-"
    moves = len(par["moves"])
    if par["state"] == "won":
        return f"{who}: {moves:,}수 만에 돼지 완주, {par['score']:,}점"
    return f"{who}: {moves:,}수에서 막힘, 최고 {top}, {par['score']:,}점"


def _start(bundle: dict[str, Any]) -> dict[str, Any]:
    return {"date": bundle["date"], "start": bundle["zodiac"]["start"]}


class ZodiacView:
    name = "zodiac"
    title = "십이지 머지"
    files: tuple[str, ...] = ("zodiac.png",)
    page_image: str | None = "zodiac.png"  # the share card: the site's og:image since the start
    template = "day_zodiac.html"
    head_template: str | None = None
    rules: tuple[str, str] | None = ("rules/zodiac/index.html", "십이지 머지")

    def lead(self, bundle: dict[str, Any], variant: str | None) -> str:
        return "십이지 머지 시작 판"

    def variants(self, bundle: dict[str, Any]) -> list[str]:
        return []

    def file_pages(self, data: dict[str, Any], paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        single = zodiac_share(data) if share else zodiac_page(data, paper)
        return FilePages("하루 판 · 십이지 머지", [("십이지 머지 시작 판", single)], single, print_dpi=not share)

    def render_file(self, name: str, bundle: dict[str, Any]) -> bytes:
        return png_bytes(render_image(zodiac_share(_start(bundle))))

    def sheets(self, bundle: dict[str, Any], paper: str, easy: bool) -> tuple[list[Sheet], list[Sheet]]:
        return [("십이지 머지", zodiac_page(_start(bundle), paper))], []

    def page_context(self, bundle: dict[str, Any]) -> dict[str, Any]:
        return {"zodiac_svg": Markup(render_svg(zodiac_share(_start(bundle)),
                                                title=f"{bundle['date']} 십이지 머지 시작 판", id_prefix="z-",
                                                sheet=site_art())),
                "par_text": par_text(bundle["zodiac"].get("par"))}

    def play_data(self, bundle: dict[str, Any]) -> dict[str, Any]:
        return {"start": bundle["zodiac"]["start"]}

    def art(self) -> dict[str, Drawing]:
        """The empty cell and the twelve animals (``z-0`` … ``z-12``)."""
        return {f"z-{rank}": Drawing(ZODIAC_SIZE, ZODIAC_SIZE, zodiac_tile(rank), background=None) for rank in range(13)}

    def labels(self, bundle: dict[str, Any]) -> dict[str, Any]:
        return {}

    def vocabulary(self) -> str:
        won, over = ({"bot": "quick", "moves": "", "state": state, "top": 1, "score": 0} for state in ("won", "over"))
        return par_text(won) + par_text(over) + "".join(ZODIAC_NAMES) + "십이지 머지 시작 판"  # par_text's, lead's
