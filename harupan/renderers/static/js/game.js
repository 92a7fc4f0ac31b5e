// The day page's start-up and what its games share: each game's own module (its ``script`` in
// generator/games) registers itself here with registerGame(name, {mount, record}); boot() mounts
// the games the page declares (each game's section carries data-game="name"), keeps the player's
// record (stats.js) on the day page and the home page, and offers offline play (sw.js). No game
// is named here.
import { STATS_KEY, knownDays, migrate, stampLate, todayIn } from "./stats.js";

/** A game's module says how to start it on a page and how it keeps its record:
 *  ``mount(section, {day, labels, record})`` plays the day in its section of the day page;
 *  ``record`` is {clean(days), fromSaves(stats, keys, day), panel(days, {today, day, panel})}:
 *  its days cleaned of bad entries, its days read from its own older saves, and the nodes of its
 *  part of the record panel; optionally dayState(days, date), a day's state for the archive's
 *  calendar and the day's menu (pages.js). A function declaration, so a module joined before this one into
 *  harupan.js (publish/assets.py) can call it while its own body runs. */
export function registerGame(name, spec) {
  if (!registerGame.games) registerGame.games = new Map();
  registerGame.games.set(name, spec);
}

/** The registered games in page order: those with a section on this page first, in its order,
 *  then the rest in the order their modules were joined. */
function gamesInPageOrder() {
  const all = registerGame.games || new Map();
  const onPage = [...document.querySelectorAll("[data-game]")].map((s) => s.dataset.game).filter((n) => all.has(n));
  const names = [...new Set([...onPage, ...all.keys()])];
  return names.map((n) => [n, all.get(n)]);
}

export const store = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } },
  set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
};
export const el = (tag, attrs = {}, ...kids) => {
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
export const svgUse = (id, w, h) => {
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
export const clock = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
// ------------------------------------------------------------------ sharing

/** A share box: the text, a copy button that falls back to selecting the text where the
 *  clipboard is refused (file://, an old browser, a denied permission), and the phone's own
 *  share sheet where there is one. */
export function shareBox(text, say, more = []) {
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

const cleaners = () => Object.fromEntries(gamesInPageOrder().filter(([, g]) => g.record).map(([n, g]) => [n, g.record.clean]));

/** The games' own per-day saves read into a record: how a player who played before the record
 *  existed starts with their days counted (version 0 of the record). Each game reads its own. */
function fromSaves(day) {
  const rec = { v: 0 };
  for (const [name, g] of gamesInPageOrder()) if (g.record) rec[name] = {};
  const keys = [];
  try { for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i)); } catch (e) { return rec; }
  for (const [, g] of gamesInPageOrder()) if (g.record && g.record.fromSaves) g.record.fromSaves(rec, keys, day);
  return rec;
}

class Record {
  constructor(day) {
    let raw = null;
    let text = null;
    try { text = localStorage.getItem(STATS_KEY); } catch (e) { text = null; }
    if (text !== null) { try { raw = JSON.parse(text); } catch (e) { raw = text; } }
    const [stats, aside] = migrate(text === null ? fromSaves(day) : raw, cleaners());
    if (aside !== null) store.set(`${STATS_KEY}:set-aside`, aside);  // kept, not written over
    this.stats = stats;
    this.views = [];
    this.known = knownDays(stats);  // the days read in (older saves included) are never marked late
    if (text === null || aside !== null) this.save();
  }

  save() {
    stampLate(this.stats, this.known, todayIn());  // and brings this.known up to date
    store.set(STATS_KEY, this.stats);
    this.views.forEach((v) => v.render());
  }

  reset() { this.stats = migrate(null, cleaners())[0]; this.known = knownDays(this.stats); this.save(); }
}

/** One figure of the record panel: a number over its label. */
export const stat = (value, label) => el("div", { class: "stat" }, el("span", { class: "num", text: String(value) }), el("span", { class: "lbl", text: label }));

/** The record's panel: each game's part (its own figures), a reset with a confirmation. */
class StatsPanel {
  constructor(panel, record, day) {
    this.panel = panel; this.root = panel.querySelector(".stats-body"); this.record = record; this.day = day;
    record.views.push(this);
    this.render();
  }

  render() {
    const ctx = { today: todayIn(), day: this.day, panel: this.panel };
    const parts = gamesInPageOrder().filter(([, g]) => g.record && g.record.panel)
      .flatMap(([name, g]) => g.record.panel(this.record.stats[name] || {}, ctx));
    const reset = el("button", { type: "button", class: "tool", "data-action": "reset", text: "기록 초기화" });
    // the confirmation is made when asked for: the day page's element budget (tests/test_pages.py)
    reset.addEventListener("click", () => {
      if (!this.confirm) {
        this.confirm = el("div", { class: "confirm", hidden: "" },
          el("p", { text: "이 기기에 저장된 기록을 모두 지울까요? 진행 중인 판은 그대로 남습니다." }));
        const yes = el("button", { type: "button", class: "tool danger", "data-action": "reset-yes", text: "기록 지우기" });
        const no = el("button", { type: "button", class: "tool", "data-action": "reset-no", text: "그만두기" });
        this.confirm.append(el("div", { class: "toolbar" }, yes, no));
        no.addEventListener("click", () => { this.confirm.hidden = true; reset.focus(); });
        yes.addEventListener("click", () => { this.record.reset(); this.root.querySelector("[data-action=reset]").focus(); });
        reset.after(this.confirm);
      }
      this.confirm.hidden = false;
      this.confirm.querySelector("[data-action=reset-no]").focus();
    });
    this.confirm = null;
    this.root.replaceChildren(...parts,
      el("p", { class: "facts", text: "기록은 이 기기의 브라우저에만 저장되며 어디로도 보내지 않습니다. 연속 기록은 그날의 판을 그날 푼 날만 셉니다. 지난 판을 나중에 풀면 기록에는 남지만 연속에는 들지 않고, 하루라도 빠지면 0으로 돌아갑니다." }),
      reset);
  }
}

/** Animations only for a player who has not asked for reduced motion. */
export const calm = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

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
  if (panel) window.harupanStats = new StatsPanel(panel, record, day);
  if (!day) return;
  const labels = JSON.parse(document.getElementById("harupan-labels").textContent);
  const games = registerGame.games || new Map();
  for (const section of document.querySelectorAll("[data-game]")) {
    const g = games.get(section.dataset.game);
    if (g && g.mount) g.mount(section, { day, labels, record });
  }
}
