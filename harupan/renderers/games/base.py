"""What a game draws for a day (:class:`View`, with defaults for what a game does not show), what a
rule topic draws on its page (:class:`TopicView`), and the registry of both, in page order.

The renderers may not import the generator, so a game's drawing half is registered here under
the game's name, beside its rules half in ``generator/games``; publish joins the two by name. A
view is given its game's typed part (a value from the engine) and the day's date.
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, NamedTuple, Protocol, TypeVar

from ...engine.errors import InputError
from ..ko import join_ko
from ..model import Drawing, Primitive, Text, expand
from ..pdf import render_pdf
from ..raster import pixels_digest, sheet_bitmap, webp_bytes
from ..sheets import PrintOptions, frame_text, large_print
from ..svg import ArtSheet, art_sheet

Sheet = tuple[str, Drawing]  # a print page's title and drawing
Json = object  # JSON-ready data for the page's script
PartT = TypeVar("PartT")
FileT = TypeVar("FileT")
T = TypeVar("T")


@dataclass(frozen=True)
class Panel:
    """One puzzle or answer key alone, for a file of its own at a newspaper's width (``sheet
    --split``): just what the player needs, no page frame. The pipeline (renderers/split.py)
    scales ``drawing`` to the asked width and adds ``title``, the date and ``level`` and ``rule``
    in small type around it."""

    name: tuple[str, ...]  # the file name's parts after the date: the game, its level if it has levels
    title: str  # in Korean: the game (and ``정답`` on a key)
    level: str  # the level in Korean ("" for a game without levels)
    rule: str  # one line of the rules in Korean, printed small under the drawing ("" for none)
    drawing: Drawing  # the board or hand (or the key's), in any units; its background is not drawn
    is_key: bool = False


class FilePages(NamedTuple):
    """What ``harupan render FILE`` draws from one game's standalone file."""

    title: str  # the document's title (HTML, SVG)
    pages: list[Sheet]  # PDF and HTML: every page
    single: Drawing  # PNG and SVG: one picture
    print_dpi: bool = True  # a PNG at print resolution; False: a screen image at its own size


@dataclass(frozen=True)
class FigureDrawing(Generic[T]):
    """How a view draws one kind of rule-page figure from the data the engine computed for it."""

    data_type: type[T]
    draw: Callable[[T], Drawing]

    def drawing(self, data: object) -> Drawing:
        if not isinstance(data, self.data_type):
            raise TypeError(f"a figure of {type(data).__name__}, not {self.data_type.__name__}")
        return self.draw(data)


@dataclass(frozen=True)
class ExampleText(Generic[T]):
    """How a view writes one kind of worked example's fields (``{{name.field}}``) from its record."""

    data_type: type[T]
    text: Callable[[T], Mapping[str, str]]

    def fields(self, data: object) -> Mapping[str, str]:
        if not isinstance(data, self.data_type):
            raise TypeError(f"an example of {type(data).__name__}, not {self.data_type.__name__}")
        return self.text(data)


class Drawer(Protocol):
    def drawing(self, data: object) -> Drawing: ...


class Writer(Protocol):
    def fields(self, data: object) -> Mapping[str, str]: ...


