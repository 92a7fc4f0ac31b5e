"""Publishing runs: ``build`` and ``prepare`` over many days, under the lock, as one transaction.

Safety, in order of what matters:

* Only a folder that is new, empty, or carries harupan's marker is written (publish/owner.py).
  Inside it, only the paths harupan writes are touched, by name; nothing walks the tree deleting
  by pattern.
* Nothing is written until every check passed: a day's bundle is verified (generator/daily.py)
  before any of its files is rendered, so a failed check publishes nothing (exit 1).
* A new day is written into a staging folder beside it (``YYYY/MM/.DD.new``) and renamed into
  place whole, so a day folder exists only when all its files do. A day counts as published
  (and is listed) only when all its files and its build mark are there.
* Every other file is written to a temporary file beside it and moved into place with
  ``os.replace``, in an order where nothing links to a file that is not there yet: the static
  files, the days, then the listing pages. All of a run's writes form one transaction
  (publish/atomic.py): a write that fails (a full disk, say) puts back everything the run had
  changed and ends the run with exit 2 and one line naming the file. A run killed at any point
  leaves every file complete and every link resolving; each file is its old or its new version.
* One run per site at a time: a kernel lock (publish/lock.py).
* Only files inside the site folder are ever written, and the folder may not be inside the
  package or its content.

The jobs live apart, one module each: a day's folder (publish/days.py), the listing pages
(publish/listings.py), the shared static files, script, font and rule pages (publish/assets.py),
the worker processes (publish/pool.py) and the progress bar (publish/progress.py).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable
from typing import Any
from importlib import resources
from pathlib import Path

from ..engine.errors import CheckFailed, InputError
from ..renderers.fonts import font
from ..renderers.site import DayLinks
from ..generator.daily import day_part
from ..generator.games import Settings, game_for_piece
from . import app, daynav, pars, rules
from .assets import FILES_RECORD, kept_shared_files, shared_files_record, static_files
from .atomic import Transaction, drop_temp
from .config import SiteConfig
from .days import ArchiveError, damaged_days, day_path, install_day, make_day, publish_day, published_dates, render_file
from .listings import write_listings
from .lock import SiteLock
from .notes import note
from .owner import claim_site, refuse_planted_links
from .pool import map_days, pool_map, start_pool
from .progress import Progress, reporter
from .when import check_publishable, listed, today_in

__all__ = ["build", "check_site_dir", "date_range", "prepare", "published_dates", "reporter"]

PACKAGE = Path(str(resources.files("harupan"))).resolve()


def check_site_dir(site: Path) -> Path:
    site = Path(site)
    resolved = site.resolve()
    if resolved == PACKAGE or PACKAGE in resolved.parents:
        raise InputError(f"site folder {str(site)!r} is inside the harupan package; choose another folder")
    content = rules.default_content().resolve()
    if resolved == content or content in resolved.parents:
        raise InputError(f"site folder {str(site)!r} is inside content/; choose another folder")
    claim_site(site, static_files)
    refuse_planted_links(site)
    return site


def date_range(a: _dt.date, b: _dt.date) -> list[_dt.date]:
    if b < a:
        raise InputError(f"--to {b} is before --from {a}")
    if (b - a).days > 3660:
        raise InputError("a range of more than ten years at once is refused")
    return [a + _dt.timedelta(days=i) for i in range((b - a).days + 1)]


QUICK_PIECES = 1.0  # rough seconds (Game.piece_cost): less than this is made without workers


def publish_one_day_in_parallel(site: Path, date: _dt.date, cfg: SiteConfig, tx: Transaction, jobs: int,
                                force: bool, nav: DayLinks | None = None) -> str:
    """One day on several processors: the layouts and the par side by side, then the files side
    by side. While the first pool works, this process loads the fonts, so the second pool (forked
    after) starts with them loaded instead of loading them in every worker.

    A prepared day (every slow piece kept by ``harupan prepare``) leaves only quick pieces (the
    사색패 hand: milliseconds), made here, and its files are drawn here too: they take about half
    a second of CPU, and starting workers to share them would add a quarter of a second of CPU to
    that night."""
    pooled: list[bool] = []  # whether the day's pieces went to workers (a day made tonight)

    def map_fn(fn: Callable[[Any], Any], items: Iterable[Any]) -> list[Any]:  # Any: any picklable work and its result
        items = list(items)
        if fn is day_part and sum(game_for_piece(p).piece_cost(p) for p in items) < QUICK_PIECES:
            return list(map(fn, items))
        if fn is render_file and not pooled:  # a prepared day: no workers for its files either
            return list(map(fn, items))
        pooled.append(True)
        pool = start_pool(min(jobs, len(items)))
        if pool is None:  # no worker processes to be had: do it here
            return list(map(fn, items))
        try:
            results = pool_map(pool, fn, items, date.isoformat())  # submitted now, collected below
            if fn is not render_file:
                font("sans"), font("serif")
            return list(results)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    return publish_day(site, date, cfg, tx, force=force, map_fn=map_fn, nav=nav)


def _make_day_job(args: tuple[_dt.date, str, SiteConfig, bool, DayLinks]
                  ) -> tuple[_dt.date, dict[str, bytes] | str | None]:
    """A day's files, None when it is current, or the line saying why its archive cannot be read
    (the other days go on)."""
    date, site, cfg, force, nav = args
    try:
        return date, make_day(Path(site), date, cfg, force=force, nav=nav)
    except (ArchiveError, CheckFailed) as e:  # a day that cannot be read, or whose claim fails
        return date, (FAILED_CHECK if isinstance(e, CheckFailed) else "") + str(e)


FAILED_CHECK = "\0check\0"  # marks a day's line whose claim failed (exit 1), not one that cannot be read (exit 2)
STATES = {"written": "written", "unchanged": "unchanged", "skipped": "already current",
          "failed": "cannot be read"}  # for progress lines


def build(site: Path, dates: list[_dt.date], cfg: SiteConfig, *, jobs: int = 1, force: bool = False,
          progress: Progress | None = None, today: _dt.date | None = None) -> dict[str, int]:
    """Publish many days (made in parallel across processes), then the listings (the days up to
    ``today``, default today in the site's zone), under the lock, as one transaction: a failure
    leaves the site as it was. A day whose archived ``puzzle.json`` cannot be read is left as it
    is while the others are published; the run then ends with :class:`InputError` (exit 2), one
    line per such day."""
    check_publishable(dates, cfg.timezone, allow_future=True)
    site = check_site_dir(site)
    today = today or today_in(cfg.timezone)
    counts = {"written": 0, "unchanged": 0, "skipped": 0}
    problems: list[str] = []
    with SiteLock(site), Transaction(site) as tx:
        if not kept_shared_files(site, cfg):  # made again only when they are not there as written
            shared = app.with_app_files(static_files(), cfg)
            for name, content in shared.items():  # before any page that links them
                tx.write(site / name, content)
            tx.write(site / FILES_RECORD, shared_files_record(shared, cfg))
        before = published_dates(site)
        # each page's row as it will stand once the run's days are in (publish/daynav.py); a day
        # that fails after all is put right, with its neighbours, before the listings
        visible = listed(sorted(set(before) | set(dates)), today)
        navs = {d: daynav.neighbours(visible, d) for d in dates}
        work = [(d, str(site), cfg, force, navs[d]) for d in dates]
        results: dict[_dt.date, str] = {}

        def record(date: _dt.date, files: dict[str, bytes] | str | None) -> None:
            if isinstance(files, str):
                problems.append(files)
                results[date] = "failed"
            else:
                results[date] = "skipped" if files is None else install_day(site, date, files, tx)
            if progress:
                progress(len(results), len(work), date=date, state=STATES[results[date]])

        if jobs > 1 and len(work) == 1:  # one day (the nightly run): its pieces side by side
            try:
                results[dates[0]] = publish_one_day_in_parallel(site, dates[0], cfg, tx, jobs, force, navs[dates[0]])
            except ArchiveError as e:
                record(dates[0], str(e))
            else:
                if progress:
                    progress(1, 1, date=dates[0], state=STATES[results[dates[0]]])
        else:
            map_days(_make_day_job, work, jobs, record)
        for result in results.values():
            if result in counts:  # a "failed" day is named in the error at the end
                counts[result] += 1
        published = sorted(set(before) | {d for d, r in results.items() if r != "failed"})  # as a scan would find
        write_listings(site, cfg, tx, today=today, problems=problems, published=published, touched=dates)
        damaged = damaged_days(site, sorted(set(before) - set(dates)))  # the archive this run did not read
    for line in damaged:  # named, left as it is; the run's own days are published all the same
        note(f"{line}; left as it is ('harupan site check' lists every problem)")
    for d, result in results.items():
        if result not in ("skipped", "failed"):
            try:
                pars.forget(site, d)  # in its puzzle.json now
            except InputError as e:  # the site is published; a kept par left over is harmless
                note(f"{e}; the kept pieces are no longer needed")
    if problems:
        unique = list(dict.fromkeys(problems))
        failed = [p.removeprefix(FAILED_CHECK) for p in unique if p.startswith(FAILED_CHECK)]
        unreadable = [p for p in unique if not p.startswith(FAILED_CHECK)]
        if failed:  # a claim that does not hold is a failed check: exit 1, each such day named
            lines = unreadable + failed
            if len(lines) == 1:
                raise CheckFailed(lines[0] + "; that day was left as it was" +
                                  "; the other days were published" * (len(dates) > 1))
            for line in lines:
                note(line)
            days = ", ".join(d.isoformat() for d, r in sorted(results.items()) if r == "failed")
            raise CheckFailed(f"{len(lines)} days failed their check or cannot be read ({days}, listed above); "
                              "they were left as they were, the other days were published")
        if len(unique) == 1:
            raise ArchiveError(unique[0] + "; the other days were published" * (len(dates) > 1))
        for line in unique:
            note(line)
        raise ArchiveError(f"{len(unique)} archived days cannot be read (listed above); "
                           "the other days were published; 'harupan site check' lists every problem")
    return counts


def _days_before(day: _dt.date, n: int) -> list[_dt.date]:
    return [day - _dt.timedelta(days=k) for k in range(1, n + 1) if day.toordinal() > k]


def prepare(site: Path, dates: list[_dt.date], settings: Settings, *, jobs: int = 1,
            progress: Progress | None = None) -> dict[str, int]:
    """Make the slow pieces of ``dates`` (each game names its own: the par game, the Shisen-sho
    layouts) ahead of their day and keep them (publish/pars.py). Days already published or already
    kept whole are left alone. Not the site's lock (the kept files are not part of the site) but the
    prepare lock: one prepare at a time (see publish/pars.py)."""
    site = check_site_dir(site)
    counts = {"prepared": 0, "kept already": 0, "published already": 0}
    lock = pars.prepare_lock(site)
    lock.acquire(wait=2.0)  # a publishing run takes it for a moment to remove a leftover
    try:
        for day in _days_before(min(dates), 31) if dates else ():  # what a prepare killed
            drop_temp(site, pars.record_path(site, day))  # mid-write left of recent days, by name
        todo = []
        for d in dates:
            if (site / day_path(d) / "puzzle.json").is_file():
                counts["published already"] += 1
                pars.forget(site, d, locked=True)  # published while it was being prepared
                continue
            kept = pars.load(site, d, settings)
            if set(pars.slow_pieces(d, settings)) <= set(kept):
                counts["kept already"] += 1
                drop_temp(site, pars.record_path(site, d))  # what a killed prepare left of it, if anything
            else:
                todo.append((d, settings))

        def keep(date: _dt.date, data: bytes) -> None:
            pars.write(site, date, data)
            counts["prepared"] += 1
            if progress:
                progress(counts["prepared"], len(todo), date=date, state="prepared")

        if progress:
            progress(0, len(todo), dates=[d for d, _ in todo])
        map_days(pars.make, todo, jobs, keep)
    finally:
        lock.release()
    return counts
