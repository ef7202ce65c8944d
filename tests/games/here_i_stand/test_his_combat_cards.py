"""Combat cards in the field battle (§14 steps 4-7) with forced dice: #29 Surprise Attack
(losses first, the surprised side counts its dice afterwards), #30 Tercios (both halves),
and the mercenaries cards within the counter mix (§5): #26 Mercenaries Bribed, #33
Landsknechts, #36 Swiss Mercenaries."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES as HIS
from games.here_i_stand import state as S
from his_helpers import (FixedDice, answer_window, asked, clear_units, fresh, into_action, order,
                         put)
from test_his_land_war import vienna


def _into_vienna(state, dice, *, fight=True):
    """E8's Ottoman army enters Vienna (no interceptor in Graz); Ferdinand stays and
    fights."""
    clear_units(state, "graz")
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "DONE", dice)                    # no avoid
    if fight:
        state = order(state, "hapsburg", "FIGHT", dice)
    return state


def _ottoman_plays(card, dice, **hapsburg):
    """The E8 army enters Vienna (its defenders plus `hapsburg` units) and the Ottomans play
    `card` in their combat-card window, then close it."""
    state = vienna()
    put(state, "vienna", "hapsburg", **hapsburg)
    state["hands"]["ottoman"] = [card]
    state = _into_vienna(state, dice)
    state = answer_window(state, "ottoman", "cards", f"PLAY {card}", dice)
    return order(state, "ottoman", "DONE", dice)


def _roll(state):
    return next(e for e in reversed(state["log"]) if e["msg"] == "battle_roll")


@pytest.mark.card(29)
def test_surprise_attack_losses_come_before_the_enemy_counts_its_dice():
    """#29: the Ottomans roll 10 dice first, 1 hit; the Hapsburgs choose their loss (the
    default: the mercenary) and only then count 2 units + Ferdinand 1 + 1 = 4 dice."""
    dice = FixedDice(*([5] + [1] * 9 + [6, 1, 1, 1]))
    state = _ottoman_plays(29, dice, mercenaries=1)
    d = asked(state, "hapsburg")
    assert d.kind == "losses" and d.context["n"] == 1
    assert HIS.default(state, d)["losses"] == "1M"
    assert HIS.answer_from_standing(state, d, "REGULAR")["losses"] == "1R"
    assert not any(e["msg"] == "battle_roll" for e in state["log"][-3:])
    state = order(state, "hapsburg", "LOSE 1M", dice)
    rolled = _roll(state)
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (10, 4)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (1, 1)


@pytest.mark.card(29)
def test_surprise_attack_wiping_out_the_enemy_leaves_it_no_dice():
    """#29: 2 Ottoman hits destroy both Hapsburg regulars: the Hapsburgs roll no dice and
    Ferdinand is captured."""
    dice = FixedDice(*([6, 6] + [1] * 8))
    state = _ottoman_plays(29, dice)
    rolled = _roll(state)
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (10, 0)
    assert "ferdinand" in state["captured"]["ottoman"]


@pytest.mark.card(30)
def test_tercios_gives_the_hapsburgs_three_dice_hitting_on_four():
    """#30 played by the Hapsburgs: 2 + 1 + 1 + 3 = 7 dice; the last 3 hit on 4-6, so
    [1, 1, 1, 5] + [4, 4, 3] is 3 hits."""
    dice = FixedDice(*([1] * 10 + [1, 1, 1, 5, 4, 4, 3]))
    state = vienna()
    state["hands"]["hapsburg"] = [30]
    state = _into_vienna(state, dice)
    state = answer_window(state, "hapsburg", "cards", "PLAY 30", dice)
    state = order(state, "hapsburg", "DONE", dice)
    rolled = _roll(state)
    assert rolled["defender_dice"] == 7
    assert rolled["defender_hits"] == 3
    assert 30 in state["discard"]


@pytest.mark.card(30)
def test_tercios_against_three_hapsburg_regulars_takes_three_dice():
    """#30 played by the Ottomans against 3 Hapsburg regulars: 3 + 1 + 1 - 3 = 2 dice."""
    dice = FixedDice(*([1] * 12))
    state = _ottoman_plays(30, dice, regulars=1)
    assert _roll(state)["defender_dice"] == 2


def test_tercios_is_not_offered_against_fewer_than_three_hapsburg_regulars():
    state = vienna()
    state["hands"]["ottoman"] = [30]
    state = _into_vienna(state, FixedDice(1, 1))
    d = asked(state, "ottoman")
    while d.context["window"] != "cards":
        state = order(state, "ottoman", "DONE")
        d = asked(state, "ottoman")
    assert [o.verb for o in d.options.options] == ["DONE"]


def _fill_hapsburg_mix(state, free_ones):
    """Put Hapsburg regulars far from Vienna so that only `free_ones` "1" counters (and no
    other counter) are left off the map besides Vienna's 2 regulars (§5.2)."""
    for rec in state["spaces"].values():
        for kind in S.LAND:
            if rec.get("units", {}).get("hapsburg", {}).get(kind) and rec is not \
                    state["spaces"].get("vienna"):
                rec["units"]["hapsburg"].pop(kind)
    m = S.board()
    near = set(m.neighbours("vienna")) | {"vienna", "pressburg", "graz"}
    parks = [s for s in sorted(m.spaces) if s not in near and not S.units(state, s)
             and S.controller(state, s) == "hapsburg"]
    sizes = [6] + [4] * 4 + [2] * 7 + [1] * (12 - 2 - free_ones)
    assert len(parks) >= len(sizes)
    for sid, n in zip(parks, sizes):
        put(state, sid, "hapsburg", regulars=n)


