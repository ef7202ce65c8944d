"""Moderator commands by mail (issue 6) over the Maildir transport (no servers)."""
from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.record import replay
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.mail.clocks import ClockRunner, next_clock_event
from pbem.mail.commands import parse_body
from pbem.mail.duties import Duties
from pbem.store import Store

T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
H = dt.timedelta(hours=1)
N = "[fx-001 north tk7f3q]"
E = "[fx-001 east tb9x2m]"
GM = "[fx-001 moderator tgm4k8]"
TOKENS = {"north": "tk7f3q", "east": "tb9x2m", "moderator:gm@example.org": "tgm4k8"}
SEATS = {"north": "alice@example.org", "east": "bob@example.org"}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """fx-001 (seed s1: north holds 7 11 17 1, east 14 ...) started at T0, 24 h deadlines."""
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    path = make_home(tmp_path / "home")
    make_game(path, "fx-001", SEATS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"],
              now=T0, clocks={"default": "24h", "impulse": "24h", "response": "24h",
                              "reminders": []})
    return path


def at(monkeypatch: pytest.MonkeyPatch, moment: dt.datetime) -> None:
    monkeypatch.setenv("PBEM_NOW", moment.strftime("%Y-%m-%dT%H:%M:%SZ"))


def run(home: Path) -> list:
    before = len(sent_mails(home))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


_count = iter(range(10_000))


def mail(home: Path, sender: str, subject: str, body: str) -> list:
    drop(home, "m", player_mail(sender, subject, body, f"<m{next(_count)}@x>"))
    return run(home)


def gm(home: Path, body: str) -> list:
    return mail(home, "gm@example.org", GM, body)


def text(msg) -> str:
    return " ".join(msg.get_body(("plain",)).get_content().split())


def to(mails, addr: str) -> list:
    return [m for m in mails if addr in str(m["To"])]


def one(mails, addr: str):
    found = to(mails, addr)
    assert len(found) == 1, [str(m["Subject"]) for m in mails]
    return found[0]


def game(home: Path):
    return Store(home).load("fx-001")


def test_parse_moderator_lines_english_and_russian() -> None:
    body = ("PAUSE BECAUSE holidays\nAS north COMMIT 7\nПродлить все 24h потому что болезнь\n"
            "add address east x@y.org\nОБЪЯВЛЕНИЕ\nПривет\n  всем\nКОНЕЦОБЪЯВЛЕНИЯ\n"
            "ANNOUNCE one line ENDANNOUNCE\nEND players agreed\nSTATUS\nEND\nFORCE north\n")
    parsed = parse_body(list(enumerate(body.splitlines(), 1)))
    assert [m.text for m in parsed.mod] == [
        "PAUSE BECAUSE holidays", "EXTEND ALL 24h BECAUSE болезнь", "ADD-ADDRESS east x@y.org",
        "ANNOUNCE Привет\n  всем", "ANNOUNCE one line", "END players agreed"]
    assert parsed.orders == [(2, "AS north COMMIT 7")]
    assert [c.name for c in parsed.commands] == ["STATUS"]      # FORCE after END: unread


def test_pause_extend_deadline_nmr_resume_by_mail(home: Path, monkeypatch) -> None:
    mails = gm(home, "PAUSE BECAUSE holidays\nNMR hold\n")
    receipt = text(one(mails, "gm@example.org"))
    assert "paused; every clock is stopped; told every seat" in receipt
    assert "wait for a moderator" in receipt
    for addr in SEATS.values():
        notice = one(mails, addr)
        assert "Game paused" in str(notice["Subject"]) and "Reason: holidays" in text(notice)
    assert game(home).clocks.paused and game(home).clocks.settings["nmr"] == "hold"
    at(monkeypatch, T0 + 2 * H)
    mails = gm(home, "ПРОДОЛЖИТЬ\nEXTEND north 5h\nDEADLINE east 2026-11-23T18:00Z\n")
    assert "resumed; deadlines moved by 2:00:00" in text(one(mails, "gm@example.org"))
    g = game(home)
    deadlines = {d.seat: g.deadline(d) for d in g.decisions()}
    assert deadlines == {"north": T0 + 31 * H,
                         "east": dt.datetime(2026, 11, 23, 18, tzinfo=dt.timezone.utc)}
    assert "extended the deadline of North by 5h" in text(one(mails, "alice@example.org"))
    assert [(e.kind, e.order.split()[0], e.by) for e in g.record.entries] == [
        ("act", w, "moderator:gm@example.org")
        for w in ("PAUSE", "NMR", "RESUME", "EXTEND", "DEADLINE")]
    assert g.record.entries[0].because == "holidays"
    replay(g.rules, g.record, verify=True)


