"""The war at sea (§16.1, §16.2, §16.4): the naval move with interception and avoiding
battle, the naval battle and its retreat, piracy, with the rulebook's worked examples E10
and E11 as scenario tests with forced dice, and one test per question and standing order."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import facts
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, fresh, into_action, order, put


def _clear_navies(state):
    for sid, rec in list(state["spaces"].items()):
        for owner, counts in list((rec.get("units") or {}).items()):
            for kind in S.NAVAL:
                if counts.get(kind):
                    S.add_units(state, sid, owner, kind, -counts[kind])
        for lid in list(rec.get("leaders") or []):
            if facts.leader(lid).naval:
                S.move_leader(state, lid, sid, None)


def barbary(hands=()) -> S.State:
    """E10's position (§16.2, rulebook L1036-1042): Genoa allied to the Hapsburgs, the
    Venetian squadron lent to them (now theirs, §9.2) in the Ionian; Barbarossa with 2
    squadrons and a corsair in Tunis; Doria with a Genoese and a Hapsburg squadron in the
    Tyrrhenian; the Ottomans at war with the Hapsburgs, to act with 2 CP."""
    state = fresh()
    _clear_navies(state)
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    state["minor_allies"]["genoa"] = "hapsburg"
    S.set_control(state, "tunis", "ottoman")
    put(state, "tunis", "ottoman", squadrons=2, corsairs=1, leaders=["barbarossa"])
    put(state, "tyrrhenian_sea", "genoa", squadrons=1, leaders=["andrea_doria"])
    put(state, "tyrrhenian_sea", "hapsburg", squadrons=1)
    put(state, "ionian_sea", "hapsburg", squadrons=1)
    into_action(state, "ottoman", cp=2)
    for p in S.MAJORS:
        state["hands"][p] = list(hands)
    return state


ROLL_E10 = ([3, 4]                                  # Ionian: 7, fails
            + [3, 4]                                # Tyrrhenian: 7 + 2 (Doria) = 9
            + [5, 5, 6, 1, 1, 1, 1]                 # Ottomans: 7 dice, 3 hits
            + [5, 6, 5, 1, 1, 1])                   # Hapsburgs: 6 dice, 3 hits


def test_e10_barbary_coast_interception_battle_losses_and_retreat():
    """E10: the loaned squadron rolls 7 and fails, Doria's 7 + 2 = 9 intercepts; 7 dice
    against 6, 3 hits each, the defender wins; the Ottomans lose a squadron and the corsair
    and retreat with Barbarossa; the Hapsburgs lose 1 squadron (the odd hit ignored)."""
    dice = FixedDice(*ROLL_E10)
    state = order(barbary(), "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", dice)
    decision = asked(state, "hapsburg")
    assert decision.kind == "naval-intercept"
    assert "from tyrrhenian_sea: succeeds on 9+: 58.3 %" in decision.prompt  # Doria: 2d6 >= 7
    assert "from ionian_sea: succeeds on 9+: 27.8 %" in decision.prompt      # 2d6 >= 9
    state = order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", dice)
    assert asked(state, "hapsburg").kind == "naval-intercept"     # its other stack may try
    state = order(state, "hapsburg", "INTERCEPT FROM Tyrrhenian Sea", dice)
    lose = asked(state, "hapsburg")                  # its own or the Genoese squadron
    assert lose.kind == "naval-losses"
    assert [o.example for o in lose.options.options] == ["LOSE 1 genoa", "LOSE 1 hapsburg"]
    assert HIS.default(state, lose) == {"verb": "NAVAL_LOSE", "owners": {"genoa": 1}}
    own = standing.parse(HIS, "STANDING NAVAL-LOSSES OWN FIRST").policy
    assert HIS.answer_from_standing(state, lose, own) == {"verb": "NAVAL_LOSE",
                                                          "owners": {"hapsburg": 1}}
    state = order(state, "hapsburg", "LOSE 1 Genoa", dice)
    decision = asked(state, "ottoman")
    assert decision.kind == "naval-retreat"
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (7, 6)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (3, 3)
    assert rolled["winner"] == "hapsburg"
    assert S.units(state, "barbary_coast")["ottoman"] == {"squadrons": 1}
    assert S.units(state, "barbary_coast")["hapsburg"] == {"squadrons": 1}
    assert "genoa" not in S.units(state, "barbary_coast")
    assert "ionian_sea" not in decision.prompt and "tunis" in decision.prompt  # enemy ships
    state = order(state, "ottoman", "RETREAT TO North African Coast", dice)
    assert S.units(state, "north_african_coast") == {"ottoman": {"squadrons": 1}}
    assert S.leaders_at(state, "north_african_coast") == ["barbarossa"]
    assert "andrea_doria" in S.leaders_at(state, "barbary_coast")
    assert state["naval_out"]["units"]["ottoman"] == {"squadrons": 1, "corsairs": 1}
    assert asked(state, "ottoman").kind == "cp"
    assert state["phase_data"]["cp"] == 1


def test_naval_intercept_default_and_standing_orders():
    """R15: the default is no interception; ``STANDING NAVAL-INTERCEPT NEVER`` answers DONE;
    ``IF ODDS >= 50%`` tries from Doria's stack (58.3 %), ``>= 60%`` does not."""
    state = order(barbary(), "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    decision = asked(state, "hapsburg")
    assert HIS.default(state, decision) == {"verb": "DONE"}
    never = standing.parse(HIS, "STANDING NAVAL-INTERCEPT NEVER")
    assert HIS.answer_from_standing(state, decision, never.policy) == {"verb": "DONE"}
    for text, answer in (("IF ODDS >= 50%", {"verb": "NAVAL_INTERCEPT", "from": "tyrrhenian_sea"}),
                         ("IF ODDS >= 60%", {"verb": "DONE"})):
        parsed = standing.parse(HIS, f"STANDING NAVAL-INTERCEPT {text}")
        assert HIS.answer_from_standing(state, decision, parsed.policy) == answer
    done = order(state, "hapsburg", "DONE")
    assert asked(done, "ottoman").kind == "cp"
    assert S.units(done, "barbary_coast") == {"ottoman": {"squadrons": 2, "corsairs": 1}}


def test_naval_avoid_question_default_and_success():
    """R16 (§16.1 step 5): ships in the zone entered, when nobody intercepted, may avoid
    battle to an own port or an enemy-free zone on 9+; the default stays."""
    state = barbary()
    S.add_units(state, "ionian_sea", "hapsburg", "squadrons", -1)
    S.add_units(state, "tyrrhenian_sea", "genoa", "squadrons", -1)
    S.add_units(state, "tyrrhenian_sea", "hapsburg", "squadrons", -1)
    S.move_leader(state, "andrea_doria", "tyrrhenian_sea", None)
    put(state, "barbary_coast", "hapsburg", squadrons=1)
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    decision = asked(state, "hapsburg")
    assert decision.kind == "naval-avoid"
    assert HIS.default(state, decision) == {"verb": "DONE"}
    moved = order(state, "hapsburg", "AVOID TO Palma", FixedDice(5, 4))
    assert S.units(moved, "palma") == {"hapsburg": {"squadrons": 1}}
    assert asked(moved, "ottoman").kind == "cp"
    never = standing.parse(HIS, "STANDING NAVAL-AVOID NEVER")
    assert HIS.answer_from_standing(state, decision, never.policy) == {"verb": "DONE"}


def test_naval_move_restrictions():
    """§16.1: another power's port only against enemy ships; one step only; Genoese ships
    never enter the Atlantic."""
    state = barbary()
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "NAVAL MOVE Tunis -> Palma")           # two steps
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "NAVAL MOVE Tyrrhenian Sea -> Bastia, Ionian Sea -> Coron")
    put(state, "bay_of_biscay", "genoa", squadrons=1)
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "NAVAL MOVE Bay of Biscay -> Atlantic Ocean")
    moved = order(state, "hapsburg", "NAVAL MOVE Tyrrhenian Sea -> Naples, Ionian Sea -> Messina")
    assert S.units(moved, "naples")["genoa"] == {"squadrons": 1}
    assert S.units(moved, "naples")["hapsburg"]["squadrons"] == 1
    assert "andrea_doria" in S.leaders_at(moved, "naples")
    assert S.units(moved, "messina")["hapsburg"]["squadrons"] == 1


