"""The daily hand puzzle's section of the 사색패 rule page: what it says about the puzzle is what the
engine does, its figure is a real day's hand with the engine's best arrangement, and the day
page's 규칙 보기 link lands on it."""

import datetime as dt
import re
from collections import Counter
from pathlib import Path

import pytest

from rulepages import page as page_named
from rulepages import section, visible

from harupan.engine import cards
from harupan.engine.cards.figures import hand_figure
from harupan.engine.rng import Rng

from harupan.engine.cards import puzzle as cards_puzzle
from harupan.engine.cards.puzzle import daily_puzzle
from harupan.publish import rules

HEADING = "하루 판의 손패 맞추기"
TEMPLATE = Path(cards_puzzle.__file__).parents[2] / "renderers" / "games" / "cards" / "page.html"


@pytest.fixture(scope="module")
def page():
    return next(p for p in rules.check().pages if p.slug == "cards")


def test_the_day_pages_rule_link_lands_on_the_section(page):
    at = [s.heading for s in page.sections].index(HEADING) + 1
    link = re.search(r'rules/cards/index\.html#(s\d+)', TEMPLATE.read_text(encoding="utf-8"))
    assert link and link.group(1) == f"s{at}"  # rule_article.html numbers the sections s1, s2, …


def test_the_figure_is_a_real_days_hand_and_its_caption_is_the_engines(page):
    section = next(s for s in page.sections if s.heading == HEADING)
    (fig,) = section.figures
    date = re.match(r"(\d{4})년 (\d{1,2})월 (\d{1,2})일", fig.caption)
    p = daily_puzzle(dt.date(*map(int, date.groups())))
    assert fig.spec["hand"].split() == list(p.hand) and fig.spec["expect"] == {"points": p.score}
    assert f"{p.score}점입니다" in fig.caption and f"끝까지 묶는 방법은 {p.figures.arrangements}가지" in fig.caption
    assert f"{p.score}점에 이르는 방법은 이것 하나뿐" in fig.caption


def test_what_the_section_says_about_the_puzzle_is_the_engines_rule(page):
    body = next(s for s in page.sections if s.heading == HEADING).body
    assert cards_puzzle.HAND_SIZE == 21 and "21장" in body
    assert cards_puzzle.NEAR == 2 and "최고점에서 2점 안쪽" in body
    # the rule it states: two or more arrangements, the best reached once, two or more near the best
    base = cards_puzzle.Search(19, (), 1, cards_puzzle.Figures(2, 2, 1))
    assert cards_puzzle.acceptable(base)
    for other in (cards_puzzle.Search(19, (), 2, base.figures), cards_puzzle.Search(19, (), 1, cards_puzzle.Figures(1, 1, 1)),
                  cards_puzzle.Search(19, (), 1, cards_puzzle.Figures(5, 1, 1))):
        assert not cards_puzzle.acceptable(other)


# ------------------------------------------------------------------ the rest of the page, against the engine