def test_paused_game_takes_orders_fires_no_deadline_and_reminds_daily(home: Path,
                                                                      monkeypatch) -> None:
    gm(home, "ПАУЗА ПОТОМУ ЧТО праздники\n")
    assert game(home).record.entries[0].because == "праздники"
    at(monkeypatch, T0 + 3 * H)
    receipt = one(mail(home, "alice@example.org", N, "COMMIT 7\nPRESS TO east\nhi\nENDPRESS\n"),
                  "alice@example.org")
    assert "-> applied" in text(receipt)
    daemon = Daemon(home)
    assert ClockRunner(daemon.processor).fire(T0 + 72 * H) == 0       # no default while paused
    assert all(e.by != "clock" for e in game(home).record.entries)
    duties = Duties(daemon.processor)
    assert duties.next_event() == T0 + 24 * H
    assert duties.run(T0 + 20 * H) == 0
    assert duties.run(T0 + 25 * H) == 2                             # one reminder per seat
    assert duties.run(T0 + 30 * H) == 0
    assert duties.run(T0 + 50 * H) == 2
    daemon.send()
    reminders = [m for m in sent_mails(home) if "still paused" in str(m["Subject"])]
    assert len(reminders) == 4 and {str(m["To"]) for m in reminders} == set(SEATS.values())


def test_force_default_by_mail_equals_the_games_default(home: Path) -> None:
    g = game(home)
    decision = next(d for d in g.decisions() if d.seat == "north")
    expected = g.rules.order_text(g.rules.default(g.state, decision))
    mails = gm(home, "FORCE north BECAUSE away\nFORCE east COMMIT 4\n")
    receipt = text(one(mails, "gm@example.org"))
    assert f"forced north's default: {expected}" in receipt and "forced east: COMMIT 4" in receipt
    assert "FORCE (line 2), for you only" in receipt
    entries = game(home).record.entries
    assert [(e.seat, e.by, e.order) for e in entries[:2]] == [
        ("north", "moderator:gm@example.org", expected),
        ("east", "moderator:gm@example.org", "COMMIT 4")]
    assert "The moderator answered for North: COMMIT 1. Reason: away" in " ".join(
        text(m) for m in to(mails, "alice@example.org"))


def test_preview_goes_to_the_moderator_only(home: Path) -> None:
    mails = gm(home, "PREVIEW north COMMIT 7\n")
    assert len(mails) == 1 and "gm@example.org" in str(mails[0]["To"])
    body = text(mails[0])
    assert "(nothing saved)" in body and "PREVIEW (line 1), for you only" in body and "ok as" in body
    assert game(home).record.entries == []


def test_rollback_by_mail_tells_every_seat_then_replay_verifies(home: Path) -> None:
    gm(home, "AS north COMMIT 7\nFORCE east\n")
    g = game(home)
    assert g.record.last_seq == 2
    mails = gm(home, "ROLLBACK 1 BECAUSE wrong card\n")
    assert "rolled back to 1" in text(one(mails, "gm@example.org"))
    for addr in SEATS.values():
        status = one(mails, addr)          # notice folded into one status mail per seat
        body = text(status)
        assert "rolled the game back to entry 1" in body and "Reason: wrong card" in body
        assert "Status of fx-001" in body and str(status["Subject"]).endswith(" status")
    g = game(home)
    assert g.record.last_seq == 1 and g.record.audit[-1]["reason"] == "wrong card"
    replay(g.rules, g.record, verify=True)
    mails = gm(home, "ОТКАТ 0 BECAUSE again\nНАКАТ\nHISTORY 5\n")
    assert "restored 1 entries" in text(one(mails, "gm@example.org"))
    assert "rolled forward at" in text(one(mails, "gm@example.org"))
    replay(game(home).rules, game(home).record, verify=True)
    assert game(home).record.last_seq == 1


