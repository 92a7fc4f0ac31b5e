"""One puzzle per file (``sheet --split``): each puzzle and key a PDF and an SVG of exactly the
asked width, everything drawn inside the crop-safe inset, the date and level as text, the names
by date, game and level, and a manifest whose hashes are the files'."""

import datetime as dt
import hashlib
import json
import re
import subprocess
import zlib

import pytest

import toy
from conftest import FAST, registered, system_tool
from harupan.cli.main import cli
from harupan.publish.config import load_config
from harupan.publish.pack import pack_days
from harupan.renderers.fonts import font
from harupan.renderers.games import views
from harupan.renderers.model import Circle, Line, Polygon, RoundRect, Text, expand
from harupan.renderers.sheets import PrintOptions
from harupan.renderers.split import COLUMNS, INSET, MM, meta_text, parse_width, split_files

DAY = dt.date(2026, 11, 29)  # fast_day_factory's day


@pytest.fixture(scope="module")
def site(fast_day_factory):
    return fast_day_factory()


@pytest.fixture(scope="module")
def day_parts(site):
    with pytest.MonkeyPatch.context() as mp:
        for k, v in FAST.items():
            mp.setenv(k, v)
        return [(b.date, b.parts) for b, _ in pack_days(site, [DAY], load_config())]


def split(runner, site, out, *args):
    r = runner.invoke(cli, ["sheet", "--date", DAY.isoformat(), "--site", str(site), "--split", str(out), *args])
    assert r.exit_code == 0, r.output
    return json.loads((out / "manifest.json").read_text(encoding="utf-8"))["files"]


def media_box_mm(pdf: bytes) -> tuple[float, float]:
    m = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert m is not None
    return float(m[1]) * 25.4 / 72, float(m[2]) * 25.4 / 72


def svg_size_mm(svg: str) -> tuple[float, float]:
    m = re.search(r'<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm"', svg)
    assert m is not None
    return float(m[1]), float(m[2])


