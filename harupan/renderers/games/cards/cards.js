// 사색패 손패 맞추기: the melds, their points and the play model of harupan/engine/cards/rules.py and
// engine/cards/play.py, with the same Korean sentences. tests/data/cards_vectors.json holds the
// cases both must agree on (tests/js/cards.test.mjs), dead ends and hints included (decided by a
// memoised search over the engine's LOWEST_MELDS table). Then the game on the day page (the hand
// as a listbox of card buttons, 묶기, 풀기, 되돌리기 and 힌트, the dead-meld warning, the meld row,
// 완성 with a share line) and its part of the player's record, registered with game.js. The joined harupan.js shares one scope, so every top-level
// name here starts with "card" or "CARD". The cards' and the melds' names and points are the
// engine's, emitted into data.js (renderers/games/cards, browser_data).
import { HARUPAN_DATA } from "./data.js";
import { calm, el, registerGame, shareBox, showResults, stat, store, svgUse } from "./game.js";
import { howto } from "./howto.js";
import { DATE_KEY, isCount, streaks } from "./stats.js";

const CARD_DATA = HARUPAN_DATA.cards;
export const CARD_COLOURS = CARD_DATA.colours;
export const CARD_COLOUR_KO = CARD_DATA.colourNames;
export const CARD_RANK_KO = CARD_DATA.rankNames;
export const CARD_RANK_HANJA = CARD_DATA.rankHanja;
const CARD_GENERAL = 1;
const CARD_SOLDIER = 7;

/** A card's index in colour-major order (Y1 = 0 … W7 = 27), as engine/cards/rules.py's KINDS. */
export function cardIndex(code) {
  return 7 * CARD_COLOURS.indexOf(code[0]) + Number(code[1]) - 1;
}

/** The Korean name a card's button begins with: "노랑 장". */
export function cardName(code) {
  return `${CARD_COLOUR_KO[code[0]]} ${CARD_RANK_KO[Number(code[1]) - 1]}`;
}

/** What meld these cards form (general, pair, chi, triple, quad, soldiers3, soldiers4), or null. */
export function cardMeldKind(cards) {
  const n = cards.length;
  if (n === 1) return Number(cards[0][1]) === CARD_GENERAL ? "general" : null;
  const colours = new Set(cards.map((c) => c[0]));
  const ranks = cards.map((c) => Number(c[1])).sort((a, b) => a - b);
  if (new Set(cards).size === 1) return { 2: "pair", 3: "triple", 4: "quad" }[n] ?? null;
  if (n === 3 && colours.size === 1 && ["1,2,3", "4,5,6"].includes(ranks.join(","))) return "chi";
  if (ranks.every((r) => r === CARD_SOLDIER) && colours.size === n) return { 3: "soldiers3", 4: "soldiers4" }[n] ?? null;
  return null;
}

/** A meld's concealed points (the daily hand is all concealed). */
export function cardMeldPoints(kind) {
  return CARD_DATA.meldPoints[kind];
}

/** null when the cards form a meld; otherwise why not, as engine/cards/play.py's why_not says it. */
export function cardWhyNot(cards) {
  if (cardMeldKind(cards) !== null) return null;
  const n = cards.length;
  if (n === 0) return "묶을 카드를 먼저 고르세요.";
  if (n === 1) return "한 장으로는 장(將)만 묶을 수 있어요.";
  if (n === 2) return "두 장은 똑같은 카드끼리만 묶을 수 있어요.";
  if (n > 4) return "한 묶음은 네 장까지예요.";
  const ranks = new Set(cards.map((c) => Number(c[1])));
  if (ranks.size === 1 && ranks.has(CARD_SOLDIER)) return "졸은 색이 모두 달라야 묶을 수 있어요.";
  if (n === 3) {
    if (new Set(cards.map((c) => c[0])).size === 1 && ranks.size === 3 && (ranks.has(CARD_GENERAL) || ranks.has(4))) {
      return "치는 같은 색의 將士象이나 車馬砲여야 해요.";
    }
    return "세 장은 똑같은 카드 셋, 같은 색 將士象·車馬砲, 색이 다른 졸 셋만 묶을 수 있어요.";
  }
  return "네 장은 똑같은 카드 넷이나 네 색의 졸만 묶을 수 있어요.";
}

