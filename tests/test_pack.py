"""The print pack (``harupan sheet --week/--month/--from``): a booklet of many days whose puzzles
are the ones ``daily`` publishes, in the order a teacher hands them out: the cover, every day's
puzzles, then every answer key; every page numbered, with its day in the footer."""

import datetime as dt
import re
import subprocess

import pytest

from conftest import FAST, system_tool
from harupan.cli.main import cli
from harupan.publish.config import load_config
from harupan.publish.pack import pack_days
from harupan.renderers.booklet import range_ko
from harupan.renderers.sheets import day_ko

WEEK = [dt.date(2026, 12, 7) + dt.timedelta(days=i) for i in range(7)]  # Monday to Sunday


def invoke(runner, *args):
    return runner.invoke(cli, [str(a) for a in args])


def page_texts(pdf) -> list[str]:
    out = subprocess.run([system_tool("pdftotext"), "-layout", str(pdf), "-"], check=True,
                         capture_output=True, text=True).stdout
    return out.split("\f")[:-1]


def lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("args, message", [
    (("--week", "2026-12-07", "--month", "2026-12"), "give one of --date, --from (with --to), --week or --month"),
    (("--month", "2026-13"), "month '2026-13' is not YYYY-MM"),
    (("--to", "2026-12-07"), "give one of"),
    (("--from", "2026-12-07", "--to", "2026-12-01"), "--to 2026-12-01 is before --from 2026-12-07"),
    (("--from", "2026-01-01", "--to", "2026-12-31"), "a pack of more than 62 days is refused"),
    (("--week", "2026-12-07", "-o", "x.html"), "a pack of days is a PDF"),
    (("--week", "2026-12-07", "--site", "no-such-folder"), "site folder 'no-such-folder' does not exist"),
])
def test_a_pack_asked_for_wrongly_is_one_line_and_exit_2(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    if "-o" not in args:
        args = (*args, "-o", "pack.pdf")
    r = invoke(runner, "sheet", *args)
    assert r.exit_code == 2, r.output
    assert message in r.output and r.output.count("\n") == 1, r.output
    assert not (tmp_path / "pack.pdf").exists()


def test_the_span_of_days_as_a_korean_reader_writes_it():
    assert range_ko(dt.date(2026, 12, 7), dt.date(2026, 12, 13)) == "2026년 12월 7일 – 13일"
    assert range_ko(dt.date(2026, 11, 30), dt.date(2026, 12, 6)) == "2026년 11월 30일 – 12월 6일"
    assert range_ko(dt.date(2026, 12, 28), dt.date(2027, 1, 3)) == "2026년 12월 28일 – 2027년 1월 3일"


@pytest.mark.slow
@pytest.mark.usefixtures("fast_site", "remembered_layouts")
def test_a_week_made_ahead_is_what_daily_publishes_puzzles_first_then_keys(runner, tmp_path):
    site = tmp_path / "site"
    r = invoke(runner, "prepare", "--from", WEEK[0], "--days", 7, "--site", site, "--jobs", 1, "--quiet")
    assert r.exit_code == 0, r.output
    pack = tmp_path / "week.pdf"
    r = invoke(runner, "sheet", "--week", "2026-12-10", "--site", site, "--jobs", 1, "-o", pack)
    assert r.exit_code == 0, r.output
    ahead = [data for _, data in pack_days(site, WEEK, load_config())]

    for d in WEEK:
        r = invoke(runner, "daily", "--date", d, "--site", site, "--jobs", 1)
        assert r.exit_code == 0, r.output
    published = [(site / f"{d:%Y/%m/%d}" / "puzzle.json").read_bytes() for d in WEEK]
    assert ahead == published  # the same parts, byte for byte

    pages = page_texts(pack)
    cover = lines(pages[0])
    assert cover[0] == "하루 판 모음" and cover[1] == "2026년 12월 7일 – 13일"
    # each day's sheet as daily published it: its puzzle pages, then its keys
    sheets = [page_texts(site / f"{d:%Y/%m/%d}" / "sheet-a4.pdf") for d in WEEK]
    keys_from = [i for i, p in enumerate(sheets[0]) if "정답" in lines(p)[0]][0]
    fronts = [(d, p) for d, s in zip(WEEK, sheets) for p in s[:keys_from]]
    backs = [(d, p) for d, s in zip(WEEK, sheets) for p in s[keys_from:]]
    assert len(pages) == 1 + len(fronts) + len(backs)
    assert f"정답은 {2 + len(fronts)}쪽부터" in " ".join(cover)
    for number, ((day, expected), got) in enumerate(zip(fronts + backs, pages[1:]), 2):
        got_lines = lines(got)
        footer = got_lines[-1]
        assert footer.startswith(day_ko(day)) and re.search(rf"\b{number}\b", footer), footer
        # the page is the day's published page with the running footer (its day and number) added,
        # on the line of the page's own footer where it has one
        rest = re.sub(rf"^{number}\b", "", footer.removeprefix(day_ko(day)).strip()).strip()
        assert got_lines[:-1] + ([rest] if rest else []) == lines(expected), (number, day)
        assert ("정답" in got_lines[0]) == (number >= 2 + len(fronts)), got_lines[0]

    # one embedded subset per font for the whole booklet, and the tile art defined once
    fonts = subprocess.run([system_tool("pdffonts"), str(pack)], check=True, capture_output=True,
                           text=True).stdout.splitlines()[2:]
    assert len(fonts) == 2, fonts
    day_forms = (site / "2026/12/07/sheet-a4.pdf").read_bytes().count(b"/Subtype /Form")
    assert pack.read_bytes().count(b"/Subtype /Form") < 2 * day_forms


@pytest.mark.slow
@pytest.mark.usefixtures("fast_site", "remembered_layouts")
def test_a_pack_of_one_game_and_the_day_sheet_from_a_site(runner, tmp_path):
    pack = tmp_path / "shisen.pdf"
    r = invoke(runner, "sheet", "--from", "2026-12-07", "--to", "2026-12-08", "--game", "shisen", "--jobs", 1,
               "-o", pack)
    assert r.exit_code == 0, r.output
    pages = page_texts(pack)
    levels = len(FAST["HARUPAN_DIFFICULTIES"].split(","))
    assert len(pages) == 1 + 2 * 2 * levels
    assert all("사천성" in lines(p)[0] for p in pages[1:])
