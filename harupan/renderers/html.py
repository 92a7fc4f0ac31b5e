"""HTML from Jinja2 templates (autoescape on); drawings go in as inline SVG built by :mod:`.svg`.

The shared templates are in ``templates/``; a game's own (its page section, its part of the
<head>) are in its view's folder and named ``<game>/<file>`` (renderers/games), wherever the view
lives, so a game kept outside this package is found the same way."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FunctionLoader, PackageLoader, select_autoescape
from markupsafe import Markup

from .games import games_ko, rule_links, topic_rule_links, views
from .ko import particle
from .model import Drawing
from .svg import render_svg


def game_template(name: str) -> tuple[str, str | None, Callable[[], bool] | None] | None:
    """``<game>/<file>``: a file in that game's view's folder."""
    game, _, file = name.partition("/")
    folder = next((v.folder for v in views() if v.name == game), None)
    path = Path(folder, file) if folder is not None and file and "/" not in file else None
    if path is None or not path.is_file():
        return None
    mtime = path.stat().st_mtime
    return path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


def _games_ko(pair: str | None = None) -> str:
    """Every registered game's name as one Korean list, with ``pair``'s particle after it if
    given ("이/가", …): the shared copy (archive lead, default tagline) names no game itself, so a
    game registered later is named too (a template global)."""
    return particle(games_ko(), pair) if pair else games_ko()


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=ChoiceLoader([PackageLoader("harupan.renderers", "templates"),
                                           FunctionLoader(game_template)]),
                      autoescape=select_autoescape(["html", "xml"], default=True, default_for_string=True),
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.globals["rule_links"] = rule_links
    env.globals["topic_rule_links"] = topic_rule_links
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
