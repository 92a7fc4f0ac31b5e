import re
import shutil
from pathlib import Path

import pytest

from harupan.cli.main import cli
from harupan.engine.catalog import GAMES
from harupan.publish import rules
from harupan.publish.content import ContentError

SRC = Path(__file__).resolve().parent.parent / "harupan" / "content"


@pytest.fixture
def content(tmp_path):
    dst = tmp_path / "content"
    shutil.copytree(SRC, dst)
    return dst


def edit(content, name, old, new):
    p = content / "rules" / name
    text = p.read_text(encoding="utf-8")
    assert old in text, old
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def line_of(path, needle):
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def problems(content):
    with pytest.raises(ContentError) as e:
        rules.check(content)
    return e.value.problems


def test_shipped_content_is_valid():
    checked = rules.check()
    shipped = {f.stem for f in (SRC / "rules").glob("*.yaml")}
    assert {p.slug for p in checked.pages} == shipped and set(GAMES) <= shipped  # a page per game
    assert len(checked.drawings) >= 12


def test_schema_errors_name_file_line_and_key(content):
    p = edit(content, "zodiac.yaml", "summary: >-", "sumary: >-")
    updated = re.search(r"^updated: .*$", (content / "rules" / "cards.yaml").read_text(encoding="utf-8"), re.M)[0]
    p2 = edit(content, "cards.yaml", updated, "updated: 2026-02-30")
    found = problems(content)
    line = line_of(p, "sumary:")
    assert f"{p}:{line}: sumary: unknown key" in "\n".join(found)
    assert any(f"{p}:1: summary: missing" in x for x in found)
    assert any(f"{p2}:{line_of(p2, 'updated:')}: updated: expected a date" in x for x in found)
    assert len(found) >= 3  # every error at once


def test_malformed_yaml_names_the_line(content):
    p = edit(content, "shisen.yaml", "title: 사천성 하는 법", "title: [사천성")
    found = problems(content)
    assert len(found) == 1 and found[0].startswith(f"{p}:") and "malformed YAML" in found[0]


def test_figure_expect_is_enforced(content):
    p = edit(content, "shisen.yaml", "expect: {bends: 1}", "expect: {bends: 2}")
    p2 = edit(content, "shanghai-wall.yaml", "break: 11", "break: 12")
    p3 = edit(content, "cards.yaml", "expect: {points: 9}", "expect: {points: 10}")
    p4 = edit(content, "zodiac.yaml", "expect: {row: [2, 2, 0, 0], score: 4}", "expect: {row: [3, 0, 0, 0], score: 4}")
    found = "\n".join(problems(content))
    assert re.search(rf"{re.escape(str(p))}:\d+: sections\[2\]\.figures\[0\]\.expect: says 2 bend\(s\), but the engine's path has 1", found)
    assert "says break is 12, but the engine gives 11" in found and str(p2) in found
    assert "says 10 points, but the best scoring is 9" in found and str(p3) in found
    assert "but the engine gives [2, 2, 0, 0] scoring 4" in found and str(p4) in found
    assert f"{p}:{line_of(p, 'expect: {bends: 2}') }" in found


def test_unreachable_claim_checked(content):
    edit(content, "shisen.yaml", "pair: [[0, 0], [1, 2]]", "pair: [[0, 0], [3, 0]]")
    assert any("says unreachable, but the engine joins them" in x for x in problems(content))


def test_unknown_figure_kind_and_related(content):
    edit(content, "shisen.yaml", "kind: shisen-tiles", "kind: shisen-tile")
    edit(content, "zodiac.yaml", "related: [shisen]", "related: [shisen, nowhere]")
    found = "\n".join(problems(content))
    assert "unknown figure kind 'shisen-tile'" in found and "no page has slug 'nowhere'" in found


