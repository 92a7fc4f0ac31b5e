from collections import Counter

import pytest

from harupan.engine import cards
from harupan.engine.errors import InputError


def test_deck_and_deal():
    assert len(cards.deck()) == 112 and len(cards.deck(5)) == 117
    assert Counter(cards.deck()) == {k: 4 for k in cards.KINDS}
    d = cards.deal("harupan:cards:test")
    assert [len(h) for h in d.hands] == [21, 20, 20, 20] and len(d.stock) == 112 - 81
    assert Counter(c for h in d.hands for c in h) + Counter(d.stock) == Counter(cards.deck())
    assert cards.deal("harupan:cards:test") == d


@pytest.mark.parametrize("cs, kind", [
    (["R1"], "general"), (["J"], "joker"), (["R2"], None), (["G5", "G5"], "pair"),
    (["Y1", "Y2", "Y3"], "chi"), (["W4", "W5", "W6"], "chi"), (["Y1", "R2", "Y3"], None), (["Y3", "Y4", "Y5"], None),
    (["G4", "G4", "G4"], "triple"), (["G4", "G4", "G4", "G4"], "quad"),
    (["Y7", "R7", "G7"], "soldiers3"), (["Y7", "R7", "G7", "W7"], "soldiers4"), (["Y7", "Y7", "G7"], None),
])
def test_meld_kinds(cs, kind):
    assert cards.meld_kind(cs) == kind


def test_points_table():
    M = cards.Meld
    assert M("pair", ("Y5", "Y5")).points == 0
    assert M("general", ("Y1",)).points == 1
    assert M("chi", ("Y1", "Y2", "Y3")).points == 1
    assert M("triple", ("G4",) * 3, concealed=False).points == 1 and M("triple", ("G4",) * 3).points == 3
    assert M("quad", ("G4",) * 4, concealed=False).points == 6 and M("quad", ("G4",) * 4).points == 8
    assert M("quad", ("R1",) * 4, concealed=False).points == 8
    assert M("soldiers4", ("Y7", "R7", "G7", "W7")).points == 2
    assert M("joker", ("J",)).points == 3


def test_best_scoring_hand_worked():
    # two generals score more as two single generals (1+1) than as a pair (0)
    s = cards.best_scoring(cards.parse_hand("Y1 Y1"))
    assert s.points == 2 and [m.kind for m in s.melds] == ["general", "general"]
    # a general inside a chi earns nothing extra
    assert cards.best_scoring(cards.parse_hand("Y1 Y2 Y3")).points == 1
    # four soldiers of one colour: a concealed four of a kind beats anything else
    assert cards.best_scoring(cards.parse_hand("W7 W7 W7 W7")).points == 8
    hand = cards.parse_hand("Y1 Y2 Y3 R4 R5 R6 G7 G7 G7 W7 Y7 R7 W1 W1 G1 G2 G3 R2 R2 Y5 Y5")
    s = cards.best_scoring(hand)
    assert s.points == 9 and sorted(c for m in s.melds for c in m.cards) == sorted(hand)
    assert cards.best_scoring(cards.parse_hand("Y2 Y4")) is None


def test_misdeal():
    assert cards.misdeal(cards.parse_hand("Y2 Y3 Y4 R5 R5 G6"))
    assert not cards.misdeal(cards.parse_hand("Y2 Y3 Y4 R1"))  # a general
    assert not cards.misdeal(cards.parse_hand("Y2 Y2 Y2 R5"))  # a concealed triple
    assert not cards.misdeal(cards.parse_hand("Y7 R7 G7 W7 R5"))  # four soldiers


def test_bad_cards():
    with pytest.raises(InputError, match="unknown card 'X9'"):
        cards.parse_hand("Y1 X9")
    with pytest.raises(InputError, match="appears 5 times"):
        cards.best_scoring(["Y1"] * 5)
