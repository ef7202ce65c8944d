"""#100 *Shipbuilding* (card summary in ``data/cards.yaml``): the playing power (never the
Protestants) builds 2 squadrons at no cost in home ports it controls, both in one or one in
each of two; the Ottomans may take 2 corsairs instead of each squadron.  Every placement
obeys the building rules (§17, `cp_actions.build_problem`: a home port it controls, not in
unrest nor occupied, within the counter mix; corsairs only after *Barbary Pirates*); no
squadron in Algiers or a pirate haven (card text).  The player is asked twice (the
``shipbuilding`` question, on its own turn; default: a squadron in the first legal port);
with nothing left to build the rest is lost.

Rules: §17, §21.1
"""
from __future__ import annotations

from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, cp_actions, grammar
from games.here_i_stand import state as S

SHIPBUILDING = 100
#: Squadrons a card builds; the corsairs an Ottoman takes for each (card text).
SQUADRONS, CORSAIRS_EACH = 2, 2
KINDS_BUILT = {"squadron": 1, "corsair": CORSAIRS_EACH}


def problem(state: S.State, power: str, unit: str, sid: str) -> Reason | None:
    """Why `power` may not place this placement's `unit`(s) in `sid`, or None (2 corsairs
    need 2 naval counters)."""
    if unit == "squadron" and sid in S.pirate_havens(state):
        return Reason("no squadron in Algiers or a pirate haven (card text)", "build_haven")
    land, naval = counter_mix.on_map_counts(state, power)
    return cp_actions.build_problem(state, power, unit, sid,
                                    on_map=(land, naval + KINDS_BUILT[unit] - 1))


def _add(state: S.State, power: str, unit: str, sid: str) -> None:
    S.add_units(state, sid, power, "squadrons" if unit == "squadron" else "corsairs",
                KINDS_BUILT[unit])


def placements(state: S.State, power: str) -> list[tuple[str, str]]:
    """Every legal ``(unit, port)`` of one placement, squadrons first, ports by id."""
    ports = [sid for sid in S.home_spaces(state, power) if S.board().spaces[sid].ports]
    return [(unit, sid) for unit in ("squadron", "corsair") for sid in ports
            if problem(state, power, unit, sid) is None]


def condition(state: S.State, power: str) -> Reason | None:
    if not placements(state, power):
        return Reason("Shipbuilding: no home port where you could build a squadron",
                      "shipbuilding_nowhere", card=SHIPBUILDING)
    return None


def resolve(state: S.State, power: str, dice: Dice) -> int:
    """Ask the first of the two placements."""
    choices.push(state, {"kind": "shipbuilding", "seat": power, "card": SHIPBUILDING,
                         "left": SQUADRONS})
    return 0


def _text(unit: str, sid: str) -> str:
    return (f"BUILD SQUADRON IN {sid}" if unit == "squadron"
            else f"BUILD {CORSAIRS_EACH} CORSAIRS IN {sid}")


def _options(state, item):
    return [Option.of("SHIPBUILD", _text(u, s), unit=OneOf((u,)), space=OneOf((s,)))
            for u, s in placements(state, item["seat"])]


def _parse(state, item, text):
    """``BUILD SQUADRON IN <port>`` or ``BUILD [2] CORSAIRS IN <port>``."""
    grammar.expect(["BUILD"], grammar.verb_of(text), text, "BUILD SQUADRON IN <port>")
    words = grammar.rest_of(text).split()
    if words and words[0].isdigit():
        words = words[1:]
    unit = {"SQUADRON": "squadron", "ЭСКАДРУ": "squadron", "ЭСКАДРА": "squadron",
            "CORSAIRS": "corsair", "CORSAIR": "corsair", "КОРСАРА": "corsair",
            "КОРСАРОВ": "corsair"}.get(words[0].upper() if words else "")
    rest = words[1:]
    if rest and rest[0].upper() in ("IN", "В"):
        rest = rest[1:]
    if unit is None or not rest:
        raise IllegalOrder(Reason("say BUILD SQUADRON IN <port>", "syntax",
                                  text="BUILD SQUADRON IN <port>"))
    sid = grammar.space(" ".join(rest))
    why = problem(state, item["seat"], unit, sid)
    if why:
        raise IllegalOrder(why)
    return {"verb": "SHIPBUILD", "unit": unit, "space": sid}


def _apply(state, item, order, dice) -> bool:
    power, unit, sid = item["seat"], order["unit"], order["space"]
    _add(state, power, unit, sid)
    S.log(state, "shipbuilding", power=power, card=SHIPBUILDING, space=sid,
          unit=unit, n=KINDS_BUILT[unit])
    return True


def _done(state, item, dice) -> None:
    if item["left"] > 1 and placements(state, item["seat"]):
        choices.push(state, {**{k: v for k, v in item.items() if k != "qid"},
                             "left": item["left"] - 1})


KINDS = {"shipbuilding": choices.Kind(
    options=_options, apply=_apply, parse=_parse, done=_done,
    default=lambda state, item: {"verb": "SHIPBUILD", "unit": placements(state, item["seat"])[0][0],
                                 "space": placements(state, item["seat"])[0][1]},
    prompt=lambda state, item: (f"Shipbuilding ({item['left']} left): BUILD SQUADRON IN <port>"
                                " or BUILD 2 CORSAIRS IN <port>"),
    context=lambda state, item: {"left": item["left"]})}
TEXTS = {"SHIPBUILD": lambda order: _text(order["unit"], order["space"])}
EVENTS = {SHIPBUILDING: resolve}
CONDITIONS = {SHIPBUILDING: condition}
