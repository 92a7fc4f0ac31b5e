"""Shisen-sho on paper: the puzzle page and its answer key, and the lines that say how hard a
board measured (the day page shows the same lines)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ....engine.shisen.board import Board, Layout, Pair
from ....engine.shisen.names import LEVELS_KO
from ....engine.shisen.names import TILE_NAMES_KO
from ...fonts import font
from ...model import Drawing, Primitive, RoundRect, Text, Use
from ...palette import INK, MUTED, RULE
from ...sheets import (KEYS_BEHIND, LARGE_BOARD_SIDE, LARGE_BOTTOM, LARGE_GRID, LARGE_SIDE, MARGIN, PAPERS, TOP, Frame, PrintOptions, block_height, day_ko, fit_page,
                       footer_items, header_items, min_scale, text_lines)
from .art import BADGE_LANE, TILE_BODY, TILE_H, TILE_W, mahjong_tile, step_badge

Difficulty = Mapping[str, Any]  # Any: a layout's measures, a JSON object checked by engine/schema.py

PLAYERS_KO = (  # (key in the layout's difficulty, how the player plays, key of its game count)
    ("stuck_share", "아무 짝이나 두면", "rollouts"),
    ("careful_stuck_share", "확실한 짝부터 두면", "careful_rollouts"),
    ("lookahead_stuck_share", "한 수 앞을 내다보면", "lookahead_rollouts"),
)

SHISEN_RULES = (
    "그림이 똑같은 패 두 장을 골라 판에서 걷어 냅니다.",
    "두 패를 잇는 길은 빈칸만 지나야 하고, 꺾이는 곳은 두 군데까지 허용됩니다.",
    "판 둘레 바깥 한 줄은 늘 비어 있는 길로 칩니다. 패를 모두 걷으면 완성!",
)


def _pct(share: float) -> str:
    return f"{round(100 * share)}%"


def level_ko(level: str) -> str:
    """A level's Korean name (the engine's), or the level itself for one it does not know."""
    return LEVELS_KO.get(level, level)


def first_moves_ko(d: Difficulty) -> str:
    """The first-move count, never stated as exact when some first move is undecided."""
    if not d.get("first_moves"):
        return ""
    line = f"첫 수 {d['first_moves']}가지 중 바로 지는 수 {d.get('fatal_first_moves', 0)}가지"
    if d.get("fatal_first_undecided"):
        line += f"(그 밖에 {d['fatal_first_undecided']}가지는 미확정)"
    return line


def difficulty_lines(d: Difficulty) -> tuple[str, str]:
    """A layout's measured difficulty as a reader meets it: the players' stuck shares in one line
    (how often the computer got stuck playing three ways), then one line on what they mean.
    Layouts from before a measure existed give what they have (or nothing)."""
    if "stuck_share" not in d:
        return "", ""
    shares = [f"{how} {_pct(d[key])}" for key, how, _ in PLAYERS_KO if key in d]
    figures = "막히는 비율: " + " · ".join(shares)
    first = first_moves_ko(d)
    if first:
        figures += " · " + first
    counts = [str(d.get(n, 64)) for key, _, n in PLAYERS_KO if key in d]
    meaning = f"컴퓨터가 이 판을 {'·'.join(counts)}번씩 끝까지 두어 보고 센 값입니다"
    interval = d.get("stuck_interval")
    if interval:
        meaning += f"(첫 값의 95% 구간 {round(100 * interval[0])}~{_pct(interval[1])})"
    meaning += ". 막힌 판은 섞기나 되돌리기 없이는 끝낼 수 없습니다."
    return figures, meaning


def column_label(x: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[x] if x < 26 else f"A{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[x - 26]}"


def cell_name(x: int, y: int) -> str:
    return f"{column_label(x)}{y + 1}"


def board_drawing_items(board: Board, *, easy: bool, x0: float, y0: float, scale: float,
                        numbers: Mapping[tuple[int, int], int] | None = None, labels: bool = True,
                        grow: float = 1.0, text_floor: float = 0.0) -> list[Primitive]:
    """A Shisen-sho board at (x0, y0): tiles, column letters on top, row numbers on the left.

    ``numbers`` maps (x, y) to a removal step for the answer key, whose rows stand apart by
    :data:`~.art.BADGE_LANE` (row pitch :func:`row_pitch`): (x0, y0) is then the first row's
    tiles, its lane above; ``grow`` enlarges the steps' digits (:func:`~.art.badge_text_size`);
    the letters, the numbers and the steps' digits are no smaller than ``text_floor`` (large print)."""
    items: list[Primitive] = []
    w, h = board.width, board.height
    tw, th = TILE_W * scale, TILE_H * scale
    pitch = row_pitch(numbers is not None) * scale
    if labels:
        lane = pitch - th
        size = max(0.3 * th, text_floor)
        for x in range(w):
            items.append(Text(x0 + x * tw + tw / 2, y0 - lane - 0.28 * th, column_label(x), size, MUTED))
        for y in range(h):
            items.append(Text(x0 - 0.3 * tw, y0 + y * pitch + th / 2, str(y + 1), size, MUTED))
    for y, row in enumerate(board.cells):
        for x, code in enumerate(row):
            ox, oy = x0 + x * tw, y0 + y * pitch
            if code is None:
                items.append(RoundRect(ox + 2 * scale, oy + 2 * scale, tw - 4 * scale, th - 4 * scale, 6 * scale,
                                       stroke=RULE, width=1.5 * scale, fill=None))
                continue
            label = max(14.0, math.ceil(text_floor / scale * 100) / 100)  # large print: the easy view's label 16 pt too
            step = numbers.get((x, y)) if numbers is not None else None
            # the key's tiles name their step too, as the page says it (같은 번호끼리 한 쌍): the tab
            # is drawn as art, so a reader that cannot see it hears the number with the tile
            alt = TILE_NAMES_KO[code] if step is None else f"{TILE_NAMES_KO[code]}, {step}번"
            items.append(Use(mahjong_tile(code, easy, label), ox, oy, scale, alt))
            if step is not None:
                items.append(Use(step_badge(step, grow, text_floor / scale), ox, oy, scale))
    return items


