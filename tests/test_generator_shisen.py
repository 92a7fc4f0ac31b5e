from collections import Counter

import pytest

from harupan.engine.errors import InputError
from harupan.engine.shisen import SOLVED, format_json, legal_pairs, replay, solve
from harupan.generator.shisen import PRESETS, generate, parse_date, parse_size

from conftest import GOLDEN, update_golden

GOLDEN_DATES = ["2026-01-01", "2026-02-28", "2026-11-29", "2027-06-15", "2028-02-29"]


@pytest.mark.parametrize("date", GOLDEN_DATES)
def test_golden_layouts(date):
    """Same date and options, same bytes: pinned so any change to generation is deliberate."""
    path = GOLDEN / "shisen" / f"{date}-18x8-normal.json"
    actual = format_json(generate(date, "18x8", "normal"))
    if update_golden() or not path.exists():
        path.write_text(actual, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        path.with_suffix(".actual.json").write_text(actual, encoding="utf-8")
    assert actual == expected


@pytest.mark.parametrize("size", ["12x6", "16x8", "18x8"])
@pytest.mark.parametrize("difficulty", list(PRESETS))
def test_generated_layouts_are_full_proved_and_graded(size, difficulty):
    layout = generate("2026-11-29", size, difficulty)
    board = layout.board
    w, h = parse_size(size)
    assert (board.width, board.height) == (w, h) and board.count() == w * h
    counts = Counter(c for _, c in board.tiles())
    assert set(counts.values()) == {4} and len(counts) == w * h // 4
    assert replay(board, layout.solution).is_empty()
    assert solve(board).status == SOLVED
    d = layout.difficulty
    assert d["preset"] == difficulty and d["rollouts"] > 0
    lo, hi = d["target"]["mean_legal_pairs"]
    if d["in_range"]:
        assert lo <= d["mean_legal_pairs"] < hi
    assert legal_pairs(board)


def test_144_tiles_use_the_documented_36_kinds():
    counts = Counter(c for _, c in generate("2026-11-29").board.tiles())
    assert "1f" in counts and "1g" in counts and len(counts) == 36


def test_presets_order_by_measure():
    means = {d: generate("2026-12-01", "18x8", d).difficulty["mean_legal_pairs"] for d in PRESETS}
    assert means["easy"] > means["normal"] > means["hard"]


@pytest.mark.parametrize("bad", ["2026-02-30", "26-1-1", "", "2026-1-01", "tomorrow", "2026-13-01"])
def test_bad_dates(bad):
    with pytest.raises(InputError, match="bad date"):
        parse_date(bad)


@pytest.mark.parametrize("bad", ["18", "18x", "3x3", "0x8", "99x99", "axb"])
def test_bad_sizes(bad):
    with pytest.raises(InputError, match="bad size"):
        parse_size(bad)
