"""The Shanghai deal's rule-page figure as a drawing, from the data the engine computed
(engine/shanghai/figures.py): the four walls from above, tile by tile."""

from __future__ import annotations

import math

from collections.abc import Mapping

from ....engine.shanghai.figures import StackAt, WallFigure
from ....engine.shanghai.wall import SEATS, SEATS_KO
from ...model import Circle, Drawing, Polygon, Primitive, RoundRect, Text
from ...palette import FIGURE_MUTED, FIGURE_PAPER, FIGURE_PATH, INK
from ..base import Drawer, FigureDrawing

SEAT_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7")  # 東 南 西 北, Okabe–Ito
WALL_STACK = 24.0  # a stack's length along its wall
WALL_TILE = 13.0  # one tile's depth across the wall; a stack is drawn as two tiles side by side
WALL_ORIGIN = 40.0
WALL_CORNER = 14.0
WALL_SPAN = 18 * WALL_STACK + 2 * WALL_CORNER
WALL_FILL = {"dead": "#8A8577", "flower": "#F2E3B3", "live": "#F7F3EA"}
STAR = "#FFD23F"
TILE_EDGE = "#5E5849"


def wall_tile_rect(wall: int, number: int, part: str) -> tuple[float, float, float, float]:
    """Where one tile of a stack is drawn, seen from above with 東 at the bottom, 南 on the right,
    西 on top and 北 on the left, each wall numbered from its owner's right hand. A stack's top
    tile (A) is drawn on the side towards the table's centre, its bottom tile (B) on the outside."""
    o, L, T = WALL_ORIGIN, WALL_STACK, WALL_TILE
    d, far = 2 * T, WALL_ORIGIN + 2 * WALL_TILE + WALL_SPAN  # the inner square runs from o + d to far
    a = o + d + WALL_CORNER  # where stacks start along a wall: a corner gap keeps the numbers apart
    inner = part == "A"
    if wall == 0:  # 東, bottom, stack 1 at the right
        return (a + (18 - number) * L, far + (0 if inner else T), L, T)
    if wall == 1:  # 南, right, stack 1 at the top
        return (far + (0 if inner else T), a + (number - 1) * L, T, L)
    if wall == 2:  # 西, top, stack 1 at the left
        return (a + (number - 1) * L, o + (T if inner else 0), L, T)
    return (o + (T if inner else 0), a + (18 - number) * L, T, L)  # 北, left, stack 1 at the bottom


def _stack_box(wall: int, number: int) -> tuple[float, float, float, float]:
    xs = [wall_tile_rect(wall, number, p) for p in "AB"]
    x0, y0 = min(r[0] for r in xs), min(r[1] for r in xs)
    return (x0, y0, max(r[0] + r[2] for r in xs) - x0, max(r[1] + r[3] for r in xs) - y0)


def _number_spot(wall: int, number: int) -> tuple[float, float]:
    """Where a stack's number is written: just inside the square, beside its top tile."""
    x, y, w, h = wall_tile_rect(wall, number, "A")
    return {0: (x + w / 2, y - 8), 1: (x - 9, y + h / 2), 2: (x + w / 2, y + h + 8),
            3: (x + w + 9, y + h / 2)}[wall]


def wall_tile_fill(role: str, seat: int | None) -> str:
    return SEAT_COLOURS[seat] if role == "deal" and seat is not None else WALL_FILL[role]


