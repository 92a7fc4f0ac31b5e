"""A day's slow pieces made ahead of their day, so the midnight run does not wait for them.

Each game names its slow pieces (``Game.slow_pieces``): a bot's whole game, a board dealt,
proved and graded (bench/site.py times a night with and without them). A piece depends on the date and settings alone, so ``harupan
prepare`` makes the coming days' slow pieces at any quiet hour and keeps them in
``SITE/.pars/YYYY-MM-DD.json``. When the day comes, the run takes the kept pieces instead of
making them again; the games are deterministic, so the published ``puzzle.json`` has the same
bytes either way.

A kept piece is trusted only as far as it can be checked. The record must be for that date, and
the piece from the same version of its game (``Game.version``); then its game checks it (``Game.kept_fault``: the
par replays to what it claims; a layout is dealt again from its attempt and its order replayed).
A piece that fails a check is made again, with a line on stderr; the pieces that pass are still
used. Once the day is published its record is removed.

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
import errno
import json
import os
from collections.abc import Mapping
from pathlib import Path

from ..generator.daily import bundle_json, day_part
from ..generator.games import Json, Piece, Settings, game_for_piece, games
from ..files import Kind, read_fd
from .atomic import (drop_temp, lstat_at, open_below, open_dir, refuse_link, temp_name, unlink_at, write_error,
                     write_locked)
from .lock import LockBusy, SiteLock
from .notes import note

FORMAT = "harupan/prepared@3"  # each game's version beside its pieces; an older record is "not a record": made again
FOLDER = ".pars"
LOCK_NAME = ".prepare.lock"


def record_path(site: Path, date: _dt.date) -> Path:
    return Path(site) / FOLDER / f"{date.isoformat()}.json"


def slow_pieces(day: _dt.date, settings: Settings) -> list[Piece]:
    """Every game's pieces worth making ahead for ``day``, in page order."""
    return [p for g in games() for p in g.slow_pieces(day, settings)]


def record_json(day: _dt.date, made: Mapping[Piece, Json]) -> bytes:
    record: dict[str, object] = {"format": FORMAT, "date": day.isoformat(), "versions": {g.name: g.version for g in games()},
              "pieces": {p.key: v for p, v in made.items()}}
    return bundle_json(record)  # the same canonical form as a day's puzzle.json


def problem(record: object, day: _dt.date) -> str | None:
    """Why a record cannot stand in for any piece of ``day``, or None when its pieces may."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return f"not a {FORMAT} record"
    if record.get("date") != day.isoformat():
        return f"it is for {record.get('date')!r}"
    if not isinstance(record.get("versions"), dict):
        return "it names no game versions"
    if not isinstance(record.get("pieces"), dict):
        return "it holds no pieces"
    return None


def load(site: Path, day: _dt.date, settings: Settings) -> dict[Piece, Json]:
    """The kept pieces for ``day`` that pass their checks (see the module docstring)."""
    path = record_path(site, day)
    try:  # through no link, a regular file within its cap (harupan/files.py): else refused, exit 2
        data = read_fd(open_below(str(site), [FOLDER, path.name]), path, Kind.RECORD)
    except FileNotFoundError:
        return {}
    except OSError as e:
        if e.errno in (errno.ELOOP, errno.ENOTDIR):  # a link at the record or at its folder
            raise refuse_link(site / FOLDER if os.path.islink(site / FOLDER) else path) from None
        note(f"ignoring kept parts {path}: {e.strerror or e}")
        return {}
    try:
        record = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as e:
        why: str | None = f"not JSON ({e})"
    else:
        why = problem(record, day)
    if why is not None:
        note(f"ignoring kept parts {path}: {why}; making them again")
        return {}
    kept: dict[Piece, Json] = {}
    for piece in slow_pieces(day, settings):
        key = piece.key
        if key not in record["pieces"]:
            continue
        owner = game_for_piece(piece)
        kept_by = record["versions"].get(owner.name)
        why = (f"it is from {owner.name} version {kept_by!r}, this is {owner.version}" if kept_by != owner.version
               else owner.kept_fault(piece, record["pieces"][key]))
        if why is None:
            kept[piece] = record["pieces"][key]
        else:
            note(f"ignoring {key} kept in {path}: {why}; making it again")
    return kept


def prepare_lock(site: Path) -> SiteLock:
    """The lock one ``prepare`` holds while it runs (the folder is made if need be)."""
    return SiteLock(Path(site) / FOLDER, LOCK_NAME, "another 'harupan prepare' is running in", root=site)


def forget(site: Path, date: _dt.date, *, locked: bool = False) -> None:
    """Remove the kept parts of a day that is now published (they are in its ``puzzle.json``),
    and what a killed prepare left of them: by name, and only while no prepare runs (``locked``:
    the caller holds the prepare lock), since a running one may be writing that name now."""
    path = record_path(site, date)
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


def make(task: tuple[_dt.date, Settings]) -> tuple[_dt.date, bytes]:
    """One day's slow pieces as the bytes of its record (module level, for a process pool)."""
    day, settings = task
    return day, record_json(day, {p: day_part(p) for p in slow_pieces(day, settings)})


def write(site: Path, date: _dt.date, data: bytes) -> None:
    """Keep a day's record; the caller holds the prepare lock."""
    write_locked(site, record_path(site, date), data)
