"""The ``harupan`` command: parse options, call one function, print, exit with DESIGN.md §7 codes."""

from __future__ import annotations

import click

from .. import __version__
from .base import HarupanGroup
from .daily import daily, prepare_cmd, site_group
from .shisen import shisen
from .zodiac import zodiac
from .render import render_cmd, sheet_cmd
from .rules import rules_group


@click.group(cls=HarupanGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.version_option(__version__, prog_name="harupan")
def cli(debug: bool) -> None:
    """harupan (하루 판): daily tile puzzles, proved by a rules engine.

    Exit codes: 0 done; 1 a check failed (nothing published); 2 bad input or usage;
    3 a solver gave up within its budget.
    """


cli.add_command(shisen)
cli.add_command(daily)
cli.add_command(prepare_cmd)
cli.add_command(zodiac)
cli.add_command(render_cmd)
cli.add_command(sheet_cmd)
cli.add_command(rules_group)
cli.add_command(site_group)


def main() -> None:
    cli()
