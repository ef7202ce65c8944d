"""Pax Renaissance: selling a royal couple and sale effects (§5.3), Cryptography (worked
example 30), the behead limits of three cards, effects that make operations or a fair free
(glossary ЭФФЕКТ.Б) and Star Chamber (§9, note 42)."""
from __future__ import annotations

from games.pax_renaissance import RULES
from games.pax_renaissance.places import owned_cards
from tests.games.pax_renaissance.test_pax_ops import act, asked, new, own

CRYPTOGRAPHY, ISABELLA, ENCLOSURE = "pren130x", "pren044", "pren161x"


def couple(state, seat, empire, queen):
    own(state, seat, f"ruler_{empire}")
    state["rulers"][empire]["queen"] = queen


def test_royal_couple_sells_only_together_for_4():
    """§5.3.А–Б: selling either card of a couple sends both home married, for 4 florins."""
    state = new()
    couple(state, "fugger", "portugal", ISABELLA)
    act(state, f"SELL {ISABELLA}")
    assert state["florins"]["fugger"] == 7
    assert state["rulers"]["portugal"]["owner"] is None
    assert state["rulers"]["portugal"]["queen"] == ISABELLA
    assert owned_cards(state, "fugger") == []


def test_example_30_cryptography_beheads_a_rival_queen_s_husband():
    """Example 30 (glossary «КРИПТОГРАФИЯ»): selling Cryptography from the tableau lets the
    seller run Isabella's behead on her own husband, the Portuguese king: he goes to his
    throne, and the widow (the assassin) is discarded."""
    state = new()
    couple(state, "medici", "portugal", ISABELLA)
    own(state, "fugger", CRYPTOGRAPHY)
    act(state, "SELL Cryptography")
    assert state["florins"]["fugger"] == 5
    decision = RULES.decisions(state)[0]
    assert (decision.seat, decision.kind) == ("fugger", "borrow")
    assert RULES.default(state, decision) == {"verb": "SKIP"}
    act(state, f"OP {ISABELLA} behead ruler_portugal")
    assert state["rulers"]["portugal"]["owner"] is None
    assert state["rulers"]["portugal"]["queen"] is None
    assert owned_cards(state, "medici") == []
    assert asked(state) == ("fugger", "action")


def test_a_sale_effect_needs_the_card_in_the_tableau():
    """§5.3.В: sold from hand, Cryptography does nothing."""
    state = new()
    couple(state, "medici", "portugal", ISABELLA)
    state["hands"]["fugger"] = [CRYPTOGRAPHY]
    act(state, "SELL Cryptography")
    assert asked(state) == ("fugger", "action")


def test_enclosure_sold_frees_every_repressed_piece_in_the_west():
    """A sale effect: every repressed piece of a West ruler must be freed (no DONE)."""
    state = new()
    own(state, "fugger", ENCLOSURE)
    state["rulers"]["france"]["repressed"] = [{"piece": "rook", "religion": "catholic"}]
    act(state, "SELL Enclosure")
    decision = RULES.decisions(state)[0]
    assert decision.kind == "liberate"
    assert not decision.options.admits({"verb": "DONE"})
    act(state, "FREE 1 paris")
    assert state["cities"]["paris"] == {"piece": "rook", "religion": "catholic"}
    assert state["rulers"]["france"]["repressed"] == []


def test_inquisition_pope_beheads_only_a_west_card_with_a_gold_or_red_bishop():
    """The Inquisition Pope's behead limit (its ability)."""
    state = new()
    own(state, "fugger", "pren001", "ruler_france")
    own(state, "medici", "ruler_england", "ruler_aragon")
    state["bishops"]["ruler_england"] = "protestant"
    state["bishops"]["ruler_aragon"] = "islamic"
    act(state, "OPS west")
    options = RULES.decisions(state)[0].options
    assert options.admits({"verb": "OP", "card": "pren001", "op": "behead",
                           "target": "ruler_england"})
    for target in ("ruler_aragon", "ruler_france"):
        assert not options.admits({"verb": "OP", "card": "pren001", "op": "behead",
                                   "target": target})


