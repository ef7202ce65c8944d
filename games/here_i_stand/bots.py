"""Here I Stand's own bot: ``heuristic``, rules of thumb over a one-step look-ahead.

The bot ranks the candidate orders (all of them when there are few, else the NMR default,
the strongest order of each option shape and a sample) by the rules of thumb of `bonus`,
then tries only the best `LOOK` of them (every card of an impulse, as event and for CP) on
a private copy of the state with throwaway dice (never the game's own stream) and scores
the position for its power with `value`.  Moves,
assaults and battles are judged by `bonus` alone (what a move leads to shows only in the
battle or siege after; the others turn on dice).
It prefers progress:

* events that score (their VP show in the look-ahead, §23.2), otherwise cards for their CP;
* attacking weaker stacks at good odds (field battle, §14), assaulting sieges it can
  win (§15.1), entering enemy fortresses (§13.1, §15), never stripping a threatened
  capital of its defenders (a lost capital costs cards and VP, §19.3), and building where
  units are short;
* marching its strongest stack (the one with its leaders) rather than a leaderless few, and
  never spending CP on a move that attacks, enters or approaches nothing (§13.1);
* controlling the unfortified spaces on the way to an enemy key (its line of communication,
  which an assault needs, §12.1-§12.2): marching through one controls nothing;
* spreading its faith: the Protestants reform, translate and publish treatises, the Papacy
  burns books, builds St Peter's and calls debates (§18);
* accepting alliances and proposals that leave it better off (§9), rejecting the rest, and
  declaring war only where a key of the enemy is within its army's reach (§9.6, `bot_powers`);
  in a battle it stands and fights when it is the stronger, else retreats, avoids or
  withdraws into a fortress (§13.1);
* building next to its marching army or at the front (§17), and England marrying Henry
  again while an heir may be born (§21.3, `bot_powers`);
* sending a voyage to the New World each turn once the armies are served (§20);
* the Ottomans take corsairs out to sea and pirate where the corsairs should outlast the
  anti-piracy dice (§16.4).

Negotiation is answered without proposing (a bot waits for offers); everything the
look-ahead cannot tell apart falls back on the game's `default`.

Rules: none (a bot that plays by rules of thumb)
"""
from __future__ import annotations

import random
from typing import Any

from engine.bots import Bot, tried
from engine.contract import Decision, Order, Rules, State
from engine.options import Count
from games.here_i_stand import bot_powers, seating, siege
from games.here_i_stand import state as S
from games.here_i_stand.phases import victory
from games.here_i_stand.navy import fleet, piracy

#: Candidates drawn at random when a decision has more legal orders than this.
SAMPLE = 12
#: Candidates tried on a copy of the state (the best by `bonus`, and the default).
LOOK = 4
#: Decisions whose every candidate is tried on a copy: which card an impulse plays, and
#: how (its event or its CP), is the turn's main choice, and `bonus` cannot rank events
#: (what an event scores shows only in the look-ahead).
EVERY_CARD = ("impulse",)
#: Verbs judged by `bonus` alone, without a look-ahead: a move changes nothing a position's
#: value sees until the next action (and the look-ahead is the bot's main cost); an assault
#: or a battle (or Henry's next pregnancy) turns on dice, and one throw of throwaway dice
#: would mislead.
MOVES = ("MOVE", "RETURN", "ASSAULT", "FIGHT", "INSIDE", "PIRACY", "MARRY")
#: A win or a loss outweighs everything else.
DECISIVE = 1000.0
#: Weights of the position (`value`).
VP, RIVAL_VP, KEY, SPACE, FAITH, UNIT, SHIP = 10.0, 4.0, 3.0, 1.0, 1.5, 0.5, 0.3
CAPITAL_HELD, CAPITAL_LOST, DEFENDERS = 6.0, 20.0, 4
ALLY, BAD_WAR = 3.0, 3.0
#: A card played for CP is worth its CP times this (they are spent on progress later).
CP_WORTH = 1.2
#: What a move into an enemy key (a siege of it to come) adds: keys are VP (§23.1).
KEY_TARGET = 2.0
#: What a step of an army (2 units or more) towards the nearest enemy key adds: more than
#: the CP it spends, so armies march on keys rather than idle or only build.
APPROACH, UNREACHED = 1.5, 10_000
#: What each point of a moving stack's strength adds to a move with a purpose (so the army
#: with its leaders marches, not a leaderless few); what a move without one costs beyond
#: the CP it leaves unspent (`_aimless`).
MARCH, AIMLESS = 0.1, 1.0
#: Odds a field battle (§14) or an assault (§15.1) needs: own units per defending unit.
BATTLE_ODDS, ASSAULT_ODDS = 1.5, 1.5
#: Religious actions each side of the Reformation prefers (§18): their rule-of-thumb worth.
FAITH_ACTIONS = {
    "protestant": {"PUBLISH_TREATISE": 2.0, "TRANSLATE": 1.5, "REFORM": 1.5, "DEBATE": 1.0,
                   "DEBATE_LEIPZIG": 1.0},
    "papacy": {"ST_PETERS": 2.0, "DEBATE": 2.0, "DEBATE_LEIPZIG": 2.0, "BURN_BOOKS": 1.5,
               "CONVERT": 1.5, "FOUND_UNIVERSITY": 1.0},
    "england": {"PUBLISH_TREATISE": 1.0},
}
#: Voyages to the New World (§20, England, France and the Hapsburgs, once a turn each):
#: what they are worth over their CP (2, 2-3 and 4), for the VP of discoveries and
#: conquests and the cards of colonies show only in the New World phase.
VOYAGES = {"EXPLORE": 3.0, "COLONIZE": 3.0, "CONQUER": 5.5}


