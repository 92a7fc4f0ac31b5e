"""Daily Shisen-sho layouts: real deals, proved solvable, graded by the traps they set.

Seed strings: ``harupan:shisen:{date}:{W}x{H}:{difficulty}:{attempt}``. Each attempt deals the
tiles uniformly (the project RNG, Fisher-Yates) and keeps the deal only if it is proved solvable
(a simulated game that cleared it, else the exact solver within its budget) and its measured
difficulty falls in the preset's band; otherwise the next attempt. So a given (date, size,
difficulty) always lands on the same layout.

Difficulty is measured, and published in the layout's ``difficulty``:

* ``stuck_share``: the share of games by a random player (a legal pair chosen uniformly each
  turn) that get stuck before the board is clear: how many traps the board sets for someone who
  does not look ahead. The presets are bands of this measure. It is screened over
  :data:`PLAYOUTS` games, then confirmed by a sequential test over up to 512 (1,024 on 'normal';
  :func:`_confirm`), and published with its game count (``rollouts``) and a 95% interval
  (``stuck_interval``).
* ``careful_stuck_share``: the same for a careful player, who first takes any pair that is
  obviously safe (the last two of a kind, or a kind whose four tiles form two legal pairs) and
  gambles only when none is on offer; see :mod:`..engine.shisen.playout`. 'hard' also asks that
  most of this player's games get stuck.
* ``lookahead_stuck_share``: the same for a player who looks one move ahead (a pair leaving the
  most legal pairs), over 64 games (128 on 'hard'). 'hard' asks it to be stuck in at least
  :data:`AHEAD_EDGE` of them; the other levels publish it without a band.
* ``fatal_first``: the share of legal first moves after which the solver proves the board
  unsolvable. Exact: a deal with a first move left undecided (after raising the budget once) is
  passed over, so ``fatal_first_undecided`` is 0 on every in-band layout.
* ``mean_legal_pairs``: pairs on offer per turn along the random games; ``solver_nodes`` (0 when
  a simulated game is the proof).

Band edges were chosen on a tuning set of deals (seeds ``harupan:tune:N``, never the dates the
tests use); ``bench/shisen.py --tune`` prints that distribution, and docs/shisen-grading.md
keeps the figures the edges were read from.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from ....engine.errors import CheckFailed, InputError
from ....engine.rng import Rng
from ....engine.shisen.board import Board, Layout, Pair
from ....engine.shisen.paths import geometry
from ....engine.shisen.game import replay
from ....engine.shisen.playout import CAREFUL, LOOKAHEAD, RANDOM, Playout, playouts
from ....engine.shisen.solver import SOLVED, SolveResult, solve
from ....engine.shisen.names import LEVELS_KO
from ....engine.shisen.tiles import DEFAULT_KINDS
from ....engine.shisen.traps import Openings, openings

GENERATOR_VERSION = 6  # 4: shares confirmed by up to 512 games, a look-ahead player, first moves all decided;
# 5: the confirmation drops a hopeless deal early (FUTILITY_Z), the look-ahead player plays 64 games (128 on hard);
# 6: hard's look-ahead figure lies above the date's normal one (ahead_floor; normal's is played on to 256 games
# when it is 0.5 or more, and a normal figure leaving no room is redrawn); the confirmation's cleared games (and
# on easy and hard a few more played for them) are proofs and first-move evidence
PLAYOUTS = 64  # games per player in the screening; the share's standard error is at most 1/16
CONFIRM_GAMES = (128, 320, 512)  # random-play games at which the sequential confirmation looks (easy, hard)
CONFIRM_Z = 2.4  # margin, in standard errors of the gap between two measures, kept inside the band:
# one-sided 0.82% a look, at most 2.5% over the three looks (Bonferroni)
FUTILITY_Z = 2.0  # a look that cannot keep a deal drops it when its share lies this many standard errors
# outside the range the last look keeps (a deal whose true share is at that range's edge is dropped so with
# probability 2.3% a look): dropping only ever makes keeping rarer, so the error rates above still hold
INDEPENDENT_GAMES = 512  # the size of the independent measure the margin is set against
MAX_ATTEMPTS = 200
KEEP_CLEARED = 64  # cleared games of the confirmation kept as proofs and first-move evidence
WANT_CLEARED = 4  # on easy and hard, after the confirmation: play on until this many games cleared the deal,
PLAY_ON_GAMES = 384  # or this many more random games were played (a fraction of a second)
FALLBACK_ATTEMPTS = 24  # deals measured in full when none of MAX_ATTEMPTS landed in the bands
SOLVE_BUDGET = 1_000  # solver nodes for the deal itself (an undecided deal is skipped; in-band deals of the
# tuning set needed at most 461, and an undecided search spends its whole budget, seconds of it)
OPENING_BUDGETS = (200, 1_000)  # solver nodes for each first move no known solution covers; the second
# only when the first left one undecided. A deal whose first moves are not all decided is skipped.
OPENING_BUDGET = OPENING_BUDGETS[0]
SIZES = ("12x6", "16x8", "18x8")
DEFAULT_SIZE = "18x8"


@dataclass(frozen=True)
class Preset:
    """A difficulty as bands of the measures; a share band is inclusive at both ends."""

    name: str
    label_ko: str
    stuck: tuple[float, float]  # random player's stuck share
    careful: tuple[float, float] = (0.0, 1.0)  # careful player's stuck share
    ahead: tuple[float, float] = (0.0, 1.0)  # look-ahead player's stuck share
    ahead_games: int = 64  # the look-ahead player's games (it costs about 3 random games each)
    confirm_games: tuple[int, ...] = CONFIRM_GAMES  # the confirmation's looks (see _confirm)
    accept_from: int = 128  # the first look that may keep a deal; earlier looks only drop one


AHEAD_EDGE = 0.65  # hard: the look-ahead player stuck in at least this share of its 128 games (see the doc)
# The edges were read off the tuning set (bench/shisen.py --tune; docs/shisen-grading.md gives the
# figures): each band holds a fair share of uniform deals, the careful player's edge keeps 'hard'
# clear of 'normal', and hard's look-ahead edge asks at least half of its games stuck, above what
# it meets on normal deals.
PRESETS = {
    "easy": Preset("easy", LEVELS_KO["easy"], (0.0, 0.15)),
    # A share near 1/2 varies most: normal's figure is published from 1,024 games, so that it lies
    # within 0.05 of an independent 512-game measure (the looks before only drop a deal).
    "normal": Preset("normal", LEVELS_KO["normal"], (0.35, 0.65), confirm_games=(128, 256, 512, 768, 1024), accept_from=1024),
    "hard": Preset("hard", LEVELS_KO["hard"], (0.85, 1.0), (0.75, 1.0), (AHEAD_EDGE, 1.0), 128),
}
DIFFICULTIES = tuple(PRESETS)


MAX_TILES = 4 * len(DEFAULT_KINDS)  # four of each kind there is
SIZE_RULE = f"from 2x2 to 30x20, a multiple of 4 cells, at most {MAX_TILES} tiles"


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
        raise InputError(f"bad size {text!r}: more than {MAX_TILES} tiles (four of each of the {len(DEFAULT_KINDS)} kinds)")
    return w, h


def kinds_for(n: int, rng: Rng) -> list[str]:
    """``n`` kinds: all 36 for a 144-tile board; a seeded selection for smaller boards."""
    if n == len(DEFAULT_KINDS):
        return list(DEFAULT_KINDS)
    pool = list(DEFAULT_KINDS)
    rng.shuffle(pool)
    return sorted(pool[:n], key=DEFAULT_KINDS.index)


def deal(date: _dt.date, width: int, height: int, preset: Preset, attempt: int) -> tuple[Board, str]:
    """One uniform deal: the kinds (all 36 for 144 tiles), four of each, shuffled over the cells."""
    seed = f"harupan:shisen:{date.isoformat()}:{width}x{height}:{preset.name}:{attempt}"
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


def wilson(stuck: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% (Wilson score) interval of a share ``stuck``/``n``, rounded to 4 places."""
    if n == 0:
        return 0.0, 1.0
    p = stuck / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return round(max(0.0, mid - half), 4), round(min(1.0, mid + half), 4)


