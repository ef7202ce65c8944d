"""Pax Renaissance: agents (§5.2.2), coronation (§9), the operations (§5.4, §6), regime
change and vassals, and the off-turn questions (digest §4 N1, N2), with the booklet's
worked examples (digest §6: 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 22, 23)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from engine.options import OneOf
from games.pax_renaissance import RULES, catalog
from games.pax_renaissance.ops import op_options
from games.pax_renaissance.victory import owned_cards


def new(seats=("fugger", "medici")):
    state = RULES.setup(None, list(seats), {}, Dice("pax"))
    state["cities"] = {c: None for c in state["cities"]}
    state["borders"] = {b: None for b in state["borders"]}
    for row in ("east", "west"):
        for cell in state["market"][row]:
            cell["florins"] = 0
    return state


def act(state, text, seat=None):
    decision = RULES.decisions(state)[0]
    if seat is not None:
        assert decision.seat == seat, (decision.seat, decision.kind)
    order = RULES.parse(state, decision, text)
    return RULES.apply(state, decision.seat, order, Dice("x"))


def asked(state):
    decision = RULES.decisions(state)[0]
    return decision.seat, decision.kind


def deal(state, seat, *cards):
    """Make `cards` `seat`'s hand, taking each out of the decks and the market first, so
    every card stays in one place (`Rules.validate`)."""
    for deck in state["decks"].values():
        deck[:] = [c for c in deck if c not in cards]
    for cells in state["market"].values():
        for cell in cells:
            if cell["card"] in cards:
                cell["card"] = None
    state["hands"][seat] = list(cards)


def own(state, seat, *cards):
    """Put cards into a tableau, each on its banner's side (§5.2.1)."""
    for card in cards:
        if card.startswith("ruler_"):
            empire = card[6:]
            state["rulers"][empire]["owner"] = seat
            side = "east" if empire in ("hungary", "ottoman", "byzantium", "mamluk") else "west"
        else:
            side = catalog.cards()[card]["region"]
        state["tableaux"][seat][side].append(card)


def pawn(seat):
    return {"piece": "pawn", "owner": seat}


def test_example_4_pawn_agent_without_one_shot():
    """Example 4 (§5.2.2.Г): Flanders Guild's pawn may go on France's empty border, on the
    enemy concession for 1 florin, never on the pirate's border."""
    state = new()
    state["borders"]["france__holy_roman_empire"] = pawn("medici")
    state["borders"]["england__france"] = {"piece": "pirate", "religion": "islamic"}
    state["hands"]["fugger"] = ["pren036"]
    act(state, "PLAY pren036")
    act(state, "NO")
    options = RULES.decisions(state)[0].options
    assert options.admits({"verb": "PLACE", "to": "aragon__france"})
    assert options.admits({"verb": "PLACE", "to": "france__holy_roman_empire"})
    assert not options.admits({"verb": "PLACE", "to": "england__france"})
    act(state, "PLACE aragon__france")
    assert state["borders"]["aragon__france"] == pawn("fugger")
    assert state["florins"]["fugger"] == 3 and state["pawns"]["fugger"] == 8
    assert asked(state) == ("fugger", "action")


def test_agent_pawn_onto_a_concession_represses_it_for_a_florin():
    """§5.2.2.Г: an existing pawn is repressed onto the location's ruler for 1 florin."""
    state = new()
    state["borders"]["france__holy_roman_empire"] = pawn("medici")
    state["hands"]["fugger"] = ["pren036"]
    act(state, "PLAY pren036")
    act(state, "NO")
    act(state, "PLACE Augsburg")
    assert state["florins"]["fugger"] == 2
    assert state["rulers"]["france"]["repressed"] == [pawn("medici")]


