"""Hostile-mail fuzz bench (run by hand: ``python bench/fuzz_mail.py [--mails 100000]``).

A seeded generator writes hostile mails of 17 kinds -- random bytes, truncated MIME,
50-deep multiparts, 5 MB bodies, header injection, NUL bytes, bad charsets, huge lines,
RFC 2047 abuse, several From, no From, homoglyph seats, a wrong sender, another seat's
token, another game's token, bounces, auto-reply loops -- some with a failing
``Authentication-Results``, mixed with honest players' mails (commands, some delivered
twice by another path), into the Maildir inbox of a fresh server home with three games,
and runs the real daemon (``Daemon.run_once``: the whole pipeline, Maildir transport,
nothing mocked) on each chunk.  Loopback only: nothing leaves the temporary home.

Measured:
- crashes: exceptions out of the daemon, and error records in its log (an unreadable
  mail, an internal error);
- unanswered-but-owed: honest mails with no receipt;
- to-unregistered: mails sent to addresses no game knows (goal: at most
  ``limits.stranger_replies_hour`` an hour), max-per-recipient: the most mails sent to one
  such address (goal: one a day), owner digests (goal: one per seat an hour);
- replay-verified: every game's record replayed with its seed, state hashes checked.

The last line is exactly:
``fuzz: mails N, crashes 0, unanswered-but-owed 0, to-unregistered K, max-per-recipient M,
replay-verified G/G`` (on one line).
"""
from __future__ import annotations

import argparse
import base64
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine import registry  # noqa: E402
from engine.archive import load_yaml, record_from_data  # noqa: E402
from engine.record import replay  # noqa: E402
from pbem.config import DEFAULT_CONFIG  # noqa: E402
from pbem.daemon import Daemon  # noqa: E402
from pbem.demo import make_game, make_home, player_mail  # noqa: E402
from pbem.mail.outbox import Entry  # noqa: E402
from pbem.store import Store  # noqa: E402

JUDGE = "judge@example.org"
MX = "mx.example.org"
#: every seat has two addresses: honest mails come from the first, hostile ones from the
#: second (so the rate limit those earn never holds back an honest receipt)
GAMES = {f"fz-{n}": {seat: [f"{seat}{n}@players.example", f"{seat}{n}b@players.example"]
                     for seat in ("north", "east")} for n in range(1, 4)}
KINDS = ("random_bytes", "truncated_mime", "deep_multipart", "big_body", "header_injection",
         "nul_bytes", "bad_charset", "huge_line", "rfc2047_abuse", "multiple_from",
         "missing_from", "homoglyph_seat", "wrong_sender", "other_seat_token",
         "other_game_token", "bounce", "auto_reply_loop")


