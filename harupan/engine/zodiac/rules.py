"""Zodiac merge (십이지 머지), protocol v1 (docs/design.md, "Zodiac merge, protocol v1"; a contract).

A 4×4 board of ranks 0 (empty), 1 쥐 rat … 12 돼지 pig. The board is packed into one int, four
bits a cell, cell ``i = 4·row + column`` at bits ``4i … 4i+3``. Every possible row (65,536 of
them) is slid once, on first use, so a move is four table look-ups (a column is first gathered by
one multiplication), the technique of the well-known 2048 engines. The bulk verify's loop
(:meth:`Game.play`) goes further with tables of its own, filled as lines are met.
``bench/zodiac.py`` measures both against a plain list-based engine.

Rules: a line slides toward the move's edge; equal neighbours merge once per move, nearest the
edge first, and each merge scores the new rank. Pigs do not merge (the game ends at the first
one). A move that changes nothing is not a move. After a move: a pig means **won** (no spawn);
otherwise one spawn, then **over** if nothing can move.
"""

from __future__ import annotations

import array
import datetime as _dt
import itertools
import struct
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from operator import length_hint
from typing import Any

from ..errors import InputError
from ..rng import Rng
from ..status import GameState

FORMAT = "harupan/zodiac@1"
PIG = 12
NAMES_KO = ("", "쥐", "소", "호랑이", "토끼", "용", "뱀", "말", "양", "원숭이", "닭", "개", "돼지")
BRANCHES = ("", "子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥")
MOVES = "UDLR"
PLAYING, WON, OVER = GameState.PLAYING, GameState.WON, GameState.OVER


# ---------------------------------------------------------------- row tables

def slide_line(line: list[int]) -> tuple[list[int], int]:
    """Slide one line toward index 0, merging equal neighbours once; (new line, score gained).

    The reference rule, used to build the tables (and kept simple on purpose)."""
    tiles = [v for v in line if v]
    out: list[int] = []
    score = 0
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1] and tiles[i] < PIG:
            out.append(tiles[i] + 1)
            score += tiles[i] + 1
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (len(line) - len(out)), score


def _build_tables() -> tuple[list[int], ...]:
    """Every row slid toward cell 0 and toward cell 3, with the score gained, and the same
    results spread into a column (for vertical moves). The rule of :func:`slide_line`, written
    out in one loop: this runs at every start of the program, and the loop takes a third of the
    time of calling it 65,536 times (tests compare the two on every row)."""
    left, right, score, score_r, up, down = ([0] * 65536 for _ in range(6))
    row = 0
    for d in range(16):
        for c in range(16):
            for b in range(16):
                for a in range(16):
                    tiles = [v for v in (a, b, c, d) if v]
                    out = []
                    gained = 0
                    i, n = 0, len(tiles)
                    while i < n:
                        v = tiles[i]
                        if i + 1 < n and tiles[i + 1] == v and v < PIG:
                            v += 1
                            gained += v
                            i += 2
                        else:
                            i += 1
                        out.append(v)
                    out += [0] * (4 - len(out))
                    o0, o1, o2, o3 = out
                    rev = (a << 12) | (b << 8) | (c << 4) | d  # the row read backwards
                    left[row] = o0 | (o1 << 4) | (o2 << 8) | (o3 << 12)
                    right[rev] = o3 | (o2 << 4) | (o1 << 8) | (o0 << 12)
                    score[row] = score_r[rev] = gained
                    up[row] = o0 | (o1 << 16) | (o2 << 32) | (o3 << 48)
                    down[rev] = o3 | (o2 << 16) | (o1 << 32) | (o0 << 48)
                    row += 1
    return left, right, score, score_r, up, down


