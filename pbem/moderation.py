"""Moderator commands: unstick, correct, replace, pause, roll back — all audited.

The same commands come from ``pbem mod GAME_ID ...`` (ROLLBACK also from ``pbem rollback``)
and from a moderator's authenticated mail (precedents: the master commands of njudge and
DPjudge).  Each act is a record entry
``by: moderator:<addr>`` (an order, an ``edit`` or a state-less ``act``), except
ROLLBACK/ROLLFORWARD, which the record keeps in its audit section, and PREVIEW, which saves
nothing.  `execute` returns what to tell whom; the caller (CLI or mail gateway) delivers the
notices.

    FORCE <seat> [ORDER]            answer the seat's open decision: its default, or ORDER
    EXTEND <seat|ALL> <duration>    move deadlines later (48h, 2d, 1d12h)
    DEADLINE <seat|ALL> <datetime>  set deadlines (2026-11-25T18:00Z, UTC)
    PAUSE | RESUME                  stop / restart every clock (press still flows)
    NMR <default|hold>              what a missed deadline does
    PREVIEW <seat> <ORDER>          what would happen; nothing is saved
    ROLLBACK <seq> | ROLLFORWARD    undo entries after seq / undo the last rollback
    REPLACE <seat> <email> [LANGUAGE en|ru]
                                    new player, new token; the old token stops working;
                                    the seat's time zone and digest (the old player's)
                                    go back to the defaults, its language stays unless
                                    given (LANG, ЯЗЫК also work); the welcome is in it
    ADD-ADDRESS <seat> <email>      another address for the seat (on a dropped seat: its
                                    addresses play it again, sent its status and new tag)
    DROP <seat>                     the seat is played by a bot (the game's heuristic one, else
                                    its defaults) until replaced (its tag stops working, its
                                    held orders are dropped)
    BOT <seat> <random|default|heuristic|...>
                                    a bot plays the seat (entries ``by: bot:<name>``); its
                                    addresses keep their mail and are told each bot order
    HUMAN <seat>                    the seat's players play it again
    EDIT <path> = <value>[; <path> = <value> ...]
                                    correct the state (must still validate after the
                                    last assignment: move a card from pile to pile at once)
    RESEND <seat|ALL>               mail the seat its status and hand again
    ANNOUNCE ... ENDANNOUNCE        a message to every seat
    OBSERVER ADD <email> [LANGUAGE en|ru] | OBSERVER REMOVE <email>
                                    someone who gets the public reports only (phase
                                    reports with the map, the end-of-game mail; never
                                    press, a hand or a prompt); their own tag answers
                                    STATUS and nothing else
    GRANT-VACATION <seat> <from> <to>
                                    a vacation (dates as YYYY-MM-DD) the moderator grants:
                                    it moves the seat's deadlines like the player's own
                                    VACATION and never counts against the game's
                                    ``vacation_days`` cap
    END <reason>                    close the game and archive it

``BECAUSE <reason>`` may end any command line (EDIT requires it); the reason is recorded.

Who is told.  A notice goes to every seat, to the moderators, to one seat, or to addresses
that no longer play a seat: REPLACE tells the old player that the seat went to someone
else, DROP tells the dropped player; after that they get nothing about the game (a dropped
seat's addresses get nothing until REPLACE or ADD-ADDRESS gives the seat back to players).
END's notice and the end-of-game summary reach each seat as one mail (``resend``: the
status mail of a finished game is its end-of-game mail).

Clocks after ROLLBACK/ROLLFORWARD.  Deadlines are operational state, not derived from the
record, but whether the game is paused follows the record: after a rollback (or a
rollforward) the game is paused iff the last PAUSE/RESUME act left in the record is a
PAUSE.  Undoing a PAUSE resumes the clocks (open deadlines move by the paused time, as on
RESUME), undoing a RESUME pauses them again from now; the notice says so.
"""
from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine import bots
from engine.archive import dump_yaml, iso, load_yaml, parse_iso
from engine.clocks import NMR_POLICIES, parse_duration
from engine.contract import IllegalOrder
from engine.edit import parse_edits
from engine.game import Game, Receipt
from engine.record import migrate
from pbem.addresses import EXAMPLE, AddressError, check_address
from pbem.anonymity import is_anonymous
from pbem.mail.commands import KEYWORDS, setting_value
from pbem.store import Store, new_token
from pbem.textreport import receipt_text

