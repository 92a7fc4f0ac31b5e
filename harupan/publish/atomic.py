"""Writes that never leave a half-written file, and fail with one line naming the file.

A file is written to a temporary file beside it, flushed and fsynced, then moved into place with
``os.replace``: a killed run leaves the old file or the new one, nothing between.

Every byte this package writes goes through :func:`put_bytes` (the fault-injection tests make it
fail at the N-th call). Every failed write (a full disk, a read-only file system, no permission,
an I/O error) becomes a :class:`WriteError` naming the file, so the run ends with exit code 2 and
one line.

:class:`Transaction` groups the writes of one site update so that a failure puts back what it
had replaced: before a file is replaced, its old version is kept as a hard link beside it
(``.NAME.old``, no extra space), and a rollback renames it back. Renames need no free blocks, so
a rollback works on a full disk. Temporary names inside a site are fixed (``.NAME.tmp``): a run
killed mid-write leaves at most that name, which the next write of the same file reuses, and
nothing ever deletes files by pattern.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Literal

from ..engine.errors import InputError


class WriteError(InputError):
    """A file could not be written (exit 2), with the file's name."""


def write_error(path, e: OSError, what: str = "write") -> WriteError:
    return WriteError(f"cannot {what} {str(path)!r}: {e.strerror or e}")


def ensure_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create output folder {str(path)!r}: {e.strerror or e}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"output folder {str(path)!r} is not writable")


def put_bytes(path, data: bytes, *, exclusive: bool = False) -> None:
    """Create (or truncate) ``path`` and write ``data`` to it, flushed to disk. The one function
    that writes file contents; it never follows a symlink at ``path``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = os.open(path, flags, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def same_bytes(path: Path, data: bytes) -> bool:
    """True if ``path`` is a regular file holding exactly ``data``. Only a regular file of the
    right size is read, so a device or FIFO in its place is never read (``/dev/zero`` never ends)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as e:
        raise write_error(path, e, "read") from None
    if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
        return False
    try:
        with open(path, "rb") as f:
            return f.read(len(data) + 1) == data
    except OSError as e:
        raise write_error(path, e, "read") from None


