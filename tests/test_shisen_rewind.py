"""마지막으로 풀 수 있던 곳으로 (issue 33) on a phone in Chromium: a random player's game on the hard
board runs into a dead end, the stuck box offers the way out first, and the position it goes back
to is checked with the Python search (the one that proves the layout): clearable, and every later
position of the game not. The help the player took (hints, shuffles, undos, rewinds) shows when the
board is cleared, in the share text and over a reload."""

import json
import re

import pytest
from conftest import artifact
from pagecheck import DATE, close_results, day_url, open_day, tiles_left, watched_page
from test_phone import PORTRAIT, axe_violations, tap_pair

from harupan.engine.rng import Rng
from harupan.engine.shisen import SOLVED, Board, legal_pairs, solve
from harupan.engine.shisen import solver as search

pytestmark = pytest.mark.slow
KEY = f"harupan:shisen:{DATE}:hard"


def hard_board(site) -> Board:
    hard = json.loads((site / DATE.replace("-", "/") / "puzzle.json").read_text())["shisen"]["hard"]
    return Board(hard["width"], hard["height"], tuple(tuple(r) for r in hard["cells"]))


def random_game(board: Board, seed: str) -> tuple[list, list[Board]]:
    """A player who takes any legal pair (the engine's Rng, so the same game everywhere) until
    none is left: the pairs, and every position from the first."""
    rng, pairs, boards = Rng(seed), [], [board]
    while legal := legal_pairs(board):
        a, b = legal[rng.below(len(legal))]
        board = board.with_cells({a: None, b: None})
        pairs.append((a, b))
        boards.append(board)
    return pairs, boards


def dead_end(board: Board) -> tuple[list, list[Board]]:
    """The first of the seeded random games that ends stuck with its last clearable position (the
    compiled search's verdict, which only picks the game) two moves back or more, so the way out
    is more than one undo."""
    for n in range(40):
        pairs, boards = random_game(board, f"rewind-{n}")
        if boards[-1].is_empty():
            continue
        back = next(i for i in range(1, len(boards) + 1) if solve(boards[-i]).status == SOLVED) - 1
        if back >= 2:
            return pairs, boards
    raise AssertionError("no seeded random game on the hard board ended in a dead end")


def replays(board: Board, order) -> bool:
    for a, b in order:
        assert (tuple(a), tuple(b)) in legal_pairs(board)
        board = board.with_cells({tuple(a): None, tuple(b): None})
    return board.is_empty()


def cells(page) -> list:
    return page.evaluate("window.harupanShisen.board.cells")


