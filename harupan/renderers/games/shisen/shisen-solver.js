// Shisen-sho's rules for the page, from the engine's C search compiled to WebAssembly
// (shisen-solver.wasm, built by build_wasm.py from harupan/engine/shisen/solver_core.c, the code the
// command line's compiled twin runs): legal moves and pairs, the hint, the shuffle and whether a
// position can still be cleared, with the command line's budgets. The API is promise-based, as
// the module loads only when first asked for (never during page load); once loaded, every call
// runs at once. docs/browser.md lists it.
//
//   await shisenSolver()                    the loaded module (its calls are synchronous)
//   await shisenHint(board, proof)          {pair, path, proof} | {lost: true} | {undecided: true} | null
//   await shisenShuffle(board, seed)        {board, solution}, or null: no solvable arrangement found in the budget
//   await shisenClearable(board)            {status: "solved" | "unsolvable" | "undecided", solution, nodes, work}
//   await shisenCheckMove(board, a, b)      the path's corner points, or null: not a legal move
//   await shisenLegalPairs(board)           every legal pair [[x, y], [x, y]], sorted row-major
//   await shisenLastClearable(boards, pause) {index, solution, undecided}: the last position proved clearable
//
// Boards are shisen-board.js's Board values; points are [x, y]. The settings come from the
// engine's (HARUPAN_DATA.shisen.search, settings.py), never a copy. A promise rejects only when the
// module cannot be loaded (no network, on a page the service worker has not kept) or is misused.
import { HARUPAN_DATA } from "./data.js";
import { Board } from "./shisen-board.js";

export const SHISEN_SOLVED = "solved", SHISEN_UNSOLVABLE = "unsolvable", SHISEN_UNDECIDED = "undecided";
const SHISEN_STATUS = [SHISEN_SOLVED, SHISEN_UNSOLVABLE, SHISEN_UNDECIDED];
const SHISEN_ERRORS = { [-1]: "bad arguments", [-2]: "a kind with an odd number of tiles", [-3]: "a tile off the board",
  [-4]: "out of memory", [-5]: "stopped", [-6]: "a board too big for the search's masks",
  [-7]: "shuffle found no solvable arrangement of these tiles within its budget" };
const SHISEN_NO_ARRANGEMENT = -7;
const SHISEN_HINT = { NONE: 0, PAIR: 1, LOST: 2, UNDECIDED: 3 };
// the module's file (beside this script, named by its content), from the engine's tables
const SHISEN_MODULE = HARUPAN_DATA.shisen.module;
// where the joined script was loaded from, read while it runs: the module's file sits beside it
const SHISEN_SCRIPT = typeof document !== "undefined" && document.currentScript ? document.currentScript.src : null;

class ShisenSearch {
  constructor(instance) {
    this.x = instance.exports;
    const s = HARUPAN_DATA.shisen.search;
    const r = this.x.configure(s.restartUnit, s.firstRunProbe, s.probeGroups, s.playouts, s.unpairFloods, s.workPerNode,
      s.workBoard, s.workSlack, s.defaultBudget, s.shuffleBudget);
    if (r < 0) throw new Error(`shisen solver: ${SHISEN_ERRORS[r]}`);
  }

  ints(at, n) { return new Int32Array(this.x.memory.buffer, at, n); }  // a fresh view: memory may have grown

  /** Writes the board into the module's input (kinds as ids in the codes' sorted order, as the
   *  engine sorts codes); returns the codes by id and where the input goes on. */
  put(board) {
    const codes = [null, ...[...new Set(board.tiles().map(([, , c]) => c))].sort()];
    const id = new Map(codes.map((c, i) => [c, i]));
    const cells = board.cells.flat();
    const inp = this.ints(this.x.io_in(), 2 + cells.length);
    inp[0] = board.width; inp[1] = board.height;
    cells.forEach((c, i) => { inp[2 + i] = c === null ? 0 : id.get(c); });
    return { codes, next: 2 + cells.length };
  }

  check(r) {
    if (r < 0) throw new Error(`shisen solver: ${SHISEN_ERRORS[r] || r}`);
    return r;
  }

  pairsAt(at) {
    const n = this.ints(at, 1)[0], v = this.ints(at + 4, 4 * n), out = [];
    for (let i = 0; i < n; i++) out.push([[v[4 * i], v[4 * i + 1]], [v[4 * i + 2], v[4 * i + 3]]]);
    return out;
  }

