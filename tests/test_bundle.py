"""Issue 15: the day bundle is a typed value with one JSON form. Reading an archived bundle and
writing it again gives the same bytes, for every archived form in tests/golden, so a published
``puzzle.json`` never changes under a re-render; statuses are enums spelled as before."""

import datetime as dt
import json
from pathlib import Path

import pytest

from conftest import need_golden, update_golden

from harupan.engine.errors import CheckFailed, InputError
from harupan.engine.shisen import format_json
from harupan.engine.shisen.board import layout_from_dict
from harupan.engine.status import GameState, SolveStatus
from harupan.engine.zodiac import FORMAT as ZODIAC_FORMAT
from harupan.engine.zodiac import seed_for, start_cells
from harupan.generator.daily import WEEKDAYS_KO, DayBundle, bundle_json, day_bundle, load_bundle_json, verify_bundle
from harupan.generator.games import Par, Settings, ShisenPart, ZodiacPart, game

GOLDEN = Path(__file__).resolve().parent / "golden"
DAYS = sorted((GOLDEN / "day").glob("*.json"))
LAYOUTS = sorted((GOLDEN / "shisen").glob("*.json")) + sorted((GOLDEN / "archive").glob("*.json"))


def test_the_archives_are_there():
    assert len(DAYS) >= 1 and len(LAYOUTS) == 30  # 5 dates x generator versions 1 to 6


@pytest.mark.parametrize("path", DAYS, ids=lambda p: p.name)
def test_an_archived_day_reads_and_writes_back_to_its_own_bytes(path):
    data = path.read_bytes()
    bundle = DayBundle.from_json(json.loads(data))
    assert isinstance(bundle.date, dt.date) and isinstance(bundle.part("shisen"), ShisenPart)
    assert isinstance(bundle.part("zodiac"), ZodiacPart) and isinstance(bundle.part("zodiac").par, Par)
    assert isinstance(bundle.part("zodiac").par.state, GameState)
    assert bundle_json(bundle) == data
    assert bundle_json(DayBundle.from_json(bundle.to_json())) == data
    verify_bundle(bundle)


def _archived_day(layout: dict, generator: int) -> dict:
    """A day as a generator of that version published it: the layout, the zodiac start, no par."""
    date = layout["date"]
    return {"format": "harupan/day@1", "date": date, "generator": generator,
            "weekday": WEEKDAYS_KO[dt.date.fromisoformat(date).weekday()], "shisen": {"normal": layout},
            "zodiac": {"format": ZODIAC_FORMAT, "seed": seed_for(date), "start": start_cells(date)}}


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_every_archived_layout_form_round_trips(path):
    """Layouts of generator versions 1 to 6 (the older ones have other difficulty fields):
    the typed part writes back the same JSON, in a bundle and in the golden file's own form."""
    text = path.read_text(encoding="utf-8")
    layout = json.loads(text)
    generator = int(path.stem.split("-generator")[1].split("-")[0]) if "-generator" in path.stem else 6
    data = bundle_json(_archived_day(layout, generator))
    bundle = load_bundle_json(data, str(path))
    assert bundle_json(bundle) == data
    assert bundle.generator == generator and bundle.part("zodiac").par is None
    written = game("shisen").part_to_json(bundle.part("shisen"))["normal"]
    assert format_json(layout_from_dict(written)) == text


def test_a_fresh_day_has_the_archived_bytes():
    """Same date and options, same ``puzzle.json`` bytes as the day archived before the bundle
    was typed (made by the code of commit 685e66b; made again for generators 4, 5 and 6, the days of
    generators 3, 4 and 5 kept beside it as archived forms). Adding the 사색패 game added its part and changed no byte
    of the others: the two-game day is the fresh day without ``cards``."""
    fresh = day_bundle(dt.date(2026, 12, 1), Settings({"zodiac": {"par": "quick"}}))
    path = GOLDEN / "day" / "2026-12-01-quick-three-games.json"
    if update_golden():
        path.write_bytes(bundle_json(fresh))
    assert bundle_json(fresh) == need_golden(path, __file__).read_bytes()
    two = {k: v for k, v in fresh.to_json().items() if k != "cards"}
    assert bundle_json(two) == (GOLDEN / "day" / "2026-12-01-quick.json").read_bytes()


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="harupan/day@9"), "format is 'harupan/day@9'"),
    (lambda d: d.update(date="2026-02-30"), "bad bundle date '2026-02-30'"),
    (lambda d: d.update(generator="3"), "generator is '3'"),
    (lambda d: d.update(chess={}), "no game named 'chess'"),
    (lambda d: d["zodiac"].pop("start"), "not a zodiac part"),
    (lambda d: d["zodiac"]["par"].update(state="lost"), "not a zodiac part"),
    (lambda d: d["shisen"]["normal"]["cells"].pop(), "normal"),
])
def test_a_bundle_that_is_not_one_fails_its_check_naming_why(change, message):
    data = json.loads((GOLDEN / "day" / "2026-12-01-quick.json").read_bytes())
    change(data)
    with pytest.raises(InputError) as e:
        DayBundle.from_json(data)
    assert message in str(e.value)
    with pytest.raises(CheckFailed) as e:
        load_bundle_json(json.dumps(data).encode(), "puzzle.json")
    assert str(e.value).startswith("puzzle.json: ") and message in str(e.value)


def test_statuses_are_enums_with_their_old_spellings():
    assert [s.value for s in SolveStatus] == ["solved", "unsolvable", "undecided"]
    assert [s.value for s in GameState] == ["playing", "won", "over"]
    assert json.dumps({"s": SolveStatus.SOLVED, "g": GameState.OVER}) == '{"s": "solved", "g": "over"}'
    assert f"{SolveStatus.UNDECIDED}" == "undecided" and GameState("won") is GameState.WON
