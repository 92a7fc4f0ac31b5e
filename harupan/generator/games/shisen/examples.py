"""Shisen-sho's worked example for the rule pages: a real board's measured difficulty, quoted in
the prose from a record of that board, never typed into the sentence.

A section declares it by name and its body refers to its fields as ``{{name.field}}``::

    examples:
      hard:
        kind: shisen-difficulty
        date: 2026-12-25           # a day published by this generator (a coming day, so that
        size: 18x8                 # the page never names a day published by an older one)
        level: hard
        difficulty: {generator: 6, stuck_share: 0.9844, …}   # as the generator published them
    body: |
      … 예를 들어 {{hard.layout}}의 줄은 "{{hard.line}}"입니다.

Its fields (written by the game's view): ``layout`` (the day, level and size as a reader names
them) and ``line`` (the stuck shares as the day page and the sheet print them). Its
``difficulty`` holds exactly the figures that line shows, copied from ``harupan shisen generate
--date D --size S --difficulty L --format json``, and the generator version that measured them: a
record from another version fails the build, so a change to the generator cannot leave the page
quoting figures it no longer makes. Dealing the day again to check the figures costs seconds, too
much for every build; ``tests/test_shisen_holdup.py`` deals it and compares.
"""

from __future__ import annotations

from ....engine.dates import parse_date
from ....engine.errors import InputError
from ....engine.figures import FigureKind, FigureProblem, Spec
from ....engine.shisen.figures import DifficultyRecord
from .layouts import GENERATOR_VERSION, PRESETS, parse_size

# What the figures line reads, and the version that measured them.
SHARES = ("stuck_share", "careful_stuck_share", "lookahead_stuck_share")
COUNTS = ("first_moves", "fatal_first_moves", "fatal_first_undecided")
DIFFICULTY_KEYS = ("generator",) + SHARES + COUNTS


def difficulty_record(spec: Spec) -> DifficultyRecord:
    try:
        day = parse_date(str(spec["date"]))
    except InputError as e:
        raise FigureProblem("date", str(e)) from None
    try:
        w, h = parse_size(str(spec["size"]))
    except InputError as e:
        raise FigureProblem("size", str(e)) from None
    level = spec["level"]
    if not isinstance(level, str) or level not in PRESETS:
        raise FigureProblem("level", f"unknown level {level!r} (known: {', '.join(PRESETS)})")
    d = spec["difficulty"]
    if not isinstance(d, dict) or set(d) != set(DIFFICULTY_KEYS):
        got = sorted(d) if isinstance(d, dict) else d
        raise FigureProblem("difficulty", f"expected exactly {', '.join(DIFFICULTY_KEYS)} "
                                          f"as the generator published them, got {got!r}")
    if d["generator"] != GENERATOR_VERSION:
        raise FigureProblem("difficulty", f"measured by generator {d['generator']!r}, this is generator "
                                          f"{GENERATOR_VERSION}: copy the figures again from `harupan shisen "
                                          f"generate --date {day} --size {w}x{h} --difficulty {level} --format json` "
                                          "(choose a day not yet published)")
    for key in SHARES:
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
            raise FigureProblem("difficulty", f"{key}: expected a share from 0 to 1, got {v!r}")
    for key in COUNTS:
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise FigureProblem("difficulty", f"{key}: expected a count, got {v!r}")
    if d["fatal_first_moves"] + d["fatal_first_undecided"] > d["first_moves"]:
        raise FigureProblem("difficulty", "more losing and undecided first moves than first moves")
    return DifficultyRecord(day, w, h, level, dict(d, preset=level))


EXAMPLES = (FigureKind("shisen-difficulty", frozenset({"date", "size", "level", "difficulty"}), frozenset(),
                       difficulty_record),)
