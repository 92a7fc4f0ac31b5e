"""The click group every command hangs from, and the helpers commands share.

It turns our errors and click's usage errors into one line on stderr with the exit code of
docs/design.md, "Exit codes and bad input" (2 bad input, 1 failed check), so no command prints a traceback unless --debug.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib
import itertools
import json
import os
import re
import stat
import sys
import tempfile
import traceback
from collections.abc import Iterator, Sequence
from typing import Any, BinaryIO, cast

import click

from ..engine.dates import parse_date
from ..engine.errors import HarupanError, InputError
from ..publish import notes


class HarupanGroup(click.Group):
    def __init__(self, *args: Any, lazy_commands: dict[str, str] | None = None, **kwargs: Any) -> None:
        # Any: click's own arguments, passed on as they come
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy_commands and name not in self.commands:
            module, attr = self.lazy_commands[name].split(":")
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,  # type: ignore[override]
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> int:  # Any: click's own keyword arguments, passed on
        # click's main() returns whatever the command did; ours, the exit code (always)
        argv = list(sys.argv[1:] if args is None else args)
        debug = "--debug" in argv
        notes.STAMPED = False
        try:
            rv = super().main(args=argv, prog_name=prog_name, complete_var=complete_var,
                              standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("harupan: aborted", err=True)
            rv = 1
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help() if e.ctx else e.format_message())
            rv = 2
        except click.exceptions.ClickException as e:  # a usage error: stamped too in a cron command
            click.echo(f"{notes.stamp()}harupan: {e.format_message()}", err=True)
            rv = e.exit_code
        except HarupanError as e:
            if debug:
                traceback.print_exc()
            for problem in getattr(e, "problems", None) or [str(e)]:
                click.echo(f"{notes.stamp()}harupan: {_one_line(problem)}", err=True)
            rv = e.exit_code
        except OSError as e:
            if debug:
                traceback.print_exc()
            where = f" {e.filename!r}" if getattr(e, "filename", None) else ""
            click.echo(f"{notes.stamp()}harupan: cannot access{where}: {_one_line(e.strerror or str(e))}", err=True)
            rv = 2
        except RecursionError:  # input nested deeper than any parser here goes
            if debug:
                traceback.print_exc()
            click.echo(f"{notes.stamp()}harupan: the input is nested too deeply", err=True)
            rv = 2
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


class DateParam(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2; plain before
    """YYYY-MM-DD on the command line, made a ``datetime.date`` here, once; later layers never
    parse it again. A bad date is our one-line input error (exit 2), like every other."""

    name = "YYYY-MM-DD"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> datetime.date:
        if isinstance(value, datetime.date):
            return value
        try:
            return parse_date(value)
        except InputError as e:
            option = param.opts[0] if param is not None and param.opts else "the command line"
            raise InputError(f"{e} (given to {option})") from None


DATE = DateParam()


class StampedCommand(click.Command):
    """A command for unattended runs (cron): every line it writes to stderr starts with the time,
    from the first one, even when it is about a bad option such as --date."""

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:  # Any: click's own arguments
        notes.STAMPED = True
        return super().make_context(*args, **kwargs)


QUOTE_LIMIT = 80  # characters of bad input an error line may quote
_QUOTED = re.compile(r"""'(?:[^'\\]|\\.){%d,}?'|"(?:[^"\\]|\\.){%d,}?"|\S{%d,}""" % (QUOTE_LIMIT + 1, QUOTE_LIMIT + 1, 2 * QUOTE_LIMIT))  # noqa: UP031 (a regex's braces)


