"""Issue 20, item 7: messages and help that say what is true."""

import re

import pytest

from harupan.cli.main import cli

from conftest import ROOT

ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"
BOARD = '{"format": "harupan/shisen@1", "width": 2, "height": 2, "cells": [["1m", "1m"], ["2m", "2m"]]}'


@pytest.mark.parametrize("args", [["daily", "--jobs", "0"], ["prepare", "--jobs", "0"], ["daily", "--bogus"],
                                  ["prepare", "--days", "0"]])
def test_usage_errors_of_the_nightly_jobs_carry_the_time(runner, args):
    r = runner.invoke(cli, args)
    lines = r.stderr.splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and re.match(ISO + " harupan: ", lines[0]), r.stderr


def test_other_commands_usage_errors_stay_unstamped(runner):
    r = runner.invoke(cli, ["shisen", "solve", "--budget", "x", "-"])
    assert r.exit_code == 2 and r.stderr.startswith("harupan: "), r.stderr


def test_an_output_folder_is_called_a_folder_not_a_link(runner, tmp_path):
    board = tmp_path / "b.json"
    board.write_text(BOARD)
    (tmp_path / "folder").mkdir()
    r = runner.invoke(cli, ["render", str(board), "--format", "svg", "-o", f"{tmp_path}/folder/"])
    assert r.exit_code == 2 and "is a folder" in r.stderr and "link" not in r.stderr, r.stderr
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    r = runner.invoke(cli, ["render", str(board), "--format", "svg", "-o", f"{tmp_path}/link"])
    assert r.exit_code == 2 and "a link to" in r.stderr, r.stderr  # a real link is still named as one


@pytest.mark.parametrize("font,kind", [("/dev/zero", "is a device"), ("/tmp", "is a folder"),
                                       ("/nonexistent/font.ttf", "does not exist")])
def test_a_font_that_is_not_a_file_says_what_it_is(runner, tmp_path, font, kind):
    board = tmp_path / "b.json"
    board.write_text(BOARD)
    r = runner.invoke(cli, ["render", str(board), "--format", "png", "--font", font, "-o", str(tmp_path / "x.png")])
    assert r.exit_code == 2 and kind in r.stderr, r.stderr


def test_ragged_json_rows_are_reported_as_json(runner):
    r = runner.invoke(cli, ["shisen", "solve", "-"], input='[["1m", "1m"], ["2m"]]')
    assert r.exit_code == 2 and "tile code" not in r.stderr and "JSON object" in r.stderr, r.stderr
    r = runner.invoke(cli, ["shisen", "solve", "-"], input='{"format": "harupan/shisen@1", "cells": [["1m", "1m"], ["2m"]]}')
    assert r.exit_code == 2 and "ragged rows" in r.stderr, r.stderr


def test_an_oversized_integer_is_described_not_a_python_setting(runner, tmp_path):
    big = "1" + "0" * 5000
    r = runner.invoke(cli, ["shisen", "solve", "-"], input=BOARD[:-1] + f', "seed": {big}}}')
    assert r.exit_code == 2 and "set_int_max_str_digits" not in r.stderr and "4,300 digits" in r.stderr, r.stderr
    claims = tmp_path / "claims.jsonl"
    claims.write_text(f'{{"date": "2026-11-29", "moves": "", "score": {big}}}\n')
    r = runner.invoke(cli, ["zodiac", "verify", str(claims)])
    assert r.exit_code == 2 and "set_int_max_str_digits" not in r.stderr and "4,300 digits" in r.stderr, r.stderr


def test_site_build_has_tz_and_the_same_jobs_default_as_daily(runner):
    build = runner.invoke(cli, ["site", "build", "--help"]).output
    daily = runner.invoke(cli, ["daily", "--help"]).output
    assert "--tz" in build
    assert "processor count, at most 4" in " ".join(build.split()) and "processor count, at most 4" in " ".join(daily.split())
    assert "[default: 1]" not in build


def test_site_build_takes_tz(runner, tmp_path):
    """--tz reaches the configuration: a bad zone is refused like daily's."""
    r = runner.invoke(cli, ["site", "build", "--site", str(tmp_path / "s"), "--tz", "Nowhere/Else"])
    assert r.exit_code == 2 and "Nowhere/Else" in r.stderr, r.stderr


def test_the_quick_start_says_how_to_look_at_the_site():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "harupan site serve --site site" in quick and "http://127.0.0.1:8000/" in quick


def test_serve_help_says_it_serves(runner):
    r = runner.invoke(cli, ["site", "serve", "--help"])
    assert "publish into" not in r.output and "The site folder to serve" in r.output, r.output


def _date_options():
    """Every option of every command that takes a day: (command words, option name, its type)."""
    import click

    ctx = click.Context(cli)
    out = []

    def walk(cmd, words):
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                walk(cmd.get_command(ctx, name), words + [name])
            return
        for p in cmd.params:
            if isinstance(p, click.Option) and any(o in ("--date", "--from", "--to") for o in p.opts):
                out.append((words, p.opts[0], p.type))

    walk(cli, [])
    return out


def test_every_date_option_takes_the_one_date_type():
    """The issue counted nine day options, four of them parsed by hand: now all take ``DATE``,
    which makes the day a ``datetime.date`` once."""
    from harupan.cli.base import DATE

    found = _date_options()
    assert len(found) >= 9, found
    assert [(w, o) for w, o, t in found if t is not DATE] == []


@pytest.mark.parametrize("words, option", [(w, o) for w, o, _ in _date_options()],
                         ids=lambda v: "-".join(v) if isinstance(v, list) else v)
def test_a_bad_date_is_one_line_naming_the_option(runner, words, option):
    """Refused while the options are read, before the command does anything (no site is made)."""
    r = runner.invoke(cli, [*words, option, "2026-02-30"])
    lines = r.stderr.splitlines()
    assert r.exit_code == 2 and len(lines) == 1, r.stderr
    assert "bad date '2026-02-30'" in lines[0] and f"(given to {option})" in lines[0], lines[0]
