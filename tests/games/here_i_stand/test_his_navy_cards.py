"""Cards and choices at sea: #1 Janissaries and #34 Professional Rowers after the roll of a
naval battle (§16.2 step 6), the order of several naval battles chosen by the mover
(§16.1 step 7), #31 Foul Weather against a naval move, transport or piracy (§16.1 step 3,
§16.3 step 1), the pirated card held back for an impulse and the Knights' anti-piracy die
(§16.4)."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from games.here_i_stand import RULES as HIS
from games.here_i_stand import grammar
from games.here_i_stand import state as S
from games.here_i_stand.navy import piracy, sea_cards
from his_helpers import FixedDice, asked, fresh, into_action, log_text, order, put
from test_his_navy import ROLL_E10, barbary, ionian


def _round_trip(state, decision):
    """Every option's text parses, and its canonical text parses to the same order (the
    archive replays the canonical texts)."""
    for option in decision.options.options:
        parsed = HIS.parse(state, decision, option.example)
        assert HIS.parse(state, decision, grammar.order_text(parsed)) == parsed


def _no_rowers(state, dice):
    """DONE to every Professional Rowers window after an interception roll, and to every
    Arquebusiers window before a battle's roll (§16.2 steps 3-4)."""
    while HIS.decisions(state) and HIS.decisions(state)[0].kind in ("naval-rowers",
                                                                    "naval-declare"):
        state = order(state, HIS.decisions(state)[0].seat, "DONE", dice)
    return state


def _e10_until_the_roll(state, dice):
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", dice)
    state = _no_rowers(order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", dice), dice)
    return _no_rowers(order(state, "hapsburg", "INTERCEPT FROM Tyrrhenian Sea", dice), dice)


@pytest.mark.card(1)
def test_janissaries_at_sea_add_four_dice_after_the_roll_and_turn_e10():
    """E10's roll (3 hits each), then the Ottomans play Janissaries: 4 more dice [5, 1, 1,
    1], 4 hits against 3: the Ottomans win; they lose a squadron and the corsair, the
    Hapsburgs both squadrons (Doria to the next turn)."""
    state = barbary()
    state["hands"]["ottoman"] = [1]
    dice = FixedDice(*ROLL_E10, 5, 1, 1, 1)
    state = _e10_until_the_roll(state, dice)
    d = asked(state, "ottoman")
    assert d.kind == "naval-cards" and d.private
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 1 FOR ottoman"]
    assert d.context["hits"] == "3-3"
    assert HIS.default(state, d) == {"verb": "DONE"}
    state = order(state, "ottoman", "PLAY Janissaries", dice)
    assert not any(d.kind == "naval-losses" for d in HIS.decisions(state))   # all are lost
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["attacker_dice"], rolled["attacker_hits"]) == (11, 4)
    assert rolled["winner"] == "ottoman"
    assert S.units(state, "barbary_coast")["ottoman"] == {"squadrons": 1}
    assert "hapsburg" not in S.units(state, "barbary_coast")
    assert "andrea_doria" in state["naval_out"]["leaders"]
    assert 1 in state["home_used"]
    assert "4 more" not in log_text(state["log"])            # the line names the dice
    assert "Janissaries" in log_text([e for e in state["log"] if e["msg"] == "naval_card"])


@pytest.mark.card(34)
def test_professional_rowers_offered_by_public_information_for_either_side():
    """#34 is not public: every power with a card is offered the window (the attacker, the
    defender, then the others in standard order); France plays it FOR the Hapsburgs: 3 more
    dice [6, 6, 1], 5 hits against 3."""
    state = barbary()
    state["hands"]["england"] = [45]
    state["hands"]["france"] = [34]
    dice = FixedDice(*ROLL_E10, 6, 6, 1)
    state = _e10_until_the_roll(state, dice)
    d = asked(state, "england")                               # holds no Rowers: asked all the same
    assert d.kind == "naval-cards" and [o.example for o in d.options.options] == ["DONE"]
    policy = standing.parse(HIS, "STANDING NAVAL-CARDS NEVER").policy
    assert HIS.answer_from_standing(state, d, policy) == {"verb": "DONE"}
    state = order(state, "england", "DONE", dice)
    d = asked(state, "france")
    assert {o.example for o in d.options.options} == {
        "DONE", "PLAY 34 FOR ottoman", "PLAY 34 FOR hapsburg"}
    _round_trip(state, d)
    with pytest.raises(IllegalOrder):                           # France does not fight
        order(state, "france", "PLAY 34", dice)
    state = order(state, "france", "PLAY 34 FOR Hapsburgs", dice)
    rolled = next(e for e in state["log"] if e["msg"] == "naval_battle")
    assert (rolled["defender_dice"], rolled["defender_hits"]) == (9, 5)
    assert 34 in state["discard"]