/** The play state: the day's hand (never reordered) and the melds made, as places in the hand. */
export function cardState(hand, groups = []) {
  return { hand: hand.slice(), groups: groups.map((g) => g.slice()) };
}

export function cardFree(state) {
  const used = new Set(state.groups.flat());
  return state.hand.map((_, i) => i).filter((i) => !used.has(i));
}

export function cardScore(state) {
  return state.groups.reduce((sum, g) => sum + cardMeldPoints(cardMeldKind(g.map((i) => state.hand[i]))), 0);
}

/** The state after a move ({group: [places]}, {ungroup: index} or {undo: true}, which takes back
 *  the last meld made): {state} or {error} in Korean. */
export function cardApply(state, move) {
  if ("undo" in move) {
    if (!state.groups.length) return { error: "되돌릴 묶음이 없어요." };
    return { state: cardState(state.hand, state.groups.slice(0, -1)) };
  }
  if ("ungroup" in move) {
    const k = move.ungroup;
    if (!(Number.isInteger(k) && k >= 0 && k < state.groups.length)) return { error: "풀 묶음이 없어요." };
    return { state: cardState(state.hand, state.groups.filter((_, i) => i !== k)) };
  }
  const places = move.group;
  if (new Set(places).size !== places.length || places.some((i) => !(Number.isInteger(i) && i >= 0 && i < state.hand.length))) {
    return { error: "고른 카드가 올바르지 않아요." };
  }
  const free = new Set(cardFree(state));
  if (places.some((i) => !free.has(i))) return { error: "이미 묶인 카드가 섞여 있어요." };
  const reason = cardWhyNot(places.map((i) => state.hand[i]));
  if (reason !== null) return { error: reason };
  const ordered = places.slice().sort((a, b) => cardIndex(state.hand[a]) - cardIndex(state.hand[b]) || a - b);
  return { state: cardState(state.hand, [...state.groups, ordered]) };
}

/** The finished hand's score against the best, or null while cards are left. */
export function cardResult(state, best) {
  if (cardFree(state).length) return null;
  const score = cardScore(state);
  return { score, best, perfect: score === best };
}

// ------------------------------------------------------------------ a way out of a dead end

/** For each kind, the melds whose lowest card it is, as [kinds used, points], in the order the
 *  engine's exhaustive search tries them (engine/cards/puzzle.py LOWEST_MELDS, via data.js). */
const CARD_LOWEST = CARD_DATA.lowestMelds;
/** The remaining cards' counts (28 digits, 0-4) -> the most points they arrange into, -1 for none. */
const cardBestMemo = new Map();

function cardCounts(state) {
  const counts = new Array(CARD_LOWEST.length).fill(0);
  for (const i of cardFree(state)) counts[cardIndex(state.hand[i])] += 1;
  return counts;
}

/** The melds the counts allow that take the lowest card left, in the search's order, each with
 *  what it leaves. Taking the lowest card first meets every arrangement, as the engine's search. */
function cardMovesOf(counts) {
  const low = counts.findIndex((c) => c > 0);
  const out = [];
  for (const [kinds, points] of CARD_LOWEST[low]) {
    const rest = counts.slice();
    kinds.forEach((k) => { rest[k] -= 1; });
    if (rest.every((c) => c >= 0)) out.push({ kinds, points, rest });
  }
  return out;
}

/** The most points the counted cards arrange into (0 for none left), or -1 when they cannot all
 *  go into melds: exhaustive and memoised, as small as the 21-card hand's remainders are. */
function cardBestOf(counts) {
  if (!counts.some((c) => c > 0)) return 0;
  const key = counts.join("");
  let best = cardBestMemo.get(key);
  if (best !== undefined) return best;
  best = -1;
  for (const m of cardMovesOf(counts)) {
    const sub = cardBestOf(m.rest);
    if (sub >= 0 && sub + m.points > best) best = sub + m.points;
  }
  cardBestMemo.set(key, best);
  return best;
}

/** Whether the cards still in the hand can all go into melds (engine/cards/play.py completable). */
export function cardCompletable(state) {
  return cardBestOf(cardCounts(state)) >= 0;
}

/** One meld of a best arrangement of the cards left, as places (the first free ones holding its
 *  cards): the one that takes the lowest card left, as engine/cards/play.py hint; null when the
 *  hand is complete or cannot be completed any more. */
