"""#89 Pirate Haven and #86 Knights of St. John (§21.1 L1607, §16.4 L1073, §18.1): the events
that fortify a Mediterranean port during the game; the haven builds corsairs only and the
map shows it."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from pbem.reports.presenters import presenter_for
from games.here_i_stand import board, cp_actions, facts, views
from games.here_i_stand import state as S
from games.here_i_stand.navy import havens, piracy
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order, put


def _barbary_played(state: S.State) -> S.State:
    state["piracy"]["enabled"] = True
    state["out_of_play"].remove("algiers")
    S.set_control(state, "algiers", "ottoman")
    return state


def _haven_state(power: str = "ottoman") -> S.State:
    state = into_action(fresh(), power, hand=[89])
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    return _barbary_played(state)


@pytest.mark.card(89)
def test_pirate_haven_makes_oran_an_ottoman_fortified_haven_with_corsairs():
    """Oran (on the Barbary Coast, like Algiers) becomes Ottoman and fortified with 1 regular,
    2 corsairs and a haven marker; Tripoli's zone has no Ottoman fortified port, so only
    Oran is a target.  The Ottomans then build corsairs there, never regulars."""
    state = _haven_state()
    assert not S.is_fortified("oran", state)
    assert havens.haven_targets(state) == ["oran"]
    state = order(state, "ottoman", "PLAY 89 AS EVENT")
    d = asked(state, "ottoman")
    assert d.kind == "pirate_haven"
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "TARGET Tripoli")
    state = order(state, "ottoman", "TARGET Oran")
    assert S.controller(state, "oran") == "ottoman"
    assert S.is_fortified("oran", state) and "oran" in S.pirate_havens(state)
    assert S.units(state, "oran")["ottoman"] == {"regulars": 1, "corsairs": 2}
    assert "Oran is an Ottoman pirate haven" in log_text(state["log"][-3:])
    ru = presenter_for("here-i-stand", "ru")
    assert "Оран» — османская пиратская гавань" in " ".join(ru.log_line(e)
                                                           for e in state["log"][-3:])
    assert cp_actions.build_problem(state, "ottoman", "corsair", "oran") is None
    assert cp_actions.build_problem(state, "ottoman", "regular", "oran").code == "build_haven"
    assert cp_actions.build_problem(state, "ottoman", "regular", "algiers").code == "build_haven"


@pytest.mark.card(89)
def test_pirate_haven_needs_barbary_pirates_and_a_power_at_war():
    state = into_action(fresh(), "ottoman", hand=[89])
    state["wars"] = sorted(state["wars"] + [["hapsburg", "ottoman"]])
    assert havens.haven_condition(state, "ottoman").code == "haven_no_target"
    state = _barbary_played(into_action(fresh(), "ottoman", hand=[89]))
    assert not S.at_war(state, "hapsburg", "ottoman")
    with pytest.raises(IllegalOrder, match="Pirate Haven"):
        order(state, "ottoman", "PLAY 89 AS EVENT")


@pytest.mark.card(89)
def test_tripoli_becomes_a_target_next_to_an_ottoman_fortress():
    """Tunis held by the Ottomans does not count unless fortified; Rhodes on the North
    African Coast does once the Ottomans take it."""
    state = _haven_state()
    S.set_control(state, "rhodes", "ottoman")
    assert "north_african_coast" in S.board().spaces["tripoli"].ports
    assert havens.haven_targets(state) == ["oran", "tripoli"]


@pytest.mark.card(86)
def test_knights_on_the_map_take_an_ottoman_card_for_st_peters():
    """Rhodes (Knights, independent) shares the Aegean with Ottoman ports: a random Ottoman
    card is discarded and its CP go to St. Peter's."""
    state = into_action(fresh(), "papacy", hand=[86])
    state["hands"]["ottoman"] = [40]
    before = dict(state["st_peters"])
    state = order(state, "papacy", "PLAY 86 AS EVENT", FixedDice(1))
    assert state["hands"]["ottoman"] == [] and 40 in state["discard"]
    cp = facts.card(40).cp
    total = lambda sp: sp["vp"] * 5 + sp["cp"]
    assert total(state["st_peters"]) == total(before) + cp
    assert "Knights of St. John in Rhodes took" in log_text(state["log"][-3:])


