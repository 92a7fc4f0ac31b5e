"""Worked examples in the rule pages' prose: figures a reader takes as a real board's, filled in
by the builder from a record of that board, never typed into the sentence.

A section declares its examples by name and its body refers to their fields as ``{{name.field}}``::

    examples:
      hard:
        kind: shisen-difficulty
        date: 2026-12-25           # a day published by this generator (a coming day, so that
        size: 18x8                 # the page never names a day published by an older one)
        level: hard
        difficulty: {generator: 6, stuck_share: 0.9844, …}   # as the generator published them
    body: |
      … 예를 들어 {{hard.layout}}의 줄은 "{{hard.line}}"입니다.

Kinds and their fields:

* ``shisen-difficulty``: ``layout`` (the day, level and size as a reader names them: 2026년 12월
  25일 어려움 판(18×8)) and ``line`` (the stuck shares as the day page and the sheet print them,
  :func:`harupan.renderers.sheets.difficulty_lines`, the one function that formats them). Its
  ``difficulty`` holds exactly the figures that line shows, copied from
  ``harupan shisen generate --date D --size S --difficulty L --format json``, and the generator
  version that measured them: a record from another version fails the build, so a change to the
  generator cannot leave the page quoting figures it no longer makes. Dealing the day again to
  check the figures costs seconds, too much for every build; ``tests/test_shisen_holdup.py``
  deals it and compares.

The builder checks every record and every reference; a problem is reported as
``FILE:LINE: key.path: what is wrong`` like the rest of the content.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine.dates import parse_date
from ..engine.errors import InputError
from ..generator.games.shisen.layouts import GENERATOR_VERSION, PRESETS, parse_size
from ..renderers.sheets import DIFFICULTY_KO, day_ko, difficulty_lines

KINDS: dict[str, tuple[set[str], set[str]]] = {
    "shisen-difficulty": ({"date", "size", "level", "difficulty"}, set()),
}
FIELDS = {"shisen-difficulty": ("layout", "line")}

# What ``difficulty_lines`` reads for the figures line, and the version that measured them.
SHARES = ("stuck_share", "careful_stuck_share", "lookahead_stuck_share")
COUNTS = ("first_moves", "fatal_first_moves", "fatal_first_undecided")
DIFFICULTY_KEYS = ("generator",) + SHARES + COUNTS

REFERENCE = re.compile(r"\{\{(.*?)\}\}", re.S)


class ExampleProblem(Exception):
    def __init__(self, key: str, message: str):
        self.key = key
        self.message = message


def compute(kind: str, spec: Mapping[str, Any]) -> dict[str, str]:
    """The example's fields as text, after checking its record; raises :class:`ExampleProblem`."""
    return _COMPUTE[kind](spec)


def _shisen_difficulty(spec: Mapping[str, Any]) -> dict[str, str]:
    try:
        day = parse_date(str(spec["date"]))
    except InputError as e:
        raise ExampleProblem("date", str(e)) from None
    try:
        w, h = parse_size(str(spec["size"]))
    except InputError as e:
        raise ExampleProblem("size", str(e)) from None
    level = spec["level"]
    if level not in PRESETS:
        raise ExampleProblem("level", f"unknown level {level!r} (known: {', '.join(PRESETS)})")
    d = spec["difficulty"]
    if not isinstance(d, dict) or set(d) != set(DIFFICULTY_KEYS):
        got = sorted(d) if isinstance(d, dict) else d
        raise ExampleProblem("difficulty", f"expected exactly {', '.join(DIFFICULTY_KEYS)} "
                                           f"as the generator published them, got {got!r}")
    if d["generator"] != GENERATOR_VERSION:
        raise ExampleProblem("difficulty", f"measured by generator {d['generator']!r}, this is generator "
                                           f"{GENERATOR_VERSION}: copy the figures again from `harupan shisen "
                                           f"generate --date {day} --size {w}x{h} --difficulty {level} --format json` "
                                           "(choose a day not yet published)")
    for key in SHARES:
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
            raise ExampleProblem("difficulty", f"{key}: expected a share from 0 to 1, got {v!r}")
    for key in COUNTS:
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ExampleProblem("difficulty", f"{key}: expected a count, got {v!r}")
    if d["fatal_first_moves"] + d["fatal_first_undecided"] > d["first_moves"]:
        raise ExampleProblem("difficulty", "more losing and undecided first moves than first moves")
    line = difficulty_lines(dict(d, preset=level))[0]
    return {"layout": f"{day_ko(day, weekday=False)} {DIFFICULTY_KO[level]} 판({w}×{h})", "line": line}


_COMPUTE = {"shisen-difficulty": _shisen_difficulty}

_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~!])")


def fill(body: str, values: Mapping[str, Mapping[str, str] | None]) -> tuple[str, list[str], set[str]]:
    """``body`` with every ``{{name.field}}`` replaced by that example's field (Markdown's own
    characters escaped, so a figure is shown as text); also the problems found and the names used.
    An example whose record failed its check (None) is left unfilled, its problem told already."""
    problems: list[str] = []
    used: set[str] = set()

    def one(m: re.Match[str]) -> str:
        ref = m.group(1).strip()
        name, _, field = ref.partition(".")
        if name not in values:
            known = ", ".join(sorted(values)) or "none declared in this section's examples"
            problems.append(f"{{{{{ref}}}}} names no example (known: {known})")
            return m.group(0)
        used.add(name)
        fields = values[name]
        if fields is None:
            return m.group(0)
        if field not in fields:
            problems.append(f"{{{{{ref}}}}}: {name!r} has no field {field!r} (fields: {', '.join(fields)})")
            return m.group(0)
        return _MARKDOWN.sub(r"\\\1", fields[field])

    text = REFERENCE.sub(one, body)
    if "{{" in REFERENCE.sub("", body):
        problems.append("an unclosed '{{' (a reference is written {{name.field}})")
    return text, problems, used
