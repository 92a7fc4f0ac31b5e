import datetime as dt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harupan.engine.zodiac import WON, replay
from harupan.generator.games.zodiac.bot import choose, par
from harupan.engine.zodiac import move, pack


@given(st.lists(st.integers(0, 11), min_size=16, max_size=16))
@settings(max_examples=40)
def test_bot_always_picks_a_real_move(cells):
    b = pack(cells)
    m = choose(b, 2)
    if any(move(b, d)[0] != b for d in "UDLR"):
        assert m is not None and move(b, m)[0] != b
    else:
        assert m is None


def test_no_move_means_none():
    full = pack([3, 4, 3, 4, 4, 3, 4, 3, 3, 4, 3, 4, 4, 3, 4, 3])
    assert choose(full) is None


@pytest.mark.slow
def test_par_game_replays_to_the_same_result():
    p = par(dt.date(2026, 11, 29))
    r = replay(p.moves, date=dt.date(2026, 11, 29))
    assert (r.state, r.top, r.score) == (p.state, p.top, p.score)
    assert p.state == WON and p.top == 12
