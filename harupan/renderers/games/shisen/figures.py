"""Rule-page figures as drawings, from the plain data ``publish/figures.py`` computes."""

from __future__ import annotations

from .cardart import card_face
from .model import Circle, Drawing, Line, Polygon, Primitive, RoundRect, Text, Use, place
from .tileart import TILE_H, TILE_W, ZODIAC_SIZE, mahjong_tile, zodiac_tile

INK = "#1A1A1A"
MUTED = "#6B6558"
PATH = "#D1495B"
PAPER = "#FFFFFF"
SEAT_COLOURS = ("#D55E00", "#0072B2", "#009E73", "#CC79A7")  # 東 南 西 北, Okabe–Ito
SEATS = ("東", "南", "西", "北")
SEATS_KO = ("동", "남", "서", "북")


def shisen_path(data: dict) -> Drawing:
    """The board with the one-cell ring round it, the pair ringed, and the engine's path."""
    cells = data["cells"]
    w, h = len(cells[0]), len(cells)
    s = 0.8
    tw, th = TILE_W * s, TILE_H * s
    ox, oy = tw * 0.9, th * 0.9  # room for the ring
    items: list = [RoundRect(ox - tw * 0.75, oy - th * 0.75, w * tw + tw * 1.5, h * th + th * 1.5, 10,
                             stroke="#C9C1B0", width=1.5, fill="#FBF8F1")]
    for y, row in enumerate(cells):
        for x, code in enumerate(row):
            if code is None:
                items.append(RoundRect(ox + x * tw + 2, oy + y * th + 2, tw - 4, th - 4, 5, stroke="#DDD6C6", width=1))
            else:
                items += place(mahjong_tile(code, data.get("easy", False)), ox + x * tw, oy + y * th, s)
    for x, y in data["pair"]:
        items.append(RoundRect(ox + x * tw - 1, oy + y * th - 1, tw + 1, th + 1, 7, stroke=PATH, width=3.5))

    def centre(p):
        return (ox + p[0] * tw + tw / 2, oy + p[1] * th + th / 2)

    if data["path"]:
        pts = tuple(centre(p) for p in data["path"])
        items.append(Line(pts, PATH, 5))
        for p in pts[1:-1]:
            items.append(Circle(p[0], p[1], 5, fill=PATH))
    else:
        (x0, y0), (x1, y1) = (centre(p) for p in data["pair"])
        items.append(Line(((x0, y0), (x1, y1)), PATH, 3, dash=9))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        items += [Circle(mx, my, 16, fill=PAPER, stroke=PATH, width=3),
                  Line(((mx - 7, my - 7), (mx + 7, my + 7)), PATH, 3.5),
                  Line(((mx - 7, my + 7), (mx + 7, my - 7)), PATH, 3.5)]
    return Drawing(w * tw + 2 * ox, h * th + 2 * oy, tuple(items), background=PAPER)


def shisen_tiles(data: dict) -> Drawing:
    s = 1.2
    tiles = data["tiles"]
    items: list = []
    for i, code in enumerate(tiles):
        items += place(mahjong_tile(code, data.get("easy", False)), 10 + i * (TILE_W * s + 14), 10, s)
    return Drawing(20 + len(tiles) * (TILE_W * s + 14) - 14, 20 + TILE_H * s, tuple(items), background=PAPER)


def _zodiac_row(row, x0, y0, s):
    items = [RoundRect(x0 - 6, y0 - 6, 4 * ZODIAC_SIZE * s + 12, ZODIAC_SIZE * s + 12, 10, fill="#E4DDCF")]
    for i, rank in enumerate(row):
        items += place(zodiac_tile(rank), x0 + i * ZODIAC_SIZE * s, y0, s)
    return items


