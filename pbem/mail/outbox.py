"""The durable outbox: every outbound mail is a file before anyone tries to send it.

Layout under ``<home>/mail/outbox/``: ``queue/`` (waiting), ``sent/`` (delivered, kept as
the record of what was sent and to re-send receipts), ``failed/`` (given up).  One JSON
name per mail, named by a hash of its Message-ID: the mails enqueued together share one
file, written once and linked under each mail's name (one syncfs for the batch); a mail
that fails an attempt gets a file of its own.  Enqueueing a Message-ID that is already
queued, sent or failed does nothing: that is what makes re-processing after a crash send
every mail exactly once.
Retries back off exponentially; nothing is dropped while the SMTP server is down.

An `Outbox` remembers the entries it wrote or read with their file's signature (inode,
mtime, size): the send that follows an enqueue in the same process reads no queued file
back, and a file another process wrote or replaced since is read again.  The files stay
the only truth: a mail is sent from memory only while its file is in ``queue/``
unchanged.
"""
from __future__ import annotations

import base64
import copy
import errno
import functools
import hashlib
import json
import contextlib
import os
import re
import time
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from pbem.addresses import PLAIN_ADDRESS, recipients
from pbem.files import atomic_write, sync_filesystem, write_beside


#: What `os.link` fails with where the file system has no hard links (or too many)
_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                       errno.EMLINK, errno.ENOSYS})


def _key(message_id: str) -> str:
    return hashlib.sha256(message_id.encode()).hexdigest()[:40]


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    """What changes when a queued file is replaced or rewritten."""
    return st.st_ino, st.st_mtime_ns, st.st_size


