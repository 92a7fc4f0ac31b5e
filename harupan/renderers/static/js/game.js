// The day page's games: Shisen-sho and zodiac merge, same rules as the Python engine; the
// player's record (stats.js) on the day page and the home page; offline play (sw.js).
import { Board, checkMove, hint, legalPairs, shuffle, SOLVED } from "./shisen.js";
import { Game, LINES, NAMES, PIG } from "./zodiac.js";
import { particle } from "./ko.js";
import { STATS_KEY, migrate, recordShisenCleared, recordShisenPlayed, recordZodiac, summary, todayIn } from "./stats.js";

const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } },
  set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
};
const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const el = (tag, attrs = {}, ...kids) => {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") n.className = v; else if (k === "text") n.textContent = v; else n.setAttribute(k, v);
  }
  kids.forEach((k) => n.append(k));
  return n;
};
/** A tile's art: a w x h frame of the site's art sheet (static/art.svg, drawn once and placed by
 *  the page as #art), at the place the page's #harupan-art table gives for ``id``. */
let artAt = null;
const svgUse = (id, w, h) => {
  const ns = "http://www.w3.org/2000/svg";
  artAt = artAt || JSON.parse(document.getElementById("harupan-art").textContent);
  const [x, y] = artAt[id];
  const s = document.createElementNS(ns, "svg");
  s.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  s.setAttribute("aria-hidden", "true");
  s.dataset.art = id;  // which art it frames, for a reader of the page (and its tests)
  const u = document.createElementNS(ns, "use");
  u.setAttribute("href", "#art");
  s.append(u);
  return s;
};
const clock = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
const LEVEL_KO = { easy: "쉬움", normal: "보통", hard: "어려움" };
/** Levels in the order a player reads them everywhere (tabs, stats): 쉬움, 보통, 어려움, others after. */
const ordered = (levels) => {
  const at = (lv) => { const i = Object.keys(LEVEL_KO).indexOf(lv); return i < 0 ? 99 : i; };
  return [...levels].sort((a, b) => at(a) - at(b) || (a < b ? -1 : a > b ? 1 : 0));
};

// ------------------------------------------------------------------ sharing

/** A share box: the text, a copy button that falls back to selecting the text where the
 *  clipboard is refused (file://, an old browser, a denied permission), and the phone's own
 *  share sheet where there is one. */
function shareBox(text, say, more = []) {
  // a row for each line, and one for a long link that wraps
  const box = el("textarea", { class: "share", readonly: "", rows: String(text.split("\n").length + 1), "aria-label": "공유 문구" });
  box.value = text;
  const copy = el("button", { type: "button", class: "tool", "data-action": "copy", text: "공유 문구 복사" });
  const fallback = () => {
    box.focus();
    box.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    say(ok ? "공유 문구를 복사했습니다" : "복사하지 못했습니다. 선택된 문구를 길게 눌러 복사하세요");
  };
  copy.addEventListener("click", () => {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(() => say("공유 문구를 복사했습니다"), fallback);
    } else {
      fallback();
    }
  });
  const buttons = el("div", { class: "toolbar" }, copy);
  if (navigator.share) {
    const send = el("button", { type: "button", class: "tool", text: "공유하기" });
    send.addEventListener("click", () => navigator.share({ text }).catch(() => {}));
    buttons.append(send);
  }
  buttons.append(...more);
  return el("div", { class: "sharebox" }, box, buttons);
}

// ------------------------------------------------------------------ the record

/** The games' own per-day saves read into a record: how a player who played before the record
 *  existed starts with their days counted (version 0 of the record). Zodiac games are replayed
 *  from their moves; a Shisen-sho board counts as cleared when its save says so, or when it is
 *  this page's day and its history empties the board. */
function fromSaves(day) {
  const rec = { v: 0, shisen: {}, zodiac: {} };
  const keys = [];
  try { for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i)); } catch (e) { return rec; }
  for (const k of keys) {
    let m = /^harupan:zodiac:(\d{4}-\d{2}-\d{2})$/.exec(k);
    if (m) {
      const letters = store.get(k);
      if (typeof letters !== "string" || !letters) continue;
      const g = resumeZodiac(m[1], letters);
      recordZodiac(rec, m[1], g.state, g.score, g.top);
      continue;
    }
    m = /^harupan:shisen:(\d{4}-\d{2}-\d{2}):(\w+)$/.exec(k);
    if (!m) continue;
    const save = store.get(k);
    if (!save || !Array.isArray(save.history) || !save.history.length) continue;
    recordShisenPlayed(rec, m[1]);
    let done = save.done === true;
    if (!done && day && day.date === m[1] && day.shisen[m[2]]) done = replayShisen(day, m[2], save.history)[0].isEmpty();
    if (done) recordShisenCleared(rec, m[1], m[2], save.elapsed || 0, save.hints || 0, save.shuffles || 0);
  }
  return rec;
}