# The full tables are built on first use (a fifth of a second): a bulk verify never needs them,
# it fills the lines it meets in tables of its own (see ``_MOVE_TABLES``). The lists are filled in
# place, so the functions that bind them as default arguments see the filled lists.
_LEFT: list[int]
_RIGHT: list[int]
_SCORE: list[int]
_SCORE_R: list[int]
_UP: list[int]
_DOWN: list[int]
_LEFT, _RIGHT, _SCORE, _SCORE_R, _UP, _DOWN = ([] for _ in range(6))


def _ensure_tables() -> None:
    if not _LEFT:
        for table, built in zip((_LEFT, _RIGHT, _SCORE, _SCORE_R, _UP, _DOWN), _build_tables()):
            table[:] = built


def row_tables() -> tuple[list[int], list[int]]:
    """The slide tables (toward cell 0 and toward cell 3) for searchers that inline moves."""
    _ensure_tables()
    return _LEFT, _RIGHT


def column_tables() -> tuple[list[int], list[int]]:
    """The slide tables for columns (toward row 0 and toward row 3), results already spread
    into place: a column gathered by :data:`COLUMN_GATHER` indexes them."""
    _ensure_tables()
    return _UP, _DOWN


# Rows are split with one struct call rather than four shift-and-mask steps: fewer operations on big ints
# (bench/zodiac.py measures a move against a plain engine).
_ROWS = struct.Struct("<4H")
_split = _ROWS.unpack
_join = _ROWS.pack
_from = int.from_bytes

# A column is gathered into 16 bits with one multiplication: masked to its four nibbles (bits
# 4c + 16r), times K each nibble r lands at bit 48 + 4c + 4r, and nothing else lands in that
# window (the other products fall below bit 48 or above bit 64, without overlapping or carrying).
# Faster per move than transposing through a spread table: every operation on a 64-bit int
# allocates, so fewer operations win (bench/zodiac.py).
_K = COLUMN_GATHER = (1 << 48) | (1 << 36) | (1 << 24) | (1 << 12)


def _columns(b: int, K: int = _K) -> tuple[int, int, int, int]:
    return (((b & 0x000F000F000F000F) * K >> 48) & 0xFFFF, ((b & 0x00F000F000F000F0) * K >> 52) & 0xFFFF,
            ((b & 0x0F000F000F000F00) * K >> 56) & 0xFFFF, ((b & 0xF000F000F000F000) * K >> 60) & 0xFFFF)


def _left(b: int, L: list[int] = _LEFT, S: list[int] = _SCORE) -> tuple[int, int]:
    _ensure_tables()
    r0, r1, r2, r3 = _split(b.to_bytes(8, "little"))
    return _from(_join(L[r0], L[r1], L[r2], L[r3]), "little"), S[r0] + S[r1] + S[r2] + S[r3]


def _up(b: int, U: list[int] = _UP, S: list[int] = _SCORE) -> tuple[int, int]:
    _ensure_tables()
    c0, c1, c2, c3 = _columns(b)
    return U[c0] | (U[c1] << 4) | (U[c2] << 8) | (U[c3] << 12), S[c0] + S[c1] + S[c2] + S[c3]