def fsync_dir(path: Path) -> None:
    """fsync a directory so a rename in it survives a power cut."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass
class Entry:
    """One queued mail."""
    message_id: str
    mail_from: str
    to: list[str]
    raw: bytes
    created: float
    attempts: int = 0
    next_at: float = 0.0
    last_error: str = ""
    meta: dict = field(default_factory=dict)

    @functools.cached_property
    def key(self) -> str:
        """The entry's file name in the outbox, less ``.json`` (asked several times a
        send: worked out once)."""
        return _key(self.message_id)

    def to_json(self) -> bytes:
        return json.dumps({
            "message_id": self.message_id, "mail_from": self.mail_from, "to": self.to,
            "created": self.created, "attempts": self.attempts, "next_at": self.next_at,
            "last_error": self.last_error, "meta": self.meta,
            "raw_b64": base64.b64encode(self.raw).decode("ascii"),
        }).encode()

    @classmethod
    def from_json(cls, data: bytes) -> "Entry":
        """The entry of a file that holds one mail."""
        return cls._from_dict(json.loads(data))

    @classmethod
    def all_from_json(cls, data: bytes) -> dict[str, "Entry"]:
        """The entries of a queued, sent or failed file, by key: one mail, or the mails of
        a batch (`Outbox.enqueue_many`)."""
        d = json.loads(data)
        return {e.key: e for e in map(cls._from_dict, d["batch"] if "batch" in d else [d])}

    @classmethod
    def _from_dict(cls, d: dict[str, Any]) -> "Entry":
        return cls(d["message_id"], d["mail_from"], list(d["to"]),
                   base64.b64decode(d["raw_b64"]), d["created"], d.get("attempts", 0),
                   d.get("next_at", 0.0), d.get("last_error", ""), d.get("meta", {}))


class Outbox:
    """A directory-backed queue of outbound mail with stable Message-IDs."""

    def __init__(self, root: Path, retry_base: float = 30.0, retry_max: float = 3600.0,
                 give_up_after: float = 5 * 86400.0) -> None:
        self.root = Path(root)
        self.queue = self.root / "queue"
        self.sent = self.root / "sent"
        self.failed = self.root / "failed"
        for d in (self.queue, self.sent, self.failed):
            d.mkdir(parents=True, exist_ok=True)
        self.retry_base = retry_base
        self.retry_max = retry_max
        self.give_up_after = give_up_after
        self._dirs = tuple(str(d) for d in (self.queue, self.sent, self.failed))
        #: the queued entries this outbox wrote or read, by file name, with the signature
        #: of their file then (module docstring)
        self._queued: dict[str, tuple[tuple[int, int, int], Entry]] = {}
        self._links = True      # whether the mails of a batch share a file (`_write_batch`)

    def known(self, message_id: str) -> bool:
        """Whether this Message-ID was ever enqueued (queued, sent or failed)."""
        name = _key(message_id) + ".json"
        return any(os.path.exists(os.path.join(d, name)) for d in self._dirs)

    def enqueue(self, msg: "EmailMessage | Any", mail_from: str, meta: dict | None = None
                ) -> bool:
        """Queue `msg` (its Message-ID, To and Cc headers decide); False if already known."""
        return self.enqueue_many([msg], mail_from, meta) == 1

    def enqueue_many(self, msgs: "list[EmailMessage] | list[Any]", mail_from: str,
                     meta: dict | None = None) -> int:
        """Queue several mails with one sync of the file system for the batch; returns how
        many were new.  The mails of a batch are written to one file, which each mail's
        name in ``queue/`` then links to (`_write_batch`).  A mail with no deliverable
        recipient (`pbem.addresses.deliverable`) is filed under failed/ at once with the
        reason: it never waits in the queue."""
        new, queued, seen = 0, [], set()
        for msg in msgs:
            mid = str(msg["Message-ID"]).strip()
            if mid in seen or self.known(mid):
                continue
            seen.add(mid)
            given = [a for h in ("To", "Cc", "Bcc") for a in _addresses(msg, h)]
            to = recipients(given)
            if "Bcc" in msg:
                del msg["Bcc"]
            entry = Entry(mid, mail_from, to, msg.as_bytes(), time.time(), meta=meta or {})
            if to:
                queued.append(entry)
            else:
                entry.last_error = ("no deliverable recipient (the sender's address is "
                                    f"not one): To {str(msg['To'])!r}")[:500]
                self._write_batch(self._dirs[2], [entry])
            new += 1
        if queued:
            self._write_batch(self._dirs[0], queued)
        if new:
            sync_filesystem(self.queue)
            fsync_dir(self.failed)
        return new

    def _write_batch(self, folder: str, entries: list[Entry]) -> None:
        """Write `entries` under their names in `folder`: the entries of a batch in one
        file, linked under each entry's name (a link makes no new inode: a file system that
        looks long for a free inode after many deletions, as ext4 does, is asked once per
        batch instead of once per mail, issue 13); a lone entry, or every entry where the
        file system has no links, in a file of its own.  A failed write leaves no
        temporary behind; the entries already named stay queued."""
        if len(entries) > 1 and self._links:
            try:
                self._write(folder, entries)
                return
            except OSError as exc:
                if exc.errno not in _NO_LINKS:
                    raise
                self._links = False         # this file system has no hard links
        for entry in entries:
            self._write(folder, [entry])

    def _write(self, folder: str, entries: list[Entry]) -> None:
        """One temporary file holding `entries`, renamed to the name of a lone entry, or
        linked under each entry's name and then removed."""
        first = os.path.join(folder, entries[0].key + ".json")
        tmp = write_beside(Path(first), entries[0].to_json() if len(entries) == 1 else
                           b'{"batch": [' + b", ".join(e.to_json() for e in entries) + b"]}")
        try:
            written = _signature(os.stat(tmp))
            if len(entries) == 1:
                os.replace(tmp, first)
            else:
                for entry in entries:
                    os.link(tmp, os.path.join(folder, entry.key + ".json"))
        finally:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if folder == self._dirs[0]:
            for entry in entries:      # a link has the inode, mtime and size written
                self._queued[entry.key + ".json"] = (written, entry)

    def pending(self) -> list[Entry]:
        """Everything still queued, oldest first (copies: a caller's changes reach the
        outbox through `mark_failed_attempt`).  A file this outbox wrote or read, still
        with the same signature, is not read again."""
        entries = []
        remembered, self._queued = self._queued, {}
        try:
            listing = list(os.scandir(self.queue))
        except OSError:
            listing = []
        read: dict[tuple[int, int, int], dict[str, Entry]] = {}   # a batch's file, once
        for item in listing:
            name = item.name
            if not name.endswith(".json"):
                continue
            try:
                known = remembered.get(name)
                signature = _signature(os.stat(item.path))
                if known is not None and known[0] == signature:
                    entry = known[1]
                else:
                    if signature not in read:
                        with open(item.path, "rb") as handle:
                            signature = _signature(os.fstat(handle.fileno()))
                            read[signature] = Entry.all_from_json(handle.read())
                    entry = read[signature][name[:-len(".json")]]
                    known = (signature, entry)
            except (OSError, ValueError, KeyError):
                continue
            self._queued[name] = known
            entries.append(copy.copy(entry))
        entries.sort(key=lambda e: (e.created, e.message_id))
        return entries

    def due(self, now: float | None = None) -> list[Entry]:
        """Queued mail whose next attempt is due."""
        now = time.time() if now is None else now
        return [e for e in self.pending() if e.next_at <= now]

    def next_due(self) -> float | None:
        """When the earliest queued mail is due (None when the queue is empty)."""
        times = [e.next_at for e in self.pending()]
        return min(times) if times else None

    def mark_sent(self, entry: Entry) -> None:
        """Move a delivered mail to sent/ (atomic rename)."""
        name = entry.key + ".json"
        self._queued.pop(name, None)
        os.replace(os.path.join(self._dirs[0], name), os.path.join(self._dirs[1], name))

    def mark_failed_attempt(self, entry: Entry, error: str, permanent: bool = False,
                            now: float | None = None) -> None:
        """Record a failed attempt: back off, or move to failed/ when permanent or too old."""
        now = time.time() if now is None else now
        entry.attempts += 1
        entry.last_error = error[:500]
        path = self.queue / (entry.key + ".json")
        self._queued.pop(path.name, None)     # read again, as rewritten, at the next look
        if permanent or now - entry.created > self.give_up_after:
            atomic_write(path, entry.to_json())
            os.replace(path, self.failed / (entry.key + ".json"))
            return
        entry.next_at = now + min(self.retry_max, self.retry_base * 2 ** (entry.attempts - 1))
        atomic_write(path, entry.to_json())

    def find_sent(self, message_id: str) -> Entry | None:
        """A mail that was enqueued earlier (sent, queued or failed), by Message-ID."""
        name = _key(message_id) + ".json"
        for d in (self.sent, self.queue, self.failed):
            if (d / name).exists():
                return Entry.all_from_json((d / name).read_bytes()).get(_key(message_id))
        return None

    def counts(self) -> dict[str, int]:
        """Number of mails queued, sent and failed."""
        return {d.name: sum(1 for _ in d.glob("*.json"))
                for d in (self.queue, self.sent, self.failed)}


#: A header of bare ASCII addresses as `compose.build` writes them (``a@b.org, c@d.org``):
#: what `getaddresses` makes of it is known without running its parser.
_PLAIN_LIST = re.compile(rf"{PLAIN_ADDRESS}(?:, {PLAIN_ADDRESS})*")


def _addresses(msg: Any, header: str) -> list[str]:
    """The addresses of a header; UTF-8 bytes a parser kept as surrogates (a mail re-read
    from its pending file) are decoded back."""
    from email.utils import getaddresses
    found = msg.get_all(header) or []
    if len(found) == 1 and isinstance(found[0], str) and _PLAIN_LIST.fullmatch(found[0]):
        return found[0].split(", ")
    values = [str(v).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
              for v in found]
    return [addr for _, addr in getaddresses(values) if addr]
