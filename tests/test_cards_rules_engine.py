from collections import Counter

import pytest

from harupan.engine import cards
from harupan.engine.shanghai import wall
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


def test_worked_example_from_the_source():
    p = wall.plan(6, 5)
    assert wall.SEATS[p.wall] == "南"
    assert p.break_point == wall.Stack(1, 11) and p.deal_start == wall.Stack(1, 12)
    assert sorted(s.number for s in p.dead_wall) == list(range(4, 12)) and {s.wall for s in p.dead_wall} == {1}
    assert [(a.number, part, b.number) for a, part, b in p.loose_tiles] == [(11, "A", 8), (11, "B", 6)]
    assert [(s.number, part) for s, part in p.flower_order[:4]] == [(3, "A"), (3, "B"), (2, "A"), (2, "B")]
    assert p.deal[0] == wall.Take(0, wall.Stack(1, 12), "AB") and p.deal[1] == wall.Take(0, wall.Stack(1, 13), "AB")
    assert p.deal[2].seat == 1  # then 南, clockwise
    assert p.kong_order[:3] == ((wall.Stack(1, 11), "A"), (wall.Stack(1, 11), "B"), (wall.Stack(1, 10), "A"))


def tiles_of(stack_part_pairs):
    return [(s.wall, s.number, t) for s, part in stack_part_pairs for t in part]


@pytest.mark.parametrize("first", range(2, 13))
@pytest.mark.parametrize("second", range(2, 13))
def test_every_roll(first, second):
    p = wall.plan(first, second)
    assert p.wall == (first - 1) % 4
    assert p.hand_sizes == (14, 13, 13, 13)
    dealt = tiles_of((t.stack, t.part) for t in p.deal)
    assert len(dealt) == len(set(dealt)) == 53
    dead = tiles_of((s, "AB") for s in p.dead_wall)
    flowers = tiles_of(p.flower_order)
    first_draw = tiles_of([p.first_draw])
    assert len(dead) == 16 and len(set(dead)) == 16
    assert not set(dealt) & set(dead) and not set(dealt) & set(flowers) and not set(dead) & set(flowers)
    assert not set(first_draw) & (set(dealt) | set(dead))
    # the dead wall is the eight stacks ending at the break point; dealing starts right after it
    assert p.dead_wall[0] == p.break_point and wall.step(p.break_point, 1) == p.deal_start
    assert [wall.ring_index(s) for s in p.dead_wall] == [(wall.ring_index(p.break_point) - i) % 72 for i in range(8)]
    assert p.loose_tiles[0][2] == wall.step(p.break_point, -3) and p.loose_tiles[1][2] == wall.step(p.break_point, -5)
    assert p.flower_order[0][0] == wall.step(p.break_point, -8)


def test_wrap_into_the_next_wall():
    p = wall.plan(12, 10)  # 北's wall, 22 stacks on: stack 4 of the next wall (西)
    assert wall.SEATS[p.wall] == "北" and p.break_point == wall.Stack(2, 4)


@pytest.mark.parametrize("bad", [1, 13, 0, "6"])
def test_bad_rolls(bad):
    with pytest.raises(InputError, match="roll must be a total of two dice"):
        wall.plan(bad, 5)
