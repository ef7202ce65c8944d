"""testgame's own rules: sealed commits, the block interrupt, refills, the end."""
from __future__ import annotations

import datetime as dt

import pytest

from engine import registry
from engine.contract import IllegalOrder
from engine.dice import Dice
from engine.game import Game

RULES = registry.get("testgame")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


def new_game(players: int = 2, **options) -> Game:
    seats = {s: {"players": [f"{s}@x"]} for s in ("north", "east", "south", "west")[:players]}
    return Game.create(RULES, "t", seats, now=T0, seed="testgame", options=options)


def hand(game: Game, seat: str) -> list[dict]:
    return game.view(seat)["hand"]


def commit_all(game: Game) -> None:
    for seat in list(game.seats):
        game.submit(seat, f"COMMIT {hand(game, seat)[0]['number']}", at=T0)


def test_setup_deals_four_hidden_cards_each():
    game = new_game(3)
    assert all(len(hand(game, s)) == 4 for s in game.seats)
    assert game.view(None)["deck_count"] == 24 - 12
    assert "hand" not in game.view(None)


def test_commits_are_sealed_until_everyone_has_committed():
    game = new_game()
    card = hand(game, "north")[0]
    game.submit("north", f"COMMIT {card['name']}", at=T0)
    assert game.view("north")["my_commit"] == card["name"]
    assert game.view("east")["committed"] == {"north": True, "east": False}
    assert card["name"] not in str(game.view("east"))
    game.submit("east", f"COMMIT {hand(game, 'east')[0]['number']}", at=T0)
    assert game.view("east")["revealed"]["north"] == card["name"]
    assert game.view(None)["phase"] == "turns"


def test_the_highest_commit_scores_two():
    game = new_game()
    high = max(hand(game, "north"), key=lambda c: c["value"])
    low = min(hand(game, "east"), key=lambda c: c["value"])
    game.submit("north", f"COMMIT {high['number']}", at=T0)
    game.submit("east", f"COMMIT {low['number']}", at=T0)
    scores = game.view(None)["scores"]
    if high["value"] > low["value"]:
        assert scores == {"north": 2, "east": 0}
    else:
        assert scores == {"north": 1, "east": 1}


def test_an_attack_interrupts_the_target_who_may_block():
    game = new_game()
    commit_all(game)
    attacker = game.view(None)["active"]
    target = next(s for s in game.seats if s != attacker)
    card = hand(game, attacker)[0]
    game.submit(attacker, f"PLAY {card['name'].lower()} AT {target}", at=T0)
    (decision,) = game.decisions()
    assert (decision.seat, decision.kind) == (target, "respond")
    before = game.view(None)["scores"]
    entry_rolls = len(game.dice.rolls)
    game.submit(target, f"BLOCK {hand(game, target)[0]['number']}", at=T0)
    assert len(game.record.entries[-1].rolls) == 2 and entry_rolls == 0
    after = game.view(None)["scores"]
    assert sum(after.values()) > sum(before.values())


def test_allow_scores_the_card_value_without_dice():
    game = new_game()
    commit_all(game)
    attacker = game.view(None)["active"]
    target = next(s for s in game.seats if s != attacker)
    card = hand(game, attacker)[0]
    before = game.view(None)["scores"][attacker]
    game.submit(attacker, f"PLAY {card['number']} AT {target}", at=T0)
    game.submit(target, "ALLOW", at=T0)
    assert game.view(None)["scores"][attacker] == before + card["value"]
    assert game.record.entries[-1].rolls == []


def test_play_needs_a_target_and_suggests_seats():
    game = new_game()
    commit_all(game)
    attacker = game.view(None)["active"]
    with pytest.raises(IllegalOrder) as refused:
        RULES.parse(game.state, game.decisions()[0], f"PLAY {hand(game, attacker)[0]['number']}")
    assert "target" in refused.value.reason and refused.value.hints


def test_names_forgive_case_and_typos():
    game = new_game()
    card = hand(game, "north")[0]["name"]
    decision = next(d for d in game.decisions() if d.seat == "north")
    typo = card[:-1] + ("x" if card[-1] != "x" else "y")
    exact = RULES.parse(game.state, decision, f"commit {card.upper()}")
    assert exact["verb"] == "COMMIT"
    assert RULES.parse(game.state, decision, f"COMMIT {typo}") == exact   # one typo is read
    with pytest.raises(IllegalOrder) as refused:                # four more letters are not
        RULES.parse(game.state, decision, f"COMMIT {card}xxxx")
    assert card in refused.value.hints


def test_a_one_round_game_ends_with_an_outcome_and_refills():
    game = new_game(4, rounds=1)
    while game.outcome() is None:
        decision = game.decisions()[0]
        game.apply_order(decision.seat, RULES.default(game.state, decision), by="clock",
                         source="t", at=T0, decision=decision)
    assert game.decisions() == []
    assert all(len(hand(game, s)) == 4 for s in game.seats)
    assert RULES.validate(game.state) == []
    outcome = game.outcome()
    assert set(outcome.winners) <= set(game.seats) and outcome.scores


def test_validate_catches_a_lost_card():
    game = new_game()
    broken = game.to_data()["cache"]["snapshot"]["state"]
    broken["deck"].pop()
    assert RULES.validate(broken) == ["every card must be in exactly one place"]


def test_bad_options_are_refused():
    with pytest.raises(IllegalOrder, match="no option"):
        RULES.setup(None, ["north", "east"], {"speed": 2}, Dice("x"))
