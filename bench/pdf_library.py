"""Which library should write the print PDFs: harupan's own writer against fpdf2 and reportlab,
drawing the same real pages from the same drawing model, and what pikepdf adds to our file.

    python bench/pdf_library.py [--date 2026-11-29] [--dpi 100] [--out DIR]

Needs the bench extra (``pip install -e '.[bench]'``) and poppler-utils. The day's print set is
made first with the quick par (not counted). Each writer then draws the whole set (nine pages:
three Shisen-sho boards, the zodiac card, the 사색패 hand, their keys), and every figure is
printed beside our writer's, measured in the same run, as the baseline:

- size of the file, and time: the first document in a process (fonts read and cut) and the
  median of the next three;
- the same bytes twice (harupan's rule: same inputs, identical bytes);
- Korean text: does ``pdftotext`` give the title, the date and the key's first removal, and what
  ``pdffonts`` lists (type, embedded, subset, ToUnicode);
- /Lang, the title, a structure tree (tagged PDF) and alternate text on the tile and card
  pictures, read back with pikepdf;
- fidelity to today's art: each page rasterised by ``pdftoppm`` against the PNG backend's image
  of the same drawing, and against our PDF's raster (the share of pixels that differ by more than
  a quarter of the scale in any channel);
- maintenance: release dates from PyPI's simple index (when the network answers), licence from
  the installed package's metadata.

The adapters (below) translate the drawing model's primitives to each library's calls; they live
here, not in the package. reportlab embeds TrueType outlines only, so its adapter is given our
fonts converted to TrueType (cubic to quadratic curves, fontTools), cut to the characters the set
uses; that conversion is timed apart and not counted. pikepdf draws nothing: it is measured as a
post-processor of our PDF.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.metadata
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("HARUPAN_PAR", "quick")

import results  # noqa: E402
from harupan.renderers.fonts import font_path, text_layout  # noqa: E402
from harupan.renderers.model import Circle, Line, Polygon, RoundRect, Text, Use, expand  # noqa: E402
from harupan.renderers.pdf import page_points  # noqa: E402

LIBRARIES = ("fpdf2", "reportlab", "pikepdf")
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


# --- fpdf2 -------------------------------------------------------------------------------------

def fpdf2_writer(pages, title):
    """The drawings through fpdf2: every primitive expanded (fpdf2 has no way to define vector
    art once and place it again), text in the same fonts at the same baselines."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt")
    pdf.set_compression(True)
    pdf.set_lang("ko-KR")
    pdf.set_title(title)
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_auto_page_break(False)
    for role in ("sans", "serif"):
        pdf.add_font(role, fname=str(font_path(role)))
    for d in pages:
        w, h = page_points(d)
        pdf.add_page(format=(w, h))
        k = w / d.width
        if d.background:
            pdf.set_fill_color(*rgb(d.background))
            pdf.rect(0, 0, w, h, style="F")
        for p in expand(d.items):
            _fpdf2_draw(pdf, p, k)
    return bytes(pdf.output())


def _fpdf2_style(pdf, fill, stroke, width, k):
    if fill:
        pdf.set_fill_color(*rgb(fill))
    if stroke:
        pdf.set_draw_color(*rgb(stroke))
        pdf.set_line_width(width * k)
    return "DF" if fill and stroke else "F" if fill else "D"


def _fpdf2_draw(pdf, p, k):
    if isinstance(p, RoundRect):
        style = _fpdf2_style(pdf, p.fill, p.stroke, p.width, k)
        r = min(p.r, p.w / 2, p.h / 2)
        pdf.rect(p.x * k, p.y * k, p.w * k, p.h * k, style=style, round_corners=r > 0, corner_radius=r * k)
    elif isinstance(p, Circle):
        style = _fpdf2_style(pdf, p.fill, p.stroke, p.width, k)
        pdf.circle(p.cx * k, p.cy * k, p.r * k, style=style)  # the centre since fpdf2 2.8.1
    elif isinstance(p, Line):
        _fpdf2_style(pdf, None, p.stroke, p.width, k)
        pdf.set_dash_pattern(p.dash * k, p.dash * k) if p.dash else pdf.set_dash_pattern()
        pdf.polyline([(x * k, y * k) for x, y in p.points], style="D")
        if p.dash:
            pdf.set_dash_pattern()
    elif isinstance(p, Polygon):
        style = _fpdf2_style(pdf, p.fill, p.stroke, p.width, k)
        pdf.polygon([(x * k, y * k) for x, y in p.points], style=style)
    elif isinstance(p, Text) and p.text.strip():
        base, _, size, placed = text_layout(p)
        pdf.set_font(p.font, size=size * k)
        pdf.set_text_color(*rgb(p.fill))
        pdf.text(placed[0][1] * k, base * k, p.text)


