"""The land war (§13.1-§14.1): moves into enemy units, interception, avoiding battle,
withdrawal, the field battle and its retreat, with the rulebook's worked examples E1, E3
and E8 as scenario tests with forced dice, one test per question and per standing order."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, log_text, order, put

AROUND_VIENNA = ("pressburg", "vienna", "graz", "linz", "brunn", "buda", "agram", "prague",
                 "salzburg", "innsbruck", "trieste", "mohacs", "breslau", "olmutz", "regensburg")


def vienna(hands=()) -> S.State:
    """E8's position (§13-14, rulebook L900): Suleiman, Ibrahim, 7 regulars and 1 cavalry in
    Pressburg; Charles V with 8 regulars in Graz; Ferdinand with 2 regulars in Vienna; the
    Ottomans and the Hapsburgs at war, the Ottomans to move with 2 CP."""
    state = fresh()
    for sid in list(state["spaces"]):
        if sid in AROUND_VIENNA or any(n in AROUND_VIENNA for n in S.board().neighbours(sid)):
            clear_units(state, sid)
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    put(state, "pressburg", "ottoman", regulars=7, cavalry=1, leaders=["suleiman", "ibrahim"])
    put(state, "graz", "hapsburg", regulars=8, leaders=["charles_v"])
    put(state, "vienna", "hapsburg", regulars=2, leaders=["ferdinand"])
    S.set_control(state, "pressburg", "ottoman")
    into_action(state, "ottoman", cp=2)
    for p in S.MAJORS:
        state["hands"][p] = list(hands)
    return state


ROLL_E8 = ([4, 4]                                   # interception: 8 + 2 - 1 = 9
           + [5, 6, 5] + [1] * 7                    # Ottomans: 10 dice, 3 hits
           + [6, 5, 6, 5, 6] + [2] * 8)             # Hapsburgs: 13 dice, 5 hits


def test_e8_vienna_interception_battle_losses_and_retreat():
    """E8: Charles intercepts from Graz (8 + 2 - 1 = 9); 10 dice against 13, 3 hits against
    5; the Hapsburgs lose 3 regulars, the Ottomans the cavalry and 4 regulars and retreat
    with both leaders to Pressburg; Charles, Ferdinand and 7 regulars hold Vienna."""
    dice = FixedDice(*ROLL_E8)
    state = order(vienna(), "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    decision = asked(state, "hapsburg")
    assert decision.kind == "intercept"
    assert "succeeds on 9+: 41.7 %" in decision.prompt        # 2d6 >= 8: 15/36
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    decision = asked(state, "ottoman")
    assert decision.kind == "losses"
    state = order(state, "ottoman", "LOSE 1C 4R", dice)
    assert S.units(state, "vienna") == {"hapsburg": {"regulars": 7}}
    assert sorted(S.leaders_at(state, "vienna")) == ["charles_v", "ferdinand"]
    assert S.units(state, "pressburg") == {"ottoman": {"regulars": 3}}
    assert sorted(S.leaders_at(state, "pressburg")) == ["ibrahim", "suleiman"]
    text = log_text(state["log"])
    assert "9" in text and "10" in text and "13" in text
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (10, 13)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (3, 5)
    assert asked(state, "ottoman").kind == "cp"


def _no_interceptors(state):
    """E8's position without Charles's army in Graz (so no interception is possible)."""
    clear_units(state, "graz")
    return state


def test_e3_command_limits_without_leader_four_units():
    """E3 (§5.1): with no leader only 4 units move; with Ibrahim up to 6; with both all."""
    state = vienna()
    state["wars"] = [w for w in state["wars"] if w != ["hapsburg", "ottoman"]]
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "MOVE Pressburg -> Buda 5")
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "MOVE Pressburg -> Buda WITH Ibrahim 7")
    moved = order(state, "ottoman", "MOVE Pressburg -> Buda WITH Suleiman, Ibrahim 8")
    assert S.count(moved, "buda", "ottoman") == 8


def test_e1_independent_units_never_intercept_but_enemy_armies_are_asked():
    """E1 (§13.2, §22.1): independent units next to the destination are never asked to
    intercept; an enemy army is."""
    state = _no_interceptors(vienna())
    put(state, "graz", "independent", regulars=3)
    moved = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    assert all(d.kind != "intercept" for d in HIS.decisions(moved))
    state = vienna()
    moved = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    assert asked(moved, "hapsburg").kind == "intercept"


def test_moving_into_enemy_units_was_refused_and_now_starts_the_procedure():
    """§13.1: entering enemy units is legal; the defender is asked to avoid battle."""
    state = _no_interceptors(vienna())
    moved = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    decision = asked(moved, "hapsburg")
    assert decision.kind == "avoid"
    assert "graz, linz" in decision.prompt and "pressburg" not in decision.prompt


def test_lone_leaders_never_enter_enemy_occupied_spaces():
    """§13.1 L784: leaders without units never enter enemy-controlled or -occupied spaces."""
    state = vienna()
    S.set_control(state, "pressburg", "hapsburg")
    S.set_control(state, "buda", "ottoman")
    state["wars"] = sorted(state["wars"])
    put(state, "vienna", "hapsburg", leaders=["charles_v"])
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "MOVE Vienna -> Pressburg WITH Charles V 0")


def _besieged_by_one(attacker: str) -> S.State:
    """One Ottoman regular besieges an empty Vienna; `attacker`'s 2 regulars and a mercenary
    in Graz, at war with both, are to move."""
    state = vienna()
    clear_units(state, "vienna")
    clear_units(state, "graz")
    put(state, "vienna", "ottoman", regulars=1)
    sieges.begin_siege(state, "vienna", ["ottoman"], ["hapsburg"])
    put(state, "graz", attacker, regulars=2, mercenaries=1)
    if attacker != "hapsburg":
        state["wars"] = sorted(state["wars"] + [["hapsburg", attacker], ["ottoman", attacker]])
    state["phase_data"]["active"] = S.MAJORS.index(attacker)
    return state


@pytest.mark.parametrize("attacker", ["hapsburg", "papacy"])
def test_besiegers_lost_in_a_field_battle_end_their_siege(attacker):
    """§14 step 12, §15.3 (bench 1517 game 9300-19): the army that wipes out the besiegers
    of Vienna in a field battle chooses its own loss (a regular or the mercenary) while the
    siege waits for the battle's end; then the siege is over — a Hapsburg army is home, a
    Papal one at war with the Hapsburgs besieges the empty fortress in its turn (§15)."""
    dice = FixedDice(6, 6, 1, 6, 1)            # 3 attacking dice, 2 hits; 2 defending, 1 hit
    state = order(_besieged_by_one(attacker), attacker, "MOVE Graz -> Vienna 3", dice)
    state = order(state, "ottoman", "DONE", dice)              # no interception
    state = order(state, "ottoman", "DONE", dice)              # no avoiding the battle
    assert asked(state, attacker).kind == "losses"
    assert S.count(state, "vienna", "ottoman") == 0
    state = order(state, attacker, "LOSE 1M", dice)
    siege = sieges.siege_at(state, "vienna")
    if attacker == "hapsburg":
        assert siege is None
    else:
        assert siege["besiegers"] == ["papacy"] and siege["besieged"] == ["hapsburg"]
    assert not [p for p in HIS.validate(state) if "besieg" in p]


def test_failed_avoid_then_withdraw_question_and_siege():
    """§13.3 then §13.4: Ferdinand fails to avoid (rolls 2+1+1 = 4 < 9), is asked to
    withdraw with 2 units, withdraws, and 8 Ottomans besiege 2 Hapsburgs in Vienna."""
    dice = FixedDice(1, 1)
    state = _no_interceptors(vienna())
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "AVOID TO Linz", dice)
    decision = asked(state, "hapsburg")
    assert decision.kind == "withdraw"
    assert HIS.default(state, decision) == {"verb": "INSIDE"}
    state = order(state, "hapsburg", "WITHDRAW", dice)
    siege = dict(state["sieges"]["vienna"])
    assert siege.pop("begun")            # the impulse it began in: no assault before the next
    assert siege == {"besiegers": ["ottoman"], "besieged": ["hapsburg"]}
    assert asked(state, "ottoman").kind == "cp"


def test_successful_avoid_moves_the_defenders_and_no_battle():
    """§13.3: 5 + 4 + 1 (Ferdinand) = 10 >= 9: Ferdinand and 2 regulars go to Linz."""
    state = _no_interceptors(vienna())
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    state = order(state, "hapsburg", "AVOID TO Linz", FixedDice(5, 4))
    assert S.units(state, "linz") == {"hapsburg": {"regulars": 2}}
    assert S.leaders_at(state, "linz") == ["ferdinand"]
    assert S.count(state, "vienna", "ottoman") == 8


def test_an_avoid_that_moves_nothing_is_refused_and_never_offered():
    """§13.3: someone must try to avoid.  ``AVOID TO Linz WITH NONE 0`` (no unit, no leader)
    is refused with its reason, and no AVOID option admits it — a random bot once sent it
    and nothing happened."""
    state = _no_interceptors(vienna())
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    decision = asked(state, "hapsburg")
    assert decision.kind == "avoid"
    with pytest.raises(IllegalOrder, match="moves nothing") as refused:
        HIS.parse(state, decision, "AVOID TO Linz WITH NONE 0")
    assert refused.value.code == "avoid_nothing"
    for to in ("linz", "graz", "brunn"):
        assert not decision.options.admits({"verb": "AVOID", "to": to, "units": 0,
                                            "leaders": ()})
    assert decision.options.admits({"verb": "AVOID", "to": "linz", "units": 0,
                                    "leaders": ("ferdinand",)})
    assert decision.options.admits({"verb": "AVOID", "to": "linz", "units": 1,
                                    "leaders": ()})


def test_battle_wipes_out_defender_and_captures_leader():
    """§14 steps 9-10: Ferdinand fights with 2 regulars (2 + 1 + 1 = 4 dice, no hits);
    8 Ottoman hits destroy them; Ferdinand is captured by the Ottomans."""
    dice = FixedDice(*([6] * 10 + [1] * 4))
    state = _no_interceptors(vienna())
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "DONE", dice)          # no avoid
    state = order(state, "hapsburg", "FIGHT", dice)
    assert "ferdinand" in state["captured"]["ottoman"]
    assert S.count(state, "vienna", "hapsburg") == 0


def test_defender_retreat_targets_and_default():
    """§14.1: a losing defender in Vienna may retreat to friendly spaces without enemy
    units, never to Pressburg (where the attacker came from); the default prefers a
    friendly fortified space."""
    from games.here_i_stand.land_war import battle
    state = vienna()
    targets = battle.retreat_targets(state, "hapsburg", "vienna", "pressburg")
    assert "pressburg" not in targets and "linz" in targets and "graz" in targets
    assert battle.default_retreat(state, "hapsburg", targets) == "graz"


def test_standing_intercept_never_answers_without_asking():
    state = vienna()
    state = standing.apply(state, "hapsburg", standing.parse(HIS, "STANDING INTERCEPT NEVER"))
    moved = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    decision = asked(moved, "hapsburg")
    policy = standing.of(moved, "hapsburg")[decision.kind]
    assert HIS.answer_from_standing(moved, decision, policy) == {"verb": "DONE"}


def test_standing_intercept_from_graz_if_odds():
    """``FROM Graz IF ODDS >= 40%`` intercepts (41.7 %), ``>= 50%`` does not."""
    state = order(vienna(), "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    decision = asked(state, "hapsburg")
    for text, verb in (("FROM Graz IF ODDS >= 40%", "INTERCEPT"),
                       ("FROM Graz IF ODDS >= 50%", "DONE")):
        parsed = standing.parse(HIS, f"STANDING INTERCEPT {text}")
        answer = HIS.answer_from_standing(state, decision, parsed.policy)
        assert answer["verb"] == verb
    assert HIS.answer_from_standing(state, decision, "FROM GRAZ IF ODDS >= 40%")["units"] == 8


def test_standing_avoid_withdraw_losses_retreat_and_combat_cards():
    """Every standing order kind answers its question without asking."""
    with pytest.raises(IllegalOrder):
        standing.parse(HIS, "STANDING AVOID SOMETIMES")
    for text in ("STANDING AVOID NEVER", "STANDING WITHDRAW IF UNITS <= 4",
                 "STANDING LOSSES mercenary, cavalry, regular",
                 "STANDING RETREAT PREFER Vienna, Linz", "STANDING COMBAT-CARDS NEVER",
                 "STANDING COMBAT-CARDS ASK"):
        assert standing.parse(HIS, text).policy
    state = _no_interceptors(vienna())
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8")
    decision = asked(state, "hapsburg")
    assert HIS.answer_from_standing(state, decision, "NEVER") == {"verb": "DONE"}
    state = order(state, "hapsburg", "DONE")
    decision = asked(state, "hapsburg")
    assert HIS.answer_from_standing(state, decision, "IF UNITS <= 4") == {"verb": "INSIDE"}
    assert HIS.answer_from_standing(state, decision, "IF UNITS <= 1") == {"verb": "FIGHT"}


def test_losses_standing_order_sets_the_kinds():
    dice = FixedDice(*ROLL_E8)
    state = order(vienna(), "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    decision = asked(state, "ottoman")
    assert HIS.default(state, decision)["losses"] == "1C 4R"
    assert HIS.answer_from_standing(state, decision, "REGULAR, CAVALRY")["losses"] == "5R"


def test_combat_card_window_without_a_card_is_offered_alike():
    """§14: a window is offered to every fighting power that could hold a usable card by
    public information, holder or not; its options show only what the seat holds."""
    dice = FixedDice(*ROLL_E8)
    state = vienna(hands=[50])                       # nobody holds a combat card
    state["hands"]["ottoman"] = [25]                 # the Ottomans hold Field Artillery
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    windows = []
    while True:
        found = [d for d in HIS.decisions(state) if d.kind == "combat-cards"]
        if not found:
            break
        d = found[0]
        windows.append((d.seat, d.context["window"]))
        state = order(state, d.seat, "DONE", dice)
    assert windows == [("ottoman", "mercs"), ("hapsburg", "mercs"), ("ottoman", "cards"),
                       ("hapsburg", "cards")]


@pytest.mark.card(24, 25)
@pytest.mark.parametrize("play, card, dice_rolled", [
    ("PLAY 25", 25, 13),                 # #25 Field Artillery: +3 dice for the Ottomans
    ("PLAY Arquebusiers", 24, 12),       # #24 Arquebusiers: +2 dice
])
def test_combat_cards_add_dice_for_the_ottomans(play, card, dice_rolled):
    dice = FixedDice(*([4, 4] + [1] * 50))
    state = vienna()
    state["hands"]["ottoman"] = [card]
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    while asked(state, "ottoman").kind == "combat-cards" and \
            asked(state, "ottoman").context["window"] == "mercs":
        state = order(state, "ottoman", "DONE", dice)
    state = order(state, "ottoman", play, dice)
    state = order(state, "ottoman", "DONE", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "battle_roll")
    assert rolled["attacker_dice"] == dice_rolled and card in state["discard"]

def test_the_successful_interceptor_saying_done_ends_the_interceptions():
    """§13.2: after a success only that power may try again from another stack; once it
    answers DONE the move goes on to the battle (it used to be asked again for ever)."""
    state = vienna()
    put(state, "linz", "hapsburg", regulars=2)
    dice = FixedDice(*ROLL_E8)
    state = order(state, "ottoman", "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Graz WITH Charles V 8", dice)
    assert asked(state, "hapsburg").kind == "intercept"      # Linz may still try
    state = order(state, "hapsburg", "DONE", dice)
    assert any(e["msg"] == "battle_roll" for e in state["log"])
    assert asked(state, "ottoman").kind == "losses"
