"""The counter mix by denomination (§5, §5.2, §17) and the rulebook's example E12."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.options import OptionSet
from games.here_i_stand import counter_mix, cp_actions, invariants
from games.here_i_stand import state as S
from his_helpers import fresh, into_action, order, put


def _only(state, power):
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get(power, {}).pop(kind, None)


def _away(state, power, n):
    """`n` land spaces not of `power`'s home, for parking stacks."""
    return [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != power][:n]


def test_e12_three_ones_swapped_for_a_four():
    """E12 (L1101): out of "1" counters, a fourth unit joins three by swapping them for a "4";
    where no stack can be re-shown, the build is refused."""
    state = into_action(fresh(), "hapsburg", cp=4)
    _only(state, "hapsburg")
    put(state, "vienna", "hapsburg", regulars=3)
    # every "1" (3 at Vienna + 9) and "2" counter is on the map; 4s and the 6 are free
    for sid, n in zip(_away(state, "hapsburg", 16), [1] * 9 + [2] * 7):
        put(state, sid, "hapsburg", regulars=n)
    assert counter_mix.can_add(state, "hapsburg", "vienna", "regulars")
    assert not counter_mix.can_add(state, "hapsburg", "graz", "regulars")
    with pytest.raises(IllegalOrder, match="counter mix"):
        order(state, "hapsburg", "BUILD REGULAR IN Graz")
    state = order(state, "hapsburg", "BUILD REGULAR IN Vienna")
    assert S.count(state, "vienna", "hapsburg") == 4
    # the old total-strength limit (12 + 14 + 16 + 6 = 48) would have allowed both
    assert sum(counter_mix.stacks(state, "hapsburg")) == 4 + 9 + 14


def test_regulars_and_mercenaries_share_a_denomination():
    """§5.2 L293: mercenaries are printed on the back of regulars: one pool per value."""
    state = fresh()
    _only(state, "papacy")                     # papacy: 7 ones, 4 twos, 2 fours, no six
    for sid, n in zip(_away(state, "papacy", 13), [1] * 7 + [2] * 4 + [4] * 2):
        put(state, sid, "papacy", mercenaries=n)
    assert not counter_mix.can_add(state, "papacy", "rome", "regulars")
    assert not counter_mix.can_add(state, "papacy", "rome", "mercenaries")
    assert counter_mix.fitting(state, "papacy", "rome", "regulars", 4) == ()


def test_minor_counters_show_either_side():
    """Minor counters have a value on each side (pieces.yaml ``minor_land``)."""
    pool = counter_mix.pool("hungary")           # three 1/2 counters and one 4/2 counter
    assert counter_mix.fits([10], pool)          # 4 + 2 + 2 + 2
    assert not counter_mix.fits([11], pool)
    assert counter_mix.fits([5, 1, 1], pool)
    assert not counter_mix.fits([1, 1, 1, 1, 1], pool)


def test_trim_removes_units_no_counter_can_show():
    """§5.2 L283: after losses a stack no counters can show loses units on the spot."""
    state = fresh()
    _only(state, "papacy")
    for sid, n in zip(_away(state, "papacy", 13), [1] * 7 + [2] * 4 + [4] * 1):
        put(state, sid, "papacy", regulars=n)
    put(state, "rome", "papacy", regulars=4)       # the last "4"
    S.add_units(state, "rome", "papacy", "regulars", -1)  # a loss: 3 left, no 1 or 2 free
    assert counter_mix.trim(state, "papacy", "rome") == 3
    assert S.count(state, "rome", "papacy") == 0
    assert cp_actions.build_problem(state, "papacy", "regular", "rome") is not None


def test_invariants_catch_stacks_no_counters_can_show():
    """The invariant of the mix by denomination (§5.2), not only the total strength:
    eight papal stacks of 1 need eight "1"s (the Papacy has seven; the "2"s cannot show a 1)."""
    state = fresh()
    assert invariants.denominations(state) == []
    _only(state, "papacy")
    for sid in _away(state, "papacy", 8):
        put(state, sid, "papacy", regulars=1)
    assert sum(counter_mix.stacks(state, "papacy")) <= 7 + 8 + 8   # within the total
    assert any("papacy's land stacks" in p for p in invariants.denominations(state))
    S.add_units(state, _away(state, "papacy", 8)[0], "papacy", "regulars", 1)   # a 2 now
    assert invariants.denominations(state) == []


def _papal_mix_full(state):
    """Every papal "1" and "2" on the map (stacks of 1 and 2 away from Rome), the Papacy's
    4 regulars in Rome on one "4", the other "4" free (§5.2)."""
    _only(state, "papacy")
    far = [s for s in _away(state, "papacy", 40)
           if s not in S.board().neighbours("rome") and s != "siena"][:11]
    for sid, n in zip(far, [1] * 7 + [2] * 4):
        put(state, sid, "papacy", regulars=n)
    put(state, "rome", "papacy", regulars=4)
    return state


