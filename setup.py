"""The build's one compiled part: the Shisen-sho solver's C twin, the C search
(harupan/engine/shisen/solver_core.c) with its CPython binding (_csolver.c).

Everything else is in pyproject.toml. The extension is optional: without a C compiler the install
still succeeds and the solver runs its pure-Python search (same answers, slower). The browser's
WebAssembly build of the same search ships ready-made (harupan/renderers/games/shisen/build_wasm.py)."""

import importlib.util
import sys
from pathlib import Path

from setuptools import Extension, setup

FOLDER = "harupan/engine/shisen"

# csource.py names the files and hashes them; loaded by path (importing the package would import
# its dependencies, which the build need not have).
spec = importlib.util.spec_from_file_location("csource", Path(__file__).parent / FOLDER / "csource.py")
assert spec is not None and spec.loader is not None
csource = importlib.util.module_from_spec(spec)
spec.loader.exec_module(csource)

# -O3 (on bench-deal-373, ~3% fewer instructions in the twin than -O2), no -march=native: the same
# results on any machine. -ffp-contract=off: the work counter (a double) must be summed exactly as
# Python sums it, never fused into a multiply-add.
flags = [] if sys.platform == "win32" else ["-O3", "-ffp-contract=off", "-std=c11"]

# The sources' SHA-256, built in: solver.py uses the twin only if it matches the sources beside it,
# so a checkout pulled after its build runs the Python search (and says so) instead of an old twin.
digest = csource.digest(csource.TWIN, Path(__file__).parent / FOLDER)

setup(ext_modules=[Extension("harupan.engine.shisen._csolver", [f"{FOLDER}/_csolver.c", f"{FOLDER}/solver_core.c"],
                             depends=[f"{FOLDER}/solver_core.h"], extra_compile_args=flags,
                             define_macros=[("CSOLVER_SOURCE_SHA256", f'"{digest}"')], optional=True)])
