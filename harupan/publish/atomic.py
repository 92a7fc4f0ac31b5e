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

Inside a site (or a rule pages folder) nothing is written through a link harupan did not make:
every folder is opened one name at a time from the root, relative to its parent's descriptor and
with ``O_NOFOLLOW`` (:func:`open_dir`), and every file is created, replaced, linked and removed
relative to that descriptor. A symlink put anywhere on the way (``archive -> /elsewhere``), even
while the run is going, ends the run with exit 2 naming it (:class:`LinkRefused`), and what was
written is put back. Swapping a folder for a link after it was opened changes nothing: the run
goes on writing into the folder it opened.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import Literal

from ..engine.errors import InputError
from ..files import what_is

StrPath = str | os.PathLike[str]  # a path as the os functions take it


class WriteError(InputError):
    """A file could not be written (exit 2), with the file's name."""


def write_error(path: StrPath, e: OSError, what: str = "write") -> WriteError:
    return WriteError(f"cannot {what} {str(path)!r}: {e.strerror or e}")


class LinkRefused(InputError):
    """A symbolic link where harupan writes, which it did not make (exit 2, naming it)."""


def link_text(path: StrPath) -> str:
    """"a symbolic link (to '...')", for the messages about one."""
    try:
        return f"a symbolic link (to {os.readlink(path)!r})"
    except OSError:
        return "a symbolic link"


def refuse_link(path: StrPath) -> LinkRefused:
    return LinkRefused(f"{str(path)!r} is {link_text(path)}, which harupan did not make; it writes nothing "
                       "through a link: remove the link and run again")


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def open_below(root: str | int, parts: list[str]) -> int:
    """A read-only descriptor of what ``parts`` names below ``root`` (a path, or an open folder's
    descriptor), opened a name at a time without following any link below the root: the reading
    side of :func:`open_dir`. OSError as ``os.open`` raises it (a link on the way: ELOOP or
    ENOTDIR). The caller closes the descriptor."""
    fd = os.dup(root) if isinstance(root, int) else os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            child = os.open(part, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC if last else _DIR_FLAGS,
                            dir_fd=fd)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def lstat_at(dir_fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def open_dir(root: StrPath, folder: StrPath, *, create: bool = False, made: list[Path] | None = None) -> int:
    """A descriptor of ``folder``, a folder at or below ``root``, opened a name at a time from
    ``root`` without following any link below it (the root itself is the operator's to name).
    Missing folders are made when ``create`` (appended to ``made``). A link on the way is a
    :class:`LinkRefused` naming it; a missing folder without ``create`` is FileNotFoundError; any
    other failure a :class:`WriteError`. The caller closes the descriptor."""
    root, folder = Path(root), Path(folder)
    try:
        parts = folder.relative_to(root).parts
    except ValueError:
        raise InputError(f"{str(folder)!r} is not inside {str(root)!r}") from None
    try:
        fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as e:
        raise write_error(root, e, "open folder") from None
    here = root
    try:
        for part in parts:
            here = here / part
            while True:
                try:
                    child = os.open(part, _DIR_FLAGS, dir_fd=fd)
                    break
                except FileNotFoundError:
                    if not create:
                        raise
                    try:
                        os.mkdir(part, 0o755, dir_fd=fd)
                    except FileExistsError:
                        continue  # made just now by another run: opened like any other
                    except OSError as e:
                        raise write_error(here, e, "create folder") from None
                    if made is not None:
                        made.append(here)
                except OSError as e:
                    if e.errno in (errno.ELOOP, errno.ENOTDIR):
                        st = lstat_at(fd, part)
                        if st is not None and stat.S_ISLNK(st.st_mode):
                            raise refuse_link(here) from None
                        raise InputError(f"{str(here)!r} is not a folder; harupan will not replace it") from None
                    raise write_error(here, e, "open folder") from None
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def unlink_at(root: StrPath, path: StrPath) -> None:
    """Remove the file ``path`` below ``root`` (never through a link); quiet if it is not there."""
    path = Path(path)
    try:
        fd = open_dir(root, path.parent)
    except FileNotFoundError:
        return
    try:
        os.unlink(path.name, dir_fd=fd)
    except FileNotFoundError:
        pass
    finally:
        os.close(fd)


def ensure_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create output folder {str(path)!r}: {e.strerror or e}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"output folder {str(path)!r} is not writable")


