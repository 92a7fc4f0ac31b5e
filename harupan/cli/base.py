"""The click group every command hangs from, and the helpers commands share.

It turns our errors and click's usage errors into one line on stderr with the exit code of
DESIGN.md §7 (2 bad input, 1 failed check), so no command prints a traceback unless --debug.
"""

from __future__ import annotations

import json
import sys
import traceback

import click

from ..engine.errors import HarupanError


class HarupanGroup(click.Group):
    def __init__(self, *args, lazy_commands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx, name):
        if name in self.lazy_commands and name not in self.commands:
            import importlib

            module, attr = self.lazy_commands[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        debug = "--debug" in argv
        try:
            rv = super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                              standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("harupan: aborted", err=True)
            rv = 1
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help() if e.ctx else e.format_message())
            rv = 2
        except click.exceptions.ClickException as e:
            click.echo(f"harupan: {e.format_message()}", err=True)
            rv = e.exit_code
        except HarupanError as e:
            if debug:
                traceback.print_exc()
            for problem in getattr(e, "problems", None) or [str(e)]:
                click.echo(f"harupan: {_one_line(problem)}", err=True)
            rv = e.exit_code
        except OSError as e:
            if debug:
                traceback.print_exc()
            where = f" {e.filename!r}" if getattr(e, "filename", None) else ""
            click.echo(f"harupan: cannot access{where}: {e.strerror or e}", err=True)
            rv = 2
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _one_line(text: str) -> str:
    return " ".join(text.split())


def read_input(path: str) -> tuple[str, str]:
    """The text of FILE (``-`` for stdin) and a name for error messages."""
    if path == "-":
        with click.open_file("-", "r", encoding="utf-8") as stream:
            return stream.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    except UnicodeDecodeError:
        raise HarupanError(f"{path}: not UTF-8 text") from None


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, separators=(", ", ": ")))
