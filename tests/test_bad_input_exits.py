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
