"""Shisen-sho's drawing half: the board picture and answer key files, its sheets, its page
section (``page.html``, ``head.html``), its browser module (``shisen.js``) and its stylesheet."""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from ....engine.errors import InputError
from ....engine.shisen.settings import BROWSER_SETTINGS
from ....engine.shisen.board import Layout, ShisenPart
from ....engine.shisen.figures import DifficultyRecord
from ....engine.shisen.names import LEVELS_KO, TILE_NAMES_KO
from ....engine.shisen.tiles import ALL_CODES
from ...model import Drawing, Primitive
from ...palette import PAPER
from ...raster import png_bytes, render_image
from ...svg import render_svg
from ...sheets import PrintOptions, day_ko
from ..base import ExampleText, FilePages, Json, Panel, Sheet, View, Writer, site_art
from .art import TILE_H, TILE_W, mahjong_tile
from .figures import FIGURES
from .sheets import (SPLIT_KEY_RULE, SPLIT_RULE, board_drawing_items, board_panel, difficulty_lines, level_ko,
                     level_order, shisen_page)

# The board as the page draws it: tiles TILE_X x TILE_Y units, a narrower ring for the paths
# (shisen.js takes the same numbers from browser_data). A phone held upright shows it turned a
# quarter when the screen is narrower than turn_below(width) CSS px: tiles at least MIN_TAP px
# wide need it.
TILE_X, TILE_Y, RING_X, RING_Y, MIN_TAP, PAGE_PAD = 60, 80, 24, 32, 36, 32
# Turned on an upright phone, the board is too long for the screen at a finger's width: its tiles
# are drawn just small enough that this share of its rows shows under the controls when the game's
# screen opens (the rest scrolls under the bar that stays in view)
ROWS_SEEN = 0.72
ICON_PAIR = "7z"  # the site's icon: a matching pair, the game in one picture (the red dragon, 中)
SOLVER_WASM = "shisen-solver.wasm"  # the C search for the page, built by build_wasm.py, shipped in the package


@lru_cache(maxsize=1)
def solver_script() -> tuple[str, bytes]:
    """The WebAssembly module as the page loads it: a classic script beside harupan.js that holds
    its bytes (base64), so a page opened from the disk (file://, where a page may load a script but
    not fetch a file) runs it too; named by its content, so a cached old one is never taken for it."""
    data = (Path(__file__).parent / SOLVER_WASM).read_bytes()
    name = f"shisen-solver-{hashlib.sha256(data).hexdigest()[:12]}.js"
    text = ("// harupan: the Shisen-sho search compiled to WebAssembly (renderers/games/shisen/shisen-solver.wasm), "
            "for shisen-solver.js\n"
            f"(self.harupanWasm = self.harupanWasm || {{}})[{json.dumps(name)}] = \"{base64.b64encode(data).decode()}\";\n")
    return name, text.encode("ascii")


def featured(part: ShisenPart) -> str:
    """The level shown on the page and in the day's pictures: normal when offered."""
    levels = list(part.layouts)
    return "normal" if "normal" in levels else levels[0]


def board_drawing(layout: Layout, easy: bool = False) -> Drawing:
    board = layout.board
    items = board_drawing_items(board, easy=easy, x0=0.6 * TILE_W, y0=0.55 * TILE_H, scale=1.0)
    return Drawing((board.width + 0.8) * TILE_W, (board.height + 0.75) * TILE_H, tuple(items), background=PAPER)


def shisen_facts(layout: Layout) -> str:
    d = layout.difficulty or {}
    w, h = layout.board.width, layout.board.height
    parts = [LEVELS_KO.get(d.get("preset", ""), ""), f"{w}×{h}", f"{w * h}장"]
    parts.append(difficulty_lines(d)[0])
    return " · ".join(p for p in parts if p)


def turn_below(width: int) -> int:
    """The widest portrait screen (CSS px) on which a board ``width`` tiles wide is turned."""
    return round((width + 2 * RING_X / TILE_X) * MIN_TAP + PAGE_PAD)


