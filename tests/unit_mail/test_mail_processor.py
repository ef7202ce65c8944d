"""The processor end to end over the Maildir transport (no servers)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pbem.daemon import Daemon
from pbem.demo import drop, make_game, player_mail, sent_mails
from pbem.mail.clocks import ClockRunner
from pbem.mail.outbox import Outbox
from pbem.store import Store

N = "[fx-001 north tk7f3q]"
E = "[fx-001 east tb9x2m]"


def run(home: Path) -> list:
    before = len(sent_mails(home))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def text(msg) -> str:
    """The body with line breaks folded to spaces (wrapping must not matter)."""
    return " ".join(msg.get_body(("plain",)).get_content().split())


def raw_text(msg) -> str:
    return msg.get_body(("plain",)).get_content()


def to(mails, addr: str) -> list:
    return [m for m in mails if addr in str(m["To"])]


def entries(home: Path) -> list:
    return Store(home).load("fx-001").record.entries


FIXTURE_CASES = {
    "thunderbird_plain.eml": ("COMMIT 11", "Status of fx-001"),
    "outlook_html_only.eml": ("COMMIT 17", "Your hand"),
    "gmail_reply_quoting_report.eml": ("COMMIT 1", "History (last 3 entries)"),
    "apple_mail_with_attachment.eml": ("COMMIT 7", "ignored: map.png"),
    "russian_cp1251.eml": ("COMMIT 11", "History (last 5 entries)"),
}


@pytest.mark.parametrize("name", sorted(FIXTURE_CASES))
def test_client_fixture_round_trip(mailhome: Path, fixture_mail, name: str) -> None:
    order, section = FIXTURE_CASES[name]
    drop(mailhome, "fx", fixture_mail(name))
    mails = run(mailhome)
    receipts = to(mails, "alice@example.org")
    assert len(receipts) == 1 and str(receipts[0]["Subject"]).startswith(N + " receipt: 1 applied")
    body = raw_text(receipts[0])
    assert section in body and "-> applied (entry 1)" in body
    assert [e.order for e in entries(mailhome)] == [order]
    assert all(len(line) <= 78 for line in body.splitlines())
    assert receipts[0]["In-Reply-To"] is not None and receipts[0]["Auto-Submitted"]


def test_koi8r_press_and_commands(mailhome: Path, fixture_mail) -> None:
    drop(mailhome, "koi", fixture_mail("russian_koi8r.eml"))
    mails = run(mailhome)
    press = to(mails, "bob@example.org")
    assert len(press) == 1 and "Привет, Боб!" in text(press[0])
    assert str(press[0]["Subject"]).startswith(E + " press from north")
    receipt = text(to(mails, "alice@example.org")[0])
    assert "Status of fx-001" in receipt and "Your hand" in receipt and "relayed to east" in receipt
    assert entries(mailhome) == []


def test_latin1_rejected_line_has_reason_and_hints(mailhome: Path, fixture_mail) -> None:
    drop(mailhome, "l1", fixture_mail("latin1_qp.eml"))
    body = text(to(run(mailhome), "bob@example.org")[0])
    assert "line 2" in body and "rejected" in body and "did you mean: COMMIT ..." in body


def test_bounce_and_auto_reply_get_no_answer(mailhome: Path, fixture_mail) -> None:
    drop(mailhome, "b", fixture_mail("bounce_dsn.eml"))
    drop(mailhome, "o", fixture_mail("out_of_office.eml"))
    assert run(mailhome) == [] and entries(mailhome) == []
    assert not list((mailhome / "mail/inbox/new").iterdir())  # handled, moved away


def test_spoofed_sender_is_refused_and_owner_told(mailhome: Path) -> None:
    drop(mailhome, "s", player_mail("mallory@evil.example", N, "COMMIT 7\n", "<evil@x>"))
    mails = run(mailhome)
    assert entries(mailhome) == []
    refusal = to(mails, "mallory@evil.example")
    assert len(refusal) == 1 and "tk7f3q" not in str(refusal[0]["Subject"])
    warning = to(mails, "alice@example.org")
    assert len(warning) == 1 and "mallory@evil.example" in text(warning[0])


def test_bad_token_is_refused(mailhome: Path) -> None:
    drop(mailhome, "t", player_mail("alice@example.org", "[fx-001 north wrong1]", "COMMIT 7\n",
                                    "<bad@x>"))
    mails = run(mailhome)
    assert len(mails) == 1 and "not valid" in text(mails[0]) and entries(mailhome) == []


def test_moderator_token_and_orders(mailhome: Path) -> None:
    drop(mailhome, "m", player_mail("gm@example.org", "[fx-001 moderator tgm4k8]",
                                    "STATUS\nAS north COMMIT 7\nCOMMIT 7\n", "<gm1@x>"))
    mails = run(mailhome)
    body = text(to(mails, "gm@example.org")[0])
    assert "Status of fx-001" in body and "hand:" not in body      # public view only
    assert [(e.seat, e.by, e.order) for e in entries(mailhome)] == [
        ("north", "moderator:gm@example.org", "COMMIT 7")]
    assert "AS <seat> <order>" in body
    drop(mailhome, "m2", player_mail("alice@example.org", "[fx-001 moderator tgm4k8]",
                                     "STATUS\n", "<gm2@x>"))
    mails = run(mailhome)
    assert {str(m["To"]) for m in mails} == {"alice@example.org", "gm@example.org"}


def test_replayed_message_id_applies_once(mailhome: Path) -> None:
    raw = player_mail("alice@example.org", N, "COMMIT 7\n", "<once@x>")
    drop(mailhome, "a", b"Received: from mx1 by judge; 1\r\n" + raw)
    first = run(mailhome)
    drop(mailhome, "b", b"Received: from mx2 by judge; 2\r\n" + raw)   # delivered again
    drop(mailhome, "c", b"Received: from mx3 by judge; 3\r\n" + raw)
    again = run(mailhome)
    assert len(entries(mailhome)) == 1
    assert len(first) == 1 and len(again) == 2
    assert all("was handled before" in text(m) for m in again)
    assert len({str(m["Message-ID"]) for m in first + again}) == 3


def killed_after_commit(home: Path, monkeypatch) -> None:
    """Run the daemon and kill it right after its first game commit (before the outbox
    has the mails)."""
    def killed(self, msgs, mail_from, meta=None):
        raise KeyboardInterrupt("killed")
    monkeypatch.setattr(Outbox, "enqueue_many", killed)
    with pytest.raises(KeyboardInterrupt):
        Daemon(home).run_once()
    monkeypatch.undo()


def test_a_restart_reads_only_games_whose_mails_may_be_missing(mailhome: Path,
                                                               monkeypatch) -> None:
    """Killed after the commit: the pending mark survives, and the restart copies that
    game's mails into the outbox even though no mail for it arrives again; a game without
    the mark is not even read."""
    make_game(mailhome, "fx-002", {"north": "carol@example.org", "east": "dan@example.org"},
              seed="s2")
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<mark@x>"))
    killed_after_commit(mailhome, monkeypatch)
    daemon = Daemon(mailhome)
    assert daemon.processor.pending_mark("fx-001").exists()
    assert not daemon.processor.pending_mark("fx-002").exists()
    read: list[str] = []
    load = Store.load
    monkeypatch.setattr(Store, "load", lambda self, gid: read.append(gid) or load(self, gid))
    daemon.recover()
    assert read == ["fx-001"] and not daemon.processor.pending_mark("fx-001").exists()
    daemon.send()
    assert len(to(sent_mails(mailhome), "alice@example.org")) == 1     # the receipt


def test_crash_after_commit_before_outbox(mailhome: Path, monkeypatch) -> None:
    """Killed right after the game file was written: the mails are recovered, once."""
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\nPRESS TO east\nhi\n"
                                    "ENDPRESS\n", "<crash@x>"))
    killed_after_commit(mailhome, monkeypatch)
    assert len(entries(mailhome)) == 1                      # committed
    mails = run(mailhome)                                   # restart
    assert len(mails) == 2 and len(entries(mailhome)) == 1
    assert run(mailhome) == []


def test_crash_before_the_commit_drops_the_batch(mailhome: Path, monkeypatch) -> None:
    """Killed after the pending file was written, before the game file named its batch:
    the restart sends nothing of that batch; the mail, read again, is answered once."""
    import pbem.store
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<uncommitted@x>"))

    def killed(path, data, sync=True):
        raise KeyboardInterrupt("killed")
    monkeypatch.setattr(pbem.store, "atomic_write", killed)     # the game file, alone
    monkeypatch.setattr(pbem.store, "write_beside", killed)     # or in a daemon's batch
    with pytest.raises(KeyboardInterrupt):
        Daemon(mailhome).run_once()
    monkeypatch.undo()
    daemon = Daemon(mailhome)
    assert daemon.processor.pending_mark("fx-001").exists() and entries(mailhome) == []
    daemon.recover()
    assert daemon.outbox.counts()["queue"] == 0                  # the batch was dropped
    assert not daemon.processor.pending_mark("fx-001").exists()
    mails = run(mailhome)
    assert len(mails) == 1 and len(entries(mailhome)) == 1


def test_flushed_mails_leave_the_game_file(mailhome: Path) -> None:
    """Once the outbox has a transaction's mails, the game file keeps only a batch id: six
    STATUS replies (no entries) add a few hundred bytes each, not the mails."""
    path = Store(mailhome).path("fx-001")
    run(mailhome)
    size = path.stat().st_size
    for n in range(6):
        drop(mailhome, f"s{n}", player_mail("alice@example.org", N, "STATUS\nHISTORY 20\n",
                                            f"<status{n}@x>"))
        assert len(run(mailhome)) == 1
    server = Store(mailhome).load("fx-001").server
    assert "outbox_pending" not in server and "outbox_batch" in server
    assert path.stat().st_size - size < 6 * 300
    assert not Store(mailhome).path("fx-001").with_name("outbox-pending").exists()


def test_crash_after_outbox_before_mark(mailhome: Path, monkeypatch) -> None:
    """Killed after queueing, before the inbox message was moved: nothing is sent twice."""
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<crash2@x>"))
    from pbem.mail.inbox import MaildirInbox

    def killed(self, keys):
        raise KeyboardInterrupt("killed")
    monkeypatch.setattr(MaildirInbox, "mark_processed", killed)
    with pytest.raises(KeyboardInterrupt):
        Daemon(mailhome).run_once()
    monkeypatch.undo()
    mails = run(mailhome)
    assert len(mails) == 1 and "handled before" not in text(mails[0])
    assert len(entries(mailhome)) == 1


def test_duplicates_are_told_apart_by_seat_and_message_id(mailhome: Path) -> None:
    """Another seat's reused Message-ID applies; the same mail by another path does not."""
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<same@x>"))
    drop(mailhome, "b", player_mail("bob@example.org", E, "COMMIT 23\n", "<same@x>"))
    first = run(mailhome)
    assert sorted((e.seat, e.order) for e in entries(mailhome)) == [
        ("east", "COMMIT 23"), ("north", "COMMIT 7")]
    receipts = [m for m in first if "receipt" in str(m["Subject"])]
    assert len(receipts) == 2 and all("1 applied" in str(m["Subject"]) for m in receipts)
    raw = player_mail("bob@example.org", E, "COMMIT 23\n", "<same@x>")
    drop(mailhome, "c", b"Received: from relay2 by judge; 3\r\n" + raw)   # another path
    again = run(mailhome)
    assert len(entries(mailhome)) == 2 and len(to(again, "bob@example.org")) == 1
    assert "was handled before" in text(to(again, "bob@example.org")[0])


