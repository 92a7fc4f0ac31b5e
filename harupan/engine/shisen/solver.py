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
  with the fewest pairs, which solves most deals soonest. Failed positions are memoised; a node
  budget (a node is a position branched on) turns a search that runs too long into
  ``undecided``.

Search times are heavy-tailed: one early wrong pairing can cost thousands of nodes below it. So
the search restarts with growing node limits (the Luby sequence) and a seeded reshuffle of its
tie-breaks; the memo of failed positions carries over (a failure is a fact, whatever the order),
and the last run is bounded only by the overall budget, so the search stays complete.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from .board import Board, Pair
from ..rng import Rng
from .paths import Geometry, geometry, visible_index_pairs

SOLVED, UNSOLVABLE, UNDECIDED = "solved", "unsolvable", "undecided"
DEFAULT_BUDGET = 3_000


@dataclass(frozen=True)
class SolveResult:
    status: str
    solution: tuple[Pair, ...] | None
    nodes: int

    @property
    def solvable(self) -> bool | None:
        return {SOLVED: True, UNSOLVABLE: False}.get(self.status)


class _OutOfBudget(Exception):
    pass


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


def _low_bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


FIRST_RUN_PROBE = 1  # the first run (plain order) probes only the group it branches on: most deals
# are solved there, fast; later runs probe as PROBE_GROUPS says (both chosen on tune-deal-*)
PROBE_GROUPS = 4  # groups whose pairings are tried one step deep before branching (chosen on tune-deal-*)
RESTART_UNIT = 40  # nodes per unit of the Luby sequence


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


