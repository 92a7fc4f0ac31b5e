"""Site pages: the day page, home, archive calendar, 404, Atom feed, sitemap. A day comes as its
date and its games' typed parts (by game name); each game's view draws its own section."""

from __future__ import annotations

import calendar
import datetime as _dt
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from markupsafe import Markup, escape

from ..engine.dates import WEEKDAYS_KO
from .games import day_views, games_ko, head_templates, site_art, views
from .html import environment
from .ko import join_ko
from .model import Drawing
from .sheets import day_ko
from .svg import render_svg

Parts = Mapping[str, object]  # a day's games' parts, by game name, in page order


@dataclass(frozen=True)
class SiteInfo:
    """What the pages say about the site: its title and tagline, and the address it is served from."""

    title: str
    tagline: str
    base_url: str


@dataclass(frozen=True)
class DayLinks:
    """What a day page links (publish/daynav.py chooses them): the listed days before and after it
    (None: there is none), and whether the archive lists the day itself (then its month's
    calendar page exists)."""

    prev: _dt.date | None
    next: _dt.date | None
    listed: bool


NO_LINKS = DayLinks(None, None, False)


def vocabulary() -> str:
    """Every fixed string the site's pages can show (for the font subset): the day's own, then
    each game's (renderers/games). Templates are read apart, by publish."""
    fixed = "의 ( , )과와이가 년 월 일 의 판, 오늘의 판이 열렸습니다. 매일 새로 열리는"
    fixed += "전날 이전 판 다음 날 다음 판 월 달력 지난 판"  # the day page's row of links (day_nav_html)
    return fixed + "".join(WEEKDAYS_KO) + "".join(v.title + v.blurb + v.vocabulary() for v in views())


def default_tagline() -> str:
    """The site's tagline when site.yaml gives none: what it serves, every registered game by name."""
    return f"매일 새로 열리는 {games_ko()}"


def variants(parts: Parts) -> list[str]:
    """The versions of the day its page switches between (a game's, such as Shisen-sho's levels)."""
    return next((vs for v in day_views(parts) if (vs := v.variants(parts[v.name]))), [])


def day_lead(day: _dt.date, parts: Parts, variant: str | None = None) -> str:
    """The day page's lead line: the date and each game's phrase, for the page's ``variant`` (the
    script swaps it per variant)."""
    return f"{day_ko(day)}의 " + join_ko([v.lead(day, parts[v.name], variant) for v in day_views(parts)])


def feed_summary(titles: list[str]) -> str:
    """A feed entry's summary: the games the day holds, by name."""
    return f"{join_ko(titles)}, 오늘의 판이 열렸습니다."


def day_context(day: _dt.date, parts: Parts, site: SiteInfo, path: str) -> dict[str, object]:
    """The day for the templates: its own facts, then each game's (renderers/games), and the
    sections to include, in page order."""
    image = next((v.page_image for v in day_views(parts) if v.page_image), None)
    context: dict[str, object] = {
        "title": day_ko(day),
        "description": day_lead(day, parts),
        "path": path,
        "url": site.base_url + path + "index.html",
        "image_url": site.base_url + path + image if image else None,
    }
    sections = []
    for v in day_views(parts):
        context.update(v.page_context(day, parts[v.name]))
        sections.append(f"{v.name}/{v.template}")
    context["sections"] = sections
    # the day page's menu, a screen a game: each game's name, what it holds today, what a player does
    context["screens"] = [{"name": v.name, "title": v.title, "blurb": v.blurb} for v in day_views(parts)]
    # which screen a fragment opens: ``#<name>``, or a key a game's script reads (``#z=…``)
    context["screen_of"] = _dump({**{v.name: v.name for v in day_views(parts)},
                                  **{f"{k}=": v.name for v in day_views(parts) for k in v.link_keys}})
    return context


def play_data(day: _dt.date, parts: Parts) -> dict[str, object]:
    """What the page's script needs: the date and each game's own data."""
    return {"date": day.isoformat(), **{v.name: v.play_data(day, parts[v.name]) for v in day_views(parts)}}


def sheet_name(svg: bytes) -> str:
    """The site path of the art sheet file ``svg``: named by its content, so a page frames its
    tiles by their places on the sheet it names, a sheet that changes (a game added, art redrawn)
    goes to a new name and the pages already published keep theirs (``static/art.svg``, as
    harupan wrote it before, included)."""
    return f"static/art-{hashlib.sha256(svg).hexdigest()[:12]}.svg"


def bitmap_name(pixels_digest: str) -> str:
    """The site path of the art sheet's bitmap copy whose pixels hash to ``pixels_digest``
    (renderers/raster.py): named by its pixels, as an encoder's bytes may differ between
    machines and the pixels do not."""
    return f"static/art-{pixels_digest[:12]}.webp"


def art_path() -> str:
    """The site's art sheet (renderers/svg.py ArtSheet), from the site's root."""
    return sheet_name(site_art().svg.encode())


