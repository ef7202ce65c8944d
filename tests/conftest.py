"""Shared fixtures: a pinned clock and a fresh server home."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def t0() -> dt.datetime:
    return T0


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty server home, also exported as PBEM_HOME, with time pinned to T0."""
    path = tmp_path / "home"
    monkeypatch.setenv("PBEM_HOME", str(path))
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    return path
