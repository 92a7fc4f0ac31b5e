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

``--only ten-years`` (issue 20, "growing old gracefully"): a site holding ten years of days, today
fixed with HARUPAN_TODAY. The newest days are real; the 3,650 before them are made by
:func:`fake_days`, which copies one real day folder to each date (its images and sheets as hard
links; its ``puzzle.json`` given the date's own zodiac start and no par, so it still checks
clean, and a build mark to match). Against it, each measured beside the same on a site of one
real day (the baseline):

a. a prepared night (``prepare`` the day, then ``daily``), target <= 2 s and no growth with the
   archive;
b. ``site build`` over the whole ten years with nothing to do;
c. ``site check`` of the whole site, and of the real days alone (per day: a real day also replays
   its par, which the copies lack).

``--only prepared`` (issue 21, "a prepared night within 2 s"): the CPU of a prepared night (the
``daily`` process after ``prepare``, start-up and any worker processes included: user + system
time, not wall-clock), on a site of one real day and on a site of a year (:func:`fake_days`),
``--nights`` nights each. Target: a median <= 1.5 s (<= 2 s with margin), no growth with the
site's size. The baseline, measured in the same run: ``--baseline DIR``, another checkout's
code (main, before a change) running the same nights on its own copy of each site, the two
alternating night by night; the published files of the two copies are then compared byte for
byte (dot files, the runs' own records, aside). Without ``--baseline``: one unprepared night
(quick par) on the one-day site, the night ``prepare`` saves.

The package's bytecode is compiled first, as ``pip install`` leaves it: this machine sets
PYTHONDONTWRITEBYTECODE, so every process would otherwise compile harupan's modules from source
(about 0.3 s each, in the run and in each worker).
"""

import argparse
import compileall
import datetime as dt
import filecmp
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results

ROOT = Path(__file__).resolve().parent.parent


def harupan(*args, env=None) -> float:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "harupan", *args], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    dt_ = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"harupan {' '.join(args)} failed: {r.stderr}")
    return dt_


def cpu_of(*args, env=None, code: Path = ROOT) -> float:
    """CPU seconds (user + system) of one ``harupan`` run with the package of ``code``, its
    worker processes included (they are waited for, so they count as its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, "-m", "harupan", *args], cwd=code, capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(code), **(env or {})))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        raise SystemExit(f"harupan {' '.join(args)} ({code}) failed: {r.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def published_differences(a: Path, b: Path) -> list[str]:
    """Paths whose published bytes differ between two sites (files and folders whose names start
    with a dot are the runs' own: the lock, build marks, kept pieces, records of what was made)."""
    out = []

    def walk(cmp: filecmp.dircmp, rel: str) -> None:
        for name in cmp.left_only + cmp.right_only + cmp.funny_files:
            if not name.startswith("."):
                out.append(rel + name)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, [n for n in cmp.common_files
                                                                      if not n.startswith(".")], shallow=False)
        out.extend(rel + n for n in mismatch + errors)
        for name, sub in cmp.subdirs.items():
            if not name.startswith("."):
                walk(sub, rel + name + "/")

    walk(filecmp.dircmp(a, b), "")
    return out


