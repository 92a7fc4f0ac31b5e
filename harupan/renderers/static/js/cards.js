// 사색패 손패 맞추기: the melds, their points and the play model of harupan/engine/cards.py and
// engine/cards_play.py, with the same Korean sentences. tests/data/cards_vectors.json holds the
// cases both must agree on (tests/js/cards.test.mjs). The joined harupan.js shares one scope, so
// every top-level name here starts with "card" or "CARD".

export const CARD_COLOURS = "YRGW";
export const CARD_COLOUR_KO = { Y: "노랑", R: "빨강", G: "초록", W: "하양" };
export const CARD_RANK_KO = ["장", "사", "상", "차", "마", "포", "졸"];
export const CARD_RANK_HANJA = "將士象車馬砲卒";
const CARD_GENERAL = 1;
const CARD_SOLDIER = 7;

/** A card's index in colour-major order (Y1 = 0 … W7 = 27), as engine/cards.py's KINDS. */
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
  return { general: 1, pair: 0, chi: 1, soldiers3: 1, triple: 3, quad: 8, soldiers4: 2 }[kind];
}

/** null when the cards form a meld; otherwise why not, as engine/cards_play.py's why_not says it. */
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

/** The state after a move ({group: [places]} or {ungroup: index}): {state} or {error} in Korean. */
export function cardApply(state, move) {
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
