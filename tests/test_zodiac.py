import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from harupan.engine.errors import InputError
from harupan.engine.rng import Rng
from harupan.engine.zodiac import (OVER, PIG, PLAYING, WON, Game, move, pack, replay, seed_for, slide_line,
                                   spawn, start_cells, unpack)

from conftest import load_vectors

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import zodiac_baseline

REPLAYS = load_vectors("zodiac_replays.json")["replays"]
cells16 = st.lists(st.integers(0, 11), min_size=16, max_size=16)


@pytest.mark.parametrize("vec", REPLAYS, ids=[f"{v['date']}-{len(v['moves'])}" for v in REPLAYS])
def test_replay_vectors(vec):
    assert start_cells(date.fromisoformat(vec["date"])) == vec["start"]
    r = replay(vec["moves"], date=date.fromisoformat(vec["date"]))
    assert list(r.board) == vec["board"]
    assert (r.score, r.counted, r.state, r.top) == (vec["score"], vec["counted"], vec["state"], vec["top"])


def test_merge_rules():
    assert slide_line([1, 1, 1, 1]) == ([2, 2, 0, 0], 4)  # rat rat rat rat → ox ox
    assert slide_line([2, 1, 1, 0]) == ([2, 2, 0, 0], 2)  # a new ox does not merge again
    assert slide_line([0, 3, 0, 3]) == ([4, 0, 0, 0], 4)
    assert slide_line([12, 12, 0, 0]) == ([12, 12, 0, 0], 0)  # pigs are the top


def test_pig_facts():
    """The rule page says a pig holds 2048 rats and that building one from rats scores 6130 in
    all: merge rats by the engine's own rule until one tile is left, and count."""
    from harupan.engine.zodiac import PIG

    tiles, score = [1] * 2048, 0
    while len(tiles) > 1:
        merged = []
        for a, b in zip(tiles[::2], tiles[1::2], strict=True):
            out, gained = slide_line([a, b, 0, 0])
            assert out[1:] == [0, 0, 0], (a, b, out)  # equal neighbours always merge into one
            merged.append(out[0])
            score += gained
        tiles = merged
    assert tiles == [PIG] and score == 6130
    assert slide_line([PIG, PIG, 0, 0]) == ([PIG, PIG, 0, 0], 0)  # and a pig merges no further


@given(cells16)
def test_one_multiplication_gathers_each_column(cells):
    from harupan.engine.zodiac.rules import _columns

    columns = _columns(pack(cells))
    for c in range(4):
        assert [(columns[c] >> (4 * r)) & 0xF for r in range(4)] == [cells[4 * r + c] for r in range(4)]


@given(cells16, st.sampled_from("UDLR"))
def test_packed_engine_agrees_with_list_baseline(cells, d):
    new, score = move(pack(cells), d)
    base, base_score = zodiac_baseline.move(cells, d)
    assert unpack(new) == base and score == base_score


@given(cells16, st.sampled_from("UDLR"))
def test_move_keeps_total_worth(cells, d):
    new, _ = move(pack(cells), d)
    worth = lambda cs: sum(2 ** v for v in cs if v)  # noqa: E731
    assert worth(unpack(new)) == worth(cells)


@given(cells16.filter(lambda c: 0 in c), st.text(min_size=1, max_size=8))
def test_spawn_adds_one_rat_or_ox(cells, seed):
    b = pack(cells)
    after = unpack(spawn(b, Rng(seed)))
    changed = [i for i in range(16) if after[i] != cells[i]]
    assert len(changed) == 1 and cells[changed[0]] == 0 and after[changed[0]] in (1, 2)


@given(cells16, st.sampled_from("UDLR"))
def test_no_op_draws_nothing(cells, d):
    game = Game(pack(cells), Rng("x"))
    if game.state != PLAYING or move(game.board, d)[0] != game.board:
        return
    before = list(game.rng._s)
    assert game.apply(d) is False
    assert game.rng._s == before and game.counted == 0


def test_win_ends_without_spawn():
    start = [11, 11, 0, 0] + [0] * 12
    r = replay("L", seed="s", start=start)
    assert r.state == WON and r.top == 12 and r.counted == 1 and r.score == 12
    assert sum(1 for v in r.board if v) == 1  # no spawn after the pig
    with pytest.raises(InputError, match="move 2: 'L' comes after the game ended"):
        replay("LL", seed="s", start=start)