def test_internal_error_is_answered_and_isolated(mailhome: Path, monkeypatch) -> None:
    from engine.game import Game
    real = Game.submit

    def broken(self, seat, text, **kw):
        if "BOOM" in text:
            raise RuntimeError("engine bug")
        return real(self, seat, text, **kw)
    monkeypatch.setattr(Game, "submit", broken)
    drop(mailhome, "a", player_mail("alice@example.org", N, "BOOM\n", "<boom@x>"))
    drop(mailhome, "b", player_mail("bob@example.org", E, "COMMIT 14\n", "<fine@x>"))
    mails = run(mailhome)
    assert any("internal error" in text(m) for m in to(mails, "alice@example.org"))
    assert any("internal error" in " ".join(text(m).split()) for m in to(mails, "gm@example.org"))
    assert len(to(mails, "bob@example.org")) == 1
    assert not list((mailhome / "mail/inbox/new").iterdir())


def test_no_tag_help_unknown_game_oversize(mailhome: Path) -> None:
    drop(mailhome, "a", player_mail("x@example.org", "hello", "COMMIT 7\n", "<nt@x>"))
    drop(mailhome, "b", player_mail("y@example.org", "help", "HELP\n", "<help@x>"))
    drop(mailhome, "c", player_mail("z@example.org", "[nope-9 north abcdef]", "PASS\n", "<ug@x>"))
    drop(mailhome, "d", player_mail("alice@example.org", N, "PASS\n" + "x" * 1_100_000,
                                    "<big@x>"))
    mails = run(mailhome)
    by = {str(m["To"]): text(m) for m in mails}
    assert "no tag" in by["x@example.org"]
    assert "PRESS TO seat" in by["y@example.org"]
    assert "tag is not valid for z@example.org" in by["z@example.org"]
    assert "at most 1000000 bytes" in by["alice@example.org"]
    assert entries(mailhome) == []


