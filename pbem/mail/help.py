"""HELP by mail, in the reader's language: ``HELP`` (how to play by mail), ``HELP ORDERS``
(the game's order reference, `pbem.orders_reference`), ``HELP <verb>`` (the orders that
verb starts, e.g. ``HELP MOVE``) and ``HELP MODERATOR`` (every moderator command with its
syntax; ``pbem mod --help`` prints the same list).
"""
from __future__ import annotations

from typing import Any

from engine.game import Game
from pbem import moderation, orders_reference
from pbem.mail import render
from pbem.reports.i18n import t
from pbem.reports.templating import wrap

ORDERS_TOPICS = ("ORDERS", "ПРИКАЗЫ")
MODERATOR_TOPICS = ("MODERATOR", "МОДЕРАТОР", "MOD")
#: Every moderator command in the order the help lists them: AS (mail only), then
#: `pbem.moderation.COMMANDS`.
MODERATOR_COMMANDS = ("AS",) + moderation.COMMANDS
#: At most this many orders of one verb are written out by ``HELP <verb>``.
MAX_LISTED = 500
WIDTH = 78


def moderator_commands(lang: str) -> list[tuple[str, str]]:
    """(syntax, meaning) of every moderator command in `lang`."""
    return [(t(lang, f"moderator_help.commands.{name}.syntax"),
             t(lang, f"moderator_help.commands.{name}.meaning")) for name in MODERATOR_COMMANDS]


def command_lines(lang: str, width: int = 78) -> list[str]:
    """Each moderator command's syntax, then its meaning indented below it."""
    lines: list[str] = []
    for syntax, meaning in moderator_commands(lang):
        lines += [wrap("  " + syntax, width, indent="      "), wrap("      " + meaning, width)]
    return lines


def moderator_help(lang: str) -> str:
    """``HELP MODERATOR``: the introduction, each command's syntax and meaning, the rule
    for refusals (78 columns)."""
    return "\n".join([wrap(t(lang, "moderator_help.intro")), "", *command_lines(lang), "",
                      wrap(t(lang, "moderator_help.outro"))])


def legal_now(game: Game, seat: str, lang: str, verb: str) -> str:
    """``HELP <verb>`` by a seat asked a question now: after the reference, every legal
    order of that verb, written out (a prompt may show a long list as its rule only)."""
    orders = [game.rules.order_text(o) for d in game.decisions() if d.seat == seat
              for option in d.options.options if option.verb == verb
              for o in option.orders()][:MAX_LISTED]
    if not orders:
        return ""
    lines = [wrap(t(lang, "orders_help.legal_now", verb=verb, n=len(orders)))]
    for order in orders:                     # packed, never broken inside an order
        if len(lines) > 1 and len(lines[-1]) + len(order) + 2 <= WIDTH:
            lines[-1] += "; " + order
        else:
            lines.append("  " + order)
    return "\n\n" + "\n".join(lines)


def help_reply(game: Game, seat: str | None, lang: str,
               topic: str | None) -> tuple[list[dict[str, Any]], str]:
    """The sections a HELP command adds to the receipt and its result line.  Without a
    topic a moderator (`seat` None) also gets the moderator commands."""
    key = (topic or "").strip().upper()
    if not key:
        body = render.help_text(lang, game.rules)
        if seat is None:
            body += "\n\n" + moderator_help(lang)
        return [{"title": t(lang, "command.help_title"), "body": body}], \
            t(lang, "command.see_help")
    if key in MODERATOR_TOPICS:
        return [{"title": t(lang, "command.help_title"), "body": moderator_help(lang)}], \
            t(lang, "command.see_help")
    ref = orders_reference.load(game.rules)
    if ref is None:
        return [], t(lang, "orders_help.none")
    body = orders_reference.mail_text(ref, lang, None if key in ORDERS_TOPICS else key)
    if body is not None and seat is not None and key not in ORDERS_TOPICS:
        body += legal_now(game, seat, lang, key)
    if body is None:
        return [], t(lang, "orders_help.unknown", topic=topic,
                     verbs=", ".join(orders_reference.verbs(ref)))
    return [{"title": t(lang, "orders_help.title", game=game.id), "body": body}], \
        t(lang, "orders_help.see")
