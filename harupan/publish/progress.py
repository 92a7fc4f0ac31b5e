"""Progress of a long run over many days, for the person or the log that watches it.

On a terminal: one line redrawn every second from the start (before the first day is done),
with the bar, days done, elapsed time, the rate, the time left and the day being made. In a log
(stderr is not a terminal, as under cron): one line a day as each is done, starting with the
ISO 8601 time like the nightly jobs' other lines. ``--quiet`` gives neither.

The run calls the reporter as ``progress(done, total, date=..., state=...)`` when a day is done
(and may call it once with ``done=0`` and ``dates=[...]``, the days it will make); the reporter
is a context manager that starts and stops the terminal's clock.
"""

from __future__ import annotations

import datetime as _dt
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import TextIO

from . import notes


def clock(seconds: float) -> str:
    """H:MM:SS (or M:SS under an hour)."""
    s = int(seconds)
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"


class Progress:
    """See the module's docstring. ``tty`` picks the terminal line or the log lines; ``now`` and
    ``wall`` are the clocks (monotonic, and the time of day for log lines)."""

    def __init__(self, dates: Iterable[_dt.date], *, stream: TextIO, tty: bool, what: str = "days", jobs: int = 1,
                 now: Callable[[], float] = time.monotonic,
                 wall: Callable[[], _dt.datetime] = lambda: _dt.datetime.now().astimezone()):
        self.pending = sorted(set(dates))
        self.total = len(self.pending)
        self.done = 0
        self.what = what
        self.jobs = max(1, jobs)  # days made side by side: the first ``jobs`` days not done are the ones being made
        self.stream, self.tty, self.now, self.wall = stream, tty, now, wall
        self.started = now()
        self.last_done = self.started  # when the last day was done: the rate is taken there
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.ticker: threading.Thread | None = None

    # ------------------------------------------------------------ what the run calls

    def __call__(self, done: int, total: int, *, date: _dt.date | None = None, state: str | None = None,
                 dates: Iterable[_dt.date] | None = None) -> None:
        with self.lock:
            self.total = total
            if dates is not None:
                self.pending = sorted(set(dates))
            if date is not None and date in self.pending:
                self.pending.remove(date)
            if done == self.done and date is None:
                if self.tty:
                    self._draw()
                return
            self.done = done
            self.last_done = self.now()
            if self.tty:
                self._draw()
            else:
                self._log(date, state)

    # ------------------------------------------------------------ the two forms

    def line(self) -> str:
        """The terminal line: bar, count, elapsed, rate, time left, the day being made."""
        elapsed = self.now() - self.started
        total = max(self.total, 1)
        width = 16
        filled = width * min(self.done, total) // total
        parts = [f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {self.what}",
                 f"{clock(elapsed)} elapsed"]
        if self.done:
            per = max(self.last_done - self.started, 1e-3) / self.done
            parts.append(f"{per:.1f} s/day" if per >= 1 else f"{1 / per:.1f} days/s")
            if self.done < self.total:
                parts.append(f"ETA {clock(per * (self.total - self.done))}")
        else:
            parts.append("ETA –")  # known after the first day
        if self.pending and self.done < self.total:
            making = self.pending[: min(self.jobs, 2)]
            more = min(self.jobs, len(self.pending)) - len(making)
            parts.append("now " + ", ".join(d.isoformat() for d in making) + (f" +{more}" if more > 0 else ""))
        elif self.done >= self.total:
            parts.append("now the pages that list days")
        return " · ".join(parts)

    def _draw(self) -> None:
        text = self.line()
        columns = shutil.get_terminal_size((100, 20)).columns
        if len(text) >= columns:
            text = text[: columns - 2] + "…"
        try:
            self.stream.write("\r" + text + "\x1b[K")
            self.stream.flush()
        except (OSError, ValueError):
            pass

    def _log(self, date: _dt.date | None, state: str | None) -> None:
        elapsed = self.now() - self.started
        what = f"{date.isoformat()}: {state or 'done'}" if date is not None else "done"
        text = f"{self.wall().isoformat(timespec='seconds')} harupan: {what} ({self.done}/{self.total}, {clock(elapsed)} elapsed)"
        try:
            self.stream.write(text + "\n")
            self.stream.flush()
        except (OSError, ValueError):
            pass

    # ------------------------------------------------------------ the terminal's clock

    def _tick(self) -> None:
        while not self.stop.wait(1.0):
            with self.lock:
                self._draw()

    def __enter__(self) -> Progress:
        self.started = self.now()
        if not self.tty and self.total > 1:  # a log hears at once what the run is doing, not after its first day
            try:
                self.stream.write(f"{self.wall().isoformat(timespec='seconds')} harupan: {self.total} {self.what}, "
                                  f"{self.jobs} at a time: started\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass
        if self.tty:
            with self.lock:
                self._draw()
            notes.BEFORE_NOTE = self._clear  # the next tick draws the line again, below the note
            self.ticker = threading.Thread(target=self._tick, name="harupan-progress", daemon=True)
            self.ticker.start()
        return self

    def _clear(self) -> None:
        try:
            self.stream.write("\r\x1b[K")
        except (OSError, ValueError):
            pass

    def __exit__(self, *exc: object) -> None:
        notes.BEFORE_NOTE = None
        self.stop.set()
        if self.ticker is not None:
            self.ticker.join()
            with self.lock:
                self._draw()
            try:
                self.stream.write("\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass


class Silent:
    """``--quiet``: no progress at all (still a context manager, so callers need no branch)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def reporter(quiet: bool, dates: Iterable[_dt.date], what: str = "days", jobs: int = 1) -> Progress | Silent:
    """The progress a run shows: a live line on a terminal, a line a day in a log, none if quiet.
    Use as ``with reporter(...) as progress: run(..., progress=progress)``."""
    if quiet:
        return Silent()
    return Progress(dates, stream=sys.stderr, tty=sys.stderr.isatty(), what=what, jobs=jobs)
