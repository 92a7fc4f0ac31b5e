"""``harupan render`` and ``harupan sheet``: PNG, PDF, HTML and SVG from puzzle JSON or a date."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from ..engine.errors import InputError
from ..engine.schema import load_json
from ..generator.daily import day_bundle
from ..generator.games import game_for_file
from ..publish.output import output_target, write_output
from ..renderers.fonts import use_font
from ..renderers.html import sheet_html
from ..renderers.pdf import render_pdf
from ..renderers.raster import png_bytes, render_image
from ..renderers.games import print_set, view
from ..renderers.sheets import DPI, sheet_title
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


@click.command("sheet")
@click.option("--date", "date", type=DATE, required=True, help="The day, YYYY-MM-DD.")
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--easy", is_flag=True, help="Easy view: suit colour and a Korean label on every tile.")
@click.option("--font", "font_file", default=None, help="A font file to use instead of the bundled Noto fonts.")
@click.option("-o", "--output", "out", required=True,
              help="OUT.pdf (or OUT.html for the HTML sheet); - writes the PDF to standard output.")
def sheet_cmd(date: dt.date, paper: str, easy: bool, font_file: str | None, out: str) -> None:
    """The day's whole print set: every game's pages, then their answer keys."""
    path = check_output(out)
    if path is not None and Path(out).suffix.lower() not in (".pdf", ".html"):
        raise InputError(f"output {out!r} must end in .pdf or .html")
    use_font(font_file)
    pages = print_set(date, day_bundle(date).parts, paper, easy)
    if Path(out).suffix.lower() != ".html":  # PDF, also for -o -
        data = render_pdf([d for _, d in pages], title=sheet_title(date))
    else:
        data = sheet_html(pages, f"하루 판 · {date}", paper).encode("utf-8")
    finish(path, out, data)
