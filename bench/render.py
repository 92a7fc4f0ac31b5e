"""Rendering benchmarks: the whole print set of one day, and the cost per tile.

    python bench/render.py [--date 2026-11-29]

The print set is what ``harupan sheet`` writes: three Shisen-sho puzzles, the zodiac card and
three answer keys, as one vector PDF (target <= 1.5 s), plus the day's PNGs for the site.
The day's puzzles are generated first and not counted: this measures the renderers. Baseline in
the same run: the same pages rasterised to PNG, the way a renderer without vector output would.
"""

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harupan.generator.daily import day_bundle
from harupan.renderers.html import sheet_html
from harupan.renderers.model import Drawing, place
from harupan.renderers.pdf import render_pdf
from harupan.renderers.raster import png_bytes, render_image
from harupan.renderers.games import print_set
from harupan.renderers.games.shisen.sheets import shisen_page
from harupan.renderers.games.zodiac.sheets import zodiac_share
from harupan.renderers.svg import render_svg
from harupan.engine.shisen.tiles import ALL_CODES
from harupan.renderers.games.shisen.art import mahjong_tile

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results


def timed(fn, *a, repeat=3, **k):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn(*a, **k)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--date", default="2026-11-29")
    args = ap.parse_args()
    t0 = time.perf_counter()
    day = dt.date.fromisoformat(args.date)
    bundle = day_bundle(day)
    print(f"(generating the day's puzzles, not counted: {time.perf_counter() - t0:.2f} s)")
    t_layout, pages = timed(print_set, day, bundle.parts)
    t_pdf, pdf = timed(render_pdf, [d for _, d in pages])
    t_html, html = timed(sheet_html, pages, "bench", "a4")
    normal = bundle.part("shisen").layouts["normal"]
    t_png, _ = timed(lambda: [png_bytes(render_image(shisen_page(normal, "a4", answers=a)), 300) for a in (False, True)]
                     + [png_bytes(render_image(zodiac_share(day, bundle.part("zodiac").start)))], repeat=1)
    t_raster_set, _ = timed(lambda: [png_bytes(render_image(d), 300) for _, d in pages], repeat=1)
    total = t_layout + t_pdf
    print(f"print set ({len(pages)} pages): layout {t_layout:.2f} s + vector PDF {t_pdf:.2f} s = {total:.2f} s "
          f"(target <= 1.5 s), {len(pdf) / 1e6:.2f} MB; HTML sheet {t_html:.2f} s, {len(html) / 1e6:.2f} MB")
    print(f"baseline, the same {len(pages)} pages rasterised to 300 dpi PNG: {t_raster_set:.2f} s "
          f"({t_raster_set / t_pdf:.1f}x the vector PDF)")
    print(f"site images (puzzle PNG, answer PNG, share PNG): {t_png:.2f} s")
    items = []
    for i, code in enumerate(ALL_CODES):
        items += place(mahjong_tile(code, i % 2 == 1), (i % 14) * 62, (i // 14) * 82)
    d = Drawing(14 * 62, 3 * 82, tuple(items))
    n = len(ALL_CODES)
    t_svg, _ = timed(render_svg, d, repeat=5)
    t_ras, _ = timed(render_image, d, 2.0, repeat=5)
    print(f"per tile: SVG {t_svg / n * 1e3:.2f} ms, Pillow at 120x160 px {t_ras / n * 1e3:.2f} ms ({n} tiles)")


if __name__ == "__main__":
    with results.report("render", sys.argv[1:], __doc__):
        main()