  /** Every legal pair, sorted row-major (game.legal_pairs). */
  legalPairs(board) {
    this.put(board);
    const n = this.check(this.x.legal_pairs()), v = this.ints(this.x.io_out(), 4 * n), out = [];
    for (let i = 0; i < n; i++) out.push([[v[4 * i], v[4 * i + 1]], [v[4 * i + 2], v[4 * i + 3]]]);
    return out;
  }

  /** The corner points of the path of a legal move from a to b, or null (game.check_move). */
  checkMove(board, a, b) {
    this.put(board);
    const n = this.check(this.x.check_move(a[0], a[1], b[0], b[1])), v = this.ints(this.x.io_out(), 2 * n);
    const out = [];
    for (let i = 0; i < n; i++) out.push([v[2 * i], v[2 * i + 1]]);
    return n ? out : null;
  }

  /** solver.solve: {status, solution, nodes, work}; budget and work as its own (null: the defaults). */
  solve(board, { budget = null, work = null } = {}) {
    this.put(board);
    const status = SHISEN_STATUS[this.check(this.x.solve(budget ?? -1, work ?? -1))];
    const num = new Float64Array(this.x.memory.buffer, this.x.io_num(), 2);
    const solution = status === SHISEN_SOLVED ? this.pairsAt(this.x.io_out()) : null;
    return { status, solution, nodes: num[0], work: num[1] };
  }

  /** A hint (game.hint, with the command line's budget); a proof still standing spares the solve. */
  hint(board, proof = null) {
    const left = shisenProofStillHolds(board, proof);
    const { next } = this.put(board);
    if (left) {
      const inp = this.ints(this.x.io_in() + 4 * next, 1 + 4 * left.length);
      inp[0] = left.length;
      left.forEach(([p, q], i) => inp.set([p[0], p[1], q[0], q[1]], 1 + 4 * i));
    }
    const kind = this.check(this.x.hint(-1, left ? 1 : 0));
    if (kind === SHISEN_HINT.NONE) return null;
    if (kind === SHISEN_HINT.LOST) return { lost: true };
    if (kind === SHISEN_HINT.UNDECIDED) return { undecided: true };
    const at = this.x.io_out(), v = this.ints(at, 13);
    const pair = [[v[0], v[1]], [v[2], v[3]]], path = [];
    for (let i = 0; i < v[4]; i++) path.push([v[5 + 2 * i], v[6 + 2 * i]]);
    return { pair, path, proof: left ? proof : shisenMakeProof(board, this.pairsAt(at + 4 * 13)) };
  }

  /** The tiles rearranged over the same cells into a solvable arrangement, with its clearing
   *  order (game.shuffle): the same for a board and seed in every browser and on the command line;
   *  null when the budget found none (a few scattered tiles may have none). */
  shuffle(board, seed) {
    const { codes } = this.put(board);
    const bytes = new TextEncoder().encode(seed);
    if (bytes.length > this.x.io_seed_size()) throw new Error("shisen solver: a seed too long");
    new Uint8Array(this.x.memory.buffer, this.x.io_seed(), bytes.length).set(bytes);
    const r = this.x.shuffle(bytes.length, -1);
    if (r === SHISEN_NO_ARRANGEMENT) return null;
    this.check(r);
    const { width: w, height: h } = board, at = this.x.io_out(), v = this.ints(at, w * h);
    const rows = [];
    for (let y = 0; y < h; y++) rows.push(Array.from(v.subarray(y * w, (y + 1) * w), (k) => codes[k]));
    return { board: new Board(w, h, rows), solution: this.pairsAt(at + 4 * w * h) };
  }
}

/** The pairs of `proof` still standing, in order, if they clear `board`: `proof` is a clearing order made for
 *  an earlier board ({pairs, codes}: each pair's cells and what stood there), and the player has
 *  since removed whole pairs of it and nothing else. The pairs still standing then clear the board
 *  in the same order: each one's path needed only cells emptied before it, and emptying more cells
 *  never blocks a path. Null when the board has left the proof (another pairing, a shuffle). */
export function shisenProofStillHolds(board, proof) {
  if (!proof) return null;
  let covered = 0;
  const left = [];
  for (const [p, q] of proof.pairs) {
    const a = board.get(...p), b = board.get(...q);
    if (a === null && b === null) continue;
    if (a !== proof.codes.get(`${p}`) || b !== proof.codes.get(`${q}`)) return null;
    left.push([p, q]);
    covered += 2;
  }
  return covered === board.count() ? left : null;
}

