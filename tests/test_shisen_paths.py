from hypothesis import assume, given
from hypothesis import strategies as st

from harupan.engine.shisen import legal_pairs, parse_text, path_between
from harupan.engine.shisen.paths import bends

from shisen_oracles import brute_joinable, brute_legal_pairs
from strategies import boards


@st.composite
def board_and_two_tiles(draw):
    board = draw(boards(fill=0.6))
    tiles = [p for p, _ in board.tiles()]
    assume(len(tiles) >= 2)
    a, b = draw(st.permutations(tiles))[:2]
    return board, a, b


def check_path(board, path, a, b):
    assert path[0] == a and path[-1] == b
    assert bends(path) <= 2
    for p, q in zip(path, path[1:]):
        assert p[0] == q[0] or p[1] == q[1]
        # every cell on the way is free (the ring counts as free; no farther)
        xs = range(min(p[0], q[0]), max(p[0], q[0]) + 1)
        ys = range(min(p[1], q[1]), max(p[1], q[1]) + 1)
        for x in xs:
            for y in ys:
                assert -1 <= x <= board.width and -1 <= y <= board.height
                if (x, y) not in (a, b) and board.contains((x, y)):
                    assert board[(x, y)] is None


@given(board_and_two_tiles())
def test_path_found_exactly_when_brute_force_finds_one(case):
    board, a, b = case
    path = path_between(board, a, b)
    assert (path is not None) == brute_joinable(board, a, b)
    if path:
        check_path(board, path, a, b)


@given(board_and_two_tiles())
def test_path_is_symmetric(case):
    board, a, b = case
    there, back = path_between(board, a, b), path_between(board, b, a)
    assert (there is None) == (back is None)
    if there:
        assert bends(there) == bends(back)


@given(boards(fill=0.7))
def test_legal_pairs_match_brute_force(board):
    assert legal_pairs(board) == brute_legal_pairs(board)


EXAMPLE = parse_text("""
    1m 2p 2p 1m
    3s 4z 4z 3s
    5m 1m 1m 5m
""")


def test_examples():
    board = EXAMPLE
    # the top row pair goes over the ring: two bends
    assert path_between(board, (0, 0), (3, 0)) == [(0, 0), (0, -1), (3, -1), (3, 0)]
    # neighbours: no bend
    assert path_between(board, (1, 0), (2, 0)) == [(1, 0), (2, 0)]
    # the bottom corners meet under the board
    assert bends(path_between(board, (0, 2), (3, 2))) == 2


def test_three_or_more_bends_is_illegal():
    # 1m at the top-left corner sees the bottom 1m only by going round: three bends
    assert path_between(EXAMPLE, (0, 0), (1, 2)) is None
    assert not brute_joinable(EXAMPLE, (0, 0), (1, 2))
    # the 3s on the side edges would need four bends round the board
    assert path_between(EXAMPLE, (0, 1), (3, 1)) is None


def test_walled_in_pair_has_no_path():
    # the pair is walled in by a frame of tiles: a path may leave the board only onto the ring,
    # and nothing reaches the ring from inside the frame
    board = parse_text("""
        2p 2p 2p 2p 2p 2p
        2p 1m 4z 4z 1m 2p
        2p 2p 2p 2p 2p 2p
    """)
    assert path_between(board, (1, 1), (4, 1)) is None
    assert not brute_joinable(board, (1, 1), (4, 1))
    # the frame's top corners meet over the ring; opposite corners would need three bends
    assert bends(path_between(board, (0, 0), (5, 0))) == 2
    assert path_between(board, (0, 0), (5, 2)) is None


def test_reach_from_several_cells_is_the_union_of_their_reaches():
    """The playouts and the solver flood from all freed cells at once; that relies on this."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import geometry

    rng = Rng("reach-union")
    for _ in range(300):
        w, h = rng.below(8) + 2, rng.below(6) + 2
        g = geometry(w, h)
        cells = [g.bit(x, y) for y in range(h) for x in range(w)]
        tiles = sum(1 << c for c in cells if rng.below(3))
        empty = g.padded & ~tiles
        free = [c for c in cells if not tiles >> c & 1] or [cells[0]]
        picks = [1 << free[rng.below(len(free))] for _ in range(rng.below(3) + 1)]
        source = sum(set(picks))
        t = tiles & ~source
        union = 0
        for p in set(picks):
            union |= g.reach(p, empty | source, t)
        assert g.reach(source, empty | source, t) == union


def test_the_row_fill_by_addition_matches_the_step_by_step_fill():
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import Geometry, geometry

    rng = Rng("fill-by-addition")
    for _ in range(500):
        w, h = rng.below(18) + 1, rng.below(8) + 1
        g = geometry(w, h)
        empty = sum(1 << (py * g.stride + px) for py in range(g.rows) for px in range(w + 2) if rng.below(3))
        seeds = sum({1 << (rng.below(g.rows) * g.stride + rng.below(w + 2)) for _ in range(rng.below(4) + 1)})
        m = empty | seeds
        assert (((m + seeds) ^ m) & m) | seeds == Geometry._fill(seeds, empty, 1)


def test_stages_match_plain_fills():
    """The written-out stages (ring rows and columns in one OR, columns both ways at once) give
    what four plain step-by-step fills give, from one cell or several, on boards of every fill."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import Geometry, geometry

    def row(seeds, empty):
        return Geometry._fill(seeds, empty, 1) | Geometry._fill(seeds, empty, -1)

    def column(seeds, empty, s):
        return Geometry._fill(seeds, empty, s) | Geometry._fill(seeds, empty, -s)

    rng = Rng("stages")
    for _ in range(600):
        w, h = rng.below(18) + 1, rng.below(8) + 1
        g = geometry(w, h)
        s = g.stride
        keep = rng.below(4) + 1  # a cell of the board holds a tile with odds keep/5
        tiles = sum(1 << g.bit(x, y) for y in range(h) for x in range(w) if rng.below(5) < keep)
        empty = g.padded & ~tiles
        # sources on the board, now and then anywhere on the padded grid (the ring too)
        source = sum({1 << g.bit(rng.below(w + 2) - 1, rng.below(h + 2) - 1) if rng.below(4) == 0
                      else 1 << g.bit(rng.below(w), rng.below(h)) for _ in range(rng.below(3) + 1)})
        h0, v0 = row(source, empty), column(source, empty, s)
        v1, h1 = column(h0, empty, s), row(v0, empty)
        assert g._stages(source, empty) == (row(v1, empty), column(h1, empty, s), h1, v1, h0, v0)


