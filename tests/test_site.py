import datetime as dt
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from click.testing import CliRunner
from PIL import Image

from harupan.cli.main import cli
from harupan.publish.lock import SiteLock
from harupan.renderers.raster import webp_bytes

from sitecheck import broken_links, page_text, snapshot
from conftest import FAST, ROOT, npm_tool, sitemap_entries, system_tool
from conftest import harupan as run

pytestmark = pytest.mark.usefixtures("fast_site")


def daily(runner, site, date, *extra):
    return runner.invoke(cli, ["daily", "--date", date, "--site", str(site), *extra])


@pytest.fixture(scope="module")
def base_site(fast_two_days_factory):
    """Two days, 2026-11-28 and 11-29, built once a test run for the tests that only read."""
    return fast_two_days_factory()


def test_layout_of_a_day(base_site):
    day = base_site / "2026" / "11" / "29"
    from harupan.renderers.games import views

    every_game = [f for v in views() for f in v.files]  # the registry's games, each with its files
    assert "shisen.png" in every_game and "zodiac.png" in every_game
    for name in ("index.html", "puzzle.json", *every_game, "sheet-a4.pdf", "sheet-letter.pdf", ".built"):
        assert (day / name).is_file(), name
    for name in ("index.html", "archive/index.html", "feed.xml", "sitemap.xml", "404.html", "static/site.css",
                 "static/fonts/sans.woff", "rules/shisen/index.html"):
        assert (base_site / name).is_file(), name
    bundle = json.loads((day / "puzzle.json").read_text())
    assert bundle["date"] == "2026-11-29" and bundle["zodiac"]["par"]["bot"] == "quick"
    assert set(bundle) - {"format", "date", "weekday", "generator"} == {v.name for v in views()}


def test_every_link_resolves(base_site):
    assert broken_links(base_site) == []


def test_pages_need_nothing_from_elsewhere(base_site):
    for page in base_site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r'(?:src|href)="(https?://[^"]+)"', text):
            # only the canonical/og URLs (from base_url) and the 404's links may be absolute
            assert m.group(1).startswith("https://harupan.example/"), (page, m.group(1))
        assert not re.search(r'<script[^>]+src="(https?:)?//', text) and "@import" not in text


def test_font_subset_covers_every_page(base_site):
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(base_site / "static" / "fonts" / "sans.woff")).getBestCmap()
    for page in base_site.rglob("*.html"):
        if page.name == "404.html":
            continue  # standalone, system fonts
        missing = {c for c in page_text(page) if not c.isspace() and ord(c) not in cmap}
        assert not missing, (page, "".join(sorted(missing)))


# Where a page or its script can get text from: the shared templates and browser modules, the
# page-making modules, each game's folder (its page section, its script, its view and art modules),
# the rule pages and their figures, and the engine's tables each game's script gets (browser_data).
# (The print sheets draw their text as outlines, with no web font.)
SHOWN_SOURCES = ("renderers/templates/*", "renderers/static/js/*.js", "renderers/site.py", "renderers/rules.py",
                 "content/**/*.yaml")


def test_font_subset_holds_every_syllable_a_page_or_script_can_show(base_site):
    """Not only the pages' text as written: a status line naming 발 or 춘 is made by the script."""
    import json as _json

    from fontTools.ttLib import TTFont

    import harupan
    from harupan.publish import rules
    from harupan.renderers.games import views as registered_views
    from harupan.renderers.model import texts

    cmap = TTFont(str(base_site / "static" / "fonts" / "sans.woff")).getBestCmap()
    package = Path(harupan.__file__).parent
    missing: dict[str, set[str]] = {}
    sources = []
    for pattern in SHOWN_SOURCES:
        files = sorted(package.glob(pattern))
        assert files, pattern
        sources += files
    for v in registered_views():
        sources += sorted(p for p in v.folder.iterdir() if p.suffix in (".html", ".js", ".py") and p.name != "sheets.py")
    for f in sources:
        for c in f.read_text(encoding="utf-8"):
            if "\uac00" <= c <= "\ud7a3" and ord(c) not in cmap:
                missing.setdefault(c, set()).add(str(f.relative_to(package)))
    tables = "".join(_json.dumps(v.browser_data(), ensure_ascii=False) for v in registered_views())
    figures = "".join(texts(d.items) for d in rules.check().drawings.values())
    for where, text in (("the engine's tables", tables), ("the rule pages' figures", figures)):
        for c in text:
            if "\uac00" <= c <= "\ud7a3" and ord(c) not in cmap:
                missing.setdefault(c, set()).add(where)
    assert missing == {}, f"the font subset lacks {missing}"