def move(b: int, letter: str, split: Callable[[bytes], tuple[int, ...]] = _split,
         join: Callable[..., bytes] = _join, from_bytes: Callable[[bytes, Any], int] = _from,
         L: list[int] = _LEFT, R: list[int] = _RIGHT, U: list[int] = _UP, D: list[int] = _DOWN,
         S: list[int] = _SCORE, SR: list[int] = _SCORE_R, K: int = _K) -> tuple[int, int]:  # Any: int.from_bytes's own signature, bound as a default for speed
    """(new packed board, score gained) for one letter; the board is unchanged for a no-op.

    The four directions are written out inline: a second function call per move is measurable (bench/zodiac.py)."""
    if not L:
        _ensure_tables()
    if letter == "L":
        r0, r1, r2, r3 = split(b.to_bytes(8, "little"))
        return from_bytes(join(L[r0], L[r1], L[r2], L[r3]), "little"), S[r0] + S[r1] + S[r2] + S[r3]
    if letter == "R":
        r0, r1, r2, r3 = split(b.to_bytes(8, "little"))
        return from_bytes(join(R[r0], R[r1], R[r2], R[r3]), "little"), SR[r0] + SR[r1] + SR[r2] + SR[r3]
    if letter == "U":
        c0 = ((b & 0x000F000F000F000F) * K >> 48) & 0xFFFF
        c1 = ((b & 0x00F000F000F000F0) * K >> 52) & 0xFFFF
        c2 = ((b & 0x0F000F000F000F00) * K >> 56) & 0xFFFF
        c3 = ((b & 0xF000F000F000F000) * K >> 60) & 0xFFFF
        return U[c0] | (U[c1] << 4) | (U[c2] << 8) | (U[c3] << 12), S[c0] + S[c1] + S[c2] + S[c3]
    if letter == "D":
        c0 = ((b & 0x000F000F000F000F) * K >> 48) & 0xFFFF
        c1 = ((b & 0x00F000F000F000F0) * K >> 52) & 0xFFFF
        c2 = ((b & 0x0F000F000F000F00) * K >> 56) & 0xFFFF
        c3 = ((b & 0xF000F000F000F000) * K >> 60) & 0xFFFF
        return D[c0] | (D[c1] << 4) | (D[c2] << 8) | (D[c3] << 12), SR[c0] + SR[c1] + SR[c2] + SR[c3]
    raise InputError(f"unknown move {letter!r}: expected one of U D L R")


# ---------------------------------------------------------------- boards

def pack(cells: Iterable[int]) -> int:
    b = 0
    for i, v in enumerate(cells):
        b |= v << (4 * i)
    return b


def unpack(b: int) -> list[int]:
    return [(b >> (4 * i)) & 0xF for i in range(16)]


def top_rank(b: int) -> int:
    return max(unpack(b))


# Bit tricks on the packed board, 16 cells at once. Ranks are 0..12, so a nibble has both top
# bits set (>= 12) only for a pig; ``x | x >> 1 | x >> 2 | x >> 3`` leaves a nibble's low bit
# clear only where the nibble is 0.
NIBBLE_LOW = 0x1111111111111111
_PIG_BITS = 0x8888888888888888
_ROW_NEIGHBOURS = 0x0111011101110111  # a cell and the one right of it, columns 0-2
_COLUMN_NEIGHBOURS = 0x0000111111111111  # a cell and the one below it, rows 0-2


def zero_nibbles(x: int) -> int:
    """Bit 4i set where nibble i of ``x`` is 0."""
    x |= x >> 1
    x |= x >> 2
    return ~x & NIBBLE_LOW


def has_pig(b: int) -> bool:
    return bool(b & (b << 1) & _PIG_BITS)


def can_move(b: int) -> bool:
    """True while some move changes the board: an empty cell, or two equal orthogonal neighbours
    (below a pig)."""
    if zero_nibbles(b):
        return True
    if has_pig(b):  # a pig never merges: fall back to the moves themselves
        return _left(b)[0] != b or _up(b)[0] != b
    return bool(zero_nibbles(b ^ (b >> 4)) & _ROW_NEIGHBOURS or zero_nibbles(b ^ (b >> 16)) & _COLUMN_NEIGHBOURS)


_EMPTY_SHIFTS: dict[int, tuple[int, ...]] = {}


def empty_shifts(flags: int) -> tuple[int, ...]:
    """The bit offsets (4·cell) of the empty cells, ascending, for the flags of :func:`zero_nibbles`
    (cached: a game meets few patterns)."""
    found = _EMPTY_SHIFTS.get(flags)
    if found is None:
        found = _EMPTY_SHIFTS[flags] = tuple(4 * i for i in range(16) if flags >> (4 * i) & 1)
    return found


