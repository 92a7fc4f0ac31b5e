"""Rule pages from YAML: loading with line numbers, validation against the schema, every error
reported at once as ``FILE:LINE: key.path: what is wrong``.

Schema of ``content/rules/<slug>.yaml`` (unknown keys are errors)::

    slug: shisen                 # lower-case letters, digits, hyphens; the page's folder name
    title: 사천성 규칙            # text
    summary: …                   # text, one paragraph
    updated: 2026-11-29          # a real date
    sections:                    # at least one
      - heading: …               # text
        body: |                  # Markdown (raw HTML is not rendered)
          …
        figures:                 # optional; each game's engine/<name>/figures.py has its kinds
          - kind: shisen-path
            caption: …
            …                    # the kind's own keys, including what it expects
        examples:                # optional; the body's {{name.field}}, see publish/examples.py
          name:
            kind: shisen-difficulty
            …                    # the kind's own keys
    faq:                         # optional
      - q: …
        a: …                     # Markdown
    related: [zodiac, cards]     # optional: slugs of other pages

YAML is read with the safe loader only, and bounded before and while it is read: a file of at
most 256 KB, at most 64 aliases (``*name``), at most 100,000 values once aliases are expanded.
A "billion laughs" file stops at the first limit it crosses, with exit 2.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..engine.dates import parse_date
from ..engine.errors import InputError
from ..files import CAPS, FileRefused, Kind, read_capped


class ContentError(InputError):
    """All the problems found in the content, one per line."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems) if len(problems) < 2 else f"{len(problems)} problems in content")


@dataclass
class Node:
    """A YAML value with the line it starts on (1-based)."""

    value: Any
    line: int


