"""Play complete games with bots and replay-verify each: ``pbem simulate``.

Each seat is played by a bot (`engine.bots`: ``random``, ``default``, or one the game offers
such as ``heuristic``); which open decision is answered next is drawn at random, as mail
would arrive.  With `check_invariants` the game's `Rules.validate` runs after every entry.
Each finished game is archived to YAML text, parsed back and replayed with full
verification, so the simulation also proves the archive round-trip.  A failing game's
archive is saved (with its seed, and the entry where it failed in its name) so that
``pbem replay --verify`` reproduces the failure.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from engine import bots, registry
from engine.archive import dump_yaml, load_yaml, record_from_data, record_to_data
from engine.contract import Rules
from engine.game import Game
from engine.record import replay

START = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
MAX_ENTRIES = 200_000


class InvariantBroken(RuntimeError):
    """`Rules.validate` found problems after entry `seq`."""

    def __init__(self, seq: int, problems: Sequence[str]) -> None:
        super().__init__(f"after entry {seq}: {'; '.join(problems)}")
        self.seq = seq
        self.problems = list(problems)


@dataclass
class GameResult:
    """One simulated game: its seed, how it ended, and the archive of a failure."""
    seed: str
    finished: bool = False
    verified: bool = False
    entries: int = 0
    winners: tuple[str, ...] = ()
    #: How the game ended (`Outcome.reason`: the kind of victory, and when).
    ending: str = ""
    seats: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    error: str = ""
    failed_at: int | None = None
    archive: str = ""

    def line(self) -> str:
        if self.error:
            where = f" at entry {self.failed_at}" if self.failed_at is not None else ""
            return f"game {self.seed}: ERROR{where}: {self.error.strip().splitlines()[-1]}"
        return (f"game {self.seed}: {'finished' if self.finished else 'unfinished'}, "
                f"{self.entries} entries, won by {', '.join(self.winners) or 'nobody'}"
                + (f" ({self.ending})" if self.ending else "") + f", {self.seconds:.1f} s")


@dataclass
class SimulationReport:
    games: int = 0
    finished: int = 0
    errors: int = 0
    verified: int = 0
    entries: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.finished += result.finished
        self.verified += result.verified
        self.entries += result.entries
        if result.error:
            self.errors += 1
            self.failures.append(f"game {result.seed}: {result.error}")
        self.results.append(result)

    def line(self) -> str:
        return (f"simulate: {self.games} games, {self.finished} finished, {self.errors} errors, "
                f"{self.verified} replays verified, {self.seconds:.1f} s")


def bot_seats(seats: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The seats of a bot game, each with a made-up address."""
    return {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in seats}


def parse_bots(rules: Rules, spec: str) -> dict[str, str]:
    """``random`` (every seat) or ``[BOT,]SEAT=BOT,...`` as {seat or "*": bot}; every bot
    named must exist for the game (`IllegalOrder` otherwise)."""
    table: dict[str, str] = {}
    for item in (p.strip() for p in spec.split(",") if p.strip()):
        seat, sep, name = item.partition("=")
        seat, name = (seat.strip(), name.strip()) if sep else ("*", seat.strip())
        bots.get(rules, name)
        table[seat] = name
    return table


def seat_bots(table: Mapping[str, str], seats: Sequence[str]) -> dict[str, str]:
    """Each seat's bot: its own entry, else the ``*`` one, else ``random``."""
    return {s: table.get(s, table.get("*", "random")) for s in seats}


def check_setup(rules: Rules, scenario: str | None, options: dict | None) -> None:
    """Set one game up, so that an unknown scenario or a bad option is refused once (as
    `IllegalOrder` or `ValueError`) before any game is played."""
    info = rules.scenario(scenario)
    Game.create(rules, "sim", bot_seats(rules.seats_for(info, info.min_players)), now=START,
                scenario=info.name, seed="check", options=options)


