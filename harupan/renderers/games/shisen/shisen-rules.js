// Shisen-sho's rules, ported from harupan/engine/shisen (paths, legal pairs, solver, hint, shuffle).
// Cells are indexed as in the Python engine: board cell (x, y) is (y + 1) * S + (x + 1) with
// S = width + 3: the board, the one-cell ring round it, and a guard column that is never empty.
import { Rng } from "./rng.js";
import { HARUPAN_DATA } from "./data.js";

// ------------------------------------------------------------------ geometry

// Cells as indices into Uint8Arrays, for the shuffle's domino tiling; every reach, the shuffle's
// included, is the bitboards' (the Bits class below), whose bit numbering is the same.
export class Geometry {
  constructor(w, h) {
    this.w = w; this.h = h; this.S = w + 3; this.rows = h + 2; this.N = this.S * this.rows;
  }
  bit(x, y) { return (y + 1) * this.S + (x + 1); }
  point(i) { return [(i % this.S) - 1, Math.floor(i / this.S) - 1]; }
  static list(mark) { const out = []; for (let i = 0; i < mark.length; i++) if (mark[i]) out.push(i); return out; }
}

// ------------------------------------------------------------------ one pair, with corners

/** Corner points [a, ..., b] of a legal path, or null: fewest bends, then shortest, then first. */
export function findPath(board, a, b) {
  const { width: w, height: h } = board;
  if (a[0] === b[0] && a[1] === b[1]) return null;
  const same = (p, q) => p[0] === q[0] && p[1] === q[1];
  const isEnd = (p) => same(p, a) || same(p, b);
  const blocked = ([x, y]) => {
    if (x < -1 || y < -1 || x > w || y > h) return true;
    if (x === -1 || y === -1 || x === w || y === h) return false;
    return board.cells[y][x] !== null;
  };
  const segClear = (p, q) => {
    if (p[0] === q[0]) {
      const step = q[1] >= p[1] ? 1 : -1;
      for (let y = p[1]; y !== q[1] + step; y += step) { const c = [p[0], y]; if (!isEnd(c) && blocked(c)) return false; }
    } else {
      const step = q[0] >= p[0] ? 1 : -1;
      for (let x = p[0]; x !== q[0] + step; x += step) { const c = [x, p[1]]; if (!isEnd(c) && blocked(c)) return false; }
    }
    return true;
  };
  const ok = (...pts) => pts.slice(0, -1).every((p, i) => segClear(p, pts[i + 1]));
  const length = (pts) => pts.slice(0, -1).reduce((s, p, i) => s + Math.abs(p[0] - pts[i + 1][0]) + Math.abs(p[1] - pts[i + 1][1]), 0);
  const [ax, ay] = a, [bx, by] = b;
  if ((ax === bx || ay === by) && ok(a, b)) return [a, b];
  let best = null;
  for (const c of [[bx, ay], [ax, by]]) {
    if (!isEnd(c) && !blocked(c) && ok(a, c, b)) {
      const cand = [a, c, b];
      if (best === null || length(cand) < length(best)) best = cand;
    }
  }
  if (best) return best;
  const cands = [];
  for (let y = -1; y <= h; y++) {
    const p = [ax, y], q = [bx, y];
    if (isEnd(p) || isEnd(q) || blocked(p) || blocked(q) || ax === bx) continue;
    if (ok(a, p, q, b)) cands.push([a, p, q, b]);
  }
  for (let x = -1; x <= w; x++) {
    const p = [x, ay], q = [x, by];
    if (isEnd(p) || isEnd(q) || blocked(p) || blocked(q) || ay === by) continue;
    if (ok(a, p, q, b)) cands.push([a, p, q, b]);
  }
  if (!cands.length) return null;
  let min = cands[0];
  for (const c of cands) if (length(c) < length(min)) min = c;
  return min;
}

export function checkMove(board, a, b) {
  for (const p of [a, b]) {
    if (p[0] < 0 || p[1] < 0 || p[0] >= board.width || p[1] >= board.height) return null;
    if (board.cells[p[1]][p[0]] === null) return null;
  }
  if (board.cells[a[1]][a[0]] !== board.cells[b[1]][b[0]]) return null;
  return findPath(board, a, b);
}

const rowMajor = (p, q) => (p[1] - q[1]) || (p[0] - q[0]);

/** Every joinable pair of equal tiles, sorted as the Python engine sorts them: one sweep over the
 * empty runs (visibleIndexPairs), as game.legal_pairs does, never a search per tile. */
export function legalPairs(board) {
  const W = board.width + 2;
  const point = (i) => [(i % W) - 1, Math.floor(i / W) - 1];
  const pairs = visibleIndexPairs(board.width, board.height, board.cells);
  return pairs.sort((u, v) => u[0] - v[0] || u[1] - v[1]).map(([a, b]) => [point(a), point(b)]);
}

export function boardBits(board, g) {
  const tiles = new Uint8Array(g.N);
  const kinds = new Map();
  for (const [x, y, c] of board.tiles()) {
    const i = g.bit(x, y);
    tiles[i] = 1;
    if (!kinds.has(c)) kinds.set(c, []);
    kinds.get(c).push(i);
  }
  return { tiles, kinds };
}

// ------------------------------------------------------------------ bitboards (engine/shisen/paths.py)

// The solver keeps cells as BigInt bitboards, bit (y + 1) * S + (x + 1) as above: a flood is a few
// shifts and masks over the whole board, not a loop over cells. V8 hashes a BigInt by its low 64
// bits only, so maps and sets here are keyed by a tile's bit position (at()), never by its mask.
const F64 = new Float64Array(1), WORDS = new Uint32Array(F64.buffer);
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // the double's high word
const FAR = 1n << 1000n; // a Number holds one-bit masks below this exactly

/** The bit position of a one-bit mask, read off the exponent of the double it converts to exactly
 * (no loop, no string). */
function at(t) {
  if (t >= FAR) return t.toString(2).length - 1;
  F64[0] = Number(t);
  return (WORDS[HIGH] >>> 20) - 1023;
}

function lowBits(mask) {
  const out = [];
  while (mask) { const t = mask & -mask; out.push(t); mask ^= t; }
  return out;
}

function countBits(mask) {
  let n = 0;
  while (mask) { mask &= mask - 1n; n++; }
  return n;
}

const twoOrMore = (m) => (m & (m - 1n)) !== 0n;

