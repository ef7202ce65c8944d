"""``pbem mod`` and ``pbem stuck``: the moderator's commands from the shell."""
from __future__ import annotations

import sys

import click

from pbem import moderation
from pbem.cli import friendly, main, store_of
from pbem.mail.moderator import queue_result
from pbem.timesource import now


@main.command(name="mod", context_settings={"ignore_unknown_options": True})
@click.argument("game_id")
@click.argument("command", nargs=-1, required=True)
@click.option("--as", "moderator", default=None,
              help="moderator address recorded as the author (default: the game's first)")
@click.pass_context
@friendly
def mod(ctx: click.Context, game_id: str, command: tuple[str, ...], moderator: str | None) -> None:
    """Run a moderator COMMAND on GAME_ID ('-' reads it from standard input).

    FORCE, EXTEND, DEADLINE, PAUSE, RESUME, NMR, PREVIEW, ROLLBACK, ROLLFORWARD, REPLACE,
    ADD-ADDRESS, DROP, EDIT, RESEND, ANNOUNCE, END — see `pbem/moderation.py`.
    """
    text = sys.stdin.read() if command == ("-",) else " ".join(command)
    with store_of(ctx).transaction(game_id) as game:
        author = moderator or (game.moderators[0] if game.moderators else "cli")
        if moderator and moderator not in game.moderators:
            raise click.ClickException(f"{moderator} is not a moderator of {game_id}")
        result = moderation.execute(game, author, text, now=now(), source="cli")
        queue_result(game, result)   # `pbem run` mails the notices (pbem.mail.moderator)
    click.echo(f"{game_id}: {result.summary}")
    if result.details:
        click.echo(result.details)
    for notice in result.notices:
        click.echo(f"  notice to {notice.to}: {notice.subject} — {notice.body}")


@main.command()
@click.pass_context
@friendly
def stuck(ctx: click.Context) -> None:
    """Games waiting longer than their deadline plus grace: who, and since when."""
    rows = moderation.stuck(store_of(ctx), now())
    if not rows:
        click.echo("no game is stuck")
    for row in rows:
        click.echo(moderation.stuck_line(row))
