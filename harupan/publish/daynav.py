"""A day page's links to the days beside it (the row of "← 전날" and "다음 날 →" above its title):
which days they name, and keeping every page's row true as days are published and listed.

The rule is the listings' own (publish/when.py :func:`listed`): a day page links only days the
home page and the archive list, the published days up to today in the site's zone. A listed day
links the nearest listed day before it and after it (across any gap: a day never published is
never named), and its month's calendar. A day made ahead, not listed yet, links no day at all
(only the archive's index), so no page names a day whose date has not come, and a page made ahead
does not change every night while the days before it come out.

Static links, written into the pages, rather than links worked out by a script in the browser:
they work without JavaScript and from ``file://`` (where a script may not read another file),
and a page says the same to everyone. The price is that a page changes when its neighbours do:
the day before a newly listed day gains its "다음 날" link. That page is written again in the
same run, in the same transaction as the listings (publish/atomic.py: through no link, each file
old or new, a failure putting everything back). So a day page is a function of its
``puzzle.json``, the settings and its two neighbours: the same date, options and neighbours
give the same bytes, whether the page was made on its day, made ahead and rewritten, or made
again by ``site build`` (tests/test_daynav.py compares them).

Which pages a run looks at: the days it published and the days that came into the listing since
the last run (the archive's record of what it listed, ``archive/.months.json``), with the listed
days beside each of those. Without a record (a new site, a damaged one, ``site check
--repair-listings``) every published day is looked at. A page is written again only when it lacks
the row it should have, and only when its build mark is current: a day made by an older release
is made whole again by ``site build`` (its mark says so to ``site check``), not patched here.
A page looked at and left as it is loses what a run killed while writing it left beside it
(``.index.html.tmp``, ``.index.html.old``), as a listing page written with the same bytes does:
so a killed run, run again, leaves nothing behind.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..engine.errors import InputError
from ..files import Kind, read_fd
from ..renderers import site as pages
from ..renderers.site import NO_LINKS, DayLinks
from .atomic import Transaction, open_below
from .config import SiteConfig
from .days import day_is_current, day_page_bytes, day_path, open_day_file, read_day

MONTHS_RECORD = ".months.json"  # in archive/ (publish/listings.py writes it): what the last run listed


Neighbours = DayLinks  # what a day page links (renderers/site.py)


NONE = NO_LINKS


def neighbours(visible: Sequence[_dt.date], day: _dt.date) -> Neighbours:
    """The links of ``day``'s page, given the listed days ``visible`` (sorted, as
    :func:`publish.when.listed` gives them). A day not among them links none."""
    i = bisect.bisect_left(visible, day)
    if i == len(visible) or visible[i] != day:
        return NONE
    return Neighbours(visible[i - 1] if i > 0 else None, visible[i + 1] if i + 1 < len(visible) else None, True)


def nav_html(day: _dt.date, nb: Neighbours) -> bytes:
    """The row as it stands in the page, to tell whether a page holds the one it should."""
    return pages.day_nav_html(day, nb).encode("utf-8")


def months_record(site: Path) -> dict[str, Any] | None:  # Any: a JSON object as read back, checked by its readers
    """The archive's record of what the last run listed (read through no planted link), or None
    when there is none that reads as a JSON object."""
    try:  # a regular file within its cap (harupan/files.py); anything else is refused, exit 2
        stored = json.loads(read_fd(open_below(str(site), ["archive", MONTHS_RECORD]),
                                    site / "archive" / MONTHS_RECORD, Kind.RECORD))
    except (OSError, ValueError):
        return None
    return stored if isinstance(stored, dict) else None


def last_listed(site: Path) -> set[_dt.date] | None:
    """The days the last run listed, from the archive's record; None when there is no record that
    reads (then every page is looked at)."""
    stored = months_record(site)
    if stored is None:
        return None
    try:
        out: set[_dt.date] = set()
        for month, days in stored["months"].items():
            year, mm = (int(x) for x in month.split("-"))
            out.update(_dt.date(year, mm, d) for d in days)
        return out
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def to_look_at(visible: Sequence[_dt.date], published: Sequence[_dt.date], before: set[_dt.date] | None,
               touched: Iterable[_dt.date]) -> list[_dt.date]:
    """The published days whose row may have changed: those this run wrote or that came into (or
    left) the listing, and the listed days next to each of them. Every published day when the
    last listing is not known."""
    if before is None:
        return list(published)
    changed = set(touched) | (set(visible) ^ before)
    out = set(changed)
    for c in changed:
        i = bisect.bisect_left(visible, c)
        if i > 0:
            out.add(visible[i - 1])
        j = i + 1 if i < len(visible) and visible[i] == c else i
        if j < len(visible):
            out.add(visible[j])
    have = set(published)
    return sorted(d for d in out if d in have)


def page_bytes(site: Path, day: _dt.date) -> bytes | None:
    """A day's page as it is (read through no link), or None when it cannot be read."""
    try:  # a regular file within its cap (harupan/files.py); anything else is refused, exit 2
        return read_fd(open_day_file(site, day, "index.html"), site / day_path(day) / "index.html", Kind.PAGE)
    except OSError:
        return None


def stale_rows(site: Path, cfg: SiteConfig, visible: Sequence[_dt.date], days: Iterable[_dt.date],
               fine: Callable[[_dt.date], None] | None = None) -> list[_dt.date]:
    """Of ``days``, those whose page is current (its build mark) but lacks the row it should have;
    ``fine`` is told each day whose page holds its row."""
    out = []
    for d in days:
        page = page_bytes(site, d)
        if page is not None and nav_html(d, neighbours(visible, d)) in page:
            if fine:
                fine(d)
            continue
        if day_is_current(site, d, cfg):
            out.append(d)
    return out


def refresh(site: Path, cfg: SiteConfig, tx: Transaction, published: Sequence[_dt.date], visible: Sequence[_dt.date],
            *, touched: Iterable[_dt.date] = (), every: bool = False, problems: list[str] | None = None) -> list[_dt.date]:
    """Write again, in ``tx``, the page of each day whose row is not the one it should have (see
    the module's docstring for which are looked at); returns those days. A day whose
    ``puzzle.json`` cannot be read is left as it is, with a line in ``problems`` (else the error
    is raised)."""
    before = None if every else last_listed(site)
    written = []
    def tidy(d: _dt.date) -> None:  # what a run killed while writing this page left beside it goes
        tx.tidy(site / day_path(d) / "index.html")

    for d in stale_rows(site, cfg, visible, to_look_at(visible, published, before, touched), tidy):
        try:
            data = read_day(site, d)[1]
        except InputError as e:
            if problems is None:
                raise
            problems.append(str(e))
            continue
        tx.write(site / day_path(d) / "index.html", day_page_bytes(data, cfg, neighbours(visible, d)))
        written.append(d)
    return written