class _Problem(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


YAML_LIMIT = CAPS[Kind.CONTENT]  # bytes of one YAML file (harupan/files.py holds the caps)
ALIAS_LIMIT = 64  # aliases in one file
NODE_LIMIT = 100_000  # values in one file, aliases expanded


class _LimitedLoader(yaml.SafeLoader):
    """The safe loader, counting aliases as it composes."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.aliases = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > ALIAS_LIMIT:
                event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in types-PyYAML
                raise _Problem(event.start_mark.line + 1, f"more than {ALIAS_LIMIT} aliases; refused")
        return super().compose_node(parent, index)


def _count_nodes(root: yaml.Node) -> None:
    """Raise :class:`_Problem` if ``root`` holds more than NODE_LIMIT values, counting a shared
    (aliased) node each time it is used, as a reader of the data would meet it."""
    seen = 0
    stack = [root]
    while stack:
        node = stack.pop()
        seen += 1
        if seen > NODE_LIMIT:
            raise _Problem(node.start_mark.line + 1, f"more than {NODE_LIMIT:,} values (aliases expanded); refused")
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack += (k, v)
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value


def compose_limited(text: str) -> yaml.Node | None:
    """The YAML node tree of ``text`` within the limits above (raises :class:`_Problem`, or
    ``yaml.YAMLError`` for malformed YAML)."""
    if len(text.encode("utf-8")) > YAML_LIMIT:
        raise _Problem(1, f"the file is larger than {YAML_LIMIT // 1024} KB; refused before parsing")
    loader = _LimitedLoader(text)
    try:
        root = loader.get_single_node()
    finally:
        loader.dispose()
    if root is not None:
        _count_nodes(root)
    return root


def load_limited(text: str) -> Any:
    """Like ``yaml.safe_load`` within the limits above (raises :class:`_Problem` past one)."""
    root = compose_limited(text)
    if root is None:
        return None
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(root)
    finally:
        loader.dispose()


def _convert(node: yaml.Node) -> Node:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for k, v in node.value:
            key = _convert(k)
            if not isinstance(key.value, str):
                raise _Problem(key.line, f"keys must be text, got {key.value!r}")
            if key.value in out:
                raise _Problem(key.line, f"duplicate key {key.value!r}")
            out[key.value] = _convert(v)
        return Node(out, line)
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(v) for v in node.value], line)
    return Node(_scalar(node), line)


def _scalar(node: yaml.Node) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    except (ValueError, yaml.YAMLError):
        return node.value  # e.g. an impossible date: kept as text for the schema to reject
    finally:
        loader.dispose()


def load_yaml(text: str, source: str) -> Node:
    try:
        root = compose_limited(text)
    except _Problem as p:
        raise ContentError([f"{source}:{p.line}: {p.message}"]) from None
    except RecursionError:
        raise ContentError([f"{source}:1: malformed YAML: nested too deeply"]) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        raise ContentError([f"{source}:{line}: malformed YAML: {e.problem or e.context}"]) from None
    except yaml.YAMLError as e:
        raise ContentError([f"{source}:1: malformed YAML: {e}"]) from None
    if root is None:
        raise ContentError([f"{source}:1: the file is empty"])
    try:
        return _convert(root)
    except _Problem as p:
        raise ContentError([f"{source}:{p.line}: {p.message}"]) from None


# ---------------------------------------------------------------- the schema

@dataclass(frozen=True)
class Figure:
    kind: str
    caption: str
    spec: dict[str, Any]  # the kind's own keys, plain values
    line: int


@dataclass(frozen=True)
class Example:
    """A worked example the body refers to as ``{{name.field}}`` (publish/examples.py)."""

    name: str
    kind: str  # "" for one whose problems were reported as it was read
    spec: dict[str, Any]  # the kind's own keys, plain values, and ``_lines``: key → line
    line: int


@dataclass(frozen=True)
class Section:
    heading: str
    body: str
    figures: tuple[Figure, ...]
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    summary: str
    updated: _dt.date | None  # None only on a page that failed its check
    sections: tuple[Section, ...]
    faq: tuple[tuple[str, str], ...]
    related: tuple[str, ...]
    source: str
    lines: dict[str, int] = field(default_factory=dict, compare=False)  # key path → line, for later checks


SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
EXAMPLE_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


class Checker:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[str] = []
        self.lines: dict[str, int] = {}

    def fail(self, line: int, path: str, message: str) -> None:
        self.problems.append(f"{self.source}:{line}: {path}: {message}")

    def mapping(self, node: Node, path: str, required: set[str], optional: set[str]) -> dict[str, Node] | None:
        if not isinstance(node.value, dict):
            self.fail(node.line, path, f"expected a mapping, got {type(node.value).__name__}")
            return None
        for key, v in node.value.items():
            if key not in required and key not in optional:
                allowed = ", ".join(sorted(required | optional))
                self.fail(v.line, f"{path}.{key}" if path else key, f"unknown key (allowed: {allowed})")
        for key in sorted(required - node.value.keys()):
            self.fail(node.line, f"{path}.{key}" if path else key, "missing")
        return node.value

    def text(self, node: Node | None, path: str, *, allow_empty: bool = False) -> str:
        if node is None:
            return ""
        self.lines[path] = node.line
        if not isinstance(node.value, str) or (not allow_empty and not node.value.strip()):
            self.fail(node.line, path, f"expected text, got {node.value!r}")
            return ""
        return node.value

    def items(self, node: Node | None, path: str, *, min_items: int = 0) -> list[Node]:
        if node is None:
            return []
        if not isinstance(node.value, list):
            self.fail(node.line, path, f"expected a list, got {type(node.value).__name__}")
            return []
        if len(node.value) < min_items:
            self.fail(node.line, path, f"expected at least {min_items} item(s)")
        return node.value


def plain(node: Node) -> Any:
    """The value without line numbers."""
    if isinstance(node.value, dict):
        return {k: plain(v) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [plain(v) for v in node.value]
    return node.value


def _examples(c: Checker, given: Node | None, path: str, example_kinds: dict[str, Any]) -> list[Example]:
    """A section's ``examples``: name → a mapping with a kind and the kind's keys."""
    examples: list[Example] = []
    if given is not None and not isinstance(given.value, dict):
        c.fail(given.line, path, f"expected a mapping of names to examples, got {type(given.value).__name__}")
    elif given is not None:
        for name, ex in given.value.items():
            epath = f"{path}.{name}"
            if not EXAMPLE_NAME.match(name):
                c.fail(ex.line, epath, f"{name!r}: a name is lower-case letters, digits and hyphens, starting with a letter")
                continue
            failed = Example(name, "", {}, ex.line)  # reported here; the body may still name it
            if not isinstance(ex.value, dict) or "kind" not in ex.value:
                c.fail(ex.line, epath, "expected a mapping with a kind")
                examples.append(failed)
                continue
            kind = ex.value["kind"].value
            if not isinstance(kind, str) or kind not in example_kinds:
                c.fail(ex.value["kind"].line, f"{epath}.kind", f"unknown example kind {kind!r} "
                       f"(known: {', '.join(sorted(example_kinds))})")
                examples.append(failed)
                continue
            required, optional = example_kinds[kind]
            em = c.mapping(ex, epath, {"kind"} | required, optional)
            if em is None or not required <= em.keys():
                examples.append(failed)
                continue
            spec = {k: plain(v) for k, v in em.items() if k != "kind"}
            spec["_lines"] = {k: v.line for k, v in em.items()}
            examples.append(Example(name, kind, spec, ex.line))
    return examples


def parse_page(text: str, source: str, figure_kinds: dict[str, Any],
               example_kinds: dict[str, Any] | None = None) -> tuple[Page | None, list[str]]:  # Any: a kind's keys, plain YAML values
    """A page and the problems found; ``figure_kinds`` and ``example_kinds`` map a kind to its
    required and optional keys."""
    example_kinds = example_kinds or {}
    try:
        root = load_yaml(text, source)
    except ContentError as e:
        return None, e.problems
    c = Checker(source)
    top = c.mapping(root, "", {"slug", "title", "summary", "updated", "sections"}, {"faq", "related"})
    if top is None:
        return None, c.problems
    slug = c.text(top.get("slug"), "slug")
    if slug and not SLUG.match(slug):
        c.fail(top["slug"].line, "slug", f"{slug!r} must be lower-case letters, digits and hyphens")
    title = c.text(top.get("title"), "title")
    summary = c.text(top.get("summary"), "summary")
    updated = None
    if "updated" in top:
        u = top["updated"]
        if isinstance(u.value, _dt.date) and not isinstance(u.value, _dt.datetime):
            updated = u.value
        else:
            try:
                updated = parse_date(str(u.value))
            except InputError:
                c.fail(u.line, "updated", f"expected a date YYYY-MM-DD, got {u.value!r}")
    sections = []
    for i, s in enumerate(c.items(top.get("sections"), "sections", min_items=1)):
        path = f"sections[{i}]"
        sm = c.mapping(s, path, {"heading", "body"}, {"figures", "examples"})
        if sm is None:
            continue
        figures = []
        for j, f in enumerate(c.items(sm.get("figures"), f"{path}.figures")):
            fpath = f"{path}.figures[{j}]"
            if not isinstance(f.value, dict) or "kind" not in f.value:
                c.fail(f.line, fpath, "expected a mapping with a kind")
                continue
            kind = f.value["kind"].value
            if kind not in figure_kinds:
                c.fail(f.value["kind"].line, f"{fpath}.kind", f"unknown figure kind {kind!r} "
                       f"(known: {', '.join(sorted(figure_kinds))})")
                continue
            required, optional = figure_kinds[kind]
            fm = c.mapping(f, fpath, {"kind", "caption"} | required, optional)
            if fm is None:
                continue
            caption = c.text(fm.get("caption"), f"{fpath}.caption")
            spec = {k: plain(v) for k, v in fm.items() if k not in ("kind", "caption")}
            spec["_lines"] = {k: v.line for k, v in fm.items()}
            figures.append(Figure(kind, caption, spec, f.line))
        examples = _examples(c, sm.get("examples"), f"{path}.examples", example_kinds)
        sections.append(Section(c.text(sm.get("heading"), f"{path}.heading"),
                                c.text(sm.get("body"), f"{path}.body"), tuple(figures), tuple(examples)))
    faq = []
    for i, q in enumerate(c.items(top.get("faq"), "faq")):
        qm = c.mapping(q, f"faq[{i}]", {"q", "a"}, set())
        if qm is not None:
            faq.append((c.text(qm.get("q"), f"faq[{i}].q"), c.text(qm.get("a"), f"faq[{i}].a")))
    related = []
    for i, r in enumerate(c.items(top.get("related"), "related")):
        related.append(c.text(r, f"related[{i}]"))
    page = Page(slug, title, summary, updated, tuple(sections), tuple(faq), tuple(related), source, c.lines)
    return page, c.problems


def load_pages(folder: Path, figure_kinds: dict[str, Any],
               example_kinds: dict[str, Any] | None = None) -> tuple[list[Page], list[str]]:  # Any: a kind's keys, plain YAML values
    """Every ``*.yaml`` in ``folder``, sorted by name, and every problem found in any of them."""
    pages, problems = [], []
    unreadable = False
    files = sorted(folder.glob("*.yaml"))
    if not files:
        problems.append(f"{folder}: no rule pages (*.yaml) found")
    for f in files:
        try:  # a regular file within its cap (harupan/files.py): never a FIFO, a device or a bomb
            text = read_capped(f, Kind.CONTENT).decode("utf-8")
        except FileRefused as e:
            problems.append(f"{f}:1: {e}")
            unreadable = True
            continue
        except (OSError, UnicodeDecodeError) as e:
            problems.append(f"{f}:1: cannot read: {e}")
            unreadable = True
            continue
        page, found = parse_page(text, str(f), figure_kinds, example_kinds)
        problems += found
        if page is not None:
            pages.append(page)
        else:
            unreadable = True
    slugs: dict[str, str] = {}
    for p in pages:
        if p.slug in slugs:
            problems.append(f"{p.source}:{p.lines.get('slug', 1)}: slug: {p.slug!r} is also used by {slugs[p.slug]}")
        slugs[p.slug] = p.source
    if unreadable:
        return pages, problems  # links to a page that failed to load would only add noise
    for p in pages:
        for i, r in enumerate(p.related):
            if r and r not in slugs:
                problems.append(f"{p.source}:{p.lines.get(f'related[{i}]', 1)}: related[{i}]: no page has slug {r!r}")
    return pages, problems