def ionian() -> S.State:
    """E11's position (§16.4, rulebook L1093-1097): Barbarossa with 2 corsairs and a
    squadron in the Ionian; a Hapsburg squadron in Messina; Malta Hapsburg (the Knights);
    the Papal fortress of Corfu; the Ottomans at war with the Hapsburgs only, to act with
    2 CP after Barbary Pirates."""
    state = fresh()
    _clear_navies(state)
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    state["piracy"]["enabled"] = True
    S.set_control(state, "corfu", "papacy")
    put(state, "ionian_sea", "ottoman", corsairs=2, squadrons=1, leaders=["barbarossa"])
    put(state, "messina", "hapsburg", squadrons=1)
    into_action(state, "ottoman", cp=2)
    state["hands"]["hapsburg"] = [45, 46]
    return state


def test_e11_piracy_dice_losses_hits_and_the_targets_choices():
    """E11: 2 anti-piracy dice (Malta's Knights and the Messina squadron; Papal Corfu gives
    none), 1 hit sinks a corsair; the Ottomans roll 1 die (one corsair left) + 1 for
    Barbarossa, 2 hits; the Hapsburgs give the Messina squadron and 1 piracy VP."""
    from games.here_i_stand.navy import piracy
    state = ionian()
    assert piracy.anti_piracy_dice(state, "ionian_sea", "hapsburg") == 2
    dice = FixedDice(5, 1, 6, 5)
    state = order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs", dice)
    defence = next(e for e in state["log"] if e["msg"] == "piracy_defence")
    assert (defence["dice"], defence["sunk"]) == (2, 1)
    rolled = next(e for e in state["log"] if e["msg"] == "piracy_roll")
    assert (rolled["dice"], rolled["hits"]) == (2, 2)
    assert S.units(state, "ionian_sea")["ottoman"] == {"corsairs": 1, "squadrons": 1}
    decision = asked(state, "hapsburg")
    assert decision.kind == "piracy-rewards"
    assert HIS.default(state, decision) == {"verb": "GIVE", "reward": "vp"}
    state = order(state, "hapsburg", "GIVE SQUADRON IN Messina", dice)
    state = order(state, "hapsburg", "GIVE VP", dice)
    assert "hapsburg" not in S.units(state, "messina") or \
        not S.units(state, "messina")["hapsburg"].get("squadrons")
    assert state["piracy"]["vp"] == 1
    assert not any(d.kind == "piracy-rewards" for d in HIS.decisions(state))
    into_action(state, "ottoman", cp=2)
    with pytest.raises(IllegalOrder):                        # once per zone per turn
        order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs")


