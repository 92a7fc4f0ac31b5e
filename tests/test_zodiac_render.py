"""Zodiac merge on paper and as a picture: the tiles' golden image, the share image's size, a start
card that can be played with a pencil."""

import datetime as dt

import pytest
from PIL import Image

from drawing import compare_image

from harupan.cli.main import cli
from harupan.renderers.games.zodiac.art import zodiac_tile
from harupan.renderers.games.zodiac.sheets import zodiac_page, zodiac_share
from harupan.renderers.model import Drawing, place
from harupan.renderers.raster import render_image


def test_zodiac_row_tolerant():
    items = []
    for rank in range(13):
        items += place(zodiac_tile(rank), rank * 62, 0)
    compare_image("zodiac-tiles", render_image(Drawing(13 * 62, 60, tuple(items)), 2), 1.0)


def test_share_image_size():
    assert render_image(zodiac_share(dt.date(2026, 11, 29), [1] + [0] * 15)).size == (1200, 630)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_zodiac_sheet_can_be_played_with_a_pencil(paper):
    """Where the site's game puts a new tile comes from the date, which the sheet does not show:
    the sheet tells the reader to choose the empty cell and what to put there, and says the site
    places it by the date, so the two scores may differ. Every line stays on the page."""
    from harupan.renderers import fonts
    from harupan.renderers.model import Text
    from harupan.renderers.games.zodiac.sheets import ZODIAC_PAPER_NOTE, ZODIAC_RULES

    page = zodiac_page(dt.date(2026, 11, 29), [0, 1] + [0] * 14, paper)
    lines = [t for t in page.items if isinstance(t, Text) and t.text in ZODIAC_RULES + (ZODIAC_PAPER_NOTE,)]
    assert [t.text for t in lines] == list(ZODIAC_RULES) + [ZODIAC_PAPER_NOTE]
    rules = " ".join(ZODIAC_RULES)
    assert "빈칸 하나를 직접 골라" in rules and "쥐" in rules and "열 번째" in rules and "소" in rules
    assert "빈칸 하나에 쥐(가끔 소)가 새로 나옵니다" not in rules  # the old line: where, the sheet did not say
    assert "날짜로 정하므로" in ZODIAC_PAPER_NOTE and "다를 수 있습니다" in ZODIAC_PAPER_NOTE
    sans = fonts.font("sans")
    assert all(t.x + sans.width(t.text, t.size) <= page.width - 150 for t in lines)


def test_render_cli_draws_the_share_image(runner, tmp_path):
    z = tmp_path / "z.json"
    z.write_text('{"format": "harupan/zodiac@1", "date": "2026-11-29", "start": [0,1,0,0,0,0,0,0,0,1,0,0,0,0,0,0]}')
    r = runner.invoke(cli, ["render", str(z), "--format", "png", "--share", "-o", str(tmp_path / "z.png")])
    assert r.exit_code == 0 and Image.open(tmp_path / "z.png").size == (1200, 630)
