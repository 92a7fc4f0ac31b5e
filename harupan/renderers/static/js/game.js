// The day page's start-up and what its games share: each game's own module (its ``script`` in
// generator/games) registers itself here with registerGame(name, {mount, record}); boot() mounts
// the games the page declares (each game's section carries data-game="name"), keeps the player's
// record (stats.js) on the day page and the home page, and offers offline play (sw.js). No game
// is named here.
import { STATS_KEY, knownDays, migrate, stampLate, todayIn } from "./stats.js";

/** A game's module says how to start it on a page and how it keeps its record:
 *  ``mount(section, {day, labels, record, opening})`` plays the day in its section of the day page
 *  (``opening``: mounted as the page starts, its section already on the screen, rather than when
 *  the player opens its screen later);
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
/** A tile's art: a w x h frame of the site's art sheet (static/art-<hash>.svg, drawn once and
 *  placed by the page as #art), at the place the page's #harupan-art table gives for ``id``; a
 *  third 1 there places it from the sheet's bitmap copy, #art-px (renderers/svg.py ArtSheet). */
let artAt = null;
export const svgUse = (id, w, h) => {
  const ns = "http://www.w3.org/2000/svg";
  artAt = artAt || JSON.parse(document.getElementById("harupan-art").textContent);
  const [x, y, bitmap] = artAt[id];
  const s = document.createElementNS(ns, "svg");
  s.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
  s.setAttribute("aria-hidden", "true");
  s.dataset.art = id;  // which art it frames, for a reader of the page (and its tests)
  const u = document.createElementNS(ns, "use");
  u.setAttribute("href", bitmap ? "#art-px" : "#art");
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

// ------------------------------------------------------------------ screens

/** A game's state on a day, for the menu and the results screen's links: what its record's
 *  ``dayState`` says ({state: "cleared"|"playing"|null, text}), or, for a game that does not say,
 *  "playing" once the record holds the day. */
const gameSpec = (name) => (registerGame.games || new Map()).get(name);

export function dayState(name, record, date) {
  const g = gameSpec(name);
  const days = (record && record.stats[name]) || {};
  if (g && g.record && g.record.dayState) return g.record.dayState(days, date) || { state: null, text: "" };
  return days[date] ? { state: "playing", text: "" } : { state: null, text: "" };
}

const STATE_WORDS = { cleared: "완성", playing: "하는 중" };

/** The day page's screens (templates/day.html): the menu of the day's games, or one game's screen.
 *  The page's head set html[data-view] from the fragment before the first paint; this keeps it
 *  in step with the fragment, mounts a game the first time its screen opens (a game never opened
 *  costs the page nothing), and writes each game's state into the menu. */
class Screens {
  constructor(day, labels, record, onMenu) {
    this.day = day; this.labels = labels; this.record = record; this.onMenu = onMenu;
    this.mounted = new Set();
    this.fromMenu = false;  // whether the menu is the entry before this screen in the history
    this.names = [...document.querySelectorAll(".screen[id]")].map((s) => s.id);
    window.addEventListener("hashchange", () => this.show(this.fromHash(), true));
    for (const back of document.querySelectorAll("a.screenbar.back")) back.addEventListener("click", (e) => {
      e.preventDefault();
      if (this.fromMenu) history.back(); else { history.pushState(null, "", location.pathname + location.search); this.show("menu", true); }
    });
    for (const a of document.querySelectorAll(".daymenu a[data-screen]")) a.addEventListener("click", () => { this.fromMenu = this.view === "menu"; });
    record.views.push(this);
    this.show(this.fromHash(), false);
  }

  /** The screen the fragment names (the head's reading of it, from each game's view: #name, or a
   *  key its script reads, #z=…); else the menu. */
  fromHash() {
    const to = window.harupanScreenOf ? window.harupanScreenOf(location.hash.slice(1)) : "menu";
    return this.names.includes(to) ? to : "menu";
  }

  show(view, moved) {
    const was = this.view;
    this.view = view;
    document.documentElement.dataset.view = view;
    if (view !== "menu" && !this.mounted.has(view)) {
      this.mounted.add(view);
      const section = document.querySelector(`.screen#${CSS.escape(view)} [data-game]`);
      const g = gameSpec(view);
      if (section && g && g.mount) g.mount(section, { day: this.day, labels: this.labels, record: this.record, opening: !moved });
    }
    if (view === "menu") { this.fromMenu = false; this.onMenu(); }
    // the skip link leads to the game itself on its screen (its app's box, by the games' id rule), to the menu else
    const skip = document.querySelector("a.skip");
    if (skip) skip.setAttribute("href", view !== "menu" && document.getElementById(`${view}-app`) ? `#${view}-app` : "#main");
    this.render();
    if (moved && was !== view) {
      window.scrollTo(0, 0);
      // the keyboard follows: to the game's heading, or back to the menu's link for the game left
      const to = view === "menu" ? document.querySelector(`.daymenu a[data-screen="${was}"]`)
        : document.querySelector(`.screen#${CSS.escape(view)} h2`);
      if (to) { if (!to.hasAttribute("tabindex") && to.tagName === "H2") to.setAttribute("tabindex", "-1"); to.focus({ preventScroll: true }); }
    }
  }

  /** The menu's state line for each game (the record's view: redrawn at each save while the menu
   *  shows, and whenever it shows again). */
  render() {
    if (this.view !== "menu") return;
    for (const a of document.querySelectorAll(".daymenu a[data-screen]")) {
      const st = dayState(a.dataset.screen, this.record, this.day.date);
      const out = a.querySelector(".gstate");
      if (!out) continue;
      out.dataset.state = st.state || "none";
      out.textContent = st.state ? [STATE_WORDS[st.state], st.text].filter(Boolean).join(" · ") : "시작 전";
    }
  }
}

// ------------------------------------------------------------------ the results screen

/** Milliseconds until the next day's puzzles open: 0시 in Korea (UTC+9 all year, as todayIn). */
export function untilNextDay(now = Date.now()) {
  const day = 86400000;
  return day - ((now + 9 * 3600000) % day);
}

export const hms = (ms) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};

