"""Play complete games with bots and replay-verify each: ``pbem simulate``.

A bot answers every open decision with the game's `default()` or a random legal order drawn
from the decision's structured options.  Each finished game is archived to YAML text, parsed
back and replayed with full verification, so the simulation also proves the archive
round-trip.  Failing games' archives are saved for a bug report.
"""
from __future__ import annotations

import datetime as dt
import random
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.contract import Rules
from engine.game import Game
from engine.record import replay

START = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
MAX_ENTRIES = 200_000


@dataclass
class SimulationReport:
    games: int = 0
    finished: int = 0
    errors: int = 0
    verified: int = 0
    entries: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"simulate: {self.games} games, {self.finished} finished, {self.errors} errors, "
                f"{self.verified} replays verified, {self.seconds:.1f} s")


def bot_seats(seats: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The seats of a bot game, each with a made-up address."""
    return {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in seats}


def check_setup(rules: Rules, scenario: str | None, options: dict | None) -> None:
    """Set one game up, so that an unknown scenario or a bad option is refused once (as
    `IllegalOrder` or `ValueError`) before any game is played."""
    info = rules.scenario(scenario)
    Game.create(rules, "sim", bot_seats(info.seats[:info.min_players]), now=START,
                scenario=info.name, seed="check", options=options)


def play(rules: Rules, *, scenario: str | None, seed: str, bot: str, players: int | None = None,
         options: dict | None = None) -> Game:
    """One complete game driven by `bot` (``default`` or ``random``)."""
    info = rules.scenario(scenario)
    rng = random.Random(seed)
    count = players or rng.randint(info.min_players, info.max_players)
    game = Game.create(rules, "sim", bot_seats(info.seats[:count]), now=START,
                       scenario=info.name, seed=seed, options=options)
    moment = START
    while game.outcome() is None:
        decisions = game.decisions()
        if not decisions:
            raise RuntimeError("no decision is open but the game has no outcome")
        if game.record.last_seq >= MAX_ENTRIES:
            raise RuntimeError(f"no outcome after {MAX_ENTRIES} entries")
        decision = rng.choice(decisions) if bot == "random" else decisions[0]
        order = (decision.random_order(rng) if bot == "random"
                 else rules.default(game.state, decision))
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, order, by=decision.seat, source="bot", at=moment,
                         decision=decision)
    return game


def verify_archive(rules: Rules, game: Game) -> str:
    """Dump the finished game as an archive, parse it back, replay-verify; return the text."""
    text = dump_yaml(game.to_data(private=False))
    record = record_from_data(load_yaml(text))
    replay(rules, record, verify=True)
    return text


def simulate(rules: Rules, *, games: int, seed: str, bot: str, scenario: str | None = None,
             out: Path | None = None, options: dict | None = None) -> SimulationReport:
    report = SimulationReport()
    started = time.perf_counter()
    failures_dir = out or Path("simulate-failures")
    for number in range(games):
        game_seed = f"{seed}-{number}"
        report.games += 1
        game: Game | None = None
        try:
            game = play(rules, scenario=scenario, seed=game_seed, bot=bot, options=options)
            report.finished += 1
            report.entries += game.record.last_seq
            text = verify_archive(rules, game)
            report.verified += 1
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                (out / f"{rules.name}-{game_seed}.yaml").write_text(text, "utf-8")
        except Exception:  # noqa: BLE001 — any failure is a finding, reported and saved
            report.errors += 1
            report.failures.append(f"game {game_seed}: {traceback.format_exc(limit=4)}")
            if game is not None:
                failures_dir.mkdir(parents=True, exist_ok=True)
                (failures_dir / f"{rules.name}-{game_seed}-FAILED.yaml").write_text(
                    dump_yaml(game.to_data(private=True)), "utf-8")
    report.seconds = time.perf_counter() - started
    return report
