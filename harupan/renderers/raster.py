"""The Pillow backend: a :class:`Drawing` to an RGB image, then PNG bytes.

Shapes are drawn at ``scale`` pixels per unit; text goes through FreeType with the bundled fonts,
placed by the shared metrics of :mod:`.fonts`, so it sits where the SVG and PDF put it.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .fonts import font_path, text_layout
from .model import Circle, Drawing, Line, Polygon, RoundRect, Text, expand


@lru_cache(maxsize=512)
def _pil_font(role: str, path: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, px)


def draw_items(draw: ImageDraw.ImageDraw, items, scale: float, ox: float = 0.0, oy: float = 0.0) -> None:
    def P(x, y):
        return (ox + x * scale, oy + y * scale)

    for p in expand(items):
        if isinstance(p, RoundRect):
            x0, y0 = P(p.x, p.y)
            x1, y1 = P(p.x + p.w, p.y + p.h)
            draw.rounded_rectangle((x0, y0, x1, y1), radius=p.r * scale, fill=p.fill, outline=p.stroke,
                                   width=max(1, round(p.width * scale)) if p.stroke else 0)
        elif isinstance(p, Circle):
            x, y = P(p.cx, p.cy)
            r = p.r * scale
            draw.ellipse((x - r, y - r, x + r, y + r), fill=p.fill, outline=p.stroke,
                         width=max(1, round(p.width * scale)) if p.stroke else 0)
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


def _dashed(draw, pts, colour, width, dash):
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


def render_image(drawing: Drawing, scale: float = 1.0) -> Image.Image:
    size = (round(drawing.width * scale), round(drawing.height * scale))
    img = Image.new("RGB", size, drawing.background or "#FFFFFF")
    draw_items(ImageDraw.Draw(img), drawing.items, scale)
    return img


def png_bytes(img: Image.Image, dpi: int | None = None) -> bytes:
    """PNG with no time stamp or other varying chunk: same pixels, same bytes."""
    out = io.BytesIO()
    kwargs = {"optimize": False, "compress_level": 6}
    if dpi:
        kwargs["dpi"] = (dpi, dpi)
    img.save(out, "PNG", **kwargs)
    return out.getvalue()
