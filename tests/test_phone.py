"""The day page on a phone, in headless Chromium with touch: the turned board, real taps and
swipes, the record and the share lines, offline play over ``harupan site serve``, screenshots."""

import datetime as dt
import re

import pytest
from conftest import artifact, npm_tool
from pagecheck import DATE, close_results, show_menu, show_screen, day_url, open_day, replay_cli, served, shuffle, solution, tiles_left, watched_page

from harupan.engine.zodiac import Game

PORTRAIT = {"width": 360, "height": 780}
LANDSCAPE = {"width": 780, "height": 360}
MIN_TAP = 36
pytestmark = pytest.mark.slow


@pytest.fixture
def phone(browser):
    with watched_page(browser, viewport=PORTRAIT, is_mobile=True, has_touch=True, device_scale_factor=2) as pg:
        yield pg


def tile(page, p):
    return page.locator(f'#shisen-app .tile[data-x="{p[0]}"][data-y="{p[1]}"]')


def tap_pair(page, a, b):
    for p in (a, b):
        # centred first: a tile at the top edge sits under the sticky bar, and the tap's own
        # scrolling can take many tries to clear it on a loaded machine
        tile(page, p).evaluate("e => e.scrollIntoView({block: 'center'})")
        tile(page, p).tap()


def boxes(page) -> list[dict]:
    return page.eval_on_selector_all("#shisen-app .tile", """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return {x: +e.dataset.x, y: +e.dataset.y, left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY,
                w: r.width, h: r.height}; })""")


def check_fits(page, width: int) -> dict:
    """Every tile on screen sideways with a tap box of at least MIN_TAP px; the figures."""
    b = boxes(page)
    off = [t for t in b if t["left"] < -0.5 or t["right"] > width + 0.5]
    small = min(min(t["w"], t["h"]) for t in b)
    assert len(b) == 144 and off == [], f"{len(off)} tiles off screen sideways"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    return {"tiles": len(b), "off": len(off), "shorter_side": small}


def test_portrait_phone_turns_the_board_and_plays_by_taps(browser_site, phone):
    open_day(phone, day_url(browser_site))
    assert phone.evaluate("window.harupanShisen.turned") is True
    figures = check_fits(phone, PORTRAIT["width"])
    assert figures["shorter_side"] >= MIN_TAP, figures
    b = {(t["x"], t["y"]): t for t in boxes(phone)}
    # turned a quarter clockwise: 8 columns x 18 rows, the board's top row down the right side
    assert len({round(t["left"]) for t in b.values()}) == 8 and len({round(t["top"]) for t in b.values()}) == 18
    assert b[(0, 0)]["left"] > b[(0, 7)]["left"] and b[(0, 0)]["top"] < b[(1, 0)]["top"]
    steps = solution(browser_site)
    a, c = steps[0]
    tile(phone, a).tap()
    assert phone.locator("#shisen-app .tile.selected").count() == 1
    tile(phone, c).tap()
    assert tiles_left(phone) == 142
    # the path is drawn in the turned view: it starts and ends on the two tiles' centres
    ends = phone.evaluate("""() => {
        const svg = document.querySelector('#shisen-app .spath'), r = svg.getBoundingClientRect();
        const vb = svg.viewBox.baseVal, pts = svg.querySelector('polyline').points;
        const at = (p) => [r.left + p.x * r.width / vb.width, r.top + scrollY + p.y * r.height / vb.height];
        return [at(pts.getItem(0)), at(pts.getItem(pts.numberOfItems - 1))]; }""")
    # (the cells measured now: the status line under the tabs may have taken a second line since)
    now = phone.evaluate("""(ps) => ps.map(([x, y]) => { const r = document.querySelector(`#shisen-app .tile[data-x="${x}"][data-y="${y}"]`).getBoundingClientRect();
        return [(r.left + r.right) / 2, (r.top + r.bottom) / 2 + scrollY]; })""", [a, c])
    for (x, y), (cx, cy) in zip(ends, now):
        assert abs(x - cx) < 1 and abs(y - cy) < 1
    for a, c in steps[1:4]:
        tap_pair(phone, a, c)
    assert tiles_left(phone) == 136
    # no zoom from the taps
    assert phone.evaluate("visualViewport.scale") == 1


