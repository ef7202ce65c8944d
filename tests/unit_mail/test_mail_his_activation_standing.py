"""``STANDING activation DECLARE`` by mail where no declaration is possible (Maildir
transport; §22.2 step 2, L1832): the Ottomans (English), already at war with the Hapsburgs,
stand on DECLARE; the Hapsburgs (Russian) play Diplomatic Marriage (#73) and activate
Hungary-Bohemia; the standing order answers DONE (it asked for a refused DECLARE WAR before)
and the Ottomans' next mail says so."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_card_events import quiet_impulse
from test_mail_his_intervention_card import EDIT, _flat, _give
from test_mail_his_plan import to


def test_standing_declare_answers_done_when_already_at_war_by_mail(tmp_path: Path):
    home = quiet_impulse(tmp_path, "hapsburg", "s4", {"hapsburg": "ru"})
    with Store(home).transaction("his-9") as game:
        _give(game, "hapsburg", 73)
        game.edit("wars", sorted(game.state["wars"] + [["hapsburg", "ottoman"]]), at=now(),
                  **EDIT)
    mails = send(home, "ottoman", "STANDING activation DECLARE\n", "a1")
    assert "-> applied" in _flat(to(mails, "ottoman")[0])
    mails = send(home, "hapsburg", "СЫГРАТЬ 73 КАК СОБЫТИЕ\n", "a2")
    mails = send(home, "hapsburg", "АКТИВИРОВАТЬ Венгрию\n", "a3")
    receipt = _flat(to(mails, "hapsburg")[0])
    assert "-> применён" in receipt, receipt
    game = Store(home).load("his-9")
    assert game.state["minor_allies"].get("hungary") == "hapsburg"
    assert ["hungary", "ottoman"] not in game.state["wars"]
    assert ["hapsburg", "ottoman"] in game.state["wars"]
    assert [e.order for e in game.record.entries if e.by == "standing"][-1:] == ["DONE"]
    told = _flat("\n".join(to(mails, "ottoman")))
    assert "STANDING activation DECLARE: answer to an activation -> DONE" in told, told
    assert "Ottomans did not declare war on Hapsburgs" in told, told
