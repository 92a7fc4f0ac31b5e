// The day page's games: Shisen-sho and zodiac merge, same rules as the Python engine.
import { Board, checkMove, hint, shuffle, SOLVED } from "./shisen.js";
import { Game, NAMES } from "./zodiac.js";

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
const svgUse = (id, w, h) => {
  const ns = "http://www.w3.org/2000/svg";
  const s = document.createElementNS(ns, "svg");
  s.setAttribute("viewBox", `0 0 ${w} ${h}`);
  s.setAttribute("aria-hidden", "true");
  const u = document.createElementNS(ns, "use");
  u.setAttribute("href", `#${id}`);
  s.append(u);
  return s;
};
const clock = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

// ------------------------------------------------------------------ Shisen-sho

class ShisenApp {
  constructor(root, day, labels) {
    this.root = root; this.day = day; this.labels = labels;
    this.levels = Object.keys(day.shisen);
    this.level = this.levels.includes("normal") ? "normal" : this.levels[0];
    this.easy = store.get("harupan:easy") === true;
    this.build();
    this.load(this.level);
    setInterval(() => this.tick(), 500);
  }

  key() { return `harupan:shisen:${this.day.date}:${this.level}`; }

  build() {
    const tabs = el("div", { class: "tabs", role: "tablist", "aria-label": "난이도" });
    this.tabs = {};
    for (const lv of this.levels) {
      const t = el("button", { type: "button", role: "tab", class: "tab", "data-level": lv, text: this.labels[lv] || lv });
      t.addEventListener("click", () => this.load(lv));
      this.tabs[lv] = t;
      tabs.append(t);
    }
    this.status = el("p", { class: "status", "aria-live": "polite" });
    this.timer = el("span", { class: "timer", text: "0:00" });
    const bar = el("div", { class: "toolbar" });
    const button = (text, fn, name) => {
      const b = el("button", { type: "button", class: "tool", "data-action": name, text });
      b.addEventListener("click", fn);
      bar.append(b);
      return b;
    };
    button("힌트", () => this.hint(), "hint");
    button("섞기", () => this.shuffle(), "shuffle");
    button("무르기", () => this.undo(), "undo");
    this.easyBox = el("input", { type: "checkbox", id: "easy-view" });
    this.easyBox.checked = this.easy;
    this.easyBox.addEventListener("change", () => { this.easy = this.easyBox.checked; store.set("harupan:easy", this.easy); this.render(); });
    bar.append(el("label", { class: "easy", for: "easy-view" }, this.easyBox, " 구분 쉽게 보기"), el("span", { class: "time" }, "시간 ", this.timer));
    this.grid = el("div", { class: "sgrid", role: "grid", "aria-label": "사천성 판" });
    this.overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.overlay.setAttribute("class", "spath");
    this.overlay.setAttribute("aria-hidden", "true");
    this.inner = el("div", { class: "sinner" }, this.grid, this.overlay);
    this.wrap = el("div", { class: "swrap" }, this.inner);
    this.root.replaceChildren(tabs, bar, this.wrap, this.status);
    this.grid.addEventListener("keydown", (e) => this.key_(e));
  }

  load(level) {
    this.level = level;
    for (const [lv, t] of Object.entries(this.tabs)) t.setAttribute("aria-selected", lv === level ? "true" : "false");
    const saved = store.get(this.key()) || {};
    this.history = saved.history || [];
    this.elapsed = saved.elapsed || 0;
    this.started = null;
    this.selected = null;
    this.cursor = this.cursor || [0, 0];
    this.replay();
    this.render();
    this.say(this.board.isEmpty() ? `이미 완성한 판입니다. 걸린 시간 ${clock(this.elapsed)}` : "");
  }

  replay() {
    const layout = this.day.shisen[this.level];
    let b = Board.fromRows(layout.cells);
    let shuffles = 0;
    for (const step of this.history) {
      if (step.shuffle !== undefined) {
        b = shuffle(b, this.shuffleSeed(step.shuffle)).board;
        shuffles = step.shuffle + 1;
      } else {
        b = b.with([[...step.pair[0], null], [...step.pair[1], null]]);
      }
    }
    this.board = b;
    this.shuffles = shuffles;
  }

  shuffleSeed(n) { return `harupan:shuffle:${this.day.date}:${this.level}:${n}`; }

  save() { store.set(this.key(), { history: this.history, elapsed: this.currentElapsed() }); }

