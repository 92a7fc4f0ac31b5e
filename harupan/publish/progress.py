"""The progress bar a person at a terminal sees during a long run (none for cron or --quiet)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def terminal_progress(quiet: bool) -> Callable[[int, int], None] | None:
    if quiet or not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show