def row_pitch(answers: bool) -> float:
    """Tile units from one row's top to the next: the answer key leaves a lane for the step numbers."""
    return TILE_H + (BADGE_LANE if answers else 0.0)


def answer_list_columns(steps: Sequence[Pair], paper: str, opts: PrintOptions | None = None,
                        width: float | None = None) -> int:
    """Columns of the answer key's step list: eight when every entry fits the narrower side of the
    paper, else six. Eight columns leave the rows' lanes room, so the board keeps the scale it had
    before the lanes on A4 and Letter. Large print: as many as its larger entries fit across ``width``."""
    if opts is not None and opts.large:
        widest = max((font("sans").width(f"{i}. {cell_name(*a)}–{cell_name(*b)}", opts.text(40))
                      for i, (a, b) in enumerate(steps, 1)), default=0.0)
        return max(1, int((width or min(PAPERS[paper])) - 2 * MARGIN) // int(widest + 70))
    widest = max((font("sans").width(f"{i}. {cell_name(*a)}–{cell_name(*b)}", 40)
                  for i, (a, b) in enumerate(steps, 1)), default=0.0)
    return 8 if widest + 40 <= (min(PAPERS[paper]) - 2 * MARGIN) / 8 else 6


def _large_reserve(layout: Layout, opts: PrintOptions, answers: bool) -> Callable[[float], float]:
    """Large print's height under the board on a page ``page_w`` wide: the rules and figures (or
    the key's list) re-wrapped at large print's sizes, and the bottom clear of the footers."""
    steps: Sequence[Pair] = layout.solution or ()
    figures = [x for x in difficulty_lines(layout.difficulty or {}) if x]

    def reserve(page_w: float) -> float:
        text_w = page_w - 2 * MARGIN
        if answers:
            rows = -(-len(steps) // answer_list_columns(steps, opts.paper, opts, page_w))
            below = opts.step(46, 80) + rows * opts.step(40, 62)
        else:
            below = (block_height(opts, SHISEN_RULES, 48, 78, text_w)
                     + block_height(opts, figures, 38, 60, text_w) + 140)
        return TOP + 110 + below + LARGE_BOTTOM - MARGIN
    return reserve


# A tile as drawn (its face and its thickness): what large print keeps 14 mm wide.
DRAWN_W = max(r.x + r.w + r.width / 2 for r in TILE_BODY) - min(r.x - r.width / 2 for r in TILE_BODY)


def _large_fit(layout: Layout, opts: PrintOptions, answers: bool) -> tuple[Frame, float]:
    """Large print's page and scale for a board on ``opts.paper``: the board keeps the text's side
    margin where its tiles are then 14 mm wide, else comes out to :data:`LARGE_BOARD_SIDE` (an
    18-wide board on Tabloid)."""
    w, h = layout.board.width, layout.board.height
    lane = row_pitch(answers) - TILE_H
    reserve = _large_reserve(layout, opts, answers)
    fits = [fit_page(opts.paper, (w + 0.6) * TILE_W, (h + 0.5) * TILE_H + h * lane, reserve, side, LARGE_GRID)
            for side in (LARGE_SIDE, LARGE_BOARD_SIDE)]
    return next((fit for fit in fits if fit[1] >= min_scale(DRAWN_W, LARGE_GRID)), fits[-1])


def _large_frame(layout: Layout, opts: PrintOptions, answers: bool) -> PrintOptions:
    """Large print's paper for a board: the first of ``opts.papers()`` whose page draws its tiles
    14 mm wide or more (the last if none does)."""
    for paper in opts.papers():
        if _large_fit(layout, opts.on(paper), answers)[1] >= min_scale(DRAWN_W, LARGE_GRID):
            return opts.on(paper)
    return opts.on(opts.papers()[-1])


def shisen_page(layout: Layout, paper: str = "a4", *, easy: bool = False, answers: bool = False,
                large: bool = False) -> Drawing:
    """The puzzle page, or with ``answers`` the answer key: each tile numbered by its removal step,
    then the order as a list of cell pairs. ``large``: large print (see :class:`PrintOptions`),
    on a larger paper where ``paper`` cannot hold the tiles at 14 mm."""
    if large:
        return _page(layout, _large_frame(layout, PrintOptions(paper, easy, True), answers), answers)
    return _page(layout, PrintOptions(paper, easy), answers)


def _page(layout: Layout, opts: PrintOptions, answers: bool) -> Drawing:
    board = layout.board
    w, h = board.width, board.height
    paper, easy = opts.paper, opts.easy
    steps: Sequence[Pair] = layout.solution or ()
    text_w: float = min(PAPERS[paper]) - 2 * MARGIN
    pitch = row_pitch(answers)
    lane = pitch - TILE_H
    if opts.large:
        # the board may come out into the side margins (not the text): an 18-wide board then
        # draws its tiles 14 mm wide on A3 and on Tabloid
        frame, scale = _large_fit(layout, opts, answers)
        text_w = frame.width - 2 * MARGIN
        list_cols = answer_list_columns(steps, paper, opts, frame.width) if answers else 6
        grow = 2.0  # large print: the steps' digits as large as their badges hold (badge_text_size caps them)
    else:
        list_cols = answer_list_columns(steps, paper) if answers else 6
        list_rows = (len(steps) + list_cols - 1) // list_cols if answers else 0
        fixed = TOP + (330 + 120 if not answers else 120 + list_rows * 62)
        # Tiles on a whole grid: scales in fifths make the pitch a multiple of 12 × 16 units and even
        # origins keep every tile on whole pixels at 150 and 300 dpi, so the PNG backend draws each
        # face once and copies it (tenths were tried: one face came out a pixel different).
        # The answer key's row pitch (110 units, its lane included) keeps that.
        frame, scale = fit_page(paper, (w + 0.6) * TILE_W, (h + 0.5) * TILE_H + h * lane, fixed)
        # Where the lanes cost the board scale, the steps' digits grow by as much (as far as they fit),
        # so on paper they are no smaller than the board without lanes would have drawn them.
        unlaned = fit_page(paper, (w + 0.6) * TILE_W, (h + 0.5) * TILE_H, fixed)[1]
        grow = round(unlaned / scale, 2) if answers and 0 < scale < unlaned else 1.0
    list_rows = (len(steps) + list_cols - 1) // list_cols if answers else 0
    bw, bh = w * TILE_W * scale, (h * pitch - lane) * scale
    x0 = 2 * round(((frame.width - bw) / 2 + 0.3 * TILE_W * scale) / 2)
    y0 = 2 * round((TOP + (0.45 * TILE_H + lane) * scale) / 2)
    diff = layout.difficulty or {}
    level = LEVELS_KO.get(diff.get("preset", ""), "")
    title = "하루 판 · 사천성" + (" · 정답" if answers else "")
    subtitle = " · ".join(x for x in (day_ko(layout.date) if layout.date else "", f"난이도 {level}" if level else "",
                                       f"{w}×{h}, {w * h}장") if x)
    items = header_items(frame, title, subtitle, opts)
    numbers = None
    if answers:
        numbers = {}
        for i, (a, b) in enumerate(steps, 1):
            numbers[a] = i
            numbers[b] = i
    items += board_drawing_items(board, easy=easy, x0=x0, y0=y0, scale=scale, numbers=numbers, grow=grow,
                                 text_floor=opts.text(0))
    y = y0 + bh + 110
    if not answers:
        lines, y = text_lines(opts, MARGIN, y, SHISEN_RULES, 48, 78, INK, text_w)
        items += lines
        lines, y = text_lines(opts, MARGIN, y, [x for x in difficulty_lines(diff) if x], 38, 60, MUTED, text_w)
        items += lines
        box_w = min(1400, frame.width - 2 * MARGIN)
        size = opts.text(46)
        items += [RoundRect(MARGIN, y + 10, box_w, 120, 18, stroke=INK, width=4),
                  Text(190, y + 70, "걸린 시간", size, INK, align="start"),
                  Text(190 + box_w * 0.55, y + 70, "분", size, INK, align="end"),
                  Text(190 + box_w * 0.92, y + 70, "초", size, INK, align="end")]
        items += footer_items(frame, KEYS_BEHIND, opts)
    else:
        items.append(Text(MARGIN, y, "지우는 순서 (같은 번호끼리 한 쌍)", opts.text(46), INK, align="start"))
        y += opts.step(46, 80)
        col_w = (frame.width - 2 * MARGIN) / list_cols
        step = opts.step(40, 62)
        for i, (a, b) in enumerate(steps):
            col, row = divmod(i, list_rows)
            items.append(Text(MARGIN + col * col_w, y + row * step,
                              f"{i + 1}. {cell_name(*a)}–{cell_name(*b)}", opts.text(40), INK, align="start"))
        items += footer_items(frame, "harupan", opts)
    return Drawing(frame.width, frame.height, tuple(items))


SPLIT_RULE = "같은 그림 두 장을 빈칸으로만, 두 번까지 꺾어 이을 수 있으면 걷어 냅니다. 판 둘레 바깥도 빈칸입니다."
SPLIT_KEY_RULE = "같은 번호끼리 한 쌍, 번호 순서대로 걷어 냅니다."


def board_panel(layout: Layout, *, easy: bool = False, answers: bool = False) -> Drawing:
    """The board alone (for a file of its own, ``sheet --split``), with its column letters and row
    numbers; ``answers``: every tile numbered by its removal step, the rows apart for the numbers."""
    board = layout.board
    lane = row_pitch(answers) - TILE_H
    numbers = None
    if answers:
        numbers = {}
        for i, (a, b) in enumerate(layout.solution or (), 1):
            numbers[a] = numbers[b] = i
    y0 = 0.55 * TILE_H + lane
    # the steps' digits as large as their tabs hold: in a newspaper column a tile is 4 mm wide
    items = board_drawing_items(board, easy=easy, x0=0.6 * TILE_W, y0=y0, scale=1.0, numbers=numbers, grow=2.0)
    height = y0 + board.height * row_pitch(answers) - lane + 0.1 * TILE_H
    return Drawing((board.width + 0.7) * TILE_W, height, tuple(items), background=None)


def level_order(levels: Iterable[str]) -> list[str]:
    """Levels in the order a player reads them everywhere: 쉬움, 보통, 어려움 (others after)."""
    known = list(LEVELS_KO)
    return sorted(levels, key=lambda lv: (known.index(lv) if lv in known else len(known), lv))
