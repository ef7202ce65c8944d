"""One email, end to end (DESIGN.md): spool, parse, route, authenticate, dedupe, apply,
render, enqueue, then mark the inbound message processed.

Crash safety.  The mails a game transaction produces are stored in the game file
(``server["outbox_pending"]``) in the same atomic write as the entries they describe,
and copied into the durable outbox after the commit (again at the start of the next
transaction on that game, and at daemon start).  Outbound Message-IDs are derived from
the inbound Message-ID and a hash of the stored copy's bytes, and the outbox ignores an
id it has seen, so re-processing after a crash at any line sends each mail exactly once.
The per-game record ``server["processed"][message_id]`` makes a Message-ID apply at most
once; a re-delivered copy of the same mail (other bytes: new Received headers) only gets
the receipt again, while the same copy fetched again (crash, new UIDVALIDITY) gets nothing.
"""
from __future__ import annotations

import datetime as dt
import email
import hashlib
import logging
import traceback
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import SMTP
from typing import Any, Callable

from pbem.config import Config
from pbem.mail import render
from pbem.mail.commands import Parsed, Problem, near_miss, parse_body
from pbem.mail.compose import build, stable_message_id
from pbem.mail.inbox import Inbox, InboxItem
from pbem.mail.loops import RateLimiter, classify
from pbem.mail.outbox import Outbox, atomic_write
from pbem.mail.parse import Inbound, parse_message
from pbem.mail.strip import strip_quotes
from pbem.mail.tags import Tag, find_tag, format_tag, tokens_equal

log = logging.getLogger("pbem.mail")
BATCH = 100  # mails per game transaction


def utcnow() -> dt.datetime:
    """Now (UTC), or the time pinned by ``PBEM_NOW``."""
    from pbem.timesource import now
    return now()


def fmt_time(moment: dt.datetime | None) -> str:
    if moment is None:
        return ""
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


@dataclass
class Mail:
    """An inbound item on its way through the processor."""
    item: InboxItem
    inbound: Inbound
    lines: list[tuple[int, str]]
    tag: Tag | None
    reply_ok: str = "ok"                      # rate limiter verdict for replies
    outcome: str = ""                          # the log line's verdict

    @property
    def copy_id(self) -> str:
        """Identity of this stored copy: a hash of its bytes.  The same copy fetched again
        (after a crash, under a new UIDVALIDITY) has the same id; a re-delivery of the
        same Message-ID (new Received/Delivered-To headers) has another."""
        if not hasattr(self, "_copy_id"):
            self._copy_id = "sha256:" + hashlib.sha256(self.item.raw).hexdigest()[:32]
        return self._copy_id


@dataclass
class Outgoing:
    """Mails produced while handling one game batch."""
    mails: list[EmailMessage] = field(default_factory=list)