def prepared_nights(tmp: str, jobs: int, nights: int, baseline: Path | None) -> None:
    """Section ``prepared`` (see the docstring)."""
    env = {"HARUPAN_DIFFICULTIES": "easy,normal,hard"}
    first_night = dt.date(2026, 12, 1)
    real = first_night - dt.timedelta(days=1)
    dates = [first_night + dt.timedelta(days=i) for i in range(nights)]
    fixtures = {"one day": Path(tmp) / "one-day", "a year": Path(tmp) / "a-year"}
    today = {**env, "HARUPAN_TODAY": real.isoformat()}
    for site in fixtures.values():
        harupan("daily", "--date", real.isoformat(), "--site", str(site), "--par", "quick", env=today)
    fake_days(fixtures["a year"], real, [real - dt.timedelta(days=i) for i in range(366, 0, -1)])
    harupan("site", "build", "--site", str(fixtures["a year"]), "--quiet", env=today)  # the year's listings, once
    t = cpu_of("prepare", "--from", dates[0].isoformat(), "--days", str(nights), "--site", str(fixtures["one day"]),
               "--jobs", str(jobs), "--quiet", env=today)
    print(f"prepare, {nights} days' full par games and layouts: {t:.1f} s CPU = {t / nights:.1f} s a day "
          "(no target: any quiet hour)", flush=True)
    kept = fixtures["one day"] / ".pars"
    (fixtures["a year"] / ".pars").mkdir(exist_ok=True)
    for d in dates:  # the same kept pieces for the year's site (a record depends on its date alone)
        name = f"{d.isoformat()}.json"
        shutil.copyfile(kept / name, fixtures["a year"] / ".pars" / name)
    codes = {"this code": ROOT} | ({"baseline": baseline} if baseline else {})
    sites = {(f, c): Path(tmp) / f"{f}-{c}".replace(" ", "-") for f in fixtures for c in codes}
    for (f, c), site in sites.items():
        shutil.copytree(fixtures[f], site, symlinks=True, copy_function=os.link)  # a run replaces, never edits, a file
        if c != "this code":
            compileall.compile_dir(codes[c] / "harupan", quiet=1)
        # unmeasured: the rule pages and font subset are keyed by the code's sources, made once a release
        cpu_of("site", "build", "--site", str(site), "--quiet", env=today, code=codes[c])
    times: dict[tuple[str, str], list[float]] = {k: [] for k in sites}
    for d in dates:
        for key, site in sites.items():
            times[key].append(cpu_of("daily", "--date", d.isoformat(), "--site", str(site),
                                     env={**env, "HARUPAN_TODAY": d.isoformat()}, code=codes[key[1]]))
    for (f, c), ts in times.items():
        print(f"a prepared night, {c}, site of {f}: median {statistics.median(ts):.2f} s CPU, max {max(ts):.2f} s "
              f"over {len(ts)} nights ({' '.join(f'{t:.2f}' for t in ts)}; target median <= 1.5 s)", flush=True)
    for c in codes:
        growth = statistics.median(times[("a year", c)]) - statistics.median(times[("one day", c)])
        print(f"what a year of days adds to a night, {c}: {growth:+.2f} s (target: nothing that grows)", flush=True)
    if baseline:
        for f in fixtures:
            diff = published_differences(sites[(f, "baseline")], sites[(f, "this code")])
            print(f"published files, site of {f}, this code against the baseline: "
                  + ("identical" if not diff else f"{len(diff)} differ: {', '.join(diff[:5])}"), flush=True)
    else:
        site = Path(tmp) / "unprepared"
        shutil.copytree(fixtures["one day"], site, symlinks=True, copy_function=os.link)
        shutil.rmtree(site / ".pars")
        t = cpu_of("daily", "--date", dates[0].isoformat(), "--site", str(site), "--par", "quick",
                   env={**env, "HARUPAN_TODAY": dates[0].isoformat()})
        print(f"baseline: the first night unprepared (quick par, layouts made in the run), site of one day: "
              f"{t:.2f} s CPU", flush=True)


def fake_days(site: Path, template: dt.date, dates: list[dt.date]) -> None:
    """Copy the real day ``template`` of ``site`` to each of ``dates`` (see the docstring)."""
    sys.path.insert(0, str(ROOT))
    from harupan.engine.zodiac import seed_for, start_cells
    from harupan.engine.dates import WEEKDAYS_KO
    from harupan.generator.daily import bundle_json
    from harupan.publish.config import load_config
    from harupan.publish.days import MARK, build_mark, day_names, day_path

    cfg = load_config()
    src = site / day_path(template)
    bundle = json.loads((src / "puzzle.json").read_bytes())
    for d in dates:
        folder = site / day_path(d)
        folder.mkdir(parents=True)
        iso = d.isoformat()
        bundle.update(date=iso, weekday=WEEKDAYS_KO[d.weekday()])
        bundle["zodiac"] = {"format": bundle["zodiac"]["format"], "seed": seed_for(d), "start": start_cells(d)}
        for level in bundle["shisen"].values():
            level["date"] = iso
        data = bundle_json(bundle)
        (folder / "puzzle.json").write_bytes(data)
        for name in day_names():
            if name not in ("puzzle.json", MARK):
                os.link(src / name, folder / name)
        (folder / MARK).write_text(build_mark(data, cfg))