class _Search:
    def __init__(self, g: Geometry, budget: int):
        self.g = g
        self.budget = budget  # the overall cap, across restarts
        self.limit = budget  # this run's cap
        self.nodes = 0
        self.failed: set[frozenset[int]] = set()
        self.rng: Rng | None = None  # None: the plain order
        self.probe = PROBE_GROUPS
        self.direct: dict[int, int] = {}  # at the root: tile -> partners joinable there
        self.root_tiles = 0  # the tiles at the root

    def set_root(self, groups: list[int], tiles: int) -> None:
        """Remember the starting position; :meth:`hopeless` relies on it when it replays."""
        self.direct = self.joinable_now(groups)
        self.root_tiles = tiles

    def joinable_pairs(self, group: int, tiles: int, empty: int) -> list[tuple[int, int]]:
        """Joinable pairs (one-bit masks, lower first) inside a group."""
        out = []
        reach = self.g.reach
        rest = group
        while rest:
            a = rest & -rest
            rest ^= a
            hit = reach(a, empty, tiles) & rest
            while hit:
                b = hit & -hit
                hit ^= b
                out.append((a, b))
        return out

    def propagate(self, groups: list[int], tiles: int, check: list[int]
                  ) -> tuple[list[int], int, list[tuple[int, int]]]:
        """Remove what can go without a choice. ``check`` lists the groups whose joinability may
        have changed since they were last found stuck. Returns (groups, tiles, removed)."""
        g = self.g
        live = set(groups)
        todo = [c for c in check if c in live]
        queued = set(todo)
        removed: list[tuple[int, int]] = []
        while todo:
            grp = todo.pop()
            queued.discard(grp)
            if grp not in live:
                continue
            empty = g.padded & ~tiles
            n = grp.bit_count()
            gone: list[tuple[int, int]] = []
            if n == 2:
                a = grp & -grp
                b = grp ^ a
                if g.reach(a, empty, tiles) & b:
                    gone = [(a, b)]
            elif n == 4:
                pairs = self.joinable_pairs(grp, tiles, empty)
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
            for other in live:
                if other not in queued and (other & seen).bit_count() >= 2:
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
        for a, b in visible_index_pairs(w, g.height, cells):
            a = 1 << (a // w2 * stride + a % w2)
            b = 1 << (b // w2 * stride + b % w2)
            partners[a] = partners.get(a, 0) | b
            partners[b] = partners.get(b, 0) | a
        return partners

    def hopeless(self, groups: list[int], tiles: int, hint: list[Any] | None = None) -> tuple[bool, list[Any] | None]:
        """The relaxation: (True, None) when some tile can never be removed, whatever the order;
        else (False, steps), where steps say how every tile went, in order: (tile, its partner
        or partners, the cells of tiles gone before that its path crossed). A flood finds only
        that a path exists; the cells come from a witness path, looked for the first time a child
        replays the step (a step then reads [tile, partner, None, empty, gone] until then), since
        most positions probed are never branched on.

        ``hint`` is the parent position's steps. Here there are fewer tiles and tighter groups,
        and a step still holds once its partner is still in the tile's group and every cell it
        crossed is empty here: its path is then clear. So the steps are replayed without a
        flood, each waiting for the cells it crossed; tiles whose steps do not hold are then
        checked afresh, and the usual fixed point finishes (every tile that goes, replayed or
        not, wakes the steps waiting for it and queues the tiles in its sight). The fixed point
        is one set whatever the order of its steps, so the answer is the one a fresh start
        gives, for a few floods instead of one per tile."""
        g = self.g
        group_of: dict[int, int] = {}
        for grp in groups:
            rest = grp
            while rest:
                t = rest & -rest
                rest ^= t
                group_of[t] = grp
        base_empty = g.padded & ~tiles
        todo: deque[int] = deque()
        queued: set[int] = set()
        gone = 0
        steps: list[Any] = []  # (tile, partners, crossed), or [tile, partner, None, empty, gone] until replayed
        waiting: dict[int, list[Any]] = {}  # tile -> replayed steps that crossed it

        def wake(u: int) -> int:
            """Replay the parent's steps that waited for tile ``u``, now gone; the tiles that went."""
            nonlocal gone
            went = 0
            stack = waiting.pop(u)
            while stack:
                step = stack.pop()
                v = step[0]
                if gone & v:
                    continue
                need = step[2] & tiles & ~gone
                if need:
                    waiting.setdefault(need & -need, []).append(step)
                    continue
                gone |= v
                went |= v
                steps.append(step)
                if v in waiting:
                    stack.extend(waiting.pop(v))
            return went

        def release(new: int, empty: int) -> None:
            # A new path for a tile u runs through a cell just emptied, so u and one of its
            # partners (or the partner's empty cell) are both in sight of those cells. One
            # flood from all of them finds that sight (fills distribute over unions).
            seen = g.reach_any(new, empty | new, tiles)
            near = seen | new
            for u in _low_bits(seen & ~gone):
                if u not in queued and group_of[u] & ~u & near:
                    todo.appendleft(u)  # after those already waiting: see the sweep below
                    queued.add(u)

        if hint is not None:
            keep = steps.append
            direct_of = self.direct.get
            rank: dict[int, int] = {}
            for i, step in enumerate(hint):
                u = step[0]
                rank[u] = i
                group = group_of.get(u)
                if group is None or gone & u:
                    continue  # removed on the way here (its cell is empty from the start), or gone
                allowed = step[1] & group
                taken = None
                if allowed:
                    crossed = step[2]
                    if crossed is None:  # a witness not looked for yet (see below); once per step
                        crossed = step[2] = g.witness(u, step[1], step[3], step[4]) & step[4]
                    if not crossed & tiles & ~gone:
                        taken = step
                if taken is None:
                    direct = direct_of(u, 0) & group
                    if direct:  # joinable at the root without crossing any cell: still is
                        taken = (u, direct, 0)
                    else:
                        if allowed:  # wait for the cells it crossed
                            need = crossed & tiles & ~gone
                            waiting.setdefault(need & -need, []).append(step)
                        continue
                gone |= u
                keep(taken)
                if waiting and u in waiting:
                    wake(u)
            # Check first the tiles no step is waiting for (their own steps failed): the waiting
            # ones usually go for free when those do. The sweep below catches the rest.
            blocked = 0
            for held in waiting.values():
                for step in held:
                    blocked |= step[0]
            roots = _low_bits(tiles & ~gone & ~blocked)
            todo.extend(roots)
            queued.update(roots)
        if hint is None:
            # First round: every tile joinable now goes (with its partners), found by one sweep;
            # a tile that cannot join now can only join later through cells emptied meanwhile,
            # and release() queues exactly those.
            for u, partners in self.joinable_now(groups).items():
                gone |= u
                steps.append((u, partners, 0))
            if gone:
                release(gone, base_empty)
        # A fresh start has queued what it must. After a replay, a tile left over that can go
        # now has a path that either crosses only cells empty at the root (so its partner is in
        # ``self.direct`` and it went above), or crosses a cell removed since the root or gone
        # here, and so is in sight of those: one release from all of them, once the roots are
        # done, queues it.
        swept = hint is None
        while True:
            if not todo:
                if swept or gone == tiles:
                    break
                swept = True
                release(gone | (self.root_tiles & ~tiles), base_empty)
                # Earliest in the parent's order first: each that goes frees the steps that
                # crossed it, which then need no flood; tiles queued later wait their turn.
                todo = deque(sorted(todo, key=lambda u: rank.get(u, 0), reverse=True))
                continue
            t = todo.pop()
            queued.discard(t)
            if gone & t:
                continue
            empty = base_empty | gone
            hit = g.reach_any(t, empty, group_of[t] & ~t)
            if hit:
                # Joining is symmetric: the partners t reaches could reach t, so they go too.
                new = (t | hit) & ~gone
                # What each joining relied on: the gone cells on a witness path, looked for only
                # if a child replays the step (most positions probed are never branched on).
                p = hit & -hit
                steps.append([t, p, None, empty, gone])
                for u in _low_bits(new & ~t):
                    steps.append([u, t, None, empty, gone])
                gone |= new
                for u in _low_bits(new):  # replayed steps that waited for these cells
                    if u in waiting:
                        new |= wake(u)
                if swept:  # before the sweep, the sweep's own release covers this one
                    release(new, empty)
        if gone != tiles:
            return True, None
        return False, steps

    def search(self, groups: list[int], tiles: int, check: list[int]) -> list[tuple[int, int]] | None:
        """The starting position: propagate, test, then branch (:meth:`expand` goes deeper)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfBudget
        groups, tiles, removed = self.propagate(groups, tiles, check)
        if not groups:
            return removed
        key = frozenset(groups)
        if key in self.failed:
            return None
        stuck, steps = self.hopeless(groups, tiles)
        if stuck or steps is None:
            self.failed.add(key)
            return None
        found = self.expand(groups, tiles, steps, key)
        return None if found is None else removed + found

    def expand(self, groups: list[int], tiles: int, steps: list[Any], key: frozenset[int]
               ) -> list[tuple[int, int]] | None:
        """Branch at a position that passed the relaxation. Probe: for the few groups with the
        fewest joinable pairs, try every pairing one step deep (propagation and relaxation);
        branch in the group that leaves the fewest children alive, whose tests are already done."""
        g = self.g
        empty = g.padded & ~tiles
        cands = []
        for gi, grp in enumerate(groups):
            if grp.bit_count() < 4:
                continue
            pairs = self.joinable_pairs(grp, tiles, empty)
            if pairs:
                cands.append((len(pairs), self.rng.below(1 << 16) if self.rng is not None else 0, gi, grp, pairs))
        cands.sort(key=lambda c: (c[0], c[1], c[2]))
        best = None
        for _, _, gi, grp, pairs in cands[:self.probe]:
            t = pairs[self.rng.below(len(pairs))][0] if self.rng is not None else pairs[0][0]
            legal = [b for a, b in pairs if a == t] + [a for a, b in pairs if b == t]

            def leftover_distance(partner: int, grp: int = grp, t: int = t) -> int:
                # Prefer pairings whose other two tiles lie close together.
                rest = _low_bits(grp & ~(t | partner))
                if len(rest) != 2:
                    return 0
                (ax, ay), (bx, by) = (g.point(r.bit_length() - 1) for r in rest)
                return abs(ax - bx) + abs(ay - by)

            legal.sort(key=leftover_distance)
            if self.rng is not None and len(legal) > 1 and self.rng.below(4) == 0:
                self.rng.shuffle(legal)
            others = sorted((u for u in _low_bits(grp & ~t) if u not in legal), key=leftover_distance)
            rest = groups[:gi] + groups[gi + 1:]
            alive = []
            for partner in legal + others:
                left = grp & ~(t | partner)
                new = [t | partner] + ([left] if left else [])
                cg, ct, cremoved = self.propagate(rest + new, tiles, new)
                if not cg:
                    return cremoved
                ckey = frozenset(cg)
                if ckey in self.failed:
                    continue
                cstuck, csteps = self.hopeless(cg, ct, steps)
                if cstuck or csteps is None:
                    self.failed.add(ckey)
                    continue
                alive.append((cg, ct, cremoved, csteps, ckey))
                if best is not None and len(alive) >= len(best):
                    break  # this group can no longer leave fewer children than the best so far
            if best is None or len(alive) < len(best):
                best = alive
            if len(best) <= 1:
                break
        for cg, ct, cremoved, csteps, ckey in best or ():
            if ckey in self.failed:
                continue
            self.nodes += 1
            if self.nodes > self.limit:
                raise _OutOfBudget
            found = self.expand(cg, ct, csteps, ckey)
            if found is not None:
                return cremoved + found
        self.failed.add(key)
        return None


def solve(board: Board, budget: int = DEFAULT_BUDGET, memo: set[frozenset[int]] | None = None) -> SolveResult:
    """A full removal order, a proof of unsolvability, or ``undecided`` past ``budget`` nodes.

    ``memo`` is the set of positions known to fail; pass the same set to the solves of boards
    that share cells and tiles (a board and the boards after its first moves, say) and each
    failure proved once is a fact for all of them. It grows in place."""
    board.check_pairs()
    g, tiles, kinds = board_bits(board)
    search = _Search(g, budget)
    if memo is not None:
        search.failed = memo
    groups = [kinds[k] for k in sorted(kinds, key=lambda k: kinds[k] & -kinds[k])]
    search.set_root(groups, tiles)
    found = None
    run = 0
    while True:
        run += 1
        start = search.nodes
        last = start + RESTART_UNIT * luby(run) >= budget
        search.limit = budget if last else start + RESTART_UNIT * luby(run)
        search.rng = None if run == 1 else Rng(f"harupan:solver:restart:{run}")
        search.probe = FIRST_RUN_PROBE if run == 1 else PROBE_GROUPS
        try:
            found = search.search(groups, tiles, list(groups))
            break
        except _OutOfBudget:
            if last:
                return SolveResult(UNDECIDED, None, search.nodes)
    if found is None:
        return SolveResult(UNSOLVABLE, None, search.nodes)
    order = tuple((g.point(a.bit_length() - 1), g.point(b.bit_length() - 1)) for a, b in found)
    return SolveResult(SOLVED, order, search.nodes)
