"""File writes: `atomic_write`, the one way the judge replaces a file it must not lose, and
`replace_quietly` for state that may be lost (counters) but never torn."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data`: temp file, fsync, rename, fsync the directory, so a
    crash at any instant leaves the old file or the new one, never a mix."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def replace_quietly(path: Path, data: bytes) -> None:
    """Replace `path` with `data` through a temporary file and a rename, without fsync (a
    crash may lose the new content, never tear it); a failed write leaves no temporary."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
