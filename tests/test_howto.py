"""The games' first-visit how-tos (static/js/howto.js) as a player meets them, on a phone (touch)
and a desktop, light and dark: each shows once, the first time its game's section is on screen,
closes with Escape, its close button or 시작하기 and gives the focus back, stays closed after a
reload, and opens again from the "?" in the game's header. Every game with a how-to is found in the
registry (no game is named here). Screenshots of each how-to go to the artifacts folder; axe runs
on them in tests/test_a11y.py."""

import json

import pytest
from conftest import HOWTO_KEY, artifact
from pagecheck import GAME_READY, day_url, open_day, show_screen, watched_page

from harupan.renderers.games import views

VIEWS = {"phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True},
         "desktop": {"viewport": {"width": 1280, "height": 900}}}
CLOSERS = ("Escape", ".howto-x", ".howto-go")  # the three ways out, taken in turn
pytestmark = pytest.mark.slow


def howto_games() -> list[tuple[str, str]]:
    """(name, title) of every registered game that has a how-to, in page order."""
    return [(v.name, v.title) for v in views() if v.howto_template is not None]


def open_howto(pg):
    return pg.evaluate("document.querySelector('dialog.howto[open]')?.dataset.howto ?? null")


def focused(pg) -> str:
    return pg.evaluate("(() => { const a = document.activeElement; "
                       "return a.getAttribute('aria-label') || a.textContent.trim() || a.tagName; })()")


def close(pg, name, how):
    if how == "Escape":
        pg.keyboard.press("Escape")
    else:
        pg.click(f"dialog.howto[open] {how}")
    pg.wait_for_selector(f'dialog.howto[data-howto="{name}"]', state="detached")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_each_how_to_shows_on_the_first_visit_only_and_from_its_button(browser_site, browser, view, scheme):
    games = howto_games()
    assert games, "no registered game has a how-to"
    with watched_page(browser.fresh, color_scheme=scheme, **VIEWS[view]) as pg:
        pg.goto(day_url(browser_site))  # the menu: no game met yet, no how-to
        pg.wait_for_timeout(300)
        assert open_howto(pg) is None
        for i, (name, _title) in enumerate(games):
            show_screen(pg, name)  # the first visit to a game's screen opens its how-to
            pg.wait_for_selector(f'dialog.howto[open][data-howto="{name}"]')
            dialog = pg.locator("dialog.howto[open]")
            assert dialog.get_attribute("aria-labelledby") and dialog.locator("h2").inner_text().strip()
            assert 1 <= dialog.locator(".howto-steps > li").count() <= 3
            assert focused(pg) == "시작하기"
            # every picture arrived, and the card fits the screen's width
            pg.wait_for_function("[...document.querySelectorAll('dialog.howto img')].every(i => i.complete && i.naturalWidth > 0)")
            box = dialog.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= VIEWS[view]["viewport"]["width"]
            pg.wait_for_timeout(150)
            pg.screenshot(path=artifact(f"howto-first-{name}-{view}-{scheme}.png"))
            close(pg, name, CLOSERS[i % len(CLOSERS)])
            assert open_howto(pg) is None  # one game's screen, one how-to
            assert name in json.loads(pg.evaluate(f"localStorage.getItem({json.dumps(HOWTO_KEY)})"))

        # a reload shows none of them again
        for name, _ in games:
            pg.goto(day_url(browser_site) + f"#{name}")
            pg.reload()
            pg.wait_for_selector(GAME_READY.get(name, "[data-game]"))
            pg.wait_for_timeout(300)
            assert open_howto(pg) is None

        # the "?" opens each again, and closing it gives the focus back to the "?"
        for i, (name, title) in enumerate(games):
            show_screen(pg, name)
            button = pg.locator(f'section[data-game="{name}"] button.howto-open')
            assert button.get_attribute("aria-label") == f"{title} 방법 보기"
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            # on the title's row: the game's bar under it (sticky, over the page) would cover its lower edge
            title_row = pg.locator(f'section[data-game="{name}"] > h2').bounding_box()
            assert box["y"] + box["height"] <= title_row["y"] + title_row["height"] + 0.5, (box, title_row)
            (button.tap() if view == "phone" else button.click())
            pg.wait_for_selector(f'dialog.howto[open][data-howto="{name}"]')
            if i == 0:
                pg.screenshot(path=artifact(f"howto-again-{name}-{view}-{scheme}.png"))
            close(pg, name, "Escape")
            assert focused(pg) == f"{title} 방법 보기"


def test_a_first_visit_opens_one_how_to_at_a_time(browser_site, browser):
    """A second game's screen opened while the first's how-to is open: its how-to follows, not over it."""
    games = howto_games()
    if len(games) < 2:
        pytest.skip("one game with a how-to")
    with watched_page(browser.fresh, viewport={"width": 1280, "height": 900}) as pg:
        first, second = games[0][0], games[1][0]
        pg.goto(day_url(browser_site) + f"#{first}")
        pg.wait_for_selector(f'dialog.howto[open][data-howto="{first}"]')
        pg.evaluate("(n) => { location.hash = n; }", second)  # a shared link followed with the first still open
        pg.wait_for_function("(n) => document.documentElement.dataset.view === n", arg=second)
        pg.wait_for_timeout(300)
        assert pg.locator("dialog.howto").count() == 1 and open_howto(pg) == first
        close(pg, first, ".howto-go")
        pg.wait_for_selector(f'dialog.howto[open][data-howto="{second}"]')
        assert pg.locator("dialog.howto").count() == 1


def test_the_statistics_wait_under_a_closed_difficulty_disclosure(browser_site, browser):
    """A section's first words say what to do: its measures (where it has any) are in a closed 난이도."""
    with watched_page(browser, viewport={"width": 360, "height": 780}) as pg:
        open_day(pg, day_url(browser_site), rules=False)
        found = pg.eval_on_selector_all("section[data-game] details.lvl",
                                        "ds => ds.map(d => [d.open, d.querySelector('summary').textContent.trim(), "
                                        "d.textContent.length, d.getBoundingClientRect().height])")
    assert found, "no section keeps its measures under 난이도"
    for is_open, summary, text, height in found:
        assert not is_open and summary == "난이도" and text > len(summary) and height < 60
