"""The day bundle: everything published for one date, as plain data (``harupan/day@1``).

``puzzle.json`` is the archived truth for a day: pages and sheets derive from it.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.errors import CheckFailed, InputError
from ..engine.shisen.board import layout_from_dict, layout_to_dict
from ..engine.shisen.game import replay as replay_shisen
from ..engine.shisen.solver import SOLVED, solve
from ..engine.zodiac import replay as replay_zodiac
from ..engine.zodiac import FORMAT as ZODIAC_FORMAT
from ..engine.zodiac import seed_for, start_cells
from .shisen import DEFAULT_SIZE, DIFFICULTIES, GENERATOR_VERSION, generate, parse_date

FORMAT = "harupan/day@1"
WEEKDAYS_KO = ("월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일")


def day_part(part: tuple) -> dict:
    """One independent piece of a day: ``("par", date, mode)`` or ``("shisen", date, size,
    difficulty)``. Module level, so a process pool can run the pieces side by side."""
    if part[0] == "par":
        from .zodiac import par as play_par

        _, date, mode = part
        result = play_par(date, mode)
        return {"bot": mode, "moves": result.moves, "state": result.state, "top": result.top,
                "score": result.score}
    _, date, size, difficulty = part
    return layout_to_dict(generate(date, size, difficulty))


def day_bundle(date: str, size: str = DEFAULT_SIZE, difficulties=DIFFICULTIES, par: str | None = None,
               map_fn=map, known_par: dict | None = None, known_layouts: dict | None = None) -> dict:
    """Every offered Shisen-sho layout with its proof, the zodiac start, and (unless ``par`` is
    None) the par bot's game: ``full`` or ``quick``. ``map_fn`` may run the pieces side by side
    (a process pool's ``map``); every piece depends on the date alone, so the bundle is the same.
    ``known_par`` is the par bot's game made earlier (``day_part(("par", date, par))``, kept by
    the caller): the bot is deterministic, so it stands in for playing the game again; likewise
    ``known_layouts`` (level -> ``day_part(("shisen", date, size, level))``) for the layouts."""
    day = parse_date(date)
    if known_par is not None and (par is None or known_par.get("bot") != par):
        raise ValueError(f"known_par is from the {known_par.get('bot')!r} bot, not {par!r}")
    parts: list[tuple] = [("par", date, par)] if par is not None and known_par is None else []  # longest first
    known_layouts = known_layouts or {}
    parts += [("shisen", date, size, d) for d in difficulties if d not in known_layouts]
    results = list(map_fn(day_part, parts)) if parts else []
    zodiac: dict[str, object] = {"format": ZODIAC_FORMAT, "seed": seed_for(date), "start": start_cells(date)}
    if known_par is not None:
        zodiac["par"] = known_par
    elif par is not None:
        zodiac["par"] = results.pop(0)
    made = iter(results)
    shisen = {d: known_layouts[d] if d in known_layouts else next(made) for d in difficulties}
    return {
        "format": FORMAT,
        "date": date,
        "weekday": WEEKDAYS_KO[day.weekday()],
        "generator": GENERATOR_VERSION,
        "shisen": shisen,
        "zodiac": zodiac,
    }


def verify_bundle(bundle: dict) -> None:
    """Prove the bundle again from scratch: every layout's published order clears it and the
    solver solves it; the zodiac start follows the protocol; the par replays to what it claims.
    Raises :class:`CheckFailed` (exit 1) on the first failure."""
    date: Any = bundle.get("date")  # unchecked until parse_date has read it
    try:
        parse_date(date)
    except Exception:
        raise CheckFailed(f"bundle date {date!r} is not a date") from None
    for level, data in bundle.get("shisen", {}).items():
        try:
            layout = layout_from_dict(data, source=f"{date} shisen {level}")
            cleared = bool(layout.solution and replay_shisen(layout.board, layout.solution).is_empty())
        except InputError as e:
            raise CheckFailed(f"{date} shisen {level}: the published order does not clear the board ({e})") from None
        if not cleared:
            raise CheckFailed(f"{date} shisen {level}: the published order does not clear the board")
        if solve(layout.board).status != SOLVED:
            raise CheckFailed(f"{date} shisen {level}: the solver could not prove the layout")
    z = bundle.get("zodiac") or {}
    if z.get("start") != start_cells(date):
        raise CheckFailed(f"{date} zodiac: the start board does not follow protocol v1")
    if "par" in z:
        p = z["par"]
        try:
            r = replay_zodiac(p["moves"], date=date)
        except InputError as e:
            raise CheckFailed(f"{date} zodiac: the par does not replay ({e})") from None
        if (r.state, r.top, r.score) != (p["state"], p["top"], p["score"]):
            raise CheckFailed(f"{date} zodiac: the par does not replay to its claimed result")


def bundle_json(bundle: dict) -> bytes:
    """Canonical bytes: sorted keys, fixed separators, UTF-8, one trailing newline."""
    return (json.dumps(bundle, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")
