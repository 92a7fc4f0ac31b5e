"""사색패 손패 맞추기: the day's 21-card hand, the exhaustive search that judges it, its part.

The puzzle: put every card of the hand into a meld (engine/cards/rules.py's melds and concealed
points) for the most points. Hands dealt at random almost never split whole, so the day's hand
is built from melds drawn with the project RNG, then judged by :func:`search`, which counts
every complete arrangement. A hand is kept when it has at least two complete arrangements (there
is a choice to make) and exactly one with the best score (there is one answer).

An arrangement is a multiset of melds. The search always puts the lowest card left (in
``KINDS`` order) into a meld first, as ``best_scoring`` does, so each arrangement is met once
and the counts are exact. States are the remaining card counts, memoised: ``nodes`` is how many
distinct states the search expanded.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .rules import KINDS, N, Meld, _candidate_melds, best_scoring, meld_kind, parse_card
from ..errors import CheckFailed, InputError
from ..rng import Rng

HAND_SIZE = 21
NEAR = 2  # "within 2 points of the best"
_INDEX = {k: i for i, k in enumerate(KINDS)}

# The meld shapes a hand is built from, with how often each is drawn (out of their sum).
SHAPES: tuple[tuple[str, int], ...] = (("general", 3), ("pair", 3), ("chi", 6), ("triple", 4), ("quad", 1),
                                       ("soldiers3", 2), ("soldiers4", 1))
_SIZE = {"general": 1, "pair": 2, "chi": 3, "triple": 3, "quad": 4, "soldiers3": 3, "soldiers4": 4}


def seed_for(date: _dt.date) -> str:
    return f"harupan:cards:{date.isoformat()}"


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in ``KINDS`` order (colour, then rank): how a player sorts a hand."""
    return tuple(sorted(cards, key=_INDEX.__getitem__))


