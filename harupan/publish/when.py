"""Which days a run may publish and which the site lists: today in the site's zone, the date floor,
the far-future guard, and the listing pages' times.

A day after today is published into its folder (so ``prepare`` and backfills can work ahead) but
is listed (home, archive, feed, sitemap) only from its date on. ``HARUPAN_TODAY`` (YYYY-MM-DD)
stands in for the clock: for tests, and to see the site as it will be listed on a given day.
"""

from __future__ import annotations

import datetime as _dt
import os

from ..engine.dates import parse_date
from ..engine.errors import InputError
from .config import zone

FLOOR = _dt.date(2000, 1, 1)  # no day before this is published (a typo, and zones had odd offsets then)
FUTURE_DAYS = 366  # days further ahead than this are refused unless the caller allows them


def today_in(tz: str) -> _dt.date:
    """Today in the zone ``tz``, or ``HARUPAN_TODAY`` when that is set."""
    fixed = os.environ.get("HARUPAN_TODAY")
    if fixed:
        zone(tz)  # a bad zone is still an error
        return parse_date(fixed, what="HARUPAN_TODAY")
    return _dt.datetime.now(zone(tz)).date()


def check_publishable(dates: list[_dt.date], tz: str, allow_future: bool) -> None:
    """Refuse a day before :data:`FLOOR`, and (unless ``allow_future``) one more than a year past
    today: ``9999-12-31`` is almost surely a typo."""
    if not dates:
        return
    first, last = min(dates), max(dates)
    if first < FLOOR:
        raise InputError(f"{first} is before {FLOOR}, the earliest day harupan publishes")
    if allow_future:
        return
    today = today_in(tz)
    if last > today + _dt.timedelta(days=FUTURE_DAYS):
        raise InputError(f"{last} is more than a year past today ({today} in {tz}); "
                         "give --allow-future if that is meant")


def listed(dates: list[_dt.date], today: _dt.date) -> list[_dt.date]:
    """The days a listing shows: published ones from the floor up to today (sorted input, sorted out)."""
    return [d for d in dates if FLOOR <= d <= today]


def midnight(d: _dt.date, tz: str) -> str:
    """The start of ``d`` in the zone ``tz`` as an RFC 3339 time with that day's own offset (summer
    time or not), rounded to the whole minute: RFC 3339 offsets have no seconds, and a zone's
    early local mean time (Seoul's +08:27:52) would otherwise leak into the feed."""
    start = _dt.datetime(d.year, d.month, d.day, tzinfo=zone(tz))
    offset = start.utcoffset() or _dt.timedelta(0)
    minutes = round(offset.total_seconds() / 60)
    sign = "-" if minutes < 0 else "+"
    return f"{d.isoformat()}T00:00:00{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
