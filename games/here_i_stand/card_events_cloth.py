"""#72 *Cloth Prices Fluctuate* played in one's own impulse (card text).

The player chooses (question ``cloth``; default: ``TRADE`` when it may):

* ``TRADE`` — only while England controls Calais and the Hapsburgs Antwerp: England and the
  Hapsburgs each draw a card, and the player adds 2 mercenaries (the Ottomans 2 cavalry),
  as far as its counter mix allows, in a friendly home space not under siege nor in unrest
  (``PLACE <n> IN <space>`` until both are placed, question ``cloth_units``; default: all in
  the first such space with most of its units);
* ``REVOLT`` — Antwerp's controller discards a card at random (home cards excepted), then
  unrest on up to 2 unoccupied spaces among Amsterdam, Antwerp, Brussels and the German- and
  Italian-speaking Hapsburg home spaces (`card_events_war`'s ``card_unrest`` question).

Rules: §12.4 (unrest, L735), §5.2 (the counter mix)
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.dice import Dice
from engine.options import Option
from games.here_i_stand import card_events_war, choices, counter_mix, diplomacy_terms, events
from games.here_i_stand import grammar, home_cards
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S

KINDS: dict[str, questions.Kind] = {}

CLOTH = card_events_war.CLOTH
UNITS = 2


def trade_open(state: S.State) -> bool:
    return (S.controller(state, "calais") == "england"
            and S.controller(state, "antwerp") == "hapsburg")


def unit_kind(power: str) -> str:
    return "cavalry" if power == "ottoman" else "mercenaries"


def unit_spaces(state: S.State, power: str) -> list[str]:
    """Friendly home spaces of `power` not under siege nor in unrest."""
    return [s for s in S.home_spaces(state, power)
            if S.in_play(state, s) and S.friendly(state, power, s) and not S.in_unrest(state, s)
            and not sieges.siege_at(state, s) and not S.enemy_units_at(state, power, s)]


def resolve(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "cloth", "seat": power})
    return 0


def _options(state, item) -> list[Option]:
    return ([Option.of("TRADE", "TRADE")] if trade_open(state) else []) + \
        [Option.of("REVOLT", "REVOLT")]


def _parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    verb = {"ТОРГОВЛЯ": "TRADE", "БУНТ": "REVOLT"}.get(verb, verb)
    grammar.expect(["TRADE", "REVOLT"], verb, text, "TRADE or REVOLT")
    grammar.no_args(verb, text)
    return {"verb": verb}


def _apply(state, item, order, dice) -> bool:
    power = item["seat"]
    if order["verb"] == "TRADE":
        events.draw(state, "england", dice)
        events.draw(state, "hapsburg", dice)
        S.log(state, "cloth_trade", card=CLOTH)
        choices.push(state, {"kind": "cloth_units", "seat": power, "left": UNITS}, first=True)
        return True
    owner = S.controller(state, "antwerp")
    if owner in S.MAJORS:
        for number in diplomacy_terms.draw_random(state, owner, None, 1, dice,
                                                  S.msg("why_card", card=CLOTH)):
            S.discard(state, number, as_event=False)
            S.log(state, "random_discard", card=CLOTH, power=owner, card2=number)
    choices.push(state, {"kind": "card_unrest", "seat": power, "card": CLOTH,
                         "left": card_events_war.unrest_count(state, CLOTH)}, first=True)
    return True


KINDS["cloth"] = choices.Kind(
    options=_options, apply=_apply, parse=_parse,
    default=lambda state, item: {"verb": "TRADE" if trade_open(state) else "REVOLT"},
    prompt=lambda state, item: "Cloth Prices Fluctuate: TRADE or REVOLT")


def _unit_options(state, item) -> list[Option]:
    power = item["seat"]
    return counter_mix.place_options(state, power, unit_spaces(state, power), unit_kind(power),
                                     item["left"])


def _unit_apply(state, item, order, dice) -> bool:
    power = item["seat"]
    S.add_units(state, order["space"], power, unit_kind(power), order["units"])
    S.log(state, "mercenaries_placed", card=CLOTH, power=power, n=order["units"],
          space=order["space"])
    item["left"] -= order["units"]
    return item["left"] <= 0


def _unit_default(state, item) -> dict[str, Any]:
    option = _unit_options(state, item)[0]
    found = dict(option.fields)["space"].values
    best = max(found, key=lambda s: (S.count(state, s, item["seat"]), s))
    return {"verb": "PLACE", "units": dict(option.fields)["units"].values[-1], "space": best}


KINDS["cloth_units"] = choices.Kind(
    options=_unit_options, apply=_unit_apply, parse=home_cards.place_parse,
    default=_unit_default,
    settle=lambda state, item, dice: item["left"] <= 0 or not _unit_options(state, item),
    prompt=lambda state, item: (f"Cloth Prices Fluctuate: PLACE <n> IN <space> — {item['left']} "
                                "new units in a friendly home space not under siege"))
EVENTS = {CLOTH: resolve}
