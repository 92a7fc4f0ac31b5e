import contextlib
import functools
import os
import re

import datetime as dt

import pytest
from PIL import Image, ImageChops, ImageFilter

from harupan.cli.main import cli
from harupan.engine.shisen import parse_text
from harupan.engine.shisen.board import Board, Layout
from harupan.engine.shisen.tiles import ALL_CODES
from harupan.renderers.games.shisen.art import mahjong_tile
from harupan.renderers.games.shisen.sheets import shisen_page
from harupan.renderers.html import sheet_html
from harupan.renderers.model import Drawing, place
from harupan.renderers.pdf import render_pdf
from harupan.renderers.raster import png_bytes, render_image
from harupan.renderers.sheets import PAPERS

from conftest import artifact, dealt_once, need_golden, system_tool, update_golden
from drawing import OUT, compare_image

SMALL = Layout(parse_text("""
    1m 2p 2p 1m
    3s 1z 1z 3s
    5z 7z 7z 5z
"""), dt.date(2026, 11, 29), "test", (((1, 0), (2, 0)), ((0, 0), (3, 0)), ((1, 1), (2, 1)), ((0, 1), (3, 1)),
                             ((1, 2), (2, 2)), ((0, 2), (3, 2))), {"preset": "easy"})


@pytest.mark.parametrize("code", ["1p", "6p", "7p", "9p", "3s", "4s", "8s", "5z"])
def test_geometry_tiles_exact(code):
    compare_image(f"tile-{code}", render_image(Drawing(60, 80, mahjong_tile(code)), 3), 0)


@pytest.mark.parametrize("code, easy", [("1m", False), ("9m", False), ("1z", False), ("7z", False),
                                        ("3p", True), ("7s", True), ("1g", True)])
def test_text_tiles_tolerant(code, easy):
    compare_image(f"tile-{code}{'-easy' if easy else ''}", render_image(Drawing(60, 80, mahjong_tile(code, easy)), 3), 1.0)


def test_small_board_sheet_tolerant():
    d = SMALL
    compare_image("sheet-small", render_image(shisen_page(d, "a4"), 0.25), 1.5)
    compare_image("sheet-small-answers-easy", render_image(shisen_page(d, "a4", easy=True, answers=True), 0.25), 1.5)


