"""A seat's (or a moderator's) turn: the commands, press and orders of one authenticated
mail applied to one game, and the receipt that answers it.

`Turn.run` reads the mail's body (`pbem.mail.commands`), relays press, withdraws held orders
(``HELD CLEAR``), routes ``DONE``, submits the orders (`Game.submit`: held orders, ``UNDO``),
runs the gateway commands (STATUS, HAND, HISTORY, HELP, settings, VACATION ...), then mails
the other seats what changed (`pbem.mail.outgoing.prompt_mails`) and the sender its receipt.
"""
from __future__ import annotations

import copy
import datetime as dt
from collections import Counter
from difflib import get_close_matches
from typing import Any

from engine.contract import IllegalOrder
from engine.clocks import vacation_days
from engine.record import ReplayError, undo_target
from pbem import moderation, reports
from pbem.config import Config
from pbem.mail import render
from pbem.mail.commands import SETTINGS, ModCommand, Parsed, near_miss, parse_body
from pbem.mail.compose import build, build_rich, stable_message_id
from pbem.mail.envelope import Mail, Outgoing
from pbem.mail.help import help_reply
from pbem.mail.moderator import deliver, drop_prompts, queue_result, queued
from pbem.mail.outgoing import (asked_of, before_move, fmt_time, hand_body, prompt_mails,
                                status_body)
from pbem.mail.tags import format_tag
from pbem.reports.i18n import t
from pbem.reports.mails import STATUS_MARK, html_mail, new_items, view_log


#: gateway refusals (English, as `pbem.mail.commands` and `Turn` write them) -> catalog keys
_PROBLEM_KEYS = {
    "HISTORY takes a number of entries": "problem.history_number",
    "VACATION needs two dates, the first not after the second": "problem.vacation",
    "PRESS needs recipients": "problem.press_recipients",
    "ENDPRESS without a PRESS line above it": "problem.endpress",
    "no ENDPRESS: the press runs to the end of the mail": "problem.no_endpress",
    "the press is empty": "problem.press_empty",
    "a moderator orders for a seat as AS <seat> <order>": "problem.moderator_as",
    "LANGUAGE takes en or ru": "problem.language",
    "TIMEZONE takes a zone name such as Europe/Berlin, or UTC": "problem.timezone",
    "DIGEST takes ON or OFF": "problem.digest",
    "MAP takes ON or OFF, or nothing for the map now": "problem.map",
}


