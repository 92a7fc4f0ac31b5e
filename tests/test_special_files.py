"""A FIFO, a device or an oversized file where a site, its kept parts or its content expect a
regular file: every run refuses it at once with one line naming it (exit 2), in a process of
its own under a 1 GB address-space limit and a 30 s timeout, so a read that blocks or never ends
fails the test instead of hanging the suite; ``site check`` names each such file. The opener
itself (harupan/files.py) is checked in this process, under an alarm."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from harupan.files import CAPS, FileRefused, Kind, read_capped
from conftest import FAST, ROOT

DAY = "2026-11-29"  # the day fast_day_factory publishes
NEXT = "2026-11-30"
FOLDER = "2026/11/29"
LIMIT = 1 << 30
TIMEOUT = 30


def fifo(path: Path) -> None:
    os.mkfifo(path)


def device(path: Path) -> None:
    try:
        os.mknod(path, 0o644 | 0o020000, os.makedev(1, 5))  # the kind of /dev/zero
    except PermissionError:
        pytest.skip("making a character device needs root")


def big(path: Path) -> None:
    with open(path, "wb") as f:
        f.truncate(50 << 20)


def zero_link(path: Path) -> None:
    os.symlink("/dev/zero", path)


def plant(path: Path, make) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    make(path)


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m harupan ARGS`` with FAST, under the limits above (a timeout fails the test)."""
    env = dict(os.environ, **FAST, PYTHONPATH=str(ROOT), HARUPAN_TODAY=NEXT)
    return subprocess.run([sys.executable, "-m", "harupan", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, preexec_fn=_limit, timeout=TIMEOUT)


def one_line(r: subprocess.CompletedProcess[str]) -> str:
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    return lines[0]


DAILY = ["daily", "--date", DAY, "--allow-future", "--jobs", "1"]
CASES = [
    pytest.param(f".pars/{NEXT}.json", fifo, ["daily", "--date", NEXT, "--allow-future", "--jobs", "1"],
                 "a FIFO", id="fifo-kept-part-daily"),
    pytest.param(f".pars/{NEXT}.json", fifo, ["prepare", "--from", NEXT, "--days", "1", "--jobs", "1", "--quiet"],
                 "a FIFO", id="fifo-kept-part-prepare"),
    pytest.param("rules/.key.json", fifo, DAILY, "a FIFO", id="fifo-rules-key-daily"),
    pytest.param("rules/.key.json", fifo, ["site", "build", "--from", DAY, "--jobs", "1", "--quiet"],
                 "a FIFO", id="fifo-rules-key-build"),
    pytest.param(f"{FOLDER}/puzzle.json", fifo, DAILY, "a FIFO", id="fifo-puzzle-daily"),
    pytest.param(f"{FOLDER}/.built", fifo, DAILY, "a FIFO", id="fifo-mark-daily"),
    pytest.param(f"{FOLDER}/puzzle.json", device, DAILY, "a character device", id="device-puzzle-daily"),
    pytest.param(f"{FOLDER}/.built", device, DAILY, "a character device", id="device-mark-daily"),
    pytest.param(f"{FOLDER}/index.html", device, ["site", "build", "--from", DAY, "--force", "--jobs", "1",
                                                  "--quiet"], "a character device", id="device-page-build"),
    pytest.param(f"{FOLDER}/puzzle.json", big, DAILY, "52,428,800 bytes", id="big-puzzle-daily"),
]


@pytest.mark.parametrize("name, make, args, said", CASES)
def test_a_run_refuses_a_special_file_at_once(fast_day_factory, name, make, args, said):
    site = fast_day_factory()
    plant(site / name, make)
    r = run(*args, "--site", str(site))
    line = one_line(r)
    assert r.returncode == 2, r.stderr
    assert name.split("/")[-1] in line and said in line, line
    # nothing was left half-done: the lock is free and the next run (the file removed) goes through
    (site / name).unlink()
    if name.startswith(FOLDER) and name != f"{FOLDER}/.built":
        return  # the day's own file is gone: that day is damaged, which is the operator's to restore
    again = run(*args, "--site", str(site))
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("name, make, said", [
    (f".pars/{NEXT}.json", fifo, "a FIFO"),
    ("rules/.key.json", fifo, "a FIFO"),
    (f"{FOLDER}/.built", device, "a character device"),
    ("static/.files.json", zero_link, "a symbolic link (to '/dev/zero')"),
    (".harupan.lock", zero_link, "a symbolic link"),
    ("2026/11/.30.new", fifo, "a FIFO"),
])
def test_site_check_names_every_special_file(fast_day_factory, name, make, said):
    site = fast_day_factory()
    plant(site / name, make)
    r = run("site", "check", "--site", str(site), "--jobs", "1", "--quiet")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert any(line.startswith(f"{site}/{name}: {said}") for line in r.stdout.splitlines()), r.stdout


def test_site_check_calls_a_linked_marker_a_link(fast_day_factory, tmp_path):
    site = fast_day_factory()
    marker = site / ".harupan-site"
    shutil.copy(marker, tmp_path / "marker")
    marker.unlink()
    marker.symlink_to(tmp_path / "marker")
    r = run("site", "check", "--site", str(site), "--quiet")
    assert r.returncode == 2 and "is a symbolic link" in one_line(r), r.stderr


@pytest.mark.parametrize("make, said", [(fifo, "a FIFO"), (zero_link, "a character device"), (big, "bytes")])
def test_rules_check_refuses_a_special_content_file(tmp_path, make, said):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "harupan" / "content", content)
    plant(content / "rules" / "x.yaml", make)
    r = run("rules", "check", "--content", str(content))
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and "MemoryError" not in r.stderr
    assert any("x.yaml:1:" in line and said in line for line in r.stderr.splitlines()), r.stderr


@pytest.fixture
def alarm():
    """The opener must not block: a FIFO with no writer would hang ``open`` without O_NONBLOCK."""
    def fail(*_):
        raise AssertionError("the read blocked")
    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("make, said", [(fifo, "is a FIFO"), (zero_link, "is a character device")])
def test_the_opener_refuses_what_is_not_a_regular_file(tmp_path, alarm, make, said):
    path = tmp_path / "x.json"
    make(path)
    with pytest.raises(FileRefused, match=said):
        read_capped(path, Kind.DAY)
    if path.is_symlink():  # a caller that reads through no link is told it is a link, by the OS
        with pytest.raises(OSError):
            read_capped(path, Kind.DAY, follow_links=False)


def test_the_opener_reads_to_the_cap_and_no_further(tmp_path, alarm):
    path = tmp_path / "x.yaml"
    path.write_bytes(b"a" * CAPS[Kind.CONTENT])
    assert len(read_capped(path, Kind.CONTENT)) == CAPS[Kind.CONTENT]
    path.write_bytes(b"a" * (CAPS[Kind.CONTENT] + 1))
    with pytest.raises(FileRefused, match=r"262,145 bytes, larger than 256 KB \(the most a content file may be\)"):
        read_capped(path, Kind.CONTENT)


def test_the_operators_table_of_caps_is_the_code_s():
    """docs/operating.md lists each kind's cap; the numbers are CAPS's (one fact, checked here)."""
    from harupan.files import size_text

    rows = [line for line in (ROOT / "docs" / "operating.md").read_text(encoding="utf-8").splitlines()
            if line.strip().startswith("| a ")]
    for kind, cap in CAPS.items():
        row = [r for r in rows if r.strip().startswith(f"| {kind.value}")]
        assert len(row) == 1 and row[0].rstrip().endswith(f"| {size_text(cap)} |"), (kind, row)
    assert len(rows) == len(CAPS)
