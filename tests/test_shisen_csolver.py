"""The compiled twin of the solver (the C search, harupan/engine/shisen/solver_core.c, through its
CPython binding _csolver.c) gives exactly the Python search's answers: status, removal order,
nodes, work (a float summed in the same order) and the memo of cores left behind, in the same
order. Each test solves the same board both ways.

The parity tests skip only when the module is not built; test_compiled_twin_is_built fails when a
C compiler is there but the module is not (so a CI run cannot pass on the Python search alone)."""

import datetime as dt
import shutil
import sysconfig
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, parse_text, replay
from harupan.engine.shisen import csource
from harupan.engine.shisen import solver as s
from harupan.engine.shisen.game import legal_pairs, remove_pair
from harupan.engine.shisen.tiles import DEFAULT_KINDS
from harupan.engine.shisen.traps import openings
from harupan.generator.games.shisen.layouts import PRESETS, deal
from strategies import boards

SLOW_DEALS = Path(__file__).parent / "data" / "shisen_slow"
needs_twin = pytest.mark.skipif(s._compiled is None, reason="harupan.engine.shisen._csolver is not built in this "
                                "tree (no C compiler at install, or a checkout used through PYTHONPATH: "
                                "`python setup.py build_ext --inplace`): nothing to compare")


@pytest.fixture(params=["avx2", "scalar"])
def fills(request):
    """The twin's two sets of fills (AVX2 where the CPU has it, scalar words everywhere): each must
    match Python on its own."""
    default = s._compiled.simd(True)
    if request.param == "avx2" and not default:
        pytest.skip("this CPU has no AVX2: the scalar fills are the ones in use")
    s._compiled.simd(request.param == "avx2")
    yield request.param
    s._compiled.simd(True)


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) or shutil.which("cc") or shutil.which("gcc")


def test_compiled_twin_is_built():
    """Where a C compiler exists, the install must have built the twin: otherwise every parity test
    below would skip and the slow search would ship unnoticed."""
    if _compiler() is None:
        pytest.skip("no C compiler here: the pure-Python search is the expected fallback")
    assert s._compiled is not None, ("a C compiler is installed but harupan.engine.shisen._csolver is not built: "
                                     "run `pip install -e .` (or `python setup.py build_ext --inplace`)")


def _both(board: Board, budget: int = s.DEFAULT_BUDGET, work: float | None = None,
          memos: tuple[dict | None, dict | None] = (None, None)) -> tuple[s.SolveResult, s.SolveResult]:
    g, _, kinds = s.board_bits(board)
    assert s.compiled_fits(g, list(kinds.values()), budget), "the board must go to the twin, or nothing is compared"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(s, "PURE_PYTHON", True)
        py = s.solve(board, budget, memos[0], work=work)
        mp.setattr(s, "PURE_PYTHON", False)
        c = s.solve(board, budget, memos[1], work=work)
    return py, c


def _same(board: Board, budget: int = s.DEFAULT_BUDGET, work: float | None = None) -> s.SolveResult:
    py, c = _both(board, budget, work)
    assert (c.status, c.solution, c.nodes, c.work) == (py.status, py.solution, py.nodes, py.work)
    return c


