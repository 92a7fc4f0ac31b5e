"""The games' first-visit how-tos: their pictures, computed and checked by the engine as a rule
page's figures are (engine/figures.py) and drawn by the games' views, once a process. The day page
names each picture (renderers/site.py ``howto_image``); the site's static files hold them."""

from __future__ import annotations

from functools import lru_cache

from ..engine.errors import InputError
from ..engine.figures import FigureProblem
from ..generator.games import figure_kinds
from ..renderers.games import figure_drawings, views
from ..renderers.model import Drawing
from ..renderers.site import howto_image


@lru_cache(maxsize=1)
def howto_figures() -> dict[str, tuple[Drawing, ...]]:
    """Each registered game's how-to pictures (its view's ``howto_figures``), drawn; a picture the
    engine contradicts (or of a kind no game declares) is an error naming the game and the key."""
    makers, drawers = figure_kinds(), figure_drawings()
    out: dict[str, tuple[Drawing, ...]] = {}
    for v in views():
        drawn = []
        for i, spec in enumerate(v.howto_figures):
            kind = str(spec.get("kind"))
            where = f"the how-to of {v.name!r}, picture {i + 1}"
            if kind not in makers or kind not in drawers:
                raise InputError(f"{where}: unknown figure kind {kind!r}")
            try:
                data = makers[kind].make({k: val for k, val in spec.items() if k != "kind"})
            except FigureProblem as e:
                raise InputError(f"{where}: {e.key or 'figure'}: {e.message}") from None
            except KeyError as e:
                raise InputError(f"{where}: missing key {e}") from None
            drawn.append(drawers[kind].drawing(data))
        out[v.name] = tuple(drawn)
    return out


def howto_files() -> dict[str, bytes]:
    """The how-to pictures as the site's static files (site path -> SVG)."""
    return dict(howto_image(d) for drawn in howto_figures().values() for d in drawn)
