"""Charles Bourbon (#70) by mail (Maildir transport; §19 L1430): while the renegade leader is
held captive the Hapsburgs' PLAY 70 AS EVENT is refused, in English and in Russian, and the
card stays in their hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_card_events import quiet_impulse
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")


def _renegade_captive(tmp_path: Path, langs: dict[str, str]) -> Path:
    """Game his-9 at the Hapsburgs' first impulse, #70 in their hand, the renegade on
    France's card of captured leaders."""
    home = quiet_impulse(tmp_path, "hapsburg", "s4", langs)
    with Store(home).transaction("his-9") as game:
        hands = {p: list(h) for p, h in game.state["hands"].items()}
        deck = list(game.state["deck"])
        given = next(c for c in hands["hapsburg"] if c > 7)    # not a home card (#1-#7)
        holder = next((h for h in [*hands.values(), deck] if 70 in h), None)
        if holder is None:
            deck.append(given)
        else:                           # every card stays in one place
            holder[holder.index(70)] = given
        hands["hapsburg"] = sorted([c for c in hands["hapsburg"] if c != given] + [70])
        game.edits([("deck", deck), ("hands", hands)], at=now(), **EDIT)
        game.edit("captured", {"france": ["renegade"]}, at=now(), **EDIT)
    return home


@pytest.mark.parametrize("lang, play, refused", [
    ("en", "PLAY 70 AS EVENT\n", "Charles Bourbon is held captive"),
    ("ru", "СЫГРАТЬ 70 КАК СОБЫТИЕ\n", "Карл де Бурбон в плену"),
])
def test_bourbon_is_refused_while_the_renegade_is_captive(tmp_path: Path, lang, play, refused):
    home = _renegade_captive(tmp_path, {"hapsburg": lang})
    mails = send(home, "hapsburg", play, "b1")
    text = " ".join(" ".join(to(mails, "hapsburg")).split())
    assert refused in text, text
    game = Store(home).load("his-9")
    assert 70 in game.state["hands"]["hapsburg"]
    assert game.state["captured"] == {"france": ["renegade"]}
