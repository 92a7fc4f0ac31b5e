import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "./modules.mjs";

const { Rng } = await load("rng.js");
const { replay, Game, move } = await load("zodiac.js");

const data = (name) => JSON.parse(readFileSync(new URL(`../data/${name}`, import.meta.url)));

test("RNG reproduces the shared vectors", () => {
  for (const v of data("rng_xoshiro128ss.json").vectors) {
    const r = new Rng(v.seed);
    assert.deepEqual(v.first_u32.map(() => r.nextU32()), v.first_u32, v.seed);
    const b = new Rng(v.seed);
    assert.deepEqual(v.below_in_order.map(([n]) => b.below(n)), v.below_in_order.map(([, x]) => x), v.seed);
  }
});

test("zodiac replays reproduce the shared vectors", () => {
  for (const v of data("zodiac_replays.json").replays) {
    assert.deepEqual(Game.forDate(v.date).board, v.start);
    const r = replay(v.moves, { date: v.date });
    assert.deepEqual(r, { board: v.board, score: v.score, counted: v.counted, state: v.state, top: v.top });
  }
});

test("merge rules", () => {
  assert.deepEqual(move([1, 1, 1, 1, ...Array(12).fill(0)], "L").slice(0, 2), [[2, 2, 0, 0, ...Array(12).fill(0)], 4]);
  assert.deepEqual(move([2, 1, 1, 0, ...Array(12).fill(0)], "L")[0].slice(0, 4), [2, 2, 0, 0]);
});

const cases = process.env.HARUPAN_JS_CASES;
test("zodiac replays written by the Python engine", { skip: !cases && "run by tests/test_js.py" }, () => {
  const all = JSON.parse(readFileSync(cases)).zodiac;
  assert.ok(all.length > 0);
  for (const c of all) {
    assert.deepEqual(replay(c.moves, { date: c.date }), c.result, c.date);
  }
});
