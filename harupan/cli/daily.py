"""``harupan daily`` (the cron job) and ``harupan site build|serve``."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from ..engine.errors import InputError
from ..generator.games import options
from ..publish import notes
from ..publish import site as publish
from ..publish.config import load_config
from ..publish.when import check_publishable, today_in
from .base import DATE, HarupanGroup, StampedCommand, counted


def check_not_far_ahead(dates: list[dt.date], tz: str, allowed: bool) -> None:
    """The date floor and the far-future guard (publish/when.py)."""
    check_publishable(dates, tz, allowed)


ALLOW_FUTURE = click.option("--allow-future", is_flag=True,
                            help="Allow days more than a year past today (refused by default: likely a typo).")


F = TypeVar("F", bound=Callable[..., object])


def game_flags(f: F) -> F:
    """The games' own settings that the publishing commands take as options (``Option.flag``:
    the zodiac par bot's ``--par``): each arrives in the command's ``flags``."""
    for _, opt in reversed(list(options().values())):
        if opt.flag:
            kind = click.Choice(opt.choices) if not opt.many else click.STRING
            f = click.option(f"--{opt.key}", opt.key, type=kind, default=None, help=opt.help)(f)
    return f


SITE_OPTION = click.option("--site", "site", default="site", show_default=True, type=click.Path(file_okay=False),
                           help="The site folder to publish into.")


def default_jobs() -> int:
    """The processor count, at most 4 (the layouts and the par: more would wait on each other)."""
    return max(1, min(4, os.cpu_count() or 1))


@click.command("daily", cls=StampedCommand)
@click.option("--date", "date", type=DATE, default=None, help="The day, YYYY-MM-DD (default: today in --tz).")
@SITE_OPTION
@click.option("--tz", default=None, help="Time zone that decides 'today' (default: site.yaml, Asia/Seoul).")
@game_flags
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes for the day's pieces (default: the processor count, at most 4).")
@ALLOW_FUTURE
def daily(date: dt.date | None, site: str, tz: str | None, jobs: int | None, allow_future: bool,
          **flags: str | None) -> None:
    """Generate, prove and publish one day, then the pages that list days.

    Exit 0 done; 1 a check failed and nothing was published; 2 bad input, a folder that is not
    harupan's, a failed write (the site is left as it was), or another run holds the site's
    lock. Every line goes to stderr and starts with the time."""
    cfg = load_config(timezone=tz, options_given=dict(flags))
    date = date if date is not None else today_in(cfg.timezone)
    check_not_far_ahead([date], cfg.timezone, allow_future)
    if jobs is None:
        jobs = default_jobs()
    counts = publish.build(Path(site), [date], cfg, jobs=jobs)
    state = next(k for k, v in counts.items() if v)
    notes.note(f"{date}: {state} in {site}")


@click.command("prepare", cls=StampedCommand)
@click.option("--days", type=click.IntRange(1, 366), default=7, show_default=True,
              help="How many days to prepare, from --from on.")
@click.option("--from", "start", type=DATE, default=None, help="First day, YYYY-MM-DD (default: today in --tz).")
@SITE_OPTION
@click.option("--tz", default=None, help="Time zone that decides 'today' (default: site.yaml, Asia/Seoul).")
@game_flags
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Days played side by side (default: the processor count, at most 4).")
@click.option("--quiet", is_flag=True, help="No progress on the terminal and no line a day in a log.")
def prepare_cmd(days: int, start: dt.date | None, site: str, tz: str | None, jobs: int | None, quiet: bool,
                **flags: str | None) -> None:
    """Make the coming days' slow parts ahead of time (each game names its own: a bot's par game,
    the day's dealt and graded boards), so the nightly 'daily' run does not wait for them. Kept in
    SITE/.pars/ (not part of the site); days already published or prepared are skipped. Safe to
    run while 'daily' runs. Every line goes to stderr and starts with the time."""
    cfg = load_config(timezone=tz, options_given=dict(flags))
    first = start if start is not None else today_in(cfg.timezone)
    try:
        dates = [first + dt.timedelta(days=i) for i in range(days)]
    except OverflowError:
        raise InputError(f"--days {days} from {first.isoformat()} runs past the year 9999") from None
    check_not_far_ahead(dates, cfg.timezone, True)
    if jobs is None:
        jobs = default_jobs()
    with publish.reporter(quiet, dates, jobs=jobs) as progress:
        counts = publish.prepare(Path(site), dates, cfg.settings, jobs=jobs, progress=progress)
    notes.note(f"{dates[0]}..{dates[-1]}: " + ", ".join(f"{v} {k}" for k, v in counts.items()))


@click.group("site", cls=HarupanGroup, lazy_commands={"check": "harupan.cli.check:check_cmd"})  # imported when run
def site_group() -> None:
    """The static site: build many days, or preview it locally."""


@site_group.command("build")
@click.option("--from", "start", type=DATE, default=None,
              help="First day, YYYY-MM-DD (default: the last published day).")
@click.option("--to", "end", type=DATE, default=None, help="Last day, YYYY-MM-DD (default: --from).")
@SITE_OPTION
@click.option("--tz", default=None, help="Time zone that decides 'today' (default: site.yaml, Asia/Seoul).")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes in parallel (default: the processor count, at most 4, as for 'daily').")
@click.option("--force", is_flag=True, help="Re-render days even when their files are current.")
@click.option("--quiet", is_flag=True, help="No progress on the terminal and no line a day in a log.")
@game_flags
@ALLOW_FUTURE
def build_cmd(start: dt.date | None, end: dt.date | None, site: str, tz: str | None, jobs: int | None, force: bool,
              quiet: bool, allow_future: bool, **flags: str | None) -> None:
    """Publish a range of days (skipping days already current), the rule pages and the listings.
    A game's settings given here apply to the days made new."""
    cfg = load_config(timezone=tz, options_given=dict(flags))
    if jobs is None:
        jobs = default_jobs()
    if start is None and end is not None:
        raise InputError("--to needs --from")
    if start is None:
        existing = publish.published_dates(Path(site)) if Path(site).is_dir() else []
        dates = existing[-1:] if existing else [today_in(cfg.timezone)]
    else:
        dates = publish.date_range(start, end or start)
    check_not_far_ahead(dates, cfg.timezone, allow_future)
    with publish.reporter(quiet, dates, jobs=jobs) as progress:
        counts = publish.build(Path(site), dates, cfg, jobs=jobs, force=force, progress=progress)
    click.echo(f"{counted(len(dates), 'day')}: {counts['written']} written, {counts['unchanged']} unchanged, "
               f"{counts['skipped']} already current")


@site_group.command("serve")
@click.option("--site", "site", default="site", show_default=True, type=click.Path(file_okay=False),
              help="The site folder to serve.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
def serve_cmd(site: str, port: int) -> None:
    """Preview the site on http://127.0.0.1:PORT/ (local only; Ctrl-C stops). Dot files are not
    served, and a missing page gets the site's own 404 page."""
    from ..publish.serve import server as site_server  # 13 ms to import (bench/startup.py): only this command

    root = Path(site)
    if not (root / "index.html").is_file():
        raise InputError(f"{site!r} has no index.html; run 'harupan daily' or 'harupan site build' first")
    try:
        server = site_server(root, port)
    except OSError as e:
        raise InputError(f"cannot listen on 127.0.0.1:{port}: {e.strerror or e}") from None
    click.echo(f"serving {site} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()

