"""Standing orders (engine.standing): a seat answers a kind of question in advance; the
answer is entered ``by: standing`` without asking, replays exactly, and no other seat sees it."""
from __future__ import annotations

import datetime as dt

from engine import registry, standing
from engine.archive import dump_yaml, load_yaml, record_from_data, record_to_data
from engine.canonical import state_hash
from engine.game import Game
from engine.record import replay

RULES = registry.get("testgame")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


def new_game() -> Game:
    seats = {"north": {"players": ["n@x"]}, "east": {"players": ["e@x"]}}
    return Game.create(RULES, "g", seats, now=T0, seed="standing-tests")


def attack(game: Game) -> str:
    """Both seats commit, then the active seat plays a card at the other; returns the target."""
    for seat in ("north", "east"):
        game.submit(seat, f"COMMIT {game.view(seat)['hand'][0]['number']}", at=T0)
    decision = game.decisions()[0]
    play = next(o for o in decision.legal_orders() if o["verb"] == "PLAY")
    game.apply_order(decision.seat, play, by=decision.seat, source="test", at=T0)
    return play["target"]


def test_a_standing_order_answers_without_asking():
    game = new_game()
    receipt = game.submit("east", "STANDING respond ALLOW", at=T0)
    assert receipt.ok and game.record.entries[-1].kind == "standing"
    assert game.record.entries[-1].by == "east"
    game.submit("north", "STANDING respond ALLOW", at=T0)
    target = attack(game)
    answered = game.record.entries[-1]
    assert (answered.by, answered.seat, answered.order) == ("standing", target, "ALLOW")
    assert not any(d.kind == "respond" for d in game.decisions())


def test_without_a_standing_order_the_seat_is_asked():
    game = new_game()
    target = attack(game)
    assert [d.kind for d in game.decisions(target)] == ["respond"]


def test_standing_orders_replay_exactly():
    game = new_game()
    game.submit("east", "STANDING respond ALLOW", at=T0)
    game.submit("north", "STANDING respond ALLOW", at=T0)
    attack(game)
    data = load_yaml(dump_yaml(record_to_data(game.record, reveal_seed=True)))
    state, _ = replay(RULES, record_from_data(data), verify=True)
    assert state_hash(state) == state_hash(game.state) == game.record.final_state_hash


def test_standing_orders_are_private_to_their_seat():
    game = new_game()
    game.submit("east", "STANDING respond ALLOW", at=T0)
    assert game.view("east")["standing_orders"] == {"respond": ["STANDING respond ALLOW"]}
    for seat in ("north", None):
        assert "STANDING" not in repr(game.view(seat))
        assert "standing_orders" not in game.view(seat)


def test_standing_alone_lists_and_clear_clears():
    game = new_game()
    listed = game.submit("east", "STANDING", at=T0).results[0]
    assert listed.status == "applied" and listed.code == "standing_none"
    assert game.record.last_seq == 0
    game.submit("east", "standing respond allow", at=T0)
    listed = game.submit("east", "ПОСТОЯННО", at=T0).results[0]
    assert listed.params == {"orders": "STANDING respond ALLOW"}
    game.submit("east", "STANDING CLEAR", at=T0)
    assert standing.of(game.state, "east") == {}
    assert standing.KEY not in game.state


def test_unknown_kinds_and_policies_are_refused_with_hints():
    game = new_game()
    refused = game.submit("east", "STANDING commit ALLOW", at=T0).results[0]
    assert refused.status == "rejected" and refused.hints == ["STANDING respond ALLOW"]
    refused = game.submit("east", "STANDING respond BLOCK", at=T0).results[0]
    assert refused.status == "rejected" and refused.code == "standing_no_policy"
    assert game.record.last_seq == 0


def test_the_standing_answers_read_in_both_languages():
    from pbem.reports.presenters import presenter_for
    game = new_game()
    game.submit("east", "STANDING respond ALLOW", at=T0)
    listed = game.submit("east", "STANDING", at=T0).results[0]
    refused = game.submit("east", "STANDING respond BLOCK", at=T0).results[0]
    for lang, words in (("en", "your standing orders"), ("ru", "ваши постоянные приказы")):
        pres = presenter_for("testgame", lang)
        assert pres.refusal(listed.code, listed.params, listed.message) == \
            f"{words}: STANDING respond ALLOW"
        assert "ALLOW" in pres.refusal(refused.code, refused.params, refused.message)
