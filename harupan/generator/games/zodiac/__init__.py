"""Zodiac merge as a game of the day: the protocol's start board and, when asked for, the par bot's game."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ....engine.errors import CheckFailed, InputError
from ....engine.status import GameState
from ....engine.schema import Field, Obj, check
from ....engine.zodiac import FORMAT, check_cells, replay, seed_for, start_cells
from ..base import Json, Option, Piece, Settings


PAR = Obj({"bot": Field("str", choices=("full", "quick")), "moves": Field("str", hi=100_000),
           "state": Field("str", choices=tuple(s.value for s in GameState)), "top": Field("int", 0, 12),
           "score": Field("int", 0, 10**12)}, required=("bot", "moves", "state", "top", "score"))
ZODIAC_PART = Obj({"format": Field("str", choices=(FORMAT,)), "seed": Field("str", hi=200)},
                  required=("format", "seed", "start"))


@dataclass(frozen=True)
class Par:
    """The par bot's whole game: its moves and where they end."""

    bot: str  # "full" or "quick"
    moves: str
    state: GameState
    top: int
    score: int

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "moves": self.moves, "state": self.state.value, "top": self.top,
                "score": self.score}

    @classmethod
    def from_json(cls, p: Any) -> Par:
        """The par from its JSON form; ``KeyError``, ``TypeError`` or ``ValueError`` when it is not one."""
        return cls(str(p["bot"]), str(p["moves"]), GameState(p["state"]), int(p["top"]), int(p["score"]))


def par_fault(date: str, par: Par) -> str | None:
    """Why ``par`` does not replay from the day's start to the result it claims, or None when it
    does (checked before publishing, and on a par kept by ``prepare``)."""
    try:
        r = replay(par.moves, date=date)
    except InputError as e:
        return f"the par's moves do not replay ({e})"
    if (r.state, r.top, r.score) != (par.state, par.top, par.score):
        return "the par does not replay to the result it claims"
    return None


@dataclass(frozen=True)
class ZodiacPart:
    format: str
    seed: str
    start: tuple[int, ...]
    par: Par | None = None


PAR_BOTS = ("full", "quick")


class Zodiac:
    name = "zodiac"
    script = "zodiac.js"
    piece_kinds: tuple[str, ...] = ("par",)
    part_type = ZodiacPart
    # The par bot: "full" (about 17 s a game), "quick" (one move ahead); a day only drawn plays none.
    options: tuple[Option, ...] = (Option("par", "full", PAR_BOTS, off="none"),)

    file_format: str | None = FORMAT  # a start board file: {"format", "date" (optional), "start"}

    def read_file(self, text: str, data: Json | None, source: str) -> Json:
        if not isinstance(data, dict) or not isinstance(data.get("start"), list):
            raise InputError(f"{source}: a zodiac file needs 'start', 16 ranks")
        if data.get("date") is not None:
            check(data["date"], Field("date"), f"{source}: date")
        return {"date": data.get("date"), "start": check_cells(data["start"], source=source)}

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        bot = settings.text(self.name, "par")
        return [("par", date.isoformat(), bot)] if bot in PAR_BOTS else []

    def piece_cost(self, piece: Piece) -> float:
        return 20.0 if piece[2] == "full" else 1.5

    def make_piece(self, piece: Piece) -> Json:
        from .bot import par as play_par

        _, date, mode = piece
        game = play_par(date, mode)
        return Par(mode, game.moves, GameState(game.state), game.top, game.score).to_json()

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return self.pieces(date, settings)  # the bot plays a whole game

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        _, date, bot = piece
        if not isinstance(made, dict) or made.get("bot") != bot:
            return f"its par is not from the {bot!r} bot"
        try:
            kept = Par.from_json(made)
        except (KeyError, TypeError, ValueError) as e:
            return f"its par does not read ({e!r})"
        return par_fault(date, kept)

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> ZodiacPart:
        iso = date.isoformat()
        data: dict[str, Any] = {"format": FORMAT, "seed": seed_for(iso), "start": start_cells(iso)}
        for piece in self.pieces(date, settings):
            data["par"] = made[piece]
        return self.part_from_json(data, date)

    def verify(self, date: _dt.date, part: ZodiacPart) -> None:
        iso = date.isoformat()
        if list(part.start) != start_cells(iso):
            raise CheckFailed(f"{iso} zodiac: the start board does not follow protocol v1")
        fault = par_fault(iso, part.par) if part.par is not None else None
        if fault is not None:
            raise CheckFailed(f"{iso} zodiac: {fault}")

    def part_to_json(self, part: ZodiacPart) -> Json:
        out: dict[str, Any] = {"format": part.format, "seed": part.seed, "start": list(part.start)}
        if part.par is not None:
            out["par"] = part.par.to_json()
        return out

    def part_from_json(self, data: Json, date: _dt.date) -> ZodiacPart:
        where = f"{date} zodiac"
        try:
            check(data, ZODIAC_PART, "zodiac")
            if not isinstance(data, dict):  # check refused it already; this tells the type checker
                raise InputError("expected an object")
            if data.get("par") is not None:
                check(data["par"], PAR, "zodiac.par")
            check_cells(data["start"], source="zodiac.start")
        except InputError as e:
            raise InputError(f"{where}: not a zodiac part ({e})") from None
        try:
            par = Par.from_json(data["par"]) if data.get("par") is not None else None
            return ZodiacPart(str(data["format"]), str(data["seed"]), tuple(int(v) for v in data["start"]), par)
        except (AttributeError, KeyError, TypeError, ValueError) as e:
            raise InputError(f"{where}: not a zodiac part ({e!r})") from None
