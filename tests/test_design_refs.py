"""The design the code cites is in the repository (docs/design.md): no comment in harupan/ points
at a file outside it, and every ``docs/...`` file and ``docs/design.md`` section it names is there."""

import re

import pytest

from conftest import ROOT

PKG = ROOT / "harupan"
TEXT = ("*.py", "*.js", "*.css", "*.html", "*.xml", "*.yaml", "*.txt", "*.md")

# What points outside the checkout: the design file that used to live beside it, the shared
# folder of source documents and vectors, section signs of that file, absolute home folders.
OUTSIDE = re.compile(r"DESIGN\.md|\.\./shared|shared/(?:seeds|vectors|tools)|design\s*§|§\s*\d|/work/|/home/\w")
DOC = re.compile(r"docs/([\w.-]+\.md)")
SECTION = re.compile(r'docs/design\.md, "([^"]+)"')


def sources():
    return sorted(p for pattern in TEXT for p in PKG.rglob(pattern) if "__pycache__" not in p.parts)


def outside_refs(text: str) -> list[str]:
    return [m.group(0) for m in OUTSIDE.finditer(text)]


@pytest.mark.parametrize("text", ['"""Protocol v1 (DESIGN.md §4, normative)."""', "# see ../shared/seeds/001.txt",
                                  "// the RNG (design §3)", "# /work/shared/vectors/rng.json"])
def test_the_check_sees_a_reference_outside(text):
    assert outside_refs(text)


def test_no_comment_points_outside_the_repository():
    found = [f"{p.relative_to(ROOT)}: {ref}" for p in sources()
             for ref in outside_refs(p.read_text(encoding="utf-8", errors="replace"))]
    assert found == []


def test_cited_docs_and_design_sections_exist():
    headings = {m.group(1).strip() for m in re.finditer(r"^#+ (.+)$", (ROOT / "docs" / "design.md").read_text(
        encoding="utf-8"), re.M)}
    headings |= {h.removesuffix(" (contract)") for h in headings}
    missing = []
    for p in sources():
        text = p.read_text(encoding="utf-8", errors="replace")
        missing += [f"{p.relative_to(ROOT)}: docs/{name}" for name in DOC.findall(text)
                    if not (ROOT / "docs" / name).is_file()]
        missing += [f"{p.relative_to(ROOT)}: section {s!r}" for s in SECTION.findall(text) if s not in headings]
    assert missing == []
