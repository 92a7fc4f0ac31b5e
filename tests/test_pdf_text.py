"""The PDF's words are text: embedded subset fonts with a ToUnicode map, so ``pdftotext`` reads a
sheet's title, date, rules and answer key back in Korean; the document says its language and title,
and the PDF is tagged: every line of text a paragraph and every tile and card picture a figure
whose alternate text is its name, in reading order."""

import datetime as dt
import re
import subprocess
import zlib

from collections import Counter

import pytest

from conftest import system_tool
from harupan.generator.daily import day_bundle
from harupan.renderers.games import print_set
from harupan.renderers.model import Use
from harupan.renderers.pdf import render_pdf
from harupan.renderers.sheets import sheet_title

DAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def day_pdf():
    pages = print_set(DAY, day_bundle(DAY).parts, "a4", False)
    return render_pdf([d for _, d in pages], title=sheet_title(DAY)), pages


def text_of(tmp_path, pdf: bytes) -> str:
    (tmp_path / "t.pdf").write_bytes(pdf)
    return subprocess.run([system_tool("pdftotext"), str(tmp_path / "t.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout


def test_pdftotext_reads_the_korean_title_date_rules_and_key(day_pdf, tmp_path):
    pdf, pages = day_pdf
    text = text_of(tmp_path, pdf)
    for words in ("하루 판 · 사천성", "2026년 12월 1일 화요일", "그림이 똑같은 패 두 장을 골라 판에서 걷어 냅니다.",
                  "하루 판 · 사천성 · 정답", "지우는 순서 (같은 번호끼리 한 쌍)", "하루 판 · 십이지 머지",
                  "사색패 손패 맞추기", "정답은 뒤쪽에 있습니다"):
        assert words in text, words
    assert re.search(r"1\. [A-R]\d–[A-R]\d", text)  # the key's first removal
    assert text.count("\f") == len(pages)


def test_fonts_are_embedded_subsets_with_unicode_maps(day_pdf, tmp_path):
    pdf, _ = day_pdf
    (tmp_path / "f.pdf").write_bytes(pdf)
    out = subprocess.run([system_tool("pdffonts"), str(tmp_path / "f.pdf")], check=True, capture_output=True,
                         text=True).stdout.splitlines()[2:]
    assert len(out) == 2  # sans and serif, each once for the whole document
    for line in out:
        name, *_, emb, sub, uni, _obj, _gen = line.split()
        assert re.fullmatch(r"[A-Z]{6}\+Noto(Sans|Serif)KR-Regular", name)
        assert (emb, sub, uni) == ("yes", "yes", "yes")


def streams_of(pdf: bytes) -> bytes:
    return b"".join(zlib.decompress(m) for m in re.findall(rb"stream\n(.*?)\nendstream", pdf, re.S))


def test_language_title_and_alternate_text(day_pdf):
    pdf, _ = day_pdf
    assert b"/Lang (ko-KR)" in pdf
    assert b"/Title <FEFF" + sheet_title(DAY).encode("utf-16-be").hex().upper().encode() + b">" in pdf
    alts = {bytes.fromhex(m.decode()).decode("utf-16-be") for m in re.findall(rb"/Alt <FEFF([0-9A-F]+)>", streams_of(pdf))}
    assert {"동", "중", "매", "쥐", "소"} <= alts  # Shisen-sho tiles, zodiac tiles
    assert any(a.startswith(("노랑", "빨강", "초록", "하양")) for a in alts)  # 사색패 cards


def test_tagged_text_and_named_figures_in_reading_order(day_pdf, tmp_path):
    """A structure tree (pdfinfo: Tagged), each page's marked content matched by its elements in
    MCID order, every figure named, and the figures' names exactly the pictures the pages place."""
    pdf, pages = day_pdf
    assert b"/MarkInfo << /Marked true >>" in pdf and b"/StructTreeRoot" in pdf
    (tmp_path / "t.pdf").write_bytes(pdf)
    info = subprocess.run([system_tool("pdfinfo"), str(tmp_path / "t.pdf")], check=True, capture_output=True,
                          text=True).stdout
    assert re.search(r"^Tagged:\s+yes$", info, re.M)
    elements = re.findall(rb"<< /S /(P|Figure) /P \d+ 0 R /Pg (\d+) 0 R /K (\d+)(?: /Alt <FEFF([0-9A-F]*)>)? >>",
                          streams_of(pdf))
    by_page: dict[int, list[bytes]] = {}
    for kind, page, mcid, alt in elements:
        assert int(mcid) == len(by_page.setdefault(int(page), []))
        assert (kind == b"Figure") == bool(alt)
        by_page[int(page)].append(kind)
    objects = {int(n): body for n, body in re.findall(rb"(\d+) 0 obj\n(.*?)\nendobj", pdf, re.S)}
    page_objs = [int(n) for n, body in objects.items() if body.startswith(b"<< /Type /Page /")]
    assert sorted(by_page) == sorted(page_objs) and len(page_objs) == len(pages)
    for n in page_objs:
        content = int(re.search(rb"/Contents (\d+) 0 R", objects[n])[1])
        data = zlib.decompress(re.search(rb"stream\n(.*)\nendstream", objects[content], re.S)[1])
        marks = re.findall(rb"/(P|Figure) <</MCID (\d+)>> BDC", data)
        assert [int(m) for _, m in marks] == list(range(len(marks)))
        assert [k for k, _ in marks] == by_page[n]
        assert b"BT" not in re.sub(rb"/P <</MCID \d+>> BDC .*? EMC", b"", data)  # no text left untagged
    names = Counter(bytes.fromhex(alt.decode()).decode("utf-16-be") for kind, _, _, alt in elements if alt)
    placed = Counter(p.alt for _, d in pages for p in d.items if isinstance(p, Use) and p.alt)
    assert names == placed and sum(placed.values()) > 900  # three boards and three keys, the cards, the zodiac
    steps = [a for a in names.elements() if re.fullmatch(r"\S+, \d+번", a)]  # a key's tile and its step
    assert len(steps) == 3 * 144 and {f", {n}번" for n in (1, 72)} <= {a[a.index(","):] for a in steps}


def test_same_drawings_same_bytes(day_pdf):
    pdf, pages = day_pdf
    assert render_pdf([d for _, d in pages], title=sheet_title(DAY)) == pdf
