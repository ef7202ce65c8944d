"""Standing responses (digest §3.3 R1; §13.1 step 4 for *Foul Weather* #31 and *Gout* #32):
``STANDING RESPOND <card> IF <trigger>`` plays an armed card without a round trip when the
trigger matches and the seat holds the card; ``STANDING RESPONSE NEVER-ASK`` closes a
window without asking.  On the France-to-move position of `test_his_plans` (every power's
``STANDING RESPONSE NEVER`` set there), France marches Paris -> St. Quentin with Francis I."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from engine.game import Game
from games.here_i_stand import state as S
from test_his_plans import RULES, T0, france_to_move, verify
from test_his_standing_game import EDIT, _fired, _standing_entries

MOVE = "PLAY 4 FOR CP\nMOVE Paris -> St Quentin WITH Francis I 4R"


def _england_holds(game: Game, *cards: int) -> None:
    """England holds `cards`: #32 taken from France's hand by a moderator's edit; #31 from
    the deck by hand (no single edit moves it, so such a game is not replayed)."""
    hands = {p: [c for c in h if c != 32] for p, h in game.state["hands"].items()}
    hands["england"] = sorted(hands["england"] + [32])
    game.edit("hands", hands, **EDIT)
    if 31 in cards:
        game.state["deck"].remove(31)
        game.state["hands"]["england"].append(31)


def _arm(game: Game, *lines: str) -> None:
    assert game.submit("england", "\n".join(lines), at=T0).ok
    _fired(game, "england")


def _move(game: Game) -> None:
    assert game.submit("france", MOVE, at=T0).ok


@pytest.mark.parametrize("arm, card", [
    ("STANDING RESPOND Gout IF Francis I MOVES", "PLAY 32 ON francis_i"),
    ("STANDING RESPOND Gout IF Francis I ACTS INTO St Quentin", "PLAY 32 ON francis_i"),
    ("STANDING RESPOND Foul Weather IF France MOVES INTO St Quentin", "PLAY 31"),
    ("STANDING RESPOND Foul Weather IF ANYONE MOVES", "PLAY 31"),
    ("STANDING RESPOND Foul Weather IF Ottoman MOVES OR Gout IF Francis I MOVES",
     "PLAY 32 ON francis_i"),
    ("ПОСТОЯННО RESPOND Подагра ЕСЛИ Франциск I ДВИЖЕТСЯ В Сен-Кантен", "PLAY 32 ON francis_i"),
])
def test_an_armed_response_fires_without_asking(arm, card):
    """Each trigger kind (a leader, a power, anyone; moves, acts; a space) fires: England is
    never asked, the card is played, the move cancelled (1 CP lost), and only England's
    next mail is told which standing order played it."""
    game = france_to_move()
    _england_holds(game, *((31, 32) if "Foul" in arm else (32,)))
    _arm(game, arm, "STANDING RESPONSE ASK")
    _move(game)
    assert not any(d.kind == "response" for d in game.decisions())
    assert S.where_is(game.state, "francis_i") == "paris"
    assert game.state["phase_data"]["cp"] == 4
    assert _standing_entries(game, "england")["response"] == [f"standing: {card}"]
    fired = _fired(game, "england")
    assert [(f[1], f[2]) for f in fired] == [("response", card)]
    assert fired[0][0].startswith("STANDING respond ")
    for seat in ("ottoman", "hapsburg", "france", "papacy", "protestant"):
        assert [f[2] for f in _fired(game, seat) if f[1] == "response"] in ([], ["DONE"])
    if "Foul" not in arm:
        verify(game)


@pytest.mark.parametrize("arm", [
    "STANDING RESPOND Gout IF Montmorency MOVES",                     # another leader
    "STANDING RESPOND Foul Weather IF Hapsburg MOVES",                # another power
    "STANDING RESPOND Foul Weather IF France MOVES INTO Boulogne",    # another space
    "STANDING RESPOND Foul Weather IF ANYONE ASSAULTS",               # another action
])
def test_an_armed_response_that_does_not_match_asks(arm):
    """A trigger that does not match leaves the window as it was: England is asked."""
    game = france_to_move()
    _england_holds(game, 31, 32)
    _arm(game, arm, "STANDING RESPONSE ASK")
    _move(game)
    assert [(d.seat, d.kind) for d in game.decisions()] == [("england", "response")]
    assert _fired(game, "england") == []


def _public_after(arm: str | None, response: str) -> tuple[list, list]:
    """England, not holding Gout, with or without `arm`: the record's public entries and
    the decisions after France's move."""
    game = france_to_move()
    lines = ([arm] if arm else []) + [f"STANDING RESPONSE {response}"]
    _arm(game, *lines)
    _move(game)
    entries = [(e.seat, e.by, e.order) for e in game.record.entries if e.kind != "standing"]
    return entries, [(d.seat, d.kind) for d in game.decisions()], game


