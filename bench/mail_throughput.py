"""Mail throughput against a local Dovecot (run by hand: ``python bench/mail_throughput.py``).

1. Starts Dovecot (IMAP + LMTP) and an aiosmtpd SMTP relay on 127.0.0.1 (temp dir); the
   relay queues what it accepts and delivers it into Dovecot over LMTP, like an MTA.
2. Creates games (testgame, 2 seats each), runs ``pbem run --once`` on the empty inbox
   (bytecode written, as an installed pbem has it) and delivers N order mails into the
   judge's INBOX over LMTP.
3. Times a bare imapclient fetch of those messages in this process (login, select, search,
   fetch BODY.PEEK[] in chunks of 200) -- the floor any IMAP-based judge pays -- and, for
   scale, two do-nothing judges as processes: one that only fetches, one that fetches and
   sends every sender a one-line reply over SMTP (the "floor" line).
4. Times ``pbem run --once`` (the real command line, in a subprocess) until it exits: by
   then every receipt has been accepted by the SMTP relay (the bench then waits for the
   relay's queue and counts the receipts in the players' mailboxes).
5. Starts ``pbem run`` (IMAP IDLE) and times single order mails from the SMTP submission
   to the receipt appearing in the player's IMAP mailbox; reports the median.

6. The warm daemon (the same ``pbem run`` process): stopped (SIGSTOP) while N more order
   mails are delivered over LMTP; the bench then makes Dovecot take in the whole batch
   (its own IMAP session searches the judge's INBOX until it sees all N unprocessed, which
   syncs the maildir into Dovecot's index) and waits a second so the daemon's IDLE session
   is told of all of them before the daemon is continued (SIGCONT).  Without this the daemon
   saw the batch in one to four fetches by chance (Dovecot had synced only part of it when
   the daemon woke), and each fetch is a transaction per game.  The daemon's CPU time (user
   + system, from /proc) from SIGCONT until every mail is logged as handled and the outbox
   queue is empty, per mail, is set against the standard library's `email` parse of the
   same mails in this process (best of 3).  This is done ``--rounds`` times (default 4),
   a new batch to the same games each time.  The first batch is the first this daemon
   reads for most of the games: each is parsed from its file then
   (``mail-warm-first: messages N, per-mail X ms, parse Y ms, ratio Z``).  The later
   batches find the games in the daemon's memory, as a running judge does for the games
   in play; their median is the warm daemon (issue 13:
   ``mail-warm: messages N, per-mail X ms, parse Y ms, ratio Z``).  A line per batch says
   how many fetches the daemon took for it (one mbox per fetch in its spool) and how its
   CPU splits: user and system, and its main thread's (the SMTP sessions' threads have
   the rest).

``--repo`` runs another checkout's ``pbem`` (the judge under test) in the subprocesses, so
one bench compares the code before and after a change.

Goal: processing <= 5x the bare fetch; receipt_p50 <= 2 s; warm per-mail CPU <= 5x the
stdlib parse.  The last line is exactly:
``mail: messages N, process X s, fetch Y s, ratio Z, receipt_p50 W s``
"""
from __future__ import annotations

import argparse
import datetime as dt
import email
import email.policy
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pbem.demo import make_game, make_home, player_mail  # noqa: E402
from pbem.mail.localservers import LocalMailServers  # noqa: E402
from pbem.store import Store  # noqa: E402

JUDGE = "judge@example.org"


def bare_fetch(servers: LocalMailServers) -> tuple[float, int]:
    """Seconds to fetch every message of the judge's INBOX with imapclient, and the count."""
    started = time.perf_counter()
    client = servers.imap(JUDGE)
    client.select_folder("INBOX", readonly=True)
    uids = sorted(client.search(["NOT", "DELETED"]))
    got = 0
    for start in range(0, len(uids), 200):
        data = client.fetch(uids[start:start + 200], [b"BODY.PEEK[]"])
        got += sum(1 for v in data.values() if v.get(b"BODY[]"))
    client.logout()
    return time.perf_counter() - started, got


