"""Our words, not the source documents': the copy check (``../shared/tools/copycheck.py``) over the
rule pages' YAML, the rule pages as built (where a question and its answer run together, as a
reader sees them), the README and docs/.

The source documents (``../shared/seeds``) are not part of the project and are never copied into
it; CI has them beside the clone. Where they are absent these tests skip, saying so; where they are
present and the check is missing, they fail naming it."""

import importlib.util

import pytest

from conftest import ROOT

SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
CHECK = SHARED / "tools" / "copycheck.py"

pytestmark = pytest.mark.skipif(not sorted(SEEDS.glob("*.txt")),
                                reason=f"no source documents at {SEEDS} (a clone without ../shared)")


@pytest.fixture(scope="module")
def copycheck():
    assert CHECK.is_file(), f"{SEEDS} is here but the copy check {CHECK} is not"
    spec = importlib.util.spec_from_file_location("copycheck", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built_rules(rules_factory):
    out = rules_factory()  # harupan rules build -o OUT, made once a test run
    pages = sorted(out.rglob("index.html"))
    assert len(pages) >= 4
    return pages


def test_the_check_finds_a_copied_sentence(copycheck):
    """The check itself can fail: a sentence taken from a source document, inside our own text."""
    seed = sorted(SEEDS.glob("*.txt"))[0].read_text(encoding="utf-8")
    sentence = max(seed.splitlines(), key=len)[:200]
    assert copycheck.copied([("probe", f"하루 판 안내. {sentence} 끝.")])
    assert not copycheck.copied([("probe", "하루 판은 날마다 새 판을 냅니다.")])


def test_rule_yaml_is_our_own_words(copycheck):
    files = sorted((ROOT / "harupan" / "content" / "rules").glob("*.yaml"))
    assert files
    hits = copycheck.copied([(p.name, p.read_text(encoding="utf-8")) for p in files])
    assert not hits, hits


def test_built_rule_pages_are_our_own_words(copycheck, built_rules):
    hits = copycheck.copied([(str(p.parent.name), copycheck.page_text(str(p))) for p in built_rules])
    assert not hits, hits


def test_readme_and_docs_are_our_own_words(copycheck):
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    hits = copycheck.copied([(p.name, p.read_text(encoding="utf-8")) for p in files])
    assert not hits, hits
