"""Worker processes: a pool that dies with its run, and work mapped over it with a dead worker made an error."""

from __future__ import annotations

import ctypes
import datetime as _dt
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine.errors import HarupanError

if TYPE_CHECKING:  # imported when a pool starts (8 ms, bench/startup.py): a prepared night runs without one
    from concurrent.futures import ProcessPoolExecutor


def _die_with_parent(parent: int) -> None:
    """Pool worker start-up: a worker must not outlive its run. Cron or an operator may SIGKILL
    the run, and a worker blocked on its queue would otherwise wait forever. On Linux the kernel
    sends the worker SIGKILL when its parent dies; elsewhere a thread checks every quarter second."""
    try:
        if ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL) != 0:  # 1 = PR_SET_PDEATHSIG
            raise OSError("prctl failed")
    except (OSError, AttributeError, TypeError):  # no prctl here (macOS, Windows)
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(0.25)
            os._exit(1)

        threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request above took effect
        os._exit(1)


def _broken() -> type[Exception]:
    from concurrent.futures.process import BrokenProcessPool  # 8 ms (bench/startup.py): only where a pool may run

    return BrokenProcessPool


def pool_failures() -> tuple[type[Exception], ...]:
    """A pool that cannot start (no fork, no /dev/shm for its locks): the work is then done in
    this process instead; the output is the same. Once the pool has started, an error inside a
    worker is the error of the day it was making, and a worker that dies (the OOM killer, say)
    ends the run."""
    return (OSError, NotImplementedError, _broken())


class WorkerDied(HarupanError):
    """A worker process ended without an answer (exit 2); nothing of the run is published."""


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    from concurrent.futures import ProcessPoolExecutor  # 8 ms (bench/startup.py): only a run with workers

    return ProcessPoolExecutor(max_workers=jobs, initializer=_die_with_parent, initargs=(os.getpid(),))


def _ready() -> bool:
    return True


def start_pool(jobs: int) -> ProcessPoolExecutor | None:
    """A started pool of ``jobs`` workers, or None when none can be had here."""
    pool = None
    try:
        pool = worker_pool(jobs)
        for f in [pool.submit(_ready) for _ in range(jobs)]:
            f.result()
        return pool
    except pool_failures():
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        return None


def pool_map(pool: ProcessPoolExecutor, fn: Callable[..., Any], items: Iterable[Any], what: str,
             **kw: Any) -> Iterator[Any]:  # Any: any picklable work and its result
    """``pool.map``, submitted at once; a dead worker becomes :class:`WorkerDied`."""
    BrokenProcessPool = _broken()
    try:
        results = pool.map(fn, items, **kw)
    except BrokenProcessPool:
        raise WorkerDied(f"a worker process died while making {what}; nothing of this run was published") from None

    def collect() -> Iterator[Any]:  # Any: any picklable result
        try:
            yield from results
        except BrokenProcessPool:
            raise WorkerDied(f"a worker process died while making {what} (killed, or out of memory?); "
                             "nothing of this run was published") from None

    return collect()


Day = TypeVar("Day", _dt.date, str)  # a day as its date, or as its folder's name (site check)


def map_days(fn: Callable[[Any], tuple[Day, Any]], items: list[tuple[Any, ...]], jobs: int,
             on_result: Callable[[Day, Any], None]) -> None:  # Any: any picklable work and its result
    """``fn`` over ``items`` (each starting with its day; ``fn`` returns ``(day, result)``),
    in a worker pool when there is more than one item and job, with ``on_result(date, result)``
    called here as results arrive. Done in this process only when no pool can be started; an
    error inside a worker is raised here as that day's error."""
    pool = start_pool(min(jobs, len(items))) if jobs > 1 and len(items) > 1 else None
    if pool is None:
        for item in items:
            on_result(*fn(item))
        return
    try:
        for date, result in pool_map(pool, fn, items, "the days", chunksize=1):
            on_result(date, result)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
