"""Real local mail servers for the end-to-end tests and the bench (127.0.0.1 only).

`LocalMailServers` writes a Dovecot configuration into a temporary directory and starts
Dovecot (IMAP with IDLE, and LMTP) on free high ports, plus an aiosmtpd SMTP server
(AUTH PLAIN/LOGIN) that queues every accepted mail and relays it into Dovecot over LMTP:
the judge's SMTP path ends in the players' IMAP mailboxes, as with a real MTA.  The SMTP side can be
stopped and restarted to simulate an outage.  Needs Debian's ``dovecot-imapd`` and
``dovecot-lmtpd`` (``scripts/install-mail-servers``) and root or a user Dovecot may run as.
"""
from __future__ import annotations

import os
import shutil
import smtplib
import socket
import ssl
import subprocess
import queue
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from imapclient import IMAPClient

PASSWORD = "secret"


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_port(port: int, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")


def dovecot_available() -> bool:
    return shutil.which("dovecot") is not None and Path("/usr/lib/dovecot/lmtp").exists()


_CONF = """\
protocols = imap lmtp
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
instance_name = pbem-test-{name}
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
ssl = {ssl}
{ssl_files}disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:{root}/mail/%u/Maildir
mail_fsync = never
first_valid_uid = 1
last_valid_uid = 0
default_login_user = dovenull
default_internal_user = dovecot
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={root}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
  }}
  process_min_avail = 1
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
protocol lmtp {{
  postmaster_address = postmaster@example.org
}}
protocol imap {{
  mail_max_userip_connections = 50
}}
"""


class _Relay:
    """aiosmtpd handler that behaves like a small MTA: recipients are checked at RCPT,
    an accepted mail is queued and answered 250 at once, and one worker thread delivers
    the queue into Dovecot over a persistent LMTP connection (as Postfix's queue manager
    does).  `drain()` waits until everything accepted is in the mailboxes."""

    def __init__(self, lmtp_port: int, users: set[str]) -> None:
        self.lmtp_port = lmtp_port
        self.users = users
        self.count = 0
        self.failed: list[tuple[list[str], str]] = []
        self.queue: queue.Queue[tuple[str, list[str], bytes] | None] = queue.Queue()
        self.worker = threading.Thread(target=self._deliver_queue, name="relay-lmtp",
                                       daemon=True)
        self.worker.start()

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address.lower() not in self.users:
            return "550 5.1.1 unknown recipient"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        data = envelope.original_content or envelope.content
        self.queue.put((envelope.mail_from or "<>", list(envelope.rcpt_tos), data))
        self.count += 1
        return "250 2.0.0 OK queued"

    def drain(self, timeout: float = 60.0) -> None:
        """Wait until every accepted mail has been handed to Dovecot."""
        end = time.monotonic() + timeout
        while self.queue.unfinished_tasks:
            if time.monotonic() > end:
                raise TimeoutError(f"relay queue not drained: {self.queue.unfinished_tasks}")
            time.sleep(0.01)

    def close(self) -> None:
        self.queue.put(None)
        self.worker.join(timeout=30)

    def _deliver_queue(self) -> None:
        lmtp: smtplib.LMTP | None = None
        while True:
            item = self.queue.get()
            try:
                if item is None:
                    return
                for attempt in range(3):
                    try:
                        if lmtp is None:
                            lmtp = smtplib.LMTP("127.0.0.1", self.lmtp_port)
                        lmtp.sendmail(*item)
                        break
                    except smtplib.SMTPRecipientsRefused as exc:
                        self.failed.append((item[1], str(exc)))
                        break
                    except (smtplib.SMTPException, OSError) as exc:
                        lmtp = None
                        if attempt == 2:
                            self.failed.append((item[1], str(exc)))
            finally:
                self.queue.task_done()


class LocalMailServers:
    """Dovecot (IMAP + LMTP) and an aiosmtpd SMTP relay on 127.0.0.1 (see module doc)."""

    def __init__(self, users: list[str], password: str = PASSWORD,
                 tls: tuple[Path, Path] | None = None, smtputf8: bool = False) -> None:
        """`tls`: (certificate chain PEM, key PEM) for 127.0.0.1.  With it Dovecot offers
        STARTTLS on the IMAP port and implicit TLS on `imaps_port`, the SMTP relay demands
        STARTTLS on `smtp_port` and speaks implicit TLS on `smtps_port`.  `smtputf8`: the
        relay offers SMTPUTF8 (RFC 6531; off, as on many small relays)."""
        self.smtputf8 = smtputf8
        self.users = sorted(set(u.lower() for u in users))
        self.password = password
        self.tls = tls
        self.imaps_port = free_port() if tls else 0
        self.smtps_port = free_port() if tls else 0
        self.smtps: Any = None
        self.root = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))
        self.imap_port = free_port()
        self.lmtp_port = free_port()
        self.smtp_port = free_port()
        self.smtp: Any = None
        self.relay = _Relay(self.lmtp_port, set(self.users))

    # -- lifecycle -------------------------------------------------------------
    def start(self) -> "LocalMailServers":
        root = self.root
        os.chmod(root, 0o755)
        for sub in ("run", "state", "mail"):
            (root / sub).mkdir(exist_ok=True)
        if os.geteuid() == 0:
            import pwd
            nobody = pwd.getpwnam("nobody")
            uid, gid = nobody.pw_uid, nobody.pw_gid
            os.chown(root / "mail", uid, gid)
        else:
            uid, gid = os.getuid(), os.getgid()
        (root / "users").write_text("".join(f"{u}:{{PLAIN}}{self.password}::::::\n"
                                            for u in self.users))
        (root / "dovecot.conf").write_text(_CONF.format(
            root=root, name=root.name, uid=uid, gid=gid, imap_port=self.imap_port,
            lmtp_port=self.lmtp_port, imaps_port=self.imaps_port,
            ssl="yes" if self.tls else "no",
            ssl_files=(f"ssl_cert = <{self.tls[0]}\nssl_key = <{self.tls[1]}\n"
                       if self.tls else "")))
        with open(root / "dovecot.start.log", "wb") as out:
            result = subprocess.run(["dovecot", "-c", str(root / "dovecot.conf")],
                                    stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, timeout=30)
        if result.returncode != 0:
            raise RuntimeError("dovecot failed to start: " +
                               (root / "dovecot.start.log").read_text(errors="replace"))
        wait_port(self.imap_port)
        wait_port(self.lmtp_port)
        self.start_smtp()
        return self

    def start_smtp(self) -> None:
        """Start (or restart) the SMTP relay on its port."""
        import logging
        logging.getLogger("mail.log").setLevel(logging.ERROR)  # aiosmtpd chatter
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult, LoginPassword

        users, password = set(self.users), self.password

        def authenticator(server: Any, session: Any, envelope: Any, mechanism: str,
                          auth_data: Any) -> AuthResult:
            ok = (isinstance(auth_data, LoginPassword)
                  and auth_data.login.decode().lower() in users
                  and auth_data.password.decode() == password)
            return AuthResult(success=ok)

        common = dict(authenticator=authenticator, auth_require_tls=False,
                      auth_required=False, ready_timeout=10, enable_SMTPUTF8=self.smtputf8)
        if self.tls:
            server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            server_tls.load_cert_chain(str(self.tls[0]), str(self.tls[1]))
            self.smtp = Controller(self.relay, hostname="127.0.0.1", port=self.smtp_port,
                                   tls_context=server_tls, require_starttls=True, **common)
            self.smtps = Controller(self.relay, hostname="127.0.0.1", port=self.smtps_port,
                                    ssl_context=server_tls, **common)
            self.smtps.start()
        else:
            self.smtp = Controller(self.relay, hostname="127.0.0.1", port=self.smtp_port,
                                   **common)
        self.smtp.start()

    def stop_smtp(self) -> None:
        """Stop the SMTP relay (an outage)."""
        if self.smtp is not None:
            self.smtp.stop()
            self.smtp = None
        if self.smtps is not None:
            self.smtps.stop()
            self.smtps = None

    def stop(self) -> None:
        self.stop_smtp()
        self.relay.drain()
        self.relay.close()
        pid_file = self.root / "run" / "master.pid"
        if pid_file.exists():
            pid = int(pid_file.read_text().strip())
            try:
                os.kill(pid, 15)
                for _ in range(100):
                    os.kill(pid, 0)
                    time.sleep(0.05)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> "LocalMailServers":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- helpers -----------------------------------------------------------------
    def config(self, judge: str, *, limits: str = "{max_message_bytes: 1000000, "
               "replies_per_sender_hour: 1000}", smtp_extra: str = "", imap_tls: str = "plain",
               smtp_tls: str = "plain", ca_file: Path | None = None,
               smtp_ca_file: Path | None = None) -> str:
        """A pbem.yaml for a judge account on these servers.  `imap_tls` and `smtp_tls`:
        ``plain``, ``starttls`` or ``ssl`` (implicit TLS on the `imaps_port` /
        `smtps_port`); `ca_file`: the PEM the judge trusts (`smtp_ca_file`: another one
        for SMTP)."""
        imap_port = self.imaps_port if imap_tls == "ssl" else self.imap_port
        smtp_port = self.smtps_port if smtp_tls == "ssl" else self.smtp_port
        trust = f", ca_file: {ca_file}" if ca_file else ""
        smtp_trust = f", ca_file: {smtp_ca_file}" if smtp_ca_file else trust
        return (f"judge_address: {judge}\n"
                f"mailbox: {{transport: imap, host: 127.0.0.1, port: {imap_port}, "
                f"ssl: {str(imap_tls == 'ssl').lower()}, "
                f"starttls: {str(imap_tls == 'starttls').lower()}{trust}, "
                f"user: {judge}, password: {self.password}, folder: INBOX, "
                f"processed_folder: pbem/processed}}\n"
                f"smtp: {{transport: smtp, host: 127.0.0.1, port: {smtp_port}, "
                f"ssl: {str(smtp_tls == 'ssl').lower()}, "
                f"starttls: {str(smtp_tls == 'starttls').lower()}{smtp_trust}, "
                f"user: {judge}, password: {self.password}{smtp_extra}}}\n"
                f"limits: {limits}\npoll_interval: 5\n")

    def imap(self, user: str) -> IMAPClient:
        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=30)
        client.login(user, self.password)
        return client

    def send(self, raw: bytes, to: list[str], mail_from: str = "player@example.org") -> None:
        """Submit a mail through the SMTP relay (as a player's MTA would) and wait until
        the relay has delivered it."""
        with smtplib.SMTP("127.0.0.1", self.smtp_port, timeout=30) as smtp:
            if self.tls:  # this relay demands STARTTLS; the test client trusts anything
                smtp.starttls(context=ssl._create_unverified_context())
            smtp.sendmail(mail_from, to, raw)
        self.relay.drain()

    def deliver(self, raw: bytes, to: list[str], mail_from: str = "player@example.org") -> None:
        """Deliver straight into Dovecot over LMTP (works while SMTP is down)."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            lmtp.sendmail(mail_from, to, raw)

    def deliver_many(self, items: list[tuple[bytes, str]], mail_from: str = "player@example.org"
                     ) -> None:
        """Deliver many (raw, recipient) pairs over one LMTP connection."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            for raw, rcpt in items:
                lmtp.sendmail(mail_from, [rcpt], raw)

    def messages(self, user: str, folder: str = "INBOX") -> list[bytes]:
        """Every message in a user's folder (raw), oldest first (after the relay's queue
        is delivered)."""
        self.relay.drain()
        folder = folder.replace("/", ".")
        client = self.imap(user)
        try:
            if not client.folder_exists(folder):
                return []
            client.select_folder(folder, readonly=True)
            uids = client.search()
            data = client.fetch(uids, [b"BODY.PEEK[]"]) if uids else {}
            return [bytes(data[u][b"BODY[]"]) for u in sorted(data)]
        finally:
            client.logout()

    def count(self, user: str, folder: str = "INBOX") -> int:
        """Messages in a user's folder (after the relay's queue is delivered)."""
        self.relay.drain()
        folder = folder.replace("/", ".")
        client = self.imap(user)
        try:
            if not client.folder_exists(folder):
                return 0
            return int(client.folder_status(folder, [b"MESSAGES"])[b"MESSAGES"])
        finally:
            client.logout()