def test_turning_the_phone_keeps_the_game(browser_site, phone):
    open_day(phone, day_url(browser_site))
    steps = solution(browser_site)
    for a, c in steps[:2]:
        tap_pair(phone, a, c)
    tile(phone, steps[2][0]).tap()  # one selected
    cells = phone.evaluate("window.harupanShisen.board.cells")
    phone.set_viewport_size(LANDSCAPE)
    phone.wait_for_function("window.harupanShisen.turned === false")
    assert phone.evaluate("window.harupanShisen.board.cells") == cells
    assert phone.locator("#shisen-app .tile.selected").count() == 1
    b = boxes(phone)
    assert len({round(t["top"]) for t in b}) == 8 and check_fits(phone, LANDSCAPE["width"])["off"] == 0
    # on its side the tiles keep a finger's width (issue 33: 34 px on the short side); the board scrolls under the column
    assert min(min(t["w"], t["h"]) for t in b) >= 34
    tile(phone, steps[2][1]).tap()  # the pair, finished in the other orientation
    assert tiles_left(phone) == 138
    phone.set_viewport_size(PORTRAIT)
    phone.wait_for_function("window.harupanShisen.turned === true")
    assert tiles_left(phone) == 138


def test_keys_follow_the_screen_on_the_turned_board(browser_site, phone):
    open_day(phone, day_url(browser_site))
    tile(phone, (0, 3)).tap()
    tile(phone, (0, 3)).tap()  # focus the grid there, and deselect
    assert phone.evaluate("visualViewport.scale") == 1  # a double tap does not zoom
    seen = []
    for key, (dx, dy) in (("ArrowLeft", (-1, 0)), ("ArrowDown", (0, 1)), ("ArrowRight", (1, 0)), ("ArrowUp", (0, -1)),
                          ("ArrowDown", (0, 1)), ("ArrowDown", (0, 1)), ("ArrowLeft", (-1, 0))):
        where = "(() => { const r = document.activeElement.getBoundingClientRect();" \
                " return {left: r.left + scrollX, top: r.top + scrollY}; })()"  # page, not viewport: focus may scroll
        before = phone.evaluate(where)
        phone.keyboard.press(key)
        after = phone.evaluate(where)
        moved = (round(after["left"] - before["left"]), round(after["top"] - before["top"]))
        assert (moved[0] > 0) - (moved[0] < 0) == dx and (moved[1] > 0) - (moved[1] < 0) == dy, (key, moved)
        seen.append(tuple(phone.evaluate("window.harupanShisen.cursor")))
    # screen left is the board's down, screen down the board's right
    assert seen[:2] == [(0, 4), (1, 4)]
    a, c = solution(browser_site)[0]
    for target in (a, c):
        while tuple(phone.evaluate("window.harupanShisen.cursor")) != tuple(target):
            x, y = phone.evaluate("window.harupanShisen.cursor")
            phone.keyboard.press("ArrowDown" if target[0] > x else "ArrowUp" if target[0] < x
                                 else "ArrowLeft" if target[1] > y else "ArrowRight")
        phone.keyboard.press("Enter")
    assert tiles_left(phone) == 142


def test_hint_shuffle_undo_timer_and_resume_on_the_turned_board(browser_site, phone):
    open_day(phone, day_url(browser_site))
    a, c = solution(browser_site)[0]
    tap_pair(phone, a, c)
    phone.locator('#shisen-app [data-action="hint"]').tap()
    phone.locator("#shisen-app .tile.hinted").nth(1).wait_for()
    assert phone.locator("#shisen-app .tile.hinted").count() == 2
    before = phone.evaluate("window.harupanShisen.board.cells")
    shuffle(phone, tap=True)
    assert phone.evaluate("window.harupanShisen.board.cells") != before
    phone.locator('#shisen-app [data-action="undo"]').tap()
    assert phone.evaluate("window.harupanShisen.board.cells") == before
    phone.wait_for_function("document.querySelector('#shisen-app .timer').textContent !== '0:00'", timeout=5000)
    phone.reload()
    open_day(phone, day_url(browser_site))
    assert tiles_left(phone) == 142 and phone.evaluate("window.harupanShisen.turned") is True
    # the shuffle taken back by undo is not counted against the player
    assert phone.evaluate("window.harupanShisen.hints") == 1 and phone.evaluate("window.harupanShisen.shufflesUsed") == 0


IN_VIEW = """() => {
  // each hinted tile at least two thirds on screen, below the bar (a pair further apart than the
  // screen is tall cannot be seen whole: centred, each tile loses a little at an edge)
  const top = Math.max(0, document.querySelector('#shisen-app .sbar').getBoundingClientRect().bottom);
  const tiles = [...document.querySelectorAll('#shisen-app .tile.hinted')];
  return tiles.length === 2 && tiles.every((t) => { const r = t.getBoundingClientRect();
    return Math.min(r.bottom, innerHeight) - Math.max(r.top, top) >= (r.bottom - r.top) * 2 / 3; });
}"""

def test_a_hint_off_screen_is_brought_into_view(browser_site, phone):
    """The turned board is taller than a phone's screen: a hint marked below (or above) what the
    screen shows would blink unseen, so the page scrolls the pair into view under the bar."""
    open_day(phone, day_url(browser_site))
    a, c = solution(browser_site)[0]
    tap_pair(phone, a, c)
    phone.locator('#shisen-app [data-action="hint"]').tap()
    phone.locator("#shisen-app .tile.hinted").nth(1).wait_for()
    phone.wait_for_function(IN_VIEW, timeout=5000)
    pair = phone.eval_on_selector_all("#shisen-app .tile.hinted", "ts => ts.map((t) => [t.dataset.x, t.dataset.y])")
    # scroll the pair out of sight (to the end of the page the other way), then ask again
    for where in ("0", "document.documentElement.scrollHeight"):
        phone.evaluate(f"window.scrollTo(0, {where})")
        phone.wait_for_timeout(100)
        if not phone.evaluate(IN_VIEW):
            break
    assert not phone.evaluate(IN_VIEW), "the board fits the screen: nothing to scroll"
    phone.locator('#shisen-app [data-action="hint"]').tap()
    phone.wait_for_function(IN_VIEW, timeout=5000)
    assert phone.eval_on_selector_all("#shisen-app .tile.hinted", "ts => ts.map((t) => [t.dataset.x, t.dataset.y])") == pair


def swipe(cdp, x, y, dx, dy, steps=6):
    """A finger on the screen (Chrome's DevTools protocol: real touch events, as a phone sends them)."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x + dx * i / steps, "y": y + dy * i / steps}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


DIRECTIONS = {"L": (-80, 0), "R": (80, 0), "U": (0, -80), "D": (0, 80)}


def test_swipes_move_the_zodiac_tiles_as_the_python_replay_does(browser_site, phone):
    open_day(phone, day_url(browser_site) + "#zodiac")
    grid = phone.locator("#zodiac-app .zgrid")
    grid.scroll_into_view_if_needed()
    box = grid.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    scroll = phone.evaluate("scrollY")
    cdp = phone.context.new_cdp_session(phone)
    expected, game = "", Game.for_date(dt.date.fromisoformat(DATE))
    for letter in "LDRDLURDDLLURRDLDRUL" * 2:
        dx, dy = DIRECTIONS[letter]
        swipe(cdp, x, y, dx, dy)
        if game.state == "playing" and game.apply(letter):
            expected += letter  # a swipe that moves nothing is not a move
    swipe(cdp, x, y, 10, 5)  # too short to be a swipe: nothing moves
    state = phone.evaluate("(() => { const g = window.harupanZodiac.game; return {moves: g.moves, board: g.board, score: g.score}; })()")
    assert state["moves"] == expected and len(expected) >= 20
    ref = replay_cli(state["moves"])
    assert state["board"] == ref["board"] and state["score"] == ref["score"]
    assert phone.evaluate("scrollY") == scroll, "the page scrolled under the swipes"
    assert phone.evaluate("visualViewport.scale") == 1


def test_stats_share_line_and_reset(browser_site, phone):
    open_day(phone, day_url(browser_site))
    show_menu(phone)
    assert phone.locator("#harupan-stats .stat").count() >= 10
    show_screen(phone, "shisen")
    for a, c in solution(browser_site):
        tap_pair(phone, a, c)
    assert tiles_left(phone) == 0
    close_results(phone)
    share = phone.input_value("#shisen-app textarea.share")
    lines = share.splitlines()
    assert re.fullmatch(r"하루 판 사천성 2026-11-29 보통", lines[0]), share
    assert re.fullmatch(r"완성 \d+:\d\d · 힌트 0번 · 섞기 0번 · 무르기 0번 · 되돌아가기 0번", lines[1]), share
    assert lines[2] == "https://harupan.example/2026/11/29/index.html#shisen"
    assert not re.search(r"[A-Z]\d|萬|[0-9][mpsz]", share)  # no tile, no position: no spoiler
    phone.locator('#shisen-app [data-action="copy"]').tap()
    phone.wait_for_function("document.querySelector('#shisen-app .status').textContent.includes('복사')")
    stats = phone.evaluate("JSON.parse(localStorage.getItem('harupan:stats'))")
    assert stats["v"] == 1 and list(stats["shisen"]) == [DATE] and "normal" in stats["shisen"][DATE]["cleared"]
    show_menu(phone)
    panel = phone.text_content("#harupan-stats")
    assert re.search(r"1\s*완성한 날", panel) and re.search(r"1\s*플레이한 날", panel)
    row = phone.text_content("#harupan-stats table.times tbody tr:nth-child(2)")
    assert re.fullmatch(r"보통1판\d+:\d\d\d+:\d\d", row), row
    # the zodiac game to its end counts too
    show_screen(phone, "zodiac")
    phone.evaluate("""() => { const grid = document.querySelector('#zodiac-app .zgrid');
        const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowUp'];
        for (let i = 0; i < 20000 && window.harupanZodiac.game.state === 'playing'; i++)
            grid.dispatchEvent(new KeyboardEvent('keydown', {key: keys[i % 5], bubbles: true})); }""")
    z = phone.evaluate("window.harupanRecord.stats.zodiac")[DATE]
    assert z["ended"] is True and z["score"] == phone.evaluate("window.harupanZodiac.game.score")
    close_results(phone)
    show_menu(phone)
    panel = phone.locator("#harupan-stats")
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(artifact("phone-stats.png")))
    phone.locator('#harupan-stats [data-action="reset"]').tap()  # the confirmation open too
    assert axe_violations(phone) == []  # the finished page: share boxes, filled panel
    phone.locator('#harupan-stats [data-action="reset-no"]').tap()
    # the home page shows the same record
    phone.goto((browser_site / "index.html").as_uri())
    phone.wait_for_selector("#harupan-stats .stat")
    assert re.search(r"1\s*완성한 날", phone.text_content("#harupan-stats"))
    open_day(phone, day_url(browser_site))
    show_menu(phone)
    # reset asks first; saying no keeps everything
    phone.locator('#harupan-stats [data-action="reset"]').tap()
    assert phone.locator("#harupan-stats .confirm").is_visible()
    phone.locator('#harupan-stats [data-action="reset-no"]').tap()
    assert not phone.locator("#harupan-stats .confirm").is_visible()
    assert phone.evaluate("Object.keys(window.harupanRecord.stats.shisen).length") == 1
    phone.locator('#harupan-stats [data-action="reset"]').tap()
    phone.locator('#harupan-stats [data-action="reset-yes"]').tap()
    emptied = phone.evaluate("JSON.parse(localStorage.getItem('harupan:stats'))")
    assert emptied["v"] == 1 and {"shisen", "zodiac"} <= set(emptied)  # and a place for each other game that keeps a record
    assert all(days == {} for game, days in emptied.items() if game != "v"), emptied
    assert re.search(r"0\s*완성한 날", phone.text_content("#harupan-stats"))
    phone.reload()
    open_day(phone, day_url(browser_site))
    assert tiles_left(phone) == 0  # the games themselves are kept; the reset does not bring their days back
    assert phone.evaluate("Object.keys(window.harupanRecord.stats.shisen).length") == 0


def axe_violations(page) -> list[str]:
    page.add_script_tag(content=npm_tool("axe-core").read_text(encoding="utf-8"))
    before = len(page.errors)
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    # from file:// axe's own fetch of the style sheet (for one rule) is refused: its noise, not the page's
    page.errors[before:] = [e for e in page.errors[before:]
                            if not ("XMLHttpRequest" in e or "net::ERR_FAILED" in e)]
    return [f"{v['id']} on {len(v['nodes'])} nodes" for v in result["violations"]]


def test_the_record_survives_a_change_of_format(browser_site, phone):
    open_day(phone, day_url(browser_site))
    # before the record existed: only the games' own saves (version 0)
    game, moves = Game.for_date(dt.date.fromisoformat(DATE)), ""
    for letter in "LDRDLURDDLLURRDL":
        if game.apply(letter):
            moves += letter
    phone.evaluate("""([date, moves]) => { localStorage.clear();
        localStorage.setItem(`harupan:zodiac:${date}`, JSON.stringify(moves));
        localStorage.setItem(`harupan:shisen:${date}:easy`, JSON.stringify({history: [{shuffle: 0}], elapsed: 1000}));
        localStorage.setItem(`harupan:shisen:2026-11-20:normal`, JSON.stringify({history: [{pair: [[0, 0], [1, 0]]}], elapsed: 65000, done: true})); }""",
                  [DATE, moves])
    phone.reload()
    open_day(phone, day_url(browser_site))
    stats = phone.evaluate("JSON.parse(localStorage.getItem('harupan:stats'))")
    assert stats["v"] == 1
    assert stats["zodiac"][DATE] == {"ended": False, "won": False, "score": game.score, "top": game.result().top}
    assert stats["shisen"][DATE] == {"cleared": {}}  # played, not cleared
    assert stats["shisen"]["2026-11-20"]["cleared"]["normal"]["ms"] == 65000
    # a record this page cannot read (a newer format, say) is set aside, not written over
    newer = {"v": 7, "anything": [1, 2, 3]}
    phone.evaluate("(v) => localStorage.setItem('harupan:stats', JSON.stringify(v))", newer)
    phone.reload()
    open_day(phone, day_url(browser_site))
    assert phone.evaluate("JSON.parse(localStorage.getItem('harupan:stats:set-aside'))") == newer
    assert phone.evaluate("JSON.parse(localStorage.getItem('harupan:stats')).v") == 1


def test_copy_falls_back_where_the_clipboard_is_refused(browser_site, browser):
    """Over http on 127.0.0.1 (a secure context) the clipboard is offered; refused, the text is
    selected for the player to copy instead."""
    with served(browser_site) as base:
        ctx = browser.new_context(viewport=PORTRAIT, is_mobile=True, has_touch=True)
        try:
            pg = ctx.new_page()
            pg.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))")
            open_day(pg, f"{base}2026/11/29/index.html")
            pg.locator('#shisen-app [data-level="easy"]').tap()
            for a, c in solution(browser_site, "easy"):
                tap_pair(pg, a, c)
            pg.reload()  # the level chosen is kept
            open_day(pg, f"{base}2026/11/29/index.html")
            assert pg.get_attribute('#shisen-app [data-level="easy"]', "aria-selected") == "true" and tiles_left(pg) == 0
            pg.locator('#shisen-app [data-action="copy"]').tap()
            pg.wait_for_function("document.activeElement && document.activeElement.classList.contains('share')")
            assert "복사" in pg.text_content("#shisen-app .status")
            assert pg.evaluate("getSelection().toString() || document.activeElement.value.slice(document.activeElement.selectionStart, document.activeElement.selectionEnd)").startswith("하루 판 사천성")
        finally:
            ctx.close()


def test_a_day_visited_once_plays_offline(browser_site, browser):
    ctx = browser.new_context(viewport=PORTRAIT, is_mobile=True, has_touch=True)
    requests = []
    try:
        with served(browser_site) as base:
            pg = ctx.new_page()
            pg.on("request", lambda r: requests.append(r.url))
            open_day(pg, f"{base}2026/11/29/index.html")
            pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15000)
            manifest = pg.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
            assert manifest["start_url"] == "./index.html" and {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
            assert any(i["purpose"] == "maskable" for i in manifest["icons"])
            # Chrome's own verdict: the manifest parses and nothing stands in the way of installing
            # but the test browser's private (incognito-like) context
            cdp = ctx.new_cdp_session(pg)
            assert cdp.send("Page.getAppManifest").get("errors") == []
            errors = {e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]}
            assert errors <= {"in-incognito"}, errors
            a, c = solution(browser_site)[0]
            tap_pair(pg, a, c)
        # the server is gone and the browser is offline
        ctx.set_offline(True)
        pg.reload()
        open_day(pg, f"{base}2026/11/29/index.html")
        assert tiles_left(pg) == 142  # the page, its script and its saved game
        a, c = solution(browser_site)[1]
        tap_pair(pg, a, c)
        assert tiles_left(pg) == 140
        assert pg.evaluate("getComputedStyle(document.body).backgroundColor") != "rgba(0, 0, 0, 0)"  # the style sheet too
        pg.goto(f"{base}archive/index.html")  # never visited: a clear word, not the browser's error
        assert "인터넷에 연결되어 있지 않습니다" in pg.text_content("h1")
        # nothing left the device: every request went to the site itself
        assert requests and all(u.startswith(base) for u in requests), [u for u in requests if not u.startswith(base)]
    finally:
        ctx.close()


def test_phone_screenshots_for_review(browser_site, browser):
    """Portrait and landscape, a game in progress (pairs gone, one tile picked, zodiac moved)."""
    ctx = browser.new_context(viewport=PORTRAIT, is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        pg = ctx.new_page()
        open_day(pg, day_url(browser_site))
        steps = solution(browser_site)
        for a, c in steps[:6]:
            tap_pair(pg, a, c)
        tile(pg, steps[6][0]).tap()
        pg.screenshot(path=str(artifact("phone-portrait-game.png")))
        show_screen(pg, "zodiac")
        pg.focus("#zodiac-app .zgrid")
        for key in "LDRDLURD":
            pg.keyboard.press({"L": "ArrowLeft", "R": "ArrowRight", "U": "ArrowUp", "D": "ArrowDown"}[key])
        pg.screenshot(path=str(artifact("phone-portrait-zodiac.png")))
        show_screen(pg, "shisen")
        pg.locator("#shisen-app .sgrid").scroll_into_view_if_needed()
        pg.screenshot(path=str(artifact("phone-portrait-game.png")))
        pg.screenshot(path=str(artifact("phone-portrait-page.png")), full_page=True)
        pg.set_viewport_size(LANDSCAPE)
        pg.wait_for_function("window.harupanShisen.turned === false")
        pg.locator("#shisen-app .sgrid").scroll_into_view_if_needed()
        pg.screenshot(path=str(artifact("phone-landscape-game.png")))
        assert tiles_left(pg) == 132
    finally:
        ctx.close()


def test_tiles_show_in_dark_mode(browser_site, browser):
    """The path layer over the board stays see-through with the dark colour scheme."""
    import io

    from PIL import Image

    ctx = browser.new_context(viewport=PORTRAIT, is_mobile=True, has_touch=True, color_scheme="dark")
    try:
        pg = ctx.new_page()
        open_day(pg, day_url(browser_site))
        shot = Image.open(io.BytesIO(tile(pg, (0, 0)).screenshot())).convert("RGB")
        assert len(shot.getcolors(maxcolors=1 << 16) or range(1 << 16)) > 20, "the tile's face is hidden"
        # the board between and after the tiles is the page's dark card, not a light box
        board, card = pg.evaluate("""() => [getComputedStyle(document.querySelector('#shisen-app .sgrid')).backgroundColor,
            getComputedStyle(document.documentElement).getPropertyValue('--card').trim()]""")
        assert card == "#25231f" and board == "rgb(37, 35, 31)", (board, card)
    finally:
        ctx.close()
