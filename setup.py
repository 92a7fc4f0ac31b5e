"""The build's one compiled part: the Shisen-sho solver's C twin (harupan/engine/shisen/_csolver.c).

Everything else is in pyproject.toml. The extension is optional: without a C compiler the install
still succeeds and the solver runs its pure-Python search (same answers, slower)."""

import sys

from setuptools import Extension, setup

# -O3 (on bench-deal-373, ~3% fewer instructions in the twin than -O2), no -march=native: the same
# results on any machine. -ffp-contract=off: the work counter (a double) must be summed exactly as
# Python sums it, never fused into a multiply-add.
flags = [] if sys.platform == "win32" else ["-O3", "-ffp-contract=off", "-std=c11"]

setup(ext_modules=[Extension("harupan.engine.shisen._csolver", ["harupan/engine/shisen/_csolver.c"],
                             extra_compile_args=flags, optional=True)])
