"""Pax Renaissance reports and refusals: who leads each victory condition (§12.2–§12.6) in
the status in English and Russian, a BUY refused with its reason (§5.1), and a one-shot
that cannot be declared is not asked (§5.2.1)."""
from __future__ import annotations

import datetime as dt

import pytest

from engine.contract import IllegalOrder
from engine.game import Game
from games.pax_renaissance import RULES
from games.pax_renaissance.victory import race
from pbem import reports
from tests.games.pax_renaissance.test_pax_ops import act, asked, new, own, pawn

AT = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)


def test_race_names_the_leader_and_who_meets_a_condition():
    """Imperial with 3 bankers needs 2 monarchies more than each rival (§12.4)."""
    state = new(("fugger", "medici", "coeur"))
    own(state, "fugger", "ruler_france", "ruler_england")
    state["borders"]["aragon__france"] = pawn("medici")
    found = race(state)
    assert found["imperial"]["values"]["fugger"] == [2]
    assert found["imperial"]["leaders"] == ["fugger"] and found["imperial"]["met"] == ["fugger"]
    assert found["globalization"]["leaders"] == ["medici"]
    assert found["globalization"]["met"] == []           # 1 concession, not 2 more
    assert found["renaissance"]["leaders"] == []          # nobody has anything
    assert found["holy"]["values"]["fugger"] == []        # no religion dominates


def test_the_status_mail_shows_the_race_in_both_languages():
    game = Game.create(RULES, "p", {"fugger": {"players": ["f@x"]},
                                    "medici": {"players": ["m@x"], "lang": "ru"}},
                       now=AT, seed="race")
    own(game.state, "fugger", "ruler_france")
    text = " ".join(reports.status_text(game, "en").split())
    assert "Who leads each victory" in text
    assert "Imperial: monarchies" in text and "Fugger 1, Medici 0; leads Fugger" in text
    assert "Faith: no religion dominates" in text
    text = " ".join(reports.status_text(game, "ru").split())
    assert "Кто ведёт к каждой победе" in text and "ведёт Фуггер" in text


def test_a_refused_buy_says_why():
    state = new()
    state["florins"]["fugger"] = 5
    act(state, "BUY west 3")
    state["hands"]["fugger"].append("pren001")
    decision = RULES.decisions(state)[0]
    for text, code in (("BUY west 2", "buy_usury"), ("BUY west 0", "buy_no_card"),
                       ("BUY east 4", "buy_florins"), ("BUY east 1", "buy_hand_full")):
        with pytest.raises(IllegalOrder) as refused:
            RULES.parse(state, decision, text)
        assert refused.value.code == code, text


def test_a_one_shot_that_cannot_be_declared_is_not_asked():
    """A crusade without a heretic in its location (the blood rule, §11.1.В) cannot be
    declared, so playing the card goes straight to its agents."""
    state = new()
    state["hands"]["fugger"] = ["pren128x"]
    act(state, "PLAY pren128x")
    assert asked(state) == ("fugger", "agent")


def test_row_and_victory_words_are_read_forgivingly():
    """A near miss of a row or victory word is read (ORDERS.md: near misses are read or get
    suggestions)."""
    state = new()
    decision = RULES.decisions(state)[0]
    assert RULES.parse(state, decision, "FAIR запод") == {"verb": "FAIR", "row": "west"}
    assert RULES.parse(state, decision, "ЯРМАРКА Восток") == {"verb": "FAIR", "row": "east"}
    with pytest.raises(IllegalOrder) as refused:
        RULES.parse(state, decision, "FAIR north")
    assert refused.value.code == "name_unknown"


def test_answers_have_russian_verbs_too():
    """ORDERS.md: НЕТ, ПОСТАВИТЬ … read as NO, PLACE … in the answers to questions."""
    state = new()
    state["hands"]["fugger"] = ["pren036"]
    act(state, "СЫГРАТЬ Гильдии Фландрии")
    assert RULES.parse(state, RULES.decisions(state)[0], "нет") == {"verb": "NO"}
    act(state, "НЕТ")
    assert asked(state) == ("fugger", "agent")
    act(state, "ПОСТАВИТЬ aragon__france")
    assert state["borders"]["aragon__france"] == pawn("fugger")
