"""What the built rule pages say, checked against the engine: no Markdown left showing, the wall
figures drawn tile by tile with the engine's counts, and the errors a careful reader found
(issue 23) gone for good."""

import re
from collections import Counter
from html.parser import HTMLParser

import pytest

from harupan.engine import cards
from harupan.engine.shanghai import wall
from harupan.engine.rng import Rng
from harupan.publish import figures, rules
from harupan.renderers.figures import DRAW, SEAT_COLOURS, WALL_FILL, WALL_STACK, WALL_TILE, wall_tile_rect
from harupan.renderers.markdown import render_markdown
from harupan.renderers.model import RoundRect, Text

SLUGS = ("shisen", "zodiac", "cards", "shanghai-wall")


class _Visible(HTMLParser):
    """The text a reader sees: everything but <style>, <script> and tags' insides."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible(html: str) -> str:
    p = _Visible()
    p.feed(html)
    return "".join(p.parts)


@pytest.fixture(scope="module")
def built(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT (rules.build), made once a test run
    return {slug: (out / slug / "index.html").read_text(encoding="utf-8") for slug in SLUGS}


@pytest.fixture(scope="module")
def checked():
    return rules.check()


def page(checked, slug):
    return next(p for p in checked.pages if p.slug == slug)


def section(checked, slug, heading_start):
    return next(s for s in page(checked, slug).sections if s.heading.startswith(heading_start))


# ------------------------------------------------------------------ Markdown

@pytest.mark.parametrize("slug", SLUGS)
def test_no_markdown_marker_in_visible_text(built, slug):
    text = visible(built[slug])
    for marker in ("**", "__", "`"):
        assert marker not in text, (slug, marker, text[max(0, text.find(marker) - 40):text.find(marker) + 40])


@pytest.mark.parametrize("src, strong", [
    ("**왕패(王牌)**는", "왕패(王牌)"), ("**보화(補花)**라고", "보화(補花)"), ("**해저패(海底牌)**에서", "해저패(海底牌)"),
    ("카드는 **(가)**를", "(가)"), ("**뽑은 카드로 족보를 만들 수 없으면 버립니다.** 다음", "뽑은 카드로 족보를 만들 수 없으면 버립니다."),
    ("**144장**입니다", "144장"), ("a **b** c", "b"),
])
def test_emphasis_before_korean_particles(src, strong):
    html = str(render_markdown(src))
    assert f"<strong>{strong}</strong>" in html and "*" not in html


def test_markdown_still_plain_commonmark_elsewhere():
    assert str(render_markdown("2*3*4")) == "<p>2<em>3</em>4</p>\n"
    assert str(render_markdown("snake_case_name")) == "<p>snake_case_name</p>\n"
    assert "<strong>" not in str(render_markdown("** 떨어진 별표 **"))


# ------------------------------------------------------------------ wall figures

def tiles_by_fill(drawing):
    """The wall's tiles as drawn: fill → [(x, y)] (legend swatches are a different size)."""
    sizes = {(WALL_STACK - 2, WALL_TILE - 2), (WALL_TILE - 2, WALL_STACK - 2)}
    out: dict = {}
    for item in drawing.items:
        if isinstance(item, RoundRect) and item.fill and (item.w, item.h) in sizes:
            out.setdefault(item.fill, []).append((item.x - 1, item.y - 1))
    return out


def drawn_counts(drawing):
    by = tiles_by_fill(drawing)
    seat = {wall.SEATS[i]: len(by.get(c, [])) for i, c in enumerate(SEAT_COLOURS)}
    return seat | {k: len(by.get(c, [])) for k, c in WALL_FILL.items()}


def wall_figures(checked):
    for si, s in enumerate(page(checked, "shanghai-wall").sections):
        for fi, f in enumerate(s.figures):
            if f.kind == "wall":
                yield f, checked.drawings[("shanghai-wall", si, fi)], checked.captions[("shanghai-wall", si, fi)]


def test_each_wall_figure_counts_tile_by_tile(checked):
    figs = list(wall_figures(checked))
    assert len(figs) == 2
    for fig, drawing, caption in figs:
        p = wall.plan(*fig.spec["rolls"])
        n = drawn_counts(drawing)
        assert [n[s] for s in wall.SEATS] == [14, 13, 13, 13] == list(p.hand_sizes)
        assert n["dead"] == 16 and n["flower"] == 8 and sum(n.values()) == 144
        # the caption carries the engine's counts, and they are what the figure shows
        said = dict(re.findall(r"([동남서북])가 (\d+)장", caption))
        assert {k: int(v) for k, v in said.items()} == {"동": n["東"], "남": n["南"], "서": n["西"], "북": n["北"]}
        assert f"왕패 {n['dead']}장" in caption and f"해저패 {n['flower']}장" in caption
        assert caption.startswith(fig.caption)