def test_rate_limit_holds_replies_not_orders(mailhome: Path) -> None:
    cfg = (mailhome / "pbem.yaml").read_text().replace("replies_per_sender_hour: 60",
                                                       "replies_per_sender_hour: 2")
    (mailhome / "pbem.yaml").write_text(cfg)
    for n in range(5):
        drop(mailhome, f"r{n}", player_mail("alice@example.org", N, "STATUS\n", f"<r{n}@x>"))
    drop(mailhome, "c", player_mail("alice@example.org", N, "COMMIT 7\n", "<r9@x>"))
    mails = run(mailhome)
    assert len(mails) == 3 and "Rate limit" in text(mails[2])
    assert len(entries(mailhome)) == 1


def test_vacation_and_orders_command(mailhome: Path) -> None:
    drop(mailhome, "v", player_mail("alice@example.org", N,
                                    "VACATION 2030-01-01 TO 2030-01-10\nORDERS\n", "<v@x>"))
    body = text(run(mailhome)[0])
    assert "vacation 2030-01-01 to 2030-01-10 recorded" in body
    assert "Asked of you now" in body and "COMMIT <card>" in body and "For example:" in body


def test_clocks_remind_then_default(tmp_path: Path) -> None:
    from pbem.demo import make_home
    home = make_home(tmp_path / "h")
    t0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    make_game(home, "fx-001", {"north": "alice@example.org", "east": "bob@example.org"},
              seed="s1", now=t0, clocks={"default": "24h", "reminders": ["2h"]})
    daemon = Daemon(home)
    runner = ClockRunner(daemon.processor)
    assert runner.next_event() == t0 + dt.timedelta(hours=22)
    assert runner.fire(t0 + dt.timedelta(hours=1)) == 0
    assert runner.fire(t0 + dt.timedelta(hours=23)) == 2          # two reminders
    daemon.send()
    reminders = sent_mails(home)
    assert len(reminders) == 2 and all("Reminder" in text(m) for m in reminders)
    assert runner.fire(t0 + dt.timedelta(hours=25)) >= 2          # defaults entered
    daemon.send()
    later = sent_mails(home)[2:]
    assert any("default order for you: COMMIT" in text(m) for m in to(later, "alice@example.org"))
    assert all(e.by == "clock" for e in Store(home).load("fx-001").record.entries)