# --- reportlab ---------------------------------------------------------------------------------

def truetype_fonts(chars):
    """Our CFF fonts as TrueType (reportlab reads no CFF outlines), cut to ``chars`` per role."""
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    out = {}
    for role, text in chars.items():
        tt = TTFont(str(font_path(role)))
        opts = subset.Options()
        opts.layout_features, opts.hinting, opts.notdef_outline = [], False, True
        sub = subset.Subsetter(opts)
        sub.populate(text=text)
        sub.subset(tt)
        glyph_set = tt.getGlyphSet()
        glyphs = {}
        for name in tt.getGlyphOrder():
            pen = TTGlyphPen(glyph_set)
            glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
            glyphs[name] = pen.glyph()
        del tt["CFF "]
        if "VORG" in tt:
            del tt["VORG"]
        tt["loca"], tt["glyf"] = newTable("loca"), newTable("glyf")
        tt["glyf"].glyphOrder, tt["glyf"].glyphs = tt.getGlyphOrder(), glyphs
        tt["maxp"] = newTable("maxp")
        maxp = tt["maxp"]
        maxp.tableVersion, maxp.numGlyphs = 0x00010000, len(glyphs)
        for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                      "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxPoints",
                      "maxContours", "maxCompositePoints", "maxCompositeContours", "maxComponentDepth"):
            setattr(maxp, field, 0)
        maxp.maxZones = 1
        tt["head"].glyphDataFormat = 0
        tt["post"].formatType, tt["post"].extraNames, tt["post"].mapping = 2.0, [], {}
        tt["post"].glyphOrder = tt.getGlyphOrder()
        tt.sfntVersion = "\x00\x01\x00\x00"
        buf = io.BytesIO()
        tt.save(buf)
        out[role] = buf.getvalue()
    return out


