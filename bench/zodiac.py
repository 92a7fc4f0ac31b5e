"""Zodiac merge benchmarks, each against a baseline or target measured in the same run.

    python bench/zodiac.py [--moves 200000] [--games 1000] [--dates 10]

1. Raw moves per second: the packed engine (row tables) against the list-based slide of
   bench/zodiac_baseline.py, on the same random boards and directions. Target: >= 10x.
2. Bulk verify, start-up included: ``python -m harupan zodiac verify FILE`` against
   ``python bench/zodiac_baseline.py verify FILE`` (the plain list engine: list moves, a list of
   empty cells for the spawn, ``12 in cells`` for the pig, loops for game over), each a fresh
   process, on the same 1,000 full games (played to their end), with the same output. Two sets:
   1,000 games on 1,000 different days (the worst case: no day's RNG outputs are shared), and
   1,000 games on 10 days (scores shared from the site: many players a day). Target: >= 5x.
   The package's bytecode is compiled first, as an install leaves it: with PYTHONDONTWRITEBYTECODE
   set (this machine sets it), every fresh process would otherwise compile harupan's modules from
   source, which no installed copy does. Both sides use it (the baseline imports harupan's RNG).
   The line also gives harupan's time when it does compile from source in every process.
3. ``verify`` throughput in this process: recorded games (the par bot's own games cut at random
   lengths) checked through the same code path as ``harupan zodiac verify``.
4. The par bot over N dates: wins (pig reached) and seconds per game. Target: >= 9 of 10, <= 30 s.
"""

import argparse

import compileall
import datetime
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import zodiac_baseline

from harupan.cli.games.zodiac import verify_claims
from harupan.engine.rng import Rng
from harupan.engine.zodiac import PLAYING, Game, move, pack, replay, unpack
from harupan.generator.games.zodiac.bot import par

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results


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


ROOT = Path(__file__).resolve().parent.parent


def full_game(date: str, player: str) -> dict:
    """A game played to its end by a simple seeded player, as a claim line: the move that leaves
    the most empty cells (ties: the corner order D L R U), and one move in ten at random."""
    rng = Rng(f"bench:zodiac:player:{player}")
    game = Game.for_date(datetime.date.fromisoformat(date))
    moves = []
    while game.state == PLAYING:
        if rng.below(10) == 0:
            order = "UDLR"[rng.below(4)] + "DLRU"
        else:
            order = sorted("DLRU", key=lambda m: -unpack(move(game.board, m)[0]).count(0))
        for letter in order:
            if game.apply(letter):
                moves.append(letter)
                break
    return {"date": date, "moves": "".join(moves), "score": game.score}


