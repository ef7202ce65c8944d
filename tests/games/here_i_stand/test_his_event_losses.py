"""Units eliminated outside a land move (`losses`): a card event, a peace's step 4 (§9.3), a
negotiated transfer of mercenaries (§9.1) settle the siege of the space (§15.3 L954: it breaks
or ends when the besiegers become too few, "also through a card event") and the counter mix
(§5.2 L283).  Each position is one a random game reached with a broken invariant."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from games.here_i_stand import RULES, counter_mix, invariants, siege
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, order, put
from test_his_diplomacy import close, later, say


def _at_war(state, a, b):
    pair = sorted([a, b])
    if pair not in state["wars"]:
        state["wars"] = sorted(state["wars"] + [pair])


def _milan_besieged(state, outside: int, inside: int, leaders=()):
    """Hapsburg units outside French Milan, French units inside."""
    _at_war(state, "france", "hapsburg")
    clear_units(state, "milan")
    S.set_control(state, "milan", "france")
    put(state, "milan", "hapsburg", regulars=outside, leaders=list(leaders))
    if inside:
        put(state, "milan", "france", regulars=inside)
    siege.begin_siege(state, "milan", ["hapsburg"], ["france"])
    return state


def _zwingli(state):
    state["reformers"]["zwingli"] = "zurich"
    if debaters.record(state, "zwingli") is None:
        state["debaters"]["protestant"].append({"id": "zwingli", "committed": False})
    return order(state, "protestant", "PLAY 43 AS EVENT")


@pytest.mark.card(43)
def test_zwingli_kills_the_last_besieger_and_the_siege_ends():
    state = _milan_besieged(into_action(fresh(), "protestant", hand=[43]), 1, 0)
    state = _zwingli(state)
    state = order(state, "protestant", "ELIMINATE Milan hapsburg regulars")
    assert "hapsburg" not in S.units(state, "milan")
    assert siege.siege_at(state, "milan") is None
    assert invariants.sieges(state) == []


@pytest.mark.card(43)
def test_zwingli_leaves_a_leader_fewer_than_the_besieged_and_he_retreats():
    """§15.3 L954: the besiegers (none left but the Duke of Alva) are fewer than the French
    regular inside; the siege is broken and the stack, here the leader, retreats."""
    state = _milan_besieged(into_action(fresh(), "protestant", hand=[43]), 1, 1,
                            leaders=["duke_of_alva"])
    clear_units(state, "pavia")
    S.set_control(state, "pavia", "hapsburg")                # somewhere to retreat to
    state = _zwingli(state)
    state = order(state, "protestant", "ELIMINATE Milan hapsburg regulars")
    while (d := next((d for d in RULES.decisions(state) if d.kind == "siege_retreat"), None)):
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("r"))
    assert siege.siege_at(state, "milan") is None
    assert S.where_is(state, "duke_of_alva") == "pavia"
    assert invariants.sieges(state) == [] and invariants.leaders(state) == []


@pytest.mark.card(87)
def test_mercenaries_demand_pay_the_besiegers_lost_ends_the_siege():
    """#87 against the Papacy, whose only land units besiege Hapsburg Naples: mercenaries."""
    state = into_action(fresh(), "france", hand=[87])
    _at_war(state, "hapsburg", "papacy")
    for sid in list(state["spaces"]):
        S.units(state, sid).get("papacy", {}).pop("mercenaries", None)
    clear_units(state, "naples")
    S.set_control(state, "naples", "hapsburg")
    put(state, "naples", "papacy", mercenaries=2)
    put(state, "naples", "hapsburg", regulars=1)
    siege.begin_siege(state, "naples", ["papacy"], ["hapsburg"])
    state["hands"]["papacy"] = []
    state = order(state, "france", "PLAY Mercenaries Demand Pay AS EVENT")
    state = order(state, "france", "TARGET Papacy")
    state = order(state, "papacy", "NONE")
    state = order(state, "papacy", "ELIMINATE MERCENARY IN Naples")
    assert siege.siege_at(state, "naples") is not None              # 1 outside, 1 inside
    state = order(state, "papacy", "ELIMINATE MERCENARY IN Naples")
    assert siege.siege_at(state, "naples") is None
    assert any(e["msg"] == "siege_ends" and e["space"] == "naples" for e in state["log"])
    assert invariants.sieges(state) == []


def _sues(state, seat):
    """The powers asked before `seat` whether to sue for peace decline (§9.3 step 1)."""
    while (d := RULES.decisions(state)[0]).seat != seat:
        state = say(state, d.seat, "DONE")
    return state


def test_a_peace_elimination_of_the_besieger_ends_the_siege():
    """§9.3 step 4: France sues; the regular it eliminates is its last besieger of Besançon."""
    state = later()
    _at_war(state, "france", "hapsburg")
    S.set_control(state, "dijon", "hapsburg")               # France may sue (§9.3 step 1)
    clear_units(state, "besancon")
    put(state, "besancon", "france", regulars=1)
    put(state, "besancon", "hapsburg", regulars=1)
    siege.begin_siege(state, "besancon", ["france"], ["hapsburg"])
    state = _sues(close(state), "france")
    state = say(state, "france", "SUE FOR PEACE WITH Hapsburgs")
    assert asked(state, "france").kind == "eliminate"
    state = say(state, "france", "ELIMINATE REGULAR IN Besancon")
    assert "france" not in S.units(state, "besancon")
    assert siege.siege_at(state, "besancon") is None
    assert invariants.sieges(state) == []