class Bits {
  constructor(w, h) {
    this.width = w; this.height = h;
    const s = this.stride = w + 3;
    this.rows = h + 2;
    this.nbits = s * this.rows;
    this.s = BigInt(s);
    this.mask = [];
    for (let i = 0; i < this.nbits; i++) this.mask.push(1n << BigInt(i));
    let padded = 0n, top = 0n, left = 0n;
    for (let py = 0; py < this.rows; py++) for (let px = 0; px < w + 2; px++) padded |= this.mask[py * s + px];
    for (let px = 0; px < w + 2; px++) top |= this.mask[px];
    for (let py = 0; py < this.rows; py++) left |= this.mask[py * s];
    this.padded = padded; // ring + board, no guards
    // the ring's two rows and two columns, and the padded grid without them (for the fills)
    this.top = top; this.bottom = top << BigInt((this.rows - 1) * s);
    this.left = left; this.right = left << BigInt(w + 1);
    this.innerRows = padded & ~this.top & ~this.bottom;
    this.innerColumns = padded & ~this.left & ~this.right;
    // columnRuns[y1][y2]: padded rows y1..y2 of column 0 (shift left by x for column x)
    this.columnRuns = [];
    for (let y1 = 0; y1 < this.rows; y1++) {
      const row = [];
      for (let y2 = 0; y2 < this.rows; y2++) {
        let m = 0n;
        for (let y = y1; y <= y2; y++) m |= this.mask[y * s];
        row.push(m);
      }
      this.columnRuns.push(row);
    }
  }

  bit(x, y) { return (y + 1) * this.stride + (x + 1); }
  point(i) { return [(i % this.stride) - 1, Math.floor(i / this.stride) - 1]; }

  /** Cells reachable from `seed` by repeated `shift` (± bits) through `empty`: the plain fill. */
  fill(seed, empty, shift) {
    let g = seed;
    const k = BigInt(Math.abs(shift));
    for (;;) {
      const n = g | (empty & (shift > 0 ? g << k : g >> k));
      if (n === g) return g;
      g = n;
    }
  }

  /** The rows through `seeds`. Toward higher bits one addition: with m = empty | seeds, the
   * seeds' carry runs from each seed to the end of its run of m (the guard that ends every row is
   * never in m), so the changed bits of m, plus the seeds, are the cells; toward lower bits a
   * loop, short on a crowded board. A fill touching a ring row takes all of it in one OR. */
  rowFill(seeds, empty, across) {
    let g = seeds;
    for (;;) {
      const n = g | (across & (g >> 1n));
      if (n === g) break;
      g = n;
    }
    const m = empty | seeds;
    let h = (((m + seeds) ^ m) & m) | g;
    if (seeds & this.top) h |= this.top;
    if (seeds & this.bottom) h |= this.bottom;
    return h;
  }

  /** The columns through `seeds`, both ways at once; a ring column in one OR. */
  columnFill(seeds, along) {
    const s = this.s;
    let v = seeds;
    for (;;) {
      const n = v | (along & ((v << s) | (v >> s)));
      if (n === v) break;
      v = n;
    }
    if (seeds & this.left) v |= this.left;
    if (seeds & this.right) v |= this.right;
    return v;
  }

  /** [H2, V2]: cells reached with at most two bends, the last run horizontal / vertical. */
  stages(source, empty) {
    const across = empty & this.innerRows, along = empty & this.innerColumns;
    const h0 = this.rowFill(source, empty, across), v0 = this.columnFill(source, along);
    const v1 = this.columnFill(h0, along), h1 = this.rowFill(v0, empty, across);
    return [this.rowFill(v1, empty, across), this.columnFill(h1, along)];
  }

  /** Tiles joinable from `source` (one or more bits: fills distribute over unions). */
  reach(source, empty, tiles) {
    const s = this.s;
    const around = (source << 1n) | (source >> 1n) | (source << s) | (source >> s);
    if (!(around & empty)) return around & tiles; // walled in: only its neighbours
    const [h2, v2] = this.stages(source, empty);
    return ((h2 << 1n) | (h2 >> 1n) | (v2 << s) | (v2 >> s)) & tiles & ~source;
  }

  /** Empty cells reachable from `source` with at most two bends (for building layouts: reach_cells). */
  reachCells(source, empty) {
    const [h2, v2] = this.stages(source, empty);
    return (h2 | v2) & ~source;
  }

  /** Like reach, but a target may stand inside the empty region (already treated as gone). */
  reachAny(source, empty, targets) {
    const s = this.s;
    const around = (source << 1n) | (source >> 1n) | (source << s) | (source >> s);
    if (!(around & empty)) return around & targets;
    const [h2, v2] = this.stages(source, empty);
    return (h2 | v2 | (h2 << 1n) | (h2 >> 1n) | (v2 << s) | (v2 >> s)) & targets & ~source;
  }

  /** The tiles of `targets` joinable from the one-bit `source`: a path of at most two bends ends
   * in a straight run into its target, so the source's one-bend cells must meet the target's
   * straight runs across that run; the two widest fills of reach are never made. */
  joins(source, targets, empty) {
    const s = this.s;
    const around = (source << 1n) | (source >> 1n) | (source << s) | (source >> s);
    let out = around & targets;
    if (!(around & empty)) return out;
    const across = empty & this.innerRows, along = empty & this.innerColumns;
    const h0 = this.rowFill(source, empty, across), v0 = this.columnFill(source, along);
    const v1 = this.columnFill(h0, along), h1 = this.rowFill(v0, empty, across);
    let rest = targets & ~out;
    while (rest) {
      const t = rest & -rest;
      rest ^= t;
      if ((v1 & this.rowFill(t, empty, across)) || (h1 & this.columnFill(t, along))) out |= t;
    }
    return out;
  }

  /** The cells between one-bit masks a and b on one path of at most two bends through `empty`,
   * or -1n: the path crossing the fewest `costly` cells, then the fewest cells, then the first
   * (what a joining relied on: the less, the longer the record stays true). */
  witness(a, b, empty, costly) {
    const s = this.stride;
    const ai = at(a), bi = at(b);
    const ay = Math.floor(ai / s), ax = ai % s, by = Math.floor(bi / s), bx = bi % s;
    const ends = a | b, free = empty | ends;
    const x1 = Math.min(ax, bx), x2 = Math.max(ax, bx), y1 = Math.min(ay, by), y2 = Math.max(ay, by);
    const column = this.columnRuns;
    let k0 = -1, k1 = -1, best = -1n;
    const span = (lo, hi, y) => ((1n << BigInt(hi - lo + 1)) - 1n) << BigInt(y * s + lo);
    const consider = (cells) => {
      if (cells & ~free) return;
      const inner = cells & ~ends;
      const c0 = countBits(inner & costly), c1 = countBits(inner);
      if (k0 < 0 || c0 < k0 || (c0 === k0 && c1 < k1)) { k0 = c0; k1 = c1; best = inner; }
    };
    // straight, or one bend at (bx, ay) or (ax, by)
    consider(span(x1, x2, ay) | (column[y1][y2] << BigInt(bx)));
    consider((column[y1][y2] << BigInt(ax)) | span(x1, x2, by));
    if (k0 === 0) return best;
    // two bends: a straight run from a, a crossing run, a straight run into b
    const aCol = this.fill(a, empty, s) | this.fill(a, empty, -s), bCol = this.fill(b, empty, s) | this.fill(b, empty, -s);
    const aRow = this.fill(a, empty, 1) | this.fill(a, empty, -1), bRow = this.fill(b, empty, 1) | this.fill(b, empty, -1);
    for (const t of lowBits(aCol)) {
      const y = Math.floor(at(t) / s);
      if (this.mask[y * s + bx] & bCol) {
        consider(span(x1, x2, y) | (column[Math.min(y, ay)][Math.max(y, ay)] << BigInt(ax))
                 | (column[Math.min(y, by)][Math.max(y, by)] << BigInt(bx)));
      }
    }
    for (const t of lowBits(aRow)) {
      const x = at(t) % s;
      if (this.mask[by * s + x] & bRow) {
        consider(span(Math.min(x, ax), Math.max(x, ax), ay) | (column[y1][y2] << BigInt(x))
                 | span(Math.min(x, bx), Math.max(x, bx), by));
      }
    }
    return best;
  }
}

