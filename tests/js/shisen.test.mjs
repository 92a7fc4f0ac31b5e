import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { load } from "./modules.mjs";

// The page's rules come from the C search compiled to WebAssembly (shisen-solver.js over
// shisen-solver.wasm, the file the package ships): each answer here is checked against the
// Python engine's, case by case, and written back for the Python tests to prove.
const { Board } = await load("shisen-board.js");
const api = await load("shisen-solver.js");
const { shisenMakeProof: makeProof, shisenProofStillHolds: proofStillHolds, shisenSolverFromBytes, SHISEN_SOLVED: SOLVED } = api;

const casesFile = process.env.HARUPAN_JS_CASES;
const all = casesFile ? JSON.parse(readFileSync(casesFile)) : null;
const cases = all ? all.shisen : null;
const skip = !cases && "run by tests/test_js.py";
const solver = all ? await shisenSolverFromBytes(readFileSync(all.wasm)) : null;
const findPath = (b, p, q) => solver.checkMove(b, p, q);
const legalPairs = (b) => solver.legalPairs(b);
const solve = (b, budget = null) => solver.solve(b, { budget });
const hint = (b, proof = null) => solver.hint(b, proof);
const shuffle = (b, seed) => solver.shuffle(b, seed);

test("paths match the Python engine", { skip }, () => {
  let n = 0;
  for (const c of cases) {
    const b = Board.fromRows(c.cells);
    for (const p of c.paths) {
      assert.deepEqual(findPath(b, p.a, p.b), p.path, JSON.stringify(p));
      n++;
    }
  }
  assert.ok(n > 100);
});

test("legal pairs match the Python engine", { skip }, () => {
  for (const c of cases) assert.deepEqual(legalPairs(Board.fromRows(c.cells)), c.legal);
});

test("solver verdicts match the Python engine and orders replay", { skip }, () => {
  for (const c of cases) {
    const b = Board.fromRows(c.cells);
    const r = solve(b);
    assert.equal(r.status, c.solved, JSON.stringify(c.cells));
    if (r.status === SOLVED) {
      let cur = b;
      for (const [p, q] of r.solution) {
        assert.ok(findPath(cur, p, q), "each step is legal");
        cur = cur.with([[...p, null], [...q, null]]);
      }
      assert.ok(cur.isEmpty());
    }
  }
});

function replays(b, solution) {
  let cur = b;
  for (const [p, q] of solution) {
    assert.ok(findPath(cur, p, q), "each step is legal");
    assert.equal(cur.get(...p), cur.get(...q), "each step pairs equal tiles");
    cur = cur.with([[...p, null], [...q, null]]);
  }
  return cur.isEmpty();
}

test("shuffles and hints (written back for the Python solver to prove)", { skip }, () => {
  const out = [];
  for (const c of cases) {
    const b = Board.fromRows(c.cells);
    const s = b.count() ? shuffle(b, c.seed) : { board: b, solution: [] };
    assert.deepEqual(s.board.cells, c.shuffled, "same arrangement as the Python engine");
    assert.deepEqual(s.solution, c.shuffle_order, "same clearing order as the Python engine");
    const h = hint(b);
    assert.deepEqual(h && h.pair ? [h.pair, h.path] : null, c.hint, "the Python engine's hint, and its path");
    const why = !h ? "none" : h.lost ? "lost" : h.undecided ? "undecided" : null;
    out.push({ cells: s.board.cells, solution: s.solution, hint: h && h.pair ? h.pair : null, why, original: c.cells });
  }
  writeFileSync(process.env.HARUPAN_JS_OUT, JSON.stringify(out));
});

test("a hint follows a known clearing order while the player removes whole pairs of it, in any order", { skip }, () => {
  const { cells, solution } = JSON.parse(readFileSync(casesFile)).proof;
  const start = Board.fromRows(cells);
  const proof = makeProof(start, solution);
  const out = [];
  let b = start;
  // remove pairs 5, 2, 9, 0, 7 of the order (not from its start): the rest still clears the board
  for (const k of [5, 2, 9, 0, 7]) {
    const [p, q] = solution[k];
    b = b.with([[...p, null], [...q, null]]);
    assert.ok(proofStillHolds(b, proof));
    const h = hint(b, proof);
    assert.equal(h.proof, proof, "no solve: the known order still holds");
    assert.ok(findPath(b, ...h.pair), "the hinted pair is legal now");
    out.push({ hint: h.pair, original: b.cells });
  }
  writeFileSync(process.env.HARUPAN_JS_OUT.replace(/\.json$/, ".proof.json"), JSON.stringify(out));
  // a pair of the same kind that the order pairs otherwise: the board has left the order
  const [p0, q0] = solution[1];
  const code = start.get(...p0);
  const other = solution.flat().find(([x, y]) => start.get(x, y) === code && `${[x, y]}` !== `${p0}` && `${[x, y]}` !== `${q0}`);
  assert.equal(proofStillHolds(start.with([[...p0, null], [...other, null]]), proof), null);
  // the same cells holding other tiles (after a shuffle, say): not this order's board
  const p1 = solution.flat().find(([x, y]) => start.get(x, y) !== code);  // a tile of another kind
  const swapped = start.with([[...p1, code], [...p0, start.get(...p1)]]);
  assert.equal(proofStillHolds(swapped, proof), null);
});

test("the promise-based API gives what the loaded module gives (docs/browser.md)", { skip }, async () => {
  assert.equal(api.shisenSolverNow(), null, "nothing loaded before it is asked for");
  const loaded = await api.shisenSolverUse(readFileSync(all.wasm));
  assert.equal(await api.shisenSolver(), loaded, "loaded once");
  assert.equal(api.shisenSolverNow(), loaded);
  let n = 0;
  for (const c of cases.slice(0, 40)) {
    const b = Board.fromRows(c.cells);
    assert.deepEqual(await api.shisenLegalPairs(b), c.legal);
    assert.deepEqual(await api.shisenClearable(b), solver.solve(b));
    assert.deepEqual(await api.shisenHint(b), solver.hint(b));
    if (b.count()) assert.deepEqual(await api.shisenShuffle(b, c.seed), solver.shuffle(b, c.seed));
    for (const p of c.paths) { assert.deepEqual(await api.shisenCheckMove(b, p.a, p.b), p.path); n++; }
  }
  assert.ok(n > 20);
  const r = await api.shisenClearable(Board.fromRows(cases[cases.length - 1].cells));
  assert.ok([api.SHISEN_SOLVED, api.SHISEN_UNSOLVABLE, api.SHISEN_UNDECIDED].includes(r.status));
});

test("the last clearable position: walked back one position at a time", { skip }, async () => {
  await api.shisenSolverUse(readFileSync(all.wasm));
  const pick = (status) => Board.fromRows(cases.find((c) => c.solved === status && c.cells.flat().some(Boolean)).cells);
  const S = pick(SOLVED), U = pick("unsolvable");  // as the Python engine decided them
  // clearable again late in the game (a shuffle does that): halving this history would settle on the first board
  const boards = [S, U, U, U, U, S, U, U, U];
  let pauses = 0;
  const r = await api.shisenLastClearable(boards, async () => { pauses += 1; return true; });
  assert.equal(r.index, 5);
  assert.deepEqual(r.undecided, []);
  assert.equal(pauses, 3, "a pause between two solves, none before the first");
  assert.ok(replays(S, r.solution), "its clearing order clears the board it names");
  assert.deepEqual(await api.shisenLastClearable([U, U]), { index: -1, solution: null, undecided: [] });
  assert.equal(await api.shisenLastClearable(boards, async () => false), null, "a pause saying no stops the walk");
});
