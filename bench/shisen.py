"""Shisen-sho benchmarks, each against a baseline or target measured in the same run.

    python bench/shisen.py [--deals 200] [--boards 20]

1. Legal-pair enumeration on full 18x8 boards: engine (one sweep over the empty runs) against a
   per-pair breadth-first search (bench/shisen_baseline.py). Target: >= 50x faster.
2. The solver over random 144-tile deals (--deals, 1,000 for issue 21): share decided (solved or
   proved unsolvable) within 1 s of CPU each, median, p99 and max; the five slowest named (and,
   with --keep DIR, written as text boards: tests/data/shisen_slow holds such a set). Target: 100%.
   The solver is the compiled twin when it is built (else the Python search, said so); with
   --python, the same deals again by the pure-Python search in the same run (the baseline), each
   deal's answer, nodes and work compared between the two. --budget N: the node budget.
   --first N: the deals from bench-deal-N on (a set the solver's settings were not read from).
   --twin-ref REF: the same deals by the compiled twin built from the source at git REF (in a
   temporary copy), one process each side in turn: every answer, node count, work and removal
   order compared, and the CPU time of each side (issue 32: the twin is the same code since the
   C search became a core with two bindings, so the figures must not move).
3. A date's three layouts (easy, normal, hard), each dealt, proved and graded, in CPU seconds.
   Target (issue 21): median <= 5 s and 95th percentile <= 15 s over --days dates, one after
   another in one process (`daily` runs the three side by side: timed too, wall).
4. --tune N: the distribution of the grading measures over N uniform 18x8 deals (seeds
   harupan:tune:I, never a date the tests use); the preset bands were read off this.
5. --year YYYY-MM-DD: every preset on 365 consecutive dates (--dates N for a smaller sample)
   from that day: attempts needed (median, max, against MAX_ATTEMPTS), the share landing in band,
   the look-ahead player's shares, layouts with an undecided first move (target 0), the dates
   where hard's look-ahead figure is above normal's (target all) and a date's CPU time (its three
   layouts one after another in one process).
6. --only bounded: solve, hint and shuffle with the default budget on full boards of --sizes
   (default 20x20, 28x28, 40x40). Target: <= 10 s each.
"""

import argparse
import json
import datetime
import multiprocessing
import multiprocessing.pool
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import shisen_baseline

from harupan.engine.rng import Rng
from harupan.engine.errors import InputError
from harupan.engine.shisen import Board, format_text, legal_pairs, solve
from harupan.engine.shisen import solver as solver_module
from harupan.engine.shisen.solver import DEFAULT_BUDGET
from harupan.engine.shisen.game import hint, shuffle
from harupan.engine.shisen.tiles import DEFAULT_KINDS
from harupan.engine.shisen.playout import CAREFUL, LOOKAHEAD, RANDOM, _pair_paths, path_table, playouts
from harupan.engine.shisen.traps import openings
from harupan.generator.games.shisen.layouts import MAX_ATTEMPTS, OPENING_BUDGET, PLAYOUTS, PRESETS, generate

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results


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


def cpu_timed(fn, *args):
    """CPU seconds of this process (on a shared machine, wall time measures the neighbours)."""
    t0 = time.process_time()
    out = fn(*args)
    return time.process_time() - t0, out


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


def _solve_row(job: tuple[int, bool, int]) -> tuple:
    """One deal, by the compiled twin or (``pure``) the Python search; the answer's fingerprint
    (status, nodes, work, removal order) comes back too, for the baseline's comparison."""
    i, pure, budget = job
    board = deal(f"bench-deal-{i}")
    solver_module.PURE_PYTHON = pure
    t0, c0 = time.perf_counter(), time.process_time()
    r = solve(board, budget)
    return (time.perf_counter() - t0, time.process_time() - c0, str(r.status), r.nodes, i,
            (str(r.status), r.nodes, r.work, r.solution))