@pytest.mark.card(86)
def test_knights_off_the_map_are_set_in_a_hapsburg_port_that_turns_independent():
    """After Rhodes falls the Hapsburgs set the Knights in an empty home port: it turns
    independent and fortified and gives the anti-piracy die of a Knights' fortress."""
    state = into_action(fresh(), "hapsburg", hand=[86])
    S.set_control(state, "rhodes", "ottoman")
    assert havens.knights_space(state) is None
    ports = havens.knights_ports(state)
    assert "tripoli" in ports and "naples" not in ports       # Naples holds a garrison
    state = order(state, "hapsburg", "PLAY 86 AS EVENT")
    assert asked(state, "hapsburg").kind == "knights"
    state = order(state, "hapsburg", "TARGET Tripoli")
    assert S.controller(state, "tripoli") == "independent"
    assert S.is_fortified("tripoli", state)
    assert piracy.knights_hold(state, "tripoli") and havens.knights_space(state) == "tripoli"
    assert piracy.KNIGHTS not in S.record(state, "rhodes").get("counters", ())
    assert "Knights of St. John are set in Tripoli" in log_text(state["log"][-3:])
    S.add_units(state, "north_african_coast", "ottoman", "corsairs", 1)
    assert piracy.anti_piracy_dice(state, "north_african_coast", "hapsburg") >= 1


@pytest.mark.parametrize("lang,mark", [("en", "H"), ("ru", "Г")])
def test_the_map_shows_the_haven_and_a_fortress_marker_as_a_star(lang, mark):
    state = order(order(_haven_state(), "ottoman", "PLAY 89 AS EVENT"), "ottoman", "TARGET Oran")
    S.add_fortress(state, "palermo")
    nodes = {n["id"]: n for n in board.board(views.view(state, None), lang)["nodes"]}
    assert nodes["oran"]["shape"] == "star" and nodes["palermo"]["shape"] == "star"
    assert [m["text"] for m in nodes["oran"]["marks"]] == [mark]
    assert [m["text"] for m in nodes["algiers"]["marks"]] == [mark]
    assert nodes["tripoli"]["shape"] == "circle" and not nodes["tripoli"]["marks"]


# ---------------------------------------------------------------- off-turn: standing orders
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")


def game_at_impulse(seat: str, seed: str = "h15"):
    """A 1532 game (seed h15 deals #86 to the Papacy and #89 to France) played by defaults
    until `seat`'s impulse; nobody answers the windows these tests are not about."""
    from engine import registry
    from engine.game import Game
    from pbem.timesource import now
    game = Game.create(registry.get("here-i-stand"), "g", {p: {"players": [f"{p}@x"]}
                                                           for p in POWERS},
                       now=now(), seed=seed, scenario="1532")
    for power in POWERS:
        for text in ("STANDING RESPONSE NEVER", "STANDING wartburg NEVER",
                     "STANDING spring_cards NEVER"):
            assert game.submit(power, text, at=now()).ok
    while not any(d.seat == seat and d.kind == "impulse" for d in game.decisions()):
        d = game.decisions()[0]
        game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                         source="test", at=now(), decision=d)
    return game


def _answered_by_standing(game, player: str, card: int, asked_seat: str, kind: str):
    """`asked_seat` sends ``STANDING <kind> DEFAULT``, then `player` plays `card` as its
    event: no question of `kind` stays open; the (seat, order) entries the standing order
    answered."""
    from pbem.timesource import now
    assert game.submit(asked_seat, f"STANDING {kind} DEFAULT", at=now()).ok
    receipt = game.submit(player, f"PLAY {card} AS EVENT", at=now())
    assert [r.status for r in receipt.results] == ["applied"]
    assert not [d for d in game.decisions() if d.kind == kind]
    return [(e.seat, e.order) for e in game.record.entries
            if e.by == "standing" and e.decision.endswith(f"-{kind}")]


@pytest.mark.card(89)
def test_pirate_haven_played_by_france_is_answered_by_the_ottoman_standing_order():
    """France plays #89 as an event: the Ottomans choose the haven off-turn.  Their
    ``STANDING pirate_haven DEFAULT`` answers at once (Oran, the first target), without a
    question to the Ottoman seat; the record shows the answer ``by: standing``."""
    game = game_at_impulse("france")
    assert 89 in game.state["hands"]["france"]
    assert havens.haven_targets(game.state) == ["oran", "tripoli"]
    assert _answered_by_standing(game, "france", 89, "ottoman", "pirate_haven") == [
        ("ottoman", "TARGET oran")]
    assert "oran" in S.pirate_havens(game.state)
    assert S.units(game.state, "oran")["ottoman"] == {"regulars": 1, "corsairs": 2}
    assert "STANDING pirate_haven DEFAULT" in [f["standing"]
                                               for f in game.take_standing_fired("ottoman")]


