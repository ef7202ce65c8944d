"""One email, end to end (docs/architecture.md): spool, parse, route, authenticate, dedupe, apply,
render, enqueue, then mark the inbound message processed.

Crash safety.  The mails a game transaction produces are written, before the game file,
to the file ``outbox-pending`` beside it under a batch id, and the game file names that
batch (``server["outbox_batch"]``) in the same atomic write as the entries they describe:
the batch is committed exactly when the game is.  The mails are copied into the durable
outbox after the commit (again at the start of the next transaction on that game, and at
daemon start, when the game file names the batch; a batch it does not name belonged to a
transaction that never committed and is dropped).  The game file keeps only the batch id,
so it grows with its entries, not with the mails.  Outbound Message-IDs are derived from
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
import json
import logging
import os
import re
import traceback
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path
from typing import Any, Callable, Iterator

from pbem.config import Config
from pbem.mail import render
from pbem import reports
from pbem.mail.commands import SETTINGS, Parsed, near_miss, parse_body
from pbem.mail.compose import build, build_rich, stable_message_id
from pbem.mail.help import help_reply
from pbem.mail.inbox import Inbox, InboxItem
from pbem.mail.loops import RateLimiter, classify
from pbem.files import atomic_write
from pbem.mail.outbox import Outbox
from pbem.mail.outgoing import (asked_of, before_move, hand_body, prompt_mails,
                                status_body)
from pbem.mail.parse import Inbound, parse_message
from pbem.mail.strip import strip_quotes
from pbem.mail.tags import Tag, find_tag, format_tag, tokens_equal
from pbem.reports.i18n import t
from pbem.reports.mails import new_items, view_log

log = logging.getLogger("pbem.mail")
BATCH = 100  # mails per game transaction
PENDING_MARK = "outbox-pending"  # beside game.yaml: committed mails may not be in the outbox


def utcnow() -> dt.datetime:
    """Now (UTC), or the time pinned by ``PBEM_NOW``."""
    from pbem.timesource import now
    return now()


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
        """Handle `items` in order; they are marked processed (one IMAP round trip for the
        batch) after their effects are durable.  A crash before the mark makes the next
        run fetch them again, and the per-game Message-ID record turns that into nothing."""
        done: list[str] = []
        groups: dict[str, list[Mail]] = {}
        self._spool(items)
        try:
            for item in items:
                if should_stop():
                    break
                try:
                    mail = self._prepare(item)
                except OSError:    # the disk or the network: try this mail again later
                    raise
                except Exception:  # a bug on this input: never a poison message
                    log.exception("%s: unreadable mail, set aside (raw copy in %s)",
                                  item.key, self.spool)
                    mail = None
                if mail is None:
                    done.append(item.key)
                    continue
                assert mail.tag is not None
                groups.setdefault(mail.tag.game, []).append(mail)
            for game_id, mails in groups.items():
                for start in range(0, len(mails), BATCH):
                    if should_stop():
                        break
                    ran = self._run_game(game_id, mails[start:start + BATCH], should_stop)
                    done += [m.item.key for m in ran]
        finally:
            if done:
                inbox.mark_processed(done)
            self.rate.save()
        return len(done)

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
        """Copy into the outbox the mails of the batch the game file names, when its pending
        file still holds them (a crash came between the commit and the copy); a pending
        file of another batch is from a transaction that never committed: dropped."""
        mark = self.pending_mark(game.id)
        legacy = game.server.pop("outbox_pending", None) or []   # games saved before batches
        try:
            pending = json.loads(mark.read_bytes())
        except (OSError, ValueError):
            pending = {}
        raws = legacy + (pending.get("mails", []) if isinstance(pending, dict) and
                         pending.get("batch") == game.server.get("outbox_batch") else [])
        if raws:
            self.outbox.enqueue_many(
                [email.message_from_bytes(raw.encode("ascii", "surrogateescape"), policy=SMTP)
                 for raw in raws], self.cfg.judge_address)
        mark.unlink(missing_ok=True)

    def pending_mark(self, game_id: str) -> Path:
        """The file beside a game holding the mails of its last transaction until the
        outbox has them (see `mail_transaction`)."""
        return self.store.path(game_id).with_name(PENDING_MARK)

    @contextmanager
    def mail_transaction(self, game_id: str) -> Iterator[tuple[Any, list[EmailMessage]]]:
        """A game transaction whose mails commit with it: what the body appends to the
        yielded list is written to the game's pending file under a new batch id (fsynced),
        then the game file naming that batch is saved atomically, then the mails are
        copied into the outbox and the pending file removed.  A restart reads only the
        games that have a pending file."""
        mails: list[EmailMessage] = []
        with self.store.transaction(game_id) as game:
            self.flush_pending(game)
            yield game, mails
            if mails:
                raws = [m.as_bytes().decode("ascii", "surrogateescape") for m in mails]
                batch = hashlib.sha256("\0".join(raws).encode("ascii", "surrogateescape")
                                       ).hexdigest()[:24]
                _write_synced(self.pending_mark(game_id),
                              json.dumps({"batch": batch, "mails": raws}).encode("ascii"))
                game.server["outbox_batch"] = batch
        if mails:
            self.outbox.enqueue_many(mails, self.cfg.judge_address)
            self.pending_mark(game_id).unlink(missing_ok=True)

    def recover(self, game_id: str) -> None:
        """Copy into the outbox the mails a game committed, when its pending file says the
        outbox may not have them (after a crash between the commit and the copy)."""
        if self.pending_mark(game_id).exists():
            with self.mail_transaction(game_id):
                pass

    def _run_game(self, game_id: str, mails: list[Mail],
                  should_stop: Callable[[], bool]) -> list[Mail]:
        """Apply `mails` to one game in one transaction; returns those handled."""
        done: list[Mail] = []
        try:
            with self.mail_transaction(game_id) as (game, sink):
                out = Outgoing(sink)
                for mail in mails:
                    if done and should_stop():
                        break
                    self._handle(game, mail, out)
                    done.append(mail)
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
        if tag.seat == "observer":
            from pbem.mail.observers import handle
            handle(self, game, mail, out)
            return
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
            from pbem.anonymity import is_anonymous
            sender = "an address not registered for your seat" if owner_seat and \
                is_anonymous(game) else mail.inbound.sender     # players: no address
            self._notice(mail, f"Someone at {sender} sent a mail with your tag "
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
        seat = mail.tag.seat if mail.tag is not None and not mail.tag.is_moderator else None
        note = render._wrap(t(reports.prefs(game, seat).lang, "receipt.copy_note",
                              id=mail.inbound.message_id))
        old = build(self.cfg, to=[a.strip() for a in str(old["To"]).split(",")],
                    subject=str(old["Subject"]), body=f"{first}\n{note}\n{rest}",
                    message_id=stable_message_id(self.cfg, "resend", game.id,
                                                 mail.inbound.message_id, mail.copy_id),
                    in_reply_to=mail.inbound.message_id, references=mail.inbound.references,
                    when=self.now())
        out.mails.append(old)  # type: ignore[arg-type]


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


def _write_synced(path: Path, data: bytes) -> None:
    """Write `data` to `path` and fsync it (its directory entry is made durable by the
    game file's save, which fsyncs the same directory; a torn file is from a transaction
    that never committed)."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _valid_id(game_id: str) -> bool:
    from pbem.store import GAME_ID
    return bool(GAME_ID.match(game_id))


