"""Henry VIII's death by mail (Maildir transport; §21.3, the succession cards): the
Hapsburgs (in English) play Edward VI (#19) in their impulse while Henry leads an army in
Calais; England (in Russian) is asked off-turn where Dudley enters and answers in Russian,
or has answered in advance with ``STANDING dudley LONDON``."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_card_events import quiet_impulse
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")


def _flat(texts: list[str]) -> str:
    return " ".join(" ".join(texts).split())


def _henry_dies_next(tmp_path: Path) -> Path:
    """Game his-9 at the Hapsburgs' first impulse, Edward VI in their hand, Henry VIII in
    Calais; no response windows asked."""
    home = quiet_impulse(tmp_path, "hapsburg", "s4", {"england": "ru"})
    with Store(home).transaction("his-9") as game:
        hands = {p: list(h) for p, h in game.state["hands"].items()}
        deck = list(game.state["deck"])
        given = next(c for c in hands["hapsburg"] if c > 7)    # not a home card (#1-#7)
        holder = next((h for h in [*hands.values(), deck] if 19 in h), None)
        if holder is None:              # not dealt yet (a succession card): given to the deck
            deck.append(given)
        else:                           # every card stays in one place
            holder[holder.index(19)] = given
        hands["hapsburg"] = sorted([c for c in hands["hapsburg"] if c != given] + [19])
        game.edits([("deck", deck), ("hands", hands)], at=now(), **EDIT)
        london = [x for x in game.state["spaces"]["london"]["leaders"] if x != "henry_viii"]
        game.edit("spaces.london.leaders", london, at=now(), **EDIT)
        calais = game.state["spaces"]["calais"].get("leaders", []) + ["henry_viii"]
        game.edit("spaces.calais.leaders", sorted(calais), at=now(), **EDIT)
    return home


def test_england_is_asked_off_turn_where_dudley_enters_in_russian(tmp_path: Path):
    home = _henry_dies_next(tmp_path)
    mails = send(home, "hapsburg", "PLAY Edward VI AS EVENT\n", "d1")
    assert "-> applied" in _flat(to(mails, "hapsburg"))
    asked = _flat(to(mails, "england"))
    assert "Генрих VIII умер: TARGET <город>, куда входит Дадли: Кале, Лондон" in asked, asked
    assert Store(home).load("his-9").decisions("england")[0].kind == "dudley"
    mails = send(home, "england", "ЦЕЛЬ Лондон\n", "d2")
    receipt = _flat(to(mails, "england"))
    assert "Дадли входит в город Лондон" in receipt, receipt
    state = Store(home).load("his-9").state
    assert S.where_is(state, "dudley") == "london" and S.where_is(state, "henry_viii") is None
    assert state["rulers"]["england"] == "edward_vi"


def test_a_standing_order_places_dudley_without_asking(tmp_path: Path):
    home = _henry_dies_next(tmp_path)
    assert "-> применён" in _flat(to(send(home, "england", "STANDING dudley LONDON\n", "s1"),
                                     "england"))
    mails = send(home, "hapsburg", "PLAY 19 AS EVENT\n", "s2")
    told = _flat(to(mails, "hapsburg"))
    assert "Henry VIII is dead: Dudley enters in London" in told, told
    game = Store(home).load("his-9")
    assert S.where_is(game.state, "dudley") == "london"
    assert all(d.kind != "dudley" for d in game.decisions())
