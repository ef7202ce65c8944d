"""Here I Stand's own bot: ``heuristic``, rules of thumb over a one-step look-ahead.

For each candidate order (all of them when there are few, else the NMR default and a
sample) the bot applies it to a private copy of the state with throwaway dice (never the
game's own stream) and scores the position for its power with `value`, then adds the rules
of thumb of `bonus` that a one-step look-ahead cannot see.  It prefers progress:

* events that score (their VP show in the look-ahead, §23.2), otherwise cards for their CP;
* attacking weaker stacks at good odds and entering enemy spaces (§12, §13), never
  stripping its capital of defenders (§19.3 spirit: a lost capital costs cards and VP);
* controlling spaces (§12.3) and converting them to its faith (Protestants reform,
  the Papacy counter-reforms, §18);
* accepting alliances and proposals that leave it better off (§9), rejecting the rest, and
  declaring war only on powers its army outnumbers (§9.5).

Negotiation is answered without proposing (a bot waits for offers); everything the
look-ahead cannot tell apart falls back on the game's `default`.

Rules: none (a bot that plays by rules of thumb)
"""
from __future__ import annotations

import random
from typing import Any

from engine.bots import Bot
from engine.canonical import copy_plain
from engine.contract import Decision, IllegalOrder, Order, Rules, State
from engine.dice import Dice
from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand.phases import victory

#: Candidates looked at when a decision has more legal orders than this.
SAMPLE = 12
#: Verbs judged by `bonus` alone, without a look-ahead: a move changes nothing a position's
#: value sees until the next action (and the look-ahead is the bot's main cost).
MOVES = ("MOVE", "RETURN")
#: A win or a loss outweighs everything else.
DECISIVE = 1000.0
#: Weights of the position (`value`).
VP, RIVAL_VP, KEY, SPACE, FAITH, UNIT, SHIP = 10.0, 4.0, 3.0, 1.0, 1.5, 0.5, 0.3
CAPITAL_HELD, CAPITAL_LOST, DEFENDERS = 6.0, 20.0, 4
ALLY, BAD_WAR = 3.0, 3.0
#: A card played for CP is worth its CP times this (they are spent on progress later).
CP_WORTH = 1.2


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
        power = decision.seat
        now = value(state, power)
        scored = []
        for index, order in enumerate(candidates):
            if order.get("verb") in MOVES:
                score = now
            else:
                after = _look_ahead(rules, state, power, order, f"bot-{state['step']}-{index}")
                if after is None:
                    continue
                score = value(after, power)
            scored.append((score + bonus(state, power, order), -index, order))
        if not scored:
            return fallback
        return max(scored, key=lambda s: (s[0], s[1]))[2]

    def _negotiate(self, rules: Rules, state: State, decision: Decision,
                   fallback: Order) -> Order:
        """Accept an open proposal that leaves the power better off, reject one that does
        not (§9.2); else close the window (no proposals of its own)."""
        power = decision.seat
        now = value(state, power)
        for option in decision.options.options:
            if option.verb not in ("ACCEPT", "REJECT"):
                continue
            for order in option.orders():
                if order["verb"] != "ACCEPT":
                    continue
                after = _look_ahead(rules, state, power, order, f"deal-{state['step']}")
                if after is not None and value(after, power) >= now:
                    return order
                reject = {**order, "verb": "REJECT"}
                if decision.options.admits(reject):
                    return reject
        done = {"verb": "DONE"}
        return done if decision.options.admits(done) else fallback


def _candidates(rules: Rules, decision: Decision, fallback: Order,
                rng: random.Random) -> list[Order]:
    """Every legal order when there are at most `SAMPLE`, else the default and a sample
    (one draw per option shape first, so no verb is overlooked)."""
    if decision.options.count() <= SAMPLE:
        return list(decision.legal_orders())
    seen = {rules.order_text(fallback)}
    out = [fallback]
    live = [o for o in decision.options.options if o.count()]
    draws = [o.draw(rng) for o in live] + [decision.options.draw(rng) for _ in range(SAMPLE)]
    for order in draws:
        text = rules.order_text(order)
        if text not in seen:
            seen.add(text)
            out.append(order)
    return out