def test_replace_mails_the_new_token_and_the_old_one_stops_working(home: Path) -> None:
    mails = gm(home, "REPLACE east dave@example.org BECAUSE bob left\n")
    new_token = game(home).server["tokens"]["east"]
    assert new_token != "tb9x2m"
    welcome = one(mails, "dave@example.org")
    assert str(welcome["Subject"]) == f"[fx-001 east {new_token}] welcome to fx-001"
    assert "You now play East" in text(welcome) and "Willow Warden" in text(welcome)
    assert "dave@example.org now plays East" in text(one(mails, "alice@example.org"))
    assert "gave your seat, East in game fx-001, to dave@example.org" in text(
        one(mails, "bob@example.org"))
    refused = mail(home, "bob@example.org", E, "COMMIT 4\n")
    assert "not valid" in text(one(refused, "bob@example.org"))
    ok = mail(home, "dave@example.org", f"Re: [fx-001 east {new_token}] welcome", "COMMIT 4\n")
    assert "-> applied" in text(one(ok, "dave@example.org"))
    assert [e.seat for e in game(home).record.entries if e.kind == "order"] == ["east"]


def test_replace_resets_personal_settings_and_keeps_or_sets_the_language(home: Path) -> None:
    mail(home, "bob@example.org", E, "LANGUAGE ru\nTIMEZONE Europe/Berlin\nDIGEST ON\n")
    assert game(home).seats["east"] == {"players": ["bob@example.org"], "lang": "ru",
                                        "tz": "Europe/Berlin", "digest": True}
    mails = gm(home, "REPLACE east dave@example.org\n")
    assert game(home).seats["east"] == {"players": ["dave@example.org"], "lang": "ru"}
    welcome = one(mails, "dave@example.org")
    assert "Добро пожаловать в партию fx-001" in text(welcome)
    assert "письма — по-русски, сроки — UTC, сводка — выключена." in text(welcome)
    mails = gm(home, "REPLACE east carol@example.org LANGUAGE en BECAUSE dave left\n")
    assert "its settings: language en, time zone UTC, digest off" in text(
        one(mails, "gm@example.org"))
    assert game(home).seats["east"]["lang"] == "en"
    welcome = text(one(mails, "carol@example.org"))
    assert "Welcome to game fx-001" in welcome and "mails in English, deadlines in UTC" in welcome
    assert "Вы больше не играете" in str(one(mails, "dave@example.org")["Subject"])
    mails = gm(home, "ЗАМЕНИТЬ east erin@example.org ЯЗЫК русский\n")
    assert game(home).seats["east"]["lang"] == "ru"
    assert "Добро пожаловать" in text(one(mails, "erin@example.org"))
    refused = text(one(gm(home, "REPLACE east fay@example.org LANGUAGE fr\n"), "gm@example.org"))
    assert "LANGUAGE takes en or ru" in refused
    assert game(home).seats["east"]["players"] == ["erin@example.org"]


def test_add_address_and_drop(home: Path) -> None:
    mails = gm(home, "ADD-ADDRESS north al2@example.org\nDROP east BECAUSE vanished\n")
    assert "al2@example.org may now send orders" in text(one(mails, "al2@example.org"))
    g = game(home)
    assert g.seats["north"]["players"] == ["alice@example.org", "al2@example.org"]
    assert g.record.entries[-1].by == "bot:default" and g.record.entries[-1].seat == "east"
    for n in range(8):                     # north plays; east answers by itself
        g = game(home)
        if g.outcome() is not None or not g.decisions("north"):
            break
        order = g.rules.order_text(next(iter(g.decisions("north")[0].options.orders())))
        mail(home, "al2@example.org", N, f"{order}\n")
        assert not game(home).decisions("east")
    history = text(one(mail(home, "alice@example.org", N, "HISTORY 30\n"), "alice@example.org"))
    assert "DROP east -- because: vanished" in history and "[played by the default bot]" in history


