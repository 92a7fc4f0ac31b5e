"""The day page's Shisen-sho rules come from the engine's C search compiled to WebAssembly
(renderers/games/shisen/shisen-solver.js): the module is not loaded with the page, only at the first
move, hint or shuffle, and it works from the disk (file://, where a page may add a script but not
fetch a file), over the network, and offline from the service worker's precache on a page whose
module was never loaded online. In headless Chromium, as a player plays."""

import json
import re

import pytest
from pagecheck import day_url, open_day, served, shuffle, solution, tiles_left, watched_page

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
LOADED = "() => !!document.querySelector('#shisen-app') && window.harupanShisen.solver !== null"


def module_requests(page) -> list[str]:
    """The module's file as fetched over the network (file:// pages record no resource timing)."""
    return page.evaluate("performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('shisen-solver-'))")


def module_script_ran(page) -> bool:
    return page.evaluate("typeof window.harupanWasm === 'object'")


def click_pair(page, a, b):
    for p in (a, b):
        page.click(f'#shisen-app .tile[data-x="{p[0]}"][data-y="{p[1]}"]')


def test_the_rules_load_at_the_first_move_not_with_the_page(browser_site, browser):
    with watched_page(browser, viewport={"width": 1280, "height": 1000}) as page:
        open_day(page, day_url(browser_site), rules=False)
        page.wait_for_timeout(500)  # the page idle: still nothing of the module
        assert not module_script_ran(page) and page.evaluate(LOADED) is False
        assert page.evaluate("document.querySelectorAll('script[src*=\"shisen-solver-\"]').length") == 0
        a, b = solution(browser_site)[0]
        click_pair(page, a, b)
        page.wait_for_function("document.querySelectorAll('#shisen-app .tile:not(.empty)').length === 142")
        assert module_script_ran(page) and page.evaluate(LOADED) is True
        assert "한 쌍을 지웠습니다" in page.text_content("#shisen-app .status")
        # a pair that does not join is refused by the same rules
        c, d = solution(browser_site)[-1]
        click_pair(page, c, d)
        assert tiles_left(page) == 142


def test_hint_and_shuffle_from_the_disk_before_any_move(browser_site, browser):
    """From file://: the first thing asked is a hint, then a shuffle; each loads the module if it is
    not there yet, and answers as the engine does."""
    with watched_page(browser, **PHONE) as page:
        open_day(page, day_url(browser_site), rules=False)
        assert page.evaluate(LOADED) is False
        page.locator('#shisen-app [data-action="hint"]').tap()
        page.wait_for_function("document.querySelector('#shisen-app .status').textContent.startsWith('힌트:')")
        assert page.locator("#shisen-app .tile.hinted").count() == 2
    with watched_page(browser, **PHONE) as page:
        open_day(page, day_url(browser_site), rules=False)
        shuffle(page, tap=True)
        page.wait_for_function("document.querySelector('#shisen-app .status').textContent.includes('섞었습니다')")
        assert page.evaluate("window.harupanShisen.history") == [{"shuffle": 0}] and tiles_left(page) == 144


def test_a_saved_game_opens_with_its_rules(browser_site, browser):
    """A returning player's saved game is checked step by step by the rules: the page waits for the
    module (showing the day's board meanwhile), then shows where the player was."""
    with watched_page(browser, **PHONE) as page:
        open_day(page, day_url(browser_site))
        steps = solution(browser_site)
        page.evaluate("([k, h]) => localStorage.setItem(k, JSON.stringify({history: h}))",
                      ["harupan:shisen:2026-11-29:normal", [{"pair": steps[0]}, {"shuffle": 0}, {"pair": [[0, 0], [0, 0]]}]])
        page.reload()
        open_day(page, day_url(browser_site), rules=False)
        page.wait_for_function("window.harupanShisen && window.harupanShisen.opened")
        page.evaluate("window.harupanShisen.opened")
        assert page.evaluate("window.harupanShisen.history") == [{"pair": steps[0]}, {"shuffle": 0}]
        assert tiles_left(page) == 142 and page.get_attribute("#shisen-app .sgrid", "aria-busy") is None


def test_a_tap_while_a_saved_game_waits_for_its_rules_picks_nothing(browser_site, browser):
    """Until the rules have replayed a saved game, the board on the screen is the day's: a tap on a
    tile the player took off picks nothing and says why, and once the game is back a tap picks as
    ever (a pick kept from before left an empty cell selected: "undefined와 …")."""
    steps = solution(browser_site)
    with served(browser_site) as base, watched_page(browser, **PHONE) as page:
        held = []
        page.route("**/shisen-solver-*.js", lambda route: held.append(route))  # the rules, held back
        save = json.dumps(json.dumps({"history": [{"pair": steps[0]}]}))
        page.add_init_script(f"if (!localStorage.getItem('harupan:shisen:2026-11-29:normal')) "
                             f"localStorage.setItem('harupan:shisen:2026-11-29:normal', {save});")
        page.goto(f"{base}2026/11/29/index.html#shisen", wait_until="domcontentloaded")  # the load waits for the rules
        page.wait_for_selector("#shisen-app .sgrid[aria-busy] .tile")
        gone = steps[0][0]
        page.locator(f'#shisen-app .tile[data-x="{gone[0]}"][data-y="{gone[1]}"]').tap()
        assert "불러오는 중" in page.text_content("#shisen-app .status")
        assert page.locator("#shisen-app .tile.selected").count() == 0
        assert held, "the page asked for its rules"
        for route in held:
            route.continue_()
        page.evaluate("window.harupanShisen.opened")
        assert tiles_left(page) == 142 and page.locator("#shisen-app .tile.selected").count() == 0
        a = steps[1][0]
        page.locator(f'#shisen-app .tile[data-x="{a[0]}"][data-y="{a[1]}"]').tap()
        assert page.text_content("#shisen-app .status").endswith("선택")
        assert "undefined" not in page.text_content("#shisen-app .status")


def test_offline_from_the_precache_on_a_page_whose_rules_never_loaded(browser_site, browser):
    """Visited once online without a move (the module not loaded then), the page plays offline:
    the service worker fetched the module with the other static files when it installed."""
    ctx = browser.new_context(**PHONE)
    try:
        with served(browser_site) as base:
            page = ctx.new_page()
            url = f"{base}2026/11/29/index.html"
            open_day(page, url, rules=False)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
            assert module_requests(page) == []
            page.wait_for_function("""async () => {
                for (const name of await caches.keys()) {
                  const keys = name.startsWith('harupan-static-') ? await (await caches.open(name)).keys() : [];
                  if (keys.some((r) => r.url.includes('/static/js/shisen-solver-'))) return true;
                }
                return false; }""", timeout=15000)
        ctx.set_offline(True)
        page.reload()
        open_day(page, url, rules=False)
        a, b = solution(browser_site)[0]
        for p in (a, b):
            page.locator(f'#shisen-app .tile[data-x="{p[0]}"][data-y="{p[1]}"]').tap()
        page.wait_for_function("document.querySelectorAll('#shisen-app .tile:not(.empty)').length === 142")
        page.locator('#shisen-app [data-action="hint"]').tap()
        page.wait_for_function("document.querySelector('#shisen-app .status').textContent.startsWith('힌트:')")
        assert re.search(r"shisen-solver-[0-9a-f]{12}\.js", " ".join(module_requests(page)))
    finally:
        ctx.close()
