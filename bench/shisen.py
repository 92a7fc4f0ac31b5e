"""Shisen-sho benchmarks, each against a baseline or target measured in the same run.

    python bench/shisen.py [--deals 200] [--boards 20]

1. Legal-pair enumeration on full 18x8 boards: engine (one sweep over the empty runs) against a
   per-pair breadth-first search (bench/shisen_baseline.py). Target: >= 50x faster.
2. The solver over random 144-tile deals: share decided (solved or proved unsolvable) within 1 s
   each, and the median time. Target: >= 99%.
3. A date's three layouts (easy, normal, hard), each dealt, proved and graded. Target: median
   <= 2 s and 95th percentile <= 5 s over --days dates (one process, as `harupan shisen
   generate` runs; `daily` runs the three side by side).
4. --tune N: the distribution of the grading measures over N uniform 18x8 deals (seeds
   harupan:tune:I, never a date the tests use); the preset bands were read off this.
5. --year YYYY-MM-DD: every preset on 365 consecutive dates from that day: attempts needed
   (median, max, against MAX_ATTEMPTS) and the share landing in band.
"""

import argparse
import datetime
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import shisen_baseline

from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, legal_pairs, solve
from harupan.engine.shisen.tiles import DEFAULT_KINDS
from harupan.engine.shisen.playout import CAREFUL, RANDOM, playouts
from harupan.engine.shisen.traps import openings
from harupan.generator.shisen import MAX_ATTEMPTS, OPENING_BUDGET, PLAYOUTS, PRESETS, generate


def deal(seed: str) -> Board:
    rng = Rng(seed)
    cells = [k for k in DEFAULT_KINDS for _ in range(4)]
    rng.shuffle(cells)
    return Board(18, 8, tuple(tuple(cells[y * 18:(y + 1) * 18]) for y in range(8)))


def timed(fn, *args, repeat=1):
    t0 = time.perf_counter()
    for _ in range(repeat):
        out = fn(*args)
    return (time.perf_counter() - t0) / repeat, out


