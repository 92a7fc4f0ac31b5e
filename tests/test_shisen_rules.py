"""Shisen-sho's rule page against the engine: its worked example is a named day's line, written
by the code that writes the day page's, and it says when the clock starts as shisen.js does."""

import re

import pytest

from rulepages import page, section, visible

from harupan.publish import rules


@pytest.fixture(scope="module")
def built(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT (rules.build), made once a test run
    return {"shisen": (out / "shisen" / "index.html").read_text(encoding="utf-8")}


@pytest.fixture(scope="module")
def checked():
    return rules.check()


def test_stuck_shares_example_is_a_named_days_line_made_by_the_day_pages_code(built, checked):
    """The stuck shares the rule page quotes are one named day's, written by the function that
    writes the day page's and the sheet's line (difficulty_lines, through the day page's
    shisen_facts), from the record in the YAML: not typed into the prose. Whether the record is
    what the generator publishes for that day is checked where that day is dealt
    (tests/test_shisen_holdup.py::test_rule_page_quotes_the_layout_it_names)."""
    from harupan.engine.dates import parse_date
    from harupan.engine.shisen.board import Board, Layout
    from harupan.engine.shisen.names import LEVELS_KO as DIFFICULTY_KO
    from harupan.generator.games.shisen.layouts import PRESETS, parse_size
    from harupan.publish.content import load_pages
    from harupan.renderers.games.shisen import shisen_facts
    from harupan.renderers.games.shisen.sheets import difficulty_lines
    from harupan.renderers.sheets import day_ko

    si = page(checked, "shisen").sections.index(section(checked, "shisen", "하루 판은"))
    (ex,) = page(checked, "shisen").sections[si].examples
    spec = ex.spec
    w, h = parse_size(spec["size"])
    layout = Layout(Board(w, h, ((None,) * w,) * h), difficulty=dict(spec["difficulty"], preset=spec["level"]))
    line = difficulty_lines(layout.difficulty)[0]
    assert shisen_facts(layout) == f"{DIFFICULTY_KO[spec['level']]} · {w}×{h} · {w * h}장 · {line}"
    named = f"{day_ko(parse_date(str(spec['date'])), weekday=False)} {DIFFICULTY_KO[spec['level']]} 판({w}×{h})"
    assert checked.examples[("shisen", si, ex.name)] == {"layout": named, "line": line}
    text = visible(built["shisen"])
    assert text.count(f'"{line}"') == 1 and text.count(named) == 1
    assert line.startswith("막히는 비율: 아무 짝이나 두면 ") and " · 첫 수 " in line  # all three players and the first moves

    # The prose holds references, not figures: the only percentages typed into the section are the
    # levels' bands, and each is the band the generator uses.
    raw = next(p for p in load_pages(rules.default_content() / "rules", *rules.kinds())[0]
               if p.slug == "shisen").sections[si].body
    assert "막히는 비율" not in raw and f"{{{{{ex.name}.line}}}}" in raw and f"{{{{{ex.name}.layout}}}}" in raw
    edges = {round(100 * e) for p in PRESETS.values() for e in p.stuck} - {0, 100}
    typed = [int(n) for m in re.finditer(r"(\d+)(?:~(\d+))?%", raw) for n in m.groups() if n]
    assert sorted(typed) == sorted(edges), typed


def test_the_shisen_page_says_when_the_clock_starts():
    """shisen.js starts the clock only when a pair is removed or the board shuffled (selecting,
    a wrong pair and a hint leave 0:00); the rule page says so."""
    from harupan.renderers.games.shisen import VIEW

    js = (VIEW.folder / "shisen.js").read_text(encoding="utf-8")
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