class Processor:
    """Turns inbound items into game effects and outbound mail (see the module docstring)."""

    def __init__(self, cfg: Config, store: Any, outbox: Outbox,
                 now: Callable[[], dt.datetime] = utcnow) -> None:
        self.cfg = cfg
        self.store = store
        self.outbox = outbox
        self.now = now
        self.rate = RateLimiter(cfg.mail_dir / "state" / "rate.json",
                                cfg.limits.replies_per_sender_hour)
        self.spool = cfg.mail_dir / "spool"
        self.spool.mkdir(parents=True, exist_ok=True)

    # ------------------------------------------------------------------ entry point
    def process(self, items: list[InboxItem], inbox: Inbox,
                should_stop: Callable[[], bool] = lambda: False) -> int:
        """Handle `items` in order; each is marked processed once its effects are durable."""
        handled = 0
        groups: dict[str, list[Mail]] = {}
        self._spool(items)
        for item in items:
            if should_stop():
                break
            mail = self._prepare(item)
            if mail is None:
                inbox.mark_processed([item.key])
                handled += 1
                continue
            assert mail.tag is not None
            groups.setdefault(mail.tag.game, []).append(mail)
        for game_id, mails in groups.items():
            for start in range(0, len(mails), BATCH):
                if should_stop():
                    break
                done = self._run_game(game_id, mails[start:start + BATCH], should_stop)
                inbox.mark_processed([m.item.key for m in done])
                handled += len(done)
        self.rate.save()
        return handled

    # ------------------------------------------------------------------ before any game
    def _spool(self, items: list[InboxItem]) -> None:
        """Archive a fetched batch as one mbox-style file (one fsync for the batch)."""
        if not items:
            return
        now = self.now()
        digest = hashlib.sha256("\n".join(i.key for i in items).encode()).hexdigest()[:16]
        path = self.spool / now.strftime("%Y-%m-%d") / f"{now.strftime('%H%M%S')}-{digest}.mbox"
        if path.exists():
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        chunks = []
        for item in items:
            raw = item.raw.replace(b"\r\n", b"\n")
            raw = b"\n".join(b">" + ln if ln.lstrip(b">").startswith(b"From ") else ln
                             for ln in raw.split(b"\n"))
            chunks.append(b"From pbem-spool " + item.key.encode() + b"\n" + raw.rstrip(b"\n")
                          + b"\n\n")
        atomic_write(path, b"".join(chunks))

    def _prepare(self, item: InboxItem) -> Mail | None:
        """Parse and route; None when the mail was fully handled here (no game involved)."""
        inbound = parse_message(item.raw)
        why = classify(inbound, self.cfg.judge_address)
        if why:
            log.info("%s %s from %s: ignored (%s), no reply", item.key, inbound.message_id,
                     inbound.sender or "?", why)
            return None
        mail = Mail(item, inbound, [], None)
        if inbound.size > self.cfg.limits.max_message_bytes:
            self._notice(mail, f"Your mail is {inbound.size} bytes; the judge reads mails "
                         f"of at most {self.cfg.limits.max_message_bytes} bytes.  Nothing "
                         "in it was read.", ["send the orders as plain text, without "
                                             "attachments or quoted reports"], "too large")
            return None
        mail.lines = strip_quotes(inbound.text)
        mail.tag = find_tag(inbound.subject, mail.lines)
        if mail.tag is None:
            parsed = parse_body(mail.lines)
            if parsed.has("HELP") and not parsed.orders:
                self._notice(mail, render.help_text(), [], "help", raw_text=True)
            else:
                self._notice(mail, "The judge could not tell which game this mail is for: "
                             "its subject has no tag like [game seat token].",
                             ["reply to a mail from the judge and keep its subject",
                              "or put the tag from your welcome mail in the subject",
                              "send HELP for instructions"], "no tag")
            return None
        if not (_valid_id(mail.tag.game) and self.store.exists(mail.tag.game)):
            self._notice(mail, f"There is no game {mail.tag.game!r} on this judge.",
                         ["check the subject tag of your last mail from the judge"],
                         "unknown game")
            return None
        return mail

    def _notice(self, mail: Mail, text: str, hints: list[str], verdict: str,
                raw_text: bool = False, to: list[str] | None = None,
                game: str | None = None, seat: str | None = None,
                subject: str | None = None, kind: str = "notice",
                sink: list[EmailMessage] | None = None) -> None:
        """A plain notice (refusal, help) to the sender, rate limited, never to loops."""
        recipients = to or [mail.inbound.sender]
        if to is None:
            verdict_rate = self.rate.allow(mail.inbound.sender)
            if verdict_rate == "silent":
                mail.outcome = verdict + ", reply held back (rate limit)"
                log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                         mail.inbound.sender, mail.outcome)
                return
            if verdict_rate == "notice":
                text = (f"{text}\n\nYou have sent more than "
                        f"{self.cfg.limits.replies_per_sender_hour} mails this hour: further "
                        "replies to you are held back for an hour (orders still apply).")
        body = render.render("notice", text=text, hints=hints, judge=self.cfg.judge_address,
                             about=mail.inbound.message_id if to is None else None, game=game,
                             seat=seat, pre=raw_text)
        msg = build(self.cfg, to=recipients,
                    subject=subject or _re(_untag(mail.inbound.subject) or "your mail"),
                    body=body, in_reply_to=mail.inbound.message_id,
                    references=mail.inbound.references,
                    message_id=stable_message_id(self.cfg, kind, mail.inbound.message_id,
                                                 mail.copy_id, ",".join(recipients)))
        if sink is not None:
            sink.append(msg)
        else:
            self.outbox.enqueue(msg, self.cfg.judge_address)
        if to is None:
            mail.outcome = verdict
        if to is None and sink is None:
            log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                     mail.inbound.sender, verdict)

    # ------------------------------------------------------------------ inside a game
    def flush_pending(self, game: Any) -> None:
        """Copy mails a committed transaction left in the game file into the outbox."""
        for raw in game.server.get("outbox_pending", []) or []:
            msg = email.message_from_bytes(raw.encode("ascii", "surrogateescape"), policy=SMTP)
            self.outbox.enqueue(msg, self.cfg.judge_address)  # type: ignore[arg-type]

    def _run_game(self, game_id: str, mails: list[Mail],
                  should_stop: Callable[[], bool]) -> list[Mail]:
        """Apply `mails` to one game in one transaction; returns those handled."""
        out = Outgoing()
        done: list[Mail] = []
        try:
            with self.store.transaction(game_id) as game:
                self.flush_pending(game)
                for mail in mails:
                    if done and should_stop():
                        break
                    self._handle(game, mail, out)
                    done.append(mail)
                game.server["outbox_pending"] = [
                    m.as_bytes().decode("ascii", "surrogateescape") for m in out.mails]
        except Exception:
            if len(mails) > 1:
                log.warning("batch of %d mails for %s failed; retrying one by one",
                            len(mails), game_id)
                done = []
                for mail in mails:
                    if should_stop():
                        break
                    done += self._run_game(game_id, [mail], should_stop)
                return done
            mail = mails[0]
            log.error("%s %s: internal error\n%s", mail.item.key, mail.inbound.message_id,
                      traceback.format_exc())
            self._notice(mail, "The judge hit an internal error while reading this mail; "
                         "nothing in it was applied.  The moderator has been told.", [
                             "try again later, or write to the moderator"], "internal error")
            self._tell_moderators(game_id, mail)
            return [mail]
        for msg in out.mails:
            self.outbox.enqueue(msg, self.cfg.judge_address)
        for mail in done:
            log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                     mail.inbound.sender, mail.outcome)
        return done

    def _tell_moderators(self, game_id: str, mail: Mail) -> None:
        try:
            mods = list(self.store.load(game_id).moderators)
        except Exception:
            mods = []
        if mods:
            self._notice(mail, f"A mail from {mail.inbound.sender} "
                         f"({mail.inbound.message_id}) to game {game_id} caused an internal "
                         "error; the traceback is in the judge's log.", [], "internal error",
                         to=mods, kind="moderator-error")

    def _handle(self, game: Any, mail: Mail, out: Outgoing) -> None:
        """Authenticate, dedupe and apply one mail; its replies go to `out`."""
        tag, sender = mail.tag, mail.inbound.sender
        assert tag is not None
        tokens = game.server.get("tokens", {})
        if tag.is_moderator:
            expected = tokens.get(f"moderator:{sender}")
            if not tokens_equal(tag.token, expected):
                owners = [k.split(":", 1)[1] for k, v in tokens.items()
                          if k.startswith("moderator:") and tokens_equal(tag.token, v)]
                self._refuse(game, mail, out, owners)
                return
            seat, by, recipients = None, f"moderator:{sender}", [sender]
        else:
            if tag.seat not in game.seats:
                self._notice(mail, f"Game {game.id} has no seat {tag.seat!r}.",
                             [f"seats: {', '.join(game.seats)}"], "unknown seat", sink=out.mails)
                return
            if not tokens_equal(tag.token, tokens.get(tag.seat)):
                self._refuse(game, mail, out, [])
                return
            players = [p.lower() for p in game.seats[tag.seat].get("players", [])]
            if sender not in players:
                self._refuse(game, mail, out, players[:1])
                return
            seat, by, recipients = tag.seat, tag.seat, list(game.seats[tag.seat]["players"])
        mail.reply_ok = self.rate.allow(sender)
        processed = game.server.setdefault("processed", {})
        mid = mail.inbound.message_id
        if mid in processed:
            seen = processed[mid]
            if mail.copy_id in seen.get("keys", []):
                mail.outcome = "already applied (recovery), nothing to send"
                return
            seen.setdefault("keys", []).append(mail.copy_id)
            self._resend(game, mail, seen.get("receipt"), out)
            return
        receipt_id = stable_message_id(self.cfg, "receipt", game.id, mid, mail.copy_id)
        processed[mid] = {"keys": [mail.copy_id], "receipt": receipt_id,
                          "at": self.now().isoformat(timespec="seconds")}
        Turn(self, game, mail, seat, by, recipients, receipt_id, out).run()

    def _refuse(self, game: Any, mail: Mail, out: Outgoing, owners: list[str]) -> None:
        """Wrong token, or the right token from an address not registered for it."""
        tag = mail.tag
        assert tag is not None
        if owners:
            self._notice(mail, f"This mail's tag is not valid for {mail.inbound.sender}: the "
                         "judge takes orders for a seat only from that seat's registered "
                         "addresses.  Nothing was applied; the seat's player was told.",
                         ["write from your registered address",
                          "ask the moderator to register this address"], "refused: spoofed sender",
                         sink=out.mails)
            owner_seat = None if tag.is_moderator else tag.seat
            token = game.server.get("tokens", {}).get(
                f"moderator:{owners[0]}" if tag.is_moderator else tag.seat, "")
            self._notice(mail, f"Someone at {mail.inbound.sender} sent a mail with your tag "
                         f"for game {game.id} (subject {mail.inbound.subject!r}, "
                         f"Message-ID {mail.inbound.message_id}).  It was refused and nothing "
                         "was applied.  If this was you, write from your registered address.",
                         [], "", to=owners, game=game.id, seat=owner_seat or "moderator",
                         subject=f"{format_tag(game.id, owner_seat or 'moderator', token)} "
                         "refused mail with your tag", kind="spoof-warning", sink=out.mails)
            mail.outcome = "refused: registered-address check failed; owner told"
        else:
            self._notice(mail, f"The token in this mail's tag is not valid for {tag.seat} in "
                         f"game {game.id}.  Nothing was applied.",
                         ["reply to a mail from the judge and keep its subject unchanged"],
                         "refused: bad token", sink=out.mails)
            mail.outcome = "refused: bad token"

    def _resend(self, game: Any, mail: Mail, receipt_id: str | None, out: Outgoing) -> None:
        mail.outcome = "repeat Message-ID: nothing applied, receipt re-sent"
        raw = None
        for pending in out.mails:
            if str(pending["Message-ID"]) == receipt_id:
                raw = pending.as_bytes()
        if raw is None and receipt_id:
            entry = self.outbox.find_sent(receipt_id)
            raw = entry.raw if entry else None
        if raw is None or mail.reply_ok == "silent":
            mail.outcome = "repeat Message-ID: nothing applied, no receipt to re-send"
            return
        old = email.message_from_bytes(raw, policy=SMTP)
        part = old.get_body(("plain",))  # type: ignore[attr-defined]
        text = part.get_content() if part is not None else ""
        first, _, rest = text.partition("\n")
        note = render._wrap(f"(A copy: your mail {mail.inbound.message_id} was handled before; "
                            "nothing in it was applied again.)")
        old = build(self.cfg, to=[a.strip() for a in str(old["To"]).split(",")],
                    subject=str(old["Subject"]), body=f"{first}\n{note}\n{rest}",
                    message_id=stable_message_id(self.cfg, "resend", game.id,
                                                 mail.inbound.message_id, mail.copy_id),
                    in_reply_to=mail.inbound.message_id, references=mail.inbound.references,
                    when=self.now())
        out.mails.append(old)  # type: ignore[arg-type]


