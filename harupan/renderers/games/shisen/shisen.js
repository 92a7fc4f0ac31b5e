// The game on the day page: the board on the screen, the player's input, the hint and the shuffle
// (registered with game.js). Every rule (a legal move, a stuck board, the hint, the shuffle) is the
// engine's C search's, through shisen-solver.js, which loads it at the first move, hint or shuffle.
import { HARUPAN_DATA } from "./data.js";
import { clock, el, registerGame, shareBox, showResults, store, svgUse } from "./game.js";
import { howto } from "./howto.js";
import { particle } from "./ko.js";
import { Board } from "./shisen-board.js";
import { isCount } from "./stats.js";
import { shisenLastClearable, shisenMakeProof, shisenProofStillHolds, shisenSolver, shisenSolverNow } from "./shisen-solver.js";
import { cleanShisen, historyBoards, LEVEL_KO, ordered, recordShisenCleared, recordShisenPlayed, replayShisen, shisenDayState, shisenFromSaves, shisenPanel, shisenSummary, shuffleSeed } from "./shisen-record.js";

// ------------------------------------------------------------------ the game on the day page

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// Board units: a tile is 60 x 80 (as drawn); the ring round the board, where paths may run, is
// narrower (RING_X x RING_Y) so the tiles get the width on a phone.
const { tileX: TILE_X, tileY: TILE_Y, ringX: RING_X, ringY: RING_Y, minTap: MIN_TAP, pagePad: PAGE_PAD } = HARUPAN_DATA.shisen.board;
/** The widest portrait screen (CSS px) on which a board `width` tiles wide is turned; the same
 *  sum as turn_below() in renderers/games/shisen/__init__.py, which writes the page's own media query. */
const turnBelow = (width) => Math.round((width + (2 * RING_X) / TILE_X) * MIN_TAP + PAGE_PAD);
/** About how many tiles the first drawing adds a frame (render): a quarter of the board, so each
 *  frame styles and lays out a quarter of what the whole board's one task did. */
const PACED_TILES = 36;

class ShisenApp {
  constructor(root, day, labels, record, opening) {
    this.root = root; this.day = day; this.labels = labels; this.record = record;
    this.levels = ordered(Object.keys(day.shisen));
    const liked = store.get("harupan:level");  // the level the player last chose, on any day
    this.level = this.levels.includes(liked) ? liked : this.levels.includes("normal") ? "normal" : this.levels[0];
    this.easy = store.get("harupan:easy") === true;
    this.turned = false;
    this.solver = shisenSolverNow();  // the rules, once loaded (see rules())
    this.build();
    // --bar follows the bar's and the side's sizes after each layout, so drawing the board or
    // taking a pair off forces no layout of its own (on a slow phone, a third of the page's
    // start-up task); a browser without ResizeObserver measures at once (refit)
    this.sizes = window.ResizeObserver ? new ResizeObserver(() => this.fitBar()) : null;
    if (this.sizes) { this.sizes.observe(this.bar); this.sizes.observe(this.side); }
    // the board comes in a few rows a frame while the page's picture of it is still up, when the
    // page opened on this screen (docs/browser.md, "Shisen-sho's first drawing")
    this.paced = opening;
    this.load(this.level);
    setInterval(() => this.tick(), 500);
    // turning the phone: the same game, drawn the other way round; any other resize is the
    // observer's (a phone's first load fires one: measuring there forced a layout of the whole
    // page inside the start-up)
    const again = () => { if (this.shouldTurn() !== this.turned) this.render(); else this.refit(); };
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
      t.addEventListener("click", () => {
        if (this.started) { this.stopClock(); this.save(); }  // the level left keeps the time played on it
        store.set("harupan:level", lv);
        this.load(lv);
      });
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
    // the page's own box for the board stays where it is, attached (moving it would style its
    // picture again), and the picture in it until the first drawing is done; a page without one
    // gets a new box
    this.wrap = this.root.querySelector(":scope > .swrap") || el("div", { class: "swrap" }, el("div", { class: "sinner" }));
    this.inner = this.wrap.querySelector(".sinner");
    this.picture = this.inner.querySelector(":scope > svg");
    this.inner.append(this.grid, this.overlay);
    this.note = el("p", { class: "facts turnnote", text: "세로 화면에 맞춰 판을 돌려 보여 줍니다(판의 맨 윗줄이 오른쪽). 휴대폰을 가로로 돌리면 원래 방향으로 보입니다." });
    this.result = el("div", { class: "sresult" });
    // stuck, cleared, "shuffle?": a message that shows in view, with what to do next; it joins the
    // controls (beside the board on a phone on its side, under the buttons on a wide screen), so it
    // never lies over a tile (site.css, "one message box")
    this.toastBox = el("dialog", { class: "toast", "aria-labelledby": "shisen-toast-msg" });
    this.side = el("div", { class: "sside" }, this.bar, this.toastBox);
    for (const c of [...this.root.children]) if (c !== this.wrap) c.remove();
    if (!this.wrap.parentNode) this.root.append(this.wrap);
    this.wrap.before(this.side);
    this.wrap.after(below, this.note, this.result);
    this.grid.addEventListener("keydown", (e) => this.key_(e));
    // the rules load when the player first touches the game (a tile, 힌트, 섞기): a finger's press
    // comes a moment before its click, which then finds them loaded or nearly
    const prefetch = () => { if (!this.solver) shisenSolver().then((s) => { this.solver = s; }, () => null); };
    this.root.addEventListener("pointerdown", prefetch, { once: true });
    this.root.addEventListener("keydown", prefetch, { once: true });
  }

