"""Writes that never leave a half-written file: a temporary file beside the target, flushed and
fsynced, then ``os.replace``. A killed run leaves the old file or the new one, nothing between."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..engine.errors import InputError


def ensure_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot create output folder {str(path)!r}: {e.strerror or e}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"output folder {str(path)!r} is not writable")


def write_atomic(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically. Returns False (and writes nothing) if the file
    already holds exactly these bytes, so re-runs leave timestamps alone."""
    path = Path(path)
    ensure_dir(path.parent)
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    except OSError as e:
        raise InputError(f"cannot read {str(path)!r}: {e.strerror or e}") from None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return True
