"""Deactivation of minor powers (§22.4), and a minor's alliance changing hands (§22.2
L1827: deactivated from its old ally first)."""
from __future__ import annotations

import pytest

from games.here_i_stand import deactivation
from games.here_i_stand import state as S
from his_helpers import clear_units, fresh, log_text, put


def _genoa_with_france():
    """Genoa allied with France; France holds Genoa city with a control marker and 2
    regulars; 2 Genoese regulars, a squadron and Andrea Doria are in Genoa city, 1 Genoese
    regular marches with the French in Marseille, 1 French regular stands in Bastia."""
    state = fresh()
    state["minor_allies"]["genoa"] = "france"
    clear_units(state, "genoa", "bastia", "marseille")
    S.set_control(state, "genoa", "france")
    put(state, "genoa", "france", regulars=2)
    put(state, "genoa", "genoa", regulars=2, squadrons=1, leaders=["andrea_doria"])
    put(state, "marseille", "genoa", regulars=1)
    put(state, "bastia", "france", regulars=1)
    return state


def test_a_new_ally_deactivates_the_minor_first_22_4():
    """§22.4 via §22.2 L1827 (Genoa changing hands to the Hapsburgs): the French marker
    leaves Genoa city and the French units there go to the nearest French fortress; the
    Genoese regular in Marseille goes home to Genoa; Bastia, which had no French marker,
    keeps its French regular; then Genoa is the Hapsburgs' ally."""
    state = _genoa_with_france()
    deactivation.ally(state, "genoa", "hapsburg")
    assert state["minor_allies"]["genoa"] == "hapsburg"
    assert S.controller(state, "genoa") == "genoa"
    assert S.count(state, "genoa", "france") == 0
    assert S.count(state, "genoa", "genoa") == 3
    assert S.units(state, "genoa")["genoa"]["squadrons"] == 1
    assert S.count(state, "marseille", "genoa") == 0
    assert S.count(state, "bastia", "france") == 1
    assert S.where_is(state, "andrea_doria") == "genoa"
    assert S.count(state, "marseille", "france") == 2
    text = log_text(state["log"])
    assert "Genoa is no longer allied with France: deactivated (§22.4)" in text
    assert "units of France left Genoa for Marseille" in text
    assert "units of Genoa left Marseille for Genoa" in text
    assert "left Genoa for Genoa" not in text


def test_with_no_home_space_left_the_minors_units_die_and_doria_waits_22_4():
    """§22.4 steps 4-5: with every Genoese home space held by the Hapsburgs, Genoa's land
    and naval units are eliminated and Andrea Doria goes to the turn track."""
    state = fresh()
    state["minor_allies"]["genoa"] = "france"
    clear_units(state, "genoa", "bastia", "marseille", "gulf_of_lyon")
    for sid in ("genoa", "bastia"):
        S.set_control(state, sid, "hapsburg")
    put(state, "marseille", "genoa", regulars=2)
    put(state, "gulf_of_lyon", "genoa", squadrons=1, leaders=["andrea_doria"])
    deactivation.deactivate(state, "genoa")
    assert "genoa" not in state["minor_allies"]
    assert S.controller(state, "genoa") == "hapsburg"           # not the former ally's marker
    assert sum(S.count(state, sid, "genoa", S.LAND + S.NAVAL) for sid in state["spaces"]) == 0
    assert S.where_is(state, "andrea_doria") is None
    assert state["naval_out"]["leaders"] == ["andrea_doria"]


def test_hungary_is_never_deactivated_22_4():
    state = fresh()
    state["minor_allies"]["hungary"] = "hapsburg"
    with pytest.raises(ValueError, match="§22.4"):
        deactivation.deactivate(state, "hungary")
    deactivation.ally(state, "hungary", "hapsburg")               # already: nothing changes
    assert state["minor_allies"]["hungary"] == "hapsburg"