def test_no_window_when_nobody_could_hold_a_card():
    """Rowers in the discard pile and no Janissaries: the battle goes straight on (E10)."""
    state = barbary()
    state["hands"]["france"] = [45]
    state["discard"].append(34)
    state = _e10_until_the_roll(state, FixedDice(*ROLL_E10))
    assert asked(state, "hapsburg").kind == "naval-losses"
    _round_trip(state, asked(state, "hapsburg"))


def _two_battles():
    """The Ottomans step from Tunis into the Barbary Coast (a Hapsburg squadron) and from
    the Aegean into the Ionian (French and Hapsburg squadrons; all at war)."""
    state = barbary()
    S.move_leader(state, "andrea_doria", "tyrrhenian_sea", None)
    for sid in ("tyrrhenian_sea", "ionian_sea"):
        for owner in ("genoa", "hapsburg"):
            n = S.units(state, sid).get(owner, {}).get("squadrons", 0)
            if n:
                S.add_units(state, sid, owner, "squadrons", -n)
    state["wars"] = sorted(state["wars"] + [["france", "ottoman"]])
    put(state, "barbary_coast", "hapsburg", squadrons=1)
    put(state, "aegean_sea", "ottoman", squadrons=3)
    put(state, "ionian_sea", "france", squadrons=1)
    put(state, "ionian_sea", "hapsburg", squadrons=1)
    return state


def test_the_mover_chooses_the_order_of_battles_and_fights_one_enemy_at_a_time():
    """§16.1 step 7: three battles wait (Barbary Coast; Ionian against France and against
    the Hapsburgs); the default is the first; the Ottomans fight the Ionian Hapsburgs first,
    then must finish the Ionian (France) before the Barbary Coast."""
    state = _two_battles()
    dice = FixedDice(*([1] * 40))
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast, Aegean Sea -> "
                  "Ionian Sea", dice)
    while HIS.decisions(state)[0].seat != "ottoman":       # no interception, no avoiding
        state = order(state, HIS.decisions(state)[0].seat, "DONE", dice)
    d = asked(state, "ottoman")
    assert d.kind == "naval-battle"
    assert {o.example for o in d.options.options} == {
        "FIGHT barbary_coast AGAINST hapsburg", "FIGHT ionian_sea AGAINST france",
        "FIGHT ionian_sea AGAINST hapsburg"}
    assert HIS.default(state, d)["space"] == "barbary_coast"
    _round_trip(state, d)
    state = order(state, "ottoman", "FIGHT Ionian Sea AGAINST Hapsburgs", dice)
    fought = [e for e in state["log"] if e["msg"] == "naval_battle"]
    assert [(e["space"], e["defender"]) for e in fought] == [("ionian_sea", "hapsburg")]
    # 0 hits each: the defender wins, the Ottomans retreat from the Ionian (their choice)
    d = asked(state, "ottoman")
    assert d.kind == "naval-retreat"
    state = order(state, "ottoman", "RETREAT TO Aegean Sea", dice)
    fought = [e for e in state["log"] if e["msg"] == "naval_battle"]
    assert [(e["space"], e["defender"]) for e in fought][-1] == ("barbary_coast", "hapsburg")


def test_battle_order_after_a_win_stays_in_the_space():
    """After beating one enemy in a zone the mover fights the others there before any other
    battle (`pending_battles`)."""
    from games.here_i_stand.navy import move
    state = _two_battles()
    m = {"power": "ottoman", "to": ["barbary_coast", "ionian_sea"], "fighting": "ionian_sea"}
    put(state, "ionian_sea", "ottoman", squadrons=1)
    put(state, "barbary_coast", "ottoman", squadrons=1)
    assert move.pending_battles(state, m) == [("ionian_sea", "hapsburg"),
                                             ("ionian_sea", "france")]
    S.add_units(state, "ionian_sea", "ottoman", "squadrons", -1)
    assert move.pending_battles(state, m) == [("barbary_coast", "hapsburg")]


