"""The SVG backend: a :class:`Drawing` to an SVG string for the web pages.

Text becomes glyph outlines from the bundled fonts, each glyph defined once in ``<defs>`` and
placed with ``<use>``: the page shows exactly the paper's letters with no web font and no request.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape

from .fonts import font, text_layout
from .model import Circle, Drawing, Line, Polygon, Primitive, RoundRect, Text, Use, expand, place


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{fill}"' if fill else ' fill="none"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return out


def glyph_id(role: str, ch: str, prefix: str = "") -> str:
    return f"{prefix}g{role[0]}{ord(ch):x}"


def glyph_path(role: str, ch: str) -> str:
    parts = []
    for op in font(role).outline(ch):
        parts.append(str(op[0]) + " ".join(_n(float(v)) for v in op[1:]))
    return "".join(parts)


def items_svg(items: Sequence[Primitive], glyphs: set[tuple[str, str]], prefix: str = "",
              sheet: ArtSheet | None = None) -> list[str]:
    """SVG elements for the primitives; adds each glyph used to ``glyphs`` as (role, ch). A Use of
    art on ``sheet`` becomes a frame of the sheet; any other Use is drawn out in full."""
    out: list[str] = []
    # the <g> the last element written opened, when it was text: text set alike (colour, baseline,
    # size) and drawn in a row shares one <g> (a board's column letters: one element, not 14)
    text_g = ""
    for p in items if sheet else expand(items):
        if isinstance(p, Use):
            if sheet is not None and p.items in sheet.ids:
                out.append(sheet.placed(p))
            else:
                out += items_svg(place(p.items, p.dx, p.dy, p.s), glyphs, prefix, sheet)
        elif isinstance(p, RoundRect):
            out.append(f'<rect x="{_n(p.x)}" y="{_n(p.y)}" width="{_n(p.w)}" height="{_n(p.h)}"'
                       f'{f" rx={chr(34)}{_n(p.r)}{chr(34)}" if p.r else ""}{_paint(p.fill, p.stroke, p.width)}/>')
        elif isinstance(p, Circle):
            out.append(f'<circle cx="{_n(p.cx)}" cy="{_n(p.cy)}" r="{_n(p.r)}"{_paint(p.fill, p.stroke, p.width)}/>')
        elif isinstance(p, Line):
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in p.points)
            dash = f' stroke-dasharray="{_n(p.dash)}"' if p.dash else ""
            out.append(f'<polyline points="{pts}" fill="none" stroke="{p.stroke}" stroke-width="{_n(p.width)}"'
                       f' stroke-linecap="round" stroke-linejoin="round"{dash}/>')
        elif isinstance(p, Polygon):
            pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in p.points)
            out.append(f'<polygon points="{pts}"{_paint(p.fill, p.stroke, p.width)}/>')
        elif isinstance(p, Text):
            base, k, _, placed = text_layout(p)
            uses = []
            for ch, x in placed:
                if not ch.isspace():
                    glyphs.add((p.font, ch))
                    uses.append(f'<use href="#{glyph_id(p.font, ch, prefix)}" x="{_n(x / k)}"/>')
            g = f'<g fill="{p.fill}" transform="translate(0 {_n(base)}) scale({k:.5f} {-k:.5f})" aria-hidden="true">'
            if g == text_g:
                out[-1] = out[-1].removesuffix("</g>") + "".join(uses) + "</g>"
            else:
                out.append(f'{g}{"".join(uses)}</g>')
            text_g = g
            continue
        else:
            raise TypeError(p)
        text_g = ""
    return out


def defs_svg(glyphs: set[tuple[str, str]], prefix: str = "") -> str:
    return "".join(f'<path id="{glyph_id(r, c, prefix)}" d="{glyph_path(r, c)}"/>' for r, c in sorted(glyphs))


def render_svg(drawing: Drawing, *, title: str | None = None, css_class: str | None = None,
               width: str | None = None, height: str | None = None, id_prefix: str = "",
               sheet: ArtSheet | None = None) -> str:
    """A standalone ``<svg>`` element (inline in HTML or saved as a file). Pages that inline
    several give each its own ``id_prefix``: glyph ids must be unique in a document. With
    ``sheet``, art on it is placed as frames of the page's ``#art``, or of its bitmap copy
    ``#art-px`` for the sheet's ``bitmap`` art (see :class:`ArtSheet`)."""
    glyphs: set[tuple[str, str]] = set()
    body = items_svg(drawing.items, glyphs, id_prefix, sheet)
    attrs = f' class="{escape(css_class)}"' if css_class else ""
    size = f' width="{escape(width)}"' if width else ""
    size += f' height="{escape(height)}"' if height else ""
    label = f'<title>{escape(title)}</title>' if title else ""
    bg = (f'<rect width="{_n(drawing.width)}" height="{_n(drawing.height)}" fill="{drawing.background}"/>'
          if drawing.background else "")
    role = ' role="img"' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(drawing.width)} {_n(drawing.height)}"'
            f'{size}{attrs}{role}>{label}<defs>{defs_svg(glyphs, id_prefix)}</defs>{bg}{"".join(body)}</svg>')