def _look_ahead(rules: Rules, state: State, power: str, order: Order,
                seed: str) -> State | None:
    """The state after `order` on a private copy, with throwaway dice; None if refused."""
    try:
        return rules.apply(copy_plain(state), power, order, Dice(seed))
    except IllegalOrder:
        return None


# ---------------------------------------------------------------- the position
def value(state: State, power: str) -> float:
    """How good `state` is for `power`: the rules of thumb of the module docstring."""
    done = state.get("outcome")
    if done:
        return DECISIVE if power in done["winners"] else -DECISIVE
    vp = victory.totals(state)
    score = VP * vp[power] - RIVAL_VP * max(v for p, v in vp.items() if p != power)
    score += KEY * len(S.keys_controlled(state, power))
    score += SPACE * _foreign_spaces(state, power)
    protestant = S.protestant_spaces(state)
    if power == "protestant":
        score += FAITH * protestant
    elif power == "papacy":
        score -= FAITH * protestant
    score += _capitals(state, power)
    land, naval = _forces(state, power)
    score += UNIT * land + SHIP * naval
    score += ALLY * sum(1 for pair in state["alliances"] if power in pair)
    for enemy in _enemies(state, power):
        if _forces(state, enemy)[0] > land:
            score -= BAD_WAR
    phase = state["phase_data"]
    if state["phase"] == "action" and phase.get("cp"):
        score += CP_WORTH * phase["cp"]
    return score


def bonus(state: State, power: str, order: Order) -> float:
    """What a one-step look-ahead misses: where a move leads and what it risks."""
    verb = order.get("verb")
    if verb == "MOVE" and isinstance(order.get("to"), str) and order["to"] in S.board().spaces:
        return _move_bonus(state, power, order)
    if verb == "DECLARE_WAR":
        return 1.0 if _outnumbers(state, power, str(order.get("power"))) else -5.0
    if verb == "PASS":
        return -1.0
    return 0.0


def _move_bonus(state: State, power: str, order: Order) -> float:
    """Attack weaker stacks, enter enemy spaces, keep the capital defended (§12-§13)."""
    src, dst = order.get("from"), order["to"]
    moving = int(order.get("units") or 0)
    out = 0.0
    defenders = sum(S.count(state, dst, p) for p in S.units(state, dst)
                    if S.at_war(state, power, p))
    if defenders:
        strength = moving + sum(facts.leader(l).battle for l in order.get("leaders") or ())
        out += 3.0 if strength >= 1.5 * defenders else -4.0
    elif S.enemy_space(state, power, dst):
        out += 1.5
    if src in S.capitals(power):
        left = S.count(state, src, power) - moving
        if left < 2 and _threatened(state, power, src):
            out -= 5.0
    return out


def _threatened(state: State, power: str, sid: str) -> bool:
    """An enemy stack next to `sid` (or no war at all: then nothing threatens it)."""
    return any(S.enemy_units_at(state, power, n) for n in S.board().neighbours(sid))


def _outnumbers(state: State, power: str, other: str) -> bool:
    mine, theirs = _forces(state, power)[0], _forces(state, S.major_of(state, other))[0]
    return mine >= 1.5 * max(theirs, 1)


def _forces(state: State, power: str) -> tuple[int, int]:
    """Land and naval units of `power` on the map."""
    land = naval = 0
    for rec in state["spaces"].values():
        counts: dict[str, Any] = rec.get("units", {}).get(power, {})
        land += sum(counts.get(k, 0) for k in S.LAND)
        naval += sum(counts.get(k, 0) for k in S.NAVAL)
    return land, naval


def _enemies(state: State, power: str) -> list[str]:
    return [p for pair in state["wars"] if power in pair for p in pair if p != power]


def _foreign_spaces(state: State, power: str) -> int:
    """Spaces `power` controls outside its home (§12.3: control gained)."""
    return sum(1 for rec in state["spaces"].values() if rec.get("control") == power)


def _capitals(state: State, power: str) -> float:
    """Held capitals with their defenders; a lost capital weighs heavily (§19.3, §23)."""
    out = 0.0
    for cap in S.capitals(power):
        if S.controller(state, cap) == power:
            out += CAPITAL_HELD + min(S.count(state, cap, power), DEFENDERS)
        else:
            out -= CAPITAL_LOST
    return out


BOTS = {"heuristic": Heuristic()}