@pytest.mark.card(33)
def test_landsknechts_place_only_what_the_counter_mix_shows():
    """#33 for the Hapsburgs is 4 mercenaries, but only two "1" counters are free: 2 come."""
    state = vienna()
    state["hands"]["hapsburg"] = [33]
    _fill_hapsburg_mix(state, 2)
    state = _into_vienna(state, FixedDice(1, 1))
    state = answer_window(state, "hapsburg", "mercs", "PLAY 33", None)
    assert S.units(state, "vienna")["hapsburg"] == {"regulars": 2, "mercenaries": 2}
    assert any(e["msg"] == "mercenaries_short" and e["have"] == 2 for e in state["log"])


@pytest.mark.card(26)
def test_mercenaries_bribed_takes_the_new_ones_from_the_players_mix():
    """#26: the Hapsburgs bribe half (rounded up) of 3 French mercenaries: 2 leave the
    French, and the Hapsburgs add 2 of their own only as far as their counters show them —
    here one "1" is free, so 1 comes."""
    state = vienna()
    state["wars"] = sorted(state["wars"] + [["france", "hapsburg"]])
    S.set_control(state, "pressburg", "france")
    clear_units(state, "pressburg")
    put(state, "pressburg", "france", regulars=4, mercenaries=3, leaders=["francis_i"])
    state["phase_data"]["active"] = S.MAJORS.index("france")
    state["hands"]["hapsburg"] = [26]
    _fill_hapsburg_mix(state, 1)
    clear_units(state, "graz")
    dice = FixedDice(*([1] * 20))
    state = order(state, "france", "MOVE Pressburg -> Vienna WITH Francis I 7", dice)
    state = order(state, "hapsburg", "DONE", dice)
    state = order(state, "hapsburg", "FIGHT", dice)
    state = answer_window(state, "hapsburg", "cards", "PLAY 26", dice)
    assert S.units(state, "vienna")["france"] == {"regulars": 4, "mercenaries": 1}
    assert S.units(state, "vienna")["hapsburg"] == {"regulars": 2, "mercenaries": 1}


@pytest.mark.card(36)
def test_swiss_mercenaries_played_by_the_ottomans_are_french():
    """#36 played by the Ottomans: France places 4 French mercenaries (card text), here in
    the battle where French units defend Pressburg beside the Ottomans."""
    state = vienna()
    state["wars"] = sorted(state["wars"] + [["france", "hapsburg"]])
    state["alliances"] = sorted(state["alliances"] + [["france", "ottoman"]])
    put(state, "pressburg", "france", regulars=1)
    state["hands"]["ottoman"] = [36]
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    dice = FixedDice(*([1] * 40))
    state = order(state, "hapsburg", "MOVE Vienna -> Pressburg WITH Ferdinand 2", dice)
    while not (asked(state, "ottoman").kind == "combat-cards"
               and asked(state, "ottoman").context["window"] == "mercs"):
        d = HIS.decisions(state)[0]
        state = order(state, d.seat, "FIGHT" if d.kind == "withdraw" else "DONE", dice)
    state = order(state, "ottoman", "PLAY 36", dice)
    assert S.units(state, "pressburg")["france"] == {"regulars": 1, "mercenaries": 4}


@pytest.mark.card(33)
def test_landsknechts_as_an_event_within_the_counter_mix():
    """#33 as the Hapsburgs' event: 4 mercenaries where they have land units, split as they
    like; with only two "1" counters free, 2 fit (§5) and the other 2 are lost."""
    state = into_action(fresh(), "hapsburg", hand=[33])
    clear_units(state, "vienna")
    put(state, "vienna", "hapsburg", regulars=2)
    _fill_hapsburg_mix(state, 2)
    state = order(state, "hapsburg", "PLAY Landsknechts AS EVENT")
    d = asked(state, "hapsburg")
    assert d.kind == "mercenaries"
    assert HIS.default(state, d)["units"] == 2
    state = order(state, "hapsburg", "PLACE 1 IN Vienna")
    state = order(state, "hapsburg", "PLACE 1 IN Vienna")
    assert S.units(state, "vienna")["hapsburg"]["mercenaries"] == 2
    assert any(e["msg"] == "mercenaries_left" and e["n"] == 2 for e in state["log"])


@pytest.mark.card(33, 36)
def test_swiss_event_by_the_ottomans_is_placed_by_france_and_landsknechts_eliminate():
    """#36 played by the Ottomans: France places 4 French mercenaries; #33 played by the
    Ottomans eliminates 2 mercenaries anywhere."""
    state = into_action(fresh(), "ottoman", hand=[33, 36])
    state = order(state, "ottoman", "PLAY Swiss Mercenaries AS EVENT")
    d = asked(state, "france")
    assert d.kind == "mercenaries" and d.context["left"] == 4
    state = order(state, "france", "PLACE 4 IN Paris")
    assert S.units(state, "paris")["france"]["mercenaries"] == 4
    state = into_action(state, "ottoman", hand=[33])
    state = order(state, "ottoman", "PLAY Landsknechts AS EVENT")
    state = order(state, "ottoman", "ELIMINATE MERCENARY IN Paris")
    state = order(state, "ottoman", "ELIMINATE MERCENARY IN Paris")
    assert S.units(state, "paris")["france"]["mercenaries"] == 2
