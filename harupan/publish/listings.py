"""The pages that list days: home, archive calendar, Atom feed, sitemap and the 404 page."""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path

from ..renderers import site as pages
from .assets import write_shared_pages
from .atomic import Transaction
from .config import SiteConfig, zone
from .days import day_path, published_dates, site_dict


def write_listings(site: Path, cfg: SiteConfig, tx: Transaction) -> None:
    """Rule pages and the font subset (when their sources changed), then home, archive, feed,
    sitemap and 404 (the static files went first, in :func:`publish.site.build`)."""
    sd = site_dict(cfg)
    dates = published_dates(site)
    write = tx.write
    rule_list = write_shared_pages(site, cfg, write)
    latest = dates[-1] if dates else None
    bundle = json.loads((site / day_path(latest) / "puzzle.json").read_bytes()) if latest else None
    write(site / "archive" / "index.html", pages.archive_page([d.isoformat() for d in dates], sd).encode())
    entries = []
    for d in reversed(dates[-30:]):
        entries.append({"title": f"{pages.date_ko(d.isoformat())}의 판",
                        "url": cfg.base_url + day_path(d) + "index.html", "updated": midnight(d, cfg.timezone),
                        "summary": "사천성과 십이지 머지, 오늘의 판이 열렸습니다."})
    write(site / "feed.xml", pages.feed_xml(entries, sd).encode())
    lastmod = latest.isoformat() if latest else None
    urls = [{"loc": cfg.base_url + "index.html", "lastmod": lastmod},
            {"loc": cfg.base_url + "archive/index.html", "lastmod": lastmod}]
    urls += [{"loc": cfg.base_url + f"rules/{r['slug']}/index.html", "lastmod": None} for r in rule_list]
    urls += [{"loc": cfg.base_url + day_path(d) + "index.html", "lastmod": d.isoformat()} for d in dates]
    write(site / "sitemap.xml", pages.sitemap_xml(urls).encode())
    write(site / "404.html", pages.not_found_page(sd).encode())
    home = pages.home_page(bundle, sd, day_path(latest) if latest else None, rule_list)
    write(site / "index.html", home.encode())


def midnight(d: _dt.date, tz: str) -> str:
    """The start of ``d`` in the zone ``tz`` as an RFC 3339 time, with that day's own offset
    (summer time or not)."""
    return _dt.datetime(d.year, d.month, d.day, tzinfo=zone(tz)).isoformat()
