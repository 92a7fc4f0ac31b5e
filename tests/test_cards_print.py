"""사색패 손패 맞추기 on paper: the hand with boxes to write melds in, and the answer key listing
the one best arrangement, each meld named with its points (golden images, A4 and Letter)."""

import datetime as dt
import json

import pytest
from drawing import compare_image

import cards_vectors
from harupan.renderers.sheets import PrintOptions
from harupan.engine.cards import MELD_NAMES_KO, Meld, meld_kind
from harupan.engine.cards.puzzle import CardsPuzzle, daily_puzzle
from harupan.renderers.games.cards import CardsView
from harupan.renderers.games.cards.sheets import (CARDS_RULES, HAND_KINDS, MELD_SHAPE, answer_page, hand_page,
                                                  legal_meld_kind, meld_label)
from harupan.renderers.model import RoundRect, Text, texts
from harupan.renderers.raster import render_image

DATE = dt.date(2026, 12, 1)
MOST_MELDS = dt.date(2026, 8, 4)  # the most melds in a best arrangement of 2026-2027: 13
MELD_KO = {k: MELD_NAMES_KO[k] for k in HAND_KINDS}


def puzzle(date=DATE) -> CardsPuzzle:
    return daily_puzzle(date)


def test_the_answer_keys_meld_names_and_points_agree_with_the_engine():
    """The renderers tell a legal meld's kind by its shape (they may not import the engine):
    checked on every legal meld of the shared vectors and of the days' answers."""
    melds = [v["cards"] for v in json.loads(cards_vectors.PATH.read_text())["melds"] if v["kind"]]
    melds += [list(m) for k in range(0, 60, 3) for m in daily_puzzle(dt.date(2026, 12, 1) + dt.timedelta(days=k)).melds]
    assert len(melds) > 100
    for m in melds:
        kind = meld_kind(m)
        assert legal_meld_kind(m) == kind, m
        assert meld_label(m) == f"{MELD_KO[kind]} · {Meld(kind, tuple(m)).points}점", m


@pytest.mark.parametrize("date", [DATE, MOST_MELDS])
def test_the_sheet_has_a_box_for_every_meld_and_the_key_names_each(date):
    part = puzzle(date)
    for paper in ("a4", "letter"):
        front = hand_page(part, date, paper)
        boxes = [p for p in front.items if isinstance(p, RoundRect) and p.stroke and p.w > 500]
        assert len(boxes) >= len(part.melds) and len(boxes) == 14
        assert all(0 <= p.x and p.x + p.w <= front.width and p.y + p.h <= front.height - 150 for p in boxes)
        key = answer_page(part, date, paper)
        words = texts(key.items)
        named = [t.text for t in key.items if isinstance(t, Text) and t.text.endswith("점") and t.text.count("·") == 1]
        assert named == [meld_label(m) for m in part.melds]
        assert f"합계 {part.score}점" in words
        labels = [t for t in key.items if isinstance(t, Text) and t.text in {meld_label(m) for m in part.melds}]
        assert max(t.x for t in labels) + 360 <= key.width - 100  # the widest label stays on the page
        bottom = max(t.y for t in key.items if isinstance(t, Text))
        assert bottom < key.height - 100


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheets_golden(paper):
    """The hand page and the answer key, drawn by Pillow (text is rasterised: a small budget)."""
    front, back = CardsView().sheets(DATE, puzzle(), PrintOptions(paper))
    assert [t for t, _ in front + back] == ["사색패 손패 맞추기", "사색패 손패 맞추기 정답"]
    compare_image(f"cards-sheet-{paper}", render_image(front[0][1], 0.25), 1.5)
    compare_image(f"cards-answers-{paper}", render_image(back[0][1], 0.25), 1.5)


def test_the_game_and_its_print_pages_call_melds_by_the_rule_pages_names():
    """The meld row (cards.js, from the engine's table in the script's data.js), the print page
    and the answer key call each meld by the rule page's name (engine/cards/rules.py's name_ko
    for a concealed meld, its bracketed gloss left out), so a player can find it on the rule page."""
    import re

    from harupan.renderers.bundle import modules

    js = modules()["cards.js"]
    assert "const CARD_MELD_KO = CARD_DATA.meldNames;" in js and "안커" not in js.split("CARD_MELD_KO")[1][:200]
    assert CardsView().browser_data()["meldNames"] == MELD_KO
    kinds = ["general", "pair", "chi", "triple", "quad", "soldiers3", "soldiers4"]  # Meld.kind's, but joker (not dealt)
    assert sorted(MELD_KO) == sorted(kinds)
    for kind in kinds:
        size = {"general": 1, "pair": 2, "quad": 4, "soldiers4": 4}.get(kind, 3)
        engine_name = Meld(kind, ("Y1" if kind == "general" else "Y2",) * size, concealed=True).name_ko
        assert MELD_KO[kind] == re.sub(r"\(.*\)$", "", engine_name), (kind, engine_name)
    sheet = "".join(CARDS_RULES)
    for kind in kinds:
        size = {"general": 1, "pair": 2, "quad": 4, "soldiers4": 4}.get(kind, 3)
        points = Meld(kind, ("Y1" if kind == "general" else "Y2",) * size).points
        assert f"{MELD_KO[kind]}({MELD_SHAPE[kind]}) {points}점" in sheet
    texts_on_page = texts(hand_page(puzzle(), DATE).items)
    assert all(line in texts_on_page for line in CARDS_RULES)


def test_the_day_section_names_melds_and_points_in_a_players_words():
    """The day page's 사색패 section points its 정답 보기 to the answer in words (the print set's
    answer page), not to a JSON key. Every meld as the game names it, with its points, is in the
    hand's 점수표, built from the engine's table (tests/test_cards_play.py checks its rows)."""
    import re
    from pathlib import Path

    from harupan.generator.daily import DayBundle
    from harupan.renderers.site import SiteInfo, day_page

    golden = Path(__file__).parent / "golden" / "day" / "2026-12-01-quick-three-games.json"
    bundle = DayBundle.from_json(json.loads(golden.read_text(encoding="utf-8")))
    html = day_page(bundle.date, bundle.parts, SiteInfo("하루 판", "", "https://harupan.example/"), "2026/12/01/")
    section = html[html.index('data-game="cards"'):]
    section = section[:section.index("</section>")]
    answer = section[section.index("정답 보기"):]
    assert "<code>" not in answer and not re.search(r"\b[a-z_]+\.[a-z_]+\b(?![^<]*>)", re.sub(r"<[^>]+>", " ", answer))
    assert "사색패 손패 맞추기 정답" in answer and 'href="sheet-a4.pdf"' in answer
