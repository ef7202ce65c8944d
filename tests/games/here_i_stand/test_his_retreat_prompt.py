"""The retreat question's legal-orders list shows only the forms legal in the situation
(§14.1, §15.2): a loser in an unfortified space is shown ``RETREAT TO <space>`` (never a
bare ``RETREAT`` nor ``INSIDE``), a loser in a fortified space also ``RETREAT INSIDE``."""
from __future__ import annotations

import pytest

from engine.game import Game
from games.here_i_stand import state as S
from pbem.reports import asked_for
from test_his_plans import RULES, T0, france_to_move

EDIT = dict(by="moderator:gm@x", because="test position", source="cli", at=T0)


def _lost(origin: str, space: str) -> Game:
    """France (Francis I, 6 regulars) moves from `origin` against 8 Hapsburg regulars in
    `space`; no one avoids or plays a combat card; the Hapsburgs are asked where to
    retreat."""
    game = france_to_move()
    game.edit("spaces.paris.leaders", [], **EDIT)
    game.edit(f"spaces.{origin}.leaders", ["francis_i"], **EDIT)
    game.edit(f"spaces.{origin}.units", {"france": {"regulars": 6}}, **EDIT)
    if origin == "navarre":
        game.edit("spaces.navarre.control", "france", **EDIT)
    if space in game.state["spaces"]:
        game.edit(f"spaces.{space}.units.hapsburg", {"regulars": 8}, **EDIT)
    else:
        game.edit(f"spaces.{space}", {"units": {"hapsburg": {"regulars": 8}}}, **EDIT)
    for power in ("hapsburg", "france"):
        game.submit(power, "STANDING AVOID NEVER\nSTANDING COMBAT-CARDS NEVER\n"
                    "STANDING INTERCEPT NEVER\nSTANDING WITHDRAW NEVER\n"
                    "STANDING LOSSES regular", at=T0)
    names = {"paris": "Paris", "bordeaux": "Bordeaux", "bilbao": "Bilbao",
             "navarre": "Navarre"}
    game.submit("france", f"PLAY 4 FOR CP\nMOVE {names[origin]} -> {names[space]} WITH "
                "Francis I 6R", at=T0)
    return game


def _syntax(game: Game, lang: str) -> str:
    decision = next(d for d in game.decisions() if d.kind == "retreat")
    game.seats[decision.seat]["lang"] = lang
    item = next(a for a in asked_for(game, decision.seat, lang) if a["id"] == decision.id)
    return " | ".join(g["syntax"] for g in item["groups"])



def test_unfortified_loser_is_shown_retreat_to_only():
    """Bilbao is unfortified: RETREAT TO <space>, no bare RETREAT, no INSIDE."""
    game = _lost("navarre", "bilbao")
    assert S.board().spaces["bilbao"].type == "unfortified"
    assert any(d.kind == "retreat" for d in game.decisions())
    assert _syntax(game, "en") == "RETREAT TO <space>"
    assert _syntax(game, "ru") == "RETREAT TO <город>"
    decision = next(d for d in game.decisions() if d.kind == "retreat")
    assert "must retreat" in decision.prompt and "INSIDE" not in decision.prompt


def test_fortified_loser_is_shown_retreat_to_and_inside():
    """Navarre is a key: RETREAT TO <space> [INSIDE <n>] or RETREAT INSIDE."""
    game = _lost("bordeaux", "navarre")
    assert any(d.kind == "retreat" for d in game.decisions())
    en, ru = _syntax(game, "en"), _syntax(game, "ru")
    assert en.startswith("RETREAT TO <space>") and en.endswith("   or   RETREAT INSIDE")
    assert ru.startswith("RETREAT TO <город>") and ru.endswith("   или   RETREAT INSIDE")
    decision = next(d for d in game.decisions() if d.kind == "retreat")
    assert RULES.parse(game.state, decision, "RETREAT INSIDE")["to"] is None
