"""A print pack: many days in one booklet. A cover with the dates and a table of contents, every
day's puzzles in date order, then every answer key at the back, each page numbered and carrying
its day in a running footer.

The pages are the games' own day pages (the same drawings as one day's sheet), so a pack and the
day's sheet print the same puzzle. Units are those of renderers/sheets.py (300 dpi).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..engine.errors import InputError
from .games.base import Sheet, day_sheets
from .model import Drawing, Line, Primitive, Text
from .palette import INK, MUTED, RULE
from .sheets import FOOT, MARGIN, TOP, PrintOptions, day_ko, header_items, large_print, portrait, text_lines

LINE = 76  # a contents line's height


@dataclass(frozen=True)
class PackPage:
    """One page of the booklet: what it shows, the day it belongs to (None: the cover), its number."""

    title: str
    drawing: Drawing
    day: _dt.date | None
    number: int


def range_ko(first: _dt.date, last: _dt.date) -> str:
    """Two days as a Korean reader writes the span between them, the shared year and month said once:
    2026년 12월 7일 – 13일, 2026년 11월 30일 – 12월 6일, 2026년 12월 28일 – 2027년 1월 3일."""
    start = day_ko(first, weekday=False)
    if first == last:
        return start
    if first.year != last.year:
        return f"{start} – {day_ko(last, weekday=False)}"
    if first.month != last.month:
        return f"{start} – {last.month}월 {last.day}일"
    return f"{start} – {last.day}일"


def pack_title(first: _dt.date, last: _dt.date) -> str:
    """The booklet's name, on its cover and as the PDF's title."""
    return f"하루 판 모음 · {range_ko(first, last)}"


def _footer(d: Drawing, day: _dt.date | None, number: int, opts: PrintOptions) -> Drawing:
    """The page with its number at the bottom centre and, on a day's page, the day at the bottom left."""
    y = d.height - FOOT  # the running footer, where the frame's own footer sits
    extra: list[Primitive] = [Text(d.width / 2, y, f"{number}", opts.text(40), INK)]
    if day is not None:
        extra.append(Text(MARGIN, y, day_ko(day), opts.text(36), INK if opts.large else MUTED, align="start"))
    return Drawing(d.width, d.height, d.items + tuple(extra), d.background)


def _cover(opts: PrintOptions, first: _dt.date, last: _dt.date, rows: Sequence[tuple[_dt.date, int, int, int]],
           first_key: int, one_day: Sequence[str]) -> Drawing:
    """The cover: the span of days, what is inside, and for each day the page of its first puzzle
    and of its first answer key (in large print, in two blocks side by side when a column would
    not hold them)."""
    frame = portrait(opts.paper)
    puzzles = sum(n for _, _, n, _ in rows)
    items: list[Primitive] = header_items(frame, "하루 판 모음", range_ko(first, last), opts)
    width = frame.width - 2 * MARGIN
    lines, y = text_lines(opts, MARGIN, TOP + 60, [f"{len(rows)}일치 문제 {puzzles}쪽, 정답은 {first_key}쪽부터 모아 두었습니다."],
                          48, 80, INK, width)
    items += lines
    lines, y = text_lines(opts, MARGIN, y, ["하루치: " + ", ".join(one_day)], 40, 120, MUTED, width)
    items += lines
    size = opts.text(40 if len(rows) <= 31 else 30)
    step = opts.step(size, LINE if len(rows) <= 31 else LINE * 0.7)
    room = frame.height - 2 * MARGIN - y - 50 - LINE
    blocks = 1 if not opts.large or len(rows) * step <= room else 2
    per_block = -(-len(rows) // blocks)
    block_w = (width - 160 * (blocks - 1)) / blocks
    for b in range(blocks):
        left = MARGIN + b * (block_w + 160)
        right = left + block_w
        columns = (left, right - (560 if blocks == 1 else 2 * size * 2.4), right)  # day | puzzles from | keys from
        by = y
        items += [Text(columns[0], by, "날짜", opts.text(40), MUTED, align="start"),
                  Text(columns[1], by, "문제", opts.text(40), MUTED, align="end"),
                  Text(columns[2], by, "정답", opts.text(40), MUTED, align="end")]
        by += opts.step(40, 50)
        items.append(Line(((left, by), (right, by)), RULE, 3))
        by += LINE * 0.8
        for day, front, _, back in rows[b * per_block:(b + 1) * per_block]:
            # two blocks: the day without its year and weekday (the cover's span gives the year)
            when = day_ko(day) if blocks == 1 else f"{day.month}월 {day.day}일"
            items += [Text(columns[0], by, when, size, INK, align="start"),
                      Text(columns[1], by, f"{front}쪽", size, INK, align="end"),
                      Text(columns[2], by, f"{back}쪽", size, INK, align="end")]
            by += step
    d = Drawing(frame.width, frame.height, tuple(items))
    return large_print(d) if opts.large else d


def booklet(days: Sequence[tuple[_dt.date, Mapping[str, object]]], paper: str = "a4", easy: bool = False,
            games: Collection[str] | None = None, large: bool = False) -> list[PackPage]:
    """The booklet of ``days`` (each day's parts by game name, in date order): the cover, the
    puzzles of every day, then the answer keys of every day. ``games`` keeps only those games."""
    if not days:
        raise ValueError("a booklet of no days")
    fronts: list[tuple[_dt.date, Sheet]] = []
    backs: list[tuple[_dt.date, Sheet]] = []
    rows_of: dict[_dt.date, list[int]] = {}
    opts = PrintOptions(paper, easy, large)
    for day, parts in days:
        front, back = day_sheets(day, parts, opts, games)
        fronts += [(day, s) for s in front]
        backs += [(day, s) for s in back]
    if not fronts:
        raise InputError(f"no puzzle of {', '.join(sorted(games or ()))} on those days: nothing to print")
    first_front = 2  # the cover is page 1
    first_key = first_front + len(fronts)
    for n, (day, _) in enumerate(fronts, first_front):
        rows_of.setdefault(day, [n, 0, 0])[1] += 1
    for n, (day, _) in enumerate(backs, first_key):
        row = rows_of.setdefault(day, [0, 0, n])
        if not row[2]:
            row[2] = n
    rows = [(day, r[0], r[1], r[2]) for day, r in rows_of.items()]
    first, last = days[0][0], days[-1][0]
    pages = [PackPage(pack_title(first, last), _cover(opts, first, last, rows, first_key,
                                                             [t for d, (t, _) in fronts if d == fronts[0][0]]), None, 1)]
    for n, (day, (title, drawing)) in enumerate(fronts + backs, first_front):
        pages.append(PackPage(title, _footer(drawing, day, n, opts), day, n))
    return pages
