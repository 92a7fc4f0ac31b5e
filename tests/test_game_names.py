"""The pipeline names no game (issue 31): no code line in cli/, publish/, generator/ or renderers/
outside a game's own places names a registered game or rule topic, one of its files, settings,
piece kinds or titles. A game's places are ``cli/games/<name>.py``, ``generator/games/<name>``
and ``renderers/games/<name>/``; comments and docstrings may give examples.

The shared stylesheet holds no game's rules either: a class or id that only one game's page
section or script uses is styled in that game's own stylesheet."""

import io
import re
import tokenize
from pathlib import Path

import pytest

from harupan.generator.games import games, topics
from harupan.renderers.games import views

PKG = Path(__file__).resolve().parent.parent / "harupan"
LAYERS = ("cli", "publish", "generator", "renderers")
TEXT_SUFFIXES = (".html", ".js", ".css", ".xml")


def names() -> dict[str, set[str]]:
    """Each game's and topic's words, by its name: what naming it in code would look like."""
    out: dict[str, set[str]] = {t.name: {t.name} for t in topics()}
    for g in games():
        out[g.name] |= set(g.kinds())
    for v in views():
        out[v.name] |= {*v.files, v.title}
        if v.script:
            out[v.name].add(v.script)
        out[v.name] |= set(v.modules)
    return out


def settings() -> dict[str, set[str]]:
    """Each game's settings, as code would spell them: the key, its flag, its variable."""
    return {g.name: {s for o in g.options for s in (o.key, f"--{o.key}", f"HARUPAN_{o.key.upper()}")} for g in games()}


def own_places(name: str) -> list[Path]:
    return [PKG / "cli" / "games" / f"{name}.py", PKG / "generator" / "games" / f"{name}.py",
            PKG / "generator" / "games" / name, PKG / "renderers" / "games" / name]


def in_places(path: Path, name: str) -> bool:
    return any(path == p or p in path.parents for p in own_places(name))


def words(text: str) -> set[str]:
    """The words of an identifier or a string: split at anything not a letter or digit, and at
    a lower-to-upper change (ShisenView: shisen, view), lower-cased."""
    parts = re.split(r"[^0-9A-Za-z가-힣]+|(?<=[a-z])(?=[A-Z])", text)
    return {p.lower() for p in parts if p}


def code_tokens(path: Path) -> list[tuple[int, str, str]]:
    """(line, kind, text) of every name and string of a Python file but its docstrings."""
    source = path.read_text(encoding="utf-8")
    out = []
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT):
            previous = tok.type  # a docstring, or a string alone on a line: prose
            continue
        if tok.type in (tokenize.NAME, tokenize.STRING, tokenize.FSTRING_MIDDLE if hasattr(tokenize, "FSTRING_MIDDLE")
                        else tokenize.STRING):
            out.append((tok.start[0], "string" if tok.type != tokenize.NAME else "name", tok.string))
        if tok.type not in (tokenize.COMMENT,):
            previous = tok.type
    return out


COMMENTS = {".html": r"\{#.*?#\}|<!--.*?-->", ".xml": r"\{#.*?#\}|<!--.*?-->", ".js": r"/\*.*?\*/|//[^\n]*",
            ".css": r"/\*.*?\*/"}


def text_lines(path: Path) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(COMMENTS[path.suffix], lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return list(enumerate(text.splitlines(), 1))


def findings(files: list[Path]) -> list[str]:
    by_name, by_setting = names(), settings()
    plain = {n: {w.lower() for w in ws if re.fullmatch(r"[a-z]+", w)} for n, ws in by_name.items()}
    other = {n: {w for w in ws if not re.fullmatch(r"[a-z]+", w)} for n, ws in by_name.items()}
    found = []
    for path in files:
        rel = path.relative_to(PKG.parent)
        others = [n for n in by_name if not in_places(path, n)]
        if path.suffix == ".py":
            items = [(line, kind, text) for line, kind, text in code_tokens(path)]
        else:
            items = [(line, "text", text) for line, text in text_lines(path)]
        for line, kind, text in items:
            ws = words(text)
            for name in others:
                hit = (plain[name] & ws) | {w for w in other[name] if w in text}
                if hit:
                    found.append(f"{rel}:{line}: names {name} ({', '.join(sorted(hit))})")
                if kind == "string" and text.strip("\"'fbr") in by_setting.get(name, ()):
                    found.append(f"{rel}:{line}: names {name}'s setting {text}")
    return found


def pipeline_files() -> list[Path]:
    return sorted(p for layer in LAYERS for p in (PKG / layer).rglob("*")
                  if p.is_file() and (p.suffix == ".py" or p.suffix in TEXT_SUFFIXES) and "__pycache__" not in p.parts)


def test_the_pipeline_names_no_game():
    assert findings(pipeline_files()) == []


@pytest.mark.parametrize("source, named", [
    ("from ..generator.games.zodiac.bot import par\n", "zodiac"),
    ("x = view('shisen').files\n", "shisen"),
    ("class ShisenLike:\n    pass\n", "shisen"),
    ("options_given = {'par': par}\n", "zodiac"),
    ("name = 'cards.png'\n", "cards"),
    ("TITLE = '십이지 머지'\n", "zodiac"),
])
def test_the_check_sees_a_game_named(tmp_path, source, named):
    path = PKG / "publish" / "_probe.py"  # where the pipeline's code lives, by the check's rules
    try:
        path.write_text(source, encoding="utf-8")
        assert any(f"names {named}" in f for f in findings([path])), source
    finally:
        path.unlink()


def test_a_docstring_or_comment_may_give_an_example(tmp_path):
    path = PKG / "publish" / "_probe.py"
    try:
        path.write_text('"""Each game names its slow pieces (the zodiac par game)."""\n# shisen.png, say\nx = 1\n',
                        encoding="utf-8")
        assert findings([path]) == []
    finally:
        path.unlink()


def shared_selectors() -> set[str]:
    css = re.sub(r"/\*.*?\*/", "", (PKG / "renderers" / "static" / "site.css").read_text(encoding="utf-8"), flags=re.S)
    return set(re.findall(r"[.#]([a-zA-Z][\w-]*)", re.sub(r"\{[^{}]*\}", "{}", css)))


def test_the_shared_stylesheet_holds_no_games_rules():
    shared = "".join(p.read_text(encoding="utf-8") for folder in ("templates", "static/js")
                     for p in (PKG / "renderers" / folder).iterdir() if p.is_file())
    own = {v.name: "".join(p.read_text(encoding="utf-8") for p in v.folder.iterdir() if p.suffix in (".html", ".js"))
           for v in views()}

    def used(name: str, text: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None

    alone = {s: [g for g, text in own.items() if used(s, text)] for s in shared_selectors() if not used(s, shared)}
    assert {s: g for s, g in alone.items() if len(g) == 1} == {}