TWIN_RUN = """
import hashlib, json, sys, time
from pathlib import Path
from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, parse_text, solve
from harupan.engine.shisen import solver
from harupan.engine.shisen.tiles import DEFAULT_KINDS
assert solver._compiled is not None, "no compiled twin in " + solver.__file__
first, n, budget = map(int, sys.argv[1:4])
boards = []
for i in range(first, first + n):
    rng = Rng(f"bench-deal-{i}")
    cells = [k for k in DEFAULT_KINDS for _ in range(4)]
    rng.shuffle(cells)
    boards.append((f"bench-deal-{i}", Board(18, 8, tuple(tuple(cells[y * 18:(y + 1) * 18]) for y in range(8)))))
for p in sorted(Path(sys.argv[4]).glob("*.txt")):
    boards.append((p.stem + " (slow set)", parse_text(p.read_text(encoding="utf-8"))))
for name, board in boards:
    c0 = time.process_time()
    r = solve(board, budget)
    cpu = time.process_time() - c0
    print(json.dumps([name, str(r.status), r.nodes, r.work, hashlib.sha256(repr(r.solution).encode()).hexdigest(), cpu]))
"""


def bench_twin_ref(n: int, ref: str, budget: int, first: int) -> None:
    """The compiled twin of this tree against the one built from ``ref``, on the same deals."""
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        archive = subprocess.run(["git", "archive", ref], cwd=root, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=base, capture_output=True, check=True)
        sides = {}
        for name, source in (("this tree", root), (ref, base)):
            r = subprocess.run([sys.executable, "-c", TWIN_RUN, str(first), str(n), str(budget),
                                str(root / "tests" / "data" / "shisen_slow")], cwd=tmp,
                               capture_output=True, text=True, env={**__import__("os").environ, "PYTHONPATH": str(source)})
            if r.returncode != 0:
                raise SystemExit(f"the twin at {name} failed: {r.stderr[-1500:]}")
            sides[name] = [json.loads(line) for line in r.stdout.splitlines()]
    now, then = sides["this tree"], sides[ref]
    differ = [a[0] for a, b in zip(now, then) if a[1:5] != b[1:5]]
    print(f"twin: this tree against the twin at {ref} (node budget {budget}), CPU of each side, one process each "
          f"in turn; load average {__import__('os').getloadavg()[0]:.2f}")
    ratio = 1.0
    for label, pick in ((f"bench-deal-{first}..{first + n - 1}", lambda r: "slow set" not in r[0]),
                        ("tests/data/shisen_slow", lambda r: "slow set" in r[0])):
        a_rows, b_rows = [r for r in now if pick(r)], [r for r in then if pick(r)]
        cpu_now, cpu_then = sum(a[5] for a in a_rows), sum(b[5] for b in b_rows)
        ratio = cpu_now / max(cpu_then, 1e-9)
        print(f"  {label} ({len(a_rows)} boards): CPU {cpu_now:.2f} s against {cpu_then:.2f} s ({ratio:.3f}x)")
    print(f"  answers, nodes, work and removal orders differ on {len(differ)} of {len(now)} boards"
          + (f": {differ[:20]}" if differ else ""))
    print(f"  target: the same answers on every board, and no slower by more than 5% on the slow set: "
          f"{'met' if not differ and ratio <= 1.05 else 'MISSED'}", flush=True)


