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
import struct
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
    cmap: dict  # code point -> glyph id
    advances: Sequence[int]  # advance width by glyph id, in font units
    _outlines: dict = field(default_factory=dict, repr=False)
    _glyphs: list = field(default_factory=list, repr=False)  # [glyph set, glyph order], when fontTools draws
    _cff: list = field(default_factory=list, repr=False)  # [the CFF reader, or None], once an outline is asked for

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

    def glyph_set(self) -> tuple[Any, list[str]]:
        """fontTools' glyph set and glyph order (for a font :func:`_cff_reader` cannot read)."""
        if not self._glyphs:
            from fontTools.ttLib import TTFont

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
            self._cff.append(_cff_reader(self.path.read_bytes()))
        return self._cff[0](gid) if self._cff[0] is not None else None

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
    font with CFF outlines (the bundled fonts); None for any other kind. fontTools' own glyph set
    would first name all 25,000 glyphs and read their widths (a tenth of a second a font): a
    page needs a few hundred outlines, found here by id in the CharStrings INDEX. The outlines
    are fontTools' own (tests/test_render.py compares them)."""
    if data[:4] != b"OTTO":
        return None
    from io import BytesIO

    from fontTools import cffLib
    from fontTools.misc.psCharStrings import T2CharString

    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = (offset, length)
    if b"CFF " not in tables:
        return None
    offset, length = tables[b"CFF "]
    blob = data[offset:offset + length]
    cff = cffLib.CFFFontSet()
    cff.decompile(BytesIO(blob), None, isCFF2=False)
    top = cff.topDictIndex[0]
    at = top.rawDict.get("CharStrings")
    if at is None:
        return None
    if hasattr(top, "FDArray"):
        fd_array, fd_select = top.FDArray, top.FDSelect

        def private(gid: int) -> Any:
            return fd_array[fd_select[gid]].Private
    else:
        own = top.Private

        def private(gid: int) -> Any:
            return own
    count, size = struct.unpack_from(">HB", blob, at)
    base = at + 3 + (count + 1) * size - 1  # INDEX offsets count from 1, from the byte before the data

    def where(i: int) -> int:
        return int.from_bytes(blob[at + 3 + i * size:at + 3 + (i + 1) * size], "big")

    def charstring(gid: int) -> Any:
        if not 0 <= gid < count:
            return None
        return T2CharString(blob[base + where(gid):base + where(gid + 1)], private=private(gid),
                            globalSubrs=cff.GlobalSubrs)

    return charstring


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
    read = _metrics(path.read_bytes())
    if read is None:  # not the kind of character map read above: fontTools reads the file
        from fontTools.ttLib import TTFont

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
