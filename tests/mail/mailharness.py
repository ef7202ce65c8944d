"""Shared helpers of the end-to-end mail tests (imported by conftest.py and the tests)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

JUDGE = "judge@example.org"
PLAYERS = {"north": "alice@example.org", "east": "bob@example.org",
           "south": "carol@example.org"}
TOKENS = {"north": "tk7f3q", "east": "tb9x2m", "south": "ts5p8w",
          "moderator:gm@example.org": "tgm4k8"}
USERS = [JUDGE, *PLAYERS.values(), "gm@example.org", "mallory@example.org",
         "mailer-daemon@example.org", "dave@example.org"]
REPO = Path(__file__).resolve().parents[2]


def pbem(home: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    """Run the real command line."""
    env = {**os.environ, "PBEM_HOME": str(home), "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "pbem", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=kw.pop("timeout", 120), **kw)


def start_daemon(home: Path) -> subprocess.Popen:
    env = {**os.environ, "PBEM_HOME": str(home), "PYTHONPATH": str(REPO)}
    log = open(home / "daemon.log", "ab")
    return subprocess.Popen([sys.executable, "-m", "pbem", "run"], env=env, cwd=REPO,
                            stdout=log, stderr=subprocess.STDOUT)


def wait_for(predicate: Callable[[], bool], timeout: float = 20.0, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return predicate()
