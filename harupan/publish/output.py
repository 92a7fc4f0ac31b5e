"""Where ``-o`` writes: a regular file or a new path, replaced atomically, or standard output.

* ``-o -`` writes the bytes to standard output.
* A new path, or an existing regular file: written to a temporary file in the same folder, then
  renamed over it (a reader sees the old file or the new one; an existing file keeps its mode).
* A symlink stays a symlink: the file it points to is replaced (same rules, in the target's
  folder). A dangling link creates its target.
* Anything else (a folder, a device such as ``/dev/full``, a FIFO, a socket) is refused with
  exit 2 before anything is rendered: writing a device is not "saving a file", and opening a
  FIFO waits for a reader that may never come.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from ..engine.errors import InputError
from .atomic import WriteError, write_atomic, write_error

STDOUT = "-"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def output_target(out: str) -> Path | None:
    """The file ``-o out`` will replace (a symlink's target), or None for standard output.
    Raises :class:`InputError` for anything but a regular file or a new path."""
    if out == STDOUT:
        return None
    if not out:
        raise InputError("output '' is empty; give a file name (or - for standard output)")
    path = Path(out)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise InputError(f"cannot use output {out!r}: {e.strerror or e}") from None
    linked = st is not None and stat.S_ISLNK(st.st_mode)
    if linked:
        path = Path(os.path.realpath(path))
        try:
            st = os.stat(path)
        except FileNotFoundError:
            st = None  # a dangling link: its target is created
        except OSError as e:
            raise InputError(f"cannot use output {out!r} (a link to {str(path)!r}): {e.strerror or e}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        where = f" (a link to {str(path)!r})" if linked else ""
        hint = "; give a file name" if stat.S_ISDIR(st.st_mode) else "; harupan writes only regular files (-o - for standard output)"
        raise InputError(f"output {out!r}{where} is {_kind(st.st_mode)}{hint}")
    if not path.parent.is_dir():
        raise InputError(f"output folder {str(path.parent)!r} does not exist")
    return path


def write_output(target: Path | None, data: bytes) -> None:
    """Write ``data`` to the target of :func:`output_target`."""
    if target is None:
        stream = getattr(sys.stdout, "buffer", None)
        try:
            if stream is not None:
                sys.stdout.flush()
                stream.write(data)
                stream.flush()
            else:  # a text-only stdout (a test harness, say)
                sys.stdout.write(data.decode("utf-8", "surrogateescape"))
                sys.stdout.flush()
        except OSError as e:
            raise WriteError(f"cannot write to standard output: {e.strerror or e}") from None
        return
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    except OSError as e:
        raise write_error(target, e) from None
    write_atomic(target, data, mode=mode)
