"""Shanghai mahjong's deal as a rule topic: the drawing of its rule page's figure (the walls)."""

from __future__ import annotations

from ..base import TopicView
from .figures import FIGURES


class ShanghaiView(TopicView):
    name = "shanghai"
    figures = FIGURES
    rules = ("rules/shanghai-wall/index.html", "상해마작 배패와 왕패")  # in every page's footer


TOPIC_VIEW = ShanghaiView()
