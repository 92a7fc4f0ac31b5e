import datetime as dt
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# --cpu-durations=FILE: CPU seconds per test and per fixture (tests/cpu_durations.py).
pytest_plugins = ["cpu_durations"]

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
GOLDEN = Path(__file__).resolve().parent / "golden"

settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


SHARED_LAYOUTS_ENV = "HARUPAN_TEST_LAYOUTS"  # as in tests/shared_layouts.py

# A published day in seconds, not minutes: the quick par and one Shisen-sho level.
FAST = {"HARUPAN_PAR": "quick", "HARUPAN_DIFFICULTIES": "normal"}


@pytest.fixture
def fast_site(monkeypatch):
    """FAST for the commands a test runs in this process (modules opt in with ``pytestmark``)."""
    for k, v in FAST.items():
        monkeypatch.setenv(k, v)


_SHARED_LAYOUTS: list[Path] = []  # the run's folder of shared layouts (tests/shared_layouts.py), once known


@pytest.fixture(scope="session", autouse=True)
def _shared_layouts_folder(tmp_path_factory):
    folder = _run_root(tmp_path_factory) / "layouts"
    folder.mkdir(exist_ok=True)
    _SHARED_LAYOUTS[:] = [folder]
    return folder


@pytest.fixture
def remembered_layouts(monkeypatch, _shared_layouts_folder):
    """The Shisen-sho layouts this test's runs (in this process) deal, shared with the rest of the
    test run: each (date, size, level) dealt once a run (tests/shared_layouts.py says when that
    is sound). For tests of the writing, the checks or the listings, not of the dealing."""
    from harupan.generator.games import shisen
    from shared_layouts import sharing

    monkeypatch.setattr(shisen, "generate", sharing(_shared_layouts_folder, shisen.generate))


def as_date(date) -> dt.date:
    """A test's date, written as ISO text or given as a date."""
    return date if isinstance(date, dt.date) else dt.date.fromisoformat(date)


def dealt_once(date, size: str = "18x8", level: str = "normal"):
    """The Shisen-sho layout of (date, size, level), dealt once a test run and shared (see
    tests/shared_layouts.py): for a test of what is done with a real layout, not of the dealing."""
    from harupan.generator.games.shisen.layouts import generate
    from shared_layouts import sharing

    return sharing(_SHARED_LAYOUTS[0], generate)(as_date(date), size, level)


def leave_for_others(date, size: str, level: str, layout) -> None:
    """A layout a test of the dealing has just dealt, left for the tests that share layouts (see
    tests/shared_layouts.py), so the same day is not dealt twice a test run."""
    from shared_layouts import keep

    keep(_SHARED_LAYOUTS[0], as_date(date), size, level, layout)


def harupan(*args, env_extra=None, shared_layouts=False) -> subprocess.CompletedProcess:
    """``python -m harupan ARGS`` in a process of its own, with FAST (and ``env_extra``); with
    ``shared_layouts``, the run's layouts are dealt once a test run (tests/shared_layouts.py)."""
    env = dict(os.environ, **FAST, PYTHONPATH=str(ROOT), **(env_extra or {}))
    command = [sys.executable, "-m", "harupan"]
    if shared_layouts:
        env[SHARED_LAYOUTS_ENV] = str(_SHARED_LAYOUTS[0])
        command = [sys.executable, str(Path(__file__).parent / "shared_layouts.py")]
    return subprocess.run([*command, *args], capture_output=True, text=True, env=env, cwd=ROOT)


def load_vectors(name: str):
    """Test vectors: the copy in tests/data, checked against ../shared/vectors when present."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    shared = ROOT.parent / "shared" / "vectors" / name
    if shared.exists():
        assert json.loads(shared.read_text(encoding="utf-8")) == data, f"tests/data/{name} is stale"
    return data


def system_tool(program: str) -> str:
    """The path of ``program``, installed by ``tests/setup_tools.py``; fails naming it when missing
    (the tests install nothing themselves)."""
    import shutil

    from setup_tools import DEBIAN

    found = shutil.which(program)
    if not found:
        pytest.fail(f"{program} is missing (Debian package {DEBIAN[program]}): run python tests/setup_tools.py",
                    pytrace=False)
    return found


def update_golden() -> bool:
    return os.environ.get("HARUPAN_UPDATE_GOLDEN") == "1"


def need_golden(path: Path, test_file: str) -> Path:
    """``path``, a golden file that must exist: a missing one fails the test, saying how to make
    it (a test that wrote its own expectation would pass whatever the code did)."""
    if not path.exists():
        pytest.fail(f"golden file {path.relative_to(ROOT)} is missing: make it with "
                    f"HARUPAN_UPDATE_GOLDEN=1 python -m pytest {Path(test_file).relative_to(ROOT)}, "
                    "check it by eye, and commit it", pytrace=False)
    return path


# What the tests leave for a person to look at (a golden's mismatch, the phone screenshots):
# outside the source tree, so a test run never changes the checkout.
ARTIFACTS = Path(os.environ.get("HARUPAN_ARTIFACTS", Path(tempfile.gettempdir()) / "harupan-test-artifacts"))


def artifact(name: str) -> Path:
    """Where to leave ``name`` for review (see ARTIFACTS)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


