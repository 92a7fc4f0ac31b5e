// Each game's record.dayState (a day's state for the archive's calendar and the day's menu) and
// pages.js dayMark, which combines them into the day's mark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./modules.mjs";

const { registerGame } = await load("game.js");
const { shisenDayState, recordShisenCleared, recordShisenPlayed, cleanShisen } = await load("shisen-record.js");
await load("shisen.js");  // registers the games, as the joined script does
const { zodiacDayState, recordZodiac, cleanZodiac } = await load("zodiac.js");
const { cardDayState, cardRecord, cardClean } = await load("cards.js");
const { dayMark, MARK_KO } = await load("pages.js");
const { migrate } = await load("stats.js");

test("shisen: no day, a day played, levels cleared in reading order with their times", () => {
  const s = {};
  assert.equal(shisenDayState(s.shisen, "2026-12-01"), null);
  recordShisenPlayed(s, "2026-12-01");
  assert.deepEqual(shisenDayState(s.shisen, "2026-12-01"), { state: "playing", text: "진행 중" });
  recordShisenCleared(s, "2026-12-02", "hard", 305000, 0, 0);
  recordShisenCleared(s, "2026-12-02", "normal", 151000, 1, 0);
  assert.deepEqual(shisenDayState(s.shisen, "2026-12-02"), { state: "cleared", text: "보통 2:31 · 어려움 5:05" });
  assert.equal(shisenDayState(s.shisen, "2026-12-03"), null);
  assert.equal(shisenDayState(undefined, "2026-12-03"), null);
});

test("zodiac: playing with its score so far, cleared once ended (won or not) with the top animal", () => {
  const s = {};
  recordZodiac(s, "2026-12-01", "playing", 420, 3);
  assert.deepEqual(zodiacDayState(s.zodiac, "2026-12-01"), { state: "playing", text: "진행 중 · 420점" });
  recordZodiac(s, "2026-12-01", "over", 1320, 5);
  assert.equal(zodiacDayState(s.zodiac, "2026-12-01").state, "cleared");
  assert.match(zodiacDayState(s.zodiac, "2026-12-01").text, /^1,320점 · \S+$/);
  assert.deepEqual(zodiacDayState(cleanZodiac({ "2026-12-02": { ended: true } }), "2026-12-02"), { state: "cleared", text: "0점" });
  assert.equal(zodiacDayState(s.zodiac, "2026-12-02"), null);
});

test("cards: a move is playing, a completed hand is cleared with its score", () => {
  const s = {};
  cardRecord(s, "2026-12-01", null);
  assert.deepEqual(cardDayState(s.cards, "2026-12-01"), { state: "playing", text: "진행 중" });
  cardRecord(s, "2026-12-01", { score: 18, perfect: false });
  assert.deepEqual(cardDayState(s.cards, "2026-12-01"), { state: "cleared", text: "18점" });
  cardRecord(s, "2026-12-01", { score: 24, perfect: true });
  assert.deepEqual(cardDayState(s.cards, "2026-12-01"), { state: "cleared", text: "24점 · 최고점" });
  assert.equal(cardDayState(s.cards, "2026-12-02"), null);
});

test("every registered game that keeps a record tells a day's state", () => {
  const keeping = [...registerGame.games].filter(([, g]) => g.record);
  assert.ok(keeping.length >= 3);
  for (const [name, g] of keeping) {
    assert.equal(typeof g.record.dayState, "function", name);
    assert.equal(g.record.dayState({}, "2026-12-01"), null, name);  // a day not in the record
  }
});

test("dayMark: cleared when every game of the day is, played when any was, from a cleaned record", () => {
  const games = ["shisen", "zodiac", "cards"];
  const raw = { v: 1,
    shisen: { "2026-12-02": { cleared: {} }, "2026-12-03": { cleared: { normal: { ms: 151000 } } }, "2026-12-04": { cleared: { easy: { ms: 1000 } } } },
    zodiac: { "2026-12-03": { ended: true, score: 1320, top: 5 }, bad: 1 },
    cards: { "2026-12-03": { done: true, score: 24, perfect: true } } };
  const stats = migrate(raw, { shisen: cleanShisen, zodiac: cleanZodiac, cards: cardClean })[0];
  assert.equal(dayMark(stats, "2026-12-01", games).mark, null);
  assert.equal(dayMark(stats, "2026-12-02", games).mark, "played");
  const three = dayMark(stats, "2026-12-03", games);
  assert.equal(three.mark, "cleared");
  assert.deepEqual(three.parts.map(([n, s]) => [n, s.state]), [["shisen", "cleared"], ["zodiac", "cleared"], ["cards", "cleared"]]);
  assert.equal(three.parts[0][1].text, "보통 2:31");
  assert.equal(dayMark(stats, "2026-12-04", games).mark, "played");  // one game of three cleared
  assert.equal(dayMark(stats, "2026-12-04", ["shisen"]).mark, "cleared");  // a day that held only that game
  assert.equal(dayMark(stats, "2026-12-03", ["shisen", "nonesuch"]).mark, "cleared");  // a game the page cannot ask is left out
  assert.equal(dayMark(stats, "2026-12-03", []).mark, null);
  assert.equal(dayMark({ v: 1 }, "2026-12-03", games).mark, null);
  assert.deepEqual(MARK_KO, { cleared: "완성", played: "플레이함" });
});
