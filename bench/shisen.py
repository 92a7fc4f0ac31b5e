"""Shisen-sho benchmarks, each against a baseline or target measured in the same run.

    python bench/shisen.py [--deals 200] [--boards 20]

1. Legal-pair enumeration on full 18x8 boards: engine (one sweep over the empty runs) against a
   per-pair breadth-first search (bench/shisen_baseline.py). Target: >= 50x faster.
2. The solver over random 144-tile deals: share decided (solved or proved unsolvable) within 1 s
   each, and the median time. Target: >= 99%.
3. One daily layout, generated + proved + graded, per preset. Target: <= 1 s.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import shisen_baseline  # noqa: E402

from harupan.engine.rng import Rng  # noqa: E402
from harupan.engine.shisen import Board, legal_pairs, solve  # noqa: E402
from harupan.engine.shisen.tiles import DEFAULT_KINDS  # noqa: E402
from harupan.generator.shisen import PRESETS, generate  # noqa: E402


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
    for name in PRESETS:
        ts = [timed(generate, f"2027-01-{d + 1:02d}", "18x8", name)[0] for d in range(days)]
        print(f"daily layout 18x8 {name}: generate+prove+grade median {statistics.median(ts):.2f} s, "
              f"max {max(ts):.2f} s over {days} dates (target <= 1 s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--days", type=int, default=10)
    args = ap.parse_args()
    bench_pairs(args.boards)
    bench_generate(args.days)
    bench_solver(args.deals)


if __name__ == "__main__":
    main()
