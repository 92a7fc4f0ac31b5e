// Shisen-sho rules, ported from harupan/engine/shisen (paths, legal pairs, solver, hint, shuffle),
// then the game on the day page and its part of the player's record (registered with game.js).
// Cells are indexed as in the Python engine: board cell (x, y) is (y + 1) * S + (x + 1) with
// S = width + 3: the board, the one-cell ring round it, and a guard column that is never empty.
import { Rng } from "./rng.js";
import { clock, el, registerGame, shareBox, stat, store, svgUse } from "./game.js";
import { DATE_KEY, isCount, median, streaks } from "./stats.js";
import { particle } from "./ko.js";

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

/** A removal order known to clear `board`, if `proof` is one: `proof` is a clearing order made for
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
  let order = proofStillHolds(board, proof) ? proof : null;
  if (!order) {
    const whole = solve(board, budget);
    if (whole.status === UNSOLVABLE) return { lost: true };
    if (whole.status !== SOLVED) return { undecided: true };
    order = makeProof(board, whole.solution);
  }
  // the last two of a kind are always safe on a solvable board (they must pair with each other)
  for (const [p, q] of pairs) {
    if (counts.get(board.cells[p[1]][p[0]]) === 2) return { pair: [p, q], path: findPath(board, p, q), proof: order };
  }
  const [p, q] = order.pairs.find(([a, b]) => board.get(...a) !== null && board.get(...b) !== null);
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

// ------------------------------------------------------------------ the game on the day page

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LEVEL_KO = { easy: "쉬움", normal: "보통", hard: "어려움" };
/** Levels in the order a player reads them everywhere (tabs, stats): 쉬움, 보통, 어려움, others after. */
const ordered = (levels) => {
  const at = (lv) => { const i = Object.keys(LEVEL_KO).indexOf(lv); return i < 0 ? 99 : i; };
  return [...levels].sort((a, b) => at(a) - at(b) || (a < b ? -1 : a > b ? 1 : 0));
};


/** The seed of a day's n-th shuffle (0-based) at a level: the same in every browser. */
const shuffleSeed = (date, level, n) => `harupan:shuffle:${date}:${level}:${n}`;

/** The board (and shuffles used) after a saved history. */
function replayShisen(day, level, history) {
  let b = Board.fromRows(day.shisen[level].cells);
  let shuffles = 0;
  for (const step of history) {
    if (step.shuffle !== undefined) {
      b = shuffle(b, shuffleSeed(day.date, level, step.shuffle)).board;
      shuffles = step.shuffle + 1;
    } else {
      b = b.with([[...step.pair[0], null], [...step.pair[1], null]]);
    }
  }
  return [b, shuffles];
}

// Board units: a tile is 60 x 80 (as drawn); the ring round the board, where paths may run, is
// narrower (RING_X x RING_Y) so the tiles get the width on a phone.
const TILE_X = 60, TILE_Y = 80, RING_X = 24, RING_Y = 32, MIN_TAP = 36, PAGE_PAD = 32;
/** The widest portrait screen (CSS px) on which a board `width` tiles wide is turned; the same
 *  sum as turn_below() in renderers/games/shisen.py, which writes the page's own media query. */
const turnBelow = (width) => Math.round((width + (2 * RING_X) / TILE_X) * MIN_TAP + PAGE_PAD);

class ShisenApp {
  constructor(root, day, labels, record) {
    this.root = root; this.day = day; this.labels = labels; this.record = record;
    this.levels = ordered(Object.keys(day.shisen));
    const liked = store.get("harupan:level");  // the level the player last chose, on any day
    this.level = this.levels.includes(liked) ? liked : this.levels.includes("normal") ? "normal" : this.levels[0];
    this.easy = store.get("harupan:easy") === true;
    this.turned = false;
    this.build();
    this.load(this.level);
    setInterval(() => this.tick(), 500);
    // turning the phone: the same game, drawn the other way round
    const again = () => { if (this.shouldTurn() !== this.turned) this.render(); else this.fitBar(); };
    window.addEventListener("resize", again);
    if (window.matchMedia) {
      const mq = window.matchMedia("(orientation: portrait)");
      if (mq.addEventListener) mq.addEventListener("change", again);
    }
    document.addEventListener("visibilitychange", () => {
      if (document.hidden && this.started) { this.stopClock(); this.save(); }
    });
  }

  key() { return `harupan:shisen:${this.day.date}:${this.level}`; }