def test_an_armed_card_not_in_hand_does_nothing_and_cannot_be_told():
    """England arms Gout without holding it: with ``ASK`` it is asked exactly as without
    the arm; with ``NEVER-ASK`` it answers DONE at once, as without the arm."""
    arm = "STANDING RESPOND Gout IF Francis I MOVES"
    for response in ("ASK", "NEVER-ASK"):
        armed_entries, armed_asked, game = _public_after(arm, response)
        plain_entries, plain_asked, _ = _public_after(None, response)
        assert armed_entries == plain_entries and armed_asked == plain_asked
        assert 32 not in game.state["discard"]
    assert armed_asked != [("england", "response")]
    assert _standing_entries(game, "england")["response"] == ["standing: DONE"]


def test_never_ask_closes_the_window_without_asking_and_never_disables_arms():
    """``STANDING RESPONSE NEVER-ASK`` with a holder of Gout whose arm does not match: no
    question is left for England; ``STANDING RESPONSE NEVER`` also stops a matching arm."""
    game = france_to_move()
    _england_holds(game, 32)
    _arm(game, "STANDING RESPOND Gout IF Montmorency MOVES", "STANDING RESPONSE NEVER-ASK")
    _move(game)
    assert not any(d.seat == "england" and d.kind == "response" for d in game.decisions())
    assert _standing_entries(game, "england")["response"] == ["standing: DONE"]
    game = france_to_move()
    _england_holds(game, 32)
    _arm(game, "STANDING RESPOND Gout IF Francis I MOVES", "STANDING RESPONSE NEVER")
    _move(game)
    assert 32 in game.state["hands"]["england"]


def test_armed_responses_are_listed_and_checked():
    """``STANDING`` lists the arm; a Gout without a leader, a card that is no response, an
    unknown name and a trigger without its verb are refused when armed."""
    game = france_to_move()
    _arm(game, "STANDING RESPOND Gout IF Francis I MOVES")
    assert "STANDING respond GOUT IF FRANCIS I MOVES" in standing.listing(game.state, "england")
    for bad in ("STANDING RESPOND Gout IF France MOVES", "STANDING RESPOND Papal Bull IF "
                "France MOVES", "STANDING RESPOND Gout IF Nobody MOVES",
                "STANDING RESPOND Gout IF Francis I"):
        with pytest.raises(IllegalOrder):
            standing.parse(RULES, bad)


def test_gout_armed_against_the_emperors_transfer():
    """*Gout* armed on Charles V stops the Holy Roman Emperor's transfer (#2) too: the
    Hapsburg move of Charles V counts as MOVES."""
    from games.here_i_stand.land_war import armed, responses
    action = {"verb": "transfer", "power": "hapsburg", "to": "vienna",
              "leaders": ["charles_v"], "cost": 0, "lost": 0}
    (arm,) = armed.parse("GOUT IF CHARLES V MOVES")
    assert armed._matches(arm, action)
    (arm,) = armed.parse("GOUT IF CHARLES V ASSAULTS")
    assert not armed._matches(arm, action)
    assert responses.usable({}, "france", action, responses.GOUT)
