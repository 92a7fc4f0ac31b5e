// The player's record across days: kept in this browser only (one localStorage key), never sent.
// Stored are plain facts per day; every figure shown (streaks, medians) is worked out from them,
// so a new figure needs no change of format. The key carries a version; an older format is
// moved forward by MIGRATIONS, and a record this code cannot read is set aside, not lost.

export const STATS_KEY = "harupan:stats";
export const STATS_VERSION = 1;

export const emptyStats = () => ({ v: STATS_VERSION, shisen: {}, zodiac: {} });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCount = (n) => Number.isInteger(n) && n >= 0;

/** Version 1, cleaned: only well-formed days and figures survive (a hand-edited or half-written
 *  record must not break the page). shisen[date] = {cleared: {level: {ms, hints, shuffles}}};
 *  zodiac[date] = {ended, won, score, top}. A day present was played. */
function clean(raw) {
  const out = emptyStats();
  for (const [date, day] of Object.entries(raw.shisen || {})) {
    if (!DATE.test(date) || !day || typeof day !== "object") continue;
    const cleared = {};
    for (const [lv, c] of Object.entries(day.cleared || {})) {
      if (c && isCount(c.ms)) cleared[lv] = { ms: c.ms, hints: isCount(c.hints) ? c.hints : 0, shuffles: isCount(c.shuffles) ? c.shuffles : 0 };
    }
    out.shisen[date] = { cleared };
  }
  for (const [date, z] of Object.entries(raw.zodiac || {})) {
    if (!DATE.test(date) || !z || typeof z !== "object") continue;
    out.zodiac[date] = { ended: z.ended === true, won: z.won === true, score: isCount(z.score) ? z.score : 0,
      top: isCount(z.top) && z.top <= 12 ? z.top : 0 };
  }
  return out;
}

/** From version v to v + 1. Version 0 is the time before this record: the games' own per-day
 *  saves, read by the page (see fromSaves) and handed in as {v: 0, ...}. */
export const MIGRATIONS = {
  0: (old) => ({ ...old, v: 1 }),
};

/** The record from what localStorage held (parsed JSON, or null): [stats, setAside]. setAside is
 *  the raw value when it could not be read (a newer version, or not a record at all); the caller
 *  keeps it under another key instead of writing over it silently. */
export function migrate(raw) {
  if (raw === null || raw === undefined) return [emptyStats(), null];
  if (typeof raw !== "object" || !Number.isInteger(raw.v) || raw.v < 0 || raw.v > STATS_VERSION) return [emptyStats(), raw];
  let rec = raw;
  while (rec.v < STATS_VERSION) rec = MIGRATIONS[rec.v](rec);
  return [clean(rec), null];
}

export function recordShisenPlayed(stats, date) {
  if (!stats.shisen[date]) stats.shisen[date] = { cleared: {} };
}

/** A board cleared: the first clear of a (day, level) stands; clearing it again after undo does not count twice. */
export function recordShisenCleared(stats, date, level, ms, hints, shuffles) {
  recordShisenPlayed(stats, date);
  if (!stats.shisen[date].cleared[level]) stats.shisen[date].cleared[level] = { ms, hints, shuffles };
}

export function recordZodiac(stats, date, state, score, top) {
  const ended = state !== "playing";
  const z = stats.zodiac[date] || { ended: false, won: false, score: 0, top: 0 };
  stats.zodiac[date] = { ended: z.ended || ended, won: z.won || state === "won", score: Math.max(z.score, score), top: Math.max(z.top, top) };
}

const dayNumber = (date) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86400000;

/** [current, best] streaks of consecutive counted days. The current one is alive while its last
 *  day is today or yesterday (``today`` as YYYY-MM-DD). */
export function streaks(dates, today) {
  const days = [...new Set(dates.map(dayNumber))].sort((a, b) => a - b);
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

/** The figures the panel shows. */
export function summary(stats, today, levels) {
  const sDays = Object.keys(stats.shisen);
  const cleared = sDays.filter((d) => Object.keys(stats.shisen[d].cleared).length);
  const [sCurrent, sBest] = streaks(cleared, today);
  const byLevel = {};
  for (const lv of levels) {
    const times = cleared.map((d) => stats.shisen[d].cleared[lv]).filter(Boolean).map((c) => c.ms);
    byLevel[lv] = { cleared: times.length, best: times.length ? Math.min(...times) : null, median: median(times) };
  }
  const zDays = Object.keys(stats.zodiac);
  const ended = zDays.filter((d) => stats.zodiac[d].ended);
  const [zCurrent, zBest] = streaks(ended, today);
  const tops = new Array(13).fill(0);
  for (const d of ended) tops[stats.zodiac[d].top] += 1;
  return {
    shisen: { played: sDays.length, cleared: cleared.length, current: sCurrent, best: sBest, levels: byLevel },
    zodiac: { played: zDays.length, ended: ended.length, won: ended.filter((d) => stats.zodiac[d].won).length,
      current: zCurrent, best: zBest, bestScore: Math.max(0, ...zDays.map((d) => stats.zodiac[d].score)),
      top: Math.max(0, ...zDays.map((d) => stats.zodiac[d].top)), tops },
  };
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