class Counting(logging.Handler):
    """Counts the daemon's error records (an unreadable mail, an internal error)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if len(self.first) < 5:
            self.first.append(record.getMessage()[:300])


class Hostile:
    """The seeded generator: `mail(kind)` is one hostile mail's raw bytes."""

    def __init__(self, rng: random.Random, tokens: dict[str, dict[str, str]]) -> None:
        self.rng = rng
        self.tokens = tokens
        self.n = 0
        self.strangers = [f"s{i}@strangers.example" for i in range(500)]

    def mid(self) -> str:
        self.n += 1
        return f"<fz-{self.n}-{self.rng.randrange(1 << 30)}@fuzz.example>"

    def stranger(self) -> str:
        return self.rng.choice(self.strangers)

    def tag(self, game: str | None = None, seat: str | None = None) -> str:
        game = game or self.rng.choice(sorted(GAMES))
        seat = seat or self.rng.choice(sorted(GAMES[game]))
        return f"[{game} {seat} {self.tokens[game][seat]}]"

    def auth(self) -> str:
        """Sometimes a failing verdict of the trusted server, sometimes a forged one."""
        roll = self.rng.random()
        if roll < 0.2:
            return f"Authentication-Results: {MX}; spf=fail smtp.mailfrom=x; dmarc=fail\r\n"
        if roll < 0.3:
            return "Authentication-Results: evil.example; dkim=pass header.d=players.example\r\n"
        return ""

    def plain(self, sender: str, subject: str, body: str, extra: str = "") -> bytes:
        return player_mail(sender, subject, body, self.mid(), extra=extra + self.auth())

    def mail(self, kind: str) -> bytes:
        return getattr(self, kind)()

    def random_bytes(self) -> bytes:
        return self.rng.randbytes(self.rng.randrange(1, 3000))

    def truncated_mime(self) -> bytes:
        whole = (f"From: <{self.stranger()}>\r\nSubject: {self.tag()}\r\nMessage-ID: "
                 f"{self.mid()}\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; "
                 "boundary=\"b1\"\r\n\r\n--b1\r\nContent-Type: text/plain\r\n\r\nCOMMIT 7\r\n"
                 "--b1\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding:"
                 " base64\r\n\r\n" + base64.b64encode(self.rng.randbytes(600)).decode() +
                 "\r\n--b1--\r\n").encode()
        return whole[:self.rng.randrange(20, len(whole))]

    def deep_multipart(self) -> bytes:
        depth = 50
        head = "".join(f"Content-Type: multipart/mixed; boundary=\"d{i}\"\r\n\r\n--d{i}\r\n"
                       for i in range(depth))
        tail = "".join(f"\r\n--d{i}--" for i in reversed(range(depth)))
        return (f"From: <{self.stranger()}>\r\nSubject: {self.tag()}\r\nMessage-ID: "
                f"{self.mid()}\r\nMIME-Version: 1.0\r\n" + head +
                "Content-Type: text/plain\r\n\r\nSTATUS" + tail + "\r\n").encode()

    def big_body(self) -> bytes:
        return self.plain(self.stranger(), self.tag(), "PASS\n" + "x" * (5 << 20))

    def header_injection(self) -> bytes:
        victim = "victim@victims.example"
        subject = f"=?utf-8?q?{self.tag()}=0D=0ABcc=3A_{victim}?="
        return (f"From: <{self.stranger()}>\r\nSubject: {subject}\r\nMessage-ID: {self.mid()}"
                f"\r\nReply-To: x@y.example\r\n\tBcc: {victim}\r\n\r\nSTATUS\r\n").encode()

    def nul_bytes(self) -> bytes:
        return (f"From: <{self.stranger()}\x00{self.stranger()}>\r\nSubject: {self.tag()}\x00"
                f"\r\nMessage-ID: {self.mid()}\r\n\r\nCOMMIT\x00 7\r\n").encode()

    def bad_charset(self) -> bytes:
        charset = self.rng.choice(["x-unknown", "utf-7", "us-ascii", "koi8-r", "\"\"", "utf-8"])
        return (f"From: <{self.stranger()}>\r\nSubject: {self.tag()}\r\nMessage-ID: "
                f"{self.mid()}\r\nContent-Type: text/plain; charset={charset}\r\n"
                "Content-Transfer-Encoding: 8bit\r\n\r\n").encode() + self.rng.randbytes(300)

    def huge_line(self) -> bytes:
        return self.plain(self.stranger(), self.tag(), "STATUS " + "y" * 200_000 + "\n")

    def rfc2047_abuse(self) -> bytes:
        words = ["=?utf-8?b?" + base64.b64encode(self.rng.randbytes(40)).decode() + "?=",
                 "=?x-bogus?q?=FF=FE?=", "=?utf-8?b?!!notbase64?=", "=?=?utf-8?q?a?=?="]
        subject = " ".join(self.rng.choice(words) for _ in range(30)) + " " + self.tag()
        return (f"From: =?utf-8?q?gm=40example=2Eorg?= <{self.stranger()}>\r\nSubject: "
                f"{subject}\r\nMessage-ID: {self.mid()}\r\n\r\nSTATUS\r\n").encode()

    def multiple_from(self) -> bytes:
        game = self.rng.choice(sorted(GAMES))
        return (f"From: <{self.stranger()}>\r\nFrom: <{GAMES[game]['north'][1]}>\r\n"
                f"Subject: {self.tag(game, 'north')}\r\nMessage-ID: {self.mid()}\r\n\r\n"
                "STATUS\r\n").encode()

    def missing_from(self) -> bytes:
        return f"Subject: {self.tag()}\r\nMessage-ID: {self.mid()}\r\n\r\nSTATUS\r\n".encode()

    def homoglyph_seat(self) -> bytes:
        game = self.rng.choice(sorted(GAMES))
        return self.plain(GAMES[game]["north"][1], f"[{game} n\u043erth "
                          f"{self.tokens[game]['north']}]", "STATUS\n")

    def wrong_sender(self) -> bytes:
        return self.plain(self.stranger(), self.tag(), "COMMIT 7\n")

    def other_seat_token(self) -> bytes:
        game = self.rng.choice(sorted(GAMES))
        return self.plain(GAMES[game]["east"][1], f"[{game} north {self.tokens[game]['east']}]",
                          "COMMIT 7\n")

    def other_game_token(self) -> bytes:
        one, two = self.rng.sample(sorted(GAMES), 2)
        return self.plain(GAMES[one]["north"][1], f"[{one} north {self.tokens[two]['north']}]",
                          "COMMIT 7\n")

    def bounce(self) -> bytes:
        return (f"From: MAILER-DAEMON@mx.strangers.example\r\nReturn-Path: <>\r\nSubject: "
                f"Undelivered Mail Returned to Sender\r\nMessage-ID: {self.mid()}\r\n"
                "Content-Type: multipart/report; report-type=delivery-status; "
                "boundary=\"r\"\r\n\r\n--r\r\n\r\ngone\r\n--r--\r\n").encode()

    def auto_reply_loop(self) -> bytes:
        """An auto-responder: with the headers, or one that ignores them and answers every
        mail of the judge (a few addresses, so the per-address caps are what stop it)."""
        sender = f"bot{self.rng.randrange(5)}@bots.example"
        if self.rng.random() < 0.5:
            extra = self.rng.choice(["Auto-Submitted: auto-replied\r\n", "Precedence: bulk\r\n",
                                     "X-Autoreply: yes\r\n", "Precedence: junk\r\n"])
            return self.plain(sender, "Out of office", "I am away.\n", extra)
        return self.plain(sender, "Re: " + self.tag(), "I am away until Monday.\n")