class Heuristic(Bot):
    """The rules of thumb above (see the module docstring)."""

    name = "heuristic"

    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order:
        fallback = rules.default(state, decision)
        if decision.closes_on_done:
            return self._negotiate(rules, state, decision, fallback)
        candidates = _candidates(rules, decision, fallback, rng)
        if len(candidates) == 1:
            return candidates[0]
        power = decision.context.get(seating.POWER, decision.seat)   # §3.1 seats
        now = value(state, power)
        ranked = sorted(((bonus(state, power, o), -i, o) for i, o in enumerate(candidates)),
                        key=lambda r: (r[0], r[1]), reverse=True)
        looks, limit = 0, len(ranked) if decision.kind in EVERY_CARD else LOOK
        scored = []
        for prior, rank, order in ranked:
            if order.get("verb") in MOVES:
                scored.append((now + prior - _move_cp(state), rank, order))
                continue
            if looks >= limit and order is not fallback:
                continue
            looks += 1
            after = tried(rules, state, power, order, f"bot-{state['step']}-{-rank}")
            if after is not None:
                scored.append((value(after, power) + prior, rank, order))
        if not scored:
            return fallback
        return max(scored, key=lambda s: (s[0], s[1]))[2]

    def _negotiate(self, rules: Rules, state: State, decision: Decision,
                   fallback: Order) -> Order:
        """Accept an open proposal that leaves the power better off, reject one that does
        not; else close the window (no proposals of its own)."""
        power = decision.context.get(seating.POWER, decision.seat)   # §3.1 seats
        now = value(state, power)
        for option in decision.options.options:
            if option.verb not in ("ACCEPT", "REJECT"):
                continue
            for order in option.orders():
                if order["verb"] != "ACCEPT":
                    continue
                after = tried(rules, state, power, order, f"deal-{state['step']}")
                if after is not None and value(after, power) >= now:
                    return order
                reject = {**order, "verb": "REJECT"}
                if decision.options.admits(reject):
                    return reject
        done = {"verb": "DONE"}
        return done if decision.options.admits(done) else fallback


def _candidates(rules: Rules, decision: Decision, fallback: Order,
                rng: random.Random) -> list[Order]:
    """Every legal order when there are at most `SAMPLE`, else the default, the strongest
    order of each option shape (every unit that may go, so no verb is overlooked) and a
    sample."""
    if decision.options.count() <= SAMPLE:
        return list(decision.legal_orders())
    seen = {rules.order_text(fallback)}
    out = [fallback]
    live = [o for o in decision.options.options if o.count()]
    strongest = [{"verb": o.verb, **{n: d.high if isinstance(d, Count) else d.draw(rng)
                                     for n, d in o.fields}} for o in live]
    for order in strongest + [decision.options.draw(rng) for _ in range(SAMPLE)]:
        text = rules.order_text(order)
        if text not in seen:
            seen.add(text)
            out.append(order)
    return out


