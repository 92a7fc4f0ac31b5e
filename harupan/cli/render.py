"""``harupan render`` and ``harupan sheet``: PNG, PDF, HTML and SVG from puzzle JSON or a date."""

from __future__ import annotations

from pathlib import Path

import click

from ..engine.errors import InputError
from ..engine.schema import Field, check
from ..engine.shisen import parse_any
from ..engine.shisen.board import layout_from_dict, layout_to_dict, load_json
from ..engine.zodiac import FORMAT as ZODIAC_FORMAT
from ..engine.zodiac import check_cells
from ..generator.daily import day_bundle
from ..publish.output import output_target, write_output
from ..renderers.fonts import use_font
from ..renderers.html import sheet_html
from ..renderers.pdf import render_pdf
from ..renderers.raster import png_bytes, render_image
from ..renderers.games import print_set
from ..renderers.sheets import DPI, shisen_page, zodiac_page, zodiac_share
from ..renderers.svg import render_svg
from .base import DATE, read_input

PAPER = click.Choice(["a4", "letter"])


def check_output(out: str) -> Path | None:
    """The file ``-o`` names (None: standard output); see publish/output.py for the rules."""
    return output_target(out)


def finish(path: Path | None, out: str, data: bytes) -> None:
    write_output(path, data)
    if path is not None:
        click.echo(f"wrote {out}")


def _load(file: str) -> tuple[str, dict]:
    """('shisen', layout dict) or ('zodiac', {'date', 'start'}), by the JSON's format."""
    text, name = read_input(file)
    if not text.lstrip().startswith("{"):
        return "shisen", layout_to_dict(parse_any(text, source=name))
    data = load_json(text, source=name)
    if isinstance(data, dict) and data.get("format") == ZODIAC_FORMAT:
        if not isinstance(data.get("start"), list):
            raise InputError(f"{name}: a zodiac file needs 'start', 16 ranks")
        if data.get("date") is not None:
            check(data["date"], Field("date"), f"{name}: date")
        return "zodiac", {"date": data.get("date"), "start": check_cells(data["start"], source=name)}
    return "shisen", layout_to_dict(layout_from_dict(data, source=name))


@click.command("render")
@click.argument("file")
@click.option("--format", "fmt", type=click.Choice(["png", "pdf", "html", "svg"]), required=True)
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--answers", is_flag=True, help="Shisen-sho: the answer key (after the puzzle in PDF and HTML).")
@click.option("--easy", is_flag=True, help="Easy view: suit colour and a Korean label on every tile.")
@click.option("--share", is_flag=True, help="Zodiac: the 1200x630 share image instead of the print card.")
@click.option("--font", "font_file", default=None, help="A font file to use instead of the bundled Noto fonts.")
@click.option("-o", "--output", "out", required=True,
              help="The file to write (a regular file or a new path; - for standard output).")
def render_cmd(file, fmt, paper, answers, easy, share, font_file, out) -> None:
    """Render a Shisen-sho or zodiac JSON file (detected from its format) as PNG, PDF, HTML or SVG."""
    path = check_output(out)
    use_font(font_file)
    kind, data = _load(file)
    if kind == "shisen":
        puzzle = shisen_page(data, paper, easy=easy)
        answer = shisen_page(data, paper, easy=easy, answers=True) if answers else None
        pages = [("사천성 문제", puzzle)] + ([("사천성 정답", answer)] if answer else [])
        single = answer if (answer is not None and fmt in ("png", "svg")) else puzzle
        title = "하루 판 · 사천성"
    else:
        single = zodiac_share(data) if share else zodiac_page(data, paper)
        pages = [("십이지 머지 시작 판", single)]
        title = "하루 판 · 십이지 머지"
    if fmt == "png":
        data_out = png_bytes(render_image(single), dpi=None if share else DPI)
    elif fmt == "svg":
        data_out = render_svg(single, title=title).encode("utf-8")
    elif fmt == "pdf":
        data_out = render_pdf([d for _, d in pages], title="harupan")
    else:
        data_out = sheet_html(pages, title, paper).encode("utf-8")
    finish(path, out, data_out)


@click.command("sheet")
@click.option("--date", "date", type=DATE, required=True, help="The day, YYYY-MM-DD.")
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--easy", is_flag=True, help="Easy view: suit colour and a Korean label on every tile.")
@click.option("--font", "font_file", default=None, help="A font file to use instead of the bundled Noto fonts.")
@click.option("-o", "--output", "out", required=True,
              help="OUT.pdf (or OUT.html for the HTML sheet); - writes the PDF to standard output.")
def sheet_cmd(date, paper, easy, font_file, out) -> None:
    """The day's whole print set: puzzles, the zodiac card, then the answer keys."""
    path = check_output(out)
    if path is not None and Path(out).suffix.lower() not in (".pdf", ".html"):
        raise InputError(f"output {out!r} must end in .pdf or .html")
    use_font(font_file)
    pages = print_set(day_bundle(date).to_json(), paper, easy)
    if Path(out).suffix.lower() != ".html":  # PDF, also for -o -
        data = render_pdf([d for _, d in pages], title=f"harupan {date}")
    else:
        data = sheet_html(pages, f"하루 판 · {date}", paper).encode("utf-8")
    finish(path, out, data)