def test_edit_by_mail_is_validated_and_in_history_for_all(home: Path) -> None:
    mails = gm(home, "EDIT deck = [] BECAUSE oops\nPAUSE\n")
    receipt = text(one(mails, "gm@example.org"))
    assert "the edit would break the game" in receipt and "not tried: line 1 was refused" in receipt
    assert game(home).record.entries == [] and not game(home).clocks.paused
    assert to(mails, "alice@example.org") == []
    mails = gm(home, "ПРАВКА scores.north = 3 ПОТОМУ ЧТО scoring bug\n")
    g = game(home)
    assert g.view(None)["scores"]["north"] == 3
    assert (g.record.entries[-1].kind, g.record.entries[-1].because) == ("edit", "scoring bug")
    assert "corrected scores.north" in text(one(mails, "bob@example.org"))
    replay(g.rules, g.record, verify=True)
    seat_view = text(one(mail(home, "bob@example.org", E, "HISTORY\n"), "bob@example.org"))
    assert "moderator:gm@example.org: EDIT scores.north (the new value: see STATUS) -- " \
           "because: scoring bug" in seat_view
    gm_view = text(one(gm(home, "HISTORY\n"), "gm@example.org"))
    assert "EDIT scores.north = 3 -- because: scoring bug" in gm_view


def test_resend_announce_and_end(home: Path) -> None:
    mails = gm(home, "RESEND north\nANNOUNCE\nWelcome, both.\n  Be nice.\nENDANNOUNCE\n")
    status = one(mails, "alice@example.org")       # the announcement folded into it
    assert str(status["Subject"]).endswith(" status")
    assert "Kestrel Knight" in text(status) and "Welcome, both. Be nice." in text(status)
    announcement = one(mails, "bob@example.org")
    assert str(announcement["Subject"]) == E + " Announcement"
    assert "Welcome, both.\n  Be nice." in announcement.get_body(("plain",)).get_content().replace("\r\n", "\n")
    gm(home, "STATUS\nEND\nPAUSE\n")                       # bare END: stop reading
    assert not game(home).clocks.paused
    mails = gm(home, "END players agreed a draw\n")
    g = game(home)
    assert g.outcome().reason == "ended by a moderator: players agreed a draw"
    assert any("The moderator ended the game: players agreed a draw" in text(m)
               for m in to(mails, "bob@example.org"))


def test_a_seats_moderator_command_is_refused_and_nothing_applies(home: Path) -> None:
    mails = mail(home, "alice@example.org", N, "COMMIT 7\nPAUSE\nPRESS TO east\nhi\nENDPRESS\n")
    receipt = one(mails, "alice@example.org")
    body = text(receipt)
    assert "PAUSE is a moderator command" in body and "Nothing in this mail was applied" in body
    assert len(mails) == 1 and game(home).record.entries == [] and not game(home).clocks.paused
    body = text(one(mail(home, "alice@example.org", N, "COMMIT 7\nEnd of orders\n"),
                    "alice@example.org"))
    assert "END is a moderator command" in body and "END alone on its line stops reading" in body
    assert game(home).record.entries == []
    stolen = mail(home, "alice@example.org", GM, "PAUSE\n")    # the moderator's tag, not hers
    assert "not valid for alice@example.org" in text(one(stolen, "alice@example.org"))
    assert not game(home).clocks.paused and game(home).record.entries == []
    assert "-> applied" in text(one(mail(home, "alice@example.org", N, "COMMIT 7\nEND\nPAUSE\n"),
                                    "alice@example.org"))


def test_moderator_help_lists_the_commands(home: Path) -> None:
    body = text(one(gm(home, "HELP\n"), "gm@example.org"))
    assert "ROLLBACK <seq>" in body and "END alone only stops reading" in body
    player = text(one(mail(home, "alice@example.org", N, "HELP\n"), "alice@example.org"))
    assert "ROLLBACK <seq>" not in player and "work only in a moderator's mail" in player


def test_cli_acts_are_mailed_by_the_daemon(home: Path, monkeypatch) -> None:
    from pbem.cli import main
    monkeypatch.setenv("PBEM_HOME", str(home))
    runner = CliRunner()
    for args in (["ANNOUNCE", "Hello", "from", "the", "shell", "ENDANNOUNCE"],
                 ["REPLACE", "east", "erin@example.org"]):
        result = runner.invoke(main, ["mod", "fx-001", *args])
        assert result.exit_code == 0, result.output
    mails = run(home)
    assert "Hello from the shell" in text(one(mails, "alice@example.org"))
    welcome = one(mails, "erin@example.org")
    assert game(home).server["tokens"]["east"] in str(welcome["Subject"])
    assert not any(game(home).server.get(q) for q in ("notices_pending", "resend_pending",
                                                      "welcome_pending"))
    assert run(home) == []                                  # delivered once


