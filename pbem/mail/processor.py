"""The inbound pipeline (docs/architecture.md, "One email, end to end"): spool, parse,
route, authenticate, dedupe, run a game's mails in one transaction (each mail's turn:
`pbem.mail.turn`), enqueue, then mark the inbound messages processed; recover after a crash.

Crash safety.  The mails a game transaction produces are written, before the game file,
to the file ``outbox-pending`` beside it under a batch id, and the game file names that
batch (``server["outbox_batch"]``) in the same atomic write as the entries they describe:
the batch is committed exactly when the game is.  The mails are copied into the durable
outbox after the commit (again at the start of the next transaction on that game, and at
daemon start, when the game file names the batch; a batch it does not name belonged to a
transaction that never committed and is dropped).  The game file keeps only the batch id,
so it grows with its entries, not with the mails.  The games of one fetched batch commit
together (`pbem.store.Store.batch`: one sync for every game's pending file and new game
file before the renames, one after), and their mails go into the outbox with one sync
(`_copy_out`) before the inbound messages are marked.  Outbound Message-IDs are derived from
the inbound Message-ID and a hash of the stored copy's bytes, and the outbox ignores an
id it has seen, so re-processing after a crash at any line sends each mail exactly once.
The per-game record ``server["processed"]``, keyed by seat and Message-ID
(`pbem.mail.envelope.seen_key`), makes a seat's Message-ID apply at most once; a
re-delivered copy of the same mail (other bytes: new Received headers) only gets the
receipt again, while the same copy fetched again (crash, new UIDVALIDITY) gets nothing.
"""
from __future__ import annotations

import datetime as dt
import email
import hashlib
import json
import logging
import os
import traceback
from contextlib import contextmanager
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path
from typing import Any, Callable, Iterator

from pbem import reports
from pbem.config import Config
from pbem.files import atomic_write
from pbem.mail import authres, confirm, observers, render
from pbem.mail.commands import parse_body
from pbem.mail.compose import build, stable_message_id
from pbem.mail.envelope import Mail, Outgoing, seen_before, seen_key
from pbem.mail.inbox import Inbox, InboxItem
from pbem.mail.judge import PENDING_MARK
from pbem.mail.loops import RateLimiter, StrangerLimits, classify
from pbem.mail.outbox import Outbox
from pbem.mail.parse import parse_message
from pbem.mail.replies import Replies
from pbem.mail.strip import strip_quotes
from pbem.mail.tags import find_tag, tokens_equal
from pbem.mail.turn import Turn
from pbem.reports.i18n import t

log = logging.getLogger("pbem.mail")
BATCH = 100  # mails per game transaction


def utcnow() -> dt.datetime:
    """Now (UTC), or the time pinned by ``PBEM_NOW``."""
    from pbem.timesource import now
    return now()


