"""Submitting orders: applied, refused with hints, skipped, held; rollback and rollforward."""
from __future__ import annotations

import pytest

from engine.archive import dump_yaml, load_yaml, record_from_data, record_to_data
from engine.canonical import state_hash
from engine.contract import IllegalOrder
from engine.edit import parse_edits
from engine.game import Game
from engine.record import replay

from duel import RULES, T0, hand, new_game


def test_applied_orders_are_entries_with_canonical_text():
    game = new_game()
    card = hand(game, "north")[0]
    receipt = game.submit("north", f"commit {card}", at=T0)
    assert [r.status for r in receipt.results] == ["applied"]
    assert game.record.entries[-1].order == f"COMMIT {card}"
    assert game.record.entries[-1].by == "north"


def test_a_refused_line_has_reason_and_hints_and_skips_the_rest():
    game = new_game()
    receipt = game.submit("north", "COMIT 3\nPASS", at=T0)
    assert [r.status for r in receipt.results] == ["rejected", "skipped"]
    assert receipt.results[0].hints == ["COMMIT ..."]
    assert game.record.last_seq == 0
    assert not receipt.ok


def test_a_card_not_in_hand_suggests_the_hand():
    game = new_game()
    missing = next(n for n in range(1, 25) if n not in hand(game, "north"))
    result = game.submit("north", f"COMMIT {missing}", at=T0).results[0]
    assert result.status == "rejected"
    assert "not in your hand" in result.message
    assert len(result.hints) == 4


def test_batched_orders_are_held_then_applied_when_asked():
    game = new_game()
    north_cards = hand(game, "north")
    receipt = game.submit("north", f"COMMIT {north_cards[0]}\nPASS", at=T0)
    # North committed; the round's first turn is north's but only after east commits.
    assert [r.status for r in receipt.results] == ["applied", "held"]
    east_receipt = game.submit("east", f"COMMIT {hand(game, 'east')[0]}", at=T0)
    assert len(east_receipt.entries) == 2  # east's commit, then north's held PASS
    assert game.record.entries[-1].order == "PASS" and game.record.entries[-1].seat == "north"
    assert [(seat, r.status) for seat, r in game.notices] == [("north", "applied")]


def test_a_held_order_waits_for_a_question_it_answers():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}\nBLOCK 1\nPASS", at=T0)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", at=T0)
    # North is asked its turn; BLOCK answers an attack, so it (and PASS behind it) waits.
    assert game.notices == []
    assert [h["text"] for h in game.held("north")] == ["BLOCK 1", "PASS"]


def test_unknown_seat_is_refused():
    with pytest.raises(IllegalOrder, match="no seat"):
        new_game().submit("south", "PASS", at=T0)


def play_some(game: Game, count: int) -> None:
    for _ in range(count):
        decision = game.decisions()[0]
        game.apply_order(decision.seat, RULES.default(game.state, decision), by="clock",
                         source="t", at=T0, decision=decision)


def test_rollback_keeps_removed_entries_in_audit_and_replays():
    game = new_game()
    play_some(game, 6)
    hash_at_3 = game.record.entries[2].state_hash
    removed = game.rollback(3, by="moderator:gm@x", reason="misclick", at=T0)
    assert [e.seq for e in removed] == [4, 5, 6]
    assert state_hash(game.state) == hash_at_3
    assert game.record.audit[0]["reason"] == "misclick"
    replay(RULES, game.record, verify=True)
    play_some(game, 2)
    assert game.record.last_seq == 5


def test_rollforward_restores_the_same_states():
    game = new_game()
    play_some(game, 6)
    hashes = [e.state_hash for e in game.record.entries]
    game.rollback(2, by="cli", reason="check", at=T0)
    game.rollforward(by="cli", at=T0)
    assert [e.state_hash for e in game.record.entries] == hashes
    assert "rolled_forward_at" in game.record.audit[-1]
    with pytest.raises(IllegalOrder):
        game.rollforward(by="cli", at=T0)


def test_rollforward_refuses_after_new_entries():
    game = new_game()
    play_some(game, 6)
    game.rollback(2, by="cli", reason="check", at=T0)
    play_some(game, 1)
    with pytest.raises(IllegalOrder, match="added after"):
        game.rollforward(by="cli", at=T0)


def test_loading_uses_the_snapshot_or_replays():
    game = new_game()
    play_some(game, 5)
    data = load_yaml(dump_yaml(game.to_data()))
    assert Game.from_data(RULES, data).state == game.state
    data["cache"]["snapshot"]["state"]["scores"]["north"] = 99  # a corrupt cache is ignored
    assert Game.from_data(RULES, data).state == game.state