@pytest.mark.parametrize("width", ["80", "2col"])
def test_every_file_is_the_asked_width_and_the_manifest_holds_its_hash(runner, tmp_path, site, width):
    rows = split(runner, site, tmp_path, "--width", width)
    asked = parse_width(width)
    assert asked == (80.0 if width == "80" else COLUMNS["2col"])
    on_disk = sorted(p.name for p in tmp_path.iterdir() if p.name != "manifest.json")
    assert sorted(r["file"] for r in rows) == on_disk and len(set(on_disk)) == len(on_disk)
    for r in rows:
        data = (tmp_path / r["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == r["sha256"]
        w, h = media_box_mm(data) if r["file"].endswith(".pdf") else svg_size_mm(data.decode("utf-8"))
        assert abs(w - asked) < 0.1 and abs(r["width_mm"] - asked) < 0.1
        assert abs(h - r["height_mm"]) < 0.1
    stems = {r["file"].rsplit(".", 1)[0] for r in rows}
    assert {r["file"] for r in rows} == {s + x for s in stems for x in (".pdf", ".svg")}  # a PDF and an SVG each
    dates = [r["file"][:10] for r in rows]
    assert dates == sorted(dates) and set(dates) == {DAY.isoformat()}
    keys = [s for s in stems if s.endswith("-key")]
    assert keys and len(keys) < len(stems)  # the keys have files of their own


def colour_ops(pdf: bytes) -> list[bytes]:
    """The page and form content streams' colour operators that are not grey (font programs,
    binary, are left out: their bytes may spell anything)."""
    found = []
    for m in re.finditer(rb"<<([^<>]*)>>\nstream\n(.*?)\nendstream", pdf, re.S):
        if b"/Length1" in m[1] or b"/CIDFontType0C" in m[1]:
            continue
        data = zlib.decompress(m[2])
        found += re.findall(rb"(?:^|[ \n])(?:rg|RG|k|K|sc|SC|scn|SCN|cs|CS)(?=[ \n]|$)", data)
    return found


def bounds(p) -> tuple[float, float, float, float]:
    """A primitive's ink box, its stroke included."""
    if isinstance(p, RoundRect):
        e = p.width / 2 if p.stroke else 0
        return p.x - e, p.y - e, p.x + p.w + e, p.y + p.h + e
    if isinstance(p, Circle):
        e = p.r + (p.width / 2 if p.stroke else 0)
        return p.cx - e, p.cy - e, p.cx + e, p.cy + e
    if isinstance(p, (Line, Polygon)):
        e = p.width / 2 if p.stroke else 0
        xs, ys = [x for x, _ in p.points], [y for _, y in p.points]
        return min(xs) - e, min(ys) - e, max(xs) + e, max(ys) + e
    assert isinstance(p, Text)
    w = font(p.font).width(p.text, p.size)
    left = {"start": p.x, "middle": p.x - w / 2, "end": p.x - w}[p.align]
    return left, p.y - p.size / 2, left + w, p.y + p.size / 2


def test_every_panel_of_every_game_is_drawn_inside_its_inset(day_parts):
    """The built-in games' panels and the toy's (the API a newcomer follows), at 80 mm and 4col."""
    game, view = toy.load()
    with registered(game, view):
        days = [(DAY, {**day_parts[0][1], "lights": game.make(DAY)})]
        for width in (80.0, COLUMNS["4col"]):
            files = split_files(days, width)
            assert {f.stem.split("-")[3] for f in files} == {v.name for v in views()}  # every game has a panel
            for f in files:
                d = f.drawing
                assert abs(d.width - width * MM) < 1e-6
                for p in expand(d.items):
                    x0, y0, x1, y1 = bounds(p)
                    assert x0 >= INSET - 1 and y0 >= INSET - 1, (f.stem, p)
                    assert x1 <= d.width - INSET + 1 and y1 <= d.height - INSET + 1, (f.stem, p)


def pdf_text(path) -> str:
    return subprocess.run([system_tool("pdftotext"), str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def test_a_panel_says_its_date_and_level_in_korean_as_text(runner, tmp_path, site, day_parts):
    split(runner, site, tmp_path, "--width", "3col")
    levelled = 0
    for v in [v for v in views() if v.name in day_parts[0][1]]:
        for p in v.panels(DAY, day_parts[0][1][v.name], PrintOptions()):
            stem = "-".join((DAY.isoformat(), *p.name)) + ("-key" if p.is_key else "")
            text = " ".join(pdf_text(tmp_path / f"{stem}.pdf").split())
            assert meta_text(DAY, p) in text and p.title in text, stem
            assert "2026년 11월 29일" in text
            levelled += bool(p.level)
            assert (f"난이도 {p.level}" in text) == bool(p.level)
    assert levelled  # some game of the day has levels, and says which


def test_a_mono_split_holds_no_colour(runner, tmp_path, site):
    colour = split(runner, site, tmp_path / "colour", "--width", "2col")
    assert all(colour_ops((tmp_path / "colour" / r["file"]).read_bytes()) for r in colour if r["file"].endswith(".pdf"))
    tmp_path = tmp_path / "grey"
    rows = split(runner, site, tmp_path, "--width", "2col", "--mono")
    for r in rows:
        data = (tmp_path / r["file"]).read_bytes()
        if r["file"].endswith(".pdf"):
            assert colour_ops(data) == [], r["file"]
        else:
            colours = re.findall(rb"#([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})\b", data)
            assert colours and all(a == b == c for a, b, c in colours), r["file"]


@pytest.mark.parametrize(("args", "message"), [
    (("--width", "2cols"), "--width '2cols' is not a width"),
    (("--width", "5"), "outside"),
    (("--width", "80", "-o", "x.pdf"), "not both"),
    (("--large",), "--large is for pages"),
])
def test_a_split_asked_for_wrongly_is_one_line_and_exit_2(runner, tmp_path, args, message):
    r = runner.invoke(cli, ["sheet", "--date", DAY.isoformat(), "--split", str(tmp_path / "d"), *args])
    assert r.exit_code == 2 and message in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert not (tmp_path / "d").exists()


def test_a_split_into_a_file_is_one_line_and_exit_2(runner, tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("x")
    r = runner.invoke(cli, ["sheet", "--date", DAY.isoformat(), "--split", str(taken)])
    assert r.exit_code == 2 and "cannot create output folder" in r.output and len(r.output.strip().splitlines()) == 1


def test_width_without_split_is_refused(runner, tmp_path):
    r = runner.invoke(cli, ["sheet", "--date", DAY.isoformat(), "--width", "80", "-o", str(tmp_path / "x.pdf")])
    assert r.exit_code == 2 and "--split" in r.output
