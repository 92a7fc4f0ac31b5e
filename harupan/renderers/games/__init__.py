"""The games' drawing sides, found through one registry: Shisen-sho, then zodiac merge (page order).

Each view is registered under its game's name (generator/games); docs/adding-a-game.md.
"""

from __future__ import annotations

from .base import FilePages, GameView, Sheet, day_views, print_set, register_view, site_art, unregister_view, view, views
from .shisen import ShisenView
from .zodiac import ZodiacView

register_view(ShisenView())
register_view(ZodiacView())

__all__ = ["FilePages", "GameView", "Sheet", "ShisenView", "ZodiacView", "day_views", "print_set", "register_view", "site_art",
           "unregister_view", "view", "views"]