def _weather(state):
    state["removed"].remove(31)
    state["hands"]["france"] = [31]
    return state


@pytest.mark.card(31)
def test_foul_weather_cancels_a_naval_move_and_bars_the_sea_for_the_impulse():
    """#31 against a declared naval move: cancelled, 1 CP lost; then no naval move,
    transport or piracy for the rest of the impulse (card text)."""
    state = _weather(barbary())
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    d = asked(state, "france")
    assert d.kind == "response" and d.context["action"] == "naval_move"
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 31"]
    state = order(state, "france", "PLAY Foul Weather")
    assert S.units(state, "tunis")["ottoman"] == {"squadrons": 2, "corsairs": 1}
    assert state["phase_data"]["cp"] == 1
    with pytest.raises(IllegalOrder, match="Foul Weather"):
        order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    assert "naval move" in log_text(state["log"][-1:])


def test_a_naval_move_nobody_stops_goes_on():
    state = _weather(barbary())
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    state = order(state, "france", "DONE", FixedDice(1, 1, 1, 1))
    assert S.units(state, "barbary_coast")["ottoman"] == {"squadrons": 2, "corsairs": 1}


@pytest.mark.card(31)
def test_foul_weather_cancels_piracy():
    state = ionian()
    state["removed"].remove(31)
    for power in S.MAJORS:
        state["hands"][power] = []
    state["hands"]["france"] = [31]
    state["phase_data"]["cp"] = 4
    state = order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs")
    assert asked(state, "france").context["action"] == "piracy"
    state = order(state, "france", "PLAY 31")
    assert not any(e["msg"] == "piracy_defence" for e in state["log"])
    assert state["phase_data"]["cp"] == 3
    with pytest.raises(IllegalOrder, match="Foul Weather"):
        order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs")


def test_a_pirated_card_is_held_back_until_the_next_impulse():
    """§16.4 L1087: the card the target gives may not be played this impulse (here:
    Professional Rowers won by piracy, then a naval battle in the same impulse)."""
    state = ionian()
    state["hands"]["hapsburg"] = [34]
    state["phase_data"]["cp"] = 4
    state = order(state, "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs",
                  FixedDice(1, 1, 6, 1))
    state = order(state, "hapsburg", "GIVE CARD")
    assert 34 in state["hands"]["ottoman"]
    record = {"space": "ionian_sea", "attacker": "ottoman", "defender": "hapsburg",
              "played": []}
    assert S.held_back(state) == {34}
    assert (34, "attacker") not in sea_cards.playable(state, record, "ottoman")
    state["phase_data"]["impulse"] += 1
    assert (34, "attacker") in sea_cards.playable(state, record, "ottoman")


def test_the_knights_fortress_gives_an_anti_piracy_die():
    """§16.4 L1073: Rhodes held by the Knights (independent, their counter) gives the target
    a die in the Aegean; once the Ottomans hold it, none."""
    state = ionian()
    put(state, "aegean_sea", "ottoman", corsairs=1)
    assert piracy.knights_hold(state, "rhodes")
    base = piracy.anti_piracy_dice(state, "aegean_sea", "hapsburg")
    S.set_control(state, "rhodes", "ottoman")
    assert piracy.anti_piracy_dice(state, "aegean_sea", "hapsburg") == base - 1


