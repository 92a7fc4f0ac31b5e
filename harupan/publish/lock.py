"""One run per site: an exclusive ``flock`` on ``SITE/.harupan.lock``.

The kernel holds the lock for the open file and drops it when the process ends, however it ends
(SIGKILL, a power cut clears it too), so no lock is ever stale and no PID decides anything. The
file itself is never removed: removing it while another run waits on it would let a third run
lock a new file of the same name. Its contents mean nothing (earlier versions wrote a PID there).
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from pathlib import Path

from ..engine.errors import InputError
from .atomic import open_dir, refuse_link

LOCK_NAME = ".harupan.lock"


class LockBusy(InputError):
    """Another run holds the lock (exit 2)."""


class SiteLock:
    """The lock file ``name`` in ``folder``; ``busy`` is the error when another run holds it."""

    def __init__(self, folder: Path, name: str = LOCK_NAME, busy: str = "another harupan run is publishing to",
                 root: Path | None = None):
        self.path = Path(folder) / name
        self.root = Path(folder) if root is None else Path(root)  # the folder is reached from it through no link
        self.busy = busy
        self.fd: int | None = None

    def acquire(self, wait: float = 0.0) -> None:
        """Take the lock, or raise :class:`LockBusy` if another run still holds it after ``wait``
        seconds (tried again every 50 ms; never waits without end)."""
        folder = open_dir(self.root, self.path.parent, create=True)
        try:
            fd = os.open(self.path.name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644, dir_fd=folder)
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise refuse_link(self.path) from None
            raise InputError(f"cannot open the lock file {str(self.path)!r}: {e.strerror or e}") from None
        finally:
            os.close(folder)
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as e:
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                os.close(fd)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise LockBusy(f"{self.busy} {str(self.path.parent)!r}; try again when it ends") from None
                raise InputError(f"cannot lock {str(self.path)!r}: {e.strerror or e}") from None
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the file drops the lock
            self.fd = None

    def __enter__(self) -> SiteLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