def test_example_5_inquisitor_unblocks_a_commerce_card():
    """Example 5 (§5.4): commerce +1; an inquisitor moves the red bishop off a blocked
    commerce card, whose commerce then fires (+1)."""
    state = new()
    own(state, "fugger", "pren038", "pren037", "pren040")
    state["bishops"]["pren040"] = "protestant"
    state["market"]["west"][2]["florins"] = 1
    state["market"]["west"][4]["florins"] = 2
    act(state, "OPS west")
    with pytest.raises(IllegalOrder):
        act(state, "OP pren040 commerce 4")
    act(state, "OP pren038 commerce 2")
    act(state, "OP pren037 inquisitor pren040 ruler_aragon")
    assert state["bishops"] == {"ruler_aragon": "protestant"}
    act(state, "OP pren040 commerce 4")
    assert state["florins"]["fugger"] == 5
    assert asked(state) == ("fugger", "action")   # the ops question settled itself
    assert "west" in state["turn_state"]["ops"]
    assert "OPS" not in RULES.decisions(state)[0].options.verbs() or \
        not RULES.decisions(state)[0].options.admits({"verb": "OPS", "side": "west"})


def test_example_7_inquisitor_steps_and_pacifies():
    """Example 7 (§6.1): three Protestant inquisitor ops move one red bishop three steps:
    England's throne → a West-located card → another → Portugal's ruler, where it pacifies
    a repressed piece (§6.1.Б); Portugal's campaign is then blocked (§5.4.4).  A throne
    never passes a bishop straight to another throne (§6.1.В)."""
    state = new()
    own(state, "fugger", "pren037", "pren005", "pren011")
    own(state, "medici", "pren041", "ruler_portugal")
    state["cities"]["lisbon"] = {"piece": "knight", "religion": "catholic"}
    state["rulers"]["portugal"]["repressed"] = [pawn("fugger")]
    state["bishops"]["ruler_england"] = "protestant"
    act(state, "OPS west")
    assert not RULES.decisions(state)[0].options.admits(
        {"verb": "OP", "card": "pren037", "op": "inquisitor", "bishop": "ruler_england",
         "to": "ruler_aragon"})
    act(state, "OP pren037 inquisitor ruler_england pren041")
    act(state, "OP pren005 inquisitor pren041 pren011")
    act(state, "OP pren011 inquisitor pren011 ruler_portugal 1")
    assert state["bishops"] == {"ruler_portugal": "protestant"}
    assert state["rulers"]["portugal"]["repressed"] == []
    assert state["pawns"]["fugger"] == 10
    assert not [o for o in op_options(state, "medici", "west", [])
                if dict(o.fields).get("op") == OneOf(("campaign",))]


def test_worms_two_bishops_destroy_each_other():
    """§6.1.А: a bishop moving onto another bishop destroys both."""
    state = new()
    own(state, "fugger", "pren037", "pren040")
    state["bishops"] = {"pren040": "catholic", "ruler_aragon": "protestant"}
    act(state, "OPS west")
    act(state, "OP pren037 inquisitor ruler_aragon pren040")
    assert state["bishops"] == {}


def test_example_8_bishop_on_gutenberg_cuts_the_hand():
    """Example 8 (§6.1.Ж, digest §4 N2): a bishop lands on Gutenberg and its owner must cut
    his hand to 2 at once; the default discards the newest cards."""
    state = new()
    own(state, "medici", "pren043")
    own(state, "fugger", "pren037")
    state["hands"]["medici"] = ["pren001", "pren002", "pren003"]
    state["bishops"]["ruler_holy_roman_empire"] = "protestant"
    act(state, "OPS west")
    act(state, "OP pren037 inquisitor ruler_holy_roman_empire pren043")
    decision = RULES.decisions(state)[0]
    assert (decision.seat, decision.kind) == ("medici", "discard")
    assert RULES.default(state, decision) == {"verb": "DISCARD", "cards": ("pren003",)}
    order = RULES.answer_from_standing(state, decision, "OLDEST")
    assert order == {"verb": "DISCARD", "cards": ("pren001",)}
    act(state, "DISCARD pren002", seat="medici")
    assert state["hands"]["medici"] == ["pren001", "pren003"]
    assert state["discards"]["medici"] == ["pren002"]
    assert asked(state)[0] == "fugger"
    assert "pren002" not in str(RULES.view(state, "fugger"))


def test_example_9_commerce_takes_the_lone_west_florin():
    """Example 9 (§6.2): Bundschuh Revolt's commerce takes the one florin of the West row."""
    state = new()
    own(state, "fugger", "pren038")
    state["market"]["west"][3]["florins"] = 1
    act(state, "OPS west")
    act(state, "OP pren038 commerce 3")
    assert state["market"]["west"][3]["florins"] == 0
    assert state["florins"]["fugger"] == 4