def test_free_east_ops_cost_no_action_and_stay_once_a_turn():
    """Glossary ЭФФЕКТ.Б: Civil Engineer's East ops cost no action, still once a turn."""
    state = new()
    own(state, "fugger", "pren101x", "pren121x")
    state["market"]["east"][1]["florins"] = 1
    act(state, "OPS east")
    act(state, "OP pren121x commerce 1")
    assert state["florins"]["fugger"] == 4
    assert asked(state) == ("fugger", "action")
    assert state["turn_state"]["actions"] == 0
    options = RULES.decisions(state)[0].options
    assert not options.admits({"verb": "OPS", "side": "east"})
    assert not options.admits({"verb": "PASS"})


def test_free_fair_after_two_actions_then_end():
    """Podestà of Venice: one fair a turn costs no action, even after the second action."""
    state = new()
    own(state, "fugger", "pren097x")
    act(state, "FAIR west")
    assert state["turn_state"]["actions"] == 0
    act(state, "FAIR east")
    assert state["turn_state"]["actions"] == 1
    act(state, "SELL pren097x")
    assert state["active"] == 1  # the second counted action ended the turn


def test_star_chamber_crowns_a_rival_s_married_king_and_discards_his_queen():
    """§9 note 42: with Star Chamber a queen may marry a married monarch or one in another
    tableau; the old queen is discarded and the ruler comes to the player."""
    state = new()
    couple(state, "medici", "portugal", ISABELLA)
    own(state, "fugger", "pren006")
    queen = "pren046"  # Joanna the Mad: Portugal is among her suitors
    state["hands"]["fugger"] = [queen]
    act(state, "PLAY Joanna the Mad")
    act(state, "MARRY portugal")
    assert state["rulers"]["portugal"]["owner"] == "fugger"
    assert state["rulers"]["portugal"]["queen"] == queen
    assert ISABELLA not in owned_cards(state, "medici") + owned_cards(state, "fugger")


def test_without_star_chamber_a_married_king_is_no_suitor():
    state = new()
    couple(state, "medici", "portugal", ISABELLA)
    state["hands"]["fugger"] = ["pren046"]
    act(state, "PLAY Joanna the Mad")
    assert not RULES.decisions(state)[0].options.admits({"verb": "MARRY",
                                                         "empire": "portugal"})


def test_east_and_west_ops_in_one_action():
    """Transylvanian Plot: one action runs one side's ops fully, then the other's."""
    state = new()
    own(state, "fugger", "pren110x", "pren121x", "pren036")
    state["market"]["east"][1]["florins"] = 1
    state["market"]["west"][2]["florins"] = 1
    act(state, "OPS east west")
    act(state, "OP pren121x commerce 1")
    assert RULES.decisions(state)[0].context["side"] == "west"
    act(state, "OP pren036 commerce 2")
    assert state["florins"]["fugger"] == 5
    assert state["turn_state"]["actions"] == 1 and state["turn_state"]["ops"] == ["east", "west"]


def test_red_text_declaring_imperial_costs_two_actions():
    """Kappeler Milchsuppe (red text, every banker): Imperial is declared only as the first
    action of a turn, which it then takes whole."""
    from games.pax_renaissance.victory import achieved
    state = new()
    state["victories"]["imperial"] = True
    own(state, "fugger", "ruler_england", "ruler_france", "ruler_aragon")
    own(state, "medici", "pren145x")
    assert achieved(state, "fugger", "imperial")
    act(state, "SELL ruler_aragon")
    own(state, "fugger", "ruler_aragon")
    assert not RULES.decisions(state)[0].options.admits({"verb": "DECLARE",
                                                         "victory": "imperial"})
    state["tableaux"]["medici"]["west"].remove("pren145x")
    assert RULES.decisions(state)[0].options.admits({"verb": "DECLARE", "victory": "imperial"})


