"""A day page's links to the days before and after it ("← 전날", "다음 날 →") and its month's
calendar: which days they name (the listed days beside it, across a gap, never a day made ahead),
that a run keeps them true as days are published and listed (the day before a new day gains its
link in the same run), that the pages are the same bytes however they were reached, and that a
player lands on the right day by a click or the keyboard on a phone or a desktop."""

import datetime as dt
import re
import shutil

import pytest

from harupan.cli.main import cli
from harupan.publish.daynav import NONE, Neighbours, neighbours, to_look_at
from harupan.publish.when import listed
from harupan.renderers.site import day_nav_html

from conftest import artifact, built_once, published
from sitecheck import broken_links, snapshot

pytestmark = pytest.mark.usefixtures("fast_site", "remembered_layouts")  # the links are tested, not the dealing

D = dt.date


def visible(published_days, today):
    return listed(sorted(published_days), today)


# ------------------------------------------------------------------ which days a page links


def test_the_first_day_has_no_previous_and_the_latest_listed_day_no_next():
    days = visible([D(2026, 11, 28), D(2026, 11, 29), D(2026, 11, 30)], D(2026, 11, 30))
    assert neighbours(days, D(2026, 11, 28)) == Neighbours(None, D(2026, 11, 29), True)
    assert neighbours(days, D(2026, 11, 29)) == Neighbours(D(2026, 11, 28), D(2026, 11, 30), True)
    assert neighbours(days, D(2026, 11, 30)) == Neighbours(D(2026, 11, 29), None, True)
    assert neighbours([D(2026, 11, 28)], D(2026, 11, 28)) == Neighbours(None, None, True)


def test_days_made_ahead_are_never_linked_and_link_no_day_themselves():
    made = [D(2026, 11, 28), D(2026, 11, 29), D(2026, 12, 1), D(2026, 12, 3)]
    days = visible(made, D(2026, 11, 30))  # today 11-30: 12-01 and 12-03 were made ahead
    assert neighbours(days, D(2026, 11, 29)) == Neighbours(D(2026, 11, 28), None, True)
    assert neighbours(days, D(2026, 12, 1)) == NONE and neighbours(days, D(2026, 12, 3)) == NONE
    days = visible(made, D(2026, 12, 1))  # the next night: 12-01 listed, 12-03 still waits
    assert neighbours(days, D(2026, 11, 29)).next == D(2026, 12, 1)
    assert neighbours(days, D(2026, 12, 1)) == Neighbours(D(2026, 11, 29), None, True)


def link(row: str, rel: str) -> tuple[str, str] | None:
    """A link of the row: its target and its text as a reader sees it."""
    m = re.search(rf'rel="{rel}" href="([^"]+)">(.*?)</a>', row)
    return (m.group(1), " ".join(re.sub(r"<[^>]+>", "", m.group(2)).split())) if m else None


def test_a_gap_in_the_archive_is_linked_across_and_said_so():
    days = visible([D(2026, 11, 20), D(2026, 11, 28), D(2026, 11, 29)], D(2026, 12, 2))
    assert neighbours(days, D(2026, 11, 28)) == Neighbours(D(2026, 11, 20), D(2026, 11, 29), True)
    row = day_nav_html(D(2026, 11, 28), neighbours(days, D(2026, 11, 28)))
    # "전날" only for the day before; across the gap the words stay true
    assert link(row, "prev") == ("../../../2026/11/20/index.html", "← 이전 판 11월 20일")
    assert link(row, "next") == ("../../../2026/11/29/index.html", "다음 날 → 11월 29일")
    assert 'href="../../../archive/2026/11/index.html"' in row and "11월 달력" in row


