"""``harupan zodiac …``: the day's start, replays, bulk verification of claims, and the par."""

from __future__ import annotations

import datetime as _dt
import json
import itertools
from collections.abc import Iterator, Sequence

import click

from ...engine.errors import InputError
from ...engine.schema import json_problem
from ...engine.zodiac import FORMAT, NAMES_KO, Draws, Game, parse_start, replay, seed_for, start_cells
from ...engine.dates import parse_date
from ..base import DATE, emit_json, read_lines, rereadable

FORMATS = click.Choice(["text", "json"])


@click.group("zodiac")
def zodiac() -> None:
    """Zodiac merge (십이지 머지): start, replay, verify, par."""


def grid_text(cells: Sequence[int]) -> str:
    """A 4×4 grid with Korean animal names; · for an empty cell. Full-width padding keeps
    columns aligned in a terminal."""
    rows = []
    for r in range(4):
        names = [(NAMES_KO[v] if v else "·").ljust(3, "\u3000") for v in cells[4 * r:4 * r + 4]]
        rows.append(" ".join(names).rstrip())
    return "\n".join(rows)


@zodiac.command("start")
@click.option("--date", "day", type=DATE, required=True, help="The day, YYYY-MM-DD.")
@click.option("--format", "fmt", type=FORMATS, default="json", show_default=True)
def start_cmd(day: _dt.date, fmt: str) -> None:
    """The day's start board (two spawns on an empty board, protocol v1)."""
    cells = start_cells(day)
    if fmt == "json":
        emit_json({"format": FORMAT, "date": day.isoformat(), "seed": seed_for(day), "start": cells})
    else:
        click.echo(f"십이지 머지 · {day.isoformat()}")
        click.echo(grid_text(cells))


@zodiac.command("replay")
@click.option("--date", "day", type=DATE, default=None, help="Replay the day's game (YYYY-MM-DD).")
@click.option("--seed", default=None, help="Or replay from this seed string.")
@click.option("--start", "start", default=None, help="With --seed: 16 comma-separated ranks to start from.")
@click.option("--moves", required=True, help="Move letters, e.g. LLURD (U D L R).")
@click.option("--format", "fmt", type=FORMATS, default="json", show_default=True)
def replay_cmd(day: _dt.date | None, seed: str | None, start: str | None, moves: str, fmt: str) -> None:
    """Replay move letters; prints the final board, score, counted moves, state and top rank."""
    if (day is None) == (seed is None):
        raise InputError("give exactly one of --date or --seed")
    if start is not None and seed is None:
        raise InputError("--start goes with --seed (a date has its own start)")
    result = replay(moves, date=day, seed=seed, start=parse_start(start) if start else None)
    if fmt == "json":
        emit_json(result.to_dict())
    else:
        click.echo(grid_text(result.board))
        click.echo(f"점수 {result.score} · {result.counted}수 · {result.state} · 최고 {NAMES_KO[result.top] or '-'}")


def _parse_claim(line: str, number: int, name: str) -> tuple[_dt.date, str, int]:
    where = f"{name}:{number}"
    try:
        data = json.loads(line)
    except json.JSONDecodeError as e:
        raise InputError(f"{where}: invalid JSON ({e.msg})") from None
    except (ValueError, RecursionError) as e:  # a number too long to convert, arrays nested too deep
        raise InputError(f"{where}: invalid JSON ({json_problem(e)})") from None
    if not isinstance(data, dict):
        raise InputError(f"{where}: expected an object with date, moves and score")
    missing = [k for k in ("date", "moves", "score") if k not in data]
    if missing:
        raise InputError(f"{where}: missing {', '.join(missing)}")
    date, moves, score = data["date"], data["moves"], data["score"]
    if not isinstance(date, str):
        raise InputError(f"{where}: date must be a string")
    try:
        day = parse_date(date)
    except InputError as e:
        raise InputError(f"{where}: {e}") from None
    if not isinstance(moves, str):
        raise InputError(f"{where}: moves must be a string of U D L R")
    if not isinstance(score, int) or isinstance(score, bool):
        raise InputError(f"{where}: score must be an integer")
    return day, moves, score


# A day's draws are made ahead for at most this many spawns (a game that reaches the pig makes
# about 1,900); a longer game makes the rest as it goes.
DRAWS_AHEAD = 4096
# Days whose draws are kept at once: their RNGs run side by side (see ``Draws.many``), and a file
# naming thousands of days still holds only this many days' draws.
DAYS_AT_ONCE = 64


