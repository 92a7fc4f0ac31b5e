"""Issue 20, item 5: ``render`` checks its JSON exactly as ``solve`` does (one schema-like check,
engine/schema.py, shared by every reader): a bad date, a difficulty that is not an object, a
coordinate off the board (10^40 or negative) is one line and exit 2, never a traceback or a wrong
answer key."""

import json

import pytest

from harupan.cli.main import cli

from conftest import GOLDEN

LAYOUT = GOLDEN / "shisen" / "2026-11-29-18x8-normal.json"


def _off(data, dx):
    data["solution"][1][0][0] += dx  # the second step's first tile


def _empty(data):
    """Step 1 names a tile; empty its cell and its partner's (the board keeps its pairs)."""
    (ax, ay), (bx, by) = data["solution"][0]
    data["cells"][ay][ax] = data["cells"][by][bx] = None


BAD = {
    "impossible date": (lambda d: d.update(date="2026-02-30"), "bad layout.date '2026-02-30'"),
    "date a number": (lambda d: d.update(date=12), "bad layout.date 12"),
    "difficulty as text": (lambda d: d.update(difficulty="hard"), 'layout.difficulty: expected an object, got "hard"'),
    "share as text": (lambda d: d["difficulty"].update(stuck_share="35%"), "layout.difficulty.stuck_share"),
    "share of 10^40": (lambda d: d["difficulty"].update(stuck_share=10**40), "a 41-digit number"),
    "coordinate 10^40": (lambda d: _off(d, 10**40), "solution step 2: [a 41-digit number"),
    "negative coordinate": (lambda d: _off(d, -100), "is outside the 18x8 board"),
    "a step onto an empty cell": (_empty, "solution step 1"),
    "seed a number": (lambda d: d.update(seed=5), "layout.seed: expected text"),
}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("command", [["render", "{}", "--format", "png", "--answers", "-o", "{out}"],
                                     ["shisen", "solve", "{}"], ["shisen", "hint", "{}"]])
def test_every_reader_refuses_the_same_bad_layout_in_one_line(tmp_path, runner, name, command):
    change, message = BAD[name]
    data = json.loads(LAYOUT.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out.png"
    args = [a.replace("{out}", str(out)) if a == "{out}" else (str(path) if a == "{}" else a) for a in command]
    r = runner.invoke(cli, args)
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "bad.json" in lines[0], lines
    assert not out.exists()


def test_a_zodiac_file_with_an_impossible_date_is_refused(tmp_path, runner):
    path = tmp_path / "z.json"
    path.write_text(json.dumps({"format": "harupan/zodiac@1", "date": "2026-02-30", "start": [0] * 16}))
    r = runner.invoke(cli, ["render", str(path), "--format", "png", "-o", str(tmp_path / "z.png")])
    assert r.exit_code == 2 and "2026-02-30" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_good_layout_still_renders(tmp_path, runner):
    r = runner.invoke(cli, ["render", str(LAYOUT), "--format", "svg", "--answers", "-o", str(tmp_path / "a.svg")])
    assert r.exit_code == 0, r.output
