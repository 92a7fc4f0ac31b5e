"""Tile codes, tenhou style (docs/design.md, "Shisen-sho rules and tile codes"; a contract).

A code is a digit and a suit letter: ``1m``–``9m`` 만, ``1p``–``9p`` 통, ``1s``–``9s`` 삭,
``1z``–``7z`` honours, ``1f``–``4f`` flowers, ``1g``–``4g`` seasons.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

SUITS = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 4, "g": 4}

#: Every code in a fixed order: the order kinds are numbered in, and the order of tie-breaks.
ALL_CODES: tuple[str, ...] = tuple(f"{n}{suit}" for suit, top in SUITS.items() for n in range(1, top + 1))
_INDEX = {code: i for i, code in enumerate(ALL_CODES)}

#: The 34 kinds of a standard set, then the two extras a 144-tile board uses (36 kinds × 4).
#: 매 (plum, 1f) and 춘 (spring, 1g): one flower and one season, so the two extras come from
#: different suits and look nothing alike.
STANDARD_KINDS: tuple[str, ...] = ALL_CODES[:34]
EXTRA_KINDS: tuple[str, ...] = ("1f", "1g")
DEFAULT_KINDS: tuple[str, ...] = STANDARD_KINDS + EXTRA_KINDS


@dataclass(frozen=True, order=True)
class Tile:
    """One tile kind. Two tiles match exactly when their codes are equal."""

    suit: str
    number: int

    @classmethod
    def parse(cls, text: str) -> Tile:
        if len(text) == 2 and text[0].isdigit() and text[1] in SUITS and 1 <= int(text[0]) <= SUITS[text[1]]:
            return cls(text[1], int(text[0]))
        raise InputError(f"unknown tile code {text!r} (expected e.g. 1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-4f, 1g-4g)")

    def format(self) -> str:
        return f"{self.number}{self.suit}"

    @property
    def index(self) -> int:
        """Position in :data:`ALL_CODES`."""
        return _INDEX[self.format()]


def check_code(text: str) -> str:
    """Return ``text`` if it is a known tile code, else raise :class:`InputError`."""
    if text not in _INDEX:
        Tile.parse(text)  # raises with the standard message
    return text
