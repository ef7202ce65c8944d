"""The ``pbem`` command (click).  Every error is one clear line on stderr and exit 1.

The server home comes from ``--home`` or ``PBEM_HOME`` (default ``./pbem-home``).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

import click
import yaml

from engine import registry
from engine.archive import dump_yaml, load_yaml, public_data, record_from_data
from engine.clocks import parse_duration
from engine.game import Game
from engine.contract import Rules
from engine.record import Entry, Record, ReplayError, replay
from pbem.addresses import check_address
from pbem.anonymity import OPTION as ANONYMOUS
from pbem.cli_base import friendly, main, seat_of, store_of
from pbem.cli_paths import folder, output_file
from pbem.config import write_default_config
from pbem import rules_index, textreport
from pbem.store import Store, StoreError
from pbem.summaries import open_store
from pbem.timesource import now

def run(argv: list[str] | None = None) -> None:
    """The console entry point: click errors become one line on stderr, never a traceback."""
    try:
        main.main(args=argv, prog_name="pbem", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.format_message())
    except click.UsageError as error:
        hint = f" (see: {error.ctx.command_path} --help)" if error.ctx else ""
        click.echo(f"Error: {error.format_message()}{hint}", err=True)
        sys.exit(error.exit_code)
    except click.ClickException as error:
        click.echo(f"Error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)


@main.command()
@click.argument("directory", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.pass_context
@friendly
def init(ctx: click.Context, directory: Path | None) -> None:
    """Create a server home (default: --home) with the embedded default configuration."""
    home = folder(directory or ctx.obj["home"])
    Store(home).init()
    config = write_default_config(home)
    click.echo(f"initialised {home} (configuration: {config})")


@main.command(name="rules")
@click.option("--index", "index_of", metavar="GAME",
              help="print GAME's rulebook sections with the code and tests for each")
@click.option("--write-readme", is_flag=True,
              help="with --index: regenerate the code column of GAME's README coverage table "
                   "and the sections the game generates (e.g. a card table)")
@friendly
def rules_command(index_of: str | None, write_readme: bool) -> None:
    """List installed games, their scenarios and seats (or one game's § → code → test index)."""
    if index_of is not None:
        _rules_index(index_of, write_readme)
        return
    if write_readme:
        raise click.UsageError("--write-readme goes with --index GAME")
    for name, rules in sorted(registry.installed().items()):
        click.echo(f"{name} (rules_version {rules.version}): {rules.title}")
        for info in rules.scenarios():
            groups = [s for s in rules.seat_names(info) if s not in info.seats]
            click.echo(f"  scenario {info.name}: {info.min_players}-{info.max_players} seats "
                       f"({', '.join(info.seats)}){' — ' + info.description if info.description else ''}")
            if groups:
                click.echo(f"    seats holding several: {', '.join(groups)}")


def _rules_index(name: str, write_readme: bool) -> None:
    """`pbem rules --index NAME`: section → code → tests (`pbem.rules_index`)."""
    index = rules_index.build(name)
    if write_readme:
        readme = registry.package_dir(name) / "README.md"
        readme.write_text(rules_index.update_readme(readme.read_text(encoding="utf-8"), index),
                          encoding="utf-8")
        click.echo(f"updated {readme.name}: {len(index.rows)} rows")
        return
    for line in rules_index.report(index):
        click.echo(line)


def _pairs(values: tuple[str, ...], what: str) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        if "=" not in value:
            raise click.BadParameter(f"{value!r}: write {what}")
        key, _, rest = value.partition("=")
        pairs.append((key.strip(), rest.strip()))
    return pairs


def _option_value(text: str) -> Any:
    loaded = load_yaml(text)
    return loaded if isinstance(loaded, (int, bool, str)) else text


@main.command()
@click.argument("game_id")
@click.option("--rules", "rules_name", required=True, help="installed game, see `pbem rules`")
@click.option("--scenario", default=None)
@click.option("--seat", "seats", multiple=True, required=True,
              help="SEAT=EMAIL[,EMAIL...]; repeat for every seat")
@click.option("--moderator", "moderators", multiple=True)
@click.option("--seed", default=None, help="dice seed (default: a fresh secret)")
@click.option("--lang", default="en", type=click.Choice(["en", "ru"]), show_default=True)
@click.option("--clock", "clocks", multiple=True, help="CLASS=DURATION, e.g. impulse=24h")
@click.option("--option", "options", multiple=True, help="KEY=VALUE game option")
@click.option("--title", default="")
@click.option("--anonymous", is_flag=True,
              help="no mail shows a player another player's address (moderators see them)")
@click.option("--data", "data_dir", default=None,
              type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="the game's component data from this directory (see `pbem data check`)")
@click.option("--welcome/--no-welcome", default=True, show_default=True,
              help="queue a welcome mail with its subject tag to every seat")
@click.pass_context
@friendly
def new(ctx: click.Context, game_id: str, rules_name: str, scenario: str | None,
        seats: tuple[str, ...], moderators: tuple[str, ...], seed: str | None, lang: str,
        clocks: tuple[str, ...], options: tuple[str, ...], title: str, anonymous: bool,
        data_dir: Path | None, welcome: bool) -> None:
    """Start a game (and queue each player's welcome mail for `pbem run` to send)."""
    rules = registry.get(rules_name)
    seat_map: dict[str, dict[str, Any]] = {}
    for seat, emails in _pairs(seats, "SEAT=EMAIL"):
        seat = seat.lower()
        addresses = [check_address(e) for e in emails.split(",") if e.strip()]
        if not addresses:
            raise click.BadParameter(f"seat {seat} has no email address")
        if seat in seat_map:
            raise click.BadParameter(f"seat {seat} is given twice")
        seat_map[seat] = {"players": addresses, "lang": lang}
    clock_map: dict[str, Any] = {}
    for key, value in _pairs(clocks, "CLASS=DURATION"):
        if key == "reminders":
            clock_map[key] = [v for v in value.split(",") if v]
        else:
            if key not in ("nmr",):
                parse_duration(value)
            clock_map[key] = value
    moderators = tuple(check_address(m) for m in moderators)
    store = open_store(folder(ctx.obj["home"]))   # a new game may create its home
    store.init()
    game_options = {k: _option_value(v) for k, v in _pairs(options, "KEY=VALUE")}
    if anonymous:
        game_options[ANONYMOUS] = True
    if data_dir is not None:
        game_options.update(_cli_data.data_option(rules, data_dir))
    game = Game.create(rules, game_id, seat_map, now=now(), scenario=scenario,
                       options=game_options,
                       moderators=list(moderators), seed=seed, clocks=clock_map, title=title)
    if welcome:
        from pbem.mail.moderator import queue_welcome    # the mail pipeline, when used
        queue_welcome(game)
    store.create(game)
    click.echo(f"created {game_id}: {rules.name} {game.record.header.scenario}, "
               f"seats {', '.join(seat_map)}; dice commitment {game.record.header.dice_commitment}")
    for seat in seat_map:
        click.echo(f"  {seat}: subject tag [{game_id} {seat} {game.server['tokens'][seat]}]")
    for moderator in moderators:
        token = game.server["tokens"][f"moderator:{moderator}"]
        click.echo(f"  moderator {moderator}: subject tag [{game_id} moderator {token}]")
    if welcome:
        click.echo(f"  {len(seat_map)} welcome mail(s) queued; `pbem run` sends them, "
                   "showing the game as it is then")


@main.command()
@click.option("--stats", is_flag=True, help="under each game, each seat's median reply time "
              "and its count of missed deadlines")
@click.pass_context
@friendly
def games(ctx: click.Context, stats: bool) -> None:
    """List games: id, rules, phase, state (awaiting whom, paused, over), next deadline."""
    store = store_of(ctx)
    ids = store.game_ids()
    if not ids:
        click.echo(f"no games in {store.home}")
        return
    click.echo("\t".join(GAMES_HEADER))
    for game_id in ids:  # a game is parsed only when it changed since its last listing
        click.echo("\t".join([game_id, *store.summary(game_id, "games_line", _games_row)]))
        if stats:
            from pbem.stats import reply_stats, stats_lines
            rules, rows = store.summary(game_id, "reply_stats",
                                        lambda g: [g.rules.name, reply_stats(g)])
            for line in stats_lines(rules, "en", rows):
                click.echo("  " + line)


GAMES_HEADER = ("GAME", "RULES", "PHASE", "STATE", "NEXT DEADLINE")


def _games_row(game: Game) -> list[str]:
    """Rules, phase, state and the next deadline: a row of `pbem games`.  A paused game
    says so (its clocks stand still: no deadline), and so does one held for its rules
    version (`Game.pinned`)."""
    phase = str(game.view(None).get("phase", ""))
    end = textreport.outcome_line(game)
    awaited = ", ".join(sorted({d.seat for d in game.decisions()})) or "-"
    deadline = textreport.next_deadline(game)
    paused = game.clocks.paused and not end
    when = f"{deadline:%Y-%m-%d %H:%M} UTC" if deadline and not end and not paused else "-"
    state = "over" if end else ("paused, " if paused else "") + f"awaiting {awaited}"
    if game.pinned is not None:
        state = (f"held: rules_version {game.record.header.rules_version}, installed "
                 f"{game.rules.version} (pbem mod {game.id} MIGRATE)")
    return [game.rules.name, phase, state, when]


@main.command()
@click.argument("game_id")
@click.option("--as", "seat", default=None, help="show what this seat sees (default: public)")
@click.option("--lang", type=click.Choice(("en", "ru")), default=None,
              help="language (default: the seat's, or English for the public view)")
@click.pass_context
@friendly
def status(ctx: click.Context, game_id: str, seat: str | None, lang: str | None) -> None:
    """Show a game as the public (or one seat) sees it: the status report of the mails,
    and with --as the seat's hand and what it is asked."""
    from pbem import reports
    from pbem.reports.templating import render_text
    game = store_of(ctx).load(game_id)
    seat = seat_of(game, seat) if seat is not None else None
    prefs = reports.prefs(game, seat)
    lang = lang or (prefs.lang if seat else "en")
    tz = prefs.tz if seat else None
    parts = [reports.status_text(game, lang, tz, seat)]
    if seat is not None:
        view = reports.view_of(game, seat)
        if isinstance(view, dict) and "hand" in view:
            parts.append(reports.private_text(game, seat, lang))
        parts.append(render_text("common/_next.txt.j2", lang=lang,
                                 rules=game.record.header.rules,
                                 asked=reports.asked_for(game, seat, lang, tz),
                                 waiting=reports.waiting(game, seat, lang),
                                 outcome=reports.outcome_line(game, lang)).rstrip())
    click.echo("\n\n".join(p for p in parts if p))


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("game_id")
@click.argument("seat")
@click.argument("text", required=False)
@click.pass_context
@friendly
def order(ctx: click.Context, game_id: str, seat: str, text: str | None) -> None:
    """Submit orders for SEAT (TEXT, or '-' / nothing to read standard input).  TEXT may
    begin with '-' (``pbem order g north "- PASS"``, or after ``--``)."""
    from pbem.mail.outgoing import before_move, remember_unmailed   # when used
    if text is None or text == "-":
        text = sys.stdin.read()
    with store_of(ctx).transaction(game_id) as game:
        seat = seat_of(game, seat)
        before = before_move(game)
        receipt = game.submit(seat, text, by=seat, source="cli", at=now())
        remember_unmailed(game, before)     # `pbem run` mails what a mailed order would
        click.echo(textreport.receipt_text(game, receipt))
    if not receipt.ok:
        sys.exit(2)


@main.command()
@click.argument("game_id")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--public", is_flag=True,
              help="the copy to share: no player's or observer's address (it still replays)")
