"""The religious struggle's dice (§18.3, §18.4, religion.py), Luther's 95 Theses (§18.1, the
rulebook's example E15) and the Diet of Worms (§18.1; example E7's premise)."""
from __future__ import annotations

import pytest

from engine.canonical import copy_plain
from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, religion
from games.here_i_stand import state as S
from games.here_i_stand.phases import diet_of_worms, sequence
from his_helpers import asked, clear_units, deal, fresh, put, log_text
from viewtools import leaves

P, C = religion.PROTESTANT, religion.CATHOLIC


class FixedDice(Dice):
    """Dice that roll the given values in turn, then 1s (shuffles use the seeded stream)."""

    def __init__(self, *values):
        super().__init__("fixed")
        self.values = list(values)

    def d6(self):
        value = self.values.pop(0) if self.values else 1
        self.rolls.append(value)
        return value


def theses():
    """The 1517 game at its first question: the 95 Theses' first attempt."""
    return RULES.setup("1517", list(S.MAJORS), {}, Dice("theses"))


def reform(state, space, *rolls):
    decision = asked(state, "protestant")
    order = RULES.parse(state, decision, f"REFORM {space}")
    return RULES.apply(copy_plain(state), "protestant", order, FixedDice(*rolls))


# ---------------------------------------------------------------- Luther's 95 Theses (§18.1)
@pytest.mark.card(8)
def test_95_theses_places_luther_and_asks_five_attempts():
    state = theses()
    assert state["phase"] == "luther_95_theses"
    assert state["reformers"]["luther"] == "wittenberg"
    assert S.religion(state, "wittenberg") == P
    assert S.units(state, "wittenberg") == {"protestant": {"regulars": 2}}
    assert "wittenberg" not in state["electorate_display"]
    assert 8 in state["removed"] and 8 not in state["deck"]
    decision = asked(state, "protestant")
    assert decision.kind == "reform" and decision.context["attempt"] == 1
    assert set(decision.options.options[0].fields[0][1].values) == {
        "brandenburg", "breslau", "leipzig", "magdeburg", "prague"}
    assert [d.seat for d in RULES.decisions(state)] == ["protestant"]


def test_e15_odds_after_brandenburg():
    """E15 (L1306-1326): Brandenburg converted first, its 1 regular placed; then the odds."""
    state = reform(theses(), "Brandenburg", 6)          # 6 in the German zone: automatic
    assert S.religion(state, "brandenburg") == P
    assert S.units(state, "brandenburg") == {"protestant": {"regulars": 1}}
    expected = {"lubeck": (3, 3, True), "stettin": (3, 1, True), "breslau": (6, 1, False),
                "prague": (4, 5, False), "leipzig": (4, 4, True), "magdeburg": (6, 3, True)}
    for space, (mine, theirs, in_zone) in expected.items():
        assert religion.count_dice(state, space, P, bonus=1).total == mine, space
        assert religion.count_dice(state, space, C).total == theirs, space
        assert (S.board().spaces[space].language == "german") == in_zone, space
    prague = religion.count_dice(state, "prague", C)
    assert prague.stack_in_target == 2 and prague.adjacent_spaces == 3   # Hungarian stack
    leipzig = religion.count_dice(state, "leipzig", C)
    assert leipzig.adjacent_stacks == 1                                   # Prague's stack
    breslau = religion.count_dice(state, "breslau", P, bonus=1)
    assert (breslau.adjacent_spaces, breslau.adjacent_stacks, breslau.adjacent_figures) == (2, 2, 1)
    assert set(expected) <= set(religion.targets(state, P))
    # the player picks Magdeburg: the default does too (best odds, ties won, no Papal 6)
    decision = asked(state, "protestant")
    assert RULES.default(state, decision) == {"verb": "REFORM", "space": "magdeburg"}
    chances = {s: religion.success_chance(state, s, P, zones=("german",), bonus_dice=1)
               for s in expected}
    assert max(chances, key=chances.get) == "magdeburg"