COMMANDS = ("FORCE", "EXTEND", "DEADLINE", "PAUSE", "RESUME", "NMR", "PREVIEW", "ROLLBACK",
            "ROLLFORWARD", "REPLACE", "ADD-ADDRESS", "DROP", "EDIT", "RESEND", "ANNOUNCE",
            "OBSERVER", "GRANT-VACATION", "END", "BOT", "HUMAN", "MIGRATE")
OBSERVER = "observer:"      # a token's key prefix (and a notice's `to`): an observer's address
PAUSE_REMINDER_EVERY = dt.timedelta(days=1)
_BECAUSE = re.compile(r"\s+BECAUSE\s+(.*)$", re.I | re.S)
ADDRESS = "address:"        # a notice's `to` prefix: someone who no longer plays a seat


@dataclass
class Notice:
    """A message to deliver: `to` is ``all`` (every seat not dropped), ``moderators``, a
    seat name, or ``address:<email>`` (someone who no longer plays a seat: they read it in
    `lang`, their seat's language when they left).  `key` and `params` name it in the
    message catalog (``mod_notice.<key>``: subject and body), so each recipient reads it
    in their language (`render_notice`); `subject` and `body` are the English text (the CLI
    shows them; notices queued before keys existed have only these)."""
    to: str
    subject: str
    body: str
    key: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    lang: str | None = None


def notice(to: str, key: str, /, **params: Any) -> Notice:
    """A catalog notice (English subject and body filled in for the CLI)."""
    subject, body = render_notice(key, params, "en")
    return Notice(to, subject, body, key, params)


def leaving_notices(game: Game, seat: str, addresses: list[str], key: str, /,
                    **params: Any) -> list[Notice]:
    """A catalog notice to each of `addresses`, which stop playing `seat`, in the seat's
    language (read now: the seat's next player may change it)."""
    from pbem import reports
    lang = reports.prefs(game, seat).lang
    return [replace(notice(ADDRESS + address, key, seat=seat, game=game.id, **params),
                    lang=lang) for address in addresses]


def is_dropped(game: Game, seat: str) -> bool:
    """Whether `seat` is played by its defaults (DROP) until REPLACE or ADD-ADDRESS."""
    return seat in (game.server.get("dropped") or {})


def render_notice(key: str, params: dict[str, Any], lang: str,
                  seat_name: Any = None) -> tuple[str, str]:
    """(subject, body) of a catalog notice in `lang`; `seat_name(seat) -> str` names seats
    (default: the seat ids).  A moderator's own words (``because``, ``text``) stay as
    written; ``because`` adds a "Reason: ..." sentence."""
    from pbem.reports.i18n import t
    name = seat_name or (lambda s: s)
    args = dict(params)
    if "seat" in args:
        args["seat"] = name(args["seat"]) if args["seat"] else t(lang, "mod_notice.every_seat")
    if "reason" in args and not args["reason"]:
        args["reason"] = t(lang, "mod_notice.no_reason")
    because = args.pop("because", "")
    subject = t(lang, f"mod_notice.{key}.subject", **args)
    body = t(lang, f"mod_notice.{key}.body", **args)
    if because:
        body += " " + t(lang, "mod_notice.because", because=because)
    return subject, body


@dataclass
class ModResult:
    """What a moderator command did: a summary for the moderator and notices for others;
    `resend` lists the seats (or ``all``) to mail their status (on a finished game: the
    end-of-game summary), with the notices to them folded in."""
    command: str
    summary: str
    notices: list[Notice] = field(default_factory=list)
    saved: bool = True
    resend: list[str] = field(default_factory=list)
    receipt: Receipt | None = None
    details: str = ""
    #: New observers' addresses, each to be sent the public status with their tag.
    observers: list[str] = field(default_factory=list)


def split_command(text: str) -> tuple[str, str, str]:
    """(VERB, arguments, because) of one command text."""
    body = text.strip()
    because = ""
    match = _BECAUSE.search(body)
    if match and not body.upper().startswith("ANNOUNCE"):
        because, body = match.group(1).strip(), body[:match.start()].strip()
    verb, _, rest = body.partition(" ")
    verb = verb.upper()
    if verb not in COMMANDS:
        from difflib import get_close_matches
        raise IllegalOrder(f"{verb or '(nothing)'} is not a moderator command",
                           get_close_matches(verb, COMMANDS, n=3, cutoff=0.6) or
                           ["FORCE", "EXTEND", "PAUSE", "ROLLBACK", "EDIT"])
    return verb, rest.strip(), because