  name(p) { return this.labels.tiles[this.board.cells[p[1]][p[0]]]; }

  build() {
    const tabs = el("div", { class: "tabs", role: "tablist", "aria-label": "난이도" });
    this.tabs = {};
    for (const lv of this.levels) {
      const t = el("button", { type: "button", role: "tab", class: "tab", "data-level": lv, text: this.labels[lv] || lv });
      t.addEventListener("click", () => { store.set("harupan:level", lv); this.load(lv); });
      this.tabs[lv] = t;
      tabs.append(t);
    }
    this.status = el("p", { class: "status", "aria-live": "polite" });
    this.timer = el("span", { class: "timer", text: "0:00" });
    const tools = el("div", { class: "toolbar tools" });
    const button = (text, fn, name) => {
      const b = el("button", { type: "button", class: "tool", "data-action": name, text });
      b.addEventListener("click", fn);
      tools.append(b);
      return b;
    };
    button("힌트", () => this.hint(), "hint");
    this.shuffleButton = button("섞기", () => this.askShuffle(), "shuffle");
    button("무르기", () => this.undo(), "undo");
    // the bar stays in view while the board scrolls under it: level, tools, clock, what happened
    this.bar = el("div", { class: "sbar" }, tabs, tools, el("span", { class: "time" }, "시간 ", this.timer), this.status);
    this.easyBox = el("input", { type: "checkbox", id: "easy-view" });
    this.easyBox.checked = this.easy;
    this.easyBox.addEventListener("change", () => { this.easy = this.easyBox.checked; store.set("harupan:easy", this.easy); this.render(); });
    const below = el("div", { class: "toolbar" }, el("label", { class: "easy", for: "easy-view" }, this.easyBox, " 구분 쉽게 보기"));
    this.grid = el("div", { class: "sgrid", "data-keys": "", role: "grid", "aria-label": "사천성 판. 화살표로 옮기고 Enter로 고릅니다" });
    this.overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.overlay.setAttribute("class", "spath");
    this.overlay.setAttribute("aria-hidden", "true");
    this.overlay.setAttribute("preserveAspectRatio", "none");
    this.inner = el("div", { class: "sinner" }, this.grid, this.overlay);
    this.wrap = el("div", { class: "swrap" }, this.inner);
    this.note = el("p", { class: "facts turnnote", text: "세로 화면에 맞춰 판을 돌려 보여 줍니다(판의 맨 윗줄이 오른쪽). 휴대폰을 가로로 돌리면 원래 방향으로 보입니다." });
    this.result = el("div", { class: "sresult" });
    // stuck, cleared, "shuffle?": a message that shows in view, with what to do next
    this.toastBox = el("dialog", { class: "toast", "aria-labelledby": "shisen-toast-msg" });
    this.root.replaceChildren(this.bar, this.wrap, below, this.note, this.result, this.toastBox);
    this.grid.addEventListener("keydown", (e) => this.key_(e));
  }

  load(level) {
    this.level = level;
    for (const [lv, t] of Object.entries(this.tabs)) t.setAttribute("aria-selected", lv === level ? "true" : "false");
    const saved = store.get(this.key()) || {};
    this.history = saved.history || [];
    this.elapsed = saved.elapsed || 0;
    this.hints = saved.hints || 0;
    this.done = saved.done === true;
    this.started = null;
    this.selected = null;
    this.proof = null;  // a clearing order of the board, once a hint or a shuffle has one (see hint())
    this.cursor = this.cursor || [0, 0];
    this.replay();
    // shuffles taken back by undo do not count: the count is what the history holds
    this.shufflesUsed = this.history.filter((s) => s.shuffle !== undefined).length;
    this.describeLevel();
    this.closeToast();
    this.render();
    this.root.classList.toggle("done", this.board.isEmpty());
    this.quiet = true;
    if (this.board.isEmpty()) this.cleared(true);
    else if (this.history.length && !legalPairs(this.board).length) this.stuck("지난번에 멈춘 자리입니다.");
    else this.say("");
    this.quiet = false;
    this.showResult();
  }

  /** Every line that describes the level follows the tab: the page's lead, the facts and their note. */
  describeLevel() {
    const lines = (this.labels.levels || {})[this.level];
    const set = (id, text) => {
      const n = document.getElementById(id);
      if (n && typeof text === "string") { n.textContent = text; n.hidden = !text; }
    };
    if (lines) { set("shisen-facts", lines.facts); set("shisen-note", lines.note); }
    if (this.labels.leads) set("day-lead", this.labels.leads[this.level]);
  }

