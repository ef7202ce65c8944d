"""``pbem run`` and ``pbem demo`` (registered on the main click group in `pbem.cli`)."""
from __future__ import annotations

import logging
from pathlib import Path

import click


@click.command()
@click.option("--once", is_flag=True, help="drain the inbox, fire due deadlines, send, exit")
@click.option("-v", "--verbose", is_flag=True, help="debug logging")
@click.pass_context
def run(ctx: click.Context, once: bool, verbose: bool) -> None:
    """Run the mail daemon: fetch, process, send, fire deadlines (SIGTERM stops cleanly)."""
    from pbem.config import ConfigError
    from pbem.daemon import Daemon, configure_logging
    configure_logging(logging.DEBUG if verbose else logging.INFO)
    home = Path((ctx.obj or {}).get("home", "pbem-home"))
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
              default=None, help="use this (new) directory instead of a temporary one")
def demo(directory: Path | None) -> None:
    """Play a few mails through the judge in a temporary home and print what it sends."""
    from pbem.demo import run_demo
    run_demo(directory, echo=click.echo)
