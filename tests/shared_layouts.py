"""Shisen-sho layouts dealt once per test run and shared, for the tests whose subject is not the
dealing: the sites that fixtures build for other tests to read, check or break, and the runs
that publish the same days over and over to test the writing.

Dealing a layout (dealt, proved, graded: about 5 s of CPU for a normal one) is most of what a
published day costs, and the suite publishes the same few dates in many places. The generator
is deterministic and tested on its own (tests/test_shisen_generator.py, tests/test_bundle.py),
so a layout dealt once in this run stands in for dealing it again: the first process that needs
(date, size, level) deals it for real and leaves it in the run's folder; the others read it.
Nothing is kept from one test run to the next.

Tests opt in, and only where the dealing is not what they test: a test that compares dealing in
worker processes with dealing in one (``prepare --jobs 2``), or times a run, or watches its
worker processes, deals afresh. A test that replaces the generator to prove it is not called
still sees its own replacement (it is set after this one). The generator's own tests always
deal, and leave what they dealt here (:func:`keep`) for the tests that come after them.

In a process of its own: ``python tests/shared_layouts.py ARGS`` is ``python -m harupan ARGS``
with the layouts shared through ``$HARUPAN_TEST_LAYOUTS``.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

ENV = "HARUPAN_TEST_LAYOUTS"


def _path(folder: Path, date, size, level) -> Path:
    return Path(folder) / f"{date}_{size}_{level}.pickle"


def _write(path: Path, layout) -> None:
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temp.write_bytes(pickle.dumps(layout))
    os.replace(temp, path)  # whole or not at all: a reader never sees half a file


def sharing(folder: Path, real):
    """``real`` (the generator's ``generate(date, size, level)``), each result kept in ``folder``."""
    def generate(date, size, level):
        path = _path(folder, date, size, level)
        try:
            return pickle.loads(path.read_bytes())
        except FileNotFoundError:
            layout = real(date, size, level)
            _write(path, layout)
            return layout

    return generate


def keep(folder: Path, date, size, level, layout) -> None:
    """``layout``, just dealt by a test of the dealing, left in ``folder`` for the tests that share
    (unless one is there already: it is the same layout)."""
    path = _path(folder, date, size, level)
    if not path.exists():
        _write(path, layout)


def install(folder: Path) -> None:
    """Share the layouts in this process (and the worker processes it forks)."""
    from harupan.generator.games import shisen

    shisen.generate = sharing(folder, shisen.generate)


if __name__ == "__main__":
    install(Path(os.environ[ENV]))
    from harupan.cli.main import main

    sys.argv[0] = "harupan"
    main()