def test_the_row_names_the_year_only_across_a_new_year_and_a_day_made_ahead_links_the_archive():
    row = day_nav_html(D(2027, 1, 1), Neighbours(D(2026, 12, 31), D(2027, 1, 2), True))
    assert link(row, "prev") == ("../../../2026/12/31/index.html", "← 전날 2026년 12월 31일")
    assert link(row, "next") == ("../../../2027/01/02/index.html", "다음 날 → 1월 2일")
    row = day_nav_html(D(2027, 1, 5), NONE)
    assert link(row, "prev") is None and link(row, "next") is None
    assert 'href="../../../archive/index.html"' in row  # its month's page exists only once a day is listed


def test_a_run_looks_at_the_days_it_changed_and_their_neighbours_only():
    pub = [D(2026, 11, 1), D(2026, 11, 28), D(2026, 11, 29), D(2026, 12, 1), D(2026, 12, 3)]
    now = visible(pub, D(2026, 12, 1))
    before = {D(2026, 11, 1), D(2026, 11, 28), D(2026, 11, 29)}  # what the last night listed
    # the night 12-01 comes out: it and the day before it; not 11-01, not 12-03 (made ahead)
    assert to_look_at(now, pub, before, [D(2026, 12, 1)]) == [D(2026, 11, 29), D(2026, 12, 1)]
    # a day made ahead and listed tonight, made nothing: found from the record all the same
    assert to_look_at(now, pub, before, []) == [D(2026, 11, 29), D(2026, 12, 1)]
    # a day published into a gap: both days beside it
    assert to_look_at(now, pub, set(now), [D(2026, 11, 28)]) == [D(2026, 11, 1), D(2026, 11, 28), D(2026, 11, 29)]
    assert to_look_at(now, pub, None, []) == pub  # no record: every day


# ------------------------------------------------------------------ a site, night after night

@pytest.fixture(scope="module")
def two_days(tmp_path_factory, fast_two_days_factory):
    """11-28 and 11-29 published, 12-03 made ahead on 11-30: the same site tests/test_site_check.py
    reads (the same key, built once a run)."""
    build = published("2026-12-03", env_extra={"HARUPAN_TODAY": "2026-11-30"}, on=fast_two_days_factory)
    return built_once(tmp_path_factory, "check-two-days", build) / "site"


def row(site, day: str) -> dict:
    """The day page's links in its row: prev/next as dates (or None), and the calendar's target."""
    text = (site / day.replace("-", "/") / "index.html").read_text(encoding="utf-8")
    nav = re.search(r'<nav class="daynav".*?</nav>', text, re.S).group(0)

    def target(rel):
        m = re.search(rf'rel="{rel}" href="\.\./\.\./\.\./(\d{{4}})/(\d\d)/(\d\d)/index.html"', nav)
        return "-".join(m.groups()) if m else None

    return {"prev": target("prev"), "next": target("next"),
            "calendar": re.search(r'class="month" href="\.\./\.\./\.\./([^"]+)"', nav).group(1)}


def night(runner, monkeypatch, site, today, *args):
    monkeypatch.setenv("HARUPAN_TODAY", today)
    r = runner.invoke(cli, ["daily", *args, "--site", str(site), "--jobs", "1"])
    assert r.exit_code == 0, (r.output, r.exc_info)
    return r


