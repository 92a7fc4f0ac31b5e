"""A day's slow parts made ahead of their day, so the midnight run does not wait for them.

The full par bot plays a whole game (about 17 s on a 2-core machine) and the three Shisen-sho
layouts are dealt, proved and graded (about a second each). All of it depends on the date
alone, so ``harupan prepare`` makes the coming days' parts at any quiet hour and keeps them in
``SITE/.pars/YYYY-MM-DD.json``. When the day comes, the run takes the kept parts instead of
making them again; the bot and the generator are deterministic, so the published
``puzzle.json`` has the same bytes either way.

A kept part is trusted only as far as it can be checked. The record must be for that date and
from the same generator version. The par must be from the same bot and replay to the result it
claims. A layout must be the generator's own deal for its date, level and attempt (dealt again
here, which is cheap), and its removal order must clear it; its measures are taken as kept (the
same generator version gives the same figures). A part that fails a check is made again, with a
line on stderr; the parts that pass are still used. Once the day is published its record is
removed.

Preparing does not take the site's lock: a record is never part of the site, so preparing can
overlap a publishing run. It takes a lock of its own, ``.pars/.prepare.lock``, so one prepare
runs at a time and a record can be written through a fixed temporary name (``.DATE.json.tmp``).
A prepare killed mid-write leaves at most that name. The next prepare removes it by name (it
looks at the days it covers and the 31 before them), and so does the run that publishes the day
unless a prepare is running just then. The folder's name starts with a dot; the README's rsync
line leaves dot files off the public copy.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.errors import InputError
from ..engine.shisen.board import layout_from_dict
from ..generator.daily import bundle_json, day_part
from ..generator.games.shisen import order_fault
from ..generator.games.zodiac import Par, par_fault
from ..generator.shisen import DEFAULT_SIZE, GENERATOR_VERSION, PRESETS, deal, parse_size
from .atomic import drop_temp, lstat_at, open_dir, temp_name, unlink_at, write_error, write_locked
from .lock import LockBusy, SiteLock
from .notes import note

FORMAT = "harupan/prepared@1"
FOLDER = ".pars"
LOCK_NAME = ".prepare.lock"


@dataclass(frozen=True)
class Kept:
    """The parts of a day that passed their checks."""

    par: dict[str, Any] | None = None
    layouts: dict[str, dict[str, Any]] = field(default_factory=dict)


def par_path(site: Path, date: _dt.date) -> Path:
    return Path(site) / FOLDER / f"{date.isoformat()}.json"


def record_json(date: str, par: dict[str, Any] | None, layouts: dict[str, dict[str, Any]]) -> bytes:
    record = {"format": FORMAT, "date": date, "generator": GENERATOR_VERSION, "size": DEFAULT_SIZE,
              "par": par, "shisen": layouts}
    return bundle_json(record)  # the same canonical form as a day's puzzle.json


def problem(record: object, date: str) -> str | None:
    """Why a record cannot stand in for any part of ``date``, or None when its parts may."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return f"not a {FORMAT} record"
    if record.get("date") != date:
        return f"it is for {record.get('date')!r}"
    if record.get("generator") != GENERATOR_VERSION:
        return f"it is from generator {record.get('generator')!r}, this is {GENERATOR_VERSION}"
    if record.get("size") != DEFAULT_SIZE:
        return f"its layouts are {record.get('size')!r}, not {DEFAULT_SIZE}"
    return None


def par_problem(par: object, date: str, bot: str) -> str | None:
    """Why a kept par cannot stand in for the bot's game on ``date``, or None when it can."""
    if not isinstance(par, dict) or par.get("bot") != bot:
        return f"its par is not from the {bot!r} bot"
    try:
        kept = Par.from_json(par)
    except (KeyError, TypeError, ValueError) as e:
        return f"its par does not read ({e!r})"
    return par_fault(date, kept)


