"""The day page's search: the C core (harupan/engine/shisen/solver_core.c) compiled to WebAssembly
by build_wasm.py and shipped in the package (renderers/games/shisen/shisen-solver.wasm).

* The shipped module is its sources rebuilt, byte for byte, and carries their digest (as the
  twin's .so does), imports nothing, and refuses what its masks cannot hold.
* Under node (tests/js/shisen_parity.mjs) it answers as the Python search and the compiled twin:
  status, removal order, nodes and work (a float summed in the same order), on the hard positions
  of the browser bench, the regression deals of tests/data/shisen_slow, fresh deals and small
  boards, with every status and both budgets; its hints and shuffles are the engine's own.

The reference is the pure-Python search wherever it is quick (small boards, small budgets); on
the long searches it is the twin, which tests/test_shisen_csolver.py holds equal to Python."""

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import js_modules, system_tool
from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, csource, parse_text, replay
from harupan.engine.shisen import solver as s
from harupan.engine.shisen.game import hint, shuffle
from harupan.engine.shisen.tiles import DEFAULT_KINDS
from harupan.generator.games.shisen.layouts import PRESETS, deal
from harupan.renderers.games.shisen import SOLVER_WASM, VIEW

ROOT = Path(__file__).resolve().parent.parent
WASM = VIEW.folder / SOLVER_WASM
SLOW_DEALS = ROOT / "tests" / "data" / "shisen_slow"
POSITIONS = ROOT / "tests" / "data" / "shisen_browser_positions.json"  # hard positions, with the CLI's verdicts
sys.path.insert(0, str(ROOT))
import build_wasm  # noqa: E402  (the repository's build script, beside setup.py)


def cells(board: Board) -> list[list[str | None]]:
    return [list(r) for r in board.cells]


def points(pairs) -> list:
    return [[list(a), list(b)] for a, b in pairs]


def from_cells(rows: list[list[str | None]]) -> Board:
    return Board(len(rows[0]), len(rows), tuple(tuple(r) for r in rows))


