"""Observers, vacation limits, who is slow (issue 10, "Features players of other judges ask for") over
the Maildir transport (no servers)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from pbem.store import Store
from tests.unit_mail.test_mail_moderation import E, GM, N, T0, game, gm, mail, one, text, to
from tests.unit_mail.test_mail_moderation import home  # noqa: F401  (the fixture)

FAN = "fan@example.org"


@pytest.fixture
def capped(home: Path) -> Path:
    """fx-001 of the moderation tests, with a cap of 5 vacation days per seat."""
    with Store(home).transaction("fx-001") as started:
        started.record.header.options["vacation_days"] = 5
    return home


def secrets(home: Path) -> set[str]:
    g = game(home)
    return set().union(*g.rules.secrets(g.state).values())


def observer_tag(home: Path, address: str = FAN) -> str:
    return f"[fx-001 observer {game(home).server['tokens']['observer:' + address]}]"


def test_observer_gets_public_reports_only_never_a_secret(home: Path) -> None:
    added = gm(home, "OBSERVER ADD fan@example.org\nOBSERVER ADD fan2@example.org LANGUAGE ru\n")
    assert "fan@example.org observes fx-001" in text(one(added, "gm@example.org"))
    seen = {FAN: [one(added, FAN)], "fan2@example.org": [one(added, "fan2@example.org")]}
    assert "You observe game fx-001" in text(seen[FAN][0])
    assert "Вы наблюдаете за партией fx-001" in text(seen["fan2@example.org"][0])
    assert game(home).record.header.observers[1] == {"address": "fan2@example.org",
                                                      "lang": "ru"}
    steps = [("alice@example.org", N, "COMMIT 7\n"),
             ("bob@example.org", E, "COMMIT 4\nPRESS TO north\nsecret plan\nENDPRESS\n"),
             ("alice@example.org", N, "PASS\n"), ("gm@example.org", GM, "END draw")]
    for sender, tag, body in steps:
        mails = mail(home, sender, tag, body)
        hidden = secrets(home)                      # what is secret when the mails left
        for address in seen:
            seen[address] += to(mails, address)
            for sent in to(mails, address):
                assert not any(name in text(sent) for name in hidden), text(sent)
                assert not [w for w in ("secret plan", "Your hand", "Ваши карты")
                            if w in text(sent)]
    assert game(home).outcome() is not None
    assert to(gm(home, "RESEND ALL"), FAN) == []    # one end-of-game mail only
    assert "The dice seed is now public" in text(seen[FAN][-1])
    assert all(len(mails) >= 3 for mails in seen.values())
    reply = mail(home, FAN, observer_tag(home), "COMMIT 7\n")
    assert "observers cannot give orders" in text(one(reply, FAN))
    assert to(reply, "alice@example.org") == []


def test_observer_end_of_game_mail_and_status_and_removal(home: Path) -> None:
    gm(home, "OBSERVER ADD fan@example.org")
    status = mail(home, FAN, observer_tag(home), "STATUS\n")
    assert "Status of fx-001" in text(one(status, FAN))
    refused = mail(home, "mallory@example.org", observer_tag(home), "STATUS\n")
    assert to(refused, FAN) == [] and "not valid" in text(one(refused, "mallory@example.org"))
    tag = observer_tag(home)
    ended = gm(home, "END players agreed a draw")
    assert "The dice seed is now public: s1" in text(one(ended, FAN))
    gm(home, "OBSERVER REMOVE fan@example.org")
    assert game(home).record.header.observers == []
    assert "not valid" in text(one(mail(home, FAN, tag, "STATUS\n"), FAN))


def test_observer_from_the_shell_and_replay_unaffected(home: Path) -> None:
    from click.testing import CliRunner

    from engine.record import replay
    from pbem.cli import main
    result = CliRunner().invoke(main, ["--home", str(home), "mod", "fx-001", "OBSERVER",
                                       "ADD", FAN])
    assert result.exit_code == 0, result.output
    g = game(home)
    assert [o["address"] for o in g.record.header.observers] == [FAN]
    assert g.record.last_seq == 0                   # no entry: replay is unaffected
    replay(g.rules, g.record)
    bad = CliRunner().invoke(main, ["--home", str(home), "mod", "fx-001", "OBSERVER", "ADD",
                                    "alice@example.org"])
    assert bad.exit_code != 0 and "plays in fx-001" in bad.output


def test_vacation_cap_refuses_with_days_left_and_moderator_grants_more(capped: Path) -> None:
    home = capped
    ok = mail(home, "alice@example.org", N, "VACATION 2026-12-01 TO 2026-12-03\n")
    assert "vacation 2026-12-01 to 2026-12-03 recorded" in text(one(ok, "alice@example.org"))
    refused = mail(home, "alice@example.org", N, "VACATION 2026-12-10 TO 2026-12-12\n")
    assert "allows 5 day(s)" in text(one(refused, "alice@example.org"))
    assert "you have 2 left" in text(one(refused, "alice@example.org"))
    mail(home, "alice@example.org", N, "LANGUAGE ru\n")
    ru = mail(home, "alice@example.org", N, "ОТПУСК 10.12.2026 ПО 12.12.2026\n")
    assert "у вас осталось 2 дн." in text(one(ru, "alice@example.org"))
    assert game(home).clocks.days_taken("north") == 3
    granted = gm(home, "GRANT-VACATION north 2026-12-10 2026-12-31 BECAUSE surgery")
    assert "Отпуск разрешён" in str(one(granted, "alice@example.org")["Subject"])
    g = game(home)
    assert g.clocks.days_taken("north") == 3        # granted days are not counted
    assert g.record.entries[-1].order == "GRANT-VACATION north 2026-12-10 2026-12-31"
    again = mail(home, "alice@example.org", N, "ОТПУСК 01.01.2027 ПО 02.01.2027\n")
    assert "записан" in text(one(again, "alice@example.org"))


def test_no_cap_without_the_option(home: Path) -> None:
    ok = mail(home, "alice@example.org", N, "VACATION 2026-12-01 TO 2027-01-30\n")
    assert "recorded" in text(one(ok, "alice@example.org"))


def test_who_is_slow_in_pbem_games_stats_and_the_end_of_game_mail(home: Path,
                                                                   monkeypatch) -> None:
    from click.testing import CliRunner

    from pbem.cli import main
    from pbem.stats import reply_stats
    from tests.unit_mail.test_mail_moderation import at, run
    at(monkeypatch, T0 + dt.timedelta(hours=3))
    mail(home, "alice@example.org", N, "COMMIT 7\n")          # north: asked at T0, 3 h
    at(monkeypatch, T0 + dt.timedelta(hours=5))
    mail(home, "bob@example.org", E, "COMMIT 4\n")            # east: asked at T0, 5 h
    asked = T0 + dt.timedelta(hours=5)                        # north's turn opens now
    at(monkeypatch, asked + dt.timedelta(hours=25))           # past the 24 h deadline
    run(home)
    g = game(home)
    assert [e.by for e in g.record.entries][-1] == "clock"
    stats = reply_stats(g)
    assert stats["north"] == {"median": 3 * 3600.0, "replies": 1, "missed": 1}
    assert stats["east"] == {"median": 5 * 3600.0, "replies": 1, "missed": 0}
    out = CliRunner().invoke(main, ["--home", str(home), "games", "--stats"])
    assert out.exit_code == 0, out.output
    assert "North: median reply 3h, 1 missed deadline(s), 1 repl(ies)" in out.output
    assert "East: median reply 5h, 0 missed deadline(s), 1 repl(ies)" in out.output
    mail(home, "bob@example.org", E, "LANGUAGE ru\n")
    ended = gm(home, "END draw")
    assert "Who is slow North: median reply 3h, 1 missed deadline(s)" in \
        text(one(ended, "alice@example.org"))
    assert "Кто медлит" in text(one(ended, "bob@example.org"))
