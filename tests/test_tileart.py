import re
import xml.etree.ElementTree as ET

import pytest

from harupan.renderers import raster
from harupan.renderers.fonts import ROLES, missing_glyphs
from harupan.renderers.model import Circle, Drawing, texts
from harupan.renderers.sheets import all_sheet_text
from harupan.renderers.svg import render_svg
from harupan.renderers.tileart import (ALL_CODES, SUIT_COLOURS, ZODIAC_COLOURS, all_tile_text, label_ko,
                                       mahjong_tile, zodiac_tile)


def test_fonts_have_every_glyph_any_renderer_draws():
    text = all_tile_text() + all_sheet_text()
    for role in ROLES:
        assert missing_glyphs(text, role) == [], role
    assert "萬" in text and "亥" in text and "돼지" in text


def test_easy_labels():
    assert [label_ko(c) for c in ("3p", "7s", "5m", "1z", "7z", "1f", "1g")] == \
        ["3통", "7삭", "5만", "동", "중", "매", "춘"]


def test_every_tile_draws_and_labels_in_easy_view():
    for code in ALL_CODES:
        assert len(mahjong_tile(code)) > 2
        assert label_ko(code) in texts(mahjong_tile(code, True))


def test_similar_tiles_differ_in_shape():
    def shapes(code):
        return [(type(p).__name__, round(getattr(p, "cx", getattr(p, "x", 0))), round(getattr(p, "cy", getattr(p, "y", 0))))
                for p in mahjong_tile(code)]
    assert shapes("6p") != shapes("7p") and shapes("3s") != shapes("4s")
    assert len([p for p in mahjong_tile("6p") if isinstance(p, Circle)]) == 3 * 6 + 0
    assert len([p for p in mahjong_tile("7p") if isinstance(p, Circle)]) == 3 * 7


class Recorder:
    """Stands in for ImageDraw and records what the Pillow backend draws."""

    def __init__(self):
        self.calls = []

    def rounded_rectangle(self, box, radius, fill, outline, width):
        self.calls.append(("rect", box[0], box[1], box[2] - box[0], box[3] - box[1]))

    def ellipse(self, box, fill, outline, width):
        self.calls.append(("circle", (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2))

    def line(self, pts, fill, width, joint=None):
        self.calls.append(("line",) + tuple(v for p in pts for v in p))

    def polygon(self, pts, fill, outline, width):
        self.calls.append(("polygon",) + tuple(v for p in pts for v in p))

    def text(self, xy, text, fill, font, anchor):
        self.calls.append(("text", text))


def svg_calls(svg: str):
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    out = []
    for el in list(root)[2:]:  # after <defs> and the background
        tag = el.tag.replace(ns, "")
        if tag == "rect":
            out.append(("rect",) + tuple(float(el.get(k)) for k in ("x", "y", "width", "height")))
        elif tag == "circle":
            out.append(("circle",) + tuple(float(el.get(k)) for k in ("cx", "cy", "r")))
        elif tag in ("polyline", "polygon"):
            nums = tuple(float(v) for v in re.split(r"[ ,]", el.get("points")))
            out.append(("line" if tag == "polyline" else "polygon",) + nums)
        elif tag == "g":
            out.append(("text", "".join(chr(int(u.get("href")[3:], 16)) for u in el)))
    return out


@pytest.mark.parametrize("item", ["1m", "6p", "7p", "3s", "4s", "1s", "5z", "7z", "1f", "zodiac-5", "zodiac-12"])
@pytest.mark.parametrize("easy", [False, True])
def test_svg_and_pillow_draw_the_same_primitives(item, easy):
    items = zodiac_tile(int(item.split("-")[1])) if item.startswith("zodiac") else mahjong_tile(item, easy)
    assert_same_primitives(items, 60, 80)


def assert_same_primitives(items, width, height):
    """The SVG backend and the Pillow backend draw ``items`` as the same calls, in order."""
    svg = svg_calls(render_svg(Drawing(width, height, items)))
    rec = Recorder()
    raster.draw_items(rec, items, 1.0)
    assert len(svg) == len(rec.calls)
    for a, b in zip(svg, rec.calls):
        assert a[0] == b[0]
        if a[0] == "text":
            assert a[1] == b[1].replace(" ", "")
        else:
            assert a[1:] == pytest.approx(b[1:], abs=0.01)


# ---------------------------------------------------------------- colour

def srgb_to_linear(c):
    c = c / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def linear_to_srgb(c):
    c = min(1.0, max(0.0, c))
    return 255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055)


# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def simulate(rgb, matrix):
    lin = [srgb_to_linear(c) for c in rgb]
    return tuple(linear_to_srgb(sum(m * v for m, v in zip(row, lin))) for row in matrix)


def lab(rgb):
    r, g, b = (srgb_to_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


@pytest.mark.parametrize("vision", ["normal"] + list(CVD))
def test_suit_colours_stay_apart_under_colour_blindness(vision):
    colours = sorted(set(SUIT_COLOURS.values()))
    assert len(colours) == 5
    sims = [hex_rgb(c) if vision == "normal" else simulate(hex_rgb(c), CVD[vision]) for c in colours]
    worst = min(delta_e(a, b) for i, a in enumerate(sims) for b in sims[i + 1:])
    assert worst > 10, f"two suit colours are {worst:.1f} apart (ΔE) under {vision}"


def test_zodiac_ranks_read_in_greyscale():
    lightness = [lab(hex_rgb(c))[0] for c in ZODIAC_COLOURS]
    assert all(a > b for a, b in zip(lightness, lightness[1:])), [round(v) for v in lightness]
    assert len(set(ZODIAC_COLOURS)) == 12