def _valid_id(game_id: str) -> bool:
    from pbem.store import GAME_ID
    return bool(GAME_ID.match(game_id))


def _untag(subject: str) -> str:
    """The subject with any tag's token removed (refusals never echo a token)."""
    import re
    return re.sub(r"\[\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)\s+([A-Za-z0-9_:\-]+)\s+[A-Za-z0-9_\-]{3,}\s*\]",
                  r"[\1 \2]", subject)


def _re(subject: str) -> str:
    return subject if subject.lower().startswith(("re:", "aw:", "sv:")) else "Re: " + subject


class Turn:
    """Commands, press and orders of one authenticated mail, applied to one game."""

    def __init__(self, proc: Processor, game: Any, mail: Mail, seat: str | None, by: str,
                 recipients: list[str], receipt_id: str, out: Outgoing) -> None:
        self.p, self.game, self.mail, self.seat, self.by = proc, game, mail, seat, by
        self.recipients, self.receipt_id, self.out = recipients, receipt_id, out
        self.cfg = proc.cfg
        self.now = proc.now()
        self.orders: list[dict[str, Any]] = []
        self.commands: list[dict[str, Any]] = []
        self.problems: list[dict[str, Any]] = []
        self.sections: list[dict[str, str]] = []
        self.effects: list[str] = []

    # -- helpers ---------------------------------------------------------
    @property
    def tag_seat(self) -> str:
        return self.seat or "moderator"

    def token(self, seat: str | None) -> str:
        tokens = self.game.server.get("tokens", {})
        return tokens.get(seat if seat else f"moderator:{self.mail.inbound.sender}", "")

    def mid(self, *parts: str) -> str:
        return stable_message_id(self.cfg, self.game.id, self.mail.inbound.message_id,
                                 self.mail.copy_id, *parts)

    def asked(self, seat: str) -> list[dict[str, Any]]:
        return asked_of(self.game, seat)

    def waiting(self, seat: str | None) -> list[str]:
        return waiting_for(self.game, seat)

    def outcome_text(self) -> str:
        return outcome_text(self.game)

    def view_log(self, seat: str | None) -> list[str]:
        return view_log(self.game, seat)

    # -- the turn -----------------------------------------------------------
    def run(self) -> None:
        parsed = parse_body(self.mail.lines)
        game = self.game
        before = {s: {d.id for d in game.decisions(s)} for s in game.seats}
        logs_before = {s: self.view_log(s) for s in game.seats}
        for prob in parsed.problems:
            self.problems.append({"line": prob.line_no, "text": prob.text,
                                  "reason": prob.reason, "hints": prob.hints})
        from pbem.mail import moderator
        if parsed.mod and self.seat is not None:
            moderator.refuse(self, parsed)      # nothing in the mail is applied
            self.receipt(logs_before.get(self.seat or "", []))
            return
        self.run_press(parsed)
        if parsed.mod:
            moderator.run(self, parsed)         # moderator commands and AS orders, in order
        else:
            self.run_orders(parsed)
        self.run_commands(parsed)
        moderator.autoplay(self)                # dropped seats play their defaults
        first_prompt = len(self.out.mails)
        self.prompts(before, logs_before)
        moderator.finish(self, first_prompt)    # notices and status mails queued by acts
        self.receipt(logs_before.get(self.seat or "", []))
        applied = sum(1 for r in self.orders if r["status"] == "applied")
        rejected = sum(1 for r in self.orders if r["status"] == "rejected")
        self.mail.outcome = (f"{self.by}: {applied} applied, {rejected} rejected, "
                             f"{len(self.commands)} commands, {len(parsed.press)} press")

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
        from engine.contract import IllegalOrder
        numbered = dict(lines)
        text = "\n".join(numbered.get(n, "") for n in range(1, max(numbered) + 1))
        try:
            receipt = self.game.submit(seat, text, by=self.by,
                                       source=self.mail.inbound.message_id, at=self.now)
        except IllegalOrder as exc:
            for no, line in lines:
                self.problems.append({"line": no, "text": line, "reason": exc.reason,
                                      "hints": exc.hints})
            return
        for r in receipt.results:
            hints = list(r.hints)
            if r.status in ("rejected", "held"):
                first = r.text.split()[0] if r.text.split() else ""
                hints += [f"{h} (a command)" for h in near_miss(first)]
            self.orders.append({"line": r.line, "text": r.text, "status": r.status,
                                "message": r.message, "hints": hints, "seq": r.seq})
        for entry in receipt.entries:
            if entry.seat == seat and (self.seat is None or entry.seat == self.seat):
                self.effects.append(f"#{entry.seq} {entry.seat}: {entry.order}")
            else:
                self.effects.append(f"#{entry.seq} {entry.seat} answered ({entry.decision})")

    def run_commands(self, parsed: Parsed) -> None:
        game, seat = self.game, self.seat
        for cmd in parsed.commands:
            result = "done"
            if cmd.name == "HELP":
                help_ = render.help_text()
                if seat is None:
                    from pbem.mail.moderator import help_text
                    help_ += "\n\n" + help_text()
                self.sections.append({"title": "Help", "body": help_})
                result = "see Help below"
            elif cmd.name == "STATUS":
                self.sections.append({"title": f"Status of {game.id}",
                                      "body": status_body(game, seat)})
                result = "see Status below"
            elif cmd.name == "HAND":
                hand = hand_body(game, seat)
                if hand is None:
                    result = "no hand to show" + (" (moderators have no seat)" if seat is None else "")
                else:
                    self.sections.append({"title": "Your hand", "body": hand})
                    result = "see Your hand below"
            elif cmd.name == "HISTORY":
                self.sections.append({"title": f"History (last {cmd.args['n']} entries)",
                                      "body": self.history(cmd.args["n"])})
                result = "see History below"
            elif cmd.name == "ORDERS":
                result = "see 'Asked of you now' below" if seat and game.decisions(seat) \
                    else "nothing is asked of you now"
            elif cmd.name == "DONE":
                result = self.done()
            elif cmd.name == "VACATION":
                result = self.vacation(cmd.args)
            elif cmd.name == "END":
                continue
            self.commands.append({"line": cmd.line_no, "text": cmd.text, "result": result})

    def history(self, n: int) -> str:
        lines = []
        for entry in self.game.history(n):
            if entry.kind in ("edit", "act"):
                # Moderator entries are visible to all, with the reason; an EDIT's value
                # only to moderators (it may be private: a card in a hand), seats see STATUS.
                shown = entry.order if self.seat is None or entry.kind == "act" else \
                    entry.order.split(" = ")[0] + " (the new value: see STATUS)"
                text = f"#{entry.seq} {entry.at} {entry.by}: {shown}"
                if entry.because:
                    text += f" -- because: {entry.because}"
            elif self.seat is None or entry.seat == self.seat:
                text = f"#{entry.seq} {entry.at} {entry.seat}: {entry.order}"
            else:
                text = f"#{entry.seq} {entry.at} {entry.seat} answered ({entry.decision})"
            if entry.by == "clock":
                text += " [deadline default]"
            elif entry.by == "bot":
                text += " [dropped seat: default]"
            elif entry.kind not in ("edit", "act") and entry.by.startswith("moderator:"):
                text += f" [entered by {entry.by}]"
            lines.append(render._wrap("  " + text, indent="      "))
        for block in self.game.record.audit[-3:]:
            if "to_seq" in block:
                lines.append(render._wrap(
                    f"  rolled back to #{block['to_seq']} at {block['rolled_back_at']} by "
                    f"{block['by']}: {block.get('reason', '')}", indent="      "))
            elif "rolled_forward_at" in block:
                lines.append(render._wrap(
                    f"  rolled forward at {block['rolled_forward_at']} by {block['by']}: "
                    f"entries {', '.join(map(str, block['restored']))} restored",
                    indent="      "))
        log_ = self.view_log(self.seat)
        if log_:
            lines.append("  Public log:")
            lines += [render._wrap("    " + x, indent="      ") for x in log_[-n:]]
        return "\n".join(lines) or "  (no entries yet)"

    def done(self) -> str:
        if self.seat is None:
            return "moderators have no negotiation part to close"
        negotiations = [d for d in self.game.decisions(self.seat) if d.kind == "negotiate"]
        if not negotiations:
            return "no negotiation window is open for you now"
        receipt = self.game.submit(self.seat, "DONE", by=self.by,
                                   source=self.mail.inbound.message_id, at=self.now)
        return "; ".join(f"{r.status}{': ' + r.message if r.message else ''}"
                         for r in receipt.results) or "noted"

    def vacation(self, args: dict[str, Any]) -> str:
        if self.seat is None:
            return "moderators have no deadlines"
        if args.get("cancel"):
            return "a vacation cannot be cancelled by mail yet; ask the moderator"
        start = dt.datetime.combine(args["start"], dt.time(0, 0), dt.timezone.utc)
        end = dt.datetime.combine(args["end"], dt.time(23, 59), dt.timezone.utc)
        if end <= self.now:
            return "that vacation is over already"
        self.game.clocks.add_vacation(self.seat, start, end, self.now)
        return (f"vacation {args['start']} to {args['end']} recorded; your future deadlines "
                "move by the overlap")

    def run_press(self, parsed: Parsed) -> None:
        game = self.game
        for index, press in enumerate(parsed.press):
            if press.to == ["all"]:
                targets = [s for s in game.seats if s != self.seat]
            else:
                targets, bad = [], []
                for s in press.to:
                    (targets if s in game.seats and s != self.seat else bad).append(s)
                for s in bad:
                    from difflib import get_close_matches
                    self.problems.append({"line": press.line_no, "text": f"PRESS TO {s}",
                                          "reason": f"no seat {s!r} to send press to" if s != self.seat
                                          else "press to yourself is not sent",
                                          "hints": get_close_matches(s, list(game.seats), 2, 0.5)})
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
        """Tell every other seat newly asked something (and about its held orders)."""
        self.out.mails += prompt_mails(self.cfg, self.game, before, logs_before, self.now,
                                       skip=self.seat, mid=lambda seat: self.mid("prompt", seat))

    def receipt(self, log_before: list[str]) -> None:
        game, mail = self.game, self.mail
        if mail.reply_ok == "silent":
            return
        new_log = _new_items(log_before, self.view_log(self.seat))
        effects = self.effects + [f"{x}" for x in new_log]
        extra = []
        if mail.reply_ok == "notice":
            extra = [{"title": "Rate limit", "body": render._wrap(
                f"  You have sent more than {self.cfg.limits.replies_per_sender_hour} mails "
                "this hour.  Orders still apply, but further receipts are held back for an "
                "hour.", indent="  ")}]
        if mail.inbound.attachments:
            extra.append({"title": "Attachments", "body": "  ignored: " + ", ".join(
                str(a) for a in mail.inbound.attachments)})
        body = render.render(
            "receipt", game=game.id, seat=self.tag_seat, message_id=mail.inbound.message_id,
            repeat=None, orders=self.orders, commands=sorted(self.commands,
                                                             key=lambda c: c["line"]), problems=sorted(
                self.problems, key=lambda p: p["line"]), effects=effects,
            sections=self.sections + extra,
            asked=self.asked(self.seat) if self.seat else [],
            waiting=self.waiting(self.seat), outcome=self.outcome_text(),
            judge=self.cfg.judge_address)
        applied = sum(1 for r in self.orders if r["status"] == "applied")
        bad = sum(1 for r in self.orders if r["status"] == "rejected") + len(self.problems)
        summary = f"receipt: {applied} applied" + (f", {bad} not understood" if bad else "")
        self.out.mails.append(build(
            self.cfg, to=self.recipients,
            subject=f"{format_tag(game.id, self.tag_seat, self.token(self.seat))} {summary}",
            body=body, message_id=self.receipt_id, in_reply_to=mail.inbound.message_id,
            references=mail.inbound.references, when=self.now))


