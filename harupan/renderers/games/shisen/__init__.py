"""Shisen-sho's drawing side: the board picture and answer key files, its sheets, its page section."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from ..model import Drawing
from ..raster import png_bytes, render_image
from ..sheets import DIFFICULTY_KO, board_drawing_items, difficulty_lines, shisen_page
from ..svg import render_svg
from ..tileart import ALL_CODES, TILE_H, TILE_W, label_ko, mahjong_tile
from .base import FilePages, Sheet, site_art


def featured(bundle: dict[str, Any]) -> str:
    """The level shown on the page and in the day's pictures: normal when offered."""
    levels = list(bundle["shisen"])
    return "normal" if "normal" in levels else levels[0]


def board_drawing(layout: dict[str, Any], easy: bool = False) -> Drawing:
    cells = layout["cells"]
    w, h = len(cells[0]), len(cells)
    s = 1.0
    items = board_drawing_items(cells, easy=easy, x0=0.6 * TILE_W, y0=0.55 * TILE_H, scale=s)
    return Drawing((w + 0.8) * TILE_W, (h + 0.75) * TILE_H, tuple(items), background="#FBF8F1")


def shisen_facts(layout: dict[str, Any]) -> str:
    d = layout.get("difficulty") or {}
    w, h = layout["width"], layout["height"]
    parts = [DIFFICULTY_KO.get(d.get("preset", ""), ""), f"{w}×{h}", f"{w * h}장"]
    parts.append(difficulty_lines(d)[0])
    return " · ".join(p for p in parts if p)


# The board as the page draws it: tiles TILE_X x TILE_Y units, a narrower ring for the paths
# (game.js uses the same numbers). A phone held upright shows it turned a quarter when the
# screen is narrower than TURN_BELOW(width) CSS px: tiles at least MIN_TAP px wide need it.
TILE_X, TILE_Y, RING_X, RING_Y, MIN_TAP, PAGE_PAD = 60, 80, 24, 32, 36, 32


def turn_below(width: int) -> int:
    """The widest portrait screen (CSS px) on which a board ``width`` tiles wide is turned."""
    return round((width + 2 * RING_X / TILE_X) * MIN_TAP + PAGE_PAD)


def board_box(layout: dict[str, Any]) -> dict[str, str]:
    """The playable board's aspect ratios, upright and turned, for the box the picture waits in."""
    w, h = layout["width"], layout["height"]
    bw, bh = 2 * RING_X + w * TILE_X, 2 * RING_Y + h * TILE_Y
    tw, th = 2 * RING_X + h * TILE_X, 2 * RING_Y + w * TILE_Y
    return {"shisen_ratio": f"{bw} / {bh}", "shisen_tratio": f"{tw} / {th}", "shisen_aspect": f"{bw / bh:.4f}",
            "shisen_turn": str(turn_below(w))}


def level_lines(layout: dict[str, Any]) -> dict[str, str]:
    """What the page says about one level: the facts line and its note (the script swaps them)."""
    return {"facts": shisen_facts(layout), "note": difficulty_lines(layout.get("difficulty") or {})[1]}


def level_order(levels: Iterable[str]) -> list[str]:
    """Levels in the order a player reads them everywhere: 쉬움, 보통, 어려움 (others after)."""
    known = list(DIFFICULTY_KO)
    return sorted(levels, key=lambda lv: (known.index(lv) if lv in known else len(known), lv))


