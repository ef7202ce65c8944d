"""Deadlines for open decisions: clock classes, reminders, grace, NMR policy, pause, vacations.

docs/architecture.md, "Time".  Each open decision gets a deadline
``opened + duration(clock class)``.
Reminders fire at the configured offsets before it.  When ``deadline + grace`` passes, the NMR
policy applies: ``default`` (the game's default order is entered ``by: clock``) or ``hold``
(the game waits for a moderator, who is told once).  A pause stops every clock: on resume all
open deadlines move by the paused time.  A seat's vacation moves only *future* deadlines, by
the part of the vacation that falls before them.

Time is always passed in (``now``); nothing here reads the system clock.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from engine.archive import iso, parse_iso
from engine.contract import Decision

#: The settings every game has besides its clock classes (`Rules.clock_classes`).
GENERAL_CLOCKS: dict[str, Any] = {"reminders": ["12h", "2h"], "grace": "0h", "nmr": "default"}
NMR_POLICIES = ("default", "hold")
#: The shortest duration a game may give any clock class: shorter, a player could not read
#: the prompt before its deadline passes and every open question is defaulted.
MIN_DURATION = dt.timedelta(hours=1)
_DURATION = re.compile(r"^\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*$", re.I)


class ClockError(ValueError):
    """A malformed clock setting."""


def parse_duration(text: str | int) -> dt.timedelta:
    """``"48h"``, ``"2d"``, ``"1d12h"``, ``"90m"`` (or a number of seconds) as a timedelta."""
    if isinstance(text, int):
        return dt.timedelta(seconds=text)
    match = _DURATION.match(str(text))
    if not match or not any(match.groups()):
        raise ClockError(f"not a duration: {text!r} (write e.g. 48h, 2d, 1d12h, 90m)")
    days, hours, minutes = (int(g or 0) for g in match.groups())
    return dt.timedelta(days=days, hours=hours, minutes=minutes)


def format_duration(delta: dt.timedelta) -> str:
    """The inverse of `parse_duration`: ``1d12h``, ``2h``, ``30m``, ``0h``."""
    minutes = int(delta.total_seconds() // 60)
    days, minutes = divmod(minutes, 1440)
    hours, minutes = divmod(minutes, 60)
    text = (f"{days}d" if days else "") + (f"{hours}h" if hours else "") + \
           (f"{minutes}m" if minutes else "")
    return text or "0h"


def clock_settings(overrides: dict[str, Any] | None = None,
                   classes: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The game's clock `classes` (name: default duration) and the general settings, with
    `overrides` applied and checked.  Without `classes`, the classes are those `overrides`
    name (a game's recorded settings) and ``default``."""
    if classes is None:
        classes = {"default": "48h", **recorded_classes(overrides or {})}
    defaults = {**classes, **GENERAL_CLOCKS}
    settings = dict(defaults)
    for key, value in (overrides or {}).items():
        if key not in defaults:
            raise ClockError(f"unknown clock setting {key!r} (known: "
                             f"{', '.join(defaults)})")
        settings[key] = value
    for name in classes:
        parse_duration(settings[name])
    parse_duration(settings["grace"])
    settings["reminders"] = [format_duration(parse_duration(r))
                             for r in settings["reminders"]]
    if settings["nmr"] not in NMR_POLICIES:
        raise ClockError(f"nmr must be one of {', '.join(NMR_POLICIES)}")
    return settings


def recorded_classes(settings: Mapping[str, Any]) -> dict[str, str]:
    """The clock classes a game's recorded settings (its archive header) name."""
    return {k: str(v) for k, v in settings.items() if k not in GENERAL_CLOCKS}