export function cardHint(state) {
  const counts = cardCounts(state);
  const best = cardBestOf(counts);
  if (best < 0 || !counts.some((c) => c > 0)) return null;
  const m = cardMovesOf(counts).find((o) => { const sub = cardBestOf(o.rest); return sub >= 0 && sub + o.points === best; });
  const free = cardFree(state);
  const places = [];
  for (const k of m.kinds) places.push(free.find((i) => cardIndex(state.hand[i]) === k && !places.includes(i)));
  return places;
}

// ------------------------------------------------------------------ the game on the day page

/** What a meld is called in the meld row and in its button's name: the rule page's names. */
const CARD_MELD_KO = CARD_DATA.meldNames;
/** What the dead-meld warning says (issue 33's words), and what a hint says when there is no way on. */
export const CARD_DEAD = "이렇게 묶으면 남은 카드를 다 묶을 수 없어요.";
const CARD_NO_HINT = "여기서는 남은 카드를 다 묶을 수 없어요. 되돌리기로 마지막 묶음을 물러 보세요.";

/** The saved game: the melds made, in order, and the hints taken. An older save is the melds alone. */
function cardSaved(saved) {
  if (Array.isArray(saved)) return { groups: saved, hints: 0 };
  if (saved && typeof saved === "object") return { groups: saved.groups, hints: isCount(saved.hints) ? saved.hints : 0 };
  return { groups: [], hints: 0 };
}

/** The state after saved groups, as far as they replay (a save from another day or page is dropped there). */
function cardResume(hand, groups) {
  let state = cardState(hand);
  for (const g of Array.isArray(groups) ? groups : []) {
    const out = Array.isArray(g) ? cardApply(state, { group: g }) : { error: "bad" };
    if (out.error !== undefined) break;
    state = out.state;
  }
  return state;
}

/** The hints taken, as the result line and the share text say them. */
const cardHintsLine = (n) => (n ? `힌트 ${n}번` : "힌트 없이");

/** Roving focus over a row of elements: one tab stop, arrow keys (and Home, End) move between
 *  them; ``step`` is how far Up and Down go (0: they do nothing). Returns the element to focus. */
function cardRove(items, current, key, step) {
  const k = items.indexOf(current);
  const last = items.length - 1;
  const to = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: last,
    ArrowUp: step ? k - step : -1, ArrowDown: step ? k + step : -1 }[key];
  if (to === undefined || k < 0) return null;
  return items[Math.max(0, Math.min(last, to))] ?? null;
}

class CardsApp {
  constructor(root, day, record) {
    const data = day.cards;
    this.root = root; this.date = day.date; this.record = record;
    this.best = data.best; this.size = data.card || [40, 96];
    this.key = `harupan:cards:${this.date}`;
    const saved = cardSaved(store.get(this.key));
    this.state = cardResume(data.hand, saved.groups);
    this.hints = saved.hints;
    this.hinted = null;  // the melds made when the last hint was shown, so asking again counts once
    this.picked = new Set();  // places in the hand
    this.pickedMelds = new Set();  // indexes in the meld row
    this.active = null;  // the card the hand's one tab stop is on (a place)
    this.build();
    this.render();
    this.say(cardFree(this.state).length ? (this.dead ? CARD_DEAD : "") : this.doneLine(true));
    window.addEventListener("resize", () => this.fitRows());  // a phone turned: 7 cards a row or 11
  }

  /** Cards a row in the hand's grid (7 upright, 11 on a phone on its side). */
  cols() { return getComputedStyle(this.hand).gridTemplateColumns.split(" ").length || 7; }

  /** The hand's box as tall as the rows its cards fill (the full hand: the picture's box). */
  fitRows() {
    this.hand.style.setProperty("--rows", String(Math.max(1, Math.ceil(cardFree(this.state).length / this.cols()))));
  }

