"""What every print page shares: the paper sizes, the frame (a title, a subtitle, a rule under
them, a footer), the choice of orientation, and the day as a Korean reader writes it.

Units are pixels at 300 dpi: A4 is 2480 × 3508, Letter 2550 × 3300. Each game draws its own
pages from these (renderers/games/<name>/sheets.py). Every sentence here is ours, in Korean.
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass

from ..engine.dates import WEEKDAYS_KO
from .model import Line, Primitive, Text
from .palette import INK, MUTED, RULE

DPI = 300
PAPERS = {"a4": (2480, 3508), "letter": (2550, 3300)}
MARGIN = 150  # the page's margin on every side
TOP = 420  # where a page's content starts, under its frame


def day_ko(day: _dt.date, *, weekday: bool = True) -> str:
    """The day as a Korean reader writes it: 2026년 12월 1일 화요일."""
    text = f"{day.year}년 {day.month}월 {day.day}일"
    return f"{text} {WEEKDAYS_KO[day.weekday()]}" if weekday else text


@dataclass(frozen=True)
class Frame:
    width: float
    height: float
    landscape: bool


def portrait(paper: str) -> Frame:
    return Frame(*PAPERS[paper], False)


def fit_page(paper: str, board_w: float, board_h: float, reserve_h: float) -> tuple[Frame, float]:
    """Portrait or landscape, whichever draws a board (``board_w`` x ``board_h`` units) at the
    larger scale on the sheet's grid of fifths; on a tie, the orientation of the board.
    Returns the frame and that scale."""
    w, h = PAPERS[paper]

    def scale(pw: float, ph: float) -> float:
        aw, ah = pw - 2 * MARGIN, ph - 2 * MARGIN - reserve_h
        return math.floor(min(aw / board_w, ah / board_h) * 5) / 5

    land, port = scale(h, w), scale(w, h)
    if land > port or (land == port and board_w > board_h):
        return Frame(h, w, True), land
    return Frame(w, h, False), port


def header_items(frame: Frame, title: str, subtitle: str) -> list[Primitive]:
    """A page's title, its subtitle (the day, the level) and the rule under them."""
    return [Text(MARGIN, 190, title, 84, INK, align="start"),
            Text(MARGIN, 300, subtitle, 52, MUTED, align="start"),
            Line(((MARGIN, 360), (frame.width - MARGIN, 360)), RULE, 4)]


def footer_items(frame: Frame, text: str) -> list[Primitive]:
    return [Text(frame.width - MARGIN, frame.height - 100, text, 36, MUTED, align="end")]


def sheet_title(day: _dt.date) -> str:
    """A day's print set as its PDF names itself (the document title a reader's window shows)."""
    return f"하루 판 · {day_ko(day)}"


KEYS_BEHIND = "정답은 뒤쪽에 있습니다 · harupan"  # a puzzle page's footer: its answer key is at the back


def frame_text() -> str:
    """Every fixed character the frame and the dates can draw, for the glyph check."""
    return "".join(WEEKDAYS_KO) + "년월일 " + KEYS_BEHIND + "0123456789"
