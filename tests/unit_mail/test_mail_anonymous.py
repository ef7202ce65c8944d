"""Anonymous games (issue 10, "Features players of other judges ask for"): no mail to a
player shows another player's address, over the Maildir transport (no servers).  The same
game without the option still shows the addresses where it always did."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, send_welcome, sent_mails
from pbem.store import Store

SEATS = {"north": "alice@example.org", "east": "bob@example.org", "south": "carol@example.org"}
NEW_EAST, FAN, GM = "dave@example.org", "fan@example.org", "gm@example.org"
PLAYERS = {*SEATS.values(), NEW_EAST}
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


def start(tmp_path: Path, *, anonymous: bool, rules: str = "testgame",
          seats: dict[str, str] = SEATS, game_id: str = "an-1") -> Path:
    home = make_home(tmp_path / "home")
    make_game(home, game_id, seats, seed="anon", moderators=[GM], rules=rules,
              options={"anonymous": True} if anonymous else {})
    send_welcome(home, game_id)
    return home


class Table:
    """Sends the players' and the moderator's mails of one game, keeps every mail sent."""

    def __init__(self, home: Path, game_id: str = "an-1") -> None:
        self.home, self.game_id, self.sent = home, game_id, []
        self.count = 0
        self.run()

    def game(self):
        return Store(self.home).load(self.game_id)

    def run(self) -> list:
        before = len(sent_mails(self.home))
        Daemon(self.home).run_once()
        new = sent_mails(self.home)[before:]
        self.sent += new
        return new

    def tag(self, seat: str) -> str:
        key = f"moderator:{GM}" if seat == "moderator" else seat
        return f"[{self.game_id} {seat} {self.game().server['tokens'][key]}]"

    def send(self, sender: str, tag: str, body: str) -> list:
        self.count += 1
        drop(self.home, f"m{self.count}", player_mail(sender, tag, body, f"<a{self.count}@x>"))
        return self.run()

    def seat(self, seat: str, body: str = "", *, default: bool = True) -> list:
        """`seat`'s player writes `body`, and its default answer when it is asked."""
        game = self.game()
        asked = game.decisions(seat)
        if default and asked:
            body += game.rules.order_text(game.rules.default(game.state, asked[0])) + "\n"
        return self.send(game.seats[seat]["players"][0], self.tag(seat), body)

    def gm(self, body: str) -> list:
        return self.send(GM, self.tag("moderator"), body)

    def defaults(self, n: int) -> None:
        for _ in range(n):
            game = self.game()
            if game.outcome() is not None or not game.decisions():
                return
            self.seat(game.decisions()[0].seat)


def texts(msg) -> list[tuple[str, str]]:
    """(where, text) of every header and every text part of `msg` (plain and HTML)."""
    found = [(f"header {k}", str(v)) for k, v in msg.items()]
    for part in msg.walk():
        if part.get_content_maintype() == "text":
            found.append((part.get_content_type(), part.get_content()))
    return found


def leaks(mails: list, players: set[str] = PLAYERS) -> set[tuple[str, str, str]]:
    """(recipient, another player's address, where) for each mail not to a moderator."""
    found = set()
    for msg in mails:
        recipients = set(ADDRESS.findall(str(msg["To"])))
        if GM in recipients:
            continue
        for where, text in texts(msg):
            for address in set(ADDRESS.findall(text)) & (players - recipients):
                found.add((", ".join(sorted(recipients)), address, where))
    return found


def play(table: Table) -> None:
    """Welcome, press, orders, a REPLACE, HISTORY, a mail with another seat's tag, END."""
    table.seat("north", "PRESS TO ALL\nhello from the north\nENDPRESS\n")
    table.seat("east", "PRESS TO north\nlet us share the spoils\nENDPRESS\n")
    table.gm(f"REPLACE east {NEW_EAST} BECAUSE bob moved away\nOBSERVER ADD {FAN}\n")
    table.send(NEW_EAST, table.tag("east"),
               "HISTORY 20\nSTATUS\nPRESS TO north, south\nthe new east says hi\nENDPRESS\n")
    table.seat("south", "HISTORY 20\n")
    table.send(SEATS["south"], table.tag("north"), "PASS\n")     # carol with north's tag
    table.send(SEATS["east"], table.tag("east"), "STATUS\n")     # bob, no longer playing
    table.defaults(4)
    table.seat("north", "HISTORY 20\n", default=False)
    table.gm("END a friendly draw")


