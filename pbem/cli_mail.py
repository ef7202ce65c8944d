"""``pbem run`` and ``pbem demo`` (registered on the main click group in `pbem.cli`)."""
from __future__ import annotations

import logging
import shutil
import tempfile
from pathlib import Path

import click


@click.command()
@click.option("--once", is_flag=True, help="drain the inbox, fire due deadlines, send, exit")
@click.option("-v", "--verbose", is_flag=True, help="debug logging")
@click.pass_context
def run(ctx: click.Context, once: bool, verbose: bool) -> None:
    """Run the mail daemon: fetch, process, send, fire deadlines (SIGTERM stops cleanly)."""
    from pbem.cli_paths import PathError, require_home
    from pbem.config import ConfigError
    from pbem.daemon import Daemon, configure_logging, tune_collector
    home = Path((ctx.obj or {}).get("home", "pbem-home"))
    try:
        require_home(home)
    except PathError as exc:
        raise click.ClickException(str(exc)) from None
    configure_logging(logging.DEBUG if verbose else logging.INFO)
    tune_collector()
    try:
        daemon = Daemon(home)
    except ConfigError as exc:
        raise click.ClickException(f"{home / 'pbem.yaml'}: {exc}") from None
    daemon.install_signals()
    if once:
        handled = daemon.run_once()
        counts = daemon.outbox.counts()
        click.echo(f"handled {handled} mails; outbox: {counts['queue']} queued, "
                   f"{counts['sent']} sent, {counts['failed']} failed", err=True)
    else:
        daemon.run()


@click.command()
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="play in this new or empty folder and keep it")
@click.option("--keep", is_flag=True,
              help="keep the temporary home (by default it is removed at the end)")
def demo(directory: Path | None, keep: bool) -> None:
    """Play a few mails through the judge and print every mail dropped into its inbox and
    every mail it sends.  The demo home is a temporary folder, removed at the end unless
    --keep; with --dir it is that folder, kept."""
    from pbem.cli_paths import PathError, folder
    from pbem.demo import run_demo
    try:
        home = folder(directory, empty=True) if directory else Path(
            tempfile.mkdtemp(prefix="pbem-demo-"))
    except PathError as exc:
        raise click.ClickException(str(exc)) from None
    keep = keep or directory is not None
    try:
        run_demo(home, echo=click.echo)
    finally:
        if not keep:
            shutil.rmtree(home, ignore_errors=True)
    if keep:
        click.echo(f"The demo home is kept in {home} (its mail in {home / 'mail'}, the game "
                   f"in {home / 'games' / 'demo-1'}); remove it with: rm -r {home}")
    else:
        click.echo(f"The demo home {home} was removed; `pbem demo --keep` keeps it.")
