// Zodiac merge, protocol v1 (docs/design.md, "Zodiac merge, protocol v1"), the same rules as
// harupan/engine/zodiac/rules.py; then the game on the day page and its part of the player's record
// (registered with game.js).
import { Rng } from "./rng.js";
import { HARUPAN_DATA } from "./data.js";
import { calm, el, registerGame, shareBox, showResults, stat, store, svgUse } from "./game.js";
import { howto } from "./howto.js";
import { DATE_KEY, isCount, streaks, todayIn } from "./stats.js";

export const PIG = 12;
export const NAMES = HARUPAN_DATA.zodiac.names;  // by rank, "" for the empty cell: the engine's (data.js)
export const BRANCHES = HARUPAN_DATA.zodiac.branches;

/** Slide one line toward index 0, merging equal neighbours once: [line, score]. */
export function slideLine(line) {
  const tiles = line.filter((v) => v);
  const out = [];
  let score = 0;
  for (let i = 0; i < tiles.length; i++) {
    if (i + 1 < tiles.length && tiles[i] === tiles[i + 1] && tiles[i] < PIG) {
      out.push(tiles[i] + 1);
      score += tiles[i] + 1;
      i++;
    } else {
      out.push(tiles[i]);
    }
  }
  while (out.length < line.length) out.push(0);
  return [out, score];
}

export const LINES = {
  L: [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => 4 * r + c)),
  R: [0, 1, 2, 3].map((r) => [3, 2, 1, 0].map((c) => 4 * r + c)),
  U: [0, 1, 2, 3].map((c) => [0, 1, 2, 3].map((r) => 4 * r + c)),
  D: [0, 1, 2, 3].map((c) => [3, 2, 1, 0].map((r) => 4 * r + c)),
};

/** [new board, score, moved] for one letter. */
export function move(board, letter) {
  const lines = LINES[letter];
  if (!lines) throw new Error(`'${letter}' is not a move (expected one of U D L R)`);
  const out = board.slice();
  let score = 0;
  for (const idx of lines) {
    const [line, s] = slideLine(idx.map((i) => board[i]));
    score += s;
    idx.forEach((i, k) => { out[i] = line[k]; });
  }
  return [out, score, out.some((v, i) => v !== board[i])];
}

export function canMove(board) {
  return board.includes(0) || ["L", "U"].some((m) => move(board, m)[2]);
}

export function spawn(board, rng) {
  const empty = [];
  board.forEach((v, i) => { if (!v) empty.push(i); });
  const cell = empty[rng.below(empty.length)];
  const rank = rng.below(10) === 0 ? 2 : 1;
  const out = board.slice();
  out[cell] = rank;
  return out;
}

export const seedFor = (date) => `harupan:zodiac:${date}`;

export class Game {
  constructor(board, rng, score = 0, counted = 0, state = null) {
    this.board = board; this.rng = rng; this.score = score; this.counted = counted;
    this.state = state || (board.includes(PIG) ? "won" : canMove(board) ? "playing" : "over");
    this.moves = "";
  }

  static start(seed, start = null) {
    const rng = new Rng(seed);
    const board = start ? start.slice() : spawn(spawn(new Array(16).fill(0), rng), rng);
    return new Game(board, rng);
  }

  static forDate(date) { return Game.start(seedFor(date)); }

  /** Play a letter; false for a move that changes nothing (no spawn, not counted). */
  apply(letter, position = null) {
    const where = position ? `move ${position}: ` : "";
    if (!LINES[letter]) throw new Error(`${where}'${letter}' is not a move (expected one of U D L R)`);
    if (this.state !== "playing") throw new Error(`${where}'${letter}' comes after the game ended (${this.state})`);
    const [next, gained, moved] = move(this.board, letter);
    if (!moved) return false;
    this.score += gained;
    this.counted += 1;
    this.moves += letter;
    if (next.includes(PIG)) {
      this.board = next; this.state = "won";
      return true;
    }
    this.board = spawn(next, this.rng);
    if (!canMove(this.board)) this.state = "over";
    return true;
  }

  get top() { return Math.max(...this.board); }

