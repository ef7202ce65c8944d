"""What the pbem command checks before it acts (issue 10): refusals with their hints,
addresses, clock durations, seat names in any case, and `pbem games` (header, paused)."""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from engine.clocks import ClockError, clock_settings, new_clock_settings
from engine.contract import IllegalOrder
from pbem.addresses import AddressError, check_address
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.store import Store

from test_cli_errors import run_pbem

NEW = ["new", "duel", "--rules", "testgame", "--moderator", "gm@example.org", "--seed", "s",
       "--no-welcome"]


def ok(*argv: str) -> str:
    code, out, err = run_pbem(list(argv))
    assert code == 0, err
    return out


def error(*argv: str) -> str:
    code, out, err = run_pbem(list(argv))
    assert code == 1 and len(err.strip().splitlines()) == 1, (out, err)
    return err


@pytest.fixture
def duel(home: Path) -> str:
    ok(*NEW, "--seat", "north=n@example.org", "--seat", "east=e@example.org")
    return "duel"


def test_a_refusal_shows_its_hints():
    assert str(IllegalOrder("no such seat", ["north", "east"])) == \
        "no such seat (did you mean: north; east?)"
    assert str(IllegalOrder("no such seat")) == "no such seat"


def test_the_cli_shows_the_hints_of_a_refusal(duel):
    assert "duel has no seat 'moon' (did you mean: north; east?)" in error(
        "status", "duel", "--as", "moon")
    assert "did you mean: REPLACE north ann@example.org?" in error(
        "mod", "duel", "REPLACE", "north", "notanemail")


@pytest.mark.parametrize("text,problem", [
    ("notanemail", "it has no @"), ("a@", "no domain"), ("a@b", "has no dot"),
    ("Ann <a@b.org>", "without a name"), ("a@b.org\r\nBcc: e@evil.org", "line break"),
    ("a b@c.org", "characters an address cannot have"), ("a@b.org,c@d.org", "characters")])
def test_an_address_is_one_bare_address(text, problem):
    with pytest.raises(AddressError, match=problem):
        check_address(text)


def test_an_address_is_kept_lower_case():
    assert check_address(" Ann@Example.ORG ") == "ann@example.org"


def test_new_refuses_bad_addresses_and_keeps_good_ones(home):
    assert "'notanemail' is not an email address: it has no @ (write e.g. ann@example.org)" \
        in error(*NEW, "--seat", "north=notanemail", "--seat", "east=e@example.org")
    assert "is not an email address" in error(*NEW, "--seat", "north=n@example.org",
                                              "--seat", "east=e@example.org",
                                              "--moderator", "Gm <gm@example.org>")
    assert not Store(home).game_ids()
    ok(*NEW, "--seat", "North=N@Example.org", "--seat", "east=e@example.org")
    assert Store(home).load("duel").seats["north"]["players"] == ["n@example.org"]


def test_moderator_replace_and_add_address_check_the_address_by_cli(duel, home):
    for command in (["REPLACE", "north", "notanemail"], ["ADD-ADDRESS", "east", "e2@"],
                    ["REPLACE", "north", "n2@example"]):
        assert "is not an email address" in error("mod", "duel", *command)
    assert Store(home).load("duel").seats["north"]["players"] == ["n@example.org"]
    ok("mod", "duel", "ADD-ADDRESS", "East", "E2@example.org")
    assert Store(home).load("duel").seats["east"]["players"] == ["e@example.org",
                                                                  "e2@example.org"]


def test_moderator_replace_checks_the_address_by_mail(tmp_path, monkeypatch):
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    home = make_home(tmp_path / "home")
    make_game(home, "fx-001", {"north": "a@example.org", "east": "b@example.org"},
              tokens={"north": "tk7f3q", "east": "tb9x2m", "moderator:gm@example.org": "tgm4k8"},
              moderators=["gm@example.org"])
    drop(home, "gm", player_mail("gm@example.org", "[fx-001 moderator tgm4k8]",
                                 "REPLACE east bob-at-example.org\n", "<gm-1@x>"))
    Daemon(home).run_once()
    reply = [m for m in sent_mails(home) if "gm@example.org" in str(m["To"])][-1]
    body = " ".join(reply.get_body(("plain",)).get_content().split())
    assert "'bob-at-example.org' is not an email address: it has no @" in body
    assert Store(home).load("fx-001").seats["east"]["players"] == ["b@example.org"]


def test_new_games_have_clocks_of_at_least_an_hour(home):
    err = error(*NEW, "--seat", "north=n@example.org", "--seat", "east=e@example.org",
                "--clock", "impulse=0h")
    assert "impulse=0h is too short: the impulse clock is at least 1h (write e.g. " \
           "impulse=24h)" in err
    with pytest.raises(ClockError, match="at least 1h"):
        new_clock_settings({"negotiation": "59m"})
    with pytest.raises(ClockError, match="reminder"):
        new_clock_settings({"reminders": ["0h"]})
    assert new_clock_settings({"impulse": "1h"})["impulse"] == "1h"
    assert clock_settings({"impulse": "10m"})["impulse"] == "10m"   # old archives still load
    ok(*NEW, "--seat", "north=n@example.org", "--seat", "east=e@example.org",
       "--clock", "default=1h")


def test_seat_names_in_any_case(duel, home):
    assert "Private report for North" in ok("status", "duel", "--as", "NORTH")
    card = re.findall(r"^  #(\d+) ", ok("status", "duel", "--as", "North"), re.M)[0]
    assert "(entry 1)" in ok("order", "duel", "North", f"COMMIT {card}")
    assert "duel: " in ok("mod", "duel", "FORCE", "East")
    assert Store(home).load("duel").record.last_seq == 2


def test_games_has_a_header_and_shows_a_paused_game(duel):
    lines = ok("games").splitlines()
    assert lines[0] == "GAME\tRULES\tPHASE\tSTATE\tNEXT DEADLINE"
    assert re.match(r"^duel\ttestgame\tcommit\tawaiting east, north\t2026-11-23 12:00 UTC$",
                    lines[1])
    ok("mod", "duel", "PAUSE")
    assert ok("games").splitlines()[1] == "duel\ttestgame\tcommit\tpaused, awaiting east, " \
                                          "north\t-"
    ok("mod", "duel", "RESUME")
    assert "\tawaiting east, north\t2026-11-23" in ok("games")


def test_a_missing_home_is_an_error_not_no_games(tmp_path):
    err = error("--home", str(tmp_path / "nowhere"), "games")
    assert f"the server home {tmp_path / 'nowhere'} does not exist (create one with " \
           f"`pbem init {tmp_path / 'nowhere'}`" in err
    ok("--home", str(tmp_path / "empty"), "init")
    assert ok("--home", str(tmp_path / "empty"), "games").startswith("no games in")
