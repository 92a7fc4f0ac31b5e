"""Shanghai mahjong's deal (a rule topic): the walls planned from two rolls as the source says
(every roll, the wrap into the next wall, bad rolls refused), and its rule page's figures drawn
tile by tile with the engine's counts."""

import re
from collections import Counter

import pytest

from rulepages import SLUGS, page, section, visible

from harupan.engine.errors import InputError
from harupan.engine.shanghai import wall
from harupan.engine.shanghai.figures import _stack_list, wall_figure, wall_note
from harupan.publish import rules
from harupan.renderers.games.shanghai.figures import SEAT_COLOURS, WALL_FILL, WALL_STACK, WALL_TILE, wall_tile_rect
from harupan.renderers.games.shanghai.figures import wall as draw_wall
from harupan.renderers.model import RoundRect, Text


@pytest.fixture(scope="module")
def built(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT (rules.build), made once a test run
    return {slug: (out / slug / "index.html").read_text(encoding="utf-8") for slug in SLUGS}


@pytest.fixture(scope="module")
def checked():
    return rules.check()


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
        drawing = draw_wall(wall_figure({"rolls": list(rolls), "expect": {}}))
        by = tiles_by_fill(drawing)
        top = wall_tile_rect(w, n, "A")[:2]
        bottom = wall_tile_rect(w, n, "B")[:2]
        assert top in by[SEAT_COLOURS[1]] and bottom in by[SEAT_COLOURS[2]]  # top to 南, bottom to 西


@pytest.mark.parametrize("first", range(2, 13))
def test_every_roll_drawn_as_the_engine_says(first):
    for second in range(2, 13):
        p = wall.plan(first, second)
        data = wall_figure({"rolls": [first, second], "expect": {}})
        by = tiles_by_fill(draw_wall(data))
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
        note = wall_note(p)
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
    assert _stack_list(p.dead_wall, ranges=True) == "서 15~18번, 남 1~4번"
    assert "두 합계가 모두 2이면" in small and "왕패는 서 패산 15~18번과 남 패산 1~4번" in small
    assert [s.label() for s, part in p.flower_order[::2]] == ["西14", "西13", "西12", "西11"]
    assert "해저패는 서 패산 14번부터 11번까지" in small
    assert "하루 판이 정한" in small
    assert "하루 판이 정한" in next(a for q, a in faq.items() if "18보다 크면" in q)


# ------------------------------------------------------------------ the 사색패 page's words
