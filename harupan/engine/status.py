"""The statuses the engine reports, as enums whose values are their JSON and command-line spellings."""

from __future__ import annotations

from enum import StrEnum


class SolveStatus(StrEnum):
    """What the Shisen-sho solver found within its budget."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # a proof: every pairing was tried
    UNDECIDED = "undecided"  # the budget ran out first


class GameState(StrEnum):
    """Where a zodiac merge game stands."""

    PLAYING = "playing"
    WON = "won"  # a pig was made
    OVER = "over"  # no move changes the board
