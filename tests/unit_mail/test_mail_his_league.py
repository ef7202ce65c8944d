"""The Schmalkaldic League by mail (Maildir transport): the Hapsburgs (in Russian) play it on
turn 2 while Protestant stacks and electorates are equally near; the Protestants (in English)
are asked where Philip of Hesse joins and where the Protestants in Catholic Mainz go
(§21.6 L1771, L1776), or answer in advance with ``STANDING league_nearest DEFAULT``."""
from __future__ import annotations

import copy
from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import POWERS, his_at, now, send
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")
LANGS = {"hapsburg": "ru", "protestant": "en"}
PROTESTANT = ("leipzig", "erfurt", "kassel", "nuremberg", "magdeburg", "brunswick", "hamburg",
              "lubeck", "bremen", "augsburg", "cologne", "trier")


def flat(mails: list[str]) -> str:
    return " ".join("\n".join(mails).split())


def league_ties(tmp_path: Path) -> Path:
    """Turn 2 (moved on by an edit), the Hapsburgs to play #13 (dealt them by seed s13); Protestant stacks in Erfurt and Nuremberg (and Mainz)
    all 1 from Kassel; 2 Protestant regulars in Catholic Mainz, Cologne and Trier 1 away."""
    home = his_at(tmp_path, lambda g: any(d.seat == "hapsburg" and d.kind == "impulse"
                                          for d in g.decisions()), seed="s13", langs=LANGS)
    assert 13 in Store(home).load("his-9").state["hands"]["hapsburg"]
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
        game.submit("protestant", "STANDING wartburg NEVER", at=now())
        work = copy.deepcopy(game.state)
        for sid in PROTESTANT:
            S.set_religion(work, sid, "protestant")
        for sid, n in (("erfurt", 1), ("nuremberg", 1), ("mainz", 2)):
            S.add_units(work, sid, "protestant", "regulars", n)
        game.edit("spaces", work["spaces"], at=now(), **EDIT)
        game.edit("turn", 2, at=now(), **EDIT)
    return home


def test_league_ties_asked_by_mail(tmp_path: Path):
    home = league_ties(tmp_path)
    mails = send(home, "hapsburg", "СЫГРАТЬ 13 КАК СОБЫТИЕ\n", "l1")
    told = flat(to(mails, "hapsburg"))
    assert "создан Шмалькальденский союз" in told
    asked = flat(to(mails, "protestant"))
    assert ("Philip of Hesse joins the Protestant stack nearest Kassel; equally near: Erfurt, "
            "Mainz, Nuremberg — NEAREST <space>") in asked
    mails = send(home, "protestant", "NEAREST Nuremberg\n", "l2")
    receipt = flat(to(mails, "protestant"))
    assert "NEAREST Nuremberg -> applied" in receipt
    assert ("the Protestants in Catholic Mainz go to the nearest Protestant electorate; "
            "equally near: Cologne, Trier — NEAREST <space>") in receipt
    mails = send(home, "protestant", "NEAREST Trier\n", "l3")
    assert "the Protestants in Catholic Mainz move to Trier" in flat(to(mails, "protestant"))
    assert "протестанты из католического города Майнц переходят в город Трир" in flat(
        to(mails, "hapsburg"))
    state = Store(home).load("his-9").state
    assert S.where_is(state, "philip_of_hesse") == "nuremberg"
    assert S.count(state, "mainz", "protestant") == 0


def test_league_ties_answered_by_a_standing_order(tmp_path: Path):
    home = league_ties(tmp_path)
    receipt = flat(to(send(home, "protestant", "STANDING league_nearest DEFAULT\n", "s1"),
                      "protestant"))
    assert "STANDING league_nearest DEFAULT" in receipt and "rejected" not in receipt
    mails = send(home, "hapsburg", "СЫГРАТЬ 13 КАК СОБЫТИЕ\n", "s2")
    assert "NEAREST <space>" not in flat(to(mails, "protestant"))
    game = Store(home).load("his-9")
    assert S.where_is(game.state, "philip_of_hesse") == "erfurt"
    assert S.count(game.state, "cologne", "protestant") >= 2
    assert [d.kind for d in game.decisions("hapsburg")] == ["cp"]
