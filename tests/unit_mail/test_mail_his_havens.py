"""#89 Pirate Haven by mail (Maildir transport), 1532: the Ottomans (English) play the card
as an event and name Oran in the same mail; the Hapsburgs (Russian) read the new haven in
their mail (§21.1)."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_his_navy import ottomans_to_act, send


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