  result() {
    return { board: this.board.slice(), score: this.score, counted: this.counted, state: this.state, top: this.top };
  }
}

export function replay(letters, { date = null, seed = null, start = null } = {}) {
  const game = Game.start(date !== null ? seedFor(date) : seed, start);
  [...letters].forEach((ch, i) => game.apply(ch, i + 1));
  return game.result();
}

// ------------------------------------------------------------------ the game on the day page

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

/** The one sentence that ends a game. */
function ending(g) {
  const score = g.score.toLocaleString("ko-KR");
  return g.state === "won" ? `돼지까지 만들어 ${g.counted}수, ${score}점으로 완주했습니다!`
    : `최고 ${NAMES[g.top]}까지 만들고 ${g.counted}수, ${score}점에서 더 밀 수 없어 끝났습니다.`;
}

/** After the ending: the day's game is played once (a reload shows it again, so every player's
 *  score is for the same game); the next one comes with the next day. */
function nextGame(date) {
  const next = el("p", { class: "facts znext", text: date === todayIn()
    ? "오늘의 십이지 머지는 여기까지입니다. 내일 0시에 새 판이 열립니다. "
    : "이 날의 십이지 머지는 여기까지입니다. 새 판은 날마다 0시에 열립니다. " });
  const home = document.querySelector("header.site a.home");
  if (home) next.append(el("a", { href: new URL("archive/index.html", home.href).href, text: "지난 판 더 두기" }));
  return next;
}