def test_pbem_rollback_is_mailed_to_every_seat_by_the_daemon(home: Path,
                                                            monkeypatch) -> None:
    from pbem.cli import main
    gm(home, "PAUSE\nAS north COMMIT 7\n")
    monkeypatch.setenv("PBEM_HOME", str(home))
    result = CliRunner().invoke(main, ["rollback", "fx-001", "0", "--reason", "oops"])
    assert result.exit_code == 0, result.output
    mails = run(home)
    for addr in SEATS.values():
        body = text(one(mails, addr))          # the notices folded into the status mail
        assert "rolled the game back to entry 0" in body and "Reason: oops" in body
        assert "So the game is no longer paused" in body and "Status of fx-001" in body
    assert run(home) == []


def test_duties_play_a_dropped_seat_left_by_another_transaction(home: Path) -> None:
    with Store(home).transaction("fx-001") as g:
        g.server["dropped"] = {"east": "2026-11-21T12:00:00Z"}
    daemon = Daemon(home)
    assert daemon.duties.run(T0) == 0       # east committed; north is not newly asked
    assert [(e.seat, e.by) for e in game(home).record.entries] == [("east", "bot:default")]
    assert daemon.duties.run(T0) == 0


def test_stuck_digest_once_a_day(home: Path) -> None:
    gm(home, "NMR hold\n")
    daemon = Daemon(home)
    ClockRunner(daemon.processor).fire(T0 + 25 * H)          # held, not defaulted
    assert daemon.duties.digests(T0 + 20 * H, force=True) == 0   # nothing overdue yet
    assert daemon.duties.digests(T0 + 26 * H, force=True) == 1
    assert daemon.duties.digests(T0 + 27 * H) == 0            # sent today already
    assert daemon.duties.digests(T0 + 30 * H, force=True) == 0   # sent today already
    assert Duties(daemon.processor).digests(T0 + 40 * H) == 1    # the next day
    daemon.send()
    digests = [m for m in sent_mails(home) if "stuck games" in str(m["Subject"])]
    assert len(digests) == 2 and all(str(m["To"]) == "gm@example.org" for m in digests)
    assert "fx-001: waiting for north (r1-commit)" in text(digests[0])
    state = json.loads((home / "mail/state/stuck_digests.json").read_text())
    assert state == {"gm@example.org": "2026-11-23"}


def test_notices_reach_each_seat_in_its_language(home: Path) -> None:
    mail(home, "bob@example.org", E, "LANGUAGE ru\n")
    mails = gm(home, "PAUSE BECAUSE holidays\nEXTEND east 5h\n")
    bob = one(mails, "bob@example.org")
    assert "Партия приостановлена" in str(bob["Subject"]), str(bob["Subject"])
    assert "Модератор приостановил партию" in text(bob) and "Причина: holidays" in text(bob)
    assert "Модератор продлил срок" in text(bob) and "paused" not in text(bob)
    alice = one(mails, "alice@example.org")
    assert "Game paused" in str(alice["Subject"]) and "Reason: holidays" in text(alice)
    mails = gm(home, "END players agreed a draw\n")
    bob = text(one(mails, "bob@example.org"))
    assert "Модератор завершил партию: players agreed a draw" in bob
    assert "партию завершил модератор: players agreed a draw" in bob


