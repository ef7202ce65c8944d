"""Observers against a real Dovecot and SMTP path (see conftest.py): a moderator adds one by
mail; the observer gets the public reports only (never a hand, press or a prompt) and
answers STATUS with their own tag."""
from __future__ import annotations

import email
from email.policy import default as default_policy
from pathlib import Path

import pytest
from mailharness import JUDGE, PLAYERS, TOKENS

from pbem.daemon import Daemon
from pbem.demo import player_mail
from pbem.store import Store

pytestmark = pytest.mark.mail
FAN = "dave@example.org"        # a mailbox of the harness that plays no seat here
GM = "[fx-001 moderator tgm4k8]"
PRESS = "meet me at the crossroads"


def mails(servers, user: str) -> list:
    return [email.message_from_bytes(r, policy=default_policy) for r in servers.messages(user)]


def text(msg) -> str:
    """Every text part (plain and HTML) of `msg`, whitespace collapsed."""
    return " ".join(" ".join(part.get_content().split()) for part in msg.walk()
                    if part.get_content_maintype() == "text")


def send(servers, home: Path, sender: str, subject: str, body: str, mid: str) -> None:
    servers.send(player_mail(sender, subject, body, mid), [JUDGE], sender)
    Daemon(home).run_once()


def seat_tag(seat: str) -> str:
    return f"[fx-001 {seat} {TOKENS[seat]}]"


def default_order(home: Path, seat: str) -> str:
    game = Store(home).load("fx-001")
    return game.rules.order_text(game.rules.default(game.state, game.decisions(seat)[0]))


def test_observer_by_mail_gets_public_reports_only(servers, judge_home: Path) -> None:
    send(servers, judge_home, "gm@example.org", GM, f"OBSERVER ADD {FAN}\n", "<o-1@x>")
    assert f"{FAN} observes fx-001" in text(mails(servers, "gm@example.org")[-1])
    token = Store(judge_home).load("fx-001").server["tokens"][f"observer:{FAN}"]
    welcome = mails(servers, FAN)
    assert len(welcome) == 1
    assert str(welcome[0]["Subject"]) == f"[fx-001 observer {token}] Observing fx-001"
    assert "You observe game fx-001" in text(welcome[0])
    assert "Status of fx-001" in text(welcome[0])

    # The commits end the sealed phase (a phase report); north's press reaches the seats.
    send(servers, judge_home, PLAYERS["north"], seat_tag("north"),
         f"COMMIT 7\nPRESS TO ALL\n{PRESS}\nENDPRESS\n", "<o-2@x>")
    for n, seat in enumerate(("east", "south"), 3):
        send(servers, judge_home, PLAYERS[seat], seat_tag(seat),
             default_order(judge_home, seat) + "\n", f"<o-{n}@x>")
    assert PRESS in " ".join(text(m) for m in mails(servers, PLAYERS["east"]))
    reports = mails(servers, FAN)[1:]
    assert len(reports) == 1, [str(m["Subject"]) for m in reports]
    assert "public report" in text(reports[0]) and "Status of fx-001" in text(reports[0])

    send(servers, judge_home, FAN, f"Re: [fx-001 observer {token}] Observing fx-001",
         "STATUS\n", "<o-5@x>")
    status = mails(servers, FAN)[2:]
    assert len(status) == 1 and "Status of fx-001" in text(status[0])
    assert status[0]["To"] == FAN

    send(servers, judge_home, "gm@example.org", GM, "END the players agreed a draw\n",
         "<o-6@x>")
    assert Store(judge_home).load("fx-001").outcome() is not None
    over = mails(servers, FAN)[3:]
    assert len(over) == 1 and str(over[0]["Subject"]).endswith("game over")
    assert "The dice seed is now public" in text(over[0])

    seen = mails(servers, FAN)
    assert len(seen) == 4                       # welcome, phase report, STATUS, game over
    for msg in seen:
        body = text(msg)
        assert PRESS not in body and "Your hand" not in body and "Asked of you now" not in body
        assert msg["To"] == FAN and not any(a in str(msg) for a in PLAYERS.values())
    assert Store(judge_home).load("fx-001").record.header.observers == [
        {"address": FAN, "lang": "en"}]