def bench_pairs(n: int) -> None:
    boards = [generate(f"2026-12-{i % 28 + 1:02d}", "18x8", "normal").board for i in range(n // 2)]
    boards += [deal(f"bench-pairs-{i}") for i in range(n - len(boards))]
    fast = slow = 0.0
    for b in boards:
        tf, a = timed(legal_pairs, b, repeat=20)
        ts, c = timed(shisen_baseline.legal_pairs, b)
        assert a == c, "engine and baseline disagree"
        fast += tf
        slow += ts
    print(f"legal pairs, full 18x8 ({n} boards): engine {fast / n * 1e3:.2f} ms, "
          f"per-pair BFS {slow / n * 1e3:.1f} ms, ratio {slow / fast:.0f}x (target >= 50x)")


def bench_solver(n: int) -> None:
    times, statuses, nodes = [], {}, []
    within = 0
    for i in range(n):
        t, r = timed(solve, deal(f"bench-deal-{i}"))
        times.append(t)
        nodes.append(r.nodes)
        statuses[r.status] = statuses.get(r.status, 0) + 1
        within += r.status != "undecided" and t <= 1.0
    print(f"solver, {n} random 144-tile deals: decided within 1 s {within}/{n} = {within / n:.1%} "
          f"(target >= 99%); median {statistics.median(times) * 1e3:.0f} ms, "
          f"p90 {sorted(times)[int(0.9 * n)] * 1e3:.0f} ms, max {max(times):.1f} s; "
          f"{', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}; median nodes {statistics.median(nodes):.0f}")


def bench_generate(days: int) -> None:
    totals = []
    per = {name: [] for name in PRESETS}
    for d in range(days):
        date = (datetime.date(2031, 1, 1) + datetime.timedelta(days=d)).isoformat()
        total = 0.0
        for name in PRESETS:
            t, _ = timed(generate, date, "18x8", name)
            per[name].append(t)
            total += t
        totals.append(total)
    totals.sort()
    print(f"a date's three 18x8 layouts, dealt+proved+graded, {days} dates from 2031-01-01: median "
          f"{statistics.median(totals):.2f} s (target <= 2 s), p95 {totals[int(0.95 * (days - 1))]:.2f} s "
          f"(target <= 5 s), max {totals[-1]:.2f} s")
    for name, ts in per.items():
        print(f"  {name}: median {statistics.median(ts):.2f} s, max {max(ts):.2f} s")
    # As `daily` makes them: the three levels side by side in a pool of two processes.
    side = []
    with multiprocessing.Pool(2) as pool:
        for d in range(days):
            date = (datetime.date(2031, 1, 1) + datetime.timedelta(days=d)).isoformat()
            t0 = time.perf_counter()
            pool.starmap(generate, [(date, "18x8", name) for name in PRESETS])
            side.append(time.perf_counter() - t0)
    side.sort()
    print(f"  the same three side by side in 2 processes (as daily makes them): median "
          f"{statistics.median(side):.2f} s, p95 {side[int(0.95 * (days - 1))]:.2f} s, max {side[-1]:.2f} s")


def _quantiles(xs, ps=(0, 0.1, 0.25, 0.5, 0.75, 0.9, 1)):
    xs = sorted(xs)
    return " ".join(f"{xs[round(p * (len(xs) - 1))]:.2f}" for p in ps) if xs else "-"


def _tune_row(i: int) -> dict:
    board = deal(f"harupan:tune:{i}")
    r = solve(board)
    row = {"status": r.status}
    if r.status == "solved":
        for who in (RANDOM, CAREFUL):
            games = playouts(board, Rng(f"harupan:tune:{i}:{who}"), who)
            row[who] = sum(not next(games).cleared for _ in range(PLAYOUTS)) / PLAYOUTS
        o = openings(board, r.solution, OPENING_BUDGET)
        row["fatal"] = o.fatal
        row["nodes"] = r.nodes
    return row


def bench_tune(n: int, jobs: int) -> None:
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(_tune_row, range(n))
    ok = [r for r in rows if r["status"] == "solved"]
    print(f"tuning set: {n} uniform 18x8 deals; solved {len(ok)}, unsolvable "
          f"{sum(r['status'] == 'unsolvable' for r in rows)}, undecided {sum(r['status'] == 'undecided' for r in rows)}")
    hist = [0] * 10
    for r in ok:
        hist[min(int(r[RANDOM] * 10), 9)] += 1
    print("  random stuck share, solvable deals by tenths 0-10%..90-100%: " + " ".join(map(str, hist)))
    print("  quantiles (min p10 p25 median p75 p90 max)")
    for name, p in PRESETS.items():
        band = [r for r in ok if p.stuck[0] <= r[RANDOM] <= p.stuck[1]]
        inb = [r for r in band if p.careful[0] <= r[CAREFUL] <= p.careful[1]]
        print(f"  random {p.stuck[0]:.0%}-{p.stuck[1]:.0%}: {len(band)} deals ({len(band) / n:.1%} of all); "
              f"careful stuck {_quantiles([r[CAREFUL] for r in band])}; with fatal first moves "
              f"{sum(r['fatal'] > 0 for r in band)}; solver nodes {_quantiles([r['nodes'] for r in band])}; "
              f"in the '{name}' band {len(inb)} ({len(inb) / n:.1%} of all)")


def _year_row(args) -> tuple:
    date, name = args
    d = generate(date, "18x8", name).difficulty
    p = PRESETS[name]
    inband = p.stuck[0] <= d["stuck_share"] <= p.stuck[1] and p.careful[0] <= d["careful_stuck_share"] <= p.careful[1]
    return name, d["attempt"], inband, d["stuck_share"], d["fatal_first_moves"]


def bench_year(start: str, jobs: int) -> None:
    first = datetime.date.fromisoformat(start)
    work = [((first + datetime.timedelta(days=i)).isoformat(), name) for i in range(365) for name in PRESETS]
    t0 = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        rows = pool.map(_year_row, work, chunksize=4)
    print(f"365 dates from {start}, every preset ({time.perf_counter() - t0:.0f} s with {jobs} processes):")
    for name in PRESETS:
        mine = [r for r in rows if r[0] == name]
        att = [r[1] for r in mine]
        print(f"  {name}: in band {sum(r[2] for r in mine)}/365; attempts median {statistics.median(att):.0f}, "
              f"max {max(att)} (MAX_ATTEMPTS {MAX_ATTEMPTS}); stuck share {_quantiles([r[3] for r in mine])}; "
              f"dates with a fatal first move {sum(r[4] > 0 for r in mine)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--days", type=int, default=100)
    ap.add_argument("--tune", type=int, default=0, help="also print the grading distribution over N deals")
    ap.add_argument("--year", metavar="YYYY-MM-DD", help="also check every preset on 365 dates from this day")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["pairs", "generate", "solver", "tune", "year"])
    args = ap.parse_args()
    if args.only in (None, "pairs"):
        bench_pairs(args.boards)
    if args.only in (None, "generate"):
        bench_generate(args.days)
    if args.only in (None, "solver"):
        bench_solver(args.deals)
    if args.tune and args.only in (None, "tune"):
        bench_tune(args.tune, args.jobs)
    if args.year and args.only in (None, "year"):
        bench_year(args.year, args.jobs)


if __name__ == "__main__":
    main()