def _timed(cmd: list[str], out_file: Path, cwd: Path = ROOT, **env: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of a fresh process in ``cwd``, its stdout to ``out_file``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(out_file, "wb") as out:
        subprocess.run(cmd, stdout=out, check=False, cwd=cwd, env={**os.environ, "PYTHONPATH": str(cwd), **env})
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_bulk_verify(n: int) -> None:
    first = datetime.date(2027, 1, 1)
    sets = {
        f"{n} games on {n} days": [full_game((first + datetime.timedelta(days=i)).isoformat(), str(i)) for i in range(n)],
        f"{n} games on 10 days": [full_game((first + datetime.timedelta(days=i % 10)).isoformat(), str(i))
                                  for i in range(n)],
    }
    compileall.compile_dir(ROOT / "harupan", quiet=1)  # as an install leaves it (see the docstring)
    with tempfile.TemporaryDirectory() as tmp:
        source_copy = Path(tmp) / "src"
        shutil.copytree(ROOT / "harupan", source_copy / "harupan", ignore=shutil.ignore_patterns("__pycache__"))
        for label, claims in sets.items():
            claims_file = Path(tmp) / "claims.jsonl"
            claims_file.write_text("".join(json.dumps(c) + "\n" for c in claims))
            letters = sum(len(c["moves"]) for c in claims)
            ours = [sys.executable, "-m", "harupan", "zodiac", "verify", str(claims_file)]
            plain = [sys.executable, str(ROOT / "bench" / "zodiac_baseline.py"), "verify", str(claims_file)]
            # "uncached": harupan's modules compiled from source in each process, as on this machine
            # without the step above (a copy of the package with no bytecode, and none written)
            uncached = {"cwd": source_copy, "PYTHONDONTWRITEBYTECODE": "1"}
            best = {side: (float("inf"), float("inf")) for side in ("packed", "plain", "uncached")}
            for _ in range(3):  # best of three for each side, taken in turns
                for side, cmd, env in (("packed", ours, {}), ("plain", plain, {}), ("uncached", ours, uncached)):
                    wall, cpu = _timed(cmd, Path(tmp) / f"{side}.out", **env)
                    best[side] = (min(best[side][0], wall), min(best[side][1], cpu))
            same = (Path(tmp) / "packed.out").read_bytes() == (Path(tmp) / "plain.out").read_bytes()
            assert same, "the two verifiers disagree: the comparison means nothing"
            (pw, pc), (bw, bc) = best["packed"], best["plain"]
            print(f"bulk verify, {label} ({letters:,} letters), fresh process each, best of 3: "
                  f"harupan {pw:.2f} s wall / {pc:.2f} s CPU, plain list engine {bw:.2f} s wall / {bc:.2f} s CPU; "
                  f"ratio {bw / pw:.1f}x wall, {bc / pc:.1f}x CPU (target >= 5x); same output: {same}; "
                  f"harupan compiling its modules from source each time: {best['uncached'][0]:.2f} s wall, "
                  f"ratio {bw / best['uncached'][0]:.1f}x", flush=True)


def recorded_games(n: int, dates: list[str], games: dict[str, str]) -> list[dict]:
    rng = Rng("bench:zodiac:claims")
    claims = []
    for i in range(n):
        date = dates[i % len(dates)]
        full = games[date]
        moves = full[: rng.below(len(full)) + 1]
        claims.append({"date": date, "moves": moves, "score": replay(moves, date=datetime.date.fromisoformat(date)).score})
    return claims


def bench_par_and_verify(days: int, n_claims: int) -> None:
    dates = [f"2027-03-{d + 1:02d}" for d in range(days)]
    results = {}
    for d in dates:
        results[d] = par(datetime.date.fromisoformat(d))
        r = results[d]
        print(f"  par {d}: {r.state}, top {r.top}, score {r.score}, {len(r.moves)} moves, {r.seconds:.1f} s", flush=True)
    won = sum(r.state == "won" for r in results.values())
    secs = [r.seconds for r in results.values()]
    print(f"par bot: pig on {won}/{days} dates (target >= 9 of 10); seconds per game median "
          f"{statistics.median(secs):.1f}, max {max(secs):.1f} (target <= 30)")
    claims = recorded_games(n_claims, dates, {d: r.moves for d, r in results.items()})
    letters = sum(len(c["moves"]) for c in claims)
    t0 = time.perf_counter()
    valid = sum(v["valid"] for v in verify_claims([(c["date"], c["moves"], c["score"]) for c in claims]))
    dt = time.perf_counter() - t0
    print(f"verify: {n_claims} recorded games ({letters:,} letters) in {dt:.2f} s = "
          f"{n_claims / dt:,.0f} games/s, {letters / dt:,.0f} letters/s; {valid} valid")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=200_000)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--dates", type=int, default=10)
    ap.add_argument("--only-verify", action="store_true", help="Only the bulk verify comparison (2).")
    args = ap.parse_args()
    if not args.only_verify:
        bench_moves(args.moves)
    bench_bulk_verify(args.games)
    if not args.only_verify:
        bench_par_and_verify(args.dates, args.games)


if __name__ == "__main__":
    with results.report("zodiac", sys.argv[1:], __doc__):
        main()
