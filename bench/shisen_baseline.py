"""The straightforward way to find legal pairs: a breadth-first search over (cell, direction,
bends) for every pair of equal tiles. The baseline bench/shisen.py measures the engine against."""

from collections import deque

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def joinable(board, a, b) -> bool:
    w, h = board.width, board.height

    def free(x, y):
        if (x, y) == b:
            return True
        if x < -1 or y < -1 or x > w or y > h:
            return False
        if x in (-1, w) or y in (-1, h):
            return True
        return board.cells[y][x] is None

    seen = set()
    queue = deque()
    for d in range(4):
        queue.append((a[0], a[1], d, 0))
    while queue:
        x, y, d, bends = queue.popleft()
        dx, dy = DIRS[d]
        nx, ny = x + dx, y + dy
        if not free(nx, ny):
            continue
        if (nx, ny) == b:
            return True
        for nd in range(4):
            nb = bends + (nd != d)
            if nb <= 2 and (nx, ny, nd) not in seen:
                seen.add((nx, ny, nd))
                queue.append((nx, ny, nd, nb))
    return False


def legal_pairs(board):
    tiles = board.tiles()
    out = []
    for i, (p, c) in enumerate(tiles):
        for q, d in tiles[i + 1:]:
            if c == d and joinable(board, p, q):
                out.append((p, q))
    return sorted(out, key=lambda pq: (pq[0][1], pq[0][0], pq[1][1], pq[1][0]))
