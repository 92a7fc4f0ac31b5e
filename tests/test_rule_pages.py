"""What the built rule pages say: no Markdown left showing, emphasis before Korean particles,
every page built from its YAML. Each game's and topic's own checks of what its page says are in
its tests (test_shanghai_wall.py, test_cards_rules.py, test_shisen_rules.py)."""

import pytest

from rulepages import SLUGS, visible

from harupan.publish import rules
from harupan.renderers.markdown import render_markdown


@pytest.fixture(scope="module")
def built(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT (rules.build), made once a test run
    return {slug: (out / slug / "index.html").read_text(encoding="utf-8") for slug in SLUGS}


@pytest.fixture(scope="module")
def checked():
    return rules.check()


# ------------------------------------------------------------------ Markdown

@pytest.mark.parametrize("slug", SLUGS)
def test_no_markdown_marker_in_visible_text(built, slug):
    text = visible(built[slug])
    for marker in ("**", "__", "`"):
        assert marker not in text, (slug, marker, text[max(0, text.find(marker) - 40):text.find(marker) + 40])


@pytest.mark.parametrize("src, strong", [
    ("**왕패(王牌)**는", "왕패(王牌)"), ("**보화(補花)**라고", "보화(補花)"), ("**해저패(海底牌)**에서", "해저패(海底牌)"),
    ("카드는 **(가)**를", "(가)"), ("**뽑은 카드로 족보를 만들 수 없으면 버립니다.** 다음", "뽑은 카드로 족보를 만들 수 없으면 버립니다."),
    ("**144장**입니다", "144장"), ("a **b** c", "b"),
])
def test_emphasis_before_korean_particles(src, strong):
    html = str(render_markdown(src))
    assert f"<strong>{strong}</strong>" in html and "*" not in html


def test_markdown_still_plain_commonmark_elsewhere():
    assert str(render_markdown("2*3*4")) == "<p>2<em>3</em>4</p>\n"
    assert str(render_markdown("snake_case_name")) == "<p>snake_case_name</p>\n"
    assert "<strong>" not in str(render_markdown("** 떨어진 별표 **"))


# ------------------------------------------------------------------ wall figures