@dataclass(frozen=True, eq=False)
class ArtSheet:
    """Every piece of art a page's tiles show, each drawn once on one SVG sheet (a static file the
    browser loads and caches once). A tile on a page is a small ``<svg>`` whose viewBox frames its
    art on the sheet, placing the page's one ``<image id="art">`` with ``<use>``: two elements and
    about eighty bytes a tile, where drawing it inline took dozens of each.

    The places are laid out at once; the sheet file is drawn when first asked for (its glyphs
    need the fonts' outlines), unless the caller already holds it (:meth:`adopt`).

    The art of ``bitmap`` (ids) is placed from the sheet's bitmap copy instead (the page's
    ``<image id="art-px">``, same places, drawn by renderers/raster.py from the same art): a
    board of many small tiles, because the browser records the whole vector sheet again for
    every tile it paints (issue 33: 226-304 ms of paint at 4x CPU for a 144-tile board, against
    18 ms from a bitmap); art shown few and large keeps the vector sheet's sharpness. The vector
    sheet leaves the bitmap art out (its places stay empty): no page shows it from there, and a
    browser parses and styles every element of an SVG image on its main thread, on every page
    that names it (docs/browser.md). :meth:`whole_svg` draws it all, for comparing the copy."""

    width: float
    height: float
    at: dict[str, tuple[float, float, float, float]]  # id -> x, y, w, h
    ids: dict[tuple[Primitive, ...], str]  # the art's primitives -> id, to find a Use's art
    draw: Callable[[frozenset[str]], str] = field(repr=False)  # the sheet file, drawn without the given ids' art
    bitmap: frozenset[str] = frozenset()  # the ids placed from the bitmap copy (#art-px)
    # the bitmap copy, drawn: (a hash of its pixels, its file); given by the caller, which draws with Pillow
    draw_bitmap: Callable[[ArtSheet], tuple[str, bytes]] | None = field(default=None, repr=False)
    pieces: dict[str, tuple[Primitive, ...]] = field(default_factory=dict, repr=False)  # id -> its art's primitives
    _svg: list[str] = field(default_factory=list, repr=False)  # the sheet file, once drawn or adopted
    _bitmap: list[tuple[str, bytes]] = field(default_factory=list, repr=False)  # the copy, once drawn or adopted

    @property
    def svg(self) -> str:
        """The sheet file: every piece but the bitmap art."""
        if not self._svg:
            self._svg.append(self.draw(self.bitmap))
        return self._svg[0]

    def whole_svg(self) -> str:
        """The sheet with the bitmap art drawn too, at the same places: what the copy is compared
        with (tests/test_art_sheet.py), never a page's."""
        return self.draw(frozenset())

    def adopt(self, svg: str) -> None:
        """Take ``svg`` as the sheet file instead of drawing it: for a caller holding the file this
        very sheet drew before (publish/assets.py keeps it in the site with a record of what it
        was drawn from and its hash, checked before it is adopted)."""
        if not self._svg:
            self._svg.append(svg)

    @property
    def bitmap_file(self) -> tuple[str, bytes] | None:
        """The bitmap copy: (a hash of its pixels, its file); None when no art is placed from one."""
        if not self.bitmap or self.draw_bitmap is None:
            return None
        if not self._bitmap:
            self._bitmap.append(self.draw_bitmap(self))
        return self._bitmap[0]

    def adopt_bitmap(self, digest: str, data: bytes) -> None:
        """Take ``data`` as the bitmap copy, its pixels hashing to ``digest``, as :meth:`adopt` does
        for the sheet file."""
        if not self._bitmap:
            self._bitmap.append((digest, data))

    def frame(self, art_id: str) -> str:
        x, y, w, h = self.at[art_id]
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)}"

    def placed(self, p: Use) -> str:
        """A :class:`Use` of art on the sheet: the art's frame, placed and scaled as the Use says."""
        art_id = self.ids[p.items]
        _, _, w, h = self.at[art_id]
        return (f'<svg x="{_n(p.dx)}" y="{_n(p.dy)}" width="{_n(w * p.s)}" height="{_n(h * p.s)}"'
                f' viewBox="{self.frame(art_id)}"><use href="#{self.image_id(art_id)}"/></svg>')

    def image_id(self, art_id: str) -> str:
        """The page's image that ``art_id`` is placed from: the bitmap copy or the vector sheet."""
        return BITMAP_IMAGE if art_id in self.bitmap else VECTOR_IMAGE

    def sprite(self, href: str, bitmap_href: str | None = None) -> str:
        """The page's references to the sheet and to its bitmap copy (when it has one), for tiles
        to ``<use>``: in an empty <svg>, which shows nothing of them (no <defs> needed: an element
        fewer, on a day page held to 800)."""
        images = [(VECTOR_IMAGE, href)] + ([(BITMAP_IMAGE, bitmap_href)] if bitmap_href and self.bitmap else [])
        return ('<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
                + "".join(f'<image id="{i}" href="{escape(h)}" width="{_n(self.width)}" height="{_n(self.height)}"/>'
                          for i, h in images)
                + '</svg>')

    def positions(self) -> dict[str, list[float]]:
        """id -> [x, y] on the sheet, for the page's script; [x, y, 1] for art placed from the
        bitmap copy."""
        return {k: [round(x, 2), round(y, 2)] + ([1] if k in self.bitmap else []) for k, (x, y, _, _) in self.at.items()}


