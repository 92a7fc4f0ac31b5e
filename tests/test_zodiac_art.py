"""Zodiac tile art: the two backends drawing the same primitives, the ranks' order read in grey."""

import pytest

from drawing import assert_same_primitives, hex_rgb, lab

from harupan.renderers.games.zodiac.art import ZODIAC_COLOURS, zodiac_tile


@pytest.mark.parametrize("rank", [5, 12])
def test_svg_and_pillow_draw_the_same_primitives(rank):
    assert_same_primitives(zodiac_tile(rank), 60, 80)


def test_zodiac_ranks_read_in_greyscale():
    lightness = [lab(hex_rgb(c))[0] for c in ZODIAC_COLOURS]
    assert all(a > b for a, b in zip(lightness, lightness[1:])), [round(v) for v in lightness]
    assert len(set(ZODIAC_COLOURS)) == 12
