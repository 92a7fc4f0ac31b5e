"""The pages that list days: home, archive calendar, Atom feed, sitemap and the 404 page.

Only days from their date on are listed (publish/when.py): a day made ahead waits in its folder.
The archive is paged by month (``archive/YYYY/MM/index.html``, one calendar each) under an index
of the months, so no page grows with the archive but the index, by one line a month."""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterable
from pathlib import Path

from ..renderers import site as pages
from ..renderers.games import views
from ..renderers.sheets import day_ko
from . import daynav
from .assets import shared_key, write_shared_pages
from ..engine.errors import InputError
from .atomic import Transaction
from .config import SiteConfig
from .days import day_path, published_dates, read_day
from .when import listed, midnight, today_in

__all__ = ["midnight", "write_listings", "listing_files"]


MONTHS = daynav.MONTHS_RECORD  # in archive/: the days each month page lists, and what the pages were made with


def _month_pages(site: Path, cfg: SiteConfig, dates: list[_dt.date], every: bool) -> dict[Path, bytes]:
    """The archive's month pages that may have changed, then the record of what they list: a
    month whose days, settings and templates are as recorded, and whose page is there, is left
    as it is, so a night renders one or two months, not ten years of them (``every``: all)."""
    sd = cfg.info
    key = shared_key(cfg) + cfg.base_url
    record = site / "archive" / MONTHS
    before: dict[str, list[int]] = {}
    stored = None if every else daynav.months_record(site)
    if stored is not None and stored.get("key") == key and isinstance(stored.get("months"), dict):
        before = stored["months"]
    out: dict[Path, bytes] = {}
    months = {}
    for (y, m), days in pages.by_month(dates).items():
        name = f"{y:04d}-{m:02d}"
        months[name] = days
        path = site / "archive" / f"{y:04d}" / f"{m:02d}" / "index.html"
        if before.get(name) != days or not path.is_file():
            held = {d: held_games(site / day_path(d)) for d in (_dt.date(y, m, n) for n in days)}
            out[path] = pages.archive_page(y, m, days, sd, held).encode()
    out[record] = json.dumps({"key": key, "months": months}, sort_keys=True).encode()
    return out


def _sitemaps(site: Path, cfg: SiteConfig, dates: list[_dt.date], rule_list: list[dict[str, str]],
              lastmod: str | None) -> dict[Path, bytes]:
    """``sitemap.xml`` is an index of sitemaps: one for the site's own pages
    (``archive/sitemap.xml``) and one a year of days (``archive/YYYY/sitemap.xml``, at most 366
    addresses), so no sitemap grows with the archive; the index grows by a line a year."""
    base = cfg.base_url
    own = [{"loc": base + "index.html", "lastmod": lastmod}, {"loc": base + "archive/index.html", "lastmod": lastmod}]
    own += [{"loc": base + f"rules/{r['slug']}/index.html", "lastmod": None} for r in rule_list]
    out = {site / "archive" / "sitemap.xml": pages.sitemap_xml(own).encode()}
    index = [{"loc": base + "archive/sitemap.xml", "lastmod": lastmod}]
    years: dict[int, list[_dt.date]] = {}
    for d in dates:
        years.setdefault(d.year, []).append(d)
    for year, days in years.items():
        urls = [{"loc": base + day_path(d) + "index.html", "lastmod": d.isoformat()} for d in days]
        out[site / "archive" / f"{year:04d}" / "sitemap.xml"] = pages.sitemap_xml(urls).encode()
        index.append({"loc": base + f"archive/{year:04d}/sitemap.xml", "lastmod": days[-1].isoformat()})
    out[site / "sitemap.xml"] = pages.sitemap_index_xml(index).encode()
    return out


def held_games(folder: Path) -> list[str]:
    """The names of the games a published day holds that the page's script plays (and so keeps in
    the player's record), told by their files as :func:`held_titles` tells them: what the
    archive's calendar asks each game's record about (a day's files do not change once written, so
    a month page kept across runs stays right)."""
    return [v.name for v in views() if v.script is not None and v.files and all((folder / f).is_file() for f in v.files)]


def held_titles(folder: Path) -> list[str]:
    """The names of the games a published day holds, told by their files (a day made before a
    game was added has none of them), without reading its ``puzzle.json``."""
    return [v.title for v in views() if v.files and all((folder / f).is_file() for f in v.files)]


def listing_files(site: Path, cfg: SiteConfig, dates: list[_dt.date], rule_list: list[dict[str, str]],
                  problems: list[str] | None = None, *, every_month: bool = False) -> dict[Path, bytes]:
    """Every listing file for the listed ``dates`` (oldest first): the archive's index and month
    pages, the feed, the sitemap, the 404 page and the home page (last: it links the others).
    The home page shows the latest listed day whose ``puzzle.json`` reads; a day that does not is
    skipped with a line in ``problems``."""
    sd = cfg.info
    out: dict[Path, bytes] = {}
    latest, parts = None, None
    for d in reversed(dates):
        try:
            parts = read_day(site, d)[0].parts
            latest = d
            break
        except InputError as e:
            if problems is None:
                raise
            problems.append(str(e))
    newest = max(dates, default=None)  # the month the archive's first page shows
    last = [d for d in dates if newest and (d.year, d.month) == (newest.year, newest.month)]
    out[site / "archive" / "index.html"] = pages.archive_index(
        dates, sd, {d: held_games(site / day_path(d)) for d in last}).encode()
    out.update(_month_pages(site, cfg, dates, every_month))
    entries = []
    for d in reversed(dates[-30:]):
        entries.append({"title": f"{day_ko(d)}의 판",
                        "url": cfg.base_url + day_path(d) + "index.html", "updated": midnight(d, cfg.timezone),
                        "summary": pages.feed_summary(held_titles(site / day_path(d)))})
    out[site / "feed.xml"] = pages.feed_xml(entries, sd).encode()
    out.update(_sitemaps(site, cfg, dates, rule_list, latest.isoformat() if latest else None))
    out[site / "404.html"] = pages.not_found_page(sd).encode()
    home = pages.home_page(latest, parts, sd, day_path(latest) if latest else None, rule_list)
    out[site / "index.html"] = home.encode()
    return out


def write_listings(site: Path, cfg: SiteConfig, tx: Transaction, *, today: _dt.date | None = None,
                   problems: list[str] | None = None, every_month: bool = False,
                   published: list[_dt.date] | None = None, touched: Iterable[_dt.date] = ()) -> None:
    """The day pages whose links to the days beside them changed (publish/daynav.py: the days
    ``touched`` by the run and the days newly listed, with their neighbours; every day with
    ``every_month``), rule pages and the font subset (when their sources changed), then home,
    archive, feed, sitemap and 404 (the static files went first, in :func:`publish.site.build`),
    listing the ``published`` days (default: the folders' scan) up to ``today`` (default: today
    in the site's zone)."""
    if published is None:
        published = published_dates(site)
    dates = listed(published, today or today_in(cfg.timezone))
    daynav.refresh(site, cfg, tx, published, dates, touched=touched, every=every_month, problems=problems)
    rule_list = write_shared_pages(site, cfg, tx.write)
    for path, data in listing_files(site, cfg, dates, rule_list, problems, every_month=every_month).items():
        tx.write(path, data)
