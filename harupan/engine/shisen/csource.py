"""The C search's source files, and the digest each compiled form carries of the files it was built
from: the CPython twin (``_csolver``, built by setup.py) and the browser's WebAssembly module
(built by ``harupan/renderers/games/shisen/build_wasm.py``). A build whose digest differs from the
files beside it is not used (the twin) or fails its test (the module). setup.py loads this file by
path, so it imports nothing of the package."""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORE = ("solver_core.h", "solver_core.c")  # the search itself: no Python, no I/O, no clock
TWIN = (*CORE, "_csolver.c")  # with the CPython binding
MODULE = (*CORE, "solver_wasm.c")  # with the WebAssembly binding


def digest(names: tuple[str, ...], folder: Path = HERE) -> str:
    """SHA-256 over each file's name and bytes, in the given order."""
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return h.hexdigest()
