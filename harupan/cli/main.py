"""The ``harupan`` command: parse options, call one function, print, exit with the codes of docs/design.md, "Exit codes and bad input"."""

from __future__ import annotations

import click

from .. import __version__
from .base import HarupanGroup

# Each command's module is imported only when that command runs (or help lists it): start-up
# counts in a bulk ``zodiac verify``, and the site's modules take a third of a second to import.
LAZY_COMMANDS = {
    "shisen": "harupan.cli.shisen:shisen",
    "daily": "harupan.cli.daily:daily",
    "prepare": "harupan.cli.daily:prepare_cmd",
    "zodiac": "harupan.cli.zodiac:zodiac",
    "render": "harupan.cli.render:render_cmd",
    "sheet": "harupan.cli.render:sheet_cmd",
    "rules": "harupan.cli.rules:rules_group",
    "site": "harupan.cli.daily:site_group",
}


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
