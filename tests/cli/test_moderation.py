"""Moderator commands (issue 6) through `pbem mod` and the moderation module."""
from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner

from engine import registry
from engine.contract import IllegalOrder
from engine.game import Game
from engine.record import replay
from pbem import moderation
from pbem.cli import main
from pbem.store import Store

RULES = registry.get("testgame")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
H = dt.timedelta(hours=1)


@pytest.fixture
def run(home):
    runner = CliRunner()

    def invoke(*args: str, code: int = 0, env: dict | None = None):
        result = runner.invoke(main, list(args), env=env)
        assert result.exit_code == code, result.output
        return result.output
    run_ = invoke
    run_("new", "g", "--rules", "testgame", "--seat", "north=n@x.org", "--seat", "east=e@x.org",
         "--moderator", "gm@x.org", "--seed", "mod", "--clock", "default=10h")
    return run_


def load(home) -> Game:
    return Store(home).load("g")


def test_force_default_equals_default(run, home):
    decision = next(d for d in load(home).decisions() if d.seat == "north")
    expected = RULES.order_text(RULES.default(load(home).state, decision))
    assert f"forced north's default: {expected}" in run("mod", "g", "FORCE", "north")
    entry = load(home).record.entries[-1]
    assert (entry.by, entry.seat, entry.order) == ("moderator:gm@x.org", "north", expected)


def test_force_with_an_order_is_validated(run, home):
    card = load(home).view("east")["hand"][0]["number"]
    assert f"COMMIT {card}" in run("mod", "g", "FORCE", "east", "COMMIT", str(card))
    run("mod", "g", "FORCE", "east", "COMMIT", "1", code=1)  # east is no longer asked
    assert "REFUSED" not in run("mod", "g", "FORCE", "north")


def test_unknown_command_suggests(run):
    assert "FORCE" in run("mod", "g", "FORCEE", "north", code=1)


def test_extend_deadline_pause_resume_nmr(run, home):
    run("mod", "g", "EXTEND", "north", "5h")
    north = next(d for d in load(home).decisions() if d.seat == "north")
    assert load(home).deadline(north) == T0 + 15 * H
    run("mod", "g", "DEADLINE", "ALL", "2026-11-23T18:00Z")
    assert {load(home).deadline(d) for d in load(home).decisions()} == {
        dt.datetime(2026, 11, 23, 18, tzinfo=dt.timezone.utc)}
    run("mod", "g", "DEADLINE", "ALL", "2020-01-01T00:00Z", code=1)
    run("mod", "g", "PAUSE", "BECAUSE", "holidays")
    assert load(home).clocks.paused
    run("mod", "g", "PAUSE", code=1)
    run("mod", "g", "RESUME", env={"PBEM_NOW": "2026-11-22T12:00:00Z"})
    assert {load(home).deadline(d) for d in load(home).decisions()} == {
        dt.datetime(2026, 11, 24, 18, tzinfo=dt.timezone.utc)}
    run("mod", "g", "NMR", "hold")
    assert load(home).clocks.settings["nmr"] == "hold"
    run("mod", "g", "NMR", "sometimes", code=1)
    acts = [(e.kind, e.order, e.by) for e in load(home).record.entries]
    assert [a[1].split()[0] for a in acts] == ["EXTEND", "DEADLINE", "PAUSE", "RESUME", "NMR"]
    assert all(kind == "act" and by == "moderator:gm@x.org" for kind, _, by in acts)
    assert load(home).record.entries[2].because == "holidays"
    replay(RULES, load(home).record, verify=True)


def test_preview_saves_nothing(run, home):
    card = load(home).view("north")["hand"][0]["number"]
    out = run("mod", "g", "PREVIEW", "north", "COMMIT", str(card))
    assert "nothing saved" in out and "ok as" in out
    assert load(home).record.last_seq == 0


def test_rollback_then_rollforward_replay_verify(run, home):
    run("mod", "g", "FORCE", "north")
    run("mod", "g", "FORCE", "east")
    run("mod", "g", "FORCE", "north")
    out = run("mod", "g", "ROLLBACK", "1", "BECAUSE", "wrong", "card")
    assert "Undone: entries 2" in out and "Reason: wrong card" in out
    game = load(home)
    assert game.record.last_seq == 1 and game.record.audit[0]["reason"] == "wrong card"
    replay(RULES, game.record, verify=True)
    run("mod", "g", "ROLLFORWARD")
    assert load(home).record.last_seq == 3
    replay(RULES, load(home).record, verify=True)


