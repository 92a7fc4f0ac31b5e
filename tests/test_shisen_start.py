"""Shisen-sho's board as its screen opens: the first drawing adds the tiles a few rows a frame, out
of sight over the page's picture of the board, so no single task of the page's start styles the
whole board (issue 33's blocking-time target on a slow phone); the picture gives way once the last
row is in. A drawing asked for meanwhile (another level) replaces it at once. In headless Chromium."""

import pytest
from pagecheck import day_url, open_day, watched_page

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}

# Counts the frames and notes, for each tile button added to the board, the frame it came in, and
# what the screen showed then: the page's picture, and the board hidden or not.
WATCH = """
window.__frames = 0;
(function count() { window.__frames++; requestAnimationFrame(count); })();
window.__added = [];
new MutationObserver((list) => {
  for (const m of list) for (const n of m.addedNodes) {
    if (!(n instanceof Element) || !n.matches('.srow')) continue;
    const grid = n.closest('.sgrid');
    window.__added.push({frame: window.__frames, tiles: n.querySelectorAll('.tile').length,
      picture: !!document.querySelector('#shisen-app .sinner > svg[role="img"]'),
      hidden: getComputedStyle(grid).visibility === 'hidden'});
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_the_first_drawing_comes_a_few_rows_a_frame_behind_the_picture(browser_site, browser):
    with watched_page(browser, **PHONE) as page:
        page.add_init_script(WATCH)
        open_day(page, day_url(browser_site), rules=False)
        page.evaluate("() => window.harupanShisen.drawn")
        added = page.evaluate("window.__added")
        assert sum(a["tiles"] for a in added) == 144
        frames = sorted({a["frame"] for a in added})
        assert len(frames) >= 3, added  # 36 tiles or so a frame
        per_frame = [sum(a["tiles"] for a in added if a["frame"] == f) for f in frames]
        assert max(per_frame) <= 48, per_frame
        # while it was under way, the player saw the page's picture, and no half-drawn board (the
        # observer reads the page after the frame's task: the last rows' task shows the board)
        assert all(a["picture"] and a["hidden"] for a in added if a["frame"] < frames[-1]), added
        # done: the board shows, the picture is gone, one board in the box
        assert page.evaluate("""() => {
            const inner = document.querySelector('#shisen-app .sinner');
            return [inner.querySelectorAll(':scope > svg[role="img"]').length, inner.querySelectorAll('.sgrid').length,
                    document.querySelector('#shisen-app .sgrid').classList.contains('drawing'),
                    getComputedStyle(document.querySelector('#shisen-app .sgrid')).visibility]; }""") == [0, 1, False, "visible"]


def test_a_level_chosen_while_the_first_drawing_is_under_way_is_drawn_at_once(browser_site, browser):
    """The page's start is over (DOMContentLoaded, after the script's boot) but the paced drawing
    has not begun: choosing 어려움 there draws that level whole, and the paced one stops."""
    with watched_page(browser, **PHONE) as page:
        page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
            window.__pacedAtSwitch = document.querySelector('#shisen-app .sgrid').classList.contains('drawing');
            document.querySelector('#shisen-app .tab[data-level="hard"]').click(); });""")
        open_day(page, day_url(browser_site), rules=False)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300))))")
        assert page.evaluate("window.__pacedAtSwitch") is True
        hard = page.evaluate("() => window.harupanShisen.day.shisen.hard.cells")
        shown = page.evaluate("""() => { const s = window.harupanShisen;
            return s.board.cells.map((row, y) => row.map((c, x) => {
                const b = s.cell(x, y); return b.querySelector('svg') ? b.querySelector('svg').dataset.art.slice(2) : null; })); }""")
        assert shown == hard
        assert page.evaluate("""() => [document.querySelectorAll('#shisen-app .tile').length,
            document.querySelectorAll('#shisen-app .sinner > svg[role="img"]').length,
            document.querySelector('#shisen-app .sgrid').classList.contains('drawing')]""") == [144, 0, False]