class Record {
  constructor(day) {
    let raw = null;
    let text = null;
    try { text = localStorage.getItem(STATS_KEY); } catch (e) { text = null; }
    if (text !== null) { try { raw = JSON.parse(text); } catch (e) { raw = text; } }
    const [stats, aside] = migrate(text === null ? fromSaves(day) : raw);
    if (aside !== null) store.set(`${STATS_KEY}:set-aside`, aside);  // kept, not written over
    this.stats = stats;
    this.views = [];
    if (text === null || aside !== null) this.save();
  }

  save() { store.set(STATS_KEY, this.stats); this.views.forEach((v) => v.render()); }

  reset() { this.stats = migrate(null)[0]; this.save(); }
}

const stat = (value, label) => el("div", { class: "stat" }, el("span", { class: "num", text: String(value) }), el("span", { class: "lbl", text: label }));

/** The record's panel: figures for both games, a reset with a confirmation. */
class StatsPanel {
  constructor(root, record, levels) {
    this.root = root; this.record = record; this.levels = ordered(levels);
    record.views.push(this);
    this.render();
  }

  render() {
    const today = todayIn();
    const s = summary(this.record.stats, today, this.levels);
    const sh = s.shisen, z = s.zodiac;
    const rate = sh.played ? Math.round((100 * sh.cleared) / sh.played) : 0;
    const times = el("table", { class: "times" },
      el("caption", { text: "난이도별 완성 시간" }),
      el("thead", {}, el("tr", {}, ...["난이도", "완성", "최고", "중간값"].map((t) => el("th", { scope: "col", text: t })))),
      el("tbody", {}, ...this.levels.map((lv) => {
        const l = sh.levels[lv];
        return el("tr", {}, el("th", { scope: "row", text: LEVEL_KO[lv] || lv }), el("td", { text: `${l.cleared}판` }),
          el("td", { text: l.best === null ? "-" : clock(l.best) }), el("td", { text: l.median === null ? "-" : clock(l.median) }));
      })));
    const most = Math.max(1, ...z.tops);
    const reached = z.tops.map((n, r) => [r, n]).filter(([r, n]) => r > 0 && (n > 0 || (r <= z.top && r >= 5)));
    const bars = el("ol", { class: "bars", "aria-label": "끝낸 판의 최고 동물" }, ...reached.map(([r, n]) =>
      el("li", {}, el("span", { class: "bname", text: NAMES[r] }),
        el("span", { class: n ? "bar" : "bar zero", style: `width: ${Math.max(6, Math.round((100 * n) / most))}%`, text: String(n) }))));
    this.confirm = el("div", { class: "confirm", hidden: "" },
      el("p", { text: "이 기기에 저장된 기록을 모두 지울까요? 진행 중인 판은 그대로 남습니다." }));
    const yes = el("button", { type: "button", class: "tool danger", "data-action": "reset-yes", text: "기록 지우기" });
    const no = el("button", { type: "button", class: "tool", "data-action": "reset-no", text: "그만두기" });
    this.confirm.append(el("div", { class: "toolbar" }, yes, no));
    const reset = el("button", { type: "button", class: "tool", "data-action": "reset", text: "기록 초기화" });
    reset.addEventListener("click", () => { this.confirm.hidden = false; no.focus(); });
    no.addEventListener("click", () => { this.confirm.hidden = true; reset.focus(); });
    yes.addEventListener("click", () => { this.record.reset(); this.root.querySelector("[data-action=reset]").focus(); });
    this.root.replaceChildren(
      el("h3", { text: "사천성" }),
      el("div", { class: "stats" }, stat(sh.played, "플레이한 날"), stat(sh.cleared, "완성한 날"), stat(`${rate}%`, "완성률"),
        stat(sh.current, "연속 완성"), stat(sh.best, "최고 연속")),
      times,
      el("h3", { text: "십이지 머지" }),
      el("div", { class: "stats" }, stat(z.played, "플레이한 날"), stat(z.ended, "끝낸 판"), stat(z.won, "돼지 완주"),
        stat(z.current, "연속"), stat(z.best, "최고 연속"), stat(z.bestScore.toLocaleString("ko-KR"), "최고 점수"),
        stat(NAMES[z.top] || "-", "최고 동물")),
      reached.length ? bars : el("p", { class: "facts", text: "끝낸 판이 생기면 최고 동물별 판 수가 여기에 나옵니다." }),
      el("p", { class: "facts", text: "기록은 이 기기의 브라우저에만 저장되며 어디로도 보내지 않습니다. 연속 기록은 하루라도 빠지면 0으로 돌아갑니다." }),
      reset, this.confirm);
  }
}