def reportlab_writer(pages, title, ttf):
    """The drawings through reportlab: tile and card art as form XObjects (beginForm/doForm),
    drawn once and placed, as our writer does; text in the TrueType copies of our fonts."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    for role, data in ttf.items():
        pdfmetrics.registerFont(TTFont(f"h-{role}", io.BytesIO(data)))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1, pageCompression=1, lang="ko-KR")
    c.setTitle(title)
    forms: dict[tuple, str] = {}

    def draw(items):
        for p in items:
            if isinstance(p, Use):
                name = forms.get(p.items)
                if name is None:
                    name = forms[p.items] = f"F{len(forms)}"
                    c.saveState()
                    c.beginForm(name, -100000, -100000, 100000, 100000)
                    draw(p.items)
                    c.endForm()
                    c.restoreState()
                c.saveState()
                c.transform(p.s, 0, 0, p.s, p.dx, p.dy)
                c.doForm(name)
                c.restoreState()
            else:
                _reportlab_draw(c, p)

    for d in pages:
        w, h = page_points(d)
        c.setPageSize((w, h))
        c.transform(w / d.width, 0, 0, -h / d.height, 0, h)  # drawing units, y downwards
        c.setLineCap(1)
        c.setLineJoin(1)
        if d.background:
            c.setFillColorRGB(*(v / 255 for v in rgb(d.background)))
            c.rect(0, 0, d.width, d.height, stroke=0, fill=1)
        draw(d.items)
        c.showPage()
    c.save()
    return buf.getvalue()


def _reportlab_style(c, fill, stroke, width):
    if fill:
        c.setFillColorRGB(*(v / 255 for v in rgb(fill)))
    if stroke:
        c.setStrokeColorRGB(*(v / 255 for v in rgb(stroke)))
        c.setLineWidth(width)
    return {"fill": 1 if fill else 0, "stroke": 1 if stroke else 0}


def _reportlab_draw(c, p):
    if isinstance(p, RoundRect):
        how = _reportlab_style(c, p.fill, p.stroke, p.width)
        r = min(p.r, p.w / 2, p.h / 2)
        if r > 0:
            c.roundRect(p.x, p.y, p.w, p.h, r, **how)
        else:
            c.rect(p.x, p.y, p.w, p.h, **how)
    elif isinstance(p, Circle):
        c.circle(p.cx, p.cy, p.r, **_reportlab_style(c, p.fill, p.stroke, p.width))
    elif isinstance(p, (Line, Polygon)):
        how = _reportlab_style(c, getattr(p, "fill", None), p.stroke, p.width)
        path = c.beginPath()
        path.moveTo(*p.points[0])
        for pt in p.points[1:]:
            path.lineTo(*pt)
        if isinstance(p, Polygon):
            path.close()
        else:
            c.setDash(p.dash, p.dash) if p.dash else c.setDash()
        c.drawPath(path, **how)
        if isinstance(p, Line) and p.dash:
            c.setDash()
    elif isinstance(p, Text) and p.text.strip():
        base, _, size, placed = text_layout(p)
        c.saveState()
        c.setFillColorRGB(*(v / 255 for v in rgb(p.fill)))
        c.translate(placed[0][1], base)
        c.scale(1, -1)
        c.setFont(f"h-{p.font}", size)
        c.drawString(0, 0, p.text)
        c.restoreState()


# --- measuring ---------------------------------------------------------------------------------

def timed(fn, *args):
    """(first run's seconds, median of the next three, the bytes, identical every time)."""
    times, outs = [], []
    for _ in range(4):
        t0 = time.perf_counter()
        outs.append(fn(*args))
        times.append(time.perf_counter() - t0)
    return times[0], statistics.median(times[1:]), outs[0], all(o == outs[0] for o in outs)


def tool(*args, **kw):
    return subprocess.run(list(map(str, args)), check=True, capture_output=True, **kw)


def text_found(pdf_path, wanted):
    text = tool("pdftotext", pdf_path, "-", text=True).stdout
    return [w for w in wanted if w not in text]


def fonts_listed(pdf_path):
    """pdffonts' rows as 'type emb/sub/uni' for each font."""
    lines = tool("pdffonts", pdf_path, text=True).stdout.splitlines()[2:]
    rows = []
    for line in lines:
        m = re.match(r"(\S+)\s+(.+?)\s{2,}(\S+(?: \S+)?)\s+(yes|no)\s+(yes|no)\s+(yes|no)", line)
        if m:
            rows.append(f"{m[2]} emb {m[4]} sub {m[5]} uni {m[6]}")
    return rows


def structure(pdf_path):
    """/Lang, title, tagged (a structure tree and /MarkInfo), and how many /Alt texts the
    structure tree and the content's marked-content property lists carry."""
    import pikepdf

    with pikepdf.open(pdf_path) as pdf:
        root = pdf.Root
        lang = str(root.get("/Lang", "")) or "none"
        title = str(pdf.docinfo.get("/Title", "")) or "none"
        tree = "/StructTreeRoot" in root
        marked = bool(root.get("/MarkInfo", {}).get("/Marked", False))
        alt_tree = 0
        if tree:
            stack = [root.StructTreeRoot]
            seen = set()
            while stack:
                node = stack.pop()
                if isinstance(node, pikepdf.Dictionary):
                    if node.objgen != (0, 0):
                        if node.objgen in seen:
                            continue
                        seen.add(node.objgen)
                    if "/Alt" in node:
                        alt_tree += 1
                    kids = node.get("/K")
                    if kids is not None:
                        stack += list(kids) if isinstance(kids, pikepdf.Array) else [kids]
                elif isinstance(node, pikepdf.Array):
                    stack += list(node)
        alt_content = 0
        for page in pdf.pages:
            alt_content += len(re.findall(rb"/Alt", page.Contents.read_bytes()
                                          if isinstance(page.Contents, pikepdf.Stream) else b""))
    return lang, title, tree and marked, alt_tree, alt_content


def raster(pdf_path, dpi, out):
    tool("pdftoppm", "-r", dpi, "-png", pdf_path, out)
    return sorted(out.parent.glob(out.name + "-*.png"))


def differ(a, b):
    """Share of pixels differing by more than 64 of 255 in any channel, both images blurred by one
    pixel first: anti-aliased edges half a pixel apart do not count, a shape or a glyph missing,
    moved or recoloured does. A rasteriser may round the page a pixel larger: the common part is
    compared."""
    from PIL import ImageChops, ImageFilter

    size = (min(a.size[0], b.size[0]), min(a.size[1], b.size[1]))
    a, b = (im.convert("RGB").crop((0, 0, *size)).filter(ImageFilter.GaussianBlur(1)) for im in (a, b))
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 64 else 0)
    bands = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    return mask.histogram()[255] / (a.size[0] * a.size[1])


