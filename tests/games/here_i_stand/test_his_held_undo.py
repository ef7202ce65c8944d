"""Held orders and UNDO in a real Here I Stand game (1517), played through the Game API."""
from __future__ import annotations

import datetime as dt

from engine import registry
from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.canonical import state_hash
from engine.game import Game
from engine.record import replay

RULES = registry.get("here-i-stand")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
ORDERS = "PLAY 1 FOR CP\nMOVE Istanbul -> Edirne WITH Ibrahim Pasha 4R"


def new_game() -> Game:
    return Game.create(RULES, "g", {p: {"players": [f"{p}@x"]} for p in POWERS}, now=T0,
                       seed="s1", scenario="1517")


def play_defaults_until(game: Game, done) -> None:
    """Every open question answered with its default order, by its seat, until `done`."""
    for _ in range(300):
        if done(game):
            return
        decision = game.decisions()[0]
        game.submit(decision.seat, RULES.order_text(RULES.default(game.state, decision)),
                    source=f"m{game.record.last_seq}", at=T0)
    raise AssertionError("never got there")


def verify(game: Game) -> None:
    data = {k: v for k, v in game.to_data().items() if k not in ("server", "cache")}
    replay(RULES, record_from_data(load_yaml(dump_yaml(data))), verify=True)


def test_a_move_with_ibrahim_pasha_held_before_the_turn_is_applied_in_the_impulse():
    """The orders of a mail sent during the 95 Theses wait for the questions they answer
    (on main the PLAY was refused at spring deployment and the MOVE vanished untold)."""
    game = new_game()
    receipt = game.submit("ottoman", ORDERS, source="early", at=T0)
    assert [r.status for r in receipt.results] == ["held", "held"]
    play_defaults_until(game, lambda g: not g.held("ottoman"))
    fates = game.take_held_fates()
    assert [(f["text"], f["status"]) for f in fates] == [
        ("PLAY 1 FOR CP", "applied"),
        ("MOVE Istanbul -> Edirne WITH Ibrahim Pasha 4R", "applied")]
    assert game.record.entries[-1].order == "MOVE istanbul -> edirne WITH ibrahim 4R"
    # the other powers may answer the declared move with Foul Weather or Gout (§13.1 step 4)
    play_defaults_until(game, lambda g: "ibrahim" in g.state["spaces"]["edirne"].get(
        "leaders", []))
    verify(game)


def test_a_held_move_that_can_never_be_read_is_refused_at_once_with_a_suggestion():
    game = new_game()
    receipt = game.submit("ottoman", "MOVE Istanbul Edirne WITH Ibrahim Pasha 4R", at=T0)
    result = receipt.results[0]
    assert (result.status, result.code) == ("rejected", "needs_route")
    assert result.hints
    assert game.held("ottoman") == []


def test_an_ottoman_cp_action_is_taken_back_and_replays():
    """A build is taken back; a declared move is not once another power has been asked
    whether it plays Foul Weather or Gout (§13.1 step 4)."""
    game = new_game()
    play_defaults_until(game, lambda g: any(d.seat == "ottoman" and d.kind == "impulse"
                                            for d in g.decisions()))
    game.submit("ottoman", "PLAY 1 FOR CP", source="play", at=T0)
    after_play = state_hash(game.state)
    receipt = game.submit("ottoman", "BUILD REGULAR IN Istanbul", source="build", at=T0)
    assert receipt.results[0].status == "applied"
    receipt = game.submit("ottoman", "UNDO", source="undo", at=T0)
    assert receipt.results[0].status == "applied", receipt.results[0].message
    assert state_hash(game.state) == after_play
    assert [d.kind for d in game.decisions("ottoman")] == ["cp"]
    verify(game)
    game.submit("ottoman", "MOVE Istanbul -> Edirne 2R", source="again", at=T0)
    assert any(d.kind == "response" for d in game.decisions())
    receipt = game.submit("ottoman", "UNDO", source="undo2", at=T0)
    assert receipt.results[0].status == "rejected"
    verify(game)
