"""사색패 daily hand benchmark: what making a day's hand costs, and how the days grade.

    python bench/cards.py [--dates 100] [--start 2027-01-01]

1. Hand generation per date (build from melds, judge by the exhaustive search, until one is
   kept): median and max seconds over N dates, and attempts per kept hand.
2. Against a baseline measured in the same run: engine/cards/rules.py's best_scoring (best score only,
   no counting) on the kept hands, beside the counting search on the same hands.
3. The grading figures' distribution over those dates: complete arrangements, arrangements within
   2 points of the best, search nodes, the best score.
4. What a hasty player meets: a greedy player who always takes the meld worth most points (the
   bigger on a tie) and never looks back; how often that reaches the day's best.
5. The reason hands are built from melds: how many of the dates' random deals (the dealer's 21
   cards from engine/cards/rules.py's deal) can be arranged whole at all.
"""

import argparse
import datetime as dt
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harupan.engine.cards import puzzle as cards_puzzle
from harupan.engine.cards import KINDS, Meld, best_scoring, deal, meld_kind
from harupan.engine.cards.rules import _best

sys.path.insert(0, str(Path(__file__).resolve().parent))
import results


def spread(values) -> str:
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return (f"min {min(values):g} · p10 {q[0]:g} · median {statistics.median(values):g} · p90 {q[8]:g} · "
            f"max {max(values):g}")


def _all_melds(left: Counter) -> list:
    """Every meld the cards ``left`` can make (any cards, not only the lowest)."""
    out = []
    for k in KINDS:
        n = left[k]
        if k[1] == "1" and n:
            out.append((k,))
        out += [(k,) * size for size in (2, 3, 4) if n >= size]
        if k[1] in "14" and n and left[k[0] + str(int(k[1]) + 1)] and left[k[0] + str(int(k[1]) + 2)]:
            out.append((k, k[0] + str(int(k[1]) + 1), k[0] + str(int(k[1]) + 2)))
    soldiers = [c + "7" for c in "YRGW" if left[c + "7"]]
    out += [m for size in (3, 4) for m in combinations(soldiers, size)]
    return out


def greedy(hand) -> int | None:
    """The score of the greedy player's arrangement, or None when it strands cards."""
    left, score = Counter(hand), 0
    while sum(left.values()):
        melds = _all_melds(left)
        if not melds:
            return None
        best = max(melds, key=lambda m: (Meld(meld_kind(m), m).points, len(m)))
        left.subtract(best)
        score += Meld(meld_kind(best), best).points
    return score


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dates", type=int, default=100)
    ap.add_argument("--start", default="2027-01-01")
    args = ap.parse_args()
    start = dt.date.fromisoformat(args.start)
    dates = [start + dt.timedelta(days=k) for k in range(args.dates)]

    times, puzzles = [], []
    for d in dates:
        t = time.perf_counter()
        puzzles.append(cards_puzzle.daily_puzzle(d))
        times.append(time.perf_counter() - t)
    print(f"1. hand generation, {len(dates)} dates from {start}: median {1000 * statistics.median(times):.1f} ms, "
          f"max {1000 * max(times):.1f} ms, total {sum(times):.2f} s")
    print(f"   attempts per kept hand: {spread([p.attempts for p in puzzles])}")

    t = time.perf_counter()
    for p in puzzles:
        cards_puzzle.search(p.hand)
    t_search = time.perf_counter() - t
    t = time.perf_counter()
    for p in puzzles:
        _best.cache_clear()  # best_scoring memoises across calls; time each hand from cold
        best_scoring(p.hand)
    t_best = time.perf_counter() - t
    print(f"2. on the kept hands: counting search {1000 * t_search / len(puzzles):.2f} ms a hand; "
          f"baseline best_scoring {1000 * t_best / len(puzzles):.2f} ms a hand "
          f"(ratio {t_search / t_best:.2f})")

    print("3. figures over the dates:")
    print(f"   complete arrangements: {spread([p.figures.arrangements for p in puzzles])}")
    print(f"   within 2 points of the best: {spread([p.figures.near_best for p in puzzles])}")
    print(f"   search nodes: {spread([p.figures.nodes for p in puzzles])}")
    print(f"   best score: {spread([p.score for p in puzzles])}")
    print(f"   melds in the answer: {sorted(Counter(len(p.melds) for p in puzzles).items())}")

    ends = [greedy(p.hand) for p in puzzles]
    best = sum(e == p.score for e, p in zip(ends, puzzles))
    stranded = sum(e is None for e in ends)
    print(f"4. a greedy player reaches the best on {best} of {len(puzzles)} days; strands cards on {stranded}, "
          f"finishes below the best on {len(puzzles) - best - stranded}")

    whole = sum(best_scoring(deal(f"harupan:bench:cards:{d.isoformat()}").hands[0]) is not None for d in dates)
    print(f"5. random deals that split whole: {whole} of {len(dates)}")


if __name__ == "__main__":
    with results.report("cards", sys.argv[1:], __doc__):
        main()
