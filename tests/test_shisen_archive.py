"""Shisen-sho layouts as every generator version published them (tests/golden/shisen for this
one, tests/golden/archive for versions 1 to 5): each reads as a day's part and writes back the
same bytes, so a published ``puzzle.json`` never changes under a re-render."""

import datetime as dt
import json
from pathlib import Path

import pytest

from harupan.engine.dates import WEEKDAYS_KO
from harupan.engine.shisen import format_json
from harupan.engine.shisen.board import layout_from_dict
from harupan.generator.daily import bundle_json, load_bundle_json
from harupan.generator.games import game

GOLDEN = Path(__file__).resolve().parent / "golden"
LAYOUTS = sorted((GOLDEN / "shisen").glob("*.json")) + sorted((GOLDEN / "archive").glob("*.json"))


def test_the_archives_are_there():
    assert len(LAYOUTS) == 30  # 5 dates x generator versions 1 to 6


def _archived_day(layout: dict, generator: int) -> dict:
    """A day holding this layout alone, as a generator of that version published it."""
    date = layout["date"]
    return {"format": "harupan/day@1", "date": date, "generator": generator,
            "weekday": WEEKDAYS_KO[dt.date.fromisoformat(date).weekday()], "shisen": {"normal": layout}}


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
    assert bundle.generator == generator and list(bundle.parts) == ["shisen"]
    written = game("shisen").part_to_json(bundle.part("shisen"))["normal"]
    assert format_json(layout_from_dict(written)) == text