# ---------------------------------------------------------------- the position
def value(state: State, power: str) -> float:
    """How good `state` is for `power`: the rules of thumb of the module docstring."""
    done = state.get("outcome")
    if done:
        return DECISIVE if power in done["winners"] else -DECISIVE
    vp = victory.totals(state)
    score = VP * vp[power] - RIVAL_VP * max(v for p, v in vp.items() if p != power)
    score += KEY * len(S.keys_controlled(state, power))
    score += SPACE * _spaces(state, power)
    protestant = S.protestant_spaces(state)
    if power == "protestant":
        score += FAITH * protestant
    elif power == "papacy":
        score -= FAITH * protestant
    score += _capitals(state, power)
    land, naval = _forces(state)
    score += UNIT * land.get(power, 0) + SHIP * naval.get(power, 0)
    score += ALLY * sum(1 for pair in state["alliances"] if power in pair)
    for enemy in _enemies(state, power):
        if land.get(enemy, 0) > land.get(power, 0):
            score -= BAD_WAR
    phase = state["phase_data"]
    if state["phase"] == "action" and phase.get("cp"):
        score += CP_WORTH * phase["cp"]
    return score


def bonus(state: State, power: str, order: Order) -> float:
    """What a one-step look-ahead misses: where a move leads, whether a battle or an assault
    is worth its risk, and which actions make progress for this power."""
    verb = order.get("verb")
    if verb == "MOVE" and isinstance(order.get("to"), str) and order["to"] in S.board().spaces:
        return _move_bonus(state, power, order)
    if verb == "ASSAULT":
        return _assault_bonus(state, power, str(order.get("space")))
    if verb in ("FIGHT", "INSIDE"):
        fight = _holds(state, power)
        return (3.0 if fight else -3.0) * (1 if verb == "FIGHT" else -1)
    if verb == "DECLARE_WAR":
        return 1.0 if bot_powers.war_aim(state, power, str(order.get("power"))) else -5.0
    if bot_powers.marries(state, power, order):
        return VP * bot_powers.heir_hope(state)
    if verb == "BUILD" and isinstance(order.get("space"), str):
        return _build_bonus(state, power, order["space"])
    if verb == "CONTROL" and isinstance(order.get("space"), str):
        return bot_powers.control_bonus(order["space"], _key_distances(state, power))
    if verb == "PASS":
        return -1.0
    if verb in VOYAGES:
        return VOYAGES[str(verb)]
    if verb == "PIRACY":
        return _piracy_bonus(state, str(order.get("space")), str(order.get("target")))
    if verb == "NAVAL_MOVE" and power == "ottoman":
        return _corsair_bonus(state, order.get("steps") or ())
    return FAITH_ACTIONS.get(power, {}).get(str(verb), 0.0)


def _move_bonus(state: State, power: str, order: Order) -> float:
    """Attack weaker stacks at good odds, enter enemy spaces, march the strongest stack,
    keep the capital defended, and spend no CP on a move without a purpose."""
    src, dst = order.get("from"), order["to"]
    moving = int(order.get("units") or 0)
    strength = bot_powers.strength(moving, order.get("leaders"))
    out = 0.0
    defenders = _defenders(state, power, dst)
    if defenders:
        out += 3.0 if strength >= BATTLE_ODDS * defenders else -4.0
    elif S.enemy_space(state, power, dst) and S.is_fortified(dst, state):
        out += 1.5 + (2.0 if moving >= 2 else 0.0)    # a siege to come (§15)
        out += KEY_TARGET if S.board().spaces[dst].is_key and moving >= 2 else 0.0
    elif moving >= 2 and src in S.board().spaces:
        far = _key_distances(state, power)
        if far.get(dst, UNREACHED) < far.get(str(src), UNREACHED):
            out += APPROACH             # an army marches on the nearest enemy key
    if S.own_leaders(state, dst, power) and not S.own_leaders(state, str(src), power):
        out += APPROACH                 # a few units join the army of a leader
    out += MARCH * strength if out > 0 else (-_aimless(state) if out == 0 else 0.0)
    if siege.is_besieger(state, str(src), power) or siege.hostile(state, power, str(src)):
        left = bot_powers.strength(S.count(state, src, power) - moving,
                                   [l for l in S.own_leaders(state, str(src), power)
                                    if l not in (order.get("leaders") or ())])
        if left < ASSAULT_ODDS * max(_defenders(state, power, str(src)), 1):
            out -= 4.0                  # leaving gives up the siege (or its assault)
    if src in S.capitals(power):
        left = S.count(state, src, power) - moving
        if left < 2 and _threatened(state, power, src):
            out -= 5.0
    return out


def _key_distances(state: State, power: str) -> dict[str, int]:
    """Each land space's distance in moves from the nearest key `power` may besiege
    (fortified, enemy or independent, §15), by the map's connections."""
    board = S.board()
    frontier = [k for k, sp in board.spaces.items() if sp.is_key and siege.hostile(state, power, k)]
    far = {k: 0 for k in frontier}
    while frontier:
        nxt = []
        for sid in frontier:
            for n in board.neighbours(sid):
                if n in board.spaces and n not in far:
                    far[n] = far[sid] + 1
                    nxt.append(n)
        frontier = nxt
    return far


