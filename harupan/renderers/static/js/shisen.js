// Shisen-sho rules, ported from harupan/engine/shisen (paths, legal pairs, solver, hint, shuffle).
// Cells are indexed as in the Python engine: board cell (x, y) is (y + 1) * S + (x + 1) with
// S = width + 3: the board, the one-cell ring round it, and a guard column that is never empty.
import { Rng } from "./rng.js";

export class Board {
  constructor(width, height, cells) { this.width = width; this.height = height; this.cells = cells; }
  static fromRows(rows) { return new Board(rows[0].length, rows.length, rows.map((r) => r.slice())); }
  get(x, y) { return this.cells[y][x]; }
  tiles() {
    const out = [];
    this.cells.forEach((row, y) => row.forEach((c, x) => { if (c !== null) out.push([x, y, c]); }));
    return out;
  }
  count() { return this.tiles().length; }
  isEmpty() { return this.count() === 0; }
  with(changes) {
    const rows = this.cells.map((r) => r.slice());
    for (const [x, y, c] of changes) rows[y][x] = c;
    return new Board(this.width, this.height, rows);
  }
  equals(o) { return JSON.stringify(this.cells) === JSON.stringify(o.cells); }
}

// ------------------------------------------------------------------ geometry

export class Geometry {
  constructor(w, h) {
    this.w = w; this.h = h; this.S = w + 3; this.rows = h + 2; this.N = this.S * this.rows;
    this.padded = new Uint8Array(this.N);
    for (let py = 0; py < this.rows; py++) for (let px = 0; px < w + 2; px++) this.padded[py * this.S + px] = 1;
  }
  bit(x, y) { return (y + 1) * this.S + (x + 1); }
  point(i) { return [(i % this.S) - 1, Math.floor(i / this.S) - 1]; }
  emptyOf(tiles) { // tiles: Uint8Array over indices; empty = padded and not a tile
    const e = new Uint8Array(this.N);
    for (let i = 0; i < this.N; i++) e[i] = this.padded[i] && !tiles[i] ? 1 : 0;
    return e;
  }
  fill(seeds, empty, step) { // every cell reached from a seed by repeated step through empty cells
    const mark = new Uint8Array(this.N);
    for (const s of seeds) {
      mark[s] = 1;
      for (let j = s + step; j >= 0 && j < this.N && empty[j]; j += step) mark[j] = 1;
    }
    return mark;
  }
  both(seeds, empty, step) {
    const a = this.fill(seeds, empty, step), b = this.fill(seeds, empty, -step);
    for (let i = 0; i < this.N; i++) a[i] |= b[i];
    return a;
  }
  static list(mark) { const out = []; for (let i = 0; i < mark.length; i++) if (mark[i]) out.push(i); return out; }
  stages(source, empty) {
    const S = this.S, L = Geometry.list;
    const h0 = this.both([source], empty, 1), v0 = this.both([source], empty, S);
    const v1 = this.both(L(h0), empty, S), h1 = this.both(L(v0), empty, 1);
    const h2 = this.both(L(v1), empty, 1), v2 = this.both(L(h1), empty, S);
    return [h2, v2];
  }
  /** Tiles joinable from `source` with at most two bends. */
  reach(source, empty, isTarget) {
    const [h2, v2] = this.stages(source, empty);
    const out = [];
    const S = this.S;
    for (let i = 0; i < this.N; i++) {
      if (i === source || !isTarget(i)) continue;
      if ((i > 0 && h2[i - 1]) || (i + 1 < this.N && h2[i + 1]) || (i >= S && v2[i - S]) || (i + S < this.N && v2[i + S])) out.push(i);
    }
    return out;
  }
  /** Like reach, but a target may stand inside the empty region. */
  reachAny(source, empty, isTarget) {
    const [h2, v2] = this.stages(source, empty);
    const out = [];
    const S = this.S;
    for (let i = 0; i < this.N; i++) {
      if (i === source || !isTarget(i)) continue;
      if (h2[i] || v2[i] || (i > 0 && h2[i - 1]) || (i + 1 < this.N && h2[i + 1]) || (i >= S && v2[i - S]) || (i + S < this.N && v2[i + S])) out.push(i);
    }
    return out;
  }
  /** Empty cells reachable from `source` with at most two bends. */
  reachCells(source, empty) {
    const [h2, v2] = this.stages(source, empty);
    const out = new Uint8Array(this.N);
    for (let i = 0; i < this.N; i++) out[i] = (h2[i] || v2[i]) && i !== source ? 1 : 0;
    return out;
  }
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

/** Every joinable pair of equal tiles, sorted as the Python engine sorts them. */
export function legalPairs(board) {
  const g = new Geometry(board.width, board.height);
  const { tiles, kinds } = boardBits(board, g);
  const empty = g.emptyOf(tiles);
  const out = [];
  for (const members of kinds.values()) {
    const set = new Set(members);
    for (const a of members) {
      for (const b of g.reach(a, empty, (i) => set.has(i) && i > a)) out.push([g.point(a), g.point(b)]);
    }
  }
  const pairs = out.map(([p, q]) => (rowMajor(p, q) <= 0 ? [p, q] : [q, p]));
  return pairs.sort((u, v) => rowMajor(u[0], v[0]) || rowMajor(u[1], v[1]));
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

// ------------------------------------------------------------------ solver

export const SOLVED = "solved", UNSOLVABLE = "unsolvable", UNDECIDED = "undecided";
const RESTART_UNIT = 40;

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

const keyOf = (groups) => groups.map((g) => g.join(",")).sort().join("|");

class Search {
  constructor(g, budget) { this.g = g; this.budget = budget; this.limit = budget; this.nodes = 0; this.failed = new Set(); this.rng = null; }

  joinable(group, tiles) {
    const empty = this.g.emptyOf(tiles);
    const out = [];
    for (let k = 0; k < group.length; k++) {
      const a = group[k];
      const rest = new Set(group.slice(k + 1));
      for (const b of this.g.reach(a, empty, (i) => rest.has(i))) out.push([a, b]);
    }
    return out;
  }

  propagate(groups, tiles, check) {
    const g = this.g;
    tiles = tiles.slice();
    const live = new Map(groups.map((grp) => [grp.join(","), grp]));
    const todo = check.filter((c) => live.has(c.join(",")));
    const queued = new Set(todo.map((c) => c.join(",")));
    const removed = [];
    while (todo.length) {
      const grp = todo.pop();
      const key = grp.join(",");
      queued.delete(key);
      if (!live.has(key)) continue;
      let gone = null;
      if (grp.length === 2) {
        const empty = g.emptyOf(tiles);
        if (g.reach(grp[0], empty, (i) => i === grp[1]).length) gone = [[grp[0], grp[1]]];
      } else if (grp.length === 4) {
        const pairs = this.joinable(grp, tiles);
        const has = new Set(pairs.map(([a, b]) => `${a},${b}`));
        for (const [a, b] of pairs) {
          const rest = grp.filter((t) => t !== a && t !== b);
          if (has.has(`${rest[0]},${rest[1]}`)) { gone = [[a, b], [rest[0], rest[1]]]; break; }
        }
      }
      if (!gone) continue;
      live.delete(key);
      for (const t of grp) tiles[t] = 0;
      removed.push(...gone);
      const empty = g.emptyOf(tiles);
      const seen = new Set();
      for (const cell of grp) for (const t of g.reach(cell, empty, (i) => tiles[i] === 1)) seen.add(t);
      for (const [k, other] of live) {
        if (!queued.has(k) && other.filter((t) => seen.has(t)).length >= 2) { todo.push(other); queued.add(k); }
      }
    }
    return [groups.filter((grp) => live.has(grp.join(","))), tiles, removed];
  }

  hopeless(groups, tiles) {
    const g = this.g;
    const groupOf = new Map();
    for (const grp of groups) for (const t of grp) groupOf.set(t, grp);
    const gone = new Uint8Array(g.N);
    const empty = g.emptyOf(tiles); // the optimistic board: grows as tiles are shown removable
    const todo = [...groupOf.keys()];
    const queued = new Set(todo);
    while (todo.length) {
      const t = todo.pop();
      queued.delete(t);
      if (gone[t]) continue;
      const mates = new Set(groupOf.get(t).filter((u) => u !== t));
      if (g.reachAny(t, empty, (i) => mates.has(i)).length) {
        gone[t] = 1;
        empty[t] = 1;
        for (const u of g.reachAny(t, empty, (i) => tiles[i] === 1 && !gone[i])) {
          if (!queued.has(u)) { todo.push(u); queued.add(u); }
        }
      }
    }
    for (let i = 0; i < g.N; i++) if (tiles[i] && !gone[i]) return true;
    return false;
  }

  search(groups, tiles, check) {
    this.nodes++;
    if (this.nodes > this.limit) throw new OutOfBudget();
    const [live, left, removed] = this.propagate(groups, tiles, check);
    if (!live.length) return removed;
    const key = keyOf(live);
    if (this.failed.has(key)) return null;
    if (this.hopeless(live, left)) { this.failed.add(key); return null; }
    let best = null;
    live.forEach((grp, gi) => {
      if (grp.length < 4) return;
      const pairs = this.joinable(grp, left);
      if (pairs.length && (best === null || pairs.length < best[2].length ||
          (this.rng !== null && pairs.length === best[2].length && this.rng.below(2)))) best = [gi, grp, pairs];
    });
    if (best) {
      const [gi, grp, pairs] = best;
      const t = this.rng !== null ? pairs[this.rng.below(pairs.length)][0] : pairs[0][0];
      const legal = pairs.filter(([a]) => a === t).map(([, b]) => b).concat(pairs.filter(([, b]) => b === t).map(([a]) => a));
      const g = this.g;
      const dist = (partner) => {
        const rest = grp.filter((u) => u !== t && u !== partner);
        if (rest.length !== 2) return 0;
        const [p, q] = rest.map((r) => g.point(r));
        return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]);
      };
      const byDist = (u, v) => dist(u) - dist(v);
      legal.sort(byDist);
      if (this.rng !== null && legal.length > 1 && this.rng.below(4) === 0) this.rng.shuffle(legal);
      const others = grp.filter((u) => u !== t && !legal.includes(u)).sort(byDist);
      const rest = live.filter((_, k) => k !== gi);
      for (const partner of legal.concat(others)) {
        const leftOver = grp.filter((u) => u !== t && u !== partner);
        const made = [[t, partner].sort((u, v) => u - v)].concat(leftOver.length ? [leftOver] : []);
        const found = this.search(rest.concat(made), left, made);
        if (found !== null) return removed.concat(found);
      }
    }
    this.failed.add(key);
    return null;
  }
}

