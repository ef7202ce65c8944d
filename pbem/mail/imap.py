"""The IMAP inbox (imapclient, IDLE when offered): see `pbem.mail.inbox` for the contract.

IMAP keys are ``imap:<UIDVALIDITY>:<UID>``.  When the folder's UIDVALIDITY changes
the old keys are void; the processor's per-game Message-ID record keeps such a
message from being applied twice.  Handled messages are moved to `processed_folder`
(MOVE, or COPY + \\Deleted + EXPUNGE) or, without one, flagged ``$PbemProcessed``.
Imported only by a judge that reads IMAP (`pbem.mail.transports.make_inbox`).
"""
from __future__ import annotations

import json
import logging
import os
import socket
import time
from pathlib import Path
from typing import Callable

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

from pbem.config import MailboxConfig
from pbem.mail.inbox import InboxItem
from pbem.mail.tls import client_context

log = logging.getLogger("pbem.mail")
PROCESSED_FLAG = b"$PbemProcessed"


class ImapInbox:
    """An IMAP folder with IDLE wake-ups (poll interval when IDLE is not offered)."""

    def __init__(self, cfg: MailboxConfig, state_path: Path, poll_interval: float = 60.0) -> None:
        self.cfg = cfg
        self.state_path = state_path
        self.poll_interval = poll_interval
        self.client: IMAPClient | None = None
        self.uidvalidity: int | None = None
        self.can_idle = False
        self.can_move = False
        self.processed_folder = ""

    # -- connection -------------------------------------------------------
    def connect(self) -> IMAPClient:
        if self.client is not None:
            return self.client
        cfg = self.cfg
        context = client_context(cfg.host, cfg.ca_file)
        client = IMAPClient(cfg.host, port=cfg.port, ssl=cfg.ssl, ssl_context=context,
                            timeout=cfg.timeout)
        if cfg.starttls and not cfg.ssl:
            client.starttls(context)
        client.login(cfg.user, cfg.password)
        caps = client.capabilities()
        self.can_idle = self.cfg.idle and b"IDLE" in caps
        self.can_move = b"MOVE" in caps
        info = client.select_folder(cfg.folder)
        self._check_uidvalidity(int(info[b"UIDVALIDITY"]))
        self.processed_folder = ""
        if cfg.processed_folder:
            # "pbem/processed" in the configuration; the server's own hierarchy separator
            listed = client.list_folders(pattern="INBOX") or client.list_folders(pattern="%")
            delim = listed[0][1] if listed and listed[0][1] else b"/"
            delim_s = delim.decode() if isinstance(delim, bytes) else str(delim)
            self.processed_folder = cfg.processed_folder.replace("/", delim_s)
            if not client.folder_exists(self.processed_folder):
                client.create_folder(self.processed_folder)
        self.client = client
        return client

    def _check_uidvalidity(self, value: int) -> None:
        known = None
        if self.state_path.exists():
            try:
                known = json.loads(self.state_path.read_text()).get(self.cfg.folder)
            except (ValueError, OSError):
                known = None
        if known is not None and known != value:
            log.warning("UIDVALIDITY of %s changed (%s -> %s): old UIDs are void; "
                        "Message-ID records prevent double application",
                        self.cfg.folder, known, value)
        if known != value:
            self.state_path.parent.mkdir(parents=True, exist_ok=True)
            data = {}
            if self.state_path.exists():
                try:
                    data = json.loads(self.state_path.read_text())
                except (ValueError, OSError):
                    data = {}
            data[self.cfg.folder] = value
            tmp = self.state_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(data))
            os.replace(tmp, self.state_path)
        self.uidvalidity = value

    def _drop(self) -> None:
        if self.client is not None:
            try:
                self.client.logout()
            except Exception:
                pass
        self.client = None

    # -- the Inbox protocol ----------------------------------------------
    def fetch(self, limit: int | None = None) -> list[InboxItem]:
        try:
            return self._fetch(limit)
        except (IMAPClientError, OSError, socket.timeout) as exc:
            log.warning("IMAP fetch failed (%s); will reconnect", exc)
            self._drop()
            return []

    def _fetch(self, limit: int | None) -> list[InboxItem]:
        client = self.connect()
        info = client.folder_status(self.cfg.folder, [b"UIDVALIDITY"])
        if int(info[b"UIDVALIDITY"]) != self.uidvalidity:
            client.select_folder(self.cfg.folder)
            self._check_uidvalidity(int(info[b"UIDVALIDITY"]))
        if self.cfg.processed_folder:
            uids = client.search(["NOT", "DELETED"])
        else:
            uids = client.search(["NOT", "DELETED", "UNKEYWORD", PROCESSED_FLAG.decode()])
        uids = sorted(uids)[:limit]
        items: list[InboxItem] = []
        for start in range(0, len(uids), 200):
            chunk = uids[start:start + 200]
            data = client.fetch(chunk, [b"BODY.PEEK[]"])
            for uid in chunk:
                raw = data.get(uid, {}).get(b"BODY[]")
                if raw is not None:
                    items.append(InboxItem(f"imap:{self.uidvalidity}:{uid}", bytes(raw)))
        return items

    def mark_processed(self, keys: list[str]) -> None:
        uids = []
        for key in keys:
            _, validity, uid = key.split(":")
            if int(validity) == self.uidvalidity:
                uids.append(int(uid))
            else:
                log.warning("not marking %s: UIDVALIDITY changed", key)
        if not uids:
            return
        try:
            client = self.connect()
            # .SILENT: no untagged FETCH per message to read back (a batch is 500)
            client.add_flags(uids, [b"\\Seen", PROCESSED_FLAG], silent=True)
            if self.processed_folder:
                if self.can_move:
                    client.move(uids, self.processed_folder)
                else:
                    client.copy(uids, self.processed_folder)
                    client.delete_messages(uids)
                    client.uid_expunge(uids) if b"UIDPLUS" in client.capabilities() \
                        else client.expunge()
        except (IMAPClientError, OSError, socket.timeout) as exc:
            # effects are committed and recorded by Message-ID: a re-fetch is harmless
            log.warning("IMAP mark processed failed (%s)", exc)
            self._drop()

    def wait(self, timeout: float, should_stop: Callable[[], bool]) -> bool:
        """IDLE (or sleep, when IDLE is not offered) up to `timeout`; True on new mail."""
        end = time.monotonic() + timeout
        try:
            client = self.connect()
        except (IMAPClientError, OSError, socket.timeout) as exc:
            log.warning("IMAP connect failed (%s); retrying later", exc)
            self._drop()
            _sleep(min(timeout, 5.0), should_stop)
            return False
        if not self.can_idle:
            _sleep(min(timeout, self.poll_interval), should_stop)
            return True
        try:
            # Mail delivered between the last fetch and IDLE is announced (EXISTS) in the
            # answer to the next command; IDLE can swallow that announcement, so ask first.
            _, pending = client.noop()
            if _announces_mail(pending):
                return True
            client.idle()
            woke = False
            while not should_stop():
                left = end - time.monotonic()
                if left <= 0:
                    break
                responses = client.idle_check(timeout=min(left, 1.0))
                if _announces_mail(responses):
                    woke = True
                    break
            client.idle_done()
            return woke
        except (IMAPClientError, OSError, socket.timeout) as exc:
            # e.g. an untagged EXISTS answered IDLE before its continuation: fetch again
            log.warning("IMAP IDLE failed (%s); will reconnect and fetch", exc)
            self._drop()
            return True

    def close(self) -> None:
        self._drop()


def _announces_mail(responses: list) -> bool:
    """True when untagged IMAP responses announce messages (``* n EXISTS``/``RECENT``, n > 0)."""
    return any(isinstance(r, tuple) and len(r) > 1 and r[1] in (b"EXISTS", b"RECENT")
               and r[0] for r in responses)


def _sleep(seconds: float, should_stop: Callable[[], bool]) -> None:
    end = time.monotonic() + seconds
    while not should_stop() and time.monotonic() < end:
        time.sleep(min(0.2, max(0.0, end - time.monotonic())))
