"""Theological debates (§18.5): the rulebook's example E16 (Leipzig Debate, Here I Stand,
round 2, Aleander's bonus), calling a debate for 3 CP, burning and disgrace, Bullinger and the
standing orders of the off-turn questions."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters
from his_helpers import FixedDice, asked, fresh, into_action, order


class DebateDice(FixedDice):
    """Forced d6 results, and random debater picks forced to the named debaters."""

    def __init__(self, picks, *values):
        super().__init__(*values)
        self.picks = list(picks)

    def choice(self, items):
        for name in self.picks:
            if name in items:
                self.picks.remove(name)
                return name
        return super().choice(items)


def committed(state, did):
    return debaters.record(state, did)["committed"]


def leipzig_state():
    """E16's premise: Papal impulse of turn 1, Carlstadt committed (his treatise), the Papacy
    holding Leipzig Debate and the Protestants Here I Stand."""
    state = into_action(fresh(), "papacy", hand=[6])
    debaters.commit(state, "carlstadt")
    if 7 not in state["hands"]["protestant"]:
        state["hands"]["protestant"].append(7)
    return state


@pytest.mark.card(6, 7)
def test_e16_leipzig_debate():
    """E16 (L1404-1406): Eck 7 dice vs committed Carlstadt 2 (the odds the Protestants are
    shown); Here I Stand puts Luther in (6 dice); 2 vs 2 hits; round 2 Aleander 5 vs Melanchthon 5; 1 vs 2 hits: the Protestants win
    by 1, Aleander not disgraced, his bonus doubles it to 2 conversions; all four committed."""
    state = order(leipzig_state(), "papacy", "PLAY 6 AS EVENT")
    d = asked(state, "papacy")
    assert d.kind == "leipzig"
    state = order(state, "papacy", "DEBATE GERMAN WITH Eck COMMITTED", DebateDice([]))
    debate = state["phase_data"]["debate"]
    assert (debate["papacy"], debate["protestant"]) == ("eck", "carlstadt")
    d = asked(state, "protestant")
    assert d.kind == "here-i-stand"
    # the stated round-1 odds before Here I Stand: Eck 3 + 3 + 1 = 7 vs Carlstadt 1 + 1 = 2
    assert d.context == {"debater": "carlstadt", "papal_debater": "eck", "dice": 2,
                         "papal_dice": 7}
    assert RULES.default(state, d) == {"verb": "DONE"}                 # R24: not played
    hand = len(state["hands"]["protestant"])
    dice = DebateDice(["aleander", "melanchthon"],
                      5, 6, 1, 1, 1, 1, 1,          # Eck: 3 + 3 + 1 = 7 dice, 2 hits
                      5, 6, 1, 1, 1, 1,             # Luther: 4 + 2 = 6 dice, 2 hits
                      5, 1, 1, 1, 1,                # Aleander: 2 + 3 = 5 dice, 1 hit
                      5, 6, 1, 1, 1)                # Melanchthon: 3 + 2 = 5 dice, 2 hits
    state = order(state, "protestant", "PLAY 7", dice)
    rolls = [e for e in state["log"] if e["msg"] == "debate_rolls"]
    assert [(e["debater"], e["n"], e["hits"]) for e in rolls] == [
        ("eck", 7, 2), ("luther", 6, 2), ("aleander", 5, 1), ("melanchthon", 5, 2)]
    assert 7 not in state["hands"]["protestant"]
    assert len(state["hands"]["protestant"]) == hand                  # played 7, drew one
    won = [e for e in state["log"] if e["msg"] == "debate_won"][-1]
    assert (won["power"], won["hits"], won["n"]) == ("protestant", 1, 2)
    assert "aleander" not in state["debaters_out"]                    # 1 is not more than 2
    for did in ("eck", "luther", "aleander", "melanchthon", "carlstadt"):
        assert committed(state, did), did
    d = asked(state, "protestant")
    assert d.kind == "debate_convert" and d.context["left"] == 2
    first = RULES.default(state, d)["space"]
    state = order(state, "protestant", f"CONVERT {first}")
    assert S.religion(state, first) == religion.PROTESTANT
    d = asked(state, "protestant")
    state = order(state, "protestant", f"CONVERT {RULES.default(state, d)['space']}")
    assert "debate" not in state["phase_data"]
    assert not state["phase_data"].get("steps")


@pytest.mark.card(7)
def test_excommunicated_luther_burned_in_a_debate_stays_out():
    """§18.5 step 8 with §21.5 (bench 1517 game final1517-340): Luther, excommunicated and
    off the map for the turn, is brought into the Leipzig debate by Here I Stand and burned;
    neither his debater nor his reformer comes back at the next Card Draw (§8.2 L457) —
    he was both burned and back on the Protestant list."""
    from games.here_i_stand import invariants
    from games.here_i_stand.phases import card_draw
    from games.here_i_stand.reformation import absence
    state = leipzig_state()
    absence.send_away(state, "luther", "luther")
    state = order(state, "papacy", "PLAY 6 AS EVENT")
    state = order(state, "papacy", "DEBATE GERMAN WITH Eck COMMITTED", DebateDice([]))
    assert asked(state, "protestant").kind == "here-i-stand"
    state = order(state, "protestant", "PLAY 7", DebateDice([], *([6] * 7 + [1] * 6)))
    assert "luther" in state["debaters_out"] and "luther" in state["reformers_out"]
    assert not absence.is_away(state, "luther") and not absence.reformer_away(state, "luther")
    state["turn"] += 1
    card_draw.add_religious_figures(state)
    assert "luther" not in state["reformers"] and debaters.record(state, "luther") is None
    assert invariants.religious_figures(state) == []


@pytest.mark.card(6)
def test_here_i_stand_standing_never_answers_off_turn():
    state = order(leipzig_state(), "papacy", "PLAY 6 AS EVENT")
    state = order(state, "papacy", "DEBATE GERMAN WITH Eck", DebateDice([]))
    d = asked(state, "protestant")
    assert RULES.standing_kinds()["here-i-stand"] == ("IN-DEBATE ASK", "IN-DEBATE NEVER")
    parsed = standing.parse(RULES, "STANDING HERE-I-STAND IN-DEBATE NEVER")
    assert (parsed.kind, parsed.policy) == ("here-i-stand", "IN-DEBATE NEVER")
    assert RULES.answer_from_standing(state, d, "IN-DEBATE NEVER") == {"verb": "DONE"}
    assert RULES.answer_from_standing(state, d, "IN-DEBATE ASK") is None


def test_debate_called_for_three_cp_burns_the_loser():
    """§18.5 step 8: the Papacy wins by more than the Protestant's value: he burns, the
    Papacy scores his value; the Papacy then converts the difference."""
    state = into_action(fresh(), "papacy", cp=3)
    state = order(no_here_i_stand(state), "papacy", "DEBATE GERMAN UNCOMMITTED",
                  DebateDice(["eck", "carlstadt"],
                             5, 5, 5, 1, 1, 1, 1,      # Eck 7 dice: 3 hits
                             1, 1, 1))                 # Carlstadt 1 + 2 = 3 dice: 0 hits
    assert "carlstadt" in state["debaters_out"]
    assert state["bonus_vp"]["papacy"]["burned_carlstadt"] == 1
    assert all(d["id"] != "carlstadt" for d in state["debaters"]["protestant"])
    d = asked(state, "papacy")
    assert d.kind == "debate_convert" and d.context["left"] == 3


def no_here_i_stand(state):
    state["hands"]["protestant"] = [n for n in state["hands"]["protestant"] if n != 7]
    return state


def test_disgrace_and_round_two_tie_ends_the_debate():
    state = no_here_i_stand(into_action(fresh(), "protestant", cp=3))
    state = order(state, "protestant", "DEBATE GERMAN",
                  DebateDice(["melanchthon", "tetzel"],
                             5, 5, 5, 5, 1, 1,         # Melanchthon 3 + 3: 4 hits
                             1, 1, 1))                 # Tetzel 1 + 2: 0 hits
    assert state["bonus_vp"]["protestant"]["disgraced_tetzel"] == 1
    assert asked(state, "protestant").context["left"] == 4
    state = no_here_i_stand(into_action(fresh(), "protestant", cp=3))
    state = order(state, "protestant", "DEBATE GERMAN",
                  DebateDice(["bucer", "tetzel", "luther", "cajetan"],
                             1, 1, 1, 1, 1, 1, 1, 1,   # round 1: 0 vs 0
                             1, 1, 1, 1, 1, 1, 1, 1, 1, 1))   # round 2: 0 vs 0
    assert [e["msg"] for e in state["log"]][-1] == "debate_ends_tied"
    assert "debate" not in state["phase_data"]


def test_debate_needs_uncommitted_debaters_of_the_zone():
    state = into_action(fresh(), "protestant", cp=3)
    for did in ("luther", "melanchthon", "bucer", "carlstadt"):
        debaters.commit(state, did)
    assert not [o for o in asked(state, "protestant").options.options if o.verb == "DEBATE"]
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "DEBATE GERMAN")
    with pytest.raises(IllegalOrder):
        order(into_action(fresh(), "papacy", cp=3), "papacy", "DEBATE FRENCH")


def test_status_report_shows_burned_debaters_and_universities():
    """The religious struggle at a glance (EN and RU): burned or disgraced debaters and the
    Jesuit universities."""
    from pbem.reports.presenters import presenter_for
    state = into_action(fresh(), "papacy", cp=3)
    state = order(no_here_i_stand(state), "papacy", "DEBATE GERMAN UNCOMMITTED",
                  DebateDice(["eck", "carlstadt"], 5, 5, 5, 1, 1, 1, 1, 1, 1, 1))
    state["jesuits"] = ["vienna"]
    view = RULES.view(state, None)
    en = presenter_for("here-i-stand", "en").status_context(view)["religion"]
    ru = presenter_for("here-i-stand", "ru").status_context(view)["religion"]
    assert en["burned"] == ["Carlstadt"] and ru["burned"] == ["Карлштадт"]
    assert en["universities"] == ["Vienna"] and en["disgraced"] == []


def test_bullinger_may_replace_the_random_pick_in_round_two():
    """§18.5 step 7: after a tie in round 1 the Protestants may send Bullinger (R25: default
    not); ``STANDING bullinger ALWAYS`` sends him unasked."""
    state = no_here_i_stand(into_action(fresh(), "papacy", cp=3))
    state["debaters"]["protestant"].append({"id": "bullinger", "committed": False})
    state = order(state, "papacy", "DEBATE GERMAN",
                  DebateDice(["eck", "bucer"], *([1] * 11)))          # 7 vs 4 dice, 0 vs 0
    d = asked(state, "protestant")
    assert d.kind == "bullinger" and RULES.default(state, d) == {"verb": "DONE"}
    assert RULES.answer_from_standing(state, d, "ALWAYS") == {"verb": "COMMIT",
                                                              "debaters": ("bullinger",)}
    state = order(state, "protestant", "COMMIT Bullinger", DebateDice(["tetzel"], *([1] * 20)))
    second = [e for e in state["log"] if e["msg"] == "debate_round_two"][-1]
    assert (second["debater"], second["debater2"]) == ("tetzel", "bullinger")
    assert committed(state, "bullinger")
