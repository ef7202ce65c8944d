"""What the receiving mail server said about a mail's sender: its ``Authentication-Results``
header (RFC 8601) for SPF, DKIM and DMARC.

Only the topmost header whose authserv-id is the configured ``trusted_authserv_id`` counts:
the receiving server adds its header on top (and should remove forged ones that carry its
id, RFC 8601 §5); anything a sender wrote below it is ignored.  With no trusted id
configured nothing here is believed: no mail counts as failed or as authenticated.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pbem.mail.parse import Inbound

_COMMENT = re.compile(r"\([^()]*\)")
_PROPERTY = re.compile(r'([A-Za-z][\w-]*)\.([\w-]+)\s*=\s*("[^"]*"|[^\s;]+)')
_RESULT = re.compile(r"^\s*([A-Za-z][\w-]*)(?:/\d+)?\s*=\s*([A-Za-z]+)")


@dataclass(frozen=True)
class Result:
    """One ``method=result`` of the header, with its ``ptype.property=value`` pairs."""
    method: str                 # spf, dkim, dmarc, ...
    result: str                 # pass, fail, softfail, none, ...
    props: dict[str, str]       # e.g. {"header.d": "example.org"}


@dataclass(frozen=True)
class Verdict:
    """The trusted server's results for one mail."""
    results: tuple[Result, ...]

    def _of(self, method: str) -> list[Result]:
        return [r for r in self.results if r.method == method]

    def failed(self) -> bool:
        """SPF or DMARC failed, or every DKIM signature failed: the From is forged or
        the mail passed through something that broke it; the judge answers nothing."""
        dkim = self._of("dkim")
        return any(r.result == "fail" for r in self._of("spf") + self._of("dmarc")) or \
            (bool(dkim) and all(r.result == "fail" for r in dkim))

    def authenticated(self, sender: str) -> bool:
        """DMARC passed for the From domain of `sender`, or a DKIM signature of that domain
        (or a parent domain: relaxed alignment, RFC 7489 §3.1.1) passed."""
        domain = sender.rpartition("@")[2].lower()
        if not domain:
            return False
        for r in self._of("dmarc"):
            if r.result == "pass" and r.props.get("header.from", domain).lower() == domain:
                return True
        for r in self._of("dkim"):
            signer = (r.props.get("header.d") or r.props.get("header.i", "").rpartition("@")[2]
                      ).lower()
            if r.result == "pass" and signer and (domain == signer or
                                                  domain.endswith("." + signer)):
                return True
        return False


def parse(value: str) -> tuple[str, tuple[Result, ...]]:
    """(authserv-id, results) of one header value."""
    text = value
    while _COMMENT.search(text):
        text = _COMMENT.sub(" ", text)
    head, *parts = text.split(";")
    words = head.split()
    results = []
    for part in parts:
        match = _RESULT.match(part)
        if match is None:
            continue
        props = {f"{p.lower()}.{k.lower()}": v.strip('"')
                 for p, k, v in _PROPERTY.findall(part[match.end():])}
        results.append(Result(match.group(1).lower(), match.group(2).lower(), props))
    return (words[0].lower() if words else ""), tuple(results)


def verdict(mail: Inbound, trusted_authserv_id: str) -> Verdict | None:
    """The trusted server's verdict on `mail`; None when no trusted id is configured or
    the trusted server added no header."""
    trusted = trusted_authserv_id.strip().lower()
    if not trusted:
        return None
    for value in mail.auth_results:
        server, results = parse(value)
        if server == trusted:
            return Verdict(results)
    return None
