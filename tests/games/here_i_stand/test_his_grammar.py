"""Order grammar: forgiving names (English, Russian, accents, typos), canonical text."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.names import readings
from games.here_i_stand import RULES, grammar
from his_helpers import asked, fresh, into_action


def test_space_names():
    assert grammar.space("Вена") == "vienna"
    assert grammar.space("brunn") == grammar.space("Brünn")
    assert grammar.space("st. quentin") == "st_quentin"
    with pytest.raises(IllegalOrder) as refused:
        grammar.space("Viena")                      # near Vienna and Siena: never a guess
    assert refused.value.code == "name_ambiguous"
    assert refused.value.hints == ["Siena", "Vienna"]


@pytest.mark.parametrize("read, written, key", [
    ("space", "Magdebrug", "magdeburg"), ("space", "magdeberg", "magdeburg"),
    ("space", "Nuremburg", "nuremberg"), ("space", "Luebeck", "lubeck"),
    ("space", "Магдебруг", "magdeburg"), ("space", "Нюренберг", "nuremberg"),
    ("leader", "Montmorensy", "montmorency"), ("leader", "Монморамси", "montmorency"),
    ("power", "Englnd", "england"), ("power", "Габсбурдги", "hapsburg"),
    ("card_number", "A Mighty Fortres", 65), ("card_number", "Janisaries", 1)])
def test_a_unique_near_name_is_read(read, written, key):
    """ORDERS.md: names forgive small typos, in English and Russian (`engine.names`)."""
    with readings() as seen:
        assert getattr(grammar, read)(written) == key
    assert [(r.written, r.key) for r in seen] == [(written, key)]


def test_card_names():
    assert grammar.card_number("65") == 65
    assert grammar.card_number("#7") == 7
    assert grammar.card_number("На том стою") == 7
    assert grammar.card_number("janissaries") == 1
    with pytest.raises(IllegalOrder):
        grammar.card_number("999")


def test_leaders_and_powers():
    assert grammar.leader("Монморанси") == "montmorency"
    assert grammar.leader("Duke of Alba") == "duke_of_alva"
    assert grammar.power("Габсбурги") == "hapsburg"


def test_canonical_text_round_trips():
    state = into_action(fresh(), "france", cp=4, hand=[65])
    decision = asked(state, "france")
    for text in ("MOVE paris -> dijon WITH montmorency 3", "MOVE paris -> dijon 2",
                 "BUILD MERCENARY IN paris", "DONE"):
        parsed = RULES.parse(state, decision, text)
        assert RULES.order_text(parsed) == text
        assert RULES.parse(state, decision, RULES.order_text(parsed)) == parsed
    forgiving = RULES.parse(state, decision, "move Париж → Дижон with Montmorency ALL")
    assert forgiving == {"verb": "MOVE", "from": "paris", "to": "dijon",
                         "leaders": ("montmorency",), "units": 4}
    impulse = into_action(fresh(), "france", hand=[65])
    d = asked(impulse, "france")
    assert RULES.parse(impulse, d, "play a mighty fortress for cp") == \
        {"verb": "PLAY", "card": 65, "mode": "cp"}
    assert RULES.parse(impulse, d, "PLAY 65 КАК СОБЫТИЕ")["mode"] == "event"
    with pytest.raises(IllegalOrder, match="FOR CP or AS EVENT"):
        RULES.parse(impulse, d, "PLAY 65")


def test_split_on_semicolons():
    assert RULES.split("PLAY 65 FOR CP; MOVE Paris -> Dijon 4\nDONE") == [
        (1, "PLAY 65 FOR CP"), (1, "MOVE Paris -> Dijon 4"), (2, "DONE")]


def test_units_may_stand_before_with_as_the_syntax_line_shows():
    """``MOVE <from> -> <to> [units] [WITH <leaders>]`` is what the prompts show; the units
    after the leaders (the canonical text) read the same."""
    before = grammar.parse_move("MOVE", "Стамбул -> Эдирне 2 С Сулейман")
    after = grammar.parse_move("MOVE", "istanbul -> edirne WITH suleiman 2")
    assert before == after == {"verb": "MOVE", "from": "istanbul", "to": "edirne",
                               "leaders": ("suleiman",), "units": 2}
    mixed = grammar.parse_move("MOVE", "istanbul -> edirne 2R 1C WITH Suleiman, Ibrahim")
    assert mixed["units"] == 3 and mixed["mix"] == (2, 0, 1)


def test_suggestions_are_well_formed_orders():
    """A half-written play mode or a route without its arrow is suggested as it should
    read, not with the stray words repeated (`PLAY 35 FOR OP FOR CP`)."""
    impulse = into_action(fresh(), "ottoman", hand=[35, 1])
    d = asked(impulse, "ottoman")
    assert RULES.parse(impulse, d, "PLAY 35 FOR OP")["mode"] == "cp"
    for text in ("PLAY 35 FOR", "PLAY Siege Artillery AS", "PLAY 35 AS OPERATIONS"):
        with pytest.raises(IllegalOrder) as refused:
            RULES.parse(impulse, d, text)
        assert refused.value.hints == ["PLAY 35 FOR CP", "PLAY 35 AS EVENT"], text
    moving = into_action(fresh(), "ottoman", cp=4, hand=[35])
    d = asked(moving, "ottoman")
    for text, hint in (("MOVE Istanbul Edirne 3", "MOVE Istanbul -> Edirne 3"),
                       ("MOVE Стамбул Эдирне", "MOVE Стамбул -> Эдирне"),
                       ("MOVE Istanbul", "MOVE Istanbul -> <to>"),
                       ("MOVE Atlantis", "MOVE <from> -> <to>")):
        with pytest.raises(IllegalOrder) as refused:
            RULES.parse(moving, d, text)
        assert refused.value.hints == [hint]
        assert refused.value.hints[0].startswith("MOVE") and " -> " in hint
    assert RULES.parse(moving, d, "MOVE Istanbul -> Edirne 3")["to"] == "edirne"
