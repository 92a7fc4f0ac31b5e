"""The build's one compiled part: the Shisen-sho solver's C twin (harupan/engine/shisen/_csolver.c).

Everything else is in pyproject.toml. The extension is optional: without a C compiler the install
still succeeds and the solver runs its pure-Python search (same answers, slower)."""

import hashlib
import sys
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "harupan/engine/shisen/_csolver.c"

# -O3 (on bench-deal-373, ~3% fewer instructions in the twin than -O2), no -march=native: the same
# results on any machine. -ffp-contract=off: the work counter (a double) must be summed exactly as
# Python sums it, never fused into a multiply-add.
flags = [] if sys.platform == "win32" else ["-O3", "-ffp-contract=off", "-std=c11"]

# The source's SHA-256, built in: solver.py uses the twin only if it matches the _csolver.c beside it,
# so a checkout pulled after its build runs the Python search (and says so) instead of an old twin.
digest = hashlib.sha256((Path(__file__).parent / SOURCE).read_bytes()).hexdigest()

setup(ext_modules=[Extension("harupan.engine.shisen._csolver", [SOURCE], extra_compile_args=flags,
                             define_macros=[("CSOLVER_SOURCE_SHA256", f'"{digest}"')], optional=True)])