def confirm_band(band: tuple[float, float], n: int) -> tuple[float, float]:
    """``band`` narrowed, at each edge inside (0, 1), by :data:`CONFIRM_Z` standard errors of the
    gap between an ``n``-game share and an independent :data:`INDEPENDENT_GAMES`-game share of
    the same deal, taken at the edge. A share measured inside it leaves an independent measure
    outside the band with probability at most about 2.3% (one-sided, z = 2), less further in."""
    def margin(edge: float) -> float:
        return CONFIRM_Z * math.sqrt(edge * (1 - edge) * (1 / n + 1 / INDEPENDENT_GAMES))
    lo, hi = band
    return (lo + margin(lo) if lo > 0 else lo), (hi - margin(hi) if hi < 1 else hi)


def futility_band(band: tuple[float, float], n: int, last: int) -> tuple[float, float]:
    """The shares at ``n`` games from which the last look (``last`` games) may still keep a deal:
    the range it keeps (:func:`confirm_band`), widened at each inner edge e by :data:`FUTILITY_Z`
    standard errors of an ``n``-game share at e."""
    lo, hi = confirm_band(band, last)

    def widen(edge: float) -> float:
        return FUTILITY_Z * math.sqrt(edge * (1 - edge) / n)
    return (lo - widen(lo) if lo > 0 else lo), (hi + widen(hi) if hi < 1 else hi)


