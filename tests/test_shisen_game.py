import datetime as dt
from collections import Counter

import pytest
from hypothesis import given, settings

from harupan.engine.errors import InputError
from harupan.engine.shisen import (SOLVED, apply, format_text, hint, legal_pairs, parse_text, replay, shuffle,
                                   solve, start, undo)
from harupan.generator.games.shisen.layouts import generate

from strategies import boards

BOARD = parse_text("""
    1m 2p 2p 1m
    3s 4z 4z 3s
    5m 1m 1m 5m
""")


def test_apply_and_undo():
    s0 = start(BOARD)
    s1 = apply(s0, ((1, 0), (2, 0)))
    assert s1.board[(1, 0)] is None and s1.previous is s0 and s1.move == ((1, 0), (2, 0))
    s2 = apply(s1, ((0, 0), (3, 0)))
    assert undo(s2) is s1 and undo(undo(s2)) is s0 and undo(s0) is s0
    assert s0.board == BOARD  # states are values; nothing was changed in place


@pytest.mark.parametrize("pair, message", [
    (((0, 0), (0, 0)), "chosen twice"),
    (((0, 0), (1, 0)), "does not match"),
    (((0, 0), (1, 2)), "no path with at most two bends"),
    (((9, 0), (1, 0)), "outside the 4x3 board"),
])
def test_illegal_moves(pair, message):
    with pytest.raises(InputError, match=message):
        apply(start(BOARD), pair)


def test_moving_onto_an_empty_cell_is_illegal():
    s = apply(start(BOARD), ((1, 0), (2, 0)))
    with pytest.raises(InputError, match="is empty"):
        apply(s, ((1, 0), (2, 0)))


def test_replay_names_the_bad_step():
    with pytest.raises(InputError, match="step 2"):
        replay(BOARD, [((1, 0), (2, 0)), ((0, 0), (1, 2))])


@given(boards(max_w=5, max_h=4))
@settings(max_examples=80)
def test_hint_keeps_the_board_solvable(board):
    h = hint(board)
    if solve(board).status != SOLVED or not legal_pairs(board):
        assert h is None
        return
    assert h.pair in legal_pairs(board)
    after = board.with_cells({h.pair[0]: None, h.pair[1]: None})
    assert solve(after).status == SOLVED
    assert h.path[0] == h.pair[0] and h.path[-1] == h.pair[1]


def trap_boards():
    """Seeded small boards that are solvable but hold a legal pair that makes them unsolvable."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen import Board

    found = []
    for i in range(400):
        rng = Rng(f"trap{i}")
        cells = ["1m", "1m", "1m", "1m", "2p", "2p", "3s", "3s", "4z", "4z", None, None]
        rng.shuffle(cells)
        board = Board(4, 3, tuple(tuple(cells[y * 4:(y + 1) * 4]) for y in range(3)))
        if solve(board).status != SOLVED:
            continue
        traps = [p for p in legal_pairs(board)
                 if solve(board.with_cells({p[0]: None, p[1]: None})).status != SOLVED]
        if traps:
            found.append((board, traps))
    return found


def test_hint_avoids_traps():
    cases = trap_boards()
    assert len(cases) >= 3  # the property below is not vacuous
    for board, traps in cases:
        h = hint(board)
        assert h is not None and h.pair not in traps


@given(boards(max_w=6, max_h=4))
@settings(max_examples=80)
def test_shuffle_keeps_cells_and_tiles_and_is_solvable(board):
    result = shuffle(board, "seed")
    occupied = {p for p, _ in board.tiles()}
    assert {p for p, _ in result.board.tiles()} == occupied
    assert Counter(c for _, c in result.board.tiles()) == Counter(c for _, c in board.tiles())
    assert replay(result.board, result.solution).is_empty()
    if len({c for _, c in board.tiles()}) > 1:
        assert result.board != board
    assert shuffle(board, "seed") == result  # deterministic


def test_shuffle_a_daily_board_mid_game():
    layout = generate(dt.date(2026, 11, 29), "12x6", "normal")
    board = replay(layout.board, layout.solution[:10])
    result = shuffle(board, "harupan:shuffle:1")
    assert result.board != board
    assert replay(result.board, result.solution).is_empty()
    assert format_text(shuffle(board, "harupan:shuffle:1").board) == format_text(result.board)