FLOOR = """
import asyncio, sys
from imapclient import IMAPClient
import aiosmtplib
host, imap_port, smtp_port, user, password = sys.argv[1:6]
client = IMAPClient(host, port=int(imap_port), ssl=False)
client.login(user, password)
client.select_folder("INBOX", readonly=True)
uids = sorted(client.search(["NOT", "DELETED"]))
senders = []
for start in range(0, len(uids), 200):
    chunk = client.fetch(uids[start:start + 200], [b"BODY.PEEK[]", b"ENVELOPE"])
    for uid, data in chunk.items():
        frm = data[b"ENVELOPE"].from_[0]
        senders.append((frm.mailbox + b"@" + frm.host).decode())
client.logout()
if smtp_port == "0":
    sys.exit(0)

async def send(part):
    smtp = aiosmtplib.SMTP(hostname=host, port=int(smtp_port), start_tls=False)
    await smtp.connect()
    for n, to in part:
        msg = (f"From: {user}\\r\\nTo: {to}\\r\\nSubject: ok\\r\\n"
               f"Message-ID: <floor-{n}@judge>\\r\\n\\r\\nreceived\\r\\n")
        await smtp.sendmail(user, [to], msg.encode())
    await smtp.quit()

async def main():
    items = list(enumerate(senders))
    await asyncio.gather(*(send(items[i::4]) for i in range(4)))
asyncio.run(main())
"""


def floor_process(servers: LocalMailServers, send: bool) -> float:
    """Seconds for a do-nothing judge as a process: start Python, fetch the judge's INBOX
    (bodies and envelopes) with imapclient and, with `send`, mail every sender a one-line reply
    with aiosmtplib over 4 connections (no parsing, no game, no disk)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", FLOOR, "127.0.0.1", str(servers.imap_port),
                    str(servers.smtp_port if send else 0), JUDGE, servers.password],
                   check=True)
    return time.perf_counter() - started


def order_mails(home: Path, tags: dict[tuple[int, str], str], seats: tuple[str, ...], n: int,
                prefix: str) -> list[tuple[bytes, str]]:
    """`n` order mails spread over the games and seats of `tags`, each committing a card the
    seat holds now, quoting a judge report below its own lines as a real reply does."""
    store = Store(home)
    games = len(tags) // len(seats)
    hands = {(g, s): [c["number"] for c in store.load(f"b{g:03d}").view(s)["hand"]]
             for g in range(games) for s in seats}
    mails = []
    for i in range(n):
        g, s = i % games, seats[(i // games) % 2]
        k = i // (games * 2)
        hand = hands[(g, s)] or [0]
        body = (f"COMMIT {hand[k % len(hand)]}\nORDERS\n\nOn Sat, pbem judge wrote:\n"
                "> ==== pbem: report\n")
        mails.append((player_mail(f"p{g}-{s}@example.org", f"Re: {tags[(g, s)]} you are asked",
                                  body, f"<{prefix}-{i}@example.org>"), JUDGE))
    return mails


def log_time(line: str) -> float:
    """The epoch time of a log line stamped by `configure_logging` (local time, ms)."""
    return dt.datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp()


def cpu_seconds(pid: int, thread: int | None = None) -> tuple[float, float]:
    """The CPU time (user, system) process `pid` (or its `thread`) has used so far."""
    path = f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat"
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def stdlib_parse(mails: list[tuple[bytes, str]]) -> float:
    """CPU seconds the standard library's `email` takes to parse `mails` (best of 3)."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        for raw, _to in mails:
            email.message_from_bytes(raw, policy=email.policy.default)
        best = min(best, time.process_time() - started)
    return best


def synced(servers: LocalMailServers, waiting: int, timeout: float = 30.0) -> None:
    """Return once Dovecot shows `waiting` unprocessed messages in the judge's INBOX to a
    session of its own (each SEARCH syncs the maildir into Dovecot's index), then give
    Dovecot a second to tell the daemon's IDLE session of them."""
    client = servers.imap(JUDGE)
    try:
        client.select_folder("INBOX", readonly=True)
        end = time.monotonic() + timeout
        while len(client.search(["NOT", "DELETED", "UNKEYWORD", "$PbemProcessed"])) < waiting:
            if time.monotonic() > end:
                sys.exit(f"Dovecot shows fewer than {waiting} new messages after {timeout} s")
            time.sleep(0.05)
            client.noop()
    finally:
        client.logout()
    time.sleep(1.0)


