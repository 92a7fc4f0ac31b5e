"""The games of the day and the rule topics, found through one registry, loaded by name from
``engine/catalog.py`` (page order): each has a package here whose ``GAME`` (or ``TOPIC``) is its
rules half. Nothing else in the generator names a game (docs/adding-a-game.md)."""

from __future__ import annotations

from importlib import import_module

from ...engine.catalog import GAMES, TOPICS
from .base import (DayGame, FigureMaker, Game, Json, Option, Piece, Settings, SettingValue, Topic, example_kinds,
                   figure_kinds, game, game_for_file, game_for_piece, games, options, register, register_topic, topics,
                   unregister)

for _name in GAMES:
    register(import_module(f"{__name__}.{_name}").GAME)
for _name in TOPICS:
    register_topic(import_module(f"{__name__}.{_name}").TOPIC)

__all__ = ["DayGame", "FigureMaker", "Game", "Json", "Option", "Piece", "SettingValue", "Settings", "Topic",
           "example_kinds", "figure_kinds", "game", "game_for_file", "game_for_piece", "games", "options", "register",
           "register_topic", "topics", "unregister"]