def test_feed_and_sitemap(base_site):
    import xml.etree.ElementTree as ET

    feed = ET.parse(base_site / "feed.xml").getroot()
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = feed.findall("a:entry", ns)
    assert [e.find("a:id", ns).text for e in entries] == [
        "https://harupan.example/2026/11/29/index.html", "https://harupan.example/2026/11/28/index.html"]
    urls = [loc for loc, _ in sitemap_entries(base_site)]
    assert "https://harupan.example/2026/11/28/index.html" in urls and all(u.startswith("https://") for u in urls)
    assert "https://harupan.example/rules/shisen/index.html" in urls
    year = (base_site / "archive/2026/sitemap.xml").read_text(encoding="utf-8")  # a year of days a sitemap
    assert "2026/11/28/index.html" in year and "rules/" not in year


def test_og_tags_and_archive(base_site):
    day = (base_site / "2026/11/29/index.html").read_text(encoding="utf-8")
    assert '<meta property="og:image" content="https://harupan.example/2026/11/29/zodiac.png">' in day
    archive = (base_site / "archive/index.html").read_text(encoding="utf-8")
    assert "2026년 11월" in archive and 'href="../2026/11/28/index.html"' in archive


def test_rerun_is_byte_identical(base_site, tmp_path, runner):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    before = snapshot(site)
    r = daily(runner, site, "2026-11-29")
    assert r.exit_code == 0 and "skipped" in r.output
    assert snapshot(site) == before
    r = runner.invoke(cli, ["site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(site), "--force"])
    assert r.exit_code == 0, r.output
    assert snapshot(site) == before  # re-rendered from puzzle.json: same bytes


@pytest.fixture(scope="session")
def every_level_site_factory(tmp_path_factory):
    """One day with all three Shisen-sho levels (FAST offers one), made once per test run: the
    levels' order is what a rebuild from the sorted ``puzzle.json`` could change."""
    from conftest import built_once, published
    build = published("2026-11-29", env_extra={"HARUPAN_DIFFICULTIES": "easy,normal,hard"})
    return lambda: built_once(tmp_path_factory, "every-level-2026-11-29", build) / "site"


@pytest.mark.slow
def test_a_forced_rebuild_of_every_level_rewrites_no_byte(every_level_site_factory, runner, monkeypatch):
    """``site build --force`` on an unchanged release: every file, the print sheets too, made
    again from ``puzzle.json`` in the levels' own order, the same bytes as the night it was dealt."""
    monkeypatch.setenv("HARUPAN_DIFFICULTIES", "easy,normal,hard")
    import datetime as _dt

    from harupan.publish.days import read_day

    site = every_level_site_factory()
    assert list(read_day(site, _dt.date(2026, 11, 29))[0].parts["shisen"].layouts) == ["easy", "normal", "hard"]
    before = snapshot(site)
    r = runner.invoke(cli, ["site", "build", "--from", "2026-11-29", "--site", str(site), "--force", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    after = snapshot(site)
    assert [n for n in before if before[n] != after.get(n)] == [] and set(after) == set(before)


def test_shared_files_are_made_again_only_when_the_site_lacks_them(base_site, tmp_path, runner, monkeypatch):
    """The static and web app files (the art sheet, the icons, the script, the service worker)
    are made again only when the record beside them (static/.files.json) no longer matches what
    is there: a night on a current site draws none of them, and one that finds a file changed or
    gone writes them all again, as they were."""
    from harupan.publish import site as publish_site

    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    before = snapshot(site)
    record = json.loads((site / "static/.files.json").read_text())
    assert {"sw.js", "icons/icon-32.png", "static/js/harupan.js", record["art"], record["bitmap"]} <= set(record["files"])
    made = publish_site.static_files

    def not_again():
        raise AssertionError("the shared files were made again")

    monkeypatch.setattr(publish_site, "static_files", not_again)
    r = daily(runner, site, "2026-11-29")
    assert r.exit_code == 0, r.output
    assert snapshot(site) == before
    monkeypatch.setattr(publish_site, "static_files", made)
    (site / "icons/icon-32.png").write_bytes(b"not the icon")
    (site / record["art"]).unlink()
    r = daily(runner, site, "2026-11-29")
    assert r.exit_code == 0, r.output
    assert snapshot(site) == before
    # the art's bitmap copy is kept only as it was drawn: a picture under its name that is not
    # the one the name hashes (its record updated to match, as a hand might) is drawn again
    kept = (site / record["bitmap"]).read_bytes()
    (site / record["bitmap"]).write_bytes(webp_bytes(Image.new("RGBA", (4, 4), "red")))
    changed = {**record, "files": {**record["files"], record["bitmap"]: hashlib.sha256((site / record["bitmap"]).read_bytes()).hexdigest()}}
    for told in (changed, {**record, "bitmap": None}):  # and a record that names no copy, as an older one did
        (site / "static/.files.json").write_text(json.dumps(told, sort_keys=True, indent=1) + "\n")
        r = daily(runner, site, "2026-11-29")
        assert r.exit_code == 0, r.output
        assert snapshot(site) == before and (site / record["bitmap"]).read_bytes() == kept


def test_existing_day_is_never_regenerated(base_site, tmp_path, runner):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    p = site / "2026/11/29/puzzle.json"
    bundle = json.loads(p.read_text())
    bundle["generator"] = 999  # as if an older generator had made it: kept as it is
    p.write_text(json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    assert daily(runner, site, "2026-11-29").exit_code == 0
    assert json.loads(p.read_text())["generator"] == 999


def test_failed_check_publishes_nothing(base_site, tmp_path, runner):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    p = site / "2026/11/29/puzzle.json"
    bundle = json.loads(p.read_text())
    sol = bundle["shisen"]["normal"]["solution"]
    sol[0], sol[-1] = sol[-1], sol[0]  # an order that no longer clears the board
    p.write_text(json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    before = snapshot(site)
    r = daily(runner, site, "2026-11-29")
    assert r.exit_code == 1 and "does not clear the board" in r.stderr
    assert snapshot(site) == before


def test_bad_input(tmp_path, runner):
    for args, msg in [(["daily", "--date", "2026-02-30"], "bad date"),
                      (["daily", "--date", "29-11-2026"], "bad date"),
                      (["site", "build", "--from", "2026-01-02", "--to", "2026-01-01"], "is before"),
                      (["daily", "--date", "2026-11-29", "--tz", "Nowhere/City"], "unknown time zone")]:
        r = runner.invoke(cli, args + ["--site", str(tmp_path / "s")])
        assert r.exit_code == 2 and msg in r.stderr and len(r.stderr.strip().splitlines()) == 1
    inside = ROOT / "harupan" / "content" / "site-out"
    r = runner.invoke(cli, ["daily", "--date", "2026-11-29", "--site", str(inside)])
    assert r.exit_code == 2 and "inside the harupan package" in r.stderr and not inside.exists()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = runner.invoke(cli, ["daily", "--date", "2026-11-29", "--site", str(blocker)])
    assert r.exit_code == 2 and "is a file" in r.stderr


def test_lock_stops_a_second_run_and_no_pid_decides_anything(base_site, tmp_path, runner):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    with SiteLock(site):  # held by this (live) process: a separate run must stop
        r = run("daily", "--date", "2026-11-29", "--site", str(site))
        assert r.returncode == 2 and "another harupan run" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    for text in ("", "1\n", f"{os.getpid()}\n"):  # what older versions wrote; the file's text means nothing
        (site / ".harupan.lock").write_text(text)
        r = daily(runner, site, "2026-11-29")
        assert r.exit_code == 0, r.output


def test_the_kernel_drops_the_lock_of_a_killed_run(base_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from harupan.publish.lock import SiteLock; "
                               "l = SiteLock(sys.argv[1]); l.acquire(); print('held', flush=True); time.sleep(600)",
                               str(site)], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert holder.stdout.readline() == "held\n"
    r = run("daily", "--date", "2026-11-29", "--site", str(site))
    assert r.returncode == 2 and "another harupan run" in r.stderr
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    r = run("daily", "--date", "2026-11-29", "--site", str(site))
    assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_two_concurrent_runs_never_corrupt(base_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    ref = tmp_path / "ref"
    shutil.copytree(base_site, ref)
    assert run("daily", "--date", "2026-11-30", "--site", str(ref)).returncode == 0
    env = dict(os.environ, **FAST)
    cmd = [sys.executable, "-m", "harupan", "daily", "--date", "2026-11-30", "--site", str(site)]
    a = subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    b = subprocess.Popen(cmd, env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    codes = sorted([a.wait(), b.wait()])
    errs = a.stderr.read() + b.stderr.read()
    assert codes in ([0, 0], [0, 2]), errs
    if codes == [0, 2]:
        assert "another harupan run" in errs
    assert snapshot(site) == snapshot(ref) and broken_links(site) == []


@pytest.mark.slow
def test_killed_runs_leave_old_or_new_files_never_broken(base_site, tmp_path):
    """SIGKILL a run at many points: every file is its old or new version, every link resolves,
    and the next run finishes the job."""
    new = tmp_path / "new"
    shutil.copytree(base_site, new)
    t0 = time.monotonic()
    assert run("daily", "--date", "2026-11-30", "--site", str(new)).returncode == 0
    full = time.monotonic() - t0
    old_files, new_files = snapshot(base_site), snapshot(new)
    env = dict(os.environ, **FAST)
    for i in range(10):
        site = tmp_path / f"k{i}"
        shutil.copytree(base_site, site)
        p = subprocess.Popen([sys.executable, "-m", "harupan", "daily", "--date", "2026-11-30", "--site", str(site)],
                             env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(full * (0.15 + 0.09 * i))
        p.send_signal(signal.SIGKILL)
        p.wait()
        now = snapshot(site)
        for name, digest in now.items():
            assert digest in (old_files.get(name), new_files.get(name)), f"kill {i}: {name} is neither old nor new"
        for name in old_files:
            assert name in now, f"kill {i}: {name} disappeared"
        assert broken_links(site) == [], f"kill {i}"
        r = run("daily", "--date", "2026-11-30", "--site", str(site), shared_layouts=True)  # (its dealing is not
        assert r.returncode == 0, r.stderr  # what is tested: the killed runs before it deal their own)
        assert snapshot(site) == new_files
        ours = {".harupan.lock", ".harupan-site", ".built", ".sans.key", ".key.json", ".months.json", ".files.json"}
        leftovers = [str(p.relative_to(site)) for p in site.rglob(".*") if p.name not in ours]
        assert leftovers == [], f"kill {i}: the next run left {leftovers}"  # temporaries reused or removed
        shutil.rmtree(site)


@pytest.mark.slow
def test_parallel_build_equals_days_one_by_one(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    r = run("site", "build", "--from", "2027-01-30", "--to", "2027-02-04", "--site", str(a), "--jobs", "2", "--quiet")
    assert r.returncode == 0, r.stderr
    assert "6 days: 6 written" in r.stdout
    for d in ("2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02", "2027-02-03", "2027-02-04"):
        assert run("daily", "--date", d, "--site", str(b)).returncode == 0
    assert snapshot(a) == snapshot(b)
    r = run("site", "build", "--from", "2027-01-30", "--to", "2027-02-04", "--site", str(a), "--jobs", "2")
    start, *lines = r.stderr.splitlines()  # no bar without a terminal: a start line, then a line a day
    assert start.endswith("6 days, 2 at a time: started"), r.stderr
    assert "6 already current" in r.stdout and len(lines) == 6 and all("already current" in x for x in lines), r.stderr


@pytest.mark.slow
def test_nu_html_checker_finds_no_errors(base_site):
    java = system_tool("java")
    jar = npm_tool("vnu-jar")
    pages = sorted(str(p) for p in base_site.rglob("*.html"))
    r = subprocess.run([java, "-jar", str(jar), "--errors-only", "--format", "text", *pages],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def test_serve_refuses_an_empty_folder(tmp_path, runner):
    r = runner.invoke(cli, ["site", "serve", "--site", str(tmp_path)])
    assert r.exit_code == 2 and "has no index.html" in r.stderr


def _processes_mentioning(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if text in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc to list processes")
@pytest.mark.parametrize("command", [["daily", "--date", "2026-12-01", "--jobs", "2"],
                                     ["site", "build", "--from", "2026-12-01", "--to", "2026-12-04", "--jobs", "2"]])
def test_a_killed_run_leaves_no_worker_processes_behind(tmp_path, command):
    """Pool workers die with their run: a SIGKILLed cron job must not leave processes waiting forever."""
    site = tmp_path / "workers-site"
    p = subprocess.Popen([sys.executable, "-m", "harupan", *command, "--site", str(site)], env=dict(os.environ, **FAST),
                         cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(_processes_mentioning(str(site))) < 2:  # the run and at least one worker
        assert p.poll() is None and time.monotonic() < deadline, "the run ended before its workers were seen"
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.wait()
    deadline = time.monotonic() + 10
    while _processes_mentioning(str(site)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_mentioning(str(site)) == []


def test_without_worker_processes_the_build_does_the_work_itself(tmp_path, monkeypatch, fast_day_factory,
                                                                 remembered_layouts):
    """A machine where a process pool cannot start still gets its site, the same bytes as a
    build in one process. (The layouts are dealt once and shared by the three builds: the way
    the work is spread is tested here, not the dealing. Each build adds its days to a copy of
    the one-day site, whose rule pages and font subset are made in this process either way.)"""
    from harupan.publish import site as publish
    from harupan.publish.config import load_config

    cfg = load_config()
    dates = [dt.date(2026, 12, 1), dt.date(2026, 12, 2)]
    base = fast_day_factory()
    for name in ("plain", "many", "one"):
        shutil.copytree(base, tmp_path / name, symlinks=True)
    publish.build(tmp_path / "plain", dates, cfg, jobs=1)

    def no_pool(jobs):
        raise OSError("no /dev/shm")

    from harupan.publish import pool

    monkeypatch.setattr(pool, "worker_pool", no_pool)
    counts = publish.build(tmp_path / "many", dates, cfg, jobs=2)  # days side by side
    assert counts == {"written": 2, "unchanged": 0, "skipped": 0}
    for day in dates:  # one day's pieces side by side, a night each (12-01's page gains its
        publish.build(tmp_path / "one", [day], cfg, jobs=2)  # "다음 날" the second night)
    plain = snapshot(tmp_path / "plain")
    assert snapshot(tmp_path / "many") == plain
    assert snapshot(tmp_path / "one") == plain


WORKER_LOG = {}


def _failing_day_job(args):
    """Runs in a pool worker (forked, so it sees WORKER_LOG): the second day fails there."""
    from harupan.publish import site as publish

    date = args[0].isoformat()
    with open(WORKER_LOG["path"], "a") as f:
        f.write(f"{date} {os.getpid()}\n")
    if date == "2026-12-02":
        if WORKER_LOG["how"] == "dies":
            os._exit(1)
        raise OSError(28, "No space left on device", "/somewhere/scratch")
    return publish._original_make_day_job(args)


@pytest.mark.parametrize("how", ["raises", "dies"])
def test_an_error_in_a_worker_is_that_days_error(base_site, tmp_path, monkeypatch, how, remembered_layouts):
    """No second try in this process: the run ends with one line and the site is as it was. (The
    other days' layouts are dealt once a test run: the forked workers share them too.)"""
    from harupan.publish import site as publish

    site = tmp_path / "site"
    shutil.copytree(base_site, site)
    before = snapshot(site)
    WORKER_LOG.update(path=str(tmp_path / "calls"), how=how)
    monkeypatch.setattr(publish, "_original_make_day_job", publish._make_day_job, raising=False)
    monkeypatch.setattr(publish, "_make_day_job", _failing_day_job)
    r = CliRunner().invoke(cli, ["site", "build", "--from", "2026-12-01", "--to", "2026-12-03", "--site", str(site),
                                 "--jobs", "2", "--quiet"])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert ("worker process died" if how == "dies" else "No space left on device") in r.stderr
    calls = (tmp_path / "calls").read_text().split()
    assert calls.count("2026-12-02") == 1  # made once, in a worker, never again here
    assert str(os.getpid()) not in calls
    assert snapshot(site) == before