def test_replace_add_address_and_drop(run, home):
    old_token = load(home).server["tokens"]["east"]
    run("mod", "g", "REPLACE", "east", "new@x.org")
    game = load(home)
    assert game.seats["east"]["players"] == ["new@x.org"]
    assert game.server["tokens"]["east"] != old_token
    run("mod", "g", "ADD-ADDRESS", "east", "alt@x.org")
    assert load(home).seats["east"]["players"] == ["new@x.org", "alt@x.org"]
    run("mod", "g", "ADD-ADDRESS", "east", "not-an-address", code=1)
    out = run("mod", "g", "DROP", "north")
    assert "1 decision(s) answered now" in out
    last = load(home).record.entries[-1]
    assert (last.by, last.seat) == ("bot:default", "north")   # testgame has no heuristic bot


def test_bot_plays_a_seat_until_human(run, home):
    """BOT seats a bot (entries by bot:<name>), mails its orders to the seat; HUMAN ends it."""
    out = run("mod", "g", "BOT", "north", "random")
    assert "north is played by the random bot (1 decision(s) answered now)" in out
    assert "notice to north: The random bot's orders for north" in out
    game = load(home)
    last = game.record.entries[-1]
    assert (last.by, last.seat) == ("bot:random", "north")
    assert game.server["bots"] == {"north": "random"}
    run("mod", "g", "BOT", "north", "clever", code=1)            # no such bot for testgame
    run("mod", "g", "FORCE", "east")                             # north is asked again ...
    game = load(home)
    played = moderation.play_bots(game, T0)                      # ... the gateway's cycle
    assert played and {e.by for e in played} == {"bot:random"}
    assert not [d for d in game.decisions() if d.seat == "north"]
    told = moderation.bot_notices(game, played)
    assert [n.to for n in told] == ["north"] and played[0].order in told[0].body
    assert "north is played by its players again" in run("mod", "g", "HUMAN", "north")
    assert "bots" not in load(home).server
    run("mod", "g", "HUMAN", "north", code=1)
    replay(RULES, load(home).record, verify=True)


def test_edit_is_validated_and_visible(run, home):
    run("mod", "g", "EDIT", "scores.north", "=", "3", code=1)  # no reason
    run("mod", "g", "EDIT", "deck", "=", "[]", "BECAUSE", "oops", code=1)  # breaks validate
    out = run("mod", "g", "EDIT", "scores.north", "=", "3", "BECAUSE", "scoring", "bug")
    assert "EDIT scores.north = 3" in out
    game = load(home)
    entry = game.record.entries[-1]
    assert (entry.kind, entry.because) == ("edit", "scoring bug")
    assert game.view(None)["scores"]["north"] == 3


def test_announce_resend_and_end(run, home):
    out = run("mod", "g", "ANNOUNCE", "Welcome", "all!", "ENDANNOUNCE")
    assert "notice to all: Announcement — Welcome all!" in out
    run("mod", "g", "RESEND", "north")
    assert load(home).server["resend_pending"] == ["north"]
    run("mod", "g", "END", code=1)
    run("mod", "g", "END", "players", "agreed", "a", "draw")
    game = load(home)
    assert game.outcome().reason == "ended by a moderator: players agreed a draw"
    assert game.decisions() == []
    assert "seed: mod" in run("archive", "g")


def test_only_moderators_may_act_by_cli(run):
    run("mod", "g", "--as", "player@x.org", "PAUSE", code=1)


def test_stuck_lists_overdue_decisions(run, home):
    assert "no game is stuck" in run("stuck")
    out = run("stuck", env={"PBEM_NOW": "2026-11-22T01:00:00Z"})
    assert "g: waiting for north (r1-commit) since 2026-11-21 22:00 UTC, 3 h overdue" in out
    digests = moderation.stuck_digests(Store(home), T0 + 13 * H)
    assert list(digests) == ["gm@x.org"] and "waiting for east" in digests["gm@x.org"]


def test_games_and_stuck_parse_no_unchanged_game(run, home, monkeypatch):
    first = run("games"), run("stuck", env={"PBEM_NOW": "2026-11-22T01:00:00Z"})
    loads: list[str] = []
    real = Store.load
    monkeypatch.setattr(Store, "load", lambda self, gid: loads.append(gid) or real(self, gid))
    assert (run("games"), run("stuck", env={"PBEM_NOW": "2026-11-22T01:00:00Z"})) == first
    assert loads == []
    assert "g\ttestgame\t" in first[0] and "waiting for north" in first[1]
    run("mod", "g", "EXTEND", "north", "5h")                 # the file changes: read again
    assert "waiting for north" not in run("stuck", env={"PBEM_NOW": "2026-11-22T01:00:00Z"})


def test_pause_reminders_once_a_day():
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    game = Game.create(RULES, "p", seats, now=T0, seed="p", moderators=["gm@x"])
    moderation.execute(game, "gm@x", "PAUSE", now=T0)
    assert moderation.pause_reminders(game, T0 + 20 * H) == []
    assert len(moderation.pause_reminders(game, T0 + 25 * H)) == 1
    assert moderation.pause_reminders(game, T0 + 30 * H) == []