  replay() { [this.board, this.shuffles] = replayShisen(this.day, this.level, this.history); }

  save() {
    store.set(this.key(), { history: this.history, elapsed: this.currentElapsed(), hints: this.hints, shuffles: this.shufflesUsed,
      ...(this.done ? { done: true } : {}) });
  }

  currentElapsed() { return this.elapsed + (this.started ? Date.now() - this.started : 0); }

  tick() { this.timer.textContent = clock(this.currentElapsed()); }

  startClock() {
    if (!this.started && !this.board.isEmpty()) this.started = Date.now();
  }

  stopClock() {
    this.elapsed = this.currentElapsed();
    this.started = null;
  }

  /** Turned a quarter (clockwise) on a portrait screen too narrow for the board's tiles to be
   *  MIN_TAP px wide side by side: the board's columns become rows. The same media query as the
   *  page's own style (renderers/games/shisen.py), so the picture's box and the board agree. */
  shouldTurn() {
    const q = `(orientation: portrait) and (max-width: ${turnBelow(this.board.width)}px)`;
    return window.matchMedia ? window.matchMedia(q).matches : window.innerHeight > window.innerWidth;
  }

  /** The bar's height, so an upright board fits the screen below it. */
  fitBar() { this.root.style.setProperty("--bar", `${Math.ceil(this.bar.getBoundingClientRect().height)}px`); }

  /** Screen cell of board cell (x, y); ring cells (-1 or width/height) map to the ring. */
  toScreen(x, y) { return this.turned ? [this.board.height - 1 - y, x] : [x, y]; }

  fromScreen(sx, sy) { return this.turned ? [sy, this.board.height - 1 - sx] : [sx, sy]; }

  render() {
    const { width: w, height: h } = this.board;
    this.turned = this.shouldTurn();
    const [cols, rows] = this.turned ? [h, w] : [w, h];
    const W = 2 * RING_X + cols * TILE_X, H = 2 * RING_Y + rows * TILE_Y;
    this.units = { cols, rows, W, H };
    this.root.classList.toggle("turned", this.turned);
    this.note.hidden = !this.turned;
    this.inner.style.setProperty("--ratio", `${W} / ${H}`);
    this.inner.style.setProperty("--tratio", `${W} / ${H}`);
    this.inner.style.setProperty("--aspect", String(W / H));
    this.grid.style.gridTemplateColumns = `${RING_X}fr repeat(${cols}, ${TILE_X}fr) ${RING_X}fr`;
    this.grid.style.gridTemplateRows = `${RING_Y}fr repeat(${rows}, ${TILE_Y}fr) ${RING_Y}fr`;
    const hadFocus = this.grid.contains(document.activeElement);
    this.grid.replaceChildren();
    this.cells = {};
    for (let sy = 0; sy < rows; sy++) {
      const row = el("div", { role: "row", class: "srow" });
      for (let sx = 0; sx < cols; sx++) {
        const [px, py] = this.fromScreen(sx, sy);
        const b = this.tileButton(px, py, sx, sy);
        b.addEventListener("click", () => { this.cursor = [px, py]; this.focusCursor(false); this.pick(px, py); });
        this.cells[`${px},${py}`] = b;
        row.append(b);
      }
      this.grid.append(row);
    }
    if (this.selected) this.cell(...this.selected).classList.add("selected");
    this.overlay.setAttribute("viewBox", `0 0 ${W} ${H}`);
    this.overlay.replaceChildren();
    this.focusCursor(hadFocus);
    this.fitBar();
    this.tick();
  }

  /** One board cell's button: its board coordinates, its accessible name, its tile drawn. */
  tileButton(px, py, sx, sy) {
    const code = this.board.cells[py][px];
    const where = `${COLS[px]}${py + 1}`;
    const b = el("button", { type: "button", role: "gridcell", class: code ? "tile" : "tile empty", "data-x": px, "data-y": py,
      "aria-label": code ? `${this.labels.tiles[code]}, ${where}` : `빈칸, ${where}`, tabindex: "-1",
      style: `grid-column: ${sx + 2}; grid-row: ${sy + 2}` });
    if (code) b.append(svgUse(`t-${code}${this.easy ? "-e" : ""}`, TILE_X, TILE_Y));
    return b;
  }

