"""The day bundle: everything published for one date, as plain data (``harupan/day@1``).

``puzzle.json`` is the archived truth for a day: pages and sheets derive from it.
"""

from __future__ import annotations

import json

from ..engine.shisen.board import layout_to_dict
from ..engine.zodiac import FORMAT as ZODIAC_FORMAT
from ..engine.zodiac import seed_for, start_cells
from .shisen import DEFAULT_SIZE, DIFFICULTIES, GENERATOR_VERSION, generate, parse_date

FORMAT = "harupan/day@1"
WEEKDAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")


def day_bundle(date: str, size: str = DEFAULT_SIZE, difficulties=DIFFICULTIES) -> dict:
    day = parse_date(date)
    shisen = {}
    for d in difficulties:
        shisen[d] = layout_to_dict(generate(date, size, d))
    return {
        "format": FORMAT,
        "date": date,
        "weekday": WEEKDAYS_KO[day.weekday()],
        "generator": GENERATOR_VERSION,
        "shisen": shisen,
        "zodiac": {"format": ZODIAC_FORMAT, "seed": seed_for(date), "start": start_cells(date)},
    }


def bundle_json(bundle: dict) -> bytes:
    """Canonical bytes: sorted keys, fixed separators, UTF-8, one trailing newline."""
    return (json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
