"""Dice: determinism, uniformity bounds, shuffles and the seed commitment (hypothesis)."""
from __future__ import annotations

import hashlib
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice, commitment, new_seed

seeds = st.text(min_size=1, max_size=40)


@given(seeds, st.integers(min_value=1, max_value=60))
def test_same_seed_same_rolls(seed, count):
    assert Dice(seed).roll(count) == Dice(seed).roll(count)


@given(seeds, st.integers(min_value=0, max_value=500))
def test_counter_position_reproduces_the_stream(seed, skip):
    whole = Dice(seed)
    whole.roll(skip)
    resumed = Dice(seed, whole.counter)
    assert resumed.roll(10) == whole.roll(10)


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_d6_is_uniform_within_bounds(seed):
    rolls = Dice(seed).roll(6000)
    counts = Counter(rolls)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Each face expects 1000 (sd ≈ 28.9): ±6 sd never fails by chance in practice.
    assert all(827 <= counts[face] <= 1173 for face in range(1, 7)), counts
    chi2 = sum((counts[f] - 1000) ** 2 / 1000 for f in range(1, 7))
    assert chi2 < 30  # p ≈ 1.5e-5 for 5 degrees of freedom


@given(seeds, st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed, bound):
    dice = Dice(seed)
    assert all(0 <= dice.below(bound) < bound for _ in range(20))


@given(seeds, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_deterministic_permutation(seed, items):
    a, b = list(items), list(items)
    Dice(seed).shuffle(a)
    Dice(seed).shuffle(b)
    assert a == b
    assert sorted(a) == sorted(items)


def test_rolls_are_logged_and_taken_once():
    dice = Dice("log")
    rolled = dice.roll(3)
    dice.shuffle([1, 2, 3])
    assert dice.take_rolls() == rolled
    assert dice.take_rolls() == []


def test_stream_matches_the_documented_algorithm():
    """sha256(seed ':' counter), first 8 bytes big-endian, rejection then mod."""
    digest = hashlib.sha256(b"doc:0").digest()
    x = int.from_bytes(digest[:8], "big")
    assert x < 2**64 - 2**64 % 6
    assert Dice("doc").d6() == x % 6 + 1


def test_commitment_is_sha256_of_the_seed():
    seed = new_seed()
    assert len(seed) == 32
    assert commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
