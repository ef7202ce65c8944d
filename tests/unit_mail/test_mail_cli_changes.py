"""A change made in a shell (``pbem order``, ``pbem mod``, ``pbem new``) is mailed by the
next ``pbem run`` exactly as a mailed order's would be, rendered from the game as it is
when the mails go out (Maildir transport; the real servers: tests/mail)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main
from pbem.daemon import Daemon
from pbem.demo import drop, player_mail, sent_mails
from pbem.store import Store

ADDRESS = {"north": "alice@example.org", "east": "bob@example.org"}


def cli(home: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["--home", str(home), *args])
    assert result.exit_code == 0, result.output
    return result.output


def run(home: Path) -> list:
    before = len(sent_mails(home))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def to(mails: list, seat: str) -> list:
    return [m for m in mails if str(m["To"]) == ADDRESS[seat]]


def text(msg) -> str:
    return msg.get_body(("plain",)).get_content()


def commit_both(home: Path) -> str:
    """North and east commit a card each from the shell; returns the seat asked next."""
    game = Store(home).load("fx-001")
    for seat in ("north", "east"):
        cli(home, "order", "fx-001", seat, f"COMMIT {game.view(seat)['hand'][0]['number']}")
    return Store(home).load("fx-001").decisions()[0].seat


def test_pbem_order_then_run_mails_the_seat_asked_next(mailhome: Path) -> None:
    assert run(mailhome) == []
    nxt = commit_both(mailhome)
    mails = run(mailhome)
    prompt = to(mails, nxt)
    assert len(prompt) == 1 and str(prompt[0]["Subject"]).endswith("you are asked")
    assert "Asked of you now" in text(prompt[0])
    other = "east" if nxt == "north" else "north"
    assert len(to(mails, other)) == 1                   # its copy: what happened
    assert "R1: commits" in text(to(mails, other)[0])
    assert run(mailhome) == []                          # exactly once


def test_a_mail_after_a_shell_order_carries_its_prompts_once(mailhome: Path) -> None:
    game = Store(mailhome).load("fx-001")
    cli(mailhome, "order", "fx-001", "north", f"COMMIT {game.view('north')['hand'][0]['number']}")
    card = game.view("east")["hand"][0]["number"]
    drop(mailhome, "e", player_mail(ADDRESS["east"], "[fx-001 east tb9x2m]", f"COMMIT {card}\n",
                                    "<e-1@x>"))
    mails = run(mailhome)
    nxt = Store(mailhome).load("fx-001").decisions()[0].seat
    subjects = [str(m["Subject"]) for m in to(mails, nxt)]
    assert sum(s.endswith("you are asked") for s in subjects) == (1 if nxt == "north" else 0)
    assert sum("receipt" in s for s in subjects) == (1 if nxt == "east" else 0)
    assert run(mailhome) == []


def test_pbem_mod_force_then_run_prompts_the_seats_asked(mailhome: Path) -> None:
    cli(mailhome, "mod", "fx-001", "FORCE", "north")
    cli(mailhome, "mod", "fx-001", "FORCE", "east")
    nxt = Store(mailhome).load("fx-001").decisions()[0].seat
    mails = run(mailhome)
    assert any(str(m["Subject"]).endswith("you are asked") for m in to(mails, nxt))
    assert run(mailhome) == []


def test_welcome_of_a_game_that_moved_shows_it_as_it_is_when_sent(tmp_path: Path) -> None:
    from pbem.demo import make_home
    home = make_home(tmp_path / "h")
    cli(home, "new", "fx-002", "--rules", "testgame", "--seed", "s1",
        "--seat", f"north={ADDRESS['north']}", "--seat", f"east={ADDRESS['east']}")
    game = Store(home).load("fx-002")
    for seat in ("north", "east"):
        cli(home, "order", "fx-002", seat, f"COMMIT {game.view(seat)['hand'][0]['number']}")
    mails = run(home)
    for seat in ("north", "east"):
        assert len(to(mails, seat)) == 1                # the welcome, not a prompt too
        welcome = text(to(mails, seat)[0])
        assert str(to(mails, seat)[0]["Subject"]).endswith("welcome to fx-002")
        assert "entry 2" in welcome and "entry 0" not in welcome
    assert run(home) == []


def test_a_failed_mailing_pass_loses_nothing(mailhome: Path, monkeypatch) -> None:
    import pbem.mail.outgoing as outgoing     # what the duties write their prompts with
    nxt = commit_both(mailhome)
    real = outgoing.prompt_mails

    def broken(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(outgoing, "prompt_mails", broken)
    assert run(mailhome) == []                          # the pass failed, rolled back
    monkeypatch.setattr(outgoing, "prompt_mails", real)
    mails = run(mailhome)
    assert [str(m["Subject"]).endswith("you are asked") for m in to(mails, nxt)] == [True]
    assert run(mailhome) == []