def releases(package):
    """(newest release date, releases in the 365 days before today) from PyPI's simple index."""
    req = urllib.request.Request(f"https://pypi.org/simple/{package}/",
                                 headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            data = json.load(r)
    except (OSError, ValueError):
        return None
    first: dict[str, dt.date] = {}
    for f in data.get("files", []):
        when = f.get("upload-time")
        m = re.match(rf"{re.escape(package.replace('-', '_'))}-([0-9][^-]*?)(?:\.tar\.gz|\.zip|-)", f["filename"],
                     re.I)
        if when and m:
            day = dt.date.fromisoformat(when[:10])
            first[m[1]] = min(first.get(m[1], day), day)
    if not first:
        return None
    today = dt.date.today()
    return max(first.values()), sum(1 for d in first.values() if (today - d).days <= 365)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--date", default="2026-11-29")
    ap.add_argument("--dpi", type=int, default=100)
    ap.add_argument("--out", type=Path, help="also keep each writer's PDF in this folder, to look at")
    args = ap.parse_args()
    from PIL import Image

    from harupan.generator.daily import day_bundle
    from harupan.renderers.games.base import print_pdf, print_repertoire, print_set
    from harupan.renderers.raster import render_image
    from harupan.renderers.sheets import day_ko, sheet_title

    t0 = time.perf_counter()
    day = dt.date.fromisoformat(args.date)
    bundle = day_bundle(day)
    sheets = print_set(day, bundle.parts)
    title = sheet_title(day)
    drawings = [d for _, d in sheets]
    print(f"(the day's print set, {len(sheets)} pages, made with the quick par, not counted: "
          f"{time.perf_counter() - t0:.1f} s)")
    for lib in LIBRARIES:
        print(f"{lib} {importlib.metadata.version(lib)}")

    chars: dict[str, set[str]] = {}
    for d in drawings:
        for p in expand(d.items):
            if isinstance(p, Text):
                chars.setdefault(p.font, set()).update(p.text)
    for role, text in print_repertoire().items():
        chars.setdefault(role, set()).update(text)
    t0 = time.perf_counter()
    ttf = truetype_fonts({role: "".join(sorted(c)) for role, c in chars.items()})
    print(f"(reportlab's TrueType copies of our fonts, cut to the set's characters, not counted: "
          f"{time.perf_counter() - t0:.1f} s, {sum(map(len, ttf.values())) / 1e3:.0f} KB)")

    writers = {
        "harupan": lambda: print_pdf(sheets, title),
        "fpdf2": lambda: fpdf2_writer(drawings, title),
        "reportlab": lambda: reportlab_writer(drawings, title, ttf),
    }
    key = next(t for t, _ in sheets if t.endswith("정답"))
    key_drawing = dict(sheets)[key]
    first_step = next(m[0] for p in expand(key_drawing.items) if isinstance(p, Text)
                      for m in [re.search(r"1\. [A-R]\d+–[A-R]\d+", p.text)] if m)
    wanted = ["하루 판 · 사천성", day_ko(day), "지우는 순서", first_step, "사색패 손패 맞추기"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        pngs = [render_image(d, args.dpi / 300) for d in drawings]
        ours_raster = None
        base = {}
        for name, write in writers.items():
            cold, warm, pdf, same = timed(write)
            path = tmp_path / f"{name}.pdf"
            path.write_bytes(pdf)
            missing = text_found(path, wanted)
            fonts = fonts_listed(path)
            lang, doc_title, tagged, alt_tree, alt_content = structure(path)
            pages = raster(path, args.dpi, tmp_path / name)
            imgs = [Image.open(p) for p in pages]
            vs_png = [differ(png, img) for png, img in zip(pngs, imgs)]
            if name == "harupan":
                ours_raster = imgs
                base = {"size": len(pdf), "cold": cold, "warm": warm}
            vs_ours = [differ(o, img) for o, img in zip(ours_raster, imgs)]
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / path.name).write_bytes(pdf)
            print(f"--- {name}" + (" (the baseline)" if name == "harupan" else ""))
            print(f"size: {len(pdf) / 1e3:.0f} KB" + ("" if name == "harupan" else
                                                      f" ({len(pdf) / base['size']:.2f}x ours)"))
            print(f"time: first document {cold:.2f} s, then {warm:.2f} s" + ("" if name == "harupan" else
                  f" ({cold / base['cold']:.2f}x and {warm / base['warm']:.2f}x ours)"))
            print(f"same bytes on every run: {'yes' if same else 'no'}")
            print(f"pdftotext: {'every check found' if not missing else 'missing ' + ', '.join(missing)} "
                  f"({len(wanted)} checks: a page's title, the date, '지우는 순서', the key's first removal, a card page's title)")
            print(f"pdffonts: {'; '.join(fonts) or 'no font'}")
            print(f"/Lang {lang}; title {'yes' if doc_title == title else doc_title!r}; tagged (structure tree): "
                  f"{'yes' if tagged else 'no'}; /Alt in the structure tree {alt_tree}, "
                  f"in page content {alt_content}")
            print(f"fidelity at {args.dpi} dpi, pixels off by more than 64/255 after a 1 px blur: against the PNG backend "
                  f"{statistics.mean(vs_png):.2%} mean, {max(vs_png):.2%} worst page; against our PDF "
                  f"{statistics.mean(vs_ours):.2%} mean, {max(vs_ours):.2%} worst page")

        import pikepdf

        ours = tmp_path / "harupan.pdf"

        def compact():
            with pikepdf.open(ours) as pdf:
                out = io.BytesIO()
                pdf.save(out, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate,
                         deterministic_id=True)
                return out.getvalue()

        cold, warm, pdf, same = timed(compact)
        (tmp_path / "pikepdf.pdf").write_bytes(pdf)
        lang, doc_title, tagged, alt_tree, alt_content = structure(tmp_path / "pikepdf.pdf")
        print("--- pikepdf (draws nothing: our PDF opened and saved again with object streams)")
        print(f"size: {len(pdf) / 1e3:.0f} KB ({len(pdf) / base['size']:.2f}x ours); time: first {cold * 1e3:.0f} ms, "
              f"then {warm * 1e3:.0f} ms, on top of our writer's; same bytes on every run: {'yes' if same else 'no'}")
        print(f"pdftotext: {'every check found' if not text_found(tmp_path / 'pikepdf.pdf', wanted) else 'missing'}; "
              f"/Lang {lang}; tagged: {'yes' if tagged else 'no'} (it keeps what it is given)")

    print("--- maintenance")
    for lib in LIBRARIES:
        md = importlib.metadata.metadata(lib)
        licence = md.get("License-Expression") or next(
            (c.split(" :: ")[-1] for c in md.get_all("Classifier") or [] if c.startswith("License ::")), md.get("License"))
        r = releases(lib)
        when = f"newest release {r[0]}, {r[1]} releases in the year before this run" if r else "release dates unknown"
        print(f"{lib} {md['Version']}: licence {licence}; {when}")
    lines = sum(len((ROOT / "harupan" / "renderers" / f).read_text(encoding="utf-8").splitlines())
                for f in ("pdf.py", "pdffont.py"))
    print(f"harupan's writer: renderers/pdf.py and pdffont.py, {lines} lines kept with the project "
          f"(fontTools, MIT, cuts the fonts)")


if __name__ == "__main__":
    with results.report("pdf_library", sys.argv[1:], __doc__):
        main()
