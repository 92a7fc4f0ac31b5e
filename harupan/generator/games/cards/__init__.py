"""사색패 손패 맞추기 as a game of the day: the day's 21-card hand, proved best and unique
(docs/cards-format.md)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from ....engine.cards.puzzle import FORMAT, CardsPuzzle, daily_puzzle, puzzle_fault, puzzle_from_json, puzzle_to_json
from ....engine.errors import CheckFailed
from ..base import Json, Option, Piece, Settings


class Cards:
    name = "cards"
    script = "cards.js"
    piece_kinds: tuple[str, ...] = ("cards",)
    part_type = CardsPuzzle
    options: tuple[Option, ...] = ()

    file_format: str | None = FORMAT  # a day's part on its own: {"format", "hand", "melds", "score", "figures", ...}

    def read_file(self, text: str, data: Json | None, source: str) -> Json:
        return puzzle_to_json(puzzle_from_json(data, source=source))

    def pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return [("cards", date.isoformat())]

    def piece_cost(self, piece: Piece) -> float:
        return 0.05  # bench/cards.py: a few milliseconds a date

    def make_piece(self, piece: Piece) -> Json:
        return puzzle_to_json(daily_puzzle(_dt.date.fromisoformat(piece[1])))

    def slow_pieces(self, date: _dt.date, settings: Settings) -> list[Piece]:
        return []  # milliseconds: nothing to make ahead

    def kept_fault(self, piece: Piece, made: Json) -> str | None:
        return "the cards game keeps nothing ahead"

    def assemble(self, date: _dt.date, settings: Settings, made: Mapping[Piece, Json]) -> CardsPuzzle:
        return self.part_from_json(made[("cards", date.isoformat())], date)

    def verify(self, date: _dt.date, part: CardsPuzzle) -> None:
        fault = puzzle_fault(part)
        if fault is None and part.hand != daily_puzzle(date).hand:
            fault = "the hand is not the day's"
        if fault is not None:
            raise CheckFailed(f"{date} cards: {fault}")

    def part_to_json(self, part: CardsPuzzle) -> Json:
        return puzzle_to_json(part)

    def part_from_json(self, data: Json, date: _dt.date) -> CardsPuzzle:
        return puzzle_from_json(data, source=f"{date} cards")
