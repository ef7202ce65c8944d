"""Pax Renaissance one-shots (§5.2.1): trade shift (§8.1), civil wars (§10), religious wars
(§11.1–§11.2), apostasy (§11.3) and their battles (glossary СРАЖЕНИЕ), with the booklet's
worked examples 3, 21, 24, 25, 26 and 27 (digest §6)."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from games.pax_renaissance import RULES
from games.pax_renaissance.places import owned_cards
from tests.games.pax_renaissance.test_pax_ops import act, asked, new, own, pawn

GOLD_ROOK = {"piece": "rook", "religion": "catholic"}
GOLD_KNIGHT = {"piece": "knight", "religion": "catholic"}
GREEN_ROOK = {"piece": "rook", "religion": "islamic"}
GREEN_PIRATE = {"piece": "pirate", "religion": "islamic"}
GOLD_PIRATE = {"piece": "pirate", "religion": "catholic"}
RED_KNIGHT = {"piece": "knight", "religion": "protestant"}


def war(state, card, empire):
    """Fugger plays `card` from hand and declares its war on `empire` (§5.2.1); the question
    that follows."""
    state["hands"]["fugger"] = [card]
    act(state, f"PLAY {card}")
    act(state, f"WAR {empire}")
    return RULES.decisions(state)[0]


def test_one_shot_is_declared_or_declined_and_defaults_to_no():
    """§5.2.1: a bomb card asks first whether to declare its one-shot; the default (digest
    §4 A3) is not to, and then its agents are optional (§5.2.2)."""
    state = new()
    state["hands"]["fugger"] = ["pren036"]
    act(state, "PLAY Flanders Guild")
    decision = RULES.decisions(state)[0]
    assert (decision.seat, decision.kind) == ("fugger", "one_shot")
    assert RULES.default(state, decision) == {"verb": "NO"}
    assert decision.options.admits({"verb": "WAR", "empire": "france"})
    assert not decision.options.admits({"verb": "WAR", "empire": "england"})
    act(state, "NO")
    assert asked(state) == ("fugger", "agent")
    assert RULES.decisions(state)[0].options.admits({"verb": "SKIP"})


def test_example_3_peasant_revolt_without_defenders():
    """Example 3 (§5.2.1, §10.2): Flanders Guild's pawn alone attacks France, which has no
    nobles: a win; France's ruler comes from a rival to the West side; the surviving pawn
    and the regime change's pawn are two concessions on different French borders."""
    state = new()
    own(state, "medici", "ruler_france")
    war(state, "pren036", "France")
    assert asked(state) == ("fugger", "survivors")
    act(state, "PUT england__france")
    assert state["rulers"]["france"]["owner"] == "fugger"
    assert {"msg": "regime", "seat": "fugger", "empire": "france"}.items() <= \
        state["log"][-1].items()
    assert state["tableaux"]["fugger"]["west"] == ["ruler_france", "pren036"]
    assert "ruler_france" not in owned_cards(state, "medici")
    act(state, "CONCESSION aragon__france")
    assert state["borders"]["england__france"] == pawn("fugger")
    assert state["borders"]["aragon__france"] == pawn("fugger")
    assert state["pawns"]["fugger"] == 7
    assert asked(state) == ("fugger", "action")


def test_example_21_trade_shift_from_timbuktu():
    """Example 21 (§8.1.Г): Nomads of Tlemcen places its agent, then the black disc moves from
    Timbuktu to Tana; the rook in Tana is repressed free onto Byzantium's ruler on its
    throne; the black route now starts in Aragon."""
    state = new()
    state["cities"]["tana"] = GREEN_ROOK
    state["hands"]["fugger"] = ["pren121x"]
    assert "timbuktu" in state["razed"] and "tana" not in state["razed"]
    act(state, "PLAY Nomads of Tlemcen")
    act(state, "SHIFT")
    decision = RULES.decisions(state)[0]
    assert decision.kind == "agent"
    assert not decision.options.admits({"verb": "SKIP"})  # §5.2.1.Б: placed where room
    assert not decision.options.admits({"verb": "PLACE", "to": "timbuktu"})  # razed still
    act(state, "PLACE valencia")
    assert "tana" in state["razed"] and "timbuktu" not in state["razed"]
    assert state["cities"]["tana"] is None
    assert state["rulers"]["byzantium"]["repressed"] == [GREEN_ROOK]
    assert state["florins"]["fugger"] == 3
    from games.pax_renaissance.fair import start_centre
    assert start_centre(state, "east") == "timbuktu"


