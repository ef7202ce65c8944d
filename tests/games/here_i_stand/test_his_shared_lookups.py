"""Lookups shared by the checks of one unchanged state (issue 13: `pbem simulate` speed)
answer exactly what the checks made one by one answer, in states of a random game: an
army's counter-mix splits with the owners' stacks worked out once (`counter_mix.Bases`,
§5.2), the targets of a conversion attempt with the bases of a faith worked out once
(`religion._bases`, §18.3), the keys each power controls from one pass (§2.4, §23.1)."""
from __future__ import annotations

import datetime as dt
import copy
import random

import pytest

from engine import bots
from engine.game import Game
from engine.options import DeferredOptions, OptionSet
from games.here_i_stand import RULES, counter_mix, cp_actions, religion
from games.here_i_stand import state as S

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


@pytest.fixture(scope="module")
def states():
    """Every 40th state of a random 1517 game (random bots, random seat drawn), up to 800
    entries."""
    rng = random.Random("shared-lookups")
    seats = {p: {"players": [f"{p}@example.org"], "lang": "en"}
             for p in RULES.scenario(None).seats}
    game = Game.create(RULES, "shared", seats, now=T0, seed="shared-lookups")
    player = bots.get(RULES, "random")
    out = []
    while game.outcome() is None and game.record.last_seq < 800:
        decision = rng.choice(game.decisions())
        order = player.choose(RULES, game.state, decision, rng)
        game.apply_order(decision.seat, order, by="bot", source="bot", at=T0,
                         decision=decision)
        if game.record.last_seq % 40 == 0:
            out.append(game.state)
    return out


def _armies(state):
    """(power, space, its army there) for every major power's army on the map."""
    for power in S.MAJORS:
        for sid in sorted(state["spaces"]):
            if sid in S.board().spaces:
                stacks, _ = cp_actions.army_at(state, power, sid)
                if stacks:
                    yield power, sid, cp_actions._major_first(stacks, power)


def test_army_splits_with_shared_stacks_are_the_same(states):
    checked = 0
    for state in states:
        bases: counter_mix.Bases = {}
        for power, sid, stacks in _armies(state):
            most = sum(sum(c.values()) for c in stacks.values())
            for dst in S.board().neighbours(sid)[:3]:
                alone = counter_mix.army_counts(state, stacks, sid, most, dst)
                assert counter_mix.army_counts(state, stacks, sid, most, dst,
                                               bases=bases) == alone
                for n in range(1, most + 1):
                    assert counter_mix.choose_army(state, stacks, sid, n, dst,
                                                   bases=bases) == \
                        counter_mix.choose_army(state, stacks, sid, n, dst)
                checked += 1
    assert checked > 50


def _kept_counts_match(cases) -> int:
    """Keep every case's `army_counts`, then check each kept answer against its own state's
    counts worked out afresh; returns how many cases could not move every unit."""
    counter_mix._COUNTS.clear()              # none of the answers is dropped half-way
    assert len(cases) < counter_mix._COUNTS_KEPT
    for state, sid, stacks, dst in cases:
        counter_mix.army_counts(state, stacks, sid, 20, dst)
    refused = 0
    for state, sid, stacks, dst in cases:
        most = min(20, sum(sum(c.values()) for c in stacks.values()))
        assert counter_mix._counts_key(state, stacks, sid, most, dst, S.LAND, {}) in \
            counter_mix._COUNTS
        afresh = tuple(n for n in range(1, most + 1)
                       if counter_mix.choose_army(state, stacks, sid, n, dst) is not None)
        refused += len(afresh) < most
        assert counter_mix.army_counts(state, stacks, sid, 20, dst) == afresh
    return refused


def test_army_counts_kept_across_states_are_each_states_counts(states):
    """`army_counts` keeps its answers by the numbers they depend on: after every state's
    counts are kept, each answer is still the one its own state gives, counted afresh."""
    cases = [(state, sid, stacks, dst) for state in states
             for _, sid, stacks in _armies(state) for dst in S.board().neighbours(sid)[:3]]
    assert len(cases) > 50
    _kept_counts_match(cases)


def _tight(state, rng):
    """`state` with the Hapsburgs' land units redealt at random until their counters are
    nearly all in use (§5.2: splits that leave stacks the mix cannot show are refused)."""
    state = copy.deepcopy(state)
    for sid, rec in list(state["spaces"].items()):
        for kind in S.LAND:
            n = rec.get("units", {}).get("hapsburg", {}).get(kind, 0)
            S.add_units(state, sid, "hapsburg", kind, -n)
    spaces = sorted(S.board().spaces)
    kinds = counter_mix.pool("hapsburg")
    for _ in range(40):
        sid, kind, n = rng.choice(spaces), rng.choice(("regulars", "mercenaries")), rng.randint(1, 4)
        S.add_units(state, sid, "hapsburg", kind, n)
        if not counter_mix.fits(counter_mix.stacks(state, "hapsburg"), kinds):
            S.add_units(state, sid, "hapsburg", kind, -n)
    return state


