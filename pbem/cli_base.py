"""The ``pbem`` command group and what every command module shares: the server home
(`store_of`), seats named in any case (`seat_of`) and one-line user errors (`friendly`).
`pbem.cli` and the command modules (`cli_mail`, `cli_mod`, `cli_render`, `cli_data`) add their
commands to `main`."""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable

import click

from engine.clocks import ClockError
from engine.contract import IllegalOrder
from engine.game import Game
from engine.record import ReplayError
from pbem.cli_paths import os_error_text, require_home
from pbem.store import Store, StoreError
from pbem.summaries import open_store

USER_ERRORS = (IllegalOrder, StoreError, ReplayError, ClockError, OSError, ValueError)


def friendly(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn the errors a user can cause into one line on stderr and exit status 1."""
    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except OSError as error:
            raise click.ClickException(os_error_text(error)) from None
        except USER_ERRORS as error:
            raise click.ClickException(str(error)) from None
    return wrapper


def store_of(ctx: click.Context) -> Store:
    """The store of the server home given by --home / PBEM_HOME, which must exist."""
    return open_store(require_home(ctx.obj["home"]))


def seat_of(game: Game, word: str) -> str:
    """The seat of `game` that `word` names, in any letter case."""
    for seat in game.seats:
        if seat.lower() == word.strip().lower():
            return seat
    raise IllegalOrder(f"{game.id} has no seat {word!r}", list(game.seats))


@click.group()
@click.option("--home", type=click.Path(file_okay=False, path_type=Path), envvar="PBEM_HOME",
              default=Path("pbem-home"), show_default=True, help="server home directory")
@click.version_option(package_name="pbem")
@click.pass_context
def main(ctx: click.Context, home: Path) -> None:
    """pbem — a play-by-email judge for card-driven historical board games."""
    ctx.ensure_object(dict)
    ctx.obj["home"] = home


__all__ = ["USER_ERRORS", "friendly", "main", "seat_of", "store_of"]