def test_each_night_links_the_listed_days_and_the_day_before_gains_its_next(two_days, tmp_path, runner, monkeypatch):
    site = tmp_path / "site"
    shutil.copytree(two_days, site, symlinks=True)
    assert row(site, "2026-11-28") == {"prev": None, "next": "2026-11-29", "calendar": "archive/2026/11/index.html"}
    assert row(site, "2026-11-29") == {"prev": "2026-11-28", "next": None, "calendar": "archive/2026/11/index.html"}
    assert row(site, "2026-12-03") == {"prev": None, "next": None, "calendar": "archive/index.html"}  # made ahead

    night(runner, monkeypatch, site, "2026-12-01", "--date", "2026-12-01")  # 11-30 never published: a gap
    assert row(site, "2026-11-29")["next"] == "2026-12-01"
    assert "다음 판" in (site / "2026/11/29/index.html").read_text(encoding="utf-8")
    assert row(site, "2026-12-01") == {"prev": "2026-11-29", "next": None, "calendar": "archive/2026/12/index.html"}
    assert row(site, "2026-12-03")["prev"] is None  # still waiting for its date
    assert broken_links(site) == []

    made_ahead = snapshot(site / "2026/12/03")
    night(runner, monkeypatch, site, "2026-12-03")  # its date: listed (not made again), and linked
    assert row(site, "2026-12-01")["next"] == "2026-12-03"
    assert row(site, "2026-12-03") == {"prev": "2026-12-01", "next": None, "calendar": "archive/2026/12/index.html"}
    now = snapshot(site / "2026/12/03")
    assert now.pop("index.html") != made_ahead.pop("index.html") and now == made_ahead
    assert broken_links(site) == []
    for day in ("2026-11-28", "2026-11-29", "2026-12-01", "2026-12-03"):
        for target in (row(site, day)["prev"], row(site, day)["next"]):
            assert target is None or (site / target.replace("-", "/") / "index.html").is_file()
    r = runner.invoke(cli, ["site", "check", "--site", str(site)])
    assert r.exit_code == 0, r.output

    # the same days and links reached another way: 12-01 made on a night when 12-03 was listed
    # already (so drawn straight from the bundle it dealt, never rewritten) gives the same bytes
    other = tmp_path / "other"
    shutil.copytree(two_days, other, symlinks=True)
    night(runner, monkeypatch, other, "2026-12-03", "--date", "2026-12-01")
    assert snapshot(other) == snapshot(site)


def test_site_check_finds_a_stale_row_and_the_repair_writes_it_again(two_days, tmp_path, runner, monkeypatch):
    site = tmp_path / "site"
    shutil.copytree(two_days, site, symlinks=True)
    monkeypatch.setenv("HARUPAN_TODAY", "2026-11-30")
    page = site / "2026/11/28/index.html"
    good = page.read_bytes()
    page.write_bytes(good.replace(b'rel="next"', b'rel="nope"'))  # as a page from a run that missed the next day
    r = runner.invoke(cli, ["site", "check", "--site", str(site)])
    assert r.exit_code == 1 and "2026/11/28/index.html: its links to the days before and after it" in r.output, r.output
    r = runner.invoke(cli, ["site", "check", "--site", str(site), "--repair-listings"])
    assert r.exit_code == 0, r.output
    assert page.read_bytes() == good


def test_a_link_planted_in_place_of_a_neighbours_page_is_refused(two_days, tmp_path, runner, monkeypatch):
    site = tmp_path / "site"
    shutil.copytree(two_days, site, symlinks=True)
    outside = tmp_path / "someone-elses.html"
    outside.write_text("mine")
    page = site / "2026/11/29/index.html"  # the page tonight's run would give its "다음 날" link
    page.unlink()
    page.symlink_to(outside)
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-01")
    r = runner.invoke(cli, ["daily", "--date", "2026-12-01", "--site", str(site), "--jobs", "1"])
    assert r.exit_code == 2 and "link" in r.stderr, r.output
    assert outside.read_text() == "mine" and page.is_symlink() and not (site / "2026/12/01").exists()


def test_what_a_killed_run_left_beside_a_page_it_rewrote_goes_on_the_run_again(two_days, tmp_path, runner,
                                                                              monkeypatch):
    site = tmp_path / "site"
    shutil.copytree(two_days, site, symlinks=True)
    folder = site / "2026/11/29"
    (folder / ".index.html.old").write_bytes(b"the page before a killed run's rewrite")
    (folder / ".index.html.tmp").write_bytes(b"half a page")
    before = snapshot(site)
    night(runner, monkeypatch, site, "2026-11-30", "--date", "2026-11-29")  # current: looked at, not written
    assert not (folder / ".index.html.old").exists() and not (folder / ".index.html.tmp").exists()
    assert snapshot(site) == before


# ------------------------------------------------------------------ in the browser


