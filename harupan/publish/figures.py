"""Figures on the rule pages: declared as data in the YAML, computed by the engine at build time,
and checked against what each one says it shows (``expect``). A figure the engine contradicts
fails the build, naming its file and line.

Kinds (keys beyond ``kind`` and ``caption``):

* ``shisen-path``: ``board`` (text form), ``pair`` [[x, y], [x, y]], ``expect`` {bends: 0|1|2}
  or ``unreachable``; optional ``easy``.
* ``shisen-tiles``: ``tiles`` (codes); ``expect`` {labels: [Korean labels]}; optional ``easy``.
* ``zodiac-move``: ``row`` (4 ranks), ``move`` L or R, ``expect`` {row: [4 ranks], score: n}.
* ``cards-hand``: ``hand`` (card codes), ``expect`` {points: n} or ``no-melds``; optional
  ``misdeal`` (true/false, checked too).
* ``wall``: ``rolls`` [first, second], ``expect`` {wall: 東|南|西|北, break: n, start: n,
  dead: [from, to], loose_on: [n, n], flowers_from: n}.
"""

from __future__ import annotations

from ..engine import cards, wall, zodiac
from ..engine.errors import InputError
from ..engine.shisen import parse_text, path_between
from ..engine.shisen.tiles import check_code
from ..renderers.tileart import label_ko
from .content import Figure

KINDS = {
    "shisen-path": ({"board", "pair", "expect"}, {"easy"}),
    "shisen-tiles": ({"tiles", "expect"}, {"easy"}),
    "zodiac-move": ({"row", "move", "expect"}, set()),
    "cards-hand": ({"hand", "expect"}, {"misdeal"}),
    "wall": ({"rolls", "expect"}, set()),
}


class FigureProblem(Exception):
    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message


def compute(fig: Figure) -> dict:
    """Plain data to draw, after checking ``expect``; raises :class:`FigureProblem`."""
    try:
        return _COMPUTE[fig.kind](fig.spec)
    except InputError as e:
        raise FigureProblem("", str(e)) from None


def _pair(v) -> tuple:
    if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(p, list) and len(p) == 2
                                                          and all(isinstance(i, int) for i in p) for p in v)):
        raise FigureProblem("pair", f"expected [[x, y], [x, y]], got {v!r}")
    return tuple(tuple(p) for p in v)


def _shisen_path(spec: dict) -> dict:
    if not isinstance(spec["board"], str):
        raise FigureProblem("board", "expected the board's text form")
    try:
        board = parse_text(spec["board"])
    except InputError as e:
        raise FigureProblem("board", str(e)) from None
    a, b = _pair(spec["pair"])
    for p in (a, b):
        if not board.contains(p) or board[p] is None:
            raise FigureProblem("pair", f"{list(p)} is not a tile on the board")
    if board[a] != board[b]:
        raise FigureProblem("pair", f"{board[a]} and {board[b]} are different tiles")
    path = path_between(board, a, b)
    expect = spec["expect"]
    if expect == "unreachable":
        if path is not None:
            raise FigureProblem("expect", f"says unreachable, but the engine joins them with {len(path) - 2} bend(s)")
    elif isinstance(expect, dict) and set(expect) == {"bends"} and expect["bends"] in (0, 1, 2):
        if path is None:
            raise FigureProblem("expect", f"says {expect['bends']} bend(s), but the engine finds no legal path")
        if len(path) - 2 != expect["bends"]:
            raise FigureProblem("expect", f"says {expect['bends']} bend(s), but the engine's path has {len(path) - 2}")
    else:
        raise FigureProblem("expect", "expected {bends: 0|1|2} or unreachable")
    return {"cells": [list(r) for r in board.cells], "pair": [list(a), list(b)],
            "path": [list(p) for p in path] if path else None, "easy": bool(spec.get("easy"))}


def _shisen_tiles(spec: dict) -> dict:
    codes = spec["tiles"]
    if not isinstance(codes, list) or not codes:
        raise FigureProblem("tiles", "expected a list of tile codes")
    try:
        codes = [check_code(str(c)) for c in codes]
    except InputError as e:
        raise FigureProblem("tiles", str(e)) from None
    expect = spec["expect"]
    labels = [label_ko(c) for c in codes]
    if not isinstance(expect, dict) or set(expect) != {"labels"}:
        raise FigureProblem("expect", "expected {labels: [...]}")
    if expect["labels"] != labels:
        raise FigureProblem("expect", f"says labels {expect['labels']}, but the tiles are {labels}")
    return {"tiles": codes, "easy": bool(spec.get("easy"))}


