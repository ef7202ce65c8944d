"""``pbem demo``: a whole email round trip in a temporary home, no servers needed.

It makes a home with the Maildir transport, starts a testgame, drops realistic player
mails into the inbox (plain text, HTML-only, Russian koi8-r, a spoofed sender, a
replayed Message-ID, an out-of-office reply) and prints each of them, runs the processor
and prints the mails the judge sent.  The helpers here are also what the mail tests build their games with.
"""
from __future__ import annotations

import datetime as dt
import email
import time
from email.policy import default as default_policy
from pathlib import Path
from typing import Any, Callable

from pbem.config import write_default_config

DEMO_SEATS = {"north": "alice@example.org", "east": "bob@example.org",
              "south": "carol@example.org"}


def make_home(home: Path, config_text: str | None = None) -> Path:
    """A server home with `config_text` (default: the embedded Maildir configuration)."""
    from pbem.store import Store
    home = Path(home)
    Store(home).init()
    if config_text is None:
        write_default_config(home)
    else:
        (home / "pbem.yaml").write_text(config_text, encoding="utf-8")
    return home


def make_game(home: Path, game_id: str, seats: dict[str, str | list[str]], *,
              seed: str = "demo", tokens: dict[str, str] | None = None,
              moderators: list[str] | None = None, now: dt.datetime | None = None,
              clocks: dict[str, Any] | None = None, rules: str = "testgame",
              langs: dict[str, str] | None = None,
              options: dict[str, Any] | None = None) -> Any:
    """Start a game in `home`; `tokens` pins the subject-tag tokens (tests, fixtures);
    `langs` the seats' languages (default English)."""
    from engine import registry
    from engine.game import Game
    from pbem.summaries import open_store
    from pbem.timesource import now as timesource_now
    seat_map = {s: {"players": [p] if isinstance(p, str) else list(p),
                    "lang": (langs or {}).get(s, "en")}
                for s, p in seats.items()}
    game = Game.create(registry.get(rules), game_id, seat_map, now=now or timesource_now(),
                       moderators=list(moderators or []), seed=seed, clocks=clocks or {},
                       options=options)
    if tokens:
        game.server["tokens"] = dict(tokens)
    store = open_store(home)
    store.init()
    store.create(game)
    return store.load(game_id)


def send_welcome(home: Path, game_id: str) -> int:
    """Queue the welcome mail of every seat of a game (`pbem.mail.moderator.queue_welcome`:
    the daemon renders them when it sends them); returns how many."""
    from pbem.mail.moderator import queue_welcome
    from pbem.store import Store
    with Store(home).transaction(game_id) as game:
        queue_welcome(game)
    return len(game.seats)


def drop(home: Path, name: str, raw: bytes) -> Path:
    """Deliver `raw` into the home's Maildir inbox (tmp/ then rename into new/)."""
    from pbem.config import load_config
    cfg = load_config(home)
    assert cfg.mailbox.path is not None
    for sub in ("tmp", "new", "cur"):
        (cfg.mailbox.path / sub).mkdir(parents=True, exist_ok=True)
    unique = f"{time.time():.6f}.{name}"
    tmp = cfg.mailbox.path / "tmp" / unique
    tmp.write_bytes(raw)
    return tmp.rename(cfg.mailbox.path / "new" / unique)


