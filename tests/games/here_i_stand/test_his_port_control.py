"""§12.2 (L727): whatever passes a port to a new controller — an assault, an event, a peace
term — sends the ships of the other powers there (neither the new controller nor its allies)
to an adjacent sea zone as after a naval battle in a port (§16.2 step 9, L1031); the
defender's own ships in a fortress taken by assault go to the turn track instead (§15.1
step 10, L939).  `navy.ports.change` is the one place that applies it."""
from __future__ import annotations

import pytest

from games.here_i_stand import deactivation, siege
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports
from his_helpers import (FixedDice, asked, clear_units, fresh, into_action, log_text, no_cards,
                         order, put)
from test_his_diplomacy import close, later, say


def test_no_foreign_ships_is_just_the_control_marker():
    """With no ships of another power in the space, `ports.change` only moves the marker."""
    state = fresh()
    before = {k: v for k, v in state.items() if k not in ("spaces", "log")}
    ports.change(state, "marseille", "hapsburg")
    assert S.controller(state, "marseille") == "hapsburg"
    assert {k: v for k, v in state.items() if k not in ("spaces", "log")} == before
    ports.change(state, "marseille", "france")              # home again: no marker
    assert "control" not in S.record(state, "marseille")


def test_assault_sends_the_defenders_fleet_off_and_a_third_powers_fleet_out():
    """§15.1 step 10 (L939): the English squadron of fallen Calais goes to the turn track;
    §12.2 (L727): the Ottoman squadron there (at war with neither) must leave for a sea zone
    without its enemies — there are two, so the Ottomans are asked."""
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "brussels", "boulogne", "north_sea", "english_channel")
    put(state, "calais", "england", regulars=2, squadrons=1)
    put(state, "calais", "ottoman", squadrons=1)
    put(state, "calais", "france", regulars=6, leaders=["francis_i"])
    put(state, "north_sea", "france", squadrons=2)          # the blockade (§15.1)
    siege.begin_siege(state, "calais", ["france"], ["england"])
    state = no_cards(state)
    state["phase_data"].update(impulse=state["phase_data"]["impulse"] + 6, cp=4)
    state = order(state, "france", "ASSAULT Calais", FixedDice(5, 6, 1, 2, 1, 2, 3))
    assert S.controller(state, "calais") == "france"
    assert state["naval_out"]["units"] == {"england": {"squadrons": 1}}
    d = asked(state, "ottoman")
    assert d.kind == "naval-retreat"
    assert d.context["ports"] == ["english_channel", "north_sea"]
    state = order(state, "ottoman", "RETREAT TO North Sea")
    assert "ottoman" not in S.units(state, "calais")
    assert S.units(state, "north_sea")["ottoman"] == {"squadrons": 1}
    assert "Calais passed to France: the ships of Ottomans there must leave" in \
        log_text(state["log"])


@pytest.mark.card(71)
def test_city_state_rebels_free_a_port_and_other_ships_leave():
    """#71 frees Hapsburg-held Tunis (two 6s kill its 2 regulars); the English squadron
    there leaves (§12.2 L727) — for the Barbary Coast, the one zone without an enemy of
    England's (an Ottoman squadron at war with England holds the North African Coast)."""
    state = into_action(fresh(), "france", hand=[71])
    state["wars"] = sorted(state["wars"] + [["england", "ottoman"]])
    clear_units(state, "tunis", "barbary_coast", "north_african_coast")
    S.set_control(state, "tunis", "hapsburg")
    put(state, "tunis", "hapsburg", regulars=2)
    put(state, "tunis", "england", squadrons=1)
    put(state, "north_african_coast", "ottoman", squadrons=1)
    state = order(state, "france", "PLAY City State Rebels AS EVENT")
    state = order(state, "france", "TARGET Tunis", FixedDice(6, 6, 2, 3, 4))
    assert S.controller(state, "tunis") == "independent"
    assert "england" not in S.units(state, "tunis")
    assert S.units(state, "barbary_coast")["england"] == {"squadrons": 1}


def test_a_ceded_port_sends_a_third_powers_ships_out():
    """A peace term (§9.1 CEDE): France cedes Marseille to the Hapsburgs; France's own
    squadron is relocated first (§9.3 step 3, L539), then the English squadron, ally of
    neither, leaves for the Gulf of Lyon, the port's one sea zone (§12.2 L727)."""
    state = later()
    clear_units(state, "marseille", "gulf_of_lyon")
    put(state, "marseille", "france", squadrons=1)
    put(state, "marseille", "england", squadrons=1)
    state = say(state, "france", "PROPOSE france hapsburg: CEDE Marseille TO Hapsburg")
    state = say(state, "hapsburg", "ACCEPT 1")
    state = close(state)
    assert S.controller(state, "marseille") == "hapsburg"
    assert S.units(state, "marseille") == {}
    assert S.units(state, "gulf_of_lyon")["england"] == {"squadrons": 1}
    assert "france" not in S.units(state, "gulf_of_lyon")


def test_deactivation_keeps_its_own_rule_for_other_ships():
    """§22.4 (L1862) names where other powers' ships go when a minor is deactivated — the
    nearest friendly port, not a sea zone — so deactivation does not apply §12.2."""
    state = fresh()
    state["minor_allies"]["genoa"] = "france"
    S.set_control(state, "genoa", "france")
    clear_units(state, "genoa", "gulf_of_lyon", "tyrrhenian_sea")
    put(state, "genoa", "france", squadrons=1)
    deactivation.deactivate(state, "genoa")
    assert S.controller(state, "genoa") == "genoa"
    assert "france" not in S.units(state, "genoa")
    assert S.units(state, "gulf_of_lyon").get("france") is None
    assert S.units(state, "marseille")["france"]["squadrons"] >= 1
