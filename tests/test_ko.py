"""The Korean particle rule, in Python (renderers/ko.py) and in the page's script (static/js/ko.js):
the same answers on the same words."""

import json
import subprocess

import pytest
from conftest import ROOT, system_tool

from harupan.renderers.ko import ends_closed, particle

WORDS = ["동", "중", "발", "백", "춘", "매", "3통", "7삭", "5만", "용", "돼지", "소", "호랑이", "원숭이", "A4", "A6", "10",
         "2", "B1", "L", "A", "(보통)", "사천성(보통, 18×8)", "사천성(쉬움, 16×9)", "쥐.", "萬", "", "닭 "]
PAIRS = ["와/과", "을/를", "이/가", "은/는"]


def test_finals_and_forms():
    assert particle("동", "와/과") == "동과" and particle("매", "와/과") == "매와"
    assert particle("5만", "을/를") == "5만을" and particle("돼지", "을/를") == "돼지를"
    assert particle("춘", "이/가") == "춘이" and particle("소", "이/가") == "소가"
    assert particle("용", "은/는") == "용은" and particle("호랑이", "은/는") == "호랑이는"
    assert particle("A4", "와/과") == "A4와" and particle("A6", "와/과") == "A6과"  # 사, 육
    assert particle("사천성(쉬움, 16×9)", "와/과") == "사천성(쉬움, 16×9)와"  # 구
    assert particle("사천성(보통, 18×8)", "와/과") == "사천성(보통, 18×8)과"  # 팔
    assert ends_closed("萬") is None and particle("萬", "이/가") == "萬가"
    with pytest.raises(ValueError, match="unknown particle pair"):
        particle("동", "로/으로")


def test_the_page_script_agrees():
    script = ("import('./harupan/renderers/static/js/ko.js').then(({particle}) => console.log(JSON.stringify("
              f"{json.dumps(WORDS, ensure_ascii=False)}.map((w) => {json.dumps(PAIRS, ensure_ascii=False)}"
              ".map((p) => particle(w, p))))))")
    r = subprocess.run([system_tool("node"), "--input-type=module", "-e", script], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == [[particle(w, p) for p in PAIRS] for w in WORDS]