@pytest.fixture
def runner():
    from click.testing import CliRunner

    return CliRunner()


def npm_tool(package: str) -> Path:
    """The file the tests use from the pinned npm ``package``, installed by ``tests/setup_tools.py``
    into a cache outside the source tree; fails naming it when missing."""
    from setup_tools import NPM, npm_installed, npm_path

    if not npm_installed(package):
        pytest.fail(f"{package}@{NPM[package][0]} (npm) is missing from {npm_path(package).parents[2]}: "
                    "run python tests/setup_tools.py", pytrace=False)
    return npm_path(package)


def _run_root(tmp_path_factory) -> Path:
    """A folder for this test run only: under pytest-xdist the parent of the workers' own temporary
    folders (one per run, shared by its workers), else the run's own temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory, key: str, build) -> Path:
    """``build(folder)`` run once per test run, whichever worker asks first (the others wait on a
    kernel lock, then share the result), and a copy of the result in the caller's own temporary
    folder, so no test can change what another one reads. A build that failed is tried again by
    the next caller (and fails there too, with its own message)."""
    import fcntl
    import shutil

    root = _run_root(tmp_path_factory) / "built-once"
    root.mkdir(exist_ok=True)
    done = root / key
    with open(root / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            work = root / f"{key}.work"
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            build(work)
            work.rename(done)
    copy = tmp_path_factory.mktemp(key)
    shutil.copytree(done, copy, symlinks=True, dirs_exist_ok=True)
    return copy


def published(*dates: str, env_extra=None, on=None):
    """A ``build`` for :func:`built_once`: ``harupan daily`` for each date, in order, with FAST (and
    ``env_extra``), into ``folder/site``, the layouts shared (a fixture's site is read by tests of
    other things). With ``on``, a function giving a site (another fixture's), the days are added
    to a copy of that site, so what it already holds (its days, the rule pages, the font subset)
    is not made again; the days' order does not change a byte (each page is made from what the
    site holds by the end).

    Run in this process, one job: a process of its own and a pool of workers cost more than a
    small site's pages, and the output is the same with any ``--jobs`` (test_site.py and
    test_prepare.py compare them)."""
    def build(folder: Path) -> None:
        import shutil

        from click.testing import CliRunner

        from harupan.cli.main import cli
        from harupan.generator.games import shisen
        from shared_layouts import sharing

        site = folder / "site"
        if on is not None:
            shutil.copytree(on(), site, symlinks=True)
        with pytest.MonkeyPatch.context() as mp:
            mp.delenv("HARUPAN_TODAY", raising=False)  # the same site whichever test asks first
            for k, v in {**FAST, **(env_extra or {})}.items():
                mp.setenv(k, v)
            mp.setattr(shisen, "generate", sharing(_SHARED_LAYOUTS[0], shisen.generate))
            for d in dates:
                r = CliRunner().invoke(cli, ["daily", "--date", d, "--site", str(site), "--jobs", "1"])
                assert r.exit_code == 0, (r.output, r.exc_info)
    return build


@pytest.fixture(scope="session")
def fast_day_factory(tmp_path_factory):
    """The FAST site of one day, 2026-11-29 (what ``harupan daily --date 2026-11-29`` makes with
    FAST), made once per test run; each call returns a fresh copy of it."""
    return lambda: built_once(tmp_path_factory, "fast-2026-11-29", published("2026-11-29")) / "site"


@pytest.fixture(scope="session")
def fast_two_days_factory(tmp_path_factory, fast_day_factory):
    """The FAST site of 2026-11-28 and 11-29 (the one-day site above with 11-28 added), made once
    per test run; each call returns a fresh copy of it."""
    build = published("2026-11-28", on=fast_day_factory)
    return lambda: built_once(tmp_path_factory, "fast-2026-11-28+29", build) / "site"


@pytest.fixture(scope="session")
def rules_factory(tmp_path_factory):
    """What ``harupan rules build -o OUT`` writes (the rule pages, figures, font subset), made once
    a test run for the tests that read the pages; each call returns a fresh copy of OUT."""
    def build(folder: Path) -> None:
        from click.testing import CliRunner

        from harupan.cli.main import cli

        r = CliRunner().invoke(cli, ["rules", "build", "-o", str(folder / "rules")])
        assert r.exit_code == 0, (r.output, r.exc_info)

    return lambda: built_once(tmp_path_factory, "rules", build) / "rules"


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BROWSER_DATE = "2026-11-29"


@pytest.fixture(scope="session")
def browser_site(tmp_path_factory):
    """A site with one day (all three levels), built once for the page tests."""
    build = published(BROWSER_DATE, env_extra={"HARUPAN_DIFFICULTIES": "easy,normal,hard"})
    return built_once(tmp_path_factory, "browser", build) / "site"


HOWTO_KEY = "harupan:howto"  # the games whose first-visit how-to the player has seen (static/js/howto.js)


def seen_howtos_script() -> str:
    """An init script marking every registered game's how-to as seen, so a page opens on its game."""
    from harupan.renderers.games import views

    names = json.dumps([v.name for v in views()])
    return f"try {{ localStorage.setItem({json.dumps(HOWTO_KEY)}, JSON.stringify({names})); }} catch (e) {{}}"