@click.pass_context
@friendly
def archive(ctx: click.Context, game_id: str, output: Path | None, public: bool) -> None:
    """Write the game's archive (the seed only once the game has ended)."""
    if output is not None:
        output_file(output)
    data = store_of(ctx).load(game_id).to_data(private=False)
    text = dump_yaml(public_data(data) if public else data)
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, "utf-8")
        click.echo(f"wrote {output}")


@main.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--verify", is_flag=True, help="check every entry's state hash and dice")
@friendly
def replay_command(file: Path, verify: bool) -> None:
    """Rebuild a game from its archive file."""
    record = read_archive(file)
    rules = registry.get(record.header.rules)
    state, _ = replay(rules, record, verify=verify,
                      on_state=_check_invariants(rules) if verify else None)
    outcome = rules.outcome(state)
    click.echo(f"replay: {record.header.id} ({record.header.rules} v{record.header.rules_version}), "
               f"{len(record.entries)} entries, "
               f"{'every state hash verified' if verify else 'final state hash matches'}"
               + (f"; {', '.join(outcome.winners)} won" if outcome else ""))


def _check_invariants(rules: Rules) -> Callable[[Entry, dict], None]:
    """`replay`'s check that the game's invariants (`Rules.validate`) hold after an entry."""
    def check(entry: Entry, state: dict) -> None:
        problems = rules.validate(state)
        if problems:
            raise ReplayError(f"after entry {entry.seq} ({entry.by}: {entry.order!r}) the "
                              f"game's invariants fail: {'; '.join(problems)}")
    return check


