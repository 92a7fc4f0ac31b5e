"""HTML from Jinja2 templates (autoescape on); drawings go in as inline SVG built by :mod:`.svg`."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FunctionLoader, PackageLoader, select_autoescape
from markupsafe import Markup

from .model import Drawing
from .svg import render_svg


def _game_template(name: str) -> tuple[str, str | None, Callable[[], bool] | None] | None:
    """A template a game keeps in a folder of its own (a view's ``template_folder``), for a game
    that lives outside this package; the package's templates come first."""
    from .games import views

    for v in views():
        folder = getattr(v, "template_folder", None)
        path = Path(folder, name) if folder else None
        if path is not None and path.is_file():
            mtime = path.stat().st_mtime
            return path.read_text(encoding="utf-8"), str(path), lambda p=path, m=mtime: p.stat().st_mtime == m
    return None


def _rule_links() -> list[tuple[str, str]]:
    """The site nav's game rule pages, as the registered views give them (a template global)."""
    from .games import rule_links

    return rule_links()


def _games_ko(pair: str | None = None) -> str:
    """Every registered game's name as one Korean list, with ``pair``'s particle after it if
    given ("이/가", …): the shared copy (archive lead, default tagline) names no game itself, so a
    game registered later is named too (a template global)."""
    from .games import games_ko
    from .ko import particle

    return particle(games_ko(), pair) if pair else games_ko()


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=ChoiceLoader([PackageLoader("harupan.renderers", "templates"),
                                           FunctionLoader(_game_template)]),
                      autoescape=select_autoescape(["html", "xml"], default=True, default_for_string=True),
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.globals["rule_links"] = _rule_links
    env.globals["games_ko"] = _games_ko
    return env


def sheet_html(pages: list[tuple[str, Drawing]], title: str, paper: str) -> str:
    """A print-ready page: one section per drawing, each printed on a page of its own in its own
    orientation (CSS named pages)."""
    items = [{"label": label, "svg": Markup(render_svg(d, title=label, id_prefix=f"p{i}-")),
              "orientation": "landscape" if d.width > d.height else "portrait"} for i, (label, d) in enumerate(pages)]
    return environment().get_template("sheet.html").render(
        title=title, pages=items, paper="A4" if paper == "a4" else "letter", screen_width=900,
        short="210mm" if paper == "a4" else "8.5in", long="297mm" if paper == "a4" else "11in")
