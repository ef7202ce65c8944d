"""Fixtures for the Maildir-transport mail tests: a home with game fx-001."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.demo import make_game, make_home

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mail"
TOKENS = {"north": "tk7f3q", "east": "tb9x2m", "moderator:gm@example.org": "tgm4k8"}
SEATS = {"north": "alice@example.org", "east": "bob@example.org"}


@pytest.fixture
def fixture_mail():
    """Raw bytes of a fixture mail by file name."""
    return lambda name: (FIXTURES / name).read_bytes()


@pytest.fixture
def mailhome(tmp_path: Path) -> Path:
    """A Maildir home with game fx-001 (seed s1: north holds 7 11 17 1)."""
    home = make_home(tmp_path / "home")
    make_game(home, "fx-001", SEATS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"])
    return home
