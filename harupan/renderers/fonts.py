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
from collections.abc import Callable, Sequence
from typing import Any
import os
import stat
import bisect
import struct
from functools import lru_cache
from types import SimpleNamespace
from importlib import resources
from pathlib import Path

from fontTools.misc.psCharStrings import T2CharString
from fontTools.pens.basePen import BasePen

from ..engine.errors import InputError
from ..files import Kind, read_capped
from .model import Text

PathOp = tuple[str | float, ...]  # ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y) or ("Z",)
Outline = tuple[PathOp, ...]  # a glyph as path commands in font units, y up

ROLES = ("sans", "serif")
_FILES = {"sans": "NotoSansKR-Regular.otf", "serif": "NotoSerifKR-Regular.otf"}
_override: dict[str, Path] = {}


def font_path(role: str) -> Path:
    if role in _override:
        return _override[role]
    return _bundled(role)


@lru_cache(maxsize=4)
def _bundled(role: str) -> Path:
    """Where the package's font for ``role`` is (looked up once: every text a PNG draws asks)."""
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
        font("sans").open_outlines()
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
    cmap: dict[int, int]  # code point -> glyph id
    advances: Sequence[int]  # advance width by glyph id, in font units
    _outlines: dict[str, Outline] = field(default_factory=dict, repr=False)
    # Any: fontTools' objects (it ships no types): [glyph set, glyph order], when fontTools draws
    _glyphs: list[Any] = field(default_factory=list, repr=False)
    _cff: list[Any] = field(default_factory=list, repr=False)  # [the CFF reader, or None], once an outline is asked for

    def has(self, ch: str) -> bool:
        return ord(ch) in self.cmap

    def width(self, text: str, size: float) -> float:
        return float(sum(self.advances[self.cmap[ord(c)]] for c in text if ord(c) in self.cmap) * size / self.upm)

    def baseline(self, center_y: float, size: float) -> float:
        """The baseline that centres the em box on ``center_y`` (y grows downward)."""
        return center_y + (self.ascender + self.descender) / 2 * size / self.upm

    def outline(self, ch: str) -> Outline:
        """The glyph as path commands in font units, y up: (("M", x, y), ("C", …), ("Z",))."""
        cached = self._outlines.get(ch)
        if cached is None:
            cached = self._outlines[ch] = self._read_outline(ch)
        return cached

    def glyph_set(self) -> tuple[Any, list[str]]:  # Any: fontTools ships no types
        """fontTools' glyph set and glyph order (for a font :func:`_cff_reader` cannot read)."""
        if not self._glyphs:
            from fontTools.ttLib import TTFont  # 7 ms to import (bench/startup.py): a font our own reader cannot read

            tt = TTFont(str(self.path), lazy=True)
            self._glyphs[:] = [tt.getGlyphSet(), tt.getGlyphOrder()]
        return self._glyphs[0], self._glyphs[1]

    def open_outlines(self) -> None:
        """Open the outlines' table now (``use_font``: a file that is no font fails at once)."""
        if self._charstring(0) is None:
            self.glyph_set()

    def _charstring(self, gid: int) -> Any:
        """The glyph's CFF charstring, or None when the font is not one :func:`_cff_reader` reads."""
        if not self._cff:
            self._cff.append(_cff_reader(read_capped(self.path, Kind.FONT)))
        return self._cff[0](gid) if self._cff[0] is not None else None

    def _read_outline(self, ch: str) -> Outline:
        class Recorder(BasePen):  # type: ignore[misc]  # fontTools ships no types: BasePen is Any here
            def __init__(self, glyphset: Any) -> None:  # Any: fontTools ships no types
                super().__init__(glyphset)
                self.ops: list[PathOp] = []

            def _moveTo(self, p: tuple[float, float]) -> None:
                self.ops.append(("M", p[0], p[1]))

            def _lineTo(self, p: tuple[float, float]) -> None:
                self.ops.append(("L", p[0], p[1]))

            def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]) -> None:
                self.ops.append(("C", p1[0], p1[1], p2[0], p2[1], p3[0], p3[1]))

            def _closePath(self) -> None:
                self.ops.append(("Z",))

            _endPath = _closePath

        if ord(ch) not in self.cmap:
            raise InputError(f"font {self.path.name} has no glyph for {ch!r} (U+{ord(ch):04X})")
        gid = self.cmap[ord(ch)]
        charstring = self._charstring(gid)
        if charstring is not None:
            pen = Recorder(None)
            try:
                charstring.draw(pen)
                return tuple(pen.ops)
            except Exception:  # an operator that needs the glyph set (seac): fontTools' whole reading
                pass
        glyphs, order = self.glyph_set()
        pen = Recorder(glyphs)
        glyphs[order[gid]].draw(pen)
        return tuple(pen.ops)