def test_michelangelo_doubles_concessions_at_fairs_and_in_votes():
    """Michelangelo: its owner's concessions earn 2 at a fair and count twice for a vote
    majority."""
    from games.pax_renaissance.fair import hold_fair
    from games.pax_renaissance.ops import majority
    state = new()
    own(state, "medici", "pren131x")
    state["market"]["west"][0]["florins"] = 3
    state["borders"]["byzantium__hungary"] = {"piece": "pawn", "owner": "medici"}
    entry = hold_fair(state, "fugger", "west")
    assert entry["paid"] == {"fugger": 1, "medici": 2} and entry["left"] == 1
    state["borders"]["france__holy_roman_empire"] = {"piece": "pawn", "owner": "medici"}
    state["borders"]["england__france"] = {"piece": "pawn", "owner": "fugger"}
    state["borders"]["aragon__france"] = {"piece": "pawn", "owner": "fugger"}
    assert majority(state, "medici", "france") is False
    state["borders"]["aragon__france"] = None
    assert majority(state, "medici", "france") is True


def test_patron_prestige_lowers_the_vote_and_counts_for_victories():
    """Bank of St. George: a vote costs 1 less a patron prestige; Artistic Geometry: patron
    counts as law for Renaissance; Academia counts as a republic."""
    from games.pax_renaissance.ops import vote_cost
    from games.pax_renaissance.victory import achieved
    state = new()
    state["rulers"]["france"]["repressed"] = [{"piece": "pawn", "owner": "medici"}] * 2
    own(state, "fugger", "pren166x")
    base = vote_cost(state, "fugger", "france")
    own(state, "fugger", "pren024")  # Gonfalonier: one patron prestige
    assert vote_cost(state, "fugger", "france") == base - 1 == 1
    state["victories"]["renaissance"] = True
    assert not achieved(state, "fugger", "renaissance")
    own(state, "fugger", "pren132x", "pren103x")
    assert achieved(state, "fugger", "renaissance")


def test_oratory_of_divine_love_performs_its_apostasy_as_an_action():
    """Oratory of Divine Love: while in the tableau its apostasy (Catholic + Protestant) is an
    action; a rival holding both prestiges discards those cards."""
    state = new()
    own(state, "fugger", "pren129x")
    own(state, "medici", "pren052", "pren008", "pren036")
    act(state, "APOSTASY Oratory of Divine Love")
    assert owned_cards(state, "medici") == ["pren036"]
    assert owned_cards(state, "fugger") == ["pren129x"]  # Catholic only: not hit
    assert state["turn_state"]["actions"] == 1


def test_emporium_subsidy_is_two_florins():
    """The promo Emporium effect: the organiser's subsidy is 2 (when the profit has 2)."""
    from games.pax_renaissance.fair import hold_fair
    state = new()
    own(state, "fugger", "pren215p")
    state["market"]["west"][0]["florins"] = 1
    assert hold_fair(state, "fugger", "west")["paid"] == {"fugger": 2}


def test_example_18_gonfalonier_condottieri_in_venice():
    """Example 18 (§7.4.В): Gonfalonier's two gold knights both go to Venice while Papal is
    Catholic (1 florin represses the rook there); one dies later, and a fair through Papal
    refills Venice; a bishop blocking the Gonfalonier removes one Venice knight at once."""
    state = new()
    gold_knight = {"piece": "knight", "religion": "catholic"}
    state["cities"]["venice"] = {"piece": "rook", "religion": "catholic"}
    state["hands"]["fugger"] = ["pren024"]
    act(state, "PLAY Gonfalonier")
    act(state, "PLACE venice")
    act(state, "PLACE venice_2")
    assert state["cities"]["venice"] == state["cities"]["venice_2"] == gold_knight
    assert state["florins"]["fugger"] == 2
    assert state["rulers"]["papal_states"]["repressed"] == [{"piece": "rook",
                                                             "religion": "catholic"}]
    state["cities"]["venice_2"] = None  # one knight dies in a campaign
    state["market"]["west"][0]["florins"] = 9
    act(state, "FAIR west")
    while asked(state) == ("fugger", "warriors"):
        act(state, "PUT " + RULES.decisions(state)[0].options.options[0].fields[0][1].values[0])
    assert state["cities"]["venice_2"] == gold_knight
    state["bishops"]["pren024"] = "catholic"
    act(state, "FAIR east", seat="medici")
    assert state["cities"]["venice"] == gold_knight and state["cities"]["venice_2"] is None
    assert any(e["msg"] == "condottiere_lapse" for e in state["log"])