class TopicView:
    """A rule topic's drawing half: how its figure kinds (and example kinds) are drawn. A game's
    view is one too."""

    name: str
    figures: Mapping[str, Drawer] = {}  # figure kind -> its drawing
    examples: Mapping[str, Writer] = {}  # example kind -> its fields
    rules: tuple[str, str] | None = None  # its rule page (a site path) and the link's words

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class View(TopicView, Generic[PartT, FileT]):
    """One game's drawing half, over the game's part ``PartT`` (and its standalone file's value
    ``FileT``). Required: ``name``, ``title``, ``part_type``; a page section (``page.html`` in the
    view's folder) and :meth:`page_context` to fill it. The rest has defaults: no image files, no
    print pages, no script, no art, no rule page."""

    title: str  # its Korean name, as the feed's summary and the day's lead line say it
    part_type: type[PartT]
    files: tuple[str, ...] = ()  # image files it adds to the day folder, in the order they are written
    page_image: str | None = None  # the one of ``files`` a day page offers as its share picture (og:image)
    template: str = "page.html"  # its section of the day page, in its folder, given ``day`` and ``base``
    head_template: str | None = None  # its part of the day page's <head>, in its folder; or None
    script: str | None = None  # its browser module, in its folder (joined into harupan.js); it registers the game
    modules: tuple[str, ...] = ()  # the modules ``script`` imports, in its folder, joined before it in this order
    stylesheet: str | None = None  # its rules for the page, in its folder (joined into site.css)
    # the keys of the links its script reads from a day page's fragment (``index.html#z=…``): such a
    # link opens the day page on this game's screen, as ``#<name>`` does
    link_keys: tuple[str, ...] = ()
    blurb: str = ""  # one line on the day's menu under its title: what a player does in it (Korean)
    # Its first-visit how-to: a template in its folder (given ``howto``: its ``figures``, each the
    # ``src``, ``width`` and ``height`` of a picture), rendered into the day page's <template>,
    # which the page's script (howto.js) opens in a dialog; None: no how-to. Its pictures are
    # rule-page figures (engine/figures.py), each declared as a rule page declares one: ``kind``
    # and that kind's keys, checked by the engine when the site is built.
    howto_template: str | None = None
    howto_figures: tuple[Mapping[str, object], ...] = ()
    # Its art placed from the art sheet's bitmap copy rather than the vector sheet: for a board of
    # many small tiles, which the browser paints far faster from a bitmap (renderers/svg.py ArtSheet)
    bitmap_art: bool = False
    # rules: its rule page (a site path) and the nav's label for it (TopicView); the nav lists the games'

    @property
    def folder(self) -> Path:
        """Where its template, script and stylesheet are: the folder of the module defining it."""
        module = sys.modules[type(self).__module__]
        return Path(module.__file__ or ".").parent

    def part(self, parts: Mapping[str, object]) -> PartT:
        """Its part of a day's parts (by game name), checked to be its game's type."""
        part = parts[self.name]
        if not isinstance(part, self.part_type):
            raise TypeError(f"view {self.name!r}: a part of type {type(part).__name__}, not {self.part_type.__name__}")
        return part

    def lead(self, day: _dt.date, part: PartT, variant: str | None) -> str:
        """Its phrase in the day's lead line (``2026년 12월 1일의 A와 B``), for the page's
        ``variant`` (see :meth:`variants`; None: the one shown first)."""
        return self.title

    def variants(self, part: PartT) -> list[str]:
        """The versions of the day the page switches between, in the order a player reads them
        (Shisen-sho's levels); [] for a game with one."""
        return []

    def file_pages(self, data: FileT, paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        """A standalone file of the game (``harupan render FILE``, read by the game's ``read_file``)
        drawn: ``answers`` adds the answer key, ``share`` asks for the share picture."""
        raise InputError(f"the game {self.name!r} draws no file of its own")

    def render_file(self, name: str, day: _dt.date, part: PartT) -> bytes:
        """One of ``files`` from the day's part."""
        raise NotImplementedError(f"view {self.name!r} names files but draws none")

    def sheets(self, day: _dt.date, part: PartT, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        """Its pages of the print set: those at the front, and those at the back (answer keys),
        on ``opts.paper`` (large print: text of ``opts.text`` sizes and tiles 14 mm wide, on one of
        ``opts.papers()``; the registry then darkens the pages' grey and thickens their lines)."""
        return [], []

    def panels(self, day: _dt.date, part: PartT, opts: PrintOptions) -> list[Panel]:
        """Its puzzles and answer keys one by one, each drawn alone for ``sheet --split`` (puzzles
        first, then keys, in the order of :meth:`sheets`); none by default."""
        return []

    def page_context(self, day: _dt.date, part: PartT) -> Mapping[str, object]:
        """What its section of the day page shows (merged into the template's ``day``; prefix the
        keys with the game's name)."""
        return {}

    def play_data(self, day: _dt.date, part: PartT) -> Json:
        """What its browser module needs to play the day (the page's data, under the game's name).
        Leave the answer out: a player reads the page's source."""
        return {}

    def labels(self, day: _dt.date, part: PartT) -> Mapping[str, Json]:
        """Korean labels its browser module shows for this day."""
        return {}

    def art(self) -> Mapping[str, Drawing]:
        """Every piece of art its page section and browser module show, by id: drawn once on the
        site's art sheet, which a tile on the page frames by its id."""
        return {}

    def browser_data(self) -> Mapping[str, Json]:
        """The tables its browser module reads (names, constants), emitted into harupan.js from
        the engine's own, so the script holds no copy of its own (``HARUPAN_DATA.<name>``)."""
        return {}

    def scripts(self) -> Mapping[str, bytes]:
        """Files its browser module loads itself when it needs them (not during page load), by name:
        written into ``static/js/`` beside harupan.js and precached by the service worker. Name
        them after the game and their content, so a new build never meets an old file."""
        return {}

    def vocabulary(self) -> str:
        """Every fixed string its page section, print pages or script can show from code (not
        from its template), so the site's font subset and the glyph check hold their characters."""
        return ""

    def icon(self) -> tuple[Primitive, ...] | None:
        """A piece of its art for the site's app icon (the first view in page order that has one
        gives it), in a 60 x 80 box; or None."""
        return None


class DayView(Protocol):
    """A registered view as the pipeline holds it, beside views of other part types."""

    name: str
    title: str
    files: tuple[str, ...]
    page_image: str | None
    template: str
    head_template: str | None
    script: str | None
    modules: tuple[str, ...]
    stylesheet: str | None
    link_keys: tuple[str, ...]
    blurb: str
    howto_template: str | None
    howto_figures: tuple[Mapping[str, object], ...]
    bitmap_art: bool
    rules: tuple[str, str] | None
    figures: Mapping[str, Drawer]
    examples: Mapping[str, Writer]

    @property
    def folder(self) -> Path: ...

    def lead(self, day: _dt.date, part: object, variant: str | None) -> str: ...

    def variants(self, part: object) -> list[str]: ...

    def file_pages(self, data: object, paper: str, easy: bool, answers: bool, share: bool) -> FilePages: ...

    def render_file(self, name: str, day: _dt.date, part: object) -> bytes: ...

    def sheets(self, day: _dt.date, part: object, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]: ...

    def panels(self, day: _dt.date, part: object, opts: PrintOptions) -> list[Panel]: ...

    def page_context(self, day: _dt.date, part: object) -> Mapping[str, object]: ...

    def play_data(self, day: _dt.date, part: object) -> Json: ...

    def labels(self, day: _dt.date, part: object) -> Mapping[str, Json]: ...

    def art(self) -> Mapping[str, Drawing]: ...

    def browser_data(self) -> Mapping[str, Json]: ...

    def scripts(self) -> Mapping[str, bytes]: ...

    def vocabulary(self) -> str: ...

    def icon(self) -> tuple[Primitive, ...] | None: ...


class Registered(Generic[PartT, FileT]):
    """A :class:`View` wrapped for the registry: each part and file checked against its types."""

    def __init__(self, v: View[PartT, FileT]) -> None:
        self.view = v
        self.name, self.title, self.files, self.page_image = v.name, v.title, v.files, v.page_image
        self.template, self.head_template, self.script, self.stylesheet = (v.template, v.head_template, v.script,
                                                                            v.stylesheet)
        self.modules, self.link_keys, self.blurb = v.modules, v.link_keys, v.blurb
        self.howto_template, self.howto_figures = v.howto_template, v.howto_figures
        self.bitmap_art = v.bitmap_art
        self.rules, self.figures, self.examples = v.rules, v.figures, v.examples

    def __repr__(self) -> str:
        return f"<view {self.name}>"

    @property
    def folder(self) -> Path:
        return self.view.folder

    def _own(self, part: object) -> PartT:
        if not isinstance(part, self.view.part_type):
            raise TypeError(f"view {self.name!r}: a part of type {type(part).__name__}, "
                            f"not {self.view.part_type.__name__}")
        return part

    def lead(self, day: _dt.date, part: object, variant: str | None) -> str:
        return self.view.lead(day, self._own(part), variant)

    def variants(self, part: object) -> list[str]:
        return self.view.variants(self._own(part))

    def file_pages(self, data: object, paper: str, easy: bool, answers: bool, share: bool) -> FilePages:
        # the file's value comes from the same game's read_file (publish pairs them by name)
        return self.view.file_pages(data, paper, easy, answers, share)  # type: ignore[arg-type]

    def render_file(self, name: str, day: _dt.date, part: object) -> bytes:
        return self.view.render_file(name, day, self._own(part))

    def sheets(self, day: _dt.date, part: object, opts: PrintOptions) -> tuple[list[Sheet], list[Sheet]]:
        front, back = self.view.sheets(day, self._own(part), opts)
        if not opts.large:
            return front, back
        return [(t, large_print(d)) for t, d in front], [(t, large_print(d)) for t, d in back]

    def panels(self, day: _dt.date, part: object, opts: PrintOptions) -> list[Panel]:
        return self.view.panels(day, self._own(part), opts)

    def page_context(self, day: _dt.date, part: object) -> Mapping[str, object]:
        return self.view.page_context(day, self._own(part))

    def play_data(self, day: _dt.date, part: object) -> Json:
        return self.view.play_data(day, self._own(part))

    def labels(self, day: _dt.date, part: object) -> Mapping[str, Json]:
        return self.view.labels(day, self._own(part))

    def art(self) -> Mapping[str, Drawing]:
        return self.view.art()

    def browser_data(self) -> Mapping[str, Json]:
        return self.view.browser_data()

    def scripts(self) -> Mapping[str, bytes]:
        return self.view.scripts()

    def vocabulary(self) -> str:
        return self.view.vocabulary()

    def icon(self) -> tuple[Primitive, ...] | None:
        return self.view.icon()


_VIEWS: dict[str, DayView] = {}
_TOPICS: dict[str, TopicView] = {}


def register_view(v: View[PartT, FileT]) -> View[PartT, FileT]:
    if v.name in _VIEWS:
        raise InputError(f"a view for the game {v.name!r} is registered already")
    entry: Registered[PartT, FileT] = Registered(v)
    _VIEWS[v.name] = entry
    return v


def register_topic_view(t: TopicView) -> TopicView:
    if t.name in _TOPICS or t.name in _VIEWS:
        raise InputError(f"a view for the topic {t.name!r} is registered already")
    _TOPICS[t.name] = t
    return t


def unregister_view(name: str) -> None:
    _VIEWS.pop(name, None)
    _TOPICS.pop(name, None)


def views() -> tuple[DayView, ...]:
    """Every registered game's view, in page order."""
    return tuple(_VIEWS.values())


def view(name: str) -> DayView:
    try:
        return _VIEWS[name]
    except KeyError:
        raise InputError(f"no view registered for the game {name!r} (renderers/games)") from None


def day_views(parts: Mapping[str, object]) -> tuple[DayView, ...]:
    """The views of the games a day holds (its parts, by game name), in page order."""
    return tuple(v for v in _VIEWS.values() if v.name in parts)


def figure_drawings() -> dict[str, Drawer]:
    """How every figure kind is drawn, from every game's view and every topic's."""
    every: list[DayView | TopicView] = [*_VIEWS.values(), *_TOPICS.values()]
    return {kind: d for t in every for kind, d in t.figures.items()}


def example_writers() -> dict[str, Writer]:
    every: list[DayView | TopicView] = [*_VIEWS.values(), *_TOPICS.values()]
    return {kind: w for t in every for kind, w in t.examples.items()}


def rule_links() -> list[tuple[str, str]]:
    """The site nav's links to the games' rule pages, in page order."""
    return [v.rules for v in _VIEWS.values() if v.rules is not None]


def topic_rule_links() -> list[tuple[str, str]]:
    """The footer's links to the rule pages of the topics that are not games (the nav has the games')."""
    return [t.rules for t in _TOPICS.values() if t.rules is not None]


def games_ko() -> str:
    """Every registered game's title, in page order, as Korean lists them (``A, B와 C``): the
    shared copy names no game itself."""
    return join_ko([v.title for v in _VIEWS.values()])


def head_templates(parts: Mapping[str, object]) -> list[str]:
    """The day page's <head> parts of the games a day holds, in page order."""
    return [f"{v.name}/{v.head_template}" for v in day_views(parts) if v.head_template is not None]


def day_sheets(day: _dt.date, parts: Mapping[str, object], opts: PrintOptions,
               games: Collection[str] | None = None) -> tuple[list[Sheet], list[Sheet]]:
    """A day's front pages and back pages (answer keys), every game's in page order; ``games``
    keeps only those games."""
    fronts: list[Sheet] = []
    backs: list[Sheet] = []
    for v in day_views(parts):
        if games is None or v.name in games:
            front, back = v.sheets(day, parts[v.name], opts)
            fronts += front
            backs += back
    return fronts, backs


def print_set(day: _dt.date, parts: Mapping[str, object], paper: str = "a4", easy: bool = False,
              large: bool = False, games: Collection[str] | None = None) -> list[Sheet]:
    """A day's print set: every game's front pages, then every game's back pages (answer keys)."""
    fronts, backs = day_sheets(day, parts, PrintOptions(paper, easy, large), games)
    return fronts + backs


def print_pdf(pages: list[Sheet], title: str, mono: bool = False) -> bytes:
    """A print set's or a pack's PDF. Each font is cut to the glyphs the pages draw and to every
    fixed character the print pages can draw in it (:func:`print_repertoire`), so a day's sheet
    and the next day's cut the same glyphs (they differed in a weekday, a card's name or face)
    and the cut (a few tenths of a second a font) is made once in a run of many days. ``mono``:
    in grey only (renderers/pdf.py)."""
    return render_pdf([d for _, d in pages], title=title, repertoire=print_repertoire(), mono=mono)


@lru_cache(maxsize=1)
def print_repertoire() -> Mapping[str, str]:
    """By font role, every character from fixed tables: the frame's and every view's vocabulary
    (the text face), and the text of every view's art (tile and card faces) in its own face."""
    chars: dict[str, set[str]] = {"sans": set(frame_text())}
    for v in _VIEWS.values():
        chars["sans"] |= set(v.vocabulary())
        for d in v.art().values():
            for t in expand(d.items):
                if isinstance(t, Text):
                    chars.setdefault(t.font, set()).update(t.text)
    return {role: "".join(sorted(c)) for role, c in chars.items()}


def site_icon() -> tuple[Primitive, ...]:
    """The art of the site's app icon: the first view's in page order that gives one."""
    for v in _VIEWS.values():
        icon = v.icon()
        if icon is not None:
            return icon
    raise InputError("no registered game gives the site's icon (View.icon)")


def site_art() -> ArtSheet:
    """The site's art sheet: every registered view's art, in page order."""
    return _sheet(views())


@lru_cache(maxsize=4)
def _sheet(registered: tuple[DayView, ...]) -> ArtSheet:
    art: dict[str, Drawing] = {}
    bitmap: set[str] = set()
    for v in registered:
        art.update(v.art())
        if v.bitmap_art:
            bitmap |= v.art().keys()
    return art_sheet(art, bitmap=frozenset(bitmap), draw_bitmap=_draw_bitmap)


def _draw_bitmap(sheet: ArtSheet) -> tuple[str, bytes]:
    img = sheet_bitmap(sheet)
    return pixels_digest(img), webp_bytes(img)