const BITS = new Map();
function bitsFor(w, h) {
  const key = `${w}x${h}`;
  if (!BITS.has(key)) BITS.set(key, new Bits(w, h));
  return BITS.get(key);
}

/** Every joinable pair of equal tiles as padded indices [a, b], a < b (stride width + 2), from one
 * sweep over the empty runs (paths.visible_index_pairs): a path's middle segment lies in one run
 * of empty cells, so two equal tiles join when both are seen from one run (at the far end of a
 * crossing run, or at its own ends), or sit side by side. Linear in cells + pairs. */
export function visibleIndexPairs(width, height, cells) {
  const W = width + 2, H = height + 2, n = W * H;
  const grid = new Array(n).fill(null);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) grid[(y + 1) * W + x + 1] = cells[y][x];
  const found = new Set();
  const out = [];
  const add = (a, b) => { const k = a * n + b; if (!found.has(k)) { found.add(k); out.push([a, b]); } };
  const emit = (seen) => {
    if (seen.length === 2) {
      const [a, b] = seen;
      if (grid[a] === grid[b]) add(Math.min(a, b), Math.max(a, b));
      return;
    }
    const byCode = new Map();
    for (const i of seen) {
      const c = grid[i];
      if (byCode.has(c)) byCode.get(c).push(i); else byCode.set(c, [i]);
    }
    for (const group of byCode.values()) {
      if (group.length < 2) continue;
      group.sort((a, b) => a - b);
      for (let k = 0; k < group.length; k++) for (let j = k + 1; j < group.length; j++) add(group[k], group[j]);
    }
  };
  const union = (seen, e) => { for (const i of e) if (!seen.includes(i)) seen.push(i); };
  // column runs of empty cells, top to bottom; each cell learns the tiles at its run's ends
  const NONE = [];
  const endsV = new Array(n).fill(NONE), endsH = new Array(n).fill(NONE);
  const colRuns = [];
  for (let px = 0; px < W; px++) {
    for (let py = 0; py < H; py++) {
      if (grid[py * W + px] !== null) continue;
      const first = py * W + px;
      while (py + 1 < H && grid[(py + 1) * W + px] === null) py++;
      const last = py * W + px;
      colRuns.push([first, last]);
      let e;
      if (first >= W) e = last + W < n ? [first - W, last + W] : [first - W];
      else e = last + W < n ? [last + W] : NONE;
      for (let i = first; i <= last; i += W) endsV[i] = e;
    }
  }
  // row runs: seen are their own ends and the column-run ends of their cells
  for (let py = 0; py < H; py++) {
    for (let px = 0; px < W; px++) {
      if (grid[py * W + px] !== null) continue;
      const first = py * W + px;
      while (px + 1 < W && grid[py * W + px + 1] === null) px++;
      const last = py * W + px, rowLast = py * W + W - 1;
      let e;
      if (first % W) e = last < rowLast ? [first - 1, last + 1] : [first - 1];
      else e = last < rowLast ? [last + 1] : NONE;
      const seen = [];
      for (let i = first; i <= last; i++) { endsH[i] = e; union(seen, endsV[i]); }
      union(seen, e);
      if (seen.length > 1) emit(seen);
    }
  }
  // column runs: the same, turned a quarter
  for (const [first, last] of colRuns) {
    const seen = [];
    for (let i = first; i <= last; i += W) union(seen, endsH[i]);
    union(seen, endsV[first]);
    if (seen.length > 1) emit(seen);
  }
  // side by side: no empty cell between (the ring ends every row)
  for (let i = 0; i + 1 < n; i++) if (grid[i] !== null && grid[i] === grid[i + 1]) add(i, i + 1);
  for (let i = 0; i + W < n; i++) if (grid[i] !== null && grid[i] === grid[i + W]) add(i, i + W);
  return out;
}

// ------------------------------------------------------------------ solver (engine/shisen/solver.py)

// The solver of the Python engine, ported step for step (its module docstring says why each part
// is there): groups of same-code tiles to pair among themselves, propagation of forced pairs, a
// relaxation that proves dead ends (replayed from the parent's steps), probing before branching,
// failures learned as cores with backjumping, Luby restarts with seeded tie-breaks, and random
// games between runs. Verdicts are exact; a node and a work budget bound the time on any board.
export const SOLVED = "solved", UNSOLVABLE = "unsolvable", UNDECIDED = "undecided";
// The search's settings are the engine's (engine/shisen/settings.py, emitted into data.js).
const SEARCH = HARUPAN_DATA.shisen.search;
const FIRST_RUN_PROBE = SEARCH.firstRunProbe, PROBE_GROUPS = SEARCH.probeGroups, RESTART_UNIT = SEARCH.restartUnit;
const UNPAIR_FLOODS = SEARCH.unpairFloods, WORK_PER_NODE = SEARCH.workPerNode, WORK_BOARD = SEARCH.workBoard;
const WORK_SLACK = SEARCH.workSlack, PLAYOUTS = SEARCH.playouts;
const NOT_LOOKED_FOR = -1n; // Step.crossed before its witness path is looked for

export function luby(i) {
  let k = 1;
  while ((1 << k) - 1 < i) k++;
  while ((1 << k) - 1 !== i) {
    i -= (1 << (k - 1)) - 1;
    k = 1;
    while ((1 << k) - 1 < i) k++;
  }
  return 1 << (k - 1);
}

class OutOfBudget extends Error {}
class OutOfWork extends Error {} // the whole solve's work budget is spent: undecided at once

const HASH_PRIME = (1n << 61n) - 1n, GOLDEN = 0x9E3779B97F4A7C15n, WORD = (1n << 64n) - 1n;
/** A 16-bit tie-break for a mask in the run salted `salt`, the Python engine's own (its hash of a
 * non-negative int is the int mod 2^61 - 1): it depends on where the search is, not on how it got
 * there, so a subtree skipped as known to fail never reorders the rest of the run. */
function tie(x, salt) {
  return Number((((x % HASH_PRIME) ^ BigInt(salt)) * GOLDEN & WORD) >> 48n);
}

/** A group's key for maps and cores: its bit positions (below 2048) in one Number when it has at
 * most four tiles, else a string of them. */
function gkey(grp) {
  let k = 0, n = 0;
  const all = [];
  for (let rest = grp; rest;) {
    const t = rest & -rest;
    rest ^= t;
    const i = at(t);
    all.push(i);
    k = k * 2048 + i;
    n++;
  }
  return n <= 4 && all[all.length - 1] < 2048 ? k : all.join(",");
}

