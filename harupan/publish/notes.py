"""Lines for the operator on stderr. The nightly jobs (``daily``, ``prepare``) run from cron,
whose log has no clock of its own, so their lines start with an ISO 8601 time (this machine's
local time, with its offset)."""

from __future__ import annotations

import datetime as _dt
import sys

STAMPED = False  # set by the commands that write a log


def stamp() -> str:
    return _dt.datetime.now().astimezone().isoformat(timespec="seconds") + " " if STAMPED else ""


def note(text: str) -> None:
    try:
        sys.stderr.write(f"{stamp()}harupan: {text}\n")
        sys.stderr.flush()
    except OSError:
        pass  # a closed stderr must not end the run