# ---------------------------------------------------------------------- known gaps, fixed
def test_replaced_player_is_told_once_in_their_language_then_hears_nothing(
        home: Path) -> None:
    mail(home, "bob@example.org", E, "LANGUAGE ru\n")
    mails = gm(home, "REPLACE east dave@example.org BECAUSE bob left\n")
    new_token = game(home).server["tokens"]["east"]
    notice = one(mails, "bob@example.org")
    assert str(notice["Subject"]) == "[fx-001] Вы больше не играете за место «Восток» в партии fx-001"
    body = text(notice)
    assert "передал ваше место «Восток» в партии fx-001 игроку dave@example.org" in body
    assert "Причина: bob left" in body
    assert new_token not in notice.as_string() and "tb9x2m" not in notice.as_string()
    everything = (mail(home, "dave@example.org", f"Re: [fx-001 east {new_token}] x", "COMMIT 4\n")
                  + mail(home, "alice@example.org", N, "COMMIT 7\n")       # a new phase
                  + gm(home, "RESEND ALL\nANNOUNCE Hello ENDANNOUNCE\nPAUSE\n"))
    assert to(everything, "dave@example.org") and to(everything, "alice@example.org")
    assert to(everything, "bob@example.org") == []


def test_end_is_one_mail_per_seat_with_reason_final_status_and_seed(home: Path) -> None:
    mail(home, "bob@example.org", E, "LANGUAGE ru\n")
    mails = gm(home, "AS north COMMIT 7\nEND players agreed a draw\n")
    assert "game closed: players agreed a draw" in text(one(mails, "gm@example.org"))
    alice, bob = one(mails, "alice@example.org"), one(mails, "bob@example.org")
    assert str(alice["Subject"]) == N + " game over"
    body = text(alice)
    assert body.index("The moderator ended the game: players agreed a draw") < \
        body.index("The dice seed is now public: s1") < body.index("Status of fx-001")
    assert str(bob["Subject"]) == E + " игра окончена"
    assert "Модератор завершил партию: players agreed a draw" in text(bob)
    assert "Зерно костей теперь открыто: s1" in text(bob)
    assert "Гранитный страж" not in text(bob)                 # north's sealed choice
    assert to(mail(home, "alice@example.org", N, "STATUS\n"), "bob@example.org") == []


def test_announce_with_end_keeps_its_line_breaks_in_the_end_of_game_mail(home: Path) -> None:
    mails = gm(home, "ANNOUNCE\nThanks for playing.\n\nFinal notes:\n  - north led on points\n"
                     "  - east was gracious\nENDANNOUNCE\nEND players agreed a draw\n")
    for addr in SEATS.values():
        body = one(mails, addr).get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert "Thanks for playing.\n\nFinal notes:\n  - north led on points\n" \
               "  - east was gracious\n" in body
        assert "The moderator ended the game: players agreed a draw" in body


def test_end_from_the_shell_is_one_mail_per_seat_with_the_seed(home: Path,
                                                                monkeypatch) -> None:
    from pbem.cli import main
    monkeypatch.setenv("PBEM_HOME", str(home))
    result = CliRunner().invoke(main, ["mod", "fx-001", "END", "server", "closing"])
    assert result.exit_code == 0, result.output
    mails = run(home)
    for addr in SEATS.values():
        body = text(one(mails, addr))
        assert "The moderator ended the game: server closing" in body
        assert "The dice seed is now public: s1" in body and "Status of fx-001" in body
    assert run(home) == []


def test_dropped_seat_is_told_once_then_gets_nothing_until_given_back(home: Path) -> None:
    mail(home, "bob@example.org", E, "COMMIT 4\nPLAY 14 AT north\n")   # the PLAY is held
    assert game(home).server["held"]["east"]
    mails = gm(home, "DROP east BECAUSE vanished\n")
    assert "its tag no longer works" in text(one(mails, "gm@example.org"))
    notice = one(mails, "bob@example.org")
    assert str(notice["Subject"]) == "[fx-001] You were dropped from fx-001"
    assert "dropped you from East in game fx-001" in text(notice)
    assert "Reason: vanished" in text(notice) and "tb9x2m" not in notice.as_string()
    assert "East is played by its default orders" in text(one(mails, "alice@example.org"))
    assert "east" not in game(home).server.get("held", {})
    assert "is dropped already" in text(one(gm(home, "DROP east\n"), "gm@example.org"))
    quiet = (mail(home, "alice@example.org", N, "COMMIT 7\n")       # a phase report to all
             + gm(home, "RESEND ALL\nANNOUNCE Hello ENDANNOUNCE\nFORCE north\n"))
    assert to(quiet, "alice@example.org") and to(quiet, "bob@example.org") == []
    east = [e.by for e in game(home).record.entries if e.seat == "east"]
    assert east[0] == "east" and set(east[1:]) == {"bot:default"}      # the held PLAY never ran
    refused = mail(home, "bob@example.org", E, "PLAY 14 AT north\n")   # the old tag
    assert "not valid" in text(one(refused, "bob@example.org"))
    mails = gm(home, "ADD-ADDRESS east bob@example.org\n")
    assert "no longer dropped" in text(one(mails, "gm@example.org"))
    assert not game(home).server["dropped"]
    back = one(mails, "bob@example.org")
    new_tag = f"[fx-001 east {game(home).server['tokens']['east']}]"
    assert str(back["Subject"]) == new_tag + " status"
    assert "bob@example.org plays East again" in text(back)
    assert "bob@example.org plays East again" in text(one(mails, "alice@example.org"))
    assert game(home).seats["east"]["players"] == ["bob@example.org"]