class Processor:
    """Turns inbound items into game effects and outbound mail (see the module docstring)."""

    def __init__(self, cfg: Config, store: Any, outbox: Outbox,
                 now: Callable[[], dt.datetime] = utcnow) -> None:
        self.cfg = cfg
        self.store = store
        self.outbox = outbox
        self.now = now
        self.rate = RateLimiter(cfg.mail_dir / "state" / "rate.json",
                                cfg.limits.replies_per_sender_hour,
                                rounds=cfg.limits.loop_rounds)
        self.strangers = StrangerLimits(cfg.mail_dir / "state" / "strangers.json",
                                        cfg.limits.stranger_replies_hour)
        self.replies = Replies(cfg, self.rate, outbox, self.strangers, self.registered, now)
        self._known: set[str] | None = None      # every game's addresses, per batch
        #: Of the games committed in the current batch: their mails for the outbox
        #: (`_copy_out`) and the mails they applied.
        self._ready: list[tuple[str, list[EmailMessage]]] = []
        self._applied: list[Mail] = []
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
        self._known = None
        self._ready, self._applied = [], []
        try:
            self._spool(items)
        except OSError as exc:  # no raw copy, no processing: every mail waits in the inbox
            log.error("spooling %d mails failed, all left in the inbox: %s", len(items), exc)
            return 0
        try:
            for item in items:
                if should_stop():
                    break
                try:
                    mail = self._prepare(item)
                except OSError as exc:  # the disk or the network: this mail waits
                    log.error("%s: left in the inbox for a later cycle: %s", item.key, exc)
                    continue
                except Exception:  # a bug on this input: never a poison message
                    log.exception("%s: unreadable mail, set aside (raw copy in %s)",
                                  item.key, self.spool)
                    mail = None
                if mail is None:
                    done.append(item.key)
                    continue
                assert mail.tag is not None
                groups.setdefault(mail.tag.game, []).append(mail)
            try:
                with self.store.batch():
                    for game_id, mails in groups.items():
                        for start in range(0, len(mails), BATCH):
                            if should_stop():
                                break
                            ran = self._run_game(game_id, mails[start:start + BATCH],
                                                 should_stop)
                            done += [m.item.key for m in ran]
            except OSError as exc:   # committed games' mails come back as repeats
                log.error("committing the games of this batch failed, their mails left in "
                          "the inbox for a later cycle: %s", exc)
            done += self._copy_out()
        finally:
            try:
                if done:
                    inbox.mark_processed(done)
                self.rate.save()
                self.strangers.save()
            except OSError as exc:  # fetched again later: the Message-ID record says done
                log.error("marking %d mails processed failed: %s", len(done), exc)
        return len(done)

    def _copy_out(self) -> list[str]:
        """After the games of a batch are committed: their mails into the outbox (one sync
        for all), their pending files removed, each mail applied logged; returns the keys
        of those mails, to be marked processed (none when the outbox refused them: the
        pending files keep them, `flush_pending`)."""
        ready, applied = self._ready, self._applied
        self._ready, self._applied = [], []
        try:
            self.outbox.enqueue_many([m for _, mails in ready for m in mails],
                                     self.cfg.judge_address)
            for game_id, _ in ready:
                self.pending_mark(game_id).unlink(missing_ok=True)
        except OSError as exc:
            log.error("%d mail(s) applied, their mails not yet in the outbox (kept beside "
                      "their games), left in the inbox for a later cycle: %s",
                      len(applied), exc)
            return []
        for mail in applied:
            log.info("%s %s from %s: %s", mail.item.key, mail.inbound.message_id,
                     mail.inbound.sender, mail.outcome)
        return [m.item.key for m in applied]

    def registered(self, address: str) -> bool:
        """Whether any game on this judge knows `address` (a player, moderator or
        observer); read from the games' indexes once per batch."""
        if self._known is None:
            known: set[str] = set()
            for game_id in self.store.game_ids():
                try:
                    known.update(self.store.summary(game_id, "addresses", game_addresses))
                except Exception:   # an unreadable game: its addresses count as unknown
                    log.warning("addresses of %s unreadable", game_id)
            self._known = known
        return address.lower() in self._known

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
            self.replies.notice(mail, f"Your mail is {inbound.size} bytes; the judge reads mails "
                         f"of at most {self.cfg.limits.max_message_bytes} bytes.  Nothing "
                         "in it was read.", ["send the orders as plain text, without "
                                             "attachments or quoted reports"], "too large")
            return None
        mail.lines = strip_quotes(inbound.text)
        mail.tag = find_tag(inbound.subject, mail.lines)
        if mail.tag is None:
            parsed = parse_body(mail.lines)
            if parsed.has("HELP") and not parsed.orders:
                self.replies.notice(mail, render.help_text(), [], "help", raw_text=True)
            else:
                self.replies.notice(mail, "The judge could not tell which game this mail is for: "
                             "its subject has no tag like [game seat token].",
                             ["reply to a mail from the judge and keep its subject",
                              "or put the tag from your welcome mail in the subject",
                              "send HELP for instructions"], "no tag")
            return None
        if not (_valid_id(mail.tag.game) and self.store.exists(mail.tag.game)):
            self.replies.bad_tag(mail, "refused: unknown game")
            return None
        return mail

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
        games that have a pending file.  Inside a store batch (`process`) the pending file
        is made durable by the batch's commit, before the game file it belongs to, and the
        copy waits for `_copy_out`."""
        mails: list[EmailMessage] = []
        batching = self.store.batching
        with self.store.transaction(game_id) as game:
            self.flush_pending(game)
            yield game, mails
            if mails:
                raws = [m.as_bytes().decode("ascii", "surrogateescape") for m in mails]
                batch = hashlib.sha256("\0".join(raws).encode("ascii", "surrogateescape")
                                       ).hexdigest()[:24]
                _write_synced(self.pending_mark(game_id),
                              json.dumps({"batch": batch, "mails": raws}).encode("ascii"),
                              sync=not batching)
                game.server["outbox_batch"] = batch
                if batching:    # the batch's commit syncs the file first; `_copy_out`
                    self.store.on_commit(lambda: self._ready.append((game_id, mails)))
        if mails and not batching:
            self.outbox.enqueue_many(mails, self.cfg.judge_address)
            self.pending_mark(game_id).unlink(missing_ok=True)

    def recover(self, game_id: str) -> None:
        """Copy into the outbox the mails a game committed, when its pending file says the
        outbox may not have them (after a crash between the commit and the copy)."""
        if os.path.exists(self.store.beside(game_id, PENDING_MARK)):
            with self.mail_transaction(game_id):
                pass

    def _run_game(self, game_id: str, mails: list[Mail],
                  should_stop: Callable[[], bool]) -> list[Mail]:
        """Apply `mails` to one game in one transaction of the store's batch (`process`):
        those handled are logged and marked once it commits (`_copy_out`); returns only
        those set aside for an internal error (answered, to be marked at once)."""
        done: list[Mail] = []
        try:
            with self.mail_transaction(game_id) as (game, sink):
                out = Outgoing(sink)
                for mail in mails:
                    if done and should_stop():
                        break
                    self._handle(game, mail, out)
                    done.append(mail)
                self.store.on_commit(lambda handled=done: self._applied.extend(handled))
        except OSError as exc:   # a full or read-only disk: nothing committed, all wait
            log.error("game %s: %d mail(s) left in the inbox for a later cycle: %s",
                      game_id, len(mails), exc)
            return []
        except Exception:
            if len(mails) > 1:
                log.warning("batch of %d mails for %s failed; retrying one by one",
                            len(mails), game_id)
                aside: list[Mail] = []
                for mail in mails:
                    if should_stop():
                        break
                    aside += self._run_game(game_id, [mail], should_stop)
                return aside
            mail = mails[0]
            log.error("%s %s: internal error\n%s", mail.item.key, mail.inbound.message_id,
                      traceback.format_exc())
            self.replies.notice(mail, "The judge hit an internal error while reading this mail; "
                         "nothing in it was applied.  The moderator has been told.", [
                             "try again later, or write to the moderator"], "internal error")
            self._tell_moderators(game_id, mail)
            return [mail]
        return []

    def _tell_moderators(self, game_id: str, mail: Mail) -> None:
        try:
            mods = list(self.store.load(game_id).moderators)
        except Exception:
            mods = []
        if mods:
            self.replies.notice(mail, f"A mail from {mail.inbound.sender} "
                         f"({mail.inbound.message_id}) to game {game_id} caused an internal "
                         "error; the traceback is in the judge's log.", [], "internal error",
                         to=mods, kind="moderator-error")

    def _handle(self, game: Any, mail: Mail, out: Outgoing) -> None:
        """Authenticate, dedupe and apply one mail; its replies go to `out`."""
        tag = mail.tag
        assert tag is not None
        if tag.seat == "observer":
            observers.handle(self.replies, game, mail, out, self.now())
            return
        who = self._authenticate(game, mail, out)
        if who is None:
            return
        seat, by, recipients = who
        mail.reply_ok = self.rate.allow(mail.inbound.sender)
        mail.paused_until = self.rate.until(mail.inbound.sender)
        processed = game.server.setdefault("processed", {})
        mid = mail.inbound.message_id
        seen = seen_before(processed, by, mid)
        if seen is not None:
            if mail.copy_id in seen.get("keys", []):
                mail.outcome = "already applied (recovery), nothing to send"
                return
            seen.setdefault("keys", []).append(mail.copy_id)
            self._resend(game, mail, seen.get("receipt"), out)
            return
        receipt_id = stable_message_id(self.cfg, "receipt", game.id, mid, mail.copy_id)
        processed[seen_key(by, mid)] = {"keys": [mail.copy_id], "receipt": receipt_id,
                                        "at": self.now().isoformat(timespec="seconds")}
        turn = Turn(self.cfg, self.now(), game, mail, seat, by, recipients, receipt_id, out)
        if seat is None and not confirm.confirmed(self.cfg, game, mail, turn, self.now()):
            return
        turn.run()

    def _authenticate(self, game: Any, mail: Mail, out: Outgoing
                      ) -> tuple[str | None, str, list[str]] | None:
        """(seat, by, receipt recipients) of an authenticated mail; None when it was
        refused -- all alike (`Replies.bad_tag`), the tag's owner told when the tag was
        right but the sender not registered, or not authenticated when the judge
        requires it (``require_authenticated_sender``)."""
        tag, sender = mail.tag, mail.inbound.sender
        assert tag is not None
        tokens = game.server.get("tokens", {})
        if tag.is_moderator:
            by = f"moderator:{sender}"
            if not tokens_equal(tag.token, tokens.get(by)):
                owners = [k for k, v in tokens.items()
                          if k.startswith("moderator:") and tokens_equal(tag.token, v)]
                self.replies.refuse(game, mail, out, owners, "refused: bad moderator tag")
                return None
            who: tuple[str | None, str, list[str]] = (None, by, [sender])
        else:
            if tag.seat not in game.seats or not tokens_equal(tag.token, tokens.get(tag.seat)):
                self.replies.refuse(game, mail, out, [], "refused: bad tag")
                return None
            players = [p.lower() for p in game.seats[tag.seat].get("players", [])]
            if sender not in players:
                self.replies.refuse(game, mail, out, [tag.seat], "refused: sender not registered")
                return None
            who = (tag.seat, tag.seat, list(game.seats[tag.seat]["players"]))
        if self.cfg.require_authenticated_sender:
            verdict = authres.verdict(mail.inbound, self.cfg.trusted_authserv_id)
            if verdict is None or not verdict.authenticated(sender):
                self.replies.refuse(game, mail, out, [who[1]], "refused: sender not authenticated")
                return None
        return who

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


def _write_synced(path: Path, data: bytes, sync: bool = True) -> None:
    """Write `data` to `path` and fsync it (its directory entry is made durable by the
    game file's save, which fsyncs the same directory; a torn file is from a transaction
    that never committed); without `sync` the caller's batch syncs it."""
    try:
        with open(path, "wb") as handle:
            handle.write(data)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def _valid_id(game_id: str) -> bool:
    from pbem.store import GAME_ID
    return bool(GAME_ID.match(game_id))


def game_addresses(game: Any) -> list[str]:
    """Every address `game` knows: players, moderators, observers (for `Store.summary`)."""
    known = {p.lower() for info in game.seats.values() for p in info.get("players", [])}
    known |= {m.lower() for m in game.moderators}
    known |= {k.split(":", 1)[1].lower() for k in game.server.get("tokens", {}) if ":" in k}
    return sorted(known)
