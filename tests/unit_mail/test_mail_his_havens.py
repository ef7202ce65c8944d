"""#89 Pirate Haven by mail (Maildir transport), 1532: the Ottomans (English) play the card
as an event and name Oran in the same mail; the Hapsburgs (Russian) read the new haven in
their mail (§21.1)."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import POWERS
from test_mail_his_navy import ottomans_to_act, send, to_impulse


def test_the_ottomans_make_oran_a_pirate_haven_and_the_hapsburgs_read_it_in_russian(
        tmp_path: Path):
    home = ottomans_to_act(tmp_path, seed="s4")           # its deal gives them #89
    game = Store(home).load("his-9")
    assert 89 in game.state["hands"]["ottoman"] and ["hapsburg", "ottoman"] in game.state["wars"]
    mails = send(home, "ottoman", "PLAY 89 AS EVENT\nTARGET Oran\n", "h1")
    assert "TARGET Oran\n           -> held: queued" in mails["ottoman"]
    mails = send(home, "protestant", "DONE\n", "h2")      # The Wartburg's window passes
    told = mails["ottoman"]
    assert "line 2 TARGET Oran -> applied" in told
    flat = " ".join(told.split())
    assert ("Oran is an Ottoman pirate haven (fortified); the Ottomans add 1 regular and 2 "
            "corsairs there") in flat
    flat = " ".join(mails["hapsburg"].split())
    assert ("«Оран» — османская пиратская гавань (укреплённый город); Османы добавляют туда "
            "регулярных отрядов: 1, корсаров: 2") in flat
    game = Store(home).load("his-9")
    assert game.state["spaces"]["oran"]["haven"] is True
    assert game.state["spaces"]["oran"]["units"]["ottoman"] == {"regulars": 1, "corsairs": 2}


def _to_impulse(tmp_path: Path, seat: str, ru: str) -> Path:
    """Game his-9, 1532, seed h15 (France holds #89, the Papacy #86), `ru` reading Russian,
    played by defaults until `seat`'s impulse; nobody answers the windows not tested here."""
    quiet = ("STANDING RESPONSE NEVER", "STANDING wartburg NEVER", "STANDING spring_cards NEVER")
    return to_impulse(tmp_path, seat, "h15", ru, {p: quiet for p in POWERS})


def test_france_plays_pirate_haven_and_the_ottoman_standing_order_answers_in_russian(
        tmp_path: Path):
    """#89 played by France (English): the Ottomans (Russian) choose the haven off-turn; their
    standing order, sent by mail before, names Oran at once — no question mail to them, and
    France's one mail sees the haven made (§21.1)."""
    home = _to_impulse(tmp_path, "france", ru="ottoman")
    mails = send(home, "ottoman", "ПОСТОЯННО pirate_haven DEFAULT\n", "p1")
    assert "STANDING pirate_haven DEFAULT" in mails["ottoman"]
    mails = send(home, "france", "PLAY 89 AS EVENT\n", "p2")
    told = " ".join(mails["france"].split())
    assert "PLAY 89 AS EVENT -> applied" in told
    assert ("Oran is an Ottoman pirate haven (fortified); the Ottomans add 1 regular and 2 "
            "corsairs there") in told
    ottoman = " ".join(mails["ottoman"].split())
    assert "STANDING pirate_haven DEFAULT: Пиратская гавань: гавань -> TARGET Оран" in ottoman
    assert "«Оран» — османская пиратская гавань" in ottoman
    game = Store(home).load("his-9")
    assert not [d for d in game.decisions() if d.kind == "pirate_haven"]
    assert game.state["spaces"]["oran"]["haven"] is True
    assert [e.by for e in game.record.entries if e.decision.endswith("-pirate_haven")] == [
        "standing"]
