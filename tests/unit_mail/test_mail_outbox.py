"""The durable outbox: stable ids, dedupe, backoff, give-up, restart."""
from __future__ import annotations

from pathlib import Path

from pbem.config import parse_config, DEFAULT_CONFIG
from pbem.mail.compose import build, stable_message_id
from pbem.mail.outbox import Outbox
from pbem.mail.senders import MaildirSender, Result, flush


def message(cfg, n: int = 1):
    return build(cfg, to=["alice@example.org"], subject=f"s{n}", body="hello ✓\n",
                 message_id=stable_message_id(cfg, "t", str(n)))


class Down:
    """A sender whose server is unreachable."""
    def send(self, entries, on_result=None):
        results = [Result(False, "connect: refused")] * len(entries)
        for entry, res in zip(entries, results):
            if on_result:
                on_result(entry, res)
        return results


def test_enqueue_is_idempotent_and_survives_restart(tmp_path: Path) -> None:
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box = Outbox(tmp_path / "outbox")
    assert box.enqueue(message(cfg), cfg.judge_address)
    assert not box.enqueue(message(cfg), cfg.judge_address)
    again = Outbox(tmp_path / "outbox")
    assert [e.to for e in again.due()] == [["alice@example.org"]]
    sent, failed = flush(again, MaildirSender(tmp_path / "md"))
    assert (sent, failed) == (1, 0)
    assert not again.enqueue(message(cfg), cfg.judge_address)   # sent ids stay known
    assert again.counts() == {"queue": 0, "sent": 1, "failed": 0}
    delivered = list((tmp_path / "md" / "new").iterdir())
    assert len(delivered) == 1 and b"Message-ID: <pbem." in delivered[0].read_bytes()


def test_backoff_then_delivery(tmp_path: Path) -> None:
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box = Outbox(tmp_path / "outbox", retry_base=10, retry_max=40)
    for n in range(3):
        box.enqueue(message(cfg, n), cfg.judge_address)
    flush(box, Down())
    entries = box.pending()
    assert all(e.attempts == 1 and e.last_error for e in entries)
    assert box.due() == []                       # backing off
    first = entries[0]
    for _ in range(4):
        box.mark_failed_attempt(first, "still down", now=first.created)
    assert first.next_at - first.created == 40   # capped
    sent, _ = flush(box, MaildirSender(tmp_path / "md")) if box.due(now=first.next_at) else (0, 0)
    assert box.counts()["queue"] == 3 - sent


def test_permanent_failure_and_give_up(tmp_path: Path) -> None:
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box = Outbox(tmp_path / "outbox", give_up_after=100)
    box.enqueue(message(cfg, 1), cfg.judge_address)
    box.enqueue(message(cfg, 2), cfg.judge_address)
    one, two = box.pending()
    box.mark_failed_attempt(one, "550 no such user", permanent=True)
    box.mark_failed_attempt(two, "timeout", now=two.created + 101)
    assert box.counts() == {"queue": 0, "sent": 0, "failed": 2}
    assert box.find_sent(one.message_id) is not None


def test_a_mail_with_no_deliverable_recipient_is_failed_at_once(tmp_path) -> None:
    """A forged From with CR/LF or NUL never reaches a header or the queue (issue 14)."""
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box = Outbox(tmp_path / "outbox")
    bad = build(cfg, to=["mallory@example.org\r\nBcc: victim@example.org"], subject="x",
                body="x", message_id="<bad@x>")
    good = build(cfg, to=["ann@EXAMPLE.\u043erg"], subject="x", body="x", message_id="<good@x>")
    assert bad["To"] == "undisclosed-recipients:;" and b"victim" not in bad.as_bytes()
    assert good["To"] == "ann@example.xn--rg-emc"
    assert box.enqueue_many([bad, good], "judge@example.org") == 2
    assert box.counts() == {"queue": 1, "sent": 0, "failed": 1}
    [failed] = [p for p in box.failed.glob("*.json")]
    assert "no deliverable recipient" in failed.read_text()


def test_a_mail_is_encoded_once_and_again_after_a_header_goes(tmp_path) -> None:
    """The pending file and the outbox take the same bytes, made once (issue 13); removing a
    header (the outbox drops Bcc) makes them again."""
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    mail = message(cfg)
    first = mail.as_bytes()
    assert mail.as_bytes() is first
    del mail["X-Loop"]
    assert b"X-Loop" in first and b"X-Loop" not in mail.as_bytes()


def test_plain_address_lists_read_as_the_stdlib_reads_them() -> None:
    """The outbox reads a To of bare addresses without the stdlib's address parser (issue
    13); whatever it reads that way, and every other shape, is what `getaddresses` reads."""
    from email.utils import getaddresses
    from pbem.mail.outbox import _PLAIN_LIST, _addresses

    class Headers:
        def __init__(self, value):
            self.value = value

        def get_all(self, name):
            return [self.value]

    plain = ["a@b.org", "ann@example.org, bob.k+x@mail.example.co.uk", "Q_W@E"]
    other = ["Ann <a@b.org>", "a..b@c.d", ".a@b.c", "a@b.", "x@y,z@w", "undisclosed-recipients:;",
             '"a, b" <c@d.e>', "ann@example.org,  bob@example.org"]
    for value in plain + other:
        assert bool(_PLAIN_LIST.fullmatch(value)) == (value in plain)
        assert _addresses(Headers(value), "To") == [a for _, a in getaddresses([value]) if a]


