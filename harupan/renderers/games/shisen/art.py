"""Mahjong tile faces as primitives, in tile units (a tile is 60 × 80).

Drawn once here, rendered by every backend. Traditional arrangements keep similar tiles apart
at print size: 6통 has a pair on top, 7통 a slanted trio; 3삭 is one stick over two, 4삭 two over
two. The easy view (구분 쉽게 보기) adds a band in the suit's colour with a Korean label.

Suit colours for the easy view come from the Okabe–Ito palette, designed to stay distinct under
the common colour-vision deficiencies; tests/test_shisen_art.py checks that with a simulation.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ....engine.shisen.names import TILE_NAMES_KO
from ....engine.shisen.tiles import ALL_CODES
from ...model import Circle, Line, Polygon, Primitive, RoundRect, Text, place, texts
from ...palette import EDGE, INK, IVORY, OUTLINE, text_colour_on

TILE_W, TILE_H = 60.0, 80.0

RED = "#C0392B"
GREEN = "#23784A"
BLUE = "#1F5FA8"

# Okabe–Ito: vermillion, blue, bluish green, reddish purple, orange
SUIT_COLOURS = {"m": "#D55E00", "p": "#0072B2", "s": "#009E73", "z": "#CC79A7", "f": "#E69F00", "g": "#E69F00"}

NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWERS = "梅蘭菊竹"
SEASONS = "春夏秋冬"

# the face area inside the tile body
FACE_X, FACE_Y, FACE_W, FACE_H = 6.0, 6.0, 48.0, 68.0


def _dot(cx: float, cy: float, r: float, colour: str) -> list[Primitive]:
    return [Circle(cx, cy, r, fill=colour),
            Circle(cx, cy, r * 0.55, fill=IVORY),
            Circle(cx, cy, r * 0.25, fill=colour)]


DOTS = {
    2: [((24, 17), BLUE), ((24, 51), GREEN)],
    3: [((10, 12), BLUE), ((24, 34), RED), ((38, 56), GREEN)],
    4: [((13, 18), BLUE), ((35, 18), GREEN), ((13, 50), GREEN), ((35, 50), BLUE)],
    5: [((12, 14), BLUE), ((36, 14), GREEN), ((24, 34), RED), ((12, 54), GREEN), ((36, 54), BLUE)],
    6: [((14, 11), GREEN), ((34, 11), GREEN),
        ((14, 39), RED), ((34, 39), RED), ((14, 58), RED), ((34, 58), RED)],
    7: [((10, 8), GREEN), ((24, 16), GREEN), ((38, 24), GREEN),
        ((14, 41), RED), ((34, 41), RED), ((14, 59), RED), ((34, 59), RED)],
    8: [((14, 9), BLUE), ((34, 9), BLUE), ((14, 26), BLUE), ((34, 26), BLUE),
        ((14, 43), BLUE), ((34, 43), BLUE), ((14, 60), BLUE), ((34, 60), BLUE)],
    9: [((x, y), c) for y, c in ((12, BLUE), (34, RED), (56, GREEN)) for x in (9, 24, 39)],
}
DOT_R = {2: 9.0, 3: 8.0, 4: 8.5, 5: 7.5, 6: 7.0, 7: 6.5, 8: 6.5, 9: 6.2}


def _dots(n: int) -> list[Primitive]:
    if n == 1:
        return [Circle(24, 34, 18, fill=GREEN), Circle(24, 34, 14, fill=IVORY), Circle(24, 34, 11, fill=RED),
                Circle(24, 34, 7, fill=IVORY), Circle(24, 34, 4, fill=BLUE)]
    out = []
    for (x, y), c in DOTS[n]:
        out += _dot(x, y, DOT_R[n], c)
    return out


def _stick(cx: float, cy: float, length: float, colour: str = GREEN, w: float = 6.0) -> list[Primitive]:
    return [RoundRect(cx - w / 2, cy - length / 2, w, length, w / 2, fill=colour),
            Line(((cx - w / 2 + 1, cy), (cx + w / 2 - 1, cy)), IVORY, 1.2),
            Line(((cx, cy - length / 2 + 2.5), (cx, cy + length / 2 - 2.5)), IVORY, 0.8)]


STICKS: dict[int, list[tuple[float, float, float] | tuple[float, float, float, str]]] = {  # x, y, length[, colour]
    2: [(24, 17, 26), (24, 51, 26)],
    3: [(24, 17, 26), (14, 51, 26), (34, 51, 26)],
    4: [(14, 17, 26), (34, 17, 26), (14, 51, 26), (34, 51, 26)],
    5: [(10, 17, 26), (38, 17, 26), (24, 34, 26, RED), (10, 51, 26), (38, 51, 26)],
    6: [(x, y, 26) for y in (17, 51) for x in (10, 24, 38)],
    7: [(24, 10, 16, RED), *((x, y, 20) for y in (32, 56) for x in (10, 24, 38))],
    8: [(x, y, 26) for y in (17, 51) for x in (7, 18.5, 29.5, 41)],
    9: [(x, y, 19, RED if x == 24 else GREEN) for y in (12, 34, 56) for x in (10, 24, 38)],
}


def _bamboo(n: int) -> list[Primitive]:
    if n == 1:  # the bird: nothing else looks like it
        return [Polygon(((24, 48), (8, 66), (24, 60), (40, 66)), fill=BLUE),
                Circle(24, 40, 12, fill=GREEN),
                Polygon(((16, 36), (6, 30), (14, 44)), fill=GREEN),
                Polygon(((32, 36), (42, 30), (34, 44)), fill=GREEN),
                Circle(24, 20, 7, fill=RED),
                Polygon(((24, 13), (30, 8), (27, 16)), fill=RED),
                Circle(26, 19, 1.8, fill=INK),
                Polygon(((19, 21), (12, 23), (19, 24)), fill="#D4A017")]
    out = []
    for spec in STICKS[n]:
        x, y, length = spec[:3]
        colour = spec[3] if len(spec) == 4 else GREEN
        out += _stick(x, y, length, colour, 5.0 if n == 8 else 6.0)
    return out


def _face(code: str) -> list[Primitive]:
    """The face art in face units (48 × 68)."""
    n, suit = int(code[0]), code[1]
    if suit == "p":
        return _dots(n)
    if suit == "s":
        return _bamboo(n)
    if suit == "m":
        return [Text(24, 17, NUMERALS[n - 1], 26, INK, "serif"),
                Text(24, 49, "萬", 30, RED, "serif")]
    if suit == "z":
        if n <= 4:
            return [Text(24, 34, WINDS[n - 1], 40, INK, "serif")]
        if n == 5:  # 白: an empty frame
            return [RoundRect(9, 12, 30, 44, 3, stroke=BLUE, width=3.0),
                    RoundRect(14, 17, 20, 34, 2, stroke=BLUE, width=1.2)]
        if n == 6:
            return [Text(24, 34, "發", 40, GREEN, "serif")]
        return [Text(24, 34, "中", 42, RED, "serif")]
    chars, colour = (FLOWERS, RED) if suit == "f" else (SEASONS, GREEN)
    return [Text(24, 30, chars[n - 1], 34, colour, "serif"),
            Circle(40, 60, 6, fill=colour), Text(40, 60, str(n), 9, IVORY, "sans")]


def label_ko(code: str) -> str:
    """The easy-view label: 3통, 7삭, 5만, 동, 중, 매, 춘 (the engine's names, engine/shisen/names.py)."""
    return TILE_NAMES_KO[code]


TILE_BODY = (RoundRect(2.5, 3.5, 56, 76, 7, fill=EDGE),  # the tile's thickness, lower right
             RoundRect(1, 1, 56, 75, 7, fill=IVORY, stroke=OUTLINE, width=1.2))


@lru_cache(maxsize=256)
def mahjong_tile(code: str, easy: bool = False, label: float = 14.0) -> tuple[Primitive, ...]:
    """A whole tile (body, edge, face; band and label in the easy view) in tile units. ``label``:
    the easy view's label size; larger (large print's 16 pt at the board's scale, up to 26 units)
    makes the band taller and the picture above it smaller, so the label stays a word to read."""
    body = list(TILE_BODY)
    face = _face(code)
    if not easy:
        return tuple(body + place(face, FACE_X - 1, FACE_Y - 2.5))
    colour = SUIT_COLOURS[code[1]]
    if label <= 14:
        band_y, band_h = 54.0, 19.0
        art = place(face, 12.5, 6, 0.68)  # 48×68 → 32.6×46, centred between the bar and the band
    else:
        band_h = math.ceil(label + 4)
        band_y = 73 - band_h
        art_s = (band_y - 8) / 68  # the picture fills what the band leaves, from the bar down
        art = place(face, 29 - 24 * art_s, 7, art_s)
    band: list[Primitive] = [RoundRect(4, band_y, 50, band_h, 4, fill=colour),
            Text(29, band_y + band_h / 2, label_ko(code), label, text_colour_on(colour), "sans")]
    return tuple(body + [RoundRect(1, 1, 56, 5, 2.5, fill=colour)] + art + band)


# ---------------------------------------------------------------- the answer key's step number

# No spot of a tile is blank in every art (the easy view's colour bar runs along the whole top
# edge, the normal view's figures reach within 8 units of every side), so the step number stands
# on the tile's top edge, right-aligned like a tab, in a lane the answer key leaves above each
# row (BADGE_LANE): it covers no figure of its own tile nor of the tile above, and the gap to that
# tile (5.9 units) is far wider than to its own outline (1). Outer sizes include the stroke, which
# the SVG and PDF centre on the outline (Pillow draws it inside). A lane of 30 keeps the row pitch
# (110) on whole pixels at every scale in fifths, at 300 and at 150 dpi, as the tiles' pitch is.
# The digits are larger than the old disc's, which sat on the face and hid numerals (13.2, 10.8
# and 8.64 units for one, two and three digits; now 14.6, 13.2 and 12), and grow where the lanes
# cost the board scale (badge_text_size). tests/test_shisen_render.py checks every code in both views.
BADGE_H, BADGE_STROKE = 24.0, 2.2
BADGE_LANE = 30.0
BADGE_INK = "#B03A2E"
DIGIT_W, DIGIT_H = 0.56, 0.72  # em: the bundled Noto Sans's tabular figures (0.555 wide, 0.714 high)


def badge_width(n: int) -> float:
    """The badge's outer width: 28 units, 34 for a three-digit step (boards over 200 tiles)."""
    return 28.0 if n < 100 else 34.0


def badge_text_size(n: int, grow: float = 1.0) -> float:
    """Units for step ``n``'s digits: 14.6, 13.2 or 12 for one, two or three, times ``grow``
    (how much scale the board lost to the lanes) up to the most the badge's white holds."""
    base = 14.6 if n < 10 else 13.2 if n < 100 else 12.0
    white_w, white_h = badge_width(n) - 3 * BADGE_STROKE - 2, BADGE_H - 3 * BADGE_STROKE - 2
    most = min(white_w / (DIGIT_W * len(str(n))), white_h / DIGIT_H)
    return max(base, math.floor(min(base * grow, most) * 100) / 100)


@lru_cache(maxsize=1024)
def step_badge(n: int, grow: float = 1.0, least: float = 0.0) -> tuple[Primitive, ...]:
    """Step ``n`` on a tab above a tile's top right corner, in the tile's units (y < 0: the lane).
    ``least``: the digits no smaller than this (large print's 16 pt at the board's scale), the tab
    wider and taller to hold them, still within the lane (about 26 units at large print's scales)."""
    half = BADGE_STROKE / 2
    size, outer_w, outer_h = badge_text_size(n, grow), badge_width(n), BADGE_H
    if least > size:
        size = least
        outer_w = max(outer_w, math.ceil(DIGIT_W * len(str(n)) * size + 3 * BADGE_STROKE + 4))
        outer_h = max(outer_h, math.ceil(DIGIT_H * size + 3 * BADGE_STROKE + 2))
    right, bottom = 58.5, -0.6  # the tile's right edge (its thickness included); just above its top
    x, y = right - outer_w + half, bottom - outer_h + half
    w, h = outer_w - BADGE_STROKE, outer_h - BADGE_STROKE
    return (RoundRect(x, y, w, h, h / 2, fill="#FFFFFF", stroke=BADGE_INK, width=BADGE_STROKE),
            Text(x + w / 2, y + h / 2, str(n), size, BADGE_INK))


def all_tile_text() -> str:
    """Every character the tile art can draw (the glyph check covers it)."""
    return "".join(texts(mahjong_tile(code, easy)) for code in ALL_CODES for easy in (False, True))
