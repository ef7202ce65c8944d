"""Home cards' frame events (§6.1, §21): Janissaries' recruits, Holy Roman Emperor, Here I
Stand's retrieval; Papal Bull playable as an event or for CP (its event: test_his_papal_bull)."""
from __future__ import annotations

import pytest

from engine.dice import Dice
from games.here_i_stand import RULES, events, facts, home_cards
from games.here_i_stand import state as S
from his_helpers import asked, fresh, into_action, order, put, log_text


@pytest.mark.card(1)
def test_janissaries_raise_4_regulars_in_ottoman_home_spaces():
    state = into_action(fresh(), "ottoman", hand=[1])
    before = S.count(state, "istanbul", "ottoman"), S.count(state, "edirne", "ottoman")
    state = order(state, "ottoman", "PLAY Janissaries AS EVENT")
    d = asked(state, "ottoman")
    assert d.kind == "janissaries"
    spaces = dict(d.options.options[0].fields)["space"].values
    assert "istanbul" in spaces and "algiers" not in spaces
    assert RULES.default(state, d) == {"verb": "PLACE", "units": 4, "space": "istanbul"}
    state = order(state, "ottoman", "PLACE 3 IN Istanbul")
    d = asked(state, "ottoman")
    assert dict(d.options.options[0].fields)["units"].values == (1,)
    assert RULES.order_text(RULES.parse(state, d, "PLACE Edirne")) == "PLACE 1 IN edirne"
    state = order(state, "ottoman", "PLACE 1 IN Edirne")
    assert (S.count(state, "istanbul", "ottoman"), S.count(state, "edirne", "ottoman")) == \
        (before[0] + 3, before[1] + 1)
    # the event gives no CP: the impulse is over
    assert state["phase_data"]["active"] == S.MAJORS.index("hapsburg")
    assert 1 in state["home_used"]


@pytest.mark.card(1)
def test_janissaries_need_counters_and_home_spaces():
    state = into_action(fresh(), "ottoman", hand=[1])
    for sid in list(state["spaces"]):                  # every Ottoman land counter but one "2"
        S.units(state, sid).get("ottoman", {}).pop("regulars", None)
        S.units(state, sid).get("ottoman", {}).pop("cavalry", None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != "ottoman"]
    for sid, n in zip(away, [1] * 11 + [2] * 6 + [4] * 4 + [6]):
        put(state, sid, "ottoman", regulars=n)
    state = order(state, "ottoman", "PLAY 1 AS EVENT")
    assert dict(asked(state, "ottoman").options.options[0].fields)["units"].values == (2,)
    state = order(state, "ottoman", "PLACE 2 IN Istanbul")
    assert "not placed" in log_text(state["log"])
    s2 = into_action(fresh(), "ottoman", hand=[1])
    for sid in S.board().spaces_of(home="ottoman"):
        S.set_control(s2, sid, "hapsburg")
    assert "no Ottoman home space" in events.playable_as_event(s2, "ottoman", 1)


@pytest.mark.card(2)
def test_holy_roman_emperor_moves_charles_then_5_cp():
    state = into_action(fresh(), "hapsburg", hand=[2])
    state = order(state, "hapsburg", "PLAY Holy Roman Emperor AS EVENT")
    d = asked(state, "hapsburg")
    assert d.kind == "emperor"
    escorts = dict(d.options.options[0].fields)["leaders"].values
    assert escorts == ((), ("duke_of_alva",))          # Alva is with Charles in Valladolid
    assert "valladolid" not in dict(d.options.options[0].fields)["space"].values
    assert RULES.default(state, d)["space"] == "vienna"
    state = order(state, "hapsburg", "TRAVEL Vienna WITH Duke of Alva")
    assert S.where_is(state, "charles_v") == "vienna" == S.where_is(state, "duke_of_alva")
    assert S.count(state, "valladolid", "hapsburg") > 0      # no units go with him
    d = asked(state, "hapsburg")
    assert d.kind == "cp" and state["phase_data"]["cp"] == 5
    # no enemy-occupied or unrest destinations
    s2 = into_action(fresh(), "hapsburg", hand=[2])
    S.set_unrest(s2, "vienna", True)
    assert "vienna" not in home_cards.emperor_destinations(s2)
    # a captured Charles does not travel: 5 CP at once
    s3 = into_action(fresh(), "hapsburg", hand=[2])
    S.move_leader(s3, "charles_v", "valladolid", None)
    s3["captured"]["france"] = ["charles_v"]
    s3 = order(s3, "hapsburg", "PLAY 2 AS EVENT")
    assert asked(s3, "hapsburg").kind == "cp" and s3["phase_data"]["cp"] == 5