def test_no_mail_leaks_another_seats_secrets(tmp_path: Path) -> None:
    """Play a whole game by mail; no seat ever gets another seat's hidden cards."""
    from pbem.demo import make_home
    home = make_home(tmp_path / "h")
    seats = {"north": "alice@example.org", "east": "bob@example.org", "south": "carol@example.org"}
    game = make_game(home, "fx-001", seats, seed="leaks", tokens={
        "north": "tk7f3q", "east": "tb9x2m", "south": "ts5p8w"})
    tok = game.server["tokens"]
    for step in range(80):
        game = Store(home).load("fx-001")
        if game.outcome() is not None:
            break
        for n, d in enumerate(game.decisions()):
            order = next(iter(d.options.orders()))
            line = game.rules.order_text(order)
            drop(home, f"{step}-{n}", player_mail(
                seats[d.seat], f"[fx-001 {d.seat} {tok[d.seat]}]",
                f"{line}\nHAND\nSTATUS\nHISTORY 30\n", f"<s{step}-{n}@x>"))
        mails = run(home)
        game = Store(home).load("fx-001")
        secrets = game.rules.secrets(game.state)
        for msg in mails:
            seat = next(s for s, a in seats.items() if a in str(msg["To"]))
            body = text(msg)
            for other, hidden in secrets.items():
                if other != seat:
                    leaked = [h for h in hidden if h in body and h not in secrets[seat]]
                    assert not leaked, (seat, other, leaked, body)
    assert Store(home).load("fx-001").outcome() is not None


def test_a_mail_that_breaks_the_parser_is_set_aside_not_retried_forever(mailhome: Path,
                                                                        monkeypatch,
                                                                        caplog) -> None:
    from pbem.mail import parse, processor
    real = parse.parse_message

    def fragile(raw: bytes):
        if b"<poison@x>" in raw:
            raise IndexError("string index out of range")
        return real(raw)
    monkeypatch.setattr(processor, "parse_message", fragile)
    drop(mailhome, "a", player_mail("alice@example.org", N, "COMMIT 7\n", "<poison@x>"))
    drop(mailhome, "b", player_mail("alice@example.org", N, "COMMIT 7\n", "<fine@x>"))
    mails = run(mailhome)
    assert "unreadable mail, set aside" in caplog.text
    assert [e.source for e in entries(mailhome)] == ["<fine@x>"]
    assert len(to(mails, "alice@example.org")) == 1
    assert run(mailhome) == []                                # nothing left to retry
