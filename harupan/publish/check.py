"""``harupan site check``: read a published site back and say what is wrong with it, one line a
problem.

Every day folder: all its files there as regular files, its build mark matching its
``puzzle.json`` and the settings, the ``puzzle.json`` a valid day of its own date that proves
again (each Shisen-sho order clears its board, the zodiac par replays to its claim). Every
listing page (home, the archive's pages): each relative link names a regular file inside the
site, each listed day is published and not after today, and the page is what a run would write
now. Every current day page: its row of links to the days beside it is the one a run would
write now (publish/daynav.py). The feed and the sitemap: well-formed, every URL under ``base_url`` naming a file, every time
valid RFC 3339 (or a W3C date) and not after today.

Read-only: nothing is written unless ``repair`` (``--repair-listings``) asks for the listing
pages (and day pages' rows of links) to be written again, which takes the site's lock and one transaction like any run.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import re
import stat
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any, cast
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..engine.dates import parse_date
from ..engine.errors import HarupanError, InputError
from ..files import FileRefused, Kind, read_capped, what_is
from ..generator.daily import verify_bundle
from . import daynav, rules
from .atomic import Transaction, link_text
from .config import SiteConfig
from .days import MARK, build_mark, day_names, day_path, published_dates, read_day
from .listings import listing_files, write_listings
from .lock import SiteLock
from .owner import SITE_MARKER
from .pool import map_days
from .when import FLOOR, listed

RFC3339 = re.compile(r"^(\d{4}-\d\d-\d\d)T\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
W3C_DATE = re.compile(r"^(\d{4}-\d\d-\d\d)(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d))?$")
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def day_folders(site: Path) -> list[tuple[str, Path]]:
    """Every ``YYYY/MM/DD`` folder, published or not, by name (links are not followed)."""
    out = []
    for year in sorted(site.glob("[0-9][0-9][0-9][0-9]")):
        for month in sorted(year.glob("[0-9][0-9]")) if year.is_dir() and not year.is_symlink() else ():
            for day in sorted(month.glob("[0-9][0-9]")) if month.is_dir() and not month.is_symlink() else ():
                out.append((f"{year.name}/{month.name}/{day.name}", day))
    return out


def check_day(args: tuple[str, str, SiteConfig]) -> tuple[str, list[str]]:
    """One day folder's problems (module level, for a worker pool)."""
    name, site_text, cfg = args
    site = Path(site_text)
    folder = site / name
    where = f"{name}/"  # the site's path is put in front (check_site)
    if folder.is_symlink() or not folder.is_dir():
        return name, [f"{where}: not a folder (a link or a file where a day belongs)"]
    try:
        date = parse_date(name.replace("/", "-"), what="day folder")
    except InputError:
        return name, [f"{where}: not a calendar date"]
    problems = []
    if date < FLOOR:
        problems.append(f"{where}: before {FLOOR}, the earliest day harupan publishes")
    missing = [n for n in day_names(()) if not _regular(folder / n)]  # what every day holds
    lack = [f"{where}: missing or not a regular file: {', '.join(missing)}"] if missing else []
    if "puzzle.json" in missing:
        return name, problems + lack
    try:
        bundle, data = read_day(site, date)
    except InputError as e:
        return name, problems + lack + [str(e)]
    missing = [n for n in day_names(bundle.parts) if not _regular(folder / n)]  # and the games it holds
    if missing:
        problems.append(f"{where}: missing or not a regular file: {', '.join(missing)}")
    if MARK not in missing:
        try:
            mark = read_capped(folder / MARK, Kind.MARK, follow_links=False).decode("utf-8", errors="replace")
        except (OSError, FileRefused) as e:
            mark = f"unreadable: {e}"
        if mark != build_mark(data, cfg):
            problems.append(f"{folder / MARK}: does not match puzzle.json and the settings "
                            "(changed by hand, or made with other settings: 'harupan site build --force' makes the "
                            "day's files again from its puzzle.json)")
    try:
        verify_bundle(bundle)
    except HarupanError as e:
        problems.append(f"{folder / 'puzzle.json'}: {e}")
    return name, problems


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value is not None:
                self.links.append(value)


def page_links(site: Path, page: Path, base_url: str) -> list[str]:
    """Problems with the links of one page: each relative link (and each under ``base_url``) must
    name a regular file inside the site."""
    rel = page.relative_to(site).as_posix()
    try:
        text = read_capped(page, Kind.PAGE, follow_links=False).decode("utf-8")
    except (OSError, UnicodeDecodeError, FileRefused) as e:
        return [f"{rel}: cannot be read ({e})"]
    parser = _Links()
    parser.feed(text)
    problems = []
    for link in dict.fromkeys(parser.links):
        target = _target(site, page.parent, link, base_url)
        if target is None:
            continue
        if isinstance(target, str):
            problems.append(f"{rel}: link {link[:80]!r} {target}")
        elif not _inside_regular(site, target):
            problems.append(f"{rel}: link {link[:80]!r} names no file in the site")
    return problems


