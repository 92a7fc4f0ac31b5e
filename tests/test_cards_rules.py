"""The daily hand puzzle's section of the 사색패 rule page: what it says about the puzzle is what the
engine does, its figure is a real day's hand with the engine's best arrangement, and the day
page's 규칙 보기 link lands on it."""

import datetime as dt
import re
from pathlib import Path

import pytest

from harupan.engine.cards import puzzle as cards_puzzle
from harupan.engine.cards.puzzle import daily_puzzle
from harupan.publish import rules

HEADING = "하루 판의 손패 맞추기"
TEMPLATE = Path(cards_puzzle.__file__).parents[2] / "renderers" / "templates" / "day_cards.html"


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
