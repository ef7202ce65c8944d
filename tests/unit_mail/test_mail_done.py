"""DONE by mail reaches the game's own parser wherever the seat's open question takes it
(a Here I Stand impulse, winter), alone or after orders, as ``pbem order`` sends it."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.store import Store
from pbem.timesource import now

POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")


def his_at(tmp_path: Path, until: Callable[[Any], bool], *, seed: str = "golden",
           langs: dict[str, str] | None = None) -> Path:
    """A Maildir home with Here I Stand game his-9 (seat <power> played by
    <power>@example.org, token tok<power>) played by defaults until `until(game)`."""
    home = make_home(tmp_path / "h")
    make_game(home, "his-9", {p: f"{p}@example.org" for p in POWERS}, seed=seed,
              tokens={p: f"tok{p}" for p in POWERS}, rules="here-i-stand", langs=langs)
    with Store(home).transaction("his-9") as game:
        by_defaults(game, until)
    return home


def by_defaults(game: Any, until: Callable[[Any], bool]) -> None:
    """Answer `game`'s first question by its default until `until(game)`."""
    while not until(game):
        d = game.decisions()[0]
        game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                         source="test", at=now(), decision=d)


def send(home: Path, seat: str, body: str, mid: str, game: str = "his-9") -> list:
    """Mail `body` from `seat` (token tok<seat>) to `game` and run the daemon once: the
    mails it sent."""
    before = len(sent_mails(home))
    drop(home, mid, player_mail(f"{seat}@example.org", f"[{game} {seat} tok{seat}]", body,
                                f"<{mid}@x>"))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def mail(home: Path, seat: str, body: str, mid: str) -> str:
    """Mail `body` from `seat`, run the daemon once; the text of the seat's receipt."""
    receipts = [m for m in send(home, seat, body, mid)
                if str(m["To"]) == f"{seat}@example.org" and "receipt" in str(m["Subject"])]
    assert len(receipts) == 1
    return receipts[0].get_body(("plain",)).get_content()


def asked(home: Path, seat: str) -> list[str]:
    return [d.kind for d in Store(home).load("his-9").decisions(seat)]


def test_done_alone_ends_a_his_impulse(tmp_path: Path) -> None:
    home = his_at(tmp_path, lambda g: g.decisions()[0].kind == "cp")
    assert "1 CP left" in Store(home).load("his-9").decisions("ottoman")[0].prompt
    text = mail(home, "ottoman", "DONE\n", "d1")
    assert "no negotiation window" not in text and "answered by DONE" not in text
    game = Store(home).load("his-9")
    assert game.record.entries[-1].seat == "ottoman"
    assert game.record.entries[-1].order == "DONE"
    assert asked(home, "ottoman") == [] and asked(home, "hapsburg") == ["impulse"]


def test_orders_then_done_end_a_his_impulse(tmp_path: Path) -> None:
    home = his_at(tmp_path, lambda g: g.decisions()[0].kind == "impulse")
    with Store(home).transaction("his-9") as game:
        game.submit("ottoman", "PLAY 90 FOR CP", at=now())
        assert "5 CP left" in game.decisions("ottoman")[0].prompt
        move = next(game.rules.order_text(next(iter(o.orders())))
                    for o in game.decisions("ottoman")[0].options.options if o.verb == "MOVE")
    text = mail(home, "ottoman", f"{move}\nDONE\n", "d2")
    assert "answered by DONE" not in text
    with Store(home).transaction("his-9") as game:       # Foul Weather / Gout: nobody plays
        while any(d.kind == "response" for d in game.decisions()):
            d = next(d for d in game.decisions() if d.kind == "response")
            game.submit(d.seat, "DONE", at=now())
    entries = Store(home).load("his-9").record.entries
    orders = [e.order for e in entries if e.seat == "ottoman"][-2:]
    assert orders == [move, "DONE"]
    assert asked(home, "ottoman") == [] and asked(home, "hapsburg") == ["impulse"]


def test_done_in_winter_and_when_nothing_takes_it(tmp_path: Path) -> None:
    home = his_at(tmp_path, lambda g: g.decisions()[0].kind == "winter")
    assert asked(home, "france") == ["winter"]
    mail(home, "france", "ГОТОВО\n", "w1")
    assert asked(home, "france") == []
    assert Store(home).load("his-9").record.entries[-1].order == "DONE"
    seq = Store(home).load("his-9").record.last_seq
    text = mail(home, "france", "DONE\n", "w2")          # asked nothing now: told so
    assert "nothing asked of you now is answered by DONE" in text
    assert Store(home).load("his-9").record.last_seq == seq
