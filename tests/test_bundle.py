"""Issue 15: the day bundle is a typed value with one JSON form. Reading an archived bundle and
writing it again gives the same bytes, for every archived form in tests/golden, so a published
``puzzle.json`` never changes under a re-render; statuses are enums spelled as before."""

import datetime as dt
import json
from pathlib import Path

import pytest

from conftest import need_golden, update_golden

from harupan.engine.errors import CheckFailed, InputError
from harupan.engine.status import GameState, SolveStatus
from harupan.generator.daily import DayBundle, bundle_json, day_bundle, day_generator, load_bundle_json, verify_bundle
from harupan.generator.games import Settings, game, games

GOLDEN = Path(__file__).resolve().parent / "golden"
DAYS = sorted((GOLDEN / "day").glob("*.json"))
# How the archived days were made: each game's settings as the golden files' names say ("quick":
# the quick par bot). A game registered later is not in them, and its settings do not matter.
QUICK = Settings({"zodiac": {"par": "quick"}})


def test_the_archives_are_there():
    assert len(DAYS) >= 2


@pytest.mark.parametrize("path", DAYS, ids=lambda p: p.name)
def test_an_archived_day_reads_and_writes_back_to_its_own_bytes(path):
    data = path.read_bytes()
    bundle = DayBundle.from_json(json.loads(data))
    assert isinstance(bundle.date, dt.date)
    for name, part in bundle.parts.items():  # each game's part is its typed value
        assert isinstance(part, game(name).part_type)
    assert bundle_json(bundle) == data
    assert bundle_json(DayBundle.from_json(bundle.to_json())) == data
    verify_bundle(bundle)


CURRENT = [p for p in DAYS if json.loads(p.read_bytes())["generator"] == day_generator()]


def test_some_archived_days_are_of_this_generator():
    assert CURRENT


@pytest.mark.parametrize("path", CURRENT, ids=lambda p: p.name)
def test_a_fresh_day_has_the_archived_bytes(path):
    """Same date and options, same ``puzzle.json`` bytes as each archived day (the first made by
    the code of commit 685e66b, made again when a generator changed): a day holds the games it
    was made with, and adding a game adds its part and changes no byte of the others, so the
    fresh day, restricted to the archived day's games, has its bytes."""
    archived = json.loads(path.read_bytes())
    fresh = day_bundle(dt.date.fromisoformat(archived["date"]), QUICK)
    if update_golden() and set(archived) == set(fresh.to_json()):
        path.write_bytes(bundle_json(fresh))
    held = {k: v for k, v in fresh.to_json().items() if k in archived}
    assert bundle_json(held) == need_golden(path, __file__).read_bytes()
    assert [g.name for g in games() if g.name in archived] == [k for k in fresh.parts if k in archived]


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