def art_bitmap_path() -> str | None:
    """The art sheet's bitmap copy, from the site's root; None when no game's art is placed from it."""
    drawn = site_art().bitmap_file
    return bitmap_name(drawn[0]) if drawn else None


def art_preloads(root: str) -> list[tuple[str, str]]:
    """The art file a page with tiles asks for early, as (href, type): the bitmap copy when there is
    one (the board of many tiles paints from it), else the sheet. One only: the day page holds
    800 elements at most (tests/test_pages.py), and the other is asked for at the body's start."""
    bitmap = art_bitmap_path()
    return [(root + bitmap, "image/webp")] if bitmap else [(root + art_path(), "image/svg+xml")]


def art_sprite(root: str) -> Markup:
    """The page's hidden references to the art sheet and its bitmap copy, which its tiles frame."""
    bitmap = art_bitmap_path()
    return Markup(site_art().sprite(root + art_path(), root + bitmap if bitmap else None))



def play_art(day: _dt.date, parts: Parts) -> tuple[dict[str, list[float]], dict[str, object]]:
    """Where each piece of art sits on the sheet (the page's script frames tiles by it), and the
    labels the script shows."""
    labels: dict[str, object] = {}
    for v in day_views(parts):
        labels.update(v.labels(day, parts[v.name]))
    labels["leads"] = {var: day_lead(day, parts, var) for var in variants(parts)}
    return site_art().positions(), labels


ROOT_FROM_DAY = "../../../"  # a day page's way back to the site's root (YYYY/MM/DD/index.html)


def _near_label(day: _dt.date, other: _dt.date) -> str:
    """A neighbour's date, short: the year only when it is not the page's own."""
    return f"{other.month}월 {other.day}일" if other.year == day.year else day_ko(other, weekday=False)


def day_nav_html(day: _dt.date, nav: DayLinks) -> str:
    """The day page's links to the days before and after it and to the archive. A neighbour that
    is the next calendar day is "전날"/"다음 날"; across a gap it is "이전 판"/"다음 판", which is
    true either way. One fragment, so publish can tell whether a page already holds the links it
    should."""

    def link(other: _dt.date | None, adjacent: str, gap: str) -> dict[str, str] | None:
        if other is None:
            return None
        word = adjacent if abs((other - day).days) == 1 else gap
        return {"href": f"{ROOT_FROM_DAY}{other.year:04d}/{other.month:02d}/{other.day:02d}/index.html",
                "word": word, "label": _near_label(day, other)}

    month = ({"href": f"{ROOT_FROM_DAY}archive/{day.year:04d}/{day.month:02d}/index.html", "label": f"{day.month}월 달력"}
             if nav.listed else {"href": f"{ROOT_FROM_DAY}archive/index.html", "label": "지난 판"})
    return environment().get_template("day_nav.html").render(nav={
        "prev": link(nav.prev, "전날", "이전 판"), "next": link(nav.next, "다음 날", "다음 판"), "month": month})


def _dump(v: object) -> Markup:
    return Markup(json.dumps(v, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))


HowtoFigures = Mapping[str, Sequence[Drawing]]  # each game's how-to pictures, drawn (publish/howto.py)


@lru_cache(maxsize=64)
def howto_image(drawing: Drawing) -> tuple[str, bytes]:
    """A how-to picture as a static file: its site path, named by its content (the same for every
    day, so a browser fetches it once), and its SVG. A file, not inline: the day page stays within
    its size and element budgets, and draws no tile of its own (tests/test_pages.py)."""
    svg = render_svg(drawing).encode("utf-8")
    return f"static/howto-{hashlib.sha256(svg).hexdigest()[:12]}.svg", svg


def howto_context(parts: Parts, figures: HowtoFigures, root: str) -> list[dict[str, object]]:
    """The how-tos of the games a day holds, in page order, for the day page's <template>: each
    game's own template (its view's ``howto_template``) and its pictures."""
    out: list[dict[str, object]] = []
    for v in day_views(parts):
        drawn = figures.get(v.name, ())
        if v.howto_template is None or len(drawn) < len(v.howto_figures):  # its pictures not given: no how-to
            continue
        pics = [{"src": root + howto_image(d)[0], "width": round(d.width), "height": round(d.height)} for d in drawn]
        out.append({"name": v.name, "title": v.title, "template": f"{v.name}/{v.howto_template}", "figures": pics})
    return out


def day_page(day: _dt.date, parts: Parts, site: SiteInfo, path: str, nav: DayLinks | None = None,
             howto: HowtoFigures | None = None) -> str:
    """The day's playable page; with ``nav``, its links to the days beside it; ``howto``: the
    games' how-to pictures (publish/howto.py; a game whose pictures are not given has no how-to)."""
    art, labels = play_art(day, parts)
    root = ROOT_FROM_DAY
    symbols = Markup('<script type="application/json" id="harupan-art">') + _dump(art) + Markup("</script>")
    return environment().get_template("day.html").render(
        site=site, root=root, day=day_context(day, parts, site, path), levels=variants(parts),
        head_templates=head_templates(parts), howtos=howto_context(parts, howto or {}, root),
        nav=Markup(day_nav_html(day, nav)) if nav is not None else None,
        art=art_sprite(root), art_preloads=art_preloads(root),
        play={"data": _dump(play_data(day, parts)), "labels": _dump(labels), "symbols": symbols})


