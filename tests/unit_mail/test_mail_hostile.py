"""Forged and mangled tags and senders (issue 14), over the Maildir transport."""
from __future__ import annotations

import json
from pathlib import Path

from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.mail.tags import find_tag, strip_tokens, tokens_equal
from pbem.store import BASE32, Store, new_token


def run(home: Path) -> list:
    before = len(sent_mails(home))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def test_new_tokens_have_65_bits_of_base32_and_read_as_typed(tmp_path: Path) -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(len(t) == 13 and set(t) <= set(BASE32) for t in tokens)
    assert not set("ilou") & set(BASE32) and len(BASE32) == 32
    token = next(iter(tokens))
    assert tokens_equal(token.upper(), token)
    assert tokens_equal("0123456781", "o12345678l") and tokens_equal("l1", "11")
    home = make_home(tmp_path / "home")
    make_game(home, "g1", {"north": "ann@example.org", "east": "bo@example.org"},
              moderators=["gm@example.org"])
    game = Store(home).load("g1")
    assert all(len(t) == 13 for t in game.server["tokens"].values())
    drop(home, "a", player_mail("ann@example.org",
                                f"[g1 north {game.server['tokens']['north'].upper()}]",
                                "STATUS\n", "<typed@x>"))
    assert "Status of g1" in str(run(home)[0].get_body(("plain",)).get_content())


def test_old_tokens_keep_working(mailhome: Path) -> None:
    drop(mailhome, "a", player_mail("alice@example.org", "[fx-001 north TK7F3Q]", "COMMIT 7\n",
                                    "<old@x>"))
    run(mailhome)
    assert [e.order for e in Store(mailhome).load("fx-001").record.entries] == ["COMMIT 7"]


def test_the_russian_moderator_seat_word_authenticates(mailhome: Path) -> None:
    assert find_tag("[fx-001 модератор tgm4k8]").is_moderator  # type: ignore[union-attr]
    drop(mailhome, "m", player_mail("gm@example.org", "[fx-001 модератор tgm4k8]",
                                    "AS north COMMIT 7\n", "<gm-ru@x>"))
    run(mailhome)
    assert [(e.by, e.order) for e in Store(mailhome).load("fx-001").record.entries] == [
        ("moderator:gm@example.org", "COMMIT 7")]


def test_no_reply_echoes_a_token_from_a_cut_or_non_ascii_tag(mailhome: Path) -> None:
    subjects = ["Re: [fx-001 north tk7f3q", "[duel модератор bz9vuy]",
                "[fx-001 nоrth tk7f3q] (Cyrillic о)", "Re: [fx-001 north tk7f3q and more"]
    for i, subject in enumerate(subjects):
        drop(mailhome, f"c{i}", player_mail("alice@example.org", subject, "COMMIT 7\n",
                                            f"<cut-{i}@x>"))
    mails = run(mailhome)
    assert len(mails) == len(subjects)
    for msg in mails:
        assert "tk7f3q" not in msg.as_string() and "bz9vuy" not in msg.as_string()
    assert strip_tokens("Re: [duel north bz9vuy") == "Re: [duel north]"


def test_nul_or_line_break_in_from_never_reaches_a_reply_address(mailhome: Path) -> None:
    forged = ["<mallory@example.org\x00>", '"mal\x00lory"@example.org',
              "=?utf-8?q?mallory=40example=2Eorg=0D=0ABcc=3A_bob=40example=2Eorg?="]
    for i, sender in enumerate(forged):
        raw = player_mail("x@example.org", "[fx-001 north tk7f3q]", "COMMIT 7\n",
                          f"<nul-{i}@x>").replace(b"From: <x@example.org>",
                                                  b"From: " + sender.encode())
        drop(mailhome, f"n{i}", raw)
    mails = run(mailhome)
    for msg in mails:
        head = msg.as_string().split("\n\n", 1)[0]
        assert "\x00" not in head and "bob@example.org" not in head.lower()
    failed = [json.loads(p.read_text()) for p in
              (mailhome / "mail" / "outbox" / "failed").glob("*.json")]
    assert len(failed) == 3 and all(f["to"] == [] for f in failed)
    assert all("no deliverable recipient" in f["last_error"] for f in failed)


def test_handled_message_ids_and_the_spool_are_kept_for_a_while(mailhome: Path,
                                                                 monkeypatch) -> None:
    """Retention (pbem.yaml ``retention``, 90 days by default), applied by the daemon."""
    def at(day: str) -> None:
        monkeypatch.setenv("PBEM_NOW", f"{day}T12:00:00Z")
    at("2026-11-21")
    make_game(mailhome, "fx-002", {"north": "alice@example.org", "east": "bob@example.org"},
              seed="s2", tokens={"north": "tn2aaa", "east": "te2bbb"})
    drop(mailhome, "a", player_mail("alice@example.org", "[fx-001 north tk7f3q]",
                                    "COMMIT 7\n", "<r1@x>"))
    drop(mailhome, "b", player_mail("alice@example.org", "[fx-002 north tn2aaa]",
                                    "STATUS\n", "<r2@x>"))
    drop(mailhome, "g", player_mail("gm@example.org", "[fx-001 moderator tgm4k8]",
                                    "END the players agreed\n", "<r3@x>"))
    run(mailhome)
    spool = mailhome / "mail" / "spool"
    assert Store(mailhome).load("fx-001").outcome() is not None
    assert set(Store(mailhome).load("fx-001").server["processed"]) == {
        "north <r1@x>", "moderator:gm@example.org <r3@x>"}
    assert [d.name for d in spool.glob("????-??-??")] == ["2026-11-21"]
    at("2027-02-18")                # 89 days on: everything kept
    run(mailhome)
    assert Store(mailhome).load("fx-001").server.get("processed")
    assert (spool / "2026-11-21").is_dir()
    at("2027-02-20")                # 91 days on: the ended game and the spool day pruned
    run(mailhome)
    ended = Store(mailhome).load("fx-001")
    assert not ended.server.get("processed") and len(ended.record.entries) == 2
    assert Store(mailhome).load("fx-002").server["processed"]      # still running: kept
    assert not (spool / "2026-11-21").exists()
