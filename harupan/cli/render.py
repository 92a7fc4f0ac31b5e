"""``harupan render`` and ``harupan sheet``: PNG, PDF, HTML and SVG from puzzle JSON or a date."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path

import click

from ..engine.errors import InputError
from ..engine.schema import load_json
from ..generator.games import game_for_file
from ..publish.atomic import ensure_dir, write_atomic
from ..publish.output import output_target, write_output
from ..renderers.fonts import use_font
from ..renderers.html import sheet_html
from ..renderers.pdf import render_pdf
from ..renderers.raster import png_bytes, render_image
from ..renderers.booklet import booklet, pack_title
from ..renderers.games import print_pdf, print_set, view, views
from ..renderers.sheets import DPI, sheet_title
from ..renderers.split import file_bytes, manifest, parse_width, split_files
from ..renderers.svg import render_svg
from ..publish.check import require_site
from ..publish.config import load_config
from ..publish.pack import pack_days
from .base import DATE, read_input
from .daily import default_jobs, game_flags

PAPER = click.Choice(["a4", "letter"])


def check_output(out: str) -> Path | None:
    """The file ``-o`` names (None: standard output); see publish/output.py for the rules."""
    return output_target(out)


def finish(path: Path | None, out: str, data: bytes) -> None:
    write_output(path, data)
    if path is not None:
        click.echo(f"wrote {out}")


def _load(file: str) -> tuple[str, object]:
    """The game whose file it is (by its JSON's format: generator/games ``game_for_file``) and the
    value its view draws (the game's ``read_file``)."""
    text, name = read_input(file)
    data = load_json(text, source=name) if text.lstrip().startswith("{") else None
    try:
        g = game_for_file(data)
    except InputError as e:
        raise InputError(str(e), source=name) from None
    return g.name, g.read_file(text, data, name)


@click.command("render")
@click.argument("file")
@click.option("--format", "fmt", type=click.Choice(["png", "pdf", "html", "svg"]), required=True)
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--answers", is_flag=True, help="The answer key too, where the game has one (after the puzzle in PDF and "
              "HTML; the key alone in PNG and SVG).")
@click.option("--easy", is_flag=True, help="The easy view, where the game has one (suit colour and a Korean label on "
              "every tile).")
@click.option("--share", is_flag=True, help="The share image instead of the print page, where the game has one "
              "(1200x630).")
@click.option("--font", "font_file", default=None, help="A font file to use instead of the bundled Noto fonts.")
@click.option("-o", "--output", "out", required=True,
              help="The file to write (a regular file or a new path; - for standard output).")
def render_cmd(file: str, fmt: str, paper: str, answers: bool, easy: bool, share: bool, font_file: str | None,
               out: str) -> None:
    """Render a game's file (detected from its JSON's "format"; any other file goes to the first game that
    reads files) as PNG, PDF, HTML or SVG."""
    path = check_output(out)
    use_font(font_file)
    kind, data = _load(file)
    try:
        title, pages, single, print_dpi = view(kind).file_pages(data, paper, easy, answers, share)
    except InputError as e:
        raise InputError(str(e), source=file) from None
    if fmt == "png":
        data_out = png_bytes(render_image(single), dpi=DPI if print_dpi else None)
    elif fmt == "svg":
        data_out = render_svg(single, title=title).encode("utf-8")
    elif fmt == "pdf":
        data_out = render_pdf([d for _, d in pages], title=title)
    else:
        data_out = sheet_html(pages, title, paper).encode("utf-8")
    finish(path, out, data_out)


class MonthParam(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2; plain before
    """YYYY-MM on the command line, made the month's first day here."""

    name = "YYYY-MM"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> dt.date:
        if isinstance(value, dt.date):
            return value
        text = str(value)
        m = re.fullmatch(r"(\d{4})-(\d{2})", text)
        if m is None or not 1 <= int(m[2]) <= 12 or int(m[1]) < 1:
            raise InputError(f"month {text!r} is not YYYY-MM (given to --month)")
        return dt.date(int(m[1]), int(m[2]), 1)


def pack_dates(date: dt.date | None, start: dt.date | None, end: dt.date | None, week: dt.date | None,
               month: dt.date | None) -> list[dt.date]:
    """The days one of --date, --from/--to, --week or --month names, in order."""
    given = [name for name, v in (("--date", date), ("--from", start), ("--week", week), ("--month", month))
             if v is not None]
    if len(given) != 1:
        raise InputError("give one of --date, --from (with --to), --week or --month"
                         + (f", not {' and '.join(given)}" if given else ""))
    if end is not None and start is None:
        raise InputError("--to needs --from")
    if date is not None:
        return [date]
    if week is not None:
        start, end = week - dt.timedelta(days=week.weekday()), week + dt.timedelta(days=6 - week.weekday())
    elif month is not None:
        following = dt.date(month.year + month.month // 12, month.month % 12 + 1, 1)
        start, end = month, following - dt.timedelta(days=1)
    assert start is not None
    end = end or start
    if end < start:
        raise InputError(f"--to {end} is before --from {start}")
    if (end - start).days >= MAX_PACK_DAYS:
        raise InputError(f"a pack of more than {MAX_PACK_DAYS} days is refused ({start} to {end}); make one a month")
    return [start + dt.timedelta(days=i) for i in range((end - start).days + 1)]


MAX_PACK_DAYS = 62  # two months: a pack is printed, and a year of pages in one file helps nobody


@click.command("sheet", epilog=f"""\b
Examples:
  harupan sheet --date 2026-12-07 -o day.pdf
  harupan sheet --week 2026-12-07 --site site -o week.pdf
  harupan sheet --month 2027-01 --site site --game {views()[0].name} -o january.pdf
  harupan sheet --from 2026-12-07 --to 2026-12-20 --paper letter -o two-weeks.pdf
  harupan sheet --week 2026-12-07 --mono -o week-grey.pdf
  harupan sheet --date 2026-12-07 --large -o day-large.pdf
  harupan sheet --week 2026-12-07 --site site --split week-2col --width 2col
  harupan sheet --date 2026-12-07 --split day --width 80 --mono""")
@click.option("--date", "date", type=DATE, default=None, help="One day, YYYY-MM-DD: that day's sheet.")
@click.option("--from", "start", type=DATE, default=None, help="A pack's first day, YYYY-MM-DD.")
@click.option("--to", "end", type=DATE, default=None, help="A pack's last day, YYYY-MM-DD (default: --from).")
@click.option("--week", type=DATE, default=None, help="A pack of the week (Monday to Sunday) that holds this day.")
@click.option("--month", type=MonthParam(), default=None, help="A pack of this month, YYYY-MM.")
@click.option("--site", type=click.Path(file_okay=False), default=None,
              help="Take the days as this site publishes them: a published day as it was published, a later one "
              "from the parts 'harupan prepare' kept (default: made here, as 'daily' would make them).")
@click.option("--game", "game_names", multiple=True, type=click.Choice([v.name for v in views()]),
              help="Only this game (repeat for more; default: every game of the day).")
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--easy", is_flag=True, help="Easy view: suit colour and a Korean label on every tile.")
@click.option("--mono", is_flag=True, help="Black and white: every colour printed as its grey (no colour in the "
              "PDF), for a photocopier; tiles and cards stay apart by their shapes and marks.")
@click.option("--large", is_flag=True, help="Large print, for readers with low vision: text of 16 pt and more, "
              "the words on tiles and cards too, tiles and cards 14 mm wide or more, thicker lines, no grey text. A page "
              "whose tiles do not fit the paper at that size goes one size up (A4 to A3, Letter to Tabloid) and "
              "says so in its subtitle.")
@click.option("--split", "split_dir", type=click.Path(), default=None,
              help="One file per puzzle and per answer key instead of one PDF: into this folder, a PDF and an SVG "
              "each at --width, named by date, game and level, and manifest.json listing them with their hashes.")
@click.option("--width", "width", default=None, metavar="MM|2col|3col|4col",
              help="--split's width: millimetres (80) or newspaper columns (2col = 96 mm, 3col = 146 mm, "
              "4col = 196 mm; default 2col).")
@click.option("--font", "font_file", default=None, help="A font file to use instead of the bundled Noto fonts.")
@game_flags
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Days made side by side (default: the processor count, at most 4).")
@click.option("-o", "--output", "out", default=None,
              help="OUT.pdf (or OUT.html for one day's HTML sheet); - writes the PDF to standard output. "
              "Required, but for --split.")
def sheet_cmd(date: dt.date | None, start: dt.date | None, end: dt.date | None, week: dt.date | None,
              month: dt.date | None, site: str | None, game_names: tuple[str, ...], paper: str, easy: bool,
              mono: bool, large: bool, split_dir: str | None, width: str | None, font_file: str | None,
              jobs: int | None, out: str | None, **flags: str | None) -> None:
    """A day's print set (every game's pages, then their answer keys), or a pack of many days in one
    booklet: a cover with a table of contents, every day's puzzles in date order, then every answer
    key, each page numbered with its day in the footer.

    The puzzles are the ones 'daily' publishes on those dates (with --site: exactly the site's).
    With --split, each puzzle and key is a file of its own at a newspaper's width instead."""
    if split_dir is not None:
        split_cmd(date, start, end, week, month, site, game_names, easy, mono, large, split_dir, width, font_file,
                  jobs, out, flags)
        return
    if width is not None:
        raise InputError("--width is --split's width: give --split DIR too")
    if out is None:
        raise InputError("give -o OUT.pdf (or --split DIR)")
    path = check_output(out)
    dates = pack_dates(date, start, end, week, month)
    html = Path(out).suffix.lower() == ".html"
    if path is not None and Path(out).suffix.lower() not in (".pdf", ".html"):
        raise InputError(f"output {out!r} must end in .pdf or .html")
    if html and mono:
        raise InputError(f"--mono is for the PDF: give -o a name ending in .pdf, not {out!r}")
    if html and large:
        raise InputError(f"--large is for the PDF (its pages take more than one paper size): give -o a name ending "
                         f"in .pdf, not {out!r}")
    if html and date is None:
        raise InputError(f"a pack of days is a PDF: give -o a name ending in .pdf, not {out!r}")
    use_font(font_file)
    cfg = load_config(options_given=dict(flags))
    folder = require_site(Path(site), "nothing was read") if site is not None else None
    days = pack_days(folder, dates, cfg, jobs or default_jobs())
    games = set(game_names) or None
    if date is not None:
        bundle = days[0][0]
        pages = print_set(date, bundle.parts, paper, easy, large, games)
        if html:
            data = sheet_html(pages, f"하루 판 · {date}", paper).encode("utf-8")
        else:
            data = print_pdf(pages, sheet_title(date), mono)
    else:
        pack = booklet([(b.date, b.parts) for b, _ in days], paper, easy, games, large)
        data = print_pdf([(p.title, p.drawing) for p in pack], pack_title(dates[0], dates[-1]), mono)
    finish(path, out, data)


def split_cmd(date: dt.date | None, start: dt.date | None, end: dt.date | None, week: dt.date | None,
              month: dt.date | None, site: str | None, game_names: tuple[str, ...], easy: bool, mono: bool,
              large: bool, split_dir: str, width: str | None, font_file: str | None, jobs: int | None,
              out: str | None, flags: Mapping[str, str | None]) -> None:
    """``sheet --split DIR``: every panel of the days into DIR (renderers/split.py), then the manifest."""
    if out is not None:
        raise InputError("--split writes into its folder: give -o or --split, not both")
    if large:
        raise InputError("--large is for pages: a --split file is as wide as its newspaper column")
    width_mm = parse_width(width or "2col")
    dates = pack_dates(date, start, end, week, month)
    folder = Path(split_dir)
    ensure_dir(folder)
    use_font(font_file)
    cfg = load_config(options_given=dict(flags))
    source = require_site(Path(site), "nothing was read") if site is not None else None
    days = pack_days(source, dates, cfg, jobs or default_jobs())
    files = split_files([(b.date, b.parts) for b, _ in days], width_mm, easy, set(game_names) or None)
    written: dict[str, bytes] = {}
    sizes = {}
    for f in files:
        for name, data in file_bytes(f, mono).items():
            write_atomic(folder / name, data)
            written[name] = data
            sizes[name] = f.drawing
    write_atomic(folder / "manifest.json", manifest(written, sizes))
    click.echo(f"wrote {len(written)} files and manifest.json into {split_dir} ({width_mm:g} mm wide)")