def test_a_move_splits_a_stack_only_as_the_free_counters_allow():
    """§5.2 L283: a stack splits only with free counters.  Rome's 4 regulars on a "4" with
    no "1" or "2" free: 1, 2 or 3 of them cannot leave (the part left and the part moving
    would need small counters), all 4 can; the MOVE options offer only 4, and the refusal
    says which numbers fit."""
    state = _papal_mix_full(into_action(fresh(), "papacy", cp=4))
    assert invariants.problems(state) == []
    assert cp_actions.move_counts(state, "papacy", "rome", "siena", 4) == (4,)
    with pytest.raises(IllegalOrder, match="numbers that fit: 4") as refused:
        order(state, "papacy", "MOVE Rome -> Siena 1")
    assert refused.value.code == "counter_split"
    found = OptionSet(tuple(cp_actions.move_options(state, "papacy", 4)))
    for dst in S.board().neighbours("rome"):
        for n in (1, 2, 3):
            assert not found.admits({"verb": "MOVE", "from": "rome", "to": dst,
                                     "leaders": (), "units": n})
    moved = order(state, "papacy", "MOVE Rome -> Siena 4")
    assert S.count(moved, "siena", "papacy") == 4 and invariants.problems(moved) == []


def test_the_split_is_legal_once_small_counters_are_free():
    """Two papal stacks of 2 gone, two "2"s are free: Rome's 4 may split 2 + 2 (a "2" each),
    never 1 + 3 or 3 + 1 (both need a "1", none is free) — the options and the refusals
    follow the mix exactly (§5.2 L283)."""
    state = _papal_mix_full(into_action(fresh(), "papacy", cp=4))
    twos = [s for s in sorted(state["spaces"]) if s != "rome"
            and S.units(state, s).get("papacy", {}).get("regulars") == 2][:2]
    for sid in twos:
        S.add_units(state, sid, "papacy", "regulars", -2)
    assert cp_actions.move_counts(state, "papacy", "rome", "siena", 4) == (2, 4)
    found = OptionSet(tuple(cp_actions.move_options(state, "papacy", 4)))
    for n in (1, 2, 3, 4):
        assert found.admits({"verb": "MOVE", "from": "rome", "to": "siena", "leaders": (),
                             "units": n}) == (n in (2, 4))
    after = order(state, "papacy", "MOVE Rome -> Siena 2")
    assert S.count(after, "rome", "papacy") == 2 == S.count(after, "siena", "papacy")
    assert invariants.problems(after) == []
    with pytest.raises(IllegalOrder, match="numbers that fit: 2, 4"):
        order(state, "papacy", "MOVE Rome -> Siena 3")


def test_battle_losses_the_counters_cannot_show_are_lost_too():
    """§5.2 L283 after a battle: losses leave 3 papal regulars in Rome with no "1" or "2"
    free: the survivors no counter can show are lost there as well (logged)."""
    from games.here_i_stand.land_war import battle
    state = _papal_mix_full(fresh())
    battle.apply_losses(state, "rome", (("papacy", "regulars", 1),))
    assert S.count(state, "rome", "papacy") == 0
    assert state["log"][-1]["msg"] == "counter_trim" and state["log"][-1]["units"] == 3
    assert invariants.problems(state) == []


def test_mercenaries_given_away_leave_stacks_the_counters_can_show():
    """§9.1 with §5.2: the Papacy gives 1 mercenary; taking it from Rome's 4 (on a "4", no
    "1" or "2" free) would leave 3 no counter can show, so the default takes a lone one."""
    from games.here_i_stand import diplomacy_terms
    state = fresh()
    _only(state, "papacy")
    far = [s for s in _away(state, "papacy", 11)]
    for sid, n in zip(far, [1] * 7 + [2] * 4):
        put(state, sid, "papacy", mercenaries=n)
    put(state, "rome", "papacy", mercenaries=4)
    have = diplomacy_terms.mercenaries_of(state, "papacy")
    plan = diplomacy_terms._merc_plan(state, "papacy", have, 1)
    assert plan != [("rome", 1)] and len(plan) == 1 and have[plan[0][0]] == 1


@pytest.mark.card(93)
def test_a_unit_given_to_the_irish_leaves_a_stack_the_counters_must_show():
    """Revolt in Ireland (#93) played by France, §5.2 L283 (bench 1517 game final1517-712):
    Paris's 2 regulars stand on a "2" and every "1" is in use; the unit that joins the Irish
    leaves 1, which no free counter can show, so it is lost too (as after any loss)."""
    from games.here_i_stand import RULES
    from his_helpers import asked
    state = into_action(fresh(), "france", hand=[93])
    _only(state, "france")
    parked = _away(state, "france", 14)
    put(state, "paris", "france", regulars=2)
    for sid in parked[:10]:
        put(state, sid, "france", regulars=1)                 # every "1"
    for sid in parked[10:13]:
        put(state, sid, "france", regulars=2)                 # the other "2"s
    put(state, parked[13], "france", regulars=18)             # the "4"s and the "6"
    assert counter_mix.fits(counter_mix.stacks(state, "france"), counter_mix.pool("france"))
    state = order(state, "france", "PLAY Revolt in Ireland AS EVENT")
    assert asked(state, "france").kind == "irish_help"
    state = order(state, "france", "HELP FROM Paris")
    assert S.count(state, "paris", "france") == 0
    assert state["foreign_wars"]["93"]["foes"] == 4
    assert not [p for p in RULES.validate(state) if "counters" in p]