def ten_years(tmp: str, jobs: int, nights: int) -> None:
    """Section ``ten-years`` (see the docstring)."""
    env = {"HARUPAN_DIFFICULTIES": "easy,normal,hard"}
    first_night = dt.date(2026, 12, 1)
    real = [first_night - dt.timedelta(days=2), first_night - dt.timedelta(days=1)]
    span = [real[0] - dt.timedelta(days=i) for i in range(3650, 0, -1)]

    def night(site, d):
        today = {**env, "HARUPAN_TODAY": d.isoformat()}
        harupan("prepare", "--from", d.isoformat(), "--days", "1", "--site", str(site), "--quiet", env=today)
        return harupan("daily", "--date", d.isoformat(), "--site", str(site), env=today)

    sites = {"one day": Path(tmp) / "one-day", "ten years": Path(tmp) / "ten-years"}
    for name, site in sites.items():
        for d in real if name == "ten years" else real[-1:]:
            harupan("daily", "--date", d.isoformat(), "--site", str(site), "--par", "quick",
                    env={**env, "HARUPAN_TODAY": d.isoformat()})
    t0 = time.perf_counter()
    fake_days(sites["ten years"], real[-1], span)
    print(f"ten-year fixture: {len(span)} copied days + {len(real)} real in {time.perf_counter() - t0:.1f} s",
          flush=True)
    for site in sites.values():  # the listings of the copied days, once (as the nights that made them would have)
        t = harupan("site", "build", "--site", str(site), "--quiet", env={**env, "HARUPAN_TODAY": real[-1].isoformat()})
        print(f"listings of {site.name} written once, unmeasured by the nights: {t:.2f} s", flush=True)
    times: dict[str, list[float]] = {k: [] for k in sites}
    for i in range(nights):
        for name, site in sites.items():
            times[name].append(night(site, first_night + dt.timedelta(days=i)))
    for name, ts in times.items():
        print(f"a prepared night (full par), site of {name}: median {statistics.median(ts):.2f} s, "
              f"max {max(ts):.2f} s over {len(ts)} nights (target <= 2 s)", flush=True)
    growth = statistics.median(times["ten years"]) - statistics.median(times["one day"])
    print(f"what ten years add to a night: {growth:+.2f} s (target: nothing that grows with the archive)", flush=True)
    last = first_night + dt.timedelta(days=nights - 1)
    today = {**env, "HARUPAN_TODAY": last.isoformat()}
    for name, site in sites.items():
        start = span[0] if name == "ten years" else real[-1]
        t = harupan("site", "build", "--from", start.isoformat(), "--to", last.isoformat(), "--site", str(site),
                    "--quiet", "--jobs", str(jobs), env=today)
        days = (last - start).days + 1
        print(f"no-change site build, {name} ({days} days): {t:.2f} s", flush=True)
    for name, site in sites.items():
        t = harupan("site", "check", "--site", str(site), "--quiet", "--jobs", str(jobs), env=today)
        days = sum(1 for _ in site.glob("[0-9]*/[0-9]*/[0-9]*"))
        print(f"site check, {name} ({days} days), --jobs {jobs}: {t:.2f} s = {1000 * t / days:.1f} ms a day",
              flush=True)
    site = sites["ten years"]
    pages = [p.stat().st_size for p in [site / "index.html", site / "archive/index.html", site / "feed.xml",
                                        site / "sitemap.xml", *site.glob("archive/*/sitemap.xml"),
                                        *site.glob("archive/*/*/index.html")]]
    biggest_year = max(p.stat().st_size for p in site.glob("archive/*/sitemap.xml"))
    print(f"listing pages: largest {max(pages) / 1e3:.0f} KB (sitemap index {(site / 'sitemap.xml').stat().st_size / 1e3:.1f} "
          f"KB, largest year's sitemap {biggest_year / 1e3:.0f} "
          f"KB, archive index {(site / 'archive/index.html').stat().st_size / 1e3:.0f} KB, "
          f"{len(list(site.glob('archive/*/*/index.html')))} month pages)", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nights", type=int, default=5, help="nightly runs measured per par setting")
    ap.add_argument("--only", choices=["ten-years", "prepared"], default=None, help="run one section alone")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="--only prepared: a checkout whose code runs the same nights (e.g. main before a change)")
    args = ap.parse_args()
    compileall.compile_dir(ROOT / "harupan", quiet=1)
    if args.only == "prepared":
        with tempfile.TemporaryDirectory() as tmp:
            prepared_nights(tmp, args.jobs, args.nights, args.baseline.resolve() if args.baseline else None)
        return
    if args.only == "ten-years":
        with tempfile.TemporaryDirectory() as tmp:
            ten_years(tmp, args.jobs, args.nights)
        return
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
    with results.report("site", sys.argv[1:], __doc__):
        main()