def _confirm(games: Iterator[Playout], screened: list[Playout], preset: Preset,
             cleared: list[Playout] | None = None) -> tuple[int, int] | None:
    """(stuck, games) once the share is confirmed in ``band``, or None: a sequential test. The
    screening's games are continued from the same stream; at each count of ``preset.confirm_games``
    the deal is kept when the share lies in :func:`confirm_band` for that count, dropped when it
    lies outside the band itself, and otherwise plays on; at the last count it is kept or
    dropped. Looks before ``preset.accept_from`` games only drop a deal: outside the band, or
    outside :func:`futility_band` (a deal the last look would almost surely drop). Easy and
    hard: three looks at one-sided 0.82% each, so a kept deal's independent 512-game measure
    falls outside the band with probability at most 2.5% at the edge; normal: one look that may
    keep, at 1,024 games, 0.82%. The games that cleared the board are appended to ``cleared``
    (full solutions: a proof, and evidence that their pairs are safe first moves)."""
    band = preset.stuck
    stuck, n = _stuck(screened), len(screened)
    last = preset.confirm_games[-1]
    for goal in preset.confirm_games:
        while n < goal:
            game = next(games)
            if game.cleared:
                if cleared is not None and len(cleared) < KEEP_CLEARED:
                    cleared.append(game)
            else:
                stuck += 1
            n += 1
        share = stuck / n
        if n >= preset.accept_from:
            lo, hi = confirm_band(band, n)
            if lo - 1e-9 <= share <= hi + 1e-9:
                return stuck, n
        else:
            lo, hi = futility_band(band, n, last)
            if not lo - 1e-9 <= share <= hi + 1e-9:
                return None
        if not band[0] <= share <= band[1]:
            return None
    return None


