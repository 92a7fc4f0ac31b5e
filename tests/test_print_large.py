"""``harupan sheet --large``: large print for readers with low vision. Every word on the page at
16 pt or more (read from the PDF), every tile and card 14 mm wide or more, nothing drawn off the
page, the paper each page took said on it, and the words still text (pdftotext)."""

import datetime as dt
import re
import subprocess
import zlib

import pytest

from conftest import system_tool
from harupan.cli.main import cli
from harupan.publish.config import load_config
from harupan.publish.pack import pack_days
from harupan.renderers.booklet import booklet
from harupan.renderers.fonts import font
from harupan.renderers.games import print_set
from harupan.renderers.model import Circle, Line, Polygon, RoundRect, Text, Use
from harupan.renderers.sheets import DPI, LARGE_SIDE, PAPER_KO, PAPERS, day_ko, wrap

DAY = dt.date(2026, 11, 29)  # the day of fast_day_factory's site
MM = DPI / 25.4  # pixels a millimetre


@pytest.fixture(scope="module")
def parts(fast_day_factory):
    site = fast_day_factory()
    return site, pack_days(site, [DAY], load_config(options_given={}), 1)[0][0].parts


@pytest.fixture(scope="module")
def day_pdf(parts, tmp_path_factory):
    """The large day sheet as the command writes it, and the ordinary one."""
    from click.testing import CliRunner

    site, _ = parts
    out = tmp_path_factory.mktemp("large")
    for name, extra in (("large.pdf", ["--large"]), ("plain.pdf", []), ("letter.pdf", ["--large", "--paper", "letter"]),
                        ("easy.pdf", ["--large", "--easy"])):
        r = CliRunner().invoke(cli, ["sheet", "--date", DAY.isoformat(), "--site", str(site), *extra,
                                     "-o", str(out / name)])
        assert r.exit_code == 0, r.output
    return out / "large.pdf", out / "plain.pdf", out / "letter.pdf", out / "easy.pdf"


def page_streams(pdf: bytes) -> list[bytes]:
    """Each page's own content stream (not the tile and card pictures it places), in page order."""
    objects = {int(n): body for n, body in re.findall(rb"(\d+) 0 obj\n(.*?)\nendobj", pdf, re.S)}
    contents = [int(c) for c in re.findall(rb"/Type /Page /Parent \d+ 0 R .*?/Contents (\d+) 0 R", pdf)]
    return [zlib.decompress(re.search(rb"stream\n(.*)\nendstream", objects[c], re.S)[1]) for c in contents]


def text_points(stream: bytes) -> list[float]:
    """The size in points of every text the stream draws: its Tf size times the page's scale
    (the stream's first ``cm``), the text matrix being the unit one (1 0 0 -1)."""
    scale = float(stream.split(b" ", 1)[0])
    assert all(m == (b"1", b"0", b"0", b"-1") for m in re.findall(rb"Tf (\S+) (\S+) (\S+) (\S+) \S+ \S+ Tm", stream))
    return [float(s) * scale for s in re.findall(rb"([\d.]+) Tf", stream)]


def test_every_word_is_16_points_or_more(day_pdf):
    large, plain = (p.read_bytes() for p in day_pdf[:2])
    sizes = [min(text_points(s)) for s in page_streams(large)]
    assert len(sizes) == len(page_streams(plain)) and min(sizes) >= 16, sizes
    assert min(min(text_points(s)) for s in page_streams(plain)) < 12  # the ordinary sheet is smaller: measured