def test_a_peace_elimination_the_counters_cannot_show_loses_more():
    """§9.3 step 4 then §5.2 L283: every Hapsburg "1" and "2" is on the map and Vienna holds 4
    regulars on a "4"; eliminating one leaves 3 that no free counter can show, lost too."""
    state = later()
    _at_war(state, "france", "hapsburg")
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get("hapsburg", {}).pop(kind, None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home not in
            ("hapsburg", "france") and S.board().spaces[s].type != "sea"][:19]
    for sid, n in zip(away, [1] * 12 + [2] * 7):
        put(state, sid, "hapsburg", regulars=n)
    put(state, "vienna", "hapsburg", regulars=4)
    assert counter_mix.fits(counter_mix.stacks(state, "hapsburg"), counter_mix.pool("hapsburg"))
    S.set_control(state, "besancon", "france")              # the Hapsburgs may sue
    state = _sues(close(state), "hapsburg")
    state = say(state, "hapsburg", "SUE FOR PEACE WITH France")
    assert asked(state, "hapsburg").kind == "eliminate"
    state = say(state, "hapsburg", "ELIMINATE REGULAR IN Vienna")
    assert S.count(state, "vienna", "hapsburg") == 0
    assert any(e["msg"] == "counter_trim" and e["units"] == 3 for e in state["log"])
    assert invariants.denominations(state) == []


def test_mercenaries_given_away_from_a_siege_end_it():
    """§9.1: France gives England the 2 mercenaries besieging Besançon; none is left outside."""
    state = later()
    _at_war(state, "france", "hapsburg")
    clear_units(state, "besancon")
    put(state, "besancon", "france", mercenaries=2)
    put(state, "besancon", "hapsburg", regulars=1)
    siege.begin_siege(state, "besancon", ["france"], ["hapsburg"])
    state = say(state, "france", "PROPOSE france england: MERCENARIES 2 FROM france TO england "
                                 "TAKEN AT besancon 2")
    state = say(state, "england", "ACCEPT 1")
    state = close(state)
    assert "france" not in S.units(state, "besancon")
    assert siege.siege_at(state, "besancon") is None
    assert invariants.sieges(state) == []


def test_war_costs_are_not_cards_held_aside():
    """A declaration's CP cost keyed by power (15 CP of Papal declarations) is no card held
    aside (§9.4); a sealed Diet of Worms card keyed by power is (the 1532 random game)."""
    state = fresh("1532")
    state["phase_data"] = {"war": {"costs": {"papacy": 15}}}
    assert set(invariants._aside(state["phase_data"])) == set()
    assert not any("card 15" in p for p in invariants.cards(state))
    assert set(invariants._aside({"sealed": {"papacy": 15, "hapsburg": 7}})) == {15, 7}


@pytest.mark.card(60)
def test_maurice_leaving_with_the_besieging_mercenaries_ends_the_siege():
    """#60: Maurice and his 2 mercenaries, the whole Protestant stack besieging Hapsburg
    Leipzig, turn Hapsburg and go; nobody is left outside."""
    state = into_action(fresh(), "hapsburg", hand=[60])
    _at_war(state, "hapsburg", "protestant")
    clear_units(state, "leipzig")
    S.set_control(state, "leipzig", "hapsburg")
    put(state, "leipzig", "protestant", mercenaries=2, leaders=["maurice_of_saxony"])
    put(state, "leipzig", "hapsburg", regulars=1)
    siege.begin_siege(state, "leipzig", ["protestant"], ["hapsburg"])
    state = order(state, "hapsburg", "PLAY 60 AS EVENT")
    assert S.where_is(state, "maurice_of_saxony") != "leipzig"
    assert siege.siege_at(state, "leipzig") is None
    assert invariants.sieges(state) == []


@pytest.mark.card(95)
def test_sack_of_rome_losses_break_the_siege_the_stack_kept():
    """§21.5 step 3 then §15.3 L954: the Hapsburg mercenaries sacking Rome besiege Florence;
    2 of the 3 fall (3 dice: no hit; the Papal 3 dice: two 5s) and the 1 left is fewer than
    the 2 independent regulars inside: the siege breaks."""
    state = into_action(fresh(), "france", hand=[95])
    put(state, "rome", "papacy", regulars=1)                    # 2 Papal regulars
    clear_units(state, "florence")
    put(state, "florence", "hapsburg", mercenaries=3)
    put(state, "florence", "independent", regulars=2)
    siege.begin_siege(state, "florence", ["hapsburg"], ["independent"])
    state = order(state, "france", "PLAY Sack of Rome AS EVENT", FixedDice(1, 1, 1, 5, 5, 1))
    while (d := next((d for d in RULES.decisions(state) if d.kind == "siege_retreat"), None)):
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("r"))
    assert "hapsburg" not in S.units(state, "florence")
    assert siege.siege_at(state, "florence") is None
    assert invariants.sieges(state) == []
