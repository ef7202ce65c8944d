"""#37 *The Wartburg* (response card, §6.1 L329; lasts the turn, L337): the Protestants cancel
a card another power plays as an event.

The window: when a power other than the Protestants plays an *event* card, or the Papacy's home
cards *Papal Bull* (#5) or *Leipzig Debate* (#6), as an event, the card is announced and, before
it is resolved, the Protestants are asked (question ``wartburg``) whenever they could hold the
Wartburg by public information (a hand not empty, #37 neither discarded nor removed) and Luther
lives (the Protestant ruler, not burned) — so being asked reveals nothing.  Mandatory events,
combat and response cards and the other home cards are never cancelled (card text).

Played: the event does not happen and its card goes to the discard pile (a home card to its
used box), the playing power's impulse is over, Luther is committed, and for the rest of the turn
the Protestants call no debate and *Here I Stand* brings Luther into none (``state["wartburg"]``
= the turn).

Default: DONE (not played).  Standing orders: ``STANDING wartburg ASK`` (be asked, the default),
``NEVER``, ``ARM <cards>`` (play it, when held, against these card numbers; DONE to the others).

Rules: §6.1 (response cards), §11 (playing a card as an event), §18.1 (debates)
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine import questions, standing
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters

WARTBURG = 37
#: The Papacy's home cards the Wartburg may cancel (card text).
PAPAL_HOME = (5, 6)
ARM = "ARM <cards>"
#: What follows the window (filled by the Action phase): ``event`` resolves the announced card,
#: ``cancelled`` ends the playing power's impulse.
RESUME: dict[str, Callable[[S.State, str, int, Dice], None]] = {}


def in_effect(state: S.State) -> bool:
    """The Wartburg was played this turn (no Protestant debates, no Luther by Here I Stand)."""
    return state.get("wartburg") == state["turn"]


def cancellable(power: str, number: int) -> bool:
    """Whether `power` playing `number` as an event may be cancelled (card text)."""
    c = facts.card(number)
    return power != "protestant" and (c.type == "event" or number in PAPAL_HOME)


def luther_lives(state: S.State) -> bool:
    return state["rulers"]["protestant"] == "luther" and "luther" not in state["debaters_out"]


def could_hold(state: S.State) -> bool:
    """Whether the Protestants could hold the Wartburg, by public information."""
    public = set(state["discard"]) | set(state["removed"])
    return bool(state["hands"]["protestant"]) and WARTBURG not in public


def window(state: S.State, power: str, number: int) -> bool:
    """Open the window before `power`'s event `number` is resolved; False when none opens."""
    if not (cancellable(power, number) and luther_lives(state) and could_hold(state)):
        return False
    choices.push(state, {"kind": "wartburg", "seat": "protestant", "power": power,
                         "card": number}, first=True)
    return True


def _options(state, item) -> list[Option]:
    out = [Option.of("DONE", "DONE")]
    if WARTBURG in state["hands"]["protestant"]:
        out.insert(0, Option.of("PLAY", f"PLAY {WARTBURG}", card=OneOf((WARTBURG,)),
                                    mode=OneOf(("event",))))
    return out


def _parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("DONE", "NO", "PASS", "ГОТОВО", "НЕТ"):
        return {"verb": "DONE"}
    grammar.expect(["PLAY"], "PLAY" if verb in ("PLAY", "ИГРАТЬ") else verb, text,
                   "PLAY 37 or DONE")
    card = grammar.card_number(re.split(r"\s+(?:AS|FOR|КАК|ЗА)\s+", grammar.rest_of(text),
                                        flags=re.IGNORECASE)[0],
                               state["hands"]["protestant"])
    return {"verb": "PLAY", "card": card, "mode": "event"}


def _apply(state, item, order, dice) -> bool:
    if order["verb"] == "PLAY":
        item["played"] = True
        state["hands"]["protestant"].remove(WARTBURG)
        S.discard(state, WARTBURG, as_event=True)
        state["wartburg"] = state["turn"]
        debaters.commit(state, "luther")
        S.discard(state, item["card"], as_event=False)
        S.log(state, "wartburg_cancels", card=WARTBURG, power=item["power"],
              card2=item["card"])
    return True


def _done(state, item, dice) -> None:
    RESUME["cancelled" if item.get("played") else "event"](state, item["power"], item["card"],
                                                           dice)


def _standing(policy: str, state, decision) -> dict | None:
    """``NEVER``: DONE; ``ASK``: be asked; ``ARM <cards>``: play it against those cards."""
    if policy == "NEVER":
        return {"verb": "DONE"}
    values = standing.template_values(policy, ARM)
    if values is None:
        return None
    armed = {int(n) for n in re.findall(r"\d+", values[0])}
    item = choices.current(state, decision.seat)
    if (item is not None and item["card"] in armed
            and WARTBURG in state["hands"]["protestant"]):
        return {"verb": "PLAY", "card": WARTBURG, "mode": "event"}
    return {"verb": "DONE"}


KINDS: dict[str, questions.Kind] = {
    "wartburg": choices.Kind(
        options=_options, apply=_apply, parse=_parse, done=_done, private=True,
        default=lambda state, item: {"verb": "DONE"}, clock="response",
        policies=("ASK", "NEVER", ARM), standing=_standing,
        context=lambda state, item: {"power": item["power"], "card": item["card"]},
        prompt=lambda state, item: (f"{item['power']} plays card {item['card']} as an event: "
                                    "PLAY 37 (The Wartburg cancels it) or DONE")),
}
