"""Issue 20, item 3: archived days are data, checked on reading (one line naming the file, exit 2;
a range build carries on with the other days), and ``harupan site check`` reads a whole site back:
days, listing links, feed and sitemap, one line a problem, exit 1, read-only unless told."""

import json
import shutil

import pytest

from harupan.cli.main import cli

from sitecheck import snapshot
from conftest import built_once, published, sitemap_entries

pytestmark = pytest.mark.usefixtures("fast_site", "remembered_layouts")  # the checks are tested here, not the dealing

TODAY = "2026-11-30"


AHEAD = "2026-12-03"  # a day made ahead of today (whose layout other tests deal too: it is dealt once a run)


@pytest.fixture(scope="module")
def two_days(tmp_path_factory, fast_two_days_factory):
    """2026-11-28 and 11-29 published and listed, 12-03 made ahead (not listed), today 11-30: the
    two-day site other modules read, with 12-03 added on a day when today is 11-30."""
    build = published(AHEAD, env_extra={"HARUPAN_TODAY": TODAY}, on=fast_two_days_factory)
    return built_once(tmp_path_factory, "check-two-days", build) / "site"


@pytest.fixture
def site(two_days, tmp_path, monkeypatch):
    monkeypatch.setenv("HARUPAN_TODAY", TODAY)
    copy = tmp_path / "site"
    shutil.copytree(two_days, copy)
    return copy


def rewrite(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n",
                    encoding="utf-8")


CORRUPT = [b'{"format": "harupan/day@1", "date": "2026-11-2', b"[]\n", b'{"format":"harupan/day@1"}',
           b'{"format":"harupan/day@1","date":"2026-11-28","generator":3,"weekday":"x","shisen":[]}']


@pytest.mark.parametrize("content", CORRUPT, ids=["truncated", "list", "no-date", "other-day"])
def test_a_corrupt_archived_day_is_one_line_naming_it_and_exit_2(site, runner, content):
    p = site / "2026/11/29/puzzle.json"
    p.write_bytes(content)
    before = snapshot(site / "2026/11/29")
    r = runner.invoke(cli, ["daily", "--date", "2026-11-29", "--site", str(site)])
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and str(p) in lines[0] and "Traceback" not in r.output
    assert snapshot(site / "2026/11/29") == before
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="2026/11/28/index.html"' in home and "아직 공개된 판이 없습니다" not in home


def test_a_range_build_carries_on_past_a_bad_day_and_reports_it_at_the_end(site, runner):
    bad = site / "2026/11/28/puzzle.json"
    bad.write_bytes(b"[]")
    r = runner.invoke(cli, ["site", "build", "--from", "2026-11-28", "--to", "2026-11-30", "--site", str(site),
                            "--quiet"])
    assert r.exit_code == 2, r.output
    assert str(bad) in r.stderr and "the other days were published" in r.stderr and "Traceback" not in r.output
    assert (site / "2026/11/30/.built").is_file()
    assert 'href="2026/11/30/index.html"' in (site / "index.html").read_text(encoding="utf-8")


