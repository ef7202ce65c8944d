"""A Here I Stand impulse's plan by mail (Maildir transport): the receipt says what was
applied and what is queued behind another power's interception question (§13.2), the plan
resumes when that power answers, and a power whose standing order answered is told so in
its next receipt, in its language, and nobody else is."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import POWERS, his_at, now, send

PLAN = ("PLAY 4 FOR CP\nMOVE Paris -> St Quentin WITH Francis I 4R\n"
        "MOVE Rouen -> Boulogne 1R\nDONE\n")


def france_to_move(tmp_path: Path, langs: dict[str, str] | None = None) -> Path:
    """Game his-9 (1517, seed s1) played by defaults until the French impulse of turn 1;
    no power answers Foul Weather / Gout windows (§13.1 step 4: STANDING RESPONSE NEVER)."""
    home = his_at(tmp_path, lambda g: any(d.seat == "france" and d.kind == "impulse"
                                          for d in g.decisions()), seed="s1", langs=langs)
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
    return home


def to(mails: list, seat: str) -> list[str]:
    return [m.get_body(("plain",)).get_content() for m in mails
            if str(m["To"]) == f"{seat}@example.org"]


def test_a_plan_by_mail_waits_for_an_interception_and_resumes_by_itself(tmp_path: Path):
    home = france_to_move(tmp_path)
    mails = send(home, "france", PLAN, "p1")
    receipt = to(mails, "france")[0]
    assert "MOVE Paris -> St Quentin WITH" in receipt
    assert "-> applied" in receipt and "-> held: queued; applied in turn" in receipt
    listing = receipt[receipt.index("Orders held for you"):]
    assert listing.index("MOVE Rouen -> Boulogne 1R") < listing.index("DONE")
    asked = to(mails, "hapsburg")
    assert asked and "INTERCEPT FROM <space>" in asked[0] and "27.8 %" in asked[0]
    mails = send(home, "hapsburg", "DONE\n", "p2")
    told = "\n".join(to(mails, "france"))
    assert "What became of your held orders" in told
    assert "MOVE Rouen -> Boulogne 1R -> applied" in told and "DONE -> applied" in told
    assert "Orders held for you" not in told
    game = Store(home).load("his-9")
    assert game.held("france") == [] and not game.decisions("france")
    assert game.state["spaces"]["boulogne"]["units"]["france"]["regulars"] == 1


def test_a_standing_interception_order_is_named_in_the_next_mail_in_russian(
        tmp_path: Path):
    """A seat reading a digest gets no mail when its standing order answers: its next
    receipt names the standing order and its answer (once); France is told nothing of it."""
    home = france_to_move(tmp_path, langs={"hapsburg": "ru"})
    send(home, "hapsburg", "DIGEST ON\nПОСТОЯННО INTERCEPT NEVER\n", "s1")
    mails = send(home, "france", PLAN, "s2")
    assert to(mails, "france")[0].count("-> applied") == 4
    assert to(mails, "hapsburg") == []
    assert all("ответили за вас" not in m and "NEVER" not in m for m in to(mails, "france"))
    receipt = to(send(home, "hapsburg", "STANDING\n", "s3"), "hapsburg")[0]
    assert "Ваши постоянные приказы ответили за вас:" in receipt
    assert "STANDING intercept NEVER: перехват -> DONE (запись" in receipt
    receipt = to(send(home, "hapsburg", "STANDING\n", "s4"), "hapsburg")[0]
    assert "ответили за вас" not in receipt            # told once


def test_a_standing_order_that_answered_is_told_in_the_update_that_goes_out_anyway(
        tmp_path: Path):
    home = france_to_move(tmp_path)
    send(home, "hapsburg", "STANDING INTERCEPT NEVER\n", "u1")
    update = to(send(home, "france", PLAN, "u2"), "hapsburg")[0]
    assert "Your standing orders answered for you:" in update
    assert "STANDING intercept NEVER: interception -> DONE (entry" in update
