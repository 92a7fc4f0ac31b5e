"""The day bundle: every registered game's part for one date, as a typed value (``harupan/day@1``).

``puzzle.json`` is the archived truth for a day: pages and sheets derive from it. Its JSON form
is the bundle's header (format, date, weekday, generator) and one key per game, each game's part
in that game's own JSON form (generator/games).
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.dates import WEEKDAYS_KO, parse_date
from ..engine.errors import CheckFailed, InputError
from .games import Json, Piece, Settings, game, game_for_piece, games

__all__ = ["FORMAT", "HEADER", "LIGHT", "DayBundle", "bundle_json", "day_bundle", "day_generator", "day_part",
           "load_bundle_json", "verify_bundle"]

FORMAT = "harupan/day@1"
HEADER = ("format", "date", "weekday", "generator")


def day_generator() -> int:
    """The header's ``generator``: the highest of the registered games' versions, so that it moves
    whenever a game's does (a bundle reader may tell days made before a change from days after).
    Each game's part carries the detail where it needs it (a Shisen-sho layout its own version)."""
    return max((g.version for g in games()), default=1)

MapFn = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]


@dataclass(frozen=True)
class DayBundle:
    """One day: its header and each game's typed part, by game name in page order."""

    date: _dt.date
    weekday: str
    generator: int
    parts: Mapping[str, object]
    format: str = FORMAT

    def part(self, name: str) -> object:
        return self.parts[name]

    def to_json(self) -> dict[str, Any]:  # Any: a JSON object: the header and each game's own form
        out: dict[str, Any] = {"format": self.format, "date": self.date.isoformat(), "weekday": self.weekday,
                               "generator": self.generator}
        for name, part in self.parts.items():
            out[name] = game(name).part_to_json(part)
        return out

    @classmethod
    def from_json(cls, data: Any) -> DayBundle:  # Any: JSON as parsed, checked here
        """The typed bundle from its JSON form; ``InputError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise InputError("a day bundle must be a JSON object")
        if data.get("format") != FORMAT:
            raise InputError(f"format is {data.get('format')!r}, expected {FORMAT!r}")
        date = parse_date(data.get("date"), what="bundle date")
        unknown = sorted(set(data) - set(HEADER) - {g.name for g in games()})
        if unknown:
            raise InputError(f"{date}: no game named {unknown[0]!r}")
        generator = data.get("generator")
        if not isinstance(generator, int) or isinstance(generator, bool):
            raise InputError(f"{date}: generator is {generator!r}, expected a version number")
        parts = {g.name: g.part_from_json(data[g.name], date) for g in games() if g.name in data}
        return cls(date, str(data.get("weekday")), generator, parts, FORMAT)


def day_part(piece: Piece) -> Json:
    """One independent piece of a day, as the game whose kind it is makes it (``piece.kind``).
    Module level, so a process pool can run the pieces side by side."""
    return game_for_piece(piece).make_piece(piece)


LIGHT = Settings(light=True)  # every game's defaults, the slow extras off: enough to draw a day


def day_bundle(day: _dt.date, settings: Settings = LIGHT, map_fn: MapFn = map,
               known: Mapping[Piece, Json] | None = None) -> DayBundle:
    """Every registered game's part for ``day``, made by its pieces under ``settings`` (each
    game's own options). ``map_fn`` may run the pieces side by side (a process pool's ``map``);
    every piece depends on the date and settings alone, so the bundle is the same. ``known``
    holds pieces' results made earlier (``day_part(piece)``, kept by the caller, checked by their
    game): they stand in for making those pieces again."""
    known = dict(known or {})
    wanted = {g.name: g.pieces(day, settings) for g in games()}
    todo = [p for pieces in wanted.values() for p in pieces if p not in known]
    todo.sort(key=lambda p: -game_for_piece(p).piece_cost(p))  # the slowest first (a stable sort)
    made = dict(known)
    made.update(zip(todo, map_fn(day_part, todo)) if todo else ())
    parts = {g.name: g.assemble(day, settings, made) for g in games()}
    return DayBundle(day, WEEKDAYS_KO[day.weekday()], day_generator(), parts)


def verify_bundle(bundle: DayBundle) -> None:
    """Prove the bundle again from scratch, game by game (each game's ``verify``). Raises :class:`CheckFailed` (exit 1) on the first failure."""
    for name, part in bundle.parts.items():
        game(name).verify(bundle.date, part)


def load_bundle_json(data: bytes, where: str) -> DayBundle:
    """A typed bundle from ``puzzle.json`` bytes; a bundle that is not one fails its check (exit 1)."""
    try:
        return DayBundle.from_json(json.loads(data))
    except (ValueError, RecursionError) as e:
        raise CheckFailed(f"{where}: the archived day cannot be read ({e}); nothing was changed") from None
    except InputError as e:
        raise CheckFailed(f"{where}: {e}") from None


def bundle_json(bundle: DayBundle | dict[str, object]) -> bytes:
    """Canonical bytes: sorted keys, fixed separators, UTF-8, one trailing newline."""
    data = bundle.to_json() if isinstance(bundle, DayBundle) else bundle
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