/** The group a key names, as a mask (the inverse of gkey). */
function keyMask(k) {
  let mask = 0n;
  if (typeof k === "number") {
    for (; k > 0; k = Math.floor(k / 2048)) mask |= 1n << BigInt(k % 2048);
  } else {
    for (const i of k.split(",")) mask |= 1n << BigInt(i);
  }
  return mask;
}

const byKey = (a, b) => (typeof a === typeof b ? (a < b ? -1 : a > b ? 1 : 0) : typeof a === "number" ? -1 : 1);

/** A core: a set of groups (by key) that fails, and every position at least as tight with it. */
function makeCore(keys) {
  const list = [...new Set(keys)].sort(byKey);
  return { keys: list, sig: list.join("|") };
}

/** Joinable pairs [a, b] (one-bit masks, lower first) inside a group. */
function joinablePairs(g, group, empty) {
  const out = [];
  let rest = group;
  while (rest) {
    const a = rest & -rest;
    rest ^= a;
    if (!rest) break;
    let hit = g.joins(a, rest, empty);
    while (hit) { const b = hit & -hit; hit ^= b; out.push([a, b]); }
  }
  return out;
}

/** How one tile went in a relaxation: `tile` joined one of `partners` along a path needing the
 * cells `crossed` empty (cells of tiles gone earlier); `crossed` is worked out lazily from a
 * witness path in `empty` with `gone` gone, the first time a child replays the step. */
class Step {
  constructor(tile, ti, partners, crossed, empty = 0n, gone = 0n) {
    this.tile = tile; this.ti = ti; this.partners = partners; this.crossed = crossed; this.empty = empty; this.gone = gone;
  }
}

/** One run of the relaxation: the tiles that can go, one Step each, in an order that lets them go.
 * start() or replay(), then settle() (the fixed point); wake() replays the parked steps that
 * waited for a tile, release() queues the tiles a newly emptied cell may have freed. */
class Relaxation {
  constructor(g, groups, tiles) {
    this.g = g;
    this.tiles = tiles;
    this.groupOf = new Map(); // tile position -> its group
    for (const grp of groups) for (let rest = grp; rest;) { const t = rest & -rest; rest ^= t; this.groupOf.set(at(t), grp); }
    this.baseEmpty = g.padded & ~tiles;
    this.todo = []; // tiles to look at, taken from the end
    this.queued = new Set(); // positions of the tiles in todo
    this.gone = 0n;
    this.steps = [];
    this.waiting = new Map(); // tile position -> parked parent steps that crossed it
    this.rank = new Map(); // tile position -> its step's place in the parent's order
    this.floods = 0; // the work done, for the work budget
  }

  /** A fresh start: every tile joinable now goes; release() queues what their cells free. */
  start(joinable) {
    let gone = 0n;
    for (const [i, partners] of joinable) {
      const u = this.g.mask[i];
      gone |= u;
      this.steps.push(new Step(u, i, partners, 0n));
    }
    this.gone = gone;
    if (gone) this.release(gone, this.baseEmpty);
  }

  /** Take over the parent's steps that still hold here (partner still in the group, crossed cells
   * empty), in order; one waiting only for crossed cells is parked on one of them. A tile joinable
   * at the root without crossing anything (`direct`) still is. Then queue the tiles no parked step
   * waits for: their own steps failed. */
  replay(hint, direct) {
    const { g, tiles, groupOf, waiting, rank, steps } = this;
    let gone = 0n;
    this.floods += Math.floor(hint.length / 8);
    for (let i = 0; i < hint.length; i++) {
      const step = hint[i];
      const u = step.tile, ui = step.ti;
      rank.set(ui, i);
      const group = groupOf.get(ui);
      if (group === undefined || (gone & u)) continue;
      const allowed = step.partners & group;
      let taken = null;
      let crossed = 0n;
      if (allowed) {
        crossed = step.crossed;
        if (crossed === NOT_LOOKED_FOR) { // once per step, whichever child replays it first
          crossed = step.crossed = g.witness(u, step.partners, step.empty, step.gone) & step.gone;
        }
        if (!(crossed & tiles & ~gone)) taken = step;
      }
      if (taken === null) {
        const partners = (direct.get(ui) ?? 0n) & group;
        if (partners) taken = new Step(u, ui, partners, 0n);
        else {
          if (allowed) { // wait for the cells it crossed
            const need = crossed & tiles & ~gone;
            const k = at(need & -need);
            if (waiting.has(k)) waiting.get(k).push(step); else waiting.set(k, [step]);
          }
          continue;
        }
      }
      gone |= u;
      steps.push(taken);
      if (waiting.size && waiting.has(ui)) {
        this.gone = gone;
        this.wake(ui);
        gone = this.gone;
      }
    }
    this.gone = gone;
    // Look first at the tiles no step is waiting for: the waiting ones usually go when those do.
    let blocked = 0n;
    for (const held of waiting.values()) for (const step of held) blocked |= step.tile;
    for (const t of lowBits(tiles & ~gone & ~blocked)) { this.todo.push(t); this.queued.add(at(t)); }
  }

  /** Replay the parked steps that waited for the tile at `ui`, now gone (and those they free). */
  wake(ui) {
    const { waiting, steps, tiles } = this;
    let gone = this.gone, went = 0n;
    const stack = waiting.get(ui);
    waiting.delete(ui);
    while (stack.length) {
      const step = stack.pop();
      const v = step.tile;
      if (gone & v) continue;
      const need = step.crossed & tiles & ~gone;
      if (need) {
        const k = at(need & -need);
        if (waiting.has(k)) waiting.get(k).push(step); else waiting.set(k, [step]);
        continue;
      }
      gone |= v;
      went |= v;
      steps.push(step);
      const more = waiting.get(step.ti);
      if (more !== undefined) { waiting.delete(step.ti); for (const m of more) stack.push(m); }
    }
    this.gone = gone;
    return went;
  }

  /** Queue the tiles that cells `fresh` (just emptied) may have freed: a new path runs through
   * such a cell, so the tile and a partner are both in sight of them (one flood from all). */
  release(fresh, empty) {
    const seen = this.g.reachAny(fresh, empty | fresh, this.tiles);
    this.floods++;
    const near = seen | fresh;
    const { queued, groupOf } = this;
    const front = [];
    for (let rest = seen & ~this.gone; rest;) {
      const u = rest & -rest;
      rest ^= u;
      const ui = at(u);
      if (!queued.has(ui) && (groupOf.get(ui) & ~u & near)) { front.push(u); queued.add(ui); }
    }
    if (front.length) this.todo.unshift(...front.reverse()); // after those already waiting
  }