def spawn(b: int, rng: Rng) -> int:
    """Protocol v1: the cell from the ascending list of empty cells, then the rank (2 in 10%)."""
    shifts = empty_shifts(zero_nibbles(b))
    shift = shifts[rng.below(len(shifts))]
    rank = 2 if rng.below(10) == 0 else 1
    return b | (rank << shift)


def check_cells(given: Iterable[Any], *, source: str = "start") -> list[int]:  # Any: JSON as parsed, checked here cell by cell
    cells: list[int] = list(given)
    if len(cells) != 16:
        raise InputError(f"{source}: expected 16 cells, got {len(cells)}")
    for i, v in enumerate(cells):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= PIG:
            raise InputError(f"{source}: cell {i} is {v!r}, expected a rank 0..12")
    return cells


def parse_start(text: str) -> list[int]:
    """16 comma-separated ranks, row-major."""
    try:
        cells = [int(v) for v in text.split(",")]
    except ValueError:
        raise InputError(f"bad start {text!r}: expected 16 comma-separated ranks 0..12") from None
    return check_cells(cells)


def seed_for(date: _dt.date) -> str:
    """The seed of a date's game (docs/design.md, "The project RNG"): its ISO text after the game's name."""
    return f"harupan:zodiac:{date.isoformat()}"


# ---------------------------------------------------------------- the bulk verify's tables

# :meth:`Game.play` looks a move up in four dicts, one for each row (or column) of the board, keyed
# by that line's bits masked in place: no shifting, splitting or gathering before the look-up. The
# four entries add up to what the move decides:
#
#     bits 0-63   the new board (each entry: its line slid, in place; the other lines 0)
#     bits 64-79  the empty cells after the move, one bit per cell
#     bits 80-82  the lines holding a pig after the move
#
# ``entry >> 64`` then keys the spawn table, which lists the empty cells' values. The empty bits
# of different lines never overlap and at most four lines hold a pig, so the sums never carry. The
# score needs no field: it follows from the final board and the oxen spawned (see :data:`WORTH`).
# The dicts are filled as lines are met: a bulk verify meets a few thousand of the 65,536.
_TO_SPAWN = 64
_LINE_MASKS = {"L": tuple(0xFFFF << (16 * p) for p in range(4)),
               "U": tuple(0x000F000F000F000F << (4 * p) for p in range(4))}
_LINE_MASKS["R"], _LINE_MASKS["D"] = _LINE_MASKS["L"], _LINE_MASKS["U"]
_MOVE_TABLES: dict[str, tuple[dict[int, int], ...]] = {d: tuple({} for _ in range(4)) for d in MOVES}


# Four empty-cell bits of a line (bit i for its cell i) as those of column 0 (bit 4·i)
_COLUMN_BITS = tuple(sum(1 << (4 * i) for i in range(4) if z >> i & 1) for z in range(16))


def _fill_line(line: int) -> None:
    """Enter the line whose four cells are the nibbles of ``line`` (nibble 0 the leftmost or
    topmost cell) in all sixteen tables: as each row and each column, slid each way. A bulk
    verify meets a few thousand lines, so this is written out flat."""
    a, b, c, d = line & 0xF, line >> 4 & 0xF, line >> 8 & 0xF, line >> 12
    spread = a | b << 16 | c << 32 | d << 48  # the line as column 0
    for (rows, columns), cells, back in ((_TABLES_0, [a, b, c, d], False), (_TABLES_3, [d, c, b, a], True)):
        out, _ = slide_line(cells)
        o0, o1, o2, o3 = out[::-1] if back else out
        row = o0 | o1 << 4 | o2 << 8 | o3 << 12
        column = o0 | o1 << 16 | o2 << 32 | o3 << 48
        empty = (not o0) | (not o1) << 1 | (not o2) << 2 | (not o3) << 3
        common = (PIG in out) << (_TO_SPAWN + 16)
        row_empty, column_empty = empty << _TO_SPAWN, _COLUMN_BITS[empty] << _TO_SPAWN
        # row p holds cells 4p..4p+3 (board bits 16p on, empty bits 4p on); column p holds cells
        # p, p+4, p+8, p+12 (board bits 4p on, empty bits p on)
        rows[0][line] = row | row_empty | common
        rows[1][line << 16] = row << 16 | row_empty << 4 | common
        rows[2][line << 32] = row << 32 | row_empty << 8 | common
        rows[3][line << 48] = row << 48 | row_empty << 12 | common
        columns[0][spread] = column | column_empty | common
        columns[1][spread << 4] = column << 4 | column_empty << 1 | common
        columns[2][spread << 8] = column << 8 | column_empty << 2 | common
        columns[3][spread << 12] = column << 12 | column_empty << 3 | common


