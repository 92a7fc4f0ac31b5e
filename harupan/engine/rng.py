"""The project RNG (docs/design.md, "The project RNG"; a contract): xoshiro128** seeded from SHA-256 of a string.

Every random choice in engine/ and generator/ comes from here, so a date gives the same puzzles on
every machine, and the browser client can reproduce them.
"""

from __future__ import annotations

import hashlib
import struct
from typing import TypeVar
from collections.abc import MutableSequence, Sequence

_M32 = 0xFFFFFFFF
T = TypeVar("T")


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _M32


class Rng:
    """xoshiro128** with 32-bit words; ``below(n)`` is the multiply-shift reduction."""

    __slots__ = ("_s",)

    def __init__(self, seed: str):
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        self._s = list(struct.unpack("<4I", digest[:16]))

    def next_u32(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _M32, 7) * 9) & _M32
        t = (s[1] << 9) & _M32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """A uniform-ish integer in [0, n) for 1 <= n <= 2**32 (one draw)."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"below(n) needs 1 <= n <= 2**32, got {n}")
        return (self.next_u32() * n) >> 32

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates from the last index down, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
