"""사색패 cards: one drawing model, the same primitives in SVG and Pillow, a golden image, and
colour never the only cue."""

import pytest

from harupan.engine.cards import KINDS
from harupan.renderers.games.cards.art import BAND, CARD_H, CARD_W, MARKS, all_card_text, card_face, row_items
from harupan.renderers.fonts import ROLES, missing_glyphs
from harupan.renderers.model import Drawing, texts
from harupan.renderers.raster import render_image
from harupan.renderers.svg import render_svg

from drawing import CVD, assert_same_primitives, compare_image, delta_e, hex_rgb, simulate, svg_calls


def test_fonts_have_every_glyph_the_cards_draw():
    text = all_card_text()
    assert "將" in text and "卒" in text and "하" in text
    for role in ROLES:
        assert missing_glyphs(text, role) == [], role


@pytest.mark.parametrize("code", ["Y1", "R4", "G7", "W2", "W1"])
def test_svg_and_pillow_draw_the_same_primitives(code):
    items = card_face(code)
    assert_same_primitives(items, CARD_W, CARD_H)
    assert len(svg_calls(render_svg(Drawing(CARD_W, CARD_H, items)))) == len(items)


def test_every_card_golden():
    """All 28 kinds, four rows of seven, drawn by Pillow (text is rasterised: a small budget)."""
    items = []
    for r in range(4):
        items += row_items(KINDS[7 * r:7 * r + 7], 6, 6 + r * 104)
    compare_image("cards-all", render_image(Drawing(7 * 43 + 12, 4 * 104 + 10, tuple(items)), 2), 1.0)


def test_colour_is_never_the_only_cue():
    """Each colour has its own mark (a shape that differs in greyscale too) and syllable; each
    rank its own character and Korean name."""
    def mark(code):
        p = card_face(code)[3]
        return type(p).__name__, len(getattr(p, "points", ())), round(getattr(p, "w", 0) - getattr(p, "h", 0))

    for colour in "YRGW":
        assert len({mark(f"{colour}{r}") for r in range(1, 8)}) == 1
        assert len({texts(card_face(f"{colour}{r}"))[0] for r in range(1, 8)}) == 1
    assert len({mark(f"{c}1") for c in "YRGW"}) == 4 == len(set(MARKS.values()))
    assert {texts(card_face(f"{c}3"))[0] for c in "YRGW"} == set("노빨초하")
    assert ["".join(texts(card_face(f"G{r}"))[1:]) for r in range(1, 8)] == \
        ["將장", "士사", "象상", "車차", "馬마", "砲포", "卒졸"]


@pytest.mark.parametrize("vision", ["normal"] + list(CVD))
def test_band_colours_stay_apart_under_colour_blindness(vision):
    sims = [hex_rgb(c) if vision == "normal" else simulate(hex_rgb(c), CVD[vision]) for c in BAND.values()]
    worst = min(delta_e(a, b) for i, a in enumerate(sims) for b in sims[i + 1:])
    assert worst > 10, f"two band colours are {worst:.1f} apart (ΔE) under {vision}"


def test_the_art_names_cards_as_the_engine_does():
    """Each face draws the engine's names: the rank's character and Korean name, and the first
    syllable of the colour's name on the band."""
    from harupan.engine import cards

    for code in cards.KINDS:
        drawn = texts(card_face(code))
        rank = int(code[1]) - 1
        assert cards.RANK_HANJA[rank] in drawn and cards.RANK_KO[rank] in drawn, code
        assert cards.COLOUR_KO[code[0]][0] in drawn, code
