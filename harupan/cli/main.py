"""The ``harupan`` command: parse options, call one function, print, exit with the codes of docs/design.md, "Exit codes and bad input"."""

from __future__ import annotations

import click

from importlib.util import find_spec

from .. import __version__
from ..engine.catalog import GAMES
from .base import HarupanGroup

# Each command's module is imported only when that command runs (or help lists it): start-up
# counts in a bulk verify of claims, and the site's modules take a third of a second to import
# (bench/startup.py measures each).
LAZY_COMMANDS = {
    "daily": "harupan.cli.daily:daily",
    "prepare": "harupan.cli.daily:prepare_cmd",
    "render": "harupan.cli.render:render_cmd",
    "sheet": "harupan.cli.render:sheet_cmd",
    "rules": "harupan.cli.rules:rules_group",
    "site": "harupan.cli.daily:site_group",
}
# A game's own commands, ``harupan <game> …``: cli/games/<game>.py's COMMAND, where it has one.
LAZY_COMMANDS.update({name: f"{__package__}.games.{name}:COMMAND" for name in GAMES
                      if find_spec(f"{__package__}.games.{name}") is not None})


@click.group(cls=HarupanGroup, lazy_commands=LAZY_COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.version_option(__version__, prog_name="harupan")
def cli(debug: bool) -> None:
    """harupan (하루 판): daily tile puzzles, proved by a rules engine.

    Exit codes: 0 done; 1 a check failed (nothing published); 2 bad input or usage;
    3 a solver gave up within its budget.
    """




def main() -> None:
    cli()