  /** The search's rules, loaded when first needed (shisen-solver.js); null, with a message, when they
   *  cannot be (no network, on a page the service worker has not kept). Tests await it too. */
  async rules() {
    try {
      this.solver = await shisenSolver();
    } catch {
      this.say("사천성 규칙을 불러오지 못했습니다. 인터넷에 연결한 뒤 페이지를 다시 열어 주세요.");
    }
    return this.solver;
  }

  /** Opens a level: its saved game replayed and drawn. A saved game needs the rules to check its
   *  steps: the day's board is shown until they have loaded (`opened` settles then). */
  load(level) {
    this.level = level;
    for (const [lv, t] of Object.entries(this.tabs)) t.setAttribute("aria-selected", lv === level ? "true" : "false");
    const saved = store.get(this.key()) || {};
    this.history = Array.isArray(saved.history) ? saved.history : [];
    this.elapsed = saved.elapsed || 0;
    this.hints = saved.hints || 0;
    // undos and rewinds (마지막으로 풀 수 있던 곳으로) count every press, as hints do; a save from
    // before they were counted has none
    this.undos = isCount(saved.undos) ? saved.undos : 0;
    this.rewinds = isCount(saved.rewinds) ? saved.rewinds : 0;
    this.done = saved.done === true;
    this.started = null;
    this.selected = null;
    this.proof = null;  // a clearing order of the board, once a hint or a shuffle has one (see hint())
    this.cursor = this.cursor || [0, 0];
    const opening = this.opening = {};
    if (this.history.length && !this.solver) {
      this.board = Board.fromRows(this.day.shisen[level].cells);
      this.render();
      this.grid.setAttribute("aria-busy", "true");
      this.opened = this.rules().then((solver) => { if (solver && this.opening === opening) this.open(); }).then(() => this.drawn);
      return;
    }
    this.open();
    this.opened = this.drawn;
  }

