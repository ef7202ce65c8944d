"""The New World by mail (Maildir transport, §20): in the 1532 scenario the Hapsburgs
(Russian) send a voyage of conquest, then play Potosí Silver Mines and answer its question
(which power takes it) by mail; England (English) explores and colonizes; the game runs on
to the New World phase and the status that comes back by mail tells where each went, in
each reader's language."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from engine import registry
from engine.game import Game
from pbem.daemon import Daemon
from pbem.demo import drop, make_home, player_mail, sent_mails
from pbem.store import Store
from pbem.timesource import now

POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
GAME = "his-nw"


def _home(tmp_path: Path) -> Path:
    """Game his-nw: 1532, seed nw5 (the Hapsburgs hold Holy Roman Emperor #2 and Potosí
    Silver Mines #54, England Six Wives #3), the Hapsburgs reading Russian."""
    home = make_home(tmp_path / "h")
    seats = {p: {"players": [f"{p}@example.org"], "lang": "ru" if p == "hapsburg" else "en"}
             for p in POWERS}
    game = Game.create(registry.get("here-i-stand"), GAME, seats, now=now(), seed="nw5",
                       scenario="1532")
    game.server["tokens"] = {p: f"tok{p}" for p in POWERS}
    store = Store(home)
    store.init()
    store.create(game)
    return home


def _defaults_until(home: Path, until: Callable[[Any], bool]) -> None:
    with Store(home).transaction(GAME) as game:
        while not until(game):
            d = game.decisions()[0]
            game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                             source="test", at=now(), decision=d)


def _impulse(seat: str) -> Callable[[Any], bool]:
    return lambda g: any(d.seat == seat and d.kind == "impulse" for d in g.decisions())


def _send(home: Path, seat: str, body: str, mid: str) -> list[str]:
    """Mail `body` from `seat`, run the daemon once: the texts of the mails to `seat`."""
    before = len(sent_mails(home))
    drop(home, mid, player_mail(f"{seat}@example.org", f"[{GAME} {seat} tok{seat}]", body,
                                f"<{mid}@x>"))
    Daemon(home).run_once()
    return [m.get_body(("plain",)).get_content() for m in sent_mails(home)[before:]
            if str(m["To"]) == f"{seat}@example.org"]


def _flat(texts: list[str]) -> str:
    """The mails' texts with their line wrapping undone."""
    return " ".join(" ".join(texts).split())


def _winter_except(home: Path, seat: str) -> None:
    """Every winter question but `seat`'s answered by its default."""
    with Store(home).transaction(GAME) as game:
        while True:
            others = [d for d in game.decisions() if d.seat != seat]
            if not others:
                break
            d = others[0]
            game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                             source="test", at=now(), decision=d)


def test_the_new_world_by_mail(tmp_path: Path) -> None:
    home = _home(tmp_path)
    state = Store(home).load(GAME).state
    assert {2, 54} <= set(state["hands"]["hapsburg"]) and 3 in state["hands"]["england"]

    # The Hapsburgs (Russian) send a voyage of conquest (4 CP of Holy Roman Emperor's 5).
    _defaults_until(home, _impulse("hapsburg"))
    receipt = _flat(_send(home, "hapsburg", "ИГРАТЬ 2 ЗА СР\nЗАВОЕВАТЬ\nГОТОВО\n", "h1"))
    assert receipt.count("-> применён") == 3, receipt
    assert "Х4 Габсбурги: завоевательная экспедиция пересекает Атлантику" in receipt
    assert "Х4 Габсбурги: не потрачено СР: 1" in receipt

    # England (English) explores and colonizes with Six Wives' 5 CP; the status shows the
    # three voyages crossing the Atlantic.
    _defaults_until(home, _impulse("england"))
    receipt = _flat(_send(home, "england", "PLAY 3 FOR CP\nEXPLORE\nCOLONIZE\n", "e1"))
    assert receipt.count("-> applied") == 3, receipt
    assert "T4 England sent a voyage of exploration across the Atlantic" in receipt
    assert "T4 England sent a colony across the Atlantic" in receipt
    status = _flat(_send(home, "england", "STATUS\n", "e2"))
    assert ("Crossing the Atlantic: Hapsburgs conquest, England exploration, England colony"
            in status)

    # The Hapsburgs play Potosí Silver Mines and answer its question by mail.
    _defaults_until(home, _impulse("hapsburg"))
    asked = _flat(_send(home, "hapsburg", "ИГРАТЬ 54 КАК СОБЫТИЕ\n", "h2"))
    assert ("#54 Серебряные рудники Потоси: назовите державу, которой достаётся карта: "
            "ДЛЯ <держава> (Габсбурги, Англия, Франция)") in asked
    receipt = _flat(_send(home, "hapsburg", "ДЛЯ Габсбурги\n", "h3"))
    assert "строка 1 ДЛЯ Габсбурги -> применён" in receipt
    assert ("#54 Серебряные рудники Потоси: колония Потоси достаётся державе «Габсбурги», "
            "её колония Эспаньола выбывает из игры") in receipt

    # The Hapsburgs' winter order is the last one: the New World phase follows it, and its
    # results are in their receipt, in Russian (seed nw5: Willoughby 3+5 = 8, the Great
    # Lakes; Montejo 1+2+2 = 5, destroyed; Roanoke founded).
    _defaults_until(home, lambda g: g.state["phase"] == "winter")
    _winter_except(home, "hapsburg")
    receipt = _flat(_send(home, "hapsburg", "ГОТОВО\n", "h4"))
    for line in ("Х4 Новый Свет: Уиллоуби (Англия) — бросок [3, 5] + 0 = 8",
                 "Х4 Новый Свет: Уиллоуби открыл для державы «Англия»: Великие Озёра (+1 ПО)",
                 "Х4 Новый Свет: Монтехо (Габсбурги) — бросок завоевания [1, 2] + 2 = 5",
                 "Х4 Новый Свет: экспедиция Монтехо (Габсбурги) уничтожена",
                 "Х4 Новый Свет: Англия основывает колонию Роанок",
                 "Х5 Богатства Нового Света: Габсбурги — 11 за «Потоси»: карта"):
        assert line in receipt, line
    assert receipt.index("Уиллоуби (Англия) — бросок") < receipt.index("Монтехо (Габсбурги)")
    assert ("Колонии: Пуэрто-Рико (Габсбурги), Куба (Габсбурги), Потоси (Габсбурги), "
            "Роанок (Англия)") in receipt

    # England's status in English: the discovery with its explorer, the colonies.
    status = _flat(_send(home, "england", "STATUS\n", "e3"))
    assert ("Discoveries: Pacific Strait (Hapsburgs), Circumnavigation (Hapsburgs), "
            "Great Lakes (England, Willoughby)") in status
    assert ("Colonies: Puerto Rico (Hapsburgs), Cuba (Hapsburgs), Potosí (Hapsburgs), "
            "Roanoke (England)") in status
    assert "Crossing the Atlantic" not in status
    game = Store(home).load(GAME)
    assert game.state["bonus_vp"]["england"]["great_lakes"] == 1