def test_example_10_behead_an_east_card_from_ottoman():
    """Example 10 (§6.3): an Ottoman card beheads a card located East (East includes
    Ottoman); a card of another location is no target."""
    state = new()
    own(state, "fugger", "pren058")
    own(state, "medici", "pren118x", "pren038")
    act(state, "OPS east")
    options = RULES.decisions(state)[0].options
    assert not options.admits({"verb": "OP", "card": "pren058", "op": "behead",
                               "target": "pren038"})
    act(state, "OP pren058 behead pren118x")
    assert "pren118x" not in state["tableaux"]["medici"]["east"]


def test_behead_a_ruler_sends_him_home_and_discards_the_assassin():
    """§6.3.А–Б: a beheaded ruler goes to his throne, his queen is discarded; the assassin
    card is discarded too."""
    state = new()
    own(state, "fugger", "pren058")
    own(state, "medici", "ruler_ottoman")
    state["rulers"]["ottoman"]["queen"] = "pren076"
    act(state, "OPS east")
    act(state, "OP pren058 behead ruler_ottoman")
    assert state["rulers"]["ottoman"]["owner"] is None
    assert state["rulers"]["ottoman"]["queen"] is None
    assert "pren058" not in state["tableaux"]["fugger"]["east"]


def tax_state():
    state = new(("fugger", "medici", "coeur"))
    own(state, "fugger", "pren029")
    state["borders"]["mamluk__ottoman"] = pawn("coeur")
    state["regimes"]["mamluk"] = "catholic"
    act(state, "OPS west")
    act(state, "OP pren029 tax mamluk__ottoman mamluk")
    return state


def test_example_11_tax_the_owner_pays_and_places_a_warrior():
    """Example 11 (§6.4): the concession's owner, not the active banker, is asked; he pays
    1 florin and picks Cairo, whose circle (Catholic Mamluk) gives a gold rook."""
    state = tax_state()
    decision = RULES.decisions(state)[0]
    assert (decision.seat, decision.kind) == ("coeur", "tax")
    assert RULES.default(state, decision) == {"verb": "PAY", "city": "cairo"}
    before = state["florins"]["coeur"]
    act(state, "PAY Cairo", seat="coeur")
    assert state["florins"]["coeur"] == before - 1
    assert state["cities"]["cairo"] == {"piece": "rook", "religion": "catholic"}
    assert state["borders"]["mamluk__ottoman"] == pawn("coeur")
    assert asked(state) == ("fugger", "action")    # the ops resume and, spent, settle


def test_tax_repress_and_standing_order():
    """§6.4: the owner may let the concession be repressed (free) onto the taxed empire's
    ruler; a standing REPRESS answers without asking; with no florin he must repress."""
    state = tax_state()
    decision = RULES.decisions(state)[0]
    assert RULES.answer_from_standing(state, decision, "REPRESS") == \
        {"verb": "REPRESS", "city": "cairo"}
    state["florins"]["coeur"] = 0
    assert RULES.default(state, RULES.decisions(state)[0])["verb"] == "REPRESS"
    act(state, "REPRESS cyprus", seat="coeur")
    assert state["borders"]["mamluk__ottoman"] is None
    assert state["rulers"]["mamluk"]["repressed"] == [pawn("coeur")]
    assert state["cities"]["cyprus"] == {"piece": "rook", "religion": "catholic"}
    assert RULES.standing_kinds()["tax"] == ("PAY", "REPRESS")


def test_tax_needs_an_uncrowded_empire():
    """§6.4.А: no tax where every city is full."""
    state = new()
    own(state, "fugger", "pren029")
    state["borders"]["mamluk__ottoman"] = pawn("medici")
    for city in ("cairo", "cyprus", "red_sea", "alexandria", "damascus", "jerusalem",
                 "aleppo", "mecca", "baghdad"):
        if city in state["cities"]:
            state["cities"][city] = {"piece": "rook", "religion": "islamic"}
    assert not any(o.admits({"verb": "OP", "card": "pren029", "op": "tax",
                             "target": "mamluk__ottoman", "empire": "mamluk"})
                   for o in op_options(state, "fugger", "west", []))