@pytest.fixture(scope="module")
def three_days(tmp_path_factory, fast_two_days_factory):
    """11-28, 11-29 and 11-30, one after another: 11-29's page has both links."""
    return built_once(tmp_path_factory, "daynav-three-days", published("2026-11-30", on=fast_two_days_factory)) / "site"


def page_url(site, day: str) -> str:
    return (site / day.replace("-", "/") / "index.html").as_uri()


@pytest.mark.slow
def test_a_click_on_jeonnal_and_the_keyboard_land_on_the_right_day(three_days, browser):
    from pagecheck import watched_page

    with watched_page(browser, viewport={"width": 360, "height": 780}, has_touch=True) as pg:
        pg.goto(page_url(three_days, "2026-11-29"))
        pg.get_by_role("link", name=re.compile("^전날")).click()
        pg.wait_for_url(re.compile(r"/2026/11/28/index\.html$"))
        assert pg.locator("h1").inner_text() == "2026년 11월 28일 토요일"
        assert pg.get_by_role("link", name=re.compile("전날")).count() == 0  # the first day: nothing before it
    with watched_page(browser, viewport={"width": 1280, "height": 900}) as pg:
        pg.goto(page_url(three_days, "2026-11-29"))
        for _ in range(12):  # Tab from the top of the page to the row's "다음 날"
            pg.keyboard.press("Tab")
            if pg.evaluate("document.activeElement.getAttribute('rel')") == "next":
                break
        outline = pg.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline == "solid", outline  # a visible focus ring
        pg.keyboard.press("Enter")
        pg.wait_for_url(re.compile(r"/2026/11/30/index\.html$"))
        assert pg.locator("h1").inner_text() == "2026년 11월 30일 월요일"
    with watched_page(browser, viewport={"width": 360, "height": 780}, java_script_enabled=False) as pg:
        pg.goto(page_url(three_days, "2026-11-30"))  # plain links: no script needed
        pg.get_by_role("link", name=re.compile("^전날")).click()
        pg.wait_for_url(re.compile(r"/2026/11/29/index\.html$"))
        assert pg.locator("h1").inner_text() == "2026년 11월 29일 일요일"


@pytest.mark.slow
def test_the_row_fits_a_phone_is_a_fingers_height_and_moves_the_menu_little(three_days, browser):
    from pagecheck import watched_page

    figures = {}
    for name, viewport, scheme in (("phone-light", {"width": 360, "height": 780}, "light"),
                                   ("phone-dark", {"width": 360, "height": 780}, "dark"),
                                   ("desktop", {"width": 1280, "height": 900}, "light")):
        with watched_page(browser, viewport=viewport, color_scheme=scheme,
                          has_touch=name != "desktop", is_mobile=name != "desktop") as pg:
            pg.goto(page_url(three_days, "2026-11-29"))  # the day's menu, where the row is (a game's screen has its way back)
            pg.wait_for_selector(".daymenu .gstate[data-state]")
            links = pg.locator(".daynav a")
            assert links.count() == 3
            heights = [links.nth(i).bounding_box()["height"] for i in range(3)]
            assert min(heights) >= 44, heights
            assert pg.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            row = pg.locator(".daynav").bounding_box()
            board = pg.evaluate("document.querySelector('.daymenu a').getBoundingClientRect().top")
            without = pg.evaluate("""() => { const n = document.querySelector('.daynav'), at = n.nextSibling;
                n.remove();  // the page as it was before the row
                const y = document.querySelector('.daymenu a').getBoundingClientRect().top;
                at.parentNode.insertBefore(n, at); return y; }""")
            figures[name] = {"row_height": row["height"], "board_top": board, "board_top_without_row": without}
            assert board - without <= 40, figures  # the row sits in the page's top margin (the games' menu under it)
            pg.screenshot(path=str(artifact(f"daynav-{name}.png")))
    artifact("daynav-figures.txt").write_text(repr(figures) + "\n")
