"""Daily Shisen-sho layouts: real deals, proved by the solver, graded by the traps they set.

Seed strings: ``harupan:shisen:{date}:{W}x{H}:{difficulty}:{attempt}``. Each attempt deals the
tiles uniformly (the project RNG, Fisher-Yates) and keeps the deal only if the exact solver proves
it solvable within its budget and its measured difficulty falls in the preset's band; otherwise
the next attempt. So a given (date, size, difficulty) always lands on the same layout.

Difficulty is measured, and published in the layout's ``difficulty``:

* ``stuck_share``: the share of :data:`PLAYOUTS` games by a random player (a legal pair chosen
  uniformly each turn) that get stuck before the board is clear: how many traps the board sets
  for someone who does not look ahead. The presets are bands of this measure.
* ``careful_stuck_share``: the same for a careful player, who first takes any pair that is
  obviously safe (the last two of a kind, or a kind whose four tiles form two legal pairs) and
  gambles only when none is on offer; see :mod:`..engine.shisen.playout`. It was chosen over a
  greedy "open the most new pairs" player because it plays as people describe their own habit
  and is exactly as cheap as random play; the greedy player needs a look-ahead per pair on
  offer, about 20 times the work. 'hard' also asks that most of this player's games get stuck.
* ``fatal_first``: the share of legal first moves after which the solver proves the board
  unsolvable (exact; ``fatal_first_undecided`` counts the ones it could not decide in budget).
* ``mean_legal_pairs``: pairs on offer per turn along the random games; ``solver_nodes``.

Band edges were chosen on a tuning set of deals (seeds ``harupan:tune:N``, never the dates the
tests use); ``bench/shisen.py --tune`` prints that distribution, and docs/shisen-grading.md
keeps the figures the edges were read from.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator
from dataclasses import dataclass

from ..engine.dates import parse_date
from ..engine.errors import CheckFailed, InputError
from ..engine.rng import Rng
from ..engine.shisen.board import Board, Layout
from ..engine.shisen.game import replay
from ..engine.shisen.playout import CAREFUL, RANDOM, Playout, playouts
from ..engine.shisen.solver import SOLVED, solve
from ..engine.shisen.tiles import DEFAULT_KINDS
from ..engine.shisen.traps import openings

GENERATOR_VERSION = 3  # 3: layouts are uniform deals proved by the solver, graded by stuck shares
PLAYOUTS = 64  # games per player; the share's standard error is at most 1/16
MAX_ATTEMPTS = 200
FALLBACK_ATTEMPTS = 24  # deals measured in full when none of MAX_ATTEMPTS landed in the bands
SOLVE_BUDGET = 3_000  # solver nodes for the deal itself (an undecided deal is skipped)
OPENING_BUDGET = 200  # solver nodes for each first move that no known solution covers
SIZES = ("12x6", "16x8", "18x8")
DEFAULT_SIZE = "18x8"


@dataclass(frozen=True)
class Preset:
    """A difficulty as bands of the measures; a share band is inclusive at both ends."""

    name: str
    label_ko: str
    stuck: tuple[float, float]  # random player's stuck share
    careful: tuple[float, float] = (0.0, 1.0)  # careful player's stuck share


# Edges from the tuning set (docs/shisen-grading.md): of 300 uniform 18x8 deals, 273 solvable;
# random stuck <= 15%: 11%, 35-65%: 28%, >= 85%: 17%. The careful player's stuck share is at most
# 62% on nine in ten of the 35-65% deals and at least 75% on 50 of the 52 deals at >= 85%: that
# cut keeps 'hard' clear of 'normal'.
PRESETS = {
    "easy": Preset("easy", "쉬움", (0.0, 0.15)),
    "normal": Preset("normal", "보통", (0.35, 0.65)),
    "hard": Preset("hard", "어려움", (0.85, 1.0), (0.75, 1.0)),
}
DIFFICULTIES = tuple(PRESETS)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise InputError(f"bad size {text!r}: expected WxH, e.g. 18x8") from None
    if not (2 <= w <= 30 and 2 <= h <= 20):
        raise InputError(f"bad size {text!r}: width 2..30 and height 2..20")
    if (w * h) % 4:
        raise InputError(f"bad size {text!r}: {w * h} cells is not a multiple of 4 (four tiles of each kind)")
    if w * h // 4 > len(DEFAULT_KINDS):
        raise InputError(f"bad size {text!r}: more than {4 * len(DEFAULT_KINDS)} tiles")
    return w, h


def kinds_for(n: int, rng: Rng) -> list[str]:
    """``n`` kinds: all 36 for a 144-tile board; a seeded selection for smaller boards."""
    if n == len(DEFAULT_KINDS):
        return list(DEFAULT_KINDS)
    pool = list(DEFAULT_KINDS)
    rng.shuffle(pool)
    return sorted(pool[:n], key=DEFAULT_KINDS.index)


def deal(date: str, width: int, height: int, preset: Preset, attempt: int) -> tuple[Board, str]:
    """One uniform deal: the kinds (all 36 for 144 tiles), four of each, shuffled over the cells."""
    seed = f"harupan:shisen:{date}:{width}x{height}:{preset.name}:{attempt}"
    rng = Rng(seed)
    kinds = kinds_for(width * height // 4, rng)
    cells: list[str | None] = [k for k in kinds for _ in range(4)]
    rng.shuffle(cells)
    board = Board(width, height, tuple(tuple(cells[y * width:(y + 1) * width]) for y in range(height)))
    return board, seed


def _count_bounds(band: tuple[float, float], n: int) -> tuple[int, int]:
    """The stuck counts out of ``n`` games whose share lies in ``band``."""
    return math.ceil(band[0] * n - 1e-9), math.floor(band[1] * n + 1e-9)


CHECKPOINTS = {8: 0.27, 16: 0.19, 32: 0.13}  # games played: 1.5 standard errors of a share at 1/2


def _sample(games: Iterator[Playout], band: tuple[float, float], n: int = PLAYOUTS) -> list[Playout] | None:
    """``n`` games whose stuck share lies in ``band``, or None. Most deals miss a band by far, so
    the games stop early: as soon as the count can no longer land in the band, or at a checkpoint
    where the share so far lies well outside it. A deal is kept only on all ``n`` games, and the
    games drawn are the same however many are taken, so the rule decides only how soon a deal
    is passed over."""
    lo, hi = _count_bounds(band, n)
    out: list[Playout] = []
    stuck = 0
    for game in games:
        out.append(game)
        stuck += not game.cleared
        k = len(out)
        if stuck > hi or (k - stuck) > n - lo:
            return None
        margin = CHECKPOINTS.get(k)
        if margin is not None and not band[0] - margin <= stuck / k <= band[1] + margin:
            return None
        if k == n:
            return out
    raise AssertionError("playouts() is endless")


def _stuck(games: list[Playout]) -> int:
    return sum(not g.cleared for g in games)


def grade(board: Board, seed: str, preset: Preset) -> dict | None:
    """The measures of a solvable-looking deal, or None where one falls outside the preset's
    bands (cheapest first: random play, then careful play)."""
    games = _sample(playouts(board, Rng(seed + ":" + RANDOM), RANDOM), preset.stuck)
    if games is None:
        return None
    careful = _sample(playouts(board, Rng(seed + ":" + CAREFUL), CAREFUL), preset.careful)
    if careful is None:
        return None
    steps = sum(len(g.legal_counts) for g in games)
    stuck = _stuck(games)
    return {
        "measure": "random-play stuck share",
        "rollouts": len(games),
        "stuck": stuck,
        "stuck_share": round(stuck / len(games), 4),
        "careful_stuck_share": round(_stuck(careful) / len(careful), 4),
        "mean_legal_pairs": round(sum(sum(g.legal_counts) for g in games) / steps, 2) if steps else 0,
        "min_legal_pairs": min((min(g.legal_counts) for g in games if g.legal_counts), default=0),
    }


def generate(date: str, size: str = DEFAULT_SIZE, difficulty: str = "normal") -> Layout:
    """The day's layout: the first deal that the solver proves and whose measures fall in the
    preset's bands; the proof and the opening analysis ride along."""
    parse_date(date)
    width, height = parse_size(size)
    if difficulty not in PRESETS:
        raise InputError(f"unknown difficulty {difficulty!r}: choose one of {', '.join(PRESETS)}")
    preset = PRESETS[difficulty]
    for attempt in range(1, MAX_ATTEMPTS + 1):
        board, seed = deal(date, width, height, preset, attempt)
        measure = grade(board, seed, preset)
        if measure is None:
            continue
        proof = solve(board, SOLVE_BUDGET)
        if proof.status != SOLVED:
            continue
        return _finish(date, board, proof, seed, measure, preset, attempt, True)
    return _nearest(date, width, height, preset)


