"""The PDF's words are text: embedded subset fonts with a ToUnicode map, so ``pdftotext`` reads a
sheet's title, date, rules and answer key back in Korean; the document says its language and title,
and the tile and card pictures carry their names."""

import datetime as dt
import re
import subprocess
import zlib

import pytest

from conftest import system_tool
from harupan.generator.daily import day_bundle
from harupan.renderers.games import print_set
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


def test_language_title_and_alternate_text(day_pdf):
    pdf, _ = day_pdf
    assert b"/Lang (ko-KR)" in pdf
    assert b"/Title <FEFF" + sheet_title(DAY).encode("utf-16-be").hex().upper().encode() + b">" in pdf
    streams = b"".join(zlib.decompress(m) for m in re.findall(rb"stream\n(.*?)\nendstream", pdf, re.S))
    alts = {bytes.fromhex(m.decode()).decode("utf-16-be") for m in re.findall(rb"/Alt <FEFF([0-9A-F]+)>", streams)}
    assert {"동", "중", "매", "쥐", "소"} <= alts  # Shisen-sho tiles, zodiac tiles
    assert any(a.startswith(("노랑", "빨강", "초록", "하양")) for a in alts)  # 사색패 cards


def test_same_drawings_same_bytes(day_pdf):
    pdf, pages = day_pdf
    assert render_pdf([d for _, d in pages], title=sheet_title(DAY)) == pdf