  cell(x, y) { return this.cells[`${x},${y}`]; }

  focusCursor(move = true) {
    for (const b of Object.values(this.cells)) b.tabIndex = -1;
    const c = this.cell(...this.cursor) || this.cell(0, 0);
    c.tabIndex = 0;
    if (move) c.focus();
  }

  key_(e) {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (d) {
      e.preventDefault();
      // the arrows follow the screen: on a turned board, screen right is the board's up
      const [sx, sy] = this.toScreen(...this.cursor);
      const { cols, rows } = this.units;
      this.cursor = this.fromScreen(Math.min(cols - 1, Math.max(0, sx + d[0])), Math.min(rows - 1, Math.max(0, sy + d[1])));
      this.focusCursor();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.pick(...this.cursor);
    }
  }

  pick(x, y) {
    const code = this.board.cells[y][x];
    if (!code) return;
    const here = [x, y];
    if (!this.selected) { this.select(here); return; }
    const [sx, sy] = this.selected;
    if (sx === x && sy === y) { this.select(null); this.say("선택을 풀었습니다."); return; }
    const path = checkMove(this.board, this.selected, here);
    if (path) { this.remove([this.selected, here], path); return; }
    // not a pair: say why, shake both, and keep the new tile picked
    const a = this.name(this.selected), b = this.name(here);
    this.cue([this.selected, here]);
    this.select(here, false);
    this.say(a !== b ? `${particle(a, "와/과")} ${particle(b, "은/는")} 다른 패입니다.`
      : `${a}끼리 두 번 안에 꺾어 닿는 길이 없습니다.`);
  }

  /** A short shake of tiles that do not pair (a red outline only, for reduced motion). */
  cue(points) {
    const cells = points.map((p) => this.cell(...p)).filter(Boolean);
    cells.forEach((c) => { c.classList.remove("nope"); void c.offsetWidth; c.classList.add("nope"); });
    setTimeout(() => cells.forEach((c) => c.classList.remove("nope")), 450);
  }

  select(p, speak = true) {
    if (this.selected) this.cell(...this.selected).classList.remove("selected");
    this.selected = p;
    if (p) {
      this.cell(...p).classList.add("selected");
      if (speak) this.say(`${this.name(p)} 선택`);  // the board shows no coordinates; the tile's name does
    }
  }

  played() {
    if (this.record) { recordShisenPlayed(this.record.stats, this.day.date); this.record.save(); }
  }

  remove(pair, path) {
    this.startClock();
    const code = this.board.cells[pair[0][1]][pair[0][0]];
    this.board = this.board.with([[...pair[0], null], [...pair[1], null]]);
    this.history.push({ pair });
    this.selected = null;
    this.closeToast();
    this.render();
    this.drawPath(path);
    if (this.board.isEmpty()) {
      this.stopClock();
      this.done = true;
      this.save();
      this.root.classList.add("done");
      if (this.record) {
        recordShisenCleared(this.record.stats, this.day.date, this.level, this.elapsed, this.hints, this.shufflesUsed);
        this.record.save();
      }
      this.cleared(false);
      this.showResult();
    } else {
      this.save();
      if (this.history.length === 1) this.played();
      const left = `${this.labels.tiles[code]} 한 쌍을 지웠습니다. 남은 패 ${this.board.count()}장`;
      // A trap sprung: say so at once rather than let the player hunt for a pair that is not there.
      if (legalPairs(this.board).length) this.say(left);
      else this.stuck(`${this.labels.tiles[code]} 한 쌍을 지웠습니다.`);
    }
  }

  stuck(first) {
    this.say("더 지울 수 있는 짝이 없습니다. 무르기나 섞기를 눌러 이어 가세요.");
    const undo = el("button", { type: "button", class: "tool", "data-action": "toast-undo", text: "한 수 무르기" });
    undo.addEventListener("click", () => this.undo());
    const mix = el("button", { type: "button", class: "tool", "data-action": "toast-shuffle", text: "남은 패 섞기" });
    mix.addEventListener("click", () => this.shuffle());
    this.toast("stuck", `${first} 더 지울 수 있는 짝이 없습니다.`,
      [el("p", { text: "무르기로 되돌려 다른 짝을 고르거나, 남은 패를 섞으세요." })], [undo, mix]);
  }