  build() {
    const tool = (text, name, fn) => {
      const b = el("button", { type: "button", class: "tool", "data-action": name, text, tabindex: "-1" });
      b.addEventListener("click", fn);
      return b;
    };
    this.groupButton = tool("묶기", "group", () => this.group());
    this.ungroupButton = tool("풀기", "ungroup", () => this.ungroup());
    this.undoButton = tool("되돌리기", "undo", () => this.undo());
    this.hintButton = tool("힌트", "hint", () => this.hint());
    this.groupButton.tabIndex = 0;
    // the tools one tab stop (the toolbar pattern), so Shift+Tab from the hand comes back to 묶기
    this.tools = el("div", { class: "toolbar tools", role: "toolbar", "aria-label": "손패 도구" },
      this.groupButton, this.ungroupButton, this.undoButton, this.hintButton);
    this.tools.addEventListener("keydown", (e) => this.rove(e, [...this.tools.children], 0));
    this.scoreLine = el("span", { class: "cscore" });
    this.status = el("p", { class: "status", "aria-live": "polite" });
    this.warn = null;  // the dead-meld warning, made the first time it is needed (the page's element budget)
    this.bar = el("div", { class: "cbar" }, this.tools, this.scoreLine, this.status);
    this.hand = el("div", { class: "chand", role: "listbox", "aria-multiselectable": "true", "aria-orientation": "horizontal",
      "aria-label": "손패: 화살표로 카드를 옮겨 다니고 스페이스나 엔터로 고른 뒤 묶기를 누릅니다" });
    this.hand.addEventListener("keydown", (e) => this.rove(e, [...this.hand.children], this.cols()));
    this.result = el("div", { class: "cresult" });
    this.melds = el("div", { class: "cmelds", role: "group", "aria-label": "만든 묶음: 묶음을 눌러 고르고 풀기를 누릅니다" });
    this.root.replaceChildren(this.bar, this.hand, this.result, this.melds);
  }

