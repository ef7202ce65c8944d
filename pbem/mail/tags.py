"""Routing tags: ``[GAME_ID SEAT TOKEN]`` in the subject (or alone on a body line).

Every mail a seat receives carries its tag; replies keep it, so a player never types it.
Moderators use the seat word ``moderator`` (or ``gm``, or ``модератор``) and their own token.
Tokens (`pbem.store.new_token`) are 13 characters of Crockford's Base32 (65 random bits):
lower case, no ``i l o u``, and read case-insensitively with ``o`` as ``0`` and ``i``/``l`` as ``1``, so a token
typed from a printout still matches.  Games started before carry 6-character tokens from
a 31-letter alphabet with no ``0 1 i l o``; they compare the same way and keep working.
"""
from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

_TAG = re.compile(r"\[\s*([A-Za-z0-9][A-Za-z0-9_.\-]*)\s+([\w:+\-]+)\s+"
                  r"([A-Za-z0-9_\-]{5,})\s*\]")
#: anything shaped like a tag, even cut short or with letters a tag cannot have: the first
#: two words stay, the third (where a token would be) goes
_TAG_LIKE = re.compile(r"\[\s*([^\s\[\]]+)\s+([^\s\[\]]+)\s+[^\s\[\]]+(?:\s+[^\s\[\]]+)*\s*\]?")
MODERATOR_SEATS = ("moderator", "gm", "модератор")
_TYPED = str.maketrans({"o": "0", "i": "1", "l": "1", "-": None, " ": None})


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


def strip_tokens(subject: str) -> str:
    """`subject` with the token of every tag, or of anything shaped like one (cut short,
    non-ASCII), removed: ``Re: [duel north bz9vuy`` -> ``Re: [duel north]``.  Replies
    that quote a subject use this, so no reply ever echoes a token."""
    return _TAG_LIKE.sub(r"[\1 \2]", subject)


def _typed(token: str) -> bytes:
    return token.lower().translate(_TYPED).encode("utf-8")


def tokens_equal(given: str, expected: str | None) -> bool:
    """Constant-time token comparison, case-insensitive, with Crockford's readings of
    ``o``, ``i`` and ``l``."""
    return bool(expected) and hmac.compare_digest(_typed(given), _typed(str(expected)))