def test_game_over_detected():
    # tigers and rabbits in a checkerboard, one hole; sliding right moves the last row, the spawn
    # (a rat or an ox) fills the hole, and no two neighbours are equal any more
    start = [3, 4, 3, 4,
             4, 3, 4, 3,
             3, 4, 3, 4,
             3, 4, 3, 0]
    game = Game.start("s", start)
    assert game.state == PLAYING
    assert game.apply("L") is False  # nothing moves left: not a move
    assert game.apply("R") is True
    assert game.state == OVER and game.counted == 1
    assert unpack(game.board)[12] in (1, 2)
    with pytest.raises(InputError, match="comes after the game ended"):
        game.apply("U")


def test_bad_letters_name_their_position():
    with pytest.raises(InputError, match="move 3: 'x' is not a move"):
        replay("LLx", date=date(2026, 11, 29))


def test_seed_and_date_agree():
    day = date(2026, 11, 29)
    moves = REPLAYS[5]["moves"]
    assert replay(moves, date=day) == replay(moves, seed=seed_for(day))


def test_over_state_in_vectors():
    assert any(v["state"] == OVER for v in REPLAYS)


def test_row_tables_follow_the_reference_slide_on_every_row():
    from harupan.engine.zodiac import rules as zodiac

    zodiac.row_tables()  # built on first use
    for row in range(65536):
        cells = [(row >> (4 * i)) & 0xF for i in range(4)]
        moved, gained = slide_line(cells)
        back, gained_back = slide_line(cells[::-1])
        back = back[::-1]
        assert zodiac._LEFT[row] == sum(v << (4 * i) for i, v in enumerate(moved))
        assert zodiac._SCORE[row] == gained
        assert zodiac._RIGHT[row] == sum(v << (4 * i) for i, v in enumerate(back))
        assert zodiac._SCORE_R[row] == gained_back
        assert zodiac._UP[row] == sum(v << (16 * i) for i, v in enumerate(moved))
        assert zodiac._DOWN[row] == sum(v << (16 * i) for i, v in enumerate(back))


# ---------------------------------------------------------------- the bulk verify's fast loop

def _by_apply(game, letters):
    error = None
    try:
        for i, ch in enumerate(letters, 1):
            game.apply(ch, i)
    except InputError as e:
        error = str(e)
    return game.result(), list(game.rng._s), error


def _by_play(game, letters, draws=None):
    error = None
    try:
        game.play(letters, draws=draws)
    except InputError as e:
        error = str(e)
    return game.result(), list(game.rng._s), error


@given(st.text(alphabet="UDLR", min_size=0, max_size=600) | st.text(alphabet="UDLRx가 ", max_size=60),
       st.integers(0, 10_000), st.none() | cells16)
def test_play_is_apply_letter_by_letter(letters, day, start):
    """Same board, score, state, RNG state and error (at the same position) as apply()."""


    seed = seed_for(date(2026, 1, 1) + timedelta(days=day))
    a, b = Game.start(seed, start), Game.start(seed, start)
    assert _by_play(b, letters) == _by_apply(a, letters)


@given(st.lists(st.text(alphabet="UDLR", max_size=300), min_size=1, max_size=5))
def test_games_sharing_one_days_draws_match_games_of_their_own(games):
    from harupan.engine.zodiac import Draws

    base = Game.for_date(date(2026, 11, 29))
    draws = Draws(base.rng)
    for letters in games:
        assert _by_play(base.copy(), letters, draws) == _by_apply(base.copy(), letters)


def test_play_reaches_won_and_over_like_the_vectors():
    for vec in REPLAYS:
        game = Game.for_date(date.fromisoformat(vec["date"]))
        game.play(vec["moves"])
        assert (list(unpack(game.board)), game.score, game.counted, game.state) == \
            (vec["board"], vec["score"], vec["counted"], vec["state"])


