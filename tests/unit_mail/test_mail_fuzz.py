"""Inbound mail under fuzzing (hypothesis): no input makes the parser or the daemon fail,
and the parser's fast header path reads every mail exactly as the stdlib's modern policy."""
from __future__ import annotations

import email.policy
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pbem.daemon import Daemon
from pbem.demo import drop, sent_mails
from pbem.mail import parse

N = "[fx-001 north tk7f3q]"

ascii_text = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60)
any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
header_value = st.one_of(
    ascii_text,
    any_text.map(lambda s: email.header.Header(s, "utf-8").encode()),  # RFC 2047 words
    st.sampled_from(['"Doe, John" <J.Doe@Example.org>', "john@example.org (John)",
                     "=?koi8-r?b?8NLJ18XU?= <ivan@example.org>", "<>", "a@b, c@d",
                     "undisclosed-recipients:;", '"unterminated <x@y>', "@@@",
                     "Ivan  Petrov\t<Ivan.P-2@Example.org>", " <p0-north@example.org> ",
                     "a_b+c@x-y.org", "J.Doe <j@x.org>", "Ann<a@b.c>", "<a@b.c.>",
                     "Ann\r\n <a@b.org>"]),
)
content_type = st.one_of(
    st.sampled_from(["text/plain", "text/html", "application/pdf", "multipart/mixed",
                     "text/plain; charset=koi8-r", 'text/plain; charset="utf-8"',
                     "text/plain; charset=bogus", "text/plain; format=flowed; delsp=yes",
                     'text/plain; name="x.txt"', "text/plain; charset"]),
    ascii_text)


@st.composite
def mails(draw) -> bytes:
    """A plausible-to-hostile single-part mail: random header values and body bytes."""
    headers = [("From", draw(header_value)), ("Subject", draw(header_value)),
               ("Message-ID", draw(st.one_of(ascii_text, st.just("<m@x>")))),
               ("Content-Type", draw(content_type))]
    if draw(st.booleans()):
        headers.append(("Content-Transfer-Encoding",
                        draw(st.sampled_from(["base64", "quoted-printable", "8bit", "x-bad"]))))
    if draw(st.booleans()):
        headers.append(("Content-Disposition",
                        draw(st.sampled_from(["inline", "attachment", 'attachment; filename="a.png"',
                                              "inline; filename*=utf-8''%D0%BA.txt"]))))
    head = "".join(f"{k}: {v}\r\n" for k, v in headers).encode("utf-8", "surrogateescape")
    body = draw(st.one_of(any_text.map(lambda s: s.encode("utf-8")), st.binary(max_size=200)))
    return head + b"\r\n" + body


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_parse_without_raising(raw: bytes) -> None:
    inbound = parse.parse_message(raw)
    assert isinstance(inbound.text, str) and inbound.message_id.startswith("<")


@settings(max_examples=300, deadline=None)
@given(mails())
@example(raw=b"From: =?utf-8?q?=3A?=\n =?utf-8?q?_0?=\r\nSubject: \r\nMessage-ID: <m@x>\r\n"
         b"Content-Type: text/plain\r\n\r\n")   # a From no parser reads: both unfold it
def test_fast_header_path_reads_like_the_modern_policy(raw: bytes) -> None:
    fast = parse.parse_message(raw)
    saved = parse._POLICY
    parse._POLICY = email.policy.default
    try:
        slow = parse.parse_message(raw)
    except Exception:  # the stdlib's own parser fails on this one: ours must not
        return
    finally:
        parse._POLICY = saved
    assert (fast.sender, fast.sender_name, fast.header("from"), fast.subject,
            fast.message_id, fast.text, fast.content_type, fast.attachments,
            fast.from_html) == \
           (slow.sender, slow.sender_name, slow.header("from"), slow.subject,
            slow.message_id, slow.text, slow.content_type, slow.attachments, slow.from_html)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(mails(), min_size=1, max_size=4), st.booleans())
def test_the_daemon_answers_or_ignores_every_mail_and_never_fails(mailhome: Path,
                                                                  batch: list[bytes],
                                                                  tagged: bool) -> None:
    before = len(sent_mails(mailhome))
    for n, raw in enumerate(batch):
        if tagged:  # route it to the game, from the seat's player
            raw = (f"From: alice@example.org\r\nSubject: {N}\r\n"
                   f"Message-ID: <fuzz-{n}-{hash(raw)}@x>\r\n").encode() + raw
        drop(mailhome, f"f{n}", raw)
    Daemon(mailhome).run_once()
    inbox = mailhome / "mail" / "inbox"
    assert not [p for sub in ("new", "cur") for p in (inbox / sub).iterdir()]  # all handled
    assert len(sent_mails(mailhome)) - before <= 3 * len(batch)
