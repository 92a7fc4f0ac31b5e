"""``harupan shisen …``: generate, solve, hint and shuffle Shisen-sho layouts."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable

import click

from ...engine.shisen import Layout, decide, format_json, format_text, parse_any, shuffle
from ...engine.shisen.board import Pair
from ...engine.shisen.game import hint_from, legal_pairs
from ...engine.shisen.settings import DEFAULT_BUDGET, MAX_BUDGET
from ...engine.shisen.solver import LARGE_BOARD_BUDGET, SOLVED, UNSOLVABLE, TWIN_BITS
from ...engine.shisen.names import LEVELS_KO
from ...generator.games.shisen.layouts import DEFAULT_SIZE, DIFFICULTIES, SIZE_RULE, SIZES, generate
from ..base import DATE, emit_json, read_input

FORMATS = click.Choice(["text", "json"])
BUDGET_HELP = (f"Search nodes before giving up (exit 3), at most {MAX_BUDGET}. [default: {DEFAULT_BUDGET}; "
               f"{LARGE_BOARD_BUDGET} on boards whose padded size (width+3)x(height+2) is over {TWIN_BITS}, "
               "searched more slowly]")


@click.group("shisen")
def shisen() -> None:
    """Shisen-sho (사천성) layouts: generate, solve, hint, shuffle."""


@shisen.command("generate")
@click.option("--date", "day", type=DATE, required=True, help="The day, YYYY-MM-DD.")
@click.option("--size", default=DEFAULT_SIZE, show_default=True,
              help=f"Board size WxH; offered: {', '.join(SIZES)} (any other {SIZE_RULE}).")
@click.option("--difficulty", type=click.Choice(DIFFICULTIES), default="normal", show_default=True)
@click.option("--format", "fmt", type=FORMATS, default="json", show_default=True)
def generate_cmd(day: _dt.date, size: str, difficulty: str, fmt: str) -> None:
    """Deal the day's layout: proved solvable by the solver, graded by the traps it sets."""
    layout = generate(day, size, difficulty)
    click.echo(format_json(layout) if fmt == "json" else format_text(layout.board), nl=False)
    if (layout.difficulty or {}).get("in_band") is False:  # printed all the same, and said so
        click.echo(f"harupan: {size} {difficulty}: no deal of this size reached the {LEVELS_KO[difficulty]} band "
                   "(the bands are set for 144 tiles); this is the nearest solvable deal, marked in_band: false",
                   err=True)


def _pairs(order: Iterable[Pair]) -> list[list[list[int]]]:
    return [[list(a), list(b)] for a, b in order]


@shisen.command("solve")
@click.argument("file")
@click.option("--format", "fmt", type=FORMATS, default="json", show_default=True)
@click.option("--budget", type=click.IntRange(1, MAX_BUDGET), default=None,
              help=BUDGET_HELP)
@click.option("--explain", is_flag=True,
              help="Also show the solver's reasoning, a line per step (best on a small board); "
                   "with --format json, as the list \"explain\".")
@click.pass_context
def solve_cmd(ctx: click.Context, file: str, fmt: str, budget: int | None, explain: bool) -> None:
    """Solve FILE (text or JSON form, - for stdin). Exit 0 solved, 1 unsolvable, 3 undecided."""
    text, name = read_input(file)
    layout = parse_any(text, source=name)
    reasoning: list[str] = []
    result = decide(layout.board, budget, trace=reasoning.append if explain else None)
    if fmt == "text":
        for line in reasoning:
            click.echo(line)
    if fmt == "json":
        out: dict[str, object] = {"solvable": result.solvable, "nodes": result.nodes}
        if explain:
            out["explain"] = reasoning
        if result.status == SOLVED:
            out["solution"] = _pairs(result.solution or ())
        emit_json(out)
    else:
        click.echo(result.status)
        for i, (a, b) in enumerate(result.solution or (), 1):
            click.echo(f"{i}. {a[0]},{a[1]} - {b[0]},{b[1]}")
    ctx.exit({SOLVED: 0, UNSOLVABLE: 1}.get(result.status, 3))


@shisen.command("hint")
@click.argument("file")
@click.option("--budget", type=click.IntRange(1, MAX_BUDGET), default=None,
              help=BUDGET_HELP)
@click.pass_context
def hint_cmd(ctx: click.Context, file: str, budget: int | None) -> None:
    """A legal pair in FILE that keeps the board solvable, with its path's corner points.

    Exit 0 with a pair, or with "already cleared" for an empty board (nothing to do is not a
    failure); 1 only with a proof that no pair keeps the board solvable (shuffle); 3 when the
    solver could not decide within --budget (no advice either way)."""
    text, name = read_input(file)
    layout = parse_any(text, source=name)
    board = layout.board
    if board.count() == 0:
        emit_json({"pair": None, "path": None, "reason": "already cleared"})
        return
    pairs = legal_pairs(board)
    result = decide(board, budget) if pairs else None
    h = hint_from(board, pairs, result) if result is not None else None
    if h is not None:
        emit_json({"pair": [list(h.pair[0]), list(h.pair[1])], "path": [list(p) for p in h.path]})
        return
    # No hint: either a proof that the board cannot be cleared, or the solver gave up.
    if result is None or result.status == UNSOLVABLE:
        emit_json({"pair": None, "path": None, "reason": "no legal pair keeps this board solvable; shuffle"})
        ctx.exit(1)
    emit_json({"pair": None, "path": None, "reason": "undecided within budget", "nodes": result.nodes})
    ctx.exit(3)


@shisen.command("shuffle")
@click.argument("file")
@click.option("--seed", required=True, help="Seed string; the same board and seed give the same result.")
def shuffle_cmd(file: str, seed: str) -> None:
    """Rearrange FILE's remaining tiles into a solvable arrangement (harupan/shisen@1 JSON)."""
    text, name = read_input(file)
    layout = parse_any(text, source=name)
    result = shuffle(layout.board, seed)
    click.echo(format_json(Layout(result.board, layout.date, seed, result.solution)), nl=False)


COMMAND = shisen
