"""The paths the ``pbem`` command is given, checked before use so that a bad one is one
sentence ("the folder /x does not exist"), never an OS error number."""
from __future__ import annotations

import os
from pathlib import Path


class PathError(ValueError):
    """A path the command cannot use: the message says why and what to do."""


def require_home(home: Path) -> Path:
    """`home` if it is a server home (a folder); otherwise a `PathError` naming ``pbem init``."""
    if not home.is_dir():
        what = "is not a folder" if home.exists() else "does not exist"
        raise PathError(f"the server home {home} {what} (create one with `pbem init {home}`, "
                        "or give --home DIR or PBEM_HOME)")
    return home


def output_file(path: Path) -> Path:
    """`path` if a file can be written there (its folder exists and is writable)."""
    parent = path.parent
    if path.is_dir():
        raise PathError(f"cannot write {path}: it is a folder (give a file name)")
    if not parent.exists():
        raise PathError(f"cannot write {path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise PathError(f"cannot write {path}: {parent} is not a folder")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise PathError(f"cannot write {path}: no permission")
    return path


def folder(path: Path, *, empty: bool = False) -> Path:
    """`path` as a folder, created (with its parents) when missing; with `empty`, an existing
    one must be empty."""
    if path.exists() and not path.is_dir():
        raise PathError(f"{path} is a file, not a folder")
    if empty and path.is_dir() and any(path.iterdir()):
        raise PathError(f"{path} is not empty (give a new or an empty folder)")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PathError(f"cannot create the folder {path}: {os_error_text(error)}") from None
    return path


def os_error_text(error: OSError) -> str:
    """An `OSError` as a sentence: ``<file>: <what went wrong>`` without the error number."""
    what = (error.strerror or str(error)).lower()
    names = [n for n in (error.filename, error.filename2) if n is not None]
    return f"{' -> '.join(map(str, names))}: {what}" if names else what