def honest(rng: random.Random, tokens: dict[str, dict[str, str]], n: int
           ) -> list[tuple[str, bytes]]:
    """`n` players' mails that are owed a receipt: (Message-ID, raw)."""
    out = []
    for i in range(n):
        game = rng.choice(sorted(GAMES))
        seat = rng.choice(sorted(GAMES[game]))
        mid = f"<honest-{i}@players.example>"
        out.append((mid, player_mail(GAMES[game][seat][0], f"[{game} {seat} {tokens[game][seat]}]",
                                     rng.choice(["STATUS\n", "HISTORY 3\n", "HAND\n"]), mid)))
    return out


def deliver(home: Path, name: str, raw: bytes) -> None:
    inbox = home / "mail" / "inbox"
    (inbox / "tmp" / name).write_bytes(raw)
    (inbox / "tmp" / name).rename(inbox / "new" / name)


def outgoing(home: Path) -> list[tuple[list[str], str, str]]:
    """(recipients, Subject, In-Reply-To) of every mail the judge sent or queued."""
    out = []
    parser = BytesHeaderParser()
    for sub in ("sent", "queue", "failed"):
        for path in (home / "mail" / "outbox" / sub).glob("*.json"):
            entry = Entry.all_from_json(path.read_bytes())[path.stem]
            head = parser.parsebytes(entry.raw)
            out.append((entry.to, str(head["Subject"]), str(head["In-Reply-To"] or "")))
    return out


def verified(store: Store, game_id: str) -> bool:
    """Replay the live record with the server's seed (what ``pbem verify`` does)."""
    data = load_yaml(store.path(game_id).read_bytes())
    for private in ("server", "cache"):
        data.pop(private, None)
    record = record_from_data(data)
    try:
        replay(registry.get(record.header.rules), record, verify=True)
    except Exception as exc:
        print(f"  {game_id}: replay failed: {exc}")
        return False
    return True


