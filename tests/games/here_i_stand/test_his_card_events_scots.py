"""#97 Scots Raid (`card_events_scots`): Stirling to France, 6 CP (3 after a leader's
transfer) bound to Scotland and the English border; and every question of the land-war and
political events reads back its own canonical texts."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, events
from games.here_i_stand import state as S
from his_helpers import asked, fresh, into_action, log_text, order, put


def _allied():
    state = into_action(fresh(), "france", hand=[97])
    state["minor_allies"]["scotland"] = "france"
    return state


@pytest.mark.card(97)
def test_scots_raid_takes_stirling_and_binds_the_cp():
    state = _allied()
    S.set_control(state, "stirling", "england")
    put(state, "stirling", "england", regulars=1)
    state = order(state, "france", "PLAY Scots Raid AS EVENT")
    assert S.controller(state, "stirling") == "france"
    assert not S.units(state, "stirling").get("england")
    d = asked(state, "england")                     # England's regular: its choice (§9.3)
    assert d.kind == "relocation" and d.context["space"] in d.context["spaces"]
    state = order(state, "england", f"RELOCATE {d.context['space']}")
    d = asked(state, "france")
    assert d.kind == "scots_raid" and RULES.default(state, d) == {"verb": "DONE"}
    state = order(state, "france", "DONE")
    d = asked(state, "france")
    assert d.kind == "cp" and state["phase_data"]["cp"] == 6
    builds = [o for o in d.options.options if o.verb == "BUILD"]
    assert builds and all(set(dict(o.fields)["space"].values) <= {"edinburgh", "glasgow",
                                                                  "stirling"} for o in builds)
    assert not [o for o in d.options.options if o.verb not in ("DONE", "MOVE", "CONTROL",
                                                               "ASSAULT", "BUILD")]
    with pytest.raises(IllegalOrder, match="Scots Raid"):
        order(state, "france", "BUILD REGULAR IN Paris")
    state = order(state, "france", "BUILD REGULAR IN Edinburgh")
    assert S.units(state, "edinburgh")["scotland"]["regulars"] == 4
    assert "France takes Stirling" in log_text(state["log"])


@pytest.mark.card(97)
def test_scots_raid_leader_transfer_leaves_3_cp():
    state = order(_allied(), "france", "PLAY 97 AS EVENT")
    state = order(state, "france", "TRANSFER Montmorency TO Edinburgh")
    assert S.where_is(state, "montmorency") == "edinburgh"
    assert state["phase_data"]["cp"] == 3


@pytest.mark.card(97)
def test_scots_raid_refusals():
    state = into_action(fresh(), "france", hand=[97])
    assert events.playable_as_event(state, "france", 97).code == "scots_raid_ally"
    state = into_action(fresh(), "england", hand=[97])
    assert events.playable_as_event(state, "england", 97).code == "scots_raid_france"


@pytest.mark.parametrize("power,card,setup", [
    ("hapsburg", 80, None), ("france", 103, None), ("france", 91, "captured"),
    ("hapsburg", 70, None), ("france", 74, None), ("france", 38, None), ("france", 40, None),
    ("france", 72, None), ("france", 97, "scots"), ("france", 104, None)])
def test_every_event_question_reads_its_own_texts(power, card, setup):
    state = into_action(fresh(), power, hand=[card])
    if setup == "captured":
        S.move_leader(state, "montmorency", "paris", None)
        state["captured"]["hapsburg"] = ["montmorency"]
    if setup == "scots":
        state["minor_allies"]["scotland"] = "france"
    state = order(state, power, f"PLAY {card} AS EVENT")
    d = asked(state, power)
    for o in list(d.legal_orders())[:40]:
        assert RULES.parse(state, d, RULES.order_text(o)) == o, o
    RULES.apply(state, power, RULES.default(state, d), Dice("x"))