def execute(game: Game, moderator: str, text: str, *, now: dt.datetime,
            source: str = "cli") -> ModResult:
    """Run one moderator command on `game` (which the caller then saves, unless PREVIEW)."""
    verb, args, because = split_command(text)
    by = f"moderator:{moderator}"
    handler = _HANDLERS[verb]
    return handler(game, args, because, by=by, now=now, source=source)


# ---------------------------------------------------------------------- handlers
def _seat(game: Game, word: str, *, allow_all: bool = False) -> str | None:
    name = word.strip().lower()
    if allow_all and name == "all":
        return None
    if name not in game.seats:
        raise IllegalOrder(f"{game.id} has no seat {word!r}",
                           list(game.seats) + (["ALL"] if allow_all else []))
    return name


def _force(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
           source: str) -> ModResult:
    seat_word, _, order = args.partition(" ")
    seat = _seat(game, seat_word)
    decisions = game.decisions(seat)
    if not decisions:
        raise IllegalOrder(f"{seat} is not asked anything now; nothing to force")
    if order.strip():
        receipt = game.submit(seat, order, by=by, source=source, at=now)
        if not receipt.ok:
            refused = next(r for r in receipt.results if r.status != "applied")
            raise IllegalOrder(f"{refused.text!r} refused: {refused.message}", refused.hints)
        what = ', '.join(r.order or r.text for r in receipt.results)
        summary = f"forced {seat}: {what}"
    else:
        decision = decisions[0]
        entry = game.apply_order(seat, game.rules.default(game.state, decision), by=by,
                                 source=source, at=now, decision=decision)
        receipt = None
        what = entry.order
        summary = f"forced {seat}'s default: {entry.order} (entry {entry.seq})"
    return ModResult("FORCE", summary, [notice(seat, "forced", seat=seat, what=what,
                                               because=because)],
                     receipt=receipt, details=receipt_text(game, receipt) if receipt else "")


def _extend(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
            source: str) -> ModResult:
    parts = args.split()
    if len(parts) != 2:
        raise IllegalOrder("write EXTEND <seat|ALL> <duration>", ["EXTEND ALL 24h"])
    seat = _seat(game, parts[0], allow_all=True)
    moved = game.clocks.extend(seat, parse_duration(parts[1]))
    game.act(f"EXTEND {seat or 'ALL'} {parts[1]}", by=by, because=because, source=source, at=now)
    who = seat or "every seat"
    return ModResult("EXTEND", f"{moved} deadline(s) of {who} moved {parts[1]} later",
                     [notice(seat or "all", "extended", seat=seat, duration=parts[1])])


def _deadline(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
              source: str) -> ModResult:
    seat_word, _, when = args.partition(" ")
    seat = _seat(game, seat_word, allow_all=True)
    try:
        moment = parse_iso(when.strip().replace(" ", "T"))
    except ValueError:
        raise IllegalOrder(f"{when.strip()!r} is not a date and time",
                           ["DEADLINE ALL 2026-11-25T18:00Z"]) from None
    if moment <= now:
        raise IllegalOrder("a new deadline must be in the future")
    moved = game.clocks.set_deadline(seat, moment)
    game.act(f"DEADLINE {seat or 'ALL'} {iso(moment)}", by=by, because=because, source=source,
             at=now)
    return ModResult("DEADLINE", f"{moved} deadline(s) set to {iso(moment)}",
                     [notice(seat or "all", "deadline", when=f"{moment:%Y-%m-%d %H:%M}")])


def _pause(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
           source: str) -> ModResult:
    if game.clocks.paused:
        raise IllegalOrder("the game is already paused")
    _stop_clocks(game, now)
    game.act("PAUSE", by=by, because=because, source=source, at=now)
    return ModResult("PAUSE", "paused; every clock is stopped",
                     [notice("all", "paused", because=because)])


def _resume(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
            source: str) -> ModResult:
    if not game.clocks.paused:
        raise IllegalOrder("the game is not paused")
    stopped = _start_clocks(game, now)
    game.act("RESUME", by=by, because=because, source=source, at=now)
    return ModResult("RESUME", f"resumed; deadlines moved by {stopped}",
                     [notice("all", "resumed", stopped=str(stopped))])


def _stop_clocks(game: Game, now: dt.datetime) -> None:
    """Pause every clock; the daily pause reminder counts from now."""
    game.clocks.pause(now)
    game.server["paused_reminded_at"] = iso(now)