def run(mails: int, seed: int, chunk: int, big_every: int, home_dir: Path,
        echo: Callable[[str], None] = print) -> dict[str, int]:
    rng = random.Random(seed)
    home = make_home(home_dir / "home", DEFAULT_CONFIG + f"trusted_authserv_id: {MX}\n")
    tokens = {}
    for game_id, seats in GAMES.items():
        game = make_game(home, game_id, seats, seed=f"fuzz-{game_id}",
                         moderators=["gm@players.example"])
        tokens[game_id] = dict(game.server["tokens"])
    gen = Hostile(rng, tokens)
    owed = honest(rng, tokens, min(max(mails // 50, 1), 40 * sum(map(len, GAMES.values()))))
    plan: list[tuple[str, bytes]] = [("honest", raw) for _, raw in owed]
    plan += [("honest", b"Received: from relay2.example by mx; again\r\n" + raw)
             for _, raw in owed[: len(owed) // 10]]      # the same mail by another path
    while len(plan) < mails:
        kind = rng.choice(KINDS)
        if kind == "big_body" and rng.randrange(big_every) != 0:
            kind = "wrong_sender"
        plan.append((kind, gen.mail(kind)))
    rng.shuffle(plan)
    errors = Counting()
    logger = logging.getLogger("pbem")
    saved = logger.propagate
    logger.addHandler(errors)
    logger.propagate = False            # a line per mail: counted, not printed
    crashes = 0
    started = time.perf_counter()
    daemon = Daemon(home)
    try:
        for start in range(0, len(plan), chunk):
            for i, (kind, raw) in enumerate(plan[start:start + chunk], start):
                deliver(home, f"{i:07d}.{kind}", raw)
            try:
                daemon.run_once()
            except Exception as exc:        # out of the daemon: a crash
                crashes += 1
                echo(f"  crash after mail {start}: {exc!r}")
            done = min(start + chunk, len(plan))
            if done % (chunk * 10) == 0 or done == len(plan):
                echo(f"  {done} mails, {time.perf_counter() - started:.0f} s")
    finally:
        logger.removeHandler(errors)
        logger.propagate = saved
    crashes += errors.count
    for line in errors.first:
        echo(f"  error: {line}")
    sent = outgoing(home)
    answered = {irt for _, _, irt in sent}
    unanswered = sum(1 for mid, _ in owed if mid not in answered)
    store = Store(home)
    known = {a.lower() for seats in GAMES.values() for pair in seats.values() for a in pair}
    known |= {"gm@players.example"}
    per = Counter(a for to, _, _ in sent for a in to if a.lower() not in known)
    digests = Counter(tuple(to) for to, subject, _ in sent if "refused" in subject and
                      set(to) <= known)
    handled = sum(len(store.load(g).server.get("processed", {})) for g in GAMES)
    good = sum(verified(store, g) for g in GAMES)
    elapsed = time.perf_counter() - started
    echo(f"  {len(plan)} mails in {elapsed:.0f} s ({len(plan) / elapsed:.0f}/s); honest "
         f"{len(owed)} (+{len(owed) // 10} re-delivered), handled {handled}; owner digests "
         f"max {max(digests.values(), default=0)} per owner; mails sent {len(sent)}")
    return {"mails": len(plan), "crashes": crashes, "unanswered": unanswered,
            "unregistered": sum(per.values()), "max_per": max(per.values(), default=0),
            "verified": good, "games": len(GAMES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--chunk", type=int, default=2000, help="mails per daemon cycle")
    parser.add_argument("--big-every", type=int, default=2000,
                        help="one 5 MB body in this many picks of that kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pbem-fuzz-") as tmp:
        r = run(args.mails, args.seed, args.chunk, args.big_every, Path(tmp))
    print(f"fuzz: mails {r['mails']}, crashes {r['crashes']}, unanswered-but-owed "
          f"{r['unanswered']}, to-unregistered {r['unregistered']}, max-per-recipient "
          f"{r['max_per']}, replay-verified {r['verified']}/{r['games']}")


if __name__ == "__main__":
    main()
