// Shisen-sho's part of the player's storage: the levels in reading order, a saved game replayed,
// and its part of the player's record (registered with game.js by shisen.js).
import { HARUPAN_DATA } from "./data.js";
import { clock, el, stat, store } from "./game.js";
import { DATE_KEY, isCount, median, streaks } from "./stats.js";
import { Board } from "./shisen-board.js";
import { shisenSolverNow } from "./shisen-solver.js";

export const LEVEL_KO = HARUPAN_DATA.shisen.levels;  // the engine's level names, in the order a player reads them
/** Levels in the order a player reads them everywhere (tabs, stats): 쉬움, 보통, 어려움, others after. */
export const ordered = (levels) => {
  const at = (lv) => { const i = Object.keys(LEVEL_KO).indexOf(lv); return i < 0 ? 99 : i; };
  return [...levels].sort((a, b) => at(a) - at(b) || (a < b ? -1 : a > b ? 1 : 0));
};

/** The seed of a day's n-th shuffle (0-based) at a level: the same in every browser. */
export const shuffleSeed = (date, level, n) => `harupan:shuffle:${date}:${level}:${n}`;

/** The positions a saved history passes through, the day's board first: one board per step that
 *  holds, with the shuffles taken so far. A save is the player's own storage and may be cut short
 *  or edited: replay stops at the first step that is not a legal move (or the next shuffle in
 *  turn), so a bad save can only lose its tail. `solver`: the loaded search (shisen-solver.js),
 *  whose rules check each step. */
export function historyBoards(solver, day, level, history) {
  let b = Board.fromRows(day.shisen[level].cells);
  let shuffles = 0;
  const boards = [b];
  const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every(Number.isInteger);
  for (const step of Array.isArray(history) ? history : []) {
    if (step && step.shuffle === shuffles) {
      const mixed = solver.shuffle(b, shuffleSeed(day.date, level, step.shuffle));
      if (!mixed) break;
      b = mixed.board;
      shuffles += 1;
    } else if (step && Array.isArray(step.pair) && step.pair.length === 2 && step.pair.every(isPoint)
               && solver.checkMove(b, ...step.pair)) {
      b = b.with([[...step.pair[0], null], [...step.pair[1], null]]);
    } else {
      break;
    }
    boards.push(b);
  }
  return { boards, shuffles };
}

/** The board (and shuffles used) after a saved history, and how many of its steps hold (see historyBoards). */
export function replayShisen(solver, day, level, history) {
  const { boards, shuffles } = historyBoards(solver, day, level, history);
  return [boards[boards.length - 1], shuffles, boards.length - 1];
}

// ------------------------------------------------------------------ the record

/** Shisen-sho's days, cleaned: shisen[date] = {cleared: {level: {ms, hints, shuffles, undos?, rewinds?}}}; a day
 *  present was played. Undos and rewinds (마지막으로 풀 수 있던 곳으로) are kept when the record has them:
 *  a clear recorded before they were counted has neither, rather than a zero it never measured. */
export function cleanShisen(days) {
  const out = {};
  for (const [date, day] of Object.entries(days)) {
    if (!DATE_KEY.test(date) || !day || typeof day !== "object") continue;
    const cleared = {};
    for (const [lv, c] of Object.entries(day.cleared || {})) {
      if (!c || !isCount(c.ms)) continue;
      cleared[lv] = { ms: c.ms, hints: isCount(c.hints) ? c.hints : 0, shuffles: isCount(c.shuffles) ? c.shuffles : 0 };
      for (const k of ["undos", "rewinds"]) if (isCount(c[k])) cleared[lv][k] = c[k];
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
export function recordShisenCleared(stats, date, level, ms, hints, shuffles, undos = 0, rewinds = 0) {
  recordShisenPlayed(stats, date);
  if (!stats.shisen[date].cleared[level]) stats.shisen[date].cleared[level] = { ms, hints, shuffles, undos, rewinds };
}

/** The figures of Shisen-sho's part of the panel. */
export function shisenSummary(days, today, levels) {
  const sDays = Object.keys(days);
  const cleared = sDays.filter((d) => Object.keys(days[d].cleared).length);
  const [current, best] = streaks(cleared, today, days);
  const byLevel = {};
  for (const lv of levels) {
    const times = cleared.map((d) => days[d].cleared[lv]).filter(Boolean).map((c) => c.ms);
    byLevel[lv] = { cleared: times.length, best: times.length ? Math.min(...times) : null, median: median(times) };
  }
  return { played: sDays.length, cleared: cleared.length, current, best, levels: byLevel };
}

/** Older saves (harupan:shisen:DATE:LEVEL): a board counts as cleared when its save says so, or
 *  when it is this page's day and its history empties the board, which takes the rules: only when
 *  the search has loaded already (it loads at the first move, so a save from before the `done`
 *  flag that the page has not replayed yet counts as played). */
export function shisenFromSaves(rec, keys, day) {
  for (const k of keys) {
    const m = /^harupan:shisen:(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    if (!m) continue;
    const save = store.get(k);
    if (!save || !Array.isArray(save.history) || !save.history.length) continue;
    recordShisenPlayed(rec, m[1]);
    let done = save.done === true;
    const solver = shisenSolverNow();
    if (!done && solver && day && day.date === m[1] && day.shisen && day.shisen[m[2]]) {
      done = replayShisen(solver, day, m[2], save.history)[0].isEmpty();
    }
    const n = (k) => (isCount(save[k]) ? save[k] : 0);  // counts a save from before them lacks
    if (done) recordShisenCleared(rec, m[1], m[2], save.elapsed || 0, save.hints || 0, save.shuffles || 0, n("undos"), n("rewinds"));
  }
}

export function shisenPanel(days, { today, day, panel }) {
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

/** Shisen-sho's part of a day's state (the archive's calendar, the day's menu; registerGame's
 *  ``record.dayState``), from its cleaned days: null when the record has no such day; "cleared"
 *  when a level of it was cleared (as the panel's 완성한 날 counts), its text each cleared level
 *  with its time in reading order ("보통 2:31"); else "playing" (a move made, no level cleared). */
export function shisenDayState(days, date) {
  const d = days && days[date];
  if (!d) return null;
  const levels = ordered(Object.keys(d.cleared || {}));
  if (!levels.length) return { state: "playing", text: "진행 중" };
  return { state: "cleared", text: levels.map((lv) => `${LEVEL_KO[lv] || lv} ${clock(d.cleared[lv].ms)}`).join(" · ") };
}
