"""How many bytes the judge mails per game turn of a 1517 Here I Stand game (run by hand:
``python bench/mail_bytes.py``).

A Maildir home with a six-player game; whoever is asked answers with the rules' default,
one mail each, and the daemon handles every mail as it would in production (receipts,
prompts, phase reports with the map, updates).  Counted: the bytes of every mail the judge
sent, per game turn (``state["turn"]``), for `--turns` turns; the map PNG of the final
position; the receipt of a mail asking ``STATUS`` and ``MAP`` (the status mail with the
map).  ``PBEM_BENCH_REPO`` times another checkout with the same script.  The last line is
``mail-bytes: turns N, per-turn X kB, map Y kB, status-with-map Z kB``.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(os.environ.get("PBEM_BENCH_REPO") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(REPO))

from pbem import reports  # noqa: E402
from pbem.config import load_config  # noqa: E402
from pbem.daemon import Daemon  # noqa: E402
from pbem.demo import drop, make_game, make_home, player_mail  # noqa: E402
from pbem.store import Store  # noqa: E402

POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")


def sent_bytes(home: Path) -> dict[str, int]:
    """The size of every mail the Maildir sender delivered so far, by file name."""
    cfg = load_config(home)
    assert cfg.smtp.path is not None
    new = cfg.smtp.path / "new"
    return {p.name: p.stat().st_size for p in new.iterdir()} if new.is_dir() else {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pbem-bytes-") as tmp:
        home = make_home(Path(tmp) / "home")
        make_game(home, "his-1", {p: f"{p}@example.org" for p in POWERS}, seed="bytes",
                  tokens={p: f"tok{p}" for p in POWERS}, rules="here-i-stand")
        daemon = Daemon(home)
        daemon.run_once()
        per_turn: dict[int, int] = {}
        mails = entries = 0
        seen = sum(sent_bytes(home).values())
        while True:
            game = Store(home).load("his-1")
            turn = game.state["turn"]
            if game.outcome() is not None or turn >= game.state["first_turn"] + args.turns:
                break
            decision = game.decisions()[0]
            order = game.rules.order_text(game.rules.default(game.state, decision))
            seat = decision.seat
            drop(home, f"m{mails}", player_mail(f"{seat}@example.org",
                                                f"[his-1 {seat} tok{seat}]", order + "\n",
                                                f"<m{mails}@bench>"))
            mails += 1
            Daemon(home).run_once()
            total = sum(sent_bytes(home).values())
            per_turn[turn] = per_turn.get(turn, 0) + total - seen
            seen = total
            entries = Store(home).load("his-1").record.last_seq
        game = Store(home).load("his-1")
        png = reports.map_png(game, 1600, "en") or b""
        before = sent_bytes(home)
        drop(home, "status", player_mail("france@example.org", "[his-1 france tokfrance]",
                                         "STATUS\nMAP\n", "<status@bench>"))
        Daemon(home).run_once()
        status = max([b for n, b in sent_bytes(home).items() if n not in before], default=0)
        size = Store(home).path("his-1").stat().st_size
        print(f"{mails} order mails, {entries} entries, {len(before)} mails sent, "
              f"game.yaml {size / 1000:.0f} kB; per turn: "
              + ", ".join(f"{t}: {b / 1000:.0f} kB" for t, b in sorted(per_turn.items())))
        turns = len(per_turn)
        print(f"mail-bytes: turns {turns}, per-turn {sum(per_turn.values()) / turns / 1000:.0f} kB,"
              f" map {len(png) / 1000:.0f} kB, status-with-map {status / 1000:.0f} kB")


if __name__ == "__main__":
    main()