_TABLES_0 = (_MOVE_TABLES["L"], _MOVE_TABLES["U"])  # slides toward cell 0 of a line
_TABLES_3 = (_MOVE_TABLES["R"], _MOVE_TABLES["D"])


# Spawn-table key → the values a spawn may add: 1 << 4i (a rat in cell i) for each empty cell i,
# then 2 << 4i (an ox) for each; () once a pig is on the board (the game is won, nothing spawns).
_SPAWNS: dict[int, tuple[int, ...]] = {}


def _fill_spawns(key: int) -> None:
    rats = () if key >> 16 else tuple(1 << (4 * i) for i in range(16) if key >> i & 1)
    _SPAWNS[key] = rats + tuple(2 * v for v in rats)


def _fill_for(b: int, letter: str) -> None:
    """Enter whatever :meth:`Game.play` needs and has not met for ``letter`` on ``b``."""
    tables, masks = _MOVE_TABLES[letter], _LINE_MASKS[letter]
    entry = 0
    for p in range(4):
        key = b & masks[p]
        found = tables[p].get(key)
        if found is None:
            _fill_line(key >> (16 * p) if letter in "LR" else (key >> (4 * p)) * COLUMN_GATHER >> 48 & 0xFFFF)
            found = tables[p][key]
        entry += found
    if entry >> _TO_SPAWN not in _SPAWNS:
        _fill_spawns(entry >> _TO_SPAWN)


# ---------------------------------------------------------------- the spawns' draws

_OX_BELOW = 0x1999999A  # below(10) == 0, an ox, exactly when the draw is below this
_LANE = 64  # bits per RNG in the side-by-side run: room for a 32-bit word times 9, or shifted by 11
# An RNG's four state words and the oxen it has made so far, each packed one lane per RNG
_Mark = tuple[int, int, int, int, int]


