"""사색패 손패 맞추기: the day's hand, the exhaustive search, the part's JSON and replay check, the
play model, and the browser module against the same vectors."""

import dataclasses
import functools
import datetime as dt
import itertools
import os
import subprocess
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import js_modules, ROOT, system_tool

import cards_vectors
from harupan.engine.cards import KINDS, best_scoring, card_name, meld_kind
from harupan.engine.cards.play import Group, State, Undo, Ungroup, apply, completable, hint, result, why_not
from harupan.engine.cards.puzzle import (HAND_SIZE, CardsPuzzle, Figures, check_puzzle, daily_puzzle, LOWEST_MELDS,
                                         meld_points, puzzle_fault, puzzle_from_json, puzzle_to_json, search, sort_cards)
from harupan.engine.errors import CheckFailed, InputError

DATE = dt.date(2026, 12, 1)
DECK = [k for k in KINDS for _ in range(4)]


def brute_force(hand):
    """Every arrangement by plain recursion over card places (no memo, no canonical order), as a
    multiset of sorted melds: slow, obviously right, for small hands."""
    found = set()

    def go(left, melds):
        if not left:
            found.add(tuple(sorted(melds)))
            return
        first, rest = left[0], left[1:]
        for size in range(0, 4):
            for others in itertools.combinations(range(len(rest)), size):
                cards = (first,) + tuple(rest[i] for i in others)
                if meld_kind(cards) is not None:
                    go([c for i, c in enumerate(rest) if i not in others], melds + [sort_cards(cards)])

    go(list(hand), [])
    return Counter(sum(meld_points(m) for m in a) for a in found)


small_hands = st.lists(st.sampled_from([k for k in KINDS if k[1] in "12347" or k[0] == "Y"]), min_size=1, max_size=9) \
    .filter(lambda h: max(Counter(h).values()) <= 4)


@given(small_hands)
def test_the_search_counts_every_arrangement_by_score(hand):
    want = brute_force(hand)
    found = search(hand)
    if not want:
        assert found.best_score is None and found.figures.arrangements == 0
        assert best_scoring(hand) is None
        return
    best = max(want)
    assert found.best_score == best == best_scoring(hand).points
    assert found.figures.arrangements == sum(want.values())
    assert found.figures.near_best == sum(n for s, n in want.items() if s >= best - 2)
    assert found.best_count == want[best]
    assert Counter(c for m in found.best for c in m) == Counter(hand)
    assert sum(meld_points(m) for m in found.best) == best


@given(st.dates(dt.date(2000, 1, 1), dt.date(2100, 12, 31)))
def test_every_days_hand_is_a_choice_with_one_answer(date):
    p = daily_puzzle(date)
    assert len(p.hand) == HAND_SIZE and list(p.hand) == list(sort_cards(p.hand))
    assert max(Counter(p.hand).values()) <= 4 and set(p.hand) <= set(KINDS)
    assert p.figures.arrangements >= 2 and p.figures.near_best >= 2
    found = search(p.hand)
    assert found.unique and found.best_score == p.score
    check_puzzle(p)
    assert puzzle_from_json(puzzle_to_json(p)) == p


def test_the_day_is_the_same_every_time():
    assert daily_puzzle(DATE) == daily_puzzle(DATE)
    assert daily_puzzle(DATE).hand != daily_puzzle(DATE + dt.timedelta(days=1)).hand


def test_the_replay_check_catches_each_kind_of_lie():
    p = daily_puzzle(DATE)
    check_puzzle(p)
    lies = {
        "holds 20 cards": dataclasses.replace(p, hand=p.hand[1:]),
        "do not use exactly": dataclasses.replace(p, melds=p.melds[1:]),
        "not a meld": dataclasses.replace(p, melds=(p.melds[0] + p.melds[1],) + p.melds[2:]),
        "the melds score": dataclasses.replace(p, score=p.score + 1),
        "figures are": dataclasses.replace(p, figures=Figures(1, 1, 1)),
        "appears 5 times": dataclasses.replace(p, hand=(p.hand[0],) * 5 + p.hand[5:]),
    }
    for why, lie in lies.items():
        with pytest.raises(CheckFailed, match=why):
            check_puzzle(lie)
    # a complete arrangement that is not the best one
    found_other = None
    for melds in _other_arrangements(p.hand):
        if Counter(melds) != Counter(p.melds):
            found_other = melds
            break
    assert found_other is not None
    score = sum(meld_points(m) for m in found_other)
    fault = puzzle_fault(dataclasses.replace(p, melds=found_other, score=score))
    assert fault is not None and "best arrangement scores" in fault