@pytest.mark.card(7)
def test_here_i_stand_takes_a_card_from_the_discard():
    state = into_action(fresh(), "protestant", hand=[7])
    state["discard"] = [10, 41, 39]                     # 10 is a mandatory event
    state = order(state, "protestant", "PLAY Here I Stand AS EVENT")
    d = asked(state, "protestant")
    assert d.kind == "retrieve" and dict(d.options.options[0].fields)["card"].values == (39, 41)
    assert RULES.default(state, d) == {"verb": "TAKE", "card": 41}
    played = order(state, "protestant", "TAKE Marburg Colloquy")
    assert 41 in played["hands"]["protestant"] and 41 not in played["discard"]
    d = asked(played, "protestant")
    assert d.kind == "retrieved" and "KEEP" in d.options.verbs()
    played = order(played, "protestant", "PLAY 41 FOR CP")
    assert 41 in played["discard"] and "played #41 Marburg Colloquy for 5 CP" in log_text(played["log"])
    kept = order(order(state, "protestant", "TAKE 39"), "protestant", "KEEP")
    assert 39 in kept["hands"]["protestant"]
    assert kept["phase_data"]["active"] == 0                    # the impulse ended


@pytest.mark.card(7)
def test_here_i_stand_limits():
    state = into_action(fresh(), "protestant", hand=[7])
    state["discard"] = [41]
    state["phase_data"]["as_event"] = {"protestant": [41]}
    assert "no card" in events.playable_as_event(state, "protestant", 7)
    state["phase_data"]["as_event"] = {}
    state["rulers"]["protestant"] = "calvin"
    assert "Luther" in events.playable_as_event(state, "protestant", 7)


@pytest.mark.card(5)
def test_papal_bull_as_event_or_for_cp():
    """#5 is an event now (`reformation/papal_bull.py`) and still a card for CP."""
    state = into_action(fresh(), "papacy", hand=[5, 6])
    assert asked(order(state, "papacy", "PLAY 5 AS EVENT"), "papacy").kind == "papal_bull"
    state = order(state, "papacy", "PLAY 5 FOR CP")
    assert asked(state, "papacy").kind == "cp"


def test_every_home_card_question_is_exact():
    for power, card in (("ottoman", 1), ("hapsburg", 2)):
        state = order(into_action(fresh(), power, hand=[card]), power, f"PLAY {card} AS EVENT")
        d = asked(state, power)
        for o in d.legal_orders():
            assert RULES.parse(state, d, RULES.order_text(o)) == o
            fresh_state = order(into_action(fresh(), power, hand=[card]), power,
                                f"PLAY {card} AS EVENT")
            RULES.apply(fresh_state, power, o, Dice("x"))


def test_card_modules_register_without_the_tests_importing_them():
    """events.py imports home_cards and mandatory_events only to have them register: a fresh
    interpreter that loads the game as the judge does (no test module importing them) must
    see their events and questions."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    code = ("import json; from engine import registry; registry.get('here-i-stand'); "
            "from games.here_i_stand import choices, events; "
            "print(json.dumps([sorted(events.EVENTS), sorted(choices.KINDS)]))")
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, check=True).stdout
    numbers, kinds = json.loads(out)
    assert {1, 2, 7, 11, 12, 13, 15, 17} <= set(numbers)
    assert {"janissaries", "emperor", "retrieve", "jesuits", "trent"} <= set(kinds)
