"""``pbem render``: the map picture of a game's current position as a PNG.

Names are drawn in the viewer's language: ``--as SEAT`` uses that seat's language, ``--lang``
overrides it, and the public picture is English by default."""
from __future__ import annotations

from pathlib import Path

import click

from pbem import reports
from pbem.reports.i18n import LANGS
from pbem.cli_base import friendly, main, seat_of, store_of
from pbem.cli_paths import output_file


@main.command()
@click.argument("game_id")
@click.option("--as", "seat", default=None, help="draw what this seat sees (default: public)")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="the PNG file to write")
@click.option("--width", type=click.IntRange(200, 10000), default=None,
              help="picture width in pixels (default: the map's own, 1600)")
@click.option("--lang", type=click.Choice(LANGS), default=None,
              help="language of the names (default: the seat's, or English)")
@click.pass_context
@friendly
def render(ctx: click.Context, game_id: str, seat: str | None, output: Path,
           width: int | None, lang: str | None) -> None:
    """Write the map of GAME_ID's current position as a PNG."""
    from pbem import mapimage     # PIL: only for this command, not for every ``pbem`` run
    output_file(output)
    game = store_of(ctx).load(game_id)
    seat = seat_of(game, seat) if seat is not None else None
    draw = mapimage.board_function(game.rules)
    if draw is None:
        raise click.ClickException(f"{game.rules.name} has no map picture")
    lang = lang or reports.prefs(game, seat).lang
    width = width or mapimage.DEFAULT_WIDTH
    data = mapimage.render(mapimage.describe(draw, game.view(seat), lang), width)
    output.write_bytes(data)
    click.echo(f"wrote {output} ({width} px wide, {len(data)} bytes, {lang})")
