"""The naval battle a war begun in the Action phase calls for (§9.6 L583, `navy.war`): where
the new enemies' ships share a sea zone a battle is fought there at once, the active power
attacking; equal hits send both sides away; ports do not count; with several zones the
attacker chooses the order."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES as HIS
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order, put
from test_his_navy import _clear_navies

#: The combat and response cards of a naval battle (Arquebusiers, Professional Rowers) out
#: of the game, so no card window is offered.
SEA_CARDS = (24, 34)


def _six_wives(**fleets) -> S.State:
    """England to play Six Wives (#3) on turn 1; its and France's ships as given:
    ``fleets={"english_channel": (english squadrons, french squadrons)}``."""
    state = fresh()
    _clear_navies(state)
    into_action(state, "england", hand=[3, 65])
    for card in SEA_CARDS:
        for pile in [state["deck"], state["discard"], *state["hands"].values()]:
            if card in pile:
                pile.remove(card)
        state["removed"] = sorted(set(state["removed"]) | {card})
    for zone, (english, french) in fleets.items():
        if english:
            put(state, zone, "england", squadrons=english)
        if french:
            put(state, zone, "france", squadrons=french)
    return state


@pytest.mark.card(3)
def test_war_declared_with_both_fleets_in_a_sea_zone_fights_a_naval_battle():
    """Six Wives: England declares war on France with 2 English and 2 French squadrons in
    the English Channel.  England, the active power, attacks: 4 dice (5, 6, 1, 1: 2 hits)
    against 4 (6, 1, 1, 1: 1 hit); France, the loser, loses a squadron to the odd hit and
    retreats; the French squadron in Brest (a port) takes no part; England spends its 5 CP."""
    state = _six_wives(english_channel=(2, 2), brest=(0, 1))
    dice = FixedDice(5, 6, 1, 1, 6, 1, 1, 1)
    state = order(state, "england", "PLAY 3 AS EVENT", dice)
    state = order(state, "england", "DECLARE WAR ON France", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["space"], rolled["attacker"], rolled["defender"]) == (
        "english_channel", "england", "france")
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (2, 1)
    assert "now at war, both have ships in English Channel" in log_text(state["log"])
    assert "brest" not in {e.get("space") for e in state["log"] if e["msg"] == "naval_battle"}
    retreat = asked(state, "france")
    assert retreat.kind == "naval-retreat"
    state = order(state, "france", "RETREAT TO Rouen", dice)
    assert S.units(state, "english_channel") == {"england": {"squadrons": 2}}
    assert S.units(state, "rouen")["france"]["squadrons"] == 1
    assert S.units(state, "brest")["france"]["squadrons"] == 1         # a port: no battle
    assert asked(state, "england").kind == "cp" and state["phase_data"]["cp"] == 5
    assert "war_at_sea" not in state["phase_data"]


@pytest.mark.card(3)
def test_equal_hits_in_a_war_battle_send_both_sides_away():
    """L583: equal hits (2 and 2) — unlike §16.2 step 7, where the defender would stay —
    both retreat: England (the attacker, who lost the tie) first, then France."""
    state = _six_wives(english_channel=(2, 2))
    dice = FixedDice(5, 6, 1, 1, 6, 5, 1, 1)
    state = order(state, "england", "PLAY 3 AS EVENT", dice)
    state = order(state, "england", "DECLARE WAR ON France", dice)
    assert "equal hits in English Channel: both England and France must retreat" in \
        log_text(state["log"])
    english = asked(state, "england")
    assert english.kind == "naval-retreat"
    assert HIS.default(state, english) == {"verb": "NAVAL_RETREAT", "to": "calais"}
    assert not [d for d in HIS.decisions(state) if d.seat == "france"]
    state = order(state, "england", "RETREAT TO Portsmouth", dice)
    french = asked(state, "france")
    assert french.kind == "naval-retreat"
    state = order(state, "france", "RETREAT TO Brest", dice)
    assert S.units(state, "english_channel") == {}
    assert S.units(state, "portsmouth")["england"]["squadrons"] == 1
    assert S.units(state, "brest")["france"]["squadrons"] == 1
    assert asked(state, "england").kind == "cp"


@pytest.mark.card(3)
def test_battles_in_several_zones_in_the_order_the_attacker_chooses():
    """Ships share the Channel and the North Sea: England (attacking) is asked which battle
    comes first (``naval-battle``; default the first zone by name); after it, the other."""
    state = _six_wives(english_channel=(1, 1), north_sea=(1, 1))
    dice = FixedDice(5, 6, 1, 1, 5, 6, 1, 1)
    state = order(state, "england", "PLAY 3 AS EVENT", dice)
    state = order(state, "england", "DECLARE WAR ON France", dice)
    choice = asked(state, "england")
    assert choice.kind == "naval-battle"
    assert [o.example for o in choice.options.options] == [
        "FIGHT english_channel AGAINST france", "FIGHT north_sea AGAINST france"]
    assert HIS.default(state, choice)["space"] == "english_channel"
    state = order(state, "england", "FIGHT North Sea AGAINST France", dice)
    fought = [e["space"] for e in state["log"] if e["msg"] == "naval_battle"]
    assert fought == ["north_sea", "english_channel"]
    assert "france" not in S.units(state, "north_sea")
    assert "france" not in S.units(state, "english_channel")


@pytest.mark.card(69)
def test_the_active_power_attacks_even_when_the_other_declared():
    """France (active) plays Auld Alliance: Scotland becomes its ally; England, at war with
    Scotland, declares war on France for free (§22.2) — France, the active power, is the
    attacker (§16.2 step 1) in the battle that follows."""
    state = _six_wives(english_channel=(1, 1))
    into_action(state, "france", hand=[69, 65])
    state["hands"]["england"] = [66]
    state["wars"] = sorted(state["wars"] + [["england", "scotland"]])
    dice = FixedDice(1, 1, 5, 6)
    state = order(state, "france", "PLAY 69 AS EVENT", dice)
    assert asked(state, "england").kind == "activation"
    state = order(state, "england", "DECLARE WAR ON France", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["attacker"], rolled["defender"]) == ("france", "england")
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (0, 2)
    assert "france" not in S.units(state, "english_channel")