def board_box(layout: Layout) -> dict[str, str]:
    """The playable board's aspect ratios, upright and turned, for the box the picture waits in."""
    w, h = layout.board.width, layout.board.height
    bw, bh = 2 * RING_X + w * TILE_X, 2 * RING_Y + h * TILE_Y
    tw, th = 2 * RING_X + h * TILE_X, 2 * RING_Y + w * TILE_Y
    return {"shisen_ratio": f"{bw} / {bh}", "shisen_tratio": f"{tw} / {th}", "shisen_aspect": f"{bw / bh:.4f}",
            "shisen_taspect": f"{tw / th:.4f}", "shisen_turn": str(turn_below(w)), "shisen_rows_seen": str(ROWS_SEEN)}


def level_lines(layout: Layout) -> dict[str, str]:
    """What the page says about one level: the facts line and its note (the script swaps them)."""
    return {"facts": shisen_facts(layout), "note": difficulty_lines(layout.difficulty or {})[1]}


def cells_json(layout: Layout) -> list[list[str | None]]:
    return [list(r) for r in layout.board.cells]


def difficulty_example(record: DifficultyRecord) -> Mapping[str, str]:
    """The ``shisen-difficulty`` example's fields: the board as a reader names it, and its line of
    stuck shares as the day page and the sheet print it."""
    return {"layout": f"{day_ko(record.day, weekday=False)} {level_ko(record.level)} 판({record.width}×{record.height})",
            "line": difficulty_lines(record.difficulty)[0]}