def test_rewind_out_of_a_random_dead_end_and_the_counts_kept(browser_site, browser, monkeypatch):
    board = hard_board(browser_site)
    pairs, boards = dead_end(board)
    monkeypatch.setattr(search, "PURE_PYTHON", True)  # the checks below: the Python search, not the C the page runs
    with watched_page(browser, viewport=PORTRAIT, is_mobile=True, has_touch=True, device_scale_factor=2) as pg:
        open_day(pg, day_url(browser_site))
        pg.locator('#shisen-app [data-level="hard"]').tap()
        pg.wait_for_function("window.harupanShisen.level === 'hard'")
        assert cells(pg) == [list(r) for r in board.cells]
        tap_pair(pg, *pairs[0])  # one move taken back and played again: one undo
        pg.locator('#shisen-app .sbar [data-action="undo"]').tap()
        for a, b in pairs:
            tap_pair(pg, a, b)
        assert cells(pg) == [list(r) for r in boards[-1].cells]
        box = pg.locator("#shisen-app dialog.toast[open]")
        assert box.get_attribute("data-kind") == "stuck"
        # the way out first, then undo and shuffle
        actions = box.locator(".toolbar button").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert actions[:3] == ["toast-rewind", "toast-undo", "toast-shuffle"], actions
        assert box.locator('[data-action="toast-rewind"]').text_content() == "마지막으로 풀 수 있던 곳으로"
        box.scroll_into_view_if_needed()
        pg.screenshot(path=str(artifact("shisen-stuck-rewind-light.png")))
        assert axe_violations(pg) == []  # the stuck box open
        stuck_save = pg.evaluate(f"localStorage.getItem('{KEY}')")

        box.locator('[data-action="toast-rewind"]').tap()
        pg.wait_for_function("document.querySelector('#shisen-app .status').textContent.includes('수 전')")
        said = pg.text_content("#shisen-app .status")
        now = pg.evaluate("window.harupanShisen.history.length")
        back = len(pairs) - now
        # where it went: clearable by the Python search (its order replays), every later position not
        assert cells(pg) == [list(r) for r in boards[now].cells]
        found = solve(boards[now])
        assert found.status == SOLVED and replays(boards[now], found.solution)
        later = [solve(b).status for b in boards[now + 1:]]
        assert later and SOLVED not in later, later
        assert back >= 2 and re.match(rf"{back}수 전(으로 돌아갔습니다|, 처음 배치로 돌아갔습니다)", said), said
        assert ("확인하지 못해" in said) == (search.UNDECIDED in later), said
        pg.screenshot(path=str(artifact("shisen-rewound-light.png")))
        assert pg.evaluate("[window.harupanShisen.undos, window.harupanShisen.rewinds]") == [1, 1]

        pg.reload()  # a reload keeps the counts
        open_day(pg, day_url(browser_site))
        assert pg.evaluate("[window.harupanShisen.level, window.harupanShisen.undos, window.harupanShisen.rewinds]") == ["hard", 1, 1]
        assert cells(pg) == [list(r) for r in boards[now].cells]
        for a, b in found.solution:
            tap_pair(pg, a, b)
        assert tiles_left(pg) == 0
        help_line = "힌트 0번 · 섞기 0번 · 무르기 1번 · 되돌아가기 1번"
        assert help_line in pg.locator("dialog.results .rlines li").all_text_contents()  # the results screen first
        close_results(pg)
        assert pg.text_content("#shisen-app dialog.toast .sfig") == help_line
        pg.screenshot(path=str(artifact("shisen-cleared-counts-light.png")))
        share = pg.input_value("#shisen-app textarea.share").splitlines()
        assert re.fullmatch(rf"완성 \d+:\d\d · {help_line}", share[1]), share
        record = pg.evaluate("window.harupanRecord.stats.shisen")[DATE]["cleared"]["hard"]
        assert (record["hints"], record["shuffles"], record["undos"], record["rewinds"]) == (0, 0, 1, 1)
        pg.reload()
        open_day(pg, day_url(browser_site))
        pg.wait_for_selector("#shisen-app dialog.toast[open] .sfig")
        assert pg.text_content("#shisen-app dialog.toast .sfig") == help_line
        assert pg.input_value("#shisen-app textarea.share").splitlines()[1] == share[1]

    # the same dead end reopened in dark mode: the box, its undo (which, when the one pair left is
    # the one taken back, says so and offers the way out again)
    with watched_page(browser, viewport=PORTRAIT, is_mobile=True, has_touch=True, device_scale_factor=2,
                      color_scheme="dark") as pg:
        pg.goto(day_url(browser_site))
        pg.evaluate(f"(s) => {{ localStorage.setItem('harupan:level', '\"hard\"'); localStorage.setItem('{KEY}', s); }}", stuck_save)
        open_day(pg, day_url(browser_site))
        box = pg.locator("#shisen-app dialog.toast[open]")
        box.wait_for()
        assert box.get_attribute("data-kind") == "stuck" and "지난번에 멈춘 자리" in box.text_content()
        box.scroll_into_view_if_needed()
        pg.screenshot(path=str(artifact("shisen-stuck-rewind-dark.png")))
        assert axe_violations(pg) == []
        box.locator('[data-action="toast-undo"]').tap()
        trap = [tuple(sorted(p)) for p in legal_pairs(boards[-2])] == [tuple(sorted(pairs[-1]))]
        assert (pg.locator('#shisen-app dialog.toast[open][data-kind="trap"]').count() == 1) == trap
        if trap:
            assert "방금 물린 짝뿐" in pg.text_content("#shisen-app .status")
            pg.screenshot(path=str(artifact("shisen-undo-trap-dark.png")))
            pg.locator('#shisen-app [data-action="toast-rewind"]').tap()
            pg.wait_for_function("document.querySelector('#shisen-app .status').textContent.includes('수 전')")
            assert pg.evaluate("window.harupanShisen.history.length") == now
            assert pg.evaluate("[window.harupanShisen.undos, window.harupanShisen.rewinds]") == [2, 1]