def warm_daemon(servers: LocalMailServers, daemon: subprocess.Popen, log_path: Path,
                mails: list[tuple[bytes, str]], mail_dir: Path
                ) -> tuple[float, int, tuple[float, float, float, float], int]:
    """Seconds a running daemon needs for `mails`, the mails it sent, the CPU seconds it
    used for them (user, system; its main thread's user, system) and the fetches it took (its spool files): it is stopped (SIGSTOP) while
    they are delivered and Dovecot has taken in all of them (`synced`), continued, and
    timed until the last mail is sent (from its log)."""
    prefix = mails[0][0].split(b"Message-ID: <", 1)[1].split(b"-", 1)[0].decode()
    spooled = set((mail_dir / "spool").rglob("*.mbox"))
    daemon.send_signal(signal.SIGSTOP)
    mark = log_path.stat().st_size
    try:
        servers.deliver_many(mails)
        synced(servers, len(mails))
    finally:
        started = time.time()
        cpu_before = cpu_seconds(daemon.pid) + cpu_seconds(daemon.pid, daemon.pid)
        daemon.send_signal(signal.SIGCONT)
    queue_dir = mail_dir / "outbox" / "queue"
    end = time.monotonic() + 120
    while True:
        with open(log_path, "rb") as fh:
            fh.seek(mark)
            lines = fh.read().decode(errors="replace").splitlines()
        handled = sum(1 for ln in lines if f"<{prefix}-" in ln and " from " in ln)
        if handled >= len(mails) and not any(queue_dir.glob("*.json")):
            after = cpu_seconds(daemon.pid) + cpu_seconds(daemon.pid, daemon.pid)
            cpu = (after[0] - cpu_before[0], after[1] - cpu_before[1],
                   after[2] - cpu_before[2], after[3] - cpu_before[3])
            break
        if time.monotonic() > end:
            sys.exit(f"warm daemon: {handled} of {len(mails)} handled after 120 s")
        time.sleep(0.05)
    sent = [log_time(ln) for ln in lines if " sent <" in ln]
    fetches = len(set((mail_dir / "spool").rglob("*.mbox")) - spooled)
    return max(sent) - started, len(sent), cpu, fetches