def test_no_mail_to_a_player_shows_another_players_address(tmp_path: Path) -> None:
    table = Table(start(tmp_path, anonymous=True))
    play(table)
    game = table.game()
    assert game.outcome() is not None and game.record.header.options["anonymous"] is True
    got = {a: [m for m in table.sent if a in str(m["To"])] for a in [*PLAYERS, FAN]}
    assert all(got.values()), {a: len(m) for a, m in got.items()}
    assert leaks(table.sent) == set()
    bodies = {a: " ".join(" ".join(t.split()) for m in got[a] for _, t in texts(m))
              for a in got}
    assert "A new player now plays East" in bodies[SEATS["north"]]
    assert "to a new player" in bodies[SEATS["east"]]          # the old player's notice
    assert "hello from the north" in bodies[SEATS["east"]]
    press = [m for m in table.sent if "press from" in str(m["Subject"])]
    assert len(press) == 5 and all(m["From"] == "pbem judge <judge@example.org>" for m in press)
    assert all(f"press from {seat}" in " ".join(str(m["Subject"]) for m in press)
               for seat in ("north", "east"))
    assert "the new east says hi" in bodies[SEATS["north"]]
    assert "REPLACE east (address hidden: anonymous game)" in bodies[SEATS["north"]]
    assert "from an address not registered for your seat" in bodies[SEATS["north"]]
    assert "game over" in " ".join(str(m["Subject"]) for m in got[SEATS["south"]])
    moderator = " ".join(" ".join(t for _, t in texts(m)) for m in table.sent
                         if GM in str(m["To"]))
    assert f"east is now played by {NEW_EAST}" in moderator     # moderators see addresses
    history = table.gm("HISTORY 20\n")
    assert f"REPLACE east {NEW_EAST}" in " ".join(t for _, t in texts(history[0]))


def test_without_the_option_the_addresses_show_where_they_did(tmp_path: Path) -> None:
    table = Table(start(tmp_path, anonymous=False))
    play(table)
    shown = {(to, address) for to, address, _ in leaks(table.sent)}
    assert {(SEATS["north"], NEW_EAST),                # the notice and HISTORY name dave
            (SEATS["north"], SEATS["east"]),           # ... and the player he replaced
            (SEATS["east"], NEW_EAST),                 # bob is told who took his seat
            (SEATS["north"], SEATS["south"])} <= shown  # the spoofed-tag warning names carol


def test_here_i_stand_anonymous_mails_name_no_other_player(tmp_path: Path) -> None:
    powers = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
    seats = {p: f"{p}@example.org" for p in powers}
    home = start(tmp_path, anonymous=True, rules="here-i-stand", seats=seats, game_id="his-a")
    table = Table(home, "his-a")
    table.seat("france", "PRESS TO ALL\nVive le roi\nENDPRESS\nHISTORY 10\n")
    table.defaults(3)
    table.gm("REPLACE england henry@example.org\n")
    table.send("henry@example.org", table.tag("england"), "HISTORY 10\nSTATUS\nHAND\n")
    assert len(table.sent) > 12
    assert leaks(table.sent, {*seats.values(), "henry@example.org"}) == set()
    assert "Vive le roi" in " ".join(t for m in table.sent if "ottoman@" in str(m["To"])
                                     for _, t in texts(m))


@pytest.mark.parametrize("anonymous", [True, False])
def test_public_archive_has_no_address_and_still_verifies(tmp_path: Path,
                                                          anonymous: bool) -> None:
    table = Table(start(tmp_path, anonymous=anonymous))
    play(table)
    home = table.home
    full = CliRunner().invoke(main, ["--home", str(home), "archive", "an-1"])
    assert full.exit_code == 0 and NEW_EAST in full.output and FAN in full.output
    out = tmp_path / "public.yaml"
    public = CliRunner().invoke(main, ["--home", str(home), "archive", "an-1", "--public",
                                       "-o", str(out)])
    assert public.exit_code == 0, public.output
    text = out.read_text()
    assert not (set(ADDRESS.findall(text)) & (PLAYERS | {FAN})), text
    assert "REPLACE east <hidden>" in text and GM in text      # the moderator stays named
    replayed = CliRunner().invoke(main, ["replay", str(out), "--verify"])
    assert replayed.exit_code == 0 and "every state hash verified" in replayed.output, \
        replayed.output


def test_pbem_new_anonymous_sets_the_judge_option(tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = CliRunner().invoke(main, ["--home", str(home), "new", "an-2", "--rules", "testgame",
                                       "--seat", "north=ann@example.org", "--seat",
                                       "east=bob@example.org", "--anonymous", "--no-welcome"])
    assert result.exit_code == 0, result.output
    game = Store(home).load("an-2")
    assert game.record.header.options == {"anonymous": True}
