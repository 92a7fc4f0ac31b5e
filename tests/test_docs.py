"""The docs cannot drift from the code (issue 31): every file, class, function and command that
README.md and docs/*.md name exists (a command's options too), the README lists every command,
and the worked example of docs/adding-a-game.md is the toy game the tests run, file by file."""

import ast
import re

import click
import pytest

import toy
from conftest import ROOT

from harupan.cli.main import cli

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP = {p.name for p in ROOT.iterdir()}  # the repository's own top-level names
LAYERS = {p.name for p in (ROOT / "harupan").iterdir() if p.is_dir()}
SKIP = re.compile(r"<|>|\*|@|YYYY|\bDATE\b|\bNAME\b|…|SITE|CHECKOUT|OUT\b|FILE|DIR\b|\bGAME\b")
CODE = re.compile(r"`([^`\n]+)`")


def spans(text: str) -> list[str]:
    """Every inline code span, and every line of an indented or fenced code block."""
    out = CODE.findall(text)
    out += [ln.strip() for ln in re.findall(r"^    (\S.*)$", text, re.M)]
    return out


def named_paths(text: str) -> set[str]:
    out = set()
    for span in spans(text):
        for token in re.split(r"[\s,()\[\]]+", span):
            token = token.strip(".:;'\"")
            first = token.split("/")[0]
            if "/" not in token or SKIP.search(token) or "://" in token:
                continue
            if first in TOP or first in LAYERS:
                out.add(token)
    return out


def exists(path: str) -> bool:
    """In the repository, in the package, or (the toy game's places) in tests/toy_game."""
    bare = path.split("::")[0].rstrip("/")
    return any((base / bare).exists() for base in (ROOT, ROOT / "harupan")) or \
        (toy.TOY / bare.removeprefix("harupan/")).exists()


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_file_a_doc_names_exists(doc):
    missing = sorted(p for p in named_paths(doc.read_text(encoding="utf-8")) if not exists(p))
    assert missing == [], f"{doc.name} names files that are not there"


def definitions() -> set[str]:
    """Every class, function, method and module-level name of ours (Python and the browser's)."""
    names: set[str] = set()
    for folder in ("harupan", "tests", "bench"):
        for p in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                        if isinstance(t, ast.Name):
                            names.add(t.id)
        for p in (ROOT / folder).rglob("*.js"):
            text = p.read_text(encoding="utf-8")
            names |= set(re.findall(r"(?:function|class|const|let)\s+([A-Za-z_]\w*)", text))
            names |= set(re.findall(r"^\s+(?:async\s+)?([a-z]\w*)\([^)]*\)\s*\{", text, re.M))
    return names


CALL = re.compile(r"^([A-Za-z_][\w.]*)\(")
CAMEL = re.compile(r"^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$|^[A-Z][a-z]+[A-Z]?$")
WORDS = {"isoformat", "Asia", "Seoul", "Korean", "Markdown", "Chromium", "Lighthouse", "Playwright", "Pillow", "Debian",
         "CommonMark", "Noto", "Nu", "Jinja2"}


def named_code(text: str) -> set[str]:
    """Names a doc gives as code: ``name()``, ``Name`` (a class), ``module.name``."""
    out = set()
    for span in CODE.findall(text):
        span = span.strip()
        m = CALL.match(span)
        if m:
            out.add(m.group(1).split(".")[-1])
        elif CAMEL.match(span) and span not in WORDS:
            out.add(span)
    return out


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_class_and_function_a_doc_names_exists(doc):
    missing = sorted(named_code(doc.read_text(encoding="utf-8")) - definitions() - WORDS)
    assert missing == [], f"{doc.name} names code that is not there"


def command_lines(text: str) -> list[list[str]]:
    out = []
    for span in spans(text):
        for m in re.finditer(r"(?:^|[\s(])harupan((?: [a-z][\w-]*)+)((?: [^`|]*)?)", span):
            words = m.group(1).split()
            out.append(words + re.findall(r"(--[a-z][\w-]*)", m.group(2)))
    return out


def resolve(words: list[str]) -> tuple[click.Command, list[str]]:
    """The command a line names (as deep as its words go) and the words after it."""
    ctx = click.Context(cli)
    command: click.Command = cli
    rest = list(words)
    while rest and isinstance(command, click.Group):
        sub = command.get_command(ctx, rest[0])
        if sub is None:
            break
        command, rest = sub, rest[1:]
    return command, rest


def command_problems(text: str) -> list[str]:
    bad = []
    for words in command_lines(text):
        command, rest = resolve([w for w in words if not w.startswith("--")])
        if command is cli or isinstance(command, click.Group) and rest:
            bad.append(" ".join(words))
            continue
        known = {o for p in command.params for o in p.opts} | {"--help", "--debug"}
        bad += [f"{' '.join(words)}: {o}" for o in words if o.startswith("--") and o not in known
                and o not in {o for p in cli.params for o in p.opts}]
    return bad


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_command_and_option_a_doc_names_exists(doc):
    assert command_problems(doc.read_text(encoding="utf-8")) == [], f"{doc.name} names commands or options that are not there"


def test_the_readme_lists_every_command():
    ctx = click.Context(cli)
    every = []
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        every += [[name, sub] for sub in command.list_commands(ctx)] if isinstance(command, click.Group) else [[name]]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = {tuple(w for w in words if not w.startswith("--")) for words in command_lines(readme)}
    subs = {(a, b) for a, b, *_ in (list(w) + [""] for w in listed)} | {(w[0],) for w in listed}
    # "hint FILE" after "shisen solve FILE /": a short form naming the group's other commands
    short = set(re.findall(r"/ `?([a-z]+) ", readme))
    missing = [c for c in every if tuple(c) not in listed and tuple(c) not in subs and not (len(c) == 2 and c[1] in short)]
    assert missing == []


def test_the_worked_example_is_the_toy_the_tests_run():
    doc = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    blocks = dict(re.findall(r"<!-- the toy's file: (\S+) -->\n```\w*\n(.*?)```\n", doc, re.S))
    assert sorted(blocks) == sorted(str(p) for p in toy.files())
    for rel, text in blocks.items():
        assert (toy.TOY / rel).read_text(encoding="utf-8") == text, rel


@pytest.mark.parametrize("text, found", [("see `harupan/engine/nothere.py`", {"harupan/engine/nothere.py"}),
                                         ("`engine/shisen/board.py`", {"engine/shisen/board.py"}),
                                         ("`static/site.css` on the site", set())])
def test_the_check_finds_the_files_a_doc_names(text, found):
    assert named_paths(text) == found and not any(exists(p) for p in found if "nothere" in p)


def test_the_check_finds_a_missing_command_or_option():
    assert command_problems("run `harupan daily --nope`") == ["daily --nope: --nope"]
    assert command_problems("run `harupan nosuch`") == ["nosuch"]
    assert command_problems("run `harupan site nosuch`") == ["site nosuch"]
    assert command_problems("run `harupan site build --from D --force`") == []
