"""Imports flow one way (docs/design.md, "Layers, and why they import one way"): cli → publish → generator/renderers → engine."""

import ast
import dataclasses
import enum
import importlib
import re
import types
import typing
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "harupan"

ALLOWED = {
    "engine": {"engine"},
    "generator": {"generator", "engine"},
    "renderers": {"renderers"},  # and the engine's values, not its code (engine_value)
    "publish": {"publish", "generator", "renderers", "engine"},
    "cli": {"cli", "publish", "generator", "renderers", "engine"},
}
# The one shared error type lives in engine/errors.py and may be raised from any layer.
ANYWHERE = {"harupan.engine.errors"}
# The one way to read a file (harupan/files.py): every layer that reads, so never the engine.
READING = "harupan.files"
# What the top package itself holds (plain data), importable from anywhere.
TOP_LEVEL = {"__version__"}


MODULE_NAME = re.compile(r"harupan(?:\.\w+)+(?::\w+)?")


def imports_in(source: str, package: str) -> list[str]:
    """Every module of ours that ``source`` (a module of ``package``) imports, in every form:
    ``import harupan.x``, ``from harupan.x import y``, ``from harupan import x``, relative
    ``from ..x import y`` and ``from .. import x``, and a module named in a string (a lazy
    command's ``"harupan.cli.x:y"``, ``importlib.import_module("harupan.x")``). A name taken
    from a package (``from .. import publish``) counts as the submodule it may be."""
    tree = ast.parse(source)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "harupan"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "harupan":
                continue
            out += [f"{module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and MODULE_NAME.fullmatch(node.value):
            out.append(node.value.split(":")[0])
    return out


def our_imports(path: Path) -> list[str]:
    package = ".".join(path.relative_to(PKG.parent).with_suffix("").parts[:-1])
    return imports_in(path.read_text(encoding="utf-8"), package)


def engine_value(name: str) -> bool:
    """Whether ``name`` (``harupan.engine.x.NAME``) is a value of the engine the renderers may
    import: data (a table, a constant), a value type (a frozen dataclass, an enum, a named tuple)
    or a type alias, never a function, a class with behaviour or a module. The renderers draw
    the engine's values and name things by its tables; they decide nothing (docs/design.md)."""
    module, _, attr = name.rpartition(".")
    try:
        obj = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return False
    if isinstance(obj, types.ModuleType):
        return False
    if isinstance(obj, type):
        if dataclasses.is_dataclass(obj):
            return obj.__dataclass_params__.frozen
        return issubclass(obj, (enum.Enum, tuple))
    if isinstance(obj, (types.GenericAlias, types.UnionType)) or typing.get_origin(obj) is not None:
        return True
    return not callable(obj)


def layer_problems(layer: str, imports: list[str]) -> list[str]:
    """The imports a module in ``layer`` may not make."""
    bad = []
    for mod in imports:
        parts = mod.split(".")
        if mod in ANYWHERE or any(mod.startswith(a + ".") for a in ANYWHERE):
            continue
        if mod == READING or mod.startswith(READING + "."):
            if layer == "engine":
                bad.append(f"{mod}: the engine reads no file")
            continue
        if len(parts) == 1 or parts[1] in TOP_LEVEL:
            continue  # the package itself, or its plain data (__version__)
        if layer == "renderers" and parts[1] == "engine":
            if not engine_value(mod):
                bad.append(f"{mod}: the renderers may import the engine's values (data, value types), not its code")
            continue
        if parts[1] not in ALLOWED[layer]:
            bad.append(f"{mod}: {layer} may not import {parts[1]}")
    return bad


FILES = sorted(p for layer in ALLOWED for p in (PKG / layer).rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PKG)))
def test_layer_imports(path):
    layer = path.relative_to(PKG).parts[0]
    assert not layer_problems(layer, our_imports(path)), path.relative_to(PKG)


