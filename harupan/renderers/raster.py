"""The Pillow backend: a :class:`Drawing` to an RGB image, then PNG bytes.

Shapes are drawn at ``scale`` pixels per unit; text goes through FreeType with the bundled fonts,
placed by the shared metrics of :mod:`.fonts`, so it sits where the SVG and PDF put it.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

from .fonts import font_path, text_layout
from .model import Circle, Drawing, Line, Polygon, Primitive, RoundRect, Text, Use, expand

if TYPE_CHECKING:
    from .svg import ArtSheet


@lru_cache(maxsize=512)
def _pil_font(role: str, path: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, px)


def draw_items(draw: ImageDraw.ImageDraw, items: Sequence[Primitive], scale: float, ox: float = 0.0,
               oy: float = 0.0) -> None:
    def P(x: float, y: float) -> tuple[float, float]:
        return (ox + x * scale, oy + y * scale)

    # Pillow strokes a rectangle or an ellipse inside its box; SVG and PDF centre the stroke on the
    # shape's edge. The box grows by half the stroke, so a thick frame (白's, 3 units) sits where
    # the page and the paper put it, not a unit and a half inside.
    for p in expand(items):
        if isinstance(p, RoundRect):
            width = max(1, round(p.width * scale)) if p.stroke else 0
            x0, y0 = P(p.x, p.y)
            x1, y1 = P(p.x + p.w, p.y + p.h)
            e = width / 2
            draw.rounded_rectangle((x0 - e, y0 - e, x1 + e, y1 + e), radius=p.r * scale + e, fill=p.fill,
                                   outline=p.stroke, width=width)
        elif isinstance(p, Circle):
            width = max(1, round(p.width * scale)) if p.stroke else 0
            x, y = P(p.cx, p.cy)
            r = p.r * scale + width / 2
            draw.ellipse((x - r, y - r, x + r, y + r), fill=p.fill, outline=p.stroke, width=width)
        elif isinstance(p, Line):
            pts = [P(x, y) for x, y in p.points]
            w = max(1, round(p.width * scale))
            if p.dash:
                _dashed(draw, pts, p.stroke, w, p.dash * scale)
            else:
                draw.line(pts, fill=p.stroke, width=w, joint="curve")
        elif isinstance(p, Polygon):
            draw.polygon([P(x, y) for x, y in p.points], fill=p.fill, outline=p.stroke,
                         width=max(1, round(p.width * scale)) if p.stroke else 0)
        elif isinstance(p, Text):
            base, _, size, placed = text_layout(p)
            pf = _pil_font(p.font, str(font_path(p.font)), max(1, round(size * scale)))
            if placed:
                draw.text(P(placed[0][1], base), p.text, fill=p.fill, font=pf, anchor="ls")
        else:
            raise TypeError(p)


def _dashed(draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour: str, width: int, dash: float) -> None:
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            continue
        n = max(1, int(length // (2 * dash)))
        for i in range(n + 1):
            a = min(1.0, (2 * i * dash) / length)
            b = min(1.0, (2 * i * dash + dash) / length)
            if a >= 1.0:
                break
            draw.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                      fill=colour, width=width)


def _bounds(items: Sequence[Primitive]) -> tuple[float, float, float, float]:
    """A box (in the items' units) that holds everything the items draw, text with room to spare."""
    xs: list[float] = []
    ys: list[float] = []
    for p in expand(items):
        if isinstance(p, RoundRect):
            xs += [p.x - p.width, p.x + p.w + p.width]
            ys += [p.y - p.width, p.y + p.h + p.width]
        elif isinstance(p, Circle):
            xs += [p.cx - p.r - p.width, p.cx + p.r + p.width]
            ys += [p.cy - p.r - p.width, p.cy + p.r + p.width]
        elif isinstance(p, (Line, Polygon)):
            xs += [x for x, _ in p.points]
            ys += [y for _, y in p.points]
            xs += [min(xs) - p.width, max(xs) + p.width]
            ys += [min(ys) - p.width, max(ys) + p.width]
        elif isinstance(p, Text):
            room = p.size * (len(p.text) + 1)
            xs += [p.x - room, p.x + room]
            ys += [p.y - 2 * p.size, p.y + 2 * p.size]
    return min(xs), min(ys), max(xs), max(ys)


_SPRITES: dict[tuple[tuple[Primitive, ...], float, float, float, int, int], tuple[Image.Image, int, int]] = {}


def _sprite(art: tuple[Primitive, ...], k: float, fx: float, fy: float, odd_x: int, odd_y: int) -> tuple[Image.Image, int, int]:
    """``art`` drawn at ``k`` pixels per unit with its origin at (fx, fy) of a pixel, on a
    transparent tile-sized image; (image, left, top) where left/top place it against the origin's
    pixel. Kept: a sheet draws the same 36 faces at the same fraction 144 times, every day.

    Pillow rounds half-way coordinates to even, so a shape moved by an odd number of pixels can
    come out one pixel different; the sprite is therefore drawn at the parity of its place on the
    page (``odd_x``, ``odd_y``), which keeps every pixel as direct drawing would give it."""
    key = (art, k, fx, fy, odd_x, odd_y)
    hit = _SPRITES.get(key)
    if hit is None:
        x0, y0, x1, y1 = _bounds(art)
        left, top = math.floor(fx + x0 * k) - 2, math.floor(fy + y0 * k) - 2
        left -= (left + odd_x) % 2  # the sprite's shift from the page is then even
        top -= (top + odd_y) % 2
        size = (math.ceil(fx + x1 * k) - left + 2, math.ceil(fy + y1 * k) - top + 2)
        img = Image.new("RGBA", size, (0, 0, 0, 0))
        draw_items(ImageDraw.Draw(img), art, k, fx - left, fy - top)
        if len(_SPRITES) > 1024:  # about 20 MB at most
            _SPRITES.clear()
        hit = _SPRITES[key] = (img, left, top)
    return hit


def _opaque_edges(art: tuple[Primitive, ...]) -> bool:
    """True when nothing in the art blends with what lies under it: its text (the only thing
    Pillow anti-aliases) sits on the art's own first, filled shape, so a sprite pasted on the page
    gives the very pixels of drawing the art there."""
    return (bool(art) and all(not isinstance(p, Use) for p in art) and isinstance(art[0], (RoundRect, Circle))
            and bool(art[0].fill))


def render_image(drawing: Drawing, scale: float = 1.0) -> Image.Image:
    size = (round(drawing.width * scale), round(drawing.height * scale))
    img = Image.new("RGB", size, drawing.background or "#FFFFFF")
    draw = ImageDraw.Draw(img)
    run: list[Primitive] = []  # primitives waiting to be drawn in order
    for p in drawing.items:
        if isinstance(p, Use) and _opaque_edges(p.items):
            draw_items(draw, run, scale)
            run = []
            px, py = p.dx * scale, p.dy * scale
            ix, iy = math.floor(px), math.floor(py)
            sprite, left, top = _sprite(p.items, p.s * scale, px - ix, py - iy, ix % 2, iy % 2)
            img.paste(sprite, (ix + left, iy + top), sprite)
        else:
            run.append(p)
    draw_items(draw, run, scale)
    return img


def png_bytes(img: Image.Image, dpi: int | None = None) -> bytes:
    """PNG with no time stamp or other varying chunk: same pixels, same bytes."""
    out = io.BytesIO()
    kwargs: dict[str, object] = {"optimize": False, "compress_level": 6}
    if dpi:
        kwargs["dpi"] = (dpi, dpi)
    img.save(out, "PNG", **kwargs)
    return out.getvalue()


# The sheet's bitmap copy: 2 pixels a unit. The largest tile it serves is Shisen-sho's, 60 units
# wide, shown 34-40 CSS px wide on a phone (3 device pixels a CSS pixel) and 51 on a desktop
# (2 a pixel): 1.7-2.0 device pixels a unit, so the browser shrinks the copy or shows it as drawn.
BITMAP_SCALE = 2
_SUPERSAMPLE = 4  # drawn at 4x and averaged down: Pillow's shapes have hard edges


def sheet_bitmap(sheet: ArtSheet) -> Image.Image:
    """The bitmap copy of ``sheet`` (renderers/svg.py): its ``bitmap`` art drawn at its places at
    :data:`BITMAP_SCALE` pixels a unit, on transparency; the rest of the sheet is left empty.
    Each piece is drawn alone at 4x on a transparent tile and averaged down premultiplied, so
    its anti-aliased edges keep their colour instead of darkening toward the transparent black."""
    out = Image.new("RGBa", (round(sheet.width * BITMAP_SCALE), round(sheet.height * BITMAP_SCALE)), (0, 0, 0, 0))
    k = BITMAP_SCALE * _SUPERSAMPLE
    for art_id in sorted(sheet.bitmap):
        x, y, w, h = sheet.at[art_id]
        pad = 2.0  # units around the piece: half the sheet's gutter, room for a stroke's outer half
        img = Image.new("RGBA", (round((w + 2 * pad) * k), round((h + 2 * pad) * k)), (0, 0, 0, 0))
        draw_items(ImageDraw.Draw(img), sheet.pieces[art_id], k, pad * k, pad * k)
        small = img.convert("RGBa").reduce(_SUPERSAMPLE)
        out.paste(small, (round((x - pad) * BITMAP_SCALE), round((y - pad) * BITMAP_SCALE)))
    return out.convert("RGBA")


def pixels_digest(img: Image.Image) -> str:
    """A hash of what ``img`` shows (premultiplied, so a transparent pixel's hidden colour does not
    count): the same on every machine that draws the same pixels, whatever its encoder writes."""
    h = hashlib.sha256(f"{img.width}x{img.height}".encode())
    h.update(img.convert("RGBa").tobytes())
    return h.hexdigest()


def webp_bytes(img: Image.Image) -> bytes:
    """Lossless WebP: a third of the PNG's bytes for the art's flat colours (117 against 334 KB
    for the whole sheet), and every browser the site serves reads it. Method 4: method 6 takes
    4 s for 0 bytes less."""
    out = io.BytesIO()
    img.save(out, "WEBP", lossless=True, quality=100, method=4, exact=False)
    return out.getvalue()