class ShisenView:
    name = "shisen"
    title = "사천성"
    files: tuple[str, ...] = ("shisen.png", "shisen-answer.png")
    page_image: str | None = None
    template = "day_shisen.html"
    head_template: str | None = "day_shisen_head.html"
    rules: tuple[str, str] | None = ("rules/shisen/index.html", "사천성")

    def lead(self, bundle: dict[str, Any], variant: str | None) -> str:
        level = variant or featured(bundle)
        layout = bundle["shisen"][level]
        return f"사천성({DIFFICULTY_KO.get(level, level)}, {layout['width']}×{layout['height']})"

    def variants(self, bundle: dict[str, Any]) -> list[str]:
        return level_order(bundle["shisen"])

    def file_pages(self, data: dict[str, Any], paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        puzzle = shisen_page(data, paper, easy=easy)
        answer = shisen_page(data, paper, easy=easy, answers=True) if answers else None
        pages = [("사천성 문제", puzzle)] + ([("사천성 정답", answer)] if answer else [])
        return FilePages("하루 판 · 사천성", pages, answer or puzzle)

    def render_file(self, name: str, bundle: dict[str, Any]) -> bytes:
        layout = bundle["shisen"][featured(bundle)]
        page = shisen_page(layout, "a4", answers=name == "shisen-answer.png")
        return png_bytes(render_image(page, 0.5), dpi=150)

    def sheets(self, bundle: dict[str, Any], paper: str, easy: bool) -> tuple[list[Sheet], list[Sheet]]:
        puzzles, answers = [], []
        for level, layout in bundle["shisen"].items():
            name = DIFFICULTY_KO.get(level, level)
            puzzles.append((f"사천성 {name}", shisen_page(layout, paper, easy=easy)))
            answers.append((f"사천성 {name} 정답", shisen_page(layout, paper, easy=easy, answers=True)))
        return puzzles, answers

    def page_context(self, bundle: dict[str, Any]) -> dict[str, Any]:
        layout = bundle["shisen"][featured(bundle)]
        return {"shisen_svg": Markup(render_svg(board_drawing(layout), title=f"{bundle['date']} 사천성 판",
                                                id_prefix="b-", sheet=site_art())),
                "shisen_facts": shisen_facts(layout),
                "shisen_facts_note": difficulty_lines(layout.get("difficulty") or {})[1],
                "level_names": {lv: DIFFICULTY_KO.get(lv, lv) for lv in bundle["shisen"]},
                # shisen.png and shisen-answer.png show this level's board; the links say so
                "shisen_picture_level": DIFFICULTY_KO.get(featured(bundle), featured(bundle)),
                "shisen_other_levels": "·".join(DIFFICULTY_KO.get(lv, lv) for lv in bundle["shisen"]
                                                if lv != featured(bundle)),
                **board_box(layout)}

    def play_data(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """The layouts' cells only: the script finds its own moves."""
        return {lv: {"cells": lay["cells"]} for lv, lay in bundle["shisen"].items()}

    def _codes(self, bundle: dict[str, Any]) -> list[str]:
        return sorted({c for lay in bundle["shisen"].values() for row in lay["cells"] for c in row if c})

    def art(self) -> dict[str, Drawing]:
        """Every tile kind, plain and in the easy view (``t-1m``, ``t-1m-e``)."""
        art = {}
        for code in ALL_CODES:
            art[f"t-{code}"] = Drawing(TILE_W, TILE_H, mahjong_tile(code), background=None)
        for code in ALL_CODES:
            art[f"t-{code}-e"] = Drawing(TILE_W, TILE_H, mahjong_tile(code, True), background=None)
        return art

    def labels(self, bundle: dict[str, Any]) -> dict[str, Any]:
        return {"tiles": {c: label_ko(c) for c in self._codes(bundle)}, **DIFFICULTY_KO,
                "levels": {lv: level_lines(lay) for lv, lay in bundle["shisen"].items()}}

    def vocabulary(self) -> str:
        figures, meaning = difficulty_lines({"stuck_share": 0, "careful_stuck_share": 0, "lookahead_stuck_share": 0,
                                             "first_moves": 1, "fatal_first_undecided": 1,
                                             "stuck_interval": [0, 1]})
        names = "".join(label_ko(c) for c in ALL_CODES)  # the script names tiles (aria-labels, hints)
        return "사천성( , ) · ×장" + figures + meaning + "".join(DIFFICULTY_KO.values()) + names  # and shisen_facts' own text