def play(rules: Rules, *, scenario: str | None, seed: str, bot: str | Mapping[str, str],
         players: int | None = None, options: dict | None = None,
         check_invariants: bool = False,
         on_game: Callable[[Game], None] | None = None) -> Game:
    """One complete game, each seat played by its bot (`bot`: one name for every seat or
    {seat: name}); with `check_invariants`, `InvariantBroken` names the first entry after
    which `Rules.validate` fails.  `on_game` sees the game as soon as it is set up.
    `options` add to (and override) the game's `Rules.simulation_options`."""
    info = rules.scenario(scenario)
    options = {**rules.simulation_options, **(options or {})}
    rng = random.Random(seed)
    count = players or rng.randint(info.min_players, info.max_players)
    seats = rules.seats_for(info, count)
    table = {"*": bot} if isinstance(bot, str) else dict(bot)
    players_of = {s: bots.get(rules, n) for s, n in seat_bots(table, seats).items()}
    game = Game.create(rules, "sim", bot_seats(seats), now=START,
                       scenario=info.name, seed=seed, options=options)
    game.owns_states = True            # only the bots below read its states
    if on_game is not None:
        on_game(game)
    moment = START
    single = isinstance(bot, str) and bot != "random"
    while game.outcome() is None:
        decisions = game.decisions()
        if not decisions:
            raise RuntimeError("no decision is open but the game has no outcome")
        if game.record.last_seq >= MAX_ENTRIES:
            raise RuntimeError(f"no outcome after {MAX_ENTRIES} entries")
        decision = decisions[0] if single else rng.choice(decisions)
        player = players_of[decision.seat]
        moment += dt.timedelta(minutes=1)
        note = player.standing(rules, game.state, decision, rng)
        if note is not None:
            game.submit(decision.seat, note, by=f"bot:{player.name}", source="bot", at=moment)
        else:
            order = player.choose(rules, game.state, decision, rng)
            game.apply_order(decision.seat, order, by=f"bot:{player.name}", source="bot",
                             at=moment, decision=decision)
        if check_invariants:
            problems = rules.validate(game.state)
            if problems:
                raise InvariantBroken(game.record.last_seq, problems)
    return game


def verify_archive(rules: Rules, game: Game) -> str:
    """Dump the finished game as an archive, parse it back, replay-verify; return the text."""
    text = dump_yaml(game.to_data(private=False))
    record = record_from_data(load_yaml(text))
    replay(rules, record, verify=True)
    return text


@dataclass(frozen=True)
class Job:
    """One game to play (plain data, so it crosses to a worker process)."""
    rules: str
    scenario: str | None
    seed: str
    bots: tuple[tuple[str, str], ...]
    options: tuple[tuple[str, Any], ...] = ()
    check_invariants: bool = False
    players: int | None = None


def run_job(job: Job) -> GameResult:
    """Play and verify one game; any failure is caught and reported with its archive."""
    rules = registry.get(job.rules)
    result = GameResult(job.seed)
    started = time.perf_counter()
    held: list[Game] = []
    try:
        game = play(rules, scenario=job.scenario, seed=job.seed, bot=dict(job.bots),
                    players=job.players, options=dict(job.options),
                    check_invariants=job.check_invariants, on_game=held.append)
        result.seats = {s: dict(job.bots).get(s, dict(job.bots).get("*", "random"))
                        for s in game.seats}
        result.finished = True
        result.entries = game.record.last_seq
        outcome = game.outcome()
        result.winners = outcome.winners if outcome else ()
        result.ending = outcome.reason if outcome else ""
        result.archive = verify_archive(rules, game)
        result.verified = True
    except Exception as failure:  # noqa: BLE001 — any failure is a finding, reported and saved
        result.error = traceback.format_exc(limit=4)
        result.failed_at = (failure.seq if isinstance(failure, InvariantBroken)
                            else held[0].record.last_seq + 1 if held else None)
        if held:
            result.archive = dump_yaml(record_to_data(held[0].record, reveal_seed=True))
    result.seconds = time.perf_counter() - started
    return result


def _results(jobs: list[Job], workers: int) -> Iterator[GameResult]:
    if workers <= 1 or len(jobs) <= 1:
        yield from map(run_job, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(run_job, jobs)


def show_progress() -> bool:
    """A progress bar only on a terminal and never under CI."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def simulate(rules: Rules, *, games: int, seed: str, bot: str | Mapping[str, str],
             scenario: str | None = None, out: Path | None = None,
             options: dict | None = None, jobs: int = 1, check_invariants: bool = False,
             players: int | None = None,
             on_result: Callable[[GameResult], None] | None = None) -> SimulationReport:
    """Play `games` games (over `jobs` processes); failing games' archives go to `out`
    (or ``simulate-failures``) as ``<game>-<seed>-FAILED-at-<entry>.yaml``."""
    report = SimulationReport()
    started = time.perf_counter()
    table = {"*": bot} if isinstance(bot, str) else dict(bot)
    work = [Job(rules.name, scenario, f"{seed}-{n}", tuple(sorted(table.items())),
                tuple(sorted((options or {}).items())), check_invariants, players)
            for n in range(games)]
    results = _results(work, jobs)
    if show_progress():
        from tqdm import tqdm
        results = tqdm(results, total=games, unit="game", leave=False)
    for result in results:
        report.add(result)
        if result.error and result.archive:
            folder = out or Path("simulate-failures")
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{rules.name}-{result.seed}-FAILED-at-{result.failed_at}.yaml"
             ).write_text(result.archive, "utf-8")
        elif out is not None and result.archive:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{rules.name}-{result.seed}.yaml").write_text(result.archive, "utf-8")
        if on_result is not None:
            on_result(result)
    report.seconds = time.perf_counter() - started
    return report
