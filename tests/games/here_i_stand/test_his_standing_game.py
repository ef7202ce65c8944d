"""Standing orders answering the land war's questions through the Game API (`Game.submit`),
one kind at a time, on a real 1517 game set up by recorded moderator edits: the seat is
never asked, the record shows the answers ``by: standing`` and replays exactly.

Kinds: ``LOSSES`` (§14 step 9), ``RETREAT PREFER`` (§14.1), ``WITHDRAW IF UNITS <= n``
(§13.4), ``RESPONSE NEVER`` (§13.1 step 4), ``relief`` (§15.2), ``siege_retreat``
(§15.3), ``INTERCEPT FROM <space> IF ODDS >= n%`` (§13.2), ``relief_inside`` (§15.2)."""
from __future__ import annotations

from engine.game import Game
from games.here_i_stand import state as S
from test_his_plans import POWERS, RULES, T0, france_to_move, verify

EDIT = dict(by="moderator:gm@x", because="test position", source="cli", at=T0)


def _standing_entries(game: Game, seat: str) -> dict[str, list[str]]:
    """``{kind: [order, ...]}`` of `seat`'s recorded answers, all of them by standing order."""
    out: dict[str, list[str]] = {}
    for e in game.record.entries:
        if e.seat == seat and e.decision:
            kind = e.decision.split("-", 2)[-1]
            out.setdefault(kind, []).append(f"{e.by}: {e.order}")
    return out


def _fired(game: Game, seat: str) -> list[tuple[str, str, str]]:
    return [(f["standing"], f["kind"], f["order"]) for f in game.take_standing_fired(seat)]


