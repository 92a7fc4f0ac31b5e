"""Writes docs/samples/*.png, the pictures a reviewer opens to see the tiles and the sheets.

    python docs/make_samples.py [--date 2026-11-29]

Sheets are drawn at 150 dpi here (half the print resolution) to keep the repository small.
"""

import argparse
import datetime
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harupan.generator.daily import day_bundle
from harupan.renderers.booklet import booklet
from harupan.renderers.split import COLUMNS, split_files
from harupan.renderers.pdf import print_grey
from harupan.renderers.model import Drawing, place
from harupan.renderers.raster import png_bytes, render_image
from harupan.renderers.games.shisen.sheets import shisen_page
from harupan.renderers.games.zodiac.sheets import zodiac_page, zodiac_share
from harupan.engine.shisen.tiles import ALL_CODES
from harupan.renderers.games.shisen.art import mahjong_tile
from harupan.renderers.games.zodiac.art import zodiac_tile

OUT = Path(__file__).resolve().parent / "samples"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--date", default="2026-11-29")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)
    items = []
    for i, code in enumerate(ALL_CODES):
        r, c = divmod(i, 9)
        items += place(mahjong_tile(code), 4 + c * 64, 4 + r * 84)
        items += place(mahjong_tile(code, True), 4 + c * 64 + 600, 4 + r * 84)
    for rank in range(13):
        items += place(zodiac_tile(rank), 4 + rank * 64, 4 + 5 * 84)
    (OUT / "tiles-normal-and-easy.png").write_bytes(png_bytes(render_image(Drawing(1200, 5 * 84 + 70, tuple(items)), 2)))
    day = datetime.date.fromisoformat(args.date)
    bundle = day_bundle(day)
    layout = bundle.part("shisen").layouts["normal"]
    for easy in (False, True):
        for answers in (False, True):
            name = f"sheet-a4-{'answer' if answers else 'puzzle'}{'-easy' if easy else ''}.png"
            img = render_image(shisen_page(layout, "a4", easy=easy, answers=answers), 0.5)
            (OUT / name).write_bytes(png_bytes(img, 150))
    start = bundle.part("zodiac").start
    (OUT / "zodiac-card-a4.png").write_bytes(png_bytes(render_image(zodiac_page(day, start), 0.5), 150))
    (OUT / "zodiac-share.png").write_bytes(png_bytes(render_image(zodiac_share(day, start))))
    print_samples([day, day + datetime.timedelta(days=1)])
    for p in sorted(OUT.glob("*.png")):
        print(p.relative_to(OUT.parent.parent), f"{p.stat().st_size // 1024} KB")


def grey(img):
    """A picture as ``sheet --mono`` prints it: each pixel's colour as its print grey."""
    rgb = img.convert("RGB")
    table = {}
    out = rgb.convert("L")
    px, src = out.load(), rgb.load()
    for y in range(rgb.height):
        for x in range(rgb.width):
            c = src[x, y]
            if c not in table:
                table[c] = round(255 * print_grey("#" + "".join(f"{v:02X}" for v in c)))
            px[x, y] = table[c]
    return out


def print_samples(days):
    """The print pack of ``days`` (docs/print.md): its cover, a puzzle page and a key page with
    the running footer, the cards page in grey as --mono prints it, and the first day's Shisen-sho
    and zodiac pages as --large prints them (both on A3)."""
    parts = [(d, day_bundle(d).parts) for d in days]
    pages = booklet(parts)
    large = booklet(parts[:1], large=True)
    for name, page in (("pack-large-shisen", large[1]), ("pack-large-zodiac", next(p for p in large if p.title.startswith("십이지")))):
        (OUT / f"{name}.png").write_bytes(png_bytes(render_image(page.drawing, 0.25), 75))
    keys = next(p for p in pages if "정답" in p.title)
    cards = next(p for p in pages if p.title.startswith("사색패"))
    for name, page in (("pack-cover", pages[0]), ("pack-puzzle", pages[1]), ("pack-key", keys)):
        (OUT / f"{name}.png").write_bytes(png_bytes(render_image(page.drawing, 0.25), 75))
    (OUT / "pack-cards-mono.png").write_bytes(png_bytes(grey(render_image(cards.drawing, 0.25)), 75))
    split_samples(parts[:1])


def split_samples(parts):
    """The first day's first puzzle and first key as --split draws them two columns wide, at
    150 dpi (a newspaper's size on a screen at 100%), on white."""
    files = split_files(parts, COLUMNS["2col"])
    for name, f in (("split-2col", files[0]), ("split-2col-key", next(f for f in files if f.stem.endswith("-key")))):
        d = Drawing(f.drawing.width, f.drawing.height, f.drawing.items, "#FFFFFF")
        (OUT / f"{name}.png").write_bytes(png_bytes(render_image(d, 0.5), 150))


if __name__ == "__main__":
    main()
