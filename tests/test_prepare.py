"""Parts made ahead (``harupan prepare``): the nightly run takes the kept par and layouts instead of
making them, publishes the same bytes, and never trusts a kept part it cannot check."""

import datetime as dt
import json
import shutil

import pytest

import harupan.generator.daily as daily
import harupan.generator.games.shisen as shisen_game
import harupan.generator.games.zodiac.bot as bot
from harupan.cli.main import cli
from harupan.generator.games import Piece, game, games
from harupan.publish import pars
from harupan.publish.assets import static_files
from harupan.publish.owner import claim_site

from sitecheck import snapshot
from conftest import FAST

pytestmark = pytest.mark.usefixtures("fast_site")
# Tests that take `remembered_layouts` deal each (date, level) once and share it: they test what
# is kept, checked and published, not the dealing. test_two_jobs_keep_the_same_bytes_as_one deals
# afresh in both runs, since the dealing in worker processes is what it compares.


def invoke(runner, *args):
    return runner.invoke(cli, [str(a) for a in args])


def _on_the_one_day_site(tmp_path_factory, shared_layouts_folder, one_day_site, name, *args):
    """``harupan ARGS`` in this process, with FAST settings and the run's shared layouts, on a
    copy of the one-day site of 2026-11-29 (its rule pages and font subset are not made again)."""
    from click.testing import CliRunner

    from shared_layouts import sharing

    site = tmp_path_factory.mktemp(name) / "site"
    shutil.copytree(one_day_site, site, symlinks=True)
    with pytest.MonkeyPatch.context() as mp:
        for k, v in FAST.items():
            mp.setenv(k, v)
        mp.setattr(shisen_game, "generate", sharing(shared_layouts_folder, shisen_game.generate))
        r = CliRunner().invoke(cli, [*args, "--site", str(site)])
    assert r.exit_code == 0, r.output
    return site


@pytest.fixture(scope="module")
def fresh_day(tmp_path_factory, _shared_layouts_folder, fast_day_factory):
    """2026-12-01 published the usual way, with the par played during the run (the layout dealt
    once a test run and shared with the tests below: kept parts are compared with made ones here,
    not dealings with dealings), added to the one-day site of 2026-11-29."""
    return _on_the_one_day_site(tmp_path_factory, _shared_layouts_folder, fast_day_factory(), "fresh",
                                "daily", "--date", "2026-12-01")


@pytest.fixture(scope="module")
def prepared_day(tmp_path_factory, _shared_layouts_folder, fast_day_factory):
    """A site with 2026-12-01 prepared (kept, not published), made once for the tampering tests
    below (each tampers with its own copy): what they test is the check on reading a kept part.
    The site holds 2026-11-29 already, so its rule pages and font subset are not made again in
    each of those tests (what is compared is the day's own files)."""
    site = _on_the_one_day_site(tmp_path_factory, _shared_layouts_folder, fast_day_factory(), "prepared",
                                "prepare", "--from", "2026-12-01", "--days", "1")
    assert (site / ".pars" / "2026-12-01.json").exists()
    return site


def no_bot(*args, **kwargs):
    raise AssertionError("the par bot was asked to play a game that was kept")


def no_generator(*args, **kwargs):
    raise AssertionError("a layout that was kept was dealt again")


def test_a_kept_par_is_used_and_gives_the_same_bytes(fresh_day, tmp_path, runner, monkeypatch, remembered_layouts,
                                                     fast_day_factory):
    site = tmp_path / "site"
    shutil.copytree(fast_day_factory(), site, symlinks=True)  # a site of one day, 11-29
    assert not (site / ".pars").exists()
    r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 3, "--site", site, "--jobs", 1)
    assert r.exit_code == 0, r.output
    assert "3 prepared" in r.output
    assert sorted(p.name for p in (site / ".pars").iterdir()) == [
        ".prepare.lock", "2026-12-01.json", "2026-12-02.json", "2026-12-03.json"]
    monkeypatch.setattr(bot, "play", no_bot)  # the run must not play the game again
    monkeypatch.setattr(shisen_game, "generate", no_generator)  # nor deal the layouts again
    r = invoke(runner, "daily", "--date", "2026-12-01", "--site", site, "--jobs", 1)
    assert r.exit_code == 0, r.output
    day = "2026/12/01/"
    assert {k: v for k, v in snapshot(site).items() if k.startswith(day)} == \
        {k: v for k, v in snapshot(fresh_day).items() if k.startswith(day)}
    # published: its kept par is gone, the others stay
    assert sorted(p.name for p in (site / ".pars").iterdir()) == [".prepare.lock", "2026-12-02.json", "2026-12-03.json"]