def _start_clocks(game: Game, now: dt.datetime) -> dt.timedelta:
    """Resume every clock (open deadlines move by the paused time); returns that time."""
    game.server.pop("paused_reminded_at", None)
    return game.clocks.resume(now)


def _nmr(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
         source: str) -> ModResult:
    policy = args.strip().lower()
    if policy not in NMR_POLICIES:
        raise IllegalOrder(f"NMR takes {' or '.join(NMR_POLICIES)}",
                           [f"NMR {p}" for p in NMR_POLICIES])
    game.clocks.settings["nmr"] = policy
    game.record.header.clocks["nmr"] = policy
    game.act(f"NMR {policy}", by=by, because=because, source=source, at=now)
    return ModResult("NMR", f"missed deadlines now {'enter the default order' if policy == 'default' else 'wait for a moderator'}")


def _preview(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
             source: str) -> ModResult:
    seat_word, _, order = args.partition(" ")
    seat = _seat(game, seat_word)
    if not order.strip():
        raise IllegalOrder("write PREVIEW <seat> <order>")
    trial = Game.from_data(game.rules, load_yaml(dump_yaml(game.to_data())))
    receipt = trial.submit(seat, order, by=by, source="preview", at=now)
    return ModResult("PREVIEW", f"preview of {seat}: {order.strip()} (nothing saved)",
                     saved=False, details=receipt_text(trial, receipt))


def _rollback(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
              source: str) -> ModResult:
    if not args.strip().isdigit():
        raise IllegalOrder("write ROLLBACK <entry number> BECAUSE <reason>", ["ROLLBACK 12"])
    seq = int(args)
    removed = game.rollback(seq, by=by, reason=because or "no reason given", at=now)
    if not removed:
        raise IllegalOrder(f"entry {seq} is the last one; nothing to undo")
    undone = ", ".join(str(e.seq) for e in removed)
    clause, notices = match_pause(game, now)
    return ModResult("ROLLBACK", f"rolled back to {seq}; {len(removed)} entries kept in audit"
                     + clause,
                     [notice("all", "rolled_back", seq=seq, undone=undone, reason=because),
                      *notices], resend=["all"])


def _rollforward(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
                 source: str) -> ModResult:
    restored = game.rollforward(by=by, at=now)
    clause, notices = match_pause(game, now)
    return ModResult("ROLLFORWARD", f"restored {len(restored)} entries" + clause,
                     [notice("all", "rolled_forward", first=restored[0].seq,
                             last=restored[-1].seq), *notices], resend=["all"])


def _migrate(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
             source: str) -> ModResult:
    """MIGRATE: a game held for its rules_version (`Game.pinned`) replays its orders under
    the installed rules (`engine.record.migrate`); it moves only when every entry still
    fits, else nothing changes and the first entry that does not is named."""
    if game.pinned is None:
        raise IllegalOrder(f"{game.id} is already at {game.rules.name} rules_version "
                           f"{game.rules.version}: nothing to migrate")
    old = game.record.header.rules_version
    moved, stop = migrate(game.rules, game.record)
    if stop is not None:
        raise IllegalOrder(f"{game.id} cannot move from rules_version {old} to "
                           f"{game.rules.version}: {stop}; entries 1-{moved.last_seq} fit.  The "
                           "game stays held; finish it on a judge of its own version")
    fit = len(moved.entries)
    game.migrated(moved, now)
    game.act(f"MIGRATE FROM {old}", by=by, because=because, source=source, at=now)
    return ModResult("MIGRATE", f"migrated from rules_version {old} to {game.rules.version}: "
                     f"all {fit} entries replayed and fit",
                     [notice("all", "migrated", pinned=old, installed=game.rules.version)],
                     resend=["all"])


def paused_by_record(game: Game) -> bool:
    """Whether the record's last PAUSE/RESUME act is a PAUSE."""
    acts = [e.order for e in game.record.entries
            if e.kind == "act" and e.order in ("PAUSE", "RESUME")]
    return bool(acts) and acts[-1] == "PAUSE"


def match_pause(game: Game, now: dt.datetime) -> tuple[str, list[Notice]]:
    """After ROLLBACK/ROLLFORWARD: pause or resume the clocks to match the record
    (`paused_by_record`).  Returns a clause for the moderator's summary and the notices
    to every seat; both empty when the pause state did not change."""
    if paused_by_record(game) == game.clocks.paused:
        return "", []
    if not game.clocks.paused:
        _stop_clocks(game, now)
        return ("; the game is paused again (the record has a PAUSE in force)",
                [notice("all", "repaused")])
    stopped = _start_clocks(game, now)
    clause = ("; the game is no longer paused (the record has no PAUSE in force): "
              f"deadlines moved by {stopped}")
    return clause, [notice("all", "unpaused", stopped=str(stopped))]


