"""Issue 14: an unattended nightly job as root must touch only its own folder, survive a full disk
with the site as it was, and take its lock from the kernel."""

import datetime as dt
import errno
import hashlib
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from harupan.cli.main import cli
from harupan.publish import atomic, days
from harupan.publish import site as publish
from harupan.publish.owner import SITE_MARKER

from sitecheck import broken_links

from conftest import FAST, ROOT
from conftest import harupan as run

pytestmark = pytest.mark.usefixtures("fast_site", "remembered_layouts")  # the writing is tested here, not the dealing
NEW_DAY = "2026-11-30"


def daily(site, date=NEW_DAY, *extra):
    return CliRunner().invoke(cli, ["daily", "--date", date, "--site", str(site), "--jobs", "1", *extra])


def everything(folder: Path) -> dict[str, str]:
    """Every path under ``folder`` (dot files, folders and temporaries too), with its bytes'
    digest; only the lock file is left out (it is never removed, its text means nothing)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        rel = str(p.relative_to(folder))
        if p.name == ".harupan.lock":
            continue
        out[rel] = "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
    return out


@pytest.fixture(scope="module")
def base_site(fast_day_factory):
    return fast_day_factory()  # harupan daily --date 2026-11-29, made once per test run


@pytest.fixture(scope="module")
def with_new_day(base_site, tmp_path_factory):
    """The base site with NEW_DAY published: what a complete run gives."""
    site = tmp_path_factory.mktemp("complete") / "site"
    shutil.copytree(base_site, site)
    r = run("daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1", shared_layouts=True)  # FAST env: a module
    assert r.returncode == 0, r.stderr  # fixture is made before the function-scoped fast_site applies
    return site


# ---------------------------------------------------------------- ownership

def test_a_folder_with_other_files_is_refused_and_left_alone(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / ".draft.tmp").write_text("also mine")
    before = everything(tmp_path)
    r = daily(tmp_path)
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    assert "is not harupan's" in r.stderr and "draft.tmp" in r.stderr and str(tmp_path) in r.stderr
    assert everything(tmp_path) == before
    for args in (["site", "build", "--from", NEW_DAY], ["prepare", "--days", "1"]):
        r = CliRunner().invoke(cli, [*args, "--site", str(tmp_path)])
        assert r.exit_code == 2 and "is not harupan's" in r.stderr
    assert everything(tmp_path) == before


def test_the_root_folder_is_refused():
    r = daily("/")
    assert r.exit_code == 2 and "'/' is not harupan's" in r.stderr
    assert not Path("/index.html").exists() and not Path(f"/{SITE_MARKER}").exists()


def test_new_and_empty_folders_are_marked(tmp_path, base_site):
    assert (base_site / SITE_MARKER).is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run("prepare", "--days", "1", "--from", "2026-12-01", "--site", str(empty), "--par", "quick",
            shared_layouts=True)  # (the marking is tested here, not the dealing)
    assert r.returncode == 0, r.stderr
    assert (empty / SITE_MARKER).is_file()


def test_our_temporary_files_are_the_only_ones_we_remove(base_site, tmp_path):
    """A killed run's staging folder is cleared by name; a foreign file in it stops the run."""
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    stage = site / "2026" / "11" / ".30.new"
    stage.mkdir()
    (stage / "puzzle.json").write_text("half")  # what a killed run leaves
    (site / "2026" / "11" / "29" / ".keep-me.tmp").write_text("not ours")  # by pattern it would go
    assert daily(site).exit_code == 0
    assert not stage.exists() and (site / "2026" / "11" / "29" / ".keep-me.tmp").read_text() == "not ours"
    stage = site / "2026" / "11" / ".01.new"
    stage.mkdir(parents=True)
    (stage / "mine.txt").write_text("x")
    r = daily(site, "2026-11-01")
    assert r.exit_code == 2 and ".01.new" in r.stderr and (stage / "mine.txt").exists()


def old_version_site(base_site: Path, tmp_path: Path) -> Path:
    """The base site as an older harupan left it: no marker, a PID in the lock, its temp names."""
    site = tmp_path / "old"
    shutil.copytree(base_site, site)
    (site / SITE_MARKER).unlink()
    (site / ".harupan.lock").write_text("12345\n")
    (site / "2026" / "11" / "29" / ".shisen.png.a1b2c3d4.tmp").write_bytes(b"")
    return site


def test_a_site_of_an_older_version_is_recognised_once(base_site, tmp_path):
    site = old_version_site(base_site, tmp_path)
    r = daily(site)
    assert r.exit_code == 0, r.output
    assert "marked it as ours" in r.stderr and (site / SITE_MARKER).is_file()
    r = daily(site)
    assert r.exit_code == 0 and "marked" not in r.stderr


