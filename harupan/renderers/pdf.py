"""The PDF backend: drawings to a vector PDF, written by hand so the bytes are ours to fix.

Shapes become path operators; text becomes real text in the fonts, embedded as subset CID fonts
with a ToUnicode map (pdffont.py), each glyph placed where :func:`fonts.text_layout` puts it for
every backend, so a sheet can be searched, copied and read aloud and still matches the PNG. Tile
and card art is a form XObject defined once and placed with ``Do``. The PDF is tagged: a
structure tree holds each line of text as a paragraph and each named tile or card as a figure
whose alternate text is its name, in the page's reading order; the rest is marked as artifact.
The document says its language (ko-KR) and its title. No dates, and the file ID is a hash of the
content: the same drawings always give the same bytes.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Mapping, Sequence

from .fonts import font, text_layout
from .pdffont import Embedded, embed, to_unicode, widths
from .palette import text_colour_on
from .model import Circle, Drawing, Line, Polygon, Primitive, RoundRect, Text, Use

PT_PER_UNIT = 72 / 300  # drawings are in pixels at 300 dpi
# Paper sizes in points, exactly: A4 is 210 × 297 mm, which 300 dpi pixels only approximate.
EXACT_PT = {(2480, 3508): (595.2756, 841.8898), (3508, 2480): (841.8898, 595.2756),
            (2550, 3300): (612.0, 792.0), (3300, 2550): (792.0, 612.0)}


def page_points(d: Drawing) -> tuple[float, float]:
    return EXACT_PT.get((round(d.width), round(d.height)), (d.width * PT_PER_UNIT, d.height * PT_PER_UNIT))
K = 0.5522847498  # circle by four Béziers


_NUMBERS: dict[float, str] = {}


def _n(v: float, known: dict[float, str] = _NUMBERS) -> str:
    """A number as the PDF writes it: three decimals at most, no trailing zeros. Remembered,
    because a sheet repeats the same few thousand coordinates hundreds of thousands of times."""
    s = known.get(v)
    if s is None:
        s = f"{v:.3f}".rstrip("0").rstrip(".")
        if s in ("-0", ""):
            s = "0"
        if len(known) > 200_000:
            known.clear()
        known[v] = s
    return s


def _rgb(colour: str) -> str:
    return " ".join(_n(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))


def grey_level(colour: str) -> float:
    """A colour's grey, 0 black to 1 white: its luma (ITU-R BT.601 weights), the grey a
    photocopier or a black-and-white printer makes of it."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def print_grey(colour: str) -> float:
    """The grey ``mono`` prints a colour in, kept clear of mid-grey. A copier that keeps only black
    and white cuts at about half, and a ground near it goes either way, its letters with it
    (tests/test_print_mono.py). So a colour that takes white letters (palette.text_colour_on) is
    printed dark, below 0.3, and one that takes dark letters light, above 0.7; within each, the
    order of the colours' greys is kept."""
    g = grey_level(colour)
    return g * 0.3 if text_colour_on(colour) == "#FFFFFF" else 0.7 + 0.3 * g


def _colour(colour: str, stroking: bool, mono: bool) -> str:
    """The operator that sets a fill (``rg``/``g``) or stroke (``RG``/``G``) colour, in grey when ``mono``."""
    if mono:
        return f"{_n(print_grey(colour))} {'G' if stroking else 'g'}"
    return f"{_rgb(colour)} {'RG' if stroking else 'rg'}"


def _round_rect(x: float, y: float, w: float, h: float, r: float) -> str:
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
    c = r * (1 - K)
    x1, y1 = x + w, y + h
    return " ".join([
        f"{_n(x + r)} {_n(y)} m", f"{_n(x1 - r)} {_n(y)} l",
        f"{_n(x1 - c)} {_n(y)} {_n(x1)} {_n(y + c)} {_n(x1)} {_n(y + r)} c",
        f"{_n(x1)} {_n(y1 - r)} l",
        f"{_n(x1)} {_n(y1 - c)} {_n(x1 - c)} {_n(y1)} {_n(x1 - r)} {_n(y1)} c",
        f"{_n(x + r)} {_n(y1)} l",
        f"{_n(x + c)} {_n(y1)} {_n(x)} {_n(y1 - c)} {_n(x)} {_n(y1 - r)} c",
        f"{_n(x)} {_n(y + r)} l",
        f"{_n(x)} {_n(y + c)} {_n(x + c)} {_n(y)} {_n(x + r)} {_n(y)} c", "h"])


