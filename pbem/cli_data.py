"""``pbem data check GAME``: a game's component data kit checked against its rules, and the
``--data DIR`` of ``pbem new`` (a moderator's own kit, pinned in the game's options)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from engine import registry
from engine.contract import DataReport, Rules
from pbem.cli import friendly, main


@main.group()
def data() -> None:
    """A game's component data kit."""


@data.command(name="check")
@click.argument("game")
@click.option("--dir", "directory", type=click.Path(file_okay=False, exists=True, path_type=Path),
              default=None, help="a kit of your own (default: the game's built-in data)")
@click.option("--strict", is_flag=True, help="fail while any value is still provisional")
@friendly
def check(game: str, directory: Path | None, strict: bool) -> None:
    """Validate GAME's data against its rules and list every provisional value."""
    report = report_of(registry.get(game), directory)
    for where in report.provisional:
        click.echo(f"provisional: {where}")
    for problem in report.problems:
        click.echo(f"problem: {problem}")
    click.echo(f"data check {game}: {len(report.problems)} problems, "
               f"{len(report.provisional)} provisional values")
    if report.problems or (strict and report.provisional):
        raise SystemExit(1)


def report_of(rules: Rules, directory: Path | None) -> DataReport:
    report = rules.check_data(directory)
    if report is None:
        raise click.ClickException(f"{rules.name} has no data kit to check")
    return report


def data_option(rules: Rules, directory: Path) -> dict[str, Any]:
    """The game option pinning the kit in `directory`: its files' texts (``data``), refused
    unless the kit checks out."""
    report = report_of(rules, directory)
    if report.problems:
        raise click.ClickException(f"{directory} is not a sound data kit for {rules.name}: "
                                   f"{report.problems[0]} (see `pbem data check {rules.name} "
                                   f"--dir {directory}`)")
    return {"data": {p.name: p.read_text("utf-8") for p in sorted(directory.glob("*.yaml"))}}