  cleared(before) {
    this.say(`${before ? "이미 완성한 판입니다. " : "완성! "}걸린 시간 ${clock(this.elapsed)}`);
    const links = [];
    const stats = document.getElementById("harupan-stats");
    if (stats) {
      const see = el("button", { type: "button", class: "tool", "data-action": "see-stats", text: "내 기록 보기" });
      see.addEventListener("click", () => { this.closeToast(true); stats.scrollIntoView({ block: "start" }); });
      links.push(see);
    }
    const home = document.querySelector("header.site a.home");
    const unsolved = this.levels.find((lv) => lv !== this.level && !(store.get(`harupan:shisen:${this.day.date}:${lv}`) || {}).done);
    if (unsolved) {
      const other = el("button", { type: "button", class: "tool", "data-action": "next-level", text: `${this.labels[unsolved] || unsolved} 풀기` });
      other.addEventListener("click", () => { store.set("harupan:level", unsolved); this.load(unsolved); });
      links.push(other);
    }
    const close = el("button", { type: "button", class: "tool", "data-action": "toast-close", text: "닫기" });
    close.addEventListener("click", () => this.closeToast(true));
    const next = el("p", { class: "facts", text: "새 판은 날마다 0시에 열립니다. 내일 다시 오세요. " });
    if (home) next.append(el("a", { href: new URL("archive/index.html", home.href).href, text: "지난 판 더 풀기" }));
    this.toast("cleared", `${before ? "완성한 판입니다" : "완성!"} ${this.labels[this.level] || this.level} · 걸린 시간 ${clock(this.elapsed)}`,
      [shareBox(this.shareText(), (t) => this.say(t), [...links, close]), next], null);
  }

  /** Show the one message box (non-modal: the board stays playable), above the board's bottom. */
  toast(kind, message, extra, buttons) {
    const close = el("button", { type: "button", class: "tool", "data-action": "toast-close", text: "닫기" });
    close.addEventListener("click", () => this.closeToast(true));
    this.toastBox.replaceChildren(el("p", { class: "tmsg", id: "shisen-toast-msg", text: message }), ...extra,
      ...(buttons ? [el("div", { class: "toolbar" }, ...buttons, ...(kind === "confirm" ? [] : [close]))] : []));
    this.toastBox.dataset.kind = kind;
    if (this.toastBox.open) return;
    const before = document.activeElement;
    this.toastBox.show();  // takes focus, so a keyboard player is at its buttons ...
    if (this.quiet) {  // ... except on opening the page: the box shows, the focus stays where it was
      if (before && before !== document.body) before.focus({ preventScroll: true });
      else if (this.toastBox.contains(document.activeElement)) document.activeElement.blur();
    }
  }

  closeToast(byPlayer = false) {
    if (this.toastBox.open) this.toastBox.close();
    if (byPlayer && this.toastBox.dataset.kind === "cleared") this.showResult();
    this.toastBox.dataset.kind = "";
  }

  /** The share line once the board is cleared: no tile, no move, only how it went. */
  shareText() {
    const canonical = document.querySelector('link[rel="canonical"]');
    const lines = [`하루 판 사천성 ${this.day.date} ${this.labels[this.level] || LEVEL_KO[this.level] || this.level}`,
      `완성 ${clock(this.elapsed)} · 힌트 ${this.hints}번 · 섞기 ${this.shufflesUsed}번`];
    if (canonical) lines.push(canonical.href);
    return lines.join("\n");
  }

  /** Under the board once cleared and the message closed: a way back to it. */
  showResult() {
    this.result.replaceChildren();
    if (!this.board.isEmpty() || this.toastBox.open) return;
    const again = el("button", { type: "button", class: "tool", "data-action": "result", text: "결과와 공유 문구 보기" });
    again.addEventListener("click", () => { this.cleared(true); this.result.replaceChildren(); });
    this.result.append(again);
  }

