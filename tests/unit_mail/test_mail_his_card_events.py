"""Land-war events by mail (Maildir transport): the Hapsburgs (Russian) play Gabelle Revolt
(#80) and place its unrest in Russian; France (English) plays Threat to Power (#103) and names
its target.  The receipts and prompts come back in each seat's language."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import POWERS, his_at, now, send
from test_mail_his_plan import to


def quiet_impulse(tmp_path: Path, seat: str, seed: str, langs: dict[str, str]) -> Path:
    """Game his-9 (dice seed `seed`) played by defaults until `seat`'s first impulse; no
    response windows asked (The Wartburg's neither)."""
    home = his_at(tmp_path, lambda g: any(d.seat == seat and d.kind == "impulse"
                                          for d in g.decisions()), seed=seed, langs=langs)
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
        game.submit("protestant", "STANDING wartburg NEVER", at=now())
    return home


def _at_impulse(tmp_path: Path, seat: str, card: int, seed: str,
                langs: dict[str, str]) -> Path:
    """`quiet_impulse`, with a seed whose deal gives `seat` the card."""
    home = quiet_impulse(tmp_path, seat, seed, langs)
    assert card in Store(home).load("his-9").state["hands"][seat]
    return home


def test_gabelle_revolt_by_mail_in_russian(tmp_path: Path):
    home = _at_impulse(tmp_path, "hapsburg", 80, "s4", {"hapsburg": "ru"})
    mails = send(home, "hapsburg", "СЫГРАТЬ 80 КАК СОБЫТИЕ\n", "g1")
    text = "\n".join(to(mails, "hapsburg"))
    assert "UNREST <город>" in text and "незанятый" in text
    mails = send(home, "hapsburg", "БЕСПОРЯДКИ Дижон\nUNREST Limoges\n", "g2")
    text = "\n".join(to(mails, "hapsburg"))
    assert "беспорядки в городе" in text
    state = Store(home).load("his-9").state
    assert state["spaces"]["dijon"].get("unrest") and state["spaces"]["limoges"].get("unrest")
    assert not Store(home).load("his-9").decisions("hapsburg")


def test_threat_to_power_by_mail_in_english(tmp_path: Path):
    home = _at_impulse(tmp_path, "france", 103, "s2", {})
    mails = send(home, "france", "PLAY Threat to Power AS EVENT\n", "t1")
    text = "\n".join(to(mails, "france"))
    assert "TARGET <Brandon, Alva, Montmorency or Ibrahim>" in text
    mails = send(home, "france", "TARGET Duke of Alva\n", "t2")
    text = "\n".join(to(mails, "france"))
    assert "Duke of Alva leaves" in text
    game = Store(home).load("his-9")
    assert not any("duke_of_alva" in rec.get("leaders", []) for rec in game.state["spaces"].values())