def test_commands_raise_clear_errors():
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    game = Game.create(RULES, "p", seats, now=T0, seed="p")
    for text in ("EXTEND moon 1h", "EXTEND north", "ROLLBACK x", "ROLLFORWARD", "RESUME",
                 "PREVIEW north", "DROP moon", "ANNOUNCE ENDANNOUNCE"):
        with pytest.raises(IllegalOrder):
            moderation.execute(game, "gm@x", text, now=T0)


def test_rollback_sets_the_pause_state_of_the_record(run, home):
    run("mod", "g", "PAUSE")
    run("mod", "g", "FORCE", "north", env={"PBEM_NOW": "2026-11-21T14:00:00Z"})
    out = run("mod", "g", "ROLLBACK", "0", env={"PBEM_NOW": "2026-11-21T15:00:00Z"})
    assert "no longer paused (the record has no PAUSE in force): deadlines moved by 3:00:00" \
        in out and "So the game is no longer paused" in out
    game = load(home)
    assert not game.clocks.paused
    assert {game.deadline(d) for d in game.decisions()} == {T0 + 13 * H}
    assert "paused again" in run("mod", "g", "ROLLFORWARD")
    assert load(home).clocks.paused
    run("mod", "g", "RESUME", env={"PBEM_NOW": "2026-11-21T16:00:00Z"})
    assert "paused again" in run("mod", "g", "ROLLBACK", "2")     # undoes the RESUME
    assert load(home).clocks.paused
    assert "paused" not in run("mod", "g", "ROLLBACK", "1")       # still a PAUSE in force


def test_drop_then_add_address_gives_the_seat_back(run, home):
    out = run("mod", "g", "DROP", "east", "BECAUSE", "gone")
    assert "notice to address:e@x.org: You were dropped from g" in out
    assert "dropped already" in run("mod", "g", "DROP", "east", code=1)
    out = run("mod", "g", "ADD-ADDRESS", "east", "e@x.org")
    assert "east is no longer dropped; its addresses (e@x.org) get mail again" in out
    game = load(home)
    assert game.server["dropped"] == {} and game.seats["east"]["players"] == ["e@x.org"]
    assert game.server["resend_pending"] == ["east"]
    run("mod", "g", "ADD-ADDRESS", "east", "e@x.org", code=1)     # plays it already


def test_replace_tells_the_old_player_but_not_the_new_token(run, home):
    out = run("mod", "g", "REPLACE", "east", "new@x.org")
    assert "notice to address:e@x.org: You no longer play east in g" in out
    assert load(home).server["tokens"]["east"] not in out
    run("mod", "g", "DROP", "north")
    assert "notice to address:" not in run("mod", "g", "REPLACE", "north", "n2@x.org")


def test_stuck_from_the_exact_deadline_plus_grace(run, home):
    game = load(home)
    assert moderation.stuck_from(game) == T0 + 10 * H
    assert {r.seat for r in moderation.stuck(Store(home), T0 + 10 * H)} == {"north", "east"}
    assert moderation.stuck(Store(home), T0 + 10 * H - dt.timedelta(seconds=1)) == []
    run("mod", "g", "PAUSE")
    assert moderation.stuck_from(load(home)) is None


def test_pbem_rollback_is_the_moderators_rollback(run, home):
    run("mod", "g", "PAUSE")
    run("mod", "g", "FORCE", "north", env={"PBEM_NOW": "2026-11-21T14:00:00Z"})
    out = run("rollback", "g", "0", "--reason", "paused by mistake",
              env={"PBEM_NOW": "2026-11-21T15:00:00Z"})
    assert out.startswith("g: rolled back to entry 0; 2 entries moved to audit\n")
    assert "notice to all: Rolled back to entry 0" in out and "Reason: paused by mistake" in out
    game = load(home)
    assert not game.clocks.paused                              # the record has no PAUSE left
    assert {game.deadline(d) for d in game.decisions()} == {T0 + 13 * H}
    assert game.record.audit[-1]["by"] == "moderator:gm@x.org"
    told = game.server["notices_pending"][-2:]       # after PAUSE's and FORCE's notices
    assert [(n["to"], n["key"]) for n in told] == [("all", "rolled_back"), ("all", "unpaused")]
    assert game.server["resend_pending"] == ["all"]
    assert "So the game is no longer paused" in out
    run("rollback", "g", "0", "--as", "player@x.org", code=1)  # moderators only, as `pbem mod`
    assert "0 entries moved to audit" in run("rollback", "g", "0")   # nothing to undo
    assert load(home).server["notices_pending"] == game.server["notices_pending"]
