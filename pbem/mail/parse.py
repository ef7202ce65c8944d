"""Inbound MIME parsing (stdlib `email`, modern policy).

`parse_message(raw)` gives an `Inbound`: the sender, subject, Message-ID and the body as
text.  text/plain is preferred; an HTML-only mail is converted to text; attachments are
ignored; any charset is decoded (declared charset first; undeclared 8-bit Cyrillic is
told apart between cp1251 and koi8-r by letter case), quoted-printable and base64 alike.
"""
from __future__ import annotations

import email
import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from pbem.mail.html2text import html_to_text

_FALLBACKS = ("utf-8", "cp1251", "koi8-r", "latin-1")


#: Headers always read through the header registry: the sender decides who may order.
_STRUCTURED = frozenset({"from", "sender", "reply-to", "to", "cc"})
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_PARAMS = rf'(?:\s*;\s*{_TOKEN}=\s*(?:{_TOKEN}|"[^"\\]*"))*\s*;?\s*'
#: MIME headers taken as they are only when well formed (else the registry repairs them)
_WELL_FORMED = {
    "content-type": re.compile(rf"\s*{_TOKEN}/{_TOKEN}{_PARAMS}"),
    "content-disposition": re.compile(rf"\s*{_TOKEN}{_PARAMS}"),
    "content-transfer-encoding": re.compile(rf"\s*{_TOKEN}\s*"),
}
_ADDR = r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*"
#: A From of the plain shapes a mail client writes (``Name Words <a@b>``, ``<a@b>``,
#: ``a@b``): what the registry makes of it is known without running its parser.
_PLAIN_FROM = re.compile(rf"[ \t]*(?:(?P<name>[A-Za-z0-9]+(?:[ \t]+[A-Za-z0-9]+)*)[ \t]*)?"
                         rf"<(?P<addr>{_ADDR})>[ \t]*|[ \t]*(?P<bare>{_ADDR})[ \t]*")


class _Policy(policy.EmailPolicy):
    """The modern policy (``email.policy.default``), except that a MIME or unstructured
    header of plain ASCII with no RFC 2047 encoded word is returned as its unfolded text
    instead of going through the header registry: the registry's parser costs ~0.1 ms a
    header, and the body methods look at Content-Type again and again (nine parses a
    mail).  A From of a plain shape (`_PLAIN_FROM`) is rendered as the registry renders
    it.  A value the registry cannot parse at all is taken as its text too.  A fuzz
    test (tests/unit_mail/test_mail_fuzz.py) checks that every mail reads the same either
    way."""

    def header_fetch_parse(self, name: str, value: str) -> str:  # type: ignore[override]
        key = name.lower()
        if value.isascii() and "=?" not in value and key not in _STRUCTURED:
            shape = _WELL_FORMED.get(key)
            if shape is None or shape.fullmatch(value.replace("\r\n", "")):
                return " ".join(value.split())
        elif key == "from" and value.isascii() and \
                (plain := _PLAIN_FROM.fullmatch(value.replace("\r\n", ""))):
            if plain["bare"]:
                return plain["bare"]
            name = " ".join((plain["name"] or "").split())
            return f"{name} <{plain['addr']}>" if name else plain["addr"]
        try:
            return super().header_fetch_parse(name, value)  # type: ignore[no-any-return]
        except Exception:  # the registry itself fails on some garbage ('0;0*'): raw text
            return " ".join(value.split())


_POLICY = _Policy()


@dataclass
class Inbound:
    """One parsed inbound mail."""
    message_id: str
    sender: str                     # lowercased bare address from From:
    sender_name: str
    subject: str
    text: str                       # decoded body text (before quote stripping)
    headers: dict[str, str] = field(default_factory=dict)  # lowercased names, first value
    content_type: str = "text/plain"
    size: int = 0
    from_html: bool = False
    attachments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    return_path: str | None = None
    defects: list[str] = field(default_factory=list)
    auth_results: list[str] = field(default_factory=list)  # Authentication-Results, top first

    def header(self, name: str) -> str:
        """A header's value ('' when absent)."""
        return self.headers.get(name.lower(), "")


def _cyrillic_score(text: str) -> int:
    """Lowercase Cyrillic letters count more than uppercase: real prose is mostly lowercase."""
    low = sum(1 for ch in text if "а" <= ch <= "я" or ch == "ё")
    up = sum(1 for ch in text if "А" <= ch <= "Я" or ch == "Ё")
    return low * 2 - up