def read_archive(file: Path) -> Record:
    """The record in archive `file`; `StoreError` when the file is not a pbem archive."""
    try:
        return record_from_data(load_yaml(file.read_bytes()))
    except (yaml.YAMLError, UnicodeDecodeError, KeyError, TypeError, AttributeError,
            ValueError) as error:
        problem = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise StoreError(f"{file} is not a pbem archive (write one with `pbem archive`): "
                         f"{problem}") from None


@main.command()
@click.option("--rules", "rules_name", required=True)
@click.option("--scenario", default=None)
@click.option("--seats", "players", default=None, type=click.IntRange(1),
              help="how many seats to fill (default: a random count the scenario allows)")
@click.option("--games", "count", default=10, show_default=True, type=click.IntRange(1))
@click.option("--seed", default="simulate", show_default=True)
@click.option("--bot", "bot", default="random", show_default=True,
              help="random | default | heuristic, or SEAT=BOT,... (other seats: random)")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="save every game's archive here (failing ones are always saved)")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1),
              help="processes playing games side by side")
@click.option("--check-invariants", is_flag=True,
              help="run the game's validate() after every entry")
@click.option("--option", "options", multiple=True, help="KEY=VALUE game option")
@friendly
def simulate(rules_name: str, scenario: str | None, players: int | None, count: int,
             seed: str, bot: str, out: Path | None, jobs: int, check_invariants: bool,
             options: tuple[str, ...]) -> None:
    """Play complete games with bots, replay-verifying each: one line per game."""
    from pbem import simulate as simulation   # not loaded by every other command
    rules = registry.get(rules_name)
    game_options = {k: _option_value(v) for k, v in _pairs(options, "KEY=VALUE")}
    simulation.check_setup(rules, scenario, game_options)
    table = simulation.parse_bots(rules, bot)
    if out is not None:
        folder(out)
    report = simulation.simulate(rules, games=count, seed=seed, bot=table, scenario=scenario,
                                 out=out, options=game_options, jobs=jobs,
                                 check_invariants=check_invariants, players=players,
                                 on_result=lambda r: click.echo(r.line()))
    for failure in report.failures:
        click.echo(failure, err=True)
    click.echo(report.line())
    if report.errors:
        sys.exit(1)

from pbem import cli_mail as _cli_mail  # noqa: E402  (issue 3: the mail gateway)
for _command in (_cli_mail.run, _cli_mail.demo): main.add_command(_command)
from pbem import cli_mod as _cli_mod  # noqa: E402,F401  (issue 6: mod, rollback, stuck)
from pbem import cli_render as _cli_render  # noqa: E402,F401  (issue 5: registers render)
from pbem import cli_data as _cli_data  # noqa: E402,F401  (issue 20: registers data)