def new_clock_settings(overrides: dict[str, Any] | None = None,
                       classes: Mapping[str, str] | None = None) -> dict[str, Any]:
    """`clock_settings` for a new game, which must also respect `MIN_DURATION` and give
    reminders that come before the deadline (archives made before these limits still load)."""
    settings = clock_settings(overrides, classes)
    for name in recorded_classes(settings):
        if parse_duration(settings[name]) < MIN_DURATION:
            shortest = format_duration(MIN_DURATION)
            raise ClockError(f"{name}={settings[name]} is too short: the {name} clock is at "
                             f"least {shortest} (write e.g. {name}=24h)")
    if any(parse_duration(r) <= dt.timedelta(0) for r in settings["reminders"]):
        raise ClockError("a reminder is a time before the deadline, more than 0 "
                         "(write e.g. reminders=12h,2h)")
    return settings


@dataclass(frozen=True)
class ClockEvent:
    """Something due: a ``reminder``, a ``default`` to enter, or a ``hold`` to report."""
    kind: str
    seat: str
    decision: str
    deadline: dt.datetime


class Clocks:
    """Timers of the open decisions, persisted as plain data (`to_data` / `from_data`)."""

    def __init__(self, settings: dict[str, Any], data: dict[str, Any] | None = None,
                 classes: Mapping[str, str] | None = None) -> None:
        self.settings = clock_settings(settings, classes or {"default": "48h"})
        data = data or {}
        self.timers: dict[str, dict[str, Any]] = {k: dict(v) for k, v in
                                                  (data.get("timers") or {}).items()}
        self.paused_at: str | None = data.get("paused_at")
        self.vacations: dict[str, list[list[str]]] = {
            seat: [list(v) for v in spans] for seat, spans in
            (data.get("vacations") or {}).items()}

    def to_data(self) -> dict[str, Any]:
        return {"timers": self.timers, "paused_at": self.paused_at,
                "vacations": self.vacations}

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def duration(self, clock: str) -> dt.timedelta:
        return parse_duration(self.settings.get(clock, self.settings["default"]))

    def sync(self, decisions: Iterable[Decision], now: dt.datetime) -> None:
        """Start timers for newly open decisions and drop those of answered ones."""
        open_ids = set()
        for decision in decisions:
            key = _key(decision.id, decision.seat)
            open_ids.add(key)
            if key not in self.timers:
                start = parse_iso(self.paused_at) if self.paused_at else now
                deadline = start + self.duration(decision.clock)
                deadline += self._vacation_delay(decision.seat, start, deadline)
                self.timers[key] = {"seat": decision.seat, "decision": decision.id,
                                    "clock": decision.clock, "opened": iso(now),
                                    "deadline": iso(deadline), "reminded": [],
                                    "held": False}
        for key in list(self.timers):
            if key not in open_ids:
                del self.timers[key]

    def deadline_of(self, decision_id: str, seat: str) -> dt.datetime | None:
        timer = self.timers.get(_key(decision_id, seat))
        return parse_iso(timer["deadline"]) if timer else None

    def due(self, now: dt.datetime) -> list[ClockEvent]:
        """Reminders and expiries due at `now`, marking them so none fires twice.

        An expired ``default`` event is reported every call until the decision closes (the
        caller answers it); a ``hold`` is reported once.
        """
        if self.paused:
            return []
        grace = parse_duration(self.settings["grace"])
        events: list[ClockEvent] = []
        for timer in sorted(self.timers.values(), key=lambda t: t["deadline"]):
            deadline = parse_iso(timer["deadline"])
            if now >= deadline + grace:
                if self.settings["nmr"] == "default":
                    events.append(ClockEvent("default", timer["seat"], timer["decision"],
                                             deadline))
                elif not timer["held"]:
                    timer["held"] = True
                    events.append(ClockEvent("hold", timer["seat"], timer["decision"],
                                             deadline))
                continue
            for offset in self.settings["reminders"]:
                if offset not in timer["reminded"] and now >= deadline - parse_duration(offset):
                    timer["reminded"].append(offset)
                    events.append(ClockEvent("reminder", timer["seat"], timer["decision"],
                                             deadline))
                    break
        return events

    def next_event(self) -> dt.datetime | None:
        """When `due` will next have something to say (None: nothing pending or paused)."""
        if self.paused:
            return None
        grace = parse_duration(self.settings["grace"])
        moments = []
        for timer in self.timers.values():
            deadline = parse_iso(timer["deadline"])
            if not timer["held"]:
                moments.append(deadline + grace)
            moments.extend(deadline - parse_duration(offset)
                           for offset in self.settings["reminders"]
                           if offset not in timer["reminded"])
        return min(moments) if moments else None

    def pause(self, now: dt.datetime) -> None:
        if not self.paused:
            self.paused_at = iso(now)

    def resume(self, now: dt.datetime) -> dt.timedelta:
        """Move every open deadline by the paused time; return that time."""
        if self.paused_at is None:
            return dt.timedelta(0)
        stopped = now - parse_iso(self.paused_at)
        self.paused_at = None
        for timer in self.timers.values():
            timer["deadline"] = iso(parse_iso(timer["deadline"]) + stopped)
        return stopped

    def extend(self, seat: str | None, by: dt.timedelta) -> int:
        """Add `by` to the deadlines of `seat` (None: every seat); return how many moved."""
        moved = 0
        for timer in self.timers.values():
            if seat is None or timer["seat"] == seat:
                timer["deadline"] = iso(parse_iso(timer["deadline"]) + by)
                timer["reminded"], timer["held"] = [], False
                moved += 1
        return moved

    def set_deadline(self, seat: str | None, moment: dt.datetime) -> int:
        """Set the deadlines of `seat` (None: every seat) to `moment`."""
        moved = 0
        for timer in self.timers.values():
            if seat is None or timer["seat"] == seat:
                timer["deadline"] = iso(moment)
                timer["reminded"], timer["held"] = [], False
                moved += 1
        return moved

    def add_vacation(self, seat: str, start: dt.datetime, end: dt.datetime,
                     now: dt.datetime, *, granted_by: str | None = None) -> None:
        """Record a vacation and move the seat's *future* deadlines it overlaps.  A vacation
        a moderator granted (`granted_by`) is kept with their name and never counts against
        the game's cap (`days_taken`)."""
        if end <= start:
            raise ClockError("a vacation must end after it starts")
        span = [iso(start), iso(end)] + ([granted_by] if granted_by else [])
        self.vacations.setdefault(seat, []).append(span)
        for timer in self.timers.values():
            deadline = parse_iso(timer["deadline"])
            if timer["seat"] == seat and deadline > now:
                window_start = max(now, parse_iso(timer["opened"]))
                delay = _overlap(start, end, window_start, deadline)
                if delay:
                    timer["deadline"] = iso(deadline + delay)

    def _vacation_delay(self, seat: str, start: dt.datetime,
                        deadline: dt.datetime) -> dt.timedelta:
        total = dt.timedelta(0)
        for begin, end, *_ in self.vacations.get(seat, []):
            total += _overlap(parse_iso(begin), parse_iso(end), start, deadline + total)
        return total


    def days_taken(self, seat: str) -> int:
        """Calendar days of the vacations `seat` asked for itself (moderator-granted ones
        are not counted): the cap of the ``vacation_days`` option applies to these."""
        return sum(vacation_days(parse_iso(span[0]), parse_iso(span[1]))
                   for span in self.vacations.get(seat, []) if len(span) == 2)


def vacation_days(start: dt.datetime, end: dt.datetime) -> int:
    """Calendar days a vacation touches (``2026-12-20 00:00`` to ``2026-12-21 23:59``: 2)."""
    return (end.date() - start.date()).days + 1


def _overlap(a0: dt.datetime, a1: dt.datetime, b0: dt.datetime,
             b1: dt.datetime) -> dt.timedelta:
    return max(dt.timedelta(0), min(a1, b1) - max(a0, b0))


def _key(decision_id: str, seat: str) -> str:
    return f"{seat}/{decision_id}"
