"""상해마작 walls and dealing: where the deal starts, the dead wall, loose tiles, flower
replacements and the first draw, from the two dice rolls.

Four walls, one in front of each seat, of 18 stacks of two tiles (the top tile A, the bottom B):
144 tiles. Stacks are numbered 1-18 from the right end of a wall as its owner sees it. Taking
tiles runs along a wall from stack 1 to 18 and then on to stack 1 of the wall of the owner's
left-hand neighbour, which is the seat before it in turn order (南 → 東 → 北 → 西 → 南).

1. The dealer (東) rolls two dice. Counting the seats counterclockwise from 東 as 1 (東 南 西 北
   東 南 …), the total picks the wall the deal comes from.
2. That many stacks from the wall's right end are passed over; the wall's owner rolls again, and
   that many more are passed over. The last stack passed over is the break point.
3. The deal starts at the next stack: 東 takes two stacks, then 南, 西, 北 two each, three rounds
   (12 tiles each); then 東 takes one more stack and 南, 西, 北 one tile each (top first: the
   source does not say; our choice). So a stack's two tiles can go to two players.
   The next tile is the first draw.
4. The eight stacks ending at the break point, counted back, are the dead wall (16 tiles). The
   break-point stack gives the two loose tiles for kongs: its top goes on the third stack back,
   its bottom on the fifth. When both are used, the next stack back gives the next two.
5. Flowers are replaced from the stack just before the dead wall, top then bottom, going back.
   The source names three stacks (3, 2, 1 when the break is at 11); the set has eight flowers, so
   we take four stacks, and past stack 1 we go on into the previous wall at stack 18 (our choice,
   as is going on into the next wall when the two rolls add up past 18).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

SEATS = ("東", "南", "西", "北")  # turn order, counterclockwise round the table
SEATS_KO = ("동", "남", "서", "북")
STACKS = 18
RING = 4 * STACKS


@dataclass(frozen=True, order=True)
class Stack:
    """A stack: the wall's owner (0 東 … 3 北) and its number 1-18 from the wall's right end."""

    wall: int
    number: int

    def label(self) -> str:
        return f"{SEATS[self.wall]}{self.number}"


def ring_index(s: Stack) -> int:
    """Position along the drawing direction: 南1…南18 then 東1…東18 then 北, then 西."""
    order = (1, 0, 3, 2)  # 南 東 北 西: each wall continues into its owner's left neighbour's wall
    return order.index(s.wall) * STACKS + s.number - 1


def from_ring(i: int) -> Stack:
    i %= RING
    order = (1, 0, 3, 2)
    return Stack(order[i // STACKS], i % STACKS + 1)


def step(s: Stack, n: int) -> Stack:
    """``n`` stacks on in the drawing direction (negative: back)."""
    return from_ring(ring_index(s) + n)


@dataclass(frozen=True)
class Take:
    seat: int
    stack: Stack
    part: str  # "AB" both tiles, "A" top, "B" bottom


@dataclass(frozen=True)
class WallPlan:
    first_roll: int
    second_roll: int
    wall: int  # seat whose wall the deal comes from
    break_point: Stack
    deal_start: Stack
    deal: tuple[Take, ...]
    hand_sizes: tuple[int, ...]
    first_draw: tuple[Stack, str]
    dead_wall: tuple[Stack, ...]  # from the break point back
    loose_tiles: tuple[tuple[Stack, str, Stack], ...]  # (from stack, part, set on stack)
    kong_order: tuple[tuple[Stack, str], ...]  # replacement tiles for kongs, in order
    flower_order: tuple[tuple[Stack, str], ...]  # replacement tiles for flowers, in order


def check_roll(total: int, which: str) -> int:
    if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
        raise InputError(f"{which} roll must be a total of two dice, 2-12; got {total!r}")
    return total


def plan(first_roll: int, second_roll: int, flowers: int = 8) -> WallPlan:
    """The whole layout of the walls for one pair of rolls."""
    check_roll(first_roll, "first")
    check_roll(second_roll, "second")
    wall = (first_roll - 1) % 4
    break_point = step(Stack(wall, 1), first_roll + second_roll - 1)
    start = step(break_point, 1)
    takes: list[Take] = []
    pos = start
    for _ in range(3):
        for seat in range(4):
            for _ in range(2):
                takes.append(Take(seat, pos, "AB"))
                pos = step(pos, 1)
    takes.append(Take(0, pos, "AB"))
    pos = step(pos, 1)
    half = "A"
    for seat in (1, 2, 3):
        takes.append(Take(seat, pos, half))
        if half == "A":
            half = "B"
        else:
            half = "A"
            pos = step(pos, 1)
    first_draw = (pos, half)
    sizes = [0, 0, 0, 0]
    for t in takes:
        sizes[t.seat] += len(t.part)
    dead = tuple(step(break_point, -i) for i in range(8))
    loose = ((break_point, "A", step(break_point, -3)), (break_point, "B", step(break_point, -5)))
    kong = tuple((s, part) for s in dead for part in "AB")
    flower_from = step(break_point, -8)
    flower = tuple((step(flower_from, -(i // 2)), "AB"[i % 2]) for i in range(flowers))
    return WallPlan(first_roll, second_roll, wall, break_point, start, tuple(takes), tuple(sizes),
                    first_draw, dead, loose, kong, flower)


DEAL, DEAD, FLOWER, LIVE = "deal", "dead", "flower", "live"


def tile_roles(p: WallPlan) -> dict[tuple[Stack, str], tuple[str, int | None]]:
    """What every one of the 144 tiles is for, tile by tile (a stack's top and bottom can go to
    different players): (DEAL, seat), (DEAD, None), (FLOWER, None) or (LIVE, None)."""
    roles: dict[tuple[Stack, str], tuple[str, int | None]] = {
        (from_ring(i), part): (LIVE, None) for i in range(RING) for part in "AB"}
    for s, part in p.flower_order:
        roles[(s, part)] = (FLOWER, None)
    for s in p.dead_wall:
        for part in "AB":
            roles[(s, part)] = (DEAD, None)
    for t in p.deal:
        for part in t.part:
            roles[(t.stack, part)] = (DEAL, t.seat)
    return roles


def counts(p: WallPlan) -> dict[str, int]:
    """Tiles per role, counted tile by tile from :func:`tile_roles`: each seat's hand (東 南 西 北),
    the dead wall and the flower replacements."""
    out = {s: 0 for s in SEATS} | {DEAD: 0, FLOWER: 0, LIVE: 0}
    for role, seat in tile_roles(p).values():
        out[SEATS[seat] if seat is not None else role] += 1
    return out