def verify_claims(claims: list[tuple[_dt.date, str, int]]) -> list[dict[str, object]]:
    """Every claim (date, moves, score) replayed and judged, in order. Days are taken 64 at a
    time, days that need about as many draws together; their draws are made once for all their
    claims and dropped when those are checked."""
    by_day: dict[_dt.date, list[int]] = {}
    for i, (date, _, _) in enumerate(claims):
        by_day.setdefault(date, []).append(i)
    need = {day: min(max(len(claims[i][1]) for i in at), DRAWS_AHEAD) for day, at in by_day.items()}
    days = sorted(by_day, key=need.__getitem__)
    verdicts: dict[int, dict[str, object]] = {}
    for first in range(0, len(days), DAYS_AT_ONCE):
        group = days[first:first + DAYS_AT_ONCE]
        bases = [Game.for_date(day) for day in group]
        draws = Draws.many([g.rng for g in bases], [need[day] for day in group], batch=DAYS_AT_ONCE)
        for day, base, day_draws in zip(group, bases, draws):
            for i in by_day[day]:
                verdicts[i] = verify_claim(base, day_draws, claims[i][1], claims[i][2])
    return [verdicts[i] for i in range(len(claims))]


def verify_claim(base: Game, draws: Draws, moves: str, score: int) -> dict[str, object]:
    """Replay one claim from its day's start ``base``, whose RNG makes ``draws``."""
    game = base.copy()
    error = None
    try:
        game.play(moves, draws=draws)
    except InputError as e:
        error = str(e)
    res = game.result()
    out = {"valid": error is None and res.score == score, "score": res.score, "state": res.state, "top": res.top}
    if error is not None:
        out["error"] = error
    elif res.score != score:
        out["error"] = f"claimed score {score}, replay gives {res.score}"
    return out


CHUNK = 20_000  # claims replayed and printed at a time, so memory does not grow with the file


def _claims(path: str, name: str) -> Iterator[tuple[_dt.date, str, int]]:
    """Every claim of the file, parsed (blank lines skipped); InputError at a malformed line."""
    for n, line in read_lines(path, shown=name):
        if line.strip():
            yield _parse_claim(line, n, name)


@zodiac.command("verify")
@click.argument("file")
@click.pass_context
def verify_cmd(ctx: click.Context, file: str) -> None:
    """Check claimed results in bulk: FILE holds JSON lines {"date", "moves", "score"} (- for stdin).

    One JSON line out per claim, in order. Exit 0 if all are valid, 1 if any is false, 2 if a
    line is malformed or the file holds no claim (nothing is checked then). Limits: 1 MB a line,
    64 MB a file. The file is read twice (every line parsed first, then the claims replayed a
    batch at a time), so memory stays the same however many lines it holds."""
    name = "<stdin>" if file == "-" else file
    with rereadable(file) as path:
        count = sum(1 for _ in _claims(path, name))  # a malformed line stops everything before any output
        if count == 0:
            raise InputError(f"{name}: no claims to check (the file has no line but blank ones)")
        all_valid = True
        claims = _claims(path, name)
        while batch := list(itertools.islice(claims, CHUNK)):
            verdicts = verify_claims(batch)
            all_valid = all_valid and all(r["valid"] for r in verdicts)
            click.echo("\n".join(json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) for r in verdicts))
    ctx.exit(0 if all_valid else 1)


@zodiac.command("par")
@click.option("--date", "day", type=DATE, required=True, help="The day, YYYY-MM-DD.")
@click.option("--format", "fmt", type=FORMATS, default="json", show_default=True)
@click.option("--timings", is_flag=True, help="Also say on stderr how long the bot took (the output itself has no clock).")
def par_cmd(day: _dt.date, fmt: str, timings: bool) -> None:
    """The par: the expectimax bot plays the day's real game to its end. The same date always
    prints the same output."""
    # the bot brings every game's rules half (the registry), 140 ms (bench/startup.py): imported
    # here, the other commands (a bulk verify above all) start without it
    from ...generator.games.zodiac.bot import par

    result = par(day)
    if fmt == "json":
        emit_json(result.to_dict())
    else:
        click.echo(f"{result.state} · 최고 {NAMES_KO[result.top]} · 점수 {result.score} · "
                   f"{len(result.moves)}수")
        click.echo(result.moves)
    if timings:
        click.echo(f"par {day.isoformat()}: {result.seconds:.3f} s", err=True)


COMMAND = zodiac