def _target(site: Path, here: Path, link: str, base_url: str) -> Path | str | None:
    """The file a link names, a problem, or None for a link elsewhere (another site, an anchor)."""
    if link.startswith(base_url):
        path = link[len(base_url):]
        here = site
    else:
        parts = urlsplit(link)
        if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "data:")):
            return None
        if link.startswith("/"):
            return "is an absolute path (the site's links are relative)"
        path = parts.path
    path = unquote(urlsplit(path).path)
    if not path or path.endswith("/"):
        path += "index.html"
    return Path(os.path.normpath(here / path))


def _inside_regular(site: Path, target: Path) -> bool:
    """A regular file inside the site, reached through no link."""
    try:
        rel = target.relative_to(site)
    except ValueError:
        return False
    if ".." in rel.parts:
        return False
    p = site
    for part in rel.parts[:-1]:
        p = p / part
        if p.is_symlink() or not p.is_dir():
            return False
    return _regular(target)


def _time_problem(text: str | None, pattern: re.Pattern[str], today: _dt.date) -> str | None:
    if text is None:
        return "has no time"
    m = pattern.match(text.strip())
    if not m:
        return f"time {text!r} is not valid RFC 3339"
    try:
        when = parse_date(m.group(1), what="time")
        if m.group(0) != m.group(1):
            _dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except (InputError, ValueError):
        return f"time {text!r} is not a real time"
    if when > today:
        return f"time {text!r} is after today ({today})"
    return None


def _xml(site: Path, name: str, tag: str, what: str) -> tuple[ET.Element | None, list[str]]:
    """The root of the site's XML file ``name`` if it parses and is a ``tag``; else one problem."""
    try:
        root = ET.fromstring(read_capped(site / name, Kind.PAGE, follow_links=False))
    except (OSError, ET.ParseError, FileRefused) as e:
        return None, [f"{name}: cannot be read as XML ({e})"]
    if root.tag != tag:
        return None, [f"{name}: not {what}"]
    return root, []


def feed_problems(site: Path, cfg: SiteConfig, today: _dt.date) -> list[str]:
    root, problems = _xml(site, "feed.xml", ATOM + "feed", "an Atom feed")
    if root is None:
        return problems
    bad = _time_problem(root.findtext(ATOM + "updated"), RFC3339, today)
    if bad:
        problems.append(f"feed.xml: <updated> {bad}")
    for entry in root.findall(ATOM + "entry"):
        url = entry.findtext(ATOM + "id") or ""
        bad = _time_problem(entry.findtext(ATOM + "updated"), RFC3339, today)
        if bad:
            problems.append(f"feed.xml: entry {url[:80]!r}: <updated> {bad}")
        problems += _url_problem(site, "feed.xml", url, cfg.base_url)
    return problems


def sitemap_problems(site: Path, cfg: SiteConfig, today: _dt.date) -> list[str]:
    """``sitemap.xml`` is an index: each sitemap it names must be under ``base_url``, be a file of
    the site, and hold addresses that name files, with dates not after today."""
    root, problems = _xml(site, "sitemap.xml", SITEMAP + "sitemapindex", "a sitemap index")
    if root is None:
        return problems
    for child in root.findall(SITEMAP + "sitemap"):
        loc = child.findtext(SITEMAP + "loc") or ""
        found = _url_problem(site, "sitemap.xml", loc, cfg.base_url)
        problems += found
        if not found:
            problems += _urlset_problems(site, loc[len(cfg.base_url):], cfg, today)
    return problems


def _urlset_problems(site: Path, name: str, cfg: SiteConfig, today: _dt.date) -> list[str]:
    root, problems = _xml(site, name, SITEMAP + "urlset", "a sitemap")
    if root is None:
        return problems
    for url in root.findall(SITEMAP + "url"):
        loc = url.findtext(SITEMAP + "loc") or ""
        problems += _url_problem(site, name, loc, cfg.base_url)
        lastmod = url.findtext(SITEMAP + "lastmod")
        if lastmod is not None:
            bad = _time_problem(lastmod, W3C_DATE, today)
            if bad:
                problems.append(f"{name}: {loc[:80]!r}: <lastmod> {bad}")
    return problems


def _url_problem(site: Path, where: str, url: str, base_url: str) -> list[str]:
    if not url.startswith(base_url):
        return [f"{where}: {url[:80]!r} is not under base_url {base_url!r}"]
    target = _target(site, site, url, base_url)
    if not isinstance(target, Path) or not _inside_regular(site, target):
        return [f"{where}: {url[:80]!r} names no file in the site"]
    m = re.search(r"(\d{4})/(\d\d)/(\d\d)/index\.html$", url[len(base_url):])
    if m and not _regular(target.parent / MARK):
        return [f"{where}: {url[:80]!r} lists a day that is not published whole"]
    return []


def rule_list(site: Path) -> list[dict[str, str]]:
    """The rule pages the listings link, as the last run recorded them (else from content/)."""
    try:
        stored = json.loads(read_capped(site / "rules" / ".key.json", Kind.RECORD, follow_links=False))
        pages = stored["pages"]
        if isinstance(pages, list) and all(isinstance(p, dict) and {"slug", "title"} <= set(p) for p in pages):
            return pages
    except (OSError, ValueError, KeyError, TypeError, FileRefused):
        pass  # named by special_files when it is not a regular file
    checked = rules.check()
    return [{"slug": p.slug, "title": p.title} for p in sorted(checked.pages, key=lambda p: p.slug)]


