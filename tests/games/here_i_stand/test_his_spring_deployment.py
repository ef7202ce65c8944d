"""Spring Deployment (§10): the rulebook example E6 and the path rules."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES
from games.here_i_stand import state as S
from games.here_i_stand.phases import spring_deployment as spring
from his_helpers import MAJORS, asked, fresh, log_text, order, put
from viewtools import leaves


def at_france(state):
    state["phase"] = "spring_deployment"
    state["phase_data"] = {"index": MAJORS.index("france")}
    return state


def e6_state():
    """§10 L628: Genoa is France's ally, no ships in the Gulf of Lyon's ports (other than
    France's own), and an alliance with the Papacy makes Papal Pavia friendly."""
    state = fresh()
    state["minor_allies"]["genoa"] = "france"
    S.set_control(state, "genoa", "france")
    S.set_control(state, "turin", "independent")
    S.set_control(state, "pavia", "papacy")
    state["wars"] = [w for w in state["wars"] if w != ["france", "papacy"]]
    state["alliances"] = [["france", "papacy"]]
    S.add_units(state, "barcelona", "hapsburg", "squadrons", -1)
    put(state, "paris", "france", regulars=2)       # 6 regulars with Francis and Montmorency
    return at_france(state)


def test_e6_by_sea_to_genoa_and_on_to_milan():
    state = e6_state()
    reach = spring.reach(state, "france", "paris")
    assert reach["marseille"] is False                  # by land
    assert reach["genoa"] is True and reach["milan"] is True   # across the Gulf of Lyon
    after = order(state, "france", "MOVE Paris -> Milan WITH Montmorency 5")
    assert S.count(after, "milan", "france") == 2 + 5
    assert "montmorency" in S.leaders_at(after, "milan")
    assert S.count(after, "paris", "france") == 1
    assert after["phase_data"]["index"] > MAJORS.index("france") or after["phase"] != "spring_deployment"


def test_e6_at_most_five_cross_the_sea():
    state = e6_state()
    with pytest.raises(IllegalOrder, match="at most 5"):
        order(state, "france", "MOVE Paris -> Genoa WITH Montmorency, Francis I 6")
    decision = asked(state, "france")
    movable = [o for o in decision.options.options if o.verb == "MOVE"
               and dict(o.fields)["to"].values == ("genoa",)]
    assert movable and all(dict(o.fields)["units"].high <= 5 for o in movable)


def test_e6_without_the_alliance_pavia_is_not_friendly():
    state = e6_state()
    state["alliances"] = []
    state["wars"].append(["france", "papacy"])
    assert "milan" not in spring.reach(state, "france", "paris")
    with pytest.raises(IllegalOrder, match="no deployment path"):
        order(state, "france", "MOVE Paris -> Milan WITH Montmorency 4")


def test_ships_of_another_major_close_the_sea_zone():
    state = e6_state()
    put(state, "barcelona", "hapsburg", squadrons=1)
    assert "genoa" not in spring.reach(state, "france", "paris")


def test_no_pass_and_no_unrest_on_the_path():
    state = at_france(fresh())
    assert "nice" not in spring.reach(state, "france", "paris") or \
        not S.board().is_pass("marseille", "nice")
    S.set_unrest(state, "dijon", True)
    assert "dijon" not in spring.reach(state, "france", "paris")


def test_order_pass_default_and_the_sequence():
    state = fresh()
    # drive the turn to spring deployment through diplomacy and the Diet of Worms (defaults)
    while state["phase"] in ("diplomacy", "diet_of_worms"):
        decision = RULES.decisions(state)[0]
        state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice("dw"))
    assert state["phase"] == "spring_deployment"
    # the opening window of the spring cards first: every power with a hand, DONE by default
    window = RULES.decisions(state)
    assert [d.kind for d in window] == ["spring_cards"] * len(MAJORS)
    assert all(RULES.default(state, d) == {"verb": "DONE"} for d in window)
    for d in window:
        state = order(state, d.seat, "DONE")
    decision = RULES.decisions(state)[0]
    assert decision.seat == "ottoman" and decision.kind == "deploy"
    assert RULES.default(state, decision) == {"verb": "PASS"}
    state = order(state, "ottoman", "PASS")
    assert RULES.decisions(state)[0].seat == "hapsburg"
    # the Protestants are never asked
    while state["phase"] == "spring_deployment":
        seat = RULES.decisions(state)[0].seat
        assert seat != "protestant"
        state = order(state, seat, "PASS")
    assert state["phase"] == "action"


