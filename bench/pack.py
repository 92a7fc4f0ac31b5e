"""Print pack benchmark: a month's booklet from kept parts, and a day's sheet, in time and size.

    python bench/pack.py [--month 2027-01] [--jobs 2]

A site is prepared for the month first with the quick par bot (``harupan prepare``, not counted),
then ``harupan sheet --month M --site SITE`` is timed in a process of its own (target: within
60 s). Baseline in the same run: the same days as separate day sheets, one process each, as an
operator would make them without a pack (their time and their total size against the booklet's).
A day's sheet is timed cold (a fresh process: the fonts cut for the first time) and warm.
"""

import argparse
import calendar
import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent


def harupan(*args, env=None):
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "harupan", *map(str, args)], cwd=ROOT, check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--month", default="2027-01")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    year, month = map(int, args.month.split("-"))
    days = calendar.monthrange(year, month)[1]
    env = {**os.environ, "HARUPAN_PAR": "quick"}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        t_prep = harupan("prepare", "--from", f"{args.month}-01", "--days", days, "--site", site, "--jobs", args.jobs,
                         "--quiet", env=env)
        print(f"(prepared {days} days with the quick par, not counted: {t_prep:.0f} s)")
        pack = Path(tmp) / "month.pdf"
        t_pack = harupan("sheet", "--month", args.month, "--site", site, "--jobs", args.jobs, "-o", pack, env=env)
        pages = subprocess.run(["pdfinfo", str(pack)], capture_output=True, text=True).stdout
        count = next(int(line.split()[-1]) for line in pages.splitlines() if line.startswith("Pages:"))
        print(f"month pack ({days} days, {count} pages): {t_pack:.1f} s (target <= 60 s), "
              f"{pack.stat().st_size / 1e6:.2f} MB, {pack.stat().st_size / count / 1e3:.1f} KB a page")
        t_days, size_days = 0.0, 0
        for d in range(1, days + 1):
            out = Path(tmp) / f"day-{d}.pdf"
            t_days += harupan("sheet", "--date", f"{args.month}-{d:02d}", "--site", site, "--jobs", 1, "-o", out,
                              env=env)
            size_days += out.stat().st_size
        print(f"baseline, the same days as {days} day sheets: {t_days:.1f} s ({t_days / t_pack:.1f}x the pack), "
              f"{size_days / 1e6:.2f} MB ({size_days / pack.stat().st_size:.1f}x the pack)")
        day = dt.date(year, month, 1).isoformat()
        cold = harupan("sheet", "--date", day, "--site", site, "--jobs", 1, "-o", Path(tmp) / "cold.pdf", env=env)
        print(f"a day's sheet in a fresh process (fonts cut, start-up and reading the day included): {cold:.2f} s, "
              f"{(Path(tmp) / 'cold.pdf').stat().st_size / 1e3:.0f} KB")
        sys.path.insert(0, str(ROOT))
        os.environ["HARUPAN_PAR"] = "quick"
        from harupan.publish.config import load_config
        from harupan.publish.pack import pack_days
        from harupan.renderers.games import print_pdf, print_set
        from harupan.renderers.sheets import sheet_title
        bundle = pack_days(site, [dt.date(year, month, 1)], load_config())[0][0]  # from the kept parts
        times = []
        for _ in range(4):
            t0 = time.perf_counter()
            print_pdf(print_set(bundle.date, bundle.parts), sheet_title(bundle.date))
            times.append(time.perf_counter() - t0)
        print(f"a day's sheet drawn in one process: first {times[0]:.2f} s (the font cut), then "
              f"{min(times[1:]):.2f} s (the cut remembered, as for every later day of a run)")


if __name__ == "__main__":
    with results.report("pack", sys.argv[1:], __doc__):
        main()
