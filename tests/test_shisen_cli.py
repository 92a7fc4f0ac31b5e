import datetime as dt
import json

import pytest
from click.testing import CliRunner

from harupan.cli.main import cli
from harupan.engine.shisen import parse_json, replay


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input)


@pytest.fixture(scope="module")
def small_layout():
    """``harupan shisen generate --date 2026-11-29 --size 12x6``, run once for the tests below."""
    return run(CliRunner(), "shisen", "generate", "--date", "2026-11-29", "--size", "12x6")


@pytest.fixture
def shared_generate(monkeypatch, _shared_layouts_folder):
    """The ``generate`` command's layouts dealt once a test run (tests/shared_layouts.py), for the
    tests that need a real deal to work on, not a test of the dealing."""
    from harupan.cli.games import shisen
    from shared_layouts import sharing

    monkeypatch.setattr(shisen, "generate", sharing(_shared_layouts_folder, shisen.generate))


def test_generate_json_and_text(runner, small_layout):
    r = small_layout
    assert r.exit_code == 0
    layout = parse_json(r.output)
    assert layout.date == dt.date(2026, 11, 29) and replay(layout.board, layout.solution).is_empty()
    t = run(runner, "shisen", "generate", "--date", "2026-11-29", "--size", "12x6", "--format", "text")
    assert t.exit_code == 0 and len(t.output.splitlines()) == 6
    again = run(runner, "shisen", "generate", "--date", "2026-11-29", "--size", "12x6")
    assert again.output == r.output


def test_solve_outcomes(runner, tmp_path, shared_generate):
    f = tmp_path / "b.txt"
    f.write_text("1m 2p 2p 1m\n")
    r = run(runner, "shisen", "solve", str(f))
    assert r.exit_code == 0 and json.loads(r.output)["solvable"] is True
    r = run(runner, "shisen", "solve", "-", input="1m 2p\n2p 1m\n")
    assert r.exit_code == 1 and json.loads(r.output)["solvable"] is False
    gen = run(runner, "shisen", "generate", "--date", "2026-11-29")
    r = run(runner, "shisen", "solve", "-", "--budget", "1", input=gen.output)
    out = json.loads(r.output)
    assert r.exit_code == 3 and out["solvable"] is None  # one node cannot prove a 144-tile deal
    r = run(runner, "shisen", "solve", "-", input=gen.output)
    assert r.exit_code == 0 and json.loads(r.output)["solvable"] is True  # the default budget can


def test_solve_explain(runner):
    small = "1m 2p 3s 1m\n2p 3s 1m 2p\n3s 1m 2p 3s\n"
    plain = run(runner, "shisen", "solve", "-", "--format", "text", input=small)
    r = run(runner, "shisen", "solve", "-", "--format", "text", "--explain", input=small)
    assert r.exit_code == 0 and r.output.endswith(plain.output)  # the reasoning, then the same answer
    reasoning = r.output[: -len(plain.output)].splitlines()
    assert reasoning[0].startswith("board 4x3: 12 tiles of 3 kinds")
    assert any(line.startswith("probe 1m@0,0") for line in reasoning)
    assert reasoning[-1].startswith("solved after")
    r = run(runner, "shisen", "solve", "-", "--explain", input="1m 2p\n2p 1m\n")
    out = json.loads(r.output)
    assert r.exit_code == 1 and out["solvable"] is False
    assert any("dead end" in line for line in out["explain"])
    assert "explain" not in json.loads(run(runner, "shisen", "solve", "-", input="1m 2p\n2p 1m\n").output)


def test_hint_and_shuffle(runner, tmp_path, small_layout):
    gen = small_layout
    assert gen.exit_code == 0
    f = tmp_path / "day.json"
    f.write_text(gen.output)
    h = run(runner, "shisen", "hint", str(f))
    assert h.exit_code == 0
    out = json.loads(h.output)
    assert out["path"][0] == out["pair"][0] and out["path"][-1] == out["pair"][1]
    s = run(runner, "shisen", "shuffle", str(f), "--seed", "abc")
    assert s.exit_code == 0
    shuffled = parse_json(s.output)
    assert replay(shuffled.board, shuffled.solution).is_empty()
    assert run(runner, "shisen", "shuffle", str(f), "--seed", "abc").output == s.output


def test_hint_on_a_stuck_board(runner):
    r = run(runner, "shisen", "hint", "-", input="1m 2p\n2p 1m\n")
    assert r.exit_code == 1 and json.loads(r.output)["pair"] is None


def one_line_error(r, code=2):
    assert r.exit_code == code
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr
    return lines[0]


def test_bad_input_is_one_line_exit_2(runner, tmp_path):
    assert "row 1, column 2: unknown tile code '9x'" in one_line_error(run(runner, "shisen", "solve", "-", input="1m 9x\n"))
    assert "row 2 has 1 cells" in one_line_error(run(runner, "shisen", "solve", "-", input="1m 1m\n2p\n"))
    assert "appears 1 time" in one_line_error(run(runner, "shisen", "solve", "-", input="1m 1m 2p\n"))
    assert "empty board" in one_line_error(run(runner, "shisen", "solve", "-", input=""))
    assert "bad date '2026-02-30'" in one_line_error(run(runner, "shisen", "generate", "--date", "2026-02-30"))
    assert "bad size" in one_line_error(run(runner, "shisen", "generate", "--date", "2026-11-29", "--size", "5x5"))
    assert "cannot access" in one_line_error(run(runner, "shisen", "solve", str(tmp_path / "missing.txt")))
    assert "Missing option '--date'" in one_line_error(run(runner, "shisen", "generate"))
    assert "invalid JSON" in one_line_error(run(runner, "shisen", "solve", "-", input="{nope"))


def test_debug_shows_the_traceback(runner):
    r = run(runner, "--debug", "shisen", "solve", "-", input="1m 9x\n")
    assert r.exit_code == 2 and "Traceback" in r.stderr


def test_daily_writes_the_bundle_atomically(runner, tmp_path, monkeypatch, remembered_layouts):
    # (the layouts are dealt once a test run and the run is one process: the writing is tested here;
    # test_bundle.py checks a fresh day's bytes, and test_site.py that a pool writes the same bytes)
    monkeypatch.setenv("HARUPAN_PAR", "quick")
    site = tmp_path / "site"
    r = run(runner, "daily", "--date", "2026-11-29", "--site", str(site), "--jobs", "1")
    assert r.exit_code == 0, r.output
    f = site / "2026" / "11" / "29" / "puzzle.json"
    first = f.read_bytes()
    bundle = json.loads(first)
    assert bundle["date"] == "2026-11-29" and set(bundle["shisen"]) == {"easy", "normal", "hard"}
    assert run(runner, "daily", "--date", "2026-11-29", "--site", str(site), "--jobs", "1").exit_code == 0
    assert f.read_bytes() == first
    assert [p.name for p in f.parent.iterdir() if p.name.startswith(".")] == [".built"]  # no temporaries


def test_daily_rejects_bad_dates_and_folders(runner, tmp_path):
    assert "bad date" in one_line_error(run(runner, "daily", "--date", "2026-13-01", "--site", str(tmp_path)))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    msg = one_line_error(run(runner, "daily", "--date", "2026-11-29", "--site", str(blocker / "site")))
    assert "cannot create output folder" in msg
    assert "unknown time zone" in one_line_error(run(runner, "daily", "--tz", "Mars/Base", "--site", str(tmp_path)))