// ------------------------------------------------------------------ Shisen-sho

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
    this.grid = el("div", { class: "sgrid", role: "grid", "aria-label": "사천성 판. 화살표로 옮기고 Enter로 고릅니다" });
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
    if (sx === x && sy === y) { this.select(null); this.say("선택을 풀었습니다"); return; }
    const path = checkMove(this.board, this.selected, here);
    if (path) { this.remove([this.selected, here], path); return; }
    // not a pair: say why, shake both, and keep the new tile picked
    const a = this.name(this.selected), b = this.name(here);
    this.cue([this.selected, here]);
    this.select(here, false);
    this.say(a !== b ? `${particle(a, "와/과")} ${particle(b, "은/는")} 다른 패입니다`
      : `${a}끼리 두 번 안에 꺾어 닿는 길이 없습니다`);
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

  hint() {
    if (this.board.isEmpty()) return;
    const h = hint(this.board);
    if (!h) { this.say("판을 끝까지 풀 수 있는 짝이 없습니다. 섞기를 눌러 보세요."); return; }
    this.hints += 1;
    this.save();
    this.grid.querySelectorAll(".hinted").forEach((c) => c.classList.remove("hinted"));
    for (const p of h.pair) this.cell(...p).classList.add("hinted");  // marked until the board changes
    this.say(`힌트: 표시한 ${this.name(h.pair[0])} 두 장을 지워 보세요`);
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
    this.board = shuffle(this.board, shuffleSeed(this.day.date, this.level, this.shuffles)).board;
    this.history.push({ shuffle: this.shuffles });
    this.shuffles += 1;
    this.shufflesUsed += 1;
    this.selected = null;
    this.save();
    this.played();
    this.render();
    this.say("남은 패를 끝까지 풀 수 있게 섞었습니다");
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
    this.say(step.shuffle !== undefined ? "섞기를 물렀습니다. 섞은 횟수에서도 빠집니다" : "한 수 물렀습니다");
  }

  say(text) { this.status.textContent = text; }
}

// ------------------------------------------------------------------ zodiac

const KEYS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R", w: "U", s: "D", a: "L", d: "R", W: "U", S: "D", A: "L", D: "R" };
/** A day's game after its saved letters, up to the first one that cannot be played (a save from
 * an older page, say): forgiving, unlike zodiac.js replay(), which throws. */
function resumeZodiac(date, letters) {
  const g = Game.forDate(date);
  for (const ch of letters) { try { g.apply(ch); } catch (e) { break; } }
  return g;
}

/** Where each tile of `board` goes when pushed toward `letter` (the rule of zodiac.js
 *  slideLine, followed tile by tile for the animation): {dest: {from: [cells], merged}}. */
function slidePlan(board, letter) {
  const plan = {};
  for (const idx of LINES[letter]) {
    const tiles = idx.filter((i) => board[i]);
    let k = 0;
    for (let j = 0; j < tiles.length; j++) {
      const dest = idx[k++];
      if (j + 1 < tiles.length && board[tiles[j]] === board[tiles[j + 1]] && board[tiles[j]] < PIG) {
        plan[dest] = { from: [tiles[j], tiles[j + 1]], merged: true };
        j++;
      } else {
        plan[dest] = { from: [tiles[j]], merged: false };
      }
    }
  }
  return plan;
}

const SWIPE = 24;  // CSS px a finger must travel to count as a swipe
const SLIDE_MS = 100;  // a push slides this long (none when the player asks for reduced motion)
const MOVES_IN_LINK = /^#z=([UDLR]{1,100000})$/;
const calm = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The one sentence that ends a game. */
function ending(g) {
  const score = g.score.toLocaleString("ko-KR");
  return g.state === "won" ? `돼지까지 만들어 ${g.counted}수, ${score}점으로 완주했습니다!`
    : `최고 ${NAMES[g.top]}까지 만들고 ${g.counted}수, ${score}점에서 더 밀 수 없어 끝났습니다.`;
}