def _address(args: str, command: str) -> tuple[str, str]:
    parts = args.split()
    example = [f"{command} north {EXAMPLE}"]
    if len(parts) != 2:
        raise IllegalOrder(f"write {command} <seat> <email>", example)
    try:
        return parts[0], check_address(parts[1])
    except AddressError as bad:
        raise IllegalOrder(str(bad), example) from None


def _replacement(args: str) -> tuple[str, str, str | None]:
    """(seat word, email, language or None) of ``<seat> <email> [LANGUAGE en|ru]``; the
    language word may be any of the mail command's (LANGUAGE, LANG, ЯЗЫК)."""
    words = args.split()
    if len(words) == 4 and words[2].upper() in KEYWORDS["LANGUAGE"]:
        lang = setting_value("LANGUAGE", words[3:])
        if lang is None:
            raise IllegalOrder(f"{words[3]!r}: LANGUAGE takes en or ru",
                               [f"REPLACE {words[0]} {words[1]} LANGUAGE {x}"
                                for x in ("en", "ru")])
        return (*_address(" ".join(words[:2]), "REPLACE"), str(lang))
    return (*_address(args, "REPLACE"), None)


def _replace(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
             source: str) -> ModResult:
    seat_word, email, lang = _replacement(args)
    seat = _seat(game, seat_word)
    info = game.seats[seat]
    old = list(info["players"])
    # A dropped seat's addresses were told already; they hear nothing more.
    leaving = [] if is_dropped(game, seat) else [a for a in old if a.lower() != email]
    hidden = is_anonymous(game)     # players are told of the seat, not of an address
    told = leaving_notices(game, seat, leaving,
                           "replaced_you_anonymous" if hidden else "replaced_you",
                           email=email, because=because)
    info["players"] = [email]
    info.pop("tz", None)                    # the old player's: back to the defaults
    info.pop("digest", None)
    if lang:
        info["lang"] = lang
    game.server.setdefault("tokens", {})[seat] = new_token()
    game.server.get("dropped", {}).pop(seat, None)
    game.act(f"REPLACE {seat} {email}" + (f" LANGUAGE {lang}" if lang else ""), by=by,
             because=because, source=source, at=now)
    from pbem import reports
    return ModResult("REPLACE", f"{seat} is now played by {email}; a new token was issued; "
                     f"its settings: language {reports.prefs(game, seat).lang}, time zone "
                     "UTC, digest off",
                     [notice("all", "replaced_anonymous", seat=seat) if hidden else
                      notice("all", "replaced", seat=seat, email=email, old=", ".join(old)),
                      *told], resend=[seat])


def _add_address(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
                 source: str) -> ModResult:
    seat_word, email = _address(args, "ADD-ADDRESS")
    seat = _seat(game, seat_word)
    players = game.seats[seat]["players"]
    returning = is_dropped(game, seat)
    if email in players and not returning:
        raise IllegalOrder(f"{email} already plays {seat}")
    if email not in players:
        players.append(email)
    game.act(f"ADD-ADDRESS {seat} {email}", by=by, because=because, source=source, at=now)
    if not returning:
        return ModResult("ADD-ADDRESS", f"{email} may now send orders for {seat}",
                         [notice(seat, "address_added", seat=seat, email=email)])
    del game.server["dropped"][seat]
    return ModResult("ADD-ADDRESS", f"{seat} is no longer dropped; its addresses "
                     f"({', '.join(players)}) get mail again, starting with its status",
                     [notice("all", "returned_anonymous", seat=seat) if is_anonymous(game)
                      else notice("all", "returned", seat=seat, email=email)], resend=[seat])


def _drop(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
          source: str) -> ModResult:
    seat = _seat(game, args)
    if is_dropped(game, seat):
        raise IllegalOrder(f"{seat} is dropped already",
                           [f"REPLACE {seat} <email>", f"ADD-ADDRESS {seat} <email>"])
    told = leaving_notices(game, seat, list(game.seats[seat]["players"]), "dropped_you",
                           because=because)
    game.server.setdefault("dropped", {})[seat] = iso(now)
    game.server.setdefault("tokens", {})[seat] = new_token()    # the old tag stops working
    game.server.get("held", {}).pop(seat, None)                 # and the orders it held
    game.act(f"DROP {seat}", by=by, because=because, source=source, at=now)
    entries = play_bots(game, now)
    return ModResult("DROP", f"{seat} is played by the {seat_bot(game, seat)} bot until replaced "
                     f"({len(entries)} decision(s) answered now); its tag no longer works",
                     [notice("all", "dropped", seat=seat), *told])