def test_e15_ties_win_in_the_german_zone_only():
    state = reform(theses(), "Brandenburg", 6)
    # Leipzig 4 vs 4 dice: a 5-5 tie in the German zone converts
    won = reform(state, "Leipzig", 5, 1, 2, 3, 5, 1, 1, 1)
    assert S.religion(won, "leipzig") == P
    # Breslau (outside every zone): a 5-5 tie goes to the Papacy
    lost = reform(state, "Breslau", 5, 1, 1, 1, 1, 1, 5)
    assert S.religion(lost, "breslau") == C
    # and a natural 6 is no automatic success outside the target zone
    six = reform(state, "Breslau", 6, 1, 1, 1, 1, 1, 6)
    assert S.religion(six, "breslau") == C


def test_95_theses_refusals_and_end_of_phase():
    state = theses()
    with pytest.raises(IllegalOrder, match="not next to"):
        reform(state, "Paris", 6)
    state = reform(state, "Magdeburg", 1, 1, 1, 1, 6)    # 4 dice fail vs the Papal 6
    assert S.religion(state, "magdeburg") == C
    with pytest.raises(IllegalOrder, match="already targeted"):
        RULES.apply(copy_plain(state), "protestant", {"verb": "REFORM", "space": "magdeburg"},
                    FixedDice(6))
    for _ in range(4):
        decision = asked(state, "protestant")
        state = RULES.apply(state, "protestant", RULES.default(state, decision), Dice("x"))
    assert state["phase"] == "diplomacy"                 # card draw done, diplomacy asked
    assert len(state["phase_data"]["proposals"]) == 0
    assert sum(len(h) for h in state["hands"].values()) > 0


# ---------------------------------------------------------------- targets and dice (§18.2-18.3)
def test_target_rules_passes_ports_ottomans_unrest():
    state = theses()
    m = S.board()
    # a pass counts for the target but its neighbour gives no die
    a, b = next(tuple(sorted(e)) for e in m.passes
                if all(m.spaces[x].home not in ("ottoman",) for x in e))
    S.set_religion(state, a, P)
    assert religion.eligible(state, b, P) is None
    assert religion.count_dice(state, b, P).adjacent_spaces == 0
    # unrest: the Protestant space no longer opens its neighbours, nor gives dice
    S.set_unrest(state, a, True)
    assert religion.eligible(state, b, P) is not None
    S.set_unrest(state, a, False)
    # ports on a shared sea zone
    S.set_religion(state, "lubeck", P)
    assert religion.eligible(state, "stettin", P) is None
    baltic = [p for p in m.ports_of("baltic_sea") if p not in ("lubeck", "stettin")]
    for port in baltic:
        assert religion.eligible(state, port, P) is None, port
    # Ottoman home spaces never change religion and count for neither side
    assert "istanbul" not in religion.targets(state, P)
    assert religion.faith(state, "istanbul") is None
    # at least one die
    assert religion.count_dice(state, "calais", C).total >= 1
    lonely = religion.count_dice(state, "stettin", P)
    assert lonely.total == max(1, lonely.adjacent_spaces + lonely.adjacent_stacks)


def test_which_stacks_are_protestant_or_catholic():
    state = theses()
    side = lambda p: religion.power_side(state, p)   # noqa: E731
    assert [side(p) for p in ("protestant", "papacy", "hapsburg", "france", "independent",
                              "venice", "ottoman", "england", "scotland")] == \
        [P, C, C, C, C, C, None, None, C]
    state["rulers"]["england"] = "edward_vi"
    assert side("england") == P and side("scotland") == C
    state["minor_allies"]["scotland"] = "england"
    assert side("scotland") == P
    state["rulers"]["england"] = "mary_i"
    assert side("england") == C and side("scotland") == C
    # one stack per power, whatever its size; two powers are two stacks
    clear_units(state, "leipzig")
    put(state, "leipzig", "hapsburg", regulars=6)
    put(state, "leipzig", "papacy", mercenaries=1)
    assert religion.stacks(state, "leipzig", C) == 2


