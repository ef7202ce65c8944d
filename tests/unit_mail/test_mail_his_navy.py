"""The war at sea by mail (Maildir transport), 1532: the Ottomans (English) play Janissaries
for CP, sail Barbarossa out of Algiers, pirate the Hapsburgs and send a naval move that
waits behind the Hapsburgs' answer; the Hapsburgs (Russian) choose the piracy reward and try
a naval interception from Barcelona in Russian and pass Professional Rowers on its roll (the
Ottomans' standing order passes for them); the Ottomans attack Barcelona's port and
both sides are asked Arquebusiers before the roll and the cards after it (§16.1, §16.2,
§16.4).  The seed fixes the
dice: 1 anti-piracy hit, 1 piracy hit, a failed interception (5), a port battle won 2-1 by
the Ottomans in which both sides are wiped out and the defender keeps its squadron (§16.2
step 8: equal dice)."""
from __future__ import annotations

from pathlib import Path

from engine import registry
from engine.game import Game
from pbem.daemon import Daemon
from pbem.demo import drop, make_home, player_mail, sent_mails
from pbem.store import Store
from pbem.timesource import now
from test_mail_done import POWERS

OTTOMAN_PLAN = ("STANDING NAVAL-ROWERS NEVER\nPLAY 1 FOR CP\nNAVAL MOVE Algiers -> Barbary Coast\n"
                "PIRACY Barbary Coast AGAINST Hapsburgs\n"
                "NAVAL MOVE Barbary Coast -> Gulf of Lyon\n")


def ottomans_to_act(tmp_path: Path, seed: str = "s1") -> Path:
    """Game his-9, 1532 (dice seed `seed`), played by defaults until the Ottoman impulse; the Hapsburgs
    read Russian; nobody answers Foul Weather / Gout, and the powers not fighting at sea
    never play cards there (standing orders)."""
    quiet = ("STANDING NAVAL-CARDS NEVER", "STANDING NAVAL-ROWERS NEVER")
    return to_impulse(tmp_path, "ottoman", seed, "hapsburg",
                      {p: ("STANDING RESPONSE NEVER",) + (() if p in ("ottoman", "hapsburg")
                                                          else quiet) for p in POWERS})


def to_impulse(tmp_path: Path, seat: str, seed: str, ru: str,
               standing: dict[str, tuple[str, ...]]) -> Path:
    """Game his-9, 1532 (dice seed `seed`), `ru` reading Russian, each power's `standing`
    orders sent, played by defaults until `seat`'s impulse."""
    home = make_home(tmp_path / "h")
    seats = {p: {"players": [f"{p}@example.org"], "lang": "ru" if p == ru else "en"}
             for p in POWERS}
    game = Game.create(registry.get("here-i-stand"), "his-9", seats, now=now(), moderators=[],
                       seed=seed, clocks={}, scenario="1532")
    game.server["tokens"] = {p: f"tok{p}" for p in POWERS}
    store = Store(home)
    store.init()
    store.create(game)
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            for text in standing.get(power, ()):
                game.submit(power, text, at=now())
        while not any(d.seat == seat and d.kind == "impulse" for d in game.decisions()):
            d = game.decisions()[0]
            game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                             source="test", at=now(), decision=d)
    return home


def send(home: Path, seat: str, body: str, mid: str) -> dict[str, str]:
    """Mail `body` from `seat`, run the daemon once: the texts sent to each seat."""
    before = len(sent_mails(home))
    drop(home, mid, player_mail(f"{seat}@example.org", f"[his-9 {seat} tok{seat}]", body,
                                f"<{mid}@x>"))
    Daemon(home).run_once()
    out: dict[str, str] = {}
    for m in sent_mails(home)[before:]:
        who = str(m["To"]).split("@")[0]
        text = m.get_body(("plain",)).get_content().replace("\r\n", "\n")
        out[who] = out.get(who, "") + text
    return out