def normalise_html(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_sheet_html_golden():
    d = SMALL
    html = sheet_html([("문제", shisen_page(d)), ("정답", shisen_page(d, answers=True))], "하루 판 · 사천성", "a4")
    path = OUT / "sheet-small.html"
    if update_golden():
        path.write_text(html, encoding="utf-8")
    expected = need_golden(path, __file__).read_text(encoding="utf-8")
    if normalise_html(html) != normalise_html(expected):
        actual = artifact("sheet-small.actual.html")
        actual.write_text(html, encoding="utf-8")
        pytest.fail(f"sheet-small.html differs from golden; see {actual}")
    assert "@page landscape" in html and 'class="page portrait"' in html


def test_html_escapes_text():
    d = SMALL
    html = sheet_html([("<script>alert(1)</script>", shisen_page(d))], "<b>x</b>", "a4")
    assert "<script>alert" not in html and "&lt;script&gt;" in html and "&lt;b&gt;" in html


def mediaboxes(pdf: bytes):
    return [tuple(float(v) for v in m.groups()) for m in re.finditer(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)]


@pytest.mark.parametrize("paper, size", [("a4", (595.2756, 841.8898)), ("letter", (612.0, 792.0))])
def test_pdf_page_size_and_determinism(paper, size):
    d = SMALL
    pages = [shisen_page(d, paper), Drawing(*PAPERS[paper], ()), shisen_page(d, paper, answers=True)]
    a, b = render_pdf(pages), render_pdf(pages)
    assert a == b
    assert a.startswith(b"%PDF-1.5") and a.rstrip().endswith(b"%%EOF")  # 1.5: object streams (the tags)
    boxes = mediaboxes(a)
    assert len(boxes) == 3
    for w, h in boxes:
        assert sorted((w, h)) == pytest.approx(sorted(size), abs=0.001)
    assert b"DCTDecode" not in a and b"CreationDate" not in a  # no JPEG, no clock


def test_png_is_deterministic_with_dpi():
    img = render_image(shisen_page(SMALL), 0.25)
    assert png_bytes(img, 300) == png_bytes(img, 300)
    from io import BytesIO
    assert round(Image.open(BytesIO(png_bytes(img, 300))).info["dpi"][0]) == 300


def test_render_cli(runner, tmp_path):
    src = tmp_path / "day.json"
    from harupan.engine.shisen import format_json
    src.write_text(format_json(SMALL))
    for fmt in ("png", "pdf", "html", "svg"):
        out = tmp_path / f"out.{fmt}"
        r = runner.invoke(cli, ["render", str(src), "--format", fmt, "--answers", "--easy", "-o", str(out)])
        assert r.exit_code == 0, r.output
        assert out.stat().st_size > 1000
    assert Image.open(tmp_path / "out.png").size == (2480, 3508)


def test_render_cli_bad_output(runner, tmp_path):
    src = tmp_path / "day.txt"
    src.write_text("1m 1m\n")
    for out, msg in [(tmp_path / "missing" / "x.png", "does not exist"), (tmp_path, "is a folder")]:
        r = runner.invoke(cli, ["render", str(src), "--format", "png", "-o", str(out)])
        assert r.exit_code == 2 and msg in r.stderr
    locked = tmp_path / "locked"
    locked.mkdir()
    with unwritable(locked):
        r = runner.invoke(cli, ["render", str(src), "--format", "png", "-o", str(locked / "x.png")])
        assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert not [p for p in tmp_path.rglob("*") if p.name.startswith(".")]


@contextlib.contextmanager
def unwritable(folder):
    """``folder`` made unwritable for this process: by its mode, or, for root (whom modes do
    not stop), by the immutable attribute (``chattr +i``, e2fsprogs). Fails if neither holds."""
    import shutil
    import subprocess

    folder.chmod(0o500)
    immutable = False
    if os.geteuid() == 0:
        chattr = shutil.which("chattr")
        assert chattr, "chattr (Debian package e2fsprogs) is needed to make a folder unwritable for root"
        r = subprocess.run([chattr, "+i", str(folder)], capture_output=True, text=True)
        assert r.returncode == 0, f"chattr +i {folder} failed: {r.stderr.strip()}"
        immutable = True
    try:
        probe = folder / "probe"
        try:
            probe.write_text("x")
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.fail(f"could not make {folder} unwritable here")
        yield
    finally:
        if immutable:
            subprocess.run([shutil.which("chattr") or "chattr", "-i", str(folder)], check=True)
        folder.chmod(0o700)


def test_render_cli_bad_font(runner, tmp_path):
    src = tmp_path / "day.txt"
    src.write_text("1m 1m\n")
    bad = tmp_path / "font.otf"
    bad.write_text("not a font")
    r = runner.invoke(cli, ["render", str(src), "--format", "png", "--font", str(bad), "-o", str(tmp_path / "a.png")])
    assert r.exit_code == 2 and "cannot be read as a font" in r.stderr
    r = runner.invoke(cli, ["render", str(src), "--format", "png", "-o", str(tmp_path / "a.png")])
    assert r.exit_code == 0


def test_a_used_tile_expands_to_exactly_the_placed_primitives():
    from harupan.renderers.model import Use, expand

    art = mahjong_tile("5p", True)
    assert expand([Use(art, 12.5, 40.0, 0.75)]) == place(art, 12.5, 40.0, 0.75)
    nested = Use((Use(art, 3.0, 4.0, 2.0),), 10.0, 20.0, 0.5)  # placing a use composes the moves
    assert expand([nested]) == place(art, 10.0 + 0.5 * 3.0, 20.0 + 0.5 * 4.0, 1.0)


def test_the_pdf_defines_each_tile_face_once_and_places_it_everywhere():
    from harupan.renderers.model import Use

    d = SMALL
    page, key = shisen_page(d, "a4"), shisen_page(d, "a4", answers=True)
    uses = [p for p in page.items if isinstance(p, Use)]
    assert len(uses) == sum(code is not None for row in SMALL.board.cells for code in row)
    everything = {p.items for drawing in (page, key) for p in drawing.items if isinstance(p, Use)}
    assert len(everything) > len({u.items for u in uses})  # the answer key's step numbers too
    assert len(re.findall(rb"/BBox \[-100000", render_pdf([page, key]))) == len(everything)


def test_the_pdf_looks_like_the_png(tmp_path):
    """Poppler's rendering of the vector PDF against Pillow's raster of the same drawing, compared
    as 16-pixel block averages at 75 dpi: the backends draw one model, so they differ only in
    anti-aliasing and in where a stroke sits on its edge (Pillow inside, PDF centred). A drawing
    with one tile left out must fail the same comparison."""
    import subprocess

    pdftoppm = system_tool("pdftoppm")
    page = shisen_page(SMALL, "a4", answers=True)
    pillow = render_image(page, 0.25)

    def worst_block(drawing) -> int:
        (tmp_path / "p.pdf").write_bytes(render_pdf([drawing]))
        subprocess.run([pdftoppm, "-r", "75", "-png", "-singlefile", str(tmp_path / "p.pdf"), str(tmp_path / "p")],
                       check=True)
        poppler = Image.open(tmp_path / "p.png").convert("RGB")
        w, h = min(poppler.size[0], pillow.size[0]), min(poppler.size[1], pillow.size[1])
        assert max(poppler.size[0], pillow.size[0]) - w <= 1 and max(poppler.size[1], pillow.size[1]) - h <= 1
        a, b = (im.crop((0, 0, w, h)).resize((w // 16, h // 16), Image.BOX) for im in (poppler, pillow))
        return ImageChops.difference(a, b).convert("L").getextrema()[1]

    assert worst_block(page) < 40
    from harupan.renderers.model import Use

    first_tile = next(i for i, p in enumerate(page.items) if isinstance(p, Use))
    missing = Drawing(page.width, page.height, page.items[:first_tile] + page.items[first_tile + 1:], page.background)
    assert worst_block(missing) >= 40


@functools.cache
def full_layout() -> Layout:
    """A full 18x8 day's layout, dealt once a test run for the drawing tests below (what they draw is
    the subject, not the dealing)."""
    return dealt_once("2026-12-01", "18x8", "normal")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("scale", [0.5, 0.25])
def test_tiles_copied_from_sprites_give_the_pixels_of_drawing_them(paper, scale):
    """The PNG backend draws each tile face once and pastes it; that must change no pixel."""
    from PIL import ImageDraw

    from harupan.renderers import raster

    layout = full_layout()
    for answers in (False, True):
        for easy in (False, True):
            page = shisen_page(layout, paper, answers=answers, easy=easy)
            direct = Image.new("RGB", (round(page.width * scale), round(page.height * scale)), "#FFFFFF")
            raster.draw_items(ImageDraw.Draw(direct), page.items, scale)
            assert ImageChops.difference(direct, render_image(page, scale)).getbbox() is None


def test_fonts_read_directly_are_fonttools_own():
    """renderers/fonts.py reads the metrics straight from the tables and the CFF outlines by glyph
    id, for speed: the numbers and outlines must be the ones fontTools gives."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont

    from harupan.renderers.fonts import font

    ops = {"moveTo": "M", "lineTo": "L", "curveTo": "C", "closePath": "Z", "endPath": "Z"}
    for role in ("sans", "serif"):
        f = font(role)
        tt = TTFont(str(f.path), lazy=True)
        order = tt.getGlyphOrder()
        assert {c: order[g] for c, g in f.cmap.items()} == tt.getBestCmap()
        metrics = tt["hmtx"].metrics
        assert list(f.advances) == [metrics[name][0] for name in order]
        os2 = tt["OS/2"]
        assert (f.upm, f.ascender, f.descender) == (tt["head"].unitsPerEm, os2.sTypoAscender, os2.sTypoDescender)
        glyphs = tt.getGlyphSet()
        for c in sorted(f.cmap)[::97] + [ord(ch) for ch in "가힣萬東中0 ·"]:
            pen = RecordingPen()
            glyphs[order[f.cmap[c]]].draw(pen)
            theirs = tuple((ops[op], *(v for pt in pts for v in pt)) for op, pts in pen.value)
            assert f.outline(chr(c)) == theirs, (role, hex(c))


# ---------------------------------------------------------------- the answer key's step numbers

# The offered sizes whose answer keys keep their scale with the lanes (16×8 on Letter goes from 2.2
# to 2.0; boards whose height sets the scale lose more, a third at most on the ones measured).
OFFERED_UNCHANGED = {("18x8", "a4"), ("18x8", "letter"), ("16x8", "a4"), ("12x6", "a4"), ("12x6", "letter")}


def _tiles_as_bodies(items) -> list:
    """``items`` with every tile drawn as its bare body: what is left of the tile art is its figure."""
    from harupan.renderers.games.shisen.art import TILE_BODY
    from harupan.renderers.model import Use

    faces = {mahjong_tile(c, e) for c in ALL_CODES for e in (False, True)}
    return [Use(TILE_BODY, u.dx, u.dy, u.s) if isinstance(u, Use) and u.items in faces else u for u in items]


def _ink(a: Image.Image, b: Image.Image) -> Image.Image:
    """Where two renders differ, as a mask (255 where they do)."""
    return ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)


@pytest.mark.parametrize("easy", [False, True], ids=["normal", "easy"])
def test_step_badges_cover_no_tile_figure(easy):
    """The answer key's step numbers must leave every tile's figure readable (a reviewer found the
    old disc hiding 二萬's and 五萬's numerals): for every tile kind, a 2 × 2 board of it with a
    number on each tile (one, two and three digits), drawn as the answer key draws it, at the
    print scales of 18×8 on A4 and 12×6 and at the 150-dpi sample's. The figure is what the tile art adds to the bare tile body (in the easy
    view: the colour bar, the band and its label too), grown by a pixel for anti-aliasing; the
    numbers' pixels are what they add to the board. The two must not meet, on a tile's own face
    nor on its neighbours'."""
    from harupan.renderers.games.shisen.sheets import board_drawing_items, row_pitch

    bad = []
    for code in ALL_CODES:
        cells = Board(2, 2, ((code, code), (code, code)))
        numbered = board_drawing_items(cells, easy=easy, x0=30, y0=40, scale=1.0, labels=False,
                                       numbers={(0, 0): 7, (1, 0): 72, (0, 1): 288, (1, 1): 72})
        plain = board_drawing_items(cells, easy=easy, x0=30, y0=40, scale=1.0, labels=False, numbers={})
        w, h = 30 + 2 * 60 + 30, 40 + 2 * row_pitch(True) + 10
        for k in (0.9, 1.8, 2.8):
            with_numbers = render_image(Drawing(w, h, tuple(numbered)), k)
            tiles = render_image(Drawing(w, h, tuple(plain)), k)
            bodies = render_image(Drawing(w, h, tuple(_tiles_as_bodies(plain))), k)
            figure = _ink(tiles, bodies).filter(ImageFilter.MaxFilter(3))
            badges = _ink(with_numbers, tiles)
            assert badges.getbbox() is not None and figure.getbbox() is not None
            both = ImageChops.multiply(figure, badges).getbbox()
            if both is not None:
                bad.append(f"{code} at {k}: {both}")
                Image.merge("RGB", (figure, badges, ImageChops.multiply(figure, badges))).save(
                    artifact(f"badge-over-{code}{'-easy' if easy else ''}-{k}.png"))
    assert not bad, f"step numbers cover tile figures ({len(bad)}): {', '.join(bad[:8])}"


def test_step_numbers_fit_their_badge_and_print_no_smaller_than_before():
    """Read in senior centres: every step a board can have (up to 300, 30 × 20 tiles) fits inside
    its badge's white (Pillow draws the stroke inside), however much its digits grow; and on the
    offered boards (and a few others) each answer key prints its digits at least as large as the
    old disc did (13.2, 10.8 and 8.64 tile units for one, two and three digits, at the scales the
    keys had before the lanes: measured on the commit before them). The tiles keep their scale on
    the offered sizes but 16×8 on Letter (2.2 → 2.0); boards whose height sets it lose up to a third."""
    from harupan.renderers.fonts import font
    from harupan.renderers.model import Text, Use
    from harupan.renderers.games.shisen.art import BADGE_H, BADGE_INK, BADGE_STROKE, badge_width, step_badge

    white_h = BADGE_H - 3 * BADGE_STROKE
    for n in range(1, 301):
        white_w = badge_width(n) - 3 * BADGE_STROKE
        for grow in (1.0, 1.1, 1.5, 3.0):
            text = step_badge(n, grow)[1]
            assert font("sans").width(text.text, text.size) <= white_w - 2, (n, grow)
            assert 0.72 * text.size <= white_h - 2, (n, grow)  # the figures' height, 0.714 em
    before = {("18x8", "a4"): 1.8, ("18x8", "letter"): 2.0, ("16x8", "a4"): 2.0, ("16x8", "letter"): 2.2,
              ("12x6", "a4"): 2.8, ("12x6", "letter"): 2.8, ("4x3", "a4"): 7.8, ("4x3", "letter"): 8.0,
              ("12x12", "a4"): 1.8, ("12x12", "letter"): 1.6, ("20x12", "a4"): 1.4, ("20x12", "letter"): 1.2}
    old_size = {1: 13.2, 2: 10.8, 3: 8.64}
    for (size, paper), old_scale in before.items():
        w, h = map(int, size.split("x"))
        layout = Layout(Board(w, h, tuple(("1m",) * w for _ in range(h))),
                        solution=tuple(((x, y), (x + 1, y)) for y in range(h) for x in range(0, w, 2)))
        page = shisen_page(layout, paper, answers=True)
        scale = next(u.s for u in page.items if isinstance(u, Use) and u.items == mahjong_tile("1m"))
        least = old_scale if (size, paper) in OFFERED_UNCHANGED else 0.66 * old_scale
        assert scale >= least - 1e-9, (size, paper, scale)
        printed = {}
        for u in page.items:
            if isinstance(u, Use):
                for t in u.items:
                    if isinstance(t, Text) and t.fill == BADGE_INK:
                        printed[len(t.text)] = min(printed.get(len(t.text), 1e9), t.size * u.s)
        assert set(printed) == ({1, 2, 3} if w * h > 200 else {1, 2} if w * h > 18 else {1}), size
        for digits, px in printed.items():
            assert px >= old_size[digits] * old_scale - 1e-9, (size, paper, digits, px, old_size[digits] * old_scale)