def _other_arrangements(hand):
    """Arrangements of ``hand`` that split one pair, triple or quad of generals into singles."""
    p = daily_puzzle(DATE)
    for k, m in enumerate(p.melds):
        if len(m) > 1 and all(meld_kind((c,)) == "general" for c in m):
            yield p.melds[:k] + tuple((c,) for c in m) + p.melds[k + 1:]
        if len(m) == 1:  # join two single generals of one kind into a pair
            for j in range(k + 1, len(p.melds)):
                if p.melds[j] == m:
                    yield tuple(x for i, x in enumerate(p.melds) if i not in (k, j)) + (m + m,)


@pytest.mark.parametrize("data, why", [
    ([], "expected an object"),
    ({**puzzle_to_json(daily_puzzle(DATE)), "format": "harupan/cards@2"}, "'harupan/cards@2' is not"),
    ({"format": "harupan/cards@1", "hand": ["Y1"], "melds": [], "score": 0, "figures": {"arrangements": 0, "near_best": 0}, "attempts": 1},
     "missing 'nodes'"),
    ({"format": "harupan/cards@1", "hand": ["y1"], "melds": [], "score": 0, "figures": {"arrangements": 0, "near_best": 0, "nodes": 0},
      "attempts": 1}, "written like 'Y1'"),
    ({"format": "harupan/cards@1", "hand": ["Q9"], "melds": [], "score": 0, "figures": {"arrangements": 0, "near_best": 0, "nodes": 0},
      "attempts": 1}, "unknown card 'Q9'"),
    ({"format": "harupan/cards@1", "hand": [], "melds": "Y1", "score": 0, "figures": {}, "attempts": 1}, "melds: expected a list"),
    ({"format": "harupan/cards@1", "hand": [], "melds": [], "score": "3", "figures": {}, "attempts": 1}, "score: expected a whole number"),
])
def test_a_part_that_is_not_one_is_refused_naming_where(data, why):
    with pytest.raises(InputError, match=why) as e:
        puzzle_from_json(data, source="2026-12-01 cards")
    assert str(e.value).startswith("2026-12-01 cards: not a cards part")


def test_play_groups_ungroups_and_finishes_with_the_score_against_the_best():
    p = daily_puzzle(DATE)
    state = State(p.hand)
    with pytest.raises(InputError, match="두 장은 똑같은 카드끼리만"):
        apply(state, Group((0, HAND_SIZE - 1)))
    with pytest.raises(InputError, match="풀 묶음이 없어요"):
        apply(state, Ungroup(0))
    used: set[int] = set()
    for meld in p.melds:
        places = []
        for card in meld:
            i = next(i for i, c in enumerate(p.hand) if c == card and i not in used)
            used.add(i)
            places.append(i)
        before = state
        state = apply(state, Group(tuple(reversed(places))))
        assert before.groups == state.groups[:-1]  # a new state; the old one is untouched
        assert result(state, p.score) is None or state.complete
    with pytest.raises(InputError, match="이미 묶인 카드"):
        apply(State(p.hand, state.groups[:-1]), Group(state.groups[0]))
    done = result(state, p.score)
    assert done is not None and done.perfect and done.score == p.score
    undone = apply(state, Ungroup(0))
    assert not undone.complete and result(undone, p.score) is None


def test_why_not_speaks_korean_for_each_shape():
    assert why_not(["Y1"]) is None and why_not(["Y1", "Y2", "Y3"]) is None
    assert "장(將)만" in why_not(["Y2"])
    assert "네 장까지" in why_not(["Y1"] * 4 + ["Y2"])
    assert "색이 모두 달라야" in why_not(["Y7", "Y7", "R7"])
    assert "將士象이나 車馬砲" in why_not(["Y1", "Y2", "Y4"])
    assert card_name("Y1") == "노랑 장"


def test_the_vectors_file_is_what_the_engine_says_now():
    assert cards_vectors.PATH.read_text(encoding="utf-8") == cards_vectors.text(), \
        "tests/data/cards_vectors.json is stale: PYTHONPATH=. python tests/cards_vectors.py"


