"""``harupan daily``: the cron job. Generates and proves the day, then publishes it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import click

from ..engine.errors import InputError
from ..generator.daily import bundle_json, day_bundle
from ..generator.shisen import parse_date
from ..publish.atomic import ensure_dir, write_atomic


def today_in(tz: str) -> str:
    try:
        zone = ZoneInfo(tz)
    except (ZoneInfoNotFoundError, ValueError):
        raise InputError(f"unknown time zone {tz!r} (expected e.g. Asia/Seoul)") from None
    return dt.datetime.now(zone).date().isoformat()


@click.command("daily")
@click.option("--date", "date", default=None, help="The day, YYYY-MM-DD (default: today in --tz).")
@click.option("--site", "site", default="site", show_default=True, type=click.Path(file_okay=False),
              help="The site folder to publish into.")
@click.option("--tz", default="Asia/Seoul", show_default=True, help="Time zone that decides 'today'.")
def daily(date: str | None, site: str, tz: str) -> None:
    """Generate, prove and publish one day: SITE/YYYY/MM/DD/puzzle.json."""
    date = date if date is not None else today_in(tz)
    day = parse_date(date)
    ensure_dir(Path(site))  # fail on a bad folder before the work, not after
    bundle = day_bundle(date)
    target = Path(site) / f"{day.year:04d}" / f"{day.month:02d}" / f"{day.day:02d}" / "puzzle.json"
    changed = write_atomic(target, bundle_json(bundle))
    click.echo(f"{'wrote' if changed else 'unchanged'} {target}")
