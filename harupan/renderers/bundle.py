"""The site's browser files as the games make them: the modules joined into one script
(``static/js/harupan.js``) with the tables the engine owns emitted into it, and the stylesheet
(``static/site.css``) joined from the shared rules and each game's own.

The modules are ES modules that import each other by bare file name (``./game.js``), as they sit
side by side in :func:`modules`; pages opened from ``file://`` may not import modules, but may run
a classic script, so :func:`joined_script` joins them as text (no bundler): the imports dropped,
``export`` dropped, one scope. A game's module prefixes its top-level names with its name and
reads its tables from ``HARUPAN_DATA.<game>`` (its view's ``browser_data``), never a copy of its
own."""

from __future__ import annotations

import json
from importlib import resources

from .games import views

SHARED_FIRST = ("rng.js",)  # the project RNG, which the games' modules import
DATA = "data.js"  # the engine's tables, made here: HARUPAN_DATA
SHARED_LAST = ("ko.js", "stats.js", "game.js", "howto.js", "pages.js")  # the player's records, the page's start-up
# (boot), the games' first-visit how-tos, what other pages do
HEADER = ("// harupan: the day page's games, joined from static/js/*.js by publish/site.py\n"
          "(() => {\n\"use strict\";\n")  # its first line is as it was written first, in publish/site.py


def _shared(name: str) -> str:
    return resources.files("harupan.renderers").joinpath("static", "js", name).read_text(encoding="utf-8")


def data_module() -> str:
    """``data.js``: every game's tables for its module (HARUPAN_DATA.<game>), from the engine's."""
    tables = {v.name: v.browser_data() for v in views()}
    text = json.dumps(tables, ensure_ascii=False, separators=(",", ":"))  # in order: a table's order is meant
    return ("// The engine's tables for the games' modules, written by renderers/bundle.py; not a copy to edit.\n"
            f"export const HARUPAN_DATA = {text};\n")


def modules() -> dict[str, str]:
    """Every module of the page's script by file name, in the order they are joined: the shared
    ones first, the tables, every registered game's in page order (its ``modules``, then its
    ``script``), then the start-up."""
    out = {name: _shared(name) for name in SHARED_FIRST}
    out[DATA] = data_module()
    for v in views():
        for name in (*v.modules, *([v.script] if v.script is not None else [])):
            out[name] = (v.folder / name).read_text(encoding="utf-8")
    out.update({name: _shared(name) for name in SHARED_LAST})
    return out


def joined_script() -> bytes:
    """The modules as one classic script (see the module's docstring)."""
    parts = [HEADER]
    for name, text in modules().items():
        lines = [ln for ln in text.splitlines() if not ln.startswith("import ")]
        body = "\n".join(ln.removeprefix("export ") for ln in lines)
        parts.append(f"// ---- {name}\n{body}\n")
    parts.append("if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', boot); "
                 "else boot();\n})();\n")
    return "".join(parts).encode("utf-8")


def stylesheet() -> bytes:
    """``static/site.css``: the shared rules, then every registered game's stylesheet in page
    order. The shared file holds no game's rules (tests/test_game_names.py checks it)."""
    parts = [resources.files("harupan.renderers").joinpath("static", "site.css").read_text(encoding="utf-8")]
    names = [v.name for v in views()]
    if names:  # the day page shows one game's screen at a time (site.css, "the day page as an app")
        hide = ",\n".join(f'html[data-view="{n}"] .screen:not(#{n})' for n in names)
        parts.append(f"/* ---- each game's screen, from the registry */\n{hide} {{ display: none; }}\n")
    for v in views():
        if v.stylesheet is not None:
            parts.append(f"/* ---- {v.name} */\n" + (v.folder / v.stylesheet).read_text(encoding="utf-8"))
    return "".join(parts).encode("utf-8")