def test_script_in_content_is_escaped(content, tmp_path):
    edit(content, "zodiac.yaml", "띠는 십이지 순서 그대로", "<script>alert(1)</script> 띠는 십이지 순서 그대로")
    edit(content, "zodiac.yaml", "title: 십이지 머지 하는 법", "title: 십이지 <b>머지</b>")
    out = tmp_path / "out"
    rules.build(out, content)
    html = (out / "zodiac" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<b>머지</b>" not in html and "&lt;b&gt;머지&lt;/b&gt;" in html


def test_build_writes_pages_figures_and_font(rules_factory):
    out = rules_factory()  # rules.build(OUT), through 'harupan rules build -o OUT', once a test run
    for slug in ("shisen", "zodiac", "cards", "shanghai-wall"):
        html = (out / slug / "index.html").read_text(encoding="utf-8")
        assert html.count("<figure>") == len(list((out / slug).glob("figure-*.png")))
        assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html
        for href in re.findall(r'href="([^"#]+)"', html):
            if not href.startswith("../../"):
                assert (out / slug / href).resolve().exists(), href
    # every character of every page is in the font subset the pages load
    from fontTools.ttLib import TTFont
    cmap = TTFont(str(out / "fonts" / "sans.woff")).getBestCmap()
    checked = rules.check()
    text = "".join(rules.page_text(p) for p in checked.pages) + "".join(checked.captions.values())
    assert [c for c in set(text) if not c.isspace() and ord(c) not in cmap] == []
    first = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    rules.build(out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == first  # byte-identical rebuild


def test_cli(runner, tmp_path, content):
    r = runner.invoke(cli, ["rules", "check"])
    assert r.exit_code == 0 and f"{len(list((SRC / 'rules').glob('*.yaml')))} pages" in r.output
    edit(content, "zodiac.yaml", "summary: >-", "sumary: >-")
    edit(content, "cards.yaml", "expect: {points: 9}", "expect: {points: 10}")
    r = runner.invoke(cli, ["rules", "check", "--content", str(content)])
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) >= 3 and all(re.match(r"harupan: .+\.yaml:\d+: ", x) for x in lines)
    r = runner.invoke(cli, ["rules", "build", "-o", str(tmp_path / "site")])
    assert r.exit_code == 0 and (tmp_path / "site" / "cards" / "index.html").exists()



# ------------------------------------------------------------------ worked examples in the prose

def line_after(path, first, needle):
    """The first line holding ``needle`` after the line holding ``first``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if first in line)
    return next(i for i, line in enumerate(lines[start:], start + 1) if needle in line)


def test_example_reference_typo_names_file_line_and_key(content, runner):
    """A mistyped ``{{name.field}}`` in a body, or a field the example does not have, fails the
    check at the body's file and line; on the command line, one line each and exit 2."""
    p = edit(content, "shisen.yaml", "{{hard.layout}}", "{{hardd.layout}}")
    edit(content, "shisen.yaml", "{{hard.line}}", "{{hard.lines}}")
    where = f"{p}:{line_after(p, '- heading: 하루 판은', 'body: |')}: sections[7].body: "
    found = problems(content)
    assert found == [where + "{{hardd.layout}} names no example (known: hard)",
                     where + "{{hard.lines}}: 'hard' has no field 'lines' (fields: layout, line)"]
    r = runner.invoke(cli, ["rules", "check", "--content", str(content)])
    assert r.exit_code == 2 and r.stderr.strip().splitlines() == [f"harupan: {x}" for x in found], r.stderr


@pytest.mark.parametrize("old, new, says", [
    ("date: 2026-12-25", "date: 2026-12-32", "date: bad date '2026-12-32': expected a real calendar date as YYYY-MM-DD"),
    ("level: hard", "level: hardest", "level: unknown level 'hardest' (known: easy, normal, hard)"),
    ("size: 18x8", "size: 18x9", "size: bad size '18x9': 162 cells is not a multiple of 4"),
])
def test_example_records_are_checked_where_they_are_written(content, old, new, says):
    """The record's own keys: a problem at the line of the key that holds it."""
    p = edit(content, "shisen.yaml", old, new)
    found = problems(content)
    assert len(found) == 1 and found[0].startswith(f"{p}:{line_of(p, new)}: sections[7].examples.hard.{says}"), found


@pytest.mark.parametrize("old, new, says", [
    ("generator: 6,", "generator: 5,", "measured by generator 5, this is generator 6: copy the figures again from "
                                       "`harupan shisen generate --date 2026-12-25 --size 18x8 --difficulty hard"),
    ("stuck_share: 0.9844, careful", "stuck_share: 98, careful", "stuck_share: expected a share from 0 to 1, got 98"),
    ("fatal_first_moves: 1,", "fatal_first_moves: 9,", "more losing and undecided first moves than first moves"),
    ("fatal_first_moves: 1,", "fatal_first_moves: 1, rollouts: 128,", "expected exactly generator, stuck_share"),
    ("kind: shisen-difficulty", "kind: shisen-difficulties", "unknown example kind 'shisen-difficulties'"),
    ("        size: 18x8\n", "        size: 18x8\n        sizes: 18x8\n", "examples.hard.sizes: unknown key"),
])
def test_a_bad_example_record_fails_the_check(content, old, new, says):
    p = edit(content, "shisen.yaml", old, new)
    found = problems(content)
    assert len(found) == 1 and found[0].startswith(f"{p}:") and "sections[7].examples.hard" in found[0], found
    assert says in found[0]


def test_an_example_must_be_shown_and_braces_closed(content):
    p = edit(content, "shisen.yaml", '"{{hard.line}}"', '"{{hard.line"')
    found = problems(content)
    assert any(x.endswith("sections[7].body: an unclosed '{{' (a reference is written {{name.field}})") for x in found)
    p = edit(content, "shisen.yaml", "{{hard.layout}}", "2026년 12월 25일 어려움 판(18×8)")
    p = edit(content, "shisen.yaml", '"{{hard.line"', '"막히는 비율: 아무 짝이나 두면 97%"')
    found = problems(content)
    assert found == [f"{p}:{line_of(p, 'kind: shisen-difficulty')}: sections[7].examples.hard: declared but never shown "
                     "(write {{hard.FIELD}} in the body)"]
