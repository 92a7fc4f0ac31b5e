"""What the art tests share: the two backends' calls compared primitive by primitive, colour
distances under simulated colour blindness, and a tolerant image comparison."""

import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image, ImageChops, ImageStat

from conftest import GOLDEN, artifact, need_golden, update_golden

from harupan.renderers import raster
from harupan.renderers.model import Drawing
from harupan.renderers.svg import render_svg


class Recorder:
    """Stands in for ImageDraw and records what the Pillow backend draws."""

    def __init__(self):
        self.calls = []

    # the shape itself: Pillow strokes inside the box, which the backend grows by half the stroke
    def rounded_rectangle(self, box, radius, fill, outline, width):
        e = width / 2 if outline else 0
        self.calls.append(("rect", box[0] + e, box[1] + e, box[2] - box[0] - 2 * e, box[3] - box[1] - 2 * e))

    def ellipse(self, box, fill, outline, width):
        e = width / 2 if outline else 0
        self.calls.append(("circle", (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, (box[2] - box[0]) / 2 - e))

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


OUT = GOLDEN / "render"


def compare_image(name: str, img: Image.Image, tolerance: float) -> None:
    """Exact (tolerance 0) for pure geometry; a mean-difference budget where text is rasterised.
    On a mismatch the actual image is left for review outside the tree (conftest.ARTIFACTS)."""
    path = OUT / f"{name}.png"
    if update_golden():
        img.save(path)
    expected = Image.open(need_golden(path, __file__)).convert("RGB")
    assert expected.size == img.size, f"{name}: size {img.size} != {expected.size}"
    diff = ImageChops.difference(expected, img.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    if mean > tolerance or (tolerance == 0 and diff.getbbox() is not None):
        actual = artifact(f"{name}.actual.png")
        img.save(actual)
        pytest.fail(f"{name}: differs from golden (mean {mean:.3f}); see {actual}")
