"""Here I Stand's invariants (`Rules.validate`, issue 15): a sound state passes, and each
broken state below is refused with the rule it breaks."""
from __future__ import annotations

from engine.canonical import copy_plain
from games.here_i_stand import RULES, invariants, siege
from games.here_i_stand import state as S
from his_helpers import clear_units, fresh, put

START = fresh()


def broken(problems, *words):
    """The problems that name every word of `words`."""
    return [p for p in problems if all(w in p for w in words)]


def state():
    return copy_plain(START)


def metz_besieged(inside, outside):
    """French regulars (`outside`) besiege Hapsburg ones (`inside`) in Metz (§15)."""
    s = state()
    clear_units(s, "metz")
    put(s, "metz", "hapsburg", regulars=inside)
    put(s, "metz", "france", regulars=outside)
    siege.begin_siege(s, "metz", ["france"], ["hapsburg"])
    return s


def moving(s, power, src, dst, n):
    """A land move of `n` regulars still being resolved (`land_war.move`)."""
    s["phase_data"]["land_move"] = {"power": power, "from": src, "to": dst,
                                    "units": {power: {"regulars": n}}, "leaders": []}


def test_a_fresh_game_is_sound():
    assert RULES.validate(state()) == []


def test_a_card_in_two_places():
    """§6.2: every card in exactly one place."""
    s = state()
    s["discard"].append(s["deck"][0])
    assert broken(RULES.validate(s), f"card {s['deck'][0]} in two places")


def test_a_dealt_card_lost():
    """§6.2: a card that has entered the game is somewhere (deck, hand, discard, ...)."""
    s = state()
    lost = s["hands"]["france"].pop()
    assert broken(RULES.validate(s), f"card {lost} entered the game and is nowhere")


def test_a_home_card_lost():
    """§6.1 L321: a home card is in its owner's hand or on its power card (used)."""
    s = state()
    s["hands"]["england"].remove(3)
    assert broken(RULES.validate(s), "home card 3 of england is nowhere")
    s["home_used"].append(3)
    assert RULES.validate(s) == []


def test_a_card_of_a_later_turn_in_a_hand():
    """§6.2: the cards of turn 3 enter the deck on turn 3, not before."""
    s = state()
    later = next(n for n, c in S.facts.cards().items()
                 if isinstance(c.enters, int) and c.enters == 3 and c.deck == "main"
                 and c.type != "home")
    s["hands"]["france"].append(later)
    assert broken(RULES.validate(s), f"card {later} is in play before its turn")
    s["turn"] = 3
    assert not broken(RULES.validate(s), "before its turn")


def test_a_leader_in_two_places():
    """§5.1: a leader stands in one place; a foreign war's card is one (§21.7)."""
    s = state()
    s["foreign_wars"] = {"93": {"power": "england", "need": 4, "foes": 3, "units": {},
                                "leaders": ["charles_brandon"]}}
    assert broken(RULES.validate(s), "leader charles_brandon in two places")


def test_a_debater_on_both_sides_and_out():
    """§8.2: a debater is on its own side's list once, or out of the game."""
    s = state()
    eck = next(d for d in s["debaters"]["papacy"] if d["id"] == "eck")
    s["debaters"]["protestant"].append(dict(eck))
    problems = RULES.validate(s)
    assert broken(problems, "debater eck in two places")
    assert broken(problems, "debater eck on the wrong side")
    s = state()
    s["debaters_out"].append("eck")
    assert broken(RULES.validate(s), "debater eck in two places")


def test_a_reformer_on_the_map_and_out():
    """§8.2: a reformer is on the map or out of the game, not both."""
    s = state()
    s["reformers_out"].append("luther")
    assert broken(RULES.validate(s), "reformer luther")


def test_more_besieged_units_than_the_fortress_holds():
    """§13.4 L796, §14.1 L888, §15.2 L949: at most 4 land units inside fortifications."""
    s = metz_besieged(inside=4, outside=6)
    assert not broken(RULES.validate(s), "fortifications hold")
    put(s, "metz", "hapsburg", regulars=1)
    assert broken(RULES.validate(s), "5 land units besieged in metz")
    moving(s, "hapsburg", "nancy", "metz", 1)
    assert not broken(RULES.validate(s), "fortifications hold")   # a relief force, outside


def test_negative_units_and_vp():
    """§5: no negative count; §23.2: no negative VP source."""
    s = state()
    s["spaces"]["istanbul"]["units"]["ottoman"]["regulars"] = -1
    s["bonus_vp"]["ottoman"]["war_winner"] = -1
    problems = RULES.validate(s)
    assert broken(problems, "bad unit count regulars=-1")
    assert broken(problems, "negative bonus VP of ottoman")


def test_final_scores_equal_their_sources():
    """§23.2: the final scores are the sum of their VP sources."""
    s = state()
    totals = {p: v["total"] for p, v in invariants.victory.breakdown(s).items()}
    s["outcome"] = {"winners": ["ottoman"], "reason": "test", "scores": totals}
    assert RULES.validate(s) == []
    s["outcome"]["scores"] = {**totals, "ottoman": totals["ottoman"] + 1}
    assert broken(RULES.validate(s), "final scores differ")


def test_a_siege_without_besiegers():
    """§15: the besiegers have land units in the space (the check read a field the siege
    record does not have, ``by``, and never fired); in Winter every besieger goes home and
    the sieges dissolve as the groups move (§19.3 L1442), so it is not checked then."""
    s = metz_besieged(inside=2, outside=3)
    assert not broken(RULES.validate(s), "besieges metz")
    S.add_units(s, "metz", "france", "regulars", -3)
    assert broken(RULES.validate(s), "france besieges metz without land units")
    moving(s, "france", "metz", "nancy", 3)
    assert not broken(RULES.validate(s), "besieges metz")   # settled when the move ends
    del s["phase_data"]["land_move"]
    s["phase"] = "winter"
    assert not broken(RULES.validate(s), "besieges metz")
