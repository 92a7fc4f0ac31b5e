"""The toy game of tests/toy_game (불 끄기, lights out on 3 × 3): a fourth game written as a newcomer
writes one, a file in each layer's place under its name and nothing else (docs/adding-a-game.md
shows its files). Two ways to add it: in this process, its modules loaded under the names they
would have in the package (:func:`load`); or as a copy of the package with its files in their
places and its name added to the catalog (:func:`package_with_toy`), the one line outside them."""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

TOY = Path(__file__).resolve().parent / "toy_game"
NAME = "lights"
MODULES = {"harupan.engine.lights": "engine/lights/__init__.py",
           "harupan.generator.games.lights": "generator/games/lights.py",
           "harupan.renderers.games.lights": "renderers/games/lights/__init__.py"}
CATALOG = "engine/catalog.py"
GAMES_LINE = re.compile(r"^GAMES = \((.*)\)$", re.M)  # the one line outside the toy's places


def files() -> list[Path]:
    """Every file of the toy, as a path inside the package (engine/lights/__init__.py, …)."""
    return sorted(p.relative_to(TOY) for p in TOY.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def load():
    """The toy's rules half and drawing half, its modules loaded in this process under their
    package names (their relative imports then reach the package's own modules)."""
    loaded = {}
    for name, path in MODULES.items():
        if name not in sys.modules:
            package = path.endswith("__init__.py")
            spec = importlib.util.spec_from_file_location(
                name, TOY / path, submodule_search_locations=[str((TOY / path).parent)] if package else None)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        loaded[name] = sys.modules[name]
    return loaded["harupan.generator.games.lights"].GAME, loaded["harupan.renderers.games.lights"].VIEW


def package_with_toy(into: Path) -> Path:
    """A copy of the harupan package under ``into`` with the toy's files in their places and its
    name added to the catalog's list of games: what a newcomer's change to a checkout is."""
    import harupan

    package = into / "harupan"
    shutil.copytree(Path(harupan.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__"))
    for rel in files():
        assert not (package / rel).exists(), f"the toy's {rel} would replace a file of the package"
        (package / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TOY / rel, package / rel)
    catalog = package / CATALOG
    text = catalog.read_text(encoding="utf-8")
    assert len(GAMES_LINE.findall(text)) == 1, "engine/catalog.py no longer lists the games on one line"
    catalog.write_text(GAMES_LINE.sub(lambda m: f'GAMES = ({m.group(1)}, "{NAME}")', text), encoding="utf-8")
    return into
