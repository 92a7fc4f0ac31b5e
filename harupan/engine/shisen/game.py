"""Play: legal pairs, moves with undo, hint and shuffle, over :class:`Board` values.

A :class:`State` keeps its history as a link to the state before it, so ``undo`` is a pointer
step and every state is an immutable value that can be shared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InputError
from ..rng import Rng
from .board import Board, Pair, Point
from .build import place_pairs
from .paths import find_path, visible_pairs
from .settings import SHUFFLE_BUDGET, WORK_PER_NODE
from .solver import SOLVED, SolveResult, board_bits, decide


def legal_pairs(board: Board) -> list[Pair]:
    """Every joinable pair of equal tiles, sorted, each pair as (first, second) in row-major order.

    One sweep over the board's empty runs (:func:`.paths.visible_pairs`), never one search per pair.
    """
    return visible_pairs(board.width, board.height, board.cells)


def path_between(board: Board, a: Point, b: Point) -> list[Point] | None:
    return find_path(board.width, board.height, lambda p: board[p] is not None, a, b)


def check_move(board: Board, pair: Pair) -> list[Point]:
    """The path for a legal move, or :class:`InputError` saying why it is not one."""
    a, b = pair
    for p in (a, b):
        if not board.contains(p):
            raise InputError(f"illegal move: {list(p)} is outside the {board.width}x{board.height} board")
        if board[p] is None:
            raise InputError(f"illegal move: {list(p)} is empty")
    if a == b:
        raise InputError(f"illegal move: {list(a)} chosen twice")
    if board[a] != board[b]:
        raise InputError(f"illegal move: {board[a]} at {list(a)} does not match {board[b]} at {list(b)}")
    path = path_between(board, a, b)
    if path is None:
        raise InputError(f"illegal move: no path with at most two bends joins {list(a)} and {list(b)}")
    return path


def remove_pair(board: Board, pair: Pair) -> Board:
    check_move(board, pair)
    return board.with_cells({pair[0]: None, pair[1]: None})


def replay(board: Board, order: Iterable[Pair]) -> Board:
    """Apply a removal order move by move; raises on the first illegal step (1-based)."""
    for i, pair in enumerate(order, 1):
        try:
            board = remove_pair(board, pair)
        except InputError as e:
            raise InputError(f"step {i}: {e}") from None
    return board


@dataclass(frozen=True)
class State:
    """A position and how it was reached. ``previous`` is None for the start."""

    board: Board
    previous: State | None = None
    move: Pair | None = None  # the pair removed to get here; None after a shuffle or at start

    @property
    def won(self) -> bool:
        return self.board.is_empty()


def start(board: Board) -> State:
    board.check_pairs()
    return State(board)


def apply(state: State, pair: Pair) -> State:
    """A new state with ``pair`` removed; raises :class:`InputError` for an illegal move."""
    return State(remove_pair(state.board, pair), state, pair)


def undo(state: State) -> State:
    """The state before the last move or shuffle (the start stays the start)."""
    return state.previous if state.previous is not None else state


@dataclass(frozen=True)
class Hint:
    pair: Pair
    path: list[Point]


def hint(board: Board, budget: int | None = None) -> Hint | None:
    """A legal pair after which the board is still solvable, or None if there is none.

    A pair that is the last two of its kind is always safe when the board is solvable (removal
    never blocks anything, and those two must pair with each other anyway), so the solver is
    asked only when no such pair exists.
    """
    pairs = legal_pairs(board)
    return hint_from(board, pairs, decide(board, budget)) if pairs else None


def hint_from(board: Board, pairs: list[Pair], whole: SolveResult) -> Hint | None:
    """:func:`hint` for a caller that has the legal ``pairs`` and the solver's verdict on the
    whole board already (and wants the verdict too: ``harupan shisen hint``'s exit code)."""
    if not pairs or whole.status != SOLVED:
        return None
    counts: Counter[str | None] = Counter(c for _, c in board.tiles())
    for pair in pairs:
        if counts[board[pair[0]]] == 2:
            return Hint(pair, check_move(board, pair))
    # The solver's own first move keeps the board solvable by definition.
    assert whole.solution is not None  # SOLVED carries its removal order
    a, b = sorted(whole.solution[0], key=lambda q: (q[1], q[0]))
    return Hint((a, b), check_move(board, (a, b)))


@dataclass(frozen=True)
class Shuffled:
    board: Board
    solution: tuple[Pair, ...]


def shuffle(board: Board, seed: str, budget: int = SHUFFLE_BUDGET) -> Shuffled:
    """Rearrange the remaining tiles over the same occupied cells into a solvable arrangement.

    First choice: build the arrangement in reverse play order over a domino tiling of the
    occupied cells (see :mod:`.build`), solvable by construction. Cells that admit no domino
    tiling (scattered late-game tiles) get seeded random arrangements, each proved by the solver.
    The result differs from the current arrangement whenever another one exists, and the same
    board and seed always give the same result. The solves share one work budget, a single
    solve's (``budget`` x :data:`.solver.WORK_PER_NODE`), so a shuffle takes no longer than a solve.
    """
    board.check_pairs()
    g, tiles, kinds = board_bits(board)
    if tiles == 0:
        return Shuffled(board, ())
    pair_kinds = sorted(code for code, mask in kinds.items() for _ in range(mask.bit_count() // 2))
    rng = Rng(seed)
    for _ in range(8):
        order = list(pair_kinds)
        rng.shuffle(order)
        built = place_pairs(g, tiles, order, rng)
        if built is None:
            break  # no domino tiling: no use trying again
        codes, removal = built
        new = board.with_cells({g.point(b): c for b, c in codes.items()})
        if new == board and len(kinds) > 1:
            continue
        return Shuffled(new, tuple((g.point(a), g.point(b)) for a, b in removal))
    cells = [p for p, _ in board.tiles()]
    codes_list = sorted(c for _, c in board.tiles())
    work: float = budget * WORK_PER_NODE
    for _ in range(64):
        rng.shuffle(codes_list)
        new = board.with_cells(dict(zip(cells, codes_list)))
        if new == board and len(kinds) > 1:
            continue
        result = decide(new, budget, work=work)
        if result.status == SOLVED and result.solution is not None:
            return Shuffled(new, result.solution)
        work -= result.work
        if work <= 0:
            break
    raise InputError("shuffle found no solvable arrangement of these tiles within its budget")
