"""Figures on the rule pages: declared as data in the YAML, computed by the engine at build time,
and checked against what each one says it shows (``expect``). A figure the engine contradicts
fails the build, naming its file and line.

Kinds (keys beyond ``kind`` and ``caption``):

* ``shisen-path``: ``board`` (text form), ``pair`` [[x, y], [x, y]], ``expect`` {bends: 0|1|2}
  or ``unreachable``; optional ``easy``.
* ``shisen-tiles``: ``tiles`` (codes); ``expect`` {labels: [Korean labels]}; optional ``easy``.
* ``zodiac-move``: ``row`` (4 ranks), ``move`` L or R, ``expect`` {row: [4 ranks], score: n}.
* ``cards-hand``: ``hand`` (card codes), ``expect`` {points: n} or ``no-melds``; optional
  ``misdeal`` (true/false, checked too), ``held`` (the cards of the dealt 안커/안깡, kept whole
  when the hand is split) and ``if_split`` {points: n} (what it would score with them split).
* ``wall``: ``rolls`` [first, second], ``expect`` {wall: 東|南|西|北, break: n, start: n,
  dead: [from, to], loose_on: [n, n], flowers_from: n}. Its caption gets the engine's count of
  tiles per player, dead wall and flower replacements appended (:func:`caption`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine import cards, zodiac
from ..engine.shanghai import wall
from ..engine.errors import InputError
from ..engine.shisen import parse_text, path_between
from ..engine.shisen.tiles import check_code
from ..renderers.tileart import label_ko
from .content import Figure

KINDS = {
    "shisen-path": ({"board", "pair", "expect"}, {"easy"}),
    "shisen-tiles": ({"tiles", "expect"}, {"easy"}),
    "zodiac-move": ({"row", "move", "expect"}, set()),
    "cards-hand": ({"hand", "expect"}, {"misdeal", "held", "if_split"}),
    "wall": ({"rolls", "expect"}, set()),
}


class FigureProblem(Exception):
    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message


def compute(fig: Figure) -> dict[str, Any]:
    """Plain data to draw, after checking ``expect``; raises :class:`FigureProblem`."""
    try:
        return _COMPUTE[fig.kind](fig.spec)
    except InputError as e:
        raise FigureProblem("", str(e)) from None


def _pair(v: object) -> tuple[tuple[int, int], tuple[int, int]]:
    if (not isinstance(v, list) or len(v) != 2 or not all(isinstance(p, list) and len(p) == 2
                                                          and all(isinstance(i, int) for i in p) for p in v)):
        raise FigureProblem("pair", f"expected [[x, y], [x, y]], got {v!r}")
    (ax, ay), (bx, by) = v
    return (ax, ay), (bx, by)


def _shisen_path(spec: dict[str, Any]) -> dict[str, Any]:
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


def _shisen_tiles(spec: dict[str, Any]) -> dict[str, Any]:
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


def _zodiac_move(spec: dict[str, Any]) -> dict[str, Any]:
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


def _cards_hand(spec: dict[str, Any]) -> dict[str, Any]:
    hand = spec["hand"]
    if not isinstance(hand, str):
        raise FigureProblem("hand", "expected card codes separated by spaces")
    try:
        cards_list = cards.parse_hand(hand)
    except InputError as e:
        raise FigureProblem("hand", str(e)) from None
    held: tuple[cards.Meld, ...] = ()
    if "held" in spec:
        try:
            held_cards = cards.parse_hand(str(spec["held"]))
            held = cards.held_melds(held_cards)
        except InputError as e:
            raise FigureProblem("held", str(e)) from None
        if sorted(c for m in held for c in m.cards) != sorted(held_cards):
            raise FigureProblem("held", "expected only three or four of one card at a time (the dealt 안커 and 안깡)")
    try:
        scoring = cards.best_scoring(cards_list, held=held)
    except InputError as e:
        raise FigureProblem("held" if held else "hand", str(e)) from None
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
    if "if_split" in spec:  # what the hand would score if the held melds could be split
        free = cards.best_scoring(cards_list)
        said = spec["if_split"]
        if not isinstance(said, dict) or set(said) != {"points"}:
            raise FigureProblem("if_split", "expected {points: n}")
        if free is None or free.points != said["points"]:
            got = "no complete split" if free is None else f"{free.points} points"
            raise FigureProblem("if_split", f"says {said['points']} points, but split freely the engine gives {got}")
    if "misdeal" in spec and bool(spec["misdeal"]) != cards.misdeal(cards_list):
        raise FigureProblem("misdeal", f"says {spec['misdeal']}, but the engine says {cards.misdeal(cards_list)}")

    def group(m: cards.Meld, fixed: bool) -> dict[str, Any]:
        return {"kind": ("받은 " if fixed else "") + m.name_ko, "cards": list(m.cards), "points": m.points}

    if scoring:
        melds = [group(m, i < len(held)) for i, m in enumerate(scoring.melds)]
    elif held:
        rest = list(cards_list)
        for m in held:
            for c in m.cards:
                rest.remove(c)
        melds = [group(m, True) for m in held] + [{"kind": "나머지 카드(족보로 다 묶이지 않음)", "cards": rest, "points": None}]
    else:
        melds = None
    return {"hand": cards_list, "melds": melds, "points": scoring.points if scoring else None,
            "misdeal": cards.misdeal(cards_list)}


def _wall(spec: dict[str, Any]) -> dict[str, Any]:
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

    def st(s: wall.Stack) -> list[int]:
        return [s.wall, s.number]

    return {"rolls": rolls, "wall": p.wall, "break": st(p.break_point), "start": st(p.deal_start),
            "tiles": [st(s) + [part, role, seat] for (s, part), (role, seat) in sorted(wall.tile_roles(p).items())],
            "loose": [[st(a), part, st(b)] for a, part, b in p.loose_tiles],
            "first_draw": st(p.first_draw[0]) + [p.first_draw[1]],
            "note": wall_note(p)}


def _stack_list(stacks: Iterable[wall.Stack], ranges: bool = False) -> str:
    """Stacks grouped by wall in the order given: ``남 3·2·1번, 서 18번``; with ``ranges``, each
    wall's numbers run upwards as a range: ``서 15~18번, 남 1~4번``."""
    runs: list[tuple[int, list[int]]] = []
    for s in stacks:
        if runs and runs[-1][0] == s.wall:
            runs[-1][1].append(s.number)
        else:
            runs.append((s.wall, [s.number]))
    if ranges:
        runs.reverse()
        parts = []
        for w, ns in runs:
            lo, hi = min(ns), max(ns)
            parts.append(f"{wall.SEATS_KO[w]} {lo}~{hi}번" if hi > lo else f"{wall.SEATS_KO[w]} {lo}번")
        return ", ".join(parts)
    return ", ".join(f"{wall.SEATS_KO[w]} {'·'.join(map(str, dict.fromkeys(ns)))}번" for w, ns in runs)


def wall_note(p: wall.WallPlan) -> str:
    """The figure's counts, tile by tile from the engine, for its caption: a drawing that gave a
    tile to the wrong player would contradict them."""
    n = wall.counts(p)
    hands = ", ".join(f"{wall.SEATS_KO[i]}가 {n[s]}장" for i, s in enumerate(wall.SEATS))
    return (f"받는 패: {hands}. 왕패 {n[wall.DEAD]}장: {_stack_list(p.dead_wall, ranges=True)} 당. "
            f"해저패 {n[wall.FLOWER]}장: {_stack_list(s for s, _ in p.flower_order)} 당 순서.")


def caption(fig: Figure, data: dict[str, Any]) -> str:
    """The caption shown: the page's words, then whatever the engine counted for the figure."""
    return f"{fig.caption} {data['note']}" if data.get("note") else fig.caption


_COMPUTE = {"shisen-path": _shisen_path, "shisen-tiles": _shisen_tiles, "zodiac-move": _zodiac_move,
            "cards-hand": _cards_hand, "wall": _wall}