def _build_bonus(state: State, power: str, sid: str) -> float:
    """Build in a threatened capital first, else next to the marching army or at the
    front (`bot_powers.build_bonus`)."""
    if sid in S.capitals(power) and _threatened(state, power, sid):
        return 1.0 + bot_powers.WITH_ARMY
    return bot_powers.build_bonus(state, power, sid, _key_distances(state, power))


def _aimless(state: State) -> float:
    """What a move without a purpose costs: more than ending the impulse would (which
    loses every CP left), so the bot ends it or builds instead."""
    return AIMLESS + CP_WORTH * (state["phase_data"].get("cp") or 0)


def _move_cp(state: State) -> float:
    """What a move spends, as `value` counts unspent CP."""
    return CP_WORTH if state["phase"] == "action" and state["phase_data"].get("cp") else 0.0


def _assault_bonus(state: State, power: str, sid: str) -> float:
    """Assault a besieged space when the besiegers are `ASSAULT_ODDS` times the defenders
    (the defenders roll an extra die; a garrison never starves, so repeated assaults at
    fair odds wear it down), else wait for reinforcements."""
    mine = bot_powers.strength(S.count(state, sid, power), S.own_leaders(state, sid, power))
    return 8.0 if mine >= ASSAULT_ODDS * max(_defenders(state, power, sid), 1) else -2.0


def _piracy_bonus(state: State, zone: str, target: str) -> float:
    """Pirate (§16.4) when the corsairs should outlast the anti-piracy dice (a third of
    them hit) by at least one, worth the Ottoman dice's expected hits (a third each) in VP."""
    corsairs = fleet.count(fleet.units(state, zone, "ottoman"), "corsairs")
    if 3 * corsairs < piracy.anti_piracy_dice(state, zone, target) + 3:
        return -3.0
    return VP * (2 + piracy.piracy_rating(state, zone)) / 3


def _corsair_bonus(state: State, steps: Any) -> float:
    """Take corsairs out to a sea zone where they could pirate a port next."""
    m = S.board()
    return 1.5 if any(step[0] not in m.sea_zones and step[1] in m.sea_zones
                      and fleet.count(fleet.units(state, step[0], "ottoman"), "corsairs")
                      for step in steps) else 0.0


def _holds(state: State, power: str) -> bool:
    """Whether the defenders of the space an army is moving into match its strength
    (else they withdraw into the fortifications)."""
    m = (state.get("phase_data") or {}).get("land_move")
    if not m:
        return True
    strength = bot_powers.strength
    attackers = strength(sum(sum(k.values()) for k in m["units"].values()), m["leaders"])
    here = strength(S.count(state, m["to"], power), S.own_leaders(state, m["to"], power))
    return here >= attackers


def _defenders(state: State, power: str, sid: str) -> int:
    return sum(S.count(state, sid, p) for p in S.units(state, sid) if S.at_war(state, power, p))


def _threatened(state: State, power: str, sid: str) -> bool:
    """An enemy stack next to `sid` (or no war at all: then nothing threatens it)."""
    return any(S.enemy_units_at(state, power, n) for n in S.board().neighbours(sid))


def _forces(state: State) -> tuple[dict[str, int], dict[str, int]]:
    """Land and naval units of every power on the map."""
    land: dict[str, int] = {}
    naval: dict[str, int] = {}
    for rec in state["spaces"].values():
        for power, counts in rec.get("units", {}).items():
            for kind, n in counts.items():
                into = land if kind in S.LAND else naval
                into[power] = into.get(power, 0) + n
    return land, naval


def _enemies(state: State, power: str) -> list[str]:
    return [p for pair in state["wars"] if power in pair for p in pair if p != power]


def _spaces(state: State, power: str) -> int:
    """Spaces `power` controls outside its home."""
    return sum(1 for rec in state["spaces"].values() if rec.get("control") == power)


def _capitals(state: State, power: str) -> float:
    """Held capitals with their defenders; a lost capital weighs heavily."""
    out = 0.0
    for cap in S.capitals(power):
        if S.controller(state, cap) == power:
            out += CAPITAL_HELD + min(S.count(state, cap, power), DEFENDERS)
        else:
            out -= CAPITAL_LOST
    return out


BOTS = {"heuristic": Heuristic()}
