"""불 끄기 (lights out on 3 × 3): pressing a cell turns it and its four neighbours over. The day's
board is a dark board pressed at a few cells the date picks, so the same presses clear it."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from ..rng import Rng

SIDE = 3


@dataclass(frozen=True)
class LightsPart:
    lights: tuple[int, ...]  # the nine cells, row by row: 1 lit, 0 dark
    presses: tuple[int, ...]  # the cells that clear it: the day's answer


def press(lights: tuple[int, ...], cell: int) -> tuple[int, ...]:
    x, y = cell % SIDE, cell // SIDE
    near = {(x, y), (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)}
    return tuple(v ^ ((i % SIDE, i // SIDE) in near) for i, v in enumerate(lights))


def day_part(date: _dt.date) -> LightsPart:
    rng = Rng(f"harupan:lights:{date.isoformat()}")
    presses = tuple(sorted({rng.below(SIDE * SIDE) for _ in range(4)}))
    lights = (0,) * (SIDE * SIDE)
    for cell in presses:
        lights = press(lights, cell)
    return LightsPart(lights, presses)
