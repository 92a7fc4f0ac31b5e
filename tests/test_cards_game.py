"""The 사색패 game's two halves, registered by the package (issue 22), go into a whole day: its
part in puzzle.json, its picture, its print pages, its page section and its browser module."""

import dataclasses
import datetime as dt
import json
import re

import pytest

from harupan.renderers.sheets import PrintOptions
from harupan.engine.cards.puzzle import daily_puzzle, puzzle_to_json
from harupan.engine.errors import CheckFailed
from harupan.generator import games
from harupan.generator.daily import DayBundle, bundle_json, day_bundle, verify_bundle
from harupan.publish import site as publish
from harupan.publish.config import load_config
from harupan.renderers import games as views


DATE = dt.date(2026, 12, 1)


def test_the_cards_part_goes_into_the_days_bundle_and_is_checked(cards_game, remembered_layouts):
    bundle = day_bundle(DATE, games.Settings({"shisen": {"difficulties": ("easy",)}}, light=True))
    assert list(bundle.parts) == [g.name for g in games.games()] and "cards" in bundle.parts
    assert bundle.part("cards") == daily_puzzle(DATE)
    data = bundle_json(bundle)
    assert json.loads(data)["cards"] == puzzle_to_json(daily_puzzle(DATE))
    assert bundle_json(DayBundle.from_json(json.loads(data))) == data
    verify_bundle(bundle)
    other = daily_puzzle(DATE + dt.timedelta(days=1))
    wrong = DayBundle(bundle.date, bundle.weekday, bundle.generator, {**bundle.parts, "cards": other})
    with pytest.raises(CheckFailed, match="cards: the hand is not the day's"):
        verify_bundle(wrong)
    lie = dataclasses.replace(daily_puzzle(DATE), score=daily_puzzle(DATE).score - 1)
    with pytest.raises(CheckFailed, match="cards: the melds score"):
        verify_bundle(DayBundle(bundle.date, bundle.weekday, bundle.generator, {**bundle.parts, "cards": lie}))


def test_a_day_with_the_cards_game_is_published_whole(cards_game, tmp_path, monkeypatch, remembered_layouts):
    monkeypatch.setenv("HARUPAN_PAR", "quick")
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "normal")
    site = tmp_path / "site"
    assert publish.build(site, [DATE], load_config(), jobs=1) == {"written": 1, "unchanged": 0, "skipped": 0}
    day = site / "2026" / "12" / "01"
    p = daily_puzzle(DATE)
    assert json.loads((day / "puzzle.json").read_bytes())["cards"]["hand"] == list(p.hand)
    assert (day / "cards.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    page = (day / "index.html").read_text(encoding="utf-8")
    assert page.index('id="zodiac-h"') < page.index('id="cards-h"')
    assert f"끝까지 맞추는 방법 {p.figures.arrangements}가지" in page
    assert (f'"cards":{{"hand":{json.dumps(list(p.hand), separators=(",", ":"))},"best":{p.score},'
            '"card":[40.0,96.0]}') in page  # the hand, the best score, the art's size; no answer
    assert '"melds"' not in page.split('id="harupan-day"')[1].split("</script>")[0]  # no answer in the play data
    pdf = (day / "sheet-a4.pdf").read_bytes()
    parts = DayBundle.from_json(json.loads((day / "puzzle.json").read_bytes())).parts
    titles = [t for t, _ in views.print_set(DATE, parts, "a4")]
    fronts = sum(len(v.sheets(DATE, parts[v.name], PrintOptions("a4"))[0]) for v in views.day_views(parts))
    assert titles.index("사색패 손패 맞추기") < fronts <= titles.index("사색패 손패 맞추기 정답")  # the hand in front, its key at the back
    assert len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf)) == len(titles)
    script = (site / "static" / "js" / "harupan.js").read_text(encoding="utf-8")
    assert "// ---- cards.js\n" in script and "function cardApply(state, move)" in script
