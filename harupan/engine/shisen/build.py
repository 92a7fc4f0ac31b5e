"""Filling cells with pairs in reverse play order, so the result is solvable by construction.

Placing a pair on two empty cells that are joinable *through the cells still empty* is exactly
the condition for removing that pair when play reaches it, since at that moment the board holds
the pairs placed before it and nothing else. The removal order is the placement order reversed.

Placing pairs uniformly at random strands single cells that no partner can reach. So placement
follows a backbone: a random domino tiling of the cells. Each step takes a free domino and either
places it as it is (two adjacent cells are always joinable) or, with probability ``cross``,
re-pairs it crosswise with another free domino when both cross pairs are joinable through the
empty cells. The free cells are always a union of whole dominoes, so an attempt never strands a
cell, and ``cross`` sets how far apart pairs lie (how hard the board is to read).

Both the daily generator (all cells) and the shuffle (the cells still occupied) use it.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from ..rng import Rng
from .paths import Geometry, bits

CROSS_TRIES = 30


def domino_tiling(g: Geometry, cells: int, rng: Rng) -> list[tuple[int, int]] | None:
    """A seeded domino tiling of the cell mask, or None if the cells have none.

    Greedy with backtracking on the first free cell in scan order, partners tried in a seeded
    order, then randomised further by flipping 2×2 squares of parallel dominoes.
    """
    s = g.stride
    order = list(bits(cells))
    partner: dict[int, int] = {}

    def first_free(start: int) -> int | None:
        for i in range(start, len(order)):
            if order[i] not in partner:
                return i
        return None

    # Iterative backtracking: at each step pair the first free cell with its right or lower
    # neighbour. Choices are drawn once per depth so the search is deterministic.
    stack: list[tuple[int, list[int]]] = []
    i = first_free(0)
    budget = 50_000
    while i is not None:
        c = order[i]
        opts = [n for n in (c + 1, c + s) if (cells >> n) & 1 and n not in partner]
        if len(opts) == 2 and rng.below(2):
            opts.reverse()
        stack.append((i, opts))
        while True:
            budget -= 1
            if budget < 0:
                return None
            if not stack:
                return None
            si, sopts = stack[-1]
            sc = order[si]
            if sc in partner:  # undo this depth's last choice
                n = partner.pop(sc)
                partner.pop(n)
            if sopts:
                n = sopts.pop(0)
                partner[sc] = n
                partner[n] = sc
                break
            stack.pop()
        i = first_free(stack[-1][0] + 1)
    dominoes = {min(a, b): max(a, b) for a, b in partner.items()}
    pairs = sorted(dominoes.items())
    # Flip random 2x2 squares: two horizontal dominoes stacked ⇄ two vertical side by side.
    for _ in range(4 * len(pairs)):
        a, b = pairs[rng.below(len(pairs))]
        if b == a + 1:  # horizontal: look below
            below = (a + s, a + s + 1)
            if partner.get(below[0]) == below[1]:
                _flip(partner, pairs, (a, b), below, (a, a + s), (b, b + s))
        else:  # vertical: look right
            right = (a + 1, b + 1)
            if partner.get(right[0]) == right[1]:
                _flip(partner, pairs, (a, b), right, (a, a + 1), (b, b + 1))
    return pairs


def _flip(partner: dict[int, int], pairs: list[tuple[int, int]], old1: tuple[int, int], old2: tuple[int, int],
          new1: tuple[int, int], new2: tuple[int, int]) -> None:
    """Swap two dominoes for two others, keeping ``pairs`` sorted (as if rebuilt)."""
    for x, y in (old1, old2):
        partner.pop(x), partner.pop(y)
        del pairs[bisect_left(pairs, (x, y))]
    for x, y in (new1, new2):
        partner[x] = y
        partner[y] = x
        insort(pairs, (x, y))


def place_pairs(g: Geometry, cells: int, kinds: list[str], rng: Rng, cross: float = 1.0
                ) -> tuple[dict[int, str], list[tuple[int, int]]] | None:
    """Fill the cell mask ``cells`` with ``kinds`` (one code per pair, in placement order).

    Returns ``(code by bit, removal order as bit pairs)``, or None when the cells admit no domino
    tiling. Cells outside ``cells`` stay empty throughout.
    """
    if cells.bit_count() != 2 * len(kinds):
        raise ValueError("need exactly one kind per pair of cells")
    tiling = domino_tiling(g, cells, rng)
    if tiling is None:
        return None
    free = list(tiling)
    filled = 0
    placed: list[tuple[int, int]] = []
    threshold = int(cross * 1024)
    while free:
        d1 = free.pop(rng.below(len(free)))
        crossed = False
        if free and rng.below(1024) < threshold:
            for _ in range(min(CROSS_TRIES, len(free))):
                j = rng.below(len(free))
                d2 = free[j]
                flip = rng.below(2)
                p = (d1[0], d2[flip])
                q = (d1[1], d2[1 - flip])
                m1 = (1 << p[0]) | (1 << p[1])
                m2 = (1 << q[0]) | (1 << q[1])
                empty = g.padded & ~filled
                if not (g.reach_cells(1 << p[0], empty) >> p[1]) & 1:
                    continue
                empty2 = empty & ~m1
                if not (g.reach_cells(1 << q[0], empty2) >> q[1]) & 1:
                    continue
                free.pop(j)
                placed.append(p)
                placed.append(q)
                filled |= m1 | m2
                crossed = True
                break
        if not crossed:
            placed.append(d1)
            filled |= (1 << d1[0]) | (1 << d1[1])
    codes: dict[int, str] = {}
    for (a, b), code in zip(placed, kinds):
        codes[a] = code
        codes[b] = code
    return codes, [(min(a, b), max(a, b)) for a, b in placed[::-1]]
