"""Shisen-sho's first drawing on a page opened on its screen: paced a few rows a frame behind the
page's picture, as docs/browser.md ("Shisen-sho's first drawing") says, and at once otherwise. In
headless Chromium."""

import pytest
from pagecheck import day_url, open_day, watched_page

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

# Counts the frames and notes, for each row of tiles added to the board, the frame it came in and
# what the screen showed then (the page's picture; the board hidden or not); keeps the board's box
# as the script starts, to compare with the drawn board's.
WATCH = """
window.__frames = 0;
(function count() { window.__frames++; requestAnimationFrame(count); })();
window.__added = [];
new MutationObserver((list) => {
  for (const m of list) for (const n of m.addedNodes) {
    if (!(n instanceof Element) || !n.matches('.srow')) continue;
    window.__added.push({frame: window.__frames, tiles: n.querySelectorAll('.tile').length,
      picture: !!document.querySelector('#shisen-app .sinner > svg[role="img"]'),
      hidden: getComputedStyle(document.querySelector('#shisen-app .sgrid')).visibility === 'hidden'});
    if (window.__onRow) window.__onRow();
  }
}).observe(document, {childList: true, subtree: true});
window.__box = () => {
  const r = document.querySelector('#shisen-app .sinner').getBoundingClientRect();
  return JSON.stringify([r.left + scrollX, r.top + scrollY, r.width, r.height]);
};
document.addEventListener('DOMContentLoaded', () => { window.__boxAtStart = window.__box(); });
"""
BOX = "window.__box()"
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))))"


def frames_of(added) -> list[int]:
    """The tiles added in each frame that added any, in order."""
    frames = sorted({a["frame"] for a in added})
    return [sum(a["tiles"] for a in added if a["frame"] == f) for f in frames]


def board_state(page) -> list:
    """Pictures left in the board's box, boards in it, whether the board is still being drawn, and
    whether it shows."""
    return page.evaluate("""() => { const inner = document.querySelector('#shisen-app .sinner');
        const grid = inner.querySelector('.sgrid');
        return [inner.querySelectorAll(':scope > svg[role="img"]').length, inner.querySelectorAll('.sgrid').length,
                grid.classList.contains('drawing'), getComputedStyle(grid).visibility]; }""")


def shown_codes(page) -> list:
    """The tile codes the board's cells show, by board row."""
    return page.evaluate("""() => { const s = window.harupanShisen;
        return s.board.cells.map((row, y) => row.map((c, x) => {
            const art = s.cell(x, y).querySelector('svg'); return art ? art.dataset.art.slice(2) : null; })); }""")


@pytest.mark.parametrize("where", [PHONE, DESKTOP], ids=["phone-turned", "desktop"])
def test_the_first_drawing_comes_a_few_rows_a_frame_behind_the_picture(browser_site, browser, where):
    with watched_page(browser, **where) as page:
        page.add_init_script(WATCH)
        open_day(page, day_url(browser_site), rules=False)
        page.evaluate("() => window.harupanShisen.drawn")
        added = page.evaluate("window.__added")
        per_frame = frames_of(added)
        assert sum(per_frame) == 144
        assert len(per_frame) >= 3 and max(per_frame) <= 48, per_frame  # about 36 tiles a frame
        # under way, the player saw the page's picture and no half-drawn board (the observer reads the
        # page after each frame's task: the last rows' task shows the board)
        last = max(a["frame"] for a in added)
        assert all(a["picture"] and a["hidden"] for a in added if a["frame"] < last), added
        assert board_state(page) == [0, 1, False, "visible"]
        assert shown_codes(page) == page.evaluate("() => window.harupanShisen.day.shisen.normal.cells")
        assert page.evaluate(BOX) == page.evaluate("window.__boxAtStart")  # the box did not move or change size


def test_a_level_chosen_while_the_first_drawing_is_under_way_replaces_it(browser_site, browser):
    """어려움 chosen when the first rows are in: that level is drawn whole at once, the paced drawing
    stops, and its promise settles."""
    with watched_page(browser, **PHONE) as page:
        page.add_init_script(WATCH + """window.__onRow = () => { window.__onRow = null;
            window.__first = window.harupanShisen.drawn; window.__rowsAtSwitch = document.querySelectorAll('#shisen-app .srow').length;
            document.querySelector('#shisen-app .tab[data-level="hard"]').click(); };""")
        open_day(page, day_url(browser_site), rules=False)
        page.evaluate(FRAMES)
        assert 0 < page.evaluate("window.__rowsAtSwitch") < 18  # the paced drawing was under way
        assert page.evaluate("() => Promise.race([window.__first.then(() => 'settled'), new Promise((d) => setTimeout(() => d('pending'), 2000))])") == "settled"
        assert shown_codes(page) == page.evaluate("() => window.harupanShisen.day.shisen.hard.cells")
        assert page.locator("#shisen-app .tile").count() == 144
        assert board_state(page) == [0, 1, False, "visible"]


def test_a_hint_asked_before_the_board_is_in_marks_its_pair(browser_site, browser):
    with watched_page(browser, **PHONE) as page:
        page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
            window.__pacedAtHint = document.querySelector('#shisen-app .sgrid').classList.contains('drawing');
            document.querySelector('#shisen-app [data-action="hint"]').click(); });""")
        open_day(page, day_url(browser_site), rules=False)
        page.wait_for_function("document.querySelector('#shisen-app .status').textContent.startsWith('힌트:')")
        assert page.evaluate("window.__pacedAtHint") is True
        assert page.locator("#shisen-app .tile.hinted").count() == 2


def test_opened_from_the_menu_the_board_is_drawn_at_once(browser_site, browser):
    """From the day's menu the page's picture was never on the screen: the board comes whole, with
    the screen."""
    with watched_page(browser, **PHONE) as page:
        page.add_init_script(WATCH)
        page.goto(day_url(browser_site))  # the menu
        page.wait_for_function("document.documentElement.dataset.view === 'menu'")
        page.evaluate("() => { location.hash = 'shisen'; }")
        page.wait_for_selector("#shisen-app .sgrid .tile")
        page.evaluate(FRAMES)
        assert frames_of(page.evaluate("window.__added")) == [144]
        assert board_state(page) == [0, 1, False, "visible"]