def _unlink_quietly(path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_atomic(path: Path, data: bytes, *, mode: int = 0o644) -> bool:
    """Write ``data`` to ``path`` atomically (a random temporary name beside it, for paths that
    other processes may write at the same time). Returns False (and writes nothing) if the file
    already holds exactly these bytes, so re-runs leave timestamps alone."""
    path = Path(path)
    ensure_dir(path.parent)
    if same_bytes(path, data):
        return False
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
    except OSError as e:
        raise write_error(path, e) from None
    _move_in(Path(tmp), path, data, mode, fresh=False)
    return True


def _put_fresh(tmp: Path, data: bytes) -> None:
    """Write ``data`` to a fixed temporary name as a new file: whatever is there first (a killed
    run's file, or a link or FIFO put in its place) is removed, never written through or opened."""
    _unlink_quietly(tmp)
    put_bytes(tmp, data, exclusive=True)


def _move_in(tmp: Path, path: Path, data: bytes, mode: int, *, fresh: bool) -> None:
    """Write ``data`` to ``tmp`` (as a new file if ``fresh``), give it ``mode`` and rename it to
    ``path``; on any failure remove ``tmp`` (a failed write is a :class:`WriteError` naming ``path``)."""
    try:
        if fresh:
            _put_fresh(tmp, data)
        else:
            put_bytes(tmp, data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as e:
        _unlink_quietly(tmp)
        raise write_error(path, e) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def write_locked(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through its fixed temporary name (``.NAME.tmp``), for a file only
    the holder of a lock writes: a run killed mid-write leaves that one name, which the next write
    of the file removes first and which :func:`drop_temp` removes."""
    path = Path(path)
    ensure_dir(path.parent)
    _move_in(temp_name(path), path, data, 0o644, fresh=True)


def drop_temp(path: Path) -> None:
    """Remove what a killed :func:`write_locked` of ``path`` left, by its name."""
    _unlink_quietly(temp_name(Path(path)))


def temp_name(path: Path) -> Path:
    return path.parent / f".{path.name}.tmp"


def old_name(path: Path) -> Path:
    return path.parent / f".{path.name}.old"


class Transaction:
    """Writes inside a locked site folder that can be undone together (see the module's docstring).

    ``write`` replaces one file; ``rollback`` puts every replaced file back (and removes the new
    ones and the folders it made); ``commit`` drops the kept old versions. Used as a context
    manager it commits on success and rolls back on any exception."""

    def __init__(self) -> None:
        self.done: dict[Path, Path | None] = {}  # file → its kept old version or None, in order
        self.made_dirs: list[Path] = []
        self.folders: list[tuple[Path, tuple[str, ...]]] = []  # folders renamed into place

    def mkdir(self, folder: Path) -> None:
        missing = []
        p = Path(folder)
        while not p.exists():
            missing.append(p)
            p = p.parent
        for d in reversed(missing):
            try:
                d.mkdir()
            except FileExistsError:
                continue
            except OSError as e:
                raise write_error(d, e, "create folder") from None
            self.made_dirs.append(d)

    def write(self, path: Path, data: bytes) -> bool:
        path = Path(path)
        self.mkdir(path.parent)
        if same_bytes(path, data):
            if path not in self.done:  # what a killed run left beside it goes
                _unlink_quietly(temp_name(path))
                _unlink_quietly(old_name(path))
            return False
        tmp = temp_name(path)
        try:
            _put_fresh(tmp, data)
        except OSError as e:
            _unlink_quietly(tmp)
            raise write_error(path, e) from None
        old = None
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        except OSError as e:
            _unlink_quietly(tmp)
            raise write_error(path, e) from None
        if st is not None and stat.S_ISREG(st.st_mode):
            old = old_name(path)
            _unlink_quietly(old)  # left by a killed run
            try:
                os.link(path, old)
            except OSError:
                old = None  # no hard links here (a FAT stick, say): this file cannot be put back
        elif st is not None:
            _unlink_quietly(tmp)
            raise InputError(f"{str(path)!r} is not a regular file; harupan will not replace it")
        try:
            os.replace(tmp, path)
        except OSError as e:
            _unlink_quietly(tmp)
            if old is not None:
                _unlink_quietly(old)
            raise write_error(path, e) from None
        self.done[path] = old
        return True

    def adopt_folder(self, folder: Path, names: tuple[str, ...]) -> None:
        """Record a folder renamed into place holding ``names``, for the rollback to remove."""
        self.folders.append((Path(folder), tuple(names)))

    def rollback(self) -> list[str]:
        """Undo every write, newest first; returns what could not be undone (rarely anything)."""
        failed = []
        for path, old in reversed(self.done.items()):
            try:
                if old is not None:
                    os.replace(old, path)
                else:
                    os.unlink(path)
            except OSError as e:
                failed.append(f"{path}: {e.strerror or e}")
        for folder, names in reversed(self.folders):
            try:
                remove_named(folder, names)
            except OSError as e:
                failed.append(f"{folder}: {e.strerror or e}")
        for d in reversed(self.made_dirs):
            try:
                d.rmdir()
            except OSError:
                pass
        self.done.clear()
        self.made_dirs.clear()
        self.folders.clear()
        return failed

    def commit(self) -> None:
        for old in self.done.values():
            if old is not None:
                _unlink_quietly(old)
        self.done.clear()
        self.made_dirs.clear()
        self.folders.clear()

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind, exc, tb) -> Literal[False]:
        if kind is None:
            self.commit()
            return False
        failed = self.rollback()
        if failed and isinstance(exc, InputError):
            exc.args = (f"{exc.args[0]}; could not put back {failed[0]}",)
        return False


def remove_named(folder: Path, names) -> None:
    """Remove ``folder`` holding only files we name: each of ``names`` (and its temporary and old
    names) is unlinked, then the folder is removed, which fails if anything else is left in it."""
    for name in names:
        for p in (folder / name, temp_name(folder / name), old_name(folder / name)):
            try:
                os.unlink(p)
            except FileNotFoundError:
                pass
    folder.rmdir()