def seat_bot(game: Game, seat: str) -> str | None:
    """The bot playing `seat`: the one a moderator seated (BOT), the dropped-seat bot
    (`engine.bots.for_dropped_seat`) on a dropped seat, else None (its players play it)."""
    seated = (game.server.get("bots") or {}).get(seat)
    if seated is not None:
        return seated
    return bots.for_dropped_seat(game.rules) if is_dropped(game, seat) else None


def _bot(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
         source: str) -> ModResult:
    words = args.split()
    if len(words) != 2:
        raise IllegalOrder("write BOT <seat> <bot>", [f"BOT {next(iter(game.seats))} {n}"
                                                      for n in bots.names(game.rules)])
    seat = _seat(game, words[0])
    name = bots.get(game.rules, words[1].lower()).name
    game.server.setdefault("bots", {})[seat] = name
    game.act(f"BOT {seat} {name}", by=by, because=because, source=source, at=now)
    entries = play_bots(game, now)
    return ModResult("BOT", f"{seat} is played by the {name} bot ({len(entries)} decision(s) "
                     "answered now); its players are told each of its orders",
                     [notice("all", "bot_seated", seat=seat, bot=name),
                      *bot_notices(game, entries)])


def _human(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
           source: str) -> ModResult:
    seat = _seat(game, args)
    if (game.server.get("bots") or {}).pop(seat, None) is None:
        raise IllegalOrder(f"no bot plays {seat}", [f"BOT {seat} <bot>"])
    if not game.server["bots"]:
        del game.server["bots"]
    game.act(f"HUMAN {seat}", by=by, because=because, source=source, at=now)
    return ModResult("HUMAN", f"{seat} is played by its players again",
                     [notice("all", "human_again", seat=seat)], resend=[seat])


def _edit(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
          source: str) -> ModResult:
    changes = parse_edits(args)
    entries = game.edits(changes, by=by, because=because, source=source, at=now)
    return ModResult("EDIT", "; ".join(f"entry {e.seq}: {e.order}" for e in entries),
                     [notice("all", "edited", seq=e.seq, path=path, because=because)
                      for e, (path, _) in zip(entries, changes)],
                     resend=["all"])


def _resend(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
            source: str) -> ModResult:
    seat = _seat(game, args, allow_all=True)
    return ModResult("RESEND", f"status re-sent to {seat or 'every seat'}", saved=False,
                     resend=[seat or "all"])


def _announce(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
              source: str) -> ModResult:
    body = re.sub(r"\s*ENDANNOUNCE\s*$", "", args, flags=re.I).strip()
    if not body:
        raise IllegalOrder("write ANNOUNCE, the message, then ENDANNOUNCE")
    return ModResult("ANNOUNCE", "announced to every seat",
                     [notice("all", "announcement", text=body)], saved=False)


def _end(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
         source: str) -> ModResult:
    reason = " ".join(x for x in (args.strip(), because) if x)
    if not reason:
        raise IllegalOrder("END needs a reason: END <reason>")
    if game.outcome() is not None:
        raise IllegalOrder("the game is already over")
    game.act("END", by=by, because=reason, source=source, at=now)
    return ModResult("END", f"game closed: {reason}",
                     [notice("all", "ended", reason=reason)], resend=["all"])


