"""The straightforward list-based zodiac move: the baseline the packed engine is measured against
(bench/zodiac.py) and checked against (tests/test_zodiac.py). Kept plain on purpose."""

PIG = 12


def slide(line):
    tiles = [v for v in line if v]
    out, score, i = [], 0, 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1] and tiles[i] < PIG:
            out.append(tiles[i] + 1)
            score += tiles[i] + 1
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (len(line) - len(out)), score


def lines(direction):
    """Cell indices of each line, ordered from the edge the tiles slide toward."""
    if direction == "L":
        return [[4 * r + c for c in range(4)] for r in range(4)]
    if direction == "R":
        return [[4 * r + c for c in range(3, -1, -1)] for r in range(4)]
    if direction == "U":
        return [[4 * r + c for r in range(4)] for c in range(4)]
    if direction == "D":
        return [[4 * r + c for r in range(3, -1, -1)] for c in range(4)]
    raise ValueError(direction)


def move(cells, direction):
    out = list(cells)
    total = 0
    for idx in lines(direction):
        new, score = slide([cells[i] for i in idx])
        total += score
        for i, v in zip(idx, new):
            out[i] = v
    return out, total