  /** An arrow key inside the hand or the toolbar: the tab stop and the focus move to the next one. */
  rove(e, items, step) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = cardRove(items, document.activeElement, e.key, step);
    if (!next) return;
    e.preventDefault();
    items.forEach((b) => { b.tabIndex = b === next ? 0 : -1; });
    if (next.dataset.place !== undefined) this.active = Number(next.dataset.place);
    next.focus();
  }

  cardArt(code) { return svgUse(`k-${code}`, this.size[0], this.size[1]); }

  /** True when cards are left that can no longer all go into melds (the exhaustive search). */
  get dead() { return cardFree(this.state).length > 0 && !cardCompletable(this.state); }

  render() {
    const free = cardFree(this.state);
    if (!free.includes(this.active)) this.active = free.find((i) => i > (this.active ?? -1)) ?? free[free.length - 1] ?? null;
    this.hand.replaceChildren(...free.map((i) => {
      const code = this.state.hand[i];
      const b = el("button", { type: "button", class: "kcard", role: "option", "data-place": i, "data-card": code,
        "aria-selected": this.picked.has(i) ? "true" : "false", "aria-label": cardName(code), tabindex: i === this.active ? "0" : "-1" });
      b.append(this.cardArt(code));
      b.addEventListener("click", () => this.toggle(i, b));
      return b;
    }));
    this.melds.replaceChildren(...this.state.groups.map((g, k) => {
      const cards = g.map((i) => this.state.hand[i]);
      const kind = cardMeldKind(cards);
      const pts = cardMeldPoints(kind);
      const b = el("button", { type: "button", class: "kmeld", "data-meld": k, "aria-pressed": this.pickedMelds.has(k) ? "true" : "false",
        "aria-label": `묶음 ${k + 1}, ${CARD_MELD_KO[kind]} ${pts}점: ${cards.map(cardName).join(", ")}` });
      b.append(el("span", { class: "kcards" }, ...cards.map((c) => this.cardArt(c))),
        el("span", { class: "kpts", "aria-hidden": "true", text: `${CARD_MELD_KO[kind]} · ${pts}점` }));
      b.addEventListener("click", () => this.toggleMeld(k, b));
      return b;
    }));
    this.melds.hidden = !this.state.groups.length;
    this.warning(this.dead);
    this.fitRows();
    const done = !free.length;
    this.root.classList.toggle("done", done);
    this.scoreLine.textContent = done ? `완성 ${cardScore(this.state)}점 · 최고 ${this.best}점`
      : `점수 ${cardScore(this.state)}점 · 남은 카드 ${free.length}장`;
    this.showResult(done);
  }

  toggle(i, button) {
    if (this.picked.has(i)) this.picked.delete(i); else this.picked.add(i);
    button.setAttribute("aria-selected", this.picked.has(i) ? "true" : "false");
    button.classList.remove("hinted");
    if (this.active !== i) {  // a tap moves the hand's tab stop to the card tapped
      this.hand.querySelectorAll(".kcard").forEach((b) => { b.tabIndex = b === button ? 0 : -1; });
      this.active = i;
    }
    const names = [...this.picked].sort((a, b) => a - b).map((p) => cardName(this.state.hand[p]));
    this.say(names.length ? `고른 카드 ${names.length}장: ${names.join(", ")}` : "고른 카드가 없어요.");
  }

  toggleMeld(k, button) {
    if (this.pickedMelds.has(k)) this.pickedMelds.delete(k); else this.pickedMelds.add(k);
    button.setAttribute("aria-pressed", this.pickedMelds.has(k) ? "true" : "false");
    this.say(this.pickedMelds.size ? `고른 묶음 ${this.pickedMelds.size}개. 풀기를 누르면 손패로 돌아가요.` : "고른 묶음이 없어요.");
  }

  group() {
    const places = [...this.picked].sort((a, b) => a - b);
    const out = cardApply(this.state, { group: places });
    if (out.error !== undefined) { this.say(out.error); this.cue(); return; }
    this.state = out.state;
    this.picked.clear();
    this.pickedMelds.clear();
    this.saved();
    this.render();
    const g = this.state.groups[this.state.groups.length - 1];
    const kind = cardMeldKind(g.map((i) => this.state.hand[i]));
    if (cardFree(this.state).length) {
      const made = `${CARD_MELD_KO[kind]} ${cardMeldPoints(kind)}점을 묶었어요.`;
      this.say(this.dead ? `${made} ${CARD_DEAD}` : `${made} 남은 카드 ${cardFree(this.state).length}장.`);
    } else {
      this.finished();
    }
  }

  ungroup() {
    if (!this.pickedMelds.size) { this.say(this.state.groups.length ? "풀 묶음을 먼저 고르세요." : "풀 묶음이 없어요."); return; }
    // the highest index first, so the others keep their places while they go
    for (const k of [...this.pickedMelds].sort((a, b) => b - a)) {
      const out = cardApply(this.state, { ungroup: k });
      if (out.error !== undefined) { this.say(out.error); return; }
      this.state = out.state;
    }
    const n = this.pickedMelds.size;
    this.pickedMelds.clear();
    this.saved();
    this.render();
    this.say(`묶음 ${n}개를 풀어 손패로 돌려놓았어요. 남은 카드 ${cardFree(this.state).length}장.`);
  }

  /** The dead-meld warning with its own 되돌리기, shown or hidden; made at its first showing. */
  warning(shown) {
    if (shown && !this.warn) {
      const undoHere = el("button", { type: "button", class: "tool", "data-action": "undo-dead", text: "되돌리기" });
      undoHere.addEventListener("click", () => this.undo());
      this.warn = el("div", { class: "cwarn" }, el("p", { text: CARD_DEAD }), undoHere);
      this.bar.append(this.warn);
    }
    if (this.warn) this.warn.hidden = !shown;
  }

  /** 되돌리기: the last meld made goes back into the hand, its cards picked (so a keyboard or a
   *  finger can change one card and meld again); the focus, if it was on the warning's button
   *  (gone now), goes to the hand. */
  undo() {
    const out = cardApply(this.state, { undo: true });
    if (out.error !== undefined) { this.say(out.error); return; }
    const back = this.state.groups[this.state.groups.length - 1];
    const fromWarning = !!this.warn && this.warn.contains(document.activeElement);
    this.state = out.state;
    this.picked = new Set(back);
    this.pickedMelds.clear();
    this.active = back[0];
    this.saved();
    this.render();
    const left = cardFree(this.state).length;
    this.say(this.dead ? `마지막 묶음을 되돌렸어요. 아직 남은 카드를 다 묶을 수 없어요: 한 번 더 되돌려 보세요.`
      : `마지막 묶음을 되돌렸어요. 그 카드는 고른 채로 손패에 있어요. 남은 카드 ${left}장.`);
    if (fromWarning) (this.warn && !this.warn.hidden ? this.warn.querySelector("button") : this.hand.querySelector('.kcard[tabindex="0"]'))?.focus();
  }

  /** 힌트: the cards of one meld of a best arrangement of what is left, picked and marked; asking
   *  again before a move counts once. None when the rest cannot be completed: undo is the way. */
  hint() {
    if (!cardFree(this.state).length) { this.say(this.doneLine(true)); return; }
    const places = cardHint(this.state);
    if (places === null) { this.say(CARD_NO_HINT); return; }
    const at = JSON.stringify(this.state.groups);
    if (this.hinted !== at) { this.hints += 1; this.hinted = at; this.saved(); }
    this.picked = new Set(places);
    this.active = places[0];
    this.render();
    places.forEach((i) => this.hand.querySelector(`.kcard[data-place="${i}"]`)?.classList.add("hinted"));
    const kind = cardMeldKind(places.map((i) => this.state.hand[i]));
    this.say(`힌트 ${this.hints}번째: ${CARD_MELD_KO[kind]} ${cardMeldPoints(kind)}점 — ${places.map((i) => cardName(this.state.hand[i])).join(", ")}. `
      + "골라 두었으니 묶기를 누르면 돼요.");
  }

  /** A short shake of the picked cards that did not form a meld (none for reduced motion). */
  cue() {
    const picked = [...this.hand.querySelectorAll('.kcard[aria-selected="true"]')];
    if (calm()) return;
    picked.forEach((b) => { if (b.animate) b.animate([{ transform: "translateX(-3px)" }, { transform: "translateX(3px)" }, { transform: "none" }], { duration: 240 }); });
  }

  saved() {
    store.set(this.key, { groups: this.state.groups, hints: this.hints });
    if (this.record) { cardRecord(this.record.stats, this.date, cardResult(this.state, this.best)); this.record.save(); }
  }

  doneLine(before) {
    const r = cardResult(this.state, this.best);
    const head = before ? "이미 완성한 손패예요. " : "완성! ";
    return r.perfect ? `${head}${r.score}점, 가장 높은 점수예요.`
      : `${head}${r.score}점이에요. 가장 높은 점수는 ${r.best}점: 묶음을 풀어 다른 길을 찾아보세요.`;
  }

  finished() {
    this.say(this.doneLine(false));
    const r = cardResult(this.state, this.best);
    showResults(this.root.closest("[data-game]"), { name: "cards", record: this.record, date: this.date,
      headline: r.perfect ? "사색패 완성! 최고점" : "사색패 완성!",
      lines: [r.perfect ? `${r.score}점: 이 손패의 가장 높은 점수입니다.` : `${r.score}점 · 가장 높은 점수는 ${r.best}점입니다.`, cardHintsLine(this.hints)],
      share: this.shareText(), say: (t) => this.say(t) });
    if (this.result.hidden) return;
    this.result.style.scrollMarginTop = `${Math.ceil(this.bar.getBoundingClientRect().height) + 8}px`;  // clear of the sticky bar
    this.result.scrollIntoView({ block: "nearest", behavior: calm() ? "auto" : "smooth" });
  }

  showResult(done) {
    this.result.replaceChildren();
    this.result.hidden = !done;
    if (!done) return;
    const r = cardResult(this.state, this.best);
    const line = r.perfect ? `완성 · ${r.score}점 = 최고 ${r.best}점` : `완성 · ${r.score}점 (최고 ${r.best}점)`;
    this.result.append(el("p", { class: "tmsg", text: `${line} · ${cardHintsLine(this.hints)}` }),
      shareBox(this.shareText(), (t) => this.say(t)),
      el("p", { class: "facts", text: "새 손패는 날마다 0시에 열립니다." }));
  }

  /** The share line: the score against the best, how many melds, the hints taken; no card. */
  shareText() {
    const r = cardResult(this.state, this.best);
    const canonical = document.querySelector('link[rel="canonical"]');
    const lines = [`하루 판 사색패 ${this.date}`,
      `${r.perfect ? "최고점 " : ""}${r.score}점 / 최고 ${r.best}점 · 묶음 ${this.state.groups.length}개 · ${cardHintsLine(this.hints)}`];
    if (canonical) lines.push(`${canonical.href}#cards`);  // the link opens this game's screen
    return lines.join("\n");
  }

  say(text) { this.status.textContent = text; }
}