@pytest.mark.card(100)
def test_shipbuilding_two_squadrons_or_corsairs_for_the_ottomans():
    """#100: the Hapsburgs build a squadron in Naples and one in Barcelona (asked twice);
    the Ottomans may take 2 corsairs for a squadron, not a squadron in Algiers; the
    Protestants may not play it."""
    state = into_action(fresh(), "hapsburg", hand=[100])
    state = order(state, "hapsburg", "PLAY 100 AS EVENT")
    d = asked(state, "hapsburg")
    assert d.kind == "shipbuilding" and d.context["left"] == 2
    assert "BUILD SQUADRON IN naples" in {o.example for o in d.options.options}
    _round_trip(state, d)
    before = S.units(state, "naples").get("hapsburg", {}).get("squadrons", 0)
    state = order(state, "hapsburg", "BUILD SQUADRON IN Naples")
    assert S.units(state, "naples")["hapsburg"]["squadrons"] == before + 1
    assert asked(state, "hapsburg").context["left"] == 1
    state = order(state, "hapsburg", "BUILD SQUADRON IN Barcelona")
    assert S.units(state, "barcelona")["hapsburg"]["squadrons"] >= 1
    assert not any(d.kind == "shipbuilding" for d in HIS.decisions(state))
    assert "Shipbuilding" in log_text(state["log"][-2:])

    state = into_action(fresh(), "ottoman", hand=[100])
    state["piracy"]["enabled"] = True
    state["out_of_play"].remove("algiers")
    S.set_control(state, "algiers", "ottoman")
    state = order(state, "ottoman", "PLAY 100 AS EVENT")
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "BUILD SQUADRON IN Algiers")
    state = order(state, "ottoman", "BUILD 2 CORSAIRS IN Algiers")
    assert S.units(state, "algiers")["ottoman"]["corsairs"] == 2

    state = into_action(fresh(), "protestant", hand=[100])
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "PLAY 100 AS EVENT")


@pytest.mark.parametrize("lang,marker,lost", [("en", "PIRACY", "Ottomans 1P"),
                                              ("ru", "ПИРАТСТВО", "Османы 1Кс")])
def test_status_and_map_show_piracy_markers_fleets_and_ships_lost(lang, marker, lost):
    """E11 played: the Ionian holds a piracy marker (status line and a badge on the map),
    Barbarossa's fleet is listed in the zone; ships lost in a battle wait for the next turn."""
    from games.here_i_stand import board, views
    from pbem.reports.presenters import presenter_for
    state = order(ionian(), "ottoman", "PIRACY Ionian Sea AGAINST Hapsburgs",
                  FixedDice(5, 1, 6, 5))
    state = order(state, "hapsburg", "GIVE VP")
    s = presenter_for("here-i-stand", lang).status_context(views.view(state, None))
    assert s["sea"]["out"] in ("none", "нет")        # a corsair sunk by piracy is gone
    state["naval_out"] = {"units": {"ottoman": {"corsairs": 1}}, "leaders": []}  # a battle's
    view = views.view(state, None)
    s = presenter_for("here-i-stand", lang).status_context(view)
    assert s["sea"]["out"] == lost
    assert s["sea"]["piracy"] == ("Ionian Sea" if lang == "en" else "Ионическое море")
    assert any("Barbarossa" in row or "Барбаросса" in row for row in s["units"])
    zone = next(a for a in board.board(view, lang)["areas"] if a["id"] == "ionian_sea")
    assert zone["badges"][-1]["text"] == marker


def test_transport_offered_to_bots_and_never_into_a_neutral_port():
    """§16.3 step 3: the landing obeys the usual conditions of a move (§13.1): not into
    French Marseille at peace (1532); the one-hop transports are offered as options."""
    state = into_action(fresh("1532"), "hapsburg", cp=4)
    put(state, "gulf_of_lyon", "hapsburg", squadrons=1)
    d = asked(state, "hapsburg")
    offered = {o.example for o in d.options.options if o.example.startswith("TRANSPORT")}
    assert "TRANSPORT barcelona -> gulf_of_lyon -> valencia 1" in offered
    assert not any("marseille" in o for o in offered)
    _round_trip(state, d)
    with pytest.raises(IllegalOrder, match="neither at war nor allied"):
        order(state, "hapsburg", "TRANSPORT Barcelona -> Gulf of Lyon -> Marseille 1")
    state = order(state, "hapsburg", "TRANSPORT Barcelona -> Gulf of Lyon -> Valencia 1")
    assert S.units(state, "valencia")["hapsburg"]["regulars"] >= 1


