"""불 끄기 as a game of the day: the day's board and the presses that clear it."""

from __future__ import annotations

import datetime as _dt

from ...engine.errors import CheckFailed, InputError
from ...engine.lights import LightsPart, day_part
from .base import Game, Json


class Lights(Game[LightsPart, LightsPart]):
    name = "lights"
    part_type = LightsPart

    def make(self, date: _dt.date) -> LightsPart:
        return day_part(date)

    def verify(self, date: _dt.date, part: LightsPart) -> None:
        if part != day_part(date):
            raise CheckFailed(f"{date} lights: the board or its presses are not the day's")

    def part_to_json(self, part: LightsPart) -> Json:
        return {"lights": list(part.lights), "presses": list(part.presses)}

    def part_from_json(self, data: Json, date: _dt.date) -> LightsPart:
        if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in ("lights", "presses")):
            raise InputError(f"{date} lights: expected {{lights: [...], presses: [...]}}")
        return LightsPart(tuple(int(v) for v in data["lights"]), tuple(int(v) for v in data["presses"]))


GAME = Lights()