def layout_problem(data: object, date: str, level: str) -> str | None:
    """Why a kept layout is not the generator's own for ``date`` and ``level``, or None."""
    try:
        layout = layout_from_dict(data, source=f"kept {level} layout")
        attempt = (layout.difficulty or {}).get("attempt")
        if not isinstance(attempt, int) or isinstance(attempt, bool) or attempt < 1:
            return f"its {level} layout names no attempt"
        width, height = parse_size(DEFAULT_SIZE)
        board, seed = deal(date, width, height, PRESETS[level], attempt)
        if layout.seed != seed or layout.board != board or layout.date != date:
            return f"its {level} layout is not the generator's deal for {date}"
        if (layout.difficulty or {}).get("preset") != level:
            return f"its {level} layout is graded as {(layout.difficulty or {}).get('preset')!r}"
        fault = order_fault(layout)
        if fault is not None:
            return f"its {level} layout's order does not clear it{fault}"
    except InputError as e:
        return f"its {level} layout does not read ({e})"
    return None


def load(site: Path, day: _dt.date, bot: str | None, levels: Iterable[str] = ()) -> Kept:
    """The kept parts for ``day`` that pass their checks (see the module docstring)."""
    path = par_path(site, day)
    date = day.isoformat()  # as records, seeds and layouts spell it
    try:
        if path.stat().st_size > 16 << 20:
            note(f"ignoring kept parts {path}: larger than 16 MB; making them again")
            return Kept()
        data = path.read_bytes()
    except FileNotFoundError:
        return Kept()
    except OSError as e:
        note(f"ignoring kept parts {path}: {e.strerror or e}")
        return Kept()
    try:
        record = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as e:
        why: str | None = f"not JSON ({e})"
    else:
        why = problem(record, date)
    if why is not None:
        note(f"ignoring kept parts {path}: {why}; making them again")
        return Kept()
    par = None
    if bot is not None:
        why = par_problem(record.get("par"), date, bot)
        if why is None:
            par = record["par"]
        elif record.get("par") is not None:
            note(f"ignoring the par kept in {path}: {why}; playing the game again")
    layouts = {}
    kept_layouts = record.get("shisen") if isinstance(record.get("shisen"), dict) else {}
    for level in levels:
        if level not in kept_layouts:
            continue
        why = layout_problem(kept_layouts[level], date, level)
        if why is None:
            layouts[level] = kept_layouts[level]
        else:
            note(f"ignoring a layout kept in {path}: {why}; dealing it again")
    return Kept(par, layouts)


def prepare_lock(site: Path) -> SiteLock:
    """The lock one ``prepare`` holds while it runs (the folder is made if need be)."""
    return SiteLock(Path(site) / FOLDER, LOCK_NAME, "another 'harupan prepare' is running in", root=site)


def forget(site: Path, date: _dt.date, *, locked: bool = False) -> None:
    """Remove the kept parts of a day that is now published (they are in its ``puzzle.json``),
    and what a killed prepare left of them: by name, and only while no prepare runs (``locked``:
    the caller holds the prepare lock), since a running one may be writing that name now."""
    path = par_path(site, date)
    try:
        unlink_at(site, path)
    except OSError as e:
        raise write_error(path, e, "remove") from None
    if locked:
        drop_temp(site, path)
    elif _exists(site, temp_name(path)):
        lock = prepare_lock(site)
        try:
            lock.acquire()
        except LockBusy:  # a prepare is running and may be writing that name; the next removes it
            note(f"left {str(temp_name(path))!r} to the prepare that is running")
            return
        try:
            drop_temp(site, path)
        finally:
            lock.release()


def _exists(site: Path, path: Path) -> bool:
    """Whether ``path`` (below ``site``) is there, looked up through no link."""
    try:
        fd = open_dir(site, path.parent)
    except FileNotFoundError:
        return False
    try:
        return lstat_at(fd, path.name) is not None
    finally:
        os.close(fd)


def make(task: tuple[_dt.date, str | None, Iterable[str]]) -> tuple[_dt.date, bytes]:
    """One day's slow parts as the bytes of its record (module level, for a process pool)."""
    day, bot, levels = task
    date = day.isoformat()
    par = day_part(("par", date, bot)) if bot is not None else None
    layouts = {level: day_part(("shisen", date, DEFAULT_SIZE, level)) for level in levels}
    return day, record_json(date, par, layouts)


def write(site: Path, date: _dt.date, data: bytes) -> None:
    """Keep a day's record; the caller holds the prepare lock."""
    write_locked(site, par_path(site, date), data)
