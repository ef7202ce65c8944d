"""The mail daemon: fetch, process, fire deadlines, send; sleep until the next event.

``pbem run`` loops; ``pbem run --once`` drains the inbox, fires due deadlines, sends what
is due and exits.  SIGTERM (or SIGINT) lets the current message finish, then exits:
every message is either fully handled (its effects committed, its mails in the durable
outbox) or left in the inbox for the next run.  One log line per message handled.

The mail pipeline (`Processor`) is loaded when a cycle first has a mail to read or a game
to write: a pass with nothing due (``pbem run --once`` from cron) imports none of it.
"""
from __future__ import annotations

import datetime as dt
import gc
import logging
import os
import signal
import time
from contextlib import AbstractContextManager
from email.message import EmailMessage
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem.config import Config, load_config
from pbem.mail.clocks import ClockRunner
from pbem.mail.inbox import Inbox
from pbem.mail.duties import Duties
from pbem.mail.judge import PENDING_MARK
from pbem.mail.outbox import Outbox
from pbem.mail.retention import Retention
from pbem.mail.senders import Sender, flush
from pbem.mail.transports import make_inbox, make_sender
from pbem.store import Store
from pbem.summaries import with_summaries
from pbem.timesource import now as utcnow

if TYPE_CHECKING:
    from pbem.mail.processor import Processor

log = logging.getLogger("pbem.daemon")

FETCH_LIMIT = 500        # messages per fetch
#: The cyclic garbage collector's thresholds in a judge process (CPython's are 700, 10,
#: 10): a mail makes thousands of short-lived containers (its MIME parts, the receipt's
#: context, the parts of a game file) and next to no cycles, and at CPython's rates the
#: collector took some 7 % of a warm judge's CPU per mail, over a third of it walking the
#: games kept in memory (issue 13).
COLLECTOR_THRESHOLDS = (10_000, 20, 50)
IDLE_RENEW = 25 * 60.0   # re-issue IMAP IDLE at least this often (RFC 2177: < 29 min)