@pytest.mark.parametrize("foreign", ["notes.txt", "2026/11/29/notes.txt", "static/mine.css", "archive/old.html",
                                     "2026/11/backup", "rules/shisen/draft.md"])
def test_an_older_site_holding_a_foreign_file_is_refused(base_site, tmp_path, foreign):
    site = old_version_site(base_site, tmp_path)
    (site / foreign).parent.mkdir(parents=True, exist_ok=True)
    (site / foreign).write_text("someone's")
    before = everything(site)
    r = daily(site)
    assert r.exit_code == 2 and "is not harupan's" in r.stderr and repr(foreign) in r.stderr
    assert everything(site) == before


def test_rules_build_output_folder_follows_the_same_rule(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    r = CliRunner().invoke(cli, ["rules", "build", "-o", str(out)])
    assert r.exit_code == 2 and "is not harupan's" in r.stderr and "notes.txt" in r.stderr
    r = CliRunner().invoke(cli, ["rules", "build", "-o", str(tmp_path / "fresh")])
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------- failed writes

def test_listings_link_only_to_published_days(base_site, tmp_path):
    """A day folder of an older version holding only puzzle.json is not listed until it is complete."""
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    half = site / "2026" / "11" / "27"
    half.mkdir()
    shutil.copy(base_site / "2026" / "11" / "29" / "puzzle.json", half / "puzzle.json")
    assert publish.published_dates(site) == [dt.date(2026, 11, 29)]
    assert daily(site, "2026-11-28").exit_code == 0
    archive = (site / "archive" / "index.html").read_text()
    assert "2026/11/28/index.html" in archive and "2026/11/27/" not in archive
    assert broken_links(site) == []


def count_writes(monkeypatch, fail_at=None, code=errno.ENOSPC):
    calls = []
    real = atomic.put_bytes

    def put(path, data, **kw):
        calls.append(str(path))
        if fail_at is not None and len(calls) == fail_at:
            raise OSError(code, os.strerror(code))
        return real(path, data, **kw)

    monkeypatch.setattr(atomic, "put_bytes", put)
    monkeypatch.setattr(days, "put_bytes", put)
    return calls


_WRITES: list[int] = []


def writes_of_a_run(base_site, tmp_path, monkeypatch) -> int:
    """How many files a run publishing NEW_DAY on a copy of the base site writes (counted once in
    this process: every caller's base site is a copy of the same site, and the run is the same)."""
    if not _WRITES:
        site = tmp_path / "count"
        shutil.copytree(base_site, site)
        with monkeypatch.context() as m:
            calls = count_writes(m)
            assert daily(site).exit_code == 0
        _WRITES.append(len(calls))
    return _WRITES[0]


@pytest.mark.slow  # two runs for every write of a day (the fast tier keeps the three other errors below)
def test_a_full_disk_at_every_write_of_a_day_leaves_the_site_as_it_was(base_site, with_new_day, tmp_path,
                                                                        monkeypatch):
    """ENOSPC at the N-th write, for every N over one day's writes: exit 2, one line naming the
    file, and every path of the site as it was; the next run completes the day."""
    total = writes_of_a_run(base_site, tmp_path, monkeypatch)
    assert total >= 10, total  # the day's 8 files and the listing pages at least
    before = everything(base_site)
    complete = everything(with_new_day)
    for n in range(1, total + 1):
        site = tmp_path / f"n{n}"
        shutil.copytree(base_site, site)
        with monkeypatch.context() as m:
            calls = count_writes(m, fail_at=n)
            r = daily(site)
        failed = Path(calls[n - 1])
        assert r.exit_code == 2, (n, r.output)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "No space left on device" in lines[0], (n, r.stderr)
        named = failed.parent.parent / failed.parent.name.removeprefix(".").removesuffix(".new") \
            if failed.parent.name.endswith(".new") else failed.parent
        name = failed.name[1:-4] if failed.name.endswith(".tmp") else failed.name
        assert str(named / name) in lines[0], (n, lines[0], failed)
        assert everything(site) == before, n
        assert daily(site).exit_code == 0
        assert everything(site) == complete, n
        shutil.rmtree(site)
    print(f"ENOSPC injected at each of {total} writes")


@pytest.mark.parametrize("code", [errno.EACCES, errno.EROFS, errno.EIO], ids=errno.errorcode.get)
def test_other_write_errors_leave_the_site_as_it_was(base_site, tmp_path, monkeypatch, code):
    """No permission, a read-only file system and an I/O error take the same way out as a full
    disk: at the first, a middle and the last write of a run, exit 2 with one line giving the
    error, and every path as it was."""
    total = writes_of_a_run(base_site, tmp_path, monkeypatch)
    before = everything(base_site)
    for n in sorted({1, total // 2, total}):
        site = tmp_path / f"{errno.errorcode[code]}-{n}"
        shutil.copytree(base_site, site)
        with monkeypatch.context() as m:
            count_writes(m, fail_at=n, code=code)
            r = daily(site)
        lines = r.stderr.strip().splitlines()
        assert r.exit_code == 2 and len(lines) == 1 and os.strerror(code) in lines[0], (n, r.stderr)
        assert str(site) in lines[0], lines[0]
        assert everything(site) == before, n


def _mount_tmpfs(where: Path, size: int) -> bool:
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    return r.returncode == 0


@pytest.mark.slow  # up to twelve runs in processes of their own
def test_a_small_tmpfs(base_site, with_new_day, tmp_path):
    """A real full disk: the site on a tmpfs a little too small for the new day, at several sizes."""
    mnt = tmp_path / f"mnt-{uuid.uuid4().hex[:8]}"
    mnt.mkdir()
    if not _mount_tmpfs(mnt, 1 << 20):
        pytest.skip("mount -t tmpfs was refused here (needs root, or CAP_SYS_ADMIN in a container)")
    subprocess.run(["umount", str(mnt)], check=True)
    used = sum(p.stat().st_size + 4096 for p in base_site.rglob("*") if p.is_file())
    extra = sum(p.stat().st_size + 4096 for p in (with_new_day / "2026" / "11" / "30").iterdir())
    before = everything(base_site)
    complete = everything(with_new_day)
    failures = 0
    try:
        for share in (0.05, 0.3, 0.6, 0.9, 1.1, 1.3):
            size = used + int(extra * share)
            assert _mount_tmpfs(mnt, size)
            site = mnt / "site"
            shutil.copytree(base_site, site)
            r = run("daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1", shared_layouts=True)
            if r.returncode == 0:  # room enough after all (listing pages rewritten in place)
                assert everything(site) == complete
            else:
                failures += 1
                lines = r.stderr.strip().splitlines()
                assert r.returncode == 2 and len(lines) == 1 and "No space left on device" in lines[0], r.stderr
                assert str(site) in lines[0]
                assert everything(site) == before, share
                assert broken_links(site) == []
                subprocess.run(["mount", "-o", f"remount,size={used + 4 * extra + (1 << 20)}", str(mnt)], check=True)
                r = run("daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1", shared_layouts=True)
                assert r.returncode == 0, r.stderr
                assert everything(site) == complete
            subprocess.run(["umount", str(mnt)], check=True)
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)
    assert failures >= 3, "the disk was never too small: the test proved nothing"
    print(f"tmpfs: {failures} of 6 sizes too small, each left the site as it was")


def test_a_read_only_file_system(base_site, tmp_path):
    """A real read-only mount (a disk remounted read-only after errors, say): exit 2 with one line
    naming the site, nothing changed, and the run goes through once the mount is writable."""
    mnt = tmp_path / f"ro-{uuid.uuid4().hex[:8]}"
    mnt.mkdir()
    if not _mount_tmpfs(mnt, 64 << 20):
        pytest.skip("mount -t tmpfs was refused here (needs root, or CAP_SYS_ADMIN in a container)")
    try:
        site = mnt / "site"
        shutil.copytree(base_site, site)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        before = everything(site)
        r = run("daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1", shared_layouts=True)
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and "Read-only file system" in lines[0], r.stderr
        assert str(site) in lines[0], lines[0]
        assert everything(site) == before
        subprocess.run(["mount", "-o", "remount,rw", str(mnt)], check=True)
        r = run("daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1", shared_layouts=True)
        assert r.returncode == 0, r.stderr
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


# ---------------------------------------------------------------- the lock

@pytest.mark.slow
def test_two_runs_raced_fifty_times(with_new_day, tmp_path):
    """Two nightly runs started together, 50 times: each either does the work or stops with
    exit 2 saying another run holds the lock; the site is the complete one every time."""
    site = tmp_path / "site"
    shutil.copytree(with_new_day, site)
    complete = everything(with_new_day)
    env = dict(os.environ, **FAST, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-m", "harupan", "daily", "--date", NEW_DAY, "--site", str(site), "--jobs", "1"]
    outcomes = {}
    for i in range(50):
        a = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        b = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        results = [(p.wait(), p.communicate()[1]) for p in (a, b)]
        codes = tuple(sorted(code for code, _ in results))
        assert codes in ((0, 0), (0, 2)), (i, results)
        for code, err in results:
            if code == 2:
                assert "another harupan run" in err and len(err.strip().splitlines()) == 1, err
        outcomes[codes] = outcomes.get(codes, 0) + 1
        assert everything(site) == complete, i
    assert broken_links(site) == []
    print(f"50 races: {outcomes}")