def test_piracy_rewards_limits_and_standing_order():
    """R21: ``STANDING PIRACY-REWARDS card, squadron, vp`` gives a card first; at 10 VP the
    default gives a squadron; with an empty hand a card cannot be chosen."""
    state = ionian()
    state = order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs", FixedDice(1, 1, 6, 5))
    decision = asked(state, "hapsburg")
    policy = standing.parse(HIS, "STANDING PIRACY-REWARDS card, squadron, vp").policy
    assert HIS.answer_from_standing(state, decision, policy) == {"verb": "GIVE", "reward": "card"}
    state["piracy"]["vp"] = 10
    assert HIS.default(state, decision) == {"verb": "GIVE", "reward": "squadron",
                                            "space": "messina"}
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "GIVE VP")
    state["hands"]["hapsburg"] = []
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "GIVE CARD")
    given = order(state, "hapsburg", "GIVE SQUADRON IN Messina")
    assert asked(given, "hapsburg").kind == "piracy-rewards"     # the second hit


def test_piracy_needs_corsairs_and_a_target_port():
    """§16.4: only with corsairs in the zone and against a power controlling a port on it."""
    state = ionian()
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "PIRACY Ionian Sea AGAINST England")
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "PIRACY Aegean Sea AGAINST Hapsburgs")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_naval_log_lines_and_questions_read_in_both_languages(lang):
    """Every log line and question of E10 and E11 has a catalog text in English and Russian."""
    from pbem.reports.presenters import presenter_for
    pres = presenter_for("here-i-stand", lang)
    state = order(barbary(), "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", FixedDice(*ROLL_E10))
    pirated = order(ionian(), "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs",
                    FixedDice(5, 1, 6, 5))
    for entry in state["log"] + pirated["log"]:
        if entry["msg"].startswith(("naval", "piracy")):
            line = pres.log_line(entry)
            assert entry["msg"] not in line and "{" not in line, line
    for s in (state, pirated):
        for d in HIS.decisions(s):
            text = pres.prompt(d)
            assert "{" not in text
            assert {"naval-intercept": "INTERCEPT FROM", "piracy-rewards": "GIVE VP"}[d.kind] in text