def test_a_prepared_night_starts_no_worker_processes(prepared_day, fresh_day, tmp_path, runner, monkeypatch):
    """A prepared day leaves only quick pieces and its files to draw: done in the run's own
    process (workers would cost more CPU than they share), with the same bytes."""
    from harupan.publish import site as publish_site

    def no_pool(jobs):
        raise AssertionError("a prepared night started worker processes")

    site = tmp_path / "site"
    shutil.copytree(prepared_day, site)
    monkeypatch.setattr(publish_site, "start_pool", no_pool)
    monkeypatch.setattr(bot, "play", no_bot)
    monkeypatch.setattr(shisen_game, "generate", no_generator)
    r = invoke(runner, "daily", "--date", "2026-12-01", "--site", site, "--jobs", 2)
    assert r.exit_code == 0, r.output
    day = "2026/12/01/"
    assert {k: v for k, v in snapshot(site).items() if k.startswith(day)} == \
        {k: v for k, v in snapshot(fresh_day).items() if k.startswith(day)}


def test_prepare_skips_days_published_or_kept(fresh_day, tmp_path, runner, remembered_layouts):
    site = tmp_path / "site"
    shutil.copytree(fresh_day, site)
    r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 2, "--site", site)
    assert r.exit_code == 0 and "1 prepared, 0 kept already, 1 published already" in r.output
    kept = (site / ".pars" / "2026-12-02.json").read_bytes()
    r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 2, "--site", site)
    assert r.exit_code == 0 and "0 prepared, 1 kept already, 1 published already" in r.output
    assert (site / ".pars" / "2026-12-02.json").read_bytes() == kept
    assert not (site / ".pars" / "2026-12-01.json").exists()


@pytest.mark.slow  # six fresh dealings, on purpose: the dealing in worker processes is what it compares
def test_two_jobs_keep_the_same_bytes_as_one(tmp_path, runner):
    for jobs in (1, 2):
        r = invoke(runner, "prepare", "--from", "2027-02-27", "--days", 3, "--site", tmp_path / str(jobs),
                   "--jobs", jobs)
        assert r.exit_code == 0, r.output
    assert snapshot(tmp_path / "1") == snapshot(tmp_path / "2") != {}


def tamper(path, change):
    record = json.loads(path.read_text())
    change(record)
    path.write_text(json.dumps(record))


@pytest.mark.parametrize("change, why, again", [
    (lambda r: r["pieces"]["par/2026-12-01/quick"].update(score=r["pieces"]["par/2026-12-01/quick"]["score"] + 4), "does not replay to the result it claims", "making"),
    (lambda r: r["pieces"]["par/2026-12-01/quick"].update(moves=r["pieces"]["par/2026-12-01/quick"]["moves"][:-1] + "Q"), "do not replay", "making"),
    (lambda r: r.update(date="2026-12-02"), "it is for '2026-12-02'", "making"),
    (lambda r: r["versions"].update(zodiac=0), "from zodiac version 0", "making"),
    (lambda r: r.pop("versions"), "names no game versions", "making"),
    (lambda r: r["pieces"]["par/2026-12-01/quick"].update(bot="full"), "not from the 'quick' bot", "making"),
    (lambda r: r.update(format="something else"), "not a harupan/prepared@3 record", "making"),
    (lambda r: r["pieces"]["shisen/2026-12-01/18x8/normal"]["cells"][0].reverse(), "are different tiles", "making"),  # the schema check (issue 20)
    (lambda r: r["pieces"]["shisen/2026-12-01/18x8/normal"]["solution"].pop(), "does not clear it", "making"),
    (lambda r: r["pieces"]["shisen/2026-12-01/18x8/normal"]["difficulty"].update(attempt="x"), "difficulty.attempt: expected a whole number", "making"),
    (lambda r: r["pieces"]["shisen/2026-12-01/18x8/normal"].update(cells=7), "does not read", "making"),
])
def test_a_kept_part_that_fails_a_check_is_made_again(prepared_day, tmp_path, fresh_day, runner, change, why, again,
                                                     remembered_layouts):
    site = tmp_path / "site"
    shutil.copytree(prepared_day, site)
    tamper(site / ".pars" / "2026-12-01.json", change)
    r = invoke(runner, "daily", "--date", "2026-12-01", "--site", site, "--jobs", 1)
    assert r.exit_code == 0, r.output
    assert why in r.stderr and f"{again} " in r.stderr, r.stderr
    assert (site / "2026/12/01/puzzle.json").read_bytes() == (fresh_day / "2026/12/01/puzzle.json").read_bytes()


