"""The archive's calendar marked from the player's own record, and the skip link, in Chromium.

A record is seeded in localStorage (one day played, one day with every game cleared); the month
page marks each in its look and its accessible name, in light and dark, at a phone and a desktop
width, with axe finding nothing. The skip link is the first Tab and Enter moves the focus to its
target. Screenshots of each state go to the artifacts folder."""

import json
import re

import pytest
from conftest import artifact, npm_tool

from harupan.renderers.games import views

pytestmark = pytest.mark.slow

PLAYED, CLEARED, UNTOUCHED = "2026-11-28", "2026-11-29", None
SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
LABEL = {PLAYED: "2026년 11월 28일 토요일", CLEARED: "2026년 11월 29일 일요일"}

# One entry per game in the record's own format (each game's module, record.clean): a move made
# on PLAYED in the first game; every game of CLEARED finished. The marks are read generically.
PLAYING_ENTRY = {"shisen": {"cleared": {}}, "zodiac": {"ended": False, "score": 40, "top": 2},
                 "cards": {"done": False, "score": 0}}
CLEARED_ENTRY = {"shisen": {"cleared": {"normal": {"ms": 151000, "hints": 0, "shuffles": 0}}},
                 "zodiac": {"ended": True, "won": False, "score": 1320, "top": 5},
                 "cards": {"done": True, "score": 24, "perfect": True}}


@pytest.fixture(scope="module")
def site(fast_two_days_factory):
    return fast_two_days_factory()


@pytest.fixture(scope="module")
def axe_script():
    return npm_tool("axe-core").read_text(encoding="utf-8")


def month_page(site):
    return (site / "archive" / "2026" / "11" / "index.html").as_uri()


def day_games(page, date):
    return page.get_attribute(f"table.calendar a[data-date='{date}']", "data-games").split()


def seed(page, played_games, cleared_games):
    record = {"v": 1}
    first = played_games[0]
    record[first] = {PLAYED: PLAYING_ENTRY[first]}
    for g in cleared_games:
        record.setdefault(g, {})[CLEARED] = CLEARED_ENTRY[g]
    # set before the page's scripts on the next load (an init script): a value set on the open page
    # may not have reached the browser's storage by the time a reload reads it
    page.context.add_init_script(f"localStorage.setItem('harupan:stats', {json.dumps(json.dumps(record))})")
    page.reload()


def test_the_seed_covers_every_game_the_pages_play():
    """Every game with a browser module has an entry in the seeds below (a new game adds its own)."""
    playable = {v.name for v in views() if v.script is not None}
    assert playable <= set(CLEARED_ENTRY) and playable <= set(PLAYING_ENTRY)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_played_and_cleared_days_are_marked_in_look_and_name(site, browser, axe_script, size, scheme):
    ctx = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
                              color_scheme=scheme)
    try:
        pg = ctx.new_page()
        pg.goto(month_page(site))
        assert "harupan.js" in pg.get_attribute("script[src$='harupan.js']", "src")
        played_games, cleared_games = day_games(pg, PLAYED), day_games(pg, CLEARED)
        assert len(cleared_games) >= 2  # the day holds several games, every one cleared below
        # nothing recorded: no mark, and the names say nothing of one
        assert pg.locator("table.calendar a.played, table.calendar a.cleared").count() == 0
        assert pg.get_by_role("link", name=f"28 ({LABEL[PLAYED]})", exact=True).count() == 1
        seed(pg, played_games, cleared_games)
        pg.wait_for_selector("table.calendar a.cleared")
        played = pg.get_by_role("link", name=f"28 ({LABEL[PLAYED]}, 플레이함)", exact=True)
        cleared = pg.get_by_role("link", name=f"29 ({LABEL[CLEARED]}, 완성)", exact=True)
        assert played.count() == 1 and cleared.count() == 1
        assert "played" in played.get_attribute("class") and "cleared" in cleared.get_attribute("class")
        # each game's own line in the title: the day's games, in its order, each with its text
        title = cleared.get_attribute("title").split("\n")
        assert len(title) == len(cleared_games) and all(re.match(r"^\S.*: \S", t) for t in title), title
        if "shisen" in cleared_games:
            assert title[cleared_games.index("shisen")].endswith("보통 2:31")
        assert played.get_attribute("title").endswith("진행 중" if played_games[0] != "zodiac" else "40점")
        # the mark's shape, not its colour alone: a ring for played, a filled disc for cleared
        look = pg.evaluate("""() => {
          const st = (sel) => getComputedStyle(document.querySelector(sel), '::after');
          const p = st('table.calendar a.played'), c = st('table.calendar a.cleared');
          const cell = getComputedStyle(document.querySelector('table.calendar a.cleared').parentElement);
          return {pBg: p.backgroundColor, pBorder: p.borderTopColor, pW: p.borderTopWidth, cBg: c.backgroundColor,
                  cell: cell.backgroundColor, page: getComputedStyle(document.body).backgroundColor,
                  legend: document.querySelectorAll('.legend .dmark.played, .legend .dmark.cleared').length};
        }""")
        assert look["pBg"] in ("rgba(0, 0, 0, 0)", "transparent") and look["pW"] != "0px"
        assert look["cBg"] == look["pBorder"] != "rgba(0, 0, 0, 0)"
        assert look["legend"] == 2

        def luminance(css):  # rgb(R, G, B) or, from color-mix, color(srgb r g b)
            nums = [float(x) for x in re.findall(r"\d*\.?\d+", css.removeprefix("color(srgb"))[:3]]
            r, g, b = nums if css.startswith("color(") else [x / 255 for x in nums]
            return 0.2126 * r + 0.7152 * g + 0.0722 * b

        dark = scheme == "dark"
        assert (luminance(look["cell"]) < 0.35) == dark and (luminance(look["page"]) < 0.35) == dark, look
        # the legend says how a day is marked
        legend = pg.inner_text(".legend")
        assert "플레이함" in legend and "완성" in legend and "모두" in legend
        pg.screenshot(path=str(artifact(f"archive-marks-{size}-{scheme}.png")), full_page=True)
        pg.add_script_tag(content=axe_script)
        result = pg.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        assert result["violations"] == [], json.dumps(result["violations"], ensure_ascii=False)[:3000]
    finally:
        ctx.close()


