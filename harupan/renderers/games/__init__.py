"""The games' drawing halves and the rule topics' figures, found through one registry, loaded by
name from ``engine/catalog.py`` (page order): each has a package here whose ``VIEW`` (or
``TOPIC_VIEW``) is its drawing half, with its page section, browser module and stylesheet beside
it. Nothing else in the renderers names a game (docs/adding-a-game.md)."""

from __future__ import annotations

from importlib import import_module

from ...engine.catalog import GAMES, TOPICS
from .base import (DayView, Drawer, ExampleText, FigureDrawing, FilePages, Panel, Sheet, TopicView, View, Writer, day_views,
                   example_writers, figure_drawings, games_ko, head_templates, print_pdf, print_set, register_topic_view,
                   register_view, rule_links, site_art, site_icon, topic_rule_links, unregister_view, view, views)

for _name in GAMES:
    register_view(import_module(f"{__name__}.{_name}").VIEW)
for _name in TOPICS:
    register_topic_view(import_module(f"{__name__}.{_name}").TOPIC_VIEW)

__all__ = ["DayView", "Drawer", "ExampleText", "FigureDrawing", "FilePages", "Panel", "Sheet", "TopicView", "View", "Writer",
           "day_views", "example_writers", "figure_drawings", "games_ko", "head_templates", "print_pdf", "print_set",
           "register_topic_view", "register_view", "rule_links", "site_art", "site_icon", "topic_rule_links", "unregister_view", "view",
           "views"]