def _run_lanes(marks: list[_Mark], words: int) -> tuple[list[list[int]], list[_Mark]]:
    """xoshiro128** (as :class:`Rng`) run for ``words`` spawns (two outputs each) from each of
    ``marks`` at once.

    Each RNG is a 64-bit lane of five big ints, so one Python operation steps them all: the
    algorithm's shifts, rotations, XORs and small multiplications never carry out of a lane, and
    a mask per lane keeps the 32-bit words. A bulk verify of games on many days makes their draws
    many times faster this way than one RNG at a time. Returns each lane's spawn words (see
    :class:`Draws`) and the packed marks after each word (the first is the start)."""
    n = len(marks)
    ones = int.from_bytes((1).to_bytes(_LANE // 8, "little") * n, "little")
    m = ones * 0xFFFFFFFF
    ox = ones * ((1 << 32) - _OX_BELOW)  # a rank draw plus this reaches bit 32 unless it is an ox
    s0, s1, s2, s3, oxen = (sum(mark[i] << (_LANE * j) for j, mark in enumerate(marks)) for i in range(5))
    out = [(s0, s1, s2, s3, oxen)]
    packed: list[int] = []
    for _ in range(words):
        pair = []  # the cell draw, then the rank draw
        for _ in (0, 1):
            r = (s1 * 5) & m
            pair.append((((r << 7) | (r >> 25)) & m) * 9 & m)
            t = (s1 << 9) & m
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 11) | (s3 >> 21)) & m
        cell, rank = pair
        is_ox = ((rank + ox) >> 32) & ones ^ ones
        oxen += is_ox
        packed.append(cell | is_ox << 32)
        out.append((s0, s1, s2, s3, oxen))
    flat = array.array("Q", b"".join(w.to_bytes(n * _LANE // 8, "little") for w in packed))
    if sys.byteorder == "big":
        flat.byteswap()
    return [flat[j::n].tolist() for j in range(n)], out


def _lane(mark: _Mark, lane: int) -> _Mark:
    shift = _LANE * lane
    a, b, c, d, e = ((x >> shift) & 0xFFFFFFFF for x in mark)
    return a, b, c, d, e


class Draws:
    """The spawn draws of one RNG from one state on, made as they are needed and kept, so games
    from the same start (a bulk verify's claims for one day) make them once.

    ``words[j]`` is the j-th spawn's two outputs in one int: the cell draw, plus 2**32 when the
    rank draw makes an ox. So ``(words[j] * len(values)) >> 33`` picks from a spawn table entry
    (n rats, then n oxen) exactly as ``below(n)`` and ``below(10) == 0`` do: the 2**32 term adds n.
    After each word the RNG state and the oxen so far are kept too (packed, shared by the RNGs
    run side by side), so a game hands its RNG on where it stopped and knows its oxen.
    """

    __slots__ = ("words", "_marks", "_lane", "_own")

    def __init__(self, rng: Rng):
        self.words: list[int] = []
        self._marks: list[_Mark] = [(rng._s[0], rng._s[1], rng._s[2], rng._s[3], 0)]
        self._lane = 0  # this RNG's lane in the packed marks
        self._own = True  # False while the packed marks are shared with other lanes

    @classmethod
    def many(cls, rngs: list[Rng], words: list[int], batch: int = 64) -> list[Draws]:
        """Draws for many RNGs, each made ``words[i]`` words ahead, side by side (see
        :func:`_run_lanes`); RNGs that need about as many words share a run of ``batch`` lanes."""
        made: dict[int, Draws] = {}
        order = sorted(range(len(rngs)), key=lambda i: words[i])
        for at in range(0, len(order), batch):
            group = order[at:at + batch]
            starts = [(s[0], s[1], s[2], s[3], 0) for s in (rngs[i]._s for i in group)]
            per_lane, marks = _run_lanes(starts, max(words[i] for i in group))
            for lane, i in enumerate(group):
                d = made[i] = cls.__new__(cls)
                d.words, d._marks, d._lane, d._own = per_lane[lane], marks, lane, False
        return [made[i] for i in range(len(rngs))]

    def more(self, words: int = 64) -> None:
        """Make ``words`` more words."""
        if not self._own:  # the first time past a side-by-side run: take this lane's marks out
            self._marks = [_lane(m, self._lane) for m in self._marks]
            self._lane, self._own = 0, True
        per_lane, marks = _run_lanes([self._marks[-1]], words)
        self.words += per_lane[0]
        self._marks += marks[1:]

    def after(self, j: int) -> tuple[list[int], int]:
        """The RNG state after ``j`` words (2·j outputs), and the oxen among those words."""
        while len(self._marks) <= j:
            self.more()
        s0, s1, s2, s3, oxen = _lane(self._marks[j], self._lane)
        return [s0, s1, s2, s3], oxen


# What a tile of each rank has scored, built from rats: a merge into rank r scores r, so
# WORTH[r + 1] = 2·WORTH[r] + r + 1 (a pig: 6,130). Merges only ever add, so a game's score grows by
# the worth of its board less what the oxen it was given did not have to earn (2 each).
WORTH = [0, 0]
for _rank in range(2, PIG + 1):
    WORTH.append(2 * WORTH[-1] + _rank)


_WORTH16 = WORTH + [0] * (15 - PIG)  # nibbles above a pig never occur
_WORTH_OF_TWO = tuple(_WORTH16[x & 0xF] + _WORTH16[x >> 4] for x in range(256))  # a byte: two cells


def worth(b: int) -> int:
    """The total worth of a packed board's tiles (see :data:`WORTH`)."""
    return sum(map(_WORTH_OF_TWO.__getitem__, b.to_bytes(8, "little")))


# ---------------------------------------------------------------- games

@dataclass(frozen=True)
class Result:
    board: tuple[int, ...]
    score: int
    counted: int
    state: str
    top: int

    def to_dict(self) -> dict[str, Any]:  # Any: a JSON object, written as the format says
        return {"board": list(self.board), "score": self.score, "counted": self.counted,
                "state": self.state, "top": self.top}


class Game:
    """A game in progress: packed board, the seeded RNG that makes its spawns, score and state.

    ``apply`` changes this object (a replay is a hot loop); :meth:`copy` gives an independent one.
    """

    __slots__ = ("board", "rng", "score", "counted", "state")

    def __init__(self, board: int, rng: Rng, score: int = 0, counted: int = 0, state: str | None = None):
        self.board = board
        self.rng = rng
        self.score = score
        self.counted = counted
        self.state = state or (WON if has_pig(board) else PLAYING if can_move(board) else OVER)

    @classmethod
    def start(cls, seed: str, start: list[int] | None = None) -> Game:
        rng = Rng(seed)
        if start is None:
            b = spawn(spawn(0, rng), rng)
        else:
            b = pack(check_cells(start))
        return cls(b, rng)

    @classmethod
    def for_date(cls, date: _dt.date) -> Game:
        return cls.start(seed_for(date))

    def copy(self) -> Game:
        rng = Rng.__new__(Rng)
        rng._s = list(self.rng._s)
        return Game(self.board, rng, self.score, self.counted, self.state)

    def apply(self, letter: str, position: int | None = None) -> bool:
        """Play one letter; returns False for a no-op. ``position`` (1-based) names it in errors."""
        where = f"move {position}: " if position is not None else ""
        if letter not in MOVES or len(letter) != 1:
            raise InputError(f"{where}{letter!r} is not a move (expected one of U D L R)")
        if self.state != PLAYING:
            raise InputError(f"{where}{letter!r} comes after the game ended ({self.state})")
        new, gained = move(self.board, letter)
        if new == self.board:
            return False
        self.score += gained
        self.counted += 1
        if has_pig(new):
            self.board = new
            self.state = WON
            return True
        new = spawn(new, self.rng)
        self.board = new
        if not can_move(new):
            self.state = OVER
        return True

    def play(self, letters: str, first: int = 1, draws: Draws | None = None) -> None:
        """:meth:`apply` for each of ``letters`` (the first numbered ``first`` in errors), in one
        loop: the bulk verify's hot path. Same results, errors and RNG state as :meth:`apply`, but
        a move is four dict look-ups whose sum carries the new board and the spawn table's key (see
        ``_MOVE_TABLES``), a spawn is one more look-up and one multiplication, and the score is
        reckoned once at the end from the board's worth (see :data:`WORTH`).
        ``draws`` are the draws of this game's RNG from its present state on; games from the same
        start share them (a bulk verify makes each day's draws once)."""
        if self.state != PLAYING or not letters:
            for i, ch in enumerate(letters, first):  # raises at the first letter
                self.apply(ch, i)
            return
        if draws is None:
            draws = Draws(self.rng)
        words = draws.words
        j = 0  # spawns made
        b = self.board
        L0, L1, L2, L3 = _MOVE_TABLES["L"]
        R0, R1, R2, R3 = _MOVE_TABLES["R"]
        U0, U1, U2, U3 = _MOVE_TABLES["U"]
        D0, D1, D2, D3 = _MOVE_TABLES["D"]
        spawns = _SPAWNS
        state = PLAYING
        taken = len(letters)  # letters played; fewer when the game ends or a letter is not a move
        rest = iter(letters)  # its length hint tells how many letters are left
        stream: Iterator[str] = rest
        ch = ""
        tries, left = 0, -1  # retries of one letter (see below)
        while True:
            try:
                for ch in stream:
                    if ch == "L":
                        t = L0[b & 0xFFFF] + L1[b & 0xFFFF0000] + L2[b & 0xFFFF00000000] + L3[b & 0xFFFF000000000000]
                    elif ch == "R":
                        t = R0[b & 0xFFFF] + R1[b & 0xFFFF0000] + R2[b & 0xFFFF00000000] + R3[b & 0xFFFF000000000000]
                    elif ch == "U":
                        t = (U0[b & 0x000F000F000F000F] + U1[b & 0x00F000F000F000F0]
                             + U2[b & 0x0F000F000F000F00] + U3[b & 0xF000F000F000F000])
                    elif ch == "D":
                        t = (D0[b & 0x000F000F000F000F] + D1[b & 0x00F000F000F000F0]
                             + D2[b & 0x0F000F000F000F00] + D3[b & 0xF000F000F000F000])
                    else:
                        taken = len(letters) - length_hint(rest) - 1
                        break
                    new = t & 0xFFFFFFFFFFFFFFFF
                    if new == b:
                        continue
                    values = spawns[t >> 64]
                    n = len(values)  # twice the empty cells; 0 once a pig is made
                    if n > 2:
                        b = new | values[(words[j] * n) >> 33]
                        j += 1
                    elif n:  # one empty cell: full after the spawn, over unless two neighbours are equal
                        b = new | values[(words[j] * n) >> 33]
                        j += 1
                        x = b ^ (b >> 4)
                        x |= x >> 1
                        x |= x >> 2
                        y = b ^ (b >> 16)
                        y |= y >> 1
                        y |= y >> 2
                        if not (~x & 0x0111011101110111 or ~y & 0x0000111111111111):
                            state, taken = OVER, len(letters) - length_hint(rest)
                            break
                    else:  # a pig: won, and nothing spawns
                        b, state, taken = new, WON, len(letters) - length_hint(rest)
                        break
                break
            except KeyError:  # a line, or a set of empty cells, met for the first time
                _fill_for(b, ch)
            except IndexError:  # past the draws made so far
                draws.more()
            # Play that letter again. It can need both (a table, then more draws), never more: a
            # third try would mean a fill that does not fill, so stop rather than loop.
            tries = tries + 1 if length_hint(rest) == left else 1
            left = length_hint(rest)
            if tries > 2:
                raise RuntimeError(f"zodiac: move {first + len(letters) - left - 1} made no progress")
            stream = itertools.chain((ch,), rest)
        self.rng._s[:], oxen = draws.after(j)
        self.score += worth(b) - worth(self.board) - 2 * oxen
        self.board, self.state = b, state
        self.counted += j + (state == WON)
        if taken < len(letters):  # a letter that is not a move, or letters after the game ended
            self.apply(letters[taken], first + taken)

    def result(self) -> Result:
        return Result(tuple(unpack(self.board)), self.score, self.counted, self.state, top_rank(self.board))


def replay(letters: str, *, date: _dt.date | None = None, seed: str | None = None,
           start: list[int] | None = None) -> Result:
    """Replay ``letters`` from a date's start, or from ``seed`` (and optionally a given start)."""
    if date is not None and seed is None:
        key = seed_for(date)
    elif seed is not None and date is None:
        key = seed
    else:
        raise InputError("give exactly one of a date or a seed")
    game = Game.start(key, start)
    game.play(letters)  # as apply letter by letter, in a fifth of the time (a par check replays ~2,000)
    return game.result()


def start_cells(date: _dt.date) -> list[int]:
    return unpack(Game.for_date(date).board)
