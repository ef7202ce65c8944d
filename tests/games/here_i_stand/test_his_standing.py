"""Standing orders in Here I Stand: the off-turn questions that accept them (§21.3 free
intervention for now; the land-war questions come with their issue)."""
from __future__ import annotations

import pytest

from engine import standing
from games.here_i_stand import RULES as HIS
from his_helpers import asked, order
from test_his_henry import six_wives_state


@pytest.mark.card(3)
def test_his_free_intervention_is_answered_from_a_standing_order():
    """§21.3: Six Wives on Scotland lets France intervene; France's standing INTERVENE
    answers it, off-turn, as France would by mail."""
    assert HIS.standing_kinds()["free_intervention"] == ("INTERVENE", "DONE")
    state = six_wives_state()
    state["wars"] = sorted(state["wars"] + [["england", "france"], ["england", "hapsburg"]])
    state = order(state, "england", "PLAY 3 AS EVENT")
    decision = asked(state, "france")
    assert HIS.answer_from_standing(state, decision, "INTERVENE") == {"verb": "INTERVENE"}
    state = standing.apply(state, "france", standing.parse(HIS, "STANDING free_intervention DONE"))
    assert standing.of(state, "france") == {"free_intervention": "DONE"}


def test_standing_winter_done_leaves_the_winter_to_the_default_plan_unasked():
    """§19.3: ``STANDING winter DONE`` answers every winter plan question of that power by
    DONE (the default plan) as soon as it is asked; the record replays exactly."""
    import datetime as dt

    from engine.archive import dump_yaml, load_yaml, record_from_data, record_to_data
    from engine.game import Game
    from engine.record import replay
    t0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    seats = {p: {"players": [f"{p}@example.org"]} for p in HIS.scenario(None).seats}
    game = Game.create(HIS, "w", seats, now=t0, seed="standing-winter",
                       options={"last_turn": 1})
    quiet = [s for s in seats if s != "papacy"]
    for seat in quiet:
        assert game.submit(seat, "STANDING winter DONE", at=t0).ok
    asked = set()
    while game.outcome() is None:
        decision = game.decisions()[0]
        if decision.kind == "winter":
            asked.add(decision.seat)
        game.apply_order(decision.seat, HIS.default(game.state, decision), by="clock",
                         source="test", at=t0, decision=decision)
    answered = [e for e in game.record.entries if e.by == "standing"]
    assert answered and all(e.order == "DONE" and "-winter-" in e.decision for e in answered)
    assert not asked & set(quiet)
    data = load_yaml(dump_yaml(record_to_data(game.record, reveal_seed=True)))
    state, _ = replay(HIS, record_from_data(data), verify=True)
    assert state == game.state
    for seat in quiet:
        assert game.view(seat)["standing_orders"] == {"winter": ["STANDING winter DONE"]}
    assert "STANDING" not in repr(game.view("papacy")) and "STANDING" not in repr(game.view(None))
