"""``pbem mod``, ``pbem rollback``, ``pbem stuck`` and ``pbem verify``: the moderator's
commands from the shell."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from engine import registry
from engine.archive import load_yaml, record_from_data
from engine.game import Game
from engine.record import replay
from pbem.cli_base import friendly, main, store_of
from pbem.timesource import now

if TYPE_CHECKING:
    from pbem.moderation import ModResult

_AS_HELP = "moderator address recorded as the author (default: the game's first)"


def author_of(game: Game, moderator: str | None) -> str:
    """Who a shell command acts as: `moderator` (``--as``, one of the game's moderators),
    else the game's first moderator, else ``cli``."""
    moderator = moderator.strip().lower() if moderator else None
    if moderator and moderator not in game.moderators:
        raise click.ClickException(f"{moderator} is not a moderator of {game.id}")
    return moderator or (game.moderators[0] if game.moderators else "cli")


def moderate(ctx: click.Context, game_id: str, text: str,
             moderator: str | None) -> tuple[Game, ModResult]:
    """Run the moderator command `text` on `game_id` from the shell (by `author_of`, source
    ``cli``) and queue what it tells whom for `pbem run` to mail (`pbem.mail.moderator`),
    and the prompts, updates and reports the change calls for (`remember_unmailed`).
    Returns the game as saved and the result.  (The mail pipeline is imported here, not
    at start-up: every ``pbem`` command, ``pbem run`` too, loads this module.)"""
    from pbem import moderation
    from pbem.mail.moderator import queue_result
    from pbem.mail.outgoing import before_move, remember_unmailed
    with store_of(ctx).transaction(game_id) as game:
        before = before_move(game)
        result = moderation.execute(game, author_of(game, moderator), text, now=now(),
                                    source="cli")
        queue_result(game, result)
        remember_unmailed(game, before)
    return game, result


def echo_notices(result: ModResult) -> None:
    """Show the notices `pbem run` will mail."""
    for notice in result.notices:
        click.echo(f"  notice to {notice.to}: {notice.subject} — {notice.body}")


def mod_help() -> str:
    """``pbem mod --help``: every moderator command with its syntax and meaning (the list
    ``HELP MODERATOR`` mails, in English; ``\b`` keeps click from rewrapping it)."""
    from pbem.mail.help import command_lines
    lines = ["Run a moderator COMMAND on GAME_ID ('-' reads it from standard input); end it "
             "with BECAUSE <reason> to record why.  Example: pbem mod his-1 EXTEND ALL 24h "
             "BECAUSE holidays", "", "\b", "Commands:"]
    return "\n".join(lines + command_lines("en", width=76))


class _ModCommand(click.Command):
    """``pbem mod``: its help (`mod_help`, read from the catalog) is made when shown, not
    when any ``pbem`` command starts."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help = mod_help()        # in place of the function's docstring
        super().format_help_text(ctx, formatter)


@main.command(name="mod", cls=_ModCommand, context_settings={"ignore_unknown_options": True},
              short_help="Run a moderator COMMAND on GAME_ID ('-' reads it from...")
@click.argument("game_id")
@click.argument("command", nargs=-1, required=True)
@click.option("--as", "moderator", default=None, help=_AS_HELP)
@click.pass_context
@friendly
def mod(ctx: click.Context, game_id: str, command: tuple[str, ...], moderator: str | None) -> None:
    """Run a moderator command on a game (the help text is `mod_help`)."""
    text = sys.stdin.read() if command == ("-",) else " ".join(command)
    _, result = moderate(ctx, game_id, text, moderator)
    click.echo(f"{game_id}: {result.summary}")
    if result.details:
        click.echo(result.details)
    echo_notices(result)


@main.command()
@click.argument("game_id")
@click.argument("seq", type=int)
@click.option("--reason", default="", help="why; recorded in the audit section and told to "
              "every seat")
@click.option("--as", "moderator", default=None, help=_AS_HELP)
@click.pass_context
@friendly
def rollback(ctx: click.Context, game_id: str, seq: int, reason: str,
             moderator: str | None) -> None:
    """Undo every entry after SEQ (they stay in the archive's audit section).

    The moderator command ROLLBACK SEQ (`pbem mod GAME_ID ROLLBACK SEQ`): the game is then
    paused iff the last PAUSE/RESUME left in the record is a PAUSE, and every seat is told
    and sent its status by `pbem run`.  Nothing happens when SEQ is the last entry.
    """
    game = store_of(ctx).load(game_id)
    author_of(game, moderator)              # --as is checked even when nothing is undone
    if seq == game.record.last_seq:
        click.echo(f"{game_id}: rolled back to entry {seq}; 0 entries moved to audit")
        return
    text = f"ROLLBACK {seq}" + (f" BECAUSE {reason}" if reason.strip() else "")
    game, result = moderate(ctx, game_id, text, moderator)
    moved = len(game.record.audit[-1]["entries"])
    click.echo(f"{game_id}: rolled back to entry {seq}; {moved} entries moved to audit")
    echo_notices(result)


@main.command()
@click.pass_context
@friendly
def stuck(ctx: click.Context) -> None:
    """Games waiting longer than their deadline plus grace: who, and since when."""
    from pbem import moderation
    rows = moderation.stuck(store_of(ctx), now())
    if not rows:
        click.echo("no game is stuck")
    for row in rows:
        click.echo(moderation.stuck_line(row))


@main.command()
@click.argument("game_id")
@click.pass_context
@friendly
def verify(ctx: click.Context, game_id: str) -> None:
    """Replay GAME_ID's live record with the server's dice seed, checking the state hash
    of every entry and every logged roll (a running game too); exit status 1 on the first
    mismatch."""
    store = store_of(ctx)
    if not store.exists(game_id):
        raise click.ClickException(f"no game {game_id!r} in {store.home}")
    data = load_yaml(store.path(game_id).read_bytes())
    for private in ("server", "cache"):     # the judge's own sections: not the record
        data.pop(private, None)
    record = record_from_data(data)
    replay(registry.get(record.header.rules), record, verify=True)
    click.echo(f"verify: {game_id}: {len(record.entries)} entries verified, final state "
               f"hash {record.final_state_hash}")
