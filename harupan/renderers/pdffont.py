"""Fonts embedded in a PDF as subset CID fonts with a ToUnicode map, so a sheet's words are text:
searchable, copyable and read aloud, and the glyphs are the same ones the SVG and PNG draw.

fontTools cuts each role's font down to the glyphs a document uses (about 0.3 s for a day's few
hundred glyphs, remembered for the next PDF with the same glyphs: the A4 and the letter sheet).
A CFF font (the bundled Noto fonts) is embedded as bare CFF (``/FontFile3 /CIDFontType0C``), a
TrueType one (``--font``) as ``/FontFile2``; either way the code a page writes is the glyph's CID.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .fonts import Font


@dataclass(frozen=True)
class Embedded:
    """One font cut down to the glyphs a document draws: the font program, its kind, and the
    code each original glyph id is written as."""

    program: bytes
    kind: str  # "cff" or "truetype"
    codes: Mapping[int, int]  # original glyph id -> CID written in the content stream


def embed(f: Font, gids: Iterable[int]) -> Embedded:
    return _embed(f.path, frozenset(gids))


@lru_cache(maxsize=8)
def _embed(path: Path, gids: frozenset[int]) -> Embedded:
    from fontTools import subset  # loaded only when a PDF is written
    from fontTools.ttLib import TTFont

    tt = TTFont(str(path), lazy=True)
    old_order = tt.getGlyphOrder()
    cff = "CFF " in tt
    keep = {"CFF ", "head", "hhea", "hmtx", "maxp", "OS/2", "post", "cmap", "glyf", "loca"}
    for tag in list(tt.keys()):
        if tag not in keep and tag != "GlyphOrder":
            del tt[tag]
    opts = subset.Options()
    opts.notdef_outline = True
    opts.name_IDs = []
    opts.layout_features = []
    opts.hinting = False
    opts.desubroutinize = True
    opts.drop_tables = []
    opts.retain_gids = not cff  # TrueType: the CID is the glyph id (CIDToGIDMap /Identity)
    sub = subset.Subsetter(opts)
    sub.populate(gids=sorted(gids | {0}))
    sub.subset(tt)
    if not cff:
        buf = io.BytesIO()
        tt.save(buf)
        return Embedded(buf.getvalue(), "truetype", {g: g for g in gids})
    table = tt["CFF "].cff
    top = table.topDictIndex[0]
    cid_keyed = hasattr(top, "ROS")
    new_order = tt.getGlyphOrder()
    index = {name: i for i, name in enumerate(new_order)}
    codes = {}
    for g in gids:
        name = old_order[g]
        # a CID-keyed font keeps each glyph's CID in its name (cid01234); a name-keyed one is
        # addressed by its place in the cut-down font
        codes[g] = int(name[3:]) if cid_keyed and name.startswith("cid") else index[name]
    buf = io.BytesIO()
    table.compile(buf, tt)
    return Embedded(buf.getvalue(), "cff", codes)


def to_unicode(chars: Mapping[int, str]) -> str:
    """The ToUnicode CMap: each two-byte code to the character it was written for."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    items = sorted(chars.items())
    for i in range(0, len(items), 100):
        chunk = items[i:i + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{code:04X}> <{ch.encode('utf-16-be').hex().upper()}>" for code, ch in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


def widths(codes_widths: Mapping[int, float]) -> str:
    """The CIDFont's /W array: runs of consecutive codes with their widths (1/1000 em)."""
    out: list[str] = []
    run: list[str] = []
    start = prev = -2
    for code, w in sorted(codes_widths.items()):
        if code != prev + 1:
            if run:
                out.append(f"{start} [{' '.join(run)}]")
            run, start = [], code
        run.append(f"{w:.3f}".rstrip("0").rstrip("."))
        prev = code
    if run:
        out.append(f"{start} [{' '.join(run)}]")
    return "[" + " ".join(out) + "]"
