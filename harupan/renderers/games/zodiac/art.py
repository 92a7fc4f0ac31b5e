"""Zodiac tiles as primitives, in tile units (a tile is 60 × 60; rank 0 is the empty cell).

Drawn once here, rendered by every backend. Each animal carries its earthly branch (子丑寅…) and
its Korean name, and a fill of its own: twelve hues round the colour wheel at CIELAB lightness
96, 89, 82 … 19 (seven steps a rank), so the order reads in greyscale print too
(tests/test_zodiac_art.py checks it).
"""

from __future__ import annotations

from functools import lru_cache

from ....engine.zodiac import BRANCHES, NAMES_KO
from ...model import Primitive, RoundRect, Text, texts
from ...palette import EDGE, OUTLINE, text_colour_on

ZODIAC_SIZE = 60.0
ZODIAC_NAMES = NAMES_KO[1:]  # 쥐 … 돼지, rank 1 first
ZODIAC_COLOURS = ("#FFF2C9", "#FFD796", "#FFB680", "#FE9FA2", "#6EB491", "#3D9FBB",
                  "#C26859", "#50748B", "#196A55", "#8E234F", "#283A74", "#192F48")


LARGE_WORDS = 9.0  # the smallest text on a large-print tile (its number): large print draws the tile so this is 16 pt


@lru_cache(maxsize=32)
def zodiac_tile(rank: int, large: bool = False) -> tuple[Primitive, ...]:
    """A zodiac tile in units of 60 × 60; rank 0 is the empty cell. ``large``: large print's, its
    words larger for the tile's size (every name 12 units, the number 9, a little further left),
    so a tile 38 mm wide prints them all at 16 pt."""
    if rank == 0:
        return (RoundRect(1, 1, 58, 58, 8, fill="#EFEAE0", stroke="#D6CFC0", width=1.0),)
    fill = ZODIAC_COLOURS[rank - 1]
    ink = text_colour_on(fill)
    name = NAMES_KO[rank]
    return (RoundRect(2, 3, 56, 56, 8, fill=EDGE),
            RoundRect(1, 1, 56, 56, 8, fill=fill, stroke=OUTLINE, width=1.0),
            Text(29, 23, BRANCHES[rank], 24, ink, "serif"),
            Text(29, 45, name, 12 if len(name) < 3 or large else 10.5, ink, "sans"),
            Text(6, 9.5, str(rank), LARGE_WORDS, ink, "sans", "start") if large
            else Text(8, 9, str(rank), 8, ink, "sans", "start"))


def all_tile_text() -> str:
    """Every character the zodiac art can draw (the glyph check covers it)."""
    return "".join(texts(zodiac_tile(rank)) for rank in range(13))
