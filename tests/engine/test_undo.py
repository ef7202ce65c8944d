"""UNDO: a seat takes back its last move while nothing irreversible followed (engine/undo.py);
the undo entry replays exactly."""
from __future__ import annotations

from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.canonical import state_hash
from engine.game import Game
from engine.record import replay

from duel import RULES, T0, hand, new_game


def undo(game: Game, seat: str):
    return game.submit(seat, "UNDO", source=f"undo-{game.record.last_seq}", at=T0).results[0]


def verify(game: Game) -> None:
    """The record, as the game file holds it (with the seed), replays every hash."""
    data = {k: v for k, v in game.to_data().items() if k not in ("server", "cache")}
    text = dump_yaml(data)
    replay(RULES, record_from_data(load_yaml(text)), verify=True)


def test_a_sealed_commit_is_taken_back_and_replays():
    game = new_game()
    before = state_hash(game.state)
    card = hand(game, "north")[0]
    game.submit("north", f"COMMIT {card}", source="m1", at=T0)
    result = undo(game, "north")
    assert (result.status, result.order, result.seq) == ("applied", "UNDO TO 0", 2)
    assert state_hash(game.state) == before and card in hand(game, "north")
    assert game.record.entries[-1].kind == "undo"
    verify(game)
    # the seat answers again; a second UNDO has nothing left to take back
    game.submit("north", f"COMMIT {hand(game, 'north')[1]}", source="m2", at=T0)
    verify(game)
    assert undo(game, "north").status == "applied"
    assert undo(game, "north").code == "undo_nothing"
    verify(game)


def test_undo_is_refused_after_another_seat_acted():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}", source="m1", at=T0)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", source="m2", at=T0)
    result = undo(game, "north")
    assert (result.status, result.code, result.params) == ("rejected", "undo_acted",
                                                           {"seat": "east"})
    result = undo(game, "east")       # the last commit revealed every commit
    assert (result.code, result.params["why"]["msg"]) == ("undo_refused", "undo_revealed")
    assert all(e.kind == "order" for e in game.record.entries)


def test_undo_is_refused_when_a_card_was_revealed_or_dice_rolled():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}", source="a", at=T0)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", source="b", at=T0)
    turn = game.decisions()[0]
    attacker = turn.seat
    target = "east" if attacker == "north" else "north"
    game.submit(attacker, f"PLAY {hand(game, attacker)[0]} AT {target}", source="c", at=T0)
    result = undo(game, attacker)     # the played card is shown to everyone
    assert result.params["why"]["msg"] == "undo_revealed"
    game.submit(target, f"BLOCK {hand(game, target)[0]}", source="d", at=T0)
    assert game.record.entries[-1].rolls
    result = undo(game, target)
    assert result.params["why"]["msg"] == "undo_dice"
    assert game.record.entries[-1].kind == "order"
    verify(game)


def test_undo_is_refused_when_it_asked_another_seat():
    game = new_game()
    game.submit("north", f"COMMIT {hand(game, 'north')[0]}", source="a", at=T0)
    game.submit("east", f"COMMIT {hand(game, 'east')[0]}", source="b", at=T0)
    attacker = game.decisions()[0].seat
    game.submit(attacker, "PASS", source="c", at=T0)
    result = undo(game, attacker)
    assert result.params["why"] == {"msg": "undo_asked",
                                    "seat": "east" if attacker == "north" else "north"}