@dataclass
class _Grading:
    """A deal's measures as they are taken, cheapest first (see :func:`generate`)."""

    board: Board
    seed: str
    preset: Preset
    random_games: Iterator[Playout] | None = None
    screened: list[Playout] | None = None
    careful: list[Playout] | None = None
    confirmed_clears: list[Playout] = dataclasses.field(default_factory=list)  # the confirmation's cleared games
    ahead_games: Iterator[Playout] | None = None

    def screen(self) -> bool:
        """64 games each by the random and the careful player, in their bands. Where the careful
        player has no band (easy, normal) its games wait for :meth:`play_careful`: only the deals
        that pass the other tests need them."""
        self.random_games = playouts(self.board, Rng(self.seed + ":" + RANDOM), RANDOM)
        self.screened = _sample(self.random_games, self.preset.stuck)
        if self.screened is None:
            return False
        if self.preset.careful == (0.0, 1.0):
            return True
        return self.play_careful()

    def play_careful(self) -> bool:
        """The careful player's 64 games, when their share lies in its band."""
        if self.careful is None:
            self.careful = _sample(playouts(self.board, Rng(self.seed + ":" + CAREFUL), CAREFUL), self.preset.careful)
        return self.careful is not None

    def confirm(self) -> tuple[int, int] | None:
        """The random share confirmed (:func:`_confirm`): (stuck, games), or None."""
        assert self.random_games is not None and self.screened is not None
        return _confirm(self.random_games, self.screened, self.preset, self.confirmed_clears)

    def look_ahead(self) -> list[Playout] | None:
        """The look-ahead player's games, when its share lies in its band."""
        self.ahead_games = playouts(self.board, Rng(self.seed + ":" + LOOKAHEAD), LOOKAHEAD)
        return _sample(self.ahead_games, self.preset.ahead, self.preset.ahead_games)

    def more_ahead(self, ahead: list[Playout], n: int) -> list[Playout]:
        """``ahead`` played on to ``n`` games from the same stream."""
        assert self.ahead_games is not None
        return ahead + [next(self.ahead_games) for _ in range(n - len(ahead))]

    def play_on(self, ahead: list[Playout] | None) -> None:
        """After the confirmation, on a deal few of whose games cleared it: the random stream
        played on until :data:`WANT_CLEARED` games in all cleared it, or :data:`PLAY_ON_GAMES`
        more were played. A cleared game is a proof with no search, and its pairs are safe first
        moves: a hundred games cost less than one solver run on a jammed hard board. The published
        share is the confirmation's; these games only give evidence."""
        assert self.random_games is not None
        have = sum(g.cleared for g in self.games(ahead))
        for _ in range(PLAY_ON_GAMES):
            if have >= WANT_CLEARED:
                return
            game = next(self.random_games)
            if game.cleared:
                self.confirmed_clears.append(game)
                have += 1

    def games(self, ahead: list[Playout] | None) -> list[Playout]:
        """The games kept so far (the screening's, the look-ahead player's, then the cleared ones
        of the confirmation)."""
        return (self.screened or []) + (self.careful or []) + (ahead or []) + self.confirmed_clears

    def measures(self, confirmed: tuple[int, int], ahead: list[Playout]) -> dict[str, object]:
        assert self.screened is not None and self.careful is not None
        games = self.screened
        steps = sum(len(g.legal_counts) for g in games)
        stuck, n = confirmed
        careful, looked = _stuck(self.careful), _stuck(ahead)
        return {
            "measure": "random-play stuck share",
            "rollouts": n,
            "stuck": stuck,
            "stuck_share": round(stuck / n, 4),
            "stuck_interval": list(wilson(stuck, n)),
            "careful_rollouts": len(self.careful),
            "careful_stuck_share": round(careful / len(self.careful), 4),
            "careful_interval": list(wilson(careful, len(self.careful))),
            "lookahead_rollouts": len(ahead),
            "lookahead_stuck_share": round(looked / len(ahead), 4),
            "lookahead_interval": list(wilson(looked, len(ahead))),
            "mean_legal_pairs": round(sum(sum(g.legal_counts) for g in games) / steps, 2) if steps else 0,
            "min_legal_pairs": min((min(g.legal_counts) for g in games if g.legal_counts), default=0),
        }


def first_moves(board: Board, solution: tuple[Pair, ...], games: Iterable[Playout] = (), give_up: bool = False
                ) -> Openings:
    """Every first move classified, the budget raised once where the first pass left any undecided.

    A game that cleared the board is a full solution too, and every pair a full solution removes
    is a safe first move (removing a pair only empties cells, so it can go first and the rest of
    that solution still works). :func:`.traps.openings` takes the pairs of the solutions it is
    given as such evidence, so the pairs of ``games`` that cleared the board ride along with the
    proof's: on 'hard' they spare most of the solver runs for first moves that are not fatal.
    Only the moves the first budget left undecided are tried again (:func:`.traps.openings`);
    with ``give_up`` that stops at the first move still undecided (the deal is passed over)."""
    known = tuple(solution) + _cleared_pairs(board, games)
    return openings(board, known, OPENING_BUDGETS[0], OPENING_BUDGETS[1:], give_up=give_up)


def played_proof(board: Board, games: Iterable[Playout]) -> SolveResult | None:
    """The first of ``games`` that cleared the board, as a proof: its removal order is a full
    solution (replayed before it is published, as the solver's is), found with no search
    (``nodes`` 0). On easy and normal boards the random player clears a third of its games or
    more, and most hard boards are cleared by one of their 256 screening and look-ahead games,
    so the solver is asked only when none was."""
    g = geometry(board.width, board.height)
    for game in games:
        if game.solution:
            order = []
            for both in game.solution:
                low = both & -both
                order.append((g.point(low.bit_length() - 1), g.point((both ^ low).bit_length() - 1)))
            return SolveResult(SOLVED, tuple(order), 0)
    return None


def _cleared_pairs(board: Board, games: Iterable[Playout]) -> tuple[Pair, ...]:
    """The pairs (points) removed by the games among ``games`` that cleared the board, each once."""
    g = geometry(board.width, board.height)
    seen: set[int] = set()
    out: list[Pair] = []
    for game in games:
        for both in game.solution:
            if both not in seen:
                seen.add(both)
                low = both & -both
                out.append((g.point(low.bit_length() - 1), g.point((both ^ low).bit_length() - 1)))
    return tuple(out)