def _observer(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
              source: str) -> ModResult:
    """OBSERVER ADD <email> [LANGUAGE en|ru] | OBSERVER REMOVE <email>: kept in the header's
    ``observers`` (no entry: observers change nothing the record replays)."""
    words = args.split()
    action = words[0].upper() if words else ""
    action = {"ДОБАВИТЬ": "ADD", "УБРАТЬ": "REMOVE", "УДАЛИТЬ": "REMOVE"}.get(action, action)
    if action not in ("ADD", "REMOVE") or len(words) < 2:
        raise IllegalOrder("write OBSERVER ADD <email> or OBSERVER REMOVE <email>",
                           ["OBSERVER ADD fan@example.org", "OBSERVER REMOVE fan@example.org"])
    observers = game.record.header.observers
    if action == "REMOVE":
        email = words[1].lower()
        if not any(o["address"] == email for o in observers):
            raise IllegalOrder(f"{email} does not observe {game.id}",
                               [o["address"] for o in observers])
        observers[:] = [o for o in observers if o["address"] != email]
        game.server.get("tokens", {}).pop(OBSERVER + email, None)
        return ModResult("OBSERVER", f"{email} no longer observes {game.id}; their tag no "
                         "longer works", [])
    _, email, lang = _replacement("observer " + " ".join(words[1:]))
    if any(o["address"] == email for o in observers):
        raise IllegalOrder(f"{email} observes {game.id} already")
    if any(email in (a.lower() for a in info["players"]) for info in game.seats.values()):
        raise IllegalOrder(f"{email} plays in {game.id}; a player cannot also observe")
    observers.append({"address": email, "lang": lang or "en"})
    game.server.setdefault("tokens", {})[OBSERVER + email] = new_token()
    return ModResult("OBSERVER", f"{email} observes {game.id}: public reports only, sent "
                     "the status now", [], observers=[email])


def _grant_vacation(game: Game, args: str, because: str, *, by: str, now: dt.datetime,
                    source: str) -> ModResult:
    """GRANT-VACATION <seat> <from> <to>: a moderator's vacation, not counted against the
    game's ``vacation_days`` cap (`Clocks.days_taken`)."""
    words = [w for w in args.split() if w.upper() not in ("TO", "ПО", "ДО", "-")]
    if len(words) != 3:
        raise IllegalOrder("write GRANT-VACATION <seat> <from> <to>",
                           ["GRANT-VACATION north 2026-12-20 2027-01-10"])
    seat = _seat(game, words[0])
    try:
        start, end = (dt.date.fromisoformat(w) for w in words[1:])
    except ValueError:
        raise IllegalOrder("dates are written YYYY-MM-DD",
                           [f"GRANT-VACATION {seat} 2026-12-20 2027-01-10"]) from None
    begin = dt.datetime.combine(start, dt.time(0, 0), dt.timezone.utc)
    finish = dt.datetime.combine(end, dt.time(23, 59), dt.timezone.utc)
    if finish <= now or end < start:
        raise IllegalOrder("the vacation must end in the future, after it starts")
    game.clocks.add_vacation(seat, begin, finish, now, granted_by=by)
    game.act(f"GRANT-VACATION {seat} {start} {end}", by=by, because=because, source=source,
             at=now)
    return ModResult("GRANT-VACATION", f"{seat} is on vacation {start} to {end} (granted, not "
                     "counted against the vacation cap)",
                     [notice(seat, "vacation_granted", seat=seat, start=str(start),
                             end=str(end))])


_HANDLERS: dict[str, Any] = {
    "FORCE": _force, "EXTEND": _extend, "DEADLINE": _deadline, "PAUSE": _pause,
    "RESUME": _resume, "NMR": _nmr, "PREVIEW": _preview, "ROLLBACK": _rollback,
    "ROLLFORWARD": _rollforward, "REPLACE": _replace, "ADD-ADDRESS": _add_address,
    "DROP": _drop, "EDIT": _edit, "RESEND": _resend, "ANNOUNCE": _announce, "END": _end,
    "OBSERVER": _observer, "GRANT-VACATION": _grant_vacation, "BOT": _bot, "HUMAN": _human,
    "MIGRATE": _migrate,
}


# ---------------------------------------------------------------------- automatic duties
def play_bots(game: Game, now: dt.datetime) -> list:
    """Answer every open decision of a seat a bot plays (`seat_bot`: BOT, or a dropped
    seat), entries ``by: bot:<name>``; the bot's choices are seeded by the game and the
    entry, so a re-run chooses alike."""
    entered = []
    progress = True
    while progress and game.outcome() is None:
        progress = False
        for decision in game.decisions():
            name = seat_bot(game, decision.seat)
            if name is None:
                continue
            bot = bots.get(game.rules, name)
            rng = random.Random(f"{game.id}-{game.record.last_seq}")
            order = bot.choose(game.rules, game.state, decision, rng)
            entered.append(game.apply_order(decision.seat, order, by=f"bot:{name}",
                                            source="bot", at=now, decision=decision))
            progress = True
            break
    return entered


def bot_notices(game: Game, entries: list) -> list[Notice]:
    """Tell each seat a moderator gave to a bot (BOT) what its bot ordered, one notice per
    seat (a dropped seat's addresses hear nothing)."""
    orders: dict[str, list[str]] = {}
    for entry in entries:
        if entry.seat in (game.server.get("bots") or {}):
            orders.setdefault(entry.seat, []).append(f"#{entry.seq} {entry.order}")
    return [notice(seat, "bot_played", seat=seat, bot=game.server["bots"][seat],
                   orders="; ".join(lines)) for seat, lines in orders.items()]