ZIONIST_STATE, CIRCASSIAN_MAMLUKS = "pren168x", "pren164x"
GREEN_PIRATE = {"piece": "pirate", "religion": "islamic"}


def test_zionist_state_counts_a_green_pirate_as_a_red_bishop_and_piece():
    """Zionist State (card data; ruling in the README): with the card in any tableau a
    green pirate on a border of a Protestant theocracy adds a red bishop and a red piece,
    so Protestantism dominates (§12.3); without it nothing does."""
    from games.pax_renaissance.victory import dominant_religion
    state = new()
    state["regimes"]["france"] = "protestant"
    state["bishops"] = {"ruler_england": "protestant"}
    state["borders"]["aragon__france"] = GREEN_PIRATE
    assert dominant_religion(state) is None
    own(state, "medici", ZIONIST_STATE)
    assert dominant_religion(state) == "protestant"


def test_circassian_mamluks_count_patron_prestige_for_an_islamic_faith_victory():
    """Circassian Mamluks (card data): the owner's patron prestige counts as Islamic for
    his Faith victory while Islam dominates (§12.3); nobody else has Islamic prestige."""
    from games.pax_renaissance.victory import achieved
    state = new()
    state["regimes"].update(ottoman="islamic", mamluk="islamic")
    state["bishops"] = {"ruler_mamluk": "islamic"}
    state["borders"]["mamluk__ottoman"] = GREEN_PIRATE
    own(state, "fugger", "pren009")
    assert not achieved(state, "fugger", "holy")
    own(state, "fugger", CIRCASSIAN_MAMLUKS)
    assert achieved(state, "fugger", "holy")


MACHIAVELLIANISM, FLANDERS_GUILD = "pren135x", "pren036"


def test_machiavellianism_performs_a_sold_card_s_civil_war():
    """Machiavellianism (card data): Flanders Guild sold from hand may still start its
    peasant revolt in France (example 3's outcome); the question is private, and the revolt
    is won by the guild's pawn."""
    state = new()
    own(state, "medici", "ruler_france")
    own(state, "fugger", MACHIAVELLIANISM)
    state["hands"]["fugger"] = [FLANDERS_GUILD]
    act(state, "SELL Flanders Guild")
    decision = RULES.decisions(state)[0]
    assert (decision.seat, decision.kind, decision.private) == ("fugger", "sold_one_shot", True)
    assert RULES.default(state, decision) == {"verb": "NO"}
    act(state, "WAR France")
    act(state, "PUT england__france")
    assert state["rulers"]["france"]["owner"] == "fugger"
    assert FLANDERS_GUILD in state["discards"]["fugger"]


def test_machiavellianism_declined_places_no_agent_and_needs_the_card():
    """NO performs nothing (no agent either); without Machiavellianism a sale asks nothing."""
    state = new()
    own(state, "fugger", MACHIAVELLIANISM)
    state["hands"]["fugger"] = [FLANDERS_GUILD]
    act(state, "SELL Flanders Guild")
    act(state, "NO")
    assert asked(state) == ("fugger", "action")
    assert state["pawns"]["fugger"] == 9
    plain = new()
    plain["hands"]["fugger"] = [FLANDERS_GUILD]
    act(plain, "SELL Flanders Guild")
    assert asked(plain) == ("fugger", "action")


def test_ransom_sells_for_4_unless_a_bishop_blocks_it():
    """Cem Anti-Hostage's Ransom (sell for 4) is an effect a bishop blocks (§5.4.4, L667)."""
    for bishop, florins in ((None, 7), ("catholic", 5)):
        state = new()
        own(state, "fugger", "pren088")
        if bishop:
            state["bishops"]["pren088"] = bishop
        act(state, "SELL pren088")
        assert state["florins"]["fugger"] == florins