class Turn:
    """Commands, press and orders of one authenticated mail, applied to one game."""

    def __init__(self, cfg: Config, now: dt.datetime, game: Any, mail: Mail, seat: str | None,
                 by: str, recipients: list[str], receipt_id: str, out: Outgoing) -> None:
        self.cfg, self.now, self.game, self.mail, self.seat, self.by = cfg, now, game, mail, seat, by
        self.recipients, self.receipt_id, self.out = recipients, receipt_id, out
        self.orders: list[dict[str, Any]] = []
        self.commands: list[dict[str, Any]] = []
        self.problems: list[dict[str, Any]] = []
        self.sections: list[dict[str, str]] = []
        self.effects: list[str] = []
        self.with_status = False          # STATUS asked: the receipt gets HTML
        self.with_map = False             # MAP asked: the receipt gets the map
        self.held_fates: list[dict[str, Any]] = []   # of the sender's own held orders
        self.undone: list[Any] = []                   # this mail's UNDO entries

    # -- helpers ---------------------------------------------------------
    @property
    def tag_seat(self) -> str:
        return self.seat or "moderator"

    @property
    def lang(self) -> str:
        """The reader's language (the seat's setting; moderators read English)."""
        return reports.prefs(self.game, self.seat).lang if self.seat else "en"

    def tr(self, key: str, /, **args: Any) -> str:
        return t(self.lang, key, **args)

    def localize(self, reason: str) -> str:
        """A gateway refusal in the reader's language (the games' own reasons stay as the
        rules wrote them)."""
        if reason in _PROBLEM_KEYS:
            return self.tr(_PROBLEM_KEYS[reason])
        return reason

    def token(self, seat: str | None) -> str:
        tokens = self.game.server.get("tokens", {})
        return tokens.get(seat if seat else f"moderator:{self.mail.inbound.sender}", "")

    def mid(self, *parts: str) -> str:
        return stable_message_id(self.cfg, self.game.id, self.mail.inbound.message_id,
                                 self.mail.copy_id, *parts)

    def asked(self, seat: str) -> list[dict[str, Any]]:
        return asked_of(self.game, seat)

    # -- the turn -----------------------------------------------------------
    def run(self) -> None:
        parsed = parse_body(self.mail.lines)
        game = self.game
        before, logs_before = before_move(game)
        for prob in parsed.problems:
            self.problems.append({"line": prob.line_no, "text": prob.text,
                                  "reason": prob.reason, "hints": prob.hints})
        if parsed.mod and self.seat is not None:
            self.refuse_moderator_commands(parsed)   # nothing in the mail is applied
            self.receipt(logs_before.get(self.seat or "", []))
            return
        self.run_press(parsed)
        self.clear_held(parsed)
        self.route_done(parsed)
        if parsed.mod:
            self.run_moderator(parsed)          # moderator commands and AS orders, in order
        else:
            self.run_orders(parsed)
        self.run_commands(parsed)
        self.autoplay()                         # dropped seats play their defaults
        first_prompt = len(self.out.mails)
        self.prompts(before, logs_before)
        self.deliver_queued(first_prompt)       # notices and status mails queued by acts
        self.receipt(logs_before.get(self.seat or "", []))
        applied = sum(1 for r in self.orders if r["status"] == "applied")
        rejected = sum(1 for r in self.orders if r["status"] == "rejected")
        self.mail.outcome = (f"{self.by}: {applied} applied, {rejected} rejected, "
                             f"{len(self.commands)} commands, {len(parsed.press)} press")

    def route_done(self, parsed: Parsed) -> None:
        """A seat's ``DONE`` goes to the game's own parser as ``pbem order`` sends it: in
        line order with the mail's orders (held with them, refused with them), or alone
        when one of the seat's open questions takes it (`accepts`).  Otherwise it stays a
        command, answered that nothing asked of the seat now closes with DONE."""
        dones = [c for c in parsed.commands if c.name == "DONE"]
        if self.seat is None or not dones or not (
                parsed.orders or accepts(self.game, self.seat, "DONE")):
            return
        parsed.commands = [c for c in parsed.commands if c.name != "DONE"]
        parsed.orders = sorted(parsed.orders + [(c.line_no, "DONE") for c in dones])

    def run_orders(self, parsed: Parsed) -> None:
        if not parsed.orders:
            return
        game = self.game
        if self.seat is None:  # moderator: "AS seat ORDER"
            by_seat: dict[str, list[tuple[int, str]]] = {}
            for no, text in parsed.orders:
                words = text.split(None, 2)
                if len(words) == 3 and words[0].upper() in ("AS", "ЗА") and \
                        words[1].lower() in game.seats:
                    by_seat.setdefault(words[1].lower(), []).append((no, words[2]))
                else:
                    self.problems.append({"line": no, "text": text,
                                          "reason": "a moderator orders for a seat as "
                                          "AS <seat> <order>",
                                          "hints": [f"AS {next(iter(game.seats))} {text}"]})
            for seat, lines in by_seat.items():
                self.submit(seat, lines)
            return
        self.submit(self.seat, parsed.orders)

    def submit(self, seat: str, lines: list[tuple[int, str]]) -> None:
        numbered = dict(lines)
        text = "\n".join(numbered.get(n, "") for n in range(1, max(numbered) + 1))
        pres = reports.presenter(self.game, self.lang)
        try:
            receipt = self.game.submit(seat, text, by=self.by,
                                       source=self.mail.inbound.message_id, at=self.now)
        except IllegalOrder as exc:
            for no, line in lines:
                self.problems.append({"line": no, "text": line,
                                      "reason": pres.refusal(exc.code, exc.params, exc.reason),
                                      "hints": pres.hints(exc.code, exc.params, exc.hints)})
            return
        for r in receipt.results:
            hints = pres.hints(r.code, r.params, r.hints)
            if r.status == "rejected":  # a held order was understood: no "did you mean"
                first = r.text.split()[0] if r.text.split() else ""
                hints += [self.tr("command.a_command", word=h) for h in near_miss(first)]
            self.orders.append({"line": r.line, "text": r.text, "status": r.status,
                                "message": pres.refusal(r.code, r.params, r.message),
                                "hints": hints, "seq": r.seq,
                                "readings": pres.readings(r.readings)})
        self.undone += [e for e in receipt.entries if e.kind == "undo"]
        for entry in receipt.entries:
            if entry.seat == seat and (self.seat is None or entry.seat == self.seat):
                self.effects.append(self.tr("receipt.own", seq=entry.seq,
                                            seat=pres.seat(entry.seat), order=entry.order))
            else:
                self.effects.append(self.tr("receipt.answered", seq=entry.seq,
                                            seat=pres.seat(entry.seat)))

    def run_commands(self, parsed: Parsed) -> None:
        game, seat = self.game, self.seat
        for cmd in parsed.commands:
            result = self.tr("command.done")
            if cmd.name == "MAP" and "value" not in cmd.args:
                from pbem.mapimage import board_function    # PIL: only when asked
                self.with_map = self.cfg.reports.map_width > 0 and \
                    board_function(game.rules) is not None
                result = self.tr("command.see_map" if self.with_map else "command.no_map")
            elif cmd.name in SETTINGS:
                result = self.setting(cmd.name, cmd.args["value"])
            elif cmd.name == "HELP":
                sections, result = help_reply(game, seat, self.lang, cmd.args.get("topic"))
                self.sections += sections
            elif cmd.name == "STATUS":
                self.sections.append({"title": self.tr("command.status_title", game=game.id),
                                      "body": status_body(game, seat), "status": True})
                self.with_status = True
                result = self.tr("command.see_status")
            elif cmd.name == "HAND":
                hand = hand_body(game, seat)
                if hand is None:
                    result = self.tr("command.no_hand_moderator" if seat is None
                                     else "command.no_hand")
                else:
                    self.sections.append({"title": self.tr("command.hand_title"), "body": hand})
                    result = self.tr("command.see_hand")
            elif cmd.name == "HISTORY":
                self.sections.append({"title": self.tr("command.history_title", n=cmd.args["n"]),
                                      "body": self.history(cmd.args["n"])})
                result = self.tr("command.see_history")
            elif cmd.name == "ORDERS":
                result = self.tr("command.see_orders") if seat and game.decisions(seat) \
                    else self.tr("command.nothing_asked")
                if seat and game.held(seat):
                    result += "; " + self.tr("command.see_held")
            elif cmd.name == "HELD":
                result = self.tr("command.see_held") if seat and game.held(seat) \
                    else self.tr("command.no_held")
            elif cmd.name == "HELD CLEAR":
                continue            # done before the orders (`clear_held`)
            elif cmd.name == "DONE":
                result = self.done()
            elif cmd.name == "VACATION":
                result = self.vacation(cmd.args)
            elif cmd.name == "END":
                continue
            self.commands.append({"line": cmd.line_no, "text": cmd.text, "result": result})

    def clear_held(self, parsed: Parsed) -> None:
        """``HELD CLEAR``: withdraw the seat's held orders, before this mail's own orders
        (which then replace them)."""
        for cmd in parsed.commands:
            if cmd.name == "HELD CLEAR":
                gone = self.game.withdraw_held(self.seat) if self.seat else []
                self.commands.append({"line": cmd.line_no, "text": cmd.text, "result": self.tr(
                    "command.held_cleared", n=len(gone)) if gone else self.tr("command.no_held")})

    def history(self, n: int) -> str:
        """The HISTORY section (`pbem.reports.history_text`)."""
        return reports.history_text(self.game, self.seat, n, self.lang)

    def setting(self, name: str, value: Any) -> str:
        """LANGUAGE / TIMEZONE / DIGEST / MAP: stored in the seat's header info."""
        if self.seat is None:
            return self.tr("command.moderator_no_settings")
        info = self.game.seats[self.seat]
        if name == "LANGUAGE":
            info["lang"] = value
            return self.tr("command.language_set", seat=reports.presenter(
                self.game, self.lang).seat(self.seat))
        if name == "TIMEZONE":
            if value == "UTC":
                info.pop("tz", None)
                return self.tr("command.timezone_utc")
            info["tz"] = value
            return self.tr("command.timezone_set", zone=value)
        if name == "MAP":
            info["map"] = bool(value)
            return self.tr("command.map_on" if value else "command.map_off")
        info["digest"] = bool(value)
        return self.tr("command.digest_on" if value else "command.digest_off")

    def done(self) -> str:
        """A DONE that `route_done` kept as a command: nothing it could close."""
        return self.tr("command.moderator_no_window" if self.seat is None
                       else "command.no_window")

    def vacation(self, args: dict[str, Any]) -> str:
        if self.seat is None:
            return self.tr("command.moderator_no_deadlines")
        if args.get("cancel"):
            return self.tr("command.vacation_cancel")
        start = dt.datetime.combine(args["start"], dt.time(0, 0), dt.timezone.utc)
        end = dt.datetime.combine(args["end"], dt.time(23, 59), dt.timezone.utc)
        if end <= self.now:
            return self.tr("command.vacation_over")
        cap = self.game.record.header.options.get("vacation_days")
        if cap is not None:
            left = max(0, int(cap) - self.game.clocks.days_taken(self.seat))
            if vacation_days(start, end) > left:
                return self.tr("command.vacation_cap", days=vacation_days(start, end),
                               cap=int(cap), left=left)
        self.game.clocks.add_vacation(self.seat, start, end, self.now)
        return self.tr("command.vacation_ok", start=args["start"], end=args["end"])

    def run_press(self, parsed: Parsed) -> None:
        """Relay each PRESS block to its seats' players; a dropped seat (played by its
        defaults, `pbem.moderation.is_dropped`) gets no press: ALL leaves it out, a block
        naming it is told so."""
        game = self.game
        for index, press in enumerate(parsed.press):
            if press.to == ["all"]:
                targets = [s for s in game.seats if s != self.seat and not moderation.is_dropped(game, s)]
            else:
                targets = []
                for s in press.to:
                    if s == self.seat:
                        reason, hints = self.tr("problem.press_self"), []
                    elif s not in game.seats:
                        reason = self.tr("problem.press_unknown", seat=s)
                        hints = get_close_matches(s, list(game.seats), 2, 0.5)
                    elif moderation.is_dropped(game, s):
                        reason, hints = self.tr("problem.press_dropped", seat=s), []
                    else:
                        targets.append(s)
                        continue
                    self.problems.append({"line": press.line_no, "text": f"PRESS TO {s}",
                                          "reason": reason, "hints": hints})
            if not targets:
                continue
            if not press.body.strip():
                self.problems.append({"line": press.line_no, "text": "PRESS",
                                      "reason": "the press is empty", "hints": []})
                continue
            sender = self.seat or "moderator"
            for target in targets:
                body = render.render("press", game=game.id, seat=target, sender=sender,
                                     recipients=targets, body=press.body,
                                     judge=self.cfg.judge_address)
                self.out.mails.append(build(
                    self.cfg, to=list(game.seats[target]["players"]),
                    subject=f"{format_tag(game.id, target, self.token(target))} press from {sender}",
                    body=body, message_id=self.mid("press", str(index), target),
                    auto="auto-generated", when=self.now))
            game.server.setdefault("press", []).append(
                {"at": self.now.isoformat(timespec="seconds"), "from": sender, "to": targets,
                 "source": self.mail.inbound.message_id, "text": press.body})
            self.commands.append({"line": press.line_no, "text": f"PRESS TO {', '.join(press.to)}",
                                  "result": f"relayed to {', '.join(targets)}"})

    def prompts(self, before: dict[str, set[str]], logs_before: dict[str, list[str]]) -> None:
        """Tell every other seat newly asked something (and about its held orders); the
        fates of the sender's own held orders go in its receipt."""
        fates = self.game.take_held_fates()
        self.held_fates = [f for f in fates if f["seat"] == self.seat]
        if len(self.held_fates) < len(fates):
            self.game.server["held_fates"] = [f for f in fates if f["seat"] != self.seat]
        others = {s for s in self.game.seats if s != self.seat} if self.undone else set()
        self.out.mails += prompt_mails(self.cfg, self.game, before, logs_before, self.now,
                                       skip=self.seat, mid=lambda seat: self.mid("prompt", seat),
                                       force=others,
                                       extra={s: self.undone_text(s) for s in others})

    def undone_text(self, seat: str) -> str:
        """What another seat is told after this mail's UNDO (in that seat's language)."""
        lang = reports.prefs(self.game, seat).lang
        entry = self.undone[-1]
        return t(lang, "prompt.undone", seat=reports.presenter(self.game, lang).seat(entry.seat),
                 keep=undo_target(entry.order))

    def receipt(self, log_before: list[str]) -> None:
        game, mail = self.game, self.mail
        if mail.reply_ok == "silent":
            return
        pres = reports.presenter(game, self.lang)
        new_log = new_items(log_before, view_log(self.game, self.seat))
        effects = self.effects + [pres.log_line(x) for x in new_log]
        extra = []
        if mail.reply_ok == "notice":
            extra = [{"title": self.tr("receipt.rate_limit_title"), "body": render._wrap(
                "  " + self.tr("receipt.rate_limit", n=self.cfg.limits.replies_per_sender_hour,
                               until=fmt_time(dt.datetime.fromtimestamp(mail.paused_until,
                                                                        dt.timezone.utc))),
                indent="  ")}]
        if mail.inbound.attachments:
            extra.append({"title": self.tr("receipt.attachments_title"),
                          "body": "  " + self.tr("receipt.attachments", names=", ".join(
                              str(a) for a in mail.inbound.attachments))})
        attachments: list[tuple[str, str, bytes]] = []
        if self.with_map and self.cfg.reports.map_width > 0:
            png = reports.map_png(game, self.cfg.reports.map_width, self.lang)
            if png is not None:
                attachments = [(reports.map_name(game), "image/png", png)]
                for section in self.sections:
                    if section.get("status"):
                        section["body"] += "\n\n" + self.tr("command.map_attached",
                                                             name=attachments[0][0])
        context = dict(
            lang=self.lang, rules=game.record.header.rules, game=game.id, seat=self.tag_seat,
            message_id=mail.inbound.message_id, repeat=None, orders=self.orders,
            commands=sorted(self.commands, key=lambda c: c["line"]),
            problems=sorted(self.problems, key=lambda p: p["line"]), effects=effects,
            asked=self.asked(self.seat) if self.seat else [],
            held=reports.held_fates(game, self.seat, self.held_fates) if self.seat else [],
            held_now=game.held(self.seat) if self.seat else [],
            fired=reports.standing_fired(game, self.seat, game.take_standing_fired(self.seat))
            if self.seat else [],
            waiting=reports.waiting(game, self.seat, self.lang),
            outcome=reports.outcome_line(game, self.lang), judge=self.cfg.judge_address,
            data_note="" if self.with_status else reports.data_note(game, self.lang))
        for problem in context["problems"]:
            problem["reason"] = self.localize(problem["reason"])
        body = render.render("receipt", sections=self.sections + extra, **context)
        html = None
        if self.with_status and self.cfg.reports.html:
            marked = [dict(sec, body=STATUS_MARK) if sec.get("status") else sec
                      for sec in self.sections + extra]
            p = reports.prefs(game, self.seat)
            html = html_mail(game, render.render("receipt", sections=marked, **context),
                             self.lang, p.tz, self.seat,
                             self.tr("command.map_attached", name=attachments[0][0])
                             if attachments else "")
        count = Counter(r["status"] for r in self.orders)
        count["problems"] = len(self.problems)
        summary = ", ".join([self.tr("receipt.subject", applied=count["applied"])] + [
            self.tr(f"receipt.subject_{key}", n=count[key])  # the words of the body
            for key in ("rejected", "held", "skipped", "problems") if count[key]])
        self.out.mails.append(build_rich(
            self.cfg, to=self.recipients,
            subject=f"{format_tag(game.id, self.tag_seat, self.token(self.seat))} {summary}",
            body=body, html=html, attachments=attachments, message_id=self.receipt_id,
            in_reply_to=mail.inbound.message_id, references=mail.inbound.references,
            when=self.now))

    # -- a moderator's commands, dropped seats, what moderator acts queued ----------
    def refuse_moderator_commands(self, parsed: Parsed) -> None:
        """A seat's mail with moderator commands: nothing is applied; the receipt says why."""
        for cmd in parsed.mod:
            hints = [self.tr("moderator.end_hint")] if cmd.name == "END" else []
            self.problems.append({
                "line": cmd.line_no, "text": cmd.line, "hints": hints,
                "reason": self.tr("moderator.command_refused", name=cmd.name, game=self.game.id)})
        self.sections.append({"title": self.tr("moderator.refused_title"), "body": render._wrap(
            "  " + self.tr("moderator.refused_body"), indent="  ")})
        self.mail.outcome = f"{self.by}: refused, moderator command(s) from a seat"

    def run_moderator(self, parsed: Parsed) -> None:
        """A moderator's commands and ``AS <seat> <order>`` lines, in line order."""
        items = sorted([(no, text) for no, text in parsed.orders] +
                       [(cmd.line_no, cmd) for cmd in parsed.mod], key=lambda item: item[0])
        chunk: list[tuple[int, str]] = []
        refused: int | None = None
        for no, item in items:
            if refused is not None:
                text = item if isinstance(item, str) else item.line
                self.problems.append({"line": no, "text": text, "hints": [],
                                      "reason": f"not tried: line {refused} was refused"})
            elif isinstance(item, str):
                chunk.append((no, item))
            else:
                if chunk:
                    self.run_orders(Parsed(orders=chunk))
                    chunk = []
                if not self.execute(item):
                    refused = no
        if chunk:
            self.run_orders(Parsed(orders=chunk))

    def execute(self, cmd: ModCommand) -> bool:
        """Run one moderator command; on refusal the game is left exactly as it was."""
        game = self.game
        saved = {k: copy.deepcopy(v) for k, v in vars(game).items() if k != "rules"}
        try:
            result = moderation.execute(game, self.mail.inbound.sender, cmd.text, now=self.now,
                                        source=self.mail.inbound.message_id)
        except (IllegalOrder, ValueError, ReplayError) as refused:
            vars(game).update(saved)
            self.problems.append({"line": cmd.line_no, "text": cmd.line,
                                  "reason": getattr(refused, "reason", str(refused)),
                                  "hints": list(getattr(refused, "hints", []))})
            return False
        queue_result(game, result)
        told = sorted({"every seat" if n.to == "all" else n.to.removeprefix(moderation.ADDRESS)
                       for n in result.notices})
        self.commands.append({"line": cmd.line_no, "text": cmd.line, "result": result.summary +
                              (f"; told {', '.join(told)}" if told else "")})
        if result.details:
            self.sections.append({"title": f"{result.command} (line {cmd.line_no}), for you only",
                                  "body": "\n".join(render._wrap("  " + line, indent="    ")
                                                    for line in result.details.splitlines())})
        return True

    def autoplay(self) -> None:
        """Seats a bot plays (BOT, or dropped) answer what they are asked; the seats given to
        a bot are told its orders."""
        entries = moderation.play_bots(self.game, self.now)
        for entry in entries:
            self.effects.append(f"#{entry.seq} {entry.seat} answered ({entry.decision}) "
                                f"[{entry.by}]")
        notices = [queued(n) for n in moderation.bot_notices(self.game, entries)]
        if notices:
            self.game.server.setdefault("notices_pending", []).extend(notices)

    def deliver_queued(self, first_prompt: int) -> None:
        """Deliver what moderator acts queued; a status (or end-of-game) mail replaces the mail
        `plan` made for the seat."""
        mails, resent = deliver(self.cfg, self.game, self.now)
        drop_prompts(self.out.mails, first_prompt, self.game, resent)
        self.out.mails.extend(mails)


def accepts(game: Any, seat: str, text: str) -> bool:
    """Whether one of `seat`'s open questions takes the order `text` (the game's parser
    decides; nothing is applied)."""
    for decision in game.decisions(seat):
        try:
            game.rules.parse(game.state, decision, text)
        except IllegalOrder:
            continue
        return True
    return False