  drawPath(path) {
    const ns = "http://www.w3.org/2000/svg";
    const { cols, rows } = this.units;
    const at = (s, n, ring, tile) => (s < 0 ? ring / 2 : s >= n ? ring + n * tile + ring / 2 : ring + s * tile + tile / 2);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", path.map(([x, y]) => {
      const [sx, sy] = this.toScreen(x, y);
      return `${at(sx, cols, RING_X, TILE_X)},${at(sy, rows, RING_Y, TILE_Y)}`;
    }).join(" "));
    line.setAttribute("class", "pathline");
    this.overlay.replaceChildren(line);
    clearTimeout(this.pathTimer);
    this.pathTimer = setTimeout(() => this.overlay.replaceChildren(), 600);
  }

  async hint() {
    if (this.board.isEmpty() || this.thinking) return;
    const board = this.board;
    if (!proofStillHolds(board, this.proof)) {
      // The solver may need a moment on a slow phone: say so first and let the page draw it.
      this.thinking = true;
      this.say("힌트를 찾는 중…");
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      this.thinking = false;
      if (this.board !== board) return;  // the player moved meanwhile: that move's message stands
    }
    const h = hint(board, this.proof);
    if (!h) { this.say("지울 수 있는 짝이 없습니다. 무르기나 섞기를 눌러 보세요."); return; }
    if (h.lost) { this.say("이제는 어떤 순서로 지워도 판을 끝까지 풀 수 없습니다. 무르기로 되돌리거나 섞기를 눌러 보세요."); return; }
    if (h.undecided) { this.say("계산이 길어져 힌트를 찾지 못했습니다. 막혔다는 뜻은 아니니 계속 두어 보세요."); return; }
    this.proof = h.proof;  // the next hint follows it while the player does, without a solve
    this.hints += 1;
    this.save();
    this.grid.querySelectorAll(".hinted").forEach((c) => c.classList.remove("hinted"));
    for (const p of h.pair) this.cell(...p).classList.add("hinted");  // marked until the board changes
    this.say(`힌트: 표시한 ${this.name(h.pair[0])} 두 장을 지워 보세요.`);
    this.showPair(h.pair);
  }

  /** Brings a pair into view: a phone shows part of the turned board, and a hint marked off
   *  screen blinks unseen. The page scrolls so the pair's middle sits in the middle of what the
   *  bar (which stays at the top) leaves visible; a pair already in view stays put. */
  showPair(pair) {
    const rects = pair.map((p) => this.cell(...p).getBoundingClientRect());
    const bottom = window.innerHeight;
    let top = Math.max(0, this.bar.getBoundingClientRect().bottom);
    if (rects.every((r) => r.top >= top && r.bottom <= bottom)) return;
    const mid = (Math.min(...rects.map((r) => r.top)) + Math.max(...rects.map((r) => r.bottom))) / 2;
    // scrolling down sticks the bar to the top of the screen: it then covers down to its height
    if (mid > (top + bottom) / 2) top = (parseFloat(getComputedStyle(this.bar).top) || 0) + this.bar.offsetHeight;
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: mid - (top + bottom) / 2, behavior: still ? "auto" : "smooth" });
  }

  /** Shuffling counts against the share line, so it asks first. */
  askShuffle() {
    if (this.board.isEmpty()) return;
    const yes = el("button", { type: "button", class: "tool danger", "data-action": "shuffle-yes", text: "섞기" });
    yes.addEventListener("click", () => this.shuffle());
    const no = el("button", { type: "button", class: "tool", "data-action": "shuffle-no", text: "그만두기" });
    no.addEventListener("click", () => { this.closeToast(); this.shuffleButton.focus(); });
    this.toast("confirm", "남은 패를 섞을까요?",
      [el("p", { text: "남은 패를 끝까지 풀 수 있게 다시 놓습니다. 섞은 횟수는 공유 문구에 남고, 무르기로 되돌리면 빠집니다." })], [yes, no]);
  }

  shuffle() {
    if (this.board.isEmpty()) return;
    this.closeToast();
    this.startClock();
    const shuffled = shuffle(this.board, shuffleSeed(this.day.date, this.level, this.shuffles));
    this.board = shuffled.board;
    this.proof = makeProof(shuffled.board, shuffled.solution);  // a shuffle comes with its own clearing order
    this.history.push({ shuffle: this.shuffles });
    this.shuffles += 1;
    this.shufflesUsed += 1;
    this.selected = null;
    this.save();
    this.played();
    this.render();
    this.say("남은 패를 끝까지 풀 수 있게 섞었습니다.");
  }

  undo() {
    if (!this.history.length) return;
    const step = this.history.pop();
    if (step.shuffle !== undefined) this.shufflesUsed = Math.max(0, this.shufflesUsed - 1);
    this.root.classList.remove("done");
    this.closeToast();
    this.replay();
    this.selected = null;
    this.save();
    this.render();
    this.showResult();
    this.say(step.shuffle !== undefined ? "섞기를 물렀습니다. 섞은 횟수에서도 빠집니다." : "한 수 물렀습니다.");
  }

  say(text) { this.status.textContent = text; }
}