def test_moluccas_shift_needs_discovery_prestige_not_on_the_card_played():
    """§8.1.А: the Moluccas shift needs a discovery prestige already in the tableau."""
    from games.pax_renaissance import catalog
    card = next(c for c, d in catalog.cards().items()
                if d.get("one_shot", {}).get("centre") == "spice_islands")
    state = new()
    state["hands"]["fugger"] = [card]
    act(state, f"PLAY {card}")
    assert not RULES.decisions(state)[0].options.admits({"verb": "SHIFT"})
    state = new()
    explorer = next(c for c, d in catalog.cards().items() if "discovery" in d.get("prestige", [])
                    and not d.get("one_shot"))
    own(state, "fugger", explorer)
    state["hands"]["fugger"] = [card]
    act(state, f"PLAY {card}")
    assert RULES.decisions(state)[0].options.admits({"verb": "SHIFT"})


def test_example_24_conspiracy_of_the_borgias_on_aragon():
    """Example 24 (§10.1): House of Borgia (West) on Aragon: a repressed red knight and a green
    pirate against one rook; the pirate is the chosen casualty, the knight goes to Valencia;
    Aragon's ruler is taken from a rival and its vassal France goes home; a concession; then
    the bishop goes on a West card."""
    state = new()
    own(state, "medici", "ruler_aragon")
    state["rulers"]["france"].update(owner="medici", suzerain="aragon")
    state["tableaux"]["medici"]["west"].append("ruler_france")
    state["rulers"]["aragon"]["repressed"] = [RED_KNIGHT]
    state["borders"]["aragon__papal_states"] = GREEN_PIRATE
    state["cities"]["algiers"] = GREEN_ROOK
    decision = war(state, "pren009", "aragon")
    assert decision.kind == "battle"
    assert decision.context["attackers"] == 2 and decision.context["defenders"] == 1
    act(state, "LOSE aragon__papal_states algiers")
    assert state["borders"]["aragon__papal_states"] is None
    assert state["cities"]["algiers"] is None
    act(state, "PUT Valencia")
    assert state["cities"]["valencia"] == RED_KNIGHT
    assert state["rulers"]["aragon"]["repressed"] == []
    assert state["rulers"]["aragon"]["owner"] == "fugger"
    assert state["rulers"]["france"]["owner"] is None
    assert state["rulers"]["france"]["suzerain"] is None
    act(state, "CONCESSION aragon__portugal")
    assert state["borders"]["aragon__portugal"] == pawn("fugger")
    assert asked(state) == ("fugger", "agent")
    act(state, "PLACE ruler_france")
    assert state["bishops"]["ruler_france"] == "catholic"


def test_example_25_peasant_revolt_makes_a_vassal_a_republic():
    """Example 25 (§10.2): Flanders Guild on France, the player's own HRE vassal: the pawn
    agent, a pirate and the player's concession (which must fight) against Bruges and Lyon;
    the pawn survives as a concession, one more comes with the regime change; France flips to
    a republic at the far left, no longer a vassal."""
    state = new()
    own(state, "fugger", "ruler_holy_roman_empire", "pren052")
    state["rulers"]["france"].update(owner="fugger", suzerain="holy_roman_empire")
    state["tableaux"]["fugger"]["west"].insert(1, "ruler_france")
    state["borders"]["england__france"] = GREEN_PIRATE
    state["borders"]["france__holy_roman_empire"] = pawn("fugger")
    state["pawns"]["fugger"] -= 1
    state["cities"]["bruges"] = GOLD_ROOK
    state["cities"]["lyon"] = GOLD_KNIGHT
    war(state, "pren036", "france")
    assert RULES.decisions(state)[0].context["attackers"] == 3
    act(state, "LOSE england__france,france__holy_roman_empire bruges,lyon")
    assert state["borders"]["france__holy_roman_empire"] is None
    act(state, "PUT france__holy_roman_empire")
    act(state, "CONCESSION england__france")
    assert state["rulers"]["france"]["face"] == "republic"
    assert state["rulers"]["france"]["suzerain"] is None
    assert state["tableaux"]["fugger"]["west"][0] == "ruler_france"
    assert [state["borders"][b] for b in ("france__holy_roman_empire", "england__france")] \
        == [pawn("fugger"), pawn("fugger")]


