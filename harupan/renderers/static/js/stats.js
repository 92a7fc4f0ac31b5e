// The player's record across days: kept in this browser only (one localStorage key), never sent.
// Stored are plain facts per day, under each game's name; every figure shown (streaks, medians) is
// worked out from them, so a new figure needs no change of format. Each game's module says how to
// clean its own days and what its figures are (registerGame's ``record``, game.js); this module
// knows no game. The key carries a version; an older format is moved forward by MIGRATIONS, and a
// record this code cannot read is set aside, not lost.

export const STATS_KEY = "harupan:stats";
export const STATS_VERSION = 1;

/** An empty record with a place for each of ``names`` (the games that keep a record). */
export const emptyStats = (names = []) => Object.fromEntries([["v", STATS_VERSION], ...names.map((n) => [n, {}])]);

export const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;
export const isCount = (n) => Number.isInteger(n) && n >= 0;

/** Version 1, cleaned: each game's days through its own ``clean`` (a hand-edited or half-written
 *  record must not break the page); a game this page does not know keeps its days as they are. */
function clean(raw, cleaners) {
  const out = emptyStats(Object.keys(cleaners));
  for (const [name, days] of Object.entries(raw)) {
    if (name === "v" || !days || typeof days !== "object" || Array.isArray(days)) continue;
    out[name] = cleaners[name] ? cleaners[name](days) : days;
    for (const [date, day] of Object.entries(out[name])) {  // the mark stampLate leaves, whatever the game keeps
      if (days[date] && days[date].late === true && day && typeof day === "object") day.late = true;
    }
  }
  return out;
}

/** From version v to v + 1. Version 0 is the time before this record: the games' own per-day
 *  saves, read by the page (see fromSaves in game.js) and handed in as {v: 0, ...}. */
export const MIGRATIONS = {
  0: (old) => ({ ...old, v: 1 }),
};

/** The record from what localStorage held (parsed JSON, or null): [stats, setAside]. setAside is
 *  the raw value when it could not be read (a newer version, or not a record at all); the caller
 *  keeps it under another key instead of writing over it silently. ``cleaners`` maps each game
 *  that keeps a record to the function that cleans its days. */
export function migrate(raw, cleaners = {}) {
  const names = Object.keys(cleaners);
  if (raw === null || raw === undefined) return [emptyStats(names), null];
  if (typeof raw !== "object" || !Number.isInteger(raw.v) || raw.v < 0 || raw.v > STATS_VERSION) return [emptyStats(names), raw];
  let rec = raw;
  while (rec.v < STATS_VERSION) rec = MIGRATIONS[rec.v](rec);
  return [clean(rec, cleaners), null];
}

/** Days first recorded on another day than their own (an old puzzle played later, from the
 *  archive) get ``late: true``: they stay in the record, but no streak counts them. ``known``
 *  holds each game's days as they were before (knownDays: a Map of date to its mark), so a day
 *  already known keeps its mark when a game writes its entry anew; it is brought up to date here
 *  (the days seen now added), so a caller keeps the same ``known`` across saves. ``today`` is YYYY-MM-DD. A day
 *  recorded before this mark existed has none and counts as it always did. */
export function stampLate(stats, known, today) {
  for (const [name, days] of Object.entries(stats)) {
    if (name === "v" || !days || typeof days !== "object") continue;
    const before = known[name] || (known[name] = new Map());
    for (const [date, day] of Object.entries(days)) {
      if (!day || typeof day !== "object") continue;
      const late = before.has(date) ? before.get(date) : date !== today;
      if (late) day.late = true;
      before.set(date, late);  // known from now on, with its mark
    }
  }
}

/** Each game's days now, each with whether it is marked late (for stampLate's ``known``). */
export const knownDays = (stats) => Object.fromEntries(Object.entries(stats).filter(([n, d]) => n !== "v" && d && typeof d === "object")
  .map(([n, d]) => [n, new Map(Object.entries(d).map(([date, day]) => [date, !!(day && day.late === true)]))]));

const dayNumber = (date) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86400000;

/** [current, best] streaks of consecutive counted days. The current one is alive while its last
 *  day is today or yesterday (``today`` as YYYY-MM-DD). With ``record`` (a game's days), a day
 *  marked late (stampLate: played after its own day) is left out. */
export function streaks(dates, today, record = null) {
  const counted = record ? dates.filter((d) => !(record[d] && record[d].late)) : dates;
  const days = [...new Set(counted.map(dayNumber))].sort((a, b) => a - b);
  let best = 0, run = 0, prev = null;
  for (const d of days) {
    run = prev !== null && d === prev + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    prev = d;
  }
  const current = prev !== null && dayNumber(today) - prev <= 1 ? run : 0;
  return [current, best];
}

export function median(values) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Math.round((s[m - 1] + s[m]) / 2);
}

/** Today's date where the site's days change (Korea), as YYYY-MM-DD; the device's own date where
 *  the browser cannot convert time zones. */
export function todayIn(timeZone = "Asia/Seoul", now = new Date()) {
  // Seoul keeps UTC+9 all year (no summer time since 1988): no need for the time-zone data, whose
  // first use costs a phone tens of milliseconds of the page's start
  if (timeZone === "Asia/Seoul") return new Date(now.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);
  try {
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
    const get = (t) => parts.find((p) => p.type === t).value;
    return `${get("year")}-${get("month")}-${get("day")}`;
  } catch (e) {
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  }
}