  /** settle() without steps or parked ones, from the queued tiles, giving up past `limit`
   * floods: whether it reached the fixed point (Search.stuckCore). */
  spread(limit) {
    const { g, groupOf, todo, queued } = this;
    while (todo.length) {
      const t = todo.pop();
      const ti = at(t);
      queued.delete(ti);
      if (this.gone & t) continue;
      this.floods++;
      if (this.floods > limit) return false;
      const empty = this.baseEmpty | this.gone;
      const hit = g.reachAny(t, empty, groupOf.get(ti) & ~t);
      if (hit) {
        const fresh = (t | hit) & ~this.gone;
        this.gone |= fresh;
        this.release(fresh, empty);
      }
    }
    return true;
  }

  /** The fixed point: a tile that reaches a partner goes, with every partner it reaches, and the
   * cells it frees wake and queue what they may free. After a replay, a tile left over that can go
   * now is in sight of a cell removed since the root or gone here: one release from all of them,
   * once the queue first runs dry, queues it (the fixed point is one set whatever the order). */
  settle(swept, removedSinceRoot) {
    const { g, tiles, groupOf, steps, waiting, queued, baseEmpty } = this;
    let todo = this.todo;
    let gone = this.gone;
    for (;;) {
      if (!todo.length) {
        if (swept || gone === tiles) break;
        swept = true;
        this.gone = gone;
        this.release(gone | removedSinceRoot, baseEmpty);
        // earliest in the parent's order first: each that goes frees the steps that crossed it
        const rank = this.rank;
        const ranked = this.todo.map((u) => [rank.get(at(u)) ?? 0, u]);
        ranked.sort((p, q) => q[0] - p[0]);
        todo = this.todo = ranked.map((p) => p[1]);
        continue;
      }
      const t = todo.pop();
      const ti = at(t);
      queued.delete(ti);
      if (gone & t) continue;
      const empty = baseEmpty | gone;
      this.floods++;
      const hit = g.reachAny(t, empty, groupOf.get(ti) & ~t);
      if (hit) {
        let fresh = (t | hit) & ~gone;
        // what each joining relied on is looked for only if a child replays the step
        steps.push(new Step(t, ti, hit & -hit, NOT_LOOKED_FOR, empty, gone));
        for (const u of lowBits(fresh & ~t)) steps.push(new Step(u, at(u), t, NOT_LOOKED_FOR, empty, gone));
        this.gone = gone = gone | fresh;
        for (const u of lowBits(fresh)) { // parked steps that waited for these cells
          const ui = at(u);
          if (waiting.has(ui)) fresh |= this.wake(ui);
        }
        gone = this.gone;
        if (swept) this.release(fresh, empty); // before the sweep, the sweep's own release covers it
      }
    }
    this.gone = gone;
  }
}

class Search {
  constructor(g, budget) {
    this.g = g;
    this.budget = budget; this.limit = budget; this.nodes = 0;
    this.failed = new Set(); // signatures of the cores proved to fail
    this.cores = new Map(); // group key -> the cores filed under it
    this.seen = new Map(); // group key -> how many cores hold it
    this.kindOf = new Map(); // tile position -> its kind (the kind's lowest position)
    this.kindMask = new Map(); // kind -> its mask at the root
    this.activity = new Map(); // kind -> dead ends whose core held it split
    this.core = null; // why the last position that failed failed
    this.salt = null; // this run's tie-break salt; null: the plain order
    this.probe = PROBE_GROUPS;
    this.direct = new Map(); // at the root: tile position -> partners joinable there
    this.rootTiles = 0n;
    this.stuck = 0n; // the tiles the last relaxation that failed could never remove
    this.work = 0;
    this.workLimit = (budget + WORK_SLACK) * WORK_PER_NODE;
    this.weight = (g.stride * (g.height + 2)) / WORK_BOARD; // one flood's cost against 18x8's
  }

  charge(units) {
    this.work += units * this.weight;
    if (this.work > this.workLimit) throw new OutOfWork();
  }

  setRoot(groups, tiles) {
    this.direct = this.joinableNow(groups);
    this.rootTiles = tiles;
    for (const grp of groups) {
      const kind = at(grp & -grp);
      this.kindMask.set(kind, grp);
      for (const t of lowBits(grp)) this.kindOf.set(at(t), kind);
    }
  }

  // ---- failures learned (cores)

  learn(core) {
    this.core = core;
    if (!this.failed.has(core.sig)) { this.failed.add(core.sig); this.file(core); }
  }

  /** File a core under its rarest group so far (the groups a deal keeps whole for long would put
   * every core on a few long lists that each lookup walks). */
  file(core) {
    const seen = this.seen;
    for (const k of core.keys) seen.set(k, (seen.get(k) ?? 0) + 1);
    let best = core.keys[0];
    for (const k of core.keys) {
      const d = seen.get(k) - seen.get(best);
      if (d < 0 || (d === 0 && keyMask(k) < keyMask(best))) best = k; // ties: the smaller group, as in Python
    }
    if (this.cores.has(best)) this.cores.get(best).push(core); else this.cores.set(best, [core]);
  }

  /** The kind a group of the position belongs to (its lowest position at the root). */
  kindKey(grp) {
    const low = at(grp & -grp);
    return this.kindOf.get(low) ?? -1 - low;
  }

  /** The position's groups by kind, kinds and groups in the position's order. */
  groupsByKind(groups) {
    const out = new Map();
    for (const grp of groups) {
      const kind = this.kindKey(grp);
      if (out.has(kind)) out.get(kind).push(grp); else out.set(kind, [grp]);
    }
    return out;
  }

  /** A core learned to fail that this position is at least as tight as (each of the core's groups
   * a union of its own groups), or null. */
  knownFailure(groups) {
    const have = new Set(groups.map(gkey));
    for (const parts of this.groupsByKind(groups).values()) {
      if (parts.length < 2) continue;
      let unions = [0n]; // every union of a kind's groups (a kind of four: its two pairs)
      for (const part of parts) unions = unions.concat(unions.map((u) => u | part));
      for (const u of unions) if (u) have.add(gkey(u));
    }
    for (const k of have) {
      const list = this.cores.get(k);
      if (list === undefined) continue;
      for (const core of list) {
        if (core.keys.every((c) => have.has(c))) { this.core = core; return core; }
      }
    }
    return null;
  }

  /** A dead end's core: the groups holding a tile that could never go, each kind the position
   * split into pairs put back whole where the relaxation still fails that way (it then holds
   * however that kind is paired, so the search backs up past that choice). Putting a kind back
   * whole only adds partners: the relaxation goes on from its fixed point, from that kind's tiles,
   * and a try past UNPAIR_FLOODS floods keeps the split. */
  stuckCore(groups, tiles) {
    let stuck = this.stuck;
    for (const parts of this.groupsByKind(groups).values()) {
      if (parts.length < 2) continue;
      let whole = 0n;
      for (const part of parts) whole |= part;
      if (!(whole & stuck)) continue;
      const others = new Set(parts.slice(1));
      const trial = groups.filter((grp) => !others.has(grp)).map((grp) => (grp === parts[0] ? whole : grp));
      const run = new Relaxation(this.g, trial, tiles);
      run.gone = tiles & ~stuck;
      run.todo = lowBits(whole & stuck).reverse(); // taken from the end: lowest first
      for (const t of run.todo) run.queued.add(at(t));
      const settled = run.spread(UNPAIR_FLOODS);
      this.charge(run.floods);
      if (settled && run.gone !== tiles) { groups = trial; stuck = tiles & ~run.gone; }
    }
    this.stuck = stuck;
    const core = groups.filter((grp) => grp & stuck);
    for (const grp of core) { // kinds whose pairing this jam depends on: branched on first (expand())
      const kind = this.kindKey(grp);
      if (this.kindMask.get(kind) !== grp) this.activity.set(kind, (this.activity.get(kind) ?? 0) + 1);
    }
    return makeCore(core.map(gkey));
  }