def _zodiac_move(spec: dict) -> dict:
    row, letter, expect = spec["row"], spec["move"], spec["expect"]
    if not isinstance(row, list) or len(row) != 4 or not all(isinstance(v, int) and 0 <= v <= 12 for v in row):
        raise FigureProblem("row", "expected four ranks 0-12")
    if letter not in ("L", "R"):
        raise FigureProblem("move", "expected L or R")
    new, score = zodiac.move(zodiac.pack(row + [0] * 12), letter)
    after = zodiac.unpack(new)[:4]
    if not isinstance(expect, dict) or set(expect) != {"row", "score"}:
        raise FigureProblem("expect", "expected {row: [...], score: n}")
    if expect["row"] != after or expect["score"] != score:
        raise FigureProblem("expect", f"says {expect['row']} scoring {expect['score']}, "
                                      f"but the engine gives {after} scoring {score}")
    return {"before": row, "after": after, "move": letter, "score": score}


def _cards_hand(spec: dict) -> dict:
    hand = spec["hand"]
    if not isinstance(hand, str):
        raise FigureProblem("hand", "expected card codes separated by spaces")
    try:
        cards_list = cards.parse_hand(hand)
    except InputError as e:
        raise FigureProblem("hand", str(e)) from None
    scoring = cards.best_scoring(cards_list)
    expect = spec["expect"]
    if expect == "no-melds":
        if scoring is not None:
            raise FigureProblem("expect", f"says no-melds, but the engine scores it {scoring.points}")
    elif isinstance(expect, dict) and set(expect) == {"points"}:
        if scoring is None:
            raise FigureProblem("expect", f"says {expect['points']} points, but the cards do not all fit in melds")
        if scoring.points != expect["points"]:
            raise FigureProblem("expect", f"says {expect['points']} points, but the best scoring is {scoring.points}")
    else:
        raise FigureProblem("expect", "expected {points: n} or no-melds")
    if "misdeal" in spec and bool(spec["misdeal"]) != cards.misdeal(cards_list):
        raise FigureProblem("misdeal", f"says {spec['misdeal']}, but the engine says {cards.misdeal(cards_list)}")
    melds = [{"kind": m.name_ko, "cards": list(m.cards), "points": m.points} for m in scoring.melds] if scoring else None
    return {"hand": cards_list, "melds": melds, "points": scoring.points if scoring else None,
            "misdeal": cards.misdeal(cards_list)}


def _wall(spec: dict) -> dict:
    rolls, expect = spec["rolls"], spec["expect"]
    if not isinstance(rolls, list) or len(rolls) != 2:
        raise FigureProblem("rolls", "expected [first, second]")
    p = wall.plan(rolls[0], rolls[1])
    actual = {"wall": wall.SEATS[p.wall], "break": p.break_point.number, "start": p.deal_start.number,
              "dead": [p.dead_wall[-1].number, p.dead_wall[0].number],
              "loose_on": [s.number for _, _, s in p.loose_tiles],
              "flowers_from": p.flower_order[0][0].number}
    if not isinstance(expect, dict):
        raise FigureProblem("expect", "expected a mapping of what the roll gives")
    for key, value in expect.items():
        if key not in actual:
            raise FigureProblem("expect", f"unknown fact {key!r} (known: {', '.join(actual)})")
        if actual[key] != value:
            raise FigureProblem("expect", f"says {key} is {value!r}, but the engine gives {actual[key]!r}")

    def st(s):
        return [s.wall, s.number]

    return {"rolls": rolls, "wall": p.wall, "break": st(p.break_point), "start": st(p.deal_start),
            "deal": [[t.seat] + st(t.stack) + [t.part] for t in p.deal],
            "dead": [st(s) for s in p.dead_wall],
            "loose": [[st(a), part, st(b)] for a, part, b in p.loose_tiles],
            "flowers": [st(s) + [part] for s, part in p.flower_order],
            "first_draw": st(p.first_draw[0]) + [p.first_draw[1]]}


_COMPUTE = {"shisen-path": _shisen_path, "shisen-tiles": _shisen_tiles, "zodiac-move": _zodiac_move,
            "cards-hand": _cards_hand, "wall": _wall}
