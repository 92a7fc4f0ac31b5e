"""Zodiac merge as a game of the day: the protocol's start board and, when asked for, the par
bot's game (:mod:`.bot`)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import ClassVar

from ....engine.dates import parse_date
from ....engine.errors import CheckFailed, InputError
from ....engine.schema import Field, check
from ....engine.status import GameState
from ....engine.zodiac import FORMAT, check_cells, seed_for, start_cells
from ....engine.zodiac.figures import KINDS as FIGURES
from ....engine.zodiac.part import PAR_BOTS, Par, ZodiacPart, ZodiacStart, par_fault, part_from_json, part_to_json
from ..base import Game, Json, Option, Piece, Settings
from .bot import par as play_par


class Zodiac(Game[ZodiacPart, ZodiacStart]):
    name = "zodiac"
    part_type = ZodiacPart
    piece_kinds: ClassVar[tuple[str, ...]] = ("par",)  # its one slow piece: the par game
    # The par bot: "full" (the adaptive expectimax, seconds a game), "quick" (one move ahead); a day
    # only drawn plays none.
    options = (Option("par", "full", PAR_BOTS, off="none", flag=True, help="Zodiac par bot strength."),)
    file_format = FORMAT  # a start board file: {"format", "date" (optional), "start"}
    figures = FIGURES

    def read_file(self, text: str, data: Json | None, source: str) -> ZodiacStart:
        if not isinstance(data, dict) or not isinstance(data.get("start"), list):
            raise InputError(f"{source}: a zodiac file needs 'start', 16 ranks")
        day = None
        if data.get("date") is not None:
            check(data["date"], Field("date"), f"{source}: date")
            day = parse_date(data["date"], what=f"{source}: date")
        return ZodiacStart(day, tuple(check_cells(data["start"], source=source)))

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        bot = settings.text(self.name, "par")
        return [Piece("par", date, (bot,))] if bot in PAR_BOTS else []

    def piece_cost(self, piece: Piece) -> float:
        return 20.0 if piece.args[0] == "full" else 1.5

    def make_piece(self, piece: Piece) -> Json:
        mode = piece.args[0]
        game = play_par(piece.day, mode)
        return Par(mode, game.moves, GameState(game.state), game.top, game.score).to_json()

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return self.pieces(date, settings)  # the bot plays a whole game

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        bot = piece.args[0]
        if not isinstance(made, dict) or made.get("bot") != bot:
            return f"its par is not from the {bot!r} bot"
        try:
            kept = Par.from_json(made)
        except (KeyError, TypeError, ValueError) as e:
            return f"its par does not read ({e!r})"
        return par_fault(piece.day, kept)

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> ZodiacPart:
        data: dict[str, Json] = {"format": FORMAT, "seed": seed_for(date), "start": start_cells(date)}
        for piece in self.pieces(date, settings):
            data["par"] = made[piece]
        return self.part_from_json(data, date)

    def verify(self, date: _dt.date, part: ZodiacPart) -> None:
        if list(part.start) != start_cells(date):
            raise CheckFailed(f"{date} zodiac: the start board does not follow protocol v1")
        fault = par_fault(date, part.par) if part.par is not None else None
        if fault is not None:
            raise CheckFailed(f"{date} zodiac: {fault}")

    def part_to_json(self, part: ZodiacPart) -> Json:
        return part_to_json(part)

    def part_from_json(self, data: Json, date: _dt.date) -> ZodiacPart:
        return part_from_json(data, date)


GAME = Zodiac()
