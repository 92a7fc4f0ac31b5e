import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./modules.mjs";

const { STATS_VERSION, emptyStats, median, migrate, streaks, todayIn } = await load("stats.js");
const { cleanShisen, recordShisenCleared, recordShisenPlayed, shisenSummary } = await load("shisen-record.js");
const { cleanZodiac, recordZodiac, zodiacSummary } = await load("zodiac.js");

// The games' own cleaners, as the page hands them to migrate (game.js).
const CLEANERS = { shisen: cleanShisen, zodiac: cleanZodiac };
const empty = () => emptyStats(Object.keys(CLEANERS));

test("streaks: consecutive days, the current one alive through yesterday", () => {
  const days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"];
  assert.deepEqual(streaks(days, "2026-11-06"), [2, 3]);
  assert.deepEqual(streaks(days, "2026-11-07"), [2, 3]);
  assert.deepEqual(streaks(days, "2026-11-08"), [0, 3]);
  assert.deepEqual(streaks([], "2026-11-08"), [0, 0]);
  assert.deepEqual(streaks(["2026-02-28", "2026-03-01", "2026-03-01"], "2026-03-01"), [2, 2]);  // month end, duplicates
  assert.deepEqual(streaks(["2027-12-31", "2028-01-01"], "2028-01-02"), [2, 2]);
});

test("median of odd and even counts", () => {
  assert.equal(median([]), null);
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 10]), 4);  // (3 + 4) / 2 rounded
});

test("a first clear stands; the figures come from the days", () => {
  const s = empty();
  recordShisenPlayed(s, "2026-11-28");
  recordShisenCleared(s, "2026-11-29", "normal", 90000, 1, 0);
  recordShisenCleared(s, "2026-11-29", "normal", 30000, 0, 0);  // again after undo: not counted
  recordShisenCleared(s, "2026-11-30", "normal", 60000, 0, 2);
  recordShisenCleared(s, "2026-11-30", "easy", 40000, 0, 0);
  recordZodiac(s, "2026-11-29", "playing", 100, 4);
  recordZodiac(s, "2026-11-29", "over", 900, 7);
  recordZodiac(s, "2026-11-30", "won", 5000, 12);
  const f = { shisen: shisenSummary(s.shisen, "2026-11-30", ["easy", "normal"]), zodiac: zodiacSummary(s.zodiac, "2026-11-30") };
  assert.deepEqual(f.shisen, { played: 3, cleared: 2, current: 2, best: 2,
    levels: { easy: { cleared: 1, best: 40000, median: 40000 }, normal: { cleared: 2, best: 60000, median: 75000 } } });
  assert.equal(f.zodiac.ended, 2);
  assert.equal(f.zodiac.won, 1);
  assert.equal(f.zodiac.bestScore, 5000);
  assert.equal(f.zodiac.top, 12);
  assert.equal(f.zodiac.tops[7], 1);
  assert.equal(f.zodiac.tops[12], 1);
});

test("migrate: nothing, version 0, version 1, garbage and a newer version", () => {
  assert.deepEqual(migrate(null, CLEANERS), [empty(), null]);
  assert.deepEqual(empty(), { v: 1, shisen: {}, zodiac: {} });
  const v0 = { v: 0, shisen: { "2026-11-29": { cleared: { normal: { ms: 5000, hints: 2, shuffles: 1 } } } }, zodiac: {} };
  const [s] = migrate(v0, CLEANERS);
  assert.equal(s.v, STATS_VERSION);
  assert.deepEqual(s.shisen["2026-11-29"].cleared.normal, { ms: 5000, hints: 2, shuffles: 1 });
  assert.deepEqual(migrate(JSON.parse(JSON.stringify(s)), CLEANERS)[0], s);  // a round trip keeps it
  const messy = { v: 1, shisen: { "not a date": {}, "2026-11-29": { cleared: { normal: { ms: -1 } } } },
    zodiac: { "2026-11-29": { ended: "yes", score: 12, top: 99 } } };
  const [m, aside] = migrate(messy, CLEANERS);
  assert.equal(aside, null);
  assert.deepEqual(m.shisen, { "2026-11-29": { cleared: {} } });
  assert.deepEqual(m.zodiac["2026-11-29"], { ended: false, won: false, score: 12, top: 0 });
  for (const bad of ["text", 7, [], { v: 2 }, { v: -1 }, { v: "1" }]) {
    const [fresh, kept] = migrate(bad, CLEANERS);
    assert.deepEqual(fresh, empty());
    assert.deepEqual(kept, bad);
  }
});