def env_for(home: Path, pycache: Path, repo: Path = REPO) -> dict[str, str]:
    """The subprocesses' environment: the pbem of `repo`; bytecode is written (to `pycache`)
    and reused, as an installed pbem's is, even where the shell sets
    PYTHONDONTWRITEBYTECODE."""
    env = {**os.environ, "PBEM_HOME": str(home), "PYTHONPATH": str(repo),
           "PYTHONPYCACHEPREFIX": str(pycache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--messages", type=int, default=500)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--samples", type=int, default=9, help="single-mail latency samples")
    parser.add_argument("--rounds", type=int, default=4,
                        help="batches of N mails to the warm daemon (the first reads the "
                        "games from their files; the median of the others is mail-warm)")
    parser.add_argument("--log", metavar="FILE",
                        help="save the log of `pbem run --once` (and FILE.daemon: `pbem run`)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run `pbem run --once` under cProfile, stats to FILE")
    parser.add_argument("--repo", type=Path, default=REPO,
                        help="the checkout whose pbem the subprocesses run (default: this one)")
    args = parser.parse_args()
    n, games = args.messages, args.games
    seats = ("north", "east")
    players = {f"p{g}-{s}@example.org" for g in range(games) for s in seats}
    with LocalMailServers([JUDGE, *players]) as servers, \
            tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp:
        home = make_home(Path(tmp) / "home", servers.config(
            JUDGE, limits="{max_message_bytes: 1000000, replies_per_sender_hour: 100000}"))
        tags = {}
        for g in range(games):
            game = make_game(home, f"b{g:03d}", {s: f"p{g}-{s}@example.org" for s in seats},
                             seed=f"bench{g}")
            for s in seats:
                tags[(g, s)] = f"[b{g:03d} {s} {game.server['tokens'][s]}]"
        env = env_for(home, Path(tmp) / "pycache", args.repo.resolve())
        warm = subprocess.run([sys.executable, "-m", "pbem", "run", "--once"], env=env,
                              cwd=args.repo, capture_output=True, text=True)  # writes bytecode
        if warm.returncode != 0:
            sys.exit(f"pbem run --once failed:\n{warm.stderr[-3000:]}")
        servers.relay.drain()
        mails = order_mails(home, tags, seats, n, "bench")
        servers.deliver_many(mails)
        fetch_s, fetched = bare_fetch(servers)
        assert fetched == n, (fetched, n)
        fetch_process_s = floor_process(servers, send=False)
        floor_s = floor_process(servers, send=True)
        servers.relay.drain()

        started = time.perf_counter()
        profile = ["-m", "cProfile", "-o", args.profile] if args.profile else []
        run = subprocess.run([sys.executable, *profile, "-m", "pbem", "run", "--once"],
                             env=env, cwd=args.repo, capture_output=True, text=True)
        process_s = time.perf_counter() - started
        if run.returncode != 0:
            sys.exit(f"pbem run --once failed:\n{run.stderr[-3000:]}")
        if args.log:
            Path(args.log).write_text(run.stderr)
        handled = sum(1 for line in run.stderr.splitlines() if "<bench-" in line)
        left = servers.count(JUDGE)
        receipts = sum(servers.count(p) for p in players)
        receipts -= n  # the floor's one-line replies
        print(f"processed {handled} mails in {process_s:.2f} s; inbox left {left}; "
              f"{receipts} mails in players' mailboxes; bare fetch {fetch_s:.3f} s")
        print(f"floor: a process that only fetches: {fetch_process_s:.2f} s; that fetches and "
              f"sends {n} one-line replies: {floor_s:.2f} s ({floor_s / fetch_s:.0f}x the "
              f"bare fetch)")
        if left or handled < n or receipts < n:
            sys.exit("not every mail was handled and answered")

        # single-mail latency with the daemon idling on IMAP IDLE
        log = open(home / "daemon.log", "ab")
        daemon = subprocess.Popen([sys.executable, "-m", "pbem", "run"], env=env,
                                  cwd=args.repo, stdout=log, stderr=subprocess.STDOUT)
        latencies = []
        try:
            time.sleep(2.0)
            player = "p0-north@example.org"
            watcher = servers.imap(player)
            watcher.select_folder("INBOX", readonly=True)
            for i in range(args.samples):
                before = len(watcher.search())
                raw = player_mail(player, tags[(0, "north")], "ORDERS\n",
                                  f"<latency-{i}@example.org>")
                t0 = time.perf_counter()
                servers.send(raw, [JUDGE], player)
                while len(watcher.search()) <= before:
                    watcher.noop()
                    if time.perf_counter() - t0 > 30:
                        sys.exit("no receipt within 30 s")
                    time.sleep(0.01)
                latencies.append(time.perf_counter() - t0)
                time.sleep(0.3)
            watcher.logout()
            rounds = []
            for r in range(max(2, args.rounds)):
                warm_mails = order_mails(home, tags, seats, n, f"warm{r}")
                rounds.append((*warm_daemon(servers, daemon, home / "daemon.log", warm_mails,
                                            home / "mail"), stdlib_parse(warm_mails)))
        finally:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(timeout=30)
            if args.log:
                Path(args.log + ".daemon").write_bytes((home / "daemon.log").read_bytes())
        p50 = statistics.median(latencies)
        print("receipt latencies: " + ", ".join(f"{x:.2f}" for x in latencies))
        measured = []
        for r, (warm_s, warm_sent, warm_cpu, fetches, parse_s) in enumerate(rounds, 1):
            print(f"warm daemon batch {r} (pbem run, stopped while {n} more order mails "
                  f"arrive, then continued): all answered in {warm_s:.2f} s, "
                  f"{warm_s / n * 1000:.1f} ms a mail, {warm_sent} mails sent, "
                  f"{fetches} fetch(es); CPU per mail: user {warm_cpu[0] / n * 1000:.2f} ms, "
                  f"system {warm_cpu[1] / n * 1000:.2f} ms (main thread: user "
                  f"{warm_cpu[2] / n * 1000:.2f} ms, system {warm_cpu[3] / n * 1000:.2f} ms)")
            measured.append(((warm_cpu[0] + warm_cpu[1]) / n * 1000, parse_s / n * 1000))
        first, later = measured[0], sorted(measured[1:], key=lambda m: m[0] / m[1])
        per_mail, parse_mail = later[len(later) // 2]
        print(f"mail-warm-first: messages {n}, per-mail {first[0]:.2f} ms, parse "
              f"{first[1]:.3f} ms, ratio {first[0] / first[1]:.1f}")
        print(f"mail-warm: messages {n}, per-mail {per_mail:.2f} ms, parse {parse_mail:.3f} ms, "
              f"ratio {per_mail / parse_mail:.1f}")
        ratio = process_s / fetch_s
        print(f"goal: ratio <= 5 ({'met' if ratio <= 5 else 'NOT met'}), receipt_p50 <= 2 s "
              f"({'met' if p50 <= 2 else 'NOT met'}); warm per-mail CPU <= 5x the stdlib parse "
              f"({'met' if per_mail <= 5 * parse_mail else 'NOT met'}; first batch: "
              f"{'met' if first[0] <= 5 * first[1] else 'NOT met'})")
        print(f"mail: messages {n}, process {process_s:.2f} s, fetch {fetch_s:.3f} s, "
              f"ratio {ratio:.1f}, receipt_p50 {p50:.2f} s")


if __name__ == "__main__":
    main()