@pytest.mark.card(102)
def test_spring_preparations_a_regular_and_six_across_the_sea():
    """#102 in E6's position: +1 regular in Paris, then 6 may cross the Gulf of Lyon."""
    from games.here_i_stand import events
    state = e6_state()
    state["hands"]["france"] = [102]
    d = asked(state, "france")
    assert "PLAY" in d.options.verbs() and RULES.default(state, d) == {"verb": "PASS"}
    before = S.count(state, "paris", "france")
    state = order(state, "france", "PLAY Spring Preparations AS EVENT")
    assert S.count(state, "paris", "france") == before + 1 and 102 in state["discard"]
    assert asked(state, "france").kind == "deploy" and "PLAY" not in asked(state, "france")\
        .options.verbs()
    after = order(state, "france", "MOVE Paris -> Genoa WITH Montmorency, Francis I 6")
    assert S.count(after, "genoa", "france") == 6
    s2 = fresh()
    s2["hands"]["france"] = [102]
    assert events.playable_as_event(s2, "france", 102).code == "preparations_phase"


def spring_window(hands):
    """Spring Deployment entered with these hands (the other hands empty)."""
    state = fresh()
    for power in MAJORS:
        state["hands"][power] = sorted(hands.get(power, []))
    state["phase"] = "spring_deployment"
    spring.enter(state, Dice("spring"))
    return state


@pytest.mark.card(109)
def test_venetian_informant_shows_the_hand_to_the_player_alone():
    """#109 before any deployment: England reviews France's hand; the history says only that
    the card was played against France."""
    state = spring_window({"england": [109, 50], "france": [4, 65, 80], "papacy": [5, 70]})
    asked_now = {d.seat: d for d in RULES.decisions(state)}
    # asked by public information: every power with a hand, whatever it holds
    assert set(asked_now) == {"england", "france", "papacy"}
    assert all(d.kind == "spring_cards" for d in asked_now.values())
    assert "INSPECT" in asked_now["england"].options.verbs()
    assert "INSPECT" not in asked_now["france"].options.verbs()
    state = order(state, "england", "INSPECT France")
    assert 109 in state["discard"] and 109 not in state["hands"]["england"]
    note = state["private_log"]["england"][-1]
    assert (note["msg"], note["power"], note["cards"]) == ("inquisition_hand", "france",
                                                          [4, 65, 80])
    assert "France" in log_text(state["log"][-1:])
    state = order(state, "england", "DONE")
    assert "england" not in state["phase_data"]["window"]
    for seat in ("france", "papacy"):
        state = order(state, seat, "DONE")
    assert asked(state, "ottoman").kind == "deploy"


@pytest.mark.card(109)
def test_venetian_informant_no_other_seat_sees_the_hand():
    from games.here_i_stand import facts
    from pbem.reports.presenters import presenter_for
    state = spring_window({"england": [109], "france": [65, 80], "papacy": [70],
                           "protestant": [60]})
    state = order(state, "england", "INSPECT France")
    hidden = {facts.card(n).name_en for n in (65, 80)}
    pres = presenter_for("here-i-stand", "en")
    for seat in (None, "ottoman", "hapsburg", "papacy", "protestant", "england"):
        view = RULES.view(state, seat)
        text = " ".join(leaves(view)) + log_text(view["log"]) + \
            log_text(view.get("private_log", [])) + str(pres.status_context(view))
        if seat is not None:
            text += str(pres.private_context(view, RULES.view(state, None)))
        found = {name for name in hidden if name in text}
        assert found == (hidden if seat == "england" else set()), (seat, found)


@pytest.mark.card(102)
def test_a_power_with_nothing_to_deploy_may_play_spring_preparations():
    """The window asks the Papacy even with Rome empty: #102 adds a regular, then it deploys."""
    state = spring_window({"papacy": [102]})
    S.add_units(state, "rome", "papacy", "regulars", -S.count(state, "rome", "papacy", ("regulars",)))
    state = order(state, "papacy", "PLAY 102 AS EVENT")
    assert S.count(state, "rome", "papacy", ("regulars",)) == 1
    state = order(state, "papacy", "DONE")
    while RULES.decisions(state)[0].seat != "papacy":
        state = order(state, RULES.decisions(state)[0].seat, "PASS")
    assert asked(state, "papacy").kind == "deploy" and "MOVE" in asked(state, "papacy")\
        .options.verbs()


def test_spring_cards_window_standing_never_and_when_nobody_is_asked():
    from engine import standing
    state = spring_window({"hapsburg": [50]})
    d = asked(state, "hapsburg")
    assert "spring_cards" in RULES.standing_kinds() and \
        RULES.answer_from_standing(state, d, "NEVER") == {"verb": "DONE"}
    assert standing.parse(RULES, "STANDING spring_cards NEVER").policy == "NEVER"
    state = spring_window({})
    state["discard"] += [102, 109]
    assert not state["phase_data"]["window"]
    state = spring_window({"france": [50]})
    state["discard"] += [102, 109]
    assert not spring.could_hold_spring_card(state, "france")


def test_venetian_informant_is_no_impulse_event():
    from games.here_i_stand import events
    state = fresh()
    state["hands"]["france"] = [109]
    assert events.playable_as_event(state, "france", 109).code == "informant_phase"
