"""``harupan sheet``: a day's whole print set, every registered game's pages and then their
answer keys, the same bytes every time."""

import datetime as dt
import re

import pytest

from harupan.renderers.sheets import PrintOptions
from harupan.cli.main import cli
from harupan.generator.daily import day_bundle
from harupan.renderers.games import views


def mediaboxes(pdf: bytes):
    return re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)


@pytest.mark.slow
def test_sheet_cli(runner, tmp_path):
    day = dt.date(2026, 11, 29)
    out = tmp_path / "set.pdf"
    r = runner.invoke(cli, ["sheet", "--date", day.isoformat(), "--paper", "letter", "-o", str(out)])
    assert r.exit_code == 0, r.output
    data = out.read_bytes()
    parts = day_bundle(day).parts
    fronts, backs = zip(*(v.sheets(day, parts[v.name], PrintOptions("letter")) for v in views()))
    assert len(mediaboxes(data)) == sum(map(len, fronts)) + sum(map(len, backs)) >= 2 * len(views())
    r = runner.invoke(cli, ["sheet", "--date", day.isoformat(), "--paper", "letter", "-o", str(tmp_path / "again.pdf")])
    assert (tmp_path / "again.pdf").read_bytes() == data
    r = runner.invoke(cli, ["sheet", "--date", day.isoformat(), "-o", str(tmp_path / "x.txt")])
    assert r.exit_code == 2 and "must end in .pdf or .html" in r.stderr
