"""Questionable input gets one line and exit 2, not a quiet exit 0 or a page drawn from nothing
(issue 35, item 6): a day's file given to ``render``, an answer key with no removal order, and
the count line of ``site check``."""

from __future__ import annotations

import pytest

from harupan.cli.main import cli


def one_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    return lines[0]


def test_render_names_the_formats_it_reads(runner, tmp_path, fast_day_factory):
    day = fast_day_factory() / "2026/11/29/puzzle.json"
    r = runner.invoke(cli, ["render", str(day), "--format", "png", "-o", str(tmp_path / "x.png")])
    line = one_line(r)
    assert r.exit_code == 2 and str(day) in line and "'harupan/day@1'" in line
    assert all(f"'harupan/{g}@1'" in line for g in ("shisen", "zodiac", "cards")) and "harupan sheet" in line
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("fmt", ["png", "pdf", "svg"])
def test_an_answer_key_needs_a_removal_order(runner, tmp_path, fmt):
    board = tmp_path / "board.txt"
    board.write_text("1m 1m 2m 2m\n")
    out = tmp_path / f"key.{fmt}"
    r = runner.invoke(cli, ["render", str(board), "--format", fmt, "--answers", "-o", str(out)])
    assert r.exit_code == 2 and "no removal order" in one_line(r) and str(board) in r.stderr
    assert not out.exists()
    r = runner.invoke(cli, ["render", str(board), "--format", fmt, "-o", str(out)])
    assert r.exit_code == 0 and out.stat().st_size > 0  # the puzzle alone is drawn as before


def test_site_check_counts_one_day_in_the_singular(runner, fast_day_factory, monkeypatch):
    monkeypatch.setenv("HARUPAN_TODAY", "2026-11-29")
    r = runner.invoke(cli, ["site", "check", "--site", str(fast_day_factory()), "--jobs", "1", "--quiet"])
    assert "1 day checked, " in r.stderr and "days checked" not in r.stderr, r.stderr


def test_a_hard_layout_out_of_its_band_says_so(runner):
    """A small board rarely deals a hard layout: the nearest one is printed, marked, and said on stderr."""
    r = runner.invoke(cli, ["shisen", "generate", "--date", "2027-01-05", "--size", "4x3", "--difficulty", "hard"])
    assert r.exit_code == 0 and '"in_band":false' in r.stdout.replace(" ", "")
    assert "no deal of this size reached the 어려움 band" in one_line(r)


def test_the_budget_is_bounded_and_the_size_help_tells_the_limit(runner, tmp_path):
    from harupan.engine.shisen.settings import MAX_BUDGET

    board = tmp_path / "board.txt"
    board.write_text("1m 1m 2m 2m\n")
    for command in ("solve", "hint"):
        r = runner.invoke(cli, ["shisen", command, str(board), "--budget", str(MAX_BUDGET + 1)])
        assert r.exit_code == 2 and f"1<=x<={MAX_BUDGET}" in one_line(r)
    assert runner.invoke(cli, ["shisen", "solve", str(board), "--budget", str(MAX_BUDGET)]).exit_code == 0
    text = " ".join(runner.invoke(cli, ["shisen", "generate", "--help"]).stdout.split())
    assert "at most 144 tiles" in text and "30x20" in text
    r = runner.invoke(cli, ["shisen", "generate", "--date", "2027-01-05", "--size", "30x20"])
    assert r.exit_code == 2 and "more than 144 tiles" in one_line(r)
