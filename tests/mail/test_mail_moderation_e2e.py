"""Moderator commands by mail against a real Dovecot and SMTP path (see conftest.py)."""
from __future__ import annotations

import datetime as dt
import email
from email.policy import default as default_policy
from pathlib import Path

import pytest
from mailharness import JUDGE

from pbem.daemon import Daemon
from pbem.demo import player_mail
from pbem.mail.clocks import ClockRunner
from pbem.store import Store

pytestmark = pytest.mark.mail
GM = "[fx-001 moderator tgm4k8]"


def mails(servers, user: str) -> list:
    return [email.message_from_bytes(r, policy=default_policy) for r in servers.messages(user)]


def body(msg) -> str:
    return " ".join(msg.get_body(("plain",)).get_content().split())


def game(home: Path):
    return Store(home).load("fx-001")


def test_pause_by_mail_orders_apply_deadlines_do_not_fire(servers, judge_home: Path) -> None:
    servers.send(player_mail("gm@example.org", GM, "PAUSE BECAUSE server move\n", "<p-1@x>"),
                 [JUDGE], "gm@example.org")
    Daemon(judge_home).run_once()
    receipt = mails(servers, "gm@example.org")
    assert len(receipt) == 1 and "paused; every clock is stopped" in body(receipt[0])
    for user in ("alice@example.org", "bob@example.org", "carol@example.org"):
        notice = mails(servers, user)
        assert len(notice) == 1 and "Reason: server move" in body(notice[0])
    servers.send(player_mail("alice@example.org", "[fx-001 north tk7f3q]", "COMMIT 7\n",
                             "<p-2@x>"), [JUDGE], "alice@example.org")
    daemon = Daemon(judge_home)
    daemon.run_once()
    assert "-> applied (entry 2)" in body(mails(servers, "alice@example.org")[-1])
    assert game(judge_home).clocks.timers                  # deadlines exist, but stopped
    later = dt.datetime.now(dt.timezone.utc) + dt.timedelta(days=30)
    assert ClockRunner(daemon.processor).fire(later) == 0
    assert [e.by for e in game(judge_home).record.entries] == ["moderator:gm@example.org",
                                                                "north"]


def test_replace_by_mail_new_token_to_new_address_old_token_refused(servers,
                                                                    judge_home: Path) -> None:
    servers.send(player_mail("gm@example.org", GM, "REPLACE east dave@example.org\n",
                             "<r-1@x>"), [JUDGE], "gm@example.org")
    Daemon(judge_home).run_once()
    token = game(judge_home).server["tokens"]["east"]
    welcome = mails(servers, "dave@example.org")
    assert len(welcome) == 1
    assert str(welcome[0]["Subject"]) == f"[fx-001 east {token}] welcome to fx-001"
    told = mails(servers, "bob@example.org")               # the old player: one notice
    assert len(told) == 1 and str(told[0]["Subject"]) == \
        "[fx-001] You no longer play East in fx-001" and token not in told[0].as_string()
    servers.send(player_mail("bob@example.org", "[fx-001 east tb9x2m]", "STATUS\n", "<r-2@x>"),
                 [JUDGE], "bob@example.org")
    card = game(judge_home).view("east")["hand"][0]["number"]
    servers.send(player_mail("dave@example.org", "Re: " + str(welcome[0]["Subject"]),
                             f"COMMIT {card}\n", "<r-3@x>"), [JUDGE], "dave@example.org")
    Daemon(judge_home).run_once()
    refused = mails(servers, "bob@example.org")[1:]
    assert len(refused) == 1 and "not valid" in body(refused[0])
    assert token not in str(refused[0]["Subject"])
    assert "-> applied" in body(mails(servers, "dave@example.org")[-1])
    assert [(e.seat, e.by) for e in game(judge_home).record.entries if e.kind == "order"] == [
        ("east", "east")]