  open() {
    this.grid.removeAttribute("aria-busy");
    this.selected = null;  // picked on the board shown before, which the replay may change
    this.replay();
    // shuffles taken back by undo do not count: the count is what the history holds
    this.shufflesUsed = this.history.filter((s) => s.shuffle !== undefined).length;
    this.describeLevel();
    this.closeToast();
    this.render();
    this.root.classList.toggle("done", this.board.isEmpty());
    this.quiet = true;
    if (this.board.isEmpty()) this.cleared(true);
    else if (this.history.length && !this.solver.legalPairs(this.board).length) this.stuck("지난번에 멈춘 자리입니다.");
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

  replay() {
    if (!this.solver) {  // nothing played yet (see load): the day's board
      [this.board, this.shuffles] = [Board.fromRows(this.day.shisen[this.level].cells), 0];
      return;
    }
    let kept;
    [this.board, this.shuffles, kept] = replayShisen(this.solver, this.day, this.level, this.history);
    if (kept < this.history.length) this.history = this.history.slice(0, kept);  // a bad save keeps what holds
  }

  save() {
    store.set(this.key(), { history: this.history, elapsed: this.currentElapsed(), hints: this.hints, shuffles: this.shufflesUsed,
      undos: this.undos, rewinds: this.rewinds, ...(this.done ? { done: true } : {}) });
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
   *  page's own style (renderers/games/shisen/__init__.py), so the picture's box and the board agree. */
  shouldTurn() {
    const q = `(orientation: portrait) and (max-width: ${turnBelow(this.board.width)}px)`;
    return window.matchMedia ? window.matchMedia(q).matches : window.innerHeight > window.innerWidth;
  }

  /** The bar's height (with the message box when it sits under the bar), so an upright board
   *  fits the screen below it. The side column has no box of its own on an upright phone. */
  fitBar() {
    const h = Math.max(this.bar.getBoundingClientRect().height, this.side.getBoundingClientRect().height);
    // set only when it changes: every tile inherits it, so setting it restyles the whole board
    const bar = `${Math.ceil(h)}px`;
    if (bar !== this.root.style.getPropertyValue("--bar")) this.root.style.setProperty("--bar", bar);
  }

  /** --bar brought up to date: by the observer after the next layout, else now. */
  refit() { if (!this.sizes) this.fitBar(); }

  /** After the box opens: the whole board on the screen when it fits there (a wide screen, a phone
   *  on its side), else as much of it as fits below the box (an upright phone), nothing of either
   *  under the controls that stick at the top. */
  keepBoardInView() {
    const r = this.inner.getBoundingClientRect(), s = this.side.getBoundingClientRect();
    let limit = 0, first = r.top;  // beside the board the side column sticks clear of it
    if (!(s.width && s.right <= r.left)) {
      const top = s.height ? this.side : this.bar;  // what sticks above (upright: the bar alone, the box in the page)
      limit = top.offsetHeight + (parseFloat(getComputedStyle(top).top) || 0);
      if (!s.height) first = this.toastBox.getBoundingClientRect().top;
    }
    // down as far as the board's end (and the box's, beside it), never taking `first` under the
    // top; up if it is under it already
    const bottom = Math.max(r.bottom, this.toastBox.getBoundingClientRect().bottom);
    const dy = first < limit ? first - limit : Math.max(0, Math.min(bottom - window.innerHeight, first - limit));
    if (dy) window.scrollBy({ top: dy, behavior: "auto" });
  }

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
    this.inner.style.setProperty("--taspect", String(W / H));  // as drawn on this screen (head.html sizes a turned board by it)
    this.grid.style.gridTemplateColumns = `${RING_X}fr repeat(${cols}, ${TILE_X}fr) ${RING_X}fr`;
    this.grid.style.gridTemplateRows = `${RING_Y}fr repeat(${rows}, ${TILE_Y}fr) ${RING_Y}fr`;
    const hadFocus = this.grid.contains(document.activeElement);
    this.grid.replaceChildren();
    this.cells = {};
    const drawRows = (from, to) => {
      for (let sy = from; sy < to; sy++) {
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
    };
    const finish = () => {
      if (this.picture) { this.picture.remove(); this.picture = null; }
      this.grid.classList.remove("drawing");
      if (this.selected) this.cell(...this.selected).classList.add("selected");
      this.overlay.setAttribute("viewBox", `0 0 ${W} ${H}`);
      this.overlay.replaceChildren();
      this.focusCursor(hadFocus);
      this.refit();
      this.tick();
    };
    // paced while the page's picture is up (docs/browser.md, "Shisen-sho's first drawing"), else at
    // once; a newer drawing stops one under way
    const drawing = this.drawing = {};
    const paced = this.paced && this.picture && window.requestAnimationFrame && !document.hidden;
    if (!paced) { drawRows(0, rows); finish(); this.drawn = Promise.resolve(); return; }
    this.grid.classList.add("drawing");
    const step = Math.max(1, Math.round(PACED_TILES / cols));
    this.drawn = new Promise((done) => {
      const next = (from) => {
        if (this.drawing !== drawing) { done(); return; }
        drawRows(from, Math.min(rows, from + step));
        if (from + step < rows) requestAnimationFrame(() => next(from + step));
        else { finish(); done(); }
      };
      // from the second frame: the observer's first measure of the bar, in the first, restyles
      // the game (fitBar), cheaply while it holds no tile
      requestAnimationFrame(() => requestAnimationFrame(() => next(0)));
    });
  }

  /** One board cell's button: its board coordinates, its accessible name, its tile drawn. */
  tileButton(px, py, sx, sy) {
    const code = this.board.cells[py][px];
    const b = el("button", { type: "button", role: "gridcell", class: code ? "tile" : "tile empty", "data-x": px, "data-y": py,
      "aria-label": this.cellLabel(px, py), tabindex: "-1",
      style: `grid-column: ${sx + 2}; grid-row: ${sy + 2}` });
    if (code) b.append(svgUse(`t-${code}${this.easy ? "-e" : ""}`, TILE_X, TILE_Y));
    return b;
  }

  cell(x, y) { return this.cells[`${x},${y}`]; }

  /** A cell's accessible name: its tile (or 빈칸) and where it is, as the board shows no coordinates. */
  cellLabel(x, y) {
    const code = this.board.cells[y][x];
    return `${code ? this.labels.tiles[code] : "빈칸"}, ${COLS[x]}${y + 1}`;
  }

  /** A pair taken off: only its two cells change (a tap on a slow phone paints in time), and the
   *  marks the old board had (selection, hint) go with it, as a new drawing would leave them. */
  emptyCells(pair) {
    for (const c of this.grid.querySelectorAll(".selected, .hinted")) c.classList.remove("selected", "hinted");
    for (const [x, y] of pair) {
      const b = this.cell(x, y);
      b.className = "tile empty";
      b.replaceChildren();
      b.setAttribute("aria-label", this.cellLabel(x, y));  // the board holds the pair no more
    }
    this.refit();
  }

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

  async pick(x, y) {
    // a saved game waiting for its rules shows the day's board, whose tiles are not the game's
    if (this.grid.hasAttribute("aria-busy")) { this.say("지난번 자리를 불러오는 중입니다…"); return; }
    const code = this.board.cells[y][x];
    if (!code) return;
    const here = [x, y];
    if (!this.selected) { this.select(here); return; }
    const [sx, sy] = this.selected;
    if (sx === x && sy === y) { this.select(null); this.say("선택을 풀었습니다."); return; }
    const board = this.board, first = this.selected;
    if (!this.solver && (!(await this.rules()) || this.board !== board || this.selected !== first)) return;
    const path = this.solver.checkMove(this.board, this.selected, here);
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
    this.emptyCells(pair);
    this.drawPath(path);
    if (this.board.isEmpty()) {
      this.stopClock();
      this.done = true;
      this.save();
      this.root.classList.add("done");
      if (this.record) {
        recordShisenCleared(this.record.stats, this.day.date, this.level, this.elapsed, this.hints, this.shufflesUsed, this.undos, this.rewinds);
        this.record.save();
      }
      this.say(`완성! 걸린 시간 ${clock(this.elapsed)}`);
      // the results screen first; the board's own cleared box (the same share text) once it closes
      const level = this.level;
      showResults(this.root.closest("[data-game]"), { name: "shisen", record: this.record, date: this.day.date,
        headline: "사천성 완성!", lines: [`${this.labels[this.level] || this.level} · 걸린 시간 ${clock(this.elapsed)}`, this.helpLine()],
        share: this.shareText(), say: (t) => this.say(t),
        closed: () => { if (this.level === level && this.board.isEmpty() && !this.toastBox.open) this.cleared(false); } });
    } else {
      this.save();
      if (this.history.length === 1) this.played();
      const left = `${this.labels.tiles[code]} 한 쌍을 지웠습니다. 남은 패 ${this.board.count()}장`;
      // A trap sprung: say so at once rather than let the player hunt for a pair that is not there.
      if (this.solver.legalPairs(this.board).length) this.say(left);
      else this.stuck(`${this.labels.tiles[code]} 한 쌍을 지웠습니다.`);
    }
  }

  stuck(first) {
    this.say("더 지울 수 있는 짝이 없습니다. 풀 수 있던 곳으로 돌아가거나 섞어서 이어 가세요.");
    this.toast("stuck", `${first} 더 지울 수 있는 짝이 없습니다.`,
      [el("p", { class: "why", text: "한 수만 무르면 같은 자리에서 다시 막히기 쉽습니다. 끝까지 풀 수 있던 마지막 자리로 돌아가거나 남은 패를 섞으세요." })],
      this.wayOut());
  }

  /** The ways out of a dead end, the real one first: back to the last position the search proves
   *  clearable (a single undo on a hard board often leaves one pair, the one that led in), one
   *  undo, a shuffle. */
  wayOut() {
    const back = el("button", { type: "button", class: "tool primary", "data-action": "toast-rewind", text: "마지막으로 풀 수 있던 곳으로" });
    back.addEventListener("click", () => this.rewind());
    const undo = el("button", { type: "button", class: "tool", "data-action": "toast-undo", text: "한 수 무르기" });
    undo.addEventListener("click", () => this.undo());
    const mix = el("button", { type: "button", class: "tool", "data-action": "toast-shuffle", text: "남은 패 섞기" });
    mix.addEventListener("click", () => this.shuffle());
    return [back, undo, mix];
  }

  cleared(before) {
    this.say(`${before ? "이미 완성한 판입니다. " : "완성! "}걸린 시간 ${clock(this.elapsed)}`);
    const links = [];
    const stats = document.getElementById("harupan-stats");
    if (stats) {
      const see = el("button", { type: "button", class: "tool", "data-action": "see-stats", text: "내 기록 보기" });
      see.addEventListener("click", () => {
        this.closeToast(true);
        if (!stats.offsetParent) location.hash = "";  // the record is on the day's menu, not on the game's screen
        requestAnimationFrame(() => stats.scrollIntoView({ block: "start" }));
      });
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
    // a sentence of its own, then the level and the time: "이미 완성한 판입니다. 보통 · 걸린 시간 0:12"
    this.toast("cleared", `${before ? "이미 완성한 판입니다." : "완성!"} ${this.labels[this.level] || this.level} · 걸린 시간 ${clock(this.elapsed)}`,
      [el("p", { class: "sfig", text: this.helpLine() }), shareBox(this.shareText(), (t) => this.say(t), [...links, close]), next], null);
  }

  /** Show the one message box (non-modal: the board stays playable), with the controls, off the board. */
  toast(kind, message, extra, buttons) {
    const close = el("button", { type: "button", class: "tool", "data-action": "toast-close", text: "닫기" });
    close.addEventListener("click", () => this.closeToast(true));
    this.toastBox.replaceChildren(el("p", { class: "tmsg", id: "shisen-toast-msg", text: message }), ...extra,
      ...(buttons ? [el("div", { class: "toolbar" }, ...buttons, ...(kind === "confirm" ? [] : [close]))] : []));
    this.toastBox.dataset.kind = kind;
    if (this.toastBox.open) { this.fitBar(); return; }
    const before = document.activeElement;
    this.toastBox.show();  // takes focus, so a keyboard player is at its buttons ...
    this.fitBar();
    if (this.quiet) {  // ... except on opening the page: the box shows, the focus stays where it was
      if (before && before !== document.body) before.focus({ preventScroll: true });
      else if (this.toastBox.contains(document.activeElement)) document.activeElement.blur();
    } else this.keepBoardInView();
  }

  closeToast(byPlayer = false) {
    if (this.toastBox.open) { this.toastBox.close(); this.fitBar(); }
    if (byPlayer && this.toastBox.dataset.kind === "cleared") this.showResult();
    this.toastBox.dataset.kind = "";
  }

  /** The help the player took, counted: the cleared box and the share text both say it. */
  helpLine() {
    return `힌트 ${this.hints}번 · 섞기 ${this.shufflesUsed}번 · 무르기 ${this.undos}번 · 되돌아가기 ${this.rewinds}번`;
  }

  /** The share line once the board is cleared: no tile, no move, only how it went. */
  shareText() {
    const canonical = document.querySelector('link[rel="canonical"]');
    const lines = [`하루 판 사천성 ${this.day.date} ${this.labels[this.level] || LEVEL_KO[this.level] || this.level}`,
      `완성 ${clock(this.elapsed)} · ${this.helpLine()}`];
    if (canonical) lines.push(`${canonical.href}#shisen`);  // the link opens this game's screen
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
    await this.drawn;  // the pair is marked on the board's cells, which the first drawing may still be adding
    if (this.board.isEmpty() || this.thinking) return;
    const board = this.board;
    if (!this.solver || !shisenProofStillHolds(board, this.proof)) {
      // Loading the rules or solving may take a moment on a slow phone: say so first and let the page draw it.
      this.thinking = true;
      this.say("힌트를 찾는 중…");
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      const solver = await this.rules();
      this.thinking = false;
      if (!solver || this.board !== board) return;  // the player moved meanwhile: that move's message stands
    }
    const h = this.solver.hint(board, this.proof);  // the command line's budget (settings.py)
    if (!h) { this.say("지울 수 있는 짝이 없습니다. 무르기나 섞기를 눌러 보세요."); return; }
    if (h.lost) {
      this.say("이제는 어떤 순서로 지워도 판을 끝까지 풀 수 없습니다. 풀 수 있던 곳으로 돌아가거나 섞어 보세요.");
      this.toast("lost", "이제는 어떤 순서로 지워도 판을 끝까지 풀 수 없습니다.",
        [el("p", { class: "why", text: "끝까지 풀 수 있던 마지막 자리로 돌아가거나 남은 패를 섞으세요." })], this.wayOut());
      return;
    }
    if (h.undecided) {
      this.say("계산이 길어져 힌트를 찾지 못했습니다. 막혔다는 뜻은 아니니 계속 두어 보세요.");
      this.toast("undecided", "계산이 길어져 힌트를 찾지 못했습니다.",
        [el("p", { class: "why", text: "막혔다는 뜻은 아닙니다. 그래도 확실히 풀리는 자리에서 다시 하려면 끝까지 풀 수 있다고 확인된 마지막 자리로 돌아가세요." })],
        this.wayOut());
      return;
    }
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

  async shuffle() {
    if (this.board.isEmpty() || this.thinking) return;
    this.closeToast();
    const board = this.board;
    if (!this.solver) {
      this.thinking = true;
      const solver = await this.rules();
      this.thinking = false;
      if (!solver || this.board !== board) return;
    }
    const shuffled = this.solver.shuffle(this.board, shuffleSeed(this.day.date, this.level, this.shuffles));
    if (!shuffled) {  // a few scattered tiles may have no solvable arrangement the budget finds
      this.say("남은 패로는 끝까지 풀 수 있는 배치를 찾지 못했습니다. 무르기로 되돌려 보세요.");
      return;
    }
    this.startClock();
    this.board = shuffled.board;
    this.proof = shisenMakeProof(shuffled.board, shuffled.solution);  // a shuffle comes with its own clearing order
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
    if (!this.history.length || !this.solver || this.thinking) return;  // a history holds moves the loaded rules made
    const step = this.history.pop();
    if (step.shuffle !== undefined) this.shufflesUsed = Math.max(0, this.shufflesUsed - 1);
    this.undos += 1;
    this.root.classList.remove("done");
    this.closeToast();
    this.replay();
    this.selected = null;
    this.save();
    this.render();
    this.showResult();
    if (step.shuffle !== undefined) { this.say("섞기를 물렀습니다. 섞은 횟수에서도 빠집니다."); return; }
    // On a hard board the position before a dead end often has one legal pair, the one just
    // taken back: undo alone leads straight back in, so say so and offer the way out.
    const pairs = this.solver.legalPairs(this.board), key = (pq) => JSON.stringify([...pq].map(String).sort());
    if (pairs.length === 1 && key(pairs[0]) === key(step.pair)) {
      this.say("한 수 물렀습니다. 지울 수 있는 짝이 방금 물린 짝뿐이라 다시 막힙니다.");
      this.toast("trap", "한 수 물렀지만 지울 수 있는 짝이 방금 물린 그 짝뿐입니다.",
        [el("p", { class: "why", text: "그 짝을 지우면 같은 자리에서 다시 막힙니다. 끝까지 풀 수 있던 마지막 자리로 돌아가세요." })], this.wayOut());
      return;
    }
    this.say("한 수 물렀습니다.");
  }

  /** 마지막으로 풀 수 있던 곳으로: back along the player's own history to the last position from
   *  which the search (the one that proves the layout, with the command line's budget) proves
   *  the board can still be cleared, tried one position at a time from the current one back
   *  (shisenLastClearable). A position it cannot decide counts as not proved; if none is, the day's
   *  board, which the layout's own solution clears. One press is one rewind, however far. */
  async rewind() {
    if (this.board.isEmpty() || this.thinking) return;
    const mark = this.history.length, last = this.history[mark - 1];
    const moved = () => this.history.length !== mark || this.history[mark - 1] !== last;
    if (!mark) { this.say("처음 배치입니다. 더 돌아갈 곳이 없습니다."); return; }
    this.thinking = true;
    this.say("끝까지 풀 수 있던 자리를 찾는 중…");
    // the message drawn first (a slow phone may take a moment), then a pause between two solves,
    // where a tap is answered: a move made meanwhile stops the search
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const pause = () => new Promise((done) => setTimeout(() => done(!moved()), 0));
    let found = null;
    try {
      const solver = await this.rules();
      if (solver && !moved()) {
        found = await shisenLastClearable(historyBoards(solver, this.day, this.level, this.history).boards, pause);
      }
    } finally {
      this.thinking = false;
    }
    if (!found || moved()) return;  // the player moved meanwhile: that move's message stands
    if (found.index === mark) {
      this.proof = shisenMakeProof(this.board, found.solution);  // the next hint needs no solve
      this.say("지금 자리에서도 판을 끝까지 풀 수 있습니다. 되돌리지 않았습니다.");
      return;
    }
    const to = Math.max(0, found.index), back = mark - to;
    const undone = this.history.slice(to).filter((s) => s.shuffle !== undefined).length;
    this.history = this.history.slice(0, to);
    this.rewinds += 1;
    this.shufflesUsed = this.history.filter((s) => s.shuffle !== undefined).length;
    this.closeToast();
    this.replay();
    // the search's clearing order, as a hint's: the next hint follows it without a solve
    this.proof = found.solution ? shisenMakeProof(this.board, found.solution) : null;
    this.selected = null;
    this.save();
    this.render();
    const lines = [];
    if (found.index < 0) lines.push(`끝까지 풀 수 있다고 확인된 자리를 찾지 못해 처음 배치로 돌아갔습니다(${back}수 전). 처음 배치는 끝까지 풀리게 만든 판입니다.`);
    else lines.push(to === 0 ? `${back}수 전, 처음 배치로 돌아갔습니다. 여기서는 끝까지 풀 수 있습니다.`
      : `${back}수 전으로 돌아갔습니다. 여기서는 끝까지 풀 수 있습니다.`);
    if (undone) lines.push(`그 사이의 섞기 ${undone}번도 물렀습니다.`);
    const unsure = found.undecided.length;
    if (unsure && found.index >= 0) lines.push(`더 가까운 ${unsure}곳은 계산이 길어져 풀 수 있는지 확인하지 못해 건너뛰었습니다.`);
    this.say(lines.join(" "));
  }

  say(text) { this.status.textContent = text; }
}


registerGame("shisen", {
  mount(section, { day, labels, record, opening }) {
    const root = section.querySelector("#shisen-app");
    if (root && day.shisen) window.harupanShisen = new ShisenApp(root, day, labels, record, opening === true);
    howto(section, "shisen");  // the first-visit how-to, and its "?" button
  },
  record: { clean: cleanShisen, fromSaves: shisenFromSaves, panel: shisenPanel, dayState: shisenDayState,
    streak: (days, today) => { const s = shisenSummary(days, today, []); return [s.current, s.best]; } },
});