def _cff_reader(data: bytes) -> Callable[[int], Any] | None:
    """Glyph id -> its charstring (fontTools' T2CharString, which draws it), for an OpenType
    font with CFF outlines (the bundled fonts); None for any other kind. fontTools' glyph set
    would first name all 25,000 glyphs and read their widths, and its CFF module takes as long
    again to import (together a tenth of a second a font): a page needs a few hundred outlines,
    found here by id from the CFF table's own indexes (Adobe TN 5176). The outlines are
    fontTools' own (tests/test_shisen_render.py compares them)."""
    if data[:4] != b"OTTO":
        return None
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = (offset, length)
    if b"CFF " not in tables:
        return None
    offset, length = tables[b"CFF "]
    blob = data[offset:offset + length]
    names = _Index(blob, blob[2])  # the header's size, then the INDEXes in their fixed order
    tops = _Index(blob, names.end)
    strings = _Index(blob, tops.end)
    global_subrs = _Subrs(_Index(blob, strings.end), None, [])
    top = _cff_dict(tops[0])
    if 17 not in top or top.get((12, 6), [2]) != [2]:  # no CharStrings, or not Type 2 charstrings
        return None
    charstrings = _Index(blob, top[17][0])

    def private(size_offset: list[Any]) -> Any:
        size, at = size_offset
        values = _cff_dict(blob[at:at + size])
        out = SimpleNamespace(defaultWidthX=values.get(20, [0])[0], nominalWidthX=values.get(21, [0])[0])
        if 19 in values:
            out.Subrs = _Subrs(_Index(blob, at + values[19][0]), out, global_subrs)
        return out

    if (12, 36) in top:  # CID-keyed (the CJK fonts): each glyph's private dict by its font dict
        fd_array = _Index(blob, top[(12, 36)][0])
        privates = [private(_cff_dict(fd_array[k])[18]) for k in range(len(fd_array))]
        at = top[(12, 37)][0]
        if blob[at] == 0:
            def fd_of(gid: int) -> int:
                return int(blob[at + 1 + gid])
        elif blob[at] == 3:
            ranges = struct.unpack_from(f">{3 * struct.unpack_from('>H', blob, at + 1)[0]}B", blob, at + 3)
            firsts = [ranges[k] << 8 | ranges[k + 1] for k in range(0, len(ranges), 3)]
            fds: list[int] = list(ranges[2::3])

            def fd_of(gid: int) -> int:
                return fds[bisect.bisect_right(firsts, gid) - 1]
        else:
            return None
    else:
        privates = [private(top[18])]

        def fd_of(gid: int) -> int:
            return 0

    def charstring(gid: int) -> Any:
        if not 0 <= gid < len(charstrings):
            return None
        return T2CharString(charstrings[gid], private=privates[fd_of(gid)], globalSubrs=global_subrs)

    return charstring


class _Index:
    """A CFF INDEX: ``count`` byte strings, read one at a time (a font's 25,000 charstrings are
    never all wanted)."""

    def __init__(self, blob: bytes, at: int) -> None:
        self.blob = blob
        self.count: int = struct.unpack_from(">H", blob, at)[0]
        if not self.count:
            self.end = at + 2
            return
        self.size = blob[at + 2]
        self.offsets = at + 3
        self.base = at + 3 + (self.count + 1) * self.size - 1  # offsets count from 1
        self.end = self.base + self._offset(self.count)

    def _offset(self, i: int) -> int:
        at = self.offsets + i * self.size
        return int.from_bytes(self.blob[at:at + self.size], "big")

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int) -> bytes:
        if not 0 <= i < self.count:
            raise IndexError(i)
        return self.blob[self.base + self._offset(i):self.base + self._offset(i + 1)]


class _Subrs:
    """A subroutine INDEX as the charstrings that fontTools' interpreter calls, each made once."""

    def __init__(self, index: _Index, private: Any, global_subrs: Any) -> None:  # Any: fontTools ships no types
        self.index, self.private, self.global_subrs = index, private, global_subrs
        self.made: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.index)

    def __getitem__(self, i: int) -> Any:
        made = self.made.get(i)
        if made is None:
            made = self.made[i] = T2CharString(self.index[i], private=self.private, globalSubrs=self.global_subrs)
        return made


REAL_NIBBLES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "E", "E-", "", "-")