def _circle(cx: float, cy: float, r: float) -> str:
    k = r * K
    return " ".join([
        f"{_n(cx + r)} {_n(cy)} m",
        f"{_n(cx + r)} {_n(cy + k)} {_n(cx + k)} {_n(cy + r)} {_n(cx)} {_n(cy + r)} c",
        f"{_n(cx - k)} {_n(cy + r)} {_n(cx - r)} {_n(cy + k)} {_n(cx - r)} {_n(cy)} c",
        f"{_n(cx - r)} {_n(cy - k)} {_n(cx - k)} {_n(cy - r)} {_n(cx)} {_n(cy - r)} c",
        f"{_n(cx + k)} {_n(cy - r)} {_n(cx + r)} {_n(cy - k)} {_n(cx + r)} {_n(cy)} c", "h"])


def _paint(path: str, fill: str | None, stroke: str | None, width: float, mono: bool) -> str:
    ops = []
    if fill:
        ops.append(_colour(fill, False, mono))
    if stroke:
        ops.append(f"{_colour(stroke, True, mono)} {_n(width)} w")
    op = "B" if fill and stroke else "f" if fill else "S" if stroke else "n"
    return " ".join(ops + [path, op])


class _Doc:
    """What one PDF's pages share while they are written: the glyphs each font role draws and
    the forms (art defined once), each in order of first use."""

    def __init__(self, pages: Sequence[Drawing], repertoire: Mapping[str, str], mono: bool = False) -> None:
        self.mono = mono
        self.glyphs: dict[str, dict[int, str]] = {}  # role -> glyph id -> the character it shows
        self.forms: dict[tuple[Primitive, ...], str] = {}
        for d in pages:
            self._collect(d.items)
        for role, used in self.glyphs.items():
            f = font(role)
            for ch in sorted(set(repertoire.get(role, ""))):
                gid = f.cmap.get(ord(ch))
                if gid is not None:
                    used.setdefault(gid, ch)
        self.fonts = {role: (f"T{i}", embed(font(role), gids)) for i, (role, gids) in enumerate(self.glyphs.items())}

    def _collect(self, items: Sequence[Primitive]) -> None:
        for p in items:
            if isinstance(p, Text):
                f = font(p.font)
                used = self.glyphs.setdefault(p.font, {})
                for ch in p.text:
                    gid = f.cmap.get(ord(ch))
                    if gid is not None:
                        used.setdefault(gid, ch)
            elif isinstance(p, Use) and p.items not in self.forms:
                self.forms[p.items] = f"F{len(self.forms)}"
                self._collect(p.items)

    def text(self, p: Text) -> str:
        f = font(p.font)
        name, emb = self.fonts[p.font]
        base, _, size, placed = text_layout(p)
        codes = "".join(f"{emb.codes[f.cmap[ord(ch)]]:04X}" for ch in p.text if ord(ch) in f.cmap)
        x = placed[0][1] if placed else p.x
        return (f"{_colour(p.fill, False, self.mono)} BT /{name} {_n(size)} Tf 1 0 0 -1 {_n(x)} {_n(base)} Tm "
                f"<{codes}> Tj ET")

    def ops(self, items: Sequence[Primitive]) -> list[str]:
        """Content-stream operators for primitives; a :class:`Use` places its form with ``cm``."""
        out = []
        for p in items:
            if isinstance(p, RoundRect):
                out.append(_paint(_round_rect(p.x, p.y, p.w, p.h, p.r), p.fill, p.stroke, p.width, self.mono))
            elif isinstance(p, Circle):
                out.append(_paint(_circle(p.cx, p.cy, p.r), p.fill, p.stroke, p.width, self.mono))
            elif isinstance(p, Line):
                path = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(p.points))
                dash = f"[{_n(p.dash)} {_n(p.dash)}] 0 d " if p.dash else ""
                out.append(f"{dash}{_colour(p.stroke, True, self.mono)} {_n(p.width)} w {path} S" + (" [] 0 d" if p.dash else ""))
            elif isinstance(p, Polygon):
                path = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(p.points)) + " h"
                out.append(_paint(path, p.fill, p.stroke, p.width, self.mono))
            elif isinstance(p, Text):
                if p.text.strip():
                    out.append(self.text(p))
            elif isinstance(p, Use):
                out.append(f"q {p.s:.6f} 0 0 {p.s:.6f} {_n(p.dx)} {_n(p.dy)} cm /{self.forms[p.items]} Do Q")
            else:
                raise TypeError(p)
        return out

    def content(self, drawing: Drawing) -> tuple[str, list[tuple[str, str]]]:
        """A page's content stream, tagged: each line of text is a paragraph (``P``), each named
        picture (a tile, a card) a ``Figure``, each a marked-content sequence numbered in reading
        order (its MCID); the rest (grounds, frames, lines, unnamed art) is marked as artifact, which
        a reader skips. Also the page's tags in MCID order: (structure type, alternate text)."""
        wpt, hpt = page_points(drawing)
        out = [f"{wpt / drawing.width:.6f} 0 0 {-hpt / drawing.height:.6f} 0 {_n(hpt)} cm", "1 J 1 j"]
        artifact: list[str] = []
        if drawing.background:
            artifact.append(_paint(f"0 0 {_n(drawing.width)} {_n(drawing.height)} re", drawing.background, None, 0,
                                   self.mono))
        tags: list[tuple[str, str]] = []
        for p in drawing.items:
            ops = self.ops([p])
            if isinstance(p, Use) and p.alt:
                tag = ("Figure", p.alt)
            elif isinstance(p, Text) and ops:
                tag = ("P", "")
            else:
                artifact += ops
                continue
            if artifact:
                out.append("/Artifact BMC\n" + "\n".join(artifact) + "\nEMC")
                artifact = []
            out.append(f"/{tag[0]} <</MCID {len(tags)}>> BDC {ops[0]} EMC")
            tags.append(tag)
        if artifact:
            out.append("/Artifact BMC\n" + "\n".join(artifact) + "\nEMC")
        return "\n".join(out), tags


