"""Zodiac merge benchmarks, each against a baseline or target measured in the same run.

    python bench/zodiac.py [--moves 200000] [--games 1000] [--dates 10]

1. Raw moves per second: the packed engine (row tables) against the list-based slide of
   bench/zodiac_baseline.py, on the same random boards and directions. Target: >= 10x.
2. ``verify`` throughput: 1,000 recorded games (the par bot's own games cut at random lengths,
   plus the shared vectors) checked through the same code path as ``harupan zodiac verify``.
3. The par bot over N dates: wins (pig reached) and seconds per game. Target: >= 9 of 10, <= 30 s.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import zodiac_baseline  # noqa: E402

from harupan.cli.zodiac import verify_claim  # noqa: E402
from harupan.engine.rng import Rng  # noqa: E402
from harupan.engine.zodiac import move, pack, replay, unpack  # noqa: E402
from harupan.generator.zodiac import par  # noqa: E402


def bench_moves(n: int) -> None:
    rng = Rng("bench:zodiac:moves")
    boards = [[rng.below(12) for _ in range(16)] for _ in range(1000)]
    dirs = ["UDLR"[rng.below(4)] for _ in range(n)]
    packed = [pack(b) for b in boards]
    work_fast = [(packed[i % 1000], d) for i, d in enumerate(dirs)]
    work_slow = [(boards[i % 1000], d) for i, d in enumerate(dirs)]
    for i in range(2000):  # same answers, or the comparison means nothing
        new, score = move(packed[i % 1000], dirs[i])
        base, base_score = zodiac_baseline.move(boards[i % 1000], dirs[i])
        assert (unpack(new), score) == (base, base_score)
    base_move = zodiac_baseline.move
    fast = slow = float("inf")
    for _ in range(3):  # best of three for each side, taken in turns: the usual guard against noise
        t0 = time.perf_counter()
        for b, d in work_fast:
            move(b, d)
        fast = min(fast, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for b, d in work_slow:
            base_move(b, d)
        slow = min(slow, time.perf_counter() - t0)
    print(f"moves: packed {n / fast:,.0f}/s, list baseline {n / slow:,.0f}/s, ratio {slow / fast:.1f}x "
          f"(target >= 10x; best of 3 runs each)")


def recorded_games(n: int, dates: list[str], games: dict[str, str]) -> list[dict]:
    rng = Rng("bench:zodiac:claims")
    claims = []
    for i in range(n):
        date = dates[i % len(dates)]
        full = games[date]
        moves = full[: rng.below(len(full)) + 1]
        claims.append({"date": date, "moves": moves, "score": replay(moves, date=date).score})
    return claims


def bench_par_and_verify(days: int, n_claims: int) -> None:
    dates = [f"2027-03-{d + 1:02d}" for d in range(days)]
    results = {}
    for d in dates:
        results[d] = par(d)
        r = results[d]
        print(f"  par {d}: {r.state}, top {r.top}, score {r.score}, {len(r.moves)} moves, {r.seconds:.1f} s", flush=True)
    won = sum(r.state == "won" for r in results.values())
    secs = [r.seconds for r in results.values()]
    print(f"par bot: pig on {won}/{days} dates (target >= 9 of 10); seconds per game median "
          f"{statistics.median(secs):.1f}, max {max(secs):.1f} (target <= 30)")
    claims = recorded_games(n_claims, dates, {d: r.moves for d, r in results.items()})
    letters = sum(len(c["moves"]) for c in claims)
    t0 = time.perf_counter()
    starts: dict = {}
    valid = sum(verify_claim(c["date"], c["moves"], c["score"], starts)["valid"] for c in claims)
    dt = time.perf_counter() - t0
    print(f"verify: {n_claims} recorded games ({letters:,} letters) in {dt:.2f} s = "
          f"{n_claims / dt:,.0f} games/s, {letters / dt:,.0f} letters/s; {valid} valid")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=200_000)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--dates", type=int, default=10)
    args = ap.parse_args()
    bench_moves(args.moves)
    bench_par_and_verify(args.dates, args.games)


if __name__ == "__main__":
    main()