def bench_solver(n: int, jobs: int = 1, keep: str | None = None, rows_to: str | None = None,
                 python: bool = False, budget: int = DEFAULT_BUDGET, first: int = 0) -> None:
    """Times are CPU seconds of the solving process (on a shared machine, wall time measures the
    neighbours); wall time is printed beside them. The figures so far are printed every 100
    deals, so a run cut short still says what it measured. With ``python``, the same deals are
    then solved by the pure-Python search (the baseline), and every answer compared. ``first``: the
    first deal's number (bench-deal-FIRST..FIRST+n-1), for a set the solver was not tuned on."""
    compiled = solver_module._compiled is not None and not solver_module.PURE_PYTHON
    print("solver: " + ("the compiled twin (_csolver)" if compiled else "the pure-Python search (the compiled twin "
                        + ("is not built)" if solver_module._compiled is None else "is switched off)"))
          + (f"; node budget {budget}" if budget != DEFAULT_BUDGET else ""), flush=True)

    def solve_all(pool: multiprocessing.pool.Pool, pure: bool) -> list[tuple]:
        out: list[tuple] = []
        for row in pool.imap(_solve_row, [(i, pure, budget) for i in range(first, first + n)], chunksize=4):
            out.append(row)
            if len(out) % 100 == 0 or len(out) == n:
                _solver_figures(out)
        return out

    with multiprocessing.Pool(jobs) as pool:
        rows = solve_all(pool, not compiled)
        if python and compiled:
            print("baseline: the same deals by the pure-Python search", flush=True)
            base = solve_all(pool, True)
            differ = [r[4] for r, b in zip(rows, base) if r[5] != b[5]]
            c_cpu, py_cpu = sum(r[1] for r in rows), sum(r[1] for r in base)
            ratios = sorted(b[1] / max(r[1], 1e-6) for r, b in zip(rows, base))
            print(f"  compiled vs Python on the same {n} deals: CPU {c_cpu:.1f} s vs {py_cpu:.1f} s "
                  f"({py_cpu / max(c_cpu, 1e-9):.1f}x overall, per deal median {statistics.median(ratios):.1f}x); "
                  f"answers, nodes, work and removal orders differ on {len(differ)} deals"
                  + (f": {', '.join(f'bench-deal-{i}' for i in differ[:20])}" if differ else ""), flush=True)
    if rows_to:  # one line a deal, for a look at the whole distribution (how many lie just over 1 s, say)
        Path(rows_to).write_text("deal\tstatus\tnodes\tcpu_s\twall_s\n" + "".join(
            f"bench-deal-{r[4]}\t{r[2]}\t{r[3]}\t{r[1]:.3f}\t{r[0]:.3f}\n" for r in rows), encoding="utf-8")
        print(f"  wrote one row a deal to {rows_to}")
    slow = sorted(rows, key=lambda r: -r[1])[:5]
    print("  slowest: " + ", ".join(f"bench-deal-{r[4]} {r[2]} {r[1]:.2f} s {r[3]} nodes" for r in slow))
    if keep:
        out = Path(keep)
        out.mkdir(parents=True, exist_ok=True)
        for r in slow:
            (out / f"bench-deal-{r[4]}.txt").write_text(format_text(deal(f"bench-deal-{r[4]}")), encoding="utf-8")
        print(f"  kept the slowest as text boards in {out}")


def _solver_figures(rows: list[tuple]) -> None:
    n = len(rows)
    cpu = sorted(r[1] for r in rows)
    statuses: dict[str, int] = {}
    for r in rows:
        statuses[r[2]] = statuses.get(r[2], 0) + 1
    within = sum(r[2] != "undecided" and r[1] <= 1.0 for r in rows)
    lo = min(r[4] for r in rows)
    print(f"solver, {n} random 144-tile deals (bench-deal-{lo}..{lo + n - 1}): decided within 1 s (CPU) {within}/{n} = "
          f"{within * 10000 // n / 100:.2f}% (target 100%; rounded down, so a miss never reads as 100%); median {statistics.median(cpu) * 1e3:.0f} ms, "
          f"p99 {cpu[int(0.99 * (n - 1))] * 1e3:.0f} ms, max {cpu[-1]:.2f} s (wall max "
          f"{max(r[0] for r in rows):.2f} s); {', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}; "
          f"median nodes {statistics.median(r[3] for r in rows):.0f}; slowest "
          + ", ".join(f"bench-deal-{r[4]} {r[2]} {r[1]:.2f} s" for r in sorted(rows, key=lambda r: -r[1])[:3]),
          flush=True)