class ShisenView(View[ShisenPart, Layout]):
    name = "shisen"
    title = "사천성"
    part_type = ShisenPart
    files = ("shisen.png", "shisen-answer.png")
    head_template = "head.html"
    script = "shisen.js"
    modules = ("shisen-board.js", "shisen-solver.js", "shisen-record.js")
    stylesheet = "style.css"
    blurb = "같은 패 두 장을 꺾임 두 번 안의 길로 이어 지웁니다."
    bitmap_art = True  # 144 small tiles a board
    rules = ("rules/shisen/index.html", "사천성")
    # the first-visit how-to (howto.html): two of the rule page's paths, as the engine finds them
    howto_template = "howto.html"
    howto_figures = ({"kind": "shisen-path", "board": "1m .. .. 1m\n2p 3s 3s 2p", "pair": [[0, 0], [3, 0]],
                      "expect": {"bends": 0}},
                     {"kind": "shisen-path", "board": "1m 2p 3s 1m\n2p 4z 4z 3s", "pair": [[0, 0], [3, 0]],
                      "expect": {"bends": 2}})
    figures = FIGURES
    examples: Mapping[str, Writer] = {"shisen-difficulty": ExampleText(DifficultyRecord, difficulty_example)}

    def lead(self, day: _dt.date, part: ShisenPart, variant: str | None) -> str:
        level = variant or featured(part)
        board = part.layouts[level].board
        return f"사천성({level_ko(level)}, {board.width}×{board.height})"

    def variants(self, part: ShisenPart) -> list[str]:
        return level_order(part.layouts)

    def file_pages(self, data: Layout, paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        if answers and not data.solution:
            raise InputError("--answers: this board carries no removal order to print as its key "
                             "('harupan shisen solve FILE' finds one)")
        puzzle = shisen_page(data, paper, easy=easy)
        answer = shisen_page(data, paper, easy=easy, answers=True) if answers else None
        pages: list[Sheet] = [("사천성 문제", puzzle)] + ([("사천성 정답", answer)] if answer else [])
        return FilePages("하루 판 · 사천성", pages, answer or puzzle)

    def render_file(self, name: str, day: _dt.date, part: ShisenPart) -> bytes:
        page = shisen_page(part.layouts[featured(part)], "a4", answers=name == "shisen-answer.png")
        return png_bytes(render_image(page, 0.5), dpi=150)

    def sheets(self, day: _dt.date, part: ShisenPart, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        puzzles, answers = [], []
        paper, easy, large = opts.paper, opts.easy, opts.large
        for level, layout in part.layouts.items():
            name = level_ko(level)
            puzzles.append((f"사천성 {name}", shisen_page(layout, paper, easy=easy, large=large)))
            answers.append((f"사천성 {name} 정답", shisen_page(layout, paper, easy=easy, answers=True, large=large)))
        return puzzles, answers

    def panels(self, day: _dt.date, part: ShisenPart, opts: PrintOptions) -> list[Panel]:
        """Each level's board, then each level's key (the print set's order)."""
        fronts = [Panel((self.name, level), "사천성", level_ko(level), SPLIT_RULE, board_panel(layout, easy=opts.easy))
                  for level, layout in part.layouts.items()]
        keys = [Panel((self.name, level), "사천성 정답", level_ko(level), SPLIT_KEY_RULE,
                      board_panel(layout, easy=opts.easy, answers=True), is_key=True)
                for level, layout in part.layouts.items()]
        return fronts + keys

    def page_context(self, day: _dt.date, part: ShisenPart) -> Mapping[str, object]:
        shown = featured(part)
        layout = part.layouts[shown]
        return {"shisen_svg": Markup(render_svg(board_drawing(layout), title=f"{day.isoformat()} 사천성 판",
                                                id_prefix="b-", sheet=site_art())),
                "shisen_facts": shisen_facts(layout),
                "shisen_facts_note": difficulty_lines(layout.difficulty or {})[1],
                "level_names": {lv: level_ko(lv) for lv in part.layouts},
                # shisen.png and shisen-answer.png show this level's board; the links say so
                "shisen_picture_level": level_ko(shown),
                "shisen_other_levels": "·".join(level_ko(lv) for lv in part.layouts if lv != shown),
                **board_box(layout)}

    def play_data(self, day: _dt.date, part: ShisenPart) -> Json:
        """The layouts' cells only: the script finds its own moves."""
        return {lv: {"cells": cells_json(lay)} for lv, lay in part.layouts.items()}

    def labels(self, day: _dt.date, part: ShisenPart) -> Mapping[str, Json]:
        codes = sorted({c for lay in part.layouts.values() for row in lay.board.cells for c in row if c})
        return {"tiles": {c: TILE_NAMES_KO[c] for c in codes}, **LEVELS_KO,
                "levels": {lv: level_lines(lay) for lv, lay in part.layouts.items()}}

    def art(self) -> Mapping[str, Drawing]:
        """Every tile kind, plain and in the easy view (``t-1m``, ``t-1m-e``)."""
        art = {}
        for code in ALL_CODES:
            art[f"t-{code}"] = Drawing(TILE_W, TILE_H, mahjong_tile(code), background=None)
        for code in ALL_CODES:
            art[f"t-{code}-e"] = Drawing(TILE_W, TILE_H, mahjong_tile(code, True), background=None)
        return art

    def browser_data(self) -> Mapping[str, Json]:
        """The level names, the board's geometry, the search's settings and its module's file name."""
        return {"levels": LEVELS_KO,
                "board": {"tileX": TILE_X, "tileY": TILE_Y, "ringX": RING_X, "ringY": RING_Y, "minTap": MIN_TAP,
                          "pagePad": PAGE_PAD},
                "search": BROWSER_SETTINGS, "module": solver_script()[0]}

    def scripts(self) -> Mapping[str, bytes]:
        """The search's module (shisen-solver.js loads it at the first move, hint or shuffle)."""
        name, text = solver_script()
        return {name: text}

    def vocabulary(self) -> str:
        figures, meaning = difficulty_lines({"stuck_share": 0, "careful_stuck_share": 0, "lookahead_stuck_share": 0,
                                             "first_moves": 1, "fatal_first_undecided": 1,
                                             "stuck_interval": [0, 1]})
        names = "".join(TILE_NAMES_KO[c] for c in ALL_CODES)  # the script names tiles (aria-labels, hints)
        # and shisen_facts' and the lead's own text
        return ("사천성( , ) · ×장" + figures + meaning + "".join(LEVELS_KO.values()) + names
                + SPLIT_RULE + SPLIT_KEY_RULE + "정답")  # the split panels' (sheet --split)

    def icon(self) -> tuple[Primitive, ...]:
        return mahjong_tile(ICON_PAIR)


VIEW = ShisenView()