def generate(date: _dt.date, size: str = DEFAULT_SIZE, difficulty: str = "normal") -> Layout:
    """The day's layout: the first deal that passes every test, cheapest first: random and careful
    play in their bands over 64 games each, the look-ahead player in its band ('hard': above the
    same date's normal figure, :func:`ahead_floor`), the solver's proof and the random share
    confirmed over up to 512 games (1,024 on 'normal'; the cheaper of the two first), every
    first move decided; on 'normal', a look-ahead figure that leaves 'hard' room above it. The
    proof and the opening analysis ride along. The seeds spell ``date`` as ISO text
    (docs/design.md, "Dates")."""
    width, height = parse_size(size)
    if difficulty not in PRESETS:
        raise InputError(f"unknown difficulty {difficulty!r}: choose one of {', '.join(PRESETS)}")
    preset = PRESETS[difficulty]
    banded = preset.ahead != (0.0, 1.0)  # only 'hard' has a look-ahead band
    if banded:
        # Hard's look-ahead figure must lie above the same date's normal figure (see ahead_floor):
        # normal is made first (kept in this process, so a date's three made one after another
        # make it once).
        floor = ahead_floor(*_normal_ahead(date, size))
        if floor is None:  # only a normal layout out of its bands (a small board) leaves no room
            return _nearest(date, width, height, preset)
        preset = dataclasses.replace(preset, ahead=(max(preset.ahead[0], floor), preset.ahead[1]))
    confirm_first = preset.confirm_games[-1] <= 512  # cheaper than a proof: easy's and hard's
    for attempt in range(1, MAX_ATTEMPTS + 1):
        board, seed = deal(date, width, height, preset, attempt)
        grading = _Grading(board, seed, preset)
        if not grading.screen():
            continue
        # The tests are all required, so their order only decides how soon a deal is passed
        # over: cheapest first (on 'hard', 128 look-ahead games cost less than a proof).
        ahead = grading.look_ahead() if banded else None
        if banded and ahead is None:
            continue
        confirmed = grading.confirm() if confirm_first else None
        if confirm_first and confirmed is None:
            continue
        if confirm_first:
            grading.play_on(ahead)  # a few more cleared games: proofs and first-move evidence
        proof = played_proof(board, grading.games(ahead)) or solve(board, SOLVE_BUDGET)
        if proof.status != SOLVED:
            continue
        if not confirm_first:
            confirmed = grading.confirm()
            if confirmed is None:
                continue
        assert proof.solution is not None and confirmed is not None
        grading.play_careful()  # easy, normal: only now (no band); its cleared games are first-move evidence
        opened = first_moves(board, proof.solution, grading.games(ahead), give_up=True)
        if opened.undecided:
            continue  # a count of fatal first moves is published only when it is exact
        if ahead is None:
            ahead = grading.look_ahead()  # published without a band
            assert ahead is not None
            if difficulty == "normal" and _stuck(ahead) >= AHEAD_CLOSE * len(ahead):
                ahead = grading.more_ahead(ahead, AHEAD_CLOSE_GAMES)  # hard's floor is read off it: pin it down
            if difficulty == "normal" and ahead_floor(_stuck(ahead), len(ahead)) is None:
                continue  # no hard figure could lie above it with confidence
        layout = _finish(date, board, proof, opened, seed, grading.measures(confirmed, ahead), preset, attempt, True)
        if difficulty == "normal":
            _remember_normal(date, size, layout)
        return layout
    layout = _nearest(date, width, height, preset)
    if difficulty == "normal":
        _remember_normal(date, size, layout)
    return layout


AHEAD_Z = 2.0  # hard's look-ahead figure lies this many standard errors of the gap above normal's
AHEAD_CLOSE = 0.5  # normal: a look-ahead share this high over 64 games is played on to AHEAD_CLOSE_GAMES
AHEAD_CLOSE_GAMES = 256
_NORMAL_AHEAD: dict[tuple[_dt.date, str], tuple[int, int]] = {}  # (date, size) -> normal's look-ahead (stuck, games)


