// Korean particles: the one place that picks 와/과, 을/를, 이/가, 은/는 after a word the page does
// not know in advance (a tile's or an animal's name), from the sound the word ends on.

const HANGUL_FIRST = 0xac00, HANGUL_LAST = 0xd7a3;
// digits read as Sino-Korean numbers: 영 일 이 삼 사 오 육 칠 팔 구
const DIGIT_CLOSED = [true, true, false, true, false, false, true, true, true, false];
// Latin letters read by their names: 엘 엠 엔 알 end on a consonant
const LATIN_CLOSED = "LMNR";
const FORMS = { "와/과": ["와", "과"], "을/를": ["를", "을"], "이/가": ["가", "이"], "은/는": ["는", "은"] };

/** Whether `word` ends on a consonant (a syllable with a final, 받침), looking past trailing
 *  punctuation; null when it ends on nothing we can read. */
export function endsClosed(word) {
  const chars = [...String(word)];
  for (let i = chars.length - 1; i >= 0; i--) {
    const ch = chars[i], code = ch.codePointAt(0);
    if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28 !== 0;
    if (ch >= "0" && ch <= "9") return DIGIT_CLOSED[+ch];
    if (/[A-Za-z]/.test(ch)) return LATIN_CLOSED.includes(ch.toUpperCase());
    if (/[\s)\]"'”’·.,]/.test(ch)) continue;
    return null;
  }
  return null;
}

/** `word` followed by the right form of `pair` ("와/과", "을/를", "이/가" or "은/는"); a word
 *  that ends on nothing readable gets the form after a vowel. */
export function particle(word, pair) {
  const forms = FORMS[pair];
  if (!forms) throw new Error(`unknown particle pair ${pair}`);
  return `${word}${forms[endsClosed(word) ? 1 : 0]}`;
}
