"""An armed response by mail (Maildir transport; §13.1 step 4, digest §3.3 R1): England,
writing in Russian, arms *Gout* against Francis I; France's move is stopped without England
being asked, England's next mail names its standing order in Russian, and no other seat's
mail shows that it was armed (only the card played, which is public)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_plan import PLAN, france_to_move, to


def _england_holds_gout(home: Path) -> None:
    with Store(home).transaction("his-9") as game:
        hands = {p: [c for c in h if c != 32] for p, h in game.state["hands"].items()}
        hands["england"] = sorted(hands["england"] + [32])
        game.edit("hands", hands, by="moderator:gm@example.org", because="test position",
                  source="cli", at=now())


def test_gout_armed_in_russian_is_played_without_a_round_trip(tmp_path: Path):
    home = france_to_move(tmp_path, langs={"england": "ru"})
    _england_holds_gout(home)
    receipt = to(send(home, "england", "ПОСТОЯННО RESPONSE ASK\n"
                      "ПОСТОЯННО RESPOND Подагра ЕСЛИ Франциск I ДВИЖЕТСЯ\n", "a1"), "england")[0]
    assert receipt.count("-> применён") == 2, receipt
    mails = send(home, "france", PLAN, "a2")
    france = "\n".join(to(mails, "france"))
    england = "\n".join(to(mails, "england"))
    assert "Gout" in france and "RESPOND" not in france and "ПОСТОЯННО" not in france
    for seat in ("ottoman", "hapsburg", "papacy", "protestant"):
        assert all("RESPOND" not in m for m in to(mails, seat))
    if not england:
        england = to(send(home, "england", "STANDING\n", "a3"), "england")[0]
    assert "Ваши постоянные приказы ответили за вас:" in england
    assert "STANDING respond ПОДАГРА ЕСЛИ ФРАНЦИСК I ДВИЖЕТСЯ" in england
    assert "-> PLAY Подагра ON Франциск I" in " ".join(england.split())
    game = Store(home).load("his-9")
    assert 32 in game.state["discard"] and "francis_i" in game.state["spaces"]["paris"]["leaders"]
    # the plan's next move asks England again (it could hold Foul Weather): a mail, as asked
    assert [d.context["space"] for d in game.decisions("england")] == ["boulogne"]
    history = "\n".join(to(send(home, "france", "HISTORY\n", "a4"), "france"))
    assert "RESPOND" not in history and "respond" not in history


def test_never_ask_closes_the_window_without_a_mail(tmp_path: Path):
    """England, not holding Gout, under ``STANDING RESPONSE NEVER-ASK``: France's move
    asks nobody about Foul Weather / Gout and England gets no prompt."""
    home = france_to_move(tmp_path, langs={"england": "ru"})
    send(home, "england", "ПОСТОЯННО RESPONSE NEVER-ASK\n", "n1")
    mails = send(home, "france", PLAN, "n2")
    england = "\n".join(to(mails, "england"))
    assert "Вас спрашивают" not in england and "PLAY Ужасная погода" not in england
    assert "STANDING response NEVER-ASK: Ужасная погода или Подагра -> DONE" in england
    game = Store(home).load("his-9")
    assert not game.decisions("england")
