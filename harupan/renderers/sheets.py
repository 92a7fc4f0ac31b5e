"""What every print page shares: the paper sizes, the frame (a title, a subtitle, a rule under
them, a footer), the choice of orientation, and the day as a Korean reader writes it.

Units are pixels at 300 dpi: A4 is 2480 × 3508, Letter 2550 × 3300. Each game draws its own
pages from these (renderers/games/<name>/sheets.py). Every sentence here is ours, in Korean.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine.dates import WEEKDAYS_KO
from .fonts import font
from .model import Circle, Drawing, Line, Polygon, Primitive, RoundRect, Text
from .palette import INK, MUTED, OUTLINE, RULE

DPI = 300
PAPERS = {"a4": (2480, 3508), "letter": (2550, 3300), "a3": (3508, 4961), "tabloid": (3300, 5100)}
PAPER_KO = {"a4": "A4", "letter": "레터", "a3": "A3", "tabloid": "타블로이드(11×17인치)"}
LARGER = {"a4": "a3", "letter": "tabloid"}  # where large print goes when a page's tiles do not fit its paper
MARGIN = 150  # the page's margin on every side
TOP = 420  # where a page's content starts, under its frame
LARGE_TEXT = 67.0  # large print's smallest text: 16 pt (RNIB's floor) is 66.7 px at 300 dpi
LARGE_TILE = 14 * DPI / 25.4  # large print's narrowest tile or card: 14 mm (165.4 px)
LARGE_SIDE = 80  # large print's side margin (6.8 mm) for words: the board's row numbers keep it too
# The room (4.2 mm) a large-print Shisen-sho board's box keeps from the paper's edges where
# LARGE_SIDE would leave its tiles under 14 mm (an 18-wide board on Tabloid). The box holds 0.6 of
# a tile on the left for the row numbers, which keep LARGE_SIDE, and its tiles end a few units short
# of its right side: they come no nearer either edge than 5 mm (tests/test_print_large.py).
LARGE_BOARD_SIDE = 50
LARGE_GRID = 20  # large print's scales in twentieths: it is a PDF only, never drawn on the PNG's pixel grid
LARGE_LINE = 1.75  # how much thicker large print draws the page's lines and box edges


@dataclass(frozen=True)
class PrintOptions:
    """How a print set is asked for: the paper, the easy view, large print (readers with low
    vision: text of 16 pt and more, tiles 14 mm wide, thicker lines, no grey text)."""

    paper: str = "a4"
    easy: bool = False
    large: bool = False

    def text(self, size: float) -> float:
        """A text size on the sheet, raised to large print's floor when asked."""
        return max(size, LARGE_TEXT) if self.large else size

    def step(self, size: float, step: float) -> float:
        """The distance between two lines of ``size`` text drawn ``step`` apart in ordinary print."""
        return max(step, self.text(size) * 1.45) if self.large else step

    def papers(self) -> tuple[str, ...]:
        """The papers a page may take, the asked one first: large print may go one size up
        (A4 to A3, Letter to Tabloid) where the asked paper cannot hold its tiles at 14 mm."""
        return (self.paper, LARGER[self.paper]) if self.large and self.paper in LARGER else (self.paper,)

    def on(self, paper: str) -> PrintOptions:
        return replace(self, paper=paper)

    def note(self) -> str:
        """What a large-print page says of itself in its subtitle: large print, and on which paper."""
        return f"큰 글씨 · {PAPER_KO[self.paper]} 용지" if self.large else ""


