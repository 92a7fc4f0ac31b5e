from hypothesis import strategies as st

from harupan.engine.shisen import Board

CODES = ["1m", "2p", "3s", "4z"]


@st.composite
def boards(draw, max_w=6, max_h=5, kinds=CODES, fill=None):
    """Boards with every kind an even number of times, some cells empty."""
    w = draw(st.integers(2, max_w))
    h = draw(st.integers(1, max_h))
    n = w * h
    occupied = draw(st.integers(0, n // 2)) * 2 if fill is None else (int(n * fill) // 2) * 2
    pairs = draw(st.lists(st.sampled_from(kinds), min_size=occupied // 2, max_size=occupied // 2))
    tiles = [c for c in pairs for _ in range(2)] + [None] * (n - occupied)
    order = draw(st.permutations(list(range(n))))
    cells = [tiles[i] for i in order]
    return Board(w, h, tuple(tuple(cells[y * w:(y + 1) * w]) for y in range(h)))
