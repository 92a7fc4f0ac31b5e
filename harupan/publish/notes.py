"""Lines for the operator on stderr. The nightly jobs (``daily``, ``prepare``) run from cron,
whose log has no clock of its own, so their lines start with an ISO 8601 time (this machine's
local time, with its offset)."""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Callable

STAMPED = False  # set by the commands that write a log
BEFORE_NOTE: Callable[[], None] | None = None  # set while a progress line is on the terminal: clears it, so a note gets a line of its own


def stamp() -> str:
    return _dt.datetime.now().astimezone().isoformat(timespec="seconds") + " " if STAMPED else ""


def note(text: str) -> None:
    try:
        if BEFORE_NOTE is not None:
            BEFORE_NOTE()
        sys.stderr.write(f"{stamp()}harupan: {text}\n")
        sys.stderr.flush()
    except OSError:
        pass  # a closed stderr must not end the run
