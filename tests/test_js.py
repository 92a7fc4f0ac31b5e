"""The browser engines (plain ES modules) against the Python engines, case by case, with Node."""

import datetime as dt
import json
import os
import subprocess
from pathlib import Path

from conftest import js_modules, system_tool

from harupan.engine.rng import Rng
from harupan.engine.shisen import Board, SOLVED, UNSOLVABLE, legal_pairs, path_between, replay, shuffle, solve
from harupan.engine.shisen.game import hint
from harupan.renderers.games.shisen import SOLVER_WASM, VIEW
from harupan.engine.zodiac import replay as zreplay
from harupan.generator.games.shisen.layouts import generate
from harupan.generator.games.zodiac.bot import par

ROOT = Path(__file__).resolve().parent.parent
CODES = ["1m", "2p", "3s", "4z", "5m"]
WASM = VIEW.folder / SOLVER_WASM  # the page's rules: the C search, compiled to WebAssembly


def random_board(rng: Rng) -> Board:
    w, h = 2 + rng.below(6), 2 + rng.below(4)
    n = w * h
    occupied = 2 * rng.below(n // 2 + 1)
    kinds = [CODES[rng.below(len(CODES))] for _ in range(occupied // 2)]
    cells = [c for k in kinds for c in (k, k)] + [None] * (n - occupied)
    rng.shuffle(cells)
    return Board(w, h, tuple(tuple(cells[y * w:(y + 1) * w]) for y in range(h)))


def pair_list(pairs):
    return [[list(a), list(b)] for a, b in pairs]


def write_cases(path: Path) -> list:
    rng = Rng("harupan:test:js-cases")
    boards = [random_board(rng) for _ in range(120)]
    layout = generate(dt.date(2026, 11, 29), "12x6", "normal")
    boards.append(replay(layout.board, layout.solution[:8]))
    boards.append(layout.board)
    shisen = []
    for i, b in enumerate(boards):
        tiles = [p for p, _ in b.tiles()]
        paths = []
        for _ in range(min(12, len(tiles) * (len(tiles) - 1))):
            a = tiles[rng.below(len(tiles))]
            c = tiles[rng.below(len(tiles))]
            if a != c:  # a legal move's path (check_move), or none: another kind, or no path
                p = path_between(b, a, c) if b[a] == b[c] else None
                paths.append({"a": list(a), "b": list(c), "path": [list(q) for q in p] if p else None})
        seed = f"harupan:test:shuffle:{i}"
        mixed = shuffle(b, seed)
        h = hint(b)
        shisen.append({"cells": [list(r) for r in b.cells], "paths": paths, "legal": pair_list(legal_pairs(b)),
                       "solved": solve(b).status, "seed": seed, "shuffled": [list(r) for r in mixed.board.cells],
                       "shuffle_order": pair_list(mixed.solution),
                       "hint": [pair_list([h.pair])[0], [list(p) for p in h.path]] if h else None})
    zodiac = []
    for d in ("2026-11-29", "2027-01-01", "2028-02-29"):
        game = par(dt.date.fromisoformat(d), "quick")
        for cut in (0, 7, len(game.moves) // 2, len(game.moves)):
            moves = game.moves[:cut]
            zodiac.append({"date": d, "moves": moves, "result": zreplay(moves, date=dt.date.fromisoformat(d)).to_dict()})
    # a clearing order for hints to follow (proofStillHolds): the layout's own, from the Python engine
    proof = {"cells": [list(r) for r in layout.board.cells], "solution": [[list(a), list(b)] for a, b in layout.solution]}
    path.write_text(json.dumps({"shisen": shisen, "zodiac": zodiac, "proof": proof, "wasm": str(WASM)}))
    return shisen


def test_js_engines_agree_with_python(tmp_path):
    cases = tmp_path / "cases.json"
    out = tmp_path / "js-out.json"
    shisen = write_cases(cases)
    r = subprocess.run([system_tool("node"), "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, HARUPAN_JS_CASES=str(cases), HARUPAN_JS_OUT=str(out),
                                HARUPAN_JS_MODULES=str(js_modules(tmp_path / "js"))))
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "# fail 0" in r.stdout and "# skipped 0" in r.stdout
    # what the JS shuffled and hinted, proved by the Python engine
    results = json.loads(out.read_text())
    assert len(results) == len(shisen)
    for res in results:
        board = Board(len(res["cells"][0]), len(res["cells"]), tuple(tuple(r) for r in res["cells"]))
        assert replay(board, [tuple(tuple(p) for p in s) for s in res["solution"]]).is_empty()
        assert board.count() == 0 or solve(board).status == SOLVED
        if res["hint"]:
            orig = orig_board(res)
            a, b = (tuple(p) for p in res["hint"])
            assert path_between(orig, a, b) is not None
            assert solve(orig.with_cells({a: None, b: None})).status == SOLVED
        elif res["why"] == "lost":  # the page says the board can no longer be cleared: it must be proved
            assert solve(orig_board(res)).status == UNSOLVABLE
        elif res["why"] == "none":
            assert legal_pairs(orig_board(res)) == []
        else:  # the page says only that no hint was found: none of these small boards should need that
            assert res["why"] != "undecided", res["original"]
    # hints that followed the layout's clearing order after pairs of it were removed out of order
    follows = json.loads(out.with_suffix(".proof.json").read_text())
    assert len(follows) >= 4
    for f in follows:
        board = orig_board(f)
        a, b = (tuple(p) for p in f["hint"])
        assert path_between(board, a, b) is not None
        assert solve(board.with_cells({a: None, b: None})).status == SOLVED


def orig_board(res: dict) -> Board:
    return Board(len(res["original"][0]), len(res["original"]), tuple(tuple(r) for r in res["original"]))


def test_the_browser_mounts_games_from_the_registry():
    """Issue 22: no browser module but a game's own names a game (game.js mounts whatever
    sections the page declares; stats.js keeps each game's record through the game's module), and
    each game's module registers itself under its name, which its page section declares."""
    from harupan.renderers.games import views

    js = ROOT / "harupan" / "renderers" / "static" / "js"
    words = [w for v in views() for w in (v.name, v.title)]
    for path in sorted(js.glob("*.js")):
        text = path.read_text(encoding="utf-8").lower()
        assert [w for w in words if w.lower() in text] == [], path.name
    for v in views():
        if v.script is not None:
            assert f'registerGame("{v.name}", {{' in (v.folder / v.script).read_text(encoding="utf-8"), v.script
        assert f'data-game="{v.name}"' in (v.folder / v.template).read_text(encoding="utf-8"), v.template
