"""사색패's rule-page figure as the engine computes it (engine/figures.py): a hand split into the
melds of its best scoring, each with its points, or shown whole when it cannot be split.

* ``cards-hand``: ``hand`` (card codes), ``expect`` {points: n} or ``no-melds``; optional
  ``misdeal`` (true/false, checked too), ``held`` (the cards of the dealt 안커/안깡, kept whole
  when the hand is split) and ``if_split`` {points: n} (what it would score with them split).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from ..figures import FigureKind, FigureProblem, Spec
from .rules import Meld, best_scoring, held_melds, misdeal, parse_hand


@dataclass(frozen=True)
class MeldGroup:
    label: str  # the meld's name as the page says it ("받은 안커" for one dealt whole)
    cards: tuple[str, ...]
    points: int | None  # None: cards left over that no meld takes


@dataclass(frozen=True)
class HandFigure:
    hand: tuple[str, ...]
    melds: tuple[MeldGroup, ...] | None  # None: no meld is shown (the bare hand)
    points: int | None  # the best scoring's total; None when the hand cannot be split whole
    misdeal: bool


def hand_figure(spec: Spec) -> HandFigure:
    hand = spec["hand"]
    if not isinstance(hand, str):
        raise FigureProblem("hand", "expected card codes separated by spaces")
    try:
        cards_list = parse_hand(hand)
    except InputError as e:
        raise FigureProblem("hand", str(e)) from None
    held: tuple[Meld, ...] = ()
    if "held" in spec:
        try:
            held_cards = parse_hand(str(spec["held"]))
            held = held_melds(held_cards)
        except InputError as e:
            raise FigureProblem("held", str(e)) from None
        if sorted(c for m in held for c in m.cards) != sorted(held_cards):
            raise FigureProblem("held", "expected only three or four of one card at a time (the dealt 안커 and 안깡)")
    try:
        scoring = best_scoring(cards_list, held=held)
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
        free = best_scoring(cards_list)
        said = spec["if_split"]
        if not isinstance(said, dict) or set(said) != {"points"}:
            raise FigureProblem("if_split", "expected {points: n}")
        if free is None or free.points != said["points"]:
            got = "no complete split" if free is None else f"{free.points} points"
            raise FigureProblem("if_split", f"says {said['points']} points, but split freely the engine gives {got}")
    if "misdeal" in spec and bool(spec["misdeal"]) != misdeal(cards_list):
        raise FigureProblem("misdeal", f"says {spec['misdeal']}, but the engine says {misdeal(cards_list)}")

    def group(m: Meld, fixed: bool) -> MeldGroup:
        return MeldGroup(("받은 " if fixed else "") + m.name_ko, m.cards, m.points)

    melds: tuple[MeldGroup, ...] | None
    if scoring:
        melds = tuple(group(m, i < len(held)) for i, m in enumerate(scoring.melds))
    elif held:
        rest = list(cards_list)
        for m in held:
            for c in m.cards:
                rest.remove(c)
        melds = tuple(group(m, True) for m in held) + (MeldGroup("나머지 카드(족보로 다 묶이지 않음)", tuple(rest), None),)
    else:
        melds = None
    return HandFigure(tuple(cards_list), melds, scoring.points if scoring else None, misdeal(cards_list))


KINDS = (FigureKind("cards-hand", frozenset({"hand", "expect"}), frozenset({"misdeal", "held", "if_split"}), hand_figure),)