def test_example_26_crusade_of_the_jesuits_on_aragon():
    """Example 26 (§11.1–§11.2): Jesuits on Aragon: a gold rook there, a gold knight of
    adjacent Portugal and a gold pirate on Aragon's sea border against one green rook; the
    player loses the rook; Aragon becomes a Catholic theocracy, the player's Aragon monarch
    flips to a republic; a concession; then the Jesuit bishop."""
    state = new()
    own(state, "fugger", "ruler_aragon")
    state["cities"]["valencia"] = GOLD_ROOK
    state["cities"]["toledo"] = GOLD_KNIGHT
    state["borders"]["aragon__papal_states"] = GOLD_PIRATE
    state["cities"]["algiers"] = GREEN_ROOK
    decision = war(state, "pren008", "aragon")
    assert decision.context["attackers"] == 3 and decision.context["defenders"] == 1
    act(state, "LOSE valencia algiers")
    assert state["cities"]["valencia"] is None and state["cities"]["algiers"] is None
    assert state["cities"]["toledo"] == GOLD_KNIGHT
    assert state["borders"]["aragon__papal_states"] == GOLD_PIRATE
    assert state["regimes"]["aragon"] == "catholic"
    assert state["rulers"]["aragon"]["face"] == "republic"
    act(state, "CONCESSION aragon__france")
    assert asked(state) == ("fugger", "agent")
    act(state, "PLACE pren008")
    assert state["bishops"]["pren008"] == "catholic"


def test_blood_rule_no_religious_war_without_heretics():
    """§11.1.В–Г: no heretic noble or pirate (repressed ones do not count) → no war."""
    state = new()
    state["cities"]["valencia"] = GOLD_ROOK
    state["rulers"]["aragon"]["repressed"] = [GREEN_ROOK]
    state["hands"]["fugger"] = ["pren008"]
    act(state, "PLAY Jesuits")
    decision = RULES.decisions(state)[0]
    assert not decision.options.admits({"verb": "WAR", "empire": "aragon"})
    with pytest.raises(IllegalOrder):
        RULES.parse(state, decision, "WAR aragon")


def test_a_lost_war_changes_nothing_but_the_dead():
    """СРАЖЕНИЕ.Б.2: with A ≤ D the attacker loses; no regime change."""
    state = new()
    own(state, "medici", "ruler_france")
    state["cities"]["bruges"] = GOLD_ROOK
    war(state, "pren036", "france")
    assert state["cities"]["bruges"] is None
    assert state["rulers"]["france"]["owner"] == "medici"
    assert state["pawns"]["fugger"] == 9
    assert asked(state) == ("fugger", "action")


