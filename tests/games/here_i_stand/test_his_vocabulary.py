"""Here I Stand's own vocabulary: the negotiation window (§9.1) is the decision that closes
on DONE; the other diplomacy questions are answered by their own orders."""
from __future__ import annotations

from his_helpers import RULES
from test_his_diplomacy import later


def test_only_the_negotiation_window_closes_on_done():
    state = later()
    decisions = RULES.decisions(state)
    assert decisions and all(d.kind == "negotiate" and d.closes_on_done for d in decisions)
    for seat in {d.seat for d in decisions}:
        state = RULES.apply(state, seat, {"verb": "DONE"}, None)
    assert RULES.decisions(state) and not any(d.closes_on_done for d in RULES.decisions(state))