class ZodiacApp {
  constructor(root, day, record) {
    this.root = root; this.date = day.date; this.record = record;
    this.par = (day.zodiac && day.zodiac.par) || null;  // the par bot's game's end, to compare with
    this.key = `harupan:zodiac:${this.date}`;
    this.board = el("div", { class: "zgrid", tabindex: "0", role: "grid",
      "aria-label": "십이지 머지 판. 판을 고른 채로 화살표나 WASD 키로 밀고, 화면에서는 손가락으로 밉니다" });
    this.info = el("p", { class: "zinfo", "aria-live": "polite" });
    this.banner = el("div", { class: "zreplay", hidden: "" });
    this.result = el("div", { class: "zresult" });
    this.root.replaceChildren(this.banner, this.board, this.info, this.result);
    // the keys push only while the board has the focus (a click or Tab on it): elsewhere on the
    // page the arrows scroll it, as a reader expects, and never play a move that cannot be undone
    this.board.addEventListener("keydown", (e) => {
      const m = KEYS[e.key];
      if (!m || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
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
      history.replaceState(null, "", location.pathname + location.search + "#zodiac");  // still this screen
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
    if (this.game.state !== "playing") this.results();
  }

  /** The results screen (game.js): the score and top animal against the par bot's game. */
  results() {
    const g = this.game, par = this.par;
    const lines = [ending(g)];
    if (par) {
      const diff = g.score - par.score;
      lines.push(`엔진 기준 기록: ${NAMES[par.top]}까지, ${par.score.toLocaleString("ko-KR")}점 · `
        + (diff > 0 ? `엔진보다 ${diff.toLocaleString("ko-KR")}점 높습니다.` : diff < 0 ? `엔진보다 ${(-diff).toLocaleString("ko-KR")}점 낮습니다.` : "엔진과 같은 점수입니다."));
    }
    showResults(this.root.closest("[data-game]"), { name: "zodiac", record: this.record, date: this.date,
      headline: g.state === "won" ? "십이지 머지 완주!" : "십이지 머지 끝", lines, share: this.shareText(),
      say: (t) => { this.info.textContent = t; } });
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
    this.result.append(nextGame(this.date), shareBox(this.shareText(), (t) => { this.info.textContent = t; }),
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


// ------------------------------------------------------------------ the record

/** Zodiac's days, cleaned: zodiac[date] = {ended, won, score, top}. */
export function cleanZodiac(days) {
  const out = {};
  for (const [date, z] of Object.entries(days)) {
    if (!DATE_KEY.test(date) || !z || typeof z !== "object") continue;
    out[date] = { ended: z.ended === true, won: z.won === true, score: isCount(z.score) ? z.score : 0,
      top: isCount(z.top) && z.top <= 12 ? z.top : 0 };
  }
  return out;
}

export function recordZodiac(stats, date, state, score, top) {
  if (!stats.zodiac) stats.zodiac = {};
  const ended = state !== "playing";
  const z = stats.zodiac[date] || { ended: false, won: false, score: 0, top: 0 };
  stats.zodiac[date] = { ended: z.ended || ended, won: z.won || state === "won", score: Math.max(z.score, score), top: Math.max(z.top, top) };
}

/** The figures of zodiac merge's part of the panel. */
export function zodiacSummary(days, today) {
  const zDays = Object.keys(days);
  const ended = zDays.filter((d) => days[d].ended);
  const [current, best] = streaks(ended, today, days);
  const tops = new Array(13).fill(0);
  for (const d of ended) tops[days[d].top] += 1;
  return { played: zDays.length, ended: ended.length, won: ended.filter((d) => days[d].won).length,
    current, best, bestScore: Math.max(0, ...zDays.map((d) => days[d].score)),
    top: Math.max(0, ...zDays.map((d) => days[d].top)), tops };
}

/** Older saves (harupan:zodiac:DATE, the moves' letters): each game replayed. */
function zodiacFromSaves(rec, keys) {
  for (const k of keys) {
    const m = /^harupan:zodiac:(\d{4}-\d{2}-\d{2})$/.exec(k);
    if (!m) continue;
    const letters = store.get(k);
    if (typeof letters !== "string" || !letters) continue;
    const g = resumeZodiac(m[1], letters);
    recordZodiac(rec, m[1], g.state, g.score, g.top);
  }
}

function zodiacPanel(days, { today }) {
  const z = zodiacSummary(days, today);
  const most = Math.max(1, ...z.tops);
  const reached = z.tops.map((n, r) => [r, n]).filter(([r, n]) => r > 0 && (n > 0 || (r <= z.top && r >= 5)));
  const bars = el("ol", { class: "bars", "aria-label": "끝낸 판의 최고 동물" }, ...reached.map(([r, n]) =>
    el("li", {}, el("span", { class: "bname", text: NAMES[r] }),
      el("span", { class: n ? "bar" : "bar zero", style: `width: ${Math.max(6, Math.round((100 * n) / most))}%`, text: String(n) }))));
  return [el("h3", { text: "십이지 머지" }),
    el("div", { class: "stats" }, stat(z.played, "플레이한 날"), stat(z.ended, "끝낸 판"), stat(z.won, "돼지 완주"),
      stat(z.current, "연속"), stat(z.best, "최고 연속"), stat(z.bestScore.toLocaleString("ko-KR"), "최고 점수"),
      stat(NAMES[z.top] || "-", "최고 동물")),
    reached.length ? bars : el("p", { class: "facts", text: "끝낸 판이 생기면 최고 동물별 판 수가 여기에 나옵니다." })];
}

/** Zodiac merge's part of a day's state (registerGame's ``record.dayState``): null when the record
 *  has no such day; "cleared" once the day's game ended (won or not: there is one game a day), its
 *  text the score and the top animal ("1,320점 · 용"); else "playing", with the score so far. */
export function zodiacDayState(days, date) {
  const z = days && days[date];
  if (!z) return null;
  const score = `${z.score.toLocaleString("ko-KR")}점`;
  if (!z.ended) return { state: "playing", text: `진행 중 · ${score}` };
  return { state: "cleared", text: z.top ? `${score} · ${NAMES[z.top]}` : score };
}

registerGame("zodiac", {
  mount(section, { day, record }) {
    const root = section.querySelector("#zodiac-app");
    if (root) window.harupanZodiac = new ZodiacApp(root, day, record);
    howto(section, "zodiac");  // the first-visit how-to, and its "?" button
  },
  record: { clean: cleanZodiac, fromSaves: zodiacFromSaves, panel: zodiacPanel, dayState: zodiacDayState,
    streak: (days, today) => { const z = zodiacSummary(days, today); return [z.current, z.best]; } },
});
