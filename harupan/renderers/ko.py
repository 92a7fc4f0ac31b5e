"""Korean particles after a word a page fills in (a size, a level's name): 와/과, 을/를, 이/가,
은/는 from the sound the word ends on. The same rule as ``static/js/ko.js`` (tests/test_ko.py
checks the two agree)."""

from __future__ import annotations

_DIGIT_CLOSED = (True, True, False, True, False, False, True, True, True, False)  # 영 일 이 삼 사 오 육 칠 팔 구
_LATIN_CLOSED = "LMNR"  # 엘 엠 엔 알
_SKIPPED = set(" \t\n)]\"'”’·.,")
FORMS = {"와/과": ("와", "과"), "을/를": ("를", "을"), "이/가": ("가", "이"), "은/는": ("는", "은")}


def ends_closed(word: str) -> bool | None:
    """Whether ``word`` ends on a consonant (a final, 받침), looking past trailing punctuation;
    None when it ends on nothing readable."""
    for ch in reversed(word):
        if "가" <= ch <= "힣":
            return (ord(ch) - 0xAC00) % 28 != 0
        if "0" <= ch <= "9":
            return _DIGIT_CLOSED[int(ch)]
        if ch.isascii() and ch.isalpha():
            return ch.upper() in _LATIN_CLOSED
        if ch in _SKIPPED:
            continue
        return None
    return None


def particle(word: str, pair: str) -> str:
    """``word`` followed by the right form of ``pair`` ("와/과", "을/를", "이/가" or "은/는")."""
    try:
        forms = FORMS[pair]
    except KeyError:
        raise ValueError(f"unknown particle pair {pair!r}") from None
    return word + forms[1 if ends_closed(word) else 0]


def join_ko(words: list[str]) -> str:
    """``A``, ``A와 B``, ``A, B와 C``: Korean for a list, the particle fitting the last but one."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-2] + [particle(words[-2], "와/과")]) + " " + words[-1]
