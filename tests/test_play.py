"""The day page as a game, in headless Chromium: at 360x780 (touch), 780x360 (touch) and 1280x900,
light and dark, the controls and the status line stay in view with the tile just tapped; a
blocked pair says why; stuck and cleared messages show in view and off the board (more phone and
laptop screens for that too); the hard level's own figures show
after switching; the zodiac's share link replays the same game; the page does not jump while it
starts (CLS under a slowed CPU and network). Screenshots of each state go to the artifacts folder."""

import json
import re
from datetime import datetime

import pytest
from conftest import artifact
from pagecheck import DATE, close_results, end_zodiac, day_url, open_day, replay_cli, slow_phone_page, solution, watched_page
from test_phone import axe_violations, served

from harupan.engine import zodiac
from harupan.engine.shisen import Board, legal_pairs, path_between

pytestmark = pytest.mark.slow

VIEWS = {
    "phone": {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "landscape": {"viewport": {"width": 780, "height": 360}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 900}},
}
CONTROLS = ('[data-level="hard"]', '[data-action="hint"]', '[data-action="shuffle"]', '[data-action="undo"]', ".timer",
            ".status")


def layout(site, level):
    return json.loads((site / "2026/11/29/puzzle.json").read_text())["shisen"][level]


def board_of(site, level) -> Board:
    lay = layout(site, level)
    return Board(lay["width"], lay["height"], tuple(tuple(r) for r in lay["cells"]))


def trap(site, level="hard"):
    """Pairs taken in the listed order, as a hurried player might, until none is left: the moves
    into a trap (the hard board is graded so that this happens)."""
    board, moves = board_of(site, level), []
    while (pairs := legal_pairs(board)):
        a, b = pairs[0]
        moves.append([list(a), list(b)])
        board = board.with_cells({a: None, b: None})
    assert not board.is_empty()
    return moves


def undo_into_trap(site, moves, level="hard") -> bool:
    """Whether the position before the last of ``moves`` has one legal pair, the last move's."""
    board = board_of(site, level)
    for a, b in moves[:-1]:
        board = board.with_cells({tuple(a): None, tuple(b): None})
    return [sorted(p) for p in legal_pairs(board)] == [sorted(map(tuple, moves[-1]))]


