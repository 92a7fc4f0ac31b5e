// The WebAssembly module's answers on boards the Python tests give (tests/test_shisen_wasm.py
// compares them with the Python search and its compiled twin): a file of cases in, a file of
// answers out, nothing judged here.
//
//   node tests/js/shisen_parity.mjs CASES.json OUT.json
//
// CASES.json: {wasm, solves: [{cells, budget, work}], hints: [{cells}], shuffles: [{cells, seed}]};
// the modules as the build makes them are in HARUPAN_JS_MODULES (tests/conftest.py js_modules).
import { readFileSync, writeFileSync } from "node:fs";
import { load } from "./modules.mjs";

const [casesFile, outFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const { Board } = await load("shisen-board.js");
const { shisenSolverFromBytes } = await load("shisen-solver.js");
const solver = await shisenSolverFromBytes(readFileSync(cases.wasm));
const attempt = (f) => { try { return f(); } catch (e) { return { error: String(e.message || e) }; } };
const out = {
  solves: (cases.solves || []).map((c) => attempt(() => solver.solve(Board.fromRows(c.cells), { budget: c.budget, work: c.work }))),
  hints: (cases.hints || []).map((c) => attempt(() => {
    const h = solver.hint(Board.fromRows(c.cells));
    return h && h.pair ? { pair: h.pair, path: h.path } : h;
  })),
  shuffles: (cases.shuffles || []).map((c) => attempt(() => {
    const s = solver.shuffle(Board.fromRows(c.cells), c.seed);
    return { cells: s.board.cells, solution: s.solution };
  })),
};
writeFileSync(outFile, JSON.stringify(out));
