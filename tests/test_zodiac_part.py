"""The zodiac game's part of a day: the start and the par game as typed values, their states
enums spelled as the JSON form has them."""

import json
from pathlib import Path

import pytest

from harupan.engine.status import GameState
from harupan.engine.zodiac.part import Par, ZodiacPart
from harupan.generator.daily import DayBundle

DAYS = [p for p in sorted((Path(__file__).resolve().parent / "golden" / "day").glob("*.json"))
        if "zodiac" in json.loads(p.read_bytes())]


@pytest.mark.parametrize("path", DAYS, ids=lambda p: p.name)
def test_an_archived_days_zodiac_part_is_typed(path):
    bundle = DayBundle.from_json(json.loads(path.read_bytes()))
    assert isinstance(bundle.part("zodiac"), ZodiacPart) and isinstance(bundle.part("zodiac").par, Par)
    assert isinstance(bundle.part("zodiac").par.state, GameState)