test("a clear keeps its undos and rewinds; one recorded before they were counted gets none, not a zero", () => {
  const s = empty();
  recordShisenCleared(s, "2026-11-29", "hard", 90000, 1, 2, 3, 1);
  assert.deepEqual(s.shisen["2026-11-29"].cleared.hard, { ms: 90000, hints: 1, shuffles: 2, undos: 3, rewinds: 1 });
  assert.deepEqual(migrate(JSON.parse(JSON.stringify(s)), CLEANERS)[0], s);
  const odd = { v: 1, shisen: { "2026-11-29": { cleared: { hard: { ms: 5000, hints: 0, shuffles: 0, undos: -2, rewinds: "1" },
    normal: { ms: 4000, hints: 0, shuffles: 0 } } } } };
  const cleared = migrate(odd, CLEANERS)[0].shisen["2026-11-29"].cleared;
  assert.deepEqual(cleared, { hard: { ms: 5000, hints: 0, shuffles: 0 }, normal: { ms: 4000, hints: 0, shuffles: 0 } });
});

test("a game this page does not know keeps its days; a game's days are cleaned by that game only", () => {
  const later = { v: 1, shisen: {}, zodiac: {}, cards: { "2026-12-01": { done: true, score: 9, best: 9 } } };
  assert.deepEqual(migrate(later, CLEANERS)[0].cards, later.cards);
  assert.deepEqual(migrate({ v: 1, shisen: { "2026-12-01": { cleared: {} } } }, { zodiac: cleanZodiac })[0],
    { v: 1, zodiac: {}, shisen: { "2026-12-01": { cleared: {} } } });
});

test("today in Korea", () => {
  assert.equal(todayIn("Asia/Seoul", new Date(Date.UTC(2026, 10, 30, 15, 30))), "2026-12-01");
  assert.equal(todayIn("Asia/Seoul", new Date(Date.UTC(2026, 10, 30, 14, 59))), "2026-11-30");
});

test("today in Korea without the time-zone data agrees with it, hour by hour through two years", () => {
  const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit", day: "2-digit" });
  for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 3600 * 1000 + 17 * 60 * 1000) {
    const d = new Date(t);
    assert.equal(todayIn("Asia/Seoul", d), intl.format(d), d.toISOString());
  }
});

test("a day played after its own day stays in the record but no streak counts it", async () => {
  const { knownDays, stampLate } = await load("stats.js");
  const stats = { v: 1, shisen: { "2026-11-05": { cleared: { easy: {} } } }, cards: {} };
  const known = knownDays(stats);  // read in: an older day without the mark counts as before
  stats.shisen["2026-11-06"] = { cleared: { easy: {} } };  // today's puzzle, today
  stats.shisen["2026-11-01"] = { cleared: { easy: {} } };  // catching up from the archive
  stats.shisen["2026-11-02"] = { cleared: { easy: {} } };
  stats.shisen["2026-11-03"] = { cleared: { easy: {} } };
  stats.shisen["2026-11-04"] = { cleared: { easy: {} } };
  stampLate(stats, known, "2026-11-06");
  assert.equal(stats.shisen["2026-11-05"].late, undefined);
  assert.equal(stats.shisen["2026-11-06"].late, undefined);
  assert.equal(stats.shisen["2026-11-01"].late, true);
  const days = stats.shisen;
  assert.deepEqual(streaks(Object.keys(days), "2026-11-06", days), [2, 2]);  // not 6: four were caught up
  assert.deepEqual(streaks(Object.keys(days), "2026-11-06"), [6, 6]);  // without the record, every date
  // a game that writes its day's entry anew keeps the mark
  const again = knownDays(stats);
  stats.shisen["2026-11-01"] = { cleared: { easy: {}, normal: {} } };
  stampLate(stats, again, "2026-11-07");
  assert.equal(stats.shisen["2026-11-01"].late, true);
  assert.equal(stats.shisen["2026-11-06"].late, undefined);  // known, not late: played on its day
  // the mark survives a reload: migrate's cleaning keeps it whatever the game's cleaner keeps
  const [back] = migrate(JSON.parse(JSON.stringify(stats)), { shisen: (d) => Object.fromEntries(Object.entries(d).map(([k]) => [k, { cleared: {} }])) });
  assert.equal(back.shisen["2026-11-01"].late, true);
  assert.equal(back.shisen["2026-11-06"].late, undefined);
});