/** {status, solution (pairs of [x, y]), nodes}; exact: "unsolvable" is a proof. */
export function solve(board, budget = 3000) {
  const g = new Geometry(board.width, board.height);
  const { tiles, kinds } = boardBits(board, g);
  const search = new Search(g, budget);
  const groups = [...kinds.values()].map((m) => m.slice().sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
  let run = 0;
  let found;
  for (;;) {
    run++;
    const start = search.nodes;
    const last = start + RESTART_UNIT * luby(run) >= budget;
    search.limit = last ? budget : start + RESTART_UNIT * luby(run);
    search.rng = run === 1 ? null : new Rng(`harupan:solver:restart:${run}`);
    try {
      found = search.search(groups, tiles, groups);
      break;
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
      if (last) return { status: UNDECIDED, solution: null, nodes: search.nodes };
    }
  }
  if (found === null) return { status: UNSOLVABLE, solution: null, nodes: search.nodes };
  return { status: SOLVED, solution: found.map(([a, b]) => [g.point(a), g.point(b)]), nodes: search.nodes };
}

/** A legal pair that keeps the board solvable, with its path; null if none. */
export function hint(board) {
  const pairs = legalPairs(board);
  if (!pairs.length) return null;
  const whole = solve(board);
  if (whole.status !== SOLVED) return null;
  const counts = new Map();
  for (const [, , c] of board.tiles()) counts.set(c, (counts.get(c) || 0) + 1);
  for (const [p, q] of pairs) {
    if (counts.get(board.cells[p[1]][p[0]]) === 2) return { pair: [p, q], path: findPath(board, p, q) };
  }
  const [p, q] = whole.solution[0];
  const [a, b] = rowMajor(p, q) <= 0 ? [p, q] : [q, p];
  return { pair: [a, b], path: findPath(board, a, b) };
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
  const filled = new Uint8Array(g.N);
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
        const empty = new Uint8Array(g.N);
        for (let i = 0; i < g.N; i++) empty[i] = g.padded[i] && !filled[i] ? 1 : 0;
        if (!g.reachCells(p[0], empty)[p[1]]) continue;
        empty[p[0]] = 0; empty[p[1]] = 0;
        if (!g.reachCells(q[0], empty)[q[1]]) continue;
        free.splice(j, 1);
        placed.push(p, q);
        for (const x of [...p, ...q]) filled[x] = 1;
        crossed = true;
        break;
      }
    }
    if (!crossed) { placed.push(d1); filled[d1[0]] = 1; filled[d1[1]] = 1; }
  }
  const codes = new Map();
  placed.forEach(([a, b], k) => { codes.set(a, kinds[k]); codes.set(b, kinds[k]); });
  return [codes, placed.slice().reverse().map(([a, b]) => [Math.min(a, b), Math.max(a, b)])];
}

/** The remaining tiles rearranged over the same cells, solvable, with a solution; as in Python. */
export function shuffle(board, seed, budget = 3000) {
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
  for (let attempt = 0; attempt < 64; attempt++) {
    rng.shuffle(codes);
    const next = board.with(cells.map(([x, y], k) => [x, y, codes[k]]));
    if (next.equals(board) && kinds.size > 1) continue;
    const result = solve(next, budget);
    if (result.status === SOLVED) return { board: next, solution: result.solution };
  }
  throw new Error("shuffle found no solvable arrangement of these tiles");
}