def module(tmp_path: Path, cases: dict) -> dict:
    """The module's answers on ``cases`` (see tests/js/shisen_parity.mjs)."""
    path, out = tmp_path / "wasm-cases.json", tmp_path / "wasm-out.json"
    path.write_text(json.dumps({"wasm": str(WASM), **cases}))
    r = subprocess.run([system_tool("node"), "tests/js/shisen_parity.mjs", str(path), str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=900,
                       env=dict(os.environ, HARUPAN_JS_MODULES=str(js_modules(tmp_path / "js"))))
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(out.read_text())


def python(board: Board, budget: int | None = None, work: float | None = None) -> s.SolveResult:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(s, "PURE_PYTHON", True)
        return s.solve(board, budget, work=work)


def twin(board: Board, budget: int | None = None, work: float | None = None) -> s.SolveResult:
    assert s._compiled is not None, "the twin is not built here (python setup.py build_ext --inplace)"
    return s.solve(board, budget, work=work)


def same(got: dict, want: s.SolveResult, what: str) -> None:
    assert "error" not in got, f"{what}: {got}"
    assert (got["status"], got["solution"] or [], got["nodes"], got["work"]) == (
        str(want.status), points(want.solution or ()), want.nodes, want.work), what


def _deal(seed: str, w: int = 18, h: int = 8) -> Board:
    rng = Rng(seed)
    tiles = [DEFAULT_KINDS[i // 4 % len(DEFAULT_KINDS)] for i in range(w * h // 4 * 4)]
    rng.shuffle(tiles)
    return Board(w, h, tuple(tuple(tiles[y * w:(y + 1) * w]) for y in range(h)))


def _small(rng: Rng) -> Board:
    w, h = 2 + rng.below(6), 2 + rng.below(4)
    n = w * h
    occupied = 2 * rng.below(n // 2 + 1)
    kinds = ["1m", "2p", "3s", "4z", "5m"][:1 + rng.below(5)]
    tiles = [c for _ in range(occupied // 2) for c in [kinds[rng.below(len(kinds))]] * 2] + [None] * (n - occupied)
    rng.shuffle(tiles)
    return Board(w, h, tuple(tuple(tiles[y * w:(y + 1) * w]) for y in range(h)))


def hard_positions() -> list[tuple[str, Board]]:
    return [(c["name"], from_cells(c["cells"])) for c in json.loads(POSITIONS.read_text())]


def slow_deals() -> list[tuple[str, Board]]:
    return [(p.stem, parse_text(p.read_text(encoding="utf-8"), source=str(p))) for p in sorted(SLOW_DEALS.glob("*.txt"))]


def test_the_shipped_module_is_its_sources_rebuilt():
    """build_wasm.py (Debian's clang 14, lld and wasi-libc, which tests/setup_tools.py installs)
    makes the shipped bytes again from the sources beside it; the module says which sources it was
    built from, and imports nothing (a libc function that needed the system would show here)."""
    data = WASM.read_bytes()
    assert build_wasm.stamped_digest(data) == csource.digest(csource.MODULE), (
        "shisen-solver.wasm was built from other sources: run `python build_wasm.py` and commit it")
    assert build_wasm.imports(data) == 0
    r = subprocess.run([sys.executable, "build_wasm.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_module_stamped_from_other_sources_is_told_apart():
    data = WASM.read_bytes()
    other = build_wasm.stamp(data, "0" * 64)
    assert build_wasm.stamped_digest(other) == "0" * 64 != build_wasm.stamped_digest(data)
    assert build_wasm.stamp(other, build_wasm.stamped_digest(data)) == data  # one digest section, replaced


def test_the_module_solves_as_python_and_the_twin(tmp_path):
    """Every status (solved, unsolvable, undecided by nodes and by work), restarts and random games,
    mid-game positions, odd sizes, empty boards: the same answer, nodes, work and removal order."""
    rng = Rng("harupan:test:wasm")
    cases: list[tuple[str, Board, int | None, float | None, s.SolveResult]] = []
    for name, board in hard_positions():
        cases.append((name, board, None, None, twin(board)))
    for name, board in slow_deals():  # cut to 45 nodes: two runs and a round of random games
        cases.append((f"{name} at 45", board, 45, None, python(board, 45)))
    for i in range(4):
        board = deal(dt.date(2031, 2, i + 1), 18, 8, list(PRESETS.values())[i % len(PRESETS)], i)[0]
        cases.append((f"fresh {i}", board, None, None, twin(board)))
    for i in range(4):
        board = _deal(f"wasm-{i}", 12, 6)
        for budget, work in ((None, None), (3, None), (200, 2_000.0), (0, None)):
            cases.append((f"12x6 {i} {budget} {work}", board, budget, work, python(board, budget, work)))
    board = _deal("wasm-mid")
    order = twin(board).solution
    assert order is not None
    for cut in (10, 30, 50):
        position = replay(board, order[:cut])
        cases.append((f"mid-game {cut}", position, None, None, twin(position)))
    for w, h in [(2, 1), (4, 1), (2, 2), (1, 4), (16, 3), (14, 10), (20, 6), (29, 6)]:
        if w * h % 4 == 0:
            board = _deal(f"odd-{w}x{h}", w, h)
            cases.append((f"{w}x{h}", board, None, None, twin(board)))
    cases.append(("crossed square", parse_text("1m 2p\n2p 1m\n"), None, None, python(parse_text("1m 2p\n2p 1m\n"))))
    cases.append(("empty", Board(3, 2, ((None,) * 3,) * 2), None, None, python(Board(3, 2, ((None,) * 3,) * 2))))
    for i in range(80):
        board = _small(rng)
        for budget in (None, 2):
            cases.append((f"small {i} {budget}", board, budget, None, python(board, budget)))
    got = module(tmp_path, {"solves": [{"cells": cells(b), "budget": budget, "work": work}
                                       for _, b, budget, work, _ in cases]})["solves"]
    for (name, _, _, _, want), answer in zip(cases, got, strict=True):
        same(answer, want, name)
    assert {str(want.status) for *_, want in cases} == {"solved", "unsolvable", "undecided"}


def test_the_module_hints_and_shuffles_as_the_engine(tmp_path):
    """game.hint and game.shuffle on the hard positions, their mid-games and a late game whose tiles
    have no domino tiling (the shuffle's proved random arrangements): the same pair and path, the
    same arrangement and clearing order."""
    boards = [b for _, b in hard_positions()]
    for b in list(boards[:3]):
        r = twin(b)
        if r.solution:
            boards.append(replay(b, r.solution[:40]))
            boards.append(replay(b, r.solution[:66]))
    late = parse_text("1m .. 2p .. 1m\n.. 2p .. 3s ..\n3s .. .. .. ..\n")  # scattered: no domino tiling
    boards.append(late)
    hints = [hint(b) for b in boards]
    mixed = [shuffle(b, f"harupan:test:wasm-shuffle:{i}") for i, b in enumerate(boards)]
    got = module(tmp_path, {"hints": [{"cells": cells(b)} for b in boards],
                            "shuffles": [{"cells": cells(b), "seed": f"harupan:test:wasm-shuffle:{i}"}
                                         for i, b in enumerate(boards)]})
    for b, want, answer in zip(boards, hints, got["hints"], strict=True):
        if want is None:  # lost or undecided on the command line: the module says which, never a pair
            assert answer in ({"lost": True}, {"undecided": True}), answer
            assert answer == ({"lost": True} if twin(b).status == s.UNSOLVABLE else {"undecided": True})
        else:
            assert answer == {"pair": points([want.pair])[0], "path": [list(p) for p in want.path]}
    for want, answer in zip(mixed, got["shuffles"], strict=True):
        assert answer == {"cells": cells(want.board), "solution": points(want.solution)}


def test_the_module_refuses_what_its_masks_cannot_hold(tmp_path):
    """A board past 256 padded bits (20x10) or with a kind of more than 60 tiles is refused with a
    reason, never solved wrong; an odd kind too (the engine's check_pairs)."""
    big = _deal("wasm-too-big", 20, 10)
    many = Board(16, 4, tuple(tuple("1m" for _ in range(16)) for _ in range(4)))  # 64 of one kind
    odd = Board(3, 1, (("1m", "1m", "2p"),))
    got = module(tmp_path, {"solves": [{"cells": cells(b)} for b in (big, many, odd)]})["solves"]
    assert [g.get("error") for g in got] == ["shisen solver: a board too big for the search's masks"] * 2 + [
        "shisen solver: a kind with an odd number of tiles"]


@pytest.mark.slow
def test_the_regression_deals_match_in_full(tmp_path):
    """tests/data/shisen_slow with the default budget, as the command line solves them: the slowest
    decided deals of the solver bench, each decided by the module as by the twin."""
    deals = slow_deals()
    got = module(tmp_path, {"solves": [{"cells": cells(b)} for _, b in deals]})["solves"]
    verdicts = json.loads((SLOW_DEALS / "verdicts.json").read_text())["verdicts"]
    for (name, board), answer in zip(deals, got, strict=True):
        want = twin(board)
        same(answer, want, name)
        assert answer["status"] == verdicts[name], name
        if want.solution:
            assert replay(board, want.solution).is_empty()