@pytest.mark.card(86)
def test_knights_played_by_the_papacy_are_placed_by_the_hapsburg_standing_order():
    """The Papacy plays #86 with the Knights off the map: the Hapsburgs choose the port
    off-turn.  ``STANDING knights DEFAULT`` answers at once with the first empty Hapsburg
    home port by id, without a question to the Hapsburg seat."""
    from pbem.timesource import now
    game = game_at_impulse("papacy")
    assert 86 in game.state["hands"]["papacy"]
    game.edit("spaces.malta.counters", [], by="moderator:gm@x", because="Knights off the map",
              source="test", at=now())
    first = havens.knights_ports(game.state)[0]
    assert _answered_by_standing(game, "papacy", 86, "hapsburg", "knights") == [
        ("hapsburg", f"TARGET {first}")]
    assert havens.knights_space(game.state) == first
    assert S.controller(game.state, first) == "independent"


# ---------------------------------------------------------------- a haven is an Ottoman home space
def _tripoli_haven() -> S.State:
    """Tripoli made a haven by #89 (next to Ottoman-held fortified Rhodes); §21.1 L1607:
    from then on it is an Ottoman home (fortified) space in every sense, corsairs only."""
    state = _haven_state()
    S.set_control(state, "rhodes", "ottoman")
    state = order(order(state, "ottoman", "PLAY 89 AS EVENT"), "ottoman", "TARGET Tripoli")
    assert "tripoli" in S.pirate_havens(state)
    return state


def test_a_haven_is_an_ottoman_home_space_and_no_longer_a_hapsburg_one():
    """§21.1 L1607: Oran and Tripoli are Hapsburg home spaces until they become havens,
    Ottoman ones after, whoever controls them later."""
    state = _haven_state()
    assert S.home_of(state, "tripoli") == "hapsburg"
    assert "tripoli" in S.home_spaces(state, "hapsburg")
    state = _tripoli_haven()
    S.set_control(state, "tripoli", "hapsburg")               # recaptured
    assert S.home_of(state, "tripoli") == "ottoman" == S.home_of(state, "algiers")
    assert "tripoli" in S.home_spaces(state, "ottoman")
    assert "tripoli" not in S.home_spaces(state, "hapsburg")
    assert "oran" in S.home_spaces(state, "hapsburg")


def test_an_ottoman_haven_is_a_source_of_a_line_of_communication():
    """§12.1 L706: a line of communication starts in a friendly fortified home space of the
    power; an Ottoman haven is one (L1607), a haven the Hapsburgs took back is not theirs."""
    state = _tripoli_haven()
    assert "tripoli" in cp_actions.loc_reach(state, "ottoman")[0]
    S.set_control(state, "tripoli", "hapsburg")
    assert "tripoli" not in cp_actions.loc_reach(state, "hapsburg")[0]
    assert "tripoli" not in cp_actions.loc_reach(state, "ottoman")[0]


def test_the_hapsburgs_build_nothing_in_a_haven_they_took_back():
    """§17 L1101 (build in one's own home spaces) with L1607: a haven is no Hapsburg home
    space any more, so the Hapsburgs may not build there even when they control it."""
    state = _tripoli_haven()
    S.set_control(state, "tripoli", "hapsburg")
    S.add_units(state, "tripoli", "ottoman", "regulars", -1)
    S.add_units(state, "tripoli", "ottoman", "corsairs", -2)
    assert cp_actions.build_problem(state, "hapsburg", "regular", "tripoli").code == \
        "build_not_home"
    S.set_control(state, "oran", "hapsburg")
    assert cp_actions.build_problem(state, "hapsburg", "regular", "oran") is None


def test_a_haven_has_no_religion_like_every_ottoman_home_space():
    """§2.3 L76: Ottoman home spaces are neither Catholic nor Protestant; a haven is one."""
    from games.here_i_stand import religion
    state = _haven_state()
    assert religion.faith(state, "tripoli") == "catholic"
    assert religion.faith(_tripoli_haven(), "tripoli") is None


