"""Mahjong tile art: every kind drawn and named in the easy view, similar tiles told apart by
shape, the two backends drawing the same primitives, suit colours apart under colour blindness."""

import pytest

from drawing import CVD, assert_same_primitives, delta_e, hex_rgb, simulate

from harupan.engine.shisen.tiles import ALL_CODES
from harupan.renderers.games.shisen.art import SUIT_COLOURS, label_ko, mahjong_tile
from harupan.renderers.model import Circle, texts


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


@pytest.mark.parametrize("item", ["1m", "6p", "7p", "3s", "4s", "1s", "5z", "7z", "1f"])
@pytest.mark.parametrize("easy", [False, True])
def test_svg_and_pillow_draw_the_same_primitives(item, easy):
    assert_same_primitives(mahjong_tile(item, easy), 60, 80)


@pytest.mark.parametrize("vision", ["normal"] + list(CVD))
def test_suit_colours_stay_apart_under_colour_blindness(vision):
    colours = sorted(set(SUIT_COLOURS.values()))
    assert len(colours) == 5
    sims = [hex_rgb(c) if vision == "normal" else simulate(hex_rgb(c), CVD[vision]) for c in colours]
    worst = min(delta_e(a, b) for i, a in enumerate(sims) for b in sims[i + 1:])
    assert worst > 10, f"two suit colours are {worst:.1f} apart (ΔE) under {vision}"