/** A removal order as a proof that remembers what stood where, for shisenProofStillHolds(). */
export function shisenMakeProof(board, pairs) {
  const codes = new Map();
  for (const [p, q] of pairs) { codes.set(`${p}`, board.get(...p)); codes.set(`${q}`, board.get(...q)); }
  return { pairs: pairs.map(([p, q]) => [p.slice(), q.slice()]), codes };
}

/** The module from its bytes (node's tests read the file; the page, shisenSolver()). */
export async function shisenSolverFromBytes(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return new ShisenSearch(instance);
}

/** The page's way in: the module's file is a classic script beside the joined one (a page opened
 *  from the disk may load scripts, not fetch files), holding the module's bytes; it is added to
 *  the page when first asked for, and precached by the service worker like every static file. */
function shisenFetchBytes() {
  return new Promise((resolve, reject) => {
    const held = () => (globalThis.harupanWasm || {})[SHISEN_MODULE];
    if (held()) { resolve(held()); return; }
    const s = document.createElement("script");
    s.src = new URL(SHISEN_MODULE, SHISEN_SCRIPT || document.baseURI).href;
    s.onload = () => {
      s.remove();  // its work is done: the bytes are held (the page keeps to its element budget)
      if (held()) resolve(held()); else reject(new Error("shisen solver: the module's script held no module"));
    };
    s.onerror = () => { s.remove(); reject(new Error(`shisen solver: cannot load ${SHISEN_MODULE}`)); };
    document.head.append(s);
  }).then((text) => {
    delete globalThis.harupanWasm[SHISEN_MODULE];  // decoded once: the text need not stay
    const bin = atob(text), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);  // a plain loop: Uint8Array.from's callback is slower
    return bytes;
  });
}

let shisenLoading = null, shisenReady = null;

/** The search, loaded once (later calls get the same promise). A load that failed (no network on
 *  a page the worker has not kept yet) is tried again at the next call. */
export function shisenSolver() {
  if (!shisenLoading) {
    shisenLoading = shisenFetchBytes().then(shisenSolverFromBytes).then((s) => (shisenReady = s));
    shisenLoading.catch(() => { shisenLoading = null; });
  }
  return shisenLoading;
}

/** The search from bytes at hand instead of the page's file (node's tests): what shisenSolver() gives after. */
export function shisenSolverUse(bytes) {
  shisenLoading = shisenSolverFromBytes(bytes).then((s) => (shisenReady = s));
  return shisenLoading;
}

/** The search if it has loaded already, else null (for a caller that must not wait). */
export const shisenSolverNow = () => shisenReady;

/** The last of `boards` (the positions of a game, its first board first) from which the search
 *  proves, within the command line's default budget, that the board can still be cleared: tried
 *  from the last one back, one position at a time. Being clearable is not monotone along a game
 *  (a shuffle makes a lost board clearable again, and a lost position may follow a clearable one
 *  at any point), so halving the history could skip the answer. A position the search leaves
 *  undecided is not proved either way: the walk goes on past it and lists it in `undecided`.
 *  Gives {index, solution (its clearing order), undecided}; index -1 when no position was proved.
 *  `pause`, when given, is awaited between two solves (a page lets itself draw and answer); it
 *  resolving to false stops the walk, which then gives null. */
export async function shisenLastClearable(boards, pause = null) {
  const s = await shisenSolver();
  const undecided = [];
  for (let k = boards.length - 1; k >= 0; k--) {
    if (pause && k < boards.length - 1 && !(await pause())) return null;
    const r = s.solve(boards[k]);
    if (r.status === SHISEN_SOLVED) return { index: k, solution: r.solution, undecided };
    if (r.status === SHISEN_UNDECIDED) undecided.push(k);
  }
  return { index: -1, solution: null, undecided };
}

export const shisenHint = async (board, proof = null) => (await shisenSolver()).hint(board, proof);
export const shisenShuffle = async (board, seed) => (await shisenSolver()).shuffle(board, seed);
export const shisenClearable = async (board) => (await shisenSolver()).solve(board);
export const shisenCheckMove = async (board, a, b) => (await shisenSolver()).checkMove(board, a, b);
export const shisenLegalPairs = async (board) => (await shisenSolver()).legalPairs(board);
