"""*Diplomatic Marriage* (#73) played in the Diplomacy phase by mail (Maildir transport;
§6.1 L342, §22.2): at France's turn in the declarations of war, France (in Russian) plays
the card and activates Scotland; England (in English), at war with Scotland, is asked
whether to declare war on France for free and does; France is asked to declare war again."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import his_at, now, send
from test_mail_his_intervention_card import EDIT, _flat, _give
from test_mail_his_plan import to


def test_diplomatic_marriage_in_the_declarations_of_war_by_mail(tmp_path: Path):
    home = his_at(tmp_path, lambda g: any(d.seat == "france" and d.kind == "war"
                                          for d in g.decisions()), seed="s6",
                  langs={"france": "ru"})
    with Store(home).transaction("his-9") as game:
        for pile in ("deck", "discard"):
            if 73 in game.state[pile]:                 # into a hand first (a moderator's edit)
                hands = {p: list(h) for p, h in game.state["hands"].items()}
                hands["ottoman"] = sorted(hands["ottoman"] + [73])
                game.edits([(pile, [n for n in game.state[pile] if n != 73]),
                            ("hands", hands)], at=now(), **EDIT)
        _give(game, "france", 73)
        game.edit("wars", sorted(game.state["wars"] + [["england", "scotland"]]), at=now(),
                  **EDIT)
    mails = send(home, "france", "СЫГРАТЬ 73 КАК СОБЫТИЕ\n", "m1")
    text = _flat("\n".join(to(mails, "france")))
    assert "-> применён" in text, text
    assert "Франция: #73 Дипломатический брак разыграна как событие" in text, text
    assert "ACTIVATE" in text, text
    mails = send(home, "france", "АКТИВИРОВАТЬ Шотландию\n", "m2")
    assert "-> применён" in _flat(to(mails, "france")[0])
    game = Store(home).load("his-9")
    assert game.state["minor_allies"].get("scotland") == "france"
    asked = _flat("\n".join(to(mails, "england")))
    assert "France activated Scotland, with whom you are at war" in asked, asked
    mails = send(home, "england", "DECLARE WAR ON France\n", "m3")
    assert "-> applied" in _flat(to(mails, "england")[0])
    game = Store(home).load("his-9")
    assert ["england", "france"] in game.state["wars"]
    again = _flat("\n".join(to(mails, "france")))
    assert "объявление войны: DECLARE WAR ON <держава> или DONE" in again, again
    assert [d.kind for d in game.decisions("france")] == ["war"]
