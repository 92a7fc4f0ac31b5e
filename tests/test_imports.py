"""Imports flow one way (DESIGN.md §2): cli → publish → generator/renderers → engine."""

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "harupan"

ALLOWED = {
    "engine": {"engine"},
    "generator": {"generator", "engine"},
    "renderers": {"renderers"},
    "publish": {"publish", "generator", "renderers", "engine"},
    "cli": {"cli", "publish", "generator", "renderers", "engine"},
}
# The one shared error type lives in engine/errors.py and may be raised from any layer.
ANYWHERE = {"harupan.engine.errors"}


def our_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(PKG.parent).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "harupan"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                out.append(".".join(base + ([node.module] if node.module else [])))
            elif node.module and node.module.split(".")[0] == "harupan":
                out.append(node.module)
    return out


FILES = sorted(p for layer in ALLOWED for p in (PKG / layer).rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PKG)))
def test_layer_imports(path):
    layer = path.relative_to(PKG).parts[0]
    for mod in our_imports(path):
        parts = mod.split(".")
        if mod in ANYWHERE or len(parts) < 2:
            continue  # harupan/__init__ (version) is plain data
        target = parts[1]
        assert target in ALLOWED[layer], f"{path.relative_to(PKG)} imports {mod}: {layer} may not import {target}"


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
