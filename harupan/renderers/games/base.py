"""What a game draws for a day (the :class:`GameView` protocol) and the registry of views, in page order.

The renderers may import only renderers, so a game's drawing side is registered here under the
game's name, beside its rules side in ``generator/games``; publish joins the two by name.
Everything a view gets is plain data: the day bundle's JSON form.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, Protocol

from ...engine.errors import InputError
from ..ko import join_ko
from ..model import Drawing
from ..svg import ArtSheet, art_sheet

Sheet = tuple[str, Drawing]  # a print page's title and drawing


class FilePages(NamedTuple):
    """What ``harupan render FILE`` draws from one game's standalone file."""

    title: str  # the document's title (HTML, SVG)
    pages: list[Sheet]  # PDF and HTML: every page
    single: Drawing  # PNG and SVG: one picture
    print_dpi: bool = True  # a PNG at print resolution; False: a screen image at its own size


class GameView(Protocol):
    """One game's figures for the sheet and the page."""

    name: str  # the game's key in the bundle, as in generator/games
    title: str  # its Korean name, as the feed's summary and the day's lead line say it
    files: tuple[str, ...]  # image files it adds to the day folder, in the order they are written
    page_image: str | None  # the one of ``files`` a day page offers as its share picture (og:image), or None
    template: str  # its section of the day page (templates/), given ``day`` and ``base``
    head_template: str | None  # its part of the day page's <head> (templates/), given ``day``; or None
    rules: tuple[str, str] | None  # its rule page (a site path) and the nav's label for it after 규칙 (its short name); or None

    def lead(self, bundle: dict[str, Any], variant: str | None) -> str:
        """Its phrase in the day's lead line (``2026년 12월 1일의 A와 B``), for the page's
        ``variant`` (see :meth:`variants`; None: the one shown first)."""
        ...

    def variants(self, bundle: dict[str, Any]) -> list[str]:
        """The versions of the day the page switches between, in the order a player reads them
        (Shisen-sho's levels); [] for a game with one. The page's script swaps the lead line per
        variant, and the stats panel counts them."""
        ...

    def file_pages(self, data: dict[str, Any], paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        """A standalone file of the game (``harupan render FILE``, read by the game's
        ``read_file``) drawn: ``answers`` adds the answer key, ``share`` asks for the share picture
        where the game has one."""
        ...

    def render_file(self, name: str, bundle: dict[str, Any]) -> bytes:
        """One of ``files`` from the bundle."""
        ...

    def sheets(self, bundle: dict[str, Any], paper: str, easy: bool) -> tuple[list[Sheet], list[Sheet]]:
        """Its pages of the print set: those at the front, and those at the back (answer keys)."""
        ...

    def page_context(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """What its section of the day page shows (merged into the template's ``day``)."""
        ...

    def play_data(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """What its browser module needs to play the day (under the game's name)."""
        ...

    def art(self) -> dict[str, Drawing]:
        """Every piece of art its page section and browser module show, by id: drawn once on the
        site's art sheet (``static/art.svg``), which a tile on the page frames by its id."""
        ...

    def labels(self, bundle: dict[str, Any]) -> dict[str, Any]:
        """Korean labels its browser module shows."""
        ...

    def vocabulary(self) -> str:
        """Every fixed string its page section can show from code (not from its template), so
        the site's font subset holds their characters."""
        ...


_VIEWS: dict[str, GameView] = {}


def register_view(view: GameView) -> GameView:
    if view.name in _VIEWS:
        raise InputError(f"a view for the game {view.name!r} is registered already")
    _VIEWS[view.name] = view
    return view


def unregister_view(name: str) -> None:
    _VIEWS.pop(name, None)


def views() -> tuple[GameView, ...]:
    """Every registered view, in page order."""
    return tuple(_VIEWS.values())


def view(name: str) -> GameView:
    try:
        return _VIEWS[name]
    except KeyError:
        raise InputError(f"no view registered for the game {name!r} (renderers/games)") from None


def day_views(bundle: dict[str, Any]) -> tuple[GameView, ...]:
    """The views of the games this bundle holds, in page order."""
    return tuple(v for v in _VIEWS.values() if v.name in bundle)


def rule_links() -> list[tuple[str, str]]:
    """The site nav's links to the games' rule pages, in page order."""
    return [v.rules for v in _VIEWS.values() if v.rules is not None]


def games_ko() -> str:
    """Every registered game's title, in page order, as Korean lists them (``A, B와 C``): the
    shared copy names no game itself."""
    return join_ko([v.title for v in _VIEWS.values()])


def head_templates(bundle: dict[str, Any]) -> list[str]:
    """The day page's <head> parts of the games this bundle holds, in page order."""
    return [v.head_template for v in day_views(bundle) if v.head_template is not None]


def print_set(bundle: dict[str, Any], paper: str = "a4", easy: bool = False) -> list[Sheet]:
    """A day's print set: every game's front pages, then every game's back pages (answer keys)."""
    fronts: list[Sheet] = []
    backs: list[Sheet] = []
    for v in day_views(bundle):
        front, back = v.sheets(bundle, paper, easy)
        fronts += front
        backs += back
    return fronts + backs


def site_art() -> ArtSheet:
    """The site's art sheet: every registered view's art, in page order."""
    return _sheet(views())


@lru_cache(maxsize=4)
def _sheet(registered: tuple[GameView, ...]) -> ArtSheet:
    art: dict[str, Drawing] = {}
    for v in registered:
        art.update(v.art())
    return art_sheet(art)