def _untag(subject: str) -> str:
    """The subject with any tag's token removed (refusals never echo a token)."""
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
        from pbem.mail import moderator
        if parsed.mod and self.seat is not None:
            moderator.refuse(self, parsed)      # nothing in the mail is applied
            self.receipt(logs_before.get(self.seat or "", []))
            return
        self.run_press(parsed)
        self.clear_held(parsed)
        self.route_done(parsed)
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
        from engine.contract import IllegalOrder
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
                from pbem.mapimage import board_function
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
            from engine.clocks import vacation_days
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
        from difflib import get_close_matches

        from pbem.moderation import is_dropped
        game = self.game
        for index, press in enumerate(parsed.press):
            if press.to == ["all"]:
                targets = [s for s in game.seats if s != self.seat and not is_dropped(game, s)]
            else:
                targets = []
                for s in press.to:
                    if s == self.seat:
                        reason, hints = self.tr("problem.press_self"), []
                    elif s not in game.seats:
                        reason = self.tr("problem.press_unknown", seat=s)
                        hints = get_close_matches(s, list(game.seats), 2, 0.5)
                    elif is_dropped(game, s):
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
        from engine.record import undo_target
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
                "  " + self.tr("receipt.rate_limit", n=self.cfg.limits.replies_per_sender_hour),
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
            waiting=reports.waiting(game, self.seat, self.lang),
            outcome=reports.outcome_line(game, self.lang), judge=self.cfg.judge_address)
        for problem in context["problems"]:
            problem["reason"] = self.localize(problem["reason"])
        body = render.render("receipt", sections=self.sections + extra, **context)
        html = None
        if self.with_status and self.cfg.reports.html:
            from pbem.reports.mails import STATUS_MARK, html_mail
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


def accepts(game: Any, seat: str, text: str) -> bool:
    """Whether one of `seat`'s open questions takes the order `text` (the game's parser
    decides; nothing is applied)."""
    from engine.contract import IllegalOrder
    for decision in game.decisions(seat):
        try:
            game.rules.parse(game.state, decision, text)
        except IllegalOrder:
            continue
        return True
    return False
