"""Black-and-white print (``sheet --mono``): no colour in the PDF, and every tile kind and card
still told apart on a grey photocopy, by its shapes and marks rather than its colour.

Each view's art (every tile kind, every card) is printed in grey, rasterised by poppler and then
thresholded at mid-grey, as a copier that keeps only black and white does. Two kinds whose copies
differ in less than MARGIN of their pixels would be told apart by colour alone."""

import itertools
import re
import subprocess
import zlib

import pytest
from PIL import Image, ImageChops

from conftest import system_tool
from harupan.cli.main import cli
from harupan.renderers.games import views
from harupan.renderers.model import Drawing, Use
from harupan.renderers.pdf import render_pdf

# a kind's copy differs from every other kind's in at least this share of the pixels of its face:
# 一萬 and 二萬, one stroke apart, differ in about 1%; a face whose letters vanished with its ground
# differs from another such face in a few tenths of a percent
MARGIN = 0.005
CELL = 120  # art units a kind is given on the test sheet (a tile face is 60 x 80, a card 40 x 96)
SCALE = 2.0


def streams(pdf: bytes) -> list[bytes]:
    return [zlib.decompress(m.group(1)) for m in re.finditer(rb"stream\n(.*?)\nendstream", pdf, re.S)
            if b"FlateDecode" in pdf[max(0, m.start() - 300):m.start()]]


def colour_ops(pdf: bytes) -> list[bytes]:
    """The content streams' colour operators that are not grey."""
    found = []
    for data in streams(pdf):
        found += re.findall(rb"(?:^|\s)(?:rg|RG|k|K|sc|SC|scn|SCN|cs|CS)(?=\s|$)", data)
    return found


def copies(tmp_path, art: dict[str, Drawing]) -> dict[str, Image.Image]:
    """Each kind as a black-and-white copier prints its grey PDF (one page, one cell a kind, each
    thresholded at mid-grey), cropped to the kind's own face."""
    names = sorted(art)
    cols = 8
    rows = -(-len(names) // cols)
    items = [Use(art[n].items, (i % cols) * CELL * SCALE, (i // cols) * CELL * SCALE, SCALE) for i, n in enumerate(names)]
    pdf = render_pdf([Drawing(cols * CELL * SCALE, rows * CELL * SCALE, tuple(items))], mono=True)
    assert colour_ops(pdf) == []
    (tmp_path / "art.pdf").write_bytes(pdf)
    subprocess.run([system_tool("pdftoppm"), "-gray", "-r", "150", "-png", "-singlefile", str(tmp_path / "art.pdf"),
                    str(tmp_path / "art")], check=True)
    page = Image.open(tmp_path / "art.png").convert("L")
    px = page.width / (cols * CELL * SCALE)  # pixels per art unit
    out = {}
    for i, n in enumerate(names):
        x, y = (i % cols) * CELL * SCALE * px, (i // cols) * CELL * SCALE * px
        w, h = art[n].width * SCALE * px, art[n].height * SCALE * px
        cell = page.crop((round(x), round(y), round(x + w), round(y + h)))
        out[n] = cell.point(lambda v: 255 if v >= 128 else 0)
    return out


@pytest.mark.parametrize("view", [v for v in views() if v.art()], ids=lambda v: v.name)
def test_every_kind_is_told_apart_on_a_black_and_white_copy(tmp_path, view):
    art = view.art()
    shown = copies(tmp_path, dict(art))
    close = []
    least = 1.0
    for a, b in itertools.combinations(sorted(shown), 2):
        diff = ImageChops.difference(shown[a], shown[b])
        share = 1 - diff.histogram()[0] / (diff.width * diff.height)
        if share < MARGIN:
            close.append((a, b, round(share, 4)))
        least = min(least, share)
    print(f"{view.name}: the closest two kinds differ in {least:.1%} of a face on a copy")
    assert close == [], f"{view.name}: kinds alike on a copy: {close[:10]}"


def test_a_grey_copy_of_two_colours_alike_fails_the_check(tmp_path):
    """The check itself: two cards of one rank whose only difference were their colour fail it."""
    from harupan.renderers.games.cards.art import card_face

    def recoloured(code: str, colour: str) -> Drawing:
        from dataclasses import replace
        face = card_face(code)
        return Drawing(40, 96, tuple(replace(p, fill=colour) if getattr(p, "fill", None) not in (None,) and i == 2 else p
                                     for i, p in enumerate(face)))

    # the same card drawn twice, once with a darker band: the band is the only difference
    shown = copies(tmp_path, {"a": recoloured("Y1", "#F2C200"), "b": recoloured("Y1", "#F5C800")})
    diff = ImageChops.difference(shown["a"], shown["b"])
    assert 1 - diff.histogram()[0] / (diff.width * diff.height) < MARGIN


@pytest.mark.slow
@pytest.mark.usefixtures("fast_site")
def test_the_mono_sheet_holds_no_colour(runner, tmp_path, fast_day_factory):
    site = fast_day_factory()
    for args in (("--date", "2026-11-29"), ("--from", "2026-11-29", "--to", "2026-11-29")):
        out = tmp_path / "grey.pdf"
        r = runner.invoke(cli, ["sheet", *args, "--site", str(site), "--mono", "-o", str(out)])
        assert r.exit_code == 0, r.output
        data = out.read_bytes()
        assert colour_ops(data) == [] and re.search(rb"\d g\b", b"".join(streams(data)))
        colour = (site / "2026/11/29/sheet-a4.pdf").read_bytes()
        assert colour_ops(colour)  # the check sees the colour of the ordinary sheet
