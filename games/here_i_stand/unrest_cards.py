"""Card events that put unrest on spaces of a list, one space an answer (§12.4; unoccupied
spaces, L735): Gabelle Revolt, Janissaries Rebel, Revolt of the Communeros, Cloth Prices
Fluctuate (`card_events_war`), Peasants' War and Pilgrimage of Grace
(`reformation.protestant_events`).  Each family passes the spaces its cards may take; the
question (``UNREST <space>`` or ``DONE``, ``left`` more) is the same.

Rules: §12.4 (unrest), L735 (unoccupied spaces); the cards' texts."""
from __future__ import annotations

from typing import Any, Callable

from engine.options import OneOf, Option
from games.here_i_stand import choices, grammar
from games.here_i_stand import state as S

#: The spaces card `card` may put into unrest now.
Pool = Callable[[S.State, int], list[str]]


def question(pool: Pool, prompt: Callable[[S.State, dict], str], **extra: Any) -> choices.Kind:
    """The unrest question of a family of cards; `extra` adds kind fields (a standing order,
    a context)."""
    def options(state, item) -> list[Option]:
        spots = tuple(pool(state, item["card"]))
        return ([Option.of("UNREST", f"UNREST {spots[0]}", space=OneOf(spots))] if spots
                else []) + [Option.of("DONE", "DONE")]

    def apply(state, item, order, dice) -> bool:
        if order["verb"] == "DONE":
            return True
        S.set_unrest(state, order["space"], True)
        S.log(state, "card_unrest", card=item["card"], space=order["space"])
        item["left"] -= 1
        return item["left"] <= 0

    def settle(state, item, dice) -> bool:
        if item["left"] > 0 and not pool(state, item["card"]):
            S.log(state, "card_unrest_none", card=item["card"])
            return True
        return item["left"] <= 0

    return choices.Kind(options=options, apply=apply, parse=parse, settle=settle,
                        default=default_of(pool), prompt=prompt, **extra)


def parse(state, item, text) -> dict[str, Any]:
    if grammar.verb_or_done(text, "UNREST", ("БЕСПОРЯДКИ",), "UNREST <space> or DONE") == "DONE":
        return {"verb": "DONE"}
    return {"verb": "UNREST", "space": grammar.space(grammar.rest_of(text))}


def default_of(pool: Pool) -> Callable[[S.State, dict], dict[str, Any]]:
    """The first space of the pool another power controls, else the first, else DONE."""
    def default(state, item) -> dict[str, Any]:
        spots = pool(state, item["card"])
        others = [s for s in spots if S.controller(state, s) != item["seat"]]
        return {"verb": "UNREST", "space": (others or spots)[0]} if spots else {"verb": "DONE"}
    return default
