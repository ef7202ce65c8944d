"""Held orders and UNDO by mail (Maildir transport): receipts list held orders, their
later fates reach their author whatever moved the game, UNDO answers in the seat's language."""
from __future__ import annotations

from pathlib import Path

from pbem.demo import drop, player_mail
from pbem.store import Store
from pbem.timesource import now
from test_mail_processor import E, N, run, text, to

ALICE, BOB = "alice@example.org", "bob@example.org"


def mail(home: Path, sender: str, tag: str, body: str, mid: str) -> list:
    drop(home, mid, player_mail(sender, tag, body, f"<{mid}@x>"))
    return run(home)


def cli_order(home: Path, seat: str, text_: str) -> None:
    """What `pbem order` does: one transaction on the game file, no mail."""
    with Store(home).transaction("fx-001") as game:
        game.submit(seat, text_, by=seat, source="cli", at=now())


def east_card(home: Path) -> int:
    return Store(home).load("fx-001").view("east")["hand"][0]["number"]


def test_held_orders_of_three_mails_are_kept_listed_and_cleared(mailhome: Path) -> None:
    mail(mailhome, ALICE, N, "COMMIT 7\n", "h1")
    mail(mailhome, ALICE, N, "PLAY 11 AT east\n", "h2")
    mail(mailhome, ALICE, N, "PASS\n", "h3")
    receipt = text(mail(mailhome, ALICE, N, "BLOCK 17\nHELD\n", "h4")[0])
    listing = receipt[receipt.index("Orders held for you"):]
    assert listing.index("PLAY 11 AT east") < listing.index("PASS") < listing.index("BLOCK 17")
    assert "see 'Orders held for you' below" in receipt
    assert [h["text"] for h in Store(mailhome).load("fx-001").held("north")] == [
        "PLAY 11 AT east", "PASS", "BLOCK 17"]
    receipt = text(mail(mailhome, ALICE, N, "HELD CLEAR\nPASS\n", "h5")[0])
    assert "3 held orders withdrawn" in receipt
    assert [h["text"] for h in Store(mailhome).load("fx-001").held("north")] == ["PASS"]


def test_a_held_order_refused_after_a_cli_order_is_mailed_to_its_author(mailhome: Path):
    mail(mailhome, ALICE, N, "COMMIT 7\nPLAY 3 AT east\nPASS\n", "r1")   # 3: not north's
    cli_order(mailhome, "east", f"COMMIT {east_card(mailhome)}")
    to_alice = to(run(mailhome), ALICE)
    assert to_alice, "north was not told what became of its held orders"
    body = text(to_alice[0])
    assert "What became of your held orders" in body
    assert "PLAY 3 AT east -> rejected" in body and "is not in your hand" in body
    assert "PASS -> dropped" in body


def test_held_orders_dropped_at_the_round_end_are_told_in_russian(mailhome: Path):
    mail(mailhome, ALICE, N, "LANGUAGE ru\n", "d0")
    mail(mailhome, ALICE, N, "COMMIT 7\nBLOCK 11\n", "d1")     # nobody attacks north
    mails = mail(mailhome, BOB, E, f"COMMIT {east_card(mailhome)}\n", "d2")
    for n in range(6):
        game = Store(mailhome).load("fx-001")
        if game.state["round"] > 1:
            break
        seat = game.decisions()[0].seat
        if seat == "north":
            mails += mail(mailhome, ALICE, N, "PASS\n", f"d{n}n")
        else:
            mails += mail(mailhome, BOB, E, "PASS\n", f"d{n}e")
    told = [text(m) for m in to(mails, ALICE) if "BLOCK 11" in text(m)]
    assert any("снят" in b and "время ожидания вышло" in b for b in told), told


def test_undo_by_mail_and_its_refusal_in_russian(mailhome: Path) -> None:
    mail(mailhome, ALICE, N, "LANGUAGE ru\n", "u0")
    mail(mailhome, ALICE, N, "COMMIT 7\n", "u1")
    mails = mail(mailhome, ALICE, N, "UNDO\nCOMMIT 11\n", "u2")
    receipt = text(to(mails, ALICE)[0])
    assert "UNDO -> применён" in receipt
    assert "North took back its last move: the game is back as it was after entry 0" in \
        text(to(mails, BOB)[0])
    game = Store(mailhome).load("fx-001")
    assert [e.kind for e in game.record.entries] == ["order", "undo", "order"]
    assert game.record.entries[-1].order == "COMMIT 11"
    mail(mailhome, BOB, E, f"COMMIT {east_card(mailhome)}\n", "u3")
    receipt = text(mail(mailhome, ALICE, N, "ОТМЕНИТЬ\n", "u4")[0])
    assert "ваш последний ход нельзя взять назад" in receipt or \
        "после вашего последнего хода уже сходил(а) Восток" in receipt, receipt
