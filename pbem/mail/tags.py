"""Routing tags: ``[GAME_ID SEAT TOKEN]`` in the subject (or alone on a body line).

Every mail a seat receives carries its tag; replies keep it, so a player never types it.
Moderators use the seat word ``moderator`` (or ``gm``) and their own token.
"""
from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

_TAG = re.compile(r"\[\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)\s+([A-Za-z0-9_:\-]+)\s+"
                  r"([A-Za-z0-9_\-]{5,})\s*\]")
MODERATOR_SEATS = ("moderator", "gm", "модератор")


@dataclass(frozen=True)
class Tag:
    """A parsed routing tag."""
    game: str
    seat: str
    token: str

    @property
    def is_moderator(self) -> bool:
        return self.seat in MODERATOR_SEATS

    def __str__(self) -> str:
        return format_tag(self.game, self.seat, self.token)


def format_tag(game: str, seat: str, token: str) -> str:
    """The subject tag for a seat (or ``moderator``)."""
    return f"[{game} {seat} {token}]"


def find_tag(subject: str, lines: list[tuple[int, str]] | None = None) -> Tag | None:
    """The tag in the subject, else one alone on a (non-quoted) body line."""
    m = _TAG.search(subject or "")
    if m is None and lines:
        for _, line in lines:
            m2 = _TAG.fullmatch(line.strip())
            if m2:
                m = m2
                break
    if m is None:
        return None
    return Tag(m.group(1).lower(), m.group(2).lower(), m.group(3))


def is_tag_line(line: str) -> bool:
    """Whether a body line is only a routing tag (it is then not an order)."""
    return _TAG.fullmatch(line.strip()) is not None


def tokens_equal(given: str, expected: str | None) -> bool:
    """Constant-time token comparison."""
    return bool(expected) and hmac.compare_digest(given.encode(), str(expected).encode())