def test_joins_is_reach_on_the_targets():
    """The playouts' pair test (one-bend cells against the targets' straight runs) joins exactly
    the targets a full flood reaches, on boards from crowded to nearly clear."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import geometry

    rng = Rng("joins")
    for _ in range(400):
        w, h = rng.below(18) + 1, rng.below(8) + 1
        g = geometry(w, h)
        keep = rng.below(4) + 1
        cells = [g.bit(x, y) for y in range(h) for x in range(w)]
        tiles = sum(1 << c for c in cells if rng.below(5) < keep)
        empty = g.padded & ~tiles
        for c in cells:
            source = 1 << c
            if not tiles & source:
                continue
            targets = sum(1 << d for d in cells if tiles >> d & 1 and d != c and rng.below(3))
            assert g.joins(source, targets, empty) == g.reach(source, empty, tiles) & targets


def test_reach_by_bends_splits_reach_by_bends():
    """The straight and one-bend parts are exactly the tiles brute force joins with no bend and
    with at most one."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import find_path, geometry

    rng = Rng("reach-by-bends")
    for _ in range(150):
        w, h = rng.below(7) + 2, rng.below(5) + 2
        g = geometry(w, h)
        occupied = {(x, y) for y in range(h) for x in range(w) if rng.below(2)}
        tiles = sum(1 << g.bit(x, y) for x, y in occupied)
        for x, y in sorted(occupied)[:3]:
            source = 1 << g.bit(x, y)
            zero, one, two = g.reach_by_bends(source, g.padded & ~tiles, tiles)
            assert two == g.reach(source, g.padded & ~tiles, tiles)
            for q in occupied - {(x, y)}:
                path = find_path(w, h, lambda p, occupied=occupied: p in occupied, (x, y), q)
                assert bool(one >> g.bit(*q) & 1) == (path is not None and len(path) <= 3), (w, h, (x, y), q)
                assert bool(zero >> g.bit(*q) & 1) == (path is not None and len(path) == 2), (w, h, (x, y), q)


def _path_cells(g, path) -> int:
    """The bits of every cell on a corner-point path, its two ends left out."""
    cells = 0
    for (x1, y1), (x2, y2) in zip(path, path[1:]):
        for x in range(min(x1, x2), max(x1, x2) + 1):
            for y in range(min(y1, y2), max(y1, y2) + 1):
                cells |= 1 << g.bit(x, y)
    return cells & ~(1 << g.bit(*path[0])) & ~(1 << g.bit(*path[-1]))


def test_witness_is_a_legal_path_crossing_the_fewest_costly_cells():
    """The solver's witness: a path exists exactly when find_path finds one; its cells are
    empty, run from one end to the other with at most two bends, and cross no more costly
    cells than the path find_path draws."""
    from harupan.engine.rng import Rng
    from harupan.engine.shisen.paths import find_path, geometry

    rng = Rng("witness")
    found = 0
    for _ in range(200):
        w, h = rng.below(7) + 2, rng.below(5) + 2
        g = geometry(w, h)
        occupied = {(x, y) for y in range(h) for x in range(w) if rng.below(2)}
        tiles = sum(1 << g.bit(x, y) for x, y in occupied)
        empty = g.padded & ~tiles
        costly = sum(1 << g.bit(x, y) for y in range(h) for x in range(w)
                     if (x, y) not in occupied and rng.below(2))
        for a in sorted(occupied)[:3]:
            for b in sorted(occupied - {a})[:4]:
                ia, ib = 1 << g.bit(*a), 1 << g.bit(*b)
                cells = g.witness(ia, ib, empty, costly)
                path = find_path(w, h, lambda p, occupied=occupied: p in occupied, a, b)
                assert (cells != -1) == (path is not None), (w, h, a, b)
                if path is None:
                    continue
                found += 1
                assert cells & ~empty == 0
                assert (cells & costly).bit_count() <= (_path_cells(g, path) & costly).bit_count()
                # the cells join a to b: a flood from a inside them (plus b) reaches b
                assert g.reach_any(ia, cells, ib) == ib
    assert found > 300