def test_a_moderator_edit_is_an_entry_that_replays():
    game = new_game()
    play_some(game, 3)
    entry = game.edit("scores.north", 5, by="moderator:gm@x", because="lost a point to a bug",
                      source="cli", at=T0)
    assert (entry.kind, entry.order, entry.because) == ("edit", "EDIT scores.north = 5",
                                                       "lost a point to a bug")
    assert game.view(None)["scores"]["north"] == 5
    archived = dump_yaml(record_to_data(game.record, reveal_seed=True))
    state, _ = replay(RULES, record_from_data(load_yaml(archived)))
    assert state == game.state
    play_some(game, 2)
    replay(RULES, game.record, verify=True)


def test_an_edit_that_breaks_validation_is_refused():
    game = new_game()
    with pytest.raises(IllegalOrder, match="break"):
        game.edit("deck", [], by="moderator:gm@x", because="oops", source="cli", at=T0)
    with pytest.raises(IllegalOrder, match="reason"):
        game.edit("scores.north", 1, by="moderator:gm@x", because=" ", source="cli", at=T0)
    with pytest.raises(IllegalOrder, match="no such key"):
        game.edit("nowhere.north", 1, by="moderator:gm@x", because="x", source="cli", at=T0)
    assert game.record.last_seq == 0


def test_several_edits_made_together_are_validated_after_the_last():
    """A card moved from the deck to a hand touches two places: either change alone breaks
    `validate` (the card in two places, or nowhere), both together do not; each is its own
    entry and the whole replays."""
    game = new_game()
    deck = list(game.state["deck"])
    card = deck.pop()
    north = [*game.state["hands"]["north"], card]
    mod = dict(by="moderator:gm@x", because="dealt one card short", source="cli", at=T0)
    with pytest.raises(IllegalOrder, match="break"):
        game.edit("hands.north", north, **mod)
    with pytest.raises(IllegalOrder, match="break"):
        game.edit("deck", deck, **mod)
    assert game.record.last_seq == 0
    entries = game.edits(parse_edits(f"EDIT deck = {deck}; hands.north = {north}"), **mod)
    assert [e.order.split(" = ")[0] for e in entries] == ["EDIT deck", "EDIT hands.north"]
    assert [e.seq for e in entries] == [1, 2] and card in game.state["hands"]["north"]
    replay(RULES, game.record, verify=True)


def test_an_edit_splits_its_assignments_at_semicolons_outside_values():
    assert parse_edits('EDIT a.b = "x;y"; c = [1, 2];d = word') == [
        ("a.b", "x;y"), ("c", [1, 2]), ("d", "word")]
    with pytest.raises(IllegalOrder, match=";"):
        parse_edits("EDIT a = 1 b = 2")


def test_acts_change_no_state_and_end_closes_the_game():
    game = new_game()
    play_some(game, 2)
    before = game.record.final_state_hash
    game.act("PAUSE", by="moderator:gm@x", source="cli", at=T0)
    assert game.record.final_state_hash == before and game.decisions()
    game.act("END", by="moderator:gm@x", because="players agreed a draw", source="cli", at=T0)
    assert game.decisions() == []
    assert game.outcome().reason == "ended by a moderator: players agreed a draw"
    assert game.to_data(private=False)["dice"]["seed"] == "game-tests"
    replay(RULES, game.record, verify=True)


def test_rollforward_restores_edits_and_acts():
    game = new_game()
    play_some(game, 2)
    game.edit("scores.east", 3, by="moderator:gm@x", because="fix", source="cli", at=T0)
    game.act("NMR hold", by="moderator:gm@x", source="cli", at=T0)
    hashes = [e.state_hash for e in game.record.entries]
    game.rollback(1, by="cli", reason="check", at=T0)
    game.rollforward(by="cli", at=T0)
    assert [e.state_hash for e in game.record.entries] == hashes
    assert [e.kind for e in game.record.entries] == ["order", "order", "edit", "act"]


def test_a_game_that_owns_its_states_changes_them_in_place_and_rebuilds_after_a_refusal(
        monkeypatch):
    """A simulation's game (`owns_states`) applies entries to its state object itself; an
    order refused after it changed that object leaves the state of the last entry."""
    game = new_game()
    game.owns_states = True
    play_some(game, 3)
    state = game.state
    play_some(game, 1)
    assert game.state is state                      # in place: no copy per entry
    calls = []

    def refused_half_way(state, seat, order, dice, asked=None):
        calls.append(order)
        monkeypatch.undo()                          # the replay that rebuilds is the real one
        state["hands"] = {}                         # a change made before the refusal
        raise IllegalOrder("refused half-way")

    monkeypatch.setattr(RULES, "transition", refused_half_way)
    seat = game.decisions()[0].seat
    order = RULES.default(game.state, game.decisions()[0])
    with pytest.raises(IllegalOrder):
        game.apply_order(seat, order, by=seat, source="test", at=T0)
    assert calls and game.state is not state
    assert state_hash(game.state) == game.record.entries[-1].state_hash
    before = game.record.last_seq
    play_some(game, 1)                              # and the game goes on
    assert game.record.last_seq == before + 1