def test_the_archive_index_marks_its_month_too(site, browser):
    ctx = browser.new_context(viewport=SIZES["desktop"])
    try:
        pg = ctx.new_page()
        pg.goto((site / "archive" / "index.html").as_uri())
        seed(pg, day_games(pg, PLAYED), day_games(pg, CLEARED))
        pg.wait_for_selector("table.calendar a.cleared")
        assert pg.get_by_role("link", name=f"29 ({LABEL[CLEARED]}, 완성)", exact=True).count() == 1
    finally:
        ctx.close()


@pytest.mark.parametrize("page", ["2026/11/29/index.html", "archive/2026/11/index.html", "index.html",
                                  "rules/shisen/index.html", "404.html"])
def test_the_first_tab_is_the_skip_link_and_enter_moves_the_focus_to_its_target(site, browser, page):
    ctx = browser.new_context(viewport=SIZES["desktop"])
    try:
        pg = ctx.new_page()
        target = site / page
        if page == "404.html":  # shown at a missing address below a day's folder, as a host does
            missing = site / "2026" / "11" / "99"
            missing.mkdir()
            (missing / "index.html").write_bytes(target.read_bytes())
            target = missing / "index.html"
        pg.goto(target.as_uri())
        pg.wait_for_load_state("load")
        url = pg.url
        pg.keyboard.press("Tab")
        first = pg.evaluate("""() => { const a = document.activeElement, r = a.getBoundingClientRect();
          return {cls: a.className, text: a.textContent, top: r.top, h: r.height, href: a.getAttribute('href')}; }""")
        assert first["cls"] == "skip" and first["text"] == "본문으로 건너뛰기"
        assert first["top"] >= 0 and first["h"] > 20  # in view while focused
        pg.screenshot(path=str(artifact(f"skip-link-{page.replace('/', '-')}.png")))
        pg.keyboard.press("Enter")
        pg.wait_for_function("() => document.activeElement !== document.querySelector('a.skip')")
        focused = pg.evaluate("() => document.activeElement.id")
        assert focused == first["href"].split("#")[1] == "main"
        assert pg.url.split("#")[0] == url.split("#")[0]  # the same page, whatever its <base>
        pg.keyboard.press("Tab")  # the next Tab goes on from the main content, not the header
        assert pg.evaluate("() => !document.activeElement.closest('header')")
    finally:
        ctx.close()