@given(st.lists(st.integers(0, 12), min_size=16, max_size=16))
def test_bit_tricks_match_the_cell_by_cell_checks(cells):
    from harupan.engine.zodiac import rules as zodiac

    b = pack(cells)
    assert zodiac.has_pig(b) == (12 in cells)
    assert zodiac.can_move(b) == zodiac_baseline_can_move(cells)
    assert [s // 4 for s in zodiac.empty_shifts(zodiac.zero_nibbles(b))] == [i for i, v in enumerate(cells) if v == 0]


def zodiac_baseline_can_move(cells):
    return zodiac_baseline.can_move(cells)


# ---------------------------------------------------------------- draws made side by side

@given(st.lists(st.tuples(st.text(max_size=12), st.integers(0, 40)), min_size=1, max_size=9),
       st.integers(1, 4))
def test_draws_made_side_by_side_are_each_rngs_own(seeds, batch):
    """Every lane of the side-by-side run gives the words, states and ox counts that one Rng
    stepped alone gives, whatever the batch and however far each lane was made ahead."""
    from harupan.engine.zodiac import Draws

    many = Draws.many([Rng(s) for s, _ in seeds], [n for _, n in seeds], batch=batch)
    for (seed, n), draws in zip(seeds, many):
        rng, oxen = Rng(seed), 0
        for j in range(n + 70):  # past what was made ahead: more() takes over from the shared run
            if j == len(draws.words):
                draws.more()
            state, ox_so_far = draws.after(j)
            assert (state, ox_so_far) == (rng._s, oxen)
            cell, rank = rng.next_u32(), rng.next_u32()
            ox = rank * 10 >> 32 == 0
            assert draws.words[j] == cell | ox << 32
            oxen += ox


@given(st.lists(st.tuples(st.integers(0, 30), st.text(alphabet="UDLR", max_size=400)), min_size=1, max_size=6))
def test_games_on_draws_made_side_by_side_match_apply(games):
    """Days made a few words ahead (so long games run past the shared run) play as apply() does."""


    from harupan.engine.zodiac import Draws

    days = sorted({d for d, _ in games})
    bases = {d: Game.for_date(date(2027, 1, 1) + timedelta(days=d)) for d in days}
    draws = dict(zip(days, Draws.many([bases[d].rng for d in days], [d % 5 for d in days], batch=2)))
    for d, letters in games:
        assert _by_play(bases[d].copy(), letters, draws[d]) == _by_apply(bases[d].copy(), letters)


def test_worth_is_what_building_a_tile_from_rats_scores():
    from harupan.engine.zodiac import WORTH, worth

    assert WORTH[PIG] == 6130  # docs/design.md, "Zodiac merge, protocol v1"
    for rank in range(1, PIG):
        merged, gained = slide_line([rank, rank, 0, 0])
        assert merged[0] == rank + 1 and WORTH[rank + 1] == 2 * WORTH[rank] + gained  # one merge
    assert worth(pack([1, 2, 12] + [0] * 13)) == 0 + 2 + 6130


@pytest.mark.parametrize("rank_draw", [0, 0x19999999, 0x1999999A, 0xFFFFFFFF])
def test_the_ox_edge_is_exact_in_draws_made_side_by_side(rank_draw):
    """An RNG set up so that its second output is ``rank_draw``: 0x19999999 is the last draw that
    makes an ox (below(10) == 0), 0x1999999A the first that does not."""
    from harupan.engine.zodiac import Draws

    m = 0xFFFFFFFF
    x = rank_draw * pow(9, -1, 1 << 32) & m  # undo "* 9", then the rotation, then "* 5"
    wanted_s1 = ((x >> 7) | (x << 25)) & m
    wanted_s1 = wanted_s1 * pow(5, -1, 1 << 32) & m
    s0, s1 = 0x12345678, 0x9ABCDEF0
    rng = Rng("x")
    rng._s = [s0, s1, wanted_s1 ^ s1 ^ s0, 0x0F0F0F0F]  # after one step s1 becomes s1 ^ s2 ^ s0
    check = Rng("x")
    check._s = list(rng._s)
    check.next_u32()
    assert check.next_u32() == rank_draw
    for draws in (Draws.many([rng, Rng("y")], [1, 1])[0], Draws(rng)):
        if not draws.words:
            draws.more()
        assert draws.words[0] >> 32 == (rank_draw * 10 >> 32 == 0) == (rank_draw <= 0x19999999)
