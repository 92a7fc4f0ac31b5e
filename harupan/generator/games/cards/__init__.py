"""사색패 손패 맞추기 as a game of the day: the day's 21-card hand, proved best and unique
(docs/cards-format.md). A quick game: one piece a day, made in milliseconds, nothing kept ahead."""

from __future__ import annotations

import datetime as _dt

from ....engine.cards.figures import KINDS as FIGURES
from ....engine.cards.puzzle import FORMAT, CardsPuzzle, daily_puzzle, puzzle_fault, puzzle_from_json, puzzle_to_json
from ....engine.errors import CheckFailed
from ..base import Game, Json


class Cards(Game[CardsPuzzle, CardsPuzzle]):
    name = "cards"
    part_type = CardsPuzzle
    file_format = FORMAT  # a day's part on its own: {"format", "hand", "melds", "score", "figures", ...}
    figures = FIGURES

    def make(self, date: _dt.date) -> CardsPuzzle:
        return daily_puzzle(date)

    def read_file(self, text: str, data: Json | None, source: str) -> CardsPuzzle:
        return puzzle_from_json(data, source=source)

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


GAME = Cards()
