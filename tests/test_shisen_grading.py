"""Issue 21: the line a player reads about a board's difficulty (page, sheet) says what was
measured, never more: three players' stuck shares, the game counts, and "미확정" where a first
move was not decided."""

from harupan.renderers.games.shisen import ShisenView
from harupan.renderers.games.shisen.sheets import difficulty_lines

NOW = {"stuck_share": 0.9719, "rollouts": 128, "stuck_interval": [0.9474, 0.9851],
       "careful_stuck_share": 0.9688, "careful_rollouts": 64,
       "lookahead_stuck_share": 0.7031, "lookahead_rollouts": 64,
       "first_moves": 13, "fatal_first_moves": 1, "fatal_first_undecided": 0}


def test_three_players_in_one_line_with_their_game_counts():
    figures, meaning = difficulty_lines(NOW)
    assert figures == ("막히는 비율: 아무 짝이나 두면 97% · 확실한 짝부터 두면 97% · 한 수 앞을 내다보면 70% · "
                       "첫 수 13가지 중 바로 지는 수 1가지")
    assert "128·64·64번씩" in meaning and "95% 구간 95~99%" in meaning
    assert "미확정" not in figures


def test_an_undecided_first_move_is_never_counted_as_exact():
    figures, _ = difficulty_lines(dict(NOW, fatal_first_moves=0, fatal_first_undecided=2))
    assert figures.endswith("첫 수 13가지 중 바로 지는 수 0가지(그 밖에 2가지는 미확정)")


def test_older_layouts_show_what_they_have():
    figures, meaning = difficulty_lines({"stuck_share": 0.5, "careful_stuck_share": 0.25, "first_moves": 10,
                                         "fatal_first_moves": 0})
    assert figures == "막히는 비율: 아무 짝이나 두면 50% · 확실한 짝부터 두면 25% · 첫 수 10가지 중 바로 지는 수 0가지"
    assert "64·64번씩" in meaning and "구간" not in meaning
    assert difficulty_lines({}) == ("", "")


def test_the_font_vocabulary_covers_every_letter_of_the_line():
    """The page's webfont subset is made from the view's vocabulary: every letter the line can
    show must be in it (digits aside, which the subset always keeps)."""
    vocabulary = ShisenView().vocabulary()
    for line in difficulty_lines(dict(NOW, fatal_first_undecided=3)):
        assert not {c for c in line if not c.isdigit()} - set(vocabulary), line