# Headless Chromium, with every core busy, sometimes opens a reloaded file:// page of a fresh
# (off-the-record) context on a storage that has lost the last writes: all of them (an empty
# localStorage, the page starts a new record) or the latest few (a cleared board reads as the
# position before its last moves). Seen in 1 of 8 to 14 reloads of a cleared board beside four busy
# loops, and in 3 tests of 1,338 in a full run. A player's browser keeps its storage on disk, so the
# tests keep a copy too: the tab's window.name mirrors its localStorage after every write, and a
# document of the same tab that opens on a storage other than the copy gets the copy back (the
# tests use one tab a context, so nothing else writes there meanwhile; a copy goes back to the
# origin it came from only). A save the page never made is in no copy, so it stays missing.
KEEP_STORAGE_SCRIPT = r"""(() => { try {
  const TAG = "harupan-test-storage:", ls = window.localStorage, proto = Storage.prototype;
  const all = () => { const out = {}; for (let i = 0; i < ls.length; i++) out[ls.key(i)] = ls.getItem(ls.key(i)); return out; };
  const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  if (window.name.startsWith(TAG)) {
    const copy = JSON.parse(window.name.slice(TAG.length)), kept = copy.items, found = all();
    if (copy.origin === location.origin && !same(kept, found)) {  // the same site's storage only
      proto.clear.call(ls);
      for (const [k, v] of Object.entries(kept)) proto.setItem.call(ls, k, v);
      window.harupanTestStorageRestored = Object.keys(found).length + "->" + Object.keys(kept).length;
    }
  }
  const mirror = () => { window.name = TAG + JSON.stringify({ origin: location.origin, items: all() }); };
  window.addEventListener("pagehide", mirror);  // a write made another way (localStorage.k = v) is kept too
  for (const name of ["setItem", "removeItem", "clear"]) {
    const own = proto[name];
    proto[name] = function (...args) { const r = own.apply(this, args); if (this === ls) mirror(); return r; };
  }
} catch (e) { /* no storage here (an opaque origin): nothing to keep */ } })();"""


class KeptBrowser:
    """Playwright's Browser whose contexts keep each tab's localStorage over a reload or a link
    (KEEP_STORAGE_SCRIPT above), as a player's browser does."""

    scripts: tuple[str, ...] = (KEEP_STORAGE_SCRIPT,)

    def __init__(self, browser):
        self.browser = browser

    def new_context(self, **options):
        ctx = self.browser.new_context(**options)
        for script in self.scripts:
            ctx.add_init_script(script)
        return ctx

    def new_page(self, **options):
        pg = self.browser.new_page(**options)
        for script in self.scripts:
            pg.context.add_init_script(script)
        return pg

    def __getattr__(self, name):
        return getattr(self.browser, name)