def player_mail(sender: str, subject: str, body: str, message_id: str, *,
                sender_name: str = "", extra: str = "") -> bytes:
    """A plain-text UTF-8 mail as a simple client would send it."""
    head = (f"From: {sender_name + ' ' if sender_name else ''}<{sender}>\r\n"
            f"To: pbem judge <judge@example.org>\r\nSubject: {subject}\r\n"
            f"Date: Sat, 21 Nov 2026 13:00:00 +0000\r\nMessage-ID: {message_id}\r\n"
            f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Transfer-Encoding: 8bit\r\n{extra}\r\n")
    return head.encode() + body.replace("\n", "\r\n").encode("utf-8")


def sent_mails(home: Path) -> list[email.message.EmailMessage]:
    """Mails the Maildir sender delivered, oldest first."""
    from pbem.config import load_config
    cfg = load_config(home)
    assert cfg.smtp.path is not None
    new = cfg.smtp.path / "new"
    files = sorted(new.iterdir(), key=lambda p: p.name) if new.is_dir() else []
    return [email.message_from_bytes(p.read_bytes(), policy=default_policy)  # type: ignore
            for p in files]


def show(msg: email.message.EmailMessage) -> str:
    """A mail as a reader sees it: the main headers and the decoded text."""
    body = msg.get_body(("plain", "html"))
    text = body.get_content() if body is not None else ""
    return (f"From: {msg['From']}\nTo: {msg['To']}\nSubject: {msg['Subject']}\n"
            f"Message-ID: {msg['Message-ID']}\n\n{text}")


def run_demo(home: Path, echo: Callable[[str], None] = print) -> Path:
    """The demo described in the module docstring, in the (new or empty) folder `home`;
    returns it."""
    import logging
    from pbem.daemon import Daemon
    from pbem.store import Store
    logging.getLogger("pbem").setLevel(logging.WARNING)
    home = Path(home)
    make_home(home)
    game = make_game(home, "demo-1", DEMO_SEATS, seed="demo", moderators=["gm@example.org"])
    tok = game.server["tokens"]
    send_welcome(home, "demo-1")
    hands = {s: game.view(s)["hand"] for s in game.seats}
    tag = {s: f"[demo-1 {s} {tok[s]}]" for s in game.seats}
    echo(f"Home: {home}\nGame demo-1 (testgame), seats: " +
         ", ".join(f"{s} <{a}>" for s, a in DEMO_SEATS.items()) + "\n")

    def batch(title: str, mails: list[tuple[str, bytes]]) -> None:
        before = len(sent_mails(home))
        echo("=" * 78 + f"\n{title}: {len(mails)} mails dropped into the inbox\n" + "=" * 78)
        for name, raw in mails:
            drop(home, name, raw)
            echo(show(email.message_from_bytes(raw, policy=default_policy)))  # type: ignore
            echo("-" * 78)
        echo(f"The judge answers ({title}):\n" + "-" * 78)
        Daemon(home).run_once()
        for msg in sent_mails(home)[before:]:
            echo(show(msg))
            echo("-" * 78)

    batch("Welcome", [])
    north_card = hands["north"][0]
    batch("Round 1: sealed commits", [
        ("alice", player_mail(
            "alice@example.org", f"Re: {tag['north']} welcome to demo-1",
            f"commit {north_card['name']}\nPRESS TO east\nBob, let us gang up on Carol.\n"
            f"ENDPRESS\n\nOn Sat, 21 Nov 2026, pbem judge wrote:\n> ==== pbem: demo-1 / north "
            f"====\n> Welcome to game demo-1\n\n-- \nAlice\n", "<alice-1@example.org>",
            sender_name="Alice")),
        ("bob", (
            f"From: Bob <bob@example.org>\r\nTo: judge@example.org\r\n"
            f"Subject: RE: {tag['east']} welcome to demo-1\r\nMessage-ID: <bob-1@example.org>\r\n"
            "MIME-Version: 1.0\r\nContent-Type: text/html; charset=windows-1252\r\n\r\n"
            f"<html><body><p>COMMIT {hands['east'][1]['number']}</p><p>HAND</p>"
            "<div id=\"divRplyFwdMsg\"><b>From:</b> pbem judge</div>"
            "<p>==== pbem: demo-1 / east ====</p></body></html>\r\n").encode("cp1252")),
        ("mallory", player_mail("mallory@evil.example", f"{tag['south']} hijack",
                                "commit 1\n", "<evil-1@evil.example>")),
        ("carol", (
            "From: Carol <carol@example.org>\r\nTo: judge@example.org\r\n"
            f"Subject: {tag['south']} =?koi8-r?B?"
            + __import__("base64").b64encode("ход".encode("koi8-r")).decode() + "?=\r\n"
            "Message-ID: <carol-1@example.org>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=koi8-r\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
            ).encode() + f"СТАТУС\r\ncommit {hands['south'][0]['number']}\r\n".encode("koi8-r")),
        ("bob-ooo", player_mail("bob@example.org", f"Automatic reply: {tag['east']}",
                                "I am away.\n", "<ooo-1@example.org>",
                                extra="Auto-Submitted: auto-replied\r\n")),
        ("alice-again", player_mail(
            "alice@example.org", f"Re: {tag['north']} welcome to demo-1",
            f"commit {north_card['name']}\n", "<alice-1@example.org>")),
    ])
    game = Store(home).load("demo-1")
    asked = game.decisions()
    if asked:
        d = asked[0]
        target = next(s for s in game.seats if s != d.seat)
        card = game.view(d.seat)["hand"][0]["number"]
        batch(f"Round 1: {d.seat} moves", [(d.seat, player_mail(
            DEMO_SEATS[d.seat], f"Re: {tag[d.seat]} you are asked",
            f"PLAY {card} AT {target}\nplya 3\nHISTORY 5\n", f"<{d.seat}-2@example.org>"))])
    return home
