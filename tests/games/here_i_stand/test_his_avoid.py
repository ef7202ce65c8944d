"""Avoiding battle with part of a power's units (§13.3 step 3: any units and leaders may
stay in the space and not try)."""
from __future__ import annotations

from games.here_i_stand import RULES
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, log_text, order
from test_his_land_war import _no_interceptors, vienna


def _entered():
    state = _no_interceptors(vienna())
    return order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")


def test_part_of_the_units_avoid_and_the_rest_stay():
    """Ferdinand and 1 of the 2 regulars avoid to Linz (5 + 4 + 1 - 1 for the Ottoman
    cavalry = 9); the other
    regular stays in Vienna, where its controller is then asked to withdraw it (§13.4)."""
    state = order(_entered(), "hapsburg", "AVOID TO Linz WITH Ferdinand 1", FixedDice(5, 4))
    assert S.units(state, "linz") == {"hapsburg": {"regulars": 1}}
    assert S.leaders_at(state, "linz") == ["ferdinand"]
    assert S.units(state, "vienna")["hapsburg"] == {"regulars": 1}
    d = asked(state, "hapsburg")
    assert d.kind == "withdraw" and d.context["units"] == 1


def test_units_avoid_without_their_leader_and_lose_his_rating():
    """The best rating is that of a leader who tries: without Ferdinand 5 + 3 - 1 (the
    Ottoman cavalry) = 7 < 9 fails;
    the text names the choice, the default stays."""
    state = _entered()
    d = asked(state, "hapsburg")
    parsed = RULES.parse(state, d, "AVOID TO Linz WITH NONE 2")
    assert parsed == {"verb": "AVOID", "to": "linz", "units": 2, "leaders": ()}
    assert RULES.parse(state, d, "AVOID TO Linz")["leaders"] == ("ferdinand",)
    assert RULES.default(state, d) == {"verb": "DONE"}
    state = order(state, "hapsburg", "AVOID TO Linz WITH NONE 2", FixedDice(5, 3))
    assert "failed to avoid battle in Vienna: [5, 3] -1 = 7" in log_text(state["log"])
    assert S.count(state, "vienna", "hapsburg") == 2
