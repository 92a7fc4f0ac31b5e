"""Zodiac merge (십이지 머지): the rules of protocol v1 (:mod:`.rules`) and the day's part
(:mod:`.part`: the start and the par game). Pure, no I/O."""

from .rules import (BRANCHES, COLUMN_GATHER, FORMAT, MOVES, NAMES_KO, OVER, PIG, PLAYING, WON, WORTH, Draws, Game,
                    Result, can_move, check_cells, column_tables, empty_shifts, has_pig, move, pack, parse_start,
                    replay, row_tables, seed_for, slide_line, spawn, start_cells, top_rank, unpack, worth,
                    zero_nibbles)

__all__ = ["BRANCHES", "COLUMN_GATHER", "FORMAT", "MOVES", "NAMES_KO", "OVER", "PIG", "PLAYING", "WON", "WORTH", "Draws",
           "Game", "Result", "can_move", "check_cells", "column_tables", "empty_shifts", "has_pig", "move", "pack",
           "parse_start", "replay", "row_tables", "seed_for", "slide_line", "spawn", "start_cells", "top_rank",
           "unpack", "worth", "zero_nibbles"]