def put_bytes(path: StrPath, data: bytes, *, exclusive: bool = False, dir_fd: int | None = None,
              mode: int | None = None) -> None:
    """Create (or truncate) ``path`` and write ``data`` to it, flushed to disk. The one function
    that writes file contents; it never follows a symlink at ``path``. With ``dir_fd`` the file is
    ``path``'s name in that folder (``path`` names it in messages); ``mode`` is set on the open file."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | (os.O_EXCL if exclusive else os.O_TRUNC)
    if dir_fd is None:
        fd = os.open(path, flags, 0o644)
    else:
        fd = os.open(Path(path).name, flags, 0o644, dir_fd=dir_fd)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
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


def _same_bytes_at(dir_fd: int, path: Path, data: bytes) -> bool:
    """:func:`same_bytes` for ``path``'s name in an open folder; a link there is refused."""
    name = path.name
    try:
        st = lstat_at(dir_fd, name)
        if st is not None and stat.S_ISLNK(st.st_mode):
            raise refuse_link(path)
        if st is None or not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
            return False
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=dir_fd)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return False
            with os.fdopen(os.dup(fd), "rb") as f:
                return f.read(len(data) + 1) == data
        finally:
            os.close(fd)
    except OSError as e:
        raise write_error(path, e, "read") from None


def _unlink_quietly(path: StrPath, dir_fd: int | None = None) -> None:
    try:
        os.unlink(path if dir_fd is None else Path(path).name, dir_fd=dir_fd)
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
    _move_in(Path(tmp), path, data, mode)
    return True


