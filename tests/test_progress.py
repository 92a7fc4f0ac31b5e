"""Issue 20, item 8: progress people expect. On a terminal, the elapsed time, the rate, the time
left and the day being made, from the start; in a log (cron), one timestamped line a day;
``--quiet``, neither."""

import datetime as dt
import io
import os
import pty
import re
import select
import shutil
import subprocess
import sys

import pytest

from harupan.publish.progress import Progress, clock

from conftest import FAST, ROOT
from conftest import harupan as run

ISO = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"
DAYS = [dt.date(2026, 11, 27), dt.date(2026, 11, 28), dt.date(2026, 11, 29)]


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    """Lines are cut to the terminal's width; these tests read whole lines."""
    monkeypatch.setenv("COLUMNS", "200")


class FakeClock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_the_terminal_line_has_time_rate_eta_and_the_day_from_the_start():
    out, now = io.StringIO(), FakeClock()
    progress = Progress(DAYS, stream=out, tty=True, now=now)
    with progress:
        first = out.getvalue()  # drawn at once, before any day is done
        assert "0/3 days" in first and "0:00 elapsed" in first and "now 2026-11-27" in first, first
        now.t += 1
        progress._draw()  # what the clock's tick does every second
        assert "0:01 elapsed" in out.getvalue().rsplit("\r", 1)[1]
        now.t += 11
        progress(1, 3, date=DAYS[0], state="written")
        line = out.getvalue().rsplit("\r", 1)[1]
        assert "1/3 days" in line and "0:12 elapsed" in line and "12.0 s/day" in line, line
        assert "ETA 0:24" in line and "now 2026-11-28" in line, line
        now.t += 12
        progress(2, 3, date=DAYS[2], state="written")  # days may end out of order with several processes
        line = out.getvalue().rsplit("\r", 1)[1]
        assert "now 2026-11-28" in line and "ETA 0:12" in line, line
        progress(3, 3, date=DAYS[1], state="written")
        now.t += 30  # the listings: the rate stays what the days took
    last = out.getvalue().rsplit("\r", 1)[1]
    assert out.getvalue().endswith("\n") and "0:54 elapsed" in last and "8.0 s/day" in last, last  # 24 s for 3 days
    assert "ETA" not in last and "now the pages that list days" in last, last


def test_with_several_processes_the_days_being_made_are_shown():
    days = [dt.date(2026, 11, d) for d in range(1, 11)]
    out = io.StringIO()
    with Progress(days, stream=out, tty=True, now=FakeClock(), jobs=4) as progress:
        assert "now 2026-11-01, 2026-11-02 +2" in out.getvalue()
        progress(1, 10, date=days[1], state="written")
        assert "now 2026-11-01, 2026-11-03 +2" in out.getvalue().rsplit("\r", 1)[1]
        for i, d in enumerate(days[2:9]):
            progress(2 + i, 10, date=d, state="written")
        assert out.getvalue().rsplit("\r", 1)[1].split("now ")[1].startswith("2026-11-01, 2026-11-10\x1b")


def test_a_log_gets_one_stamped_line_a_day_and_no_bar():
    out, now = io.StringIO(), FakeClock()
    with Progress(DAYS, stream=out, tty=False, now=now) as progress:
        for i, d in enumerate(DAYS):
            now.t += 65
            progress(i + 1, 3, date=d, state="written")
    start, *lines = out.getvalue().splitlines()
    # the log hears what the run does before its first day is done (a prepare's first takes minutes)
    assert re.fullmatch(ISO + r" harupan: 3 days, 1 at a time: started", start), start
    assert len(lines) == 3 and "\r" not in out.getvalue()
    assert re.fullmatch(ISO + r" harupan: 2026-11-27: written \(1/3, 1:05 elapsed\)", lines[0]), lines[0]
    assert lines[2].endswith("2026-11-29: written (3/3, 3:15 elapsed)")


def test_clock():
    assert (clock(0), clock(59.9), clock(61), clock(3600 + 62)) == ("0:00", "0:59", "1:01", "1:01:02")


@pytest.fixture(scope="module")
def two_days(tmp_path_factory, fast_day_factory):
    """The site the progress tests run over: the one-day site of 2026-11-29 with 11-28 added by a
    quiet range build (which says nothing). Its dealing is not tested here: the layouts are shared."""
    site = tmp_path_factory.mktemp("progress") / "site"
    shutil.copytree(fast_day_factory(), site, symlinks=True)
    r = run("site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(site), "--jobs", "2",
            "--quiet", shared_layouts=True)
    assert r.returncode == 0 and r.stderr == "" and "2 days: 1 written, 0 unchanged, 1 already current" in r.stdout, (r.stdout, r.stderr)
    return site


def on_a_terminal(*args) -> str:
    """What ``harupan ARGS`` writes to a pseudo-terminal (a real TTY, as a person sees it)."""
    main, child = pty.openpty()
    env = dict(os.environ, **FAST, PYTHONPATH=str(ROOT), COLUMNS="200")
    proc = subprocess.Popen([sys.executable, "-m", "harupan", *args], stdin=child, stdout=subprocess.DEVNULL,
                            stderr=child, cwd=ROOT, env=env)
    os.close(child)
    out = b""
    while True:
        ready, _, _ = select.select([main], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert proc.wait(timeout=60) == 0, out
    return out.decode()


def test_site_build_on_a_terminal(two_days):
    text = on_a_terminal("site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(two_days),
                         "--jobs", "1")
    draws = [d for d in re.split(r"[\r\n]", text) if d.strip()]
    assert "0/2 days" in draws[0] and "elapsed" in draws[0] and "now 2026-11-28" in draws[0], draws
    assert any("1/2 days" in d and "ETA" in d and "now 2026-11-29" in d for d in draws), draws
    assert "2/2 days" in draws[-1], draws


def test_site_build_in_a_log_and_quiet(two_days):
    r = run("site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(two_days), "--jobs", "1")
    start, *lines = r.stderr.splitlines()
    assert r.returncode == 0 and len(lines) == 2 and start.endswith("harupan: 2 days, 1 at a time: started"), r.stderr
    assert re.fullmatch(ISO + r" harupan: 2026-11-28: already current \(1/2, \d+:\d\d elapsed\)", lines[0]), lines
    r = run("site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(two_days), "--quiet")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    text = on_a_terminal("site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(two_days),
                         "--quiet")
    assert "elapsed" not in text, text


def test_a_note_during_the_progress_line_gets_a_line_of_its_own(monkeypatch):
    from harupan.publish import notes

    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(notes, "STAMPED", False)  # a command run in this process earlier may have set it
    with Progress(DAYS, stream=out, tty=True, now=FakeClock()):
        notes.note("ignoring kept parts x")
    text = out.getvalue()
    assert "\r\x1b[Kharupan: ignoring kept parts x\n" in text, repr(text)
    assert notes.BEFORE_NOTE is None
