"""Fonts for every renderer: Noto Sans KR and Noto Serif KR from the ``pylopdf-fonts-ko`` package
(SIL OFL), so Korean and the tile characters render the same on any machine after install.

Two roles: ``sans`` for labels and prose, ``serif`` for the characters on the tiles (萬, 東, 中…,
closer to the brush forms on real tiles). ``use_font(path)`` (the CLI's ``--font``) replaces both.

Text is placed by our own metrics, not each backend's, so SVG, PDF and PNG agree: the advance
widths come from the font, and a line is centred on the ideographic em box (the OS/2 typo
ascender and descender), which is where CJK glyphs are designed to sit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
import os
import stat
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..engine.errors import InputError

ROLES = ("sans", "serif")
_FILES = {"sans": "NotoSansKR-Regular.otf", "serif": "NotoSerifKR-Regular.otf"}
_override: dict[str, Path] = {}


def font_path(role: str) -> Path:
    if role in _override:
        return _override[role]
    try:
        return Path(str(resources.files("pylopdf_fonts_ko").joinpath(_FILES[role])))
    except ModuleNotFoundError:
        raise InputError("the font package pylopdf-fonts-ko is not installed (pip install .)") from None


def use_font(path: str | None) -> None:
    """Use one font file for every role (``--font``); None goes back to the bundled fonts."""
    if path is None:
        if _override:
            _override.clear()
            font.cache_clear()
        return
    p = Path(path)
    if _override.get("sans") == p:
        return
    try:
        mode = os.stat(p).st_mode
    except FileNotFoundError:
        raise InputError(f"font file {path!r} does not exist") from None
    except OSError as e:
        raise InputError(f"cannot read font file {path!r}: {e.strerror or e}") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "a FIFO" if stat.S_ISFIFO(mode) else "not a regular file"
        raise InputError(f"font file {path!r} is {kind}; give a font file (.ttf, .otf)")
    font.cache_clear()
    for role in ROLES:
        _override[role] = p
    try:
        font("sans")
    except Exception as e:  # fontTools raises many kinds for a non-font file
        _override.clear()
        font.cache_clear()
        raise InputError(f"font file {path!r} cannot be read as a font: {e}") from None


@dataclass(frozen=True, eq=False)  # identity: comparing two 23,000-entry cmaps is not equality we need
class Font:
    role: str
    path: Path
    upm: int
    ascender: int
    descender: int
    cmap: dict
    advances: dict
    glyphs: Any  # fontTools glyph set (fontTools has no type information)
    _outlines: dict = field(default_factory=dict, repr=False)

    def has(self, ch: str) -> bool:
        return ord(ch) in self.cmap

    def width(self, text: str, size: float) -> float:
        return sum(self.advances[self.cmap[ord(c)]] for c in text if ord(c) in self.cmap) * size / self.upm

    def baseline(self, center_y: float, size: float) -> float:
        """The baseline that centres the em box on ``center_y`` (y grows downward)."""
        return center_y + (self.ascender + self.descender) / 2 * size / self.upm

    def outline(self, ch: str) -> tuple:
        """The glyph as path commands in font units, y up: (("M", x, y), ("C", …), ("Z",))."""
        cached = self._outlines.get(ch)
        if cached is None:
            cached = self._outlines[ch] = self._read_outline(ch)
        return cached

    def _read_outline(self, ch: str) -> tuple:
        from fontTools.pens.basePen import BasePen

        class Recorder(BasePen):
            def __init__(self, glyphset):
                super().__init__(glyphset)
                self.ops = []

            def _moveTo(self, p):
                self.ops.append(("M", p[0], p[1]))

            def _lineTo(self, p):
                self.ops.append(("L", p[0], p[1]))

            def _curveToOne(self, p1, p2, p3):
                self.ops.append(("C", p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]))

            def _closePath(self):
                self.ops.append(("Z",))

            _endPath = _closePath

        if ord(ch) not in self.cmap:
            raise InputError(f"font {self.path.name} has no glyph for {ch!r} (U+{ord(ch):04X})")
        pen = Recorder(self.glyphs)
        self.glyphs[self.cmap[ord(ch)]].draw(pen)
        return tuple(pen.ops)


@lru_cache(maxsize=8)
def font(role: str) -> Font:
    from fontTools.ttLib import TTFont

    path = font_path(role)
    tt = TTFont(str(path), lazy=True)
    os2 = tt["OS/2"]
    return Font(role, path, tt["head"].unitsPerEm, os2.sTypoAscender, os2.sTypoDescender,
                dict(tt.getBestCmap()), {k: v[0] for k, v in tt["hmtx"].metrics.items()}, tt.getGlyphSet())


def missing_glyphs(text: str, role: str) -> list[str]:
    f = font(role)
    return sorted({c for c in text if not c.isspace() and not f.has(c)})


def text_layout(p) -> tuple[float, float, float, list[tuple[str, float]]]:
    """Where a text primitive's glyphs go, the same for every backend: (baseline, scale from
    font units, size, [(character, x of its origin), …])."""
    f = font(p.font)
    width = f.width(p.text, p.size)
    x = p.x - {"start": 0.0, "middle": width / 2, "end": width}[p.align]
    out = []
    for ch in p.text:
        out.append((ch, x))
        x += f.width(ch, p.size)
    return f.baseline(p.y, p.size), p.size / f.upm, p.size, out