/** A text field (or the Shisen-sho board) keeps its own keys. */
const ownsKeys = (t) => t && t.closest && t.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], .sgrid, dialog");

class ZodiacApp {
  constructor(root, day, record) {
    this.root = root; this.date = day.date; this.record = record;
    this.key = `harupan:zodiac:${this.date}`;
    this.board = el("div", { class: "zgrid", tabindex: "0", role: "grid", "aria-label": "십이지 머지 판. 화살표나 WASD로 밀고, 화면에서는 손가락으로 밉니다" });
    this.info = el("p", { class: "zinfo", "aria-live": "polite" });
    this.banner = el("div", { class: "zreplay", hidden: "" });
    this.result = el("div", { class: "zresult" });
    this.root.replaceChildren(this.banner, this.board, this.info, this.result);
    // the keys work as soon as the page has focus and the board is on screen, unless a text field
    // or the Shisen-sho board has them
    document.addEventListener("keydown", (e) => {
      const m = KEYS[e.key];
      if (!m || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || ownsKeys(e.target)) return;
      if (e.target !== this.board && !this.onScreen()) return;  // off screen, the arrows scroll the page
      e.preventDefault();
      this.play(m);
    });
    let start = null;
    this.board.addEventListener("touchstart", (e) => {
      if (e.touches.length !== 1) { start = null; return; }
      const t = e.touches[0];
      start = [t.clientX, t.clientY];
    }, { passive: true });
    this.board.addEventListener("touchmove", (e) => e.preventDefault(), { passive: false });  // no page scroll while swiping
    this.board.addEventListener("touchend", (e) => {
      if (!start) return;
      const t = e.changedTouches[0];
      const dx = t.clientX - start[0], dy = t.clientY - start[1];
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE) return;
      e.preventDefault();
      this.play(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
    });
    this.board.addEventListener("touchcancel", () => { start = null; });
    const fromLink = () => {
      const link = MOVES_IN_LINK.exec(location.hash);
      clearInterval(this.watcher);
      if (link) this.replayLink(link[1]); else if (this.replaying !== false) this.own();
    };
    window.addEventListener("hashchange", fromLink);  // a shared link opened on the page itself
    fromLink();
  }

  /** The player's own game, from this browser's save. */
  own() {
    this.replaying = false;
    this.banner.hidden = true;
    this.game = resumeZodiac(this.date, store.get(this.key) || "");
    this.render({});
  }

  /** A shared link: the moves in its fragment played by the same engine, shown, never saved. */
  replayLink(letters) {
    this.replaying = true;
    const g = Game.forDate(this.date);
    let fault = null;
    try { [...letters].forEach((ch, i) => { if (!g.apply(ch, i + 1)) throw new Error(`move ${i + 1} moves nothing`); }); } catch (e) { fault = e; }
    this.game = g;
    const back = el("button", { type: "button", class: "tool", "data-action": "own-game", text: "내 게임으로 돌아가기" });
    back.addEventListener("click", () => {
      clearInterval(this.watcher);
      history.replaceState(null, "", location.pathname + location.search);
      this.own();
      this.board.focus();
    });
    const watch = el("button", { type: "button", class: "tool", "data-action": "watch", text: "처음부터 수순 보기" });
    watch.addEventListener("click", () => this.watch(g.moves));
    this.banner.replaceChildren(el("p", { text: fault ? `공유된 기록을 ${g.counted}수까지만 다시 둘 수 있었습니다. 이 날의 판이 아니거나 링크가 잘렸습니다.`
      : `공유된 기록을 이 날의 판에서 ${g.counted}수 다시 두었습니다. 이 판은 저장되지 않습니다.` }),
    el("div", { class: "toolbar" }, watch, back));
    this.banner.hidden = false;
    this.render({});
  }

  /** The shared game move by move, as it was played (a push every 150 ms). */
  watch(letters) {
    clearInterval(this.watcher);
    const g = Game.forDate(this.date);
    this.game = g;
    this.render({});
    let i = 0;
    this.watcher = setInterval(() => {
      if (i >= letters.length || g.state !== "playing" || !this.replaying) { clearInterval(this.watcher); return; }
      const before = g.board.slice(), ch = letters[i++];
      if (g.apply(ch)) this.render(slidePlan(before, ch));
    }, 150);
  }

  onScreen() {
    const r = this.board.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
  }