def test_example_27_apostasy_of_the_twelver_ghulat():
    """Example 27 (§11.3): Twelver ghulat (Protestant + Islam): the player holding Luther, The
    Grim and The Handsome discards them and the Ghulat itself (its agent placed first); rival
    A discards 3 Protestant cards and an Islam card — a queen married to the Ottoman ruler,
    so the couple goes home married with the Ottoman vassal; rival B, Protestant only, keeps
    everything."""
    state = new(("fugger", "medici", "coeur"))
    own(state, "fugger", "pren052", "pren058", "pren071")
    own(state, "medici", "pren004", "pren005", "pren011", "ruler_ottoman")
    state["rulers"]["ottoman"]["queen"] = "pren078"
    state["rulers"]["hungary"].update(owner="medici", suzerain="ottoman")
    state["tableaux"]["medici"]["east"].append("ruler_hungary")
    own(state, "coeur", "pren026", "pren160x")
    state["hands"]["fugger"] = ["pren167x"]
    act(state, "PLAY Twelver ghulat")
    act(state, "APOSTASY")
    decision = RULES.decisions(state)[0]
    assert decision.kind == "agent" and decision.options.admits({"verb": "SKIP"})  # martyr
    act(state, "PLACE ruler_mamluk")
    assert state["bishops"] == {"ruler_mamluk": "islamic"}
    assert owned_cards(state, "fugger") == []
    assert owned_cards(state, "medici") == []
    assert state["rulers"]["ottoman"]["owner"] is None
    assert state["rulers"]["ottoman"]["queen"] == "pren078"
    assert state["rulers"]["hungary"]["owner"] is None
    assert owned_cards(state, "coeur") == ["pren026", "pren160x"]
    assert state["log"][-1]["hit"] == {"fugger": 4, "medici": 4}


def test_example_29_a_pirate_between_two_theocracies_counts_twice():
    """Example 29 (§12.3): the only bishop is green; Papal (Catholic) has a gold knight in
    Venice, the Islamic Ottomans and Mamluks none: nothing dominates.  The Ottoman Navy's
    green pirate on the Ottoman–Mamluk border counts twice (2 > 1): Islam dominates."""
    from games.pax_renaissance.victory import dominant_religion
    state = new()
    state["regimes"].update(papal_states="catholic", ottoman="islamic", mamluk="islamic")
    state["bishops"] = {"ruler_mamluk": "islamic"}
    state["cities"]["venice"] = GOLD_KNIGHT
    assert dominant_religion(state) is None
    state["hands"]["fugger"] = ["pren063"]
    act(state, "PLAY Ottoman Navy")
    act(state, "NO")
    act(state, "PLACE mamluk__ottoman")
    assert state["borders"]["mamluk__ottoman"] == GREEN_PIRATE
    assert dominant_religion(state) == "islamic"


def test_battle_and_one_shot_prompts_read_in_russian():
    """The mails name cards, empires and pieces in the reader's language (no ids in prose)."""
    from pbem.reports.presenters import presenter_for
    state = new()
    own(state, "medici", "ruler_aragon")
    state["rulers"]["aragon"]["repressed"] = [RED_KNIGHT]
    state["borders"]["aragon__papal_states"] = GREEN_PIRATE
    state["cities"]["algiers"] = GREEN_ROOK
    state["hands"]["fugger"] = ["pren009"]
    act(state, "PLAY House of Borgia")
    ru = presenter_for("pax-renaissance", "ru")
    prompt = ru.prompt(RULES.decisions(state)[0], {})
    assert "Род Борджиа" in prompt and "заговор" in prompt and "WAR <империя>" in prompt
    act(state, "WAR aragon")
    prompt = ru.prompt(RULES.decisions(state)[0], {})
    assert "Арагон" in prompt and "repressed1 (конь)" in prompt and "algiers (Алжир: ладья)" in prompt
    assert "aragon__papal_states (Флоренция: пират)" in prompt
    english = RULES.decisions(state)[0].prompt
    assert "Aragon" in english and "repressed1 (red knight)" in english
    assert "aragon__papal_states (Florence: green pirate)" in english


def test_alike_agents_need_no_casualty_choice():
    """Two gold knight agents against one rook: which agent dies changes nothing, so the
    battle is not asked (СРАЖЕНИЕ); the survivor must still be put."""
    state = new()
    state["cities"]["valencia"] = GREEN_ROOK
    state["hands"]["fugger"] = ["pren032"]  # Duke of Milan: two gold knights, conspiracy
    act(state, "PLAY Duke of Milan")
    act(state, "WAR aragon")
    assert asked(state) == ("fugger", "survivors")
    assert state["cities"]["valencia"] is None