def test_ships_leave_a_port_whose_control_changes():
    """§12.2 (L727): the Ottomans (1532) take control of unfortified Oran (reached over the
    Barbary Coast, where their corsair gives the line of communication); ships do not stop
    it; the Hapsburg squadron there must retreat as after a naval battle (step 9), but its
    only sea zone holds enemy ships: it is lost until the next turn."""
    state = into_action(fresh("1532"), "ottoman", cp=2)
    put(state, "oran", "ottoman", regulars=2)
    put(state, "oran", "hapsburg", squadrons=1)
    put(state, "barbary_coast", "ottoman", corsairs=1)
    state = order(state, "ottoman", "CONTROL Oran")
    assert S.controller(state, "oran") == "ottoman"
    assert "hapsburg" not in S.units(state, "oran")
    assert state["naval_out"]["units"]["hapsburg"] == {"squadrons": 1}
    assert "must leave" in log_text(state["log"][-3:])


def test_split_stacks_leaders_and_the_atlantic():
    """§16.1: a stack may split (the Hapsburg squadron leaves the Genoese one behind); Doria
    goes with any ship of his side and must go when all leave (rule 3); the Hapsburg
    squadron may enter the Atlantic without the Genoese one, never with Doria; a zone where
    some of the power's ships stay is not "arrived" (no interception there)."""
    state = barbary()
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    put(state, "bay_of_biscay", "genoa", squadrons=1)
    put(state, "bay_of_biscay", "hapsburg", squadrons=1)
    with pytest.raises(IllegalOrder, match="Atlantic"):
        order(state, "hapsburg", "NAVAL MOVE Bay of Biscay -> Atlantic Ocean")
    moved = order(state, "hapsburg", "NAVAL MOVE Bay of Biscay -> Atlantic Ocean 1S")
    assert S.units(moved, "atlantic_ocean")["hapsburg"] == {"squadrons": 1}
    assert S.units(moved, "bay_of_biscay")["genoa"] == {"squadrons": 1}
    with pytest.raises(IllegalOrder, match="must go"):        # all leave, Doria stays
        order(state, "hapsburg", "NAVAL MOVE Tyrrhenian Sea -> Naples WITH NONE 1S 1G")
    with pytest.raises(IllegalOrder):                         # more than there are
        order(state, "hapsburg", "NAVAL MOVE Tyrrhenian Sea -> Naples 2S")
    moved = order(state, "hapsburg", "NAVAL MOVE Tyrrhenian Sea -> Naples WITH Doria 1G, "
                  "Tyrrhenian Sea -> Barbary Coast 1S")
    assert S.units(moved, "naples")["genoa"] == {"squadrons": 1}
    assert "andrea_doria" in S.leaders_at(moved, "naples")
    assert S.units(moved, "barbary_coast")["hapsburg"] == {"squadrons": 1}
    d = asked(moved, "ottoman")                               # Barbary Coast was arrived in
    assert d.kind == "naval-intercept"
    parsed = HIS.parse(state, asked(state, "hapsburg"),
                       "NAVAL MOVE Tyrrhenian Sea -> Naples WITH Doria 1G, Tyrrhenian Sea -> "
                       "Barbary Coast 1S")
    assert grammar.order_text(parsed) == ("NAVAL MOVE tyrrhenian_sea -> naples WITH "
                                          "andrea_doria 1G, tyrrhenian_sea -> barbary_coast "
                                          "1S")
    assert HIS.parse(state, asked(state, "hapsburg"), grammar.order_text(parsed)) == parsed