def _counts(hand: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * N
    for card in hand:
        code = parse_card(card)
        if code not in _INDEX:
            raise InputError(f"the daily hand has no jokers, got {card!r}")
        counts[_INDEX[code]] += 1
    for k, c in enumerate(counts):
        if c > 4:
            raise InputError(f"{KINDS[k]} appears {c} times; a deck has four of each")
    return tuple(counts)


# ---------------------------------------------------------------- the search

@dataclass(frozen=True)
class Figures:
    """How the day's hand was judged: a measured grade, not a guess."""

    arrangements: int  # complete arrangements of the whole hand
    near_best: int  # of those, how many score within NEAR points of the best (the best included)
    nodes: int  # distinct states the exhaustive search expanded


@dataclass(frozen=True)
class Search:
    best_score: int | None  # None when the hand cannot be arranged whole
    best: tuple[tuple[str, ...], ...]  # one best arrangement (sorted melds), () when none
    best_count: int  # arrangements reaching best_score
    figures: Figures

    @property
    def unique(self) -> bool:
        return self.best_count == 1


def _meld_cards(idx: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(KINDS[i] for i in idx)


def _moves(counts: tuple[int, ...], floor: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """The melds that take the lowest card left, as (kinds used, points, what is left).

    engine/cards/rules.py's candidates may meet one multiset of melds in more than one order when two
    melds hold the same lowest kind (a general, then a pair of generals; or the pair first). So
    melds sharing a lowest kind are taken in rising order of their kinds: each is at least
    ``floor``, the meld taken just before, when that one had the same lowest kind."""
    for idx, kind, _ in _candidate_melds(counts, 0):
        if floor and floor[0] == idx[0] and idx < floor:
            continue
        rest = list(counts)
        for i in idx:
            rest[i] -= 1
        yield idx, Meld(kind, _meld_cards(idx)).points, tuple(rest)


def _lowest_melds() -> tuple[tuple[tuple[tuple[int, ...], int], ...], ...]:
    return tuple(tuple((idx, Meld(kind, _meld_cards(idx)).points)
                       for idx, kind, _ in _candidate_melds(tuple([0] * i + [4] * (N - i)), 0))
                 for i in range(N))


#: For each kind (its ``KINDS`` index), the melds whose lowest card it is, as (kinds used,
#: concealed points), in the order the search tries them. A search that takes the lowest card
#: left and tries the ones the counts allow, in this order, meets what :func:`search` meets:
#: cards.js decides dead ends and hints from this table (browser_data), not from a copy.
LOWEST_MELDS = _lowest_melds()


def search(hand: Iterable[str]) -> Search:
    """Every complete arrangement of ``hand``, counted by score (exhaustive, memoised)."""
    start = _counts(hand)
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], dict[int, int]] = {}

    def key(counts: tuple[int, ...], floor: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The floor matters only while its kind is still the lowest card left."""
        return counts, floor if floor and counts[floor[0]] and not any(counts[:floor[0]]) else ()

    def dist(counts: tuple[int, ...], floor: tuple[int, ...]) -> dict[int, int]:
        """score -> number of arrangements of ``counts``."""
        if not any(counts):
            return {0: 1}
        k = key(counts, floor)
        found = memo.get(k)
        if found is not None:
            return found
        out: Counter[int] = Counter()
        for idx, pts, rest in _moves(counts, k[1]):
            for score, n in dist(rest, idx).items():
                out[score + pts] += n
        memo[k] = dict(out)
        return memo[k]

    top = dist(start, ())
    total = sum(top.values())
    if total == 0:
        return Search(None, (), 0, Figures(0, 0, len(memo)))
    best_score = max(top)
    near = sum(n for s, n in top.items() if s >= best_score - NEAR)
    # walk one best arrangement back down the memo
    melds: list[tuple[str, ...]] = []
    floor: tuple[int, ...] = ()
    counts, need = start, best_score
    while any(counts):
        for idx, pts, rest in _moves(counts, key(counts, floor)[1]):
            if need - pts in dist(rest, idx):
                melds.append(_meld_cards(idx))
                counts, floor, need = rest, idx, need - pts
                break
    return Search(best_score, tuple(melds), top[best_score], Figures(total, near, len(memo)))


def meld_points(cards: Iterable[str]) -> int:
    """The concealed points of one meld; ``InputError`` when the cards are no meld."""
    cs = tuple(cards)
    kind = meld_kind(cs)
    if kind is None:
        raise InputError(f"{' '.join(cs)} is not a meld")
    return Meld(kind, cs).points


# ---------------------------------------------------------------- the day's hand

def _draw_meld(rng: Rng, left: list[int], room: int) -> tuple[int, ...] | None:
    """One meld drawn from the cards ``left`` (counts by kind) that fits in ``room`` cards."""
    shapes = [(s, w) for s, w in SHAPES if _SIZE[s] <= room]
    pick = rng.below(sum(w for _, w in shapes))
    k = 0
    while pick >= shapes[k][1]:
        pick -= shapes[k][1]
        k += 1
    shape = shapes[k][0]
    colour = rng.below(4)
    if shape == "general":
        idx: tuple[int, ...] = (7 * colour,)
    elif shape in ("pair", "triple", "quad"):
        k = rng.below(N)
        idx = (k,) * _SIZE[shape]
    elif shape == "chi":
        first = 7 * colour + 3 * rng.below(2)
        idx = (first, first + 1, first + 2)
    else:
        colours = [0, 1, 2, 3]
        rng.shuffle(colours)
        idx = tuple(7 * c + 6 for c in sorted(colours[:_SIZE[shape]]))
    need = Counter(idx)
    if any(left[i] < n for i, n in need.items()):
        return None
    return idx


def build_hand(rng: Rng) -> tuple[str, ...]:
    """21 cards made of melds drawn from one deck (so at least one arrangement exists)."""
    left = [4] * N
    hand: list[int] = []
    while len(hand) < HAND_SIZE:
        idx = _draw_meld(rng, left, HAND_SIZE - len(hand))
        if idx is None:
            continue
        for i in idx:
            left[i] -= 1
        hand += idx
    return sort_cards(KINDS[i] for i in hand)


def acceptable(found: Search) -> bool:
    """The day's rule: a choice to make (two or more arrangements, one of them within NEAR
    points of the best, so the runner-up tempts) and one answer (the best reached once)."""
    return (found.best_score is not None and found.figures.arrangements >= 2 and found.unique
            and found.figures.near_best >= 2)


@dataclass(frozen=True)
class CardsPuzzle:
    """The day's part: the hand, its one best arrangement, that arrangement's points, the grade."""

    hand: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...]
    score: int
    figures: Figures
    attempts: int  # hands built and judged before this one was kept (1 = the first)


MAX_ATTEMPTS = 10_000
FORMAT = "harupan/cards@1"  # the part's JSON form (docs/cards-format.md); a change gets a new version


def daily_puzzle(date: _dt.date) -> CardsPuzzle:
    """The day's hand: built from melds with the day's RNG, the first that :func:`acceptable` keeps."""
    rng = Rng(seed_for(date))
    for attempt in range(1, MAX_ATTEMPTS + 1):
        hand = build_hand(rng)
        found = search(hand)
        if acceptable(found) and found.best_score is not None:
            return CardsPuzzle(hand, found.best, found.best_score, found.figures, attempt)
    raise CheckFailed(f"{date} cards: no acceptable hand in {MAX_ATTEMPTS} attempts")


# ---------------------------------------------------------------- JSON form

def puzzle_to_json(p: CardsPuzzle) -> dict[str, Any]:  # Any: a JSON object, written as the format says
    f = p.figures
    return {"format": FORMAT, "hand": list(p.hand), "melds": [list(m) for m in p.melds], "score": p.score,
            "figures": {"arrangements": f.arrangements, "near_best": f.near_best, "nodes": f.nodes},
            "attempts": p.attempts}


def _int(v: object, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise InputError(f"{what}: expected a whole number, got {v!r}")
    return v


def _codes(v: object, what: str) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise InputError(f"{what}: expected a list of card codes, got {v!r}")
    out = tuple(parse_card(c) for c in v)
    if list(out) != v:
        raise InputError(f"{what}: card codes are written like 'Y1', got {v!r}")
    return out


def puzzle_from_json(data: object, source: str = "cards") -> CardsPuzzle:
    """The part from its JSON form; ``InputError`` naming ``source`` when it is not one."""
    try:
        if not isinstance(data, Mapping):
            raise InputError(f"expected an object, got {type(data).__name__}")
        if data["format"] != FORMAT:
            raise InputError(f"format {data['format']!r} is not {FORMAT!r}")
        melds = data["melds"]
        if not isinstance(melds, list):
            raise InputError(f"melds: expected a list of melds, got {melds!r}")
        f = data["figures"]
        if not isinstance(f, Mapping):
            raise InputError(f"figures: expected an object, got {f!r}")
        return CardsPuzzle(_codes(data["hand"], "hand"),
                           tuple(_codes(m, "melds") for m in melds),
                           _int(data["score"], "score"),
                           Figures(_int(f["arrangements"], "figures.arrangements"),
                                   _int(f["near_best"], "figures.near_best"), _int(f["nodes"], "figures.nodes")),
                           _int(data["attempts"], "attempts"))
    except KeyError as e:
        raise InputError(f"{source}: not a cards part (missing {e})") from None
    except InputError as e:
        raise InputError(f"{source}: not a cards part ({e})") from None


# ---------------------------------------------------------------- replay check

def puzzle_fault(p: CardsPuzzle) -> str | None:
    """Why ``p`` is not a proved day's hand, or None: the melds partition the hand, each is
    legal, the score adds up, and the exhaustive search finds the same best, reached once, with
    the same figures. (Whether the hand is the date's is the generator's check.)"""
    if len(p.hand) != HAND_SIZE:
        return f"the hand holds {len(p.hand)} cards, not {HAND_SIZE}"
    try:
        _counts(p.hand)
    except InputError as e:
        return str(e)
    if Counter(c for m in p.melds for c in m) != Counter(p.hand):
        return "the melds do not use exactly the cards of the hand"
    total = 0
    for m in p.melds:
        if meld_kind(m) is None:
            return f"{' '.join(m)} is not a meld"
        total += meld_points(m)
    if total != p.score:
        return f"the melds score {total}, not the {p.score} claimed"
    found = search(p.hand)
    if found.best_score != p.score:
        return f"the best arrangement scores {found.best_score}, not {p.score}"
    if not found.unique:
        return f"{found.best_count} arrangements reach the best score; the answer is not unique"
    if Counter(sort_cards(m) for m in p.melds) != Counter(found.best):
        return "the melds are not the one best arrangement"
    if found.figures != p.figures:
        return f"the figures are {found.figures}, not those claimed"
    if not acceptable(found):
        return "the hand leaves no choice to make (fewer than two arrangements near the best)"
    scored = best_scoring(p.hand)  # the engine's own best, found independently
    if scored is None or scored.points != p.score:
        return "engine/cards/rules.py's best_scoring disagrees with the search"
    return None


def check_puzzle(p: CardsPuzzle) -> None:
    """:func:`puzzle_fault` as an error (``CheckFailed``, exit 1)."""
    fault = puzzle_fault(p)
    if fault is not None:
        raise CheckFailed(f"cards: {fault}")