/** The results screen, when a game is cleared or ends: its result (``lines``), the player's streak
 *  for it today and their best, the time to the next day's puzzles, the share text, and the way to
 *  the day's other games and the archive. A modal box, announced by its heading; Escape or 닫기
 *  close it and the focus goes back where it was; then ``closed`` runs (a game shows its own result
 *  box after it, so the share text is never on the screen twice). */
export function showResults(section, { name, record, date, headline, lines, share, say, closed }) {
  const old = document.querySelector("dialog.results");
  if (old) { old.close(); old.remove(); }
  const g = gameSpec(name);
  const today = todayIn();
  const days = (record && record.stats[name]) || {};
  const [current, best] = g && g.record && g.record.streak ? g.record.streak(days, today) : [0, 0];
  const box = el("dialog", { class: "results", "aria-labelledby": "results-h", "data-game": name });
  const next = el("p", { class: "next" });
  const tick = () => { next.textContent = `다음 판까지 ${hms(untilNextDay())} · 날마다 0시(한국 시간)에 새 판이 열립니다.`; };
  tick();
  const timer = setInterval(tick, 1000);
  const others = el("ul", { class: "rgames", "aria-label": "다른 게임" });
  for (const a of document.querySelectorAll(".daymenu a[data-screen]")) {
    if (a.dataset.screen === name) continue;
    const st = dayState(a.dataset.screen, record, date);
    const title = a.querySelector(".gtitle").textContent;
    const go = el("a", { href: `#${a.dataset.screen}`, text: st.state ? `${title} · ${STATE_WORDS[st.state]}` : `${title} 하러 가기` });
    go.addEventListener("click", () => box.close());
    others.append(el("li", {}, go));
  }
  const archive = document.querySelector('header.site nav a[href$="archive/index.html"]');
  if (archive) others.append(el("li", {}, el("a", { href: archive.href, text: "지난 판" })));
  const close = el("button", { type: "button", "data-action": "results-close", text: "닫기" });
  close.addEventListener("click", () => box.close());
  others.append(el("li", {}, close));
  // the heading takes the focus when it opens (autofocus): read out first, and a short screen shows the box from its top
  box.append(el("h2", { id: "results-h", text: headline, tabindex: "-1", autofocus: "" }),
    el("ul", { class: "rlines" }, ...lines.map((t) => el("li", { text: t }))),
    el("div", { class: "stats" }, stat(`${current}일`, "오늘까지 연속"), stat(`${best}일`, "최고 연속")),
    el("p", { class: "facts", text: "연속 기록은 그날의 판을 그날 끝낸 날만 셉니다." }),
    next,
    ...(share ? [shareBox(share, say || (() => {}))] : []),
    others);
  box.addEventListener("close", () => { clearInterval(timer); box.remove(); if (closed) closed(); });
  (section || document.body).append(box);
  box.showModal();
  return box;
}

export function boot() {
  // the service worker once the page has loaded (docs/browser.md, "The record and offline play")
  if (document.readyState === "complete") registerOffline();
  else window.addEventListener("load", registerOffline, { once: true });
  const data = document.getElementById("harupan-day");
  const day = data ? JSON.parse(data.textContent) : null;
  const record = new Record(day);
  window.harupanRecord = record;
  const panel = document.getElementById("harupan-stats");
  const screens = day && document.querySelector(".screen[id]");
  // on the day page the record's panel belongs to the menu: drawn when the menu first shows, so a
  // game's screen carries none of its elements
  const showPanel = () => { if (panel && !window.harupanStats) window.harupanStats = new StatsPanel(panel, record, day); };
  if (!screens) showPanel();
  if (!day) return;
  const labels = JSON.parse(document.getElementById("harupan-labels").textContent);
  if (screens) { window.harupanScreens = new Screens(day, labels, record, showPanel); return; }
  const games = registerGame.games || new Map();
  for (const section of document.querySelectorAll("[data-game]")) {
    const g = games.get(section.dataset.game);
    if (g && g.mount) g.mount(section, { day, labels, record, opening: true });
  }
}