def zodiac_move(data: dict) -> Drawing:
    s = 1.0
    row_w = 4 * ZODIAC_SIZE * s
    items = _zodiac_row(data["before"], 16, 40, s)
    ax = 16 + row_w + 24
    items += [Line(((ax, 70), (ax + 70, 70)), INK, 4),
              Polygon(((ax + 82, 70), (ax + 66, 60), (ax + 66, 80)), fill=INK),
              Text(ax + 38, 40, "←" if data["move"] == "L" else "→", 22, MUTED),
              Text(ax + 38, 100, f"+{data['score']}점", 18, "#B03A2E")]
    items += _zodiac_row(data["after"], ax + 110, 40, s)
    items += [Text(16 + row_w / 2, 18, "민 전", 16, MUTED), Text(ax + 110 + row_w / 2, 18, "민 뒤", 16, MUTED)]
    return Drawing(ax + 110 + row_w + 16, 120, tuple(items), background=PAPER)


CARD_SCALE = 0.75  # the rule page's cards: the day's card art (renderers/cardart.py) at 30 x 72


def _card(code: str, x: float, y: float) -> list[Primitive]:
    return [Use(card_face(code), x, y, CARD_SCALE)]


def _text_width(text: str, size: float) -> float:
    """A generous estimate of a line's width: Hangul and Hanja a full em, anything else about half."""
    return sum(size if ord(c) > 0x2E80 else size * 0.6 for c in text)


CARDS_ROW = 540.0  # the widest row of cards: narrow enough to stay legible scaled to a phone