def test_split_stacks_are_drawn_split(checked):
    """Issue 23: 6/5 gave all of 北1 to 西 and the 9/4 figure all of 西3; each tile has its owner."""
    for (w, n, rolls) in ((3, 1, (6, 5)), (2, 3, (9, 4))):
        drawing = DRAW["wall"](figures._wall({"rolls": list(rolls), "expect": {}}))
        by = tiles_by_fill(drawing)
        top = wall_tile_rect(w, n, "A")[:2]
        bottom = wall_tile_rect(w, n, "B")[:2]
        assert top in by[SEAT_COLOURS[1]] and bottom in by[SEAT_COLOURS[2]]  # top to 南, bottom to 西


@pytest.mark.parametrize("first", range(2, 13))
def test_every_roll_drawn_as_the_engine_says(first):
    for second in range(2, 13):
        p = wall.plan(first, second)
        data = figures._wall({"rolls": [first, second], "expect": {}})
        by = tiles_by_fill(DRAW["wall"](data))
        where = {wall_tile_rect(s.wall, s.number, part)[:2]: (s, part) for s in map(wall.from_ring, range(72))
                 for part in "AB"}
        for seat in range(4):
            got = Counter(where[xy] for xy in by[SEAT_COLOURS[seat]])
            want = Counter((t.stack, part) for t in p.deal if t.seat == seat for part in t.part)
            assert got == want and sum(got.values()) == p.hand_sizes[seat]
        assert {where[xy] for xy in by[WALL_FILL["dead"]]} == {(s, part) for s in p.dead_wall for part in "AB"}
        assert len(by[WALL_FILL["dead"]]) == 16
        assert sorted(where[xy] for xy in by[WALL_FILL["flower"]]) == sorted(p.flower_order)
        # the caption's figures for this roll
        note = figures.wall_note(p)
        assert "동가 14장, 남가 13장, 서가 13장, 북가 13장" in note and "왕패 16장" in note


def test_wall_legend_reads_right(checked):
    texts = {i.text for _f, d, _c in wall_figures(checked) for i in d.items if isinstance(i, Text)}
    assert {"동가가 받는 패", "남가가 받는 패", "서가가 받는 패", "북가가 받는 패"} <= texts
    assert not {"동이 받는 패", "남이 받는 패", "서가 받는 패", "북이 받는 패"} & texts


# ------------------------------------------------------------------ the wall page's words

def test_wall_table_of_first_rolls_matches_the_engine(checked):
    body = section(checked, "shanghai-wall", "첫 번째 주사위").body
    rows = re.findall(r"^\| ([\d, ]+) \| ([동남서북]) \|$", body, re.M)
    seen = {}
    for totals, name in rows:
        for t in totals.split(", "):
            seen[int(t)] = name
    assert sorted(seen) == list(range(2, 13))
    assert all(wall.SEATS_KO[wall.plan(t, 2).wall] == name for t, name in seen.items())


def test_dead_wall_is_for_kongs_only(built, checked):
    """Issue 23, wall 1: the summary said the dead wall was kept for kongs and flowers."""
    p = page(checked, "shanghai-wall")
    for text in (p.summary, visible(built["cards"])):
        assert "깡과 꽃패를 위해" not in text
    assert "깡의" in p.summary and "보충패로만" in p.summary and "해저패" in p.summary
    assert all(part == "AB" or s not in wall.plan(6, 5).dead_wall for s, part in wall.plan(6, 5).flower_order)


def test_who_takes_and_which_way(checked):
    """Issue 23, wall 2: players take 東南西北 in seat order; only the taking point moves clockwise."""
    body = section(checked, "shanghai-wall", "나누는 순서").body
    assert "시계 방향으로 남가" not in body
    assert "자리 순서" in body and "동, 남, 서, 북" in body and "패를 집는 자리" in body
    p = wall.plan(6, 5)
    assert [t.seat for t in p.deal[:8:2]] == [0, 1, 2, 3]
    assert [wall.ring_index(t.stack) for t in p.deal[:24]] == sorted(wall.ring_index(t.stack) for t in p.deal[:24])


