"""An exact Shisen-sho solver.

The search rests on one fact: removing a pair only ever empties cells, so a pair that is joinable
now stays joinable for as long as both tiles remain. The order of removals across kinds therefore
never blocks anything; the only real decisions are *which tiles of a kind pair with which*.

So a position is a set of *groups*: masks of same-code tiles that must be paired among
themselves. A group of two is a committed pair. Three tools:

* Propagation removes, without branching, every committed pair that is joinable and every group
  of four holding two disjoint joinable pairs (nothing is lost by removing them now). A pair can
  only become joinable through a cell that was just emptied, so after a removal only the groups
  with two tiles in sight of the freed cells are checked again.
* A relaxation proves dead ends: let every tile that could ever go (joinable with a possible
  partner once all tiles shown removable so far are treated as gone) go, up to a fixed point. Any
  real removal order passes that test step by step, so if a tile is left over, the position is
  unsolvable. This catches the mutual blockades that make plain search blow up. A child
  position replays its parent's relaxation steps (each holds while its partner is allowed and
  the cells its path crossed are empty) and floods only the tiles whose steps failed.
* Branching picks a tile with a joinable partner and tries *all* its possible partners in its
  group (joinable ones first), covering every pairing, so "unsolvable" is a proof. Which group:
  the few with the fewest joinable pairs are *probed*, every pairing propagated and relaxed one
  step deep, and the search branches where the fewest children survive (none: a dead end
  found without going deeper; one: a forced pairing). The first run probes only the group
  with the fewest pairs, which solves most deals soonest. A node budget (a node is a position
  branched on) turns a search that runs too long into ``undecided``.
* Failures are learned as *cores*: a set of groups that fails, and with it every position at
  least as tight (each of the core's groups a union of the position's own). A dead end's core is
  the groups holding the tiles the relaxation could never remove; a position whose pairings all
  fail learns the group it branched on plus its children's cores, less the groups the pairing
  made. A child failing for a core that holds none of those fails its parent too, so the search
  backs up at once past choices that played no part (conflict-directed backjumping). Unlike the
  whole positions memoised before, a core prunes a jam's failure again under every unrelated
  choice made above it (the regression boards of tests/data/shisen_slow hold the cases). A dead end's core is
  made more general where the relaxation allows: a kind the position split into pairs goes into
  it whole when the jam holds however that kind is paired (:meth:`_Search.stuck_core`), so the
  search backs up past pairings the jam never cared about. The kinds a core does keep split are
  the ones the jam depends on, so the search counts them (:attr:`_Search.activity`) and, from the
  second run on, probes and branches on the most counted kinds first, then on the fewest
  joinable pairs (as a SAT solver branches first on the variables its recent conflicts named);
  the first run keeps its plain order, so a deal it decides gets the answer it always got.

Search times are heavy-tailed: one early wrong pairing can cost thousands of nodes below it. So
the search restarts with growing node limits (the Luby sequence) and seeded tie-breaks, keyed on
the position (:func:`_tie`) so that a subtree skipped as known to fail never reorders the rest of
the run; the learned cores carry over (a failure is a fact, whatever the order), and the last
run is bounded only by the overall budget, so the search stays complete.

Between runs the solver also plays random games (:func:`playout`): after run r, 32 x luby(r) of
them, seeded by r. On a jammed deal that is solvable, a random game clears the board far more
cheaply than the search digs out of an early wrong pairing (a game costs about a third of a
node's time); a game that clears it is the proof, every removal in it legal. After the first
run only: a deal the first run decides (most deals, and every layout published so far) gets the
answer it always got. What each of these parts buys on fresh deals is measured by
``bench/shisen.py`` (docs/benchmarks.md); the settings are in engine/shisen/settings.py.

Cells go by three names in the engine; this table is the one place that gives all three.

=========  ===================================  ======  ==================================================
name       cell (x, y) of a W×H board is        stride  used by
=========  ===================================  ======  ==================================================
point      the pair ``(x, y)``, 0-based; the    --      :class:`.board.Board`, the API, JSON, the CLI,
           ring round the board is x = -1 or            :func:`.paths.find_path`
           W, y = -1 or H
bit        bit ``(y+1)·(W+3) + (x+1)`` of an    W+3     :class:`.paths.Geometry`, this solver,
           int (a bitboard); a *tile* here is           :mod:`.playout`, :mod:`.build`
           the one-bit mask ``1 << bit``, a
           *group* or a cell set an OR of them
index      item ``(y+1)·(W+2) + (x+1)`` of a    W+2     :func:`.paths.visible_index_pairs` (the sweep
           flat list                                    that finds every joinable pair at once)
=========  ===================================  ======  ==================================================

Bits and indices both pad the board with its ring (W+2 columns, H+2 rows). A bitboard row has one
bit more, a guard that is never empty, so that shifting a mask by one never wraps a run into the
next row; the sweep's list needs none (it stops each run at its row's last index itself). ``Geometry.bit`` and
``Geometry.point`` turn points into bits and back; :meth:`_Search.joinable_now` turns indices into
bits.

Canonical orders: nothing here walks a Python set, whose order is an accident of hashing. The
sweep's pairs are sorted, propagation looks at groups in the position's order, a lookup for known
failures walks its groups in the order it built them, and the memo of cores is a dict kept in the
order they were learned. The answer and the work counted (so ``undecided``, too) then follow from
the board alone, which is what lets a compiled twin of this search give the same answers.

The compiled twin: ``solver_core.c`` is this whole search written again in C (fixed-size words for
the masks, the same orders, tie-breaks, games and work charges; with it :func:`.game.hint` and
:func:`.game.shuffle` for the browser), and two thin bindings call it: ``_csolver.c``, the CPython
extension built by ``setup.py`` when a C compiler is there, and ``solver_wasm.c``, the
WebAssembly module the day page runs (built ready-made, docs/browser.md). :func:`solve` hands the
extension every board that fits its masks when no ``trace`` is asked for, and it returns exactly
what this module would: status, removal order, nodes, work, and the memo's cores in the same order
(tests/test_shisen_csolver.py holds the two equal, and the module too). This module stays the
reference: change the search here first, then the core.

Each step of the relaxation is a :class:`Step` record: which tile went, with which partner(s), and
which cells of tiles gone before it its path crossed. ``harupan shisen solve --explain`` prints
the search as it goes (:func:`solve`'s ``trace``).
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from ..rng import Rng
from ..status import SolveStatus
from . import csource
from .board import Board, Pair
from .paths import Geometry, geometry, visible_index_pairs
from .settings import (DEFAULT_BUDGET, FIRST_RUN_PROBE, PLAYOUTS, PROBE_GROUPS, RESTART_UNIT, UNPAIR_FLOODS,
                       WORK_BOARD, WORK_PER_NODE, WORK_SLACK)



def _load_twin() -> ModuleType | None:
    """The compiled twin of this search (solver_core.c through _csolver.c), built when a C compiler was there at install;
    None without one (the pure-Python search below: the same answers). A twin built from other C
    sources than those beside this file (:data:`.csource.TWIN`; a checkout pulled since its build)
    is not used, with a warning, as it could disagree with this search; an install without the
    sources keeps it."""
    try:
        twin = importlib.import_module("._csolver", __package__)
    except ImportError:
        return None
    try:
        source = csource.digest(csource.TWIN, Path(__file__).parent)
    except OSError:
        return twin
    if source != getattr(twin, "SOURCE_SHA256", None):
        warnings.warn("harupan: the compiled solver was built from other C sources; the slower Python search "
                      "runs until it is rebuilt (pip install -e . or python setup.py build_ext --inplace)",
                      RuntimeWarning, stacklevel=2)
        return None
    return twin


_compiled: ModuleType | None = _load_twin()
# HARUPAN_PURE_PYTHON=1 forces the pure-Python search (tests and bench/shisen.py compare the two).
# Read once, at import: the engine's only look at its environment, and it changes no answer.
PURE_PYTHON = os.environ.get("HARUPAN_PURE_PYTHON", "") == "1"

SOLVED, UNSOLVABLE, UNDECIDED = SolveStatus.SOLVED, SolveStatus.UNSOLVABLE, SolveStatus.UNDECIDED
# DEFAULT_BUDGET (settings.py): nodes (and so work: see WORK_PER_NODE), on boards the compiled search
# takes; the generator passes its own, smaller budgets (generator/games/shisen/layouts.py).
LARGE_BOARD_BUDGET = 3_000  # nodes, on boards past TWIN_BITS: they are searched in Python, many times slower
# a node; this keeps a full 40x40 within the bounded bench's target (bench/shisen.py --only bounded)
TWIN_BITS = 256  # the padded bitboards the compiled twin's masks hold (solver_core.h HS_MAX_BITS): 18x8 is 210

Trace = Callable[[str], None]  # receives one line of the solver's reasoning at a time


@dataclass(frozen=True)
class SolveResult:
    status: SolveStatus
    solution: tuple[Pair, ...] | None
    nodes: int
    work: float = 0.0  # work units spent (see WORK_PER_NODE)

    @property
    def solvable(self) -> bool | None:
        return {SOLVED: True, UNSOLVABLE: False}.get(self.status)


NOT_LOOKED_FOR = -1  # Step.crossed before its witness path is looked for (a cell set is never negative)


@dataclass(slots=True)
class Step:
    """How one tile went in a relaxation: ``tile`` joined one of ``partners`` (one-bit masks)
    along a path that needs the cells ``crossed`` empty (cells of tiles gone earlier in the same
    relaxation; 0 for a path clear at the start).

    A flood only says that some path exists. Which cells it crossed is worked out from a witness
    path, in ``empty`` with ``gone`` the tiles gone before, the first time a child position
    replays the step; until then ``crossed`` is :data:`NOT_LOOKED_FOR` (most positions probed
    are never branched on, so most steps are never replayed)."""

    tile: int
    partners: int
    crossed: int
    empty: int = 0
    gone: int = 0


def joinable_pairs(g: Geometry, group: int, empty: int) -> list[tuple[int, int]]:
    """Joinable pairs (one-bit masks, lower first) inside a group: each tile tested against the
    group's later tiles alone (:meth:`.Geometry.joins`), not flooded to every tile."""
    out = []
    joins = g.joins
    rest = group
    while rest:
        a = rest & -rest
        rest ^= a
        if not rest:
            break
        hit = joins(a, rest, empty)
        while hit:
            b = hit & -hit
            hit ^= b
            out.append((a, b))
    return out