def _new_items(old: list[str], new: list[str]) -> list[str]:
    """Items appended to a bounded log (the longest suffix of `old` that prefixes `new`)."""
    for k in range(min(len(old), len(new)), -1, -1):
        if old[len(old) - k:] == new[:k]:
            return new[k:]
    return new


def status_body(game: Any, seat: str | None) -> str:
    """The STATUS section: `seat`'s view (the public one for None) without its log."""
    view = game.view(seat)
    return "\n".join(render.format_value(
        {k: v for k, v in view.items() if k != "log"} if isinstance(view, dict) else view))


def hand_body(game: Any, seat: str | None) -> str | None:
    """The HAND section of `seat` (None: no hand to show)."""
    view = game.view(seat) if seat is not None else None
    hand = view.get("hand") if isinstance(view, dict) else None
    if hand is None:
        return None
    return "\n".join(render.format_value(hand)) or "  (empty)"


def asked_of(game: Any, seat: str) -> list[dict[str, Any]]:
    """The open decisions of `seat` for a template: prompt, deadline, option shapes."""
    return [{"prompt": d.prompt or d.kind, "deadline": fmt_time(game.deadline(d)),
             "options": [o.describe() for o in d.options.options]}
            for d in game.decisions(seat)]


def waiting_for(game: Any, seat: str | None) -> list[str]:
    """Seats other than `seat` with an open question that is not itself private."""
    return sorted({d.seat for d in game.decisions() if d.seat != seat and not d.private})


