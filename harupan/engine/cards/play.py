"""Playing the day's hand, in sgt-puzzles' shape: a state, moves, ``apply(state, move)`` giving a
new state, and a result once every card sits in a meld.

Cards are named by their place in the day's hand (0-20), since a hand may hold two of a code.
The browser module (renderers/games/cards/cards.js) plays by the same rules and says the same
Korean sentences; tests/data/cards_vectors.json holds the cases both must agree on, including
:func:`completable` and :func:`hint`, the way out of a dead end (issue 33).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .puzzle import search
from .rules import GENERAL, KINDS, SOLDIER, Meld, meld_kind
from ..errors import InputError


def why_not(cards: Iterable[str]) -> str | None:
    """None when ``cards`` form a meld; otherwise why not, in Korean, for the player."""
    cs = tuple(cards)
    if meld_kind(cs) is not None:
        return None
    n = len(cs)
    if n == 0:
        return "묶을 카드를 먼저 고르세요."
    if n == 1:
        return "한 장으로는 장(將)만 묶을 수 있어요."
    if n == 2:
        return "두 장은 똑같은 카드끼리만 묶을 수 있어요."
    if n > 4:
        return "한 묶음은 네 장까지예요."
    ranks = {int(c[1]) for c in cs}
    if ranks == {SOLDIER}:
        return "졸은 색이 모두 달라야 묶을 수 있어요."
    if n == 3:
        if len({c[0] for c in cs}) == 1 and len(ranks) == 3 and (GENERAL in ranks or 4 in ranks):
            return "치는 같은 색의 將士象이나 車馬砲여야 해요."
        return "세 장은 똑같은 카드 셋, 같은 색 將士象·車馬砲, 색이 다른 졸 셋만 묶을 수 있어요."
    return "네 장은 똑같은 카드 넷이나 네 색의 졸만 묶을 수 있어요."


@dataclass(frozen=True)
class Group:
    """Put the cards at these places of the hand into one meld."""

    places: tuple[int, ...]


@dataclass(frozen=True)
class Ungroup:
    """Take the meld at this place of the meld row apart, back into the hand."""

    meld: int


@dataclass(frozen=True)
class Undo:
    """Take back the last meld made (its cards go back to the hand)."""


Move = Group | Ungroup | Undo


@dataclass(frozen=True)
class State:
    hand: tuple[str, ...]  # the day's 21 codes, never reordered
    groups: tuple[tuple[int, ...], ...] = ()  # melds made so far, in the order made

    @property
    def free(self) -> tuple[int, ...]:
        """The places still in the hand, in hand order."""
        used = {i for g in self.groups for i in g}
        return tuple(i for i in range(len(self.hand)) if i not in used)

    @property
    def complete(self) -> bool:
        return not self.free

    @property
    def score(self) -> int:
        """The points of the melds made so far (concealed, as engine/cards/rules.py scores them)."""
        total = 0
        for g in self.groups:
            cards = tuple(self.hand[i] for i in g)
            kind = meld_kind(cards)
            assert kind is not None  # apply only makes legal melds
            total += Meld(kind, cards).points
        return total


def apply(state: State, move: Move) -> State:
    """The state after ``move``; ``InputError`` saying why in Korean when it is not allowed."""
    if isinstance(move, Undo):
        if not state.groups:
            raise InputError("되돌릴 묶음이 없어요.")
        return State(state.hand, state.groups[:-1])
    if isinstance(move, Ungroup):
        if not 0 <= move.meld < len(state.groups):
            raise InputError("풀 묶음이 없어요.")
        return State(state.hand, state.groups[:move.meld] + state.groups[move.meld + 1:])
    places = move.places
    if len(set(places)) != len(places) or any(not 0 <= i < len(state.hand) for i in places):
        raise InputError("고른 카드가 올바르지 않아요.")
    if set(places) - set(state.free):
        raise InputError("이미 묶인 카드가 섞여 있어요.")
    cards = tuple(state.hand[i] for i in places)
    reason = why_not(cards)
    if reason is not None:
        raise InputError(reason)
    ordered = tuple(sorted(places, key=lambda i: (KINDS.index(state.hand[i]), i)))  # colour, rank, place
    return State(state.hand, state.groups + (ordered,))


def completable(state: State) -> bool:
    """Whether the cards still in the hand can all go into melds, as the exhaustive search that
    judges the day's hand decides it: False means the melds made lead to a dead end."""
    return search(state.hand[i] for i in state.free).best_score is not None


def hint(state: State) -> Group | None:
    """One meld of a best arrangement of the cards still in the hand (the melds made kept), as
    the search's best arrangement starts: the meld that takes the lowest card left. Its places
    are the first free ones holding its cards. None when the hand is complete or cannot be."""
    found = search(state.hand[i] for i in state.free)
    if not found.best:
        return None
    places: list[int] = []
    for card in found.best[0]:
        places.append(next(i for i in state.free if state.hand[i] == card and i not in places))
    return Group(tuple(places))


@dataclass(frozen=True)
class Result:
    score: int
    best: int

    @property
    def perfect(self) -> bool:
        return self.score == self.best


def result(state: State, best: int) -> Result | None:
    """The finished hand's score against the best, or None while cards are left."""
    return Result(state.score, best) if state.complete else None