def test_the_pdf_keeps_its_words_and_says_its_paper(day_pdf):
    large = day_pdf[0]
    text = subprocess.run([system_tool("pdftotext"), str(large), "-"], check=True, capture_output=True,
                          text=True).stdout
    for words in ("하루 판 · 사천성", day_ko(DAY), "하루 판 · 사천성 · 정답", "지우는 순서", "하루 판 · 십이지 머지",
                  "사색패 손패 맞추기", "정답은 뒤쪽에 있습니다"):
        assert words in text, words
    assert re.search(r"1\. [A-R]\d–[A-R]\d", text)  # the key's first removal
    boxes = re.findall(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", large.read_bytes())
    for page, (w, h) in zip(text.split("\f"), boxes):
        paper = next(p for p, size in PAPERS.items() if sorted(size) == sorted(round(float(v) / 72 * DPI) for v in (w, h)))
        assert f"큰 글씨 · {PAPER_KO[paper]} 용지" in page


def objects_of(pdf: bytes) -> dict[int, bytes]:
    return {int(n): body for n, body in re.findall(rb"(\d+) 0 obj\n(.*?)\nendobj", pdf, re.S)}


def stream_of(body: bytes) -> bytes:
    return zlib.decompress(re.search(rb"stream\n(.*)\nendstream", body, re.S)[1])


def picture_words(pdf: bytes) -> list[list[tuple[str, float, str, str]]]:
    """Every text inside the pictures (form XObjects) each page places, read from the PDF: per
    page, (font role, size in points, the text, the picture's name). The size is the form's Tf
    size times the ``cm`` that places it times the page's scale; the text is decoded through the
    font's ToUnicode map; the role is the font's (serif or sans, by its name)."""
    objects = objects_of(pdf)
    fonts = {}
    for name, obj in re.findall(rb"/(T\d+) (\d+) 0 R", re.search(rb"/Font << (.*?) >>", pdf)[1]):
        body = objects[int(obj)]
        cmap = stream_of(objects[int(re.search(rb"/ToUnicode (\d+) 0 R", body)[1])])
        chars = {code: bytes.fromhex(u.decode()).decode("utf-16-be")
                 for code, u in re.findall(rb"<([0-9A-F]{4})> <([0-9A-F]+)>", cmap)}
        role = "serif" if b"Serif" in body else "sans"
        fonts[name.decode()] = (role, chars)
    forms = {}
    for name, obj in re.findall(rb"/(F\d+) (\d+) 0 R", re.search(rb"/XObject << (.*?) >>", pdf)[1]):
        content = stream_of(objects[int(obj)])
        assert b" Do" not in content  # pictures are flat: none places another
        forms[name.decode()] = [(fonts[f.decode()][0], float(size),
                                 "".join(fonts[f.decode()][1][codes[i:i + 4]] for i in range(0, len(codes), 4)))
                                for f, size, codes in re.findall(rb"/(T\d+) ([\d.]+) Tf .*?<([0-9A-F]*)> Tj", content)]
    pages = []
    for stream in page_streams(pdf):
        scale = float(stream.split(b" ", 1)[0])
        pages.append([(role, size * float(s) * scale, text, form.decode())
                      for s, form in re.findall(rb"q ([\d.]+) 0 0 [\d.]+ \S+ \S+ cm /(F\d+) Do Q", stream)
                      for role, size, text in forms[form.decode()]])
    return pages


FLOWER_SEASON = "梅蘭菊竹春夏秋冬"  # Shisen-sho's flower and season tiles number their picture (1-4) on a disc


def test_words_in_pictures_are_16_points_or_more(day_pdf):
    """The words a reader reads inside the pictures, in every large PDF (A4, Letter, the easy view):
    the key's step numbers on their tabs, the easy view's tile labels, the zodiac tiles' names and
    numbers, the cards' colour syllables and names. The serif characters are the pictures'
    art (a mahjong face, a zodiac branch, a card's rank), and so is the numeral a flower or
    season tile carries in its corner: docs/print.md gives their sizes."""
    for pdf in (day_pdf[0], day_pdf[2], day_pdf[3]):
        pages = picture_words(pdf.read_bytes())
        art_forms = {form for words in pages for role, _, text, form in words if role == "serif" and text in FLOWER_SEASON}
        read = [(pt, text) for words in pages for role, pt, text, form in words
                if role == "sans" and form not in art_forms]
        assert min(read) >= (16, ""), (pdf.name, sorted(read)[:5])
        texts = {text for _, text in read}
        assert {str(n) for n in range(10, 73)} <= texts  # the keys' two-digit steps were among them
        assert {"쥐", "원숭이", "장", "노", "하"} <= texts  # zodiac names, a card's name and syllables
        if pdf.name == "easy.pdf":
            assert {"3통", "7삭", "동", "중"} & texts  # the easy view's labels


def extent(p, dx=0.0, dy=0.0, s=1.0):
    """The box (x0, y0, x1, y1) a primitive covers on the page, its stroke included."""
    if isinstance(p, Use):
        boxes = [extent(q, dx + s * p.dx, dy + s * p.dy, s * p.s) for q in p.items]
        return tuple(f(b[k] for b in boxes) for k, f in ((0, min), (1, min), (2, max), (3, max)))
    if isinstance(p, Text):
        w = font(p.font).width(p.text, p.size)
        x0 = {"start": p.x, "middle": p.x - w / 2, "end": p.x - w}[p.align]
        box = (x0, p.y - p.size / 2, x0 + w, p.y + p.size / 2)
    elif isinstance(p, RoundRect):
        box = (p.x - p.width / 2, p.y - p.width / 2, p.x + p.w + p.width / 2, p.y + p.h + p.width / 2)
    elif isinstance(p, Circle):
        box = (p.cx - p.r - p.width / 2, p.cy - p.r - p.width / 2, p.cx + p.r + p.width / 2, p.cy + p.r + p.width / 2)
    elif isinstance(p, (Line, Polygon)):
        xs, ys = [x for x, _ in p.points], [y for _, y in p.points]
        box = (min(xs) - p.width / 2, min(ys) - p.width / 2, max(xs) + p.width / 2, max(ys) + p.width / 2)
    else:
        raise TypeError(type(p).__name__)
    return (dx + s * box[0], dy + s * box[1], dx + s * box[2], dy + s * box[3])


@pytest.fixture(scope="module")
def large_pages(parts):
    """The large day sheet's pages and a one-day booklet's (its cover and running footers), on both papers."""
    _, day_parts = parts
    pages = []
    for paper in ("a4", "letter"):
        pages += print_set(DAY, day_parts, paper, large=True)
        pages += [(p.title, p.drawing) for p in booklet([(DAY, day_parts)], paper, large=True)]

    month = [(DAY + dt.timedelta(days=i), day_parts) for i in range(31)]  # a month's cover: its days in two blocks
    pages.append(("cover of a month", booklet(month, "letter", large=True)[0].drawing))
    return pages


def test_nothing_is_drawn_off_the_page(large_pages):
    for title, d in large_pages:
        for p in d.items:
            x0, y0, x1, y1 = extent(p)
            assert 0 <= x0 and 0 <= y0 and x1 <= d.width and y1 <= d.height, (title, p)


def test_words_keep_the_margins_and_leave_the_footer_its_line(large_pages):
    """Re-wrapped, no line runs past the side margins (the board's, for its row numbers), and no
    two lines of text overlap."""
    for title, d in large_pages:
        texts = [extent(p) for p in d.items if isinstance(p, Text)]
        assert all(LARGE_SIDE <= x0 and x1 <= d.width - LARGE_SIDE for x0, _, x1, _ in texts), title
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (title, a, b)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_and_cards_are_14_mm_wide_or_more(parts, paper):
    """On A4 and Letter, and the A3 and Tabloid the wider pages go to: on Tabloid (3300 px wide)
    the 18-wide Shisen-sho board comes out to 4.2 mm from the edges to draw its tiles 14 mm wide."""
    widths = {}
    _, day_parts = parts
    for title, d in print_set(DAY, day_parts, paper, large=True):
        for p in d.items:
            if isinstance(p, Use) and p.alt:  # a tile or a card (a name to read aloud)
                x0, _, x1, _ = extent(p)
                widths.setdefault(title, []).append((x1 - x0) / MM)
                assert x0 >= 5 * MM - 0.5 and x1 <= d.width - 5 * MM + 0.5, title  # 5 mm clear of the edges
    assert len(widths) >= 3 and min(min(w) for w in widths.values()) >= 14, {t: min(w) for t, w in widths.items()}


def test_wrap_breaks_between_words_within_the_width():
    text = "막히는 비율: 아무 짝이나 두면 2% · 확실한 짝부터 두면 2% · 한 수 앞을 내다보면 0% · 첫 수 12가지"
    for width in (600, 1400, 3000):
        lines = wrap(text, 67, width)
        assert " ".join(lines) == text
        assert all(font("sans").width(line, 67) <= width for line in lines if " " in line)
    assert wrap(text, 67, 10_000) == [text]


def test_large_print_is_a_pdf(runner, tmp_path):
    r = runner.invoke(cli, ["sheet", "--date", DAY.isoformat(), "--large", "-o", str(tmp_path / "x.html")])
    assert r.exit_code == 2 and "--large is for the PDF" in r.stderr
