"""One run per site: a lock file holding the owner's PID. A lock left by a process that no longer
exists is taken over; a live one makes the second run stop with exit code 2."""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.errors import InputError

LOCK_NAME = ".harupan.lock"


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class SiteLock:
    def __init__(self, site: Path):
        self.path = Path(site) / LOCK_NAME
        self.held = False

    def acquire(self) -> None:
        for _ in range(3):
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                try:
                    pid = int(self.path.read_text().strip() or "0")
                except (OSError, ValueError):
                    pid = 0
                if _alive(pid) and pid != os.getpid():
                    raise InputError(f"another harupan run (pid {pid}) is publishing to {str(self.path.parent)!r}; "
                                     f"try again when it ends") from None
                # stale: its process is gone. Remove and retry the exclusive create.
                try:
                    self.path.unlink()
                except FileNotFoundError:
                    pass
                continue
            except OSError as e:
                raise InputError(f"cannot lock {str(self.path.parent)!r}: {e.strerror or e}") from None
            with os.fdopen(fd, "w") as f:
                f.write(f"{os.getpid()}\n")
            self.held = True
            return
        raise InputError(f"cannot take the lock {str(self.path)!r}")

    def release(self) -> None:
        if self.held:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
            self.held = False

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()
