"""The random-games report of Here I Stand (issue 18), run by hand:
``python bench/his_games.py DIR [DIR ...] [--jobs N] [--check-invariants] [--questions N]``.

Reads every archive ``pbem simulate --out DIR`` saved (read only; run it with ``PYTHONPATH``
set to the checkout whose rules made them), or plays ``--play N``
games of ``--scenario`` first into ``--out`` (`pbem.simulate.simulate`, random bots,
invariants checked), and replays each with every state hash and die checked (over
``--jobs`` processes).  It prints:

* games, errors (archives ``pbem simulate`` saved as ``...-FAILED-at-<entry>``, or that
  cannot be read), invariant violations (`Rules.validate` after an entry: a failed
  archive whose replay shows one, and with ``--check-invariants`` any archive), replay
  mismatches (an archive whose replay differs from a hash or a die it logged);
* mean and max entries per game;
* how the games ended: the kind of victory (standard, domination, military or religious
  automatic victory, time) and the turn, as counts (from the final state's
  ``outcome``);
* with ``--questions N``: the mean questions mailed per game turn without and with
  standing orders, over N more games played by `bench/questions.py`'s machinery (one
  mail per seat newly asked after a transaction; with standing orders, its `PROFILE`).

The last line is exactly
``his-games: games N, errors E, mean-entries X, max-entries Y, endings {...}``.
"""
from __future__ import annotations

import argparse
import collections
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[1]
try:    # the checkout on PYTHONPATH: the one whose rules made the archives
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO))

from engine import registry  # noqa: E402
from engine.archive import load_yaml, record_from_data  # noqa: E402
from engine.record import ReplayError, replay  # noqa: E402
from pbem import simulate  # noqa: E402

RULES = registry.get("here-i-stand")
import questions  # noqa: E402  (bench/questions.py, beside this file; after the rules)


class Pinned(Exception):
    """The archives are of another rules version than the rules imported."""


@dataclass
class Seen:
    """One archive: its entries, and how it ended or failed."""
    name: str
    entries: int = 0
    ending: str = ""        # standard | domination | military | religious | time | ...
    turn: int = 0
    error: str = ""         # failed in the simulation, or unreadable
    invariant: str = ""     # the first invariant violation found
    mismatch: str = ""      # the replay differs from the archive


def examine(path: Path, check_invariants: bool) -> Seen:
    """Replay-verify one archive (with `Rules.validate` after each entry when asked, or
    when the simulation saved it as failed)."""
    seen = Seen(path.name)
    failed = "-FAILED-at-" in path.name
    if failed:
        seen.error = "failed in the simulation"
    try:
        record = record_from_data(load_yaml(path.read_bytes()))
    except Exception as unreadable:  # noqa: BLE001 — any unreadable archive is an error
        seen.error = f"unreadable: {unreadable}"
        return seen
    seen.entries = record.last_seq
    broken: list[str] = []

    def validate(entry, state) -> None:
        if not broken:
            problems = RULES.validate(state)
            if problems:
                broken.append(f"after entry {entry.seq}: {'; '.join(problems)}")
    try:
        state, _ = replay(RULES, record, verify=True,
                          on_state=validate if check_invariants or failed else None)
    except ReplayError as differs:
        if record.header.rules_version != RULES.version:
            raise Pinned(record.header.rules_version) from None
        seen.mismatch = "" if failed else str(differs)
        seen.invariant = broken[0] if broken else ""
        return seen
    except Exception as crash:  # noqa: BLE001 — a failed game's replay may crash where it did
        seen.error = seen.error or f"replay crashed: {crash!r}"
        seen.invariant = broken[0] if broken else ""
        return seen
    seen.invariant = broken[0] if broken else ""
    done = state.get("outcome")
    if done:
        seen.ending = str(done["why"]["msg"]).removeprefix("victory_")
        seen.turn = int(state["turn"])
    elif not failed:
        seen.ending = "unfinished"
    return seen


def _examine(args: tuple[Path, bool]) -> Seen:
    return examine(*args)