// ------------------------------------------------------------------ the record

/** The daily hand's days, cleaned: cards[date] = {done, score, perfect}; a day present was played. */
export function cardClean(days) {
  const out = {};
  for (const [date, d] of Object.entries(days)) {
    if (!DATE_KEY.test(date) || !d || typeof d !== "object") continue;
    out[date] = { done: d.done === true, score: isCount(d.score) ? d.score : 0, perfect: d.perfect === true };
  }
  return out;
}

/** A move on a day's hand: the day counts as played; a finished hand records its score (the
 *  best of the day's finishes stands) and whether it was the best there is. */
export function cardRecord(stats, date, result) {
  if (!stats.cards) stats.cards = {};
  const d = stats.cards[date] || { done: false, score: 0, perfect: false };
  if (result) stats.cards[date] = { done: true, score: Math.max(d.score, result.score), perfect: d.perfect || result.perfect };
  else stats.cards[date] = d;
}

export function cardsSummary(days, today) {
  const all = Object.keys(days);
  const done = all.filter((d) => days[d].done);
  const [current, best] = streaks(done, today, days);
  return { played: all.length, done: done.length, perfect: done.filter((d) => days[d].perfect).length, current, best };
}

function cardsPanel(days, { today }) {
  const c = cardsSummary(days, today);
  return [el("h3", { text: "사색패 손패 맞추기" }),
    el("div", { class: "stats" }, stat(c.played, "플레이한 날"), stat(c.done, "완성한 날"), stat(c.perfect, "최고점"),
      stat(c.current, "연속 완성"), stat(c.best, "최고 연속"))];
}