def test_example_12_queen_represses_in_her_husband_s_location():
    """Example 12 (§6.5): Isabella, married to Aragon's monarch, represses a concession on
    an Aragon border onto Aragon's ruler for +1 florin; a rook was legal too."""
    state = new()
    own(state, "fugger", "ruler_aragon")
    state["rulers"]["aragon"]["queen"] = "pren044"
    state["borders"]["aragon__papal_states"] = pawn("medici")
    state["cities"]["valencia"] = {"piece": "rook", "religion": "catholic"}
    act(state, "OPS west")
    options = RULES.decisions(state)[0].options
    assert options.admits({"verb": "OP", "card": "pren044", "op": "repress",
                           "target": "valencia", "empire": "aragon"})
    act(state, "OP pren044 repress aragon__papal_states aragon")
    assert state["rulers"]["aragon"]["repressed"] == [pawn("medici")]
    assert state["florins"]["fugger"] == 4


def test_example_13_vote_pays_serfs_flips_and_golden_liberty():
    """Example 13 (§6.6): own Papal ruler with 3 serfs; 2 concessions against 1; pay 3, it
    becomes a republic; all borders full, so 1 more florin represses the rival's pawn (4
    serfs); Golden Liberty makes Papal feudal."""
    state = new()
    own(state, "fugger", "ruler_papal_states", "pren036")
    state["rulers"]["papal_states"]["repressed"] = [pawn("medici")] * 3
    state["borders"]["aragon__papal_states"] = pawn("fugger")
    state["borders"]["holy_roman_empire__papal_states"] = pawn("fugger")
    state["borders"]["ottoman__papal_states"] = pawn("medici")
    state["florins"]["fugger"] = 5
    act(state, "OPS west")
    act(state, "OP pren036 vote papal_states feudal")
    assert state["florins"]["fugger"] == 2
    assert state["rulers"]["papal_states"]["face"] == "republic"
    assert state["regimes"]["papal_states"] == "feudal"
    assert asked(state) == ("fugger", "concession")
    act(state, "CONCESSION ottoman__papal_states")
    assert state["florins"]["fugger"] == 1
    assert len(state["rulers"]["papal_states"]["repressed"]) == 4
    assert state["borders"]["ottoman__papal_states"] == pawn("fugger")
    assert asked(state) == ("fugger", "action")   # no room to free a serf; ops spent


def test_vote_needs_a_majority_and_takes_a_rival_s_ruler_as_a_monarchy():
    """§6.6.Б–В: no majority, no vote; with it a rival's ruler comes monarchy side up."""
    state = new()
    own(state, "fugger", "pren036")
    own(state, "medici", "ruler_france")
    state["rulers"]["france"]["face"] = "republic"
    assert not op_options(state, "fugger", "west", [])
    state["borders"]["aragon__france"] = pawn("fugger")
    act(state, "OPS west")
    act(state, "OP pren036 vote france keep")
    assert state["rulers"]["france"] == {**state["rulers"]["france"], "owner": "fugger",
                                         "face": "king"}
    assert state["tableaux"]["fugger"]["west"][0] == "ruler_france"


def test_example_14_corsair_destroys_only_at_its_destination():
    """Example 14 (§6.7): an Ottoman corsair moves a green pirate from Hungary–Ottoman to
    Florence (Aragon–Papal, reached through the Ottoman–Papal sea border) and destroys the
    concession there only."""
    state = new()
    own(state, "fugger", "pren063")
    state["borders"]["hungary__ottoman"] = {"piece": "pirate", "religion": "islamic"}
    state["borders"]["aragon__papal_states"] = pawn("medici")
    state["borders"]["mamluk__ottoman"] = pawn("medici")
    act(state, "OPS east")
    act(state, "OP pren063 corsair hungary__ottoman aragon__papal_states")
    assert state["borders"]["aragon__papal_states"] == {"piece": "pirate",
                                                         "religion": "islamic"}
    assert state["borders"]["hungary__ottoman"] is None
    assert state["borders"]["mamluk__ottoman"] == pawn("medici")
    assert state["pawns"]["medici"] == 10


