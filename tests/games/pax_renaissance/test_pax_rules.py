"""Pax Renaissance: setup, the market, buying, selling, playing, fairs and the end (§3–§7,
§12), with the booklet's worked examples as scenarios (digest §6: examples 1, 2, 6, 17, 19,
20)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from games.pax_renaissance import RULES, catalog
from games.pax_renaissance.fair import hold_fair
from games.pax_renaissance.market import refresh
from games.pax_renaissance.victory import achieved


def new(seats=("fugger", "medici"), **options):
    return RULES.setup(None, list(seats), options, Dice("pax"))


def act(state, text):
    decision = RULES.decisions(state)[0]
    order = RULES.parse(state, decision, text)
    return RULES.apply(state, decision.seat, order, Dice("x"))


def decline_agents(state):
    """Decline the one-shot (§5.2.1) and answer SKIP to every agent of the card just played
    (§5.2.2: any subset)."""
    while RULES.decisions(state)[0].kind in ("one_shot", "agent"):
        act(state, "NO" if RULES.decisions(state)[0].kind == "one_shot" else "SKIP")


def clear_map(state):
    state["cities"] = {c: None for c in state["cities"]}
    state["borders"] = {b: None for b in state["borders"]}


@pytest.mark.parametrize("players, size", [(2, 22), (3, 26), (4, 30)])
def test_setup_decks_market_and_florins(players, size):
    """§3.5–§3.7: decks of 14 + 4N (6 dealt to the market), comets in the bottom 14,
    florins 3/4/5/6, Fugger first."""
    state = new(("fugger", "medici", "coeur", "marchionni")[:players])
    for row in ("east", "west"):
        assert len(state["decks"][row]) + 6 == size
        assert set(catalog.comets(row)) <= set(state["decks"][row][:14])
    assert state["seats"][0] == "fugger"
    assert [state["florins"][s] for s in state["seats"]] == [3, 4, 5, 6][:players]


def test_setup_map():
    """§3.1–§3.4: razed centres, starting concessions, 12 capital pieces, Constantinople."""
    state = new(("fugger", "medici", "coeur", "marchionni"))
    assert sorted(state["razed"]) == ["novgorod", "red_sea", "spice_islands", "timbuktu"]
    assert state["borders"]["france__holy_roman_empire"] == {"piece": "pawn", "owner": "fugger"}
    assert state["borders"]["mamluk__ottoman"]["owner"] == "coeur"
    assert len([p for p in state["cities"].values() if p]) == 12
    consta = [state["cities"][f"constantinople_{i}"]["piece"] for i in (1, 2, 3)]
    assert sorted(consta) == ["knight", "knight", "rook"]
    assert state["cities"]["cairo"] == {"piece": "rook", "religion": "islamic"}
    assert state["regimes"]["papal_states"] == "catholic"


def test_europe_1550_variant():
    """§3.1.В: England and HRE Protestant theocracies, the white route from the Red Sea."""
    state = new(europe_1550=True)
    assert state["regimes"]["england"] == state["regimes"]["holy_roman_empire"] == "protestant"
    assert "trebizond" in state["razed"] and "red_sea" not in state["razed"]
    assert state["cities"]["london"]["religion"] == "protestant"


def test_medici_goes_first_only_by_lot_when_fugger_is_absent():
    orders = {tuple(RULES.setup(None, ["medici", "coeur"], {}, Dice(f"s{i}"))["seats"])
              for i in range(12)}
    assert orders == {("medici", "coeur"), ("coeur", "medici")}


def test_example_2_buy_pays_florins_to_the_left_and_takes_the_card_s():
    """Example 2 (§5.1): buying slot 3 puts a florin on slots 0, 1, 2; the two florins on
    the bought card come with it but cannot pay for it."""
    state = new()
    state["florins"]["fugger"] = 3
    state["market"]["west"][3]["florins"] = 2
    card = state["market"]["west"][3]["card"]
    if catalog.cards()[card].get("comet"):
        pytest.skip("seed dealt a comet")
    act(state, "BUY west 3")
    assert [c["florins"] for c in state["market"]["west"][:3]] == [1, 1, 1]
    assert state["florins"]["fugger"] == 2
    assert state["hands"]["fugger"] == [card]


def test_buy_needs_florins_and_room_in_hand_and_usury_forbids_own_florins():
    """§5.1.А hand limit 2; §5.1.Б cost = slot; §5.1.Д no card with a florin you put this turn."""
    state = new()
    state["florins"]["fugger"] = 0
    with pytest.raises(IllegalOrder):
        act(state, "BUY west 1")
    state["florins"]["fugger"] = 20
    state["hands"]["fugger"] = ["pren001", "pren002"]
    for cell in state["market"]["west"][1:] + state["market"]["east"][1:]:
        cell["card"] = "pren004" if cell is state["market"]["west"][1] else cell["card"]
    decision = RULES.decisions(state)[0]
    assert "BUY" not in decision.options.verbs() or all(
        catalog.cards()[state["market"][o["row"]][o["slot"]]["card"]].get("comet")
        for o in decision.options.orders() if o["verb"] == "BUY")
    state["hands"]["fugger"] = []
    act(state, "BUY west 2")
    first = state["market"]["west"][1]["card"]
    assert first in state["turn_state"]["usury"]
    assert all(o.get("slot") != 1 or o["row"] != "west"
               for o in RULES.decisions(state)[0].options.orders())


def test_comet_activates_a_victory_and_imperial_can_then_be_declared():
    """Example 28 (§12.1, §12.4): buy a comet, activate Imperial, declare it."""
    state = new()
    state["market"]["west"][1] = {"card": "comet3", "florins": 0}
    state["tableaux"]["fugger"]["west"] += ["ruler_england", "ruler_france", "ruler_aragon"]
    act(state, "BUY west 1 imperial")
    assert state["victories"]["imperial"] is True
    assert achieved(state, "fugger", "imperial")
    act(state, "DECLARE imperial")
    assert RULES.outcome(state).winners == ("fugger",)


def test_play_places_west_left_east_right_and_queens_under_the_mat():
    """§5.2.1 and §9.2."""
    state = new()
    east = next(c for c, d in catalog.cards().items() if d["region"] == "east"
                and not d.get("comet") and "suitors" not in d)
    west = next(c for c, d in catalog.cards().items() if d["region"] == "west"
                and not d.get("comet") and "suitors" not in d)
    queen = next(c for c, d in catalog.cards().items() if "suitors" in d)
    state["hands"]["fugger"] = [east, west]
    act(state, f"PLAY {east}")
    decline_agents(state)
    act(state, f"PLAY {west}")
    decline_agents(state)
    assert state["tableaux"]["fugger"] == {"west": [west], "east": [east]}
    state["hands"]["medici"] = [queen]
    act(state, f"PLAY {queen}")
    act(state, "UNMARRIED")
    assert state["queens"]["medici"] == [queen]


def test_sell_from_hand_is_face_down_and_private():
    """§5.3: 2 florins; the sold hand card's name is only in its seller's view."""
    state = new()
    state["hands"]["fugger"] = ["pren001"]
    act(state, "SELL pren001")
    assert state["florins"]["fugger"] == 5
    assert "pren001" in RULES.secrets(state)["fugger"]
    assert "pren001" not in str(RULES.view(state, "medici"))
    assert "pren001" in str(RULES.view(state, "fugger"))


def test_example_1_refresh_slides_and_deals():
    """Example 1 (§4.2): two empty West slots; cards and florins slide left, two new cards."""
    state = new()
    west = state["market"]["west"]
    west[1]["florins"] = 1
    moved = west[2]["card"]
    west[0] = {"card": None, "florins": 2}
    west[1] = {"card": None, "florins": 0}
    top = state["decks"]["west"][-2:]
    assert refresh(state) is None
    assert west[0]["card"] == moved and west[0]["florins"] == 2
    assert [c["card"] for c in west[4:]] == list(reversed(top))


def test_refresh_draws_from_the_other_deck_and_ends_the_game_when_both_are_empty():
    """§4.2.5 and §12.2.А."""
    state = new()
    state["decks"]["west"] = []
    state["market"]["west"][5] = {"card": None, "florins": 0}
    east_top = state["decks"]["east"][-1]
    assert refresh(state) is None
    assert state["market"]["west"][5]["card"] == east_top
    state["decks"]["east"] = []
    state["market"]["east"][5] = {"card": None, "florins": 0}
    assert refresh(state) == {"msg": "decks_out"}


def test_example_6_two_fairs_in_one_turn():
    """Example 6 (§5.5): an East fair then a West fair is legal; each row once."""
    state = new()
    act(state, "FAIR east")
    assert "FAIR" in RULES.decisions(state)[0].options.verbs()
    act(state, "FAIR west")
    assert state["turn"] == 2


def test_example_17_west_fair_with_two_players():
    """Example 17 (§7): 2 florins on the card + 1 from China = 3: organiser 1, Blue's
    concession 1, a pirate 1 to China; the journey ends there with warriors on the way."""
    state = new()
    clear_map(state)
    state["market"]["west"][0]["florins"] = 2
    state["borders"]["byzantium__hungary"] = {"piece": "pawn", "owner": "medici"}
    state["borders"]["hungary__ottoman"] = {"piece": "pirate", "religion": "islamic"}
    before = dict(state["florins"])
    act(state, "FAIR west")
    entry = next(e for e in state["log"] if e["msg"] == "fair")
    assert entry["paid"] == {"fugger": 1, "medici": 1}
    assert state["florins"]["fugger"] == before["fugger"] + 1
    assert state["florins"]["medici"] == before["medici"] + 1
    assert entry["left"] == 0
    assert entry["empires"] == ["byzantium", "hungary"]
    while RULES.decisions(state)[0].kind == "warriors":  # the organiser picks each city
        act(state, "PUT " + RULES.decisions(state)[0].options.options[0].fields[0][1].values[-1])
    placed = [e["empire"] for e in state["log"] if e["msg"] == "warrior"]
    assert placed == ["byzantium", "hungary"]


def test_example_19_and_20_black_fair_from_tana():
    """Examples 19–20 (§7.4–§7.5): profit 2 → subsidy and Blue's own concession, warrior only
    in Byzantium, a green knight in Tana; profit 3 → Purple gets the last florin at the
    Ottoman–Mamluk border, Hungary crowded, a green rook to Constantinople's free circle."""
    for profit, purple in ((2, 0), (3, 1)):
        state = new(("fugger", "coeur"))
        clear_map(state)
        state["cities"]["buda"] = {"piece": "knight", "religion": "catholic"}
        state["cities"]["varna"] = {"piece": "rook", "religion": "catholic"}
        for i in (2, 3):
            state["cities"][f"constantinople_{i}"] = {"piece": "knight", "religion": "islamic"}
        state["cities"]["modon"] = state["cities"]["rhodes"] = {"piece": "rook",
                                                                 "religion": "islamic"}
        state["borders"]["byzantium__hungary"] = {"piece": "pawn", "owner": "fugger"}
        state["borders"]["mamluk__ottoman"] = {"piece": "pawn", "owner": "coeur"}
        state["market"]["east"][0]["florins"] = profit - 1
        act(state, "FAIR east")
        entry = next(e for e in state["log"] if e["msg"] == "fair")
        assert entry["paid"].get("coeur", 0) == purple
        assert entry["paid"]["fugger"] == 2
        decision = RULES.decisions(state)[0]
        assert decision.kind == "warriors" and decision.options.admits(
            {"verb": "PUT", "to": "caffa"})
        act(state, "PUT Tana")  # the organiser's choice (§7.4, L1026)
        assert state["cities"]["tana"] == {"piece": "knight", "religion": "islamic"}
        if profit == 3:  # Hungary crowded; Constantinople's last circle, no choice
            assert state["cities"]["constantinople_1"] == {"piece": "rook",
                                                           "religion": "islamic"}
        assert RULES.decisions(state)[0].kind == "action"


