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


# ---------------------------------------------------------------- a plain verifier

def can_move(cells):
    if 0 in cells:
        return True
    for r in range(4):
        for c in range(4):
            v = cells[4 * r + c]
            if v < PIG and ((c < 3 and cells[4 * r + c + 1] == v) or (r < 3 and cells[4 * r + c + 4] == v)):
                return True
    return False


def spawn(cells, rng):
    empty = [i for i, v in enumerate(cells) if v == 0]
    cell = empty[rng.below(len(empty))]
    cells[cell] = 2 if rng.below(10) == 0 else 1


def verify(date, moves, score):
    """One claim, the plain way: the same answer as ``harupan zodiac verify`` gives."""
    from harupan.engine.rng import Rng

    rng = Rng(f"harupan:zodiac:{date}")
    cells = [0] * 16
    spawn(cells, rng)
    spawn(cells, rng)
    total, counted, state, error = 0, 0, "playing", None
    for i, ch in enumerate(moves, 1):
        if ch not in "UDLR":
            error = f"move {i}: {ch!r} is not a move (expected one of U D L R)"
            break
        if state != "playing":
            error = f"move {i}: {ch!r} comes after the game ended ({state})"
            break
        new, gained = move(cells, ch)
        if new == cells:
            continue
        cells = new
        total += gained
        counted += 1
        if PIG in cells:
            state = "won"
            continue
        spawn(cells, rng)
        if not can_move(cells):
            state = "over"
    out = {"valid": error is None and total == score, "score": total, "state": state, "top": max(cells)}
    if error is not None:
        out["error"] = error
    elif total != score:
        out["error"] = f"claimed score {score}, replay gives {total}"
    return out


def main(argv):
    """``python bench/zodiac_baseline.py verify FILE``: JSON lines in, one JSON line out each."""
    import json
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    out = []
    with open(argv[2], encoding="utf-8") as f:
        for line in f:
            if line.strip():
                c = json.loads(line)
                out.append(json.dumps(verify(c["date"], c["moves"], c["score"]), ensure_ascii=False,
                                      separators=(", ", ": ")))
    print("\n".join(out))


if __name__ == "__main__":
    import sys

    main(sys.argv)
