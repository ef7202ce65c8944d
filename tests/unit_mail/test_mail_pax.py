"""Pax Renaissance by mail (Maildir transport), three bankers, Medici in Russian: a whole
turn sent as one script (§4.1), the next banker asked in his language, Russian verbs, card
names and a standing tax order in one mail, a BUY refused with its reason (§5.1), and the
turn report with who leads each victory and the map attached; an off-turn tax answered by
mail."""
from __future__ import annotations

import random
from pathlib import Path

import test_mail_done as done
from pbem.demo import make_game, make_home
from pbem.store import Store
from pbem.timesource import now

SEATS = ("fugger", "medici", "coeur")


def pax_home(tmp_path: Path, seed: str = "mail1") -> Path:
    home = make_home(tmp_path / "h")
    make_game(home, "pax-1", {s: f"{s}@example.org" for s in SEATS}, seed=seed,
              tokens={s: f"tok{s}" for s in SEATS}, rules="pax-renaissance",
              langs={"medici": "ru"})
    return home


def send(home: Path, seat: str, body: str, mid: str) -> list:
    return done.send(home, seat, body, mid, game="pax-1")


def to(mails: list, seat: str) -> list[str]:
    return [m.get_body(("plain",)).get_content() for m in mails
            if str(m["To"]) == f"{seat}@example.org"]


def test_three_bankers_play_turns_by_mail_one_in_russian(tmp_path: Path):
    home = pax_home(tmp_path)
    mails = send(home, "fugger", "BUY east 3\nPLAY Greek Klephts\nNO\nPLACE Rhodes\n", "p1")
    receipt = to(mails, "fugger")[0]
    assert receipt.count("-> applied") == 4
    assert "Fugger places the rook of Greek Klephts: Rhodes" in receipt
    assert "Fugger ends the turn" in receipt
    asked = to(mails, "medici")[0]                  # Medici's turn, in Russian
    assert "Фуггер разыгрывает карту «Греческие клефты»" in asked
    assert "выполните действие или PASS (ПАС) после первого" in asked
    assert "Фуггер покупает карту из ячейки 3 (Восток)" in asked   # the buy stays hidden

    mails = send(home, "medici", "ПОСТОЯННО tax PAY\nКУПИТЬ запад 2\n"
                 "СЫГРАТЬ Человек на все времена\nПОСТАВИТЬ ruler_england\n", "p2")
    receipt = next(t for t in to(mails, "medici") if "Квитанция" in t)
    assert receipt.count("-> применён") == 4
    assert "Медичи выставляет агента (слон) карты «Человек на все времена»: Англия" in receipt
    report = next(t for t in to(mails, "medici") if "Новая фаза" in t)
    flat = " ".join(report.split())
    assert "Кто ведёт к каждой победе" in flat and "ведёт Кёр" in flat
    assert "Карта позиции во вложении (pax-1-3.png)" in report
    turn_mail = next(m for m in mails if str(m["To"]) == "fugger@example.org")
    assert [p.get_filename() for p in turn_mail.iter_attachments()] == ["pax-1-3.png"]
    assert "Who leads each victory" in turn_mail.get_body(("plain",)).get_content()

    mails = send(home, "coeur", "BUY west 3\nBUY west 2\n", "p3")
    receipt = " ".join(to(mails, "coeur")[0].split())
    assert "rejected: you put a florin on that card this turn, so you may not buy it" in receipt
    game = Store(home).load("pax-1")
    assert game.state["hands"]["coeur"] == ["pren159x"]
    assert game.decisions()[0].seat == "coeur"


def test_an_off_turn_tax_is_answered_by_mail_and_then_by_a_standing_order(tmp_path: Path):
    """§6.4 (digest §4 N1): Coeur's tax asks Medici, off turn and in Russian, to pay or be
    repressed and where the warrior goes; a bare REPRESS is refused with the full forms;
    his standing order sent by mail answers the open question; the turn goes on."""
    home = pax_home(tmp_path, seed="tax92")
    rng = random.Random("tax92")
    with Store(home).transaction("pax-1") as game:   # random play up to the tax
        while not any(d.kind == "tax" and d.seat == "medici" for d in game.decisions()):
            d = rng.choice(game.decisions())
            game.apply_order(d.seat, d.random_order(rng), by="bot", source="test", at=now(),
                             decision=d)
        assert [(d.seat, d.kind) for d in game.decisions()] == [("medici", "tax")]
        assert game.state["seats"][game.state["active"]] == "coeur"
    receipt = to(send(home, "medici", "REPRESS\n", "t1"), "medici")[0]
    assert "отклонён" in receipt and "REPRESS algiers" in receipt
    assert "облагают налогом: PAY или" in receipt and "algiers (Алжир), valencia (Валенсия)" \
        in receipt
    mails = send(home, "medici", "ПОСТОЯННО tax PAY\n", "t2")
    receipt = next(t for t in to(mails, "medici") if "Квитанция" in t)
    assert "-> применён" in receipt
    told = to(mails, "fugger")[0]
    assert "Medici pays the tax on Aragon–Portugal; a warrior enters Algiers" in told
    game = Store(home).load("pax-1")
    assert game.state["cities"]["algiers"] is not None
    assert not game.decisions("medici")