def test_a_send_after_an_enqueue_reads_no_queued_file_back(tmp_path, monkeypatch) -> None:
    """The outbox keeps what it wrote until it is sent (issue 13): the flush that follows
    the enqueue in the same process parses no queued file."""
    from pbem.mail import outbox as outbox_module
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box = Outbox(tmp_path / "outbox")
    box.enqueue_many([message(cfg, n) for n in range(3)], cfg.judge_address)

    def unread(data):
        raise AssertionError("a queued file was read back")
    monkeypatch.setattr(outbox_module.Entry, "_from_dict", staticmethod(unread))
    assert flush(box, MaildirSender(tmp_path / "md")) == (3, 0)
    assert box.counts() == {"queue": 0, "sent": 3, "failed": 0}


def test_a_queued_file_another_process_changed_is_read_again(tmp_path) -> None:
    """What the outbox remembers stands only while the file keeps its signature: a file
    rewritten by another process is read again, one it moved away is not sent from
    memory (a second outbox over the same folder stands for that process)."""
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    box, other = Outbox(tmp_path / "outbox"), Outbox(tmp_path / "outbox")
    box.enqueue_many([message(cfg, n) for n in range(2)], cfg.judge_address)
    first, second = other.pending()
    other.mark_failed_attempt(first, "421 try later", now=first.created)   # rewritten
    assert [(e.attempts, e.last_error) for e in box.pending()] == [(1, "421 try later"),
                                                                  (0, "")]
    other.mark_sent(second)                                               # moved away
    assert [e.message_id for e in box.pending()] == [first.message_id]
    assert flush(box, MaildirSender(tmp_path / "md"), ) == (0, 0)         # backing off
    assert flush(box, MaildirSender(tmp_path / "md")) == (0, 0)
    assert len(list((tmp_path / "md" / "new").iterdir())) == 0


def test_nothing_is_sent_twice_when_a_process_dies_between_enqueue_and_send(tmp_path) -> None:
    """A judge killed after the enqueue (its memory lost) sends each mail once after the
    restart, and a sender that dies between delivering and marking re-sends only what was
    not marked (the files decide, never the memory)."""
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    Outbox(tmp_path / "outbox").enqueue_many([message(cfg, n) for n in range(3)],
                                             cfg.judge_address)
    restarted = Outbox(tmp_path / "outbox")
    assert not restarted.enqueue_many([message(cfg, n) for n in range(3)], cfg.judge_address)
    md = MaildirSender(tmp_path / "md")
    assert flush(restarted, md) == (3, 0)
    again = Outbox(tmp_path / "outbox")
    assert not again.enqueue_many([message(cfg, n) for n in range(3)], cfg.judge_address)
    assert flush(again, md) == (0, 0) and flush(restarted, md) == (0, 0)
    assert len(list((tmp_path / "md" / "new").iterdir())) == 3


def test_a_batch_cut_off_between_its_links_sends_each_mail_once(tmp_path, monkeypatch) -> None:
    """The mails enqueued together share one file, linked under each mail's name (issue
    13); a process stopped after some of the links has queued those mails and not the
    others, which the next enqueue (the pending file's copy after a restart) queues."""
    import os as os_module

    from pbem.mail import outbox as outbox_module
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    real, made = os_module.link, []

    def link(src, dst):
        if len(made) == 2:
            raise KeyboardInterrupt("killed")
        made.append(dst)
        return real(src, dst)
    with monkeypatch.context() as mp:
        mp.setattr(outbox_module.os, "link", link)
        try:
            Outbox(tmp_path / "outbox").enqueue_many([message(cfg, n) for n in range(4)],
                                                     cfg.judge_address)
        except KeyboardInterrupt:
            pass
    restarted = Outbox(tmp_path / "outbox")
    assert restarted.counts() == {"queue": 2, "sent": 0, "failed": 0}
    assert not list((tmp_path / "outbox").rglob("*.tmp"))
    assert restarted.enqueue_many([message(cfg, n) for n in range(4)], cfg.judge_address) == 2
    md = MaildirSender(tmp_path / "md")
    assert flush(restarted, md) == (4, 0) and flush(Outbox(tmp_path / "outbox"), md) == (0, 0)
    subjects = sorted(p.read_bytes().split(b"Subject: ")[1][:2]
                      for p in (tmp_path / "md" / "new").iterdir())
    assert subjects == [b"s0", b"s1", b"s2", b"s3"]
    sent = Outbox(tmp_path / "outbox")
    assert sent.find_sent(str(message(cfg, 1)["Message-ID"])).raw == message(cfg, 1).as_bytes()


def test_a_file_system_without_links_gets_a_file_a_mail(tmp_path, monkeypatch) -> None:
    """Where the file system refuses hard links (a FAT or network share), the mails of a
    batch are written a file each, from the refusal on."""
    import errno

    from pbem.mail import outbox as outbox_module
    cfg = parse_config(DEFAULT_CONFIG, tmp_path)
    tried = []

    def refuse(src, dst):
        tried.append(dst)
        raise OSError(errno.EPERM, "Operation not permitted", dst)
    monkeypatch.setattr(outbox_module.os, "link", refuse)
    box = Outbox(tmp_path / "outbox")
    assert box.enqueue_many([message(cfg, n) for n in range(3)], cfg.judge_address) == 3
    assert box.enqueue_many([message(cfg, n) for n in range(3, 6)], cfg.judge_address) == 3
    assert len(tried) == 1 and box.counts() == {"queue": 6, "sent": 0, "failed": 0}
    assert not list((tmp_path / "outbox").rglob("*.tmp"))
    assert flush(Outbox(tmp_path / "outbox"), MaildirSender(tmp_path / "md")) == (6, 0)