def outcome_text(game: Any) -> str:
    outcome = game.outcome()
    if outcome is None:
        return ""
    return f"won by {', '.join(outcome.winners)} ({outcome.reason})"


def view_log(game: Any, seat: str | None) -> list[str]:
    """The bounded public/private log of `seat`'s view, when the game keeps one."""
    view = game.view(seat)
    log_ = view.get("log") if isinstance(view, dict) else None
    return [str(x) for x in log_] if isinstance(log_, list) else []


def seat_token(game: Any, seat: str) -> str:
    return game.server.get("tokens", {}).get(seat, "")


def prompt_mails(cfg: Config, game: Any, before: dict[str, set[str]],
                 logs_before: dict[str, list[str]], now: dt.datetime, *, skip: str | None,
                 mid: Callable[[str], str], reason: str = "The game moved on.",
                 force: set[str] | None = None,
                 extra: dict[str, str] | None = None) -> list[EmailMessage]:
    """Mails to seats newly asked something, told about held orders, or at game end."""
    notices: dict[str, list[dict[str, Any]]] = {}
    for seat, result in getattr(game, "notices", []):
        notices.setdefault(seat, []).append({"line": result.line, "text": result.text,
                                             "status": result.status, "message": result.message})
    if hasattr(game, "notices"):
        game.notices.clear()
    ended = game.outcome() is not None
    mails = []
    for seat in game.seats:
        if seat == skip:
            continue
        now_ids = {d.id for d in game.decisions(seat)}
        if not (now_ids - before.get(seat, set())) and seat not in notices and not ended \
                and seat not in (force or set()):
            continue
        new_log = _new_items(logs_before.get(seat, []), view_log(game, seat))
        text = (extra or {}).get(seat, reason if not ended else "The game is over.")
        body = render.render("prompt", game=game.id, seat=seat, reason=text, effects=new_log,
                             held=notices.get(seat, []), asked=asked_of(game, seat),
                             waiting=waiting_for(game, seat), outcome=outcome_text(game),
                             judge=cfg.judge_address)
        subject = "game over" if ended else ("you are asked" if now_ids else "update")
        mails.append(build(cfg, to=list(game.seats[seat]["players"]),
                           subject=f"{format_tag(game.id, seat, seat_token(game, seat))} {subject}",
                           body=body, message_id=mid(seat), auto="auto-generated", when=now))
    return mails


def welcome_mails(cfg: Config, game: Any, now: dt.datetime) -> list[EmailMessage]:
    """One mail per seat with its tag and what it is asked (idempotent Message-IDs)."""
    mails = []
    for seat, info in game.seats.items():
        reason = (f"Welcome to game {game.id} ({game.record.header.rules}).  You play "
                  f"{seat}.  Reply to this mail to give orders; keep the subject, its tag "
                  "is your key to the seat.  Send HELP for the commands.")
        body = render.render("prompt", game=game.id, seat=seat, reason=reason, effects=[],
                             held=[], asked=asked_of(game, seat),
                             waiting=waiting_for(game, seat), outcome=outcome_text(game),
                             judge=cfg.judge_address)
        mails.append(build(cfg, to=list(info["players"]),
                           subject=f"{format_tag(game.id, seat, seat_token(game, seat))} "
                                   f"welcome to {game.id}",
                           body=body, message_id=stable_message_id(cfg, "welcome", game.id, seat),
                           auto="auto-generated", when=now))
    return mails
