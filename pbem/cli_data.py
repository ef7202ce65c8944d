"""``pbem data check GAME``: a game's component data kit checked against its rules, and the
``--data DIR`` of ``pbem new`` (a moderator's own kit, pinned in the game's options).
``check`` is the one action for now (an argument, not a subcommand group)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from engine import registry
from engine.contract import DataReport, Rules
from pbem.cli_base import friendly, main


@main.command()
@click.argument("action", type=click.Choice(["check"]))
@click.argument("game")
@click.option("--dir", "directory", type=click.Path(file_okay=False, exists=True, path_type=Path),
              default=None, help="a kit of your own (default: the game's built-in data)")
@click.option("--strict", is_flag=True, help="fail while any value is still provisional")
@friendly
def data(action: str, game: str, directory: Path | None, strict: bool) -> None:
    """`data check GAME`: validate GAME's component data against its rules and list every
    provisional value."""
    report = report_of(registry.get(game), directory)
    for where in report.provisional:
        click.echo(f"provisional: {where}")
    for problem in report.problems:
        click.echo(f"problem: {problem}")
    summary = (f"data {action} {game}: {len(report.problems)} problems, "
               f"{len(report.provisional)} provisional values")
    if report.problems:
        raise click.ClickException(f"{summary}; the first: {report.problems[0]}")
    if strict and report.provisional:
        raise click.ClickException(f"{summary}; --strict wants none provisional")
    click.echo(summary)


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
