"""The day page as an app (issue 33), in headless Chromium on a cold cache: a menu of the day's
games with their state, a screen a game that opens on the game at phone and desktop sizes, light
and dark, and a results screen when a game is cleared or ends (streak, countdown, share text, the
other games). Screenshots of every state go to the artifacts folder."""

import json
import re

import pytest

from conftest import artifact
from pagecheck import close_results, day_url, end_zodiac, show_screen, watched_page

pytestmark = pytest.mark.slow

VIEWS = {
    "phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True},
    "phone390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "landscape": {"viewport": {"width": 780, "height": 360}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
GAMES = ("shisen", "zodiac", "cards")
ROWS_SEEN = 0.70  # the floor for an upright phone: this share of the board's rows, with the controls


def shisen_rows(page) -> tuple[int, int, list[float]]:
    """The board's rows on the screen: all of them, those wholly in view, one tile's box (w, h)."""
    return page.evaluate("""() => {
        const tiles = [...document.querySelectorAll('#shisen-app .sgrid .tile')].map((t) => t.getBoundingClientRect());
        const tops = new Set(tiles.map((b) => Math.round(b.top)));
        const seen = new Set(tiles.filter((b) => b.bottom <= innerHeight + 0.5).map((b) => Math.round(b.top)));
        return [tops.size, seen.size, [tiles[0].width, tiles[0].height]]; }""")


def in_view(page, selector) -> bool:
    return page.evaluate("""(s) => [...document.querySelectorAll(s)].every((e) => {
        const b = e.getBoundingClientRect();
        return b.width > 0 && b.top >= -0.5 && b.left >= -0.5 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5; })""",
                         selector)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_each_game_opens_on_its_own_screen_from_the_menu(browser_site, browser, view, scheme):
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        pg.goto(day_url(browser_site))
        assert pg.evaluate("document.documentElement.dataset.view") == "menu"
        links = pg.locator(".daymenu a[data-screen]")
        assert [links.nth(i).get_attribute("data-screen") for i in range(links.count())] == list(GAMES)
        assert pg.locator(".daymenu .gstate").all_text_contents() == ["시작 전"] * 3
        assert in_view(pg, ".daymenu a[data-screen]") or view == "landscape"
        assert pg.locator(".screen").evaluate_all("ss => ss.every((s) => getComputedStyle(s).display === 'none')")
        pg.screenshot(path=str(artifact(f"screens-menu-{view}-{scheme}.png")))
        for name in GAMES:
            pg.click(f'.daymenu a[data-screen="{name}"]')
            pg.wait_for_function("(n) => document.documentElement.dataset.view === n", arg=name)
            others = [g for g in GAMES if g != name]
            assert pg.locator(f".screen#{name}").is_visible()
            assert all(pg.locator(f".screen#{g}").is_hidden() for g in others)
            assert pg.locator(".daymenu").is_hidden()
            if name == "shisen":
                pg.wait_for_selector("#shisen-app .sgrid .tile")
                rows, seen, (w, h) = shisen_rows(pg)
                if view in ("phone", "phone390"):
                    assert seen >= ROWS_SEEN * rows, (seen, rows)
                    assert in_view(pg, "#shisen-app .sbar .tab, #shisen-app .sbar .tool, #shisen-app .sbar .status")
                elif view == "landscape":
                    assert min(w, h) >= 34, (w, h)
                    assert in_view(pg, "#shisen-app .sbar .tool")
                else:
                    assert seen == rows and in_view(pg, "#shisen-app .sbar .tool")
            elif name == "zodiac":
                pg.wait_for_selector("#zodiac-app .zgrid .ztile")
                assert in_view(pg, "#zodiac-app .zgrid") or view == "landscape"
            else:
                pg.wait_for_selector("#cards-app .kcard")
                assert in_view(pg, "#cards-app .kcard"), "every card on the screen"
            assert in_view(pg, f".screen#{name} a.screenbar.back")
            pg.screenshot(path=str(artifact(f"screens-{name}-{view}-{scheme}.png")))
            pg.click(f".screen#{name} a.screenbar.back")  # back to the menu, the way the player came
            pg.wait_for_function("document.documentElement.dataset.view === 'menu'")
            assert pg.evaluate("document.activeElement.dataset.screen") == name


def test_a_shared_zodiac_link_and_a_games_fragment_open_its_screen(browser_site, browser):
    with watched_page(browser, **VIEWS["phone"]) as pg:
        pg.goto(day_url(browser_site) + "#z=LDRU")
        pg.wait_for_selector("#zodiac-app .zreplay:not([hidden])")
        assert pg.evaluate("document.documentElement.dataset.view") == "zodiac"
        assert in_view(pg, "#zodiac-app .zgrid")
        pg.goto(day_url(browser_site) + "#cards")
        pg.wait_for_selector("#cards-app .kcard")
        assert pg.evaluate("document.documentElement.dataset.view") == "cards"


def results_ok(page, name, shot):
    box = page.locator(f'dialog.results[data-game="{name}"]')
    box.wait_for()
    assert page.evaluate("document.querySelector('dialog.results').open && document.querySelector('dialog.results').matches(':modal')")
    assert page.evaluate("document.activeElement.closest('dialog.results') !== null")  # announced: the focus is in it
    text = box.text_content()
    assert "오늘까지 연속" in text and "최고 연속" in text
    assert re.search(r"다음 판까지 \d+:\d\d:\d\d", text), text
    assert box.locator("textarea.share").count() == 1
    assert page.locator("textarea.share:visible").count() == 1  # the share text once on the screen while the box is open
    assert in_view(page, "dialog.results h2")  # it opens at its heading, on every screen
    # its way out is on the screen, or the box scrolls to it (a phone on its side)
    assert in_view(page, 'dialog.results [data-action="results-close"]') or \
        page.evaluate("(() => { const d = document.querySelector('dialog.results'); return d.scrollHeight > d.clientHeight; })()")
    others = [a for a in box.locator(".rgames a").all_text_contents()]
    assert "지난 판" in others and len(others) == 3, others
    page.screenshot(path=str(artifact(shot)))
    return text


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_clearing_or_ending_each_game_opens_the_results_screen(browser_site, browser, view, scheme):
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        day = json.loads((browser_site / "2026/11/29/puzzle.json").read_text())
        pg.goto(day_url(browser_site) + "#shisen")
        pg.wait_for_selector("#shisen-app .sgrid .tile")
        pg.evaluate("() => window.harupanShisen.rules()")
        level = pg.evaluate("window.harupanShisen.level")
        for a, b in day["shisen"][level]["solution"]:
            for p in (a, b):
                pg.locator(f'#shisen-app .tile[data-x="{p[0]}"][data-y="{p[1]}"]').click()
        text = results_ok(pg, "shisen", f"screens-results-shisen-{view}-{scheme}.png")
        assert "사천성 완성!" in text and "걸린 시간" in text
        if scheme == "dark":  # dark everywhere, the emptied board included
            bg = pg.evaluate("getComputedStyle(document.querySelector('#shisen-app .sgrid')).backgroundColor")
            assert bg == pg.evaluate("getComputedStyle(document.querySelector('.card')).backgroundColor"), bg
        close_results(pg)
        assert pg.locator(".screen#shisen a.screenbar.back").is_visible()

        show_screen(pg, "zodiac")
        end_zodiac(pg, close=False)
        text = results_ok(pg, "zodiac", f"screens-results-zodiac-{view}-{scheme}.png")
        assert "엔진 기준 기록" in text and "사천성 · 완성" in text  # the par's game; the other game's state
        close_results(pg)

        show_screen(pg, "cards")
        for _ in range(21):
            if pg.locator("dialog.results").count():
                break
            pg.click('#cards-app [data-action="hint"]')
            pg.click('#cards-app [data-action="group"]')
        text = results_ok(pg, "cards", f"screens-results-cards-{view}-{scheme}.png")
        assert "사색패 완성" in text
        pg.keyboard.press("Escape")  # Escape closes it too
        pg.wait_for_selector("dialog.results", state="detached")

        pg.goto(day_url(browser_site))  # the menu says what was done
        pg.wait_for_function("document.querySelectorAll('.daymenu .gstate[data-state]').length === 3")
        states = pg.locator(".daymenu .gstate").all_text_contents()
        assert states[0].startswith("완성") and states[2].startswith("완성") and states[1] != "시작 전", states
        pg.screenshot(path=str(artifact(f"screens-menu-after-{view}-{scheme}.png")))
        pg.goto((browser_site / "archive/2026/11/index.html").as_uri())  # the archive marks the day cleared
        day = pg.locator('table.calendar a[data-date="2026-11-29"]')
        pg.wait_for_selector('table.calendar a[data-date="2026-11-29"].cleared')
        assert "완성" in day.text_content()
        pg.screenshot(path=str(artifact(f"screens-archive-after-{view}-{scheme}.png")))