  currentElapsed() { return this.elapsed + (this.started ? Date.now() - this.started : 0); }

  tick() { this.timer.textContent = clock(this.currentElapsed()); }

  startClock() {
    if (!this.started && !this.board.isEmpty()) this.started = Date.now();
  }

  stopClock() {
    this.elapsed = this.currentElapsed();
    this.started = null;
  }

  render() {
    const { width: w, height: h } = this.board;
    this.inner.style.setProperty("--cols", w + 2);
    this.grid.style.setProperty("--cols", w + 2);
    this.grid.replaceChildren();
    this.cells = {};
    for (let py = -1; py <= h; py++) {
      const row = el("div", { role: "row", class: "srow" });
      for (let px = -1; px <= w; px++) {
        if (px < 0 || py < 0 || px >= w || py >= h) { row.append(el("div", { class: "ring", "aria-hidden": "true" })); continue; }
        const code = this.board.cells[py][px];
        const name = `${COLS[px]}${py + 1}`;
        const b = el("button", { type: "button", role: "gridcell", class: code ? "tile" : "tile empty", "data-x": px, "data-y": py,
          "aria-label": code ? `${this.labels.tiles[code]}, ${name}` : `빈칸, ${name}`, tabindex: "-1" });
        if (code) b.append(svgUse(`t-${code}${this.easy ? "-e" : ""}`, 60, 80));
        b.addEventListener("click", () => { this.cursor = [px, py]; this.pick(px, py); });
        this.cells[`${px},${py}`] = b;
        row.append(b);
      }
      this.grid.append(row);
    }
    this.overlay.setAttribute("viewBox", `0 0 ${(w + 2) * 60} ${(h + 2) * 80}`);
    this.focusCursor(false);
    this.tick();
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
      const [x, y] = this.cursor;
      this.cursor = [Math.min(this.board.width - 1, Math.max(0, x + d[0])), Math.min(this.board.height - 1, Math.max(0, y + d[1]))];
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
    if (!path) { this.select(here); return; }
    this.remove([this.selected, here], path);
  }

  select(p) {
    if (this.selected) this.cell(...this.selected).classList.remove("selected");
    this.selected = p;
    if (p) {
      this.cell(...p).classList.add("selected");
      this.say(`${this.labels.tiles[this.board.cells[p[1]][p[0]]]} ${COLS[p[0]]}${p[1] + 1} 선택`);
    }
  }

  remove(pair, path) {
    this.startClock();
    const code = this.board.cells[pair[0][1]][pair[0][0]];
    this.board = this.board.with([[...pair[0], null], [...pair[1], null]]);
    this.history.push({ pair });
    this.selected = null;
    this.render();
    this.drawPath(path);
    if (this.board.isEmpty()) {
      this.stopClock();
      this.save();
      this.say(`완성! 걸린 시간 ${clock(this.elapsed)}`);
      this.root.classList.add("done");
    } else {
      this.save();
      this.say(`${this.labels.tiles[code]} 한 쌍을 지웠습니다. 남은 패 ${this.board.count()}장`);
    }
  }

  drawPath(path) {
    const ns = "http://www.w3.org/2000/svg";
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", path.map(([x, y]) => `${(x + 1) * 60 + 30},${(y + 1) * 80 + 40}`).join(" "));
    line.setAttribute("class", "pathline");
    this.overlay.replaceChildren(line);
    clearTimeout(this.pathTimer);
    this.pathTimer = setTimeout(() => this.overlay.replaceChildren(), 600);
  }

  hint() {
    if (this.board.isEmpty()) return;
    const h = hint(this.board);
    if (!h) { this.say("판을 끝까지 풀 수 있는 짝이 없습니다. 섞기를 눌러 보세요."); return; }
    for (const p of h.pair) this.cell(...p).classList.add("hinted");
    setTimeout(() => h.pair.forEach((p) => this.cell(...p) && this.cell(...p).classList.remove("hinted")), 1500);
    this.say(`힌트: ${h.pair.map(([x, y]) => `${COLS[x]}${y + 1}`).join("과 ")}`);
  }

  shuffle() {
    if (this.board.isEmpty()) return;
    this.startClock();
    this.board = shuffle(this.board, this.shuffleSeed(this.shuffles)).board;
    this.history.push({ shuffle: this.shuffles });
    this.shuffles += 1;
    this.selected = null;
    this.save();
    this.render();
    this.say("남은 패를 끝까지 풀 수 있게 섞었습니다");
  }