/** The daily hand's part of a day's state (registerGame's ``record.dayState``): null when the record
 *  has no such day; "cleared" once the hand was completed, its text the score ("24점", "· 최고점" when
 *  it was the best there is); else "playing" (a move made). */
export function cardDayState(days, date) {
  const d = days && days[date];
  if (!d) return null;
  if (!d.done) return { state: "playing", text: "진행 중" };
  return { state: "cleared", text: `${d.score.toLocaleString("ko-KR")}점${d.perfect ? " · 최고점" : ""}` };
}

registerGame("cards", {
  mount(section, { day, record }) {
    const root = section.querySelector("#cards-app");
    if (root && day.cards) window.harupanCards = new CardsApp(root, day, record);
    if (window.harupanCards) cardsPointTable(window.harupanCards);
    howto(section, "cards");  // the first-visit how-to, and its "?" button
  },
  record: { clean: cardClean, panel: cardsPanel, dayState: cardDayState,
    streak: (days, today) => { const c = cardsSummary(days, today); return [c.current, c.best]; } },
});

/** The meld points one tap from the hand: a 점수표 button in the hand's toolbar, beside the score,
 *  opening a small table that lies over the hand (it pushes nothing down) and closes with Escape,
 *  the button again or a tap elsewhere. Its rows are the engine's own table (HARUPAN_DATA.cards,
 *  the view's browser_data), made when it first opens: the page's element budget. */
function cardsPointTable(app) {
  // the toolbar's last tool, reached by its arrow keys: the hand stays one Tab from 묶기
  const button = el("button", { type: "button", class: "tool ctable", "aria-expanded": "false", text: "점수표", tabindex: "-1" });
  let panel = null;
  const shut = (focus) => {
    if (!panel || panel.hidden) return;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (focus) button.focus();
  };
  const open = () => {
    if (!panel) {
      const th = (text) => el("th", { scope: "col", text });
      const rows = Object.keys(CARD_DATA.meldPoints).map((k) => el("tr", {},
        el("th", { scope: "row", text: CARD_MELD_KO[k] }), el("td", { text: CARD_DATA.meldShapes[k] }),
        el("td", { text: `${CARD_DATA.meldPoints[k]}점` })));
      panel = el("div", { class: "cpoints", id: "cards-points", hidden: "" },
        el("table", {}, el("caption", { text: "묶음과 점수" }), el("thead", {}, el("tr", {}, th("묶음"), th("카드"), th("점수"))),
          el("tbody", {}, ...rows)));
      panel.addEventListener("keydown", (e) => { if (e.key === "Escape") shut(true); });
      app.bar.append(panel);
      button.setAttribute("aria-controls", panel.id);
      document.addEventListener("pointerdown", (e) => {
        if (!panel.hidden && !panel.contains(e.target) && !button.contains(e.target)) shut(false);
      });
    }
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
  };
  button.addEventListener("click", () => (panel && !panel.hidden ? shut(false) : open()));
  button.addEventListener("keydown", (e) => { if (e.key === "Escape") shut(true); });
  app.tools.append(button);
  return button;
}