@pytest.mark.parametrize("source, package", [
    ("import harupan.publish.site", "harupan.engine"),
    ("import harupan.publish.site as s", "harupan.engine.shisen"),
    ("from harupan.publish import site", "harupan.engine"),
    ("from harupan import publish", "harupan.engine"),
    ("from .. import publish", "harupan.engine"),
    ("from ... import publish", "harupan.engine.shisen"),
    ("from ..publish.site import build", "harupan.engine"),
    ("from ...publish import site", "harupan.engine.shisen"),
    ("def f():\n    from harupan.publish import site", "harupan.engine"),
    ("import importlib\nimportlib.import_module('harupan.publish.site')", "harupan.engine"),
    ("COMMANDS = {'x': 'harupan.publish.site:build'}", "harupan.engine"),
    ("from ...files import read_capped", "harupan.engine.shisen"),
])
def test_every_form_of_import_is_seen(source, package):
    """The checker itself: an engine module reaching publish is caught however it is written."""
    problems = layer_problems("engine", imports_in(source, package))
    assert problems and all(p.endswith(("engine may not import publish", "the engine reads no file"))
                            for p in problems), problems


@pytest.mark.parametrize("source, package", [
    ("from .. import __version__", "harupan.cli"),
    ("from ..errors import InputError", "harupan.engine.shisen"),
    ("from harupan.engine.errors import InputError", "harupan.renderers"),
    ("from . import paths", "harupan.engine.shisen"),
    ("from ..files import read_capped", "harupan.renderers"),
    ("from harupan.files import Kind", "harupan.publish"),
])
def test_allowed_imports_pass(source, package):
    layer = package.split(".")[1]
    assert layer_problems(layer, imports_in(source, package)) == []


@pytest.mark.parametrize("source, allowed", [
    ("from harupan.engine.shisen.names import TILE_NAMES_KO", True),  # a table
    ("from harupan.engine.shisen.board import Layout", True),  # a frozen dataclass
    ("from harupan.engine.status import GameState", True),  # an enum
    ("from harupan.engine.shisen.board import Pair", True),  # a type alias
    ("from harupan.engine.shisen import path_between", False),  # a function: the engine deciding
    ("from harupan.engine.cards.puzzle import Search", True),  # a frozen dataclass, its property included
    ("from harupan.engine.shisen import solver", False),  # a module
    ("import harupan.engine.zodiac", False),
])
def test_the_renderers_may_import_the_engines_values_only(source, allowed):
    problems = layer_problems("renderers", imports_in(source, "harupan.renderers"))
    assert (problems == []) == allowed, problems


def test_engine_uses_no_random_module():
    for layer in ("engine", "generator"):
        for path in (PKG / layer).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    names = [node.module or ""]
                assert "random" not in [n.split(".")[0] for n in names], f"{path} imports random"


def test_engine_imports_only_stdlib():
    import sys

    for path in (PKG / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                mods = [(node.module or "").split(".")[0]]
            else:
                continue
            for m in mods:
                assert m == "__future__" or m in sys.stdlib_module_names, f"{path} imports {m}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports, in any form (an import inside a function
    counts: it only hides a cycle). ``sources``: module -> (source, whether it is a package).
    An imported name that is not a module stands for the module it is taken from."""
    graph = {}
    for mod, (source, is_package) in sources.items():
        package = mod if is_package else mod.rpartition(".")[0]
        edges = set()
        for name in imports_in(source, package):
            while name and name not in sources:
                name = name.rpartition(".")[0]
            if name and name != mod:
                edges.add(name)
        graph[mod] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every set of two or more modules of one layer that import each other round (Tarjan's
    strongly connected components, restricted to each layer)."""
    def layer(m: str) -> str:
        return ".".join(m.split(".")[:2])

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if layer(w) != layer(v):
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_inside_a_layer():
    """Modules of one layer import each other in one direction: a cycle (say sheets importing the
    game views inside a function while the views import sheets at the top) means two modules
    share a job (docs/design.md, "Layers, and why they import one way")."""
    files = sorted(PKG.rglob("*.py"))
    graph = import_graph({module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py") for p in files})
    assert cycles(graph) == []


def test_the_cycle_check_sees_a_cycle_hidden_in_a_function():
    sources = {
        "harupan.renderers.sheets": ("def pages():\n    from .games import print_set\n", False),
        "harupan.renderers.games": ("from .shisen import ShisenView\n", True),
        "harupan.renderers.games.shisen": ("from ..sheets import shisen_page\n", False),
        "harupan.renderers.model": ("", False),
        "harupan.publish.days": ("from ..renderers import sheets\n", False),
    }
    assert cycles(import_graph(sources)) == [["harupan.renderers.games", "harupan.renderers.games.shisen",
                                              "harupan.renderers.sheets"]]
    del sources["harupan.renderers.sheets"]
    assert cycles(import_graph(sources)) == []
