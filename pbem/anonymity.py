"""Anonymous games (``pbem new --anonymous``, the judge option ``anonymous``).

In an anonymous game no mail to a player shows another player's address: mails go to the
seat's own addresses only (as in every game), press is relayed by the judge naming seats
(as in every game), the moderator's notices about seat changes name the seat and not the
new or old player (`pbem.moderation`), HISTORY shows a moderator act's addresses as hidden
(`pbem.reports.history_text`) and a spoofed-tag warning does not say who sent it.
Moderators still read every address (their receipts, ``pbem status``, the full archive);
``pbem archive --public`` (`engine.archive.public_data`) is the copy to share.
A seat's own addresses (``ADD-ADDRESS``) are one player's: they see each other.
"""
from __future__ import annotations

from typing import Any

from engine.archive import hide_addresses

OPTION = "anonymous"


def is_anonymous(game: Any) -> bool:
    """Whether `game` was started anonymous (its header option ``anonymous``)."""
    return bool(game.record.header.options.get(OPTION))


def for_players(game: Any, text: str, placeholder: str) -> str:
    """`text` as a player of `game` may read it: its addresses replaced by `placeholder`
    when the game is anonymous, else unchanged."""
    return hide_addresses(text, placeholder) if is_anonymous(game) else text