def _deal(seed: str, w: int = 18, h: int = 8) -> Board:
    rng = Rng(seed)
    cells = [DEFAULT_KINDS[i // 4 % len(DEFAULT_KINDS)] for i in range(w * h // 4 * 4)]  # past 144: kinds of 8
    rng.shuffle(cells)
    return Board(w, h, tuple(tuple(cells[y * w:(y + 1) * w]) for y in range(h)))


def _fresh(i: int) -> Board:
    """A fresh uniform 18x8 deal by the generator's own deal function."""
    return deal(dt.date(2031, 1, i % 28 + 1), 18, 8, list(PRESETS.values())[i % len(PRESETS)], i)[0]


@needs_twin
@pytest.mark.parametrize("i", range(6))
def test_fresh_deals_match(i, fills):
    _same(_fresh(i))


@needs_twin
def test_every_status_and_both_budgets_match(fills):
    """Solved, unsolvable, undecided by nodes (restarts, random games between runs) and undecided
    by work: each answer the same, down to the work counted."""
    statuses = set()
    for i in range(6):
        board = _deal(f"csolver-{i}", 12, 6)
        statuses.add(_same(board).status)
        statuses.add(_same(board, budget=3).status)  # runs of 1-3 nodes: restarts and games
        statuses.add(_same(board, budget=200, work=2_000.0).status)  # out of work first
        _same(board, budget=0)
    statuses.add(_same(parse_text("1m 2p\n2p 1m\n")).status)  # a crossed square
    path = SLOW_DEALS / "bench-deal-670.txt"  # unsolvable through a jam, proved with learned cores
    statuses.add(_same(parse_text(path.read_text(encoding="utf-8"), source=str(path))).status)
    assert statuses == {s.SOLVED, s.UNSOLVABLE, s.UNDECIDED}


@needs_twin
@pytest.mark.parametrize("path", sorted(SLOW_DEALS.glob("*.txt")), ids=lambda p: p.stem)
def test_regression_deals_match_within_a_small_budget(path):
    """The slowest bench deals, cut to 45 nodes (two runs and a round of random games): the full
    searches are in the slow tier."""
    board = parse_text(path.read_text(encoding="utf-8"), source=str(path))
    _same(board, budget=45)


@needs_twin
def test_small_and_odd_boards_match(fills):
    for w, h in [(2, 1), (4, 1), (2, 2), (4, 3), (6, 4), (8, 2), (1, 4), (16, 3), (14, 10), (20, 6), (30, 5)]:
        for k in range(3):
            board = _deal(f"odd-{w}x{h}-{k}", w, h) if w * h % 4 == 0 else None
            if board is not None:
                _same(board)
    _same(Board(3, 2, ((None, None, None), (None, None, None))))  # nothing left: solved, no pairs


@needs_twin
def test_mid_game_positions_match(fills):
    """Boards with tiles gone: a solved deal replayed 10, 30 and 50 pairs in."""
    for i in range(3):
        board = _deal(f"mid-{i}")
        result = _same(board)
        if result.solution is None:
            continue
        for cut in (10, 30, 50):
            position = board
            for pair in result.solution[:cut]:
                position = remove_pair(position, pair)
            _same(position)


@needs_twin
@given(board=boards(max_w=7, max_h=5, kinds=["1m", "2p", "3s", "4z", "5m"]))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_boards_match(board):
    _same(board)
    _same(board, budget=2)


@needs_twin
def test_shared_memo_matches_as_in_openings(fills):
    """Solves sharing one memo of cores, as traps.openings runs them: the same answers, and the memo
    holds the same cores in the same order after each solve."""
    board = _deal("core-16", 12, 6)
    memo_py: dict[frozenset[int], None] = {}
    memo_c: dict[frozenset[int], None] = {}
    for pair in legal_pairs(board)[:10]:
        py, c = _both(remove_pair(board, pair), 200, memos=(memo_py, memo_c))
        assert (c.status, c.solution, c.nodes, c.work) == (py.status, py.solution, py.nodes, py.work)
        assert list(memo_c) == list(memo_py)
    assert memo_py, "no core learned: the memo was not exercised"
    solution = _same(board).solution
    assert solution is not None
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(s, "PURE_PYTHON", True)
        py_openings = openings(board, solution, 200)
    assert openings(board, solution, 200) == py_openings


def test_pure_python_flag_is_read_from_the_environment(tmp_path):
    """HARUPAN_PURE_PYTHON=1 at import forces the Python search (benches and tests compare the two)."""
    import subprocess
    import sys

    code = "from harupan.engine.shisen import solver; print(solver.PURE_PYTHON)"
    for value, expected in (("1", "True"), ("", "False")):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                             env={**__import__("os").environ, "HARUPAN_PURE_PYTHON": value})
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == expected


@needs_twin
@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(SLOW_DEALS.glob("*.txt")), ids=lambda p: p.stem)
def test_regression_deals_match_in_full(path):
    board = parse_text(path.read_text(encoding="utf-8"), source=str(path))
    result = _same(board)
    if result.solution is not None:
        assert replay(board, result.solution).is_empty()


@needs_twin
@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_200_fresh_deals_match(block):
    """200 fresh deals, each by Python once and by the twin with each set of fills."""
    try:
        for i in range(20):
            board = _fresh(100 + 20 * block + i)
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(s, "PURE_PYTHON", True)
                py = s.solve(board)
            for simd in (True, False):
                s._compiled.simd(simd)
                c = s.solve(board)
                assert (c.status, c.solution, c.nodes, c.work) == (py.status, py.solution, py.nodes, py.work), (i, simd)
    finally:
        s._compiled.simd(True)