def decode_bytes(data: bytes, declared: str | None) -> str:
    """Decode `data`: the declared charset if it works, else utf-8, else guess cp1251/koi8-r."""
    if declared:
        name = declared.strip().strip('"').lower()
        if name in ("us-ascii", "ascii") and any(b > 127 for b in data):
            name = ""
        if name:
            try:
                return data.decode(name)
            except (LookupError, UnicodeDecodeError):
                pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if any(b >= 0xC0 for b in data):
        candidates = [data.decode(cs, errors="replace") for cs in ("cp1251", "koi8-r")]
        return max(candidates, key=_cyrillic_score)
    return data.decode("latin-1")


def _part_text(part: EmailMessage) -> str:
    payload = part.get_payload(decode=True)
    if payload is None:
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    return decode_bytes(payload, part.get_content_charset())


def _is_attachment(part: EmailMessage) -> bool:
    disp = (part.get_content_disposition() or "").lower()
    return disp == "attachment" or (disp == "inline" and part.get_filename() is not None)


def _body(msg: EmailMessage) -> tuple[str, str, bool, list[str]]:
    """(text, content_type, from_html, attachment names) of the best body part."""
    plain: EmailMessage | None = None
    html: EmailMessage | None = None
    attachments: list[str] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        if _is_attachment(part) or ctype == "message/rfc822":
            attachments.append(part.get_filename() or ctype)
            continue
        if ctype == "text/plain" and plain is None:
            plain = part
        elif ctype == "text/html" and html is None:
            html = part
        elif not ctype.startswith("text/"):
            attachments.append(part.get_filename() or ctype)
    if plain is not None:
        return _part_text(plain), "text/plain", False, attachments
    if html is not None:
        return html_to_text(_part_text(html)), "text/html", True, attachments
    return "", msg.get_content_type(), False, attachments


_MSGID = re.compile(r"<[^<>\s]+>")


def _header_str(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
    except Exception:  # malformed header: fall back to the raw text, unfolded
        value = None
        for k, v in msg.raw_items():
            if k.lower() == name.lower():
                value = " ".join(str(v).split())
                break
    return "" if value is None else str(value)


def parse_message(raw: bytes) -> Inbound:
    """Parse one raw RFC 5322 message.  Never raises on malformed mail."""
    msg: EmailMessage = email.message_from_bytes(raw, policy=_POLICY)  # type: ignore
    headers: dict[str, str] = {}
    auth_results: list[str] = []
    for key, value in msg.raw_items():  # raw: no header-registry parsing of every header
        name = key.lower()
        if name not in headers:
            headers[name] = " ".join(str(value).split())
        if name == "authentication-results":
            auth_results.append(" ".join(str(value).split()))
    for name in ("from", "subject"):  # the two that may carry RFC 2047 encoded words
        if name in headers:
            headers[name] = _header_str(msg, name).strip()
    from_value = headers.get("from", "")
    name, addr = parseaddr(from_value)
    if not addr:
        addrs = getaddresses([from_value])
        name, addr = addrs[0] if addrs else ("", "")
    mid_match = _MSGID.search(headers.get("message-id", ""))
    if mid_match:
        message_id = mid_match.group(0)
    else:  # no Message-ID: a stable stand-in from the content
        message_id = "<sha256-" + hashlib.sha256(raw).hexdigest()[:32] + "@no-message-id>"
    try:
        text, ctype, from_html, attachments = _body(msg)
    except Exception as exc:  # pragma: no cover - defensive: a broken MIME tree
        text, ctype, from_html, attachments = "", "broken", False, [f"unreadable body: {exc}"]
    refs = _MSGID.findall(headers.get("references", "") + " " + headers.get("in-reply-to", ""))
    rp = headers.get("return-path")
    return Inbound(
        message_id=message_id,
        sender=addr.strip().lower(),
        sender_name=name.strip(),
        subject=" ".join(headers.get("subject", "").split()),
        text=text.replace("\r\n", "\n"),
        headers=headers,
        content_type=ctype,
        size=len(raw),
        from_html=from_html,
        attachments=attachments,
        references=refs,
        return_path=rp.strip() if rp is not None else None,
        defects=[type(d).__name__ for d in msg.defects],
        auth_results=auth_results,
    )