def test_the_ottomans_pirate_and_fight_at_sea_and_the_hapsburgs_answer_in_russian(
        tmp_path: Path):
    home = ottomans_to_act(tmp_path)
    mails = send(home, "ottoman", OTTOMAN_PLAN, "n1")
    receipt = mails["ottoman"]
    assert "PIRACY Barbary Coast AGAINST Hapsburgs\n           -> applied" in receipt
    assert "NAVAL MOVE Barbary Coast -> Gulf of Lyon\n           -> held: queued" in receipt
    assert "anti-piracy in Barbary Coast: Hapsburgs rolled 1 die [5], 1 corsair sunk" in \
        receipt
    asked = mails["hapsburg"]
    assert "защита от пиратов в «Берберское побережье»: Габсбурги — 1 кубик [5]" in asked
    assert "османское пиратство в зоне «Берберское побережье», попадание 1 из 1" in asked
    assert "GIVE VP | GIVE CARD | GIVE SQUADRON IN <место>" in asked

    mails = send(home, "hapsburg", "ОТДАТЬ ОП\n", "n2")
    assert "Османам 1 ПО за пиратство" in mails["hapsburg"]
    assert "Hapsburgs gave the Ottomans 1 piracy VP (Barbary Coast)" in mails["ottoman"]
    assert "line 5 NAVAL MOVE Barbary Coast -> Gulf of Lyon -> applied" in mails["ottoman"]
    asked = mails["hapsburg"]
    assert "в зону «Лионский залив» вошли вражеские корабли" in asked
    assert "успех на 9+ с шансом 27.8 %" in asked and "откуда: Барселона" in asked

    mails = send(home, "hapsburg", "ПЕРЕХВАТ ИЗ Барселона\n", "n3")
    asked = mails["hapsburg"]               # Professional Rowers after the roll (#34)
    assert "Габсбурги: бросок [4, 1], всего 5, — перехват в «Лионский залив»" in asked
    mails = send(home, "hapsburg", "ГОТОВО\n", "n3b")
    assert ("морской перехват из «Барселона» в «Лионский залив» не удался:\n"
            "    [4, 1] +0 = 5 (9+)") in mails["hapsburg"]
    assert "STANDING naval-rowers NEVER" in mails["ottoman"]
    game = Store(home).load("his-9")
    assert [d.kind for d in game.decisions("ottoman")] == ["cp"]
    assert game.state["piracy"]["vp"] == 1

    mails = send(home, "ottoman", "NAVAL MOVE Gulf of Lyon -> Barcelona\n", "n4")
    flat = " ".join(mails["ottoman"].split())      # Arquebusiers before the roll (#24)
    assert ("naval battle in Barcelona, Ottomans against Hapsburgs, before the roll (3-3 "
            "dice): PLAY Arquebusiers (2 more dice for your side) or DONE") in flat
    mails = send(home, "ottoman", "DONE\n", "n4b")
    flat = " ".join(mails["hapsburg"].split())
    assert ("морское сражение в «Барселона», Османы против Габсбурги, до броска (кубики "
            "3-3): PLAY Аркебузиры (ещё 2 кубика вашей стороне) или DONE") in flat
    mails = send(home, "hapsburg", "ГОТОВО\n", "n4c")
    assert "naval battle in Barcelona, Ottomans against Hapsburgs, after the roll (2-1" in \
        mails["ottoman"]
    assert "PLAY Janissaries or Professional Rowers [FOR <power>]" in mails["ottoman"]
    mails = send(home, "ottoman", "DONE\n", "n5")
    asked = mails["hapsburg"]
    assert "морское сражение в «Барселона», Османы против Габсбурги, после броска" in asked
    mails = send(home, "hapsburg", "ГОТОВО\n", "n6")
    told = mails["ottoman"]
    assert ("naval battle in Barcelona: Ottomans 3 dice [4, 5, 5] = 2 hits; Hapsburgs\n"
            "    3 dice [4, 3, 5] = 1 hit; won by Ottomans") in told
    assert "Ottomans lost 0 squadrons and 1 corsair until\n    next turn" in told
    assert "Barbarossa leaves Barcelona until next turn (§16.2)" in told
    assert "Габсбурги теряет эскадр: 0, корсаров: 0" in mails["hapsburg"]
    game = Store(home).load("his-9")
    assert game.state["spaces"]["barcelona"]["units"]["hapsburg"]["squadrons"] == 1
    assert "barbarossa" in game.state["naval_out"]["leaders"]
    status = send(home, "hapsburg", "STATUS\n", "n7")["hapsburg"]
    assert "На море: фишки пиратства Берберское побережье" in status
    assert "Барбаросса" in status.split("На море:")[1].split("\n\n")[0]
