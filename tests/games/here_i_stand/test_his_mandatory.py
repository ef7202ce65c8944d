"""The mandatory events beyond the ruler changes (§6.1, §21.5, §21.6, §23.2): Defender of the
Faith, Master of Italy, Schmalkaldic League, Society of Jesus, Council of Trent — none is a
silent no-op any more."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from games.here_i_stand import RULES, events, facts, mandatory_events
from games.here_i_stand import state as S
from games.here_i_stand.phases import sequence
from his_helpers import FixedDice, asked, fresh, into_action, order, put


def protestant(state, *spaces):
    for sid in spaces:
        S.set_religion(state, sid, "protestant")


def test_every_mandatory_event_has_a_resolver():
    mandatory = [n for n, c in facts.cards().items() if c.type == "mandatory" and n != 8]
    assert set(mandatory) <= set(events.EVENTS)


@pytest.mark.card(11)
def test_defender_of_the_faith_three_attempts_and_the_english_draw():
    state = into_action(fresh(), "england", hand=[11])
    protestant(state, "leipzig", "erfurt", "kassel", "nuremberg")
    hand = len(state["hands"]["england"]) - 1                     # less the card played
    state = order(state, "england", "PLAY Defender of the Faith AS EVENT")
    for _ in range(3):
        d = asked(state, "papacy")
        assert d.kind == "counter_reform"
        state = order(state, "papacy", RULES.order_text(RULES.default(state, d)))
    assert len(state["hands"]["england"]) == hand + 1          # England played it: a card
    assert asked(state, "england").kind == "cp" and state["phase_data"]["cp"] == 2
    assert 11 in state["removed"]
    s2 = into_action(fresh(), "france", hand=[11])
    protestant(s2, "leipzig")
    before = len(s2["hands"]["england"])
    s2 = order(s2, "france", "PLAY 11 AS EVENT")
    d = asked(s2, "papacy")
    targets = dict(d.options.options[0].fields)["space"].values
    assert "leipzig" in targets and "wittenberg" in targets
    for _ in range(3):
        if s2["phase_data"].get("steps"):
            s2 = order(s2, "papacy", RULES.order_text(RULES.default(s2, asked(s2, "papacy"))))
    assert len(s2["hands"]["england"]) == before


@pytest.mark.card(12)
def test_master_of_italy_vp_and_draws():
    state = into_action(fresh(), "papacy", hand=[12])
    for sid in ("genoa", "venice"):
        S.set_control(state, sid, "france")                    # + Milan: 3 keys
    S.set_control(state, "florence", "hapsburg")               # + Naples: 2 keys
    hand = len(state["hands"]["hapsburg"])
    state = order(state, "papacy", "PLAY Master of Italy AS EVENT")
    assert state["bonus_vp"]["france"]["master_of_italy"] == 1
    assert len(state["hands"]["hapsburg"]) == hand + 1
    assert 12 in state["discard"] and 12 not in state["removed"]      # it recycles (L325)
    state = into_action(state, "france", hand=[12])
    S.set_control(state, "florence", "france")
    state = order(state, "france", "PLAY 12 AS EVENT")
    assert state["bonus_vp"]["france"]["master_of_italy"] == 3        # +2 for 4 keys
    # an allied minor's key counts for its major
    s2 = fresh()
    s2["minor_allies"]["venice"] = "hapsburg"
    assert mandatory_events.italian_keys(s2)["hapsburg"] == ["venice", "naples"]


@pytest.mark.card(13)
def test_schmalkaldic_league_needs_turn_2_and_12_protestant_spaces():
    state = into_action(fresh(), "hapsburg", hand=[13])
    state = order(state, "hapsburg", "PLAY Schmalkaldic League AS EVENT")     # turn 1
    assert not state["league"] and 13 in state["discard"]
    assert 13 not in state["mandatory_played"] and 13 not in state["removed"]
    assert state["phase_data"]["cp"] == 2


@pytest.mark.card(13)
def test_schmalkaldic_league_forms():
    state = into_action(fresh(), "hapsburg", hand=[13])
    state["turn"] = 2
    protestant(state, "leipzig", "erfurt", "kassel", "nuremberg", "magdeburg", "brunswick",
               "hamburg", "lubeck", "bremen", "mainz", "augsburg")
    S.set_unrest(state, "bremen", True)                          # unrest still counts
    put(state, "cologne", "protestant", regulars=1)             # in a Catholic electorate
    assert mandatory_events.protestant_spaces_with_unrest(state) == 12
    state = order(state, "hapsburg", "PLAY 13 AS EVENT")
    assert state["league"] and 13 in state["removed"] and 13 in state["mandatory_played"]
    assert S.at_war(state, "protestant", "hapsburg") and S.at_war(state, "protestant", "papacy")
    assert S.where_is(state, "john_frederick") == "wittenberg"
    assert S.where_is(state, "philip_of_hesse") is not None
    for sid in ("wittenberg", "leipzig", "kassel", "mainz", "augsburg"):
        assert S.controller(state, sid) == "protestant"
    assert S.controller(state, "trier") == "hapsburg"            # Catholic: stays Hapsburg
    assert S.count(state, "cologne", "protestant") == 0           # moved to a Protestant one
    assert sum(S.count(state, e, "protestant") for e in ("mainz", "wittenberg", "augsburg")) >= 3
    # Mainz and Augsburg, Protestant and now Protestant-controlled, bring their units (L1777)
    assert "mainz" not in state["electorate_display"]


def test_schmalkaldic_league_forced_in_winter_of_turn_4():
    state = fresh()
    state["turn"] = 4
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("w"))
    while state["phase"] == "winter":
        d = RULES.decisions(state)[0]
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("w"))
    assert state["league"] and 13 in state["removed"]
    assert S.at_war(state, "protestant", "hapsburg")


@pytest.mark.card(15)
def test_society_of_jesus_places_two_universities():
    state = into_action(fresh(), "france", hand=[15])
    state["turn"] = 5
    state = order(state, "france", "PLAY Society of Jesus AS EVENT")
    d = asked(state, "papacy")
    assert d.kind == "jesuits"
    sites = dict(d.options.options[0].fields)["space"].values
    assert "wittenberg" not in sites and "istanbul" not in sites and "rome" in sites
    state = order(state, "papacy", "FOUND Rome")
    assert "rome" not in dict(asked(state, "papacy").options.options[0].fields)["space"].values
    state = order(state, "papacy", "FOUND Leipzig")
    assert state["jesuits"] == ["leipzig", "rome"]
    assert asked(state, "france").kind == "cp"


def test_society_of_jesus_forced_in_winter_asks_the_papacy():
    state = fresh()
    state["turn"] = 6
    state["mandatory_played"] = sorted(set(state["mandatory_played"]) | {9, 10, 13, 14})
    state["league"] = True
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("w"))
    seen = set()
    while state["phase"] == "winter":
        d = RULES.decisions(state)[0]
        seen.add(d.kind)
        state = RULES.apply(state, d.seat, RULES.default(state, d), Dice("w"))
    assert "jesuits" in seen and len(state["jesuits"]) == 2 and 15 in state["removed"]


@pytest.mark.card(17)
def test_council_of_trent():
    state = into_action(fresh(), "papacy", hand=[17])
    protestant(state, "leipzig", "erfurt")
    state = order(state, "papacy", "PLAY Council of Trent AS EVENT")
    d = asked(state, "papacy")
    assert d.kind == "trent"
    assert RULES.default(state, d) == {"verb": "COMMIT",
                                       "debaters": ("aleander", "cajetan", "campeggio", "eck")}
    assert RULES.parse(state, d, "COMMIT Eck, Campeggio") == {"verb": "COMMIT",
                                                              "debaters": ("campeggio", "eck")}
    state = order(state, "papacy", "COMMIT Eck, Campeggio")         # 3 + 2 = 5 dice
    d = asked(state, "protestant")
    assert d.kind == "trent" and RULES.parse(state, d, "COMMIT NONE") == {"verb": "COMMIT",
                                                                           "debaters": ()}
    # Papacy: 5 dice, 3 hits; Protestants: Bucer (2 dice), 1 hit -> 2 conversions
    state = order(state, "protestant", "COMMIT Bucer", FixedDice(6, 5, 5, 1, 1, 6, 2))
    committed = {d["id"] for side in state["debaters"].values() for d in side if d["committed"]}
    assert committed == {"eck", "campeggio", "bucer"}
    d = asked(state, "papacy")
    assert d.kind == "trent_convert"
    state = order(state, "papacy", "CONVERT Leipzig")
    state = order(state, "papacy", RULES.order_text(RULES.default(state, asked(state, "papacy"))))
    assert S.religion(state, "leipzig") == "catholic"
    assert asked(state, "papacy").kind == "cp" and 17 in state["discard"]


@pytest.mark.card(17)
def test_mandatory_questions_are_exact():
    state = into_action(fresh(), "papacy", hand=[17])
    state = order(state, "papacy", "PLAY 17 AS EVENT")
    d = asked(state, "papacy")
    for o in list(d.legal_orders())[:40]:
        assert RULES.parse(state, d, RULES.order_text(o)) == o


LEAGUE_TWELVE = ("leipzig", "erfurt", "kassel", "nuremberg", "magdeburg", "brunswick", "hamburg",
                 "lubeck", "bremen", "mainz", "augsburg")      # + Wittenberg: 12


def test_schmalkaldic_league_leaves_a_space_with_a_fortress_marker():
    """§21.6 L1773: Protestant home spaces of Protestant religion come under Protestant
    control, except those with a fortress marker (Trace Italienne #104 puts one there); a
    space fortified on the map (an electorate) is no exception."""
    state = into_action(fresh(), "hapsburg", hand=[104, 13])
    state["turn"] = 2
    protestant(state, *LEAGUE_TWELVE)
    state = order(state, "hapsburg", "PLAY Trace Italienne AS EVENT")
    state = order(state, "hapsburg", "TARGET Leipzig")
    assert S.fortress_markers(state) == ("leipzig",)
    state = into_action(state, "hapsburg", hand=[13])
    state = order(state, "hapsburg", "PLAY Schmalkaldic League AS EVENT")
    assert state["league"]
    assert S.controller(state, "leipzig") == "hapsburg"          # the marker: stays Hapsburg
    assert S.units(state, "leipzig")["hapsburg"]["regulars"] == 1
    for sid in ("erfurt", "kassel", "mainz", "augsburg", "wittenberg"):
        assert S.controller(state, sid) == "protestant"
    assert "leipzig" not in [line.get("space") for line in state["log"]
                             if line.get("msg") == "league_control"]


def _league_with_ties():
    """Philip of Hesse: Protestant stacks in Erfurt, Mainz and Nuremberg, all 1 from Kassel;
    the units in Catholic Mainz: Protestant Cologne and Trier both 1 away."""
    state = into_action(fresh(), "hapsburg", hand=[13])
    state["turn"] = 2
    protestant(state, *[s for s in LEAGUE_TWELVE if s != "mainz"], "cologne", "trier")
    for sid in ("erfurt", "nuremberg"):
        put(state, sid, "protestant", regulars=1)
    put(state, "mainz", "protestant", regulars=2)
    return order(state, "hapsburg", "PLAY Schmalkaldic League AS EVENT")


def test_schmalkaldic_league_asks_the_protestants_on_a_tie():
    """§21.6 L1771, L1776: equally near stacks or electorates — the Protestants choose (the
    owner of the pieces, as for ports in §19.3 L1438); the default is the first by id."""
    state = _league_with_ties()
    assert S.where_is(state, "john_frederick") == "wittenberg"   # the only nearest
    d = asked(state, "protestant")
    assert d.kind == "league_nearest"
    assert [o["space"] for o in d.legal_orders()] == ["erfurt", "mainz", "nuremberg"]
    assert RULES.default(state, d) == {"verb": "NEAREST", "space": "erfurt"}
    assert S.where_is(state, "philip_of_hesse") is None
    assert S.controller(state, "kassel") == "protestant"        # the rest went on meanwhile
    state = order(state, "protestant", "NEAREST Mainz")
    assert S.where_is(state, "philip_of_hesse") == "mainz"
    d = asked(state, "protestant")
    assert d.kind == "league_nearest"
    assert [o["space"] for o in d.legal_orders()] == ["cologne", "trier"]
    assert S.count(state, "mainz", "protestant") == 2
    state = order(state, "protestant", "БЛИЖАЙШИЙ Трир")
    assert S.count(state, "mainz", "protestant") == 0
    assert S.where_is(state, "philip_of_hesse") == "trier"     # he goes with them
    assert S.units(state, "trier")["protestant"]["regulars"] >= 2
    assert asked(state, "hapsburg").kind == "cp"


def test_schmalkaldic_league_tie_answered_by_the_standing_order():
    state = _league_with_ties()
    d = asked(state, "protestant")
    assert RULES.answer_from_standing(state, d, "DEFAULT") == {"verb": "NEAREST",
                                                               "space": "erfurt"}


def test_schmalkaldic_league_a_late_leader_follows_his_stack_out_of_a_catholic_electorate():
    """Philip's tie is answered after the units in Catholic Mainz have left for Cologne (its
    only nearest Protestant electorate): choosing Mainz, he joins that stack in Cologne."""
    state = into_action(fresh(), "hapsburg", hand=[13])
    state["turn"] = 2
    protestant(state, *[s for s in LEAGUE_TWELVE if s != "mainz"], "cologne")
    for sid in ("erfurt", "nuremberg"):
        put(state, sid, "protestant", regulars=1)
    put(state, "mainz", "protestant", regulars=2)
    state = order(state, "hapsburg", "PLAY Schmalkaldic League AS EVENT")
    assert S.count(state, "mainz", "protestant") == 0            # moved at once, no tie
    assert [o["space"] for o in asked(state, "protestant").legal_orders()] == [
        "erfurt", "mainz", "nuremberg"]
    state = order(state, "protestant", "NEAREST Mainz")
    assert S.where_is(state, "philip_of_hesse") == "cologne"
    assert asked(state, "hapsburg").kind == "cp"
