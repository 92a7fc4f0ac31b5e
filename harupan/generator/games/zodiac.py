"""Zodiac merge as a game of the day: the protocol's start board and, when asked for, the par bot's game."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.errors import CheckFailed, InputError
from ...engine.status import GameState
from ...engine.zodiac import FORMAT, replay, seed_for, start_cells
from .base import Piece, Settings


@dataclass(frozen=True)
class Par:
    """The par bot's whole game: its moves and where they end."""

    bot: str  # "full" or "quick"
    moves: str
    state: GameState
    top: int
    score: int


@dataclass(frozen=True)
class ZodiacPart:
    format: str
    seed: str
    start: tuple[int, ...]
    par: Par | None = None


def _par_json(p: Par) -> dict[str, Any]:
    return {"bot": p.bot, "moves": p.moves, "state": p.state.value, "top": p.top, "score": p.score}


class Zodiac:
    name = "zodiac"
    script = "zodiac.js"
    piece_kinds: tuple[str, ...] = ("par",)

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return [("par", date.isoformat(), settings.par)] if settings.par is not None else []

    def piece_cost(self, piece: Piece) -> float:
        return 20.0 if piece[2] == "full" else 1.5

    def make_piece(self, piece: Piece) -> dict[str, Any]:
        from ..zodiac import par as play_par

        _, date, mode = piece
        game = play_par(date, mode)
        return _par_json(Par(mode, game.moves, GameState(game.state), game.top, game.score))

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Any]) -> ZodiacPart:
        iso = date.isoformat()
        data: dict[str, Any] = {"format": FORMAT, "seed": seed_for(iso), "start": start_cells(iso)}
        for piece in self.pieces(date, settings):
            data["par"] = made[piece]
        return self.part_from_json(data, date)

    def verify(self, date: _dt.date, part: ZodiacPart) -> None:
        iso = date.isoformat()
        if list(part.start) != start_cells(iso):
            raise CheckFailed(f"{iso} zodiac: the start board does not follow protocol v1")
        p = part.par
        if p is not None:
            try:
                r = replay(p.moves, date=iso)
            except InputError as e:
                raise CheckFailed(f"{iso} zodiac: the par does not replay ({e})") from None
            if (r.state, r.top, r.score) != (p.state, p.top, p.score):
                raise CheckFailed(f"{iso} zodiac: the par does not replay to its claimed result")

    def part_to_json(self, part: ZodiacPart) -> dict[str, Any]:
        out: dict[str, Any] = {"format": part.format, "seed": part.seed, "start": list(part.start)}
        if part.par is not None:
            out["par"] = _par_json(part.par)
        return out

    def part_from_json(self, data: Any, date: _dt.date) -> ZodiacPart:
        where = f"{date} zodiac"
        try:
            par = None
            if data.get("par") is not None:
                p = data["par"]
                par = Par(str(p["bot"]), str(p["moves"]), GameState(p["state"]), int(p["top"]), int(p["score"]))
            return ZodiacPart(str(data["format"]), str(data["seed"]), tuple(int(v) for v in data["start"]), par)
        except (AttributeError, KeyError, TypeError, ValueError) as e:
            raise InputError(f"{where}: not a zodiac part ({e!r})") from None
