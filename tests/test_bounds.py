"""Issue 14: bounded inputs and outputs, an honest hint, and the smaller operator faults."""

import datetime as dt
import json
import os
import re
import stat
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from harupan.cli.main import cli

from conftest import harupan

ROOT = Path(__file__).resolve().parent.parent
ZODIAC = json.dumps({"format": "harupan/zodiac@1", "date": "2026-11-29", "start": [0] * 14 + [1, 1]})


def invoke(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def one_line(r) -> str:
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.fixture
def zodiac_file(tmp_path):
    f = tmp_path / "z.json"
    f.write_text(ZODIAC)
    return f


# ---------------------------------------------------------------- -o

def test_output_to_a_new_path_and_over_a_regular_file_keeps_its_mode(zodiac_file, tmp_path):
    out = tmp_path / "card.svg"
    assert invoke("render", zodiac_file, "--format", "svg", "-o", out).exit_code == 0
    assert out.read_text().startswith("<svg") or "<svg" in out.read_text()[:200]
    os.chmod(out, 0o600)
    out.write_text("old")
    assert invoke("render", zodiac_file, "--format", "svg", "-o", out).exit_code == 0
    assert "<svg" in out.read_text() and stat.S_IMODE(out.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary left


def test_a_symlink_stays_a_symlink(zodiac_file, tmp_path):
    target = tmp_path / "real.svg"
    target.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(target)
    assert invoke("render", zodiac_file, "--format", "svg", "-o", link).exit_code == 0
    assert link.is_symlink() and "<svg" in target.read_text()
    dangling = tmp_path / "dangling.svg"
    dangling.symlink_to(tmp_path / "made.svg")
    assert invoke("render", zodiac_file, "--format", "svg", "-o", dangling).exit_code == 0
    assert dangling.is_symlink() and "<svg" in (tmp_path / "made.svg").read_text()


@pytest.mark.parametrize("target", ["/dev/full", "/dev/null", "fifo", "folder", "link-to-fifo"])
def test_devices_fifos_and_folders_are_refused_before_any_work(zodiac_file, tmp_path, target):
    if target == "fifo" or target == "link-to-fifo":
        os.mkfifo(tmp_path / "fifo")
        if target == "link-to-fifo":
            (tmp_path / "link-to-fifo").symlink_to(tmp_path / "fifo")
        target = str(tmp_path / target)
    elif target == "folder":
        target = str(tmp_path)
    elif not os.path.exists(target):
        pytest.skip(f"{target} is missing here")
    # a subprocess: were the FIFO opened, the run would hang; the timeout makes that a failure
    r = subprocess.run([sys.executable, "-m", "harupan", "render", str(zodiac_file), "--format", "png", "-o", target],
                       capture_output=True, text=True, timeout=60, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert re.search(r"is (a device|a FIFO|a folder)", r.stderr), r.stderr


def test_dash_writes_to_standard_output(zodiac_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = subprocess.run([sys.executable, "-m", "harupan", "render", str(zodiac_file), "--format", "png", "-o", "-"],
                       capture_output=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert r.returncode == 0 and r.stdout.startswith(b"\x89PNG\r\n\x1a\n")
    assert not (tmp_path / "-").exists()


# ---------------------------------------------------------------- input sizes

def test_a_huge_board_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # 1 GB, sparse: costs no disk
    r = invoke("shisen", "solve", big)
    assert r.exit_code == 2 and "more than the 1 MB limit" in one_line(r)
    r = invoke("shisen", "solve", "-", input="1m " * 400_000)  # 1.2 MB on stdin: read up to the limit only
    assert r.exit_code == 2 and "1 MB limit" in one_line(r)


def test_a_bad_token_is_quoted_to_80_characters(tmp_path):
    f = tmp_path / "b.txt"
    f.write_text("1m " + "x" * 500_000 + "\n")
    r = invoke("shisen", "solve", f)
    line = one_line(r)
    assert r.exit_code == 2 and len(line) < 400 and "x" * 80 in line and "x" * 81 not in line


def test_verify_lines_are_limited_and_never_echoed_whole(tmp_path):
    f = tmp_path / "claims.jsonl"
    f.write_text(json.dumps({"date": "2026-11-29", "moves": "L" * (1 << 20), "score": 1}) + "\n")
    r = invoke("zodiac", "verify", f)
    assert r.exit_code == 2 and "longer than the 1 MB limit" in one_line(r) and r.stdout == ""
    f.write_text(json.dumps({"date": "y" * 500_000, "moves": "L", "score": 1}) + "\n")
    r = invoke("zodiac", "verify", f)
    line = one_line(r)
    assert r.exit_code == 2 and len(line) < 400 and "y" * 81 not in line


BOMB = """slug: bomb
title: t
summary: s
updated: 2026-01-01
a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
sections: [*g]
"""


@pytest.mark.parametrize("text, message", [
    (BOMB, "more than 100,000 values (aliases expanded)"),  # billion laughs: 9^7 values
    ("slug: many\na: &a x\nb: [" + ", ".join(["*a"] * 70) + "]\n", "more than 64 aliases"),
    (BOMB.replace(", *a, *a, *a, *a, *a, *a, *a]", "]").replace(", *b, *b, *b, *b, *b, *b, *b]", "]")
     .replace(", *c, *c, *c, *c, *c, *c, *c]", "]").replace(", *d, *d, *d, *d, *d, *d, *d]", "]")
     .replace(", *e, *e, *e, *e, *e, *e, *e]", "]").replace(", *f, *f, *f, *f, *f, *f, *f]", "]")
     .replace('["x", "x", "x", "x", "x", "x", "x", "x", "x"]', "[" + ", ".join(['"x"'] * 20_000) + "]"),
     "more than 100,000 values"),
    ("slug: big\n" + "# padding\n" * 30_000, "larger than 256 KB"),
])
def test_yaml_bombs_and_big_files_stop_at_a_limit(tmp_path, text, message):
    rules = tmp_path / "content" / "rules"
    rules.mkdir(parents=True)
    (rules / "bomb.yaml").write_text(text)
    r = invoke("rules", "check", "--content", tmp_path / "content")
    assert r.exit_code == 2 and message in r.stderr, r.stderr


# ---------------------------------------------------------------- hint

def test_hint_exit_codes(tmp_path):
    r = invoke("shisen", "hint", "-", input=".. ..\n.. ..\n")
    assert r.exit_code == 0 and json.loads(r.stdout)["reason"] == "already cleared"
    r = invoke("shisen", "hint", "-", input="1m 2p\n2p 1m\n")  # no legal pair at all: a proof
    assert r.exit_code == 1 and "shuffle" in json.loads(r.stdout)["reason"]
    board = _undecided_board()
    solved = invoke("shisen", "solve", "-", "--budget", "2", input=board)
    assert solved.exit_code == 3  # the solver cannot decide this board in two nodes
    r = invoke("shisen", "hint", "-", "--budget", "2", input=board)
    assert r.exit_code == 3 and json.loads(r.stdout)["reason"] == "undecided within budget"


def _undecided_board() -> str:
    """A shuffled 8x6 board (12 kinds) that the solver cannot decide within two nodes (nor the first-pair game after)."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen import UNDECIDED, decide, parse_text

    kinds = ["1m", "2m", "3m", "4m", "5p", "6p", "7p", "8p", "1s", "2s", "3s", "4s"]
    for seed in range(200):
        tiles = [k for k in kinds for _ in range(4)]
        Rng(f"test:undecided:{seed}").shuffle(tiles)
        text = "".join(" ".join(tiles[r * 8:(r + 1) * 8]) + "\n" for r in range(6))
        if decide(parse_text(text), budget=2).status == UNDECIDED:
            return text
    raise AssertionError("no undecided board among 200 shuffles")


# ---------------------------------------------------------------- time zones, dates, the log

@pytest.mark.parametrize("tz", ["", "Asia", " Asia/Seoul", "Nowhere/City", "/etc/passwd"])
def test_a_bad_time_zone_exits_2(tmp_path, tz):
    r = invoke("daily", "--site", tmp_path / "s", "--tz", tz)
    assert r.exit_code == 2 and "unknown time zone" in one_line(r) and not (tmp_path / "s").exists()


def test_far_future_days_need_a_flag(tmp_path):
    for args in (["daily", "--date", "9999-12-31"], ["site", "build", "--from", "9999-12-30", "--to", "9999-12-31"]):
        r = invoke(*args, "--site", tmp_path / "s")
        assert r.exit_code == 2 and "more than a year past today" in one_line(r) and "--allow-future" in r.stderr
    assert not (tmp_path / "s").exists()


def test_feed_times_follow_the_configured_zone_across_summer_time():
    from harupan.publish.listings import midnight

    assert midnight(dt.date(2026, 11, 29), "Asia/Seoul") == "2026-11-29T00:00:00+09:00"
    assert midnight(dt.date(2026, 1, 15), "America/New_York") == "2026-01-15T00:00:00-05:00"
    assert midnight(dt.date(2026, 7, 15), "America/New_York") == "2026-07-15T00:00:00-04:00"
    assert midnight(dt.date(2026, 3, 29), "Europe/London") == "2026-03-29T00:00:00+00:00"  # the change is at 01:00
    assert midnight(dt.date(2026, 3, 30), "Europe/London") == "2026-03-30T00:00:00+01:00"


@pytest.fixture(scope="module")
def small_site(tmp_path_factory):
    site = tmp_path_factory.mktemp("bounds") / "site"
    # a summer day (New York on daylight time); 08-01 deals in half the time 07-15 took
    r = harupan("daily", "--date", "2026-08-01", "--site", str(site), "--tz", "America/New_York", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    return site, r


def test_the_feed_of_a_new_york_site(small_site):
    site, _ = small_site
    assert "<updated>2026-08-01T00:00:00-04:00</updated>" in (site / "feed.xml").read_text()


def test_daily_log_lines_carry_iso_times(small_site):
    _, r = small_site
    assert r.stdout == ""
    line = r.stderr.strip().splitlines()[-1]
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d harupan: 2026-08-01: written in ", line), line


def test_errors_of_daily_carry_iso_times_and_other_commands_do_not(tmp_path):
    r = invoke("daily", "--date", "2026-02-30", "--site", tmp_path / "s")
    assert re.match(r"^\d{4}-\d\d-\d\dT\S+ harupan: bad date", one_line(r))
    r = invoke("shisen", "solve", "-", input="1m 9x\n")
    assert one_line(r).startswith("harupan: ")


# ---------------------------------------------------------------- site serve

def test_serve_hides_dot_files_and_answers_with_the_sites_404(small_site):
    from harupan.publish.serve import server

    site, _ = small_site
    httpd = server(site, 0)  # the kernel picks a free port (no race with a parallel worker)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    not_found = (site / "404.html").read_bytes()
    try:
        assert urllib.request.urlopen(base + "index.html").status == 200
        assert urllib.request.urlopen(base + "2026/08/01/puzzle.json").status == 200
        for path in (".harupan.lock", ".harupan-site", "2026/08/01/.built", "%2Eharupan-site", "nothing-here.html",
                     "2026/08/", "static/fonts/.sans.key", "2026/08/01/../01/.built"):
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(base + path)
            assert e.value.code == 404 and e.value.read() == not_found, path
    finally:
        httpd.shutdown()
        httpd.server_close()
