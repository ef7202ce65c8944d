"""Standing orders in Here I Stand: the off-turn questions that accept them (§21.3 free
intervention for now; the land-war questions come with their issue)."""
from __future__ import annotations

from engine import standing
from games.here_i_stand import RULES as HIS
from his_helpers import asked, order
from test_his_henry import six_wives_state


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