// ------------------------------------------------------------------ the record

/** Shisen-sho's days, cleaned: shisen[date] = {cleared: {level: {ms, hints, shuffles}}}; a day present was played. */
export function cleanShisen(days) {
  const out = {};
  for (const [date, day] of Object.entries(days)) {
    if (!DATE_KEY.test(date) || !day || typeof day !== "object") continue;
    const cleared = {};
    for (const [lv, c] of Object.entries(day.cleared || {})) {
      if (c && isCount(c.ms)) cleared[lv] = { ms: c.ms, hints: isCount(c.hints) ? c.hints : 0, shuffles: isCount(c.shuffles) ? c.shuffles : 0 };
    }
    out[date] = { cleared };
  }
  return out;
}

export function recordShisenPlayed(stats, date) {
  if (!stats.shisen) stats.shisen = {};
  if (!stats.shisen[date]) stats.shisen[date] = { cleared: {} };
}

/** A board cleared: the first clear of a (day, level) stands; clearing it again after undo does not count twice. */
export function recordShisenCleared(stats, date, level, ms, hints, shuffles) {
  recordShisenPlayed(stats, date);
  if (!stats.shisen[date].cleared[level]) stats.shisen[date].cleared[level] = { ms, hints, shuffles };
}

/** The figures of Shisen-sho's part of the panel. */
export function shisenSummary(days, today, levels) {
  const sDays = Object.keys(days);
  const cleared = sDays.filter((d) => Object.keys(days[d].cleared).length);
  const [current, best] = streaks(cleared, today);
  const byLevel = {};
  for (const lv of levels) {
    const times = cleared.map((d) => days[d].cleared[lv]).filter(Boolean).map((c) => c.ms);
    byLevel[lv] = { cleared: times.length, best: times.length ? Math.min(...times) : null, median: median(times) };
  }
  return { played: sDays.length, cleared: cleared.length, current, best, levels: byLevel };
}

/** Older saves (harupan:shisen:DATE:LEVEL): a board counts as cleared when its save says so, or
 *  when it is this page's day and its history empties the board. */
function shisenFromSaves(rec, keys, day) {
  for (const k of keys) {
    const m = /^harupan:shisen:(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    if (!m) continue;
    const save = store.get(k);
    if (!save || !Array.isArray(save.history) || !save.history.length) continue;
    recordShisenPlayed(rec, m[1]);
    let done = save.done === true;
    if (!done && day && day.date === m[1] && day.shisen && day.shisen[m[2]]) done = replayShisen(day, m[2], save.history)[0].isEmpty();
    if (done) recordShisenCleared(rec, m[1], m[2], save.elapsed || 0, save.hints || 0, save.shuffles || 0);
  }
}

function shisenPanel(days, { today, day, panel }) {
  const levels = ordered(day && day.shisen ? Object.keys(day.shisen) : JSON.parse(panel.dataset.levels || '["easy","normal","hard"]'));
  const sh = shisenSummary(days, today, levels);
  const rate = sh.played ? Math.round((100 * sh.cleared) / sh.played) : 0;
  const times = el("table", { class: "times" },
    el("caption", { text: "난이도별 완성 시간" }),
    el("thead", {}, el("tr", {}, ...["난이도", "완성", "최고", "중간값"].map((t) => el("th", { scope: "col", text: t })))),
    el("tbody", {}, ...levels.map((lv) => {
      const l = sh.levels[lv];
      return el("tr", {}, el("th", { scope: "row", text: LEVEL_KO[lv] || lv }), el("td", { text: `${l.cleared}판` }),
        el("td", { text: l.best === null ? "-" : clock(l.best) }), el("td", { text: l.median === null ? "-" : clock(l.median) }));
    })));
  return [el("h3", { text: "사천성" }),
    el("div", { class: "stats" }, stat(sh.played, "플레이한 날"), stat(sh.cleared, "완성한 날"), stat(`${rate}%`, "완성률"),
      stat(sh.current, "연속 완성"), stat(sh.best, "최고 연속")),
    times];
}

registerGame("shisen", {
  mount(section, { day, labels, record }) {
    const root = section.querySelector("#shisen-app");
    if (root && day.shisen) window.harupanShisen = new ShisenApp(root, day, labels, record);
  },
  record: { clean: cleanShisen, fromSaves: shisenFromSaves, panel: shisenPanel },
});
