"""The games of the day, found through one registry: Shisen-sho, zodiac merge, then 사색패 (their page order).

A new game is one module here that defines a :class:`Game` and calls :func:`register`, plus its
drawing side in ``renderers/games``, its templates and its browser module (docs/adding-a-game.md).
"""

from __future__ import annotations

from .base import (DayGame, Game, GameInfo, Json, Option, Piece, Settings, SettingValue, game, game_for_file,
                   game_for_piece, games, options, register, unregister)
from .shisen import Shisen, ShisenPart
from .cards import Cards
from .zodiac import Par, Zodiac, ZodiacPart

register(Shisen())
register(Zodiac())
register(Cards())

__all__ = ["Cards", "DayGame", "Game", "GameInfo", "Json", "Option", "Par", "Piece", "SettingValue", "Settings", "Shisen",
           "ShisenPart", "Zodiac", "ZodiacPart", "game", "game_for_file", "game_for_piece", "games", "options", "register",
           "unregister"]
