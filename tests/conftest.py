"""Shared fixtures: a pinned clock, a fresh server home, and every game's invariants
checked after every order the tests apply (`invariants_checked`, issue 15)."""
from __future__ import annotations

import datetime as dt
import functools
import json
import os
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from engine import bots as engine_bots
from engine.canonical import copy_plain
from engine import registry

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


# ------------------------------------------------------------------ invariants (issue 15)
#: ``PBEM_CHECK_INVARIANTS=0`` switches the check off (to time the suite without it).
CHECK = os.environ.get("PBEM_CHECK_INVARIANTS", "1") != "0"
#: The invariants an applied order broke, for the test that applied it (`invariants_checked`).
BROKEN: list[str] = []
_depth = threading.local()


def _what(problem: str) -> str:
    """What a problem line is about: its text before the details (``card 7 in two places``
    of ``card 7 in two places (§6.2): [...]``), so a problem a test's own state already had
    is not new because its details moved on."""
    return problem.split(":")[0].split(" (§")[0]


def _checked(method: Callable[..., Any], validate: Callable[[Any, dict], list[str]],
             name: str) -> Callable[..., Any]:
    """`method` (a Rules class's ``apply`` or ``transition``) that runs the game's own
    `validate` after the outermost call (and, when it finds a problem, on a copy of the
    state the call was given) and notes every problem the order made
    which the state it was given did not have (`_what`): a state a test built by hand may
    break an invariant already (that is the test's doing, not the rules'), but no order may
    break one more.  A state `validate` cannot read at all goes unchecked."""
    @functools.wraps(method)
    def run(self, state, seat, order, *args, **kwargs):
        depth = getattr(_depth, "n", 0)
        if depth:
            return method(self, state, seat, order, *args, **kwargs)
        given = copy_plain(state)     # `apply` may change the state it is given
        _depth.n = 1
        try:
            result = method(self, state, seat, order, *args, **kwargs)
        finally:
            _depth.n = 0
        after = result[0] if isinstance(result, tuple) else result
        try:
            found = validate(self, after)
            before = {_what(p) for p in validate(self, given)} if found else set()
        except Exception:        # a test's partial state that validate cannot read
            return result
        new = [p for p in found if _what(p) not in before]
        if new:
            BROKEN.append(f"{name}: {seat} {self.order_text(order)!r} broke: "
                          + "; ".join(new))
            if os.environ.get("PBEM_INVARIANTS_LOG"):
                with open(os.environ["PBEM_INVARIANTS_LOG"], "a") as log:
                    log.write(json.dumps({"test": os.environ.get("PYTEST_CURRENT_TEST"),
                                          "game": name, "seat": seat,
                                          "order": self.order_text(order),
                                          "new": new}) + "\n")
        return result
    return run


def _unchecked(method: Callable[..., Any]) -> Callable[..., Any]:
    """`method` (a bot's look-ahead, `engine.bots.tried`) with the check off: its states are
    thrown away, and checking each of them would double the cost of every bot in the tests."""
    @functools.wraps(method)
    def run(*args, **kwargs):
        depth = getattr(_depth, "n", 0)
        _depth.n = 1
        try:
            return method(*args, **kwargs)
        finally:
            _depth.n = depth
    return run


def pytest_configure(config: pytest.Config) -> None:
    """Wrap every registered game's ``apply`` and ``transition`` with `_checked` (before a
    game's bots import the look-ahead, which goes unchecked)."""
    if not CHECK:
        return
    engine_bots.tried = _unchecked(engine_bots.tried)
    for name, rules in registry.installed().items():
        cls = type(rules)
        validate = cls.validate          # the game's own, whatever a test patches later
        for attr in ("apply", "transition"):
            setattr(cls, attr, _checked(getattr(cls, attr), validate, name))


@pytest.fixture(autouse=True)
def invariants_checked() -> Any:
    """Fail the test during which an applied order broke one of its game's invariants."""
    BROKEN.clear()
    yield
    if BROKEN and not os.environ.get("PBEM_INVARIANTS_LOG"):
        found = list(BROKEN)
        BROKEN.clear()
        pytest.fail("an order broke the game's invariants (Rules.validate):\n"
                    + "\n".join(found[:5]), pytrace=False)