def cards_hand(data: dict) -> Drawing:
    """The hand split into the melds of its best scoring, each with its points; or the bare hand.
    Rows wrap at :data:`CARDS_ROW`; a group longer than a row goes on over the next rows."""
    items: list = []
    x, y = 12.0, 32.0
    groups = data["melds"] or [{"kind": "족보로 다 묶이지 않는 손", "cards": data["hand"], "points": None}]
    per_row = int((CARDS_ROW - 12) // 32)
    row_w = 0.0
    for g in groups:
        chunks = [g["cards"][i:i + per_row] for i in range(0, len(g["cards"]), per_row)]
        for ci, chunk in enumerate(chunks):
            cw = len(chunk) * 32 - 2
            label = g["kind"] if ci == 0 else ""
            gw = max(cw, _text_width(label, 13))  # a label wider than its cards gets room of its own
            if x + gw > CARDS_ROW and x > 12:
                x, y = 12.0, y + 144
            cx = x + (gw - cw) / 2
            for i, card in enumerate(chunk):
                items += _card(card, cx + i * 32, y)
            if label:
                items.append(Text(x + gw / 2, y - 15, label, 13, MUTED))
            if g["points"] is not None and ci == len(chunks) - 1:
                items.append(Text(x + gw / 2, y + 92, f"{g['points']}점", 15, "#B03A2E" if g["points"] else MUTED))
            x += gw + 22
            row_w = max(row_w, x)
    total = data["points"]
    y += 134
    items.append(Text(12, y, f"합계 {total}점" if total is not None else "모든 카드를 족보로 묶을 수는 없습니다",
                      18, INK, align="start"))
    return Drawing(max(row_w, 300) + 12, y + 24, tuple(items), background=PAPER)


WALL_STACK = 24.0  # a stack's length along its wall
WALL_TILE = 13.0  # one tile's depth across the wall; a stack is drawn as two tiles side by side
WALL_ORIGIN = 40.0
WALL_CORNER = 14.0
WALL_SPAN = 18 * WALL_STACK + 2 * WALL_CORNER
WALL_FILL = {"dead": "#8A8577", "flower": "#F2E3B3", "live": "#F7F3EA"}


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


def wall(data: dict) -> Drawing:
    """The four walls from above, tile by tile, each tile coloured by what it is for: a stack's
    top and bottom tile can go to different players, so each is drawn and coloured on its own."""
    items: list = []
    for w, n, part, role, seat in data["tiles"]:
        x, y, cw, ch = wall_tile_rect(w, n, part)
        items.append(RoundRect(x + 1, y + 1, cw - 2, ch - 2, 2.5, fill=wall_tile_fill(role, seat),
                               stroke="#5E5849", width=0.8))
    for w in range(4):
        for n in range(1, 19):
            tx, ty = _number_spot(w, n)
            items.append(Text(tx, ty, str(n), 9, MUTED))
    x, y, cw, ch = _stack_box(*data["break"])
    items.append(RoundRect(x - 1, y - 1, cw + 2, ch + 2, 4, stroke=PATH, width=3))
    for _from, part, (tw, tn) in data["loose"]:
        x, y, cw, ch = _stack_box(tw, tn)
        items += [Circle(x + cw / 2, y + ch / 2, 7.5, fill="#FFFFFF", stroke=PATH, width=2),
                  Text(x + cw / 2, y + ch / 2, part, 8, PATH)]
    x, y, cw, ch = wall_tile_rect(*data["first_draw"])
    items.append(Polygon(_star(x + cw / 2, y + ch / 2, 8), fill="#FFD23F", stroke=INK, width=1))
    o, d = WALL_ORIGIN, 2 * WALL_TILE
    mid = o + d + WALL_SPAN / 2
    far = o + 2 * d + WALL_SPAN
    labels = ((mid, far + 20), (far + 22, mid), (mid, o - 20), (o - 22, mid))
    for w, (lx, ly) in enumerate(labels):
        items.append(Text(lx, ly, f"{SEATS[w]} {SEATS_KO[w]}", 14, SEAT_COLOURS[w]))
    # the legend, inside the square
    lx, ly = o + d + 34, o + d + 40
    items.append(Text(lx, ly, f"주사위 {data['rolls'][0]}, 그다음 {data['rolls'][1]}", 18, INK, align="start"))
    legend = [(SEAT_COLOURS[0], "동가가 받는 패"), (SEAT_COLOURS[1], "남가가 받는 패"),
              (SEAT_COLOURS[2], "서가가 받는 패"), (SEAT_COLOURS[3], "북가가 받는 패"),
              (WALL_FILL["dead"], "왕패(깡 보충패)"), (WALL_FILL["flower"], "해저패(꽃패 보충패)"),
              (WALL_FILL["live"], "남은 패산")]
    ly += 34
    for i, (colour, text) in enumerate(legend):
        items += [RoundRect(lx, ly + i * 28 - 8, 18, 16, 3, fill=colour, stroke="#5E5849", width=0.8),
                  Text(lx + 28, ly + i * 28, text, 15, INK, align="start")]
    ly += len(legend) * 28 + 8
    items += [RoundRect(lx - 1, ly - 9, 20, 18, 3, stroke=PATH, width=3),
              Text(lx + 28, ly, "패산을 허무는 당", 15, INK, align="start"),
              Circle(lx + 9, ly + 28, 7.5, fill="#FFFFFF", stroke=PATH, width=2),
              Text(lx + 9, ly + 28, "A", 8, PATH),
              Text(lx + 28, ly + 28, "영상패를 얹는 당(A 윗패, B 아랫패)", 15, INK, align="start"),
              Polygon(_star(lx + 9, ly + 56, 8), fill="#FFD23F", stroke=INK, width=1),
              Text(lx + 28, ly + 56, "남가의 첫 쯔모", 15, INK, align="start")]
    ly += 92
    items += [RoundRect(lx, ly - 12, 24, 11, 2, fill="#FFFFFF", stroke="#5E5849", width=0.8),
              RoundRect(lx, ly + 1, 24, 11, 2, fill="#FFFFFF", stroke="#5E5849", width=0.8),
              Text(lx + 12, ly - 6.5, "A", 8, INK), Text(lx + 12, ly + 6.5, "B", 8, INK),
              Text(lx + 34, ly - 8, "한 당은 두 장: 안쪽이 윗패(A),", 14, MUTED, align="start"),
              Text(lx + 34, ly + 10, "바깥쪽이 아랫패(B)입니다.", 14, MUTED, align="start")]
    return Drawing(far + o, far + o, tuple(items), background=PAPER)


def _star(cx, cy, r):
    import math

    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return tuple(pts)


DRAW = {"shisen-path": shisen_path, "shisen-tiles": shisen_tiles, "zodiac-move": zodiac_move,
        "cards-hand": cards_hand, "wall": wall}