def test_karlstadt_unrest_plus_one_and_printing_press():
    state = theses()
    a = religion.reformation_attempt(state, FixedDice(1, 1, 1, 6), "leipzig", zones=("german",),
                                     karlstadt=True)
    assert not a.success and a.unrest and S.in_unrest(state, "leipzig")
    state = theses()
    n = religion.count_dice(state, "leipzig", P).total
    state["printing_press"] = 1
    a = religion.reformation_attempt(state, FixedDice(*([5] * (n + 1)), 6), "leipzig",
                                     zones=("german",), plus_one=True)
    assert a.dice["total"] == n + 1 and a.result == 6 and a.automatic and a.success


def test_counter_reformation_popes_augsburg_tetzel():
    state = theses()
    S.set_religion(state, "erfurt", P)
    # Leo X: no automatic 6 and no Papal ties
    a = religion.counter_reformation_attempt(state, FixedDice(*([6] * 9)), "erfurt",
                                             zones=("german",))
    assert not a.automatic and not a.success
    state["rulers"]["papacy"] = "paul_iii"
    n = religion.count_dice(state, "erfurt", C).total
    a = religion.counter_reformation_attempt(state, FixedDice(*([6] * n)), "erfurt",
                                             zones=("german",), tetzel=True)
    assert a.automatic and a.success and S.religion(state, "erfurt") == C
    assert state["st_peters"]["cp"] == 1
    S.set_religion(state, "erfurt", P)
    state["augsburg_confession"] = state["turn"]
    a = religion.counter_reformation_attempt(state, FixedDice(*([6] * (n + 10))), "erfurt",
                                             zones=("german",))
    assert a.result == 5 and not a.success             # 6 - 1 loses to a Protestant 6


def test_electorate_units_before_and_after_the_league():
    state = theses()
    religion.convert(state, "mainz", P)
    assert S.units(state, "mainz")["protestant"] == {"regulars": 1}
    state["league"] = True
    religion.convert(state, "cologne", P)               # Hapsburg-controlled: none yet
    assert "protestant" not in S.units(state, "cologne")
    S.set_control(state, "cologne", "protestant")
    assert religion.electorate_units(state, "cologne") == 1


def test_st_peters_track():
    state = theses()
    assert religion.add_st_peters(state, 12) == 2 and state["st_peters"] == {"cp": 2, "vp": 2}
    assert religion.add_st_peters(state, 30) == 3 and state["st_peters"]["vp"] == 5


# ---------------------------------------------------------------- the Diet of Worms (§18.1)
def to_diet(seed="diet"):
    state = fresh(seed=seed)
    while state["phase"] == "diplomacy":
        d = RULES.decisions(state)[0]
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice(seed))
    assert state["phase"] == "diet_of_worms"
    for sid in list(state["spaces"]):                   # undo the default 95 Theses attempts
        if sid != "wittenberg":
            S.set_religion(state, sid, C)
    return state


def choose(state, seat, card, dice=None):
    d = asked(state, seat)
    return RULES.apply(copy_plain(state), seat, RULES.parse(state, d, f"CHOOSE {card}"),
                       dice or Dice("c"))


def test_diet_sealed_choice_stays_secret_until_all_chose():
    state = to_diet()
    assert sorted(d.seat for d in RULES.decisions(state)) == ["hapsburg", "papacy", "protestant"]
    state["hands"]["papacy"] = sorted(state["hands"]["papacy"] + [13])    # a mandatory event
    decision = asked(state, "papacy")
    assert 13 not in decision.options.options[0].fields[0][1].values
    with pytest.raises(IllegalOrder, match="mandatory"):
        RULES.apply(copy_plain(state), "papacy", {"verb": "CHOOSE", "card": 13}, Dice("x"))
    card = min(n for n in state["hands"]["protestant"]
               if n != 7 and S.facts.card(n).type != "mandatory")
    state = choose(state, "protestant", card)
    assert card not in state["hands"]["protestant"]
    name = S.facts.card(card).name_en
    secrets = RULES.secrets(state)
    assert name in secrets["protestant"]
    assert name in leaves(RULES.view(state, "protestant"))
    for seat in ("papacy", "hapsburg", "england", None):
        assert name not in leaves(RULES.view(state, seat))
    assert RULES.view(state, None)["diet_of_worms"]["chosen"] == ["protestant"]


