"""MIME parsing and quote stripping over the client-shaped fixtures."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.html2text import html_to_text
from pbem.mail.parse import decode_bytes, parse_message
from pbem.mail.strip import strip_quotes

EXPECTED = {
    "thunderbird_plain.eml": ["COMMIT 11", "STATUS"],
    "outlook_html_only.eml": ["COMMIT 17", "HAND", "Regards, Alice – sent from the office"],
    "gmail_reply_quoting_report.eml": ["Commit 1", "history 3"],
    "apple_mail_with_attachment.eml": ["COMMIT 7", "ORDERS"],
    "russian_koi8r.eml": ["СТАТУС", "РУКА", "ПРЕССА ДЛЯ east",
                          "Привет, Боб! Давай дружить против всех.", "КОНЕЦПРЕССЫ"],
    "russian_cp1251.eml": ["ИСТОРИЯ 5", "commit 11"],
    "latin1_qp.eml": ["STATUS", "Merci, à bientôt - Zoë"],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_bodies(fixture_mail, name: str) -> None:
    mail = parse_message(fixture_mail(name))
    lines = [text for _, text in strip_quotes(mail.text) if text.strip()]
    assert lines == EXPECTED[name]
    assert "[fx-001 " in mail.subject
    assert "pbem:" not in "\n".join(lines)  # the quoted report is never re-read


def test_details(fixture_mail) -> None:
    outlook = parse_message(fixture_mail("outlook_html_only.eml"))
    assert outlook.from_html and outlook.content_type == "text/html"
    apple = parse_message(fixture_mail("apple_mail_with_attachment.eml"))
    assert apple.attachments == ["map.png"] and apple.message_id.startswith("<A1B2C3D4")
    koi = parse_message(fixture_mail("russian_koi8r.eml"))
    assert koi.subject.endswith("квитанция") and koi.sender_name == "Алиса"
    cp = parse_message(fixture_mail("russian_cp1251.eml"))
    assert cp.subject.endswith("ответ") and cp.sender == "alice@example.org"


@pytest.mark.parametrize("charset", ["cp1251", "koi8-r"])
def test_undeclared_cyrillic_is_guessed(charset: str) -> None:
    text = "Привет, играю картой семь и пасую потом"
    assert decode_bytes(text.encode(charset), None) == text
    assert decode_bytes(text.encode(charset), "us-ascii") == text


def test_wrong_declared_charset_falls_back() -> None:
    assert decode_bytes("ход конём".encode("utf-8"), "no-such-charset") == "ход конём"


def test_missing_message_id_gets_a_stable_one() -> None:
    raw = b"From: a@example.org\r\nSubject: x\r\n\r\nSTATUS\r\n"
    assert parse_message(raw).message_id == parse_message(raw).message_id
    assert parse_message(raw).message_id.startswith("<sha256-")


def test_garbage_does_not_raise() -> None:
    mail = parse_message(b"\x00\xff\xfe garbage\r\n\r\n\xff")
    assert mail.sender == ""


@pytest.mark.parametrize("body, kept", [
    ("PASS\n\nOn Mon, 1 Jan 2026 at 10:00, Judge <j@x>\nwrote:\n> old\n", ["PASS"]),
    ("PASS\n-----Original Message-----\nFrom: judge\nCOMMIT 3\n", ["PASS"]),
    ("PASS\n\nFrom: judge@example.org\nSent: Monday\nTo: me\nSubject: x\n\nCOMMIT 3", ["PASS"]),
    ("PASS\n==== pbem: g / north ====\nCOMMIT 3\n", ["PASS"]),   # unmarked top-post quote
    ("PASS\n> COMMIT 3\nALLOW\n", ["PASS", "ALLOW"]),
    ("PASS\n-- \nBob\nCOMMIT 3\n", ["PASS"]),
    ("PASS\nSent from my iPhone\n", ["PASS"]),
    ("ПАС\n\n21.11.2026, Судья пишет:\n> COMMIT 3\n", ["ПАС"]),
    ("PASS\nОтправлено с iPhone\n", ["PASS"]),
])
def test_strip(body: str, kept: list[str]) -> None:
    assert [t for _, t in strip_quotes(body) if t] == kept


def test_strip_keeps_line_numbers() -> None:
    assert strip_quotes("\nPASS\n> x\nALLOW") == [(1, ""), (2, "PASS"), (4, "ALLOW")]


def test_html_to_text() -> None:
    html = ("<html><head><style>p {x}</style></head><body><p>PLAY 3 AT east</p>"
            "<div>PASS<br>ALLOW</div><ul><li>one</li></ul>"
            "<blockquote>quoted</blockquote><div class='gmail_quote'>old report</div></body>")
    text = html_to_text(html)
    assert "PLAY 3 AT east" in text and "PASS\nALLOW" in text and "- one" in text
    assert "> quoted" in text and "old report" not in text and "{x}" not in text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60) | st.sampled_from([
    "-- ", "--", "On Mon, Ann wrote:", "Иван пишет:", "-----Original Message-----",
    "____________", "Begin forwarded message:", "Sent from my phone", "von meinem iPad",
    " wrote: x", "-- x", "______", "Отправлено с iPhone"]))
def test_one_pattern_cuts_where_any_of_the_patterns_cut(line) -> None:
    """The attribution and signature patterns are matched as one (issue 13): a line starts
    the cut exactly when one of them matches it."""
    from pbem.mail.strip import _ATTRIBUTION, _CUT_LINE, _SIGNATURE
    assert bool(_CUT_LINE.match(line)) == any(p.match(line) for p in _ATTRIBUTION + _SIGNATURE)