def test_fair_with_no_profit_after_the_subsidy_places_no_warriors():
    """§7.5 (L937, L978): profit 1 → the organiser takes it, no warriors."""
    state = new()
    state["market"]["west"][0]["florins"] = 0
    entry = hold_fair(state, "fugger", "west")
    assert entry["empires"] == [] and entry["paid"] == {"fugger": 1}


def test_patron_end_most_patronage_then_florins():
    """§12.2: most patronage prestige wins; tie → most florins."""
    state = new()
    state["ended"] = {"reason": "patron", "winners": []}
    state["florins"] = {"fugger": 1, "medici": 9}
    assert RULES.outcome(state).winners == ("medici",)
    state["queens"]["fugger"] = ["pren024"] if False else []
    state["tableaux"]["fugger"]["west"] = ["pren024"]
    assert RULES.outcome(state).winners == ("fugger",)


def test_default_is_legal_and_order_text_round_trips():
    state = new()
    for _ in range(6):
        decision = RULES.decisions(state)[0]
        order = RULES.default(state, decision)
        assert decision.options.admits(order)
        assert RULES.parse(state, decision, RULES.order_text(order)) == order
        RULES.apply(state, decision.seat, order, Dice("x"))
    assert RULES.validate(state) == []


def test_a_pass_after_the_turn_ended_does_not_wait_for_the_next_turn():
    """§4.1: two fairs end the turn; a PASS in the same mail is held, and lapses when the
    next banker's turn passes instead of ending Fugger's next turn after one action."""
    import datetime as dt

    from engine.game import Game
    at = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    game = Game.create(RULES, "p", {"fugger": {"players": ["f@x"]},
                                    "medici": {"players": ["m@x"]}}, now=at, seed="held")
    receipt = game.submit("fugger", "FAIR west\nFAIR east\nPASS", at=at)
    assert [r.status for r in receipt.results] == ["applied", "applied", "held"]
    game.submit("medici", "FAIR west\nFAIR east", at=at)
    assert game.decisions()[0].seat == "fugger"
    assert game.held("fugger") == []
    game.submit("fugger", "FAIR west", at=at)
    assert game.decisions()[0].seat == "fugger"