def test_naval_retreat_default_and_standing_prefer():
    """R18: the loser's default retreat is its own port first; ``STANDING NAVAL-RETREAT
    PREFER Gulf of Lyon`` picks that zone; a port battle's attacker always leaves."""
    state = order(barbary(), "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", FixedDice(*ROLL_E10))
    state = order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", FixedDice(3, 4))
    state = order(state, "hapsburg", "INTERCEPT FROM Tyrrhenian Sea", FixedDice(*ROLL_E10[2:]))
    state = order(state, "hapsburg", "LOSE 1 Hapsburgs")
    decision = asked(state, "ottoman")
    assert HIS.default(state, decision) == {"verb": "NAVAL_RETREAT", "to": "tunis"}
    policy = standing.parse(HIS, "STANDING NAVAL-RETREAT PREFER Gulf of Lyon").policy
    assert HIS.answer_from_standing(state, decision, policy) == {"verb": "NAVAL_RETREAT",
                                                                "to": "gulf_of_lyon"}
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "RETREAT TO Ionian Sea")             # enemy ships there


def test_port_battle_attacker_leaves_even_when_it_wins():
    """§16.2 step 9: after a battle in a port the attacker always retreats; the defender
    rolls +1 in port."""
    state = barbary()
    _clear_navies(state)
    put(state, "barbary_coast", "ottoman", squadrons=2)
    put(state, "palma", "hapsburg", squadrons=1)
    state = order(state, "ottoman", "NAVAL MOVE Barbary Coast -> Palma",
                  FixedDice(6, 6, 6, 6, 1, 1, 1))
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (4, 3)
    assert asked(state, "ottoman").kind == "naval-retreat"       # Palma is on two zones
    state = order(state, "ottoman", "RETREAT TO Gulf of Lyon")
    assert "ottoman" not in S.units(state, "palma") and "hapsburg" not in S.units(state, "palma")
    assert S.units(state, "gulf_of_lyon")["ottoman"] == {"squadrons": 2}


def test_naval_transport_lands_an_army_and_refuses_bad_routes():
    """§16.3: with own ships in every zone crossed, at most 5 units go from a port to a port
    on the last zone (1 CP per zone + 1 to land); a route through a zone without own ships,
    6 units or fewer than 2 CP are refused."""
    state = barbary()
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    S.set_control(state, "cagliari", "hapsburg")
    for sid in ("naples", "cagliari"):
        for owner in list(S.units(state, sid)):
            for kind in S.LAND:
                S.add_units(state, sid, owner, kind,
                            -S.units(state, sid).get(owner, {}).get(kind, 0))
    put(state, "naples", "hapsburg", regulars=6)
    state["phase_data"]["cp"] = 3
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "TRANSPORT Naples -> Tyrrhenian Sea -> Cagliari 6")
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "TRANSPORT Naples -> Tyrrhenian Sea -> Barbary Coast -> "
                                 "Algiers 4")
    moved = order(state, "hapsburg", "TRANSPORT Naples -> Tyrrhenian Sea -> Cagliari 4")
    assert S.units(moved, "cagliari")["hapsburg"] == {"regulars": 4}
    assert S.units(moved, "naples")["hapsburg"] == {"regulars": 2}
    assert moved["phase_data"]["cp"] == 1
    from his_helpers import log_text
    assert "carried 4 units by sea" in log_text(moved["log"][-2:])
    state["phase_data"]["cp"] = 1
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "TRANSPORT Naples -> Tyrrhenian Sea -> Cagliari 1")


def test_naval_orders_may_be_held_and_read_back_canonically():
    """A NAVAL MOVE sent before its question passes the held-order precheck (it used to be
    read as the spring deployment's NAVAL route and refused); the canonical texts read back."""
    from games.here_i_stand import grammar
    grammar.precheck("NAVAL MOVE Tunis -> Barbary Coast")
    state = barbary()
    parsed = HIS.parse(state, asked(state, "ottoman"), "NAVAL MOVE Tunis -> Barbary Coast")
    assert grammar.order_text(parsed) == "NAVAL MOVE tunis -> barbary_coast"
