"""Zodiac merge on paper and as a picture: the start card for print and the day's share image."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

from ....engine.zodiac import NAMES_KO
from ...model import Drawing, Primitive, RoundRect, Text, Use, place
from ...palette import ACCENT, INK, MUTED
from ...sheets import (LARGE_BOTTOM, MARGIN, PrintOptions, block_height, day_ko, footer_items, header_items, portrait,
                       text_lines)
from .art import ZODIAC_SIZE, zodiac_tile

ZODIAC_RULES = (
    "네 방향 중 하나로 밀면 모든 띠가 그쪽 끝까지 미끄러집니다.",
    "같은 띠 둘이 맞닿으면 다음 띠 하나가 됩니다(한 번 밀 때 한 번씩만).",
    "판이 움직이면 빈칸 하나를 직접 골라 새 띠를 그려 넣습니다.",
    "새 띠는 쥐이고, 열 번째, 스무 번째…로 넣는 띠만 소입니다. 돼지를 만들면 성공!",
)
# On paper the reader places the new tile (above); the site's game places it by the date's order,
# which the sheet does not show, so the two scores may differ: the sheet says so.
ZODIAC_PAPER_NOTE = "사이트의 게임은 새 띠의 자리와 종류를 날짜로 정하므로, 종이에서 낸 점수와 다를 수 있습니다."
BOARD_BACK = "#E4DDCF"


def zodiac_board_items(cells: Sequence[int], x0: float, y0: float, size: float, large: bool = False) -> list[Primitive]:
    s = size / (4 * ZODIAC_SIZE)
    items: list[Primitive] = [RoundRect(x0 - 12 * s, y0 - 12 * s, size + 24 * s, size + 24 * s, 16 * s,
                                        fill=BOARD_BACK)]
    for i, rank in enumerate(cells):
        r, c = divmod(i, 4)
        items.append(Use(zodiac_tile(rank, large), x0 + c * ZODIAC_SIZE * s, y0 + r * ZODIAC_SIZE * s, s,
                         NAMES_KO[rank] if rank else ""))
    return items


def zodiac_page(day: _dt.date | None, start: Sequence[int], paper: str = "a4", large: bool = False) -> Drawing:
    """The zodiac start card for print: the day's start, the rules in brief, the twelve animals.
    ``large``: large print on the larger paper (A3, Tabloid), the tiles large enough for their
    words at 16 pt, the twelve animals in two rows of six."""
    opts = PrintOptions(paper, large=large)
    if large:
        opts = opts.on(opts.papers()[-1])
    frame = portrait(opts.paper)
    items = header_items(frame, "하루 판 · 십이지 머지", day_ko(day) if day else "", opts)
    text_w = frame.width - 2 * MARGIN
    per_row = 6 if large else 12
    tile = text_w / per_row
    shrink = 0.94 if not large else 0.92
    size = min(frame.width - 600, 1500)
    if large:
        under = (150 + block_height(opts, ZODIAC_RULES, 48, 78, text_w)
                 + block_height(opts, [ZODIAC_PAPER_NOTE], 40, 66, text_w) + 60 + 60 + 2 * tile)
        # the board's ground reaches 12 of its 240 units past the tiles: the rules start below it
        size = min(frame.width - 600, (frame.height - LARGE_BOTTOM - 520 - under) / 1.05)
    x0 = (frame.width - size) / 2
    items += zodiac_board_items(start, x0, 520, size, large)
    y = 520 + size * (1.05 if large else 1.0) + 150
    lines, y = text_lines(opts, MARGIN, y, ZODIAC_RULES, 48, 78, INK, text_w)
    items += lines
    lines, y = text_lines(opts, MARGIN, y, [ZODIAC_PAPER_NOTE], 40, 66, MUTED, text_w)
    items += lines
    y += 60
    items.append(Text(MARGIN, y, "열두 띠의 순서", opts.text(46), INK, align="start"))
    for rank in range(1, 13):
        row, col = divmod(rank - 1, per_row)
        x, s = MARGIN + col * tile, tile / ZODIAC_SIZE * shrink
        # large print places each as a picture with its name, as the board does
        items += ([Use(zodiac_tile(rank, True), x, y + 60 + row * tile, s, NAMES_KO[rank])] if large
                  else place(zodiac_tile(rank), x, y + 60, s))
    items += footer_items(frame, "같은 날에는 누구나 같은 판으로 시작합니다 · harupan", opts)
    return Drawing(frame.width, frame.height, tuple(items))


SHARE_BACK = "#F6F1E6"


def zodiac_share(day: _dt.date | None, start: Sequence[int]) -> Drawing:
    """The day's share image, 1200 × 630."""
    items: list[Primitive] = [RoundRect(0, 0, 1200, 630, 0, fill=SHARE_BACK),
                              Text(70, 150, "하루 판", 64, ACCENT, align="start"),
                              Text(70, 240, "십이지 머지", 56, INK, align="start"),
                              Text(70, 320, day_ko(day) if day else "", 34, MUTED, align="start"),
                              Text(70, 420, "쥐에서 돼지까지, 오늘의 판", 30, INK, align="start"),
                              Text(70, 470, "같은 날 같은 시작 · 기록을 견줘 보세요", 26, MUTED, align="start")]
    items += zodiac_board_items(start, 690, 95, 440)
    return Drawing(1200, 630, tuple(items), background=SHARE_BACK)


SPLIT_RULE = "밀면 모든 띠가 끝까지 미끄러지고 같은 띠 둘은 다음 띠가 됩니다. 빈칸에 새 띠를 그려 넣으며 돼지를 만드세요."


def board_panel(start: Sequence[int]) -> Drawing:
    """The day's start board alone (``sheet --split``), its frame included."""
    size = 4 * ZODIAC_SIZE
    return Drawing(size + 24, size + 24, tuple(zodiac_board_items(start, 12, 12, size)), background=None)