def counted(n: int, noun: str) -> str:
    """'1 day', '2 days': the count and its noun for a summary line."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _is_path(text: str) -> bool:
    """A file name harupan was given or made (a folder above it exists, other than / itself):
    not input to be cut."""
    if len(text) >= 4096 or "/" not in text.strip("/"):
        return False
    try:
        parent = os.path.dirname(text.rstrip("/"))
        while parent not in ("", "/", "."):
            if os.path.isdir(parent):
                return True
            parent = os.path.dirname(parent)
    except (OSError, ValueError):
        pass
    return False


def _clip(m: re.Match[str]) -> str:
    text: str = m.group(0)
    quoted = text[0] in "'\"" and text[-1] == text[0]
    if _is_path(text[1:-1] if quoted else text):
        return text
    if quoted:
        return text[: QUOTE_LIMIT + 1] + "…" + text[0] + f" ({len(text) - 2:,} characters)"
    return text[:QUOTE_LIMIT] + f"… ({len(text):,} characters)"


def _one_line(text: str) -> str:
    """One line, with any quoted input (or any run without spaces) cut to 80 characters: an
    error about a 100 MB token must not print it."""
    if len(text) > 100_000:  # inputs are size-limited before parsing; this is the last guard
        text = text[:50_000] + " … " + text[-1_000:]
    return _QUOTED.sub(_clip, " ".join(text.split()))


# Input size limits, checked before anything is parsed (docs/design.md, "Exit codes and bad input": exit 2).
MB = 1 << 20
BOARD_LIMIT = 1 * MB  # a Shisen-sho board, a zodiac start: a few kilobytes in practice
LINE_LIMIT = 1 * MB  # one claim of zodiac verify (a full game is a few thousand letters)
CLAIMS_LIMIT = 64 * MB  # a whole zodiac verify file: tens of thousands of full games


def _size(n: int) -> str:
    return f"{n // MB} MB" if n >= MB and n % MB == 0 else f"{n // 1024} KB"


def open_input(path: str, limit: int) -> tuple[BinaryIO, str]:
    """A binary stream of FILE (``-`` for stdin) and a name for messages; a regular file larger
    than ``limit`` is refused before it is read."""
    if path == "-":
        return cast(BinaryIO, getattr(sys.stdin, "buffer", sys.stdin)), "<stdin>"
    try:
        f = open(path, "rb")
    except OSError as e:
        raise InputError(f"cannot access {path!r}: {e.strerror or e}") from None
    try:
        st = os.fstat(f.fileno())
    except OSError as e:
        f.close()
        raise InputError(f"cannot read {path!r}: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        f.close()
        raise InputError(f"{path!r} is a folder, not a file")
    if stat.S_ISREG(st.st_mode) and st.st_size > limit:
        f.close()
        raise InputError(f"{path}: {st.st_size:,} bytes is more than the {_size(limit)} limit; nothing was read")
    return f, path


def _decode(data: bytes, name: str, where: str = "") -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{name}{where}: not UTF-8 text (byte {e.start + 1})") from None


def read_input(path: str, limit: int = BOARD_LIMIT) -> tuple[str, str]:
    """The text of FILE (``-`` for stdin) and a name for error messages; at most ``limit`` bytes."""
    stream, name = open_input(path, limit)
    try:
        data = stream.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot read {name!r}: {e.strerror or e}") from None
    finally:
        if name != "<stdin>":
            stream.close()
    if len(data) > limit:
        raise InputError(f"{name}: more than the {_size(limit)} limit; stopped reading there")
    return _decode(data, name), name


def read_lines(path: str, line_limit: int = LINE_LIMIT, total_limit: int = CLAIMS_LIMIT, *,
               shown: str | None = None) -> Iterator[tuple[int, str]]:
    """(line number, text) for each line of FILE, each at most ``line_limit`` bytes and all of
    them at most ``total_limit``; read a line at a time. ``shown``: the name messages give it."""
    stream, name = open_input(path, total_limit)
    name = shown or name
    total = 0
    try:
        for number in itertools.count(1):
            try:
                line = stream.readline(line_limit + 2)
            except OSError as e:
                raise InputError(f"cannot read {name!r}: {e.strerror or e}") from None
            if not line:
                return
            total += len(line)
            body = line.rstrip(b"\r\n")
            if len(body) > line_limit:
                raise InputError(f"{name}:{number}: the line is longer than the {_size(line_limit)} limit")
            if total > total_limit:
                raise InputError(f"{name}: more than the {_size(total_limit)} limit; stopped at line {number}")
            yield number, _decode(body, name, f":{number}")
    finally:
        if path != "-":
            stream.close()


@contextlib.contextmanager
def rereadable(path: str, limit: int = CLAIMS_LIMIT) -> Iterator[str]:
    """A path that can be read twice for FILE: the file itself, or for ``-`` a temporary copy of
    standard input (at most ``limit`` bytes), removed after."""
    if path != "-":
        yield path
        return
    stream = cast(BinaryIO, getattr(sys.stdin, "buffer", sys.stdin))
    with tempfile.NamedTemporaryFile(prefix="harupan-stdin-") as copy:
        total = 0
        while chunk := stream.read(1 << 20):
            total += len(chunk)
            if total > limit:
                raise InputError(f"<stdin>: more than the {_size(limit)} limit")
            copy.write(chunk)
        copy.flush()
        yield copy.name


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, separators=(", ", ": ")))
