"""§12.2 (L727) by mail (Maildir transport), 1517: the Hapsburgs (in Russian) play #71 City
State Rebels against French-held Tunis, where no French unit stands, so it turns independent
at once; the English squadron there must leave as after a naval battle in a port, and
England (in English) is asked where: the Barbary Coast or the North African Coast."""
from __future__ import annotations

import copy
from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import POWERS, his_at, now, send
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")
LANGS = {"hapsburg": "ru", "england": "en"}


def flat(mails: list[str]) -> str:
    return " ".join("\n".join(mails).split())


def rebels_in_tunis(tmp_path: Path) -> Path:
    """The Hapsburgs to act, #71 in their hand (seed s5); Tunis French with only an English squadron
    in it, its two sea zones empty."""
    home = his_at(tmp_path, lambda g: any(d.seat == "hapsburg" and d.kind == "impulse"
                                          for d in g.decisions()), seed="s5", langs=LANGS)
    assert 71 in Store(home).load("his-9").state["hands"]["hapsburg"]   # dealt by seed s5
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
        game.submit("protestant", "STANDING wartburg NEVER", at=now())
        work = copy.deepcopy(game.state)
        for sid in ("tunis", "barbary_coast", "north_african_coast"):
            work["spaces"].get(sid, {}).pop("units", None)
        S.set_control(work, "tunis", "france")
        S.add_units(work, "tunis", "england", "squadrons", 1)
        game.edit("spaces", work["spaces"], at=now(), **EDIT)
    return home


def test_rebels_free_tunis_and_england_chooses_where_its_ship_goes(tmp_path: Path):
    home = rebels_in_tunis(tmp_path)
    mails = send(home, "hapsburg", "СЫГРАТЬ 71 КАК СОБЫТИЕ\nЦЕЛЬ Тунис\n", "r1")
    told = flat(to(mails, "hapsburg"))
    assert "«Тунис» переходит к державе «Независимые»" in told, told
    asked = flat(to(mails, "england"))
    assert ("your ships must leave Tunis (after a naval battle there, or because the port "
            "changed hands): RETREAT TO <space> (Barbary Coast, North African Coast)") in asked
    mails = send(home, "england", "RETREAT TO North African Coast\n", "r2")
    receipt = flat(to(mails, "england"))
    assert "RETREAT TO North African Coast -> applied" in receipt, receipt
    state = Store(home).load("his-9").state
    assert S.controller(state, "tunis") == "independent"
    assert "england" not in S.units(state, "tunis")
    assert S.units(state, "north_african_coast")["england"] == {"squadrons": 1}
