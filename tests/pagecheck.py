"""What the page tests share: a browser page that fails the test on any script error, the day
under test, and the few ways of reading and driving it."""

import json
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATE = "2026-11-29"


@contextmanager
def watched_page(browser, **options):
    """A page in a fresh context; any uncaught error or console error fails the test at the end."""
    ctx = browser.new_context(**options)
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    yield pg
    assert pg.errors == []
    ctx.close()


def day_url(site) -> str:
    return (site / "2026" / "11" / "29" / "index.html").as_uri()


def open_day(page, url, rules=True):
    """The day page on Shisen-sho's screen (``url`` without a fragment gets ``#shisen``), its board
    drawn; with ``rules``, Shisen-sho's rules loaded too (the search's module, which the page loads
    at the first move, hint or shuffle), so a test's first move takes effect at once.
    tests/test_shisen_page.py plays without it."""
    url = url if "#" in url else url + "#shisen"
    game = url.split("#", 1)[1]
    # a page already at that address is loaded again (goto would only follow the fragment there), as
    # goto to a day's address without a fragment always did
    page.reload() if page.url == url else page.goto(url)
    page.wait_for_selector(GAME_READY.get(game, GAME_READY["zodiac"]))  # a #z=… link opens zodiac's screen
    if rules and game == "shisen":
        page.evaluate("() => window.harupanShisen.rules().then(() => window.harupanShisen.opened)")


GAME_READY = {"shisen": "#shisen-app .sgrid .tile", "zodiac": "#zodiac-app .zgrid .ztile", "cards": "#cards-app .kcard"}


def show_screen(page, name):
    """Go to a game's screen on the day page already open (its fragment, as the menu's link does),
    and wait until the game is drawn there."""
    page.evaluate("(n) => { location.hash = n; }", name)
    page.wait_for_function("(n) => document.documentElement.dataset.view === n", arg=name)
    page.wait_for_selector(GAME_READY[name])


def show_menu(page):
    """Back to the day's menu (where the record's panel is), as the screen's "게임 목록" does."""
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_function("document.documentElement.dataset.view === 'menu'")
    page.wait_for_selector("#harupan-stats .stat")


def end_zodiac(page, close=True):
    """Play the zodiac game to its end through the page's own key handler, cycling the directions;
    with ``close``, close the results screen the ending opens (tests/test_screens.py reads it)."""
    page.evaluate("""() => { const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowUp'];
        for (let i = 0; i < 20000 && window.harupanZodiac.game.state === 'playing'; i++)
            window.harupanZodiac.board.dispatchEvent(new KeyboardEvent('keydown', {key: keys[i % 5], bubbles: true})); }""")
    if close:
        close_results(page)


def close_results(page):
    """Close the results screen (the modal box a cleared or ended game opens) with its 닫기."""
    page.click('dialog.results [data-action="results-close"]')
    page.wait_for_selector("dialog.results", state="detached")


def solution(site, level="normal"):
    return json.loads((site / "2026/11/29/puzzle.json").read_text())["shisen"][level]["solution"]


def tiles_left(page) -> int:
    return page.locator("#shisen-app .tile:not(.empty)").count()


def replay_cli(moves: str) -> dict:
    r = subprocess.run([sys.executable, "-m", "harupan", "zodiac", "replay", "--date", DATE, "--moves", moves],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def shuffle(page, tap=False):
    """Shuffle as a player does: the button, then yes in the question it asks."""
    for sel in ('#shisen-app [data-action="shuffle"]', '#shisen-app [data-action="shuffle-yes"]'):
        (page.locator(sel).tap() if tap else page.click(sel))


class served:
    """``harupan site serve`` on a free port, stopped on leaving; gives the site's URL."""

    def __init__(self, site):
        self.site = site

    def __enter__(self):
        self.proc = subprocess.Popen([sys.executable, "-m", "harupan", "site", "serve", "--site", str(self.site), "--port", "0"],
                                     cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))
        return f"http://127.0.0.1:{port}/"

    def stop(self):
        """Stop the server now (a test of offline play goes on without it)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    def __exit__(self, *exc):
        self.stop()


CLS = """window.__cls = 0; new PerformanceObserver((list) => { for (const e of list.getEntries())
    if (!e.hadRecentInput) window.__cls += e.value; }).observe({type: 'layout-shift', buffered: true});"""


def slow_phone_page(ctx):
    """A page of ``ctx`` as a cheap phone on a slow network meets it (CPU slowed 4x, 150 ms
    latency, 200 kB/s down), adding up its layout shifts in ``window.__cls``."""
    pg = ctx.new_page()
    pg.add_init_script(CLS)
    cdp = ctx.new_cdp_session(pg)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150, "downloadThroughput": 200_000,
                                                  "uploadThroughput": 90_000})
    return pg
