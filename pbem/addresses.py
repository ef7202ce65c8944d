"""Checking an email address a moderator types (``pbem new --seat``/``--moderator``, REPLACE,
ADD-ADDRESS): one bare address, as the judge will write it in a ``To:`` header."""
from __future__ import annotations

import email.errors
from email.headerregistry import Address

EXAMPLE = "ann@example.org"


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
