"""The Shisen-sho search's settings, once: the solver (solver.py) reads them and hands them to the
compiled twin with each search, and the browser's WebAssembly module gets them in the site's
script bundle (renderers/games/shisen, ``browser_data``), so the C search holds no copy of one.
Each was chosen by measurement on the bench's deal sets (bench/shisen.py; the figures are in
docs/benchmarks.md)."""

from __future__ import annotations

#: The first run (in plain order) probes only the group it branches on: most deals are solved
#: there, fast. Later runs probe PROBE_GROUPS groups one step deep before branching.
FIRST_RUN_PROBE = 1
PROBE_GROUPS = 12
#: Nodes per unit of the Luby sequence of restarts.
RESTART_UNIT = 80
#: Floods a try to put a kind back whole in a dead end's core may spend (solver.py, stuck_core).
UNPAIR_FLOODS = 30
#: Work units (floods and tiles looked at, weighted by the board's size against 18x8's) allowed per
#: node of the budget: nodes alone do not bound the time on a big board, work does, with no clock.
WORK_PER_NODE = 200
WORK_BOARD = 21 * 10  # the padded bitboard of 18x8: the unit board
WORK_SLACK = 10  # nodes' worth of work added to every budget, for the root's own relaxation
#: Random games tried after run r, times luby(r): a game costs a fraction of a node's time and
#: often finds a clearing order no proof needs.
PLAYOUTS = 32
#: The node budget of a solve given none, on a board the compiled search's masks hold (18x8 and
#: smaller: solver.default_budget): room for the hardest fresh 18x8 deals of the solver bench. The
#: command line and the browser's hint both use it, so the two decide the same positions.
DEFAULT_BUDGET = 15_000
#: The most nodes a command may ask for (``--budget``): ten times the default, well past what
#: any bench deal needs, so a mistyped 1e9 cannot run for minutes and fill the memory.
MAX_BUDGET = 10 * DEFAULT_BUDGET
#: A shuffle's tries share one solve's work; the same budget in the command line and the browser
#: makes the same arrangement.
SHUFFLE_BUDGET = 3_000

#: What the browser's search reads (HARUPAN_DATA.shisen.search in harupan.js).
BROWSER_SETTINGS = {"firstRunProbe": FIRST_RUN_PROBE, "probeGroups": PROBE_GROUPS, "restartUnit": RESTART_UNIT,
                    "unpairFloods": UNPAIR_FLOODS, "workPerNode": WORK_PER_NODE, "workBoard": WORK_BOARD,
                    "workSlack": WORK_SLACK, "playouts": PLAYOUTS, "defaultBudget": DEFAULT_BUDGET,
                    "shuffleBudget": SHUFFLE_BUDGET}
