"""The games' drawing sides, found through one registry: Shisen-sho, zodiac merge, then 사색패 (page order).

Each view is registered under its game's name (generator/games); docs/adding-a-game.md.
"""

from __future__ import annotations

from .base import (FilePages, GameView, Sheet, day_views, games_ko, head_templates, print_set, register_view, rule_links, site_art,
                   unregister_view, view, views)
from .cards import CardsView
from .shisen import ShisenView
from .zodiac import ZodiacView

register_view(ShisenView())
register_view(ZodiacView())
register_view(CardsView())

__all__ = ["CardsView", "FilePages", "GameView", "Sheet", "ShisenView", "ZodiacView", "day_views", "games_ko", "head_templates", "print_set", "register_view",
           "rule_links", "site_art",
           "unregister_view", "view", "views"]
