"""The land war's answers as ORDERS.md writes them, in English and Russian: every keyword of
the reference is read by the parser, and the Russian forms of the relief (§15.2), avoid
(§13.3), response (§13.1) and mercenary-event (§5) answers parse to the English orders."""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES, grammar
from pbem import orders_reference
from games.here_i_stand import state as S
from games.here_i_stand.land_war import relief
from his_helpers import asked, fresh, into_action, order
from test_his_avoid import _entered
from test_his_relief import _calais_relief
from test_his_responses import MOVE, _holding
from test_his_land_war import vienna


def _section(sid: str) -> dict:
    ref = orders_reference.load(RULES)
    return next(s for s in ref["sections"] if s["id"] == sid)


@pytest.mark.parametrize("entry", [o for o in _section("land_war")["orders"]],
                         ids=lambda o: o["syntax"])
def test_every_land_war_keyword_of_the_reference_is_read(entry):
    """Each Russian word the reference lists for a land-war answer reads as its verb."""
    verb = entry["verb"].split()[0]
    for word in entry.get("words", ()):
        assert grammar.verb_of(f"{word} x") == verb, word


def test_relief_answers_in_russian():
    state = order(_calais_relief(), "england", "MOVE Boulogne -> Calais WITH Charles Brandon 4")
    d = asked(state, "england")
    assert d.kind == "relief"
    assert RULES.parse(state, d, "ПРИСОЕДИНИТЬСЯ") == {"verb": "RELIEF", "join": True}
    assert RULES.parse(state, d, "вместе") == {"verb": "RELIEF", "join": True}
    assert RULES.parse(state, d, "ОДНИ") == {"verb": "RELIEF", "join": False}


def test_garrison_in_russian():
    """The relief_inside question's parser reads ГАРНИЗОН <n> (§15.2)."""
    parse = relief.KINDS["relief_inside"].parse
    assert parse(None, {"most": 4}, "ГАРНИЗОН 2") == {"verb": "GARRISON", "n": 2}
    assert parse(None, {"most": 4}, "GARRISON") == {"verb": "GARRISON", "n": 4}


def test_avoid_with_named_leaders_in_russian():
    state = _entered()
    d = asked(state, "hapsburg")
    assert RULES.parse(state, d, "УКЛОНИТЬСЯ В Линц С Фердинандом 1") == {
        "verb": "AVOID", "to": "linz", "units": 1, "leaders": ("ferdinand",)}
    assert RULES.parse(state, d, "УКЛОНИТЬСЯ В Линц С НИКТО 2")["leaders"] == ()


def test_gout_in_russian():
    state = _holding(vienna(), "hapsburg", 32)
    state["phase_data"]["cp"] = 4
    state = order(state, "ottoman", MOVE)
    d = asked(state, "hapsburg")
    assert d.kind == "response"
    assert RULES.parse(state, d, "ИГРАТЬ 32 НА Сулеймана") == {
        "verb": "RESPONSE", "card": 32, "leader": "suleiman"}


@pytest.mark.card(33, 36)
def test_mercenary_events_in_russian():
    """#36 by the Ottomans: France places (РАЗМЕСТИТЬ); #33 by the Ottomans eliminates
    (УНИЧТОЖИТЬ НАЁМНИКА)."""
    state = into_action(fresh(), "ottoman", hand=[33, 36])
    state = order(state, "ottoman", "PLAY Swiss Mercenaries AS EVENT")
    state = order(state, "france", "РАЗМЕСТИТЬ 4 В Париже")
    assert S.units(state, "paris")["france"]["mercenaries"] == 4
    state = into_action(state, "ottoman", hand=[33])
    state = order(state, "ottoman", "PLAY Landsknechts AS EVENT")
    state = order(state, "ottoman", "УНИЧТОЖИТЬ НАЁМНИКА В Париже")
    assert S.units(state, "paris")["france"]["mercenaries"] == 3