def test_no_press_reaches_a_dropped_seat(home: Path) -> None:
    gm(home, "DROP east BECAUSE vanished\n")
    mails = mail(home, "alice@example.org", N, "PRESS TO east\nhello\nENDPRESS\n"
                 "PRESS TO ALL\nhi all\nENDPRESS\n")
    assert to(mails, "bob@example.org") == []
    receipt = text(one(mails, "alice@example.org"))
    assert "east is played by its defaults" in receipt
    assert "hi all" not in receipt                  # nobody else to relay ALL to


def test_clocks_remind_no_dropped_seat(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    home = make_home(tmp_path / "home")
    make_game(home, "fx-001", SEATS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"],
              now=T0, clocks={"default": "24h", "reminders": ["12h"]})
    with Store(home).transaction("fx-001") as g:     # dropped, not played yet
        g.server["dropped"] = {"east": "2026-11-21T12:00:00Z"}
    daemon = Daemon(home)
    assert ClockRunner(daemon.processor).fire(T0 + 13 * H) == 2
    daemon.send()
    reminders = [m for m in sent_mails(home) if "reminder" in str(m["Subject"])]
    assert [str(m["To"]) for m in reminders] == ["alice@example.org"]


def test_stuck_digest_is_mailed_at_the_moment_it_is_due(home: Path, monkeypatch) -> None:
    gm(home, "NMR hold\n")
    daemon = Daemon(home)
    assert daemon.duties.next_event() == T0 + 24 * H          # the deadline (grace 0)
    assert daemon.duties.digests(T0 + 24 * H - dt.timedelta(seconds=1)) == 0
    ClockRunner(daemon.processor).fire(T0 + 24 * H)
    assert daemon.duties.digests(T0 + 24 * H) == 1
    midnight = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)
    assert daemon.duties.next_event() == midnight             # tomorrow's, not an hour late
    assert daemon.duties.digests(midnight - dt.timedelta(seconds=1)) == 0
    assert daemon.duties.digests(midnight) == 1
    daemon.send()
    at(monkeypatch, midnight + 24 * H - 10 * dt.timedelta(seconds=1))
    assert daemon.seconds_to_next_event() == pytest.approx(10.5)
    gm(home, "EXTEND ALL 72h\n")                               # no longer stuck
    assert Daemon(home).duties.next_event() == T0 + 96 * H


def test_rollback_past_pause_resumes_the_clocks_and_says_so(home: Path,
                                                            monkeypatch) -> None:
    gm(home, "PAUSE BECAUSE holidays\nAS north COMMIT 7\n")
    at(monkeypatch, T0 + 5 * H)
    mails = gm(home, "ROLLBACK 0 BECAUSE paused by mistake\n")
    assert "the game is no longer paused (the record has no PAUSE in force): deadlines " \
           "moved by 5:00:00" in text(one(mails, "gm@example.org"))
    g = game(home)
    assert not g.clocks.paused and "paused_reminded_at" not in g.server
    assert {g.deadline(d) for d in g.decisions()} == {T0 + 29 * H}
    for addr in SEATS.values():
        body = text(one(mails, addr))
        assert "So the game is no longer paused: deadlines run again, moved by the paused " \
               "time (5:00:00)." in body and "The game is paused" not in body
    mails = gm(home, "ROLLFORWARD\n")
    assert "the game is paused again" in text(one(mails, "gm@example.org"))
    assert game(home).clocks.paused
    assert "So the game is paused again" in text(one(mails, "alice@example.org"))
    receipt = text(one(gm(home, "ROLLBACK 1\nROLLFORWARD\n"), "gm@example.org"))
    assert "restored 1 entries; told every seat" in receipt and "no longer paused" not in receipt


