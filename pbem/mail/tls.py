"""TLS for the judge's IMAP and SMTP connections.

A server is verified against the system's certificate store, or against ``ca_file`` when
the configuration names one (a private CA, or a self-signed server's own certificate).
A loopback server with no ``ca_file`` is not verified: the connection never leaves the
machine, and local servers usually present a snake-oil certificate.
"""
from __future__ import annotations

import ssl
from functools import lru_cache
from pathlib import Path

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@lru_cache(maxsize=8)
def client_context(host: str, ca_file: Path | None) -> ssl.SSLContext:
    """The client context for `host` (one per host and CA file: loading a CA store costs
    ~20 ms)."""
    context = ssl.create_default_context(cafile=str(ca_file) if ca_file else None)
    if ca_file is None and host in LOOPBACK:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context
