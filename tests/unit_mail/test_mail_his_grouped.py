"""Here I Stand with fewer players (§3.1, L168-L173) by mail: a 3-player and a 4-player game
made by ``pbem new`` with grouped seats (``--seat hapsburg+papacy=...``), played a few
questions through the Maildir transport.  One player answers every question of its powers,
gets one mail for all of them (its hand with each card's power marked), names the power
when it wants (``Papacy: ...``), and the player writing in Russian reads Russian."""
from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main
from pbem.daemon import Daemon
from pbem.demo import drop, make_home, player_mail, sent_mails
from pbem.store import Store
from pbem.timesource import now

THREE = ("hapsburg+papacy", "england+protestant", "ottoman+france")
FOUR = ("ottoman", "hapsburg+papacy", "england+protestant", "france")


def _new(home: Path, seats: tuple[str, ...], *extra: str) -> dict[str, str]:
    """`pbem new g ...` with player i at p<i>@example.org (the first in Russian): the
    subject tag of each seat."""
    make_home(home)
    args = ["new", "g", "--rules", "here-i-stand", "--seed", "s1", *extra]
    for i, seat in enumerate(seats):
        args += ["--seat", f"{seat}=p{i}@example.org"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return dict(re.findall(r"  (\S+): subject tag (\[g \S+ \S+\])", result.output))


def _send(home: Path, tags: dict[str, str], seat: str, body: str, mid: str) -> list[str]:
    before = len(sent_mails(home))
    i = list(tags).index(seat)
    drop(home, mid, player_mail(f"p{i}@example.org", tags[seat], body, f"<{mid}@x>"))
    Daemon(home).run_once()
    return [m.get_body(("plain",)).get_content() for m in sent_mails(home)[before:]
            if str(m["To"]) == f"p{i}@example.org"]


def test_three_players_by_mail(home: Path):
    tags = _new(home, THREE)
    assert list(tags) == list(THREE)
    with Store(home).transaction("g") as game:
        game.seats["hapsburg+papacy"]["lang"] = "ru"
    game = Store(home).load("g")
    assert {d.seat for d in game.decisions()} <= set(THREE)
    # the 95 Theses (turn 1): the Protestants' questions go to the England+Protestant player
    assert [(d.seat, d.context["for_power"]) for d in game.decisions()] == [
        ("england+protestant", "protestant")]
    mails = "\n".join(_send(home, tags, "england+protestant",
                             "Protestant: REFORM Brandenburg", "m1"))
    assert "protestant: REFORM brandenburg" in mails and "-> applied" in mails
    refused = "\n".join(_send(home, tags, "england+protestant", "England: REFORM Leipzig",
                              "m2"))
    assert "rejected: this question is asked of Protestants" in refused
    _play_impulses(home, tags, "hapsburg+papacy")


def _defaults_until_action(home: Path) -> None:
    with Store(home).transaction("g") as game:
        while game.state["phase"] != "action":
            d = game.decisions()[0]
            game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                             source="test", at=now(), decision=d)


def _play_impulses(home: Path, tags: dict[str, str], russian: str) -> None:
    """Defaults until the action phase, then six questions answered by mail, each with its
    power named (the Russian player reads its prompts in Russian, its power named)."""
    _defaults_until_action(home)
    for n in range(6):
        game = Store(home).load("g")
        d = game.decisions()[0]
        power = d.context["for_power"]
        text = game.rules.order_text(game.rules.default(game.state, d))
        assert text.startswith(f"{power}: ")
        mails = "\n".join(_send(home, tags, d.seat, text, f"i{n}"))
        assert "-> applied" in mails or "-> применён" in mails, mails
    game = Store(home).load("g")
    assert game.state["phase"] == "action" and game.record.last_seq > 6
    ru = "\n".join(_send(home, tags, russian, "HAND", "r1"))
    assert "[Габсбурги]" in ru and "[Папство]" in ru


def test_four_players_hand_marked_and_russian(home: Path):
    tags = _new(home, FOUR)
    with Store(home).transaction("g") as game:
        game.seats["hapsburg+papacy"]["lang"] = "ru"
    status = _send(home, tags, "hapsburg+papacy", "HAND", "h1")[0]
    assert "[Габсбурги]" in status and "[Папство]" in status
    status = _send(home, tags, "england+protestant", "HAND", "h2")[0]
    assert "[England]" in status and "[Protestants]" in status
    assert "[Ottomans]" not in status and "[France]" not in status
    _play_impulses(home, tags, "hapsburg+papacy")
