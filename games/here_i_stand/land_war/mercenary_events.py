"""#33 *Landsknechts* and #36 *Swiss Mercenaries* played as events in one's own impulse (the
card texts: "may also be used as an event card to add mercenaries").

The new mercenaries go, in any combination, to spaces already holding the placing power's
land units, never into a stack under siege, each as far as the counter mix shows them (§5):
``PLACE <n> IN <space>`` until all are placed or none fits (the ``mercenaries`` question;
default: all where the power has most units).  The Hapsburgs' *Landsknechts* are 4, France's
*Swiss* 4, and *Swiss* played by the Ottomans gives France 4 French mercenaries (France
places them); anyone else places 2 of its own.  The Ottomans' *Landsknechts* eliminate 2
mercenaries anywhere on the map instead (``ELIMINATE MERCENARY IN <space>``, one at a time;
default: the space with most; in a space holding two powers' mercenaries, the first in
standard order's).  In a field battle or an assault the cards are played through the combat
card windows instead (`cards`, `assault_cards`).

Rules: §5 (card texts #33, #36)
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.contract import Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, grammar, home_cards, losses
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.land_war import cards

KINDS: dict[str, questions.Kind] = {}


def placer(card: int, power: str) -> tuple[str, int]:
    """Who places the new mercenaries and how many (card texts)."""
    if card == cards.SWISS and power in ("france", "ottoman"):
        return "france", 4
    return power, 4 if card == cards.LANDSKNECHTS and power == "hapsburg" else 2


def spaces(state: S.State, owner: str) -> list[str]:
    """Where `owner` may place mercenaries: its land units are there, not besieged."""
    return sorted(sid for sid, rec in state["spaces"].items()
                  if S.count(state, sid, owner) and sid in S.board().spaces
                  and not sieges.is_besieged(state, sid, owner))


def _merc_spaces(state: S.State, owner: str | None = None) -> list[str]:
    """Spaces with mercenaries (of `owner` only, when given)."""
    return sorted(sid for sid, rec in state["spaces"].items()
                  if any(c.get("mercenaries") for p, c in rec.get("units", {}).items()
                         if owner in (None, p)))


def resolve(card: int) -> Callable[[S.State, str, Dice], int]:
    def event(state: S.State, power: str, dice: Dice) -> int:
        if card == cards.LANDSKNECHTS and power == "ottoman":
            choices.push(state, {"kind": "mercenaries", "seat": "ottoman", "left": 2,
                                 "card": card, "remove": True})
        else:
            owner, n = placer(card, power)
            choices.push(state, {"kind": "mercenaries", "seat": owner, "left": n,
                                 "card": card, "remove": False})
        return 0
    return event


def _options(state, item):
    if item["remove"]:
        found = tuple(_merc_spaces(state, item.get("owner")))
        return [Option.of("ELIMINATE", f"ELIMINATE MERCENARY IN {found[0]}",
                          unit=OneOf(("mercenary",)), space=OneOf(found))] if found else []
    return counter_mix.place_options(state, item["seat"], spaces(state, item["seat"]),
                                     "mercenaries", item["left"])


def _apply(state, item, order, dice) -> bool:
    sid = order["space"]
    if item["remove"]:
        owner = item.get("owner") or next(
            p for p in list(S.MAJORS) + sorted(S.units(state, sid))
            if S.units(state, sid).get(p, {}).get("mercenaries"))
        S.log(state, "mercenaries_eliminated", card=item["card"], power=owner, space=sid)
        losses.eliminate(state, sid, owner, "mercenaries")   # §5.2 counters, §15.3 its siege
        item["left"] -= 1
    else:
        S.add_units(state, sid, item["seat"], "mercenaries", order["units"])
        S.log(state, "mercenaries_placed", card=item["card"], power=item["seat"],
              n=order["units"], space=sid)
        item["left"] -= order["units"]
    return item["left"] <= 0


def _default(state, item):
    option = _options(state, item)[0]
    found = dict(option.fields)["space"].values
    if item["remove"]:
        best = max(found, key=lambda s: (sum(c.get("mercenaries", 0) for p, c in
                                             S.units(state, s).items()
                                             if item.get("owner") in (None, p)), s))
        return {"verb": "ELIMINATE", "unit": "mercenary", "space": best}
    best = max(found, key=lambda s: (S.count(state, s, item["seat"]), s))
    return {"verb": "PLACE", "units": dict(option.fields)["units"].values[-1], "space": best}


def _parse(state, item, text):
    if item["remove"]:
        verb = O.verb(text)
        grammar.expect(["ELIMINATE"], verb, text, "ELIMINATE MERCENARY IN <space>")
        words = O.rest(text).split()
        while words and words[0].upper() in ("MERCENARY", "MERCENARIES", "НАЁМНИКА",
                                             "НАЕМНИКА", "IN", "В"):
            words.pop(0)
        return {"verb": "ELIMINATE", "unit": "mercenary", "space": grammar.space(" ".join(words))}
    return home_cards.place_parse(state, item, text)


def _done(state, item, dice) -> None:
    if item["left"] > 0:
        S.log(state, "mercenaries_left", card=item["card"], power=item["seat"], n=item["left"])


KINDS["mercenaries"] = choices.Kind(
    options=_options, apply=_apply, default=_default, parse=_parse, done=_done,
    settle=lambda state, item, dice: item["left"] <= 0,
    prompt=lambda state, item: (
        f"ELIMINATE MERCENARY IN <space> — {item['left']} more mercenaries anywhere"
        if item["remove"] else
        f"PLACE <n> IN <space> — {item['left']} new mercenaries where you have land units "
        "(not besieged)"))
EVENTS = {cards.LANDSKNECHTS: resolve(cards.LANDSKNECHTS), cards.SWISS: resolve(cards.SWISS)}


def condition(card: int) -> Callable[[S.State, str], Reason | None]:
    """Refuse the event when it could do nothing (no space for the mercenaries or no
    mercenary to eliminate)."""
    def why(state: S.State, power: str) -> Reason | None:
        item = {"seat": placer(card, power)[0], "left": placer(card, power)[1],
                "remove": card == cards.LANDSKNECHTS and power == "ottoman"}
        if _options(state, item):
            return None
        return Reason("no space can take these mercenaries (units there, not besieged, "
                      "counters left) or no mercenary to eliminate", "mercenaries_impossible",
                      card=card)
    return why


CONDITIONS = {n: condition(n) for n in EVENTS}