def in_view(page, selector) -> bool:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5; }""")


def tile_at(p):
    return f'#shisen-app .tile[data-x="{p[0]}"][data-y="{p[1]}"]'


def press(page, selector, touch):
    page.locator(selector).tap() if touch else page.click(selector)


def status(page) -> str:
    return page.text_content("#shisen-app .status")


def save_history(page, level, pairs):
    page.evaluate("([key, h]) => localStorage.setItem(key, JSON.stringify({history: h.map((pair) => ({pair})), elapsed: 61000}))",
                  [f"harupan:shisen:{DATE}:{level}", pairs])


# On a phone on its side the message box takes the side column while it is open: the bar's tools
# step aside for the box's own buttons (and, the board cleared, the tabs and the clock for its
# level and time), the status line stays for screen readers only (the box says the same).
ASIDE = {"stuck": {'[data-action="hint"]', '[data-action="shuffle"]', '[data-action="undo"]', ".status"},
         "cleared": set(CONTROLS)}
ASIDE["confirm"] = ASIDE["stuck"]


def check_bar_in_view(page, view, state, box=None):
    aside = ASIDE[box] if box and page.evaluate("matchMedia('(orientation: landscape) and (max-height: 32rem)').matches") else set()
    missing = [s for s in CONTROLS if s not in aside and not in_view(page, f"#shisen-app {s}")]
    assert missing == [], f"{view}, {state}: out of view: {missing}"
    hidden = [s for s in aside if s != ".status" and page.is_visible(f"#shisen-app {s}")]
    assert hidden == [], f"{view}, {state}: left beside the message box: {hidden}"
    if ".status" in aside:  # out of sight, still read out
        assert page.eval_on_selector("#shisen-app .status", """e => { const c = getComputedStyle(e);
            return c.display !== 'none' && c.visibility !== 'hidden' && e.getAttribute('aria-live') === 'polite'; }""")


def box_figures(page) -> dict:
    """On the screen (CSS px): the message box's rectangle, the board's, the bar's, the box's
    buttons', the screen's size, and how many tiles still on the board the box lies over."""
    return page.evaluate("""() => {
        const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
        const app = document.querySelector('#shisen-app'), box = app.querySelector('dialog.toast'), b = box.getBoundingClientRect();
        const over = (r) => r.left < b.right - .5 && r.right > b.left + .5 && r.top < b.bottom - .5 && r.bottom > b.top + .5;
        return {box: rect(box), board: rect(app.querySelector('.sinner')), bar: rect(app.querySelector('.sbar')),
                buttons: [...box.querySelectorAll('button')].map(rect),
                screen: [innerWidth, innerHeight],
                covered: [...app.querySelectorAll('.tile:not(.empty)')].filter((t) => over(t.getBoundingClientRect())).length}; }""")


def apart(a, b) -> bool:
    """Two rectangles [left, top, right, bottom] that do not overlap (touching is apart)."""
    return a[2] <= b[0] or a[0] >= b[2] or a[3] <= b[1] or a[1] >= b[3]


def check_box_off_board(page, view, state) -> dict:
    """The message box lies beside, above or below the board, never over it, and it is on the
    screen whole, its buttons with it, where the game leaves the page: a stuck player looks the
    board over before choosing between undo and shuffle. A board that fits the screen's height
    (all but an upright phone's turned one) is on it whole, clear of the bar."""
    f = box_figures(page)
    (w, h), board = f["screen"], f["board"]
    print(f"{view} {state}: box {f['box']} board {board} bar {f['bar']} screen {w}x{h}")
    assert apart(f["box"], board) and f["covered"] == 0, \
        f"{view}, {state}: the message box {f['box']} lies over the board {board} ({f['covered']} tiles)"
    outside = lambda r: r[0] < 0 or r[1] < 0 or r[2] > w or r[3] > h  # noqa: E731
    assert f["buttons"] and not [b for b in f["buttons"] if outside(b)], f"{view}, {state}: a button off the {w}x{h} screen: {f['buttons']}"
    assert not outside(f["box"]), f"{view}, {state}: the message box {f['box']} is not all on the {w}x{h} screen"
    if board[3] - board[1] <= h:
        assert not outside(board) and apart(f["bar"], board), f"{view}, {state}: the board {board} is not all in view (bar {f['bar']})"
    return f


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_the_game_stays_in_view_and_says_what_happened(browser_site, browser, view, scheme):
    touch = VIEWS[view].get("has_touch", False)
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        open_day(pg, day_url(browser_site))
        shot = lambda state: pg.screenshot(path=str(artifact(f"play-{view}-{scheme}-{state}.png")))  # noqa: E731
        if view == "desktop":  # the board uses the width and fits the window's height
            size = pg.eval_on_selector("#shisen-app .tile", "e => e.getBoundingClientRect().width")
            height = pg.eval_on_selector("#shisen-app .sinner", "e => e.getBoundingClientRect().height")
            assert size >= 48 and height <= 900, (size, height)
        # the farthest tile from the top of the page
        far = pg.eval_on_selector_all("#shisen-app .tile", """els => { let best = null, at = -1;
            for (const e of els) { const r = e.getBoundingClientRect(), d = r.bottom + scrollY + r.right / 1e4;
                                   if (d > at) { at = d; best = [+e.dataset.x, +e.dataset.y]; } } return best; }""")
        press(pg, tile_at(far), touch)
        assert pg.locator("#shisen-app .tile.selected").count() == 1 and in_view(pg, tile_at(far))
        check_bar_in_view(pg, view, "after tapping the farthest tile")
        picked = status(pg)
        shot("far")
        # a tile of another kind: the page says why it is no pair
        board = board_of(browser_site, "normal")
        other = next((x, y) for y, row in enumerate(board.cells) for x, c in enumerate(row)
                     if c and c != board.cells[far[1]][far[0]] and abs(x - far[0]) + abs(y - far[1]) == 1)
        press(pg, tile_at(other), touch)
        assert "다른 패" in status(pg) and status(pg) != picked
        # two of a kind with no path of two bends or fewer
        a, b = blocked_pair(board)
        press(pg, tile_at(a), touch)
        press(pg, tile_at(b), touch)
        said = status(pg)
        assert "두 번 안에 꺾어 닿는 길이 없습니다" in said and said != picked and "다른 패" not in said, said
        assert pg.locator("#shisen-app .tile.selected").count() == 1
        check_bar_in_view(pg, view, "after a blocked pair")
        shot("blocked")
        # the hint names the tiles it marks, not coordinates the board does not show
        press(pg, '#shisen-app [data-action="hint"]', touch)
        pg.locator("#shisen-app .tile.hinted").nth(1).wait_for()
        assert pg.locator("#shisen-app .tile.hinted").count() == 2
        names = json.loads(pg.text_content("#harupan-labels"))["tiles"]
        hinted = pg.eval_on_selector("#shisen-app .tile.hinted", "e => [+e.dataset.x, +e.dataset.y]")
        assert names[board.cells[hinted[1]][hinted[0]]] in status(pg) and not re.search(r"[A-Z]\d", status(pg)), status(pg)
        # the hard level: its own figures and lead
        press(pg, '#shisen-app [data-level="hard"]', touch)
        from harupan.renderers.games.shisen import level_lines
        from harupan.renderers.site import day_lead

        from harupan.generator.daily import DayBundle

        bundle = DayBundle.from_json(json.loads((browser_site / "2026/11/29/puzzle.json").read_text()))
        assert pg.text_content("#shisen-facts") == level_lines(bundle.part("shisen").layouts["hard"])["facts"]
        lead = day_lead(bundle.date, bundle.parts, "hard")
        assert pg.text_content("#day-lead") == lead and "어려움" in pg.text_content("#day-lead")
        # stuck: the last move into the trap, played here
        moves = trap(browser_site)
        save_history(pg, "hard", moves[:-1])
        pg.reload()
        open_day(pg, day_url(browser_site))
        for p in moves[-1]:
            press(pg, tile_at(p), touch)
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "stuck"
        assert in_view(pg, "#shisen-app dialog.toast") and "짝이 없습니다" in pg.text_content("#shisen-app dialog.toast")
        check_box_off_board(pg, view, "stuck")
        check_bar_in_view(pg, view, "stuck", box="stuck")
        shot("stuck")
        assert axe_violations(pg) == []  # the page with its message box open
        press(pg, '#shisen-app [data-action="toast-undo"]', touch)
        if undo_into_trap(browser_site, moves):  # the box says undo alone leads back in, the way out first (issue 33)
            assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "trap"
            assert in_view(pg, '#shisen-app dialog.toast [data-action="toast-rewind"]')
            shot("undo-trap")
        else:
            assert not pg.is_visible("#shisen-app dialog.toast")
        # cleared: the normal board's last pair
        steps = solution(browser_site)
        save_history(pg, "normal", steps[:-1])
        press(pg, '#shisen-app [data-level="normal"]', touch)
        for p in steps[-1]:
            press(pg, tile_at(p), touch)
        assert pg.is_hidden("#shisen-app dialog.toast")  # the results screen first: the share text once on screen
        close_results(pg)
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "cleared"
        assert in_view(pg, "#shisen-app dialog.toast")
        check_box_off_board(pg, view, "cleared")
        check_bar_in_view(pg, view, "cleared", box="cleared")
        toast = pg.text_content("#shisen-app dialog.toast")
        assert "완성" in toast and "내일" in toast and "내 기록 보기" in toast
        assert pg.input_value("#shisen-app dialog.toast textarea.share").startswith(f"하루 판 사천성 {DATE} 보통")
        shot("cleared")


MORE_SCREENS = {
    "landscape-740x360": {**VIEWS["landscape"], "viewport": {"width": 740, "height": 360}},
    "landscape-844x390": {**VIEWS["landscape"], "viewport": {"width": 844, "height": 390}},
    "phone-390x844": {**VIEWS["phone"], "viewport": {"width": 390, "height": 844}},
    "laptop-1366x768": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.mark.parametrize("view", list(MORE_SCREENS))
def test_the_message_box_never_lies_over_the_board(browser_site, browser, view):
    """Stuck, "shuffle?" and cleared on more phone and laptop screens than the test above: the box
    off the board, on the screen whole with its buttons, the bar beside it as that test has it."""
    touch = MORE_SCREENS[view].get("has_touch", False)
    with watched_page(browser, **MORE_SCREENS[view]) as pg:
        if touch:  # a phone has a share sheet: one more button in the cleared box (the tallest box)
            pg.add_init_script("if (!navigator.share) navigator.share = () => Promise.resolve();")
        open_day(pg, day_url(browser_site))
        moves, steps = trap(browser_site), solution(browser_site)
        save_history(pg, "hard", moves[:-1])
        save_history(pg, "normal", steps[:-1])
        press(pg, '#shisen-app [data-level="hard"]', touch)
        for p in moves[-1]:
            press(pg, tile_at(p), touch)
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "stuck"
        check_box_off_board(pg, view, "stuck")
        check_bar_in_view(pg, view, "stuck", box="stuck")
        pg.screenshot(path=str(artifact(f"box-{view}-stuck.png")))
        press(pg, '#shisen-app [data-action="toast-undo"]', touch)
        if undo_into_trap(browser_site, moves):  # its box closed first: a phone on its side shows its buttons instead of the bar's
            assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "trap"
            check_box_off_board(pg, view, "undo into the trap")
            press(pg, '#shisen-app dialog.toast [data-action="toast-close"]', touch)
        press(pg, '#shisen-app [data-action="shuffle"]', touch)
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "confirm"
        check_box_off_board(pg, view, "shuffle?")
        check_bar_in_view(pg, view, "shuffle?", box="confirm")
        pg.screenshot(path=str(artifact(f"box-{view}-confirm.png")))
        press(pg, '#shisen-app [data-action="shuffle-no"]', touch)
        assert not pg.is_visible("#shisen-app dialog.toast")
        assert pg.evaluate("document.activeElement.dataset.action") == "shuffle"  # back where the player was
        press(pg, '#shisen-app [data-level="normal"]', touch)
        for p in steps[-1]:
            press(pg, tile_at(p), touch)
        close_results(pg)
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "cleared"
        assert ("공유하기" in pg.text_content("#shisen-app dialog.toast")) == touch
        check_box_off_board(pg, view, "cleared")
        check_bar_in_view(pg, view, "cleared", box="cleared")
        pg.screenshot(path=str(artifact(f"box-{view}-cleared.png")))


def blocked_pair(board: Board):
    cells = [(x, y) for y in range(board.height) for x in range(board.width) if board.cells[y][x]]
    return next((a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
                if board[a] == board[b] and path_between(board, a, b) is None)


def test_shuffle_asks_first_and_an_undone_shuffle_leaves_the_share_line(browser_site, browser):
    with watched_page(browser, **VIEWS["desktop"]) as pg:
        open_day(pg, day_url(browser_site))
        steps = solution(browser_site)
        save_history(pg, "normal", steps[:-10])
        pg.reload()
        open_day(pg, day_url(browser_site))
        before = pg.evaluate("window.harupanShisen.board.cells")
        pg.click('#shisen-app [data-action="shuffle"]')
        assert pg.get_attribute("#shisen-app dialog.toast", "data-kind") == "confirm"
        assert axe_violations(pg) == []
        assert pg.evaluate("window.harupanShisen.board.cells") == before  # nothing yet
        pg.click('#shisen-app [data-action="shuffle-yes"]')
        assert pg.evaluate("window.harupanShisen.board.cells") != before
        pg.click('#shisen-app [data-action="undo"]')
        assert pg.evaluate("window.harupanShisen.board.cells") == before
        for pair in steps[-10:]:
            for p in pair:
                pg.click(tile_at(p))
        close_results(pg)
        share = pg.input_value("#shisen-app textarea.share")
        assert "섞기 0번" in share, share


def test_stats_list_the_levels_easy_normal_hard(browser_site, browser):
    with watched_page(browser, **VIEWS["desktop"]) as pg:
        open_day(pg, day_url(browser_site))
        order = ["쉬움", "보통", "어려움"]
        assert [t.strip() for t in pg.locator("#shisen-app [role=tab]").all_text_contents()] == order
        pg.goto(day_url(browser_site))  # the record's panel is on the day's menu
        pg.wait_for_selector("#harupan-stats table.times")
        assert pg.locator("#harupan-stats table.times tbody th").all_text_contents() == order
        pg.goto((browser_site / "index.html").as_uri())
        pg.wait_for_selector("#harupan-stats table.times")
        assert pg.locator("#harupan-stats table.times tbody th").all_text_contents() == order


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_zodiac_keys_slide_and_the_share_link_replays_the_game(browser_site, browser, scheme):
    with watched_page(browser, color_scheme=scheme, **VIEWS["desktop"]) as pg:
        open_day(pg, day_url(browser_site) + "#zodiac")
        pg.locator("#zodiac-app .zgrid").scroll_into_view_if_needed()
        assert "밀어서 합치기" in pg.text_content(".zcard .zhint")
        # the keys work once a click on the board has given it the focus ...
        pg.click("#zodiac-app .zgrid")
        assert pg.evaluate("document.activeElement === window.harupanZodiac.board")
        pg.keyboard.press("ArrowLeft")
        pg.keyboard.press("s")
        moved = pg.evaluate("window.harupanZodiac.game.moves")
        assert len(moved) >= 1
        # ... slide for at most 120 ms ...
        pg.keyboard.press("ArrowRight")
        slides = pg.evaluate("document.getAnimations().map((a) => a.effect.getTiming().duration)")
        assert slides and max(slides) <= 120, slides
        # ... and not in a text field
        pg.focus(".screen#zodiac a.screenbar.back")
        before = pg.evaluate("window.harupanZodiac.game.moves")
        pg.keyboard.press("w")
        assert pg.evaluate("window.harupanZodiac.game.moves") == before
        end_zodiac(pg)
        g = pg.evaluate("(() => { const g = window.harupanZodiac.game; return {board: g.board, score: g.score, moves: g.moves}; })()")
        info = pg.text_content("#zodiac-app .zinfo")
        assert len(re.findall(r"[.!?]", info)) == 1 and info[-1] in ".!", info  # one sentence
        share = pg.input_value("#zodiac-app textarea.share")
        lines = share.splitlines()
        assert not any(line.lstrip().startswith("{") or '"moves"' in line for line in lines), share
        assert lines[-1] == f"https://harupan.example/2026/11/29/index.html#z={g['moves']}"
        assert max(len(line) for line in lines[:-1]) < 60
        pg.click("#zodiac-app details.claim summary")
        claim = json.loads(pg.text_content("#zodiac-app details.claim code"))
        assert claim == {"date": DATE, "moves": g["moves"], "score": g["score"]}
        pg.locator("section.zcard").screenshot(path=str(artifact(f"zodiac-end-{scheme}.png")))
        # the link, opened on the site, replays the same game with the same engine
        pg.goto(day_url(browser_site) + "#" + lines[-1].split("#", 1)[1])
        pg.wait_for_selector("#zodiac-app .zgrid .ztile")
        again = pg.evaluate("(() => { const g = window.harupanZodiac.game; return {board: g.board, score: g.score, moves: g.moves}; })()")
        assert again == g
        ref = replay_cli(g["moves"])
        assert again["board"] == ref["board"] and again["score"] == ref["score"]
        assert pg.is_visible("#zodiac-app .zreplay")
        pg.locator("section.zcard").screenshot(path=str(artifact(f"zodiac-replay-{scheme}.png")))
        pg.click('#zodiac-app [data-action="watch"]')  # and plays it again move by move
        pg.wait_for_function("window.harupanZodiac.game.counted >= 3")
        pg.click('#zodiac-app [data-action="own-game"]')  # the player's own game is untouched
        assert pg.evaluate("window.harupanZodiac.game.moves") == g["moves"]


SWIPE = """([dx, dy]) => { const b = window.harupanZodiac.board, r = b.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const touch = (px, py) => new Touch({identifier: 1, target: b, clientX: px, clientY: py});
    b.dispatchEvent(new TouchEvent('touchstart', {touches: [touch(x, y)], changedTouches: [touch(x, y)], bubbles: true, cancelable: true}));
    b.dispatchEvent(new TouchEvent('touchmove', {touches: [touch(x + dx, y + dy)], changedTouches: [touch(x + dx, y + dy)], bubbles: true, cancelable: true}));
    b.dispatchEvent(new TouchEvent('touchend', {touches: [], changedTouches: [touch(x + dx, y + dy)], bubbles: true, cancelable: true})); }"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["phone", "landscape"])
def test_zodiac_swipes_and_its_share_link_replays_on_a_phone(browser_site, browser, view, scheme):
    """The phone half of the zodiac check: a swipe moves the board, the share text at the end has
    no JSON line, and its link replays to the same board and score."""
    with watched_page(browser, color_scheme=scheme, **VIEWS[view]) as pg:
        open_day(pg, day_url(browser_site) + "#zodiac")
        pg.locator("#zodiac-app .zgrid").scroll_into_view_if_needed()
        for dx, dy in ((-80, 0), (0, 80), (80, 0)):
            pg.evaluate(SWIPE, [dx, dy])
        assert pg.evaluate("window.harupanZodiac.game.moves"), "a swipe moved nothing"
        end_zodiac(pg)
        g = pg.evaluate("(() => { const g = window.harupanZodiac.game; return {board: g.board, score: g.score, moves: g.moves}; })()")
        share = pg.input_value("#zodiac-app textarea.share")
        lines = share.splitlines()
        assert not any(line.lstrip().startswith("{") or '"moves"' in line for line in lines), share
        assert lines[-1].endswith(f"#z={g['moves']}")
        pg.locator("section.zcard").screenshot(path=str(artifact(f"zodiac-end-{view}-{scheme}.png")))
        pg.goto(day_url(browser_site) + "#" + lines[-1].split("#", 1)[1])
        pg.wait_for_selector("#zodiac-app .zgrid .ztile")
        again = pg.evaluate("(() => { const g = window.harupanZodiac.game; return {board: g.board, score: g.score, moves: g.moves}; })()")
        assert again == g
        assert pg.is_visible("#zodiac-app .zreplay")


def test_zodiac_does_not_slide_under_reduced_motion(browser_site, browser):
    with watched_page(browser, reduced_motion="reduce", **VIEWS["desktop"]) as pg:
        open_day(pg, day_url(browser_site) + "#zodiac")
        pg.focus("#zodiac-app .zgrid")
        pg.keyboard.press("ArrowLeft")
        pg.keyboard.press("ArrowDown")
        assert pg.evaluate("window.harupanZodiac.game.moves")
        assert pg.evaluate("document.getAnimations().length") == 0


def zodiac_saved(page) -> str | None:
    return page.evaluate(f"localStorage.getItem('harupan:zodiac:{DATE}')")


def settled_scroll(page) -> float:
    """scrollY once the arrows' smooth scrolling has come to rest (the same over 150 ms)."""
    y = None
    for _ in range(40):
        now = page.evaluate("scrollY")
        if now == y:
            return now
        y = now
        page.wait_for_timeout(150)
    raise AssertionError(f"the page kept scrolling (at {y} px)")


def test_zodiac_arrows_scroll_the_page_unless_the_board_has_the_focus(browser_site, browser):
    """A reader who clicks the title and scrolls with the arrow keys scrolls past the board and plays
    no move (a move is saved and cannot be undone); with the board focused the same keys push."""
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as pg:
        open_day(pg, day_url(browser_site) + "#zodiac")
        pg.locator("#zodiac-h").click()
        # the game's screen is short: the arrows scroll it as far as it goes, which takes at least part of the board off
        passed = "scrollY > 0 && scrollY >= document.documentElement.scrollHeight - innerHeight - 1"
        for _ in range(80):  # the page scrolls smoothly: each press given time to move it
            pg.keyboard.press("ArrowDown")
            pg.wait_for_timeout(30)
            if pg.evaluate(passed):
                break
        for key in "wasd":
            pg.keyboard.press(key)
        # the focus left the board: on the page (<main> takes it since the skip link leads there)
        assert pg.evaluate("document.activeElement === document.body || document.activeElement.id === 'main'")
        assert pg.evaluate(passed), f"the arrows stopped scrolling at {pg.evaluate('scrollY')} px, over the board"
        assert pg.evaluate("window.harupanZodiac.game.counted") == 0 and zodiac_saved(pg) is None
        # the hint says how to play with keys; Tab reaches the board, whose name says it too
        assert "Tab" in pg.text_content(".zcard .zhint") and "화살표" in pg.text_content(".zcard .zhint")
        assert "화살표" in pg.get_attribute("#zodiac-app .zgrid", "aria-label")
        pg.focus("#zodiac-app .zgrid")  # (scrolls it back into view)
        y = settled_scroll(pg)
        for key in ("ArrowLeft", "ArrowDown", "ArrowRight", "ArrowUp"):
            pg.keyboard.press(key)
        moves = pg.evaluate("window.harupanZodiac.game.moves")
        assert len(moves) >= 2 and zodiac_saved(pg) == json.dumps(moves)
        assert settled_scroll(pg) == y, "the page scrolled under the board's keys"
        # focus leaves the board: the arrows scroll again
        pg.locator("#zodiac-h").click()
        pg.keyboard.press("ArrowLeft")
        pg.keyboard.press("ArrowUp")
        assert pg.evaluate("window.harupanZodiac.game.moves") == moves


def check_zodiac_status_beside_board(page, view, state):
    page.evaluate("window.harupanZodiac.board.scrollIntoView({block: 'center'})")
    out = [s for s in (".zgrid", ".zinfo") if not in_view(page, f"#zodiac-app {s}")]
    assert out == [], f"{view}, {state}: out of view with the board on screen: {out}"


ARROWS = {"U": "ArrowUp", "D": "ArrowDown", "L": "ArrowLeft", "R": "ArrowRight"}
ZODIAC_VIEWS = {**VIEWS, "landscape": {**VIEWS["landscape"], "viewport": {"width": 740, "height": 360}}}


@pytest.mark.parametrize(("view", "scheme"), [("landscape", "light"), ("landscape", "dark"), ("phone", "dark"), ("desktop", "light")])
def test_zodiac_status_line_shows_with_the_board_and_the_ending_says_when_the_next_opens(browser_site, browser, view, scheme):
    """The score, "can't move" and ending line on screen together with the whole board, a phone on
    its side included; the ending says the next game opens at 0시 and offers no second try."""
    with watched_page(browser, color_scheme=scheme, **ZODIAC_VIEWS[view]) as pg:
        open_day(pg, day_url(browser_site) + "#zodiac")
        check_zodiac_status_beside_board(pg, view, "start")
        pg.focus("#zodiac-app .zgrid")
        for key in ("ArrowLeft", "ArrowDown", "ArrowRight", "ArrowDown"):
            pg.keyboard.press(key)
        check_zodiac_status_beside_board(pg, view, "playing")
        for i in range(50):  # pushed down and left until some push would move nothing, then that push
            board = zodiac.pack(pg.evaluate("window.harupanZodiac.game.board"))
            still = [m for m in "UDLR" if zodiac.move(board, m)[0] == board]
            pg.keyboard.press(ARROWS[still[0]] if still else ARROWS["DL"[i % 2]])
            if still:
                break
        assert pg.text_content("#zodiac-app .zinfo") == "그쪽으로는 움직일 것이 없습니다"
        check_zodiac_status_beside_board(pg, view, "can't move")
        pg.screenshot(path=str(artifact(f"zodiac-nomove-{view}-{scheme}.png")))
        end_zodiac(pg)
        check_zodiac_status_beside_board(pg, view, "ended")
        pg.screenshot(path=str(artifact(f"zodiac-ended-{view}-{scheme}.png")))
        # the day is over for this board (not today here: the site's day is in the past) ...
        assert pg.text_content("#zodiac-app .znext").startswith(
            "이 날의 십이지 머지는 여기까지입니다. 새 판은 날마다 0시에 열립니다.")
        assert pg.get_attribute("#zodiac-app .znext a", "href").endswith("/archive/index.html")
        buttons = pg.locator("#zodiac-app button").all_text_contents()
        assert "공유 문구 복사" in buttons and set(buttons) <= {"공유 문구 복사", "공유하기"}, buttons  # no new try at the score
        # ... and stays over after a reload: the same ended game, the same line
        g = pg.evaluate("window.harupanZodiac.game.moves")
        pg.reload()
        pg.wait_for_selector("#zodiac-app .znext")
        assert pg.evaluate("window.harupanZodiac.game.moves") == g
        check_zodiac_status_beside_board(pg, view, "ended, reloaded")


def test_zodiac_ending_on_the_day_itself_says_tomorrow(browser_site, browser):
    """On the day (Korean time), the ending names tomorrow's 0시."""
    with watched_page(browser, **VIEWS["desktop"]) as pg:
        pg.clock.set_fixed_time(datetime.fromisoformat(f"{DATE}T23:30:00+09:00"))
        open_day(pg, day_url(browser_site) + "#zodiac")
        end_zodiac(pg)
        assert pg.text_content("#zodiac-app .znext").startswith(
            "오늘의 십이지 머지는 여기까지입니다. 내일 0시에 새 판이 열립니다.")


def test_the_page_does_not_jump_while_the_game_starts(browser_site, browser):
    """A 360-px phone, CPU slowed 4x, a slow network: the picture's box becomes the board's."""
    ctx = browser.new_context(**VIEWS["phone"])
    try:
        with served(browser_site) as base:
            pg = slow_phone_page(ctx)
            pg.goto(f"{base}2026/11/29/index.html#shisen", wait_until="load")  # its screen, as the menu opens it
            pg.wait_for_selector("#shisen-app .sgrid .tile")
            pg.wait_for_timeout(1500)
            cls = pg.evaluate("window.__cls")
            pg.screenshot(path=str(artifact("play-phone-first-screen.png")))
            # the first screen shows the board: at least three full rows of tiles
            tops = pg.eval_on_selector_all("#shisen-app .tile", """els => els.map((e) => e.getBoundingClientRect())
                .filter((r) => r.top >= 0 && r.bottom <= innerHeight).map((r) => Math.round(r.top))""")
            assert len(set(tops)) >= 3, sorted(set(tops))
        print(f"CLS {cls:.4f}")
        assert cls < 0.05, cls
    finally:
        ctx.close()
