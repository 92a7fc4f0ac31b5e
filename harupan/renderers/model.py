"""The drawing model every renderer shares: plain, frozen primitives in abstract units.

Tile art, sheets and share images are built as lists of these; the SVG, PDF and Pillow backends
only translate them, so the page, the paper and the PNG show the same drawing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class RoundRect:
    x: float
    y: float
    w: float
    h: float
    r: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float
    dash: float = 0.0  # dash length, 0 for solid


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is the vertical centre of the em box, ``align`` is how ``x``
    anchors it: start, middle or end."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    font: str = "sans"  # role: sans or serif
    align: str = "middle"


@dataclass(frozen=True)
class Use:
    """A shared piece of art (a tile face) drawn moved by (dx, dy) and scaled by ``s``. A backend
    that can define a shape once and place it many times does (PDF form XObjects: a print set
    draws the same 36 faces hundreds of times); the others draw :func:`expand`'s primitives,
    exactly what :func:`place` would have given. ``alt`` names the picture (a tile, a card) for
    a reader that cannot see it: the PDF's alternate text."""
    items: tuple[Primitive, ...]
    dx: float
    dy: float
    s: float = 1.0
    alt: str = ""


Primitive = RoundRect | Circle | Line | Polygon | Text | Use


@dataclass(frozen=True)
class Drawing:
    width: float
    height: float
    items: tuple[Primitive, ...]
    background: str | None = "#FFFFFF"


def place(items: Iterable[Primitive], dx: float, dy: float, s: float = 1.0) -> list[Primitive]:
    """The primitives scaled by ``s`` and moved by (dx, dy)."""
    out: list[Primitive] = []
    for p in items:
        if isinstance(p, RoundRect):
            out.append(replace(p, x=dx + s * p.x, y=dy + s * p.y, w=s * p.w, h=s * p.h, r=s * p.r, width=s * p.width))
        elif isinstance(p, Circle):
            out.append(replace(p, cx=dx + s * p.cx, cy=dy + s * p.cy, r=s * p.r, width=s * p.width))
        elif isinstance(p, (Line, Polygon)):
            pts = tuple((dx + s * x, dy + s * y) for x, y in p.points)
            if isinstance(p, Line):
                out.append(replace(p, points=pts, width=s * p.width, dash=s * p.dash))
            else:
                out.append(replace(p, points=pts, width=s * p.width))
        elif isinstance(p, Text):
            out.append(replace(p, x=dx + s * p.x, y=dy + s * p.y, size=s * p.size))
        elif isinstance(p, Use):
            out.append(Use(p.items, dx + s * p.dx, dy + s * p.dy, s * p.s, p.alt))
        else:
            raise TypeError(p)
    return out


def expand(items: Sequence[Primitive]) -> list[Primitive]:
    """The primitives with every :class:`Use` replaced by the placed copies it stands for."""
    if not any(isinstance(p, Use) for p in items):
        return list(items)
    out: list[Primitive] = []
    for p in items:
        if isinstance(p, Use):
            out += expand(place(p.items, p.dx, p.dy, p.s))
        else:
            out.append(p)
    return out


def texts(items: Sequence[Primitive]) -> str:
    """Every character any text primitive draws (for glyph checks)."""
    return "".join(p.text for p in expand(items) if isinstance(p, Text))