def test_a_venetian_squadron_lent_to_the_hapsburgs_stays_out_of_the_atlantic():
    """§16.1 with §9.2 (L524): the lent Venetian squadron became a Hapsburg squadron but
    still may not enter the Atlantic: of the 2 Hapsburg squadrons in the Bay of Biscay only 1
    (their own) may go, and then no other; nor may the pair intercept into the Atlantic."""
    from games.here_i_stand.navy import move
    state = barbary()
    state["phase_data"]["active"] = S.MAJORS.index("hapsburg")
    put(state, "bay_of_biscay", "hapsburg", squadrons=2)
    state["loans"] = [{"owner": "venice", "lender": "venice", "receiver": "hapsburg",
                       "squadrons": 1, "port": "naples", "leader": None}]
    held = sum(S.units(state, s).get("hapsburg", {}).get("squadrons", 0) for s in state["spaces"])
    assert move.atlantic_room(state, "hapsburg") == held - 1
    state["loans"][0]["squadrons"] = held - 1               # all but one of them lent
    with pytest.raises(IllegalOrder, match="Atlantic"):
        order(state, "hapsburg", "NAVAL MOVE Bay of Biscay -> Atlantic Ocean")
    moved = order(state, "hapsburg", "NAVAL MOVE Bay of Biscay -> Atlantic Ocean 1S")
    assert S.units(moved, "atlantic_ocean")["hapsburg"] == {"squadrons": 1}
    assert move.atlantic_room(moved, "hapsburg") == 0
    moved["wars"] = sorted(moved["wars"] + [["france", "hapsburg"]])
    french = {"power": "france", "tried_from": []}
    assert "bay_of_biscay" not in move.stacks(moved, "hapsburg", "atlantic_ocean", french)
    moved["loans"] = []
    assert "bay_of_biscay" in move.stacks(moved, "hapsburg", "atlantic_ocean", french)


def test_a_zone_where_ships_stay_is_not_arrived():
    """§16.1 step 2: ships joining their own ships that stay in a zone are not "arrived":
    no interception there."""
    state = barbary()
    put(state, "barbary_coast", "ottoman", squadrons=1)
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast")
    assert not any(d.kind == "naval-intercept" for d in HIS.decisions(state))


def test_every_sea_war_keyword_of_the_reference_is_read():
    """Each Russian word the reference (ORDERS.md) lists for a war-at-sea answer reads as
    its verb."""
    from pbem import orders_reference
    ref = orders_reference.load(HIS)
    section = next(s for s in ref["sections"] if s["id"] == "sea_war")
    for entry in section["orders"]:
        for word in entry.get("words", ()):
            assert grammar.verb_of(f"{word} x") == entry["verb"].split()[0], word


def test_only_the_ships_that_lost_a_battle_stay_put():
    """§16.1 rule 4: E10's beaten Ottoman squadron retreats to the North African Coast, where
    another Ottoman squadron was; that one may move on this impulse, the beaten one not."""
    state = barbary()
    state["phase_data"]["cp"] = 3
    put(state, "north_african_coast", "ottoman", squadrons=1)
    dice = FixedDice(*ROLL_E10)
    state = _e10_until_the_roll(state, dice)
    state = order(state, "hapsburg", "LOSE 1 Genoa", dice)
    state = order(state, "ottoman", "RETREAT TO North African Coast", dice)
    assert S.units(state, "north_african_coast")["ottoman"] == {"squadrons": 2}
    with pytest.raises(IllegalOrder, match="lost a naval battle"):
        order(state, "ottoman", "NAVAL MOVE North African Coast -> Ionian Sea")
    moved = order(state, "ottoman", "NAVAL MOVE North African Coast -> Ionian Sea WITH NONE 1S")
    assert S.units(moved, "ionian_sea")["ottoman"] == {"squadrons": 1}


@pytest.mark.card(34)
def test_professional_rowers_change_an_interception_roll_by_two():
    """#34 (card text): E10's Ionian interception rolls 7 and would fail; the Hapsburgs, the
    rolling power, are asked first and play Rowers +2: 9 succeeds.  France could hold the
    card too and is asked only while it is unplayed; STANDING NAVAL-ROWERS NEVER passes."""
    state = barbary()
    state["hands"]["hapsburg"] = [34]
    state["hands"]["france"] = [45]
    dice = FixedDice(*ROLL_E10)
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", dice)
    d = asked(state, "hapsburg")
    assert d.kind == "naval-rowers" and d.private and d.context["total"] == 7
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 34 +2", "PLAY 34 -2"]
    _round_trip(state, d)
    assert HIS.default(state, d) == {"verb": "DONE"}
    state = order(state, "hapsburg", "PLAY Professional Rowers +2", dice)
    assert not any(x.kind == "naval-rowers" for x in HIS.decisions(state))   # card gone
    won = next(e for e in state["log"] if e["msg"] == "naval_intercept_success")
    assert (won["space"], won["total"], won["modifier"]) == ("ionian_sea", 9, "+2")
    assert S.units(state, "barbary_coast")["hapsburg"] == {"squadrons": 1}
    assert 34 in state["discard"]
    state = barbary()
    state["hands"]["france"] = [45]
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", dice)
    state = order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", FixedDice(3, 4))
    d = asked(state, "france")
    assert [o.example for o in d.options.options] == ["DONE"]        # asked all the same
    policy = standing.parse(HIS, "STANDING NAVAL-ROWERS NEVER").policy
    assert HIS.answer_from_standing(state, d, policy) == {"verb": "DONE"}