def _nearest(date: str, width: int, height: int, preset: Preset) -> Layout:
    """No deal landed in the bands (they were set for 144 tiles; on small boards hard ones are
    rare): the solvable deal among the first :data:`FALLBACK_ATTEMPTS` whose measures lie nearest
    the bands, published with ``in_band`` false so no reader is told it is what it is not."""
    best = None
    for attempt in range(1, FALLBACK_ATTEMPTS + 1):
        board, seed = deal(date, width, height, preset, attempt)
        measure = grade(board, seed, dataclasses.replace(preset, stuck=(0.0, 1.0), careful=(0.0, 1.0)))
        assert measure is not None  # the widest bands take every deal
        gap = _gap(measure["stuck_share"], preset.stuck) + _gap(measure["careful_stuck_share"], preset.careful)
        if best is not None and gap >= best[0]:
            continue
        proof = solve(board, SOLVE_BUDGET)
        if proof.status == SOLVED:
            best = (gap, board, proof, seed, measure, attempt)
    if best is None:
        raise CheckFailed(f"no solvable {width}x{height} layout for {date} in {FALLBACK_ATTEMPTS} deals")
    _, board, proof, seed, measure, attempt = best
    return _finish(date, board, proof, seed, measure, preset, attempt, False)


def _gap(value: float, band: tuple[float, float]) -> float:
    return max(band[0] - value, 0.0, value - band[1])


def _finish(date, board, proof, seed, measure, preset, attempt, in_band) -> Layout:
    if not replay(board, proof.solution).is_empty():
        raise CheckFailed(f"{seed}: the solver's order does not clear the board")
    opened = openings(board, proof.solution, OPENING_BUDGET)
    difficulty = dict(measure)
    difficulty.update({
        "fatal_first": round(opened.fatal_share, 4),
        "fatal_first_moves": opened.fatal,
        "first_moves": opened.total,
        "fatal_first_undecided": opened.undecided,
        "preset": preset.name,
        "label": preset.label_ko,
        "target": {"stuck_share": list(preset.stuck), "careful_stuck_share": list(preset.careful)},
        "in_band": in_band,
        "attempt": attempt,
        "solver_nodes": proof.nodes,
        "generator": GENERATOR_VERSION,
    })
    return Layout(board, date, seed, proof.solution, difficulty)
