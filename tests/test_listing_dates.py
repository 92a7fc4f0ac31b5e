"""Issue 20, item 1: a day made ahead of its date is published into its folder but listed (home,
archive, feed, sitemap) only from its date on; dates before the floor are refused; the feed's and
sitemap's times are valid RFC 3339. "Today" is fixed with HARUPAN_TODAY so nothing depends on
the clock."""

import datetime as dt
import re
import xml.etree.ElementTree as ET

import pytest

from harupan.cli.main import cli
from harupan.publish.when import midnight, today_in

from sitecheck import broken_links, snapshot
from conftest import sitemap_entries

pytestmark = pytest.mark.usefixtures("fast_site", "remembered_layouts")  # the listings are tested here, not the dealing

ATOM = {"a": "http://www.w3.org/2005/Atom"}
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def listed_in(site):
    """The days each listing names: home (its day link), archive index, feed, sitemap."""
    home = re.findall(r'href="(\d{4}/\d\d/\d\d)/index.html"', (site / "index.html").read_text(encoding="utf-8"))
    archive = re.findall(r'href="\.\./(\d{4}/\d\d/\d\d)/index.html"',
                         (site / "archive/index.html").read_text(encoding="utf-8"))
    feed = ET.parse(site / "feed.xml").getroot()
    entries = [e.find("a:id", ATOM).text.split("/", 3)[3][:10] for e in feed.findall("a:entry", ATOM)]
    urls = [loc for loc, _ in sitemap_entries(site)]
    sitemap = sorted(re.search(r"(\d{4}/\d\d/\d\d)", u).group(1) for u in urls if re.search(r"\d{4}/\d\d/\d\d", u))
    return {"home": sorted(set(home)), "archive": sorted(set(archive)), "feed": sorted(entries), "sitemap": sitemap}


def test_a_day_made_ahead_is_listed_from_its_date_on(tmp_path, runner, monkeypatch):
    site = tmp_path / "site"
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-01")
    for d in ("2026-12-01", "2026-12-03"):
        r = runner.invoke(cli, ["daily", "--date", d, "--site", str(site), "--jobs", "1"])  # (the listings are tested)
        assert r.exit_code == 0, r.output
    assert (site / "2026/12/03/index.html").is_file() and (site / "2026/12/03/puzzle.json").is_file()
    assert listed_in(site) == {"home": ["2026/12/01"], "archive": ["2026/12/01"], "feed": ["2026/12/01"],
                               "sitemap": ["2026/12/01"]}
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert "2026-12-03" not in feed and "2026-12-03" not in (site / "sitemap.xml").read_text()
    assert broken_links(site) == []

    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-02")  # the next night: its own day, 12-03 still waits
    assert runner.invoke(cli, ["daily", "--date", "2026-12-02", "--site", str(site), "--jobs", "1"]).exit_code == 0
    assert listed_in(site)["home"] == ["2026/12/02"]
    assert listed_in(site)["sitemap"] == ["2026/12/01", "2026/12/02"]

    ahead = snapshot(site / "2026/12/03")
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-03")  # its date: listed, not made again
    r = runner.invoke(cli, ["daily", "--site", str(site), "--jobs", "1"])
    assert r.exit_code == 0 and "2026-12-03: skipped" in r.stderr, r.output
    after = snapshot(site / "2026/12/03")  # not made again: only its page's row of links to the days
    assert after.pop("index.html") != ahead.pop("index.html")  # beside it is new (tests/test_daynav.py)
    assert after == ahead
    days = ["2026/12/01", "2026/12/02", "2026/12/03"]
    assert listed_in(site) == {"home": ["2026/12/03"], "archive": days, "feed": days, "sitemap": days}
    updated = ET.parse(site / "feed.xml").getroot().find("a:updated", ATOM).text
    assert updated == "2026-12-03T00:00:00+09:00"


@pytest.mark.slow  # four days published, one a year ahead (8 s of CPU); the fast tier keeps the made-ahead listing
# in test_a_day_made_ahead_is_listed_from_its_date_on
def test_a_year_ahead_never_takes_the_home_page(tmp_path, runner, monkeypatch):
    """The issue's 2027-12-02 (within the year's guard) and a range past today, as the README's
    old whole-year example built."""
    site = tmp_path / "site"
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-01")
    for args in (["daily", "--date", "2026-11-30"], ["daily", "--date", "2027-12-02"],
                 ["site", "build", "--from", "2026-12-01", "--to", "2026-12-02", "--jobs", "1"]):
        r = runner.invoke(cli, [*args, "--site", str(site)])
        assert r.exit_code == 0, r.output
    assert (site / "2027/12/02/index.html").is_file() and (site / "2026/12/02/index.html").is_file()
    listed = listed_in(site)
    assert listed["home"] == ["2026/12/01"] and listed["sitemap"] == ["2026/11/30", "2026/12/01"]
    assert not (site / "archive/2027").exists()
    lastmods = [lastmod for _, lastmod in sitemap_entries(site) if lastmod]
    assert max(lastmods) == "2026-12-01"


@pytest.mark.parametrize("args", [["daily", "--date", "1999-12-31"], ["daily", "--date", "0001-01-01"],
                                  ["site", "build", "--from", "0001-01-01", "--to", "0001-01-02"],
                                  ["prepare", "--from", "1999-12-31", "--days", "2"]])
def test_days_before_the_floor_are_refused(tmp_path, runner, args):
    r = runner.invoke(cli, [*args, "--site", str(tmp_path / "s")])
    assert r.exit_code == 2, r.output
    assert "before 2000-01-01, the earliest day harupan publishes" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not (tmp_path / "s").exists()


@pytest.mark.parametrize("day,tz,want", [
    (dt.date(2026, 12, 3), "Asia/Seoul", "2026-12-03T00:00:00+09:00"),
    (dt.date(1, 1, 1), "Asia/Seoul", "0001-01-01T00:00:00+08:28"),  # local mean time +08:27:52, rounded
    (dt.date(2026, 3, 29), "Europe/London", "2026-03-29T00:00:00+00:00"),
    (dt.date(2026, 7, 1), "Europe/London", "2026-07-01T00:00:00+01:00"),
    (dt.date(2026, 7, 1), "America/St_Johns", "2026-07-01T00:00:00-02:30"),
    (dt.date(1900, 1, 1), "Europe/Amsterdam", "1900-01-01T00:00:00+00:20"),  # +00:19:32 LMT
])
def test_midnight_is_rfc3339_with_whole_minute_offsets(day, tz, want):
    assert midnight(day, tz) == want and RFC3339.match(want)


def test_harupan_today_stands_in_for_the_clock(monkeypatch):
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-03")
    assert today_in("Asia/Seoul") == dt.date(2026, 12, 3)
    monkeypatch.setenv("HARUPAN_TODAY", "2026-12-32")
    with pytest.raises(Exception, match="HARUPAN_TODAY"):
        today_in("Asia/Seoul")