  play(letter) {
    if (this.replaying || this.game.state !== "playing") return;
    const before = this.game.board.slice();
    if (!this.game.apply(letter)) { this.info.textContent = "그쪽으로는 움직일 것이 없습니다"; return; }
    store.set(this.key, this.game.moves);
    if (this.record) {  // every move: the day's score so far is its best
      recordZodiac(this.record.stats, this.date, this.game.state, this.game.score, this.game.top);
      this.record.save();
    }
    this.render(slidePlan(before, letter));
  }

  render(plan) {
    const tiles = [];
    const rows = [0, 1, 2, 3].map((r) => el("div", { role: "row", class: "zrow" }, ...this.game.board.slice(4 * r, 4 * r + 4).map((rank, c) => {
      const t = el("div", { role: "gridcell", class: "ztile", "data-rank": rank, "aria-label": rank ? NAMES[rank] : "빈칸" });
      t.append(svgUse(`z-${rank}`, 60, 60));
      tiles.push(t);
      return t;
    })));
    this.board.replaceChildren(...rows);
    if (Object.keys(plan).length && !calm() && tiles[0].animate) this.animate(tiles, plan);
    const g = this.game;
    this.result.replaceChildren();
    if (g.state === "playing") {
      this.info.textContent = `점수 ${g.score.toLocaleString("ko-KR")} · ${g.counted}수 · 최고 ${NAMES[g.top] || "-"}`;
      return;
    }
    this.info.textContent = ending(g);
    if (this.replaying) return;
    const claim = JSON.stringify({ date: this.date, moves: g.moves, score: g.score });
    this.result.append(shareBox(this.shareText(), (t) => { this.info.textContent = t; }),
      el("details", { class: "claim" }, el("summary", { text: "검증용 기록" }),
        el("p", { class: "facts", text: "이 한 줄을 harupan zodiac verify에 넣으면 누구나 같은 게임을 다시 두어 점수를 확인할 수 있습니다." }),
        el("pre", {}, el("code", { text: claim }))));
  }

  /** Human words and a link that replays the game on the site: the moves ride in the fragment. */
  shareText() {
    const g = this.game;
    const canonical = document.querySelector('link[rel="canonical"]');
    const page = canonical ? canonical.href : location.href.split("#")[0];
    return [`하루 판 십이지 머지 ${this.date}`, ending(g), `${page}#z=${g.moves}`].join("\n");
  }

  /** Each tile slides from where it was; a merged tile pops; the new one grows in. */
  animate(tiles, plan) {
    const at = tiles.map((t) => t.getBoundingClientRect());
    tiles.forEach((t, i) => {
      const svg = t.firstChild;
      const p = plan[i];
      if (!p) {
        if (this.game.board[i]) svg.animate([{ transform: "scale(.3)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }],
          { duration: SLIDE_MS, delay: SLIDE_MS, easing: "ease-out", fill: "backwards" });
        return;
      }
      const from = at[p.from[p.from.length - 1]];
      const dx = from.left - at[i].left, dy = from.top - at[i].top;
      const frames = [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }];
      if (dx || dy) svg.animate(frames, { duration: SLIDE_MS, easing: "ease-out" });
      if (p.merged) {
        t.classList.add("merged");
        svg.animate([{ transform: "scale(1)" }, { transform: "scale(1.18)" }, { transform: "scale(1)" }],
          { duration: 120, delay: SLIDE_MS, easing: "ease-out" });
      }
    });
  }
}

/** Offline play on the hosted site: the service worker beside the manifest keeps what was
 *  visited. Pages opened from file:// work without it (a worker cannot be registered there). */
function registerOffline() {
  const manifest = document.querySelector('link[rel="manifest"]');
  if (!manifest || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", manifest.href).href).catch(() => {});
}

export function boot() {
  registerOffline();
  const data = document.getElementById("harupan-day");
  const day = data ? JSON.parse(data.textContent) : null;
  const record = new Record(day);
  window.harupanRecord = record;
  const panel = document.getElementById("harupan-stats");
  if (panel) {
    const levels = day ? Object.keys(day.shisen) : JSON.parse(panel.dataset.levels || '["easy","normal","hard"]');
    window.harupanStats = new StatsPanel(panel.querySelector(".stats-body"), record, levels);
  }
  if (!day) return;
  const labels = JSON.parse(document.getElementById("harupan-labels").textContent);
  const s = document.getElementById("shisen-app");
  const z = document.getElementById("zodiac-app");
  if (s) window.harupanShisen = new ShisenApp(s, day, labels, record);
  if (z) window.harupanZodiac = new ZodiacApp(z, day, record);
}
