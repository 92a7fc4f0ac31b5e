import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "./modules.mjs";

const {
  cardApply, cardCompletable, cardHint, cardMeldKind, cardMeldPoints, cardName, cardResult, cardScore, cardState, cardWhyNot,
} = await load("cards.js");

const vectors = JSON.parse(readFileSync(new URL("../data/cards_vectors.json", import.meta.url)));

test("melds, points and reasons agree with the Python engine, case by case", () => {
  assert.ok(vectors.melds.length >= 500);
  for (const v of vectors.melds) {
    const kind = cardMeldKind(v.cards);
    assert.equal(kind, v.kind, v.cards.join(" "));
    assert.equal(kind === null ? null : cardMeldPoints(kind), v.points, v.cards.join(" "));
    assert.equal(cardWhyNot(v.cards), v.why, v.cards.join(" "));
  }
});

test("plays step by step as the Python play model does", () => {
  assert.equal(vectors.plays.length, 5);
  for (const p of vectors.plays) {
    let state = cardState(p.hand);
    for (const s of p.steps) {
      const out = cardApply(state, s.move);
      if ("error" in s) {
        assert.equal(out.error, s.error, `${p.date} ${JSON.stringify(s.move)}`);
        assert.equal(out.state, undefined);
        continue;
      }
      assert.equal(out.error, undefined, `${p.date} ${JSON.stringify(s.move)}: ${out.error}`);
      state = out.state;
      assert.deepEqual(state.groups, s.groups, p.date);
      assert.equal(cardScore(state), s.score, p.date);
      assert.deepEqual(cardResult(state, p.best), s.result, p.date);
    }
    assert.deepEqual(cardResult(state, p.best), { score: p.best, best: p.best, perfect: true }, p.date);
  }
});

test("dead ends and hints are decided as the engine's exhaustive search decides them", () => {
  const steps = vectors.dead_ends.flatMap((w) => w.steps.map((s) => ({ ...s, hand: w.hand, date: w.date })));
  assert.ok(steps.length >= 300);
  const said = new Set(steps.map((s) => `${s.completable} ${s.hint === null}`));
  assert.deepEqual([...said].sort(), ["false true", "true false", "true true"]);  // dead, alive, complete
  for (const w of vectors.dead_ends) {
    let state = cardState(w.hand);
    for (const s of w.steps) {
      const out = cardApply(state, s.move);
      assert.equal(out.error, undefined, `${w.date} ${JSON.stringify(s.move)}: ${out.error}`);
      state = out.state;
      assert.deepEqual(state.groups, s.groups, w.date);
      assert.equal(cardCompletable(state), s.completable, `${w.date} ${JSON.stringify(s.groups)}`);
      assert.deepEqual(cardHint(state), s.hint, `${w.date} ${JSON.stringify(s.groups)}`);
    }
  }
  assert.equal(cardApply(cardState(["Y1"]), { undo: true }).error, "되돌릴 묶음이 없어요.");
});

test("card names begin the buttons' accessible names", () => {
  assert.equal(cardName("Y1"), "노랑 장");
  assert.equal(cardName("W7"), "하양 졸");
  assert.equal(cardName("R4"), "빨강 차");
});
