"""How a random player draws among Virtù's legal orders: uniform over the option shapes, as
the engine's ``random`` bot does (`engine.options.OptionSet.draw`), but not over the
pathological ones (the bots issue: a random player is uniform over the legal options, "not
always passing").

A uniform draw over every shape never ends a game by the rules (§10): measured over 300
Years of three 3-player games, no city was ever annexed, no Patronage step taken.  DONE is
one of three or four shapes at every step of a turn, so a turn ends before the two or three
symbols a deed costs are gathered (§3.5, L645), and in every Winter a third of the
reorganisation's draws are DISCARD (§7.2, L1043): after a few Years every palace is empty,
three of its Rooms blocked by Indulgences (§5.3), and nothing can be paid for again.  So the
draw weighs each shape by its verb (`WEIGHTS`, 1 for every verb not listed):

* deeds a player takes a turn for (ANNEX, PATRON, BUY) a little more than gathering (USE);
* closing a turn or step with DONE rarely while anything else is legal, PASS and ABANDON
  less often than a bonus or the siege;
* SHIFT and HIRE seldom: a random reorganisation only takes cards out of Rooms (a courtier
  enters a Room only on its available side, L1003), and Troops hired at random are sent
  home unpaid the next Winter (§7.1);
* in Winter (`WINTER`) DONE as often as any other order and USE seldom: every Winter step
  is optional, and a player that takes every source at the purchases flips its courtiers
  and tokens to "used" (§3.5) and starts the Spring with nothing to pay for a deed;
* orders that only throw something away (DISCARD, INDULGENCE, DISMISS, LOSE) almost never:
  still drawn now and then, so simulations exercise them, and always when nothing else is
  legal;
* as seldom, the Family placements and the reorganisation moves that cover a palace's last
  Governance or Patronage Room with another action (`shunned`, weighed `SHUN`): the Room's
  card replaces its printed action (L306, L469), no card moves Room to Room (L1007) and one
  leaves a Room only for a free courtier space (L1004), which purchases soon fill; so a
  palace without Governance never refreshes a token again (L555) and one without Patronage
  never takes a step (L583).  Measured on 30 3-player games, the one that reached the
  200-Year cap had every player on Patronage step 4, two of them without a Governance Room
  and one without a Patronage Room, holding 370 florins it could not spend.

Measured on three 4-player games: without `WINTER` they ran 199 Years and twice over 300
(13,400 entries), with it 31–62 Years (1,150–2,700 entries).  Every legal order can still
be drawn; the rules' options themselves are untouched (parsing, checking, prompts and
defaults read the same shapes).

Rules: none (how a bot draws, not a rule)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.contract import State
from engine.options import OneOf, Option, Order, OptionSet
from games.virtu.kit import Kit
from games.virtu.palace import room_action
from games.virtu.reorganise import shifts
from games.virtu.setup import ROOMS, family_cards, layouts

#: The draw's weight of each verb's shapes (1 for every verb not listed).
WEIGHTS: dict[str, float] = {
    "ANNEX": 3.0, "PATRON": 3.0, "BUY": 2.0,
    "DONE": 0.02, "PASS": 0.3, "ABANDON": 0.3,
    "SHIFT": 0.05, "HIRE": 0.1,
    "DISCARD": 1e-4, "INDULGENCE": 1e-4, "DISMISS": 1e-4, "LOSE": 0.1,
}
#: In Winter (question ``winter``) these weights replace those of `WEIGHTS`.
WINTER: dict[str, float] = {**WEIGHTS, "DONE": 1.0, "USE": 0.1, "HIRE": 0.05}
#: The weight of a `shunned` placement or move.
SHUN = 1e-4
#: The actions a palace is never left without by a random player's own hand.
NEEDED = frozenset({"govern", "patronage"})


@dataclass(frozen=True)
class Choices(OptionSet):
    """Virtù's legal orders, drawn by `WEIGHTS`, or in `winter` by `WINTER`; the `shun`
    values of a FAMILY or SHIFT by `SHUN` (the module docstring)."""
    winter: bool = False
    shun: frozenset[str] = frozenset()

    def draw(self, rng: random.Random) -> Order:
        live = [o for o in self.options if o.count() > 0]
        if not live:
            raise ValueError("no legal order to draw")
        table = WINTER if self.winter else WEIGHTS
        shapes = [part for o in live for part in self.split(o, table.get(o.verb, 1.0))]
        shape = rng.choices([s for s, _ in shapes], weights=[w for _, w in shapes])[0]
        return shape.draw(rng)

    def split(self, option: Option, weight: float) -> list[tuple[Option, float]]:
        """`option` with its weight, its `shun` values apart as a shape weighing `SHUN`."""
        if len(option.fields) != 1 or not self.shun:
            return [(option, weight)]
        name, domain = option.fields[0]
        if not isinstance(domain, OneOf):
            return [(option, weight)]
        kept = tuple(v for v in domain.values if v not in self.shun)
        rare = tuple(v for v in domain.values if v in self.shun)
        return ([(Option.of(option.verb, **{name: OneOf(kept)}), weight)] if kept else []) + \
            ([(Option.of(option.verb, **{name: OneOf(rare)}), SHUN)] if rare else [])


def actions(kit: Kit, seat: str, cards: list[str | None]) -> set[str]:
    """The actions of a palace whose Rooms hold `cards` (the card's action, else the printed
    one, L306)."""
    palace = {"rooms": [{"card": c} for c in cards]}
    return {room_action(kit, seat, palace, n) for n in range(len(cards))}


def shunned(state: State, kit: Kit, item: dict[str, Any]) -> frozenset[str]:
    """The Family layouts leaving `item`'s seat without Governance or Patronage, and the
    reorganisation moves covering its last Room of either with another action."""
    seat = item["seat"]
    if item["kind"] == "family":
        found = set()
        for layout in layouts(kit, seat):
            cards: list[str | None] = [None] * ROOMS
            for card, slot in zip(family_cards(kit, seat), layout.split()):
                if slot.startswith("room"):
                    cards[int(slot[4:]) - 1] = card
            if not NEEDED <= actions(kit, seat, cards):
                found.add(layout)
        return frozenset(found)
    if item["kind"] != "winter" or item.get("stage") != "reorg":
        return frozenset()
    player = state["players"][seat]
    cards = [r["card"] for r in player["rooms"]]
    before = NEEDED & actions(kit, seat, cards)
    found = set()
    for move in shifts(state, kit, seat):
        start, _, to = move.partition("-")
        if to.startswith("room"):
            after = list(cards)
            after[int(to[4:]) - 1] = player["courtiers"][start]["card"]
            if before - actions(kit, seat, after):
                found.add(move)
    return frozenset(found)


__all__ = ["Choices", "NEEDED", "SHUN", "WEIGHTS", "WINTER", "actions", "shunned"]
