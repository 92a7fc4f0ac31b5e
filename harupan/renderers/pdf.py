"""The PDF backend: drawings to a vector PDF, written by hand so the bytes are ours to fix.

Shapes become path operators; text becomes the fonts' glyph outlines, each glyph a form XObject
defined once and placed with ``Do``, so no font is embedded and nothing is rasterised. No dates,
and the file ID is a hash of the content: the same drawings always give the same bytes.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence

from .fonts import font, text_layout
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


def _paint(path: str, fill: str | None, stroke: str | None, width: float) -> str:
    ops = []
    if fill:
        ops.append(f"{_rgb(fill)} rg")
    if stroke:
        ops.append(f"{_rgb(stroke)} RG {_n(width)} w")
    op = "B" if fill and stroke else "f" if fill else "S" if stroke else "n"
    return " ".join(ops + [path, op])


# A glyph's form object, by (font, character): the same in every PDF of a run (the A4 and the
# letter sheet draw the same few hundred glyphs), so it is drawn and compressed once.
_GLYPH_FORMS: dict[tuple[object, str], bytes] = {}


def _glyph_stream(role: str, ch: str) -> str:
    ops = []
    for op in font(role).outline(ch):
        if op[0] == "M":
            ops.append(f"{_n(float(op[1]))} {_n(float(op[2]))} m")
        elif op[0] == "L":
            ops.append(f"{_n(float(op[1]))} {_n(float(op[2]))} l")
        elif op[0] == "C":
            ops.append(" ".join(_n(float(v)) for v in op[1:]) + " c")
        else:
            ops.append("h")
    return " ".join(ops) + " f"


def _ops(items: Sequence[Primitive], glyph_names: dict[tuple[str, str], str],
         forms: dict[tuple[Primitive, ...], str]) -> list[str]:
    """Content-stream operators for primitives. A :class:`Use` becomes a form XObject, defined
    once per distinct art and placed with ``cm`` (its name is taken from ``forms``)."""
    out = []
    for p in items:
        if isinstance(p, RoundRect):
            out.append(_paint(_round_rect(p.x, p.y, p.w, p.h, p.r), p.fill, p.stroke, p.width))
        elif isinstance(p, Circle):
            out.append(_paint(_circle(p.cx, p.cy, p.r), p.fill, p.stroke, p.width))
        elif isinstance(p, Line):
            path = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(p.points))
            dash = f"[{_n(p.dash)} {_n(p.dash)}] 0 d " if p.dash else ""
            out.append(f"{dash}{_rgb(p.stroke)} RG {_n(p.width)} w {path} S" + (" [] 0 d" if p.dash else ""))
        elif isinstance(p, Polygon):
            path = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(p.points)) + " h"
            out.append(_paint(path, p.fill, p.stroke, p.width))
        elif isinstance(p, Text):
            base, k, _, placed = text_layout(p)
            out.append(f"{_rgb(p.fill)} rg")
            for ch, x in placed:
                if not ch.isspace():
                    name = glyph_names.setdefault((p.font, ch), f"G{len(glyph_names)}")
                    out.append(f"q {_n(k)} 0 0 {_n(-k)} {_n(x)} {_n(base)} cm /{name} Do Q")
        elif isinstance(p, Use):
            name = forms.setdefault(p.items, f"F{len(forms)}")
            out.append(f"q {p.s:.6f} 0 0 {p.s:.6f} {_n(p.dx)} {_n(p.dy)} cm /{name} Do Q")
        else:
            raise TypeError(p)
    return out


def _content(drawing: Drawing, glyph_names: dict[tuple[str, str], str], forms: dict[tuple[Primitive, ...], str]) -> str:
    wpt, hpt = page_points(drawing)
    out = [f"{wpt / drawing.width:.6f} 0 0 {-hpt / drawing.height:.6f} 0 {_n(hpt)} cm",
           "1 J 1 j"]
    if drawing.background:
        out.append(_paint(f"0 0 {_n(drawing.width)} {_n(drawing.height)} re", drawing.background, None, 0))
    out += _ops(drawing.items, glyph_names, forms)
    return "\n".join(out)


def render_pdf(pages: list[Drawing], title: str = "harupan") -> bytes:
    """A PDF with one page per drawing, each page exactly the drawing's size (units of 1/300 in)."""
    glyph_names: dict[tuple[str, str], str] = {}
    forms: dict[tuple[Primitive, ...], str] = {}  # art tuple -> name, in order of first use
    contents = [_content(d, glyph_names, forms) for d in pages]
    form_contents: dict[str, str] = {}
    while len(form_contents) < len(forms):  # a form may use further forms
        for art, name in list(forms.items()):
            if name not in form_contents:
                form_contents[name] = "1 J 1 j\n" + "\n".join(_ops(art, glyph_names, forms))
    objects: list[bytes] = []  # object i+1

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    def stream(data: str, extra: str = "") -> bytes:
        raw = zlib.compress(data.encode("latin-1"), 6)
        return (f"<< /Length {len(raw)} /Filter /FlateDecode {extra}>>\nstream\n".encode() + raw + b"\nendstream")

    catalog = add(b"")  # filled in below
    pages_obj = add(b"")
    upm = {role: font(role).upm for role, _ in glyph_names}
    glyph_objs = {}
    for (role, ch), name in sorted(glyph_names.items(), key=lambda kv: int(kv[1][1:])):
        key = (font(role), ch)
        glyph = _GLYPH_FORMS.get(key)
        if glyph is None:
            u = upm[role]
            if len(_GLYPH_FORMS) > 4096:
                _GLYPH_FORMS.clear()
            glyph = _GLYPH_FORMS[key] = stream(_glyph_stream(role, ch),
                                               f"/Type /XObject /Subtype /Form /BBox [{-u} {-u} {2 * u} {2 * u}] ")
        glyph_objs[name] = add(glyph)
    resources = add(b"")  # filled in below: forms refer to it too
    form_objs = {name: add(stream(content, f"/Type /XObject /Subtype /Form /BBox [-100000 -100000 100000 100000] "
                                            f"/Resources {resources} 0 R "))
                 for name, content in form_contents.items()}
    xobjects = " ".join(f"/{n} {i} 0 R" for n, i in (glyph_objs | form_objs).items())
    objects[resources - 1] = f"<< /XObject << {xobjects} >> >>".encode()
    kids = []
    for d, content in zip(pages, contents):
        c = add(stream(content))
        w, h = (_n(v) for v in page_points(d))
        kids.append(add(f"<< /Type /Page /Parent {pages_obj} 0 R /MediaBox [0 0 {w} {h}] "
                        f"/Resources {resources} 0 R /Contents {c} 0 R >>".encode()))
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_obj} 0 R >>".encode()
    objects[pages_obj - 1] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                              f"/Count {len(kids)} >>").encode()
    info = add(b"<< /Title (" + title.encode("ascii", "replace").replace(b"(", b"").replace(b")", b"")
               + b") /Producer (harupan) >>")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    digest = hashlib.md5(bytes(out)).hexdigest()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R "
            f"/ID [<{digest}> <{digest}>] >>\nstartxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)