VECTOR_IMAGE = "art"  # the page's <image> of the vector sheet
BITMAP_IMAGE = "art-px"  # the page's <image> of its bitmap copy
GUTTER = 4.0  # transparent space around each piece, so a scaled frame never shows its neighbour's edge


def art_sheet(art: dict[str, Drawing], row_width: float = 720.0, bitmap: frozenset[str] = frozenset(),
              draw_bitmap: Callable[[ArtSheet], tuple[str, bytes]] | None = None) -> ArtSheet:
    """``art`` (id -> drawing, in order) laid out in rows on one sheet, each drawn once; the art
    of ``bitmap`` placed from the sheet's bitmap copy, which ``draw_bitmap`` draws."""
    at: dict[str, tuple[float, float, float, float]] = {}
    x = y = row_h = 0.0
    for art_id, d in art.items():
        if x and (x + d.width + 2 * GUTTER > row_width or d.height + 2 * GUTTER != row_h):
            x, y, row_h = 0.0, y + row_h, 0.0
        at[art_id] = (x + GUTTER, y + GUTTER, d.width, d.height)
        x += d.width + 2 * GUTTER
        row_h = max(row_h, d.height + 2 * GUTTER)
    width = max((ax + w + GUTTER for ax, _, w, _ in at.values()), default=0.0)
    height = y + row_h
    art = dict(art)

    def draw(left_out: frozenset[str]) -> str:
        glyphs: set[tuple[str, str]] = set()
        parts = []
        for art_id, d in art.items():
            if art_id in left_out:
                continue
            ax, ay, _, _ = at[art_id]
            parts.append(f'<g id="{escape(art_id)}" transform="translate({_n(ax)} {_n(ay)})">'
                         f'{"".join(items_svg(d.items, glyphs))}</g>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}"'
                f' width="{_n(width)}" height="{_n(height)}"><defs>{defs_svg(glyphs)}</defs>{"".join(parts)}</svg>\n')

    return ArtSheet(width, height, at, {d.items: k for k, d in art.items()}, draw,
                    frozenset(bitmap & art.keys()), draw_bitmap, {k: d.items for k, d in art.items()})