def test_stacks_named_by_number_not_front_or_back(checked):
    """Issue 23, wall 6: 앞/뒤 were used both ways for stacks."""
    text = "".join(s.body for s in page(checked, "shanghai-wall").sections)
    assert not re.search(r"당 (뒤|앞)|(앞|뒤) 당|당 위의? 앞", text)
    body = section(checked, "shanghai-wall", "영상패").body
    p = wall.plan(6, 5)
    (_, _, on_a), (_, _, on_b) = p.loose_tiles
    assert f"번호가 셋 작은 당({on_a.number}번)" in body and f"번호가 다섯 작은 당({on_b.number}번)" in body
    assert f"당({p.kong_order[2][0].number}번)" in body


def test_flowers_past_stack_one_explained(checked):
    """Issue 23, wall 5: figure 1 colours 西18, the 9/4 figure starts at stack 5; the page says why."""
    body = section(checked, "shanghai-wall", "꽃패와 해저패").body
    first = wall.plan(6, 5).flower_order
    assert [f"{s.label()}{part}" for s, part in first] == ["南3A", "南3B", "南2A", "南2B", "南1A", "南1B", "西18A", "西18B"]
    assert "서 패산 18번 당" in body and "하루 판은" in body and "꽃패는 모두 8장" in body
    assert wall.plan(9, 4).flower_order[0][0] == wall.Stack(0, 5)


def test_small_and_large_totals_answered(checked):
    """Issue 23, wall 7: totals below 11 push the dead wall or flower tiles back into the previous wall."""
    faq = dict(page(checked, "shanghai-wall").faq)
    small = next(a for q, a in faq.items() if "작으면" in q)
    dead = flower = pairs = 0
    dead_throws = flower_throws = throws = 0  # four dice, each throw of them equally likely
    ways = Counter(x + y for x in range(1, 7) for y in range(1, 7))  # a total of two dice: how many throws give it
    for a in range(2, 13):
        for b in range(2, 13):
            p = wall.plan(a, b)
            pairs += 1
            throws += ways[a] * ways[b]
            if a + b <= 18:
                d = any(s.wall != p.wall for s in p.dead_wall)
                f = any(s.wall != p.wall for s, _ in p.flower_order)
                dead, flower = dead + d, flower + f
                dead_throws += d * ways[a] * ways[b]
                flower_throws += f * ways[a] * ways[b]
                if a + b <= 7:
                    assert d
                if a + b <= 11:
                    assert f
    assert "7 이하" in small and "11 이하" in small
    # the 121 are pairs of totals, not equally likely throws: the page says which it counts, and the odds
    assert f"11 × 11 = {pairs}가지" in small and "짝마다 나올 확률은 다릅니다" in small
    assert f"왕패가 넘어가는 짝이 {dead}가지" in small and f"해저패가 넘어가는 짝이 {flower}가지" in small
    assert f"{throws:,}가지가 똑같이" in small
    assert f"왕패가 넘어가는 것은 {dead_throws}가지(약 {100 * dead_throws / throws:.1f}%)" in small
    assert f"해저패가 넘어가는 것은 {flower_throws}가지(약 {100 * flower_throws / throws:.1f}%)" in small
    assert "121가지 조합" not in small
    p = wall.plan(2, 2)
    assert figures._stack_list(p.dead_wall, ranges=True) == "서 15~18번, 남 1~4번"
    assert "두 합계가 모두 2이면" in small and "왕패는 서 패산 15~18번과 남 패산 1~4번" in small
    assert [s.label() for s, part in p.flower_order[::2]] == ["西14", "西13", "西12", "西11"]
    assert "해저패는 서 패산 14번부터 11번까지" in small
    assert "하루 판이 정한" in small
    assert "하루 판이 정한" in next(a for q, a in faq.items() if "18보다 크면" in q)


# ------------------------------------------------------------------ the 사색패 page's words

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
    figs = [f for s in page(checked, "cards").sections for f in s.figures]
    held = [f for f in figs if "held" in f.spec]
    assert len(held) >= 2
    for f in held:
        data = figures._cards_hand(f.spec)
        kept = {tuple(m.cards) for m in cards.held_melds(cards.parse_hand(f.spec["held"]))}
        shown = {tuple(g["cards"]) for g in data["melds"] if g["kind"].startswith("받은 ")}
        assert kept == shown


# ------------------------------------------------------------------ Shisen-sho's worked example

