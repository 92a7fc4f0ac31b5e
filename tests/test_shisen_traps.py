"""The grading players and the fatal-first-move analysis, against exhaustive search on small boards."""

from itertools import islice

from hypothesis import given, settings, strategies as st

from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, legal_pairs, solve
from harupan.engine.shisen.playout import CAREFUL, RANDOM, _safe, playouts
from harupan.engine.shisen.solver import board_bits
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
    kind_of = {1 << i: code for code, mask in kinds.items() for i in range(mask.bit_length()) if mask >> i & 1}
    legal = []
    for a, b in legal_pairs(board):
        x, y = 1 << g.bit(*a), 1 << g.bit(*b)
        legal.append((x, y, x | y))
    return {tuple(sorted((g.point(x.bit_length() - 1), g.point(y.bit_length() - 1)), key=lambda p: (p[1], p[0])))
            for x, y, _ in _safe(legal, kinds, kind_of)}


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


def _replayed(board: Board, rng: Rng, careful: bool) -> tuple[bool, int, tuple[int, ...]]:
    """One game with the legal pairs recomputed from scratch every turn (no incremental
    bookkeeping), kept in the playouts' order: the pairs still legal in their old order, then
    the new ones sorted. Same draws, so it must play the very same game."""
    g, _, kinds = board_bits(board)
    kinds = dict(kinds)
    kind_of = {1 << i: code for code, mask in kinds.items() for i in range(mask.bit_length()) if mask >> i & 1}

    def now() -> set:
        return {(1 << g.bit(*a), 1 << g.bit(*b)) for a, b in legal_pairs(board)}

    legal = sorted((x, y, x | y) if x < y else (y, x, x | y) for x, y in now())
    counts = []
    while legal:
        counts.append(len(legal))
        offer = (_safe(legal, kinds, kind_of) or legal) if careful else legal
        a, b, gone = offer[rng.below(len(offer))]
        kinds[kind_of[a]] &= ~gone
        board = board.with_cells({g.point(a.bit_length() - 1): None, g.point(b.bit_length() - 1): None})
        legal = [p for p in legal if not p[2] & gone]
        kept = {(x, y) for x, y, _ in legal}
        legal += sorted((min(x, y), max(x, y), x | y) for x, y in now() if (min(x, y), max(x, y)) not in kept)
    return board.is_empty(), len(counts), tuple(counts)


def test_playouts_play_the_game_a_fresh_recount_plays():
    """The incremental legal pairs (new ones searched only near the freed cells) are every turn
    exactly the pairs a full recount finds, in the same order: the same games on boards small
    and full-size, for both players."""
    from harupan.generator.shisen import PRESETS, deal

    cases = [small_board(f"replay-{i}", *wh) for i, wh in enumerate([(4, 2), (4, 4), (6, 4), (4, 6), (6, 2), (4, 3)] * 2)]
    cases += [deal("2026-01-01", 18, 8, PRESETS["normal"], attempt)[0] for attempt in (1, 2)]
    for n, board in enumerate(cases):
        for player in (RANDOM, CAREFUL):
            games = list(islice(playouts(board, Rng(f"r{n}"), player), 3))
            rng = Rng(f"r{n}")
            for game in games:
                assert (game.cleared, game.removed, game.legal_counts) == _replayed(board, rng, player == CAREFUL)