def test_diet_protestant_win_converts_adjacent_german_spaces():
    state = to_diet()
    deal(state, "protestant", [7, 65])
    deal(state, "papacy", [5, 6, 33])
    deal(state, "hapsburg", [2, 47])
    state = choose(state, "protestant", 65)
    state = choose(state, "papacy", 33)
    cp = {n: S.facts.card(n).cp for n in (65, 33, 47)}
    prot = [6] * 2 + [1] * (cp[65] + 4 - 2)
    state = choose(state, "hapsburg", 47, FixedDice(*prot, *([1] * (cp[33] + cp[47]))))
    assert state["phase"] == "diet_of_worms"
    assert 65 in state["discard"] and 33 in state["discard"] and 47 in state["discard"]
    decision = asked(state, "protestant")
    assert decision.kind == "convert" and decision.context["left"] == 2
    targets = decision.options.options[0].fields[0][1].values
    assert all(S.board().spaces[t].language == "german" for t in targets)
    assert "erfurt" not in targets                           # not next to a Protestant space
    state = RULES.apply(state, "protestant", {"verb": "CONVERT", "space": "leipzig"}, Dice("x"))
    assert "erfurt" in diet_of_worms.targets(state, P)      # chained from Leipzig
    state = RULES.apply(state, "protestant", {"verb": "CONVERT", "space": "erfurt"}, Dice("x"))
    assert S.religion(state, "erfurt") == P and state["phase"] == "spring_deployment"


def test_diet_catholic_win_and_draw():
    state = to_diet()
    deal(state, "protestant", [7, 65])
    deal(state, "papacy", [5, 6])
    deal(state, "hapsburg", [2, 47])
    S.set_religion(state, "leipzig", P)
    state = choose(state, "protestant", 65)
    state = choose(state, "papacy", 5)
    n_p = S.facts.card(65).cp + 4
    n_c = S.facts.card(5).cp + S.facts.card(47).cp
    won = choose(state, "hapsburg", 47, FixedDice(*([1] * n_p), *([6] * n_c)))
    decision = asked(won, "papacy")
    assert decision.kind == "convert" and decision.context["left"] == n_c
    assert set(diet_of_worms.targets(won, C)) == {"leipzig", "wittenberg"}
    drawn = choose(state, "hapsburg", 47, FixedDice(*([1] * n_p), *([1] * n_c)))
    assert drawn["phase"] == "spring_deployment"
    assert "the Diet of Worms ends in a draw" in log_text(drawn["log"])


def test_diet_default_is_the_lowest_cp_card_and_e7_hand():
    """E7 (L682): the Protestants got 4 cards plus Here I Stand, and spent one at the Diet."""
    state = to_diet()
    hand = list(state["hands"]["protestant"])
    assert len(hand) == 5 and 7 in hand
    decision = asked(state, "protestant")
    low = RULES.default(state, decision)["card"]
    assert S.facts.card(low).cp == min(S.facts.card(n).cp for n in hand
                                       if S.facts.card(n).type != "mandatory")
    for seat in ("protestant", "papacy", "hapsburg"):
        d = asked(state, seat)
        state = RULES.apply(state, seat, RULES.default(state, d), Dice("w"))
    while state["phase"] == "diet_of_worms":
        d = RULES.decisions(state)[0]
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("w"))
    assert len(state["hands"]["protestant"]) == 4
    assert state["phase"] == "spring_deployment"


def test_diet_is_turn_one_only():
    state = fresh()
    state["turn"] = 2
    state["phase"] = "diplomacy"
    assert sequence.next_phase(state) == "spring_deployment"
