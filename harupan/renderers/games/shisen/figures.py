"""Shisen-sho's rule-page figures as drawings, from the data the engine computed
(engine/shisen/figures.py)."""

from __future__ import annotations

from collections.abc import Mapping

from ....engine.shisen.board import Point
from ....engine.shisen.figures import PathFigure, TilesFigure
from ...model import Circle, Drawing, Line, Primitive, RoundRect, place
from ...palette import FIGURE_PAPER, FIGURE_PATH, PAPER
from ..base import Drawer, FigureDrawing
from .art import TILE_H, TILE_W, mahjong_tile


def shisen_path(data: PathFigure) -> Drawing:
    """The board with the one-cell ring round it, the pair ringed, and the engine's path."""
    board = data.board
    w, h = board.width, board.height
    s = 0.8
    tw, th = TILE_W * s, TILE_H * s
    ox, oy = tw * 0.9, th * 0.9  # room for the ring
    items: list[Primitive] = [RoundRect(ox - tw * 0.75, oy - th * 0.75, w * tw + tw * 1.5, h * th + th * 1.5, 10,
                                        stroke="#C9C1B0", width=1.5, fill=PAPER)]
    for y, row in enumerate(board.cells):
        for x, code in enumerate(row):
            if code is None:
                items.append(RoundRect(ox + x * tw + 2, oy + y * th + 2, tw - 4, th - 4, 5, stroke="#DDD6C6", width=1))
            else:
                items += place(mahjong_tile(code, data.easy), ox + x * tw, oy + y * th, s)
    for x, y in data.pair:
        items.append(RoundRect(ox + x * tw - 1, oy + y * th - 1, tw + 1, th + 1, 7, stroke=FIGURE_PATH, width=3.5))

    def centre(p: Point) -> tuple[float, float]:
        return (ox + p[0] * tw + tw / 2, oy + p[1] * th + th / 2)

    if data.path:
        pts = tuple(centre(p) for p in data.path)
        items.append(Line(pts, FIGURE_PATH, 5))
        for p in pts[1:-1]:
            items.append(Circle(p[0], p[1], 5, fill=FIGURE_PATH))
    else:
        (x0, y0), (x1, y1) = (centre(p) for p in data.pair)
        items.append(Line(((x0, y0), (x1, y1)), FIGURE_PATH, 3, dash=9))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        items += [Circle(mx, my, 16, fill=FIGURE_PAPER, stroke=FIGURE_PATH, width=3),
                  Line(((mx - 7, my - 7), (mx + 7, my + 7)), FIGURE_PATH, 3.5),
                  Line(((mx - 7, my + 7), (mx + 7, my - 7)), FIGURE_PATH, 3.5)]
    return Drawing(w * tw + 2 * ox, h * th + 2 * oy, tuple(items), background=FIGURE_PAPER)


def shisen_tiles(data: TilesFigure) -> Drawing:
    s = 1.2
    items: list[Primitive] = []
    for i, code in enumerate(data.tiles):
        items += place(mahjong_tile(code, data.easy), 10 + i * (TILE_W * s + 14), 10, s)
    return Drawing(20 + len(data.tiles) * (TILE_W * s + 14) - 14, 20 + TILE_H * s, tuple(items), background=FIGURE_PAPER)


FIGURES: Mapping[str, Drawer] = {"shisen-path": FigureDrawing(PathFigure, shisen_path), "shisen-tiles": FigureDrawing(TilesFigure, shisen_tiles)}
