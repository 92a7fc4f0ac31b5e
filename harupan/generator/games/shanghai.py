"""Shanghai mahjong's deal as a rule topic: not a game of the day, only the figure kind its rule
page (``content/rules/shanghai-wall.yaml``) declares, computed by the engine (engine/shanghai/)."""

from __future__ import annotations

from ...engine.shanghai.figures import KINDS
from .base import Topic


class Shanghai(Topic):
    name = "shanghai"
    figures = KINDS


TOPIC = Shanghai()
