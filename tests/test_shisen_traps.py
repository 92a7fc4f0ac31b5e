"""The grading players and the fatal-first-move analysis, against exhaustive search on small boards."""

import datetime as dt
from itertools import islice

from hypothesis import given, settings, strategies as st

from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, legal_pairs, solve
from harupan.engine.shisen.playout import (CAREFUL, LOOKAHEAD, RANDOM, PLAYERS, PathTable, _groups, _initial_pairs,
                                           _play, _safe, pair_degrees, playouts)
from harupan.engine.shisen.solver import DEFAULT_BUDGET, board_bits
from harupan.engine.shisen.traps import openings

from shisen_oracles import brute_solvable

CODES = ["1m", "2p", "3s", "4z", "5z", "6z"]


def small_board(seed: str, w: int, h: int) -> Board:
    rng = Rng(seed)
    kinds = CODES[: w * h // 4]
    cells = [k for k in kinds for _ in range(4)]
    rng.shuffle(cells)
    return Board(w, h, tuple(tuple(cells[y * w:(y + 1) * w]) for y in range(h)))


boards = st.builds(lambda seed, wh: small_board(seed, *wh), st.text(min_size=1, max_size=8),
                   st.sampled_from([(4, 2), (4, 4), (6, 2), (4, 3)]))


def safe_pairs(board: Board) -> set:
    """The careful player's safe pairs on ``board``, as point pairs in row-major order."""
    g, tiles, kinds = board_bits(board)
    legal = []
    for a, b in legal_pairs(board):
        x, y = 1 << g.bit(*a), 1 << g.bit(*b)
        legal.append((x, y, x | y))
    return {tuple(sorted((g.point(x.bit_length() - 1), g.point(y.bit_length() - 1)), key=lambda p: (p[1], p[0])))
            for x, y, _ in _safe(legal, tiles, _groups(kinds))}


@settings(max_examples=60)
@given(boards)
def test_fatal_first_moves_match_exhaustive_search(board):
    """openings() counts exactly the first moves after which no order clears the board."""
    r = solve(board)
    if r.status != "solved":
        return
    o = openings(board, r.solution)
    memo: dict = {}
    expected = sum(not brute_solvable(board.with_cells({a: None, b: None}), memo) for a, b in legal_pairs(board))
    assert o.undecided == 0 and o.total == len(legal_pairs(board))
    assert o.fatal == expected


@settings(max_examples=40)
@given(boards)
def test_openings_tried_again_only_where_undecided_give_the_same_counts(board):
    """A first pass within 1 node leaves most first moves undecided; trying those again within the
    default budget classifies every first move as one pass within it does. With ``give_up`` a
    pass that still leaves one undecided stops there and says so."""
    r = solve(board)
    if r.status != "solved":
        return
    assert openings(board, r.solution, 1, (DEFAULT_BUDGET,)) == openings(board, r.solution)
    stopped = openings(board, r.solution, 1, give_up=True)
    assert stopped.total == len(legal_pairs(board)) and stopped.undecided in (0, 1)


@settings(max_examples=60)
@given(boards)
def test_safe_pairs_never_spoil_a_solvable_board(board):
    """Every pair the careful player counts as safe keeps a solvable board solvable."""
    if not brute_solvable(board):
        return
    memo: dict = {}
    for a, b in safe_pairs(board):
        assert brute_solvable(board.with_cells({a: None, b: None}), memo)


def test_safe_rule_picks_exactly_the_documented_pairs():
    # 1m at (0,0) (1,0) (3,0) (3,2): (0,0)-(1,0) and (3,0)-(3,2) are legal together, so both are
    # safe; (0,0)-(3,0) and (1,0)-(3,0) are legal too, but their leftovers cannot meet: not safe.
    # 2p and 4z are the last two of their kinds: safe.
    board = Board(4, 3, (("1m", "1m", "3s", "1m"), ("3s", "4z", "4z", "3s"), ("2p", "3s", "2p", "1m")))
    safe = safe_pairs(board)
    legal_1m = {p for p in legal_pairs(board) if board[p[0]] == "1m"}
    assert legal_1m == {((0, 0), (1, 0)), ((0, 0), (3, 0)), ((1, 0), (3, 0)), ((3, 0), (3, 2))}
    assert {p for p in safe if board[p[0]] == "1m"} == {((0, 0), (1, 0)), ((3, 0), (3, 2))}
    assert ((0, 2), (2, 2)) in safe and ((1, 1), (2, 1)) in safe


def test_careful_player_is_no_worse_than_random_on_average():
    board = small_board("careful-vs-random", 6, 4)
    rnd = sum(not p.cleared for p in islice(playouts(board, Rng("a"), RANDOM), 200))
    games = playouts(board, Rng("a"), CAREFUL)
    careful = sum(not next(games).cleared for _ in range(200))
    assert careful <= rnd


def test_playout_stream_is_the_same_however_many_are_taken():
    board = small_board("stream", 6, 4)
    ten = list(islice(playouts(board, Rng("s"), RANDOM), 10))
    games = playouts(board, Rng("s"), RANDOM)
    assert [next(games) for _ in range(4)] == ten[:4]


def _replayed(board: Board, rng: Rng, player: str) -> tuple[bool, int, tuple[int, ...]]:
    """One game with the legal pairs recomputed from scratch every turn (no incremental
    bookkeeping), kept in the playouts' order: the pairs still legal in their old order, then
    the new ones sorted. The look-ahead player counts each option's pairs from scratch too. Same
    draws, so it must play the very same game."""
    g, tiles, kinds = board_bits(board)
    group = _groups(kinds)

    def point(t: int) -> tuple[int, int]:
        return g.point(t.bit_length() - 1)

    def now(b: Board) -> set:
        return {(1 << g.bit(*a), 1 << g.bit(*c)) for a, c in legal_pairs(b)}

    legal = sorted((x, y, x | y) if x < y else (y, x, x | y) for x, y in now(board))
    counts = []
    while legal:
        counts.append(len(legal))
        if player == CAREFUL:
            offer = _safe(legal, tiles, group) or legal
        elif player == LOOKAHEAD:
            left = [len(legal_pairs(board.with_cells({point(a): None, point(b): None}))) for a, b, _ in legal]
            offer = [p for p, n in zip(legal, left) if n == max(left)]
        else:
            offer = legal
        a, b, gone = offer[rng.below(len(offer))]
        tiles &= ~gone
        board = board.with_cells({point(a): None, point(b): None})
        legal = [p for p in legal if not p[2] & gone]
        kept = {(x, y) for x, y, _ in legal}
        legal += sorted((min(x, y), max(x, y), x | y) for x, y in now(board) if (min(x, y), max(x, y)) not in kept)
    return board.is_empty(), len(counts), tuple(counts)


def _engines(board: Board, player: str):
    """The engines that play ``player``'s games on ``board``: the flooding one (not for the
    look-ahead player) and the path table."""
    g, tiles, kinds = board_bits(board)
    group, first = _groups(kinds), _initial_pairs(g, tiles, kinds)
    table = PathTable(board.width, board.height, g, tiles, kinds)
    yield lambda rng: table.play(first, rng, player, group)
    if player != LOOKAHEAD:
        yield lambda rng: _play(g, tiles, group, list(first), rng, player)


def test_playouts_play_the_game_a_fresh_recount_plays():
    """The incremental legal pairs (the flooding engine's new pairs searched only near the freed
    cells; the path table's tile counts per path) are every turn exactly the pairs a full
    recount finds, in the same order, and the look-ahead player's counts of what each option
    leaves are those of a recount: the same games on boards small and full-size, every player."""
    from harupan.generator.games.shisen.layouts import PRESETS, deal

    cases = [small_board(f"replay-{i}", *wh) for i, wh in enumerate([(4, 2), (4, 4), (6, 4), (4, 6), (6, 2), (4, 3)] * 2)]
    cases += [deal(dt.date(2026, 1, 1), 18, 8, PRESETS["normal"], attempt)[0] for attempt in (1, 2)]
    for n, board in enumerate(cases):
        for player in PLAYERS:
            rounds = 3
            if player == LOOKAHEAD and board.width == 18:  # a recounted full-size look-ahead game: about 1 s
                rounds = 1 if n == len(cases) - 1 else 0
            for engine in _engines(board, player):
                ours, theirs = Rng(f"r{n}"), Rng(f"r{n}")
                for _ in range(rounds):
                    game = engine(ours)
                    assert (game.cleared, game.removed, game.legal_counts) == _replayed(board, theirs, player)


def test_playouts_switch_engines_without_a_seam():
    """playouts() plays its first games with the flooding engine and the rest on a path table:
    the stream is the one game after another a single engine would play."""
    from harupan.engine.shisen import playout

    board = small_board("seam", 6, 4)
    g, tiles, kinds = board_bits(board)
    first = _initial_pairs(g, tiles, kinds)
    rng = Rng("seam")
    alone = [_play(g, tiles, _groups(kinds), list(first), rng, RANDOM) for _ in range(playout.TABLE_AFTER + 20)]
    assert list(islice(playouts(board, Rng("seam"), RANDOM), len(alone))) == alone


def _partly_cleared(seed: str, wh: tuple[int, int], removals: int) -> Board:
    """A small deal with up to ``removals`` random legal pairs taken off."""
    board = small_board(seed, *wh)
    rng = Rng(seed + ":off")
    for _ in range(removals):
        pairs = legal_pairs(board)
        if not pairs:
            break
        a, b = pairs[rng.below(len(pairs))]
        board = board.with_cells({a: None, b: None})
    return board


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=8), st.sampled_from([(4, 2), (4, 4), (6, 4), (4, 6), (6, 2)]),
       st.integers(0, 6), st.sampled_from(PLAYERS))
def test_path_table_counts_equal_a_recount_after_random_removals(seed, wh, removals, player):
    """A property of the path table (its per-path tile counts, pending pairs and per-tile pair
    counts, all kept up to date removal by removal): on a board with some pairs already gone
    (tiles missing where the table starts), its legal pairs and its look-ahead choice equal
    a from-scratch recount, turn after turn of a whole game."""
    board = _partly_cleared(seed, wh, removals)
    g, tiles, kinds = board_bits(board)
    table = PathTable(board.width, board.height, g, tiles, kinds)
    first = _initial_pairs(g, tiles, kinds)
    legal = [(a, b, a | b) for a, b in first]
    # the starting counts: a pair is legal exactly when one of its paths has no tile on it
    assert {p for p, span in zip(table.pairs, table.spans) if not span & table.pending} == set(legal)
    assert pair_degrees(legal, table.tile_paths) == {t: sum(t in (a, b) for a, b in first) for t in table.tile_paths}
    game = table.play(first, Rng(seed), player, _groups(kinds))
    assert (game.cleared, game.removed, game.legal_counts) == _replayed(board, Rng(seed), player)
