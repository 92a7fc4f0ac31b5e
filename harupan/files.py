"""Reading a file harupan did not just make: a regular file only, and never more than a cap.

Every read of a site file, a kept part, a content file or a font goes through :func:`read_capped`
(or :func:`open_regular` for a caller that streams). The file is opened with ``O_NONBLOCK``, so
opening a FIFO returns at once instead of waiting for a writer; ``fstat`` on the open descriptor
then refuses anything but a regular file (a FIFO, a character or block device, a socket) before
a byte is read, so ``/dev/zero`` in a day's folder cannot fill the memory; and a regular file is
read to at most the cap of its kind (:data:`CAPS`), so a 50 MB file where a few kilobytes belong is
refused by its size, not parsed. A refusal is a :class:`FileRefused`: one line naming the file,
exit 2. The engine reads nothing, so it never imports this module (tests/test_imports.py).
"""

from __future__ import annotations

import enum
import os
import stat
from pathlib import Path

from .engine.errors import InputError

StrPath = str | os.PathLike[str]

KB = 1 << 10
MB = 1 << 20


class Kind(enum.Enum):
    """What a file is to harupan, which sets how much of it may be read (:data:`CAPS`)."""

    DAY = "a day's puzzle.json"
    MARK = "a marker file"
    RECORD = "a kept record"
    PAGE = "a published page or file"
    CONTENT = "a content file"
    FONT = "a font file"


# The caps, one place (docs/operating.md, "Input limits", is made from nothing else). Each is far
# above what harupan writes: a day's puzzle.json is tens of KB, a marker under 200 bytes, a kept
# part a few hundred KB, a page under 100 KB, a rule page's YAML a few KB, the fonts 4-5 MB.
CAPS: dict[Kind, int] = {
    Kind.DAY: 4 * MB,
    Kind.MARK: 64 * KB,
    Kind.RECORD: 16 * MB,
    Kind.PAGE: 8 * MB,
    Kind.CONTENT: 256 * KB,
    Kind.FONT: 64 * MB,
}


class FileRefused(InputError):
    """A file harupan will not read: not a regular file, or larger than its kind may be (exit 2)."""


def size_text(n: int) -> str:
    return f"{n // MB} MB" if n >= MB and n % MB == 0 else f"{n // KB} KB"


_KINDS_OF_FILE = {stat.S_IFDIR: "a folder", stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a character device",
                  stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket", stat.S_IFLNK: "a symbolic link"}


def what_is(mode: int) -> str:
    """A file type in words, for messages ("a FIFO", "a character device" ...)."""
    return _KINDS_OF_FILE.get(stat.S_IFMT(mode), "not a regular file")


def refused_kind(path: StrPath, mode: int, kind: Kind) -> FileRefused:
    return FileRefused(f"{str(path)!r} is {what_is(mode)}, not a regular file (harupan expects {kind.value} "
                       "there and reads only regular files): remove it and run again")


def refused_size(path: StrPath, size: int, kind: Kind) -> FileRefused:
    return FileRefused(f"{str(path)!r} is {size:,} bytes, larger than {size_text(CAPS[kind])} (the most "
                       f"{kind.value} may be); nothing was read")


def check_open(fd: int, path: StrPath, kind: Kind) -> os.stat_result:
    """The status of an open descriptor, a :class:`FileRefused` unless it is a regular file within the cap."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise refused_kind(path, st.st_mode, kind)
    if st.st_size > CAPS[kind]:
        raise refused_size(path, st.st_size, kind)
    return st


def open_regular(path: StrPath, kind: Kind, *, dir_fd: int | None = None, follow_links: bool = True) -> int:
    """A read-only descriptor of the regular file ``path`` (its name in ``dir_fd`` when given),
    opened without blocking and checked (:func:`check_open`). OSError as ``os.open`` raises it
    (missing: FileNotFoundError; a link with ``follow_links=False``: ELOOP). The caller closes it."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow_links else os.O_NOFOLLOW)
    fd = os.open(path if dir_fd is None else Path(path).name, flags, dir_fd=dir_fd)
    try:
        check_open(fd, path, kind)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_fd(fd: int, path: StrPath, kind: Kind) -> bytes:
    """All of an open descriptor's file, checked first (:func:`check_open`), never past the cap
    (a file that grows while it is read is refused too). The descriptor is closed."""
    try:
        check_open(fd, path, kind)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(CAPS[kind] + 1)
    finally:
        os.close(fd)
    if len(data) > CAPS[kind]:
        raise refused_size(path, len(data), kind)
    return data


def read_capped(path: StrPath, kind: Kind, *, dir_fd: int | None = None, follow_links: bool = True) -> bytes:
    """The bytes of the regular file ``path``: :func:`open_regular` then :func:`read_fd`."""
    return read_fd(open_regular(path, kind, dir_fd=dir_fd, follow_links=follow_links), path, kind)
