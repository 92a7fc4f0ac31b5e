"""Site pages from plain data: the day page, home, archive calendar, 404, Atom feed, sitemap."""

from __future__ import annotations

import calendar
import datetime as _dt

from markupsafe import Markup

from .html import environment
from .model import Drawing
from .sheets import DIFFICULTY_KO, board_drawing_items, date_ko, difficulty_lines, zodiac_share
from .svg import render_svg
from .tileart import TILE_H, TILE_W, ZODIAC_NAMES


def vocabulary() -> str:
    """Every fixed string the site's pages can show (for the font subset)."""
    from .sheets import WEEKDAYS_KO

    fixed = ["엔진 기준 기록 (빠른 계산) 수 만에 돼지 완주, 점 에서 막힘, 최고",
             "한 수에 고를 수 있는 짝 평균 쌍 아무렇게나 두면 막히는 비율 % 장 ×",
             "의 사천성( , )과 십이지 머지 시작 판 년 월 일 의 판 사천성과 십이지 머지, 오늘의 판이 열렸습니다."]
    return "".join(fixed) + "".join(WEEKDAYS_KO) + "".join(DIFFICULTY_KO.values()) + "".join(ZODIAC_NAMES)


def board_drawing(layout: dict, easy: bool = False) -> Drawing:
    cells = layout["cells"]
    w, h = len(cells[0]), len(cells)
    s = 1.0
    items = board_drawing_items(cells, easy=easy, x0=0.6 * TILE_W, y0=0.55 * TILE_H, scale=s)
    return Drawing((w + 0.8) * TILE_W, (h + 0.75) * TILE_H, tuple(items), background="#FBF8F1")


def shisen_facts(layout: dict) -> str:
    d = layout.get("difficulty") or {}
    w, h = layout["width"], layout["height"]
    parts = [DIFFICULTY_KO.get(d.get("preset", ""), ""), f"{w}×{h}", f"{w * h}장"]
    parts.append(difficulty_lines(d)[0])
    return " · ".join(p for p in parts if p)


def par_text(par: dict | None) -> str:
    if not par:
        return ""
    who = "엔진 기준 기록" + (" (빠른 계산)" if par.get("bot") == "quick" else "")
    top = ZODIAC_NAMES[par["top"] - 1] if par.get("top") else "-"
    moves = len(par["moves"])
    if par["state"] == "won":
        return f"{who}: {moves:,}수 만에 돼지 완주, {par['score']:,}점"
    return f"{who}: {moves:,}수에서 막힘, 최고 {top}, {par['score']:,}점"


def day_context(bundle: dict, site: dict, path: str, featured: str) -> dict:
    date = bundle["date"]
    layout = bundle["shisen"][featured]
    return {
        "title": date_ko(date),
        "description": f"{date_ko(date)}의 사천성({DIFFICULTY_KO.get(featured, featured)}, "
                       f"{layout['width']}×{layout['height']})과 십이지 머지 시작 판",
        "shisen_svg": Markup(render_svg(board_drawing(layout), title=f"{date} 사천성 판", id_prefix="b-")),
        "shisen_facts": shisen_facts(layout),
        "shisen_facts_note": difficulty_lines(layout.get("difficulty") or {})[1],
        "zodiac_svg": Markup(render_svg(zodiac_share({"date": date, "start": bundle["zodiac"]["start"]}),
                                        title=f"{date} 십이지 머지 시작 판", id_prefix="z-")),
        "par_text": par_text(bundle["zodiac"].get("par")),
        "path": path,
        "url": site["base_url"] + path + "index.html",
        "image_url": site["base_url"] + path + "zodiac.png",
    }


def play_data(bundle: dict) -> dict:
    """What the page's script needs: the layouts (cells only: the script finds its own moves) and
    the zodiac start, from the day's puzzle.json."""
    return {"date": bundle["date"],
            "shisen": {lv: {"cells": lay["cells"]} for lv, lay in bundle["shisen"].items()},
            "zodiac": {"start": bundle["zodiac"]["start"]}}


def play_symbols(bundle: dict) -> tuple[str, dict]:
    from .svg import symbols_svg
    from .tileart import label_ko, mahjong_tile, zodiac_tile

    codes = sorted({c for lay in bundle["shisen"].values() for row in lay["cells"] for c in row if c})
    symbols = {}
    for code in codes:
        symbols[f"t-{code}"] = Drawing(60, 80, mahjong_tile(code), background=None)
        symbols[f"t-{code}-e"] = Drawing(60, 80, mahjong_tile(code, True), background=None)
    for rank in range(13):
        symbols[f"z-{rank}"] = Drawing(60, 60, zodiac_tile(rank), background=None)
    labels = {"tiles": {c: label_ko(c) for c in codes}, **DIFFICULTY_KO}
    return symbols_svg(symbols), labels


def day_page(bundle: dict, site: dict, path: str, featured: str) -> str:
    import json

    symbols, labels = play_symbols(bundle)
    dump = lambda v: Markup(json.dumps(v, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))  # noqa: E731
    return environment().get_template("day.html").render(
        site=site, root="../../../", day=day_context(bundle, site, path, featured), levels=list(bundle["shisen"]),
        play={"data": dump(play_data(bundle)), "labels": dump(labels), "symbols": Markup(symbols)})


def home_page(bundle: dict | None, site: dict, path: str | None, featured: str, rules: list[dict]) -> str:
    day = day_context(bundle, site, path, featured) if bundle and path is not None else None
    levels = list(bundle["shisen"]) if bundle else []
    return environment().get_template("home.html").render(site=site, root="", day=day, rules=rules, levels=levels)


def archive_page(dates: list[str], site: dict) -> str:
    months = []
    by_month: dict[tuple[int, int], set[int]] = {}
    for d in dates:
        day = _dt.date.fromisoformat(d)
        by_month.setdefault((day.year, day.month), set()).add(day.day)
    cal = calendar.Calendar(firstweekday=6)  # weeks start on Sunday
    for (y, m) in sorted(by_month, reverse=True):
        weeks = []
        for week in cal.monthdayscalendar(y, m):
            weeks.append([None if d == 0 else {
                "day": d,
                "href": f"../{y:04d}/{m:02d}/{d:02d}/index.html" if d in by_month[(y, m)] else None,
                "label": date_ko(f"{y:04d}-{m:02d}-{d:02d}")} for d in week])
        months.append({"label": f"{y}년 {m}월", "weeks": weeks})
    return environment().get_template("archive.html").render(site=site, root="../", months=months)


def not_found_page(site: dict) -> str:
    return environment().get_template("404.html").render(site=site)


def feed_xml(entries: list[dict], site: dict) -> str:
    updated = entries[0]["updated"] if entries else "2000-01-01T00:00:00+00:00"
    return environment().get_template("feed.xml").render(site=site, entries=entries, updated=updated)


def sitemap_xml(urls: list[dict]) -> str:
    return environment().get_template("sitemap.xml").render(urls=urls)
