"""Slow, obviously-correct references the fast engine is checked against."""

from itertools import product

from harupan.engine.shisen import Board


def free(board: Board, p, ends) -> bool:
    x, y = p
    if x < -1 or y < -1 or x > board.width or y > board.height:
        return False
    if p in ends:
        return True
    if x in (-1, board.width) or y in (-1, board.height):
        return True
    return board[p] is None


def straight_clear(board, p, q, ends) -> bool:
    if p[0] != q[0] and p[1] != q[1]:
        return False
    if p[0] == q[0]:
        step = 1 if q[1] >= p[1] else -1
        cells = [(p[0], y) for y in range(p[1], q[1] + step, step)]
    else:
        step = 1 if q[0] >= p[0] else -1
        cells = [(x, p[1]) for x in range(p[0], q[0] + step, step)]
    return all(free(board, c, ends) for c in cells)


def brute_joinable(board: Board, a, b) -> bool:
    """Enumerate every choice of up to two corner points on the padded grid."""
    if a == b:
        return False
    ends = (a, b)
    cells = [(x, y) for x in range(-1, board.width + 1) for y in range(-1, board.height + 1)]
    if straight_clear(board, a, b, ends):
        return True
    for c in cells:
        if straight_clear(board, a, c, ends) and straight_clear(board, c, b, ends):
            return True
    for c, d in product(cells, repeat=2):
        if straight_clear(board, a, c, ends) and straight_clear(board, c, d, ends) and straight_clear(board, d, b, ends):
            return True
    return False


def brute_legal_pairs(board: Board):
    tiles = board.tiles()
    out = []
    for i, (p, c) in enumerate(tiles):
        for q, d in tiles[i + 1:]:
            if c == d and brute_joinable(board, p, q):
                out.append((p, q))
    return sorted(out, key=lambda pq: (pq[0][1], pq[0][0], pq[1][1], pq[1][0]))


def brute_solvable(board: Board, memo=None) -> bool:
    """Exhaustive search over every legal pair order (small boards only)."""
    if memo is None:
        memo = {}
    key = board.cells
    if key in memo:
        return memo[key]
    if board.is_empty():
        return True
    result = False
    for p, q in brute_legal_pairs(board):
        if brute_solvable(board.with_cells({p: None, q: None}), memo):
            result = True
            break
    memo[key] = result
    return result
