"""Checking an email address a moderator types (``pbem new --seat``/``--moderator``, REPLACE,
ADD-ADDRESS): one bare address, as the judge will write it in a ``To:`` header."""
from __future__ import annotations

import email.errors
import functools
from email.headerregistry import Address

EXAMPLE = "ann@example.org"
_ATOMS = r"[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*"
#: A bare ASCII address of dot-separated atoms (``ann.b+x@ex-1.org``): what the standard
#: library's address parsers make of it, and what an SMTP envelope writes of it, is known
#: without running them (`pbem.mail.outbox`, `pbem.mail.smtp`)
PLAIN_ADDRESS = rf"{_ATOMS}@{_ATOMS}"


class AddressError(ValueError):
    """Not one bare email address: the message says what is wrong and shows an example."""


def check_address(text: str) -> str:
    """`text` as a bare address, lower-cased; `AddressError` for anything else: no ``@``, no
    domain or one without a dot, a display name (``Ann <ann@example.org>``), several
    addresses, spaces, CR or LF."""
    spec = text.strip()
    problem = _problem(spec)
    if problem:
        raise AddressError(f"{text!r} is not an email address: {problem} (write e.g. {EXAMPLE})")
    return spec.lower()


@functools.lru_cache(maxsize=4096)    # the same few addresses, checked for every mail
def _problem(spec: str) -> str | None:
    if any(c in spec for c in "\r\n"):
        return "it contains a line break"
    if "<" in spec or ">" in spec:
        return "write the bare address, without a name or <>"
    if "@" not in spec:
        return "it has no @"
    try:
        address = Address(addr_spec=spec)
    except (ValueError, IndexError, email.errors.MessageError):
        return "it has characters an address cannot have" if spec.rsplit("@", 1)[1] \
            else "it has no domain after the @"
    if "." not in address.domain.strip("[]"):
        return f"the domain {address.domain!r} has no dot"
    return None


@functools.lru_cache(maxsize=4096)    # the same few addresses, twice for every mail out
def deliverable(text: str) -> str:
    """`text` as the judge writes it in a ``To:`` header and an SMTP ``RCPT TO``: one bare
    address with its domain in IDNA (ASCII) form, so a non-ASCII domain such as a forged
    ``example.оrg`` (Cyrillic о) travels as ``example.xn--rg-…``; a non-ASCII local part
    stays UTF-8 (it can only go to a server that offers SMTPUTF8, RFC 6531).  `AddressError`
    for anything that is not one address: control characters (NUL, CR, LF), no ``@``, a
    domain IDNA cannot encode."""
    spec = text.strip()
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in spec):
        raise AddressError(f"{text!r} is not an email address: it has control characters")
    local, _, domain = spec.rpartition("@")
    # RFC 6532 allows any UTF-8 in the local part: check its shape with ASCII stand-ins
    problem = _problem("".join(c if c.isascii() else "x" for c in local) + "@" + domain
                       if local else spec)
    if problem:
        raise AddressError(f"{text!r} is not an email address: {problem}")
    if not domain.isascii():
        try:
            domain = domain.encode("idna").decode("ascii")
        except UnicodeError as exc:
            raise AddressError(f"{text!r} is not an email address: its domain cannot be "
                               f"written in IDNA ({exc})") from None
    return f"{local}@{domain.lower()}"


def recipients(addresses: list[str]) -> list[str]:
    """`addresses` as the judge can deliver to them (`deliverable`: IDNA
    domains); anything that is not an address (a forged From with CR/LF or NUL) is left
    out, so it never reaches a header or an SMTP command."""
    out = []
    for addr in addresses:
        try:
            out.append(deliverable(addr))
        except AddressError:
            continue
    return out

