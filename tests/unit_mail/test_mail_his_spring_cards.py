"""Venetian Informant (#109) by mail (Maildir transport): the spring cards window opens
before any deployment; the Ottomans (English; the deal of seed s6 gives them the card)
review France's hand, which only their mail shows; the Papacy answers in Russian.  Every other mail names the target, never a card."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import facts
from pbem.store import Store
from test_mail_done import POWERS, his_at, send
from test_mail_his_plan import to


def test_venetian_informant_by_mail(tmp_path: Path):
    home = his_at(tmp_path, lambda g: any(d.kind == "spring_cards" for d in g.decisions()),
                  seed="s6", langs={"papacy": "ru"})
    game = Store(home).load("his-9")
    assert 109 in game.state["hands"]["ottoman"]
    assert {d.seat for d in game.decisions()} == set(POWERS)    # every hand is asked
    hidden = {facts.card(n).name_en for n in game.state["hands"]["france"]
              if facts.card(n).type != "home"}
    assert hidden
    mails = send(home, "ottoman", "INSPECT France\nDONE\nHAND\n", "v1")
    mine = "\n".join(to(mails, "ottoman"))
    assert "Venetian Informant: Ottomans look at the hand of France" in mine
    private = " ".join(mine[mine.index("Only for you"):].split())
    assert "Venetian Informant: the hand of France" in private
    assert all(name in private for name in hidden), mine
    waiting = {d.seat for d in Store(home).load("his-9").decisions()}
    assert waiting == set(POWERS) - {"ottoman"}
    for seat in POWERS:
        if seat not in ("ottoman", "france"):
            text = " ".join("\n".join(to(mails, seat)).split())
            assert not [n for n in hidden if n in text], (seat, text)
    mails = send(home, "papacy", "ГОТОВО\n", "v2")
    text = " ".join("\n".join(to(mails, "papacy")).split())
    assert "Папство: DONE" in text or "Папство: ГОТОВО" in text, text
    assert not [n for n in hidden if n in text]
    game = Store(home).load("his-9")
    assert "papacy" not in game.state["phase_data"]["window"]
    assert 109 in game.state["discard"]
