"""The ``heuristic`` bot's rules of thumb (issue 15): sieges, battles, religious actions,
and a look-ahead limited to the best candidates."""
from __future__ import annotations

import random

from games.here_i_stand import RULES, bots, siege
from games.here_i_stand import state as S
from his_helpers import clear_units, fresh, into_action, no_cards, put


def _calais():
    """E9's Calais: 6 French regulars and Francis I besiege 2 English regulars (§15)."""
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "brussels", "boulogne", "north_sea", "english_channel")
    put(state, "calais", "england", regulars=2)
    put(state, "calais", "france", regulars=6, leaders=["francis_i"])
    siege.begin_siege(state, "calais", ["france"], ["england"])
    state["phase_data"].update(impulse=state["phase_data"]["impulse"] + 6)
    return no_cards(state)


def _french_decision(state):
    return next(d for d in RULES.decisions(state) if d.seat == "france")


def test_assaults_a_siege_it_can_win():
    """8 strength against 2 defenders (§17): the bot assaults rather than anything else."""
    state = _calais()
    order = bots.Heuristic().choose(RULES, state, _french_decision(state), random.Random(1))
    assert order == {"verb": "ASSAULT", "space": "calais"}


def test_assault_odds_and_religious_actions_by_power():
    state = _calais()
    assert bots.bonus(state, "france", {"verb": "ASSAULT", "space": "calais"}) > 0
    put(state, "calais", "england", regulars=4)          # 6 defenders against 8: wait
    assert bots.bonus(state, "france", {"verb": "ASSAULT", "space": "calais"}) < 0
    assert bots.bonus(state, "papacy", {"verb": "ST_PETERS", "cp": 2}) > 0
    assert bots.bonus(state, "protestant", {"verb": "PUBLISH_TREATISE", "zone": "german"}) > 0
    assert bots.bonus(state, "france", {"verb": "ST_PETERS", "cp": 2}) == 0


def test_looks_ahead_only_at_the_best_candidates(monkeypatch):
    """Each non-move candidate is not tried on a copy: at most LOOK of them and the default."""
    state = _calais()
    decision = _french_decision(state)
    monkeypatch.setattr(bots, "LOOK", 2)
    tried = []
    real = bots.tried
    monkeypatch.setattr(bots, "tried", lambda *a: tried.append(a[3]) or real(*a))
    bots.Heuristic().choose(RULES, state, decision, random.Random(1))
    candidates = bots._candidates(RULES, decision, RULES.default(state, decision),
                                  random.Random(1))
    assert len([o for o in candidates if o["verb"] not in bots.MOVES]) > bots.LOOK + 1
    assert 0 < len(tried) <= bots.LOOK + 1


def test_ottomans_pirate_at_decent_odds():
    """E11's Ionian (§16.4): 2 corsairs against 2 anti-piracy dice, so the bot pirates;
    against 3 more Hapsburg squadrons in the zone (8 dice) it would not."""
    from test_his_navy import ionian
    state = ionian()
    decision = next(d for d in RULES.decisions(state) if d.seat == "ottoman")
    order = bots.Heuristic().choose(RULES, state, decision, random.Random(1))
    assert order["verb"] == "PIRACY" and order["space"] == "ionian_sea"
    put(state, "ionian_sea", "hapsburg", squadrons=3)
    assert bots.bonus(state, "ottoman", {"verb": "PIRACY", "space": "ionian_sea",
                                         "target": "hapsburg"}) < 0


def test_an_army_stays_in_an_enemy_fortress_it_has_entered_and_heads_for_keys():
    """Leaving a hostile fortified space with every unit there gives up a siege before it
    is formally begun (the bot once marched 4 units in and out of Lyon, never assaulting);
    a move into an enemy key with an army weighs more than into any other enemy space."""
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    clear_units(state, "calais", "boulogne")
    put(state, "boulogne", "france", regulars=4)
    stay = bots.bonus(state, "france", {"verb": "MOVE", "from": "boulogne", "to": "calais",
                                        "units": 4, "leaders": []})
    put(state, "calais", "france", regulars=4)
    clear_units(state, "boulogne")
    leave = bots.bonus(state, "france", {"verb": "MOVE", "from": "calais", "to": "boulogne",
                                         "units": 4, "leaders": []})
    assert leave < 0 < stay
    assert stay >= bots.KEY_TARGET + 1.5


def test_an_army_marches_on_the_nearest_enemy_key():
    """A step of an army towards the nearest key it may besiege is worth more than the CP
    it spends (the Ottoman bot once only built cavalry); a step away is worth nothing."""
    state = into_action(fresh(), "france", cp=4)
    state["wars"] = sorted(state["wars"] + [["england", "france"]])
    far = bots._key_distances(state, "france")
    assert far["calais"] == 0
    src = next(s for s, d in far.items() if d == 2 and S.controller(state, s) == "france"
               and not S.enemy_units_at(state, "france", s)
               and not any(S.enemy_space(state, "france", n) for n in S.board().neighbours(s)))
    closer = next(n for n in S.board().neighbours(src) if far[n] == 1)
    away = next(n for n in S.board().neighbours(src) if far.get(n, 9) > 2)
    put(state, src, "france", regulars=3)
    move = {"verb": "MOVE", "from": src, "units": 3, "leaders": []}
    assert bots.bonus(state, "france", {**move, "to": closer}) >= bots.APPROACH > bots.CP_WORTH
    assert bots.bonus(state, "france", {**move, "to": away}) <= 0


def test_an_impulse_tries_every_card_as_event_and_for_cp(monkeypatch):
    """Which card to play, and how, is tried card by card on a copy (its VP show there):
    not only the first `LOOK` candidates, which `bonus` cannot rank."""
    state = into_action(fresh(), "hapsburg")
    decision = next(d for d in RULES.decisions(state) if d.seat == "hapsburg")
    assert decision.kind == "impulse" and decision.options.count() > bots.LOOK + 1
    looked = []
    real = bots.tried
    monkeypatch.setattr(bots, "tried", lambda *a: looked.append(a[3]) or real(*a))
    bots.Heuristic().choose(RULES, state, decision, random.Random(1))
    assert sorted(map(RULES.order_text, looked)) == sorted(
        map(RULES.order_text, decision.legal_orders()))
