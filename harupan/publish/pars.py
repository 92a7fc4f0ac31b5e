"""Pars made ahead of their day, so the midnight run does not wait for the par bot.

The full par bot plays a whole game (about 17 s on a 2-core machine); everything else in a day
takes about a second. The par depends on the date alone, so ``harupan prepare`` plays the coming
days' games at any quiet hour and keeps them in ``SITE/.pars/YYYY-MM-DD.json``. When the day
comes, the run takes the kept game instead of playing it again; the bot is deterministic, so the
published ``puzzle.json`` has the same bytes either way.

A kept par is trusted only as far as it can be checked: it must be for that date, from the same
bot and generator version, and replay to the result it claims (as the run's own check does). A
file that fails any of that is ignored (the par is played again) and reported on stderr. Once
the day is published its kept par is removed.

Nothing here takes the site's lock: a kept par is written atomically and is never part of the
site, so preparing can overlap a publishing run. The folder's name starts with a dot; the
README's rsync line leaves dot files off the public copy.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.errors import InputError
from ..engine.zodiac import replay as replay_zodiac
from ..generator.daily import day_part
from ..generator.shisen import GENERATOR_VERSION, parse_date
from .atomic import write_atomic
from .notes import note

FORMAT = "harupan/par@1"
FOLDER = ".pars"


def par_path(site: Path, date: str) -> Path:
    return Path(site) / FOLDER / f"{parse_date(date).isoformat()}.json"


def par_json(date: str, par: dict) -> bytes:
    record = {"format": FORMAT, "date": date, "generator": GENERATOR_VERSION, "par": par}
    return (json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")


def problem(record: object, date: str, bot: str) -> str | None:
    """Why a kept par cannot stand in for the bot's game on ``date``, or None when it can."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return f"not a {FORMAT} record"
    if record.get("date") != date:
        return f"it is for {record.get('date')!r}"
    if record.get("generator") != GENERATOR_VERSION:
        return f"it is from generator {record.get('generator')!r}, this is {GENERATOR_VERSION}"
    par = record.get("par")
    if not isinstance(par, dict) or par.get("bot") != bot:
        return f"it is not from the {bot!r} bot"
    try:
        r = replay_zodiac(par["moves"], date=date)
    except (InputError, KeyError, TypeError) as e:
        return f"its moves do not replay ({e})"
    if (r.state, r.top, r.score) != (par.get("state"), par.get("top"), par.get("score")):
        return "it does not replay to the result it claims"
    return None


def load(site: Path, date: str, bot: str) -> dict | None:
    """The kept par for ``date`` from ``bot``, or None (no file, or one that fails a check)."""
    path = par_path(site, date)
    try:
        if path.stat().st_size > 16 << 20:
            note(f"ignoring kept par {path}: larger than 16 MB; playing the game again")
            return None
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        note(f"ignoring kept par {path}: {e.strerror or e}")
        return None
    try:
        record = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        why: str | None = f"not JSON ({e})"
    else:
        why = problem(record, date, bot)
    if why is not None:
        note(f"ignoring kept par {path}: {why}; playing the game again")
        return None
    return record["par"]


def forget(site: Path, date: str) -> None:
    """Remove the kept par of a day that is now published (it is in its ``puzzle.json``)."""
    try:
        par_path(site, date).unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        raise InputError(f"cannot remove {str(par_path(site, date))!r}: {e.strerror or e}") from None


def play(task: tuple[str, str]) -> tuple[str, bytes]:
    """One day's par as the bytes of its file (module level, for a process pool)."""
    date, bot = task
    return date, par_json(date, day_part(("par", date, bot)))


def write(site: Path, date: str, data: bytes) -> None:
    write_atomic(par_path(site, date), data)
