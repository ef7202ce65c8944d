"""Held orders: checked at once, queued across submissions in order, their fates (applied,
refused, dropped) kept in ``server["held_fates"]`` for their authors."""
from __future__ import annotations

from engine.game import Game

from duel import RULES, T0, hand, new_game


def reloaded(game: Game) -> Game:
    """The game as the next process (a CLI order, the daemon) loads it."""
    return Game.from_data(RULES, game.to_data())


def test_three_held_submissions_are_all_kept_in_order():
    game = new_game()
    north = hand(game, "north")
    game.submit("north", f"COMMIT {north[0]}", at=T0)
    for text in (f"PLAY {north[1]} AT east", "PASS", f"BLOCK {north[2]}"):
        receipt = game.submit("north", text, at=T0)
        assert [r.status for r in receipt.results] == ["held"]
    game = reloaded(game)
    assert [h["text"] for h in game.held("north")] == [f"PLAY {north[1]} AT east", "PASS",
                                                       f"BLOCK {north[2]}"]
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", at=T0)
    # north's turn came: its first held order answers it; the rest wait behind in order
    assert game.record.entries[-1].order == f"PLAY {north[1]} AT east"
    assert [h["text"] for h in game.held("north")] == ["PASS", f"BLOCK {north[2]}"]


def test_a_held_order_that_can_never_be_valid_is_refused_at_once():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}", at=T0)
    receipt = game.submit("north", "PLAY Nosuchcard AT east\nPASS", at=T0)
    assert [r.status for r in receipt.results] == ["rejected", "skipped"]
    assert receipt.results[0].code == "name_unknown"
    receipt = game.submit("north", "ATTACK east", at=T0)
    assert receipt.results[0].code == "not_an_order"
    assert game.held("north") == []


def test_a_refused_held_order_and_the_ones_behind_it_reach_the_author():
    game = new_game()
    north = hand(game, "north")
    missing = next(n for n in range(1, 25) if n not in north)
    game.submit("north", f"COMMIT {north[0]}\nPLAY {missing} AT east\nPASS", at=T0)
    game = reloaded(game)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", at=T0)
    fates = reloaded(game).take_held_fates()
    assert [(f["seat"], f["text"], f["status"], f["code"]) for f in fates] == [
        ("north", f"PLAY {missing} AT east", "rejected", "not_in_hand"),
        ("north", "PASS", "dropped", "not_tried")]
    assert fates[0]["hints"]
    assert game.held("north") == []


def test_held_orders_are_dropped_when_their_question_never_comes():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}\nBLOCK 1", at=T0)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", at=T0)
    assert [h["text"] for h in game.held("north")] == ["BLOCK 1"]
    while game.state["round"] == 1:     # nobody attacks north: the round ends
        decision = game.decisions()[0]
        game.submit(decision.seat, "ALLOW" if decision.kind == "respond" else "PASS", at=T0)
    fates = game.take_held_fates()
    assert [(f["text"], f["status"], f["code"]) for f in fates] == [
        ("BLOCK 1", "dropped", "held_expired")]
    assert game.held("north") == []


def test_held_clear_withdraws_without_a_notice():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}\nPASS", at=T0)
    assert [h["text"] for h in game.withdraw_held("north")] == ["PASS"]
    assert game.held("north") == [] and game.take_held_fates() == []


def test_undo_after_held_orders_in_one_mail_is_refused_not_held():
    game = new_game()
    receipt = game.submit("north", f"COMMIT {hand(game, 'north')[0]}\nPASS\nUNDO", at=T0)
    assert [r.status for r in receipt.results] == ["applied", "held", "rejected"]
    assert receipt.results[2].code == "undo_not_held"