def test_the_hapsburgs_holding_a_haven_let_the_ottomans_sue_for_peace():
    """§9.3 L535: a power may sue for peace once the enemy holds one of its home spaces; a
    haven the Hapsburgs took back is an Ottoman home space (L1607)."""
    from games.here_i_stand.phases import diplomacy
    state = _tripoli_haven()
    assert "hapsburg" not in diplomacy.suits(state, "ottoman")
    S.set_control(state, "tripoli", "hapsburg")
    assert "hapsburg" in diplomacy.suits(state, "ottoman")


def test_events_on_home_spaces_follow_the_haven():
    """Janissaries Rebel (#80) puts unrest in Ottoman home spaces, a haven among them; Holy
    Roman Emperor (#2) moves Charles V to a Hapsburg home space, never a haven (L1607)."""
    from games.here_i_stand import card_events_war, home_cards
    state = _tripoli_haven()
    S.add_units(state, "tripoli", "ottoman", "regulars", -1)
    S.add_units(state, "tripoli", "ottoman", "corsairs", -2)
    rebel = card_events_war.JANISSARIES_REBEL
    assert "tripoli" in card_events_war.unrest_candidates(state, rebel)
    S.set_control(state, "tripoli", "hapsburg")
    assert "tripoli" not in home_cards.emperor_destinations(state)
    assert "oran" in home_cards.emperor_destinations(state)       # no haven: still Hapsburg


def test_corsairs_at_sea_winter_in_the_nearest_ottoman_haven():
    """§19.3 L1436: naval units return to the nearest port their power controls; the
    Ottomans' haven at Tripoli is the one next to the North African Coast (Rhodes, the
    other, back with the Knights)."""
    from engine.dice import Dice
    from games.here_i_stand.phases import sequence
    state = _tripoli_haven()
    S.set_control(state, "rhodes", "independent")
    S.add_units(state, "north_african_coast", "ottoman", "corsairs", 2)
    state["phase"] = "action"
    sequence.enter(state, "winter", Dice("haven"))
    assert S.units(state, "tripoli")["ottoman"]["corsairs"] == 4
    assert "north_african_coast" not in state["spaces"]


def test_ships_leave_a_port_that_becomes_a_haven_or_the_knights():
    """§12.2 L727: the ships of a power no longer friendly in a port whose control changes
    leave it as after a naval battle — a Hapsburg squadron in Oran when it becomes an
    Ottoman haven, and one in Tripoli when the Knights make it independent."""
    state = _haven_state()
    put(state, "oran", "hapsburg", squadrons=1)
    state = order(order(state, "ottoman", "PLAY 89 AS EVENT"), "ottoman", "TARGET Oran")
    assert "hapsburg" not in S.units(state, "oran")
    assert S.units(state, "barbary_coast")["hapsburg"] == {"squadrons": 1}
    state = into_action(fresh(), "hapsburg", hand=[86])
    S.set_control(state, "rhodes", "ottoman")
    put(state, "tripoli", "hapsburg", squadrons=1)
    state = order(order(state, "hapsburg", "PLAY 86 AS EVENT"), "hapsburg", "TARGET Tripoli")
    assert "hapsburg" not in S.units(state, "tripoli")
    assert S.units(state, "north_african_coast")["hapsburg"] == {"squadrons": 1}


@pytest.mark.card(9)
def test_barbary_pirates_place_only_the_corsairs_the_counters_can_show():
    """§5 and §5.2 L283 with #9 (§21.1): with 8 of the 9 Ottoman naval counters on the map,
    Algiers enters play with 1 corsair, not 2 (a random game broke the invariant here)."""
    from games.here_i_stand import invariants
    state = into_action(fresh(), "ottoman", hand=[9])
    for rec in state["spaces"].values():
        for kind in S.NAVAL:
            rec.get("units", {}).get("ottoman", {}).pop(kind, None)
    put(state, "istanbul", "ottoman", squadrons=8)              # 8 of the 9 naval counters
    state = order(state, "ottoman", "PLAY 9 AS EVENT")
    assert S.units(state, "algiers")["ottoman"] == {"regulars": 2, "corsairs": 1}
    assert invariants.units(state) == [] == invariants.denominations(state)