def test_unreadable_kept_par_is_played_again(fresh_day, tmp_path, runner, remembered_layouts, fast_day_factory):
    site = tmp_path / "site"
    shutil.copytree(fast_day_factory(), site, symlinks=True)  # a site of one day, 11-29
    (site / ".pars").mkdir()
    (site / ".pars" / "2026-12-01.json").write_text("{not json")
    r = invoke(runner, "daily", "--date", "2026-12-01", "--site", site, "--jobs", 1)
    assert r.exit_code == 0 and "not JSON" in r.stderr
    assert (site / "2026/12/01/puzzle.json").read_bytes() == (fresh_day / "2026/12/01/puzzle.json").read_bytes()


def test_bad_input(tmp_path, runner):
    for args, msg in [(["--from", "2026-13-01"], "bad date"),
                      (["--from", "9999-12-30", "--days", "5"], "past the year 9999"),
                      (["--days", "0"], "--days"),
                      (["--tz", "Nowhere/City"], "unknown time zone")]:
        r = invoke(runner, "prepare", "--site", tmp_path / "s", *args)
        assert r.exit_code == 2 and msg in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_kept_record_round_trips(remembered_layouts):
    day = dt.date(2026, 12, 1)
    piece = Piece("shisen", day, ("18x8", "normal"))
    layout = daily.day_part(piece)
    par = {"bot": "quick", "moves": "", "state": "playing", "top": 1, "score": 0}
    data = pars.record_json(day, {Piece("par", day, ("quick",)): par, piece: layout})
    record = json.loads(data)
    assert record["pieces"] == {"par/2026-12-01/quick": par, "shisen/2026-12-01/18x8/normal": layout}
    assert record["versions"] == {g.name: g.version for g in games()}
    assert data.endswith(b"\n") and pars.problem(record, day) is None
    assert game("shisen").kept_fault(piece, layout) is None
    assert pars.record_path("site", dt.date(2026, 12, 1)).as_posix() == "site/.pars/2026-12-01.json"


def test_prepare_runs_while_a_publishing_run_holds_the_lock(tmp_path, runner, remembered_layouts):
    """A nightly run may hold the site's lock: preparing does not wait for it, nor stop."""
    from harupan.publish.lock import SiteLock

    site = tmp_path / "site"
    site.mkdir()
    with SiteLock(site):
        r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 1, "--site", site)
    assert r.exit_code == 0 and "1 prepared" in r.stderr, r.stderr
    assert (site / ".pars" / "2026-12-01.json").is_file()


KILL_MID_WRITE = """
import os, signal, sys
from harupan.publish import atomic
from harupan.cli.main import cli

real = atomic.put_bytes

def put_half_then_die(path, data, **kw):
    if '.pars' in str(path):
        real(path, data[: len(data) // 2], **kw)
        os.kill(os.getpid(), signal.SIGKILL)
    return real(path, data, **kw)

atomic.put_bytes = put_half_then_die
cli(sys.argv[1:])
"""