def min_scale(unit_w: float, grid: int = 5) -> float:
    """The smallest scale, in steps of 1/``grid``, that draws a tile ``unit_w`` units wide at 14 mm or more."""
    return math.ceil(LARGE_TILE / unit_w * grid) / grid


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size``. It breaks after a `` · `` where it
    can (the figures lines list their measures so), else between words (Korean breaks at spaces
    as well); a word wider than the line stands alone."""
    def fits(line: str) -> bool:
        return font("sans").width(line, size) <= width

    chunks: list[list[str]] = [[]]  # runs of words, each but the last ending in its ·
    for word in text.split(" "):
        if word == "·" and chunks[-1]:
            chunks[-1][-1] += " ·"
            chunks.append([])
        else:
            chunks[-1].append(word)
    lines: list[str] = []
    for chunk in (c for c in chunks if c):
        piece = " ".join(chunk)
        if lines and fits(lines[-1] + " " + piece):
            lines[-1] += " " + piece
        elif fits(piece):
            lines.append(piece)
        else:
            for word in chunk:
                if lines and fits(lines[-1] + " " + word):
                    lines[-1] += " " + word
                else:
                    lines.append(word)
    return lines


def text_lines(opts: PrintOptions, x: float, y: float, lines: tuple[str, ...] | list[str], size: float, step: float,
               colour: str, width: float) -> tuple[list[Primitive], float]:
    """Lines of text from (x, y) down, each ``step`` apart (large print: re-wrapped to ``width``
    at its larger size, farther apart); returns them and the y under the last."""
    items: list[Primitive] = []
    size, step = opts.text(size), opts.step(size, step)
    for line in lines:
        for part in (wrap(line, size, width) if opts.large else [line]):
            items.append(Text(x, y, part, size, colour, align="start"))
            y += step
    return items, y


def block_height(opts: PrintOptions, lines: tuple[str, ...] | list[str], size: float, step: float,
                 width: float) -> float:
    """How tall :func:`text_lines` draws ``lines``."""
    return text_lines(opts, 0, 0, lines, size, step, INK, width)[1]


def _largen(p: Primitive) -> Primitive:
    if isinstance(p, Text):
        return replace(p, fill=INK) if p.fill == MUTED else p
    if isinstance(p, (Line, RoundRect, Circle, Polygon)) and p.stroke is not None:
        stroke = OUTLINE if p.stroke == RULE else p.stroke
        return replace(p, stroke=stroke, width=p.width * LARGE_LINE)
    return p


def large_print(d: Drawing) -> Drawing:
    """A page in large print's contrast: its grey text in ink, its lines and box edges thicker and
    darker. Tile and card pictures (each a Use) stay as drawn: they are the site's art."""
    return Drawing(d.width, d.height, tuple(_largen(p) for p in d.items), d.background)


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


def fit_page(paper: str, board_w: float, board_h: float, reserve_h: float | Callable[[float], float],
             side: float = MARGIN, grid: int = 5) -> tuple[Frame, float]:
    """Portrait or landscape, whichever draws a board (``board_w`` x ``board_h`` units) at the
    larger scale on the sheet's grid (fifths, or 1/``grid``); on a tie, the orientation of the board.
    ``reserve_h`` may depend on the page's width; ``side`` is the room the board leaves at the
    left and right edges. Returns the frame and that scale."""
    w, h = PAPERS[paper]

    def scale(pw: float, ph: float) -> float:
        reserve = reserve_h(pw) if callable(reserve_h) else reserve_h
        aw, ah = pw - 2 * side, ph - 2 * MARGIN - reserve
        return math.floor(min(aw / board_w, ah / board_h) * grid) / grid

    land, port = scale(h, w), scale(w, h)
    if land > port or (land == port and board_w > board_h):
        return Frame(h, w, True), land
    return Frame(w, h, False), port


def header_items(frame: Frame, title: str, subtitle: str, opts: PrintOptions | None = None) -> list[Primitive]:
    """A page's title, its subtitle (the day, the level; in large print, that it is and its paper)
    and the rule under them."""
    large = opts is not None and opts.large
    if large and opts is not None:
        subtitle = " · ".join(x for x in (subtitle, opts.note()) if x)
    return [Text(MARGIN, 190, title, 84, INK, align="start"),
            Text(MARGIN, 300 if not large else 305, subtitle, 52 if not large else LARGE_TEXT, MUTED, align="start"),
            Line(((MARGIN, 360), (frame.width - MARGIN, 360)), RULE, 4)]


def footer_items(frame: Frame, text: str, opts: PrintOptions | None = None) -> list[Primitive]:
    """The page's footer, bottom right; in large print one line higher, clear of a booklet's
    running footer (its page number and day, as large)."""
    large = opts is not None and opts.large
    return [Text(frame.width - MARGIN, frame.height - (LARGE_FOOT if large else FOOT), text,
                 LARGE_TEXT if large else 36, MUTED, align="end")]


FOOT = 100  # a page's footer, above the page's bottom edge
LARGE_FOOT = 200  # a large-print page's footer, above the page's bottom edge
LARGE_BOTTOM = 300  # where a large-print page's content ends, above the page's bottom edge


def sheet_title(day: _dt.date) -> str:
    """A day's print set as its PDF names itself (the document title a reader's window shows)."""
    return f"하루 판 · {day_ko(day)}"


KEYS_BEHIND = "정답은 뒤쪽에 있습니다 · harupan"  # a puzzle page's footer: its answer key is at the back


def frame_text() -> str:
    """Every fixed character the frame and the dates can draw, for the glyph check."""
    large = PrintOptions(large=True)
    papers = "".join(large.on(p).note() for p in PAPERS)
    return "".join(WEEKDAYS_KO) + "년월일 " + KEYS_BEHIND + "0123456789" + papers