@pytest.fixture(scope="module")
def built(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT (rules.build), made once a test run
    return {"cards": (out / "cards" / "index.html").read_text(encoding="utf-8")}


@pytest.fixture(scope="module")
def checked():
    return rules.check()


def test_cards_are_xiangqi_not_janggi(built):
    text = visible(built["cards"])
    assert "장기에서처럼" not in text and "장기짝" not in text and "장기의 일곱" not in text
    assert "샹치" in text


def test_claim_priority_items_distinct(checked):
    body = section(checked, "cards", "가져오기의 우선순위").body
    items = re.findall(r"^\d\. (.+)$", body, re.M)
    assert len(items) == 5 and len(set(items)) == 5
    assert items[0].startswith("쯔모 화료") and items[1].startswith("론 화료")
    assert "뽑은" in items[0] and "버린" in items[1] and "버린" not in items[0] and "뽑은" not in items[1]


def constructed_hand(rng: Rng) -> list[str]:
    """A complete 21-card hand built meld by meld (no jokers), at most four of a card."""
    while True:
        counts: Counter = Counter()
        hand: list[str] = []
        while len(hand) < 21:
            c, r = "YRGW"[rng.below(4)], rng.below(7) + 1
            roll = rng.below(8)
            if roll == 0 and r == 1:
                meld = [f"{c}1"]
            elif roll == 1:
                meld = [f"{c}{r}"] * 2
            elif roll == 2:
                meld = [f"{c}{r}"] * 3
            elif roll == 3 and len(hand) <= 17:
                meld = [f"{c}{r}"] * 4
            elif roll == 4:
                meld = [f"{c}{b}" for b in ((1, 2, 3) if r <= 3 else (4, 5, 6))]
            elif roll == 5:
                meld = [f"{x}7" for x in "YRGW"][:3 + rng.below(2)]
            else:
                meld = [f"{c}1"]
            if len(hand) + len(meld) > 21 or any(counts[k] + meld.count(k) > 4 for k in meld):
                continue
            hand += meld
            counts.update(meld)
        return hand


def test_every_complete_hand_scores_odd():
    """Issue 23, cards 3: the page proves the odd total; each meld's points share its size's parity."""
    for kind, sample in [("general", ("Y1",)), ("joker", ("J",)), ("pair", ("Y5",) * 2), ("chi", ("Y4", "Y5", "Y6")),
                         ("triple", ("G2",) * 3), ("quad", ("G2",) * 4), ("quad", ("R1",) * 4),
                         ("soldiers3", ("Y7", "R7", "G7")), ("soldiers4", ("Y7", "R7", "G7", "W7"))]:
        for concealed in (True, False):
            m = cards.Meld(kind, sample, concealed)
            assert m.points % 2 == len(sample) % 2, m
    rng = Rng("harupan:test:odd")
    for _ in range(400):
        s = cards.best_scoring(constructed_hand(rng))
        assert s is not None and s.points % 2 == 1


def test_odd_total_stated_as_proved_not_hearsay(built, checked):
    text = visible(built["cards"])
    assert "이야기도 전해집니다" not in text and "나누기가 제대로 되었다면 합계가" not in text
    body = section(checked, "cards", "점수표").body
    assert "언제나 홀수" in body and "하루 판의 선택" in body


def test_held_triples_are_never_split():
    """Issue 23, cards 4: a dealt 안커 cannot be broken up; best_scoring(held=...) keeps it whole."""
    hand = cards.parse_hand("Y1 Y1 Y1 Y2 Y3 R4 R5 R6 G1 G2 G3 W4 W5 W6 R7 G7 W7 Y5 Y5 R1 G1")
    assert cards.best_scoring(hand).points == 9  # split freely: Y1 Y2 Y3 and two single generals
    held = cards.held_melds(hand)
    assert held == (cards.Meld("triple", ("Y1",) * 3),)
    assert cards.best_scoring(hand, held=held) is None
    rng = Rng("harupan:test:held")
    broken = 0
    for _ in range(300):
        hand = constructed_hand(rng)
        held = cards.held_melds(hand)
        free, fixed = cards.best_scoring(hand), cards.best_scoring(hand, held=held)
        if fixed is None:
            broken += 1
            continue
        for m in held:
            assert m in fixed.melds
        assert fixed.points <= free.points and fixed.points % 2 == 1
        assert sorted(c for m in fixed.melds for c in m.cards) == sorted(hand)
    assert broken > 0  # the option matters: some hands are complete only with a held triple split


def test_held_meld_errors():
    from harupan.engine.errors import InputError
    with pytest.raises(InputError, match="not in the hand"):
        cards.best_scoring(["Y1", "Y2"], held=(cards.Meld("triple", ("Y1",) * 3),))
    with pytest.raises(InputError, match="three or four of one card"):
        cards.best_scoring(["Y1", "Y2", "Y3"], held=(cards.Meld("chi", ("Y1", "Y2", "Y3")),))


def test_worked_examples_keep_dealt_melds(checked):
    figs = [f for s in page_named(checked, "cards").sections for f in s.figures]
    held = [f for f in figs if "held" in f.spec]
    assert len(held) >= 2
    for f in held:
        data = hand_figure(f.spec)
        kept = {tuple(m.cards) for m in cards.held_melds(cards.parse_hand(f.spec["held"]))}
        shown = {tuple(g.cards) for g in data.melds if g.label.startswith("받은 ")}
        assert kept == shown


def test_the_cards_page_names_the_melds_as_the_game_does(built, checked):
    """The meld row, print page and answer key (the engine's MELD_NAMES_KO, which cards.js gets too)
    call each meld by a name the rule page gives, and the page's 하루 판 section lists them, so a
    player matches one to the other."""
    from harupan.engine.cards import CONCEALED_POINTS as MELD_POINTS
    from harupan.engine.cards import MELD_NAMES_KO
    from harupan.renderers.games.cards.sheets import HAND_KINDS

    MELD_KO = {k: MELD_NAMES_KO[k] for k in HAND_KINDS}

    text = visible(built["cards"])
    for name in MELD_KO.values():
        assert name in text, name
    body = section(checked, "cards", "하루 판의 손패").body
    assert f"이 페이지와 같은 이름({', '.join(MELD_KO.values())})과 점수" in " ".join(body.split())
    points_table = section(checked, "cards", "점수표").body
    for kind, name in MELD_KO.items():
        row = f"| {name} 한 장 |" if kind == "general" else f"| {name} |"
        assert f"{row} {MELD_POINTS[kind]}" in points_table, (name, row)
