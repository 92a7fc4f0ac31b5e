"""사색패 card faces as primitives, in card units: a card is 40 × 96, tall like the real thing.

Drawn once here and rendered by every backend (SVG on the page, Pillow for the PNG, the PDF for
paper), in the tile art's manner: a body with an edge for its thickness, an ivory face. The
rank's character (將士象車馬砲卒) is large, in a dark ink of the card's colour. Colour is never
the only cue: the band at the top carries the colour's own mark (yellow a disc, red a triangle,
green a square, white a diamond) and its first syllable (노 빨 초 하), and the rank's Korean
name sits under the character. Generals, the cards that score alone, have a ring round theirs.

The four band colours are checked to stay apart under the common colour-vision deficiencies
(tests/test_cards_art.py), as the tile art's suit colours are.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ....engine.cards import COLOUR_KO, COLOURS, RANK_HANJA, RANK_KO, CARD_NAMES_KO
from ...model import Circle, Polygon, Primitive, RoundRect, Text, Use, texts
from ...palette import EDGE, INK, IVORY, OUTLINE, text_colour_on
from ...sheets import LARGE_TEXT

CARD_W, CARD_H = 40.0, 96.0
SYLLABLE = {c: COLOUR_KO[c][0] for c in COLOURS}  # the band's syllable: the first of the colour's name

# The band: the colour itself. The character: a dark ink of it, readable on ivory (white's is slate).
BAND = {"Y": "#F2C200", "R": "#D55E00", "G": "#009E73", "W": "#FFFFFF"}
CHAR_INK = {"Y": "#7A5C00", "R": "#A63A00", "G": "#00674B", "W": "#3D4A5C"}
MARKS = {"Y": "disc", "R": "triangle", "G": "square", "W": "diamond"}


def _mark(shape: str, cx: float, cy: float, r: float, ink: str) -> Primitive:
    """The colour's mark, a shape that differs even in greyscale."""
    if shape == "disc":
        return Circle(cx, cy, r, fill=ink)
    if shape == "triangle":
        return Polygon(((cx, cy - r), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)), fill=ink)
    if shape == "square":
        return RoundRect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, 0.6, fill=ink)
    return Polygon(((cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)), fill=ink)


WORDS_MOST = 15.0  # the largest the syllable and the name fit: the band's height, the room over the name's mark


@lru_cache(maxsize=256)
def card_face(code: str, words: float = 11.0) -> tuple[Primitive, ...]:
    """A whole card (body, band with mark and syllable, character, name) in card units; ``J`` is
    the joker of the full deck (the rule page's; the daily hand has none): a dark face, 鬼.
    ``words``: the syllable's and the name's size, 11 units; large print asks for more (up to
    :data:`WORDS_MOST`) where its cards are drawn too small for 16 pt at 11."""
    if code == "J":
        return (RoundRect(2.2, 3.0, 37, 92, 5, fill=EDGE),
                RoundRect(1, 1, 37, 92, 5, fill="#2B2D42", stroke=OUTLINE, width=1.0),
                Text(19.5, 42, "鬼", 24, "#FFFFFF", "serif"),
                Text(19.5, 77, "조커", words, "#FFFFFF", "sans"))
    colour, rank = code[0], int(code[1])
    band, char_ink = BAND[colour], CHAR_INK[colour]
    on_band = text_colour_on(band)
    items: list[Primitive] = [
        RoundRect(2.2, 3.0, 37, 92, 5, fill=EDGE),  # the card's thickness, lower right
        RoundRect(1, 1, 37, 92, 5, fill=IVORY, stroke=OUTLINE, width=1.0),
        RoundRect(3, 3, 33, 20, 3.5, fill=band, stroke=OUTLINE if colour == "W" else None,
                  width=0.8 if colour == "W" else 0.0),
        _mark(MARKS[colour], 11, 13, 4.6, on_band),
        Text(26.5, 13, SYLLABLE[colour], words, on_band, "sans"),
    ]
    if rank == 1:
        items.append(Circle(19.5, 49, 16.5, stroke=char_ink, width=1.4))
    items += [Text(19.5, 49, RANK_HANJA[rank - 1], 24, char_ink, "serif"),
              Text(19.5, 77, RANK_KO[rank - 1], words, INK, "sans"),
              _mark(MARKS[colour], 19.5, 87.5, 2.6, char_ink)]
    return tuple(items)


def row_items(cards: list[str] | tuple[str, ...], x0: float, y0: float, scale: float = 1.0,
              gap: float = 3.0, words: float = 11.0) -> list[Primitive]:
    """Cards side by side from (x0, y0), ``gap`` card units apart. Each card is a :class:`Use` of
    its face: the page frames it on the site's art sheet (a few bytes a card, not dozens of
    elements), the PDF defines it once, Pillow draws it out."""
    return [Use(card_face(code, words), x0 + k * (CARD_W + gap) * scale, y0, scale, CARD_NAMES_KO[code])
            for k, code in enumerate(cards)]


def large_words(scale: float) -> float:
    """The cards' words (in card units) at least 16 pt where the cards are drawn at ``scale``
    (large print), as far as the card holds them."""
    return min(WORDS_MOST, max(11.0, math.ceil(LARGE_TEXT / scale * 100) / 100))


def all_card_text() -> str:
    """Every character the card art can draw (the glyph check covers it)."""
    return "".join(texts(card_face(f"{c}{r}")) for c in COLOURS for r in range(1, 8))