def _star(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return tuple(pts)


def wall(data: WallFigure) -> Drawing:
    """The four walls from above, tile by tile, each tile coloured by what it is for: a stack's
    top and bottom tile can go to different players, so each is drawn and coloured on its own."""
    items: list[Primitive] = []
    for w, n, part, role, seat in data.tiles:
        x, y, cw, ch = wall_tile_rect(w, n, part)
        items.append(RoundRect(x + 1, y + 1, cw - 2, ch - 2, 2.5, fill=wall_tile_fill(role, seat),
                               stroke=TILE_EDGE, width=0.8))
    for w in range(4):
        for n in range(1, 19):
            tx, ty = _number_spot(w, n)
            items.append(Text(tx, ty, str(n), 9, FIGURE_MUTED))
    brk: StackAt = data.break_point
    x, y, cw, ch = _stack_box(*brk)
    items.append(RoundRect(x - 1, y - 1, cw + 2, ch + 2, 4, stroke=FIGURE_PATH, width=3))
    for _from, part, (tw, tn) in data.loose:
        x, y, cw, ch = _stack_box(tw, tn)
        items += [Circle(x + cw / 2, y + ch / 2, 7.5, fill="#FFFFFF", stroke=FIGURE_PATH, width=2),
                  Text(x + cw / 2, y + ch / 2, part, 8, FIGURE_PATH)]
    x, y, cw, ch = wall_tile_rect(*data.first_draw)
    items.append(Polygon(_star(x + cw / 2, y + ch / 2, 8), fill=STAR, stroke=INK, width=1))
    o, d = WALL_ORIGIN, 2 * WALL_TILE
    mid = o + d + WALL_SPAN / 2
    far = o + 2 * d + WALL_SPAN
    labels = ((mid, far + 20), (far + 22, mid), (mid, o - 20), (o - 22, mid))
    for w, (lx, ly) in enumerate(labels):
        items.append(Text(lx, ly, f"{SEATS[w]} {SEATS_KO[w]}", 14, SEAT_COLOURS[w]))
    # the legend, inside the square
    lx, ly = o + d + 34, o + d + 40
    items.append(Text(lx, ly, f"주사위 {data.rolls[0]}, 그다음 {data.rolls[1]}", 18, INK, align="start"))
    legend = [(SEAT_COLOURS[0], "동가가 받는 패"), (SEAT_COLOURS[1], "남가가 받는 패"),
              (SEAT_COLOURS[2], "서가가 받는 패"), (SEAT_COLOURS[3], "북가가 받는 패"),
              (WALL_FILL["dead"], "왕패(깡 보충패)"), (WALL_FILL["flower"], "해저패(꽃패 보충패)"),
              (WALL_FILL["live"], "남은 패산")]
    ly += 34
    for i, (colour, text) in enumerate(legend):
        items += [RoundRect(lx, ly + i * 28 - 8, 18, 16, 3, fill=colour, stroke=TILE_EDGE, width=0.8),
                  Text(lx + 28, ly + i * 28, text, 15, INK, align="start")]
    ly += len(legend) * 28 + 8
    items += [RoundRect(lx - 1, ly - 9, 20, 18, 3, stroke=FIGURE_PATH, width=3),
              Text(lx + 28, ly, "패산을 허무는 당", 15, INK, align="start"),
              Circle(lx + 9, ly + 28, 7.5, fill="#FFFFFF", stroke=FIGURE_PATH, width=2),
              Text(lx + 9, ly + 28, "A", 8, FIGURE_PATH),
              Text(lx + 28, ly + 28, "영상패를 얹는 당(A 윗패, B 아랫패)", 15, INK, align="start"),
              Polygon(_star(lx + 9, ly + 56, 8), fill=STAR, stroke=INK, width=1),
              Text(lx + 28, ly + 56, "남가의 첫 쯔모", 15, INK, align="start")]
    ly += 92
    items += [RoundRect(lx, ly - 12, 24, 11, 2, fill="#FFFFFF", stroke=TILE_EDGE, width=0.8),
              RoundRect(lx, ly + 1, 24, 11, 2, fill="#FFFFFF", stroke=TILE_EDGE, width=0.8),
              Text(lx + 12, ly - 6.5, "A", 8, INK), Text(lx + 12, ly + 6.5, "B", 8, INK),
              Text(lx + 34, ly - 8, "한 당은 두 장: 안쪽이 윗패(A),", 14, FIGURE_MUTED, align="start"),
              Text(lx + 34, ly + 10, "바깥쪽이 아랫패(B)입니다.", 14, FIGURE_MUTED, align="start")]
    return Drawing(far + o, far + o, tuple(items), background=FIGURE_PAPER)


FIGURES: Mapping[str, Drawer] = {"wall": FigureDrawing(WallFigure, wall)}