def listing_problems(site: Path, cfg: SiteConfig, today: _dt.date) -> list[str]:
    """Links on every listing page, and each page against what a run would write now."""
    published = published_dates(site)
    dates = listed(published, today)
    expected = listing_files(site, cfg, dates, rule_list(site), problems=[], every_month=True)
    problems = []
    for path, data in expected.items():
        rel = path.relative_to(site).as_posix()
        if not _regular(path):
            problems.append(f"{rel}: missing (--repair-listings writes it)")
            continue
        try:
            stale = read_capped(path, Kind.PAGE, follow_links=False) != data
        except FileRefused as e:
            problems.append(f"{rel}: {e}")
            continue
        except OSError as e:
            problems.append(f"{rel}: cannot be read ({e.strerror or e})")
            continue
        if stale:
            problems.append(f"{rel}: out of date: it does not list the published days up to {today} "
                            "(--repair-listings writes it again)")
        if rel.endswith(".html") and rel != "404.html":
            problems += page_links(site, path, cfg.base_url)
    for d in daynav.stale_rows(site, cfg, dates, published):  # each day page's links to the days beside it
        problems.append(f"{day_path(d)}index.html: its links to the days before and after it are not "
                        f"the listed days beside it up to {today} (--repair-listings writes them again)")
    archive = site / "archive"
    for page in sorted(archive.glob("[0-9][0-9][0-9][0-9]/[0-9][0-9]/index.html")) if archive.is_dir() else ():
        if page not in expected:
            problems.append(f"{page.relative_to(site).as_posix()}: lists a month with no listed day "
                            "(left from an earlier run; harmless, not linked)")
    return problems


def special_files(site: Path) -> list[str]:
    """Every FIFO, device, socket and symbolic link anywhere in the site, dot folders too (the
    kept parts, the lock, a staging folder): harupan makes none of them, and every run refuses to
    read or write through one (harupan/files.py, publish/atomic.py), so each is a problem, in the
    words the runs use. One walk of the folders, no link followed."""
    out = []
    for top, dirs, names in os.walk(site, followlinks=False):
        dirs.sort()
        for name in sorted(dirs + names):
            path = Path(top) / name
            try:
                mode = os.lstat(path).st_mode
            except OSError:
                continue
            rel = path.relative_to(site).as_posix()
            if stat.S_ISLNK(mode):
                out.append(f"{rel}: {link_text(path)}, which harupan did not make; every run refuses to write "
                           "through it (exit 2): remove it")
            elif not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                out.append(f"{rel}: {what_is(mode)}, not a regular file; every run that reads it stops with "
                           "exit 2 (harupan reads only regular files): remove it")
    return out


def require_site(site: Path, outcome: str = "nothing was checked") -> Path:
    """``site`` if it is a harupan site (its marker file there), else :class:`InputError` ending
    with ``outcome``."""
    site = Path(site)
    if not site.is_dir():
        raise InputError(f"site folder {str(site)!r} does not exist")
    if (site / SITE_MARKER).is_symlink():
        raise InputError(f"{str(site / SITE_MARKER)!r} is a symbolic link, not the marker file harupan writes; "
                         f"every run refuses this folder: remove the link; {outcome}")
    if not _regular(site / SITE_MARKER):
        raise InputError(f"{str(site)!r} is not a harupan site (no {SITE_MARKER}); {outcome}")
    return site


def check_site(site: Path, cfg: SiteConfig, today: _dt.date, *, jobs: int = 1,
               progress: Callable[[int, int], None] | None = None) -> tuple[int, list[str]]:
    """(days checked, problems), one line each, in folder order then listings, feed, sitemap."""
    site = require_site(site)
    folders = day_folders(site)
    by_day: dict[str, list[str]] = {}

    def record(name: str, found: list[str]) -> None:
        by_day[name] = found
        if progress:
            progress(len(by_day), len(folders))

    map_days(cast(Any, check_day), [(name, str(site), cfg) for name, _ in folders], jobs, record)
    problems = special_files(site)
    problems += [p for name, _ in folders for p in by_day[name]]
    problems += listing_problems(site, cfg, today)
    problems += feed_problems(site, cfg, today)
    problems += sitemap_problems(site, cfg, today)
    prefix = str(site).rstrip("/") + "/"
    return len(folders), [p if p.startswith(prefix) else prefix + p for p in problems]  # every line names its file


def repair_listings(site: Path, cfg: SiteConfig, today: _dt.date) -> list[str]:
    """Write the listing pages again (under the lock, as one transaction); the days that could not
    be read for the home page, one line each."""
    problems: list[str] = []
    with SiteLock(site), Transaction(site) as tx:
        write_listings(site, cfg, tx, today=today, problems=problems, every_month=True)
    return problems


__all__ = ["check_site", "repair_listings", "require_site"]