  /** Remove what can go without a choice: a joinable last pair of a kind, a kind's four as two
   * joinable pairs. `check`: the groups whose joinability may have changed. */
  propagate(groups, tiles, check) {
    const g = this.g;
    const live = new Map(); // a position's groups are disjoint: keyed by their lowest tile
    for (const grp of groups) live.set(at(grp & -grp), grp);
    const todo = [], queued = new Set();
    for (const c of check) {
      const k = at(c & -c);
      if (live.get(k) === c && !queued.has(k)) { todo.push(c); queued.add(k); }
    }
    const removed = [];
    this.charge(todo.length);
    while (todo.length) {
      const grp = todo.pop();
      const key = at(grp & -grp);
      queued.delete(key);
      if (live.get(key) !== grp) continue;
      this.charge(1);
      let empty = g.padded & ~tiles;
      const n = countBits(grp);
      let gone = null;
      if (n === 2) {
        const a = grp & -grp, b = grp ^ a;
        if (g.joins(a, b, empty)) gone = [[a, b]];
      } else if (n === 4) {
        const pairs = joinablePairs(g, grp, empty);
        for (const [a, b] of pairs) {
          const c = grp & ~(a | b), c1 = c & -c;
          if (pairs.some((p) => p[0] === c1 && p[1] === (c ^ c1))) { gone = [[a, b], [c1, c ^ c1]]; break; }
        }
      }
      if (gone === null) continue;
      live.delete(key);
      tiles &= ~grp;
      removed.push(...gone);
      // only pairs with a path through the freed cells can have become joinable
      empty = g.padded & ~tiles;
      const seen = g.reach(grp, empty, tiles);
      for (const [k, other] of live) {
        if (!queued.has(k) && twoOrMore(other & seen)) { todo.push(other); queued.add(k); }
      }
    }
    return [groups.filter((grp) => live.get(at(grp & -grp)) === grp), tiles, removed];
  }

  /** Every tile joinable with one of its own group now, with those partners, from one sweep. */
  joinableNow(groups) {
    const g = this.g, w = g.width, s = g.stride, w2 = w + 2;
    const cells = [];
    for (let y = 0; y < g.height; y++) cells.push(new Array(w).fill(null));
    groups.forEach((grp, gid) => {
      for (let rest = grp; rest;) {
        const t = rest & -rest;
        rest ^= t;
        const i = at(t);
        cells[Math.floor(i / s) - 1][(i % s) - 1] = gid;
      }
    });
    const partners = new Map();
    const pairs = visibleIndexPairs(w, g.height, cells).sort((p, q) => p[0] - q[0] || p[1] - q[1]); // Python's order
    for (const [i, j] of pairs) {
      // index (stride w + 2) -> bit (stride w + 3): same padded row and column
      const a = Math.floor(i / w2) * s + (i % w2), b = Math.floor(j / w2) * s + (j % w2);
      partners.set(a, (partners.get(a) ?? 0n) | g.mask[b]);
      partners.set(b, (partners.get(b) ?? 0n) | g.mask[a]);
    }
    return partners;
  }

  /** The relaxation: null when some tile can never go, whatever the order (left in this.stuck);
   * else the steps saying how every tile went. `hint`: the parent's steps, replayed. */
  hopeless(groups, tiles, hint = null) {
    const run = new Relaxation(this.g, groups, tiles);
    if (hint === null) run.start(this.joinableNow(groups));
    else run.replay(hint, this.direct);
    run.settle(hint === null, this.rootTiles & ~tiles);
    this.charge(run.floods + (hint === null ? groups.length : 0));
    if (run.gone !== tiles) {
      this.stuck = tiles & ~run.gone;
      return null;
    }
    return run.steps;
  }

  /** The starting position: propagate, test, then branch. */
  search(groups, tiles, check) {
    this.nodes++;
    if (this.nodes > this.limit) throw new OutOfBudget();
    const [live, left, removed] = this.propagate(groups, tiles, check);
    if (!live.length) return removed;
    if (this.knownFailure(live) !== null) return null;
    const steps = this.hopeless(live, left);
    if (steps === null) { this.learn(this.stuckCore(live, left)); return null; }
    const found = this.expand(live, left, steps);
    return found === null ? null : removed.concat(found);
  }

  /** Branch at a position that passed the relaxation: probe the few groups with the fewest
   * joinable pairs (every pairing one step deep) and branch where the fewest children live. A
   * child failing for a core that holds none of the pairing tried there fails this position too:
   * back up at once (this.core says why). */
  expand(groups, tiles, steps) {
    const g = this.g, salt = this.salt;
    const empty = g.padded & ~tiles;
    const cands = [];
    this.charge(groups.length);
    groups.forEach((grp, gi) => {
      if (countBits(grp) < 4) return;
      const pairs = joinablePairs(g, grp, empty);
      if (!pairs.length) return;
      // after the first run: kinds whose pairing dead ends depended on first, then the fewest pairs
      const hot = salt === null ? 0 : -(this.activity.get(this.kindKey(grp)) ?? 0);
      cands.push([hot, pairs.length, salt === null ? 0 : tie(grp, salt), gi, grp, pairs]);
    });
    cands.sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2] || p[3] - q[3]);
    let best = null, bestDead = [], branched = 0n;
    for (const [, , , gi, grp, pairs] of cands.slice(0, this.probe)) {
      const t = pairs[salt === null ? 0 : tie(grp ^ tiles, salt) % pairs.length][0];
      let legal = pairs.filter((p) => p[0] === t).map((p) => p[1]).concat(pairs.filter((p) => p[1] === t).map((p) => p[0]));
      const distance = (partner) => { // prefer pairings whose other two tiles lie close together
        const rest = lowBits(grp & ~(t | partner));
        if (rest.length !== 2) return 0;
        const [p, q] = rest.map((r) => g.point(at(r)));
        return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]);
      };
      const byDistance = (list) => list.map((u) => [distance(u), u]).sort((p, q) => p[0] - q[0]).map((p) => p[1]);
      legal = byDistance(legal);
      if (salt !== null && legal.length > 1 && tie(grp ^ tiles, ~salt) % 4 === 0) {
        legal = legal.map((u) => [tie(u ^ tiles, salt), u]).sort((p, q) => p[0] - q[0]).map((p) => p[1]);
      }
      const others = byDistance(lowBits(grp & ~t).filter((u) => !legal.includes(u)));
      const rest = groups.slice(0, gi).concat(groups.slice(gi + 1));
      const alive = [], dead = [];
      for (const partner of legal.concat(others)) {
        const left = grp & ~(t | partner);
        const made = left ? [t | partner, left] : [t | partner];
        const [cg, ct, cremoved] = this.propagate(rest.concat(made), tiles, made);
        if (!cg.length) return cremoved;
        let core = this.knownFailure(cg);
        let csteps = null;
        if (core === null) {
          csteps = this.hopeless(cg, ct, steps);
          if (csteps === null) this.learn(this.stuckCore(cg, ct));
        }
        const madeKeys = made.map(gkey);
        if (csteps === null) { // it fails: knownFailure() or learn() left the reason in this.core
          core = this.core;
          if (!core.keys.some((k) => madeKeys.includes(k))) return null; // back up: this.core holds
          dead.push(core.keys.filter((k) => !madeKeys.includes(k)));
          continue;
        }
        alive.push([cg, ct, cremoved, csteps, madeKeys]);
        if (best !== null && alive.length >= best.length) break; // no fewer children than the best
      }
      if (best === null || alive.length < best.length) { best = alive; bestDead = dead; branched = grp; }
      if (best.length <= 1) break;
    }
    for (const [cg, ct, cremoved, csteps, madeKeys] of best ?? []) {
      let core = this.knownFailure(cg);
      if (core === null) {
        this.nodes++;
        if (this.nodes > this.limit) throw new OutOfBudget();
        const found = this.expand(cg, ct, csteps);
        if (found !== null) return cremoved.concat(found);
        core = this.core;
      }
      if (!core.keys.some((k) => madeKeys.includes(k))) { this.core = core; return null; }
      bestDead.push(core.keys.filter((k) => !madeKeys.includes(k)));
    }
    // every pairing of the branched group failed, each for its core: with the group unpaired,
    // they are why this position fails (no group to branch on: all of it)
    this.learn(best === null ? makeCore(groups.map(gkey)) : makeCore([gkey(branched)].concat(...bestDead)));
    return null;
  }
}