def test_the_browser_module_agrees_with_python_on_the_vectors(tmp_path):
    r = subprocess.run([system_tool("node"), "--test", "tests/js/cards.test.mjs"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120, env=dict(os.environ, HARUPAN_JS_MODULES=str(js_modules(tmp_path))))
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "# pass 4" in r.stdout and "# fail 0" in r.stdout


def test_the_parts_json_is_plain_and_stable():
    p = daily_puzzle(DATE)
    data = puzzle_to_json(p)
    assert list(data) == ["format", "hand", "melds", "score", "figures", "attempts"]
    assert isinstance(p, CardsPuzzle) and data["hand"] == list(p.hand)
    assert sum(len(m) for m in data["melds"]) == HAND_SIZE


moves = st.lists(st.one_of(st.builds(Ungroup, st.integers(-1, 12)),
                           st.builds(Group, st.lists(st.integers(-1, 21), min_size=0, max_size=5).map(tuple))),
                 max_size=40)


@given(st.dates(dt.date(2026, 1, 1), dt.date(2030, 12, 31)), moves)
def test_any_move_gives_a_new_legal_state_or_a_reason(date, script):
    p = daily_puzzle(date)
    state = State(p.hand)
    for move in script:
        before = state
        try:
            state = apply(state, move)
        except InputError as e:
            assert str(e).endswith("요.")  # a Korean sentence for the player
            continue
        assert before == State(before.hand, before.groups)  # untouched
        used = [i for g in state.groups for i in g]
        assert len(used) == len(set(used)) and all(0 <= i < HAND_SIZE for i in used)
        assert all(meld_kind([p.hand[i] for i in g]) for g in state.groups)
        assert state.score == sum(meld_points([p.hand[i] for i in g]) for g in state.groups)
        done = result(state, p.score)
        assert (done is None) == bool(state.free)
        assert done is None or done.score <= p.score


# ---------------------------------------------------------------- a way out of a dead end (issue 33)

@functools.cache
def day_hand(date: dt.date):
    return daily_puzzle(date)


def melds_left(state: State) -> list[tuple[int, ...]]:
    """Every meld the free cards allow, as places (the first free ones holding its cards)."""
    free = [i for i in state.free]
    have = Counter(KINDS.index(state.hand[i]) for i in free)
    out = []
    for melds in LOWEST_MELDS:
        for idx, _ in melds:
            if all(have[k] >= n for k, n in Counter(idx).items()):
                taken: list[int] = []
                for k in idx:
                    taken.append(next(i for i in free if KINDS.index(state.hand[i]) == k and i not in taken))
                out.append(tuple(taken))
    return out


def cards_of(state: State, places) -> list[str]:
    return [state.hand[i] for i in places]


# picks: each a meld among those the free cards allow, or (0) taking back the last one
picks = st.lists(st.integers(0, 10_000), max_size=12)


@given(st.sampled_from(cards_vectors.DATES + [dt.date(2031, 7, 9)]), picks)
def test_dead_ends_and_hints_are_what_the_rules_own_best_scoring_says(date, script):
    """completable is whether engine/cards/rules.py's best_scoring (a search of its own) arranges the
    cards left; the hint is a legal meld of free cards, holds the lowest card left, and the rest
    after it reaches the best that is left; Undo takes back exactly the last meld."""
    p = day_hand(date)
    state = State(p.hand)
    for pick in script:
        if pick == 0 and state.groups:
            before = State(p.hand, state.groups[:-1])
            assert apply(state, Undo()) == before
            state = before
        else:
            options = melds_left(state)
            if not options:
                break
            before, state = state, apply(state, Group(options[pick % len(options)]))
            assert apply(state, Undo()) == before
        left = cards_of(state, state.free)
        best = best_scoring(left)
        assert completable(state) == (best is not None)
        h = hint(state)
        if best is None or state.complete:
            assert h is None
            continue
        assert h is not None and set(h.places) <= set(state.free)
        assert sort_cards(left)[0] in cards_of(state, h.places)
        after = apply(state, h)
        rest = best_scoring(cards_of(after, after.free))
        assert rest is not None and rest.points + meld_points(cards_of(state, h.places)) == best.points


@given(st.dates(dt.date(2026, 1, 1), dt.date(2030, 12, 31)))
def test_the_hints_followed_from_the_start_finish_the_hand_at_its_best(date):
    p = daily_puzzle(date)
    state = State(p.hand)
    while (h := hint(state)) is not None:
        state = apply(state, h)
    assert state.complete and result(state, p.score).perfect


def test_a_meld_that_leaves_cards_with_nowhere_to_go_is_a_dead_end_and_undo_leaves_it():
    """The issue's case: 將將將 as a triple leaves 士 and 象 of that colour stranded."""
    hand = ("Y1", "Y1", "Y1", "Y2", "Y3", "R1")
    state = State(hand)
    assert completable(state) and hint(state) is not None
    dead = apply(state, Group((0, 1, 2)))
    assert not completable(dead) and hint(dead) is None
    with pytest.raises(InputError, match="되돌릴 묶음이 없어요"):
        apply(state, Undo())
    assert apply(dead, Undo()) == state