def test_a_clean_site_checks_clean_and_the_check_writes_nothing(site, runner):
    before = snapshot(site)
    r = runner.invoke(cli, ["site", "check", "--site", str(site), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert r.stdout == "" and "3 days checked, 0 problems" in r.stderr
    assert snapshot(site) == before


def test_the_check_names_every_problem_one_line_each(site, runner):
    rewrite(site / "2026/11/28/puzzle.json", lambda b: b["shisen"]["normal"]["solution"].reverse())
    rewrite(site / "2026/11/29/puzzle.json", lambda b: b["zodiac"]["par"].update(score=b["zodiac"]["par"]["score"] + 1))
    (site / "2026/12/03/zodiac.png").unlink()
    archive = site / "archive/2026/11/index.html"
    archive.write_text(archive.read_text(encoding="utf-8").replace("11/28/index.html", "11/27/index.html"),
                       encoding="utf-8")
    feed = site / "feed.xml"
    feed.write_text(feed.read_text(encoding="utf-8").replace("T00:00:00+09:00", "T00:00:00+08:27:52", 1),
                    encoding="utf-8")
    sitemap = site / "archive/2026/sitemap.xml"
    sitemap.write_text(sitemap.read_text(encoding="utf-8").replace(
        "</urlset>", "<url><loc>https://harupan.example/2026/12/03/index.html</loc>"
                     "<lastmod>2026-12-03</lastmod></url></urlset>"), encoding="utf-8")
    before = snapshot(site)
    r = runner.invoke(cli, ["site", "check", "--site", str(site), "--jobs", "2"])
    assert r.exit_code == 1, r.output
    lines = r.stdout.splitlines()
    want = [("2026/11/28/puzzle.json", "does not clear the board"),
            ("2026/11/29/puzzle.json", "par"),
            ("2026/12/03/", "zodiac.png"),
            ("archive/2026/11/index.html", "'../../../2026/11/27/index.html' names no file"),
            ("feed.xml", "+08:27:52"),
            ("archive/2026/sitemap.xml", "2026-12-03' is after today")]
    for where, what in want:
        assert any(str(site / where) in ln and what in ln for ln in lines), (where, what, lines)
    assert all(ln.startswith(str(site)) for ln in lines)
    assert snapshot(site) == before  # read-only


def test_repair_listings_writes_them_again_and_leaves_the_days(site, runner):
    (site / "index.html").write_text("<p>hand-edited</p>", encoding="utf-8")
    (site / "archive/2026/11/index.html").unlink()
    day = snapshot(site / "2026/11/29")
    r = runner.invoke(cli, ["site", "check", "--site", str(site)])
    assert r.exit_code == 1 and "index.html: out of date" in r.stdout and "archive/2026/11/index.html: missing" in r.stdout
    r = runner.invoke(cli, ["site", "check", "--site", str(site), "--repair-listings"])
    assert r.exit_code == 0, r.output
    assert 'href="2026/11/29/index.html"' in (site / "index.html").read_text(encoding="utf-8")
    assert snapshot(site / "2026/11/29") == day


def test_a_folder_that_is_not_a_site_is_refused(tmp_path, runner):
    (tmp_path / "notes").mkdir()
    for args in ([], ["--repair-listings"]):
        r = runner.invoke(cli, ["site", "check", "--site", str(tmp_path / "notes"), *args])
        assert r.exit_code == 2 and "is not a harupan site" in r.stderr
        assert list((tmp_path / "notes").iterdir()) == []


def test_the_future_day_waits_in_its_folder_and_the_check_agrees(site):
    assert (site / "2026/12/03/.built").is_file()
    assert not any("2026/12/03" in loc for loc, _ in sitemap_entries(site))


def test_a_range_build_leaves_a_day_whose_claim_fails_and_rebuilds_the_others(site, runner):
    """A false claim (a par score the replay does not give) is a failed check for that day alone:
    it is named and left as it is, the others are made, and the run ends with exit 1."""
    rewrite(site / "2026/11/29/puzzle.json", lambda b: b["zodiac"]["par"].update(score=b["zodiac"]["par"]["score"] + 1))
    false_day = snapshot(site / "2026/11/29")
    (site / "2026/11/28/shisen.png").unlink()
    r = runner.invoke(cli, ["site", "build", "--from", "2026-11-28", "--to", "2026-11-29", "--site", str(site),
                            "--force", "--quiet", "--jobs", "1"])
    assert r.exit_code == 1, r.output
    assert "2026-11-29" in r.stderr and "left as it was" in r.stderr and "Traceback" not in r.output
    assert (site / "2026/11/28/shisen.png").is_file()  # the good day was made again
    assert snapshot(site / "2026/11/29") == false_day


def test_a_nightly_run_names_an_unreadable_archived_day_and_still_publishes(site, runner):
    bad = site / "2026/11/28/puzzle.json"
    bad.write_bytes(b'{"format": "harupan/day@1", "date": "2026-11-2')
    r = runner.invoke(cli, ["daily", "--date", "2026-11-30", "--site", str(site), "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert any(str(bad) in line and "left as it is" in line for line in r.stderr.splitlines()), r.stderr
    assert (site / "2026/11/30/.built").is_file()