def test_stuck_shares_example_is_a_named_days_line_made_by_the_day_pages_code(built, checked):
    """The stuck shares the rule page quotes are one named day's, written by the function that
    writes the day page's and the sheet's line (difficulty_lines, through the day page's
    shisen_facts), from the record in the YAML: not typed into the prose. Whether the record is
    what the generator publishes for that day is checked where that day is dealt
    (tests/test_shisen_holdup.py::test_rule_page_quotes_the_layout_it_names)."""
    from harupan.engine.dates import parse_date
    from harupan.generator.games.shisen.layouts import PRESETS, parse_size
    from harupan.publish import examples
    from harupan.publish.content import load_pages
    from harupan.renderers.games.shisen import shisen_facts
    from harupan.renderers.sheets import DIFFICULTY_KO, day_ko, difficulty_lines

    si = page(checked, "shisen").sections.index(section(checked, "shisen", "하루 판은"))
    (ex,) = page(checked, "shisen").sections[si].examples
    spec = ex.spec
    w, h = parse_size(spec["size"])
    layout = {"width": w, "height": h, "difficulty": dict(spec["difficulty"], preset=spec["level"])}
    line = difficulty_lines(layout["difficulty"])[0]
    assert shisen_facts(layout) == f"{DIFFICULTY_KO[spec['level']]} · {w}×{h} · {w * h}장 · {line}"
    named = f"{day_ko(parse_date(str(spec['date'])), weekday=False)} {DIFFICULTY_KO[spec['level']]} 판({w}×{h})"
    assert checked.examples[("shisen", si, ex.name)] == {"layout": named, "line": line}
    text = visible(built["shisen"])
    assert text.count(f'"{line}"') == 1 and text.count(named) == 1
    assert line.startswith("막히는 비율: 아무 짝이나 두면 ") and " · 첫 수 " in line  # all three players and the first moves

    # The prose holds references, not figures: the only percentages typed into the section are the
    # levels' bands, and each is the band the generator uses.
    raw = next(p for p in load_pages(rules.default_content() / "rules", figures.KINDS, examples.KINDS)[0]
               if p.slug == "shisen").sections[si].body
    assert "막히는 비율" not in raw and f"{{{{{ex.name}.line}}}}" in raw and f"{{{{{ex.name}.layout}}}}" in raw
    edges = {round(100 * e) for p in PRESETS.values() for e in p.stuck} - {0, 100}
    typed = [int(n) for m in re.finditer(r"(\d+)(?:~(\d+))?%", raw) for n in m.groups() if n]
    assert sorted(typed) == sorted(edges), typed


def test_the_cards_page_names_the_melds_as_the_game_does(built, checked):
    """The meld row, print page and answer key (renderers/games/cards.py MELD_KO, the same names
    as cards.js) call each meld by a name the rule page gives, and the page's 하루 판 section lists
    them, so a player matches one to the other."""
    from harupan.renderers.games.cards import MELD_KO, MELD_POINTS

    text = visible(built["cards"])
    for name in MELD_KO.values():
        assert name in text, name
    body = section(checked, "cards", "하루 판의 손패").body
    assert f"이 페이지와 같은 이름({', '.join(MELD_KO.values())})과 점수" in " ".join(body.split())
    points_table = section(checked, "cards", "점수표").body
    for kind, name in MELD_KO.items():
        row = f"| {name} 한 장 |" if kind == "general" else f"| {name} |"
        assert f"{row} {MELD_POINTS[kind]}" in points_table, (name, row)


def test_the_shisen_page_says_when_the_clock_starts():
    """shisen.js starts the clock only when a pair is removed or the board shuffled (selecting,
    a wrong pair and a hint leave 0:00); the rule page says so."""
    from pathlib import Path

    import harupan.renderers as renderers

    js = (Path(renderers.__file__).parent / "static" / "js" / "shisen.js").read_text(encoding="utf-8")
    starters = set()
    method = None
    for line in js.splitlines():
        m = re.match(r"  (?:async )?(\w+)\([^)]*\) \{", line)
        if m:
            method = m.group(1)
        if "this.startClock()" in line:
            starters.add(method)
    assert starters == {"remove", "shuffle"}
    body = " ".join(section(rules.check(), "shisen", "목표와 기본 규칙").body.split())
    assert "시계는 첫 쌍을 지우거나 판을 섞는 순간부터 갑니다" in body
    assert "힌트를 보는 동안은 0:00에 머뭅니다" in body