def test_example_15_siege_destroys_the_pirate():
    """Example 15 (§6.8): Duke of Milan (Aragon) sieges; knight, rook and pirate are all
    targets; the pirate is destroyed for free."""
    state = new()
    own(state, "fugger", "pren032")
    state["cities"]["valencia"] = {"piece": "knight", "religion": "catholic"}
    state["cities"]["algiers"] = {"piece": "rook", "religion": "islamic"}
    state["borders"]["aragon__portugal"] = {"piece": "pirate", "religion": "islamic"}
    act(state, "OPS west")
    options = RULES.decisions(state)[0].options
    for target in ("valencia", "algiers"):
        assert options.admits({"verb": "OP", "card": "pren032", "op": "siege",
                               "target": target})
    act(state, "OP pren032 siege aragon__portugal")
    assert state["borders"]["aragon__portugal"] is None
    assert state["florins"]["fugger"] == 3


def test_example_16_campaign_makes_a_vassal_of_the_suzerain():
    """Example 16 (§6.9): HRE, itself an Ottoman vassal, campaigns on France with 2 knights
    (2 florins); no defenders, so France is taken from a rival as a vassal of the Ottomans;
    a concession; its gold rook goes to Paris and its pawn to a border; the knights stay."""
    state = new()
    own(state, "fugger", "ruler_ottoman")
    state["rulers"]["holy_roman_empire"].update(owner="fugger", suzerain="ottoman")
    state["tableaux"]["fugger"]["east"].append("ruler_holy_roman_empire")
    own(state, "medici", "ruler_france")
    state["rulers"]["france"]["repressed"] = [{"piece": "rook", "religion": "catholic"},
                                              pawn("medici")]
    state["cities"]["vienna"] = {"piece": "knight", "religion": "catholic"}
    state["cities"]["nurnberg"] = {"piece": "knight", "religion": "protestant"}
    state["florins"]["fugger"] = 3
    act(state, "OPS west")
    act(state, "OP ruler_holy_roman_empire campaign france")
    assert asked(state) == ("fugger", "concession")
    assert state["florins"]["fugger"] == 1
    assert state["rulers"]["france"]["owner"] == "fugger"
    assert state["rulers"]["france"]["suzerain"] == "ottoman"
    assert state["cities"]["vienna"] and state["cities"]["nurnberg"]
    act(state, "CONCESSION aragon__france")
    act(state, "FREE 1 paris")
    act(state, "FREE 1 france__holy_roman_empire")
    assert state["cities"]["paris"] == {"piece": "rook", "religion": "catholic"}
    assert state["borders"]["france__holy_roman_empire"] == pawn("medici")
    assert state["borders"]["aragon__france"] == pawn("fugger")


def one_knight_against_two():
    """HRE's knight in Vienna campaigns against France's knights in Paris and Lyon (§6.9);
    the state and its battle question."""
    state = new()
    own(state, "fugger", "ruler_holy_roman_empire")
    for city in ("vienna", "paris", "lyon"):
        state["cities"][city] = {"piece": "knight", "religion": "catholic"}
    act(state, "OPS west")
    act(state, "OP ruler_holy_roman_empire campaign france")
    return state, RULES.decisions(state)[0]


def test_campaign_battle_casualties_are_asked_and_a_loss():
    """Glossary СРАЖЕНИЕ: min(A, D) die on each side, the active banker picks which (here the
    defender in Lyon, not the first in map order); no win when A ≤ D."""
    state, decision = one_knight_against_two()
    assert (decision.seat, decision.kind) == ("fugger", "battle")
    assert RULES.default(state, decision) == {"verb": "LOSE", "attackers": ("vienna",),
                                               "defenders": ("lyon",)}
    with pytest.raises(IllegalOrder):
        RULES.parse(state, decision, "LOSE vienna paris,lyon")
    act(state, "LOSE vienna Paris")
    assert state["cities"]["vienna"] is None and state["cities"]["paris"] is None
    assert state["cities"]["lyon"]
    assert state["rulers"]["france"]["owner"] is None


def test_standing_battle_orders_pick_the_first_or_last_listed():
    """Casualties may be answered in advance: STANDING battle FIRST or LAST (digest §4 A5)."""
    state, decision = one_knight_against_two()
    assert RULES.standing_kinds()["battle"] == ("FIRST", "LAST")
    assert RULES.answer_from_standing(state, decision, "LAST") == {
        "verb": "LOSE", "attackers": ("vienna",), "defenders": ("paris",)}
    assert RULES.answer_from_standing(state, decision, "FIRST")["defenders"] == ("lyon",)