def test_russian_action_verbs_and_card_names_are_read():
    """A Russian banker writes the verbs and card names in Russian (ИГРАТЬ like СЫГРАТЬ)."""
    from tests.games.pax_renaissance.test_pax_ops import new
    state = new()
    state["hands"]["fugger"] = ["pren024"]
    decision = RULES.decisions(state)[0]
    for text in ("СЫГРАТЬ Гонфалоньер", "ИГРАТЬ Гонфалоньер", "разыграть pren024"):
        assert RULES.parse(state, decision, text) == {"verb": "PLAY", "card": "pren024"}
    assert RULES.parse(state, decision, "ПРОДАТЬ Гонфалоньер")["verb"] == "SELL"


def test_a_real_place_that_is_no_choice_is_refused_as_such():
    """A city that exists but is not among the question's choices is not "no name"."""
    from engine.options import OneOf, Option
    from games.pax_renaissance import grammar
    options = [Option.of("PUT", to=OneOf(("modon", "rhodes")))]
    with pytest.raises(IllegalOrder) as refused:
        grammar.parse_options(options, "PUT varna")
    assert refused.value.code == "not_legal_now" and "modon" in refused.value.hints
    assert grammar.parse_options(options, "PUT Rhodes") == {"verb": "PUT", "to": "rhodes"}


def test_the_fair_is_logged_before_the_warriors_it_places():
    """§7.4: the fair's line (profit, route) comes before its warriors' lines in the log,
    also when each warrior has one empty city and is placed without a question."""
    from tests.games.pax_renaissance.test_pax_ops import act, new
    state = new()
    state["market"]["west"][0]["florins"] = 6
    first: dict[str, str] = {}
    for city, data in catalog.board()["cities"].items():
        first.setdefault(data["empire"], city)
        state["cities"][city] = {"piece": "rook", "religion": "catholic"}
    for city in first.values():
        state["cities"][city] = None
    act(state, "FAIR west")
    assert RULES.decisions(state)[0].kind == "action"
    msgs = [e["msg"] for e in state["log"]]
    assert "warrior" in msgs and msgs.index("fair") < msgs.index("warrior")
    assert next(e for e in state["log"] if e["msg"] == "fair")["turn"] == 1
