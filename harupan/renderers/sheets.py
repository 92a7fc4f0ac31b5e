"""Print sheets and share images as drawings, from plain data (the JSON forms).

Units are pixels at 300 dpi: A4 is 2480 × 3508, Letter 2550 × 3300. Each page picks portrait or
landscape, whichever gives the board the bigger tiles. Every sentence here is ours, in Korean.
"""

from __future__ import annotations

import math

import datetime as _dt
from dataclasses import dataclass
from functools import lru_cache

from .model import Drawing, Line, Primitive, RoundRect, Text, Use, place
from .fonts import font
from .tileart import BADGE_LANE, TILE_H, TILE_W, ZODIAC_NAMES, ZODIAC_SIZE, mahjong_tile, step_badge, zodiac_tile

DPI = 300
PAPERS = {"a4": (2480, 3508), "letter": (2550, 3300)}
WEEKDAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")
DIFFICULTY_KO = {"easy": "쉬움", "normal": "보통", "hard": "어려움"}


PLAYERS_KO = (  # (key in the layout's difficulty, how the player plays, key of its game count)
    ("stuck_share", "아무 짝이나 두면", "rollouts"),
    ("careful_stuck_share", "확실한 짝부터 두면", "careful_rollouts"),
    ("lookahead_stuck_share", "한 수 앞을 내다보면", "lookahead_rollouts"),
)


def _pct(share: float) -> str:
    return f"{round(100 * share)}%"


def first_moves_ko(d: dict) -> str:
    """The first-move count, never stated as exact when some first move is undecided."""
    if not d.get("first_moves"):
        return ""
    line = f"첫 수 {d['first_moves']}가지 중 바로 지는 수 {d.get('fatal_first_moves', 0)}가지"
    if d.get("fatal_first_undecided"):
        line += f"(그 밖에 {d['fatal_first_undecided']}가지는 미확정)"
    return line


def difficulty_lines(d: dict) -> tuple[str, str]:
    """A layout's measured difficulty as a reader meets it: the players' stuck shares in one line
    (how often the computer got stuck playing three ways), then one line on what they mean.
    Layouts from before a measure existed give what they have (or nothing)."""
    if "stuck_share" not in d:
        return "", ""
    shares = [f"{how} {_pct(d[key])}" for key, how, _ in PLAYERS_KO if key in d]
    figures = "막히는 비율: " + " · ".join(shares)
    first = first_moves_ko(d)
    if first:
        figures += " · " + first
    counts = [str(d.get(n, 64)) for key, _, n in PLAYERS_KO if key in d]
    meaning = f"컴퓨터가 이 판을 {'·'.join(counts)}번씩 끝까지 두어 보고 센 값입니다"
    interval = d.get("stuck_interval")
    if interval:
        meaning += f"(첫 값의 95% 구간 {round(100 * interval[0])}~{_pct(interval[1])})"
    meaning += ". 막힌 판은 섞기나 되돌리기 없이는 끝낼 수 없습니다."
    return figures, meaning


INK = "#1A1A1A"
MUTED = "#5F5A50"
RULE = "#B9B1A0"
ACCENT = "#B03A2E"

SHISEN_RULES = (
    "그림이 똑같은 패 두 장을 골라 판에서 걷어 냅니다.",
    "두 패를 잇는 길은 빈칸만 지나야 하고, 꺾이는 곳은 두 군데까지 허용됩니다.",
    "판 둘레 바깥 한 줄은 늘 비어 있는 길로 칩니다. 패를 모두 걷으면 완성!",
)
ZODIAC_RULES = (
    "네 방향 중 하나로 밀면 모든 띠가 그쪽 끝까지 미끄러집니다.",
    "같은 띠 둘이 맞닿으면 다음 띠 하나가 됩니다(한 번 밀 때 한 번씩만).",
    "판이 움직이면 빈칸 하나를 직접 골라 새 띠를 그려 넣습니다.",
    "새 띠는 쥐이고, 열 번째, 스무 번째…로 넣는 띠만 소입니다. 돼지를 만들면 성공!",
)
# On paper the reader places the new tile (above); the site's game places it by the date's order,
# which the sheet does not show, so the two scores may differ: the sheet says so.
ZODIAC_PAPER_NOTE = "사이트의 게임은 새 띠의 자리와 종류를 날짜로 정하므로, 종이에서 낸 점수와 다를 수 있습니다."