def test_a_board_too_big_for_the_masks_goes_to_python(monkeypatch):
    """20x10 pads to 23 x 12 = 276 bits, past the twin's 256: the Python search answers (the twin,
    if asked, would fail the test)."""
    board = _deal("too-big", 20, 10)
    g, _, kinds = s.board_bits(board)
    assert not s.compiled_fits(g, list(kinds.values()), s.DEFAULT_BUDGET)
    small, _, small_kinds = s.board_bits(_deal("fits", 18, 8))
    assert s.compiled_fits(small, list(small_kinds.values()), s.DEFAULT_BUDGET) == (s._compiled is not None)

    def no_twin(*args: object, **kwargs: object) -> s.SolveResult:
        raise AssertionError("a board past the twin's masks went to the twin")

    monkeypatch.setattr(s, "_solve_compiled", no_twin)
    assert s.solve(board, budget=1).nodes == 2


def test_the_default_budget_follows_the_board_size_not_the_machine():
    """A solve given no budget gets 15,000 nodes on a board the twin's masks hold (18x8: 21 x 10 =
    210 bits), 3,000 past them (where the search runs in Python, so a full 40x40 stays within a
    few seconds). The rule reads the board's size alone: the same answer with or without the twin."""
    assert s.default_budget(18, 8) == s.DEFAULT_BUDGET == 15_000
    assert s.default_budget(20, 10) == s.LARGE_BOARD_BUDGET == 3_000  # 23 x 12 = 276 bits
    assert s.default_budget(29, 6) == s.DEFAULT_BUDGET  # 32 x 8 = 256: still fits
    if s._compiled is not None:
        assert s._compiled.MAX_BITS == s.TWIN_BITS
    board = _deal("too-big-default", 20, 10)
    assert s.solve(board, budget=s.LARGE_BOARD_BUDGET) == s.solve(board)


@needs_twin
def test_a_twin_built_from_another_source_is_not_used(monkeypatch, tmp_path):
    """A checkout pulled after its build holds other C sources than the twin was made from: the
    twin could disagree with the Python search, so it is not used, and a warning says to rebuild.
    The built twin matches this checkout's sources; an install without them keeps its twin."""
    here = Path(s.__file__).parent
    assert csource.digest(csource.TWIN, here) == s._compiled.SOURCE_SHA256
    for name in csource.TWIN:
        (tmp_path / name).write_bytes((here / name).read_bytes())
    assert csource.digest(csource.TWIN, tmp_path) == s._compiled.SOURCE_SHA256
    monkeypatch.setattr(s, "__file__", str(tmp_path / "solver.py"))
    for name in csource.TWIN:  # a change to any of them counts: the core, its header, the binding
        original = (tmp_path / name).read_bytes()
        (tmp_path / name).write_bytes(original + b"\n/* changed since the build */\n")
        with pytest.warns(RuntimeWarning, match="built from other C sources"):
            assert s._load_twin() is None
        (tmp_path / name).write_bytes(original)
    (tmp_path / "_csolver.c").unlink()
    assert s._load_twin() is s._compiled


@needs_twin
def test_the_twin_refuses_groups_the_wrapper_never_sends():
    """The wrapper sends only even groups of 2 to MAX_KIND tiles that do not overlap; the C checks
    that itself rather than trust it (a group past MAX_KIND would overrun its pair buffers)."""
    size = s._compiled.MASK_BYTES
    consts = (s.RESTART_UNIT, s.FIRST_RUN_PROBE, s.PROBE_GROUPS, s.PLAYOUTS, s.UNPAIR_FLOODS)
    g = s.geometry(18, 8)
    a, b, c = (1 << g.bit(x, 0) for x in range(3))
    for groups in ([a], [a | b | c], [a | b, b | c], [0]):
        raw = b"".join(grp.to_bytes(size, "little") for grp in groups)
        with pytest.raises(ValueError, match="group"):
            s._compiled.solve(18, 8, raw, 10, 1e6, 1.0, consts, None)
    many = [1 << g.bit(x % 18, x // 18) for x in range(62)]
    raw = sum(many).to_bytes(size, "little")
    with pytest.raises(ValueError, match="group"):
        s._compiled.solve(18, 8, raw, 10, 1e6, 1.0, consts, None)
