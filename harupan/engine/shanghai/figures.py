"""The Shanghai deal's rule-page figure as the engine computes it (engine/figures.py): the four
walls from above, every tile coloured by who takes it or what it is kept for, after two rolls.

* ``wall``: ``rolls`` [first, second], ``expect`` {wall: 東|南|西|北, break: n, start: n,
  dead: [from, to], loose_on: [n, n], flowers_from: n}. Its caption gets the engine's count of
  tiles per player, dead wall and flower replacements appended (:attr:`WallFigure.note`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..figures import FigureKind, FigureProblem, Spec
from . import wall

StackAt = tuple[int, int]  # (wall, number)


@dataclass(frozen=True)
class WallFigure:
    rolls: tuple[int, int]
    wall: int  # the wall the deal comes from
    break_point: StackAt
    start: StackAt
    tiles: tuple[tuple[int, int, str, str, int | None], ...]  # wall, number, part (A top, B bottom), role, seat
    loose: tuple[tuple[StackAt, str, StackAt], ...]  # a loose tile's stack, its part, the stack it is laid on
    first_draw: tuple[int, int, str]  # wall, number, part
    note: str  # the engine's counts, for the caption


def wall_figure(spec: Spec) -> WallFigure:
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

    def st(s: wall.Stack) -> StackAt:
        return (s.wall, s.number)

    return WallFigure((rolls[0], rolls[1]), p.wall, st(p.break_point), st(p.deal_start),
                      tuple((s.wall, s.number, part, role, seat)
                            for (s, part), (role, seat) in sorted(wall.tile_roles(p).items())),
                      tuple((st(a), part, st(b)) for a, part, b in p.loose_tiles),
                      (p.first_draw[0].wall, p.first_draw[0].number, p.first_draw[1]), wall_note(p))


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


KINDS = (FigureKind("wall", frozenset({"rolls", "expect"}), frozenset(), wall_figure),)
