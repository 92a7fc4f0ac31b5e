"""Shisen-sho's Korean words, once: every tile's name and every level's (the page, the sheets,
the browser's bundle and the rule pages take them from here)."""

from __future__ import annotations

from .tiles import ALL_CODES

SUIT_NAMES_KO = {"m": "만", "p": "통", "s": "삭"}
HONOURS_KO = ("동", "남", "서", "북", "백", "발", "중")
FLOWERS_KO = ("매", "란", "국", "죽")
SEASONS_KO = ("춘", "하", "추", "동")

#: A tile's name as the easy view labels it and a screen reader says it: 3통, 7삭, 5만, 동, 중, 매, 춘.
TILE_NAMES_KO: dict[str, str] = {
    code: (f"{code[0]}{SUIT_NAMES_KO[code[1]]}" if code[1] in SUIT_NAMES_KO
           else {"z": HONOURS_KO, "f": FLOWERS_KO, "g": SEASONS_KO}[code[1]][int(code[0]) - 1])
    for code in ALL_CODES}

#: The levels a day offers, in the order a player reads them everywhere (tabs, sheets, records).
LEVELS_KO = {"easy": "쉬움", "normal": "보통", "hard": "어려움"}
