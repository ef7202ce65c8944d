"""Pax Renaissance: each victory condition at its exact threshold (§12.3–§12.6), declared
only while its card is active (§5.6, §12.1)."""
from __future__ import annotations

from games.pax_renaissance import RULES
from games.pax_renaissance.victory import achieved
from tests.games.pax_renaissance.test_pax_ops import act, new, own, pawn

DISCOVERY, LAW, CATHOLIC = ("pren016", "pren096x"), ("pren010", "pren036", "pren037"), \
    ("pren003", "pren007")


def test_imperial_needs_two_more_monarchies_with_three_bankers_three_with_two():
    """§12.4: 2 more monarchy-side rulers than each rival (3 more with 2 bankers)."""
    state = new(("fugger", "medici", "coeur"))
    own(state, "fugger", "ruler_france")
    assert not achieved(state, "fugger", "imperial")
    own(state, "fugger", "ruler_england")
    assert achieved(state, "fugger", "imperial")
    state = new()
    own(state, "fugger", "ruler_france", "ruler_england")
    assert not achieved(state, "fugger", "imperial")
    own(state, "fugger", "ruler_aragon")
    assert achieved(state, "fugger", "imperial")


def test_globalization_needs_two_more_concessions_and_more_discovery():
    """§12.5: 2 more concessions than each rival and more discovery prestige."""
    state = new()
    state["borders"]["aragon__france"] = pawn("fugger")
    state["borders"]["england__france"] = pawn("fugger")
    state["borders"]["aragon__papal_states"] = pawn("medici")   # Fugger 2, Medici 1
    own(state, "fugger", DISCOVERY[0])
    assert not achieved(state, "fugger", "globalization")
    state["borders"]["france__holy_roman_empire"] = pawn("fugger")
    assert achieved(state, "fugger", "globalization")
    own(state, "medici", DISCOVERY[1])
    assert not achieved(state, "fugger", "globalization")  # discovery tied


def test_renaissance_needs_more_republics_and_two_more_law():
    """§12.6: more republics than each rival and 2 more law prestige."""
    state = new()
    own(state, "fugger", "ruler_france")
    state["rulers"]["france"]["face"] = "republic"           # its face: 1 law
    assert not achieved(state, "fugger", "renaissance")      # 1 law, not 2 more
    own(state, "fugger", LAW[0])
    assert achieved(state, "fugger", "renaissance")
    own(state, "medici", LAW[1])
    assert not achieved(state, "fugger", "renaissance")      # 2 law vs 1
    own(state, "fugger", LAW[2], "pren040")
    assert achieved(state, "fugger", "renaissance")          # 4 law vs 1
    own(state, "medici", "ruler_england")
    state["rulers"]["england"]["face"] = "republic"
    assert not achieved(state, "fugger", "renaissance")      # republics tied (law 4 vs 2)


def test_faith_needs_a_dominant_religion_and_more_of_its_prestige():
    """§12.3: a dominant religion (bishops and pieces in its theocracies) and more prestige
    of it than each rival; it is declared only while the card is active."""
    state = new()
    own(state, "fugger", *CATHOLIC)
    assert not achieved(state, "fugger", "holy")             # nothing dominates
    state["bishops"]["ruler_papal_states"] = "catholic"
    state["cities"]["venice"] = {"piece": "knight", "religion": "catholic"}
    assert achieved(state, "fugger", "holy")
    assert "DECLARE" not in RULES.decisions(state)[0].options.verbs()
    state["victories"]["holy"] = True
    act(state, "DECLARE holy")
    assert state["ended"] == {"reason": "holy", "winners": ["fugger"]}
    assert RULES.outcome(state).winners == ("fugger",)