@pytest.mark.slow  # SIGKILLed processes, each after a whole day's dealing (as the killed runs in test_site.py)
def test_a_prepare_killed_mid_write_leaves_one_name_that_the_next_run_removes(tmp_path):
    """SIGKILL halfway through writing a record: what is left has a fixed name (no random temporary
    name that nothing would ever remove), the next prepare over that day replaces it, and the run
    that publishes a day removes its leftover too."""
    import os
    import subprocess
    import sys

    site = tmp_path / "site"
    env = dict(os.environ, **FAST)
    for day in ("2026-12-03", "2026-12-02"):  # (a prepare also clears the days before its first)
        r = subprocess.run([sys.executable, "-c", KILL_MID_WRITE, "prepare", "--from", day, "--days", "1",
                            "--site", str(site), "--jobs", "1"], env=env, capture_output=True, text=True)
        assert r.returncode == -9, r.stderr
    left = sorted(p.name for p in (site / ".pars").iterdir())
    assert left == [".2026-12-02.json.tmp", ".2026-12-03.json.tmp", ".prepare.lock"]
    from click.testing import CliRunner

    runner = CliRunner()
    assert invoke(runner, "prepare", "--from", "2026-12-02", "--days", 1, "--site", site).exit_code == 0
    assert invoke(runner, "daily", "--date", "2026-12-03", "--site", site, "--jobs", 1).exit_code == 0
    assert sorted(p.name for p in (site / ".pars").iterdir()) == [".prepare.lock", "2026-12-02.json"]


def test_one_prepare_at_a_time_and_a_running_one_keeps_its_temporary(fresh_day, tmp_path, runner):
    site = tmp_path / "site"
    shutil.copytree(fresh_day, site)
    leftover = site / ".pars" / ".2026-12-01.json.tmp"
    leftover.parent.mkdir(exist_ok=True)
    leftover.write_text("{half a rec")
    with pars.prepare_lock(site):
        r = invoke(runner, "prepare", "--from", "2026-12-05", "--days", 1, "--site", site)
        assert r.exit_code == 2 and "another 'harupan prepare' is running" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        pars.forget(site, dt.date(2026, 12, 1))  # as a publishing run does: the running prepare owns the name
        assert leftover.exists()
    pars.forget(site, dt.date(2026, 12, 1))
    assert not leftover.exists()


@pytest.mark.parametrize("plant", ["hard link", "fifo", "symlink"])
def test_a_link_or_fifo_at_the_temporary_name_is_never_written_through(tmp_path, runner, plant, remembered_layouts):
    """Whatever sits at '.DATE.json.tmp' is removed, not opened: another file hard-linked there
    keeps its bytes, a FIFO does not hang the run, a symlink's target is untouched."""
    import os

    site = tmp_path / "site"
    claim_site(site, static_files)  # a site of ours (an unmarked folder holding a symlink would be refused whole)
    (site / ".pars").mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("mine")
    temp = site / ".pars" / ".2026-12-02.json.tmp"
    {"hard link": lambda: os.link(precious, temp), "fifo": lambda: os.mkfifo(temp),
     "symlink": lambda: temp.symlink_to(precious)}[plant]()
    r = invoke(runner, "prepare", "--from", "2026-12-02", "--days", 1, "--site", site)
    assert r.exit_code == 0, r.stderr
    assert precious.read_text() == "mine" and not os.path.lexists(temp)
    record = site / ".pars" / "2026-12-02.json"
    assert json.loads(record.read_text())["date"] == "2026-12-02" and record.stat().st_mode & 0o777 == 0o644


def test_prepare_removes_what_a_killed_prepare_left_of_recent_days(tmp_path, runner, remembered_layouts):
    site = tmp_path / "site"
    (site / ".pars").mkdir(parents=True)
    left = [site / ".pars" / f".2026-11-{d:02d}.json.tmp" for d in (1, 30)]
    for p in left:
        p.write_text("{half")
    r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 1, "--site", site)
    assert r.exit_code == 0, r.stderr
    assert [p.exists() for p in left] == [False, False]


def test_a_prepare_waits_out_a_publishing_runs_moment_with_the_lock(tmp_path, runner, remembered_layouts):
    """A publishing run takes the prepare lock for a moment to remove a leftover; a prepare that
    starts just then waits for it rather than saying another prepare is running."""
    import threading

    site = tmp_path / "site"
    claim_site(site, static_files)
    lock = pars.prepare_lock(site)
    lock.acquire()
    threading.Timer(0.3, lock.release).start()
    r = invoke(runner, "prepare", "--from", "2026-12-01", "--days", 1, "--site", site)
    assert r.exit_code == 0 and "1 prepared" in r.stderr, r.stderr