/** One random game, a legal pair chosen uniformly every turn (the pairs on offer kept
 * incrementally): a cleared board is a proof like any other; a stuck one proves nothing. */
function playout(g, tiles, groups, rng, charge) {
  const kind = new Map(); // tile position -> its group's place in groups
  groups.forEach((grp, k) => { for (const t of lowBits(grp)) kind.set(at(t), k); });
  const live = groups.slice();
  let empty = g.padded & ~tiles;
  let legal = [];
  for (const grp of groups) for (const p of joinablePairs(g, grp, empty)) legal.push(p);
  const order = [];
  const pairKey = (p) => at(p[0]) * 65536 + at(p[1]);
  while (legal.length) {
    charge(1);
    const [a, b] = legal[rng.below(legal.length)];
    const ab = a | b;
    order.push([a, b]);
    tiles &= ~ab;
    live[kind.get(at(a))] &= ~ab;
    legal = legal.filter((p) => !((p[0] | p[1]) & ab));
    if (!tiles) break;
    empty = g.padded & ~tiles;
    const seen = g.reach(ab, empty, tiles);
    const known = new Set(legal.map(pairKey));
    let done = 0n;
    for (const t of lowBits(seen)) {
      const rest = live[kind.get(at(t))];
      if ((done & rest) || !twoOrMore(rest & seen)) continue;
      done |= rest;
      for (const p of joinablePairs(g, rest, empty)) if (!known.has(pairKey(p))) legal.push(p);
    }
  }
  return order;
}

/** Between runs: PLAYOUTS x luby(run) random games, seeded by the run; the first that clears the
 * board is the answer. */
function playGames(search, groups, tiles, run) {
  const rng = new Rng(`harupan:solver:playout:${run}`);
  const games = PLAYOUTS * luby(run);
  const pairs = countBits(tiles) / 2;
  const charge = (u) => search.charge(u);
  for (let i = 0; i < games; i++) {
    const found = playout(search.g, tiles, groups, rng, charge);
    if (found.length === pairs) return found;
  }
  return null;
}

/** {status, solution (pairs of [x, y]), nodes}; exact: "unsolvable" is a proof. */
/** {status, solution, nodes, work}; `work`, when given, caps the work units instead of the budget's
 *  own (budget + WORK_SLACK) x WORK_PER_NODE, as Python's solve(work=): shuffle shares one cap. */
export function solve(board, budget = 3000, work = null) {
  const g = bitsFor(board.width, board.height);
  let tiles = 0n;
  const kinds = new Map();
  for (const [x, y, c] of board.tiles()) {
    const b = g.mask[g.bit(x, y)];
    tiles |= b;
    kinds.set(c, (kinds.get(c) ?? 0n) | b);
  }
  const search = new Search(g, budget);
  if (work !== null) search.workLimit = work;
  const groups = [...kinds.values()].sort((p, q) => at(p & -p) - at(q & -q));
  search.setRoot(groups, tiles);
  const undecided = () => ({ status: UNDECIDED, solution: null, nodes: search.nodes, work: search.work });
  let found = null;
  for (let run = 1; ; run++) {
    const start = search.nodes;
    const last = start + RESTART_UNIT * luby(run) >= budget;
    search.limit = last ? budget : start + RESTART_UNIT * luby(run);
    search.salt = run === 1 ? null : new Rng(`harupan:solver:restart:${run}`).below(1 << 30);
    search.probe = run === 1 ? FIRST_RUN_PROBE : PROBE_GROUPS;
    try {
      found = search.search(groups, tiles, groups.slice());
      break;
    } catch (e) {
      if (e instanceof OutOfWork) return undecided();
      if (!(e instanceof OutOfBudget)) throw e;
      if (last) return undecided();
    }
    try {
      found = playGames(search, groups, tiles, run);
    } catch (e) {
      if (e instanceof OutOfWork) return undecided();
      throw e;
    }
    if (found !== null) break;
  }
  if (found === null) return { status: UNSOLVABLE, solution: null, nodes: search.nodes, work: search.work };
  return { status: SOLVED, solution: found.map(([a, b]) => [g.point(at(a)), g.point(at(b))]), nodes: search.nodes,
           work: search.work };
}

/** The pairs of `proof` still standing, in order, if they clear `board`: `proof` is a clearing order made for
 *  an earlier board ({pairs, codes}: each pair's cells and what stood there), and the player has
 *  since removed whole pairs of it and nothing else. The pairs still standing then clear the board
 *  in the same order: each one's path needed only cells emptied before it, and emptying more cells
 *  never blocks a path. Null when the board has left the proof (another pairing, a shuffle). */