def day_ko(day: _dt.date, *, weekday: bool = True) -> str:
    """The day as a Korean reader writes it: 2026년 12월 1일 화요일."""
    text = f"{day.year}년 {day.month}월 {day.day}일"
    return f"{text} {WEEKDAYS_KO[day.weekday()]}" if weekday else text


@lru_cache(maxsize=64)
def date_ko(date: str) -> str:
    """:func:`day_ko` of a date in the JSON forms the renderers draw from (ISO text, checked when
    the bundle was read): read here once a date, not once a page (docs/design.md, "Dates")."""
    return day_ko(_dt.date.fromisoformat(date))


def column_label(x: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[x] if x < 26 else f"A{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[x - 26]}"


def cell_name(x: int, y: int) -> str:
    return f"{column_label(x)}{y + 1}"


@dataclass(frozen=True)
class Frame:
    width: float
    height: float
    landscape: bool


def _page(paper: str, board_w: float, board_h: float, reserve_h: float) -> tuple[Frame, float]:
    """Portrait or landscape, whichever draws the board (``board_w`` x ``board_h`` units) at the
    larger scale on the sheet's grid of fifths; on a tie, the orientation of the board.
    Returns the frame and that scale."""
    w, h = PAPERS[paper]
    margin = 150

    def scale(pw, ph):
        aw, ah = pw - 2 * margin, ph - 2 * margin - reserve_h
        return math.floor(min(aw / board_w, ah / board_h) * 5) / 5

    land, port = scale(h, w), scale(w, h)
    if land > port or (land == port and board_w > board_h):
        return Frame(h, w, True), land
    return Frame(w, h, False), port


def board_drawing_items(cells, *, easy: bool, x0: float, y0: float, scale: float, numbers=None,
                        labels: bool = True, grow: float = 1.0) -> list:
    """A Shisen-sho board at (x0, y0): tiles, column letters on top, row numbers on the left.

    ``numbers`` maps (x, y) to a removal step for the answer key, whose rows stand apart by
    :data:`~.tileart.BADGE_LANE` (row pitch :func:`row_pitch`): (x0, y0) is then the first row's
    tiles, its lane above; ``grow`` enlarges the steps' digits (:func:`~.tileart.badge_text_size`)."""
    items: list = []
    h = len(cells)
    w = len(cells[0])
    tw, th = TILE_W * scale, TILE_H * scale
    pitch = row_pitch(numbers is not None) * scale
    if labels:
        lane = pitch - th
        for x in range(w):
            items.append(Text(x0 + x * tw + tw / 2, y0 - lane - 0.28 * th, column_label(x), 0.3 * th, MUTED))
        for y in range(h):
            items.append(Text(x0 - 0.3 * tw, y0 + y * pitch + th / 2, str(y + 1), 0.3 * th, MUTED))
    for y, row in enumerate(cells):
        for x, code in enumerate(row):
            ox, oy = x0 + x * tw, y0 + y * pitch
            if code is None:
                items.append(RoundRect(ox + 2 * scale, oy + 2 * scale, tw - 4 * scale, th - 4 * scale, 6 * scale,
                                       stroke=RULE, width=1.5 * scale, fill=None))
                continue
            items.append(Use(mahjong_tile(code, easy), ox, oy, scale))
            if numbers is not None and (x, y) in numbers:
                items.append(Use(step_badge(numbers[(x, y)], grow), ox, oy, scale))
    return items


def row_pitch(answers: bool) -> float:
    """Tile units from one row's top to the next: the answer key leaves a lane for the step numbers."""
    return TILE_H + (BADGE_LANE if answers else 0.0)


def answer_list_columns(steps, paper: str) -> int:
    """Columns of the answer key's step list: eight when every entry fits the narrower side of the
    paper, else six. Eight columns leave the rows' lanes room, so the board keeps the scale it had
    before the lanes on A4 and Letter for 18×8 (1.8, 2.0) and 12×6 (2.8), and 16×8 on A4 (2.0);
    16×8 on Letter goes from 2.2 to 2.0."""
    widest = max((font("sans").width(f"{i}. {cell_name(*a)}–{cell_name(*b)}", 40)
                  for i, (a, b) in enumerate(steps, 1)), default=0.0)
    return 8 if widest + 40 <= (min(PAPERS[paper]) - 300) / 8 else 6


def _header(frame: Frame, title: str, subtitle: str) -> list:
    return [Text(150, 190, title, 84, INK, align="start"),
            Text(150, 300, subtitle, 52, MUTED, align="start"),
            Line(((150, 360), (frame.width - 150, 360)), RULE, 4)]


def _footer(frame: Frame, text: str) -> list:
    return [Text(frame.width - 150, frame.height - 100, text, 36, MUTED, align="end")]


def shisen_page(layout: dict, paper: str = "a4", *, easy: bool = False, answers: bool = False) -> Drawing:
    """The puzzle page, or with ``answers`` the answer key: each tile numbered by its removal step,
    then the order as a list of cell pairs."""
    cells = layout["cells"]
    w, h = len(cells[0]), len(cells)
    steps = layout.get("solution") or []
    list_cols = answer_list_columns(steps, paper) if answers else 6
    list_rows = (len(steps) + list_cols - 1) // list_cols if answers else 0
    reserve = 420 + (330 + 120 if not answers else 120 + list_rows * 62)
    # Tiles on a whole grid: scales in fifths make the pitch a multiple of 12 × 16 units and even
    # origins keep every tile on whole pixels at 150 and 300 dpi, so the PNG backend draws each
    # face once and copies it. (Tenths were tried: at 1.9 one face came out a pixel different.)
    # The answer key's row pitch (110 units, its lane included) keeps that.
    pitch = row_pitch(answers)
    lane = pitch - TILE_H
    frame, scale = _page(paper, (w + 0.6) * TILE_W, (h + 0.5) * TILE_H + h * lane, reserve)
    # Where the lanes cost the board scale, the steps' digits grow by as much (as far as they fit),
    # so on paper they are no smaller than the board without lanes would have drawn them.
    unlaned = _page(paper, (w + 0.6) * TILE_W, (h + 0.5) * TILE_H, reserve)[1]
    grow = round(unlaned / scale, 2) if answers and 0 < scale < unlaned else 1.0
    bw, bh = w * TILE_W * scale, (h * pitch - lane) * scale
    x0 = 2 * round(((frame.width - bw) / 2 + 0.3 * TILE_W * scale) / 2)
    y0 = 2 * round((420 + (0.45 * TILE_H + lane) * scale) / 2)
    date = layout.get("date")
    diff = (layout.get("difficulty") or {})
    level = DIFFICULTY_KO.get(diff.get("preset", ""), "")
    title = "하루 판 · 사천성" + (" · 정답" if answers else "")
    subtitle = " · ".join(x for x in (date_ko(date) if date else "", f"난이도 {level}" if level else "",
                                       f"{w}×{h}, {w * h}장") if x)
    items = _header(frame, title, subtitle)
    numbers = None
    if answers:
        numbers = {}
        for i, (a, b) in enumerate(steps, 1):
            numbers[tuple(a)] = i
            numbers[tuple(b)] = i
    items += board_drawing_items(cells, easy=easy, x0=x0, y0=y0, scale=scale, numbers=numbers, grow=grow)
    y = y0 + bh + 110
    if not answers:
        for line in SHISEN_RULES:
            items.append(Text(150, y, line, 48, INK, align="start"))
            y += 78
        for line in difficulty_lines(diff):
            if line:
                items.append(Text(150, y, line, 38, MUTED, align="start"))
                y += 60
        box_w = min(1400, frame.width - 300)
        items += [RoundRect(150, y + 10, box_w, 120, 18, stroke=INK, width=4),
                  Text(190, y + 70, "걸린 시간", 46, INK, align="start"),
                  Text(190 + box_w * 0.55, y + 70, "분", 46, INK, align="end"),
                  Text(190 + box_w * 0.92, y + 70, "초", 46, INK, align="end")]
        items += _footer(frame, "정답은 뒤쪽에 있습니다 · harupan")
    else:
        items.append(Text(150, y, "지우는 순서 (같은 번호끼리 한 쌍)", 46, INK, align="start"))
        y += 80
        col_w = (frame.width - 300) / list_cols
        for i, (a, b) in enumerate(steps):
            col, row = divmod(i, list_rows)
            items.append(Text(150 + col * col_w, y + row * 62,
                              f"{i + 1}. {cell_name(*a)}–{cell_name(*b)}", 40, INK, align="start"))
        items += _footer(frame, "harupan")
    return Drawing(frame.width, frame.height, tuple(items))


def zodiac_board_items(cells, x0: float, y0: float, size: float) -> list[Primitive]:
    s = size / (4 * ZODIAC_SIZE)
    items: list[Primitive] = [RoundRect(x0 - 12 * s, y0 - 12 * s, size + 24 * s, size + 24 * s, 16 * s, fill="#E4DDCF")]
    for i, rank in enumerate(cells):
        r, c = divmod(i, 4)
        items.append(Use(zodiac_tile(rank), x0 + c * ZODIAC_SIZE * s, y0 + r * ZODIAC_SIZE * s, s))
    return items


def zodiac_page(data: dict, paper: str = "a4") -> Drawing:
    """The zodiac start card for print: the day's start, the rules in brief, the twelve animals."""
    frame = Frame(*PAPERS[paper], False)
    date = data.get("date")
    items = _header(frame, "하루 판 · 십이지 머지", date_ko(date) if date else "")
    size = min(frame.width - 600, 1500)
    x0 = (frame.width - size) / 2
    items += zodiac_board_items(data["start"], x0, 520, size)
    y = 520 + size + 150
    for line in ZODIAC_RULES:
        items.append(Text(150, y, line, 48, INK, align="start"))
        y += 78
    items.append(Text(150, y, ZODIAC_PAPER_NOTE, 40, MUTED, align="start"))
    y += 66
    y += 60
    items.append(Text(150, y, "열두 띠의 순서", 46, INK, align="start"))
    tile = (frame.width - 300) / 12
    for rank in range(1, 13):
        items += place(zodiac_tile(rank), 150 + (rank - 1) * tile, y + 60, tile / ZODIAC_SIZE * 0.94)
    items += _footer(frame, "같은 날에는 누구나 같은 판으로 시작합니다 · harupan")
    return Drawing(frame.width, frame.height, tuple(items))


def zodiac_share(data: dict) -> Drawing:
    """The day's share image, 1200 × 630."""
    date = data.get("date")
    items: list[Primitive] = [RoundRect(0, 0, 1200, 630, 0, fill="#F6F1E6"),
             Text(70, 150, "하루 판", 64, ACCENT, align="start"),
             Text(70, 240, "십이지 머지", 56, INK, align="start"),
             Text(70, 320, date_ko(date) if date else "", 34, MUTED, align="start"),
             Text(70, 420, "쥐에서 돼지까지, 오늘의 판", 30, INK, align="start"),
             Text(70, 470, "같은 날 같은 시작 · 기록을 견줘 보세요", 26, MUTED, align="start")]
    items += zodiac_board_items(data["start"], 690, 95, 440)
    return Drawing(1200, 630, tuple(items), background="#F6F1E6")


def all_sheet_text() -> str:
    """Fixed text the sheets can draw, for the glyph check."""
    parts = list(SHISEN_RULES + ZODIAC_RULES + (ZODIAC_PAPER_NOTE,)) + list(WEEKDAYS_KO) + list(DIFFICULTY_KO.values()) + list(ZODIAC_NAMES)
    parts += ["하루 판 · 사천성 · 정답 십이지 머지 년월일 난이도 장 걸린 시간 분 초 정답은 뒤쪽에 있습니다",
              "지우는 순서 (같은 번호끼리 한 쌍) 열두 띠의 순서 같은 날에는 누구나 같은 판으로 시작합니다",
              "쥐에서 돼지까지, 오늘의 판 같은 날 같은 시작 · 기록을 견줘 보세요 0123456789×–.ABCDEFGHIJKLMNOPQRSTUVWXYZ harupan"]
    return "".join(parts)
