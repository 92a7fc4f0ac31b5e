import datetime as dt
import json

import pytest
from hypothesis import given

from harupan.engine.errors import InputError
from harupan.engine.shisen import Layout, format_json, format_text, parse_any, parse_json, parse_text
from harupan.engine.shisen.tiles import ALL_CODES, DEFAULT_KINDS, Tile

from strategies import boards


def test_tile_codes_round_trip():
    assert len(ALL_CODES) == 42
    for code in ALL_CODES:
        assert Tile.parse(code).format() == code
    assert len(DEFAULT_KINDS) == 36 and len(set(DEFAULT_KINDS)) == 36


@pytest.mark.parametrize("bad", ["0m", "8z", "5f", "1x", "m1", "10m", "", "1"])
def test_unknown_tile_codes(bad):
    with pytest.raises(InputError, match="unknown tile code"):
        Tile.parse(bad)


@given(boards())
def test_text_form_round_trips(board):
    assert parse_text(format_text(board)) == board


@given(boards())
def test_json_form_round_trips(board):
    # a solution step must name two tiles of one kind (the reader checks it): the first such pair
    first: dict[str, tuple[int, int]] = {}
    step: tuple = ()
    for cell, code in board.tiles():
        if code in first:
            step = ((first[code], cell),)
            break
        first[code] = cell
    layout = Layout(board, dt.date(2026, 11, 29), "seed", step, {"k": 1})
    again = parse_json(format_json(layout))
    assert again.board == board and again.solution == layout.solution and again.date == dt.date(2026, 11, 29)


@pytest.mark.parametrize("text, message", [
    ("", "empty board"),
    ("  \n \n", "empty board"),
    ("1m 1m\n1m", "row 2 has 1 cells, row 1 has 2"),
    ("1m 9x", "row 1, column 2: unknown tile code '9x'"),
    ("1m 1m 2p", "'2p' appears 1 time;"),
    ("1m 1m 1m", "'1m' appears 3 times"),
])
def test_text_errors(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_text(text)


@pytest.mark.parametrize("data, message", [
    ({"format": "other"}, "format is 'other'"),
    ({"format": "harupan/shisen@1", "cells": []}, "cells must be a non-empty list"),
    ({"format": "harupan/shisen@1", "cells": [["1m", "1m"], ["1m"]]}, "row 2 has 1 cells"),
    ({"format": "harupan/shisen@1", "cells": [["1m", 3]]}, "row 1, column 2: expected a tile code or null"),
    ({"format": "harupan/shisen@1", "width": 3, "cells": [["1m", "1m"]]}, "width is 3 but cells say 2"),
    ({"format": "harupan/shisen@1", "cells": [["1m", "1m"]], "solution": [[[0, 0]]]}, "solution step 1"),
])
def test_json_errors(data, message):
    with pytest.raises(InputError, match=message):
        parse_json(json.dumps(data))


def test_json_syntax_error_names_line():
    with pytest.raises(InputError, match="line 2, column"):
        parse_json('{"format":\n ]', source="f.json")


def test_detects_form():
    assert parse_any("1m 1m\n").board.width == 2
    assert parse_any('{"format": "harupan/shisen@1", "cells": [["1m", null, "1m"]]}').board.width == 3