export function proofStillHolds(board, proof) {
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

/** A removal order as a proof that remembers what stood where, for proofStillHolds(). */
export function makeProof(board, pairs) {
  const codes = new Map();
  for (const [p, q] of pairs) { codes.set(`${p}`, board.get(...p)); codes.set(`${q}`, board.get(...q)); }
  return { pairs: pairs.map(([p, q]) => [p.slice(), q.slice()]), codes };
}

/** A hint, as Python's engine.shisen.game.hint: {pair, path, proof} for a legal pair that keeps
 *  the board solvable (proof: a clearing order of the board, to reuse while the player follows
 *  it); {lost: true} when the solver proved that no order clears the board any more; {undecided:
 *  true} when it gave up within its budget (then nothing is known, and the page must not say the
 *  board is lost); null when no pair is legal. `proof`, if given and still valid, spares the solve. */
export function hint(board, proof = null, budget = 3000) {
  const pairs = legalPairs(board);
  if (!pairs.length) return null;
  const counts = new Map();
  for (const [, , c] of board.tiles()) counts.set(c, (counts.get(c) || 0) + 1);
  let order = proof;
  let left = proofStillHolds(board, proof);  // the order's pairs still standing, first one legal now
  if (!left) {
    const whole = solve(board, budget);
    if (whole.status === UNSOLVABLE) return { lost: true };
    if (whole.status !== SOLVED) return { undecided: true };
    order = makeProof(board, whole.solution);
    left = whole.solution;
  }
  // the last two of a kind are always safe on a solvable board (they must pair with each other)
  for (const [p, q] of pairs) {
    if (counts.get(board.cells[p[1]][p[0]]) === 2) return { pair: [p, q], path: findPath(board, p, q), proof: order };
  }
  const [p, q] = left[0];
  const [a, b] = rowMajor(p, q) <= 0 ? [p, q] : [q, p];
  return { pair: [a, b], path: findPath(board, a, b), proof: order };
}

// ------------------------------------------------------------------ shuffle (engine/shisen/build.py)

function dominoTiling(g, cells, rng) {
  const S = g.S;
  const order = Geometry.list(cells);
  const partner = new Map();
  const firstFree = (start) => { for (let i = start; i < order.length; i++) if (!partner.has(order[i])) return i; return null; };
  const stack = [];
  let i = firstFree(0);
  let budget = 50000;
  while (i !== null) {
    const c = order[i];
    const opts = [c + 1, c + S].filter((n) => cells[n] && !partner.has(n));
    if (opts.length === 2 && rng.below(2)) opts.reverse();
    stack.push([i, opts]);
    for (;;) {
      budget--;
      if (budget < 0 || !stack.length) return null;
      const [si, sopts] = stack[stack.length - 1];
      const sc = order[si];
      if (partner.has(sc)) { const n = partner.get(sc); partner.delete(sc); partner.delete(n); }
      if (sopts.length) { const n = sopts.shift(); partner.set(sc, n); partner.set(n, sc); break; }
      stack.pop();
    }
    i = firstFree(stack[stack.length - 1][0] + 1);
  }
  const sortedPairs = () => [...partner.entries()].filter(([a, b]) => a < b).sort((u, v) => u[0] - v[0]);
  let pairs = sortedPairs();
  const flip = (o1, o2, n1, n2) => {
    for (const [x, y] of [o1, o2]) { partner.delete(x); partner.delete(y); }
    for (const [x, y] of [n1, n2]) { partner.set(x, y); partner.set(y, x); }
  };
  const rounds = 4 * pairs.length;
  for (let r = 0; r < rounds; r++) {
    const [a, b] = pairs[rng.below(pairs.length)];
    if (b === a + 1) {
      if (partner.get(a + S) === a + S + 1) flip([a, b], [a + S, a + S + 1], [a, a + S], [b, b + S]);
    } else if (partner.get(a + 1) === b + 1) {
      flip([a, b], [a + 1, b + 1], [a, a + 1], [b, b + 1]);
    }
    pairs = sortedPairs();
  }
  return pairs;
}

const CROSS_TRIES = 30;

function placePairs(g, cells, kinds, rng, cross = 1.0) {
  const tiling = dominoTiling(g, cells, rng);
  if (tiling === null) return null;
  const free = tiling.slice();
  const bits = bitsFor(g.w, g.h), m = bits.mask;
  let filled = 0n;
  const placed = [];
  const threshold = Math.floor(cross * 1024);
  while (free.length) {
    const d1 = free.splice(rng.below(free.length), 1)[0];
    let crossed = false;
    if (free.length && rng.below(1024) < threshold) {
      const tries = Math.min(CROSS_TRIES, free.length);
      for (let k = 0; k < tries; k++) {
        const j = rng.below(free.length);
        const d2 = free[j];
        const f = rng.below(2);
        const p = [d1[0], d2[f]], q = [d1[1], d2[1 - f]];
        const empty = bits.padded & ~filled;
        if (!(bits.reachCells(m[p[0]], empty) & m[p[1]])) continue;
        const m1 = m[p[0]] | m[p[1]];
        if (!(bits.reachCells(m[q[0]], empty & ~m1) & m[q[1]])) continue;
        free.splice(j, 1);
        placed.push(p, q);
        filled |= m1 | m[q[0]] | m[q[1]];
        crossed = true;
        break;
      }
    }
    if (!crossed) { placed.push(d1); filled |= m[d1[0]] | m[d1[1]]; }
  }
  const codes = new Map();
  placed.forEach(([a, b], k) => { codes.set(a, kinds[k]); codes.set(b, kinds[k]); });
  return [codes, placed.slice().reverse().map(([a, b]) => [Math.min(a, b), Math.max(a, b)])];
}

/** The remaining tiles rearranged over the same cells, solvable, with a solution; as in Python. */
export function shuffle(board, seed, budget = SEARCH.shuffleBudget) {
  const g = new Geometry(board.width, board.height);
  const { tiles, kinds } = boardBits(board, g);
  if (!board.count()) return { board, solution: [] };
  const pairKinds = [];
  for (const [code, members] of kinds) for (let k = 0; k < members.length / 2; k++) pairKinds.push(code);
  pairKinds.sort();
  const rng = new Rng(seed);
  for (let attempt = 0; attempt < 8; attempt++) {
    const order = pairKinds.slice();
    rng.shuffle(order);
    const built = placePairs(g, tiles, order, rng);
    if (built === null) break;
    const [codes, removal] = built;
    const next = board.with([...codes].map(([i, c]) => [...g.point(i), c]));
    if (next.equals(board) && kinds.size > 1) continue;
    return { board: next, solution: removal.map(([a, b]) => [g.point(a), g.point(b)]) };
  }
  const cells = board.tiles().map(([x, y]) => [x, y]);
  const codes = board.tiles().map(([, , c]) => c).sort();
  // the solves share one solve's work, as in Python: a shuffle takes no longer than a solve, and
  // gives up where Python gives up (so both always make the same arrangement)
  let work = budget * WORK_PER_NODE;
  for (let attempt = 0; attempt < 64; attempt++) {
    rng.shuffle(codes);
    const next = board.with(cells.map(([x, y], k) => [x, y, codes[k]]));
    if (next.equals(board) && kinds.size > 1) continue;
    const result = solve(next, budget, work);
    if (result.status === SOLVED) return { board: next, solution: result.solution };
    work -= result.work;
    if (work <= 0) break;
  }
  throw new Error("shuffle found no solvable arrangement of these tiles within its budget");
}