def test_example_22_coronation_from_the_throne():
    """Example 22 (§9.1): Sophia marries Matthias Corvinus on Hungary's throne: a regime
    change with a concession on a Hungary border; the couple goes East."""
    state = new()
    deal(state, "fugger", "pren076")
    act(state, "PLAY Sophia Palaiologina")
    assert asked(state) == ("fugger", "coronation")
    act(state, "MARRY hungary")
    assert state["rulers"]["hungary"]["owner"] == "fugger"
    assert state["rulers"]["hungary"]["queen"] == "pren076"
    assert state["tableaux"]["fugger"]["east"] == ["ruler_hungary"]
    act(state, "CONCESSION byzantium__hungary")
    assert state["borders"]["byzantium__hungary"] == pawn("fugger")
    assert owned_cards(state, "fugger") == ["ruler_hungary", "pren076"]


def test_example_23_no_suitor_left_she_stays_unmarried():
    """Example 23 (§9.2): every suitor married or a rival's: under the mat; her prestige
    counts."""
    state = new()
    for empire in ("hungary", "byzantium"):
        state["rulers"][empire]["owner"] = "medici"
    state["rulers"]["holy_roman_empire"]["queen"] = "pren045"
    deal(state, "fugger", "pren076")
    act(state, "PLAY pren076")
    assert RULES.decisions(state)[0].options.verbs() == ["UNMARRIED"]
    act(state, "UNMARRIED")
    assert state["queens"]["fugger"] == ["pren076"]


def test_ops_once_per_side_and_one_op_per_card():
    """§5.4: each card one op a turn; each side once a turn."""
    state = new()
    own(state, "fugger", "pren036")
    state["market"]["west"][1]["florins"] = 3
    act(state, "OPS west")
    act(state, "OP pren036 commerce 1")
    assert asked(state) == ("fugger", "action")
    assert not RULES.decisions(state)[0].options.admits({"verb": "OPS", "side": "west"})


def _tax_game(seed):
    """A real game (engine.game) whose position is tax_state's before the op: Fugger holds
    Knights of Rhodes' tax, Coeur a concession on the Mamluk–Ottoman border."""
    import copy
    import datetime as dt

    from engine.game import Game
    at = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    game = Game.create(RULES, "p", {s: {"players": [f"{s}@x"]}
                                    for s in ("fugger", "medici", "coeur")}, now=at, seed=seed)
    state = copy.deepcopy(game.state)  # a new object: the game's answers are per state
    own(state, "fugger", "pren029")
    state["borders"]["mamluk__ottoman"] = pawn("coeur")
    state["regimes"]["mamluk"] = "catholic"
    game.state = state
    return game, at


def test_a_turn_script_waits_for_the_tax_answer_then_resumes():
    """Digest §4 N1: Fugger's whole turn in one mail; the tax asks Coeur, so PASS is held;
    Coeur's answer lets it run, and the turn passes."""
    game, at = _tax_game("tax-script")
    receipt = game.submit("fugger", "OPS west\nOP pren029 tax mamluk__ottoman mamluk\nPASS",
                          at=at)
    assert [r.status for r in receipt.results] == ["applied", "applied", "held"]
    assert [(d.seat, d.kind) for d in game.decisions()] == [("coeur", "tax")]
    pay = RULES.default(game.state, game.decisions()[0])
    assert pay["verb"] == "PAY"
    assert game.submit("coeur", RULES.order_text(pay), at=at).results[0].status == "applied"
    assert game.held("fugger") == []
    assert game.decisions()[0].seat == "medici"


def test_a_standing_tax_order_sent_by_mail_answers_without_asking():
    """STANDING tax REPRESS in Coeur's mail answers the tax at once: the script runs to its
    end and Coeur is never asked."""
    game, at = _tax_game("tax-standing")
    assert game.submit("coeur", "STANDING tax REPRESS", at=at).results[0].status == "applied"
    receipt = game.submit("fugger", "OPS west\nOP pren029 tax mamluk__ottoman mamluk\nPASS",
                          at=at)
    assert [r.status for r in receipt.results] == ["applied", "applied", "applied"]
    assert game.state["borders"]["mamluk__ottoman"] is None
    assert game.state["rulers"]["mamluk"]["repressed"] == [pawn("coeur")]
    assert game.decisions()[0].seat == "medici"
