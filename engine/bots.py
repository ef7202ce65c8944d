"""Bots: machine players behind one interface, for simulations and for seats a moderator
hands to the machine (``BOT <seat> <name>``, and a dropped seat).

A `Bot` answers one open `Decision` of a state with a legal order (`choose`) and may first
send a standing order (`standing`), as a player may.  The engine offers two that fit every
game: ``random`` (a uniformly drawn legal option, including the negotiation verbs and, now
and then, a standing order) and ``default`` (the game's own `Rules.default`, the NMR
answer).  A game adds its own (``heuristic``) through ``Rules.bots``, a ``"module:name"``
reference to a mapping ``{name: Bot}`` loaded like the presenter (`engine.registry.part`),
so nothing outside the game imports it by name.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Mapping

from engine.canonical import copy_plain
from engine.contract import Decision, IllegalOrder, Order, Rules, State
from engine.dice import Dice
from engine.registry import part

#: The bot a seat gets when its player drops out, where the game offers it (else `DEFAULT`).
DROP_BOT = "heuristic"
DEFAULT = "default"
#: How often the random bot sends a standing order before answering a question whose kind
#: accepts one (so simulations exercise standing orders too).
STANDING_RATE = 0.05


class Bot(ABC):
    """A machine player: `choose` answers a decision; `standing` may send a STANDING block
    first (None: nothing to send)."""

    name = ""

    @abstractmethod
    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order: ...

    def standing(self, rules: Rules, state: State, decision: Decision,
                 rng: random.Random) -> str | None:
        return None


class RandomBot(Bot):
    """Uniform over the decision's legal option shapes, then uniform fields
    (`OptionSet.draw`); sometimes a random standing order for the question's kind."""

    name = "random"

    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order:
        return decision.random_order(rng)

    def standing(self, rules: Rules, state: State, decision: Decision,
                 rng: random.Random) -> str | None:
        policies = rules.standing_kinds().get(decision.kind)
        if not policies or rng.random() >= STANDING_RATE:
            return None
        return f"STANDING {decision.kind} {rng.choice([*policies, 'CLEAR'])}"


class DefaultBot(Bot):
    """The game's NMR answer (`Rules.default`)."""

    name = "default"

    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order:
        return rules.default(state, decision)


def tried(rules: Rules, state: State, seat: str, order: Order, seed: str = "bot"
          ) -> State | None:
    """The state after `order` on a private copy, with throwaway dice (never the game's
    own stream): how a bot looks ahead.  None when the order is refused."""
    try:
        return rules.apply(copy_plain(state), seat, order, Dice(seed))
    except IllegalOrder:
        return None


ENGINE_BOTS: dict[str, Bot] = {bot.name: bot for bot in (RandomBot(), DefaultBot())}


def game_bots(rules: Rules) -> Mapping[str, Bot]:
    """The bots the game itself offers (``Rules.bots``), by name."""
    return part(rules, "bots") or {}


def names(rules: Rules) -> list[str]:
    """Every bot `rules` can seat: the engine's and the game's own."""
    return sorted({*ENGINE_BOTS, *game_bots(rules)})


def get(rules: Rules, name: str) -> Bot:
    """The bot called `name` for this game, or `IllegalOrder` naming those there are."""
    found = ENGINE_BOTS.get(name) or game_bots(rules).get(name)
    if found is None:
        raise IllegalOrder(f"{rules.name} has no bot {name!r}", names(rules),
                           code="no_bot", params={"text": name, "bots": names(rules)})
    return found


def for_dropped_seat(rules: Rules) -> str:
    """The bot that plays a dropped seat: the game's heuristic one, else the default."""
    return DROP_BOT if DROP_BOT in game_bots(rules) else DEFAULT


__all__ = ["Bot", "DefaultBot", "RandomBot", "for_dropped_seat", "get", "names", "tried"]