def _big(w: int, h: int) -> Board:
    """A full W x H board of 32 kinds in pairs, shuffled (seeded): bigger than any day's board."""
    cells = [DEFAULT_KINDS[(i // 2) % 32] for i in range(w * h)]
    Rng(f"bench:big:{w}x{h}").shuffle(cells)
    return Board(w, h, tuple(tuple(cells[y * w:(y + 1) * w]) for y in range(h)))


def bench_bounded(sizes: list[str]) -> None:
    """Issue 20: solve, hint and shuffle stop within their default budget on big boards (target
    <= 10 s each on 40x40). CPU seconds, wall beside them."""
    for size in sizes:
        w, h = (int(v) for v in size.split("x"))
        board = _big(w, h)
        for name, fn in (("solve", lambda b: solve(b).status), ("hint", hint), ("shuffle", _shuffle_or_error)):
            t0, c0 = time.perf_counter(), time.process_time()
            out = fn(board)
            print(f"  {size} {name}: {time.process_time() - c0:.1f} s CPU ({time.perf_counter() - t0:.1f} s wall), "
                  f"{'a pair' if name == 'hint' and out is not None else out}")


def _shuffle_or_error(board: Board) -> str:
    try:
        shuffle(board, "bench")
        return "shuffled"
    except InputError as e:
        return f"error: {e}"


def bench_generate(days: int) -> None:
    totals = []
    per = {name: [] for name in PRESETS}
    for d in range(days):
        date = (datetime.date(2031, 1, 1) + datetime.timedelta(days=d)).isoformat()
        total = 0.0
        for name in PRESETS:
            t, _ = cpu_timed(generate, date, "18x8", name)
            per[name].append(t)
            total += t
        totals.append(total)
    totals.sort()
    print(f"a date's three 18x8 layouts, dealt+proved+graded, {days} dates from 2031-01-01, CPU: median "
          f"{statistics.median(totals):.2f} s (target <= 5 s), p95 {totals[int(0.95 * (days - 1))]:.2f} s "
          f"(target <= 15 s), max {totals[-1]:.2f} s")
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
        for who in (RANDOM, CAREFUL, LOOKAHEAD):
            games = playouts(board, Rng(f"harupan:tune:{i}:{who}"), who)
            row[who] = sum(not next(games).cleared for _ in range(PLAYOUTS)) / PLAYOUTS
        o = openings(board, r.solution, OPENING_BUDGET)
        row["fatal"] = o.fatal
        row["nodes"] = r.nodes
    return row


TUNE_BANDS = (("easy", 0.0, 0.15), ("between", 0.15, 0.35), ("normal", 0.35, 0.65), ("between", 0.65, 0.85),
              ("hard", 0.85, 1.0))


def _in(x: float, lo: float, hi: float) -> bool:
    return lo - 1e-9 <= x <= hi + 1e-9


def _ahead_table(ok: list[dict]) -> None:
    """The look-ahead player's stuck share (64 games) among solvable deals, by random-player band:
    counts by tenths and quantiles; the hard band's look-ahead edge was read off this."""
    print("  look-ahead stuck share (64 games) by random-player band; counts by tenths 0-10%..90-100%, "
          "then min p10 p25 median p75 p90 max")
    rows = [(f"random {lo:.0%}-{hi:.0%} ({name})", [r for r in ok if _in(r[RANDOM], lo, hi)
             and not (name == "between" and (_in(r[RANDOM], 0, 0.15) or _in(r[RANDOM], 0.35, 0.65)
                                             or _in(r[RANDOM], 0.85, 1)))])
            for name, lo, hi in TUNE_BANDS]
    hard = PRESETS["hard"]
    rows.append(("hard band and careful >= 75%", [r for r in ok if _in(r[RANDOM], *hard.stuck)
                                                   and _in(r[CAREFUL], *hard.careful)]))
    for label, band in rows:
        hist = [0] * 10
        for r in band:
            hist[min(int(r[LOOKAHEAD] * 10 + 1e-9), 9)] += 1
        xs = [r[LOOKAHEAD] for r in band]
        print(f"    {label}: {len(band)} deals; {' '.join(f'{h:3d}' for h in hist)}; {_quantiles(xs)}; "
              f">= 50%: {sum(x >= 0.5 for x in xs)}, >= 65%: {sum(x >= 0.65 for x in xs)}")


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
    _ahead_table(ok)


def _year_rows(date: str) -> list[tuple]:
    """A date's three layouts made one after another in one process, as the issue's target
    reads (hard reads the date's normal look-ahead figure, made just before it). Each date
    pays for its path tables as a fresh process would."""
    _pair_paths.cache_clear()
    path_table.cache_clear()
    rows = []
    for name in PRESETS:
        c0 = time.process_time()
        d = generate(date, "18x8", name).difficulty
        p = PRESETS[name]
        inband = d["in_band"] and p.stuck[0] <= d["stuck_share"] <= p.stuck[1]
        rows.append((name, d["attempt"], inband, d["stuck_share"], d["fatal_first_moves"], d["fatal_first_undecided"],
                     d.get("lookahead_stuck_share"), time.process_time() - c0, date, d.get("lookahead_rollouts")))
    return rows


def bench_year(start: str, jobs: int, dates: int = 365) -> None:
    first = datetime.date.fromisoformat(start)
    work = [(first + datetime.timedelta(days=i)).isoformat() for i in range(dates)]
    t0 = time.perf_counter()
    rows = []
    with multiprocessing.Pool(jobs) as pool:
        for mine in pool.imap(_year_rows, work):
            rows.extend(mine)
            for row in mine:
                print(f"  {row[8]} {row[0]}: attempt {row[1]}, stuck {row[3]:.3f}, look-ahead {row[6]:.3f} of "
                      f"{row[9]}, fatal first {row[4]}, undecided first {row[5]}, {row[7]:.1f} s CPU", flush=True)
    print(f"{dates} dates from {start}, every preset ({time.perf_counter() - t0:.0f} s with {jobs} processes):")
    for name in PRESETS:
        mine = [r for r in rows if r[0] == name]
        att = [r[1] for r in mine]
        print(f"  {name}: in band {sum(r[2] for r in mine)}/{dates}; attempts median {statistics.median(att):.0f}, "
              f"max {max(att)} (MAX_ATTEMPTS {MAX_ATTEMPTS}); stuck share {_quantiles([r[3] for r in mine])}; "
              f"look-ahead stuck {_quantiles([r[6] for r in mine])}; "
              f"dates with a fatal first move {sum(r[4] > 0 for r in mine)}; "
              f"layouts with an undecided first move {sum(r[5] > 0 for r in mine)}")
    ahead = {(r[8], r[0]): r[6] for r in rows}
    above = sum(ahead[(d, "hard")] > ahead[(d, "normal")] for d in work)
    print(f"  dates where hard's look-ahead figure is above normal's: {above}/{dates} (target all); above easy's: "
          f"{sum(ahead[(d, 'hard')] > ahead[(d, 'easy')] for d in work)}/{dates}")
    per_date: dict[str, float] = {}
    for r in rows:
        per_date[r[8]] = per_date.get(r[8], 0.0) + r[7]
    totals = sorted(per_date.values())
    print(f"  a date's three layouts one after another, CPU s: median {statistics.median(totals):.1f}, "
          f"p95 {totals[int(0.95 * (len(totals) - 1))]:.1f}, max {totals[-1]:.1f} (target median <= 5, p95 <= 15)")
    if dates > 30:
        head = sorted(per_date[d] for d in work[:30])
        print(f"  the first 30 dates alone, CPU s: median {statistics.median(head):.1f}, "
              f"p95 {head[int(0.95 * 29)]:.1f}, max {head[-1]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--days", type=int, default=100)
    ap.add_argument("--tune", type=int, default=0, help="also print the grading distribution over N deals")
    ap.add_argument("--year", metavar="YYYY-MM-DD", help="also check every preset on 365 dates from this day")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", metavar="DIR", help="solver: write the slowest deals there as text boards")
    ap.add_argument("--rows", metavar="FILE", help="solver: write each deal's status, nodes and CPU seconds there (TSV)")
    ap.add_argument("--sizes", default="20x20,28x28,40x40", help="bounded: board sizes")
    ap.add_argument("--dates", type=int, default=365, help="year: how many dates (a smaller sample first)")
    ap.add_argument("--python", action="store_true",
                    help="solver: also solve the same deals by the pure-Python search (the baseline) and compare")
    ap.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="solver: the node budget")
    ap.add_argument("--first", type=int, default=0, help="solver: the first deal's number (a set the solver was not tuned on)")
    ap.add_argument("--twin-ref", metavar="REF", help="solver: also the twin built from git REF on the same deals, compared")
    ap.add_argument("--only", choices=["pairs", "generate", "solver", "tune", "year", "bounded"])
    args = ap.parse_args()
    if args.only in (None, "pairs"):
        bench_pairs(args.boards)
    if args.only in (None, "generate"):
        bench_generate(args.days)
    if args.only in (None, "solver"):
        bench_solver(args.deals, args.jobs, args.keep, args.rows, args.python, args.budget, args.first)
        if args.twin_ref:
            bench_twin_ref(args.deals, args.twin_ref, args.budget, args.first)
    if args.tune and args.only in (None, "tune"):
        bench_tune(args.tune, args.jobs)
    if args.year and args.only in (None, "year"):
        bench_year(args.year, args.jobs, args.dates)
    if args.only in (None, "bounded"):
        bench_bounded(args.sizes.split(","))


if __name__ == "__main__":
    with results.report("shisen", sys.argv[1:], __doc__):
        main()