def _move_in(tmp: Path, path: Path, data: bytes, mode: int) -> None:
    """Write ``data`` to ``tmp``, give it ``mode`` and rename it to ``path``; on any failure
    remove ``tmp`` (a failed write is a :class:`WriteError` naming ``path``)."""
    try:
        put_bytes(tmp, data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as e:
        _unlink_quietly(tmp)
        raise write_error(path, e) from None
    except BaseException:
        _unlink_quietly(tmp)
        raise


def write_locked(root: Path, path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (below ``root``, through no link) through its fixed temporary
    name (``.NAME.tmp``), for a file only the holder of a lock writes: a run killed mid-write
    leaves that one name, which the next write of the file removes first and which
    :func:`drop_temp` removes."""
    path = Path(path)
    tmp = temp_name(path)
    fd = open_dir(root, path.parent, create=True)
    try:
        _unlink_quietly(tmp, fd)
        put_bytes(tmp, data, exclusive=True, dir_fd=fd, mode=0o644)
        os.replace(tmp.name, path.name, src_dir_fd=fd, dst_dir_fd=fd)
    except OSError as e:
        _unlink_quietly(tmp, fd)
        raise write_error(path, e) from None
    except BaseException:
        _unlink_quietly(tmp, fd)
        raise
    finally:
        os.close(fd)


def drop_temp(root: Path, path: Path) -> None:
    """Remove what a killed :func:`write_locked` of ``path`` left, by its name."""
    unlink_at(root, temp_name(Path(path)))


def temp_name(path: Path) -> Path:
    return path.parent / f".{path.name}.tmp"


def old_name(path: Path) -> Path:
    return path.parent / f".{path.name}.old"


class Transaction:
    """Writes inside a locked site folder ``root`` that can be undone together (see the module's
    docstring); every folder and file is reached from ``root`` through no link.

    ``write`` replaces one file; ``rollback`` puts every replaced file back (and removes the new
    ones and the folders it made); ``commit`` drops the kept old versions. Used as a context
    manager it commits on success and rolls back on any exception."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.done: dict[Path, Path | None] = {}  # file → its kept old version or None, in order
        self.made_dirs: list[Path] = []
        self.folders: list[tuple[Path, tuple[str, ...]]] = []  # folders renamed into place

    def open_folder(self, folder: Path) -> int:
        """A descriptor of ``folder`` (made, with its missing parents, if need be); the caller
        closes it."""
        return open_dir(self.root, folder, create=True, made=self.made_dirs)

    def mkdir(self, folder: Path) -> None:
        os.close(self.open_folder(folder))

    def write(self, path: Path, data: bytes) -> bool:
        path = Path(path)
        fd = self.open_folder(path.parent)
        try:
            return self._write_at(fd, path, data)
        finally:
            os.close(fd)

    def _write_at(self, fd: int, path: Path, data: bytes) -> bool:
        name, tmp, old = path.name, temp_name(path), old_name(path)
        if _same_bytes_at(fd, path, data):
            if path not in self.done:  # what a killed run left beside it goes
                _unlink_quietly(tmp, fd)
                _unlink_quietly(old, fd)
            return False
        try:
            _unlink_quietly(tmp, fd)  # left by a killed run, or put there: removed, never written through
            put_bytes(tmp, data, exclusive=True, dir_fd=fd)
        except OSError as e:
            _unlink_quietly(tmp, fd)
            raise write_error(path, e) from None
        kept: Path | None = None
        try:
            st = lstat_at(fd, name)
        except OSError as e:
            _unlink_quietly(tmp, fd)
            raise write_error(path, e) from None
        if st is not None and stat.S_ISREG(st.st_mode):
            kept = old
            _unlink_quietly(old, fd)  # left by a killed run
            try:
                os.link(name, old.name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
            except OSError:
                kept = None  # no hard links here (a FAT stick, say): this file cannot be put back
        elif st is not None:
            _unlink_quietly(tmp, fd)
            if stat.S_ISLNK(st.st_mode):
                raise refuse_link(path)
            raise InputError(f"{str(path)!r} is {what_is(st.st_mode)}, not a regular file; harupan will not replace it")
        try:
            os.replace(tmp.name, name, src_dir_fd=fd, dst_dir_fd=fd)
        except OSError as e:
            _unlink_quietly(tmp, fd)
            if kept is not None:
                _unlink_quietly(kept, fd)
            raise write_error(path, e) from None
        self.done[path] = kept
        return True

    def tidy(self, path: Path) -> None:
        """For a file this run looked at and leaves as it is (as :meth:`write` does when the bytes
        are the same): what a killed run left beside it, its ``.NAME.tmp`` and ``.NAME.old``, goes."""
        path = Path(path)
        if path in self.done:
            return
        fd = self.open_folder(path.parent)
        try:
            _unlink_quietly(temp_name(path), fd)
            _unlink_quietly(old_name(path), fd)
        finally:
            os.close(fd)

    def adopt_folder(self, folder: Path, names: tuple[str, ...]) -> None:
        """Record a folder renamed into place holding ``names``, for the rollback to remove."""
        self.folders.append((Path(folder), tuple(names)))

    def rollback(self) -> list[str]:
        """Undo every write, newest first; returns what could not be undone (rarely anything)."""
        failed = []
        for path, old in reversed(self.done.items()):
            try:
                fd = open_dir(self.root, path.parent)
                try:
                    if old is not None:
                        os.replace(old.name, path.name, src_dir_fd=fd, dst_dir_fd=fd)
                    else:
                        os.unlink(path.name, dir_fd=fd)
                finally:
                    os.close(fd)
            except (OSError, InputError) as e:
                failed.append(f"{path}: {getattr(e, 'strerror', None) or e}")
        for folder, names in reversed(self.folders):
            try:
                remove_named(self.root, folder, names)
            except (OSError, InputError) as e:
                failed.append(f"{folder}: {getattr(e, 'strerror', None) or e}")
        for d in reversed(self.made_dirs):
            try:
                fd = open_dir(self.root, d.parent)
            except (OSError, InputError):
                continue
            try:
                os.rmdir(d.name, dir_fd=fd)
            except OSError:
                pass
            finally:
                os.close(fd)
        self.done.clear()
        self.made_dirs.clear()
        self.folders.clear()
        return failed

    def commit(self) -> None:
        for old in self.done.values():
            if old is not None:
                try:
                    unlink_at(self.root, old)
                except (OSError, InputError):
                    pass  # a kept old version left over is harmless; the next write of it removes it
        self.done.clear()
        self.made_dirs.clear()
        self.folders.clear()

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> Literal[False]:
        if kind is None:
            self.commit()
            return False
        failed = self.rollback()
        if failed and isinstance(exc, InputError):
            exc.args = (f"{exc.args[0]}; could not put back {failed[0]}",)
        return False


def remove_named(root: Path, folder: Path, names: Iterable[str]) -> None:
    """Remove ``folder`` (below ``root``, reached through no link) holding only files we name:
    each of ``names`` (and its temporary and old names) is unlinked, then the folder is removed,
    which fails if anything else is left in it."""
    folder = Path(folder)
    parent = open_dir(root, folder.parent)
    try:
        fd = open_dir(root, folder)
        try:
            for name in names:
                for n in (name, temp_name(Path(name)).name, old_name(Path(name)).name):
                    try:
                        os.unlink(n, dir_fd=fd)
                    except FileNotFoundError:
                        pass
        finally:
            os.close(fd)
        os.rmdir(folder.name, dir_fd=parent)
    finally:
        os.close(parent)