def ahead_floor(stuck: int, games: int) -> float | None:
    """The least look-ahead share 'hard' may publish on a date whose normal layout's look-ahead
    player was stuck in ``stuck`` of ``games``: normal's share p plus :data:`AHEAD_Z` standard
    errors of the gap between it and hard's 128-game share, taken at p (the larger variance of
    the two, since hard's lies further from 1/2), and never below :data:`AHEAD_EDGE`. None when
    no share of hard's games could reach it (normal's figure leaves no room: normal is redrawn).
    A hard share at the floor is above normal's by a one-sided test at about 2.3%."""
    p = stuck / games
    hard_games = PRESETS["hard"].ahead_games
    floor = p + AHEAD_Z * math.sqrt(p * (1 - p) * (1 / games + 1 / hard_games))
    if p >= 1 or floor > 1 + 1e-9:
        return None
    return round(max(AHEAD_EDGE, floor), 4)


def _remember_normal(date: _dt.date, size: str, layout: Layout) -> None:
    d = layout.difficulty or {}
    if len(_NORMAL_AHEAD) >= 32:
        _NORMAL_AHEAD.pop(next(iter(_NORMAL_AHEAD)))
    _NORMAL_AHEAD[(date, size)] = (round(d["lookahead_stuck_share"] * d["lookahead_rollouts"]),
                                   d["lookahead_rollouts"])


def _normal_ahead(date: _dt.date, size: str) -> tuple[int, int]:
    """The look-ahead (stuck, games) of the date's normal layout, made now if this process has not."""
    if (date, size) not in _NORMAL_AHEAD:
        generate(date, size, "normal")
    return _NORMAL_AHEAD[(date, size)]


def _nearest(date: _dt.date, width: int, height: int, preset: Preset) -> Layout:
    """No deal landed in the bands (they were set for 144 tiles; on small boards hard ones are
    rare): the solvable deal among the first :data:`FALLBACK_ATTEMPTS` whose measures lie nearest
    the bands, published with ``in_band`` false so no reader is told it is what it is not. Its
    first moves may include undecided ones; the page then says so."""
    wide = dataclasses.replace(preset, stuck=(0.0, 1.0), careful=(0.0, 1.0), ahead=(0.0, 1.0))
    best = None
    for attempt in range(1, FALLBACK_ATTEMPTS + 1):
        board, seed = deal(date, width, height, preset, attempt)
        grading = _Grading(board, seed, wide)
        assert grading.screen() and grading.play_careful()  # the widest bands take every deal
        assert grading.screened is not None and grading.careful is not None
        gap = (_gap(_stuck(grading.screened) / PLAYOUTS, preset.stuck)
               + _gap(_stuck(grading.careful) / PLAYOUTS, preset.careful))
        if best is not None and gap >= best[0]:
            continue
        proof = played_proof(board, grading.games(None)) or solve(board, SOLVE_BUDGET)
        if proof.status == SOLVED:
            best = (gap, board, proof, seed, grading, attempt)
    if best is None:
        raise CheckFailed(f"no solvable {width}x{height} layout for {date} in {FALLBACK_ATTEMPTS} deals")
    _, board, proof, seed, grading, attempt = best
    confirmed, ahead = grading.confirm(), grading.look_ahead()
    assert confirmed is not None and ahead is not None and proof.solution is not None  # the widest bands take all
    measure = grading.measures(confirmed, ahead)
    opened = first_moves(board, proof.solution, grading.games(ahead))
    return _finish(date, board, proof, opened, seed, measure, preset, attempt, False)


def _gap(value: float, band: tuple[float, float]) -> float:
    return max(band[0] - value, 0.0, value - band[1])


def _finish(date: _dt.date, board: Board, proof: SolveResult, opened: Openings, seed: str, measure: Mapping[str, object],
            preset: Preset, attempt: int, in_band: bool) -> Layout:
    if proof.solution is None or not replay(board, proof.solution).is_empty():
        raise CheckFailed(f"{seed}: the solver's order does not clear the board")
    rollouts = measure["rollouts"]
    assert isinstance(rollouts, int)
    difficulty = dict(measure)
    difficulty.update({
        "fatal_first": round(opened.fatal_share, 4),
        "fatal_first_moves": opened.fatal,
        "first_moves": opened.total,
        "fatal_first_undecided": opened.undecided,
        "preset": preset.name,
        "label": preset.label_ko,
        "target": {"stuck_share": list(preset.stuck), "careful_stuck_share": list(preset.careful),
                   "lookahead_stuck_share": list(preset.ahead),
                   "confirmed_stuck_share": [round(v, 4) for v in confirm_band(preset.stuck, rollouts)]},
        "in_band": in_band,
        "attempt": attempt,
        "solver_nodes": proof.nodes,
        "generator": GENERATOR_VERSION,
    })
    return Layout(board, date, seed, proof.solution, difficulty)
