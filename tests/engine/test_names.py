"""Forgiving names (`engine.names`): exact, prefix, then a unique near match within
`typo_limit` edits; both sides of the limit, and never a silent pick between two names."""
from __future__ import annotations

import pytest

from engine.contract import IllegalOrder
from engine.names import NameIndex, Reading, edit_distance, readings, typo_limit

CITIES = NameIndex("space", [("Vienna", "vienna"), ("Вена", "vienna"), ("Siena", "siena"),
                             ("Magdeburg", "magdeburg"), ("Lübeck", "lubeck"),
                             ("Rome", "rome"), ("Nuremberg", "nuremberg")])


def test_edit_distance_counts_swaps_as_one_and_stops_past_the_limit():
    assert edit_distance("magdebrug", "magdeburg", 2) == 1       # two letters swapped
    assert edit_distance("magdeberg", "magdeburg", 2) == 1       # one letter wrong
    assert edit_distance("luebeck", "lubeck", 1) == 1            # one letter too many
    assert edit_distance("abcdef", "uvwxyz", 1) == 2             # gives up at limit + 1
    assert [typo_limit("x" * n) for n in (3, 4, 7, 8, 11, 12, 40)] == [0, 1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize("written, key", [
    ("Magdebrug", "magdeburg"), ("magdeberg", "magdeburg"), ("Nuremburg", "nuremberg"),
    ("Luebeck", "lubeck"), ("LÜBEK", "lubeck"), ("Венна", "vienna"), ("Vienn", "vienna")])
def test_a_unique_near_match_is_read_and_recorded(written, key):
    with readings() as read:
        assert CITIES.resolve(written) == key
    assert read == [Reading(written, "space", key, read[0].shown)]


def test_exact_names_are_not_recorded_as_readings():
    with readings() as read:
        assert CITIES.resolve("lubeck") == "lubeck" and CITIES.resolve("ВЕНА") == "vienna"
    assert read == []


def test_just_beyond_the_limit_is_refused_with_the_suggestion():
    # "Magdbrg": 7 letters, 1 edit allowed, 2 needed (no prefix either)
    with pytest.raises(IllegalOrder) as refused:
        CITIES.resolve("Magdbrg")
    assert refused.value.code == "name_unknown" and refused.value.hints == ["Magdeburg"]
    assert refused.value.params["candidates"] == ["magdeburg"]


def test_four_letters_forgive_one_typo_three_letters_none():
    assert CITIES.resolve("Rone") == "rome"
    with pytest.raises(IllegalOrder):
        CITIES.resolve("Rme")                       # a prefix of nothing, 1 edit from Rome


def test_two_near_names_are_never_picked_silently():
    with pytest.raises(IllegalOrder) as refused:
        CITIES.resolve("Viena")                     # one edit from Vienna and from Siena
    assert refused.value.code == "name_ambiguous"
    assert refused.value.hints == ["Siena", "Vienna"]
    assert refused.value.params["candidates"] == ["siena", "vienna"]