def home_page(day: _dt.date | None, parts: Parts | None, site: SiteInfo, path: str | None,
              rules: Sequence[Mapping[str, str]]) -> str:
    context = day_context(day, parts, site, path) if day and parts and path is not None else None
    levels = variants(parts) if parts else []
    art = {"art": art_sprite(""), "art_preloads": art_preloads("")} if context else {}
    return environment().get_template("home.html").render(site=site, root="", day=context, rules=rules,
                                                          levels=levels, **art)


def by_month(dates: Sequence[_dt.date]) -> dict[tuple[int, int], list[int]]:
    """The days of ``dates`` (any order) by (year, month), oldest month first."""
    out: dict[tuple[int, int], list[int]] = {}
    for day in sorted(dates):
        out.setdefault((day.year, day.month), []).append(day.day)
    return out


def archive_index(dates: Sequence[_dt.date], site: SiteInfo,
                  games: Mapping[_dt.date, Sequence[str]] | None = None) -> str:
    """The archive's first page: every month that has a day, by year, newest first, each a link
    to its own calendar page (so this page grows by one link a month, never by a day)."""
    months = by_month(dates)
    years: dict[int, list[dict[str, object]]] = {}
    for (y, m), days in sorted(months.items(), reverse=True):
        years.setdefault(y, []).append({"label": f"{m}월", "href": f"{y:04d}/{m:02d}/index.html",
                                        "count": len(days)})
    latest = max(months) if months else None
    return environment().get_template("archive.html").render(
        site=site, root="../", years=[{"label": f"{y}년", "months": ms} for y, ms in years.items()],
        month=_month(*latest, months[latest], "../", games) if latest else None)


def archive_page(year: int, month: int, days: list[int], site: SiteInfo,
                 games: Mapping[_dt.date, Sequence[str]] | None = None) -> str:
    """One month's calendar (``archive/YYYY/MM/index.html``), its listed days linked; ``games``:
    the games each day holds (by name), which the page's script marks from the player's record."""
    return environment().get_template("archive.html").render(
        site=site, root="../../../", years=None, month=_month(year, month, days, "../../../", games))


def _month(year: int, month: int, days: list[int], root: str,
           games: Mapping[_dt.date, Sequence[str]] | None = None) -> dict[str, object]:
    cal = calendar.Calendar(firstweekday=6)  # weeks start on Sunday
    listed = set(days)
    weeks = []
    for week in cal.monthdayscalendar(year, month):
        weeks.append([None if d == 0 else {
            "day": d,
            "href": f"{root}{year:04d}/{month:02d}/{d:02d}/index.html" if d in listed else None,
            "label": day_ko(_dt.date(year, month, d)), "date": _dt.date(year, month, d).isoformat(),
            "games": list((games or {}).get(_dt.date(year, month, d), ()))} for d in week])
    # each game with a browser module, by its Korean name: the marks' titles (pages.js)
    titles = {v.name: v.title for v in views() if v.script is not None}
    return {"label": f"{year}년 {month}월", "weeks": weeks, "titles": titles}


def not_found_page(site: SiteInfo) -> str:
    """The 404 page, written at the site's root and shown at any missing address: its links are
    relative to the root (a script makes the root its base), never to ``base_url``, so a
    preview or a copy stays on itself."""
    return environment().get_template("404.html").render(site=site, root="")


def offline_page(site: SiteInfo) -> str:
    """What the service worker shows for a page never opened, with no network (same footing as 404)."""
    return environment().get_template("offline.html").render(site=site, root="")


def feed_xml(entries: Sequence[Mapping[str, str]], site: SiteInfo) -> str:
    updated = entries[0]["updated"] if entries else "2000-01-01T00:00:00+00:00"
    return environment().get_template("feed.xml").render(site=site, entries=entries, updated=updated)


def sitemap_index_xml(sitemaps: Sequence[Mapping[str, str | None]]) -> str:
    """The sitemap index: one line a sitemap (the site's pages, then a sitemap a year of days)."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for u in sitemaps:
        lastmod = f"<lastmod>{escape(u['lastmod'])}</lastmod>" if u.get("lastmod") else ""
        lines.append(f"  <sitemap><loc>{escape(u['loc'])}</loc>{lastmod}</sitemap>")
    return "\n".join(lines) + "\n</sitemapindex>\n"


def sitemap_xml(urls: Sequence[Mapping[str, str | None]]) -> str:
    """The sitemap: one line a URL, joined here rather than by a template (ten years of days
    is thousands of lines, rendered every night: a template costs ten times as much)."""
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    for u in urls:
        lastmod = f"<lastmod>{escape(u['lastmod'])}</lastmod>" if u.get("lastmod") else ""
        lines.append(f"  <url><loc>{escape(u['loc'])}</loc>{lastmod}</url>")
    return "\n".join(lines) + "\n</urlset>\n"