def _cff_dict(data: bytes) -> dict[object, list[Any]]:
    """A CFF DICT: operator (an int, or (12, n) for a two-byte one) -> its operands."""
    out: dict[object, list[Any]] = {}
    operands: list[Any] = []
    i = 0
    while i < len(data):
        b = data[i]
        if b <= 21:
            if b == 12:
                key: object = (12, data[i + 1])
                i += 2
            else:
                key = b
                i += 1
            out[key] = operands
            operands = []
        elif b == 28:
            operands.append(struct.unpack_from(">h", data, i + 1)[0])
            i += 3
        elif b == 29:
            operands.append(struct.unpack_from(">i", data, i + 1)[0])
            i += 5
        elif b == 30:  # a real: nibbles to the nibble 0xf
            text = ""
            i += 1
            while True:
                nibbles = (data[i] >> 4, data[i] & 15)
                i += 1
                for n in nibbles:
                    if n == 15:
                        break
                    text += REAL_NIBBLES[n]
                else:
                    continue
                break
            operands.append(float(text))
        elif b <= 246:
            operands.append(b - 139)
            i += 1
        elif b <= 250:
            operands.append((b - 247) * 256 + data[i + 1] + 108)
            i += 2
        elif b <= 254:
            operands.append(-(b - 251) * 256 - data[i + 1] - 108)
            i += 2
        else:
            raise ValueError(f"CFF DICT byte {b}")
    return out


# The order fontTools' getBestCmap takes a font's character maps in (the first one there wins).
CMAP_PREFERENCES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def _metrics(data: bytes) -> tuple[int, int, int, dict[int, int], list[int]] | None:
    """(units per em, typo ascender, typo descender, code point -> glyph id, advances by glyph
    id) read straight from an OpenType file's tables, or None when its best character map is not
    the format-12 kind the bundled fonts have (then fontTools reads it). About 30 times quicker
    than fontTools here: it makes no glyph names (for a CFF font those come from the outlines'
    table, the slowest part to open), and a night's PNGs need only these numbers."""
    if data[:4] not in (b"OTTO", b"\x00\x01\x00\x00", b"true"):
        return None
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    if not {b"head", b"hhea", b"maxp", b"OS/2", b"hmtx", b"cmap"} <= tables.keys():
        return None
    upm = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    ascender, descender = struct.unpack_from(">hh", data, tables[b"OS/2"] + 68)
    glyphs = struct.unpack_from(">H", data, tables[b"maxp"] + 4)[0]
    long_metrics = struct.unpack_from(">H", data, tables[b"hhea"] + 34)[0]
    if not 0 < long_metrics <= glyphs:
        return None
    hmtx = tables[b"hmtx"]
    advances = [a for a, _ in struct.iter_unpack(">Hh", data[hmtx:hmtx + 4 * long_metrics])]
    advances += [advances[-1]] * (glyphs - long_metrics)
    cmap_at = tables[b"cmap"]
    records: dict[tuple[int, int], int] = {}
    for i in range(struct.unpack_from(">H", data, cmap_at + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * i)
        records.setdefault((platform, encoding), cmap_at + offset)
    best = next((records[k] for k in CMAP_PREFERENCES if k in records), None)
    if best is None or struct.unpack_from(">H", data, best)[0] != 12:
        return None
    groups = struct.unpack_from(">I", data, best + 12)[0]
    cmap: dict[int, int] = {}
    for first, last, gid in struct.iter_unpack(">III", data[best + 16:best + 16 + 12 * groups]):
        cmap.update(zip(range(first, last + 1), range(gid, min(gid + last - first + 1, glyphs))))
    return upm, ascender, descender, cmap, advances


@lru_cache(maxsize=8)
def font(role: str) -> Font:
    path = font_path(role)
    read = _metrics(read_capped(path, Kind.FONT))
    if read is None:  # not the kind of character map read above: fontTools reads the file
        from fontTools.ttLib import TTFont  # 7 ms to import (bench/startup.py): only such a font

        tt = TTFont(str(path), lazy=True)
        os2 = tt["OS/2"]
        ids = {name: gid for gid, name in enumerate(tt.getGlyphOrder())}
        metrics = tt["hmtx"].metrics
        read = (tt["head"].unitsPerEm, os2.sTypoAscender, os2.sTypoDescender,
                {c: ids[name] for c, name in tt.getBestCmap().items()},
                [metrics[name][0] for name in tt.getGlyphOrder()])
    return Font(role, path, *read)


def missing_glyphs(text: str, role: str) -> list[str]:
    f = font(role)
    return sorted({c for c in text if not c.isspace() and not f.has(c)})


def text_layout(p: Text) -> tuple[float, float, float, list[tuple[str, float]]]:
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
