"""The cases the browser's cards.js must agree with the Python engine on (tests/data/cards_vectors.json).

Written by the Python engine: ``PYTHONPATH=. python tests/cards_vectors.py`` writes the file again;
tests/test_cards.py fails when the file and the engine drift apart.
"""

import datetime as dt
import json
import sys
from pathlib import Path

from harupan.engine.cards import KINDS, Meld, meld_kind
from harupan.engine.cards.play import Group, State, Undo, Ungroup, apply, completable, hint, result, why_not
from harupan.engine.cards.puzzle import _draw_meld, daily_puzzle
from harupan.engine.errors import InputError
from harupan.engine.rng import Rng

PATH = Path(__file__).resolve().parent / "data" / "cards_vectors.json"
DATES = [dt.date(2026, 12, 1) + dt.timedelta(days=k) for k in range(0, 60, 12)]


def meld_case(cards):
    kind = meld_kind(cards)
    return {"cards": list(cards), "kind": kind, "points": Meld(kind, tuple(cards)).points if kind else None,
            "why": why_not(cards)}


def meld_cases(rng: Rng) -> list:
    named = [[], ["Y1"], ["R2"], ["Y1", "Y1"], ["Y1", "R1"], ["G1", "G2", "G3"], ["G4", "G5", "G6"], ["G1", "G2", "G4"],
             ["G3", "G4", "G5"], ["W4", "W5", "R6"], ["Y7", "R7", "G7"], ["Y7", "Y7", "G7"], ["Y7", "R7", "G7", "W7"],
             ["Y7", "R7", "G7", "G7"], ["R3"] * 3, ["R3"] * 4, ["R1"] * 4, ["Y7", "R7"], ["Y1", "Y2", "Y3", "Y4"],
             ["Y1", "Y1", "Y1", "Y2"], ["Y2", "Y2", "Y2", "Y2", "Y7"]]
    out = [meld_case(c) for c in named]
    left = [4] * len(KINDS)
    for _ in range(200):  # real melds, half of them with one card swapped
        idx = None
        while idx is None:
            idx = _draw_meld(rng, left, 4)
        cards = [KINDS[i] for i in idx]
        if rng.below(2):
            cards[rng.below(len(cards))] = KINDS[rng.below(len(KINDS))]
        out.append(meld_case(cards))
    for _ in range(300):
        n = rng.below(6)
        pool = [k for k in KINDS for _ in range(4)]
        if rng.below(2):  # often few kinds, so melds come up
            pool = [k for k in pool if k[1] in "1237" or k[0] == "G"]
        rng.shuffle(pool)
        out.append(meld_case(pool[:n]))
    return out


def play_cases(rng: Rng) -> list:
    plays = []
    for date in DATES:
        p = daily_puzzle(date)
        state = State(p.hand)
        steps = []
        moves = []
        for meld in p.melds:  # the answer, made card by card from the hand
            taken: list[int] = []
            for card in meld:
                taken.append(next(i for i, c in enumerate(p.hand) if c == card and i not in taken
                                  and all(i not in g for g in state.groups)
                                  and all(i not in g for g in (m for m in moves if isinstance(m, list)))))
            moves.append(taken)
        script: list = []
        for _ in range(30):  # wandering: random groups (mostly refused) and ungroups
            if rng.below(4) == 0:
                script.append({"ungroup": rng.below(4)})
            else:
                n = 1 + rng.below(4)
                script.append({"group": [rng.below(22) for _ in range(n)]})
        script += [{"ungroup": 0}] * 12 + [{"group": m} for m in moves]
        for mv in script:
            move = Ungroup(mv["ungroup"]) if "ungroup" in mv else Group(tuple(mv["group"]))
            try:
                state = apply(state, move)
                res = result(state, p.score)
                steps.append({"move": mv, "groups": [list(g) for g in state.groups], "score": state.score,
                              "result": None if res is None else {"score": res.score, "best": res.best,
                                                                  "perfect": res.perfect}})
            except InputError as e:
                steps.append({"move": mv, "error": str(e)})
        plays.append({"date": date.isoformat(), "hand": list(p.hand), "best": p.score, "steps": steps})
    return plays


def a_meld(rng: Rng, state: State) -> tuple[int, ...] | None:
    """Free places that form a meld, drawn at random (the lowest card's melds are no more likely)."""
    free = state.free
    for _ in range(400):
        n = min(len(free), 1 + rng.below(4))
        places = list(free)
        rng.shuffle(places)
        if why_not(state.hand[i] for i in places[:n]) is None:
            return tuple(sorted(places[:n]))
    return None


def dead_end_cases(rng: Rng) -> list:
    """Walks through the days' hands by random melds and some undos, each state with whether the
    rest can still be completed (the exhaustive search) and the engine's hint: cards.js must say
    the same (its own memoised search over the engine's LOWEST_MELDS table)."""
    walks = []
    for date in DATES:
        p = daily_puzzle(date)
        for _ in range(8):
            state = State(p.hand)
            steps = []
            for _ in range(14):
                if state.groups and rng.below(5) == 0:
                    state, mv = apply(state, Undo()), {"undo": True}
                else:
                    places = a_meld(rng, state)
                    if places is None:
                        break
                    state, mv = apply(state, Group(places)), {"group": list(places)}
                h = hint(state)
                steps.append({"move": mv, "groups": [list(g) for g in state.groups], "completable": completable(state),
                              "hint": None if h is None else list(h.places)})
            walks.append({"date": date.isoformat(), "hand": list(p.hand), "steps": steps})
        state, steps = State(p.hand), []
        while (h := hint(state)) is not None:  # the hints followed to the end: the best there is
            state = apply(state, h)
            after = hint(state)
            steps.append({"move": {"group": list(h.places)}, "groups": [list(g) for g in state.groups],
                          "completable": completable(state), "hint": None if after is None else list(after.places)})
        assert state.complete and state.score == p.score
        walks.append({"date": date.isoformat(), "hand": list(p.hand), "steps": steps})
    return walks


def make() -> dict:
    rng = Rng("harupan:test:cards-vectors")
    return {"melds": meld_cases(rng), "plays": play_cases(rng), "dead_ends": dead_end_cases(rng)}


def text() -> str:
    return json.dumps(make(), ensure_ascii=False, indent=None, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    PATH.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {PATH}\n")