  undo() {
    if (!this.history.length) return;
    this.history.pop();
    this.root.classList.remove("done");
    this.replay();
    this.selected = null;
    this.save();
    this.render();
    this.say("한 수 물렀습니다");
  }

  say(text) { this.status.textContent = text; }
}

// ------------------------------------------------------------------ zodiac

const KEYS = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R", w: "U", s: "D", a: "L", d: "R", W: "U", S: "D", A: "L", D: "R" };

class ZodiacApp {
  constructor(root, day) {
    this.root = root; this.date = day.date;
    this.key = `harupan:zodiac:${this.date}`;
    this.game = Game.forDate(this.date);
    const letters = store.get(this.key) || "";
    for (const ch of letters) { try { this.game.apply(ch); } catch (e) { break; } }
    this.board = el("div", { class: "zgrid", tabindex: "0", role: "grid", "aria-label": "십이지 머지 판. 화살표나 WASD로 밉니다" });
    this.info = el("p", { class: "zinfo", "aria-live": "polite" });
    this.result = el("div", { class: "zresult" });
    this.root.replaceChildren(this.board, this.info, this.result);
    this.board.addEventListener("keydown", (e) => {
      const m = KEYS[e.key];
      if (m) { e.preventDefault(); this.play(m); }
    });
    let start = null;
    this.board.addEventListener("touchstart", (e) => { const t = e.touches[0]; start = [t.clientX, t.clientY]; }, { passive: true });
    this.board.addEventListener("touchmove", (e) => e.preventDefault(), { passive: false });
    this.board.addEventListener("touchend", (e) => {
      if (!start) return;
      const t = e.changedTouches[0];
      const dx = t.clientX - start[0], dy = t.clientY - start[1];
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
      this.play(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"));
    });
    this.render([]);
  }

  play(letter) {
    if (this.game.state !== "playing") return;
    const before = this.game.board.slice();
    if (!this.game.apply(letter)) { this.info.textContent = "그쪽으로는 움직일 것이 없습니다"; return; }
    store.set(this.key, this.game.moves);
    this.render(before.map((v, i) => v !== this.game.board[i] ? i : -1).filter((i) => i >= 0));
  }

  render(changed) {
    this.board.replaceChildren(...this.game.board.map((rank, i) => {
      const c = el("div", { role: "gridcell", class: `ztile${changed.includes(i) ? " pop" : ""}`, "data-rank": rank,
        "aria-label": rank ? NAMES[rank] : "빈칸" });
      c.append(svgUse(`z-${rank}`, 60, 60));
      return c;
    }));
    const g = this.game;
    this.info.textContent = `점수 ${g.score} · ${g.counted}수 · 최고 ${NAMES[g.top] || "-"}`;
    this.result.replaceChildren();
    if (g.state !== "playing") {
      const head = g.state === "won" ? "돼지 완주!" : "더 밀 수 없습니다";
      const claim = JSON.stringify({ date: this.date, moves: g.moves, score: g.score });
      const share = `하루 판 십이지 머지 ${this.date}\n${head} 최고 ${NAMES[g.top]}, ${g.score}점, ${g.counted}수\n${claim}`;
      const box = el("textarea", { class: "share", readonly: "", rows: "4", "aria-label": "공유 문구" });
      box.value = share;
      const copy = el("button", { type: "button", class: "tool", text: "공유 문구 복사" });
      copy.addEventListener("click", () => { box.select(); if (navigator.clipboard) navigator.clipboard.writeText(share).catch(() => {}); });
      this.result.append(el("p", { class: "zend", text: `${head} 최고 ${NAMES[g.top]}, ${g.score}점` }), box, copy,
        el("p", { class: "facts", text: "마지막 줄을 harupan zodiac verify에 넣으면 누구나 같은 게임을 다시 두어 점수를 확인할 수 있습니다." }));
      this.info.textContent += ` · ${head}`;
    }
  }
}

export function boot() {
  const data = document.getElementById("harupan-day");
  if (!data) return;
  const day = JSON.parse(data.textContent);
  const labels = JSON.parse(document.getElementById("harupan-labels").textContent);
  const s = document.getElementById("shisen-app");
  const z = document.getElementById("zodiac-app");
  if (s) window.harupanShisen = new ShisenApp(s, day, labels);
  if (z) window.harupanZodiac = new ZodiacApp(z, day);
}
