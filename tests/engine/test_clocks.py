"""Clocks: deadlines per clock class, reminders, grace, NMR default/hold, pause, vacations."""
from __future__ import annotations

import datetime as dt

import pytest

from engine import registry
from engine.clocks import ClockError, Clocks, format_duration, parse_duration
from engine.game import Game

RULES = registry.get("testgame")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
H = dt.timedelta(hours=1)


def new_game(**clocks) -> Game:
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    return Game.create(RULES, "c", seats, now=T0, seed="clock", clocks=clocks)


@pytest.mark.parametrize("text,hours", [("48h", 48), ("2d", 48), ("1d12h", 36), ("90m", 1.5),
                                        ("0h", 0)])
def test_durations(text, hours):
    assert parse_duration(text) == dt.timedelta(hours=hours)
    assert parse_duration(format_duration(parse_duration(text))) == parse_duration(text)


@pytest.mark.parametrize("bad", ["", "soon", "48", "h"])
def test_bad_durations_are_refused(bad):
    with pytest.raises(ClockError):
        parse_duration(bad)


def test_unknown_clock_setting_is_named():
    with pytest.raises(ClockError, match="impluse"):
        Clocks({"impluse": "1h"})


def test_each_open_decision_gets_its_class_deadline():
    game = new_game(default="10h")
    for decision in game.decisions():
        assert game.deadline(decision) == T0 + 10 * H


def test_reminders_fire_once_each_then_default_enters_by_clock():
    game = new_game(default="10h", reminders=["4h", "1h"])
    assert game.fire_deadlines(T0 + 5 * H) == []
    first = game.fire_deadlines(T0 + 6 * H)
    assert {(a.event.kind, a.event.seat) for a in first} == {("reminder", "north"),
                                                            ("reminder", "east")}
    assert game.fire_deadlines(T0 + 6 * H) == []
    assert len(game.fire_deadlines(T0 + 9 * H)) == 2
    actions = game.fire_deadlines(T0 + 10 * H)
    entries = [a.entry for a in actions if a.entry]
    assert [e.by for e in entries] == ["clock", "clock"]
    assert all(e.order.startswith("COMMIT") for e in entries)
    # The defaults answered the sealed choice; now the first turn is open with a new clock.
    assert game.decisions()[0].kind == "turn"


def test_grace_delays_the_default():
    game = new_game(default="10h", grace="2h", reminders=[])
    assert game.fire_deadlines(T0 + 11 * H) == []
    assert any(a.entry for a in game.fire_deadlines(T0 + 12 * H))


def test_hold_policy_waits_and_tells_once():
    game = new_game(default="10h", nmr="hold", reminders=[])
    held = game.fire_deadlines(T0 + 11 * H)
    assert {a.event.kind for a in held} == {"hold"}
    assert game.record.last_seq == 0
    assert game.fire_deadlines(T0 + 20 * H) == []


def test_pause_stops_clocks_and_resume_moves_deadlines():
    game = new_game(default="10h", reminders=[])
    game.clocks.pause(T0 + 2 * H)
    assert game.fire_deadlines(T0 + 30 * H) == []
    assert game.clocks.next_event() is None
    assert game.clocks.resume(T0 + 32 * H) == 30 * H
    assert game.deadline(game.decisions()[0]) == T0 + 40 * H


def test_vacation_moves_only_future_deadlines_of_that_seat():
    game = new_game(default="10h", reminders=[])
    north, east = sorted(game.decisions(), key=lambda d: d.seat != "north")
    game.clocks.add_vacation("north", T0 + 5 * H, T0 + 8 * H, now=T0 + 1 * H)
    assert game.deadline(north) == T0 + 13 * H
    assert game.deadline(east) == T0 + 10 * H


def test_vacation_after_a_deadline_changes_nothing():
    game = new_game(default="10h", reminders=[])
    decision = game.decisions()[0]
    game.clocks.add_vacation(decision.seat, T0 + 20 * H, T0 + 30 * H, now=T0 + 1 * H)
    assert game.deadline(decision) == T0 + 10 * H


def test_vacation_extends_decisions_opened_later():
    game = new_game(default="10h", impulse="10h", reminders=[])
    game.clocks.add_vacation("north", T0 + 12 * H, T0 + 15 * H, now=T0)
    game.fire_deadlines(T0 + 10 * H)  # defaults answer the commits at T0+10h
    turn = game.decisions()[0]
    assert turn.seat == "north"
    assert game.deadline(turn) == T0 + 23 * H


def test_extend_and_set_deadline():
    game = new_game(default="10h")
    assert game.clocks.extend("east", 5 * H) == 1
    east = next(d for d in game.decisions() if d.seat == "east")
    assert game.deadline(east) == T0 + 15 * H
    assert game.clocks.set_deadline(None, T0 + 3 * H) == 2
    assert {game.deadline(d) for d in game.decisions()} == {T0 + 3 * H}


def test_next_event_is_the_earliest_reminder_or_deadline():
    game = new_game(default="10h", reminders=["2h"])
    assert game.clocks.next_event() == T0 + 8 * H