class SeenBrowser(KeptBrowser):
    """A :class:`KeptBrowser` whose pages meet no first-visit how-to: a player who has seen them
    all, as the page tests before the how-tos were written expect. ``fresh`` is the browser for a
    test of a first visit."""

    def __init__(self, browser):
        super().__init__(browser)
        self.fresh = KeptBrowser(browser)
        self.scripts = (KEEP_STORAGE_SCRIPT, seen_howtos_script())


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, driven by Playwright, as a player who has seen every how-to
    (:class:`SeenBrowser`; ``browser.fresh`` for a first visit)."""
    from playwright.sync_api import sync_playwright

    path = system_tool("chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield SeenBrowser(b)
        b.close()


# ---------------------------------------------------------------- the source tree stays as it was

# Written by the tools themselves, not by a test: Python's bytecode, pytest's and hypothesis's
# caches, pip's editable-install metadata.
_TOOL_LITTER = ("__pycache__", ".pytest_cache", ".hypothesis", ".egg-info", ".ruff_cache", ".mypy_cache")


def _untracked() -> set[str] | None:
    """Files in the checkout that git does not track (ignored ones included), or None outside git."""
    import shutil
    import subprocess

    git = shutil.which("git")
    if git is None:
        return None
    r = subprocess.run([git, "ls-files", "--others", "-z"], cwd=ROOT, capture_output=True)
    if r.returncode != 0:
        return None
    names = r.stdout.decode("utf-8", "replace").split("\0")
    return {n for n in names if n and not any(part in n for part in _TOOL_LITTER)}


def _xdist_worker(config) -> bool:
    """True in a pytest-xdist worker (the check below belongs to the process that runs them all)."""
    return hasattr(config, "workerinput")


def pytest_sessionstart(session):
    if not _xdist_worker(session.config):
        session.config._harupan_untracked = _untracked()


def pytest_sessionfinish(session, exitstatus):
    """No test writes into the source tree: a file that appeared in the checkout during the run
    fails the run, naming it. Under pytest-xdist the controlling process looks, before the first
    worker starts and after the last one ends."""
    if _xdist_worker(session.config):
        return
    before = getattr(session.config, "_harupan_untracked", None)
    after = _untracked()
    if before is None or after is None:
        return
    new = sorted(after - before)
    if new:
        print(f"\nthe test run wrote into the source tree: {', '.join(new[:10])}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


SITEMAP_NS = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def sitemap_entries(site: Path) -> list[tuple[str, str | None]]:
    """(address, lastmod) of every page the site's sitemaps list, read through the sitemap index."""
    import xml.etree.ElementTree as ET

    index = ET.parse(site / "sitemap.xml").getroot()
    assert index.tag == SITEMAP_NS + "sitemapindex", index.tag
    base = "https://harupan.example/"
    out = []
    for child in index.iter(SITEMAP_NS + "loc"):
        assert child.text.startswith(base), child.text
        for url in ET.parse(site / child.text[len(base):]).getroot().iter(SITEMAP_NS + "url"):
            out.append((url.findtext(SITEMAP_NS + "loc"), url.findtext(SITEMAP_NS + "lastmod")))
    return out


@contextlib.contextmanager
def registered(game, view):
    """``game`` and its ``view`` registered for the duration of a test, then taken out again."""
    from harupan.generator import games
    from harupan.renderers import games as views

    games.register(game)
    views.register_view(view)
    try:
        yield
    finally:
        games.unregister(game.name)
        views.unregister_view(game.name)


@pytest.fixture
def cards_game():
    """The 사색패 game registered, as the release that added it does (unless the package
    registers it already)."""
    from harupan.generator import games
    from harupan.generator.games.cards import Cards
    from harupan.renderers.games.cards import CardsView

    if "cards" in [g.name for g in games.games()]:
        yield
        return
    with registered(Cards(), CardsView()):
        yield


def js_modules(folder: Path) -> Path:
    """The page's browser modules as the build makes them (renderers/bundle.py ``modules``), written
    side by side into ``folder`` for node's tests (tests/js/modules.mjs reads HARUPAN_JS_MODULES)."""
    from harupan.renderers.bundle import modules

    folder.mkdir(parents=True, exist_ok=True)
    for name, text in modules().items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder
