"""End to end in headless Chromium (Debian's package): the day page played as a person plays it."""

import json
import re
import subprocess
import sys

import pytest
from conftest import artifact
from pagecheck import DATE, ROOT, close_results, show_screen, day_url, open_day, replay_cli, shuffle, solution, tiles_left, watched_page

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(browser_site):
    return browser_site


@pytest.fixture
def page(browser):
    with watched_page(browser, viewport={"width": 1280, "height": 1000}) as pg:
        yield pg


def click_pair(page, a, b):
    page.click(f'#shisen-app .tile[data-x="{a[0]}"][data-y="{a[1]}"]')
    page.click(f'#shisen-app .tile[data-x="{b[0]}"][data-y="{b[1]}"]')


def test_solve_the_whole_board_from_file_url(site, page):
    open_day(page, day_url(site))
    assert tiles_left(page) == 144
    steps = solution(site)
    click_pair(page, *steps[0])
    assert page.locator("#shisen-app .spath polyline").count() == 1  # the path is drawn
    for a, b in steps[1:]:
        click_pair(page, a, b)
    assert tiles_left(page) == 0
    status = page.text_content("#shisen-app .status")
    assert re.match(r"완성! 걸린 시간 \d+:\d\d", status), status
    assert page.locator("textarea.share").count() == 1  # on the results screen only, not in the board's box too
    close_results(page)
    assert re.fullmatch(r"완성! 보통 · 걸린 시간 \d+:\d\d", page.text_content("#shisen-toast-msg"))
    page.reload()  # the cleared day again: its box says so in a sentence of its own (issue 33)
    page.wait_for_selector("#shisen-toast-msg")
    said = page.text_content("#shisen-toast-msg")
    assert re.fullmatch(r"이미 완성한 판입니다\. 보통 · 걸린 시간 \d+:\d\d", said), said


def test_selection_rules_hint_shuffle_undo_and_easy_view(site, page):
    open_day(page, day_url(site))
    steps = solution(site)
    a, b = steps[0]
    page.click(f'#shisen-app .tile[data-x="{a[0]}"][data-y="{a[1]}"]')
    assert page.locator("#shisen-app .tile.selected").count() == 1
    page.click(f'#shisen-app .tile[data-x="{a[0]}"][data-y="{a[1]}"]')  # again: deselects
    assert page.locator("#shisen-app .tile.selected").count() == 0
    click_pair(page, a, b)
    assert tiles_left(page) == 142
    page.click('#shisen-app [data-action="hint"]')  # off the layout's order: the JS solver finds one
    page.locator("#shisen-app .tile.hinted").nth(1).wait_for()
    assert page.locator("#shisen-app .tile.hinted").count() == 2
    before = page.evaluate("window.harupanShisen.board.cells")
    page.click('#shisen-app [data-action="shuffle"]')  # asks first; no leaves the board as it was
    page.click('#shisen-app [data-action="shuffle-no"]')
    assert page.evaluate("window.harupanShisen.board.cells") == before
    shuffle(page)
    after = page.evaluate("window.harupanShisen.board.cells")
    assert after != before and sorted(c for r in after for c in r if c) == sorted(c for r in before for c in r if c)
    assert [[c is None for c in r] for r in after] == [[c is None for c in r] for r in before]
    page.click('#shisen-app [data-action="undo"]')
    assert page.evaluate("window.harupanShisen.board.cells") == before
    page.click('#shisen-app [data-action="undo"]')
    assert tiles_left(page) == 144
    page.check("#easy-view")
    assert page.locator('#shisen-app svg[data-art$="-e"]').count() == 144
    page.reload()
    page.wait_for_selector("#shisen-app .sgrid .tile")
    assert page.is_checked("#easy-view")  # remembered
    page.click('#shisen-app [data-level="easy"]')
    assert page.get_attribute('#shisen-app [data-level="easy"]', "aria-selected") == "true"


def test_hard_board_cleared_with_hints_after_a_trap_undo_and_shuffle(site, page):
    """The 'hard' board is a real deal: play into a trap the engine proves, ask for a hint there and
    hear that the board is lost (not a pair), get stuck, undo out of it, shuffle, then clear the
    board by following the hints (they follow the shuffle's own clearing order)."""
    from harupan.engine.shisen import Board, legal_pairs, solve

    bundle = json.loads((site / "2026/11/29/puzzle.json").read_text())
    hard = bundle["shisen"]["hard"]
    assert hard["difficulty"]["stuck_share"] >= 0.85
    open_day(page, day_url(site))
    page.click('#shisen-app [data-level="hard"]')
    page.wait_for_selector("#shisen-app .sgrid .tile")
    board = Board(hard["width"], hard["height"], tuple(tuple(r) for r in hard["cells"]))
    assert page.evaluate("window.harupanShisen.board.cells") == [list(r) for r in board.cells]
    # Remove legal pairs in the listed order, as a hurried player might, until no pair is left.
    told_lost = False
    while (pairs := legal_pairs(board)):
        a, b = pairs[0]
        click_pair(page, a, b)
        board = board.with_cells({a: None, b: None})
        if not told_lost and legal_pairs(board) and solve(board).status == "unsolvable":
            # trapped with pairs still on offer: the hint says the board is lost, proved, and marks nothing
            page.click('#shisen-app [data-action="hint"]')
            page.wait_for_function("!document.querySelector('#shisen-app .status').textContent.includes('찾는 중')")
            assert "어떤 순서로 지워도 판을 끝까지 풀 수 없습니다" in page.text_content("#shisen-app .status")
            assert page.locator("#shisen-app .tile.hinted").count() == 0
            # and opens the box with the way out first: the rewind on request
            assert page.get_attribute("#shisen-app dialog.toast[open]", "data-kind") == "lost"
            first = page.locator("#shisen-app dialog.toast .toolbar button").first.get_attribute("data-action")
            assert first == "toast-rewind", first
            told_lost = True
    assert told_lost and not board.is_empty() and solve(board).status == "unsolvable"
    assert "더 지울 수 있는 짝이 없습니다" in page.text_content("#shisen-app .status")
    removed = (144 - board.count()) // 2
    for _ in range(removed):
        page.click('#shisen-app [data-action="undo"]')
    assert tiles_left(page) == 144
    shuffle(page)
    hints = 0
    while tiles_left(page):
        page.click('#shisen-app [data-action="hint"]')
        hinted = page.locator("#shisen-app .tile.hinted")
        hinted.nth(1).wait_for()
        assert hinted.count() == 2, page.text_content("#shisen-app .status")
        cells = [(int(hinted.nth(i).get_attribute("data-x")), int(hinted.nth(i).get_attribute("data-y"))) for i in (0, 1)]
        click_pair(page, *cells)
        hints += 1
    assert hints == 72
    assert page.text_content("#shisen-app .status").startswith("완성!")


def test_the_time_played_on_a_level_is_kept_when_the_player_switches_level(site, page):
    """The clock runs from the first pair; switching level and back must not drop what it counted."""
    open_day(page, day_url(site))
    a, b = solution(site)[0]
    click_pair(page, a, b)
    page.wait_for_timeout(1600)
    page.click('#shisen-app [data-level="easy"]')
    page.click('#shisen-app [data-level="normal"]')
    assert page.evaluate("window.harupanShisen.currentElapsed()") >= 1500
    assert page.text_content("#shisen-app .timer") != "0:00"


def test_a_damaged_save_keeps_the_moves_that_hold(site, page):
    """A save is the player's own storage: cut short, edited or written by an older page, it must
    not stop the game from starting. Replay keeps the steps up to the first that is not a legal
    move (or not the next shuffle) and drops the rest."""
    open_day(page, day_url(site))
    steps = solution(site)
    key = "harupan:shisen:2026-11-29:normal"
    for history, left, kept in (
        ([{"pair": steps[0]}, {"pair": [[0, 0], [99, 99]]}, {"pair": steps[1]}], 142, 1),  # off the board
        ([{"pair": steps[0]}, {"pair": steps[0]}], 142, 1),  # the same pair twice: gone already
        ([{"shuffle": 3}], 144, 0),  # not the next shuffle in turn
        ("not a list", 144, 0),
    ):
        page.evaluate("([k, h]) => localStorage.setItem(k, JSON.stringify({history: h}))", [key, history])
        page.reload()
        page.wait_for_selector("#shisen-app .sgrid .tile")
        page.evaluate("() => window.harupanShisen.opened")  # a save is replayed once the rules have loaded
        assert tiles_left(page) == left, history
        assert page.evaluate("window.harupanShisen.history.length") == kept, history


def test_keyboard_play(site, page):
    open_day(page, day_url(site))
    a, b = solution(site)[0]
    page.click('#shisen-app .tile[data-x="0"][data-y="0"]')  # focus the grid
    page.click('#shisen-app .tile[data-x="0"][data-y="0"]')  # and deselect
    for target in (a, b):
        cur = page.evaluate("window.harupanShisen.cursor")
        for _ in range(abs(target[0] - cur[0])):
            page.keyboard.press("ArrowRight" if target[0] > cur[0] else "ArrowLeft")
        for _ in range(abs(target[1] - cur[1])):
            page.keyboard.press("ArrowDown" if target[1] > cur[1] else "ArrowUp")
        page.keyboard.press("Enter")
    assert tiles_left(page) == 142
    assert "한 쌍을 지웠습니다" in page.text_content("#shisen-app .status")


def play_zodiac(page, n: int):
    show_screen(page, "zodiac")
    page.focus("#zodiac-app .zgrid")
    keys = ["ArrowLeft", "ArrowDown", "a", "s", "ArrowRight", "ArrowDown", "d", "w"]
    for i in range(n):
        page.keyboard.press(keys[i % len(keys)])


def test_zodiac_fifty_keys_match_the_python_replay(site, page):
    open_day(page, day_url(site))
    play_zodiac(page, 50)
    state = page.evaluate("(() => { const g = window.harupanZodiac.game; return {moves: g.moves, board: g.board, score: g.score, counted: g.counted, state: g.state}; })()")
    ref = replay_cli(state["moves"])
    assert state["board"] == ref["board"] and state["score"] == ref["score"] and state["counted"] == ref["counted"]
    assert f"점수 {ref['score']}" in page.text_content("#zodiac-app .zinfo")
    ranks = [int(x) for x in page.eval_on_selector_all("#zodiac-app .ztile", "els => els.map(e => e.dataset.rank)")]
    assert ranks == ref["board"]


def test_reload_resumes_both_games(site, page):
    open_day(page, day_url(site))
    for a, b in solution(site)[:3]:
        click_pair(page, a, b)
    play_zodiac(page, 12)
    moves = page.evaluate("window.harupanZodiac.game.moves")
    page.reload()
    open_day(page, day_url(site))
    assert tiles_left(page) == 138
    show_screen(page, "zodiac")
    assert page.evaluate("window.harupanZodiac.game.moves") == moves


def test_served_site_and_screenshots(site, browser):
    server = subprocess.Popen([sys.executable, "-m", "harupan", "site", "serve", "--site", str(site), "--port", "0"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))
        for name, size in (("phone", {"width": 360, "height": 780}), ("desktop", {"width": 1280, "height": 1000})):
            ctx = browser.new_context(viewport=size, is_mobile=name == "phone", has_touch=name == "phone")
            pg = ctx.new_page()
            errors = []
            pg.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            open_day(pg, f"http://127.0.0.1:{port}/2026/11/29/index.html")
            click_pair(pg, *solution(site)[0])
            assert tiles_left(pg) == 142
            width = pg.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], f"{name}: the page scrolls sideways ({width}px)"
            pg.screenshot(path=str(artifact(f"day-{name}.png")), full_page=True)
            pg.goto(f"http://127.0.0.1:{port}/index.html")
            pg.screenshot(path=str(artifact(f"home-{name}.png")), full_page=True)
            assert errors == []
            ctx.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_share_text_is_a_verifiable_claim(site, page, tmp_path):
    open_day(page, day_url(site) + "#zodiac")
    # play to the end through the page's own key handler, cycling the directions
    state = page.evaluate("""() => {
        const grid = document.querySelector('#zodiac-app .zgrid');
        const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowUp'];
        for (let i = 0; i < 20000 && window.harupanZodiac.game.state === 'playing'; i++)
            grid.dispatchEvent(new KeyboardEvent('keydown', {key: keys[i % 5], bubbles: true}));
        return window.harupanZodiac.game.state;
    }""")
    assert state in ("over", "won")
    close_results(page)
    share = page.input_value("#zodiac-app textarea.share")
    assert DATE in share and "{" not in share  # human words and a link; the claim is kept apart
    page.click("#zodiac-app details.claim summary")
    claim = page.text_content("#zodiac-app details.claim code")
    r = subprocess.run([sys.executable, "-m", "harupan", "zodiac", "verify", "-"], input=claim + "\n",
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["valid"] is True, r.stdout + r.stderr