def test_losses_and_retreat_answered_by_standing_orders():
    """France (Montmorency, 4 regulars) attacks Navarre (3 regulars, 2 mercenaries of the
    Hapsburgs): 5 dice against 6, 4 hits against 3.  ``STANDING LOSSES regular, mercenary``
    loses the 3 regulars first (the default would lose the mercenaries first) and
    ``STANDING RETREAT PREFER Bilbao`` takes the survivor to Bilbao, not to the default
    Zaragoza; the Hapsburgs are asked neither."""
    game = france_to_move()
    game.edit("spaces.paris.leaders", ["francis_i"], **EDIT)
    game.edit("spaces.bordeaux.leaders", ["montmorency"], **EDIT)
    game.edit("spaces.bordeaux.units.france.regulars", 4, **EDIT)
    game.edit("spaces.navarre.units.hapsburg", {"regulars": 3, "mercenaries": 2}, **EDIT)
    assert game.submit("hapsburg", "STANDING AVOID NEVER\nSTANDING COMBAT-CARDS NEVER\n"
                       "STANDING LOSSES regular, mercenary, cavalry\n"
                       "STANDING RETREAT PREFER Bilbao", at=T0).ok
    game.submit("france", "STANDING COMBAT-CARDS NEVER", at=T0)
    _fired(game, "hapsburg")
    receipt = game.submit("france", "PLAY 4 FOR CP\n"
                          "MOVE Bordeaux -> Navarre WITH Montmorency 4R\nDONE", at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 3
    fired = _fired(game, "hapsburg")
    assert ("STANDING losses REGULAR, MERCENARY, CAVALRY", "losses", "LOSE 1M 3R") in fired
    assert ("STANDING retreat PREFER BILBAO", "retreat", "RETREAT TO bilbao") in fired
    answers = _standing_entries(game, "hapsburg")
    assert answers["losses"] == ["standing: LOSE 1M 3R"]
    assert answers["retreat"] == ["standing: RETREAT TO bilbao"]
    assert S.units(game.state, "bilbao") == {"hapsburg": {"mercenaries": 1}}
    assert S.units(game.state, "zaragoza") == {}
    assert not [d for d in game.decisions() if d.seat == "hapsburg"]
    verify(game)


def test_withdraw_response_and_relief_answered_by_standing_orders():
    """``STANDING WITHDRAW IF UNITS <= 1``: the one Hapsburg regular in Navarre withdraws
    into the fortifications when France's 3 regulars arrive (a siege begins, §13.4, §15);
    ``STANDING RESPONSE NEVER`` closes every Foul Weather / Gout window of the other
    powers; in the Hapsburg impulse 4 regulars from Bilbao relieve Navarre and
    ``STANDING relief ALONE`` keeps the besieged out of the battle (4 dice against 4,
    §15.2): nobody is asked any of these questions."""
    game = france_to_move()
    game.edit("spaces.bordeaux.units.france.regulars", 3, **EDIT)
    game.edit("spaces.valladolid", {"leaders": ["charles_v", "duke_of_alva"]}, **EDIT)
    game.edit("spaces.bilbao", {"units": {"hapsburg": {"regulars": 4}}}, **EDIT)
    assert game.submit("hapsburg", "STANDING INTERCEPT NEVER\nSTANDING AVOID NEVER\n"
                       "STANDING COMBAT-CARDS NEVER\nSTANDING WITHDRAW IF UNITS <= 1\n"
                       "STANDING relief ALONE", at=T0).ok
    game.submit("france", "STANDING AVOID NEVER\nSTANDING COMBAT-CARDS NEVER", at=T0)
    _fired(game, "hapsburg")
    game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre 3R\nDONE", at=T0)
    assert ("STANDING withdraw IF UNITS <= 1", "withdraw", "WITHDRAW") in _fired(game,
                                                                               "hapsburg")
    assert game.state["sieges"]["navarre"]["besieged"] == ["hapsburg"]
    while not any(d.seat == "hapsburg" and d.kind == "impulse" for d in game.decisions()):
        decision = game.decisions()[0]
        game.submit(decision.seat, RULES.order_text(RULES.default(game.state, decision)),
                    at=T0)
    receipt = game.submit("hapsburg", "PLAY 77 FOR CP\nMOVE Bilbao -> Navarre 4R\nDONE",
                          at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 3
    assert ("STANDING relief ALONE", "relief", "ALONE") in _fired(game, "hapsburg")
    rolled = next(e for e in reversed(game.state["log"]) if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (4, 4)
    assert S.units(game.state, "navarre")["hapsburg"] == {"regulars": 1}   # kept out
    hapsburg = _standing_entries(game, "hapsburg")
    assert hapsburg["withdraw"] == ["standing: WITHDRAW"]
    assert hapsburg["relief"] == ["standing: ALONE"]
    responses = [a for seat in ("ottoman", "england", "france", "papacy", "protestant")
                 for a in _standing_entries(game, seat).get("response", [])]
    assert responses and set(responses) == {"standing: DONE"}
    verify(game)


def test_siege_retreat_answered_by_a_standing_order():
    """France's 4 regulars from St. Quentin besiege the 2 Hapsburg regulars that withdrew
    into Brussels, then 3 of them march back: 1 besieger against 2 inside breaks the siege
    (§15.3) and the last one must retreat, to St. Quentin or St. Dizier (both French);
    ``STANDING siege_retreat CAPITAL`` answers at once (the space nearest Paris, ties by
    id) and France's plan goes on to its DONE."""
    game = france_to_move()
    game.edit("spaces.paris.units.france.regulars", 0, **EDIT)
    game.edit("spaces.st_quentin", {"units": {"france": {"regulars": 4}}}, **EDIT)
    game.edit("spaces.brussels.units.hapsburg.regulars", 2, **EDIT)
    assert game.submit("hapsburg", "STANDING INTERCEPT NEVER\nSTANDING AVOID NEVER\n"
                       "STANDING WITHDRAW IF UNITS <= 2", at=T0).ok
    assert game.submit("france", "STANDING siege_retreat CAPITAL", at=T0).ok
    receipt = game.submit("france", "PLAY 4 FOR CP\nMOVE St Quentin -> Brussels 4R\n"
                          "MOVE Brussels -> St Quentin 3R\nDONE", at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 4
    assert _fired(game, "france") == [("STANDING siege_retreat CAPITAL", "siege_retreat",
                                       "RETREAT TO st_dizier")]
    assert _standing_entries(game, "france")["siege_retreat"] == ["standing: RETREAT TO st_dizier"]
    assert any(e["msg"] == "siege_broken" and e["dst"] == "st_dizier" for e in game.state["log"])
    assert S.units(game.state, "st_dizier") == {"france": {"regulars": 1}}
    assert not game.state.get("sieges")
    verify(game)


def test_intercept_if_odds_answered_by_a_standing_order():
    """``STANDING INTERCEPT FROM Brussels IF ODDS >= 25%``: France marches Paris -> St.
    Quentin next to the Hapsburg regular in Brussels; 2d6 >= 9 is 27.8 % (§13.2), so the
    standing order intercepts with the whole stack, without the Hapsburgs being asked."""
    game = france_to_move()
    assert game.submit("hapsburg", "STANDING INTERCEPT FROM Brussels IF ODDS >= 25%\n"
                       "STANDING COMBAT-CARDS NEVER", at=T0).ok
    game.submit("france", "STANDING COMBAT-CARDS NEVER", at=T0)
    _fired(game, "hapsburg")
    receipt = game.submit("france", "PLAY 4 FOR CP\n"
                          "MOVE Paris -> St Quentin WITH Francis I 4R\nDONE", at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 3
    fired = [f for f in _fired(game, "hapsburg") if f[1] == "intercept"]
    assert fired == [("STANDING intercept FROM BRUSSELS IF ODDS >= 25%", "intercept",
                      "INTERCEPT FROM brussels 1")]
    assert _standing_entries(game, "hapsburg")["intercept"] == [
        "standing: INTERCEPT FROM brussels 1"]
    assert any(e["msg"].startswith("intercept_") for e in game.state["log"])
    verify(game)


def test_relief_inside_answered_by_a_standing_order():
    """§15.2 on equal hits: Montmorency and 6 French regulars relieve French Navarre (1
    regular inside, 5 Hapsburg besiegers), ``STANDING relief ALONE`` keeps the besieged out:
    7 dice against 6, 2 hits each (seed r5), so the relief is lost on equal hits and up to 3
    of the 4 survivors may go inside; ``STANDING relief_inside NONE`` sends them all back
    to Bordeaux without France being asked."""
    game = Game.create(RULES, "g", {p: {"players": [f"{p}@x"]} for p in POWERS}, now=T0,
                       seed="r5", scenario="1517")
    while not any(d.seat == "france" and d.kind == "impulse" for d in game.decisions()):
        decision = game.decisions()[0]
        game.submit(decision.seat, RULES.order_text(RULES.default(game.state, decision)),
                    at=T0)
    for power in POWERS:
        game.submit(power, "STANDING RESPONSE NEVER", at=T0)
    game.edit("spaces.paris.leaders", ["francis_i"], **EDIT)
    game.edit("spaces.bordeaux", {"units": {"france": {"regulars": 6}},
                                  "leaders": ["montmorency"]}, **EDIT)
    game.edit("spaces.navarre", {"control": "france", "units": {
        "france": {"regulars": 1}, "hapsburg": {"regulars": 5}}}, **EDIT)
    game.edit("sieges", {"navarre": {"besiegers": ["hapsburg"], "besieged": ["france"],
                                     "begun": "t0"}}, **EDIT)
    assert game.submit("hapsburg", "STANDING INTERCEPT NEVER\nSTANDING AVOID NEVER\n"
                       "STANDING COMBAT-CARDS NEVER", at=T0).ok
    assert game.submit("france", "STANDING AVOID NEVER\nSTANDING COMBAT-CARDS NEVER\n"
                       "STANDING relief ALONE\nSTANDING relief_inside NONE", at=T0).ok
    _fired(game, "france")
    receipt = game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre WITH Montmorency "
                          "6R", at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 2
    rolled = next(e for e in reversed(game.state["log"]) if e["msg"] == "battle_roll")
    assert (rolled["attacker_dice"], rolled["defender_dice"]) == (7, 6)
    assert (rolled["attacker_hits"], rolled["defender_hits"]) == (2, 2)
    assert ("STANDING relief_inside NONE", "relief_inside", "GARRISON 0") in _fired(game,
                                                                                  "france")
    assert _standing_entries(game, "france")["relief_inside"] == ["standing: GARRISON 0"]
    assert S.units(game.state, "bordeaux") == {"france": {"regulars": 4}}
    assert S.units(game.state, "navarre")["france"] == {"regulars": 1}
    assert not [d for d in game.decisions() if d.seat == "france" and d.kind != "cp"]
    verify(game)
