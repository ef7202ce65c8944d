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
  legal.

Measured on three 4-player games: without `WINTER` they ran 199 Years and twice over 300
(13,400 entries), with it 31–62 Years (1,150–2,700 entries).  Every legal order can still
be drawn; the rules' options themselves are untouched (parsing, checking, prompts and
defaults read the same shapes).

Rules: none (how a bot draws, not a rule)
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.options import Order, OptionSet

#: The draw's weight of each verb's shapes (1 for every verb not listed).
WEIGHTS: dict[str, float] = {
    "ANNEX": 3.0, "PATRON": 3.0, "BUY": 2.0,
    "DONE": 0.02, "PASS": 0.3, "ABANDON": 0.3,
    "SHIFT": 0.05, "HIRE": 0.1,
    "DISCARD": 1e-4, "INDULGENCE": 1e-4, "DISMISS": 1e-4, "LOSE": 0.1,
}
#: In Winter (question ``winter``) these weights replace those of `WEIGHTS`.
WINTER: dict[str, float] = {**WEIGHTS, "DONE": 1.0, "USE": 0.1, "HIRE": 0.05}


@dataclass(frozen=True)
class Choices(OptionSet):
    """Virtù's legal orders, drawn by `WEIGHTS`, or in `winter` by `WINTER` (the module
    docstring)."""
    winter: bool = False

    def draw(self, rng: random.Random) -> Order:
        live = [o for o in self.options if o.count() > 0]
        if not live:
            raise ValueError("no legal order to draw")
        table = WINTER if self.winter else WEIGHTS
        shape = rng.choices(live, weights=[table.get(o.verb, 1.0) for o in live])[0]
        return shape.draw(rng)


__all__ = ["Choices", "WEIGHTS", "WINTER"]
