"""One puzzle per file (``sheet --split``): each game's puzzles and answer keys drawn alone, at a
newspaper's column width, as a PDF and an SVG each, with a manifest of what was made.

A file holds the game's panel (:class:`~.games.base.Panel`: the board or hand the player needs)
scaled to the asked width, its title, the date and level in small type above it and one line of
rules under it: no page frame, nothing closer than :data:`INSET` to the edge, so a page designer
may crop or place it as it comes. The width is exact; the height follows the panel. Units are
those of renderers/sheets.py (300 dpi); the pipeline names no game.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from ..engine.errors import InputError
from .fonts import font
from .games.base import Panel, day_views, print_pdf
from .model import Drawing, Line, Primitive, Text, Use, place
from .palette import INK, MUTED
from .pdf import print_grey
from .sheets import DPI, PrintOptions, day_ko, wrap
from .svg import render_svg

MM = DPI / 25.4  # drawing units in a millimetre
PT = DPI / 72  # drawing units in a point
# The newspaper column grid ``--width Ncol`` names: a six-column broadsheet page 296 mm wide
# (6 columns of 46 mm and 5 gutters of 4 mm; tabloids of five columns use the same measure), a
# panel of N columns spanning N columns and the N - 1 gutters between them.
COLUMN_MM, GUTTER_MM = 46.0, 4.0
COLUMNS = {f"{n}col": n * COLUMN_MM + (n - 1) * GUTTER_MM for n in (2, 3, 4)}
MIN_WIDTH_MM, MAX_WIDTH_MM = 40.0, 300.0  # narrower draws Shisen-sho's tiles under 2 mm; wider is a page
INSET = 2.5 * MM  # the crop-safe inner margin: nothing is drawn closer to the edge
TITLE_PT, SMALL_PT = 8.0, 6.5  # the title's size, and the date's, the level's and the rule's


def parse_width(text: str) -> float:
    """``--width`` in millimetres: a number (``80``, ``80mm``) or a column count of :data:`COLUMNS`."""
    value = text.strip().lower()
    if value in COLUMNS:
        return COLUMNS[value]
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?:mm)?", value)
    if m is None:
        raise InputError(f"--width {text!r} is not a width in millimetres (80, 80mm) or {', '.join(COLUMNS)}")
    mm = float(m[1])
    if not MIN_WIDTH_MM <= mm <= MAX_WIDTH_MM:
        raise InputError(f"--width {text!r} is outside {MIN_WIDTH_MM:g}-{MAX_WIDTH_MM:g} mm")
    return mm


@dataclass(frozen=True)
class SplitFile:
    """One file of the split: its name (without the suffix), its day and its drawing."""

    stem: str
    day: _dt.date
    title: str
    drawing: Drawing


def meta_text(day: _dt.date, panel: Panel) -> str:
    """The small type above a panel: the day, and the level where the game has levels."""
    return " · ".join(x for x in (day_ko(day), f"난이도 {panel.level}" if panel.level else "") if x)


def panel_drawing(day: _dt.date, panel: Panel, width_mm: float) -> Drawing:
    """A panel at ``width_mm``: the title and the day (and level) on one line (two where one
    does not hold them), the panel scaled to the width inside the inset, the rule under it."""
    width = width_mm * MM
    inner = width - 2 * INSET
    title_size, small = TITLE_PT * PT, SMALL_PT * PT
    meta = meta_text(day, panel)
    items: list[Primitive] = []
    y = INSET + title_size * 0.6
    items.append(Text(INSET, y, panel.title, title_size, INK, align="start"))
    gap = 2 * small
    if font("sans").width(panel.title, title_size) + gap + font("sans").width(meta, small) <= inner:
        items.append(Text(width - INSET, y, meta, small, MUTED, align="end"))
    else:
        y += title_size * 0.6 + small * 0.75
        items.append(Text(INSET, y, meta, small, MUTED, align="start"))
    y += small * 0.9
    d = panel.drawing
    s = inner / d.width
    items += place(d.items, INSET, y, s)
    y += d.height * s
    for line in wrap(panel.rule, small, inner) if panel.rule else []:
        y += small * 1.35
        items.append(Text(INSET, y, line, small, MUTED, align="start"))
    y += small * 0.6 if panel.rule else 0
    return Drawing(width, y + INSET, tuple(items), background=None)  # no ground: it sits on the newspaper's page


def split_files(days: Sequence[tuple[_dt.date, Mapping[str, object]]], width_mm: float, easy: bool = False,
                games: Collection[str] | None = None) -> list[SplitFile]:
    """Every panel of ``days`` (each day's parts by game name, in date order) at ``width_mm``:
    by day, each day's puzzles in page order, then its keys. ``games`` keeps only those games."""
    opts = PrintOptions(easy=easy)
    out: list[SplitFile] = []
    for day, parts in days:
        panels = [p for v in day_views(parts) if games is None or v.name in games
                  for p in v.panels(day, parts[v.name], opts)]
        for p in [p for p in panels if not p.is_key] + [p for p in panels if p.is_key]:
            stem = "-".join((day.isoformat(), *p.name)) + ("-key" if p.is_key else "")
            title = " · ".join(x for x in ("하루 판", p.title, meta_text(day, p)) if x)
            out.append(SplitFile(stem, day, title, panel_drawing(day, p, width_mm)))
    if not out:
        raise InputError(f"no puzzle of {', '.join(sorted(games or ()))} on those days: nothing to print")
    stems = [f.stem for f in out]
    if len(set(stems)) != len(stems):
        raise ValueError(f"two panels share a name: {sorted(s for s in stems if stems.count(s) > 1)}")
    return out


def _grey(colour: str | None) -> str | None:
    if colour is None or not colour.startswith("#") or len(colour) != 7:
        return colour
    v = round(255 * print_grey(colour))
    return f"#{v:02X}{v:02X}{v:02X}"


def grey_items(items: Sequence[Primitive]) -> tuple[Primitive, ...]:
    """The primitives with every colour as the grey ``--mono`` prints it (the PDF's own mapping),
    for the SVG: the two files of a panel then print alike."""
    out: list[Primitive] = []
    for p in items:
        if isinstance(p, Use):
            out.append(replace(p, items=grey_items(p.items)))
        elif isinstance(p, Text):
            out.append(replace(p, fill=_grey(p.fill) or p.fill))
        elif isinstance(p, Line):
            out.append(replace(p, stroke=_grey(p.stroke) or p.stroke))
        else:
            out.append(replace(p, fill=_grey(p.fill), stroke=_grey(p.stroke)))
    return tuple(out)


def mm_text(units: float) -> str:
    return f"{units / MM:.2f}".rstrip("0").rstrip(".")


def file_bytes(f: SplitFile, mono: bool = False) -> dict[str, bytes]:
    """The panel's PDF (in the print sets' repertoire; ``mono``: grey only) and SVG (sized in mm)."""
    d = f.drawing
    svg_d = Drawing(d.width, d.height, grey_items(d.items), d.background) if mono else d
    svg = render_svg(svg_d, title=f.title, width=f"{mm_text(d.width)}mm", height=f"{mm_text(d.height)}mm")
    return {f"{f.stem}.pdf": print_pdf([(f.title, d)], f.title, mono), f"{f.stem}.svg": svg.encode("utf-8")}


def manifest(files: Mapping[str, bytes], sizes: Mapping[str, Drawing]) -> bytes:
    """The manifest of a split: every file written, in the order written, with its sha256 and its
    size in millimetres (``sizes``: each file's drawing)."""
    rows = [{"file": name, "sha256": hashlib.sha256(data).hexdigest(),
             "width_mm": round(sizes[name].width / MM, 2), "height_mm": round(sizes[name].height / MM, 2)}
            for name, data in files.items()]
    return (json.dumps({"files": rows}, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
