"""Site benchmarks, each against its target, measured in one run.

    python bench/site.py [--days 365] [--jobs 2]

1. ``harupan daily`` end to end, as cron runs it: a new day on a site that already has the day
   before (target <= 2 s). With the full par as the README's cron lines run it: the par games
   and Shisen-sho layouts made ahead by ``harupan prepare`` (timed too, no target). For comparison: the full par
   played during the run, and the quick par. Also the first run into an empty folder, which
   makes the rule pages and the font subset once (no target).
2. ``--days`` days with ``--jobs``, quick par (the full par takes ~20 s a day by itself).
   Target: 365 days <= 2 min.
3. The same command again with nothing to do. Target: <= 5 s.

The package's bytecode is compiled first, as ``pip install`` leaves it: this machine sets
PYTHONDONTWRITEBYTECODE, so every process would otherwise compile harupan's modules from source
(about 0.3 s each, in the run and in each worker).
"""

import argparse
import compileall
import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def harupan(*args, env=None) -> float:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "harupan", *args], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    dt_ = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"harupan {' '.join(args)} failed: {r.stderr}")
    return dt_


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nights", type=int, default=5, help="nightly runs measured per par setting")
    args = ap.parse_args()
    compileall.compile_dir(ROOT / "harupan", quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        def nights(site, par, first, n):
            return [harupan("daily", "--date", (first + dt.timedelta(days=i)).isoformat(), "--site", str(site),
                            "--par", par) for i in range(n)]

        def report(what, times):
            print(f"daily, a new day on an existing site, {what}, {len(times)} nights: median "
                  f"{statistics.median(times):.2f} s, max {max(times):.2f} s (target <= 2 s)", flush=True)

        for par in ("quick", "full"):
            site = Path(tmp) / f"nightly-{par}"
            t = harupan("daily", "--date", "2026-11-29", "--site", str(site), "--par", par)
            print(f"daily, first run into an empty folder, {par} par: {t:.2f} s", flush=True)
            if par == "quick":
                report("quick par", nights(site, par, dt.date(2026, 11, 30), args.nights))
                continue
            report("full par played during the run", nights(site, par, dt.date(2026, 11, 30), 2))
            first = dt.date(2026, 12, 2)
            t = harupan("prepare", "--from", first.isoformat(), "--days", str(args.nights), "--site", str(site),
                        "--par", par, "--jobs", str(args.jobs), "--quiet")
            print(f"prepare, {args.nights} days' full par games and layouts ahead, --jobs {args.jobs}: {t:.1f} s "
                  f"= {t / args.nights:.1f} s a day (no target: any quiet hour)", flush=True)
            report("par and layouts kept ahead (the README's cron lines)", nights(site, par, first, args.nights))
        site = Path(tmp) / "year"
        start = dt.date(2027, 1, 1)
        end = start + dt.timedelta(days=args.days - 1)
        cmd = ("site", "build", "--from", start.isoformat(), "--to", end.isoformat(), "--site", str(site),
               "--jobs", str(args.jobs), "--quiet", "--par", "quick")
        t = harupan(*cmd)
        print(f"site build, {args.days} days, --jobs {args.jobs}: {t:.1f} s = {t / args.days:.2f} s a day "
              f"(target 365 days <= 120 s)", flush=True)
        t1 = harupan(*cmd)
        print(f"no-change rebuild of those days: {t1:.2f} s (target <= 5 s)", flush=True)
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"site size: {size / 1e6:.0f} MB for {args.days} days")


if __name__ == "__main__":
    main()