class _OutOfBudget(Exception):
    pass


class _OutOfWork(Exception):
    """The whole solve's work budget is spent (see :data:`WORK_PER_NODE`): undecided at once."""


def board_bits(board: Board) -> tuple[Geometry, int, dict[str, int]]:
    """The geometry, the tile mask and one mask per code."""
    g = geometry(board.width, board.height)
    tiles = 0
    kinds: dict[str, int] = {}
    for (x, y), code in board.tiles():
        b = 1 << g.bit(x, y)
        tiles |= b
        kinds[code] = kinds.get(code, 0) | b
    return g, tiles, kinds


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _low_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out




def _tie(x: int, salt: int) -> int:
    """A 16-bit tie-break for ``x`` (a group or a position's mask) in the run salted ``salt``.
    It depends on where the search is, not on how it got there, so a subtree skipped as known to
    fail never changes the order of what the run tries next."""
    return ((hash(x) ^ salt) * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF) >> 48


def luby(i: int) -> int:
    """The i-th term (1-based) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 …"""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while (1 << k) - 1 != i:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class _Relaxation:
    """One run of the relaxation on a position (see :meth:`_Search.hopeless`): the tiles that
    can go, one :class:`Step` each, in an order that lets them go.

    The parts: :meth:`start` (a fresh start: every tile joinable now) or :meth:`replay` (the
    parent's steps that still hold), then :meth:`settle` (the fixed point). Along the way
    :meth:`wake` replays the parked steps that waited for a tile, and :meth:`release` queues the
    tiles a newly emptied cell may have freed."""

    __slots__ = ("g", "tiles", "group_of", "base_empty", "todo", "queued", "gone", "steps", "waiting", "rank",
                 "floods")

    def __init__(self, g: Geometry, groups: list[int], tiles: int) -> None:
        self.g = g
        self.tiles = tiles
        group_of: dict[int, int] = {}  # tile -> its group
        for grp in groups:
            rest = grp
            while rest:
                t = rest & -rest
                rest ^= t
                group_of[t] = grp
        self.group_of = group_of
        self.base_empty = g.padded & ~tiles
        self.todo: deque[int] = deque()  # tiles to look at, taken from the right
        self.queued: set[int] = set()  # the tiles in todo
        self.gone = 0  # the tiles shown able to go so far
        self.steps: list[Step] = []  # how each went, in order
        self.waiting: dict[int, list[Step]] = {}  # tile -> parked parent steps that crossed it
        self.rank: dict[int, int] = {}  # tile -> its step's place in the parent's order
        self.floods = 0  # floods and tiles looked at: the work done, for the solver's work budget

    def start(self, joinable: dict[int, int]) -> None:
        """A fresh start: every tile joinable now goes (with its partners). A tile that cannot join
        now can only join later through cells emptied meanwhile, and :meth:`release` queues
        exactly those."""
        gone = 0
        steps = self.steps
        for u, partners in joinable.items():
            gone |= u
            steps.append(Step(u, partners, 0))
        self.gone = gone
        if gone:
            self.release(gone, self.base_empty)

    def replay(self, hint: list[Step], direct: dict[int, int]) -> None:
        """Take over the parent's steps (``hint``) that still hold here, in the parent's order. A
        step holds when its partner is still in the tile's group and every cell it crossed is
        empty; one that waits only for crossed cells is parked on one of them (:meth:`wake`). A
        tile joinable at the root without crossing anything (``direct``) still is. Then the
        tiles no parked step waits for are queued: their own steps failed."""
        g, tiles, group_of, waiting, rank = self.g, self.tiles, self.group_of, self.waiting, self.rank
        keep = self.steps.append
        direct_of = direct.get
        gone = 0
        self.floods += len(hint) // 8  # a replayed step costs a few bit operations, a witness now and then
        for i, step in enumerate(hint):
            u = step.tile
            rank[u] = i
            group = group_of.get(u)
            if group is None or gone & u:
                continue  # removed on the way here (its cell is empty from the start), or gone
            allowed = step.partners & group
            taken = None
            crossed = 0
            if allowed:
                crossed = step.crossed
                if crossed == NOT_LOOKED_FOR:  # once per step, whichever child replays it first
                    crossed = step.crossed = g.witness(u, step.partners, step.empty, step.gone) & step.gone
                if not crossed & tiles & ~gone:
                    taken = step
            if taken is None:
                partners = direct_of(u, 0) & group
                if partners:  # joinable at the root without crossing any cell: still is
                    taken = Step(u, partners, 0)
                else:
                    if allowed:  # wait for the cells it crossed
                        need = crossed & tiles & ~gone
                        waiting.setdefault(need & -need, []).append(step)
                    continue
            gone |= u
            keep(taken)
            if waiting and u in waiting:
                self.gone = gone
                self.wake(u)
                gone = self.gone
        self.gone = gone
        # Look first at the tiles no step is waiting for: the waiting ones usually go for free
        # when those do. The sweep in settle() catches the rest.
        blocked = 0
        for held in waiting.values():
            for step in held:
                blocked |= step.tile
        roots = _low_bits(tiles & ~gone & ~blocked)
        self.todo.extend(roots)
        self.queued.update(roots)

    def wake(self, u: int) -> int:
        """Replay the parked steps that waited for tile ``u``, now gone (and, in turn, those that
        waited for the tiles they free); the tiles that went."""
        waiting, steps, tiles = self.waiting, self.steps, self.tiles
        gone = self.gone
        went = 0
        stack = waiting.pop(u)
        while stack:
            step = stack.pop()
            v = step.tile
            if gone & v:
                continue
            need = step.crossed & tiles & ~gone
            if need:
                waiting.setdefault(need & -need, []).append(step)
                continue
            gone |= v
            went |= v
            steps.append(step)
            if v in waiting:
                stack.extend(waiting.pop(v))
        self.gone = gone
        return went

    def release(self, new: int, empty: int) -> None:
        """Queue the tiles that cells ``new`` (just emptied) may have freed. A new path for a tile
        u runs through such a cell, so u and one of its partners (or the partner's empty cell)
        are both in sight of those cells: one flood from all of them finds that sight (fills
        distribute over unions)."""
        seen = self.g.reach_any(new, empty | new, self.tiles)
        self.floods += 1
        near = seen | new
        queued, group_of, todo = self.queued, self.group_of, self.todo
        for u in _low_bits(seen & ~self.gone):
            if u not in queued and group_of[u] & ~u & near:
                todo.appendleft(u)  # after those already waiting: see settle()'s sweep
                queued.add(u)

    def settle(self, swept: bool, removed_since_root: int) -> None:
        """The fixed point: take queued tiles until none is left; a tile that reaches a partner
        goes, with every partner it reaches (joining is symmetric), and the cells it frees wake
        and queue what they may free.

        After a replay (``swept`` False), a tile left over that can go now has a path that either
        crosses only cells empty at the root (so its partner was ``direct`` and it went in the
        replay) or crosses a cell removed since the root (``removed_since_root``) or gone here,
        and so is in sight of those: one release from all of them, once the queue first runs
        dry, queues it. The fixed point is one set whatever the order of its steps, so the answer
        is the one a fresh start gives."""
        g, tiles, group_of, steps, waiting, queued = (self.g, self.tiles, self.group_of, self.steps,
                                                        self.waiting, self.queued)
        base_empty = self.base_empty
        todo = self.todo
        gone = self.gone
        while True:
            if not todo:
                if swept or gone == tiles:
                    break
                swept = True
                self.gone = gone
                self.release(gone | removed_since_root, base_empty)
                # Earliest in the parent's order first: each that goes frees the steps that
                # crossed it, which then need no flood; tiles queued later wait their turn.
                rank = self.rank
                todo = self.todo = deque(sorted(todo, key=lambda u: rank.get(u, 0), reverse=True))
                continue
            t = todo.pop()
            queued.discard(t)
            if gone & t:
                continue
            empty = base_empty | gone
            self.floods += 1
            hit = g.reach_any(t, empty, group_of[t] & ~t)
            if hit:
                new = (t | hit) & ~gone
                # What each joining relied on is looked for only if a child replays the step.
                steps.append(Step(t, hit & -hit, NOT_LOOKED_FOR, empty, gone))
                for u in _low_bits(new & ~t):
                    steps.append(Step(u, t, NOT_LOOKED_FOR, empty, gone))
                self.gone = gone = gone | new
                for u in _low_bits(new):  # parked steps that waited for these cells
                    if u in waiting:
                        new |= self.wake(u)
                gone = self.gone
                if swept:  # before the sweep, the sweep's own release covers this one
                    self.release(new, empty)
        self.gone = gone

    def spread(self, limit: int) -> bool:
        """:meth:`settle` without steps (a core needs no record of how tiles went) or parked ones,
        from the queued tiles, giving up once more than ``limit`` floods are spent: whether it
        reached the fixed point (:meth:`_Search.stuck_core`)."""
        g, group_of, todo, queued = self.g, self.group_of, self.todo, self.queued
        while todo:
            t = todo.pop()
            queued.discard(t)
            if self.gone & t:
                continue
            self.floods += 1
            if self.floods > limit:
                return False
            empty = self.base_empty | self.gone
            hit = g.reach_any(t, empty, group_of[t] & ~t)
            if hit:
                new = (t | hit) & ~self.gone
                self.gone |= new
                self.release(new, empty)
        return True


