"""A war begun in the Action phase fights its naval battle by mail (Maildir transport; §9.6
L583, `navy.war`): England (in English) plays Six Wives of Henry VIII and declares war on
France while both have ships in the English Channel (a moderator's edit sails them there);
the battle is fought at once, England attacking; the seed gives equal hits (1 and 1), so
both sides must retreat (L583): England first, then France (in Russian), and England goes
on with its 5 CP.  Nobody is asked about cards at sea (standing orders)."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import POWERS, now, send
from test_mail_his_card_events import quiet_impulse
from test_mail_his_intervention_card import EDIT, _flat
from test_mail_his_plan import to


def _sail(game, sid: str, owner: str, to_sea: str) -> None:
    """Move `owner`'s squadrons from port `sid` to the sea zone `to_sea` (a moderator's edit)."""
    spaces = {k: v for k, v in game.state["spaces"].items()}
    here = {o: dict(c) for o, c in spaces[sid]["units"].items()}
    n = here[owner].pop("squadrons")
    if not here[owner]:
        del here[owner]
    sea = {o: dict(c) for o, c in (spaces.get(to_sea, {}).get("units") or {}).items()}
    sea.setdefault(owner, {})["squadrons"] = sea.get(owner, {}).get("squadrons", 0) + n
    game.edits([(f"spaces.{sid}.units", here),
                (f"spaces.{to_sea}", {**spaces.get(to_sea, {}), "units": sea})],
               at=now(), **EDIT)


def test_six_wives_war_fights_the_channel_battle_by_mail(tmp_path: Path):
    home = quiet_impulse(tmp_path, "england", "s4", {"france": "ru"})
    with Store(home).transaction("his-9") as game:
        assert 3 in game.state["hands"]["england"]
        for power in POWERS:
            game.submit(power, "STANDING naval-cards NEVER", at=now())
            game.submit(power, "STANDING naval-declare NEVER", at=now())
        _sail(game, "london", "england", "english_channel")
        _sail(game, "portsmouth", "england", "english_channel")
        _sail(game, "rouen", "france", "english_channel")
        _sail(game, "marseille", "france", "english_channel")
    mails = send(home, "england", "PLAY 3 AS EVENT\nDECLARE WAR ON France\n", "w1")
    text = _flat("\n".join(to(mails, "england")))
    assert "-> applied" in text, text
    assert ("England and France, now at war, both have ships in English Channel: a naval "
            "battle is fought there at once, England attacking (§9.6)") in text, text
    assert "equal hits in English Channel: both England and France must retreat (§9.6)" in text
    assert "RETREAT TO" in text, text
    told = _flat("\n".join(to(mails, "france")))
    assert "Англия и Франция теперь воюют, и у обеих есть корабли в зоне «Ла-Манш»" in told, told
    assert "морское сражение в «Ла-Манш»: Англия — 4 кубика" in told, told
    assert "«ударов» поровну: отступить должны обе стороны — Англия и Франция" in told, told
    state = Store(home).load("his-9").state
    battle = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (battle["attacker"], battle["defender"]) == ("england", "france")
    assert battle["attacker_hits"] == battle["defender_hits"] == 1
    assert not Store(home).load("his-9").decisions("france")    # England retreats first
    mails = send(home, "england", "RETREAT TO Portsmouth\n", "w2")
    assert "-> applied" in _flat(to(mails, "england")[0])
    told = _flat("\n".join(to(mails, "france")))
    assert "RETREAT TO" in told and "Брест" in told, told
    mails = send(home, "france", "ОТСТУПИТЬ В Брест\n", "w3")
    receipt = _flat(to(mails, "france")[0])
    assert "-> применён" in receipt, receipt
    state = Store(home).load("his-9").state
    assert S.units(state, "english_channel") == {}
    assert S.units(state, "portsmouth")["england"] == {"squadrons": 1}
    assert S.units(state, "brest")["france"]["squadrons"] == 2
    text = _flat("\n".join(to(mails, "england")))
    assert "5 CP" in text, text