def test_bot_and_human_by_mail_tell_the_seat_each_bot_order(home: Path) -> None:
    """BOT <seat> <bot> by mail (issue 15): the bot answers the seat's questions (entries
    ``by: bot:<name>``) and the seat's address is mailed its orders as information, in the
    seat's language; ЧЕЛОВЕК (HUMAN) gives the seat back to its player."""
    mail(home, "bob@example.org", E, "LANGUAGE ru\n")
    mails = gm(home, "BOT east random BECAUSE away for a week\n")
    assert "east is played by the random bot" in text(one(mails, "gm@example.org"))
    told = one([m for m in mails if "Приказы бота" in str(m["Subject"])], "bob@example.org")
    assert "Бот random, который ходит за место «Восток», приказал: #" in text(told)
    g = game(home)
    assert g.server["bots"] == {"east": "random"}
    assert {e.by for e in g.record.entries if e.seat == "east"} == {"bot:random"}
    assert not g.decisions("east")
    played, later = len(g.record.entries), []
    for _ in range(6):                     # north plays until east's bot answers again
        g = game(home)
        if g.outcome() is not None or len(g.record.entries) > played + 1:
            break
        order = g.rules.order_text(next(iter(g.decisions("north")[0].options.orders())))
        later += to(mail(home, "alice@example.org", N, f"{order}\n"), "bob@example.org")
        assert not game(home).decisions("east")
    bots_orders = [e for e in game(home).record.entries[played:] if e.seat == "east"]
    assert bots_orders and {e.by for e in bots_orders} == {"bot:random"}
    assert any("Приказы бота random" in str(m["Subject"]) for m in later)
    mails = gm(home, "ЧЕЛОВЕК east\n")
    assert "bots" not in game(home).server
    back = text(one(mails, "bob@example.org"))       # the notice, with the seat's status
    assert "Бот больше не ходит за место «Восток»: его приказы снова отдают игроки." in back
    replay(game(home).rules, game(home).record, verify=True)


def test_a_game_of_an_older_rules_version_is_held_told_and_migrated(home: Path,
                                                                   monkeypatch) -> None:
    """The judge is upgraded (the installed rules' version goes up): the running game is
    held, every seat and the moderator are told once, an order is refused with the reason,
    no deadline fires; MIGRATE replays it under the new version and it goes on."""
    rules = type(game(home).rules)
    monkeypatch.setattr(rules, "version", rules.version + 1)
    mails = mail(home, "alice@example.org", N, "COMMIT 7\n")
    receipt = next(m for m in to(mails, "alice@example.org") if "Game held" not in
                   str(m["Subject"]))
    assert "is held: it was played under testgame rules version 1 and this judge runs " \
           "version 2" in text(receipt)
    held = [m for m in mails if "Game held" in str(m["Subject"])]
    assert {str(m["To"]) for m in held} == {*SEATS.values(), "gm@example.org"}
    assert "pbem mod fx-001 MIGRATE" in text(one(held, "gm@example.org"))
    assert game(home).record.entries == [] and game(home).pinned is not None
    assert ClockRunner(Daemon(home).processor).fire(T0 + 72 * H) == 0
    assert next_clock_event(game(home)) is None        # the daemon does not wake for it
    assert not [m for m in mail(home, "bob@example.org", E, "STATUS\n")
                if "Game held" in str(m["Subject"])]          # told once
    mails = gm(home, "MIGRATE BECAUSE the judge was upgraded\n")
    assert "migrated from rules_version 1 to 2: all 0 entries replayed and fit" in text(
        one(mails, "gm@example.org"))
    g = game(home)
    assert g.pinned is None and g.record.header.rules_version == 2
    assert [e.order for e in g.record.entries] == ["MIGRATE FROM 1"]
    assert "-> applied" in text(one(mail(home, "alice@example.org", N, "COMMIT 7\n"),
                                    "alice@example.org"))