def pause_reminders(game: Game, now: dt.datetime) -> list[Notice]:
    """A reminder to every seat once a day while the game is paused."""
    if not game.clocks.paused:
        return []
    last = parse_iso(game.server.get("paused_reminded_at") or game.clocks.paused_at)
    if now - last < PAUSE_REMINDER_EVERY:
        return []
    game.server["paused_reminded_at"] = iso(now)
    since = parse_iso(game.clocks.paused_at)
    return [notice("all", "still_paused", since=f"{since:%Y-%m-%d %H:%M}")]


def pinned_notices(game: Game) -> list[Notice]:
    """Once per installed rules version, tell every seat and moderator that the game is
    held because it was recorded under another rules_version (`Game.pinned`)."""
    told = game.server.get("pinned_told")
    if game.pinned is None or told == game.rules.version:
        return []
    game.server["pinned_told"] = game.rules.version
    params = {"game": game.id, "rules": game.record.header.rules,
              "pinned": game.record.header.rules_version, "installed": game.rules.version}
    return [notice("all", "rules_pinned", **params),
            notice("moderators", "rules_pinned_moderator", **params)]


def pinned_untold(game: Game) -> bool:
    """Whether `pinned_notices` has something to say."""
    return game.pinned is not None and game.server.get("pinned_told") != game.rules.version


@dataclass(frozen=True)
class Stuck:
    """A game waiting past a deadline plus grace."""
    game: str
    seat: str
    decision: str
    deadline: dt.datetime
    overdue: dt.timedelta
    moderators: tuple[str, ...]


def stuck(store: Store, now: dt.datetime) -> list[Stuck]:
    """Every open decision past its deadline plus grace (held or not yet defaulted); a game
    is parsed only when its file changed since its open timers were last listed
    (`Store.summary`)."""
    found = []
    for game_id in store.game_ids():
        for seat, decision, deadline_at, overdue_at, moderators in store.summary(
                game_id, "open_timers", open_timer_rows):
            deadline = dt.datetime.fromisoformat(deadline_at)
            if now >= dt.datetime.fromisoformat(overdue_at):
                found.append(Stuck(game_id, seat, decision, deadline, now - deadline,
                                   tuple(moderators)))
    return sorted(found, key=lambda s: (s.game, s.deadline))


def open_timer_rows(game: Game) -> list[list[Any]]:
    """`_open_timers` as plain data: seat, decision, deadline, deadline plus grace (ISO)
    and the game's moderators."""
    return [[timer["seat"], timer["decision"], deadline.isoformat(), overdue_at.isoformat(),
             list(game.moderators)] for timer, deadline, overdue_at in _open_timers(game)]


def stuck_from(game: Game) -> dt.datetime | None:
    """When the game first counts as stuck (`stuck`) as it stands: the earliest deadline
    plus grace of its open decisions (None: over, paused or nothing open)."""
    return min((overdue_at for _, _, overdue_at in _open_timers(game)), default=None)


def _open_timers(game: Game) -> list[tuple[dict[str, Any], dt.datetime, dt.datetime]]:
    """(timer, deadline, deadline plus grace) of each open decision of a live, running game."""
    if game.outcome() is not None or game.clocks.paused:
        return []
    grace = parse_duration(game.clocks.settings["grace"])
    deadlines = [(timer, parse_iso(timer["deadline"])) for timer in game.clocks.timers.values()]
    return [(timer, deadline, deadline + grace) for timer, deadline in deadlines]


def stuck_digests(store: Store, now: dt.datetime) -> dict[str, str]:
    """Per moderator address, the text of a summary of their stuck games (empty: none)."""
    per_moderator: dict[str, list[Stuck]] = {}
    for row in stuck(store, now):
        for moderator in row.moderators:
            per_moderator.setdefault(moderator, []).append(row)
    return {moderator: "\n".join(stuck_line(r) for r in rows)
            for moderator, rows in per_moderator.items()}


def stuck_line(row: Stuck) -> str:
    hours = int(row.overdue.total_seconds() // 3600)
    return (f"{row.game}: waiting for {row.seat} ({row.decision}) since "
            f"{row.deadline:%Y-%m-%d %H:%M} UTC, {hours} h overdue")