def _e10_declare(hands, discard=()):
    """E10 (§16.2) up to the combat cards declared before the roll (steps 3-4)."""
    state = barbary()
    state["hands"].update(hands)
    state["discard"] += list(discard)
    dice = FixedDice(*ROLL_E10)
    state = order(state, "ottoman", "NAVAL MOVE Tunis -> Barbary Coast", dice)
    state = _pass_rowers(order(state, "hapsburg", "INTERCEPT FROM Ionian Sea", dice), dice)
    return _pass_rowers(order(state, "hapsburg", "INTERCEPT FROM Tyrrhenian Sea", dice), dice)


def _pass_rowers(state, dice):
    while HIS.decisions(state) and HIS.decisions(state)[0].kind == "naval-rowers":
        state = order(state, HIS.decisions(state)[0].seat, "DONE", dice)
    return state


@pytest.mark.card(24)
def test_arquebusiers_declared_before_a_naval_roll_add_two_dice():
    """§16.2 steps 3-4 (L1025-1026) and #24's text (field battle or naval combat, declared
    before either side rolls): in E10 the attacking Ottomans, asked first, declare
    Arquebusiers: 7 + 2 = 9 dice [5, 5, 6, 1, 1, 1, 1, 5, 1], 4 hits against the Hapsburgs' 3
    (6 dice): the Ottomans win.  The card was the deck's only one: the defender is not
    asked before the roll."""
    state = _e10_declare({"ottoman": [24], "hapsburg": [40]})
    d = asked(state, "ottoman")
    assert d.kind == "naval-declare" and d.private
    assert d.context["dice"] == "7-6"
    assert [o.example for o in d.options.options] == ["DONE", "PLAY 24"]
    _round_trip(state, d)
    dice = FixedDice(5, 5, 6, 1, 1, 1, 1, 5, 1, 5, 6, 5, 1, 1, 1)
    state = order(state, "ottoman", "PLAY Arquebusiers", dice)
    assert 24 in state["discard"] and not state["hands"]["ottoman"]
    assert "Ottomans declared #24" in log_text(state["log"][-3:])
    while HIS.decisions(state)[0].kind == "naval-cards":       # after the roll: nobody plays
        assert HIS.decisions(state)[0].kind != "naval-declare"
        state = order(state, HIS.decisions(state)[0].seat, "DONE", dice)
    fought = next(e for e in reversed(state["log"]) if e["msg"] == "naval_battle")
    assert (fought["attacker_dice"], fought["defender_dice"]) == (9, 6)
    assert (fought["attacker_hits"], fought["defender_hits"]) == (4, 3)
    assert fought["winner"] == "ottoman"


@pytest.mark.card(24)
def test_arquebusiers_window_by_public_information_and_its_standing_order():
    """Each side with a hand is asked before the roll, attacker first, holder or not (a
    window never reveals a hand); DONE by default; ``STANDING naval-declare NEVER`` answers
    DONE; nobody is asked once #24 is in the discard pile."""
    state = _e10_declare({"ottoman": [40], "hapsburg": [41]})
    d = asked(state, "ottoman")
    assert d.kind == "naval-declare"
    assert [o.example for o in d.options.options] == ["DONE"]
    assert HIS.default(state, d) == {"verb": "DONE"}
    never = standing.parse(HIS, "STANDING naval-declare NEVER")
    assert HIS.answer_from_standing(state, d, never.policy) == {"verb": "DONE"}
    state = order(state, "ottoman", "DONE")
    assert asked(state, "hapsburg").kind == "naval-declare"
    later = _e10_declare({"ottoman": [40], "hapsburg": [41]}, discard=[24])
    assert all(d.kind != "naval-declare" for d in HIS.decisions(later))