class _Search:
    def __init__(self, g: Geometry, budget: int):
        self.g = g
        self.budget = budget  # the overall cap, across restarts
        self.limit = budget  # this run's cap
        self.nodes = 0
        self.failed: dict[frozenset[int], None] = {}  # cores proved to fail (see learn()), in the order learned
        self.cores: dict[int, list[frozenset[int]]] = {}  # a group -> the failed cores filed under it
        self.seen: dict[int, int] = {}  # a group -> how many cores hold it
        self.kind_of: dict[int, int] = {}  # tile -> the mask of its kind at the root
        self.activity: dict[int, int] = {}  # a kind (its mask at the root) -> dead ends whose core held it split
        self.core = frozenset[int]()  # why the last position that failed failed (a core)
        self.salt: int | None = None  # this run's tie-break salt (see _tie); None: the plain order
        self.probe = PROBE_GROUPS
        self.direct: dict[int, int] = {}  # at the root: tile -> partners joinable there
        self.root_tiles = 0  # the tiles at the root
        self.stuck = 0  # the tiles the last relaxation that failed could never remove
        self.trace: Trace | None = None
        self.code_of: dict[int, str] = {}  # tile -> its code, for the trace
        self.depth = 0  # branching depth, for the trace
        self.work = 0.0  # work units spent (see WORK_PER_NODE)
        self.work_limit: float = (budget + WORK_SLACK) * WORK_PER_NODE
        self.weight = g.stride * (g.height + 2) / WORK_BOARD  # one flood's cost against 18x8's

    def charge(self, units: float) -> None:
        self.work += units * self.weight
        if self.work > self.work_limit:
            raise _OutOfWork

    def set_root(self, groups: list[int], tiles: int) -> None:
        """Remember the starting position; :meth:`hopeless` relies on it when it replays."""
        self.direct = self.joinable_now(groups)
        self.root_tiles = tiles
        self.kind_of = {t: grp for grp in groups for t in _low_bits(grp)}
        for core in self.failed:  # a memo handed in: index what earlier solves proved
            self.file(core)

    # ------------------------------------------------------------ failures learned (cores)

    def learn(self, core: frozenset[int]) -> None:
        """Remember that ``core`` fails, and so every position at least as tight (see
        :meth:`known_failure`); it becomes the reason the position at hand failed."""
        self.core = core
        if core not in self.failed:
            self.failed[core] = None
            self.file(core)

    def file(self, core: frozenset[int]) -> None:
        """File a core under its rarest group so far: most cores share the groups a deal keeps
        whole for long, and filing under those would put them all on a few long lists that
        every lookup walks."""
        seen = self.seen
        for grp in core:
            seen[grp] = seen.get(grp, 0) + 1
        self.cores.setdefault(min(core, key=lambda grp: (seen[grp], grp)), []).append(core)

    def kind(self, grp: int) -> int:
        """The kind a group of the position belongs to: its tiles' mask at the root."""
        return self.kind_of.get(grp & -grp, grp)

    def by_kind(self, groups: list[int]) -> dict[int, list[int]]:
        """The position's groups by kind, kinds and groups in the position's order."""
        out: dict[int, list[int]] = {}
        for grp in groups:
            out.setdefault(self.kind(grp), []).append(grp)
        return out

    def known_failure(self, groups: list[int]) -> frozenset[int] | None:
        """A core learned to fail that this position is at least as tight as, or None.

        A core is a position too (a set of groups); a position is at least as tight when each of
        the core's groups is a union of its own groups (the same group, or a kind's four split
        into two pairs). Such a position has every tile of the core, paired no more freely, and
        its other tiles only stand in the way: a removal order for it, cut down to the core's
        tiles, would clear the core. So it fails too."""
        have = set(groups)
        order = list(groups)  # have's groups in the order they were added: looked through in that order
        for parts in self.by_kind(groups).values():
            if len(parts) > 1:  # every union of a kind's groups (a kind of four: its two pairs)
                unions = [0]
                for part in parts:
                    unions += [u | part for u in unions]
                for u in unions:
                    if u and u not in have:
                        have.add(u)
                        order.append(u)
        cores = self.cores
        for grp in order:
            for core in cores.get(grp, ()):
                if core <= have:
                    self.core = core
                    return core
        return None

    def stuck_core(self, groups: list[int], tiles: int) -> frozenset[int]:
        """The core of a dead end the relaxation found (its tiles left in :attr:`stuck`): the
        groups holding a tile that could never go. Those groups alone, every other cell empty,
        still fail: the tiles left over face the same empty cells and the same partners as they
        did at the fixed point.

        Made as general as it cheaply can be: a kind this position split into pairs is put back
        whole (any of its tiles may pair with any) when the relaxation still fails that way. The
        core then holds however that kind is paired, so a jam that has nothing to do with how it
        was paired lets the search back up past that choice (:meth:`expand`). Without this, a
        jam's core names the pairings of every kind whose tiles it walls in, and the search
        proves the same jam again under each of them (bench/shisen.py's slowest deals showed it).
        Putting a kind back whole only adds partners, so the relaxation
        goes on from its fixed point (:meth:`_Relaxation.spread`), from that kind's tiles; a try
        that spends more than :data:`UNPAIR_FLOODS` floods keeps the split (the tries that free
        the jam are the ones that run long)."""
        stuck = self.stuck
        for parts in self.by_kind(groups).values():
            if len(parts) < 2:
                continue
            whole = 0
            for part in parts:
                whole |= part
            if not whole & stuck:
                continue
            trial = [whole if grp == parts[0] else grp for grp in groups if grp not in parts[1:]]
            run = _Relaxation(self.g, trial, tiles)
            run.gone = tiles & ~stuck
            run.todo.extend(reversed(_low_bits(whole & stuck)))  # taken from the right: lowest first
            run.queued.update(run.todo)
            settled = run.spread(UNPAIR_FLOODS)
            self.charge(run.floods)
            if settled and run.gone != tiles:
                groups, stuck = trial, tiles & ~run.gone
        self.stuck = stuck
        core = frozenset(grp for grp in groups if grp & stuck)
        for grp in core:  # kinds whose pairing this jam depends on: branched on first (see expand())
            kind = self.kind(grp)
            if grp != kind:
                self.activity[kind] = self.activity.get(kind, 0) + 1
        return core

    def propagate(self, groups: list[int], tiles: int, check: list[int]
                  ) -> tuple[list[int], int, list[tuple[int, int]]]:
        """Remove what can go without a choice. ``check`` lists the groups whose joinability may
        have changed since they were last found stuck. Returns (groups, tiles, removed)."""
        g = self.g
        live = set(groups)
        todo = [c for c in check if c in live]
        queued = set(todo)
        removed: list[tuple[int, int]] = []
        self.charge(len(todo))
        while todo:
            grp = todo.pop()
            queued.discard(grp)
            if grp not in live:
                continue
            self.charge(1)
            empty = g.padded & ~tiles
            n = grp.bit_count()
            gone: list[tuple[int, int]] = []
            if n == 2:
                a = grp & -grp
                b = grp ^ a
                if g.joins(a, b, empty):
                    gone = [(a, b)]
            elif n == 4:
                pairs = joinable_pairs(g, grp, empty)
                for a, b in pairs:
                    c = grp & ~(a | b)
                    c1 = c & -c
                    if (c1, c ^ c1) in pairs:
                        gone = [(a, b), (c1, c ^ c1)]
                        break
            if not gone:
                continue
            live.discard(grp)
            tiles &= ~grp
            removed.extend(gone)
            # Only pairs with a path through the freed cells can have become joinable.
            empty = g.padded & ~tiles
            seen = g.reach(grp, empty, tiles)  # one flood from all freed cells (fills are unions)
            for other in groups:  # the position's order, not the set's (see "Canonical orders")
                if other in live and other not in queued and (other & seen).bit_count() >= 2:
                    todo.append(other)
                    queued.add(other)
        return [grp for grp in groups if grp in live], tiles, removed

    def joinable_now(self, groups: list[int]) -> dict[int, int]:
        """Every tile that can be joined with a tile of its own group right now, with those
        partners (one-bit masks), from one sweep over the empty runs
        (:func:`.paths.visible_index_pairs`) instead of a flood per tile."""
        g = self.g
        w, stride = g.width, g.stride
        cells: list[list[int | None]] = [[None] * w for _ in range(g.height)]
        for gid, grp in enumerate(groups):
            rest = grp
            while rest:
                t = rest & -rest
                rest ^= t
                py, px = divmod(t.bit_length() - 1, stride)
                cells[py - 1][px - 1] = gid
        partners: dict[int, int] = {}
        w2 = w + 2
        for a, b in sorted(visible_index_pairs(w, g.height, cells)):  # a set: sorted, for one defined order
            # index (stride W+2) -> bit (stride W+3): same padded row and column
            a = 1 << (a // w2 * stride + a % w2)
            b = 1 << (b // w2 * stride + b % w2)
            partners[a] = partners.get(a, 0) | b
            partners[b] = partners.get(b, 0) | a
        return partners

    def hopeless(self, groups: list[int], tiles: int, hint: list[Step] | None = None) -> list[Step] | None:
        """The relaxation: None when some tile can never be removed, whatever the order (those
        tiles are left in ``self.stuck``); else the steps saying how every tile went, in order.

        ``hint`` is the parent position's steps. Here there are fewer tiles and tighter groups,
        and a step still holds once its partner is still in the tile's group and every cell it
        crossed is empty here: its path is then clear. So the steps are replayed without a
        flood, each waiting for the cells it crossed; tiles whose steps do not hold are then
        checked afresh, and the usual fixed point finishes (every tile that goes, replayed or
        not, wakes the steps waiting for it and queues the tiles in its sight). The fixed point
        is one set whatever the order of its steps, so the answer is the one a fresh start
        gives, for a few floods instead of one per tile."""
        run = _Relaxation(self.g, groups, tiles)
        if hint is None:
            run.start(self.joinable_now(groups))
        else:
            run.replay(hint, self.direct)
        run.settle(hint is None, self.root_tiles & ~tiles)
        self.charge(run.floods + (len(groups) if hint is None else 0))
        if run.gone != tiles:
            self.stuck = tiles & ~run.gone
            return None
        return run.steps

    # ------------------------------------------------------------ the trace (--explain)

    def _name(self, tile: int) -> str:
        x, y = self.g.point(tile.bit_length() - 1)
        return f"{self.code_of.get(tile, '?')}@{x},{y}"

    def _names(self, mask: int) -> str:
        return " ".join(self._name(t) for t in _low_bits(mask))

    def _say(self, text: str) -> None:
        if self.trace is not None:
            self.trace("  " * self.depth + text)

    def _say_forced(self, removed: list[tuple[int, int]]) -> None:
        if removed:
            pairs = ", ".join(f"{self._name(a)}+{self._name(b)}" for a, b in removed)
            self._say(f"forced: {_count(len(removed), 'pair')} can go without a choice (joinable, and the last "
                      f"two of a kind, or a kind's four as two joinable pairs): {pairs}")

    def _say_dead_end(self, what: str) -> None:
        self._say(f"{what}: dead end, {self._names(self.stuck)} can never go, whatever the order")

    # ------------------------------------------------------------ search

    def search(self, groups: list[int], tiles: int, check: list[int]) -> list[tuple[int, int]] | None:
        """The starting position: propagate, test, then branch (:meth:`expand` goes deeper)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        groups, tiles, removed = self.propagate(groups, tiles, check)
        if self.trace is not None:
            self._say_forced(removed)
        if not groups:
            if self.trace is not None:
                self._say("the board is clear")
            return removed
        if self.known_failure(groups) is not None:
            if self.trace is not None:
                self._say("this position is already known to fail")
            return None
        steps = self.hopeless(groups, tiles)
        if steps is None:
            if self.trace is not None:
                self._say_dead_end("relaxation")
            self.learn(self.stuck_core(groups, tiles))
            return None
        if self.trace is not None:
            self._say(f"relaxation: all {tiles.bit_count()} tiles could go in some order, so no dead end is "
                      "proved; the choices left are which tiles of a kind pair with which")
        found = self.expand(groups, tiles, steps)
        return None if found is None else removed + found

    def expand(self, groups: list[int], tiles: int, steps: list[Step]) -> list[tuple[int, int]] | None:
        """Branch at a position that passed the relaxation. Probe: for the few groups with the
        fewest joinable pairs, try every pairing one step deep (propagation and relaxation);
        branch in the group that leaves the fewest children alive, whose tests are already done.

        On failure :attr:`core` says why (see :meth:`learn`). A child whose core does not hold the
        pairing tried there fails for a reason this position has too: back up at once."""
        g = self.g
        trace = self.trace
        salt = self.salt
        empty = g.padded & ~tiles
        cands = []
        self.charge(len(groups))
        for gi, grp in enumerate(groups):
            if grp.bit_count() < 4:
                continue
            pairs = joinable_pairs(g, grp, empty)
            if pairs:
                # After the first run: kinds whose pairing dead ends depended on first (their
                # split kept in a core), then the fewest joinable pairs.
                hot = 0 if salt is None else -self.activity.get(self.kind(grp), 0)
                cands.append((hot, len(pairs), 0 if salt is None else _tie(grp, salt), gi, grp, pairs))
        cands.sort(key=lambda c: (c[0], c[1], c[2], c[3]))
        best = None
        best_dead: list[frozenset[int]] = []  # the cores of the branched group's dead children
        branched = 0  # the group branched on
        for _, _, _, gi, grp, pairs in cands[:self.probe]:
            t = pairs[0 if salt is None else _tie(grp ^ tiles, salt) % len(pairs)][0]
            legal = [b for a, b in pairs if a == t] + [a for a, b in pairs if b == t]

            def leftover_distance(partner: int, grp: int = grp, t: int = t) -> int:
                # Prefer pairings whose other two tiles lie close together.
                rest = _low_bits(grp & ~(t | partner))
                if len(rest) != 2:
                    return 0
                (ax, ay), (bx, by) = (g.point(r.bit_length() - 1) for r in rest)
                return abs(ax - bx) + abs(ay - by)

            legal.sort(key=leftover_distance)
            if salt is not None and len(legal) > 1 and _tie(grp ^ tiles, ~salt) % 4 == 0:
                legal.sort(key=lambda u: _tie(u ^ tiles, salt))
            others = sorted((u for u in _low_bits(grp & ~t) if u not in legal), key=leftover_distance)
            if trace is not None:
                self._say(f"probe {self._name(t)} ({grp.bit_count()} of its kind left, "
                          f"{_count(len(pairs), 'joinable pair')}): try each partner one step deep, "
                          f"joinable now {self._names(sum(legal)) or '-'}, later {self._names(sum(others)) or '-'}")
            rest = groups[:gi] + groups[gi + 1:]
            alive = []
            dead = []
            for partner in legal + others:
                left = grp & ~(t | partner)
                new = [t | partner] + ([left] if left else [])
                cg, ct, cremoved = self.propagate(rest + new, tiles, new)
                if not cg:
                    if trace is not None:
                        self._say(f"  {self._name(t)} with {self._name(partner)}: everything else then goes "
                                  "without a choice")
                        self.depth += 1
                        self._say_forced(cremoved)
                        self._say("the board is clear")
                        self.depth -= 1
                    return cremoved
                core = self.known_failure(cg)
                csteps = None
                if core is not None:
                    if trace is not None:
                        self._say(f"  {self._name(t)} with {self._name(partner)}: already known to fail")
                else:
                    csteps = self.hopeless(cg, ct, steps)
                    if csteps is None:
                        if trace is not None:
                            self._say_dead_end(f"  {self._name(t)} with {self._name(partner)}")
                        core = self.stuck_core(cg, ct)
                        self.learn(core)
                if csteps is None:  # it fails: known_failure() or learn() left the reason in self.core
                    core = self.core
                    if core.isdisjoint(new):
                        self.back_up(core)
                        return None
                    dead.append(core.difference(new))
                    continue
                if trace is not None:
                    self._say(f"  {self._name(t)} with {self._name(partner)}: lives ({_count(len(cremoved), 'pair')} "
                              f"then forced, {ct.bit_count()} tiles left)")
                alive.append((cg, ct, cremoved, csteps, new, t, partner))
                if best is not None and len(alive) >= len(best):
                    break  # this group can no longer leave fewer children than the best so far
            if best is None or len(alive) < len(best):
                best, best_dead, branched = alive, dead, grp
            if len(best) <= 1:
                break
        if trace is not None:
            n = len(best or ())
            self._say("no pairing of the probed tile lives: back up" if n == 0 else
                      "the one pairing that lives is forced" if n == 1 else
                      f"branch on the probed tile with the fewest live pairings: {n}")
        for cg, ct, cremoved, csteps, new, t, partner in best or ():
            core = self.known_failure(cg)
            if core is None:
                self.nodes += 1
                if self.nodes > self.limit:
                    raise _OutOfBudget
                if trace is not None:
                    self._say(f"node {self.nodes}: pair {self._name(t)} with {self._name(partner)}")
                    self.depth += 1
                    self._say_forced(cremoved)
                found = self.expand(cg, ct, csteps)
                if trace is not None:
                    self.depth -= 1
                if found is not None:
                    return cremoved + found
                core = self.core
            if core.isdisjoint(new):
                self.back_up(core)
                return None
            best_dead.append(core.difference(new))
        if trace is not None:
            self._say("no choice here clears the board: back up (this position is remembered as failed)")
        # Every pairing of the branched group failed, each for its core: together with the
        # group unpaired, they are why this position fails. No group to branch on: all of it.
        self.learn(frozenset(groups) if best is None else frozenset([branched]).union(*best_dead))
        return None

    def back_up(self, core: frozenset[int]) -> None:
        """Fail at once: a child failed for ``core``, which this position holds whatever pairing
        is tried here (conflict-directed backjumping; each level above checks the same way)."""
        if self.trace is not None:
            self._say("a failure below does not depend on the pairing tried here: back up")
        self.core = core




def playout(g: Geometry, tiles: int, groups: list[int], rng: Rng, charge: Callable[[float], None]
            ) -> list[tuple[int, int]]:
    """One random game: a legal pair chosen uniformly every turn, the pairs on offer kept
    incrementally (a removal can only open paths through the two cells it empties, so only tiles
    of kinds with two tiles in sight of them are tested again). The removal order, up to a clear
    board or a stuck one.

    Why a search plays games at all: on a jammed deal the search can sink hundreds of nodes into
    one early wrong pairing, while a board that is solvable is often cleared by a random game
    in a few dozen tries, at about a third of a node's time each. A cleared game is a proof like
    any other (every removal in it was legal), so the answer stays exact; a stuck one proves
    nothing and is forgotten."""
    kind: dict[int, int] = {}
    for grp in groups:
        for t in _low_bits(grp):
            kind[t] = grp
    live = {grp: grp for grp in groups}  # a group's full mask -> what is left of it
    empty = g.padded & ~tiles
    legal = [p for grp in groups for p in joinable_pairs(g, grp, empty)]
    order: list[tuple[int, int]] = []
    while legal:
        charge(1)
        a, b = legal[rng.below(len(legal))]
        ab = a | b
        order.append((a, b))
        tiles &= ~ab
        key = kind[a]
        live[key] &= ~ab
        legal = [p for p in legal if not (p[0] | p[1]) & ab]
        if not tiles:
            break
        empty = g.padded & ~tiles
        seen = g.reach(ab, empty, tiles)
        known = {p[0] | p[1] for p in legal}
        done = 0
        for t in _low_bits(seen):
            k = kind[t]
            rest = live[k]
            if done & rest or (rest & seen).bit_count() < 2:
                continue
            done |= rest
            for p in joinable_pairs(g, rest, empty):
                if p[0] | p[1] not in known:
                    legal.append(p)
    return order


def _play_games(search: _Search, groups: list[int], tiles: int, run: int, trace: Trace | None
                ) -> list[tuple[int, int]] | None:
    """Between runs: :data:`PLAYOUTS` x luby(run) random games (seeded by the run), so the games
    keep a steady share of the effort as the runs grow; the first that clears the board is the
    answer."""
    rng = Rng(f"harupan:solver:playout:{run}")
    games = PLAYOUTS * luby(run)
    pairs = tiles.bit_count() // 2
    for i in range(games):
        found = playout(search.g, tiles, groups, rng, search.charge)
        if len(found) == pairs:
            if trace is not None:
                trace(f"after run {run}: random game {i + 1} of {games} clears the board")
            return found
    if trace is not None:
        trace(f"after run {run}: none of {games} random games clears the board")
    return None


def default_budget(width: int, height: int) -> int:
    """The node budget of a solve given none: :data:`DEFAULT_BUDGET` on a board whose padded
    bitboard fits the compiled twin's masks, :data:`LARGE_BOARD_BUDGET` past them. It depends on
    the board's size alone, never on whether the twin is built here, so every machine gives the
    same answer; only the time differs: a search that spends all of 15,000 takes one or two
    seconds with the twin and a minute or more in Python (no twin built, ``--explain``, or a
    custom board with a kind of more than 60 tiles, which the twin does not take)."""
    return DEFAULT_BUDGET if (width + 3) * (height + 2) <= TWIN_BITS else LARGE_BOARD_BUDGET


FIRST_PAIR_TRIES = 4  # joins tried a tile, at most, by the first-pair game (below)


def first_pair_game(g: Geometry, tiles: int, groups: list[int]) -> list[tuple[int, int]] | None:
    """The cheap proof tried when the search gives up: every turn, the first tile in cell order
    that joins a tile of its kind is removed with the first such tile. On a board that almost
    any order clears (a big board of few kinds, where the search's every node floods thousands of
    cells and its work runs out within a few nodes) this clears it in one pass, and a cleared game
    is a proof like any other. A game that sticks proves nothing. Bounded: at most
    :data:`FIRST_PAIR_TRIES` joins tried for each tile of the board, then it gives up."""
    kind = {t: grp for grp in groups for t in _low_bits(grp)}
    live = {grp: grp for grp in groups}
    order: list[tuple[int, int]] = []
    tries = FIRST_PAIR_TRIES * tiles.bit_count()
    while tiles:
        empty = g.padded & ~tiles
        rest = tiles
        found = None
        while rest and found is None:
            a = rest & -rest
            rest ^= a
            tries -= 1
            if tries < 0:
                return None
            hit = g.joins(a, live[kind[a]] & ~a, empty)
            if hit:
                found = (a, hit & -hit)
        if found is None:
            return None
        ab = found[0] | found[1]
        order.append((min(found), max(found)))
        tiles &= ~ab
        live[kind[found[0]]] &= ~ab
    return order


def solve(board: Board, budget: int | None = None, memo: dict[frozenset[int], None] | None = None,
          *, trace: Trace | None = None, work: float | None = None) -> SolveResult:
    """A full removal order, a proof of unsolvability, or ``undecided`` past ``budget`` nodes
    (None: :func:`default_budget`).

    ``memo`` holds the cores known to fail (sets of groups, see above; a dict used as a set that keeps
    the order they were learned in); pass the same one to the solves of boards that share cells and
    tiles (a board and the boards after its first moves, say) and each failure proved once is a
    fact for all of them. It grows in place.

    ``trace``, when given, receives the search's reasoning a line at a time, cells written
    ``code@x,y`` (``harupan shisen solve --explain``); the answer is the same either way.

    ``work`` caps the work units (default (``budget`` + :data:`WORK_SLACK`) x :data:`WORK_PER_NODE`): past it the answer
    is ``undecided`` too, so the time a solve takes is bounded on any board size."""
    board.check_pairs()
    if budget is None:
        budget = default_budget(board.width, board.height)
    g, tiles, kinds = board_bits(board)
    search = _Search(g, budget)
    if work is not None:
        search.work_limit = work
    if memo is not None:
        search.failed = memo
    groups = [kinds[k] for k in sorted(kinds, key=lambda k: kinds[k] & -kinds[k])]
    if trace is None and not PURE_PYTHON and compiled_fits(g, groups, budget):
        return _solve_compiled(g, groups, budget, memo, work)
    if trace is not None:
        search.trace = trace
        search.code_of = {t: code for code, mask in kinds.items() for t in _low_bits(mask)}
        trace(f"board {board.width}x{board.height}: {tiles.bit_count()} tiles of {len(kinds)} kinds; "
              f"at most {budget} nodes (a node is a position branched on)")
    search.set_root(groups, tiles)
    found = None
    run = 0
    while True:
        run += 1
        start = search.nodes
        last = start + RESTART_UNIT * luby(run) >= budget
        search.limit = budget if last else start + RESTART_UNIT * luby(run)
        search.salt = None if run == 1 else Rng(f"harupan:solver:restart:{run}").below(1 << 30)
        search.probe = FIRST_RUN_PROBE if run == 1 else PROBE_GROUPS
        if trace is not None:
            search.depth = 0
            trace(f"run {run}: up to node {search.limit}; "
                  + ("ties broken in plain order" if run == 1 else "ties reshuffled (seeded)")
                  + f"; probe {search.probe} group{'s' if search.probe > 1 else ''} before branching")
        try:
            found = search.search(groups, tiles, list(groups))
            break
        except _OutOfWork:
            if trace is not None:
                trace(f"run {run}: out of work ({search.work_limit:.0f} units, {WORK_PER_NODE} a node of the "
                      "budget); budget spent: undecided")
            return SolveResult(UNDECIDED, None, search.nodes, search.work)
        except _OutOfBudget:
            if trace is not None:
                trace(f"run {run}: out of nodes" + ("; budget spent: undecided" if last else "; restart"))
            if last:
                return SolveResult(UNDECIDED, None, search.nodes, search.work)
        try:
            found = _play_games(search, groups, tiles, run, trace)
        except _OutOfWork:
            return SolveResult(UNDECIDED, None, search.nodes, search.work)
        if found is not None:
            break
    if found is None:
        if trace is not None:
            trace("unsolvable: proved, every way of pairing the tiles was tried or ruled out")
        return SolveResult(UNSOLVABLE, None, search.nodes, search.work)
    order = tuple((g.point(a.bit_length() - 1), g.point(b.bit_length() - 1)) for a, b in found)
    if trace is not None:
        trace(f"solved after {search.nodes} nodes: {len(order)} pairs in removal order")
    return SolveResult(SOLVED, order, search.nodes, search.work)


def decide(board: Board, budget: int | None = None, *, trace: Trace | None = None,
           work: float | None = None) -> SolveResult:
    """:func:`solve`, and where its budget runs out, :func:`first_pair_game` as a last, cheap try:
    a board that almost any order clears is then decided too. For what a person asks of a board
    (``harupan shisen solve``, a hint, a shuffle); the generator and the grading keep to
    :func:`solve`, whose answers the C twin and the browser's module give too."""
    result = solve(board, budget, trace=trace, work=work)
    if result.status != UNDECIDED:
        return result
    g, tiles, kinds = board_bits(board)
    found = first_pair_game(g, tiles, list(kinds.values()))
    if found is None:
        if trace is not None:
            trace("first-pair game: stuck or out of tries; undecided")
        return result
    order = tuple((g.point(a.bit_length() - 1), g.point(b.bit_length() - 1)) for a, b in found)
    if trace is not None:
        trace(f"first-pair game: cleared the board, {len(order)} pairs in removal order")
    return SolveResult(SOLVED, order, result.nodes, result.work)


COMPILED_MAX_KIND = 60  # tiles of one kind the compiled twin's pair buffers hold


def compiled_fits(g: Geometry, groups: list[int], budget: int) -> bool:
    """Whether the compiled twin can take this board: it is built, and the padded bitboard fits
    its fixed-size masks (a shift by the stride stays within one word)."""
    return (_compiled is not None and g.stride < 64 and g.nbits <= _compiled.MAX_BITS
            and 0 <= budget < 1 << 62 and all(grp.bit_count() <= COMPILED_MAX_KIND for grp in groups))


def _solve_compiled(g: Geometry, groups: list[int], budget: int, memo: dict[frozenset[int], None] | None,
                    work: float | None) -> SolveResult:
    """:func:`solve` by the compiled twin: the same search, so the same answer, nodes and work, and
    the memo left holding the same cores in the same order. Two differences from the Python
    search: it holds the GIL for the whole solve (other threads wait), and a solve interrupted
    by Ctrl-C adds nothing to the memo (the Python search adds what it learned so far)."""
    assert _compiled is not None
    size = _compiled.MASK_BYTES
    limit = float((budget + WORK_SLACK) * WORK_PER_NODE if work is None else work)
    given = None if memo is None else [b"".join(grp.to_bytes(size, "little") for grp in core) for core in memo]
    weight = g.stride * (g.height + 2) / WORK_BOARD  # as _Search.weight
    status, pairs, nodes, spent, learned = _compiled.solve(
        g.width, g.height, b"".join(grp.to_bytes(size, "little") for grp in groups), budget, limit, weight,
        (RESTART_UNIT, FIRST_RUN_PROBE, PROBE_GROUPS, PLAYOUTS, UNPAIR_FLOODS), given)
    if memo is not None:
        for raw in learned:
            memo[frozenset(int.from_bytes(raw[i:i + size], "little") for i in range(0, len(raw), size))] = None
    if status == 0:
        order = tuple((g.point(a), g.point(b)) for a, b in pairs)
        return SolveResult(SOLVED, order, nodes, spent)
    return SolveResult(UNSOLVABLE if status == 1 else UNDECIDED, None, nodes, spent)