def _string(text: str) -> str:
    """A PDF text string: UTF-16BE with its byte-order mark, as hex (Korean titles and names)."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _subset_tag(emb: Embedded) -> str:
    """The six capital letters a subset font's name starts with, from its glyphs (not random)."""
    digest = hashlib.md5(emb.program).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def render_pdf(pages: list[Drawing], title: str = "하루 판", repertoire: Mapping[str, str] | None = None,
               mono: bool = False) -> bytes:
    """A PDF with one page per drawing, each page exactly the drawing's size (units of 1/300 in).

    Each font role a page uses is cut to the glyphs drawn, and to those of ``repertoire[role]``'s
    characters it has: print sets of different days then differ in no glyph, and the cut (a few
    tenths of a second each) is made once in a process (renderers/pdffont.py remembers it).
    ``mono``: every colour as its grey (DeviceGray), for a black-and-white printer or copier."""
    doc = _Doc(pages, repertoire or {}, mono)
    contents = [doc.content(d) for d in pages]
    form_contents = {name: "1 J 1 j\n" + "\n".join(doc.ops(art)) for art, name in doc.forms.items()}
    objects: list[bytes] = []  # object i+1

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(data: bytes, extra: str = "") -> bytes:
        raw = zlib.compress(data, 6)
        return (f"<< /Length {len(raw)} /Filter /FlateDecode {extra}>>\nstream\n".encode() + raw + b"\nendstream")

    catalog = add(b"")  # filled in below
    pages_obj = add(b"")
    font_objs = {}
    for role, (name, emb) in doc.fonts.items():
        f = font(role)
        base = f"{_subset_tag(emb)}+{f.path.stem.replace(' ', '')}"
        if emb.kind == "cff":
            program = add(stream(emb.program, "/Subtype /CIDFontType0C "))
            file_key, cid_type, extra = "FontFile3", "CIDFontType0", ""
        else:
            program = add(stream(emb.program, f"/Length1 {len(emb.program)} "))
            file_key, cid_type, extra = "FontFile2", "CIDFontType2", " /CIDToGIDMap /Identity"
        u = f.upm
        descriptor = add((f"<< /Type /FontDescriptor /FontName /{base} /Flags 4 /FontBBox [-1000 -1000 2000 2000] "
                          f"/ItalicAngle 0 /Ascent {f.ascender * 1000 // u} /Descent {f.descender * 1000 // u} "
                          f"/CapHeight {f.ascender * 1000 // u} /StemV 80 /{file_key} {program} 0 R >>").encode())
        w = widths({emb.codes[g]: f.advances[g] * 1000 / u for g in doc.glyphs[role]})
        cid_font = add((f"<< /Type /Font /Subtype /{cid_type} /BaseFont /{base} "
                        f"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                        f"/FontDescriptor {descriptor} 0 R /W {w}{extra} >>").encode())
        cmap = add(stream(to_unicode({emb.codes[g]: ch for g, ch in doc.glyphs[role].items()}).encode()))
        font_objs[name] = add((f"<< /Type /Font /Subtype /Type0 /BaseFont /{base} /Encoding /Identity-H "
                               f"/DescendantFonts [{cid_font} 0 R] /ToUnicode {cmap} 0 R >>").encode())
    resources = add(b"")  # filled in below: forms refer to it too
    form_objs = {name: add(stream(content.encode(), "/Type /XObject /Subtype /Form "
                                  f"/BBox [-100000 -100000 100000 100000] /Resources {resources} 0 R "))
                 for name, content in form_contents.items()}
    xobjects = " ".join(f"/{n} {i} 0 R" for n, i in form_objs.items())
    fonts = " ".join(f"/{n} {i} 0 R" for n, i in font_objs.items())
    objects[resources - 1] = f"<< /Font << {fonts} >> /XObject << {xobjects} >> >>".encode()
    kids = []
    for i, (d, (content, _)) in enumerate(zip(pages, contents)):
        c = add(stream(content.encode()))
        w, h = (_n(v) for v in page_points(d))
        kids.append(add(f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 {w} {h}] "
                        f"/Resources {resources} 0 R /Contents {c} 0 R /StructParents {i} >>".encode()))
    # The structure tree: a Document holding each page's paragraphs and figures in reading order,
    # and the parent tree that leads from a page's marked content back to them. Thousands of
    # small dictionaries (a day's boards are hundreds of tiles), so they go into compressed
    # object streams (below), not one by one into the file.
    packed: set[int] = set()

    def add_packed(body: bytes) -> int:
        packed.add(add(body))
        return len(objects)

    struct_root = add_packed(b"")
    document = add_packed(b"")
    elements, parents = [], []
    for page, (_, tags) in zip(kids, contents):
        mine = [add_packed((f"<< /S /{kind} /P {document} 0 R /Pg {page} 0 R /K {mcid}"
                            + (f" /Alt {_string(alt)}" if alt else "") + " >>").encode())
                for mcid, (kind, alt) in enumerate(tags)]
        elements += mine
        parents.append(add_packed(("[" + " ".join(f"{e} 0 R" for e in mine) + "]").encode()))
    objects[document - 1] = (f"<< /S /Document /P {struct_root} 0 R /K ["
                             + " ".join(f"{e} 0 R" for e in elements) + "] >>").encode()
    nums = " ".join(f"{i} {a} 0 R" for i, a in enumerate(parents))
    objects[struct_root - 1] = (f"<< /Type /StructTreeRoot /K {document} 0 R /ParentTree << /Nums [{nums}] >> "
                                f"/ParentTreeNextKey {len(parents)} >>").encode()
    objects[catalog - 1] = (f"<< /Type /Catalog /Pages {pages_obj} 0 R /Lang (ko-KR) "
                            f"/MarkInfo << /Marked true >> /StructTreeRoot {struct_root} 0 R "
                            f"/ViewerPreferences << /DisplayDocTitle true >> >>").encode()
    objects[pages_obj - 1] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                              f"/Count {len(kids)} >>").encode()
    info = add(f"<< /Title {_string(title)} /Producer (harupan) >>".encode())
    # Object streams of up to 500 objects each, numbered after every other object.
    where: dict[int, tuple[int, int]] = {}  # packed object -> (its object stream, index in it)
    order = sorted(packed)
    for at in range(0, len(order), 500):
        group = order[at:at + 500]
        number = len(objects) + 1
        head, body = [], bytearray()
        for index, n in enumerate(group):
            head.append(f"{n} {len(body)}")
            body += objects[n - 1] + b"\n"
            where[n] = (number, index)
        first = " ".join(head).encode() + b"\n"
        add(stream(first + bytes(body), f"/Type /ObjStm /N {len(group)} /First {len(first)} "))
    out = bytearray(b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for i, obj in enumerate(objects, 1):
        if i not in packed:
            offsets[i] = len(out)
            out += f"{i} 0 obj\n".encode() + obj + b"\nendobj\n"
    digest = hashlib.md5(bytes(out)).hexdigest()
    # The cross-reference stream (objects in object streams cannot be listed in a plain table):
    # each object's kind (1 at an offset, 2 in an object stream), offset or stream, generation or index.
    xref_obj = len(objects) + 1
    offsets[xref_obj] = len(out)
    rows = bytearray(b"\x00\x00\x00\x00\x00\xff\xff")
    for i in range(1, xref_obj + 1):
        if i in where:
            rows += b"\x02" + where[i][0].to_bytes(4, "big") + where[i][1].to_bytes(2, "big")
        else:
            rows += b"\x01" + offsets[i].to_bytes(4, "big") + b"\x00\x00"
    out += f"{xref_obj} 0 obj\n".encode() + stream(bytes(rows), (
        f"/Type /XRef /Size {xref_obj + 1} /W [1 4 2] /Root {catalog} 0 R /Info {info} 0 R "
        f"/ID [<{digest}> <{digest}>] ")) + b"\nendobj\n"
    out += f"startxref\n{offsets[xref_obj]}\n%%EOF\n".encode()
    return bytes(out)
