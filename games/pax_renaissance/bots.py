"""Pax Renaissance's own bot: ``heuristic``, a banker who looks one action ahead.

Rules of thumb, each a term of `value` (how good a position is for a banker) or a rule of
`Heuristic.choose`:

* declare a victory the moment one is met and its card is active (§5.6, §12.1);
* an action is judged by its result: it is tried on a private copy, the banker's own
  questions that follow (the operations of a side, agents to place, a battle's casualties,
  a concession …) answered by the same rules one question at a time, until the turn's next
  action or another banker's question; the best result is taken;
* a position is worth most for the victory it comes closest to: for every victory card
  (active ones count fully, inactive ones in part) the lead or the shortfall of each of its
  measures over the best rival (monarchies, concessions and discovery, republics and law,
  the dominant religion's prestige, §12.3–§12.6);
* then patron prestige (the Patron end, §12.2), the cards in the tableau and their operations
  (cards it can use), cards in hand waiting to be played, and florins up to a reserve (the
  money to buy and to hold a fair with), little beyond;
* a sale is worth its florins only: a card leaves the tableau only when what it buys is
  worth more; taxes, campaigns and trade fairs are taken when their result gains.

Every other banker's choices are not foreseen (dice are the copy's own); a question whose
options are too many to try is answered by the game's default.

Rules: none (a bot that plays by rules of thumb)
"""
from __future__ import annotations

import itertools
import random

from engine.bots import Bot, tried
from engine.contract import Decision, Order, Rules, State
from games.pax_renaissance.catalog import PRESTIGE as PRESTIGE_KINDS
from games.pax_renaissance.ops import card_ops
from games.pax_renaissance.places import owned_cards
from games.pax_renaissance.victory import achieved, margins, measures, patron_winners, prestige

#: The decision kind of a banker's own action (`PaxRenaissance.decisions`).
ACTION = "action"
#: Most orders tried for one question (the rest: the game's default is among those tried).
TRIED = 40
#: Most of the banker's own follow-up questions answered in one look ahead.
FOLLOW = 12
#: A win, and a victory one can declare next (its card active).
WIN, READY = 1000.0, 60.0
#: Worth of a measure's lead over the best rival (per point, at most `LEAD_CAP` points),
#: fully for an active victory card, `INACTIVE` of it for an inactive one.
LEAD, LEAD_CAP, INACTIVE = 6.0, 3, 0.4
#: Patron prestige, any other prestige, a card in the tableau and each of its operations,
#: a card in hand, florins up to `RESERVE` and beyond it.
PATRON, PRESTIGE, TABLEAU, OP, HAND = 4.0, 0.5, 3.0, 0.8, 1.5
FLORIN, RESERVE, SPARE_FLORIN = 1.0, 8, 0.3


class Heuristic(Bot):
    """The rules of thumb of the module docstring."""

    name = "heuristic"

    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order:
        orders = _candidates(rules, state, decision)
        declare = [o for o in orders if o["verb"] == "DECLARE"]
        if declare:
            return declare[0]
        look = _look_ahead if decision.kind == ACTION else _one_step
        scored = [(look(rules, state, decision.seat, o), -n, o) for n, o in enumerate(orders)]
        scored = [s for s in scored if s[0] is not None]
        if not scored:
            return rules.default(state, decision)
        return max(scored, key=lambda s: (s[0], s[1]))[2]


def _candidates(rules: Rules, state: State, decision: Decision) -> list[Order]:
    """The orders worth trying: the game's default first, then up to `TRIED` legal ones."""
    default = rules.default(state, decision)
    rest = [o for o in itertools.islice(decision.legal_orders(), TRIED) if o != default]
    return [default, *rest]


# ---------------------------------------------------------------- the position
def value(state: State, seat: str) -> float:
    """How good `state` is for `seat` (the terms of the module docstring)."""
    ended = state["ended"]
    if ended:
        winners = patron_winners(state)[0] if ended["reason"] == "patron" \
            else ended["winners"]
        if winners:
            return WIN if seat in winners else -WIN
    total = 0.0
    for victory, active in state["victories"].items():
        weight = 1.0 if active else INACTIVE
        if achieved(state, seat, victory):
            total += READY * weight
        total += weight * _lead(state, seat, victory)
    total += PATRON * prestige(state, seat, "patron")
    cards = owned_cards(state, seat)
    total += PRESTIGE * sum(prestige(state, seat, k) for k in PRESTIGE_KINDS if k != "patron")
    total += TABLEAU * len(cards) + OP * sum(len(card_ops(state, c)) for c in cards)
    total += HAND * len(state["hands"][seat])
    florins = state["florins"][seat]
    total += FLORIN * min(florins, RESERVE) + SPARE_FLORIN * max(florins - RESERVE, 0)
    return total


def _lead(state: State, seat: str, victory: str) -> float:
    """Each measure's lead over the best rival, less the margin it needs, capped both ways."""
    mine = measures(state, seat, victory)
    if not mine:
        return 0.0
    rivals = [measures(state, s, victory) for s in state["seats"] if s != seat]
    total = 0.0
    for k, margin in enumerate(margins(state, victory)):
        best = max((r[k] for r in rivals if r), default=0)
        lead = mine[k] - best - margin + 1
        total += LEAD * max(-LEAD_CAP, min(LEAD_CAP, lead))
    return total


# ---------------------------------------------------------------- looking ahead
def _one_step(rules: Rules, state: State, seat: str, order: Order) -> float | None:
    after = tried(rules, state, seat, order)
    return None if after is None else value(after, seat)


def _look_ahead(rules: Rules, state: State, seat: str, order: Order) -> float | None:
    """The value after `order` and the banker's own questions that follow it, each answered
    by the best one-step order, until his next action or another banker's question."""
    after = tried(rules, state, seat, order)
    for _ in range(FOLLOW):
        if after is None or after["ended"]:
            break
        asked = rules.decisions(after)
        if not asked or asked[0].seat != seat or asked[0].kind == ACTION:
            break
        decision = asked[0]
        scored = [(v, -n, o) for n, o in enumerate(_candidates(rules, after, decision))
                  if (v := _one_step(rules, after, seat, o)) is not None]
        if not scored:
            break
        after = tried(rules, after, seat, max(scored, key=lambda s: (s[0], s[1]))[2])
    return None if after is None else value(after, seat)


BOTS = {Heuristic.name: Heuristic()}