def archives(folders: list[Path]) -> list[Path]:
    """The Here I Stand archives of `folders` (``pbem simulate`` names them by the game)."""
    return sorted(p for folder in folders for p in folder.glob(f"{RULES.name}-*.yaml"))


def examined(paths: list[Path], jobs: int, check_invariants: bool) -> Iterator[Seen]:
    work = [(p, check_invariants) for p in paths]
    if jobs <= 1:
        yield from map(_examine, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_examine, work, chunksize=4)


def endings_line(seen: list[Seen]) -> dict[str, int]:
    """{kind: games} over the finished games, most frequent first."""
    kinds = collections.Counter(s.ending for s in seen if s.ending)
    return dict(kinds.most_common())


def report(seen: list[Seen]) -> list[str]:
    """The report's lines; the last is the summary line of the module docstring."""
    lines = []
    errors = [s for s in seen if s.error]
    broken = [s for s in seen if s.invariant]
    differ = [s for s in seen if s.mismatch]
    for label, found, why in (("error", errors, "error"), ("invariant", broken, "invariant"),
                              ("replay mismatch", differ, "mismatch")):
        lines += [f"{label}: {s.name}: {getattr(s, why)}" for s in found[:20]]
    counts = [s.entries for s in seen if not s.error]
    mean = sum(counts) / len(counts) if counts else 0.0
    lines.append(f"games {len(seen)}, errors {len(errors)}, invariant violations "
                 f"{len(broken)}, replay mismatches {len(differ)}")
    lines.append(f"entries per game: mean {mean:.0f}, max {max(counts, default=0)}")
    by_turn = collections.Counter((s.ending, s.turn) for s in seen if s.ending)
    for kind in endings_line(seen):
        turns = ", ".join(f"turn {t}: {n}" for (k, t), n in sorted(by_turn.items())
                          if k == kind)
        lines.append(f"ended by {kind}: {turns}")
    lines.append(f"his-games: games {len(seen)}, errors {len(errors)}, mean-entries "
                 f"{mean:.0f}, max-entries {max(counts, default=0)}, endings "
                 f"{endings_line(seen)}")
    return lines


def questions_per_turn(games: int, scenario: str) -> list[str]:
    """Mean questions mailed per game turn without and with standing orders, over `games`
    games played by `questions.play` (every mail that asks anything counts)."""
    lines = []
    for standing in (False, True):
        mails = turns = 0
        for n in range(games):
            _, asked, played = questions.play(f"his-games-{n}", standing, None, scenario)
            mails, turns = mails + asked, turns + played
        lines.append(f"questions mailed per game turn {'with' if standing else 'without'} "
                     f"standing orders: {mails / max(turns, 1):.1f} ({games} games, "
                     f"{turns} turns)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, help="folders of archives")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check-invariants", action="store_true",
                        help="run the game's validate() after every entry of every archive")
    parser.add_argument("--play", type=int, default=0, metavar="N",
                        help="first play N games into --out (random bots, invariants checked)")
    parser.add_argument("--scenario", default="1517")
    parser.add_argument("--seed", default="his-games")
    parser.add_argument("--out", type=Path, default=None, help="where --play saves archives")
    parser.add_argument("--questions", type=int, default=0, metavar="N",
                        help="also play N games twice to count questions mailed per turn")
    args = parser.parse_args()
    folders = list(args.folders)
    if args.play:
        if args.out is None:
            parser.error("--play needs --out")
        args.out.mkdir(parents=True, exist_ok=True)
        played = simulate.simulate(RULES, games=args.play, seed=args.seed, bot="random",
                                   scenario=args.scenario, out=args.out, jobs=args.jobs,
                                   check_invariants=True)
        print(played.line())
        folders.append(args.out)
    try:
        seen = list(examined(archives(folders), args.jobs, args.check_invariants))
    except Pinned as other:
        sys.exit(f"the archives are of rules_version {other}, the rules imported are version "
                 f"{RULES.version}: run this script with PYTHONPATH set to the checkout that "
                 "made them (its rules replay them)")
    lines = report(seen)
    if args.questions:
        lines[-1:-1] = questions_per_turn(args.questions, args.scenario)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
