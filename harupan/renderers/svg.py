"""The SVG backend: a :class:`Drawing` to an SVG string for the web pages.

Text becomes glyph outlines from the bundled fonts, each glyph defined once in ``<defs>`` and
placed with ``<use>``: the page shows exactly the paper's letters with no web font and no request.
"""

from __future__ import annotations

from html import escape

from .fonts import font, text_layout
from .model import Circle, Drawing, Line, Polygon, RoundRect, Text, expand


def _n(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _paint(fill, stroke, width) -> str:
    out = f' fill="{fill}"' if fill else ' fill="none"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_n(width)}"'
    return out


def glyph_id(role: str, ch: str, prefix: str = "") -> str:
    return f"{prefix}g{role[0]}{ord(ch):x}"


def glyph_path(role: str, ch: str) -> str:
    parts = []
    for op in font(role).outline(ch):
        parts.append(op[0] + " ".join(_n(v) for v in op[1:]))
    return "".join(parts)


def items_svg(items, glyphs: set, prefix: str = "") -> list[str]:
    """SVG elements for the primitives; adds each glyph used to ``glyphs`` as (role, ch)."""
    out = []
    for p in expand(items):
        if isinstance(p, RoundRect):
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
            out.append(f'<g fill="{p.fill}" transform="translate(0 {_n(base)}) scale({k:.5f} {-k:.5f})"'
                       f' aria-hidden="true">{"".join(uses)}</g>')
        else:
            raise TypeError(p)
    return out


def defs_svg(glyphs: set, prefix: str = "") -> str:
    return "".join(f'<path id="{glyph_id(r, c, prefix)}" d="{glyph_path(r, c)}"/>' for r, c in sorted(glyphs))


def render_svg(drawing: Drawing, *, title: str | None = None, css_class: str | None = None,
               width: str | None = None, id_prefix: str = "") -> str:
    """A standalone ``<svg>`` element (inline in HTML or saved as a file). Pages that inline
    several give each its own ``id_prefix``: glyph ids must be unique in a document."""
    glyphs: set = set()
    body = items_svg(drawing.items, glyphs, id_prefix)
    attrs = f' class="{escape(css_class)}"' if css_class else ""
    size = f' width="{escape(width)}"' if width else ""
    label = f'<title>{escape(title)}</title>' if title else ""
    bg = (f'<rect width="{_n(drawing.width)}" height="{_n(drawing.height)}" fill="{drawing.background}"/>'
          if drawing.background else "")
    role = ' role="img"' if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(drawing.width)} {_n(drawing.height)}"'
            f'{size}{attrs}{role}>{label}<defs>{defs_svg(glyphs, id_prefix)}</defs>{bg}{"".join(body)}</svg>')


def symbols_svg(symbols: dict[str, Drawing], id_prefix: str = "s-") -> str:
    """One hidden ``<svg>`` holding a ``<symbol>`` per drawing (tile faces the page's script
    places with ``<use>``), glyph outlines shared."""
    glyphs: set = set()
    parts = []
    for sid, d in symbols.items():
        body = "".join(items_svg(d.items, glyphs, id_prefix))
        parts.append(f'<symbol id="{escape(sid)}" viewBox="0 0 {_n(d.width)} {_n(d.height)}">{body}</symbol>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true">'
            f'<defs>{defs_svg(glyphs, id_prefix)}{"".join(parts)}</defs></svg>')