def test_army_counts_kept_where_the_counters_run_short(states):
    """The kept counts stay each state's own where the counter mix refuses some splits."""
    rng = random.Random("tight")
    tight = [_tight(states[i % len(states)], rng) for i in range(30)]
    cases = [(state, sid, stacks, dst) for state in tight
             for power, sid, stacks in _armies(state) if power == "hapsburg"
             for dst in S.board().neighbours(sid)]
    assert _kept_counts_match(cases) > 20


def test_conversion_targets_match_one_by_one_checks(states):
    for state in states:
        for side in (religion.PROTESTANT, religion.CATHOLIC):
            one_by_one = sorted(s for s in S.board().spaces
                                if religion.eligible(state, s, side) is None)
            assert religion.targets(state, side) == one_by_one
            known = religion.reach(state, side)
            for sid in S.board().spaces:
                assert religion.eligible(state, sid, side, known) == \
                    religion.eligible(state, sid, side)


def test_faiths_is_each_spaces_faith(states):
    haven = copy.deepcopy(states[-1])              # a pirate haven is an Ottoman home (L1607)
    haven["spaces"].setdefault("oran", {})["haven"] = True
    haven["spaces"].setdefault("tunis", {})["religion"] = "protestant"
    for state in [*states, haven]:
        assert religion.faiths(state) == {s: religion.faith(state, s) for s in S.board().spaces}


def test_keys_by_controller_is_each_powers_keys(states):
    for state in states:
        held = S.keys_by_controller(state)
        for power in S.MAJORS + S.MINORS:
            mine = [k for k in S._keys() if S.controller(state, k) == power
                    and S.in_play(state, k)]
            assert held.get(power, []) == mine == S.keys_controlled(state, power)


def test_destinations_alike_for_the_army_give_the_same_counts(states):
    """`cp_actions._moves` works the unit counts out once per kind of destination: where
    the army's owners have the same stacks, the counter mix allows the same numbers."""
    compared = 0
    for state in states:
        for power, sid, stacks in _armies(state):
            most = sum(sum(c.values()) for c in stacks.values())
            seen: dict[tuple[int, ...], tuple[int, ...]] = {}
            for dst in S.board().neighbours(sid):
                there = S.units(state, dst)
                alike = tuple(there.get(o, {}).get(k, 0) for o in stacks for k in S.LAND)
                counts = cp_actions.move_counts(state, power, sid, dst, most)
                if alike in seen:
                    assert counts == seen[alike]
                    compared += 1
                seen[alike] = counts
    assert compared > 50


def test_every_transport_offered_is_accepted_where_the_counters_run_short(states):
    """§16.3 with §5.2 L283 (bench 1532 game final1532-186): a one-zone transport offers only
    the numbers of units whose split the counters can show (3 of 6 Ottomans in Istanbul
    was offered and then refused)."""
    from games.here_i_stand.navy import transport
    rng = random.Random("transport")
    offered = 0
    for state in [_tight(states[i % len(states)], rng) for i in range(20)]:
        for route, fit in transport.single_hops(state, "hapsburg", 5):
            for n in fit:
                offered += 1
                assert transport.problem(state, "hapsburg", list(route), (), n, 5) is None
            assert fit == tuple(n for n in range(1, transport.MOST + 1) if transport.problem(
                state, "hapsburg", list(route), (), n, 5) is None)
    assert offered > 0


def test_moves_worked_out_when_read_are_the_moves_listed_at_once(states):
    """The CP question's moves carry their unit counts as `Later` domains, worked out when
    read (§13.1, §5.2): what the question shows is exactly the list made at once, and a
    draw that works out only the drawn shape's counts gives one of its orders."""
    checked = 0
    for n, state in enumerate(states):
        for power in S.MAJORS:
            for cp in (1, 4):
                listed = OptionSet(tuple(cp_actions.options(state, power, cp)))
                private = copy.deepcopy(state)
                later = DeferredOptions(lambda: cp_actions.options(private, power, cp,
                                                                   later=True))
                drawn = DeferredOptions(lambda: cp_actions.options(private, power, cp,
                                                                   later=True))
                for k in range(5):
                    assert listed.admits(drawn.draw(random.Random(f"{n}-{power}-{k}")))
                assert later.options == listed.options
                checked += sum(o.verb == "MOVE" for o in listed.options)
    assert checked > 100
