"""One JSON-schema-like check for the JSON every reader takes (solve, hint, shuffle, render, an
archived day): a value is checked against a small spec once, at the edge, and a value that does
not fit gives one :class:`InputError` naming the key path, never a traceback further in or a wrong
drawing.

A spec is a :class:`Field` (a JSON type with bounds) or an :class:`Obj` (an object whose known
keys have specs; keys it does not know are let through, for formats that grow).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from .dates import parse_date
from .errors import InputError

BIG = 10**9  # no count or coordinate in harupan's JSON comes near this


@dataclass(frozen=True)
class Field:
    kind: str  # "int", "num", "str", "bool", "date"
    lo: float = 0
    hi: float = BIG
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Obj:
    fields: dict[str, Any] = field(default_factory=dict)
    required: tuple[str, ...] = ()


def _show(v: Any) -> str:
    text = json.dumps(v) if not isinstance(v, int) or abs(v) < 10**20 else f"a {len(str(abs(v)))}-digit number"
    return text if len(text) <= 60 else text[:57] + "..."


def check(value: Any, spec: Field | Obj, where: str) -> Any:
    """``value`` if it fits ``spec``, else :class:`InputError` naming ``where`` (a key path)."""
    if isinstance(spec, Obj):
        if not isinstance(value, dict):
            raise InputError(f"{where}: expected an object, got {_show(value)}")
        for key in spec.required:
            if key not in value:
                raise InputError(f"{where}: {key!r} is missing")
        for key, sub in spec.fields.items():
            if key in value and value[key] is not None:
                check(value[key], sub, f"{where}.{key}")
        return value
    kind = spec.kind
    if kind == "bool":
        if not isinstance(value, bool):
            raise InputError(f"{where}: expected true or false, got {_show(value)}")
    elif kind == "str":
        if not isinstance(value, str) or len(value) > spec.hi:
            raise InputError(f"{where}: expected text, got {_show(value)}")
        if spec.choices and value not in spec.choices:
            raise InputError(f"{where}: {value!r} is not one of {', '.join(spec.choices)}")
    elif kind == "date":
        parse_date(value, what=where)
    elif kind in ("int", "num"):
        ok_type = isinstance(value, int) if kind == "int" else isinstance(value, (int, float))
        if isinstance(value, bool) or not ok_type or (isinstance(value, float) and not math.isfinite(value)):
            raise InputError(f"{where}: expected {'a whole number' if kind == 'int' else 'a number'}, "
                             f"got {_show(value)}")
        if not spec.lo <= value <= spec.hi:
            raise InputError(f"{where}: {_show(value)} is outside {spec.lo:g}..{spec.hi:g}")
    return value


COUNT = Field("int")
SHARE = Field("num", 0, 1)
TEXT = Field("str", hi=200)
BAND = Obj()  # [lo, hi] pairs by measure: shown nowhere, let through as they are

#: A layout's measured difficulty (generator/games/shisen/layouts.py writes it; the pages and sheets show it).
DIFFICULTY = Obj({
    "attempt": COUNT, "generator": COUNT, "first_moves": COUNT, "fatal_first_moves": COUNT,
    "fatal_first_undecided": COUNT, "min_legal_pairs": COUNT, "rollouts": Field("int", 1), "solver_nodes": COUNT,
    "stuck": COUNT, "stuck_share": SHARE, "careful_stuck_share": SHARE, "fatal_first": SHARE,
    "mean_legal_pairs": Field("num", 0, BIG), "in_band": Field("bool"), "in_range": Field("bool"),
    "label": TEXT, "measure": TEXT, "preset": TEXT, "target": BAND,
})

#: The header fields of a layout's JSON form besides its cells and solution.
LAYOUT_HEADER = Obj({"date": Field("date"), "seed": TEXT, "width": COUNT, "height": COUNT, "difficulty": DIFFICULTY})


def load_json(text: str, *, source: str | None = None) -> Any:
    """``json.loads`` with every way it fails as one :class:`InputError` line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"line {e.lineno}, column {e.colno}: invalid JSON: {e.msg}", source=source) from None
    except (ValueError, RecursionError) as e:  # a number too long to convert, arrays nested too deep
        raise InputError(f"invalid JSON: {json_problem(e)}", source=source) from None


def json_problem(e: Exception) -> str:
    """What ``json.loads`` disliked, in our words: Python's own text for a number too long to
    convert tells the reader to change an interpreter setting, which is no help to a user."""
    if isinstance(e, RecursionError):
        return "nested too deeply"
    if "digits" in str(e) and "int" in str(e):
        return "a number longer than 4,300 digits (no count, coordinate or score is that long)"
    return str(e)