class Daemon:
    """One judge server home: its inbox, store, outbox and clocks."""

    def __init__(self, home: Path, cfg: Config | None = None, store: Any = None) -> None:
        self.home = Path(home)
        self.cfg = cfg or load_config(self.home)
        self.store = with_summaries(store or Store(self.home))
        smtp = self.cfg.smtp
        self.outbox = Outbox(self.cfg.mail_dir / "outbox", smtp.retry_base, smtp.retry_max,
                             smtp.give_up_after)
        self.inbox: Inbox = make_inbox(self.cfg.mailbox, self.cfg.mail_dir / "state",
                                       self.cfg.poll_interval)
        self.sender: Sender = make_sender(self.cfg.smtp)
        self._processor: Processor | None = None
        self.clocks = ClockRunner(self)
        self.duties = Duties(self)
        self.retention = Retention(self.cfg.retention, self.store, self.cfg.mail_dir / "spool")
        self.stopping = False
        self.started = False

    # -- the mail pipeline, when first needed (`pbem.mail.judge.Judge`) ---------------
    @property
    def processor(self) -> Processor:
        if self._processor is None:
            from pbem.mail.processor import Processor
            self._processor = Processor(self.cfg, self.store, self.outbox)
        return self._processor

    def now(self) -> dt.datetime:
        """The pipeline's clock once it is loaded (tests pin it), else `pbem.timesource`."""
        return self._processor.now() if self._processor is not None else utcnow()

    def mail_transaction(self, game_id: str
                         ) -> AbstractContextManager[tuple[Any, list[EmailMessage]]]:
        return self.processor.mail_transaction(game_id)

    # -- control --------------------------------------------------------------
    def stop(self, *_: Any) -> None:
        """Ask the loop to finish the current message and exit."""
        if not self.stopping:
            log.info("stop requested: finishing the current message")
        self.stopping = True

    def should_stop(self) -> bool:
        return self.stopping

    def install_signals(self) -> None:
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)

    def recover(self) -> None:
        """After a restart: copy into the outbox the mails committed games may still hold
        (only games with a pending mark are read, `Processor.recover`)."""
        for game_id in self.store.game_ids():
            if not os.path.exists(self.store.beside(game_id, PENDING_MARK)):
                continue
            try:
                self.processor.recover(game_id)
            except Exception:
                log.exception("recovering the outbox of %s failed", game_id)
        self.started = True

    # -- one pass ---------------------------------------------------------------
    def process_inbox(self) -> int:
        """Fetch and handle until the inbox is empty (or a stop is requested)."""
        total = 0
        while not self.stopping:
            items = self.inbox.fetch(limit=FETCH_LIMIT)
            if not items:
                break
            handled = self.processor.process(items, self.inbox, self.should_stop)
            total += handled
            if handled < len(items):
                break
        return total

    def send(self) -> tuple[int, int]:
        """Deliver what the outbox has due."""
        return flush(self.outbox, self.sender)

    def cycle(self) -> int:
        """Fetch + process, fire deadlines, moderator duties (notices left by ``pbem mod``,
        dropped seats, pause reminders, the daily stuck digest), retention, send.  Returns messages
        handled.  The games are looked at once for all of them (`Store.one_look`)."""
        with self.store.one_look():
            if not self.started:
                self.recover()
            handled = self.process_inbox()
            if not self.stopping:
                self.clocks.fire()
            if not self.stopping:
                self.duties.run()
            if not self.stopping:
                try:
                    self.retention.run(self.now())
                except Exception:   # pruning waits for the next cycle; the mail goes on
                    log.exception("retention failed")
        try:
            self.send()
        except OSError as exc:   # a full or read-only disk: the outbox keeps every mail
            log.error("sending failed, retried next cycle: %s", exc)
        return handled

    def seconds_to_next_event(self, now: float | None = None) -> float:
        """How long the loop may sleep: next clock event, next moderator duty (pause
        reminder, stuck digest: `Duties.next_event`), next outbox retry, IDLE renewal."""
        now = time.time() if now is None else now
        waits = [IDLE_RENEW, self.cfg.poll_interval if self.cfg.mailbox.transport == "maildir"
                 else IDLE_RENEW]
        nxt = self.outbox.next_due()
        if nxt is not None:
            waits.append(nxt - now)
        for event in (self.clocks.next_event(), self.duties.next_event()):
            if event is not None:
                waits.append((event - utcnow()).total_seconds() + 0.5)
        return max(0.0, min(waits))

    # -- loops -----------------------------------------------------------------
    def run_once(self) -> int:
        """``pbem run --once``."""
        try:
            return self.cycle()
        finally:
            self.inbox.close()

    def run(self) -> None:
        """``pbem run``: loop until SIGTERM."""
        log.info("pbem daemon started in %s (%s in, %s out)", self.home,
                 self.cfg.mailbox.transport, self.cfg.smtp.transport)
        try:
            while not self.stopping:
                try:
                    handled = self.cycle()
                except Exception:
                    log.exception("daemon cycle failed; retrying shortly")
                    handled = 0
                    time.sleep(1.0)
                if self.stopping:
                    break
                if handled:
                    continue  # more may have arrived while we worked
                wait = self.seconds_to_next_event()
                if wait > 0:
                    self.inbox.wait(wait, self.should_stop)
        finally:
            self.inbox.close()
            log.info("pbem daemon stopped")


def tune_collector() -> None:
    """Set the judge process's garbage collector (`COLLECTOR_THRESHOLDS`)."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def configure_logging(level: int = logging.INFO) -> None:
    """One line per event, timestamped, to stderr.  A record does not look up what the
    line does not print (the caller's file and line, thread and process: the logging
    HOWTO's "Optimization"); a judge logs two lines per mail (issue 13)."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging._srcfile = None     # type: ignore[attr-defined]
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False


__all__ = ["Daemon", "configure_logging", "tune_collector"]
