"""The war at sea's CP actions (§11.1 table): ``NAVAL MOVE`` (1 CP, §16.1) and ``PIRACY``
(2 CP, §16.4); `cp_actions` hands them here.

Orders: ``NAVAL MOVE <from> -> <to> [WITH <leaders> | WITH NONE] [<n>S <n>P <n>G <n>V
<n>SC][, <from> -> <to> ...]`` (each stack, or the ships named — own squadrons S, corsairs
P, Genoese G, Venetian V, Scottish SC squadrons — with its naval leaders takes one step; all
at once), ``TRANSPORT ...`` and ``PIRACY <sea zone> AGAINST <power>``.

Rules: §11.1, §16.1, §16.4
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from engine.canonical import copy_plain
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import counter_mix, grammar
from games.here_i_stand import state as S
from games.here_i_stand.land_war import responses
from games.here_i_stand.navy import move, piracy, transport

Order = dict[str, Any]
ACTION_VERBS = ("NAVAL_MOVE", "PIRACY", "TRANSPORT")
_NAVAL = re.compile(r"^\s*(NAVAL\s+MOVE|ФЛОТ)\b", re.IGNORECASE)
_PIRACY = re.compile(r"^\s*(PIRACY|ПИРАТСТВО)\b", re.IGNORECASE)
_TRANSPORT = re.compile(r"^\s*(TRANSPORT|ПЕРЕВОЗКА)\b", re.IGNORECASE)


def is_naval(text: str) -> bool:
    return bool(_NAVAL.match(text) or _PIRACY.match(text) or _TRANSPORT.match(text))


def options(state: S.State, power: str, cp: int) -> Iterator[Option]:
    """One NAVAL MOVE option per single step (a bot moves one stack), one TRANSPORT option
    per port-zone-port hop without leaders, and one PIRACY option per zone; none after
    *Foul Weather* this impulse."""
    if responses.weather(state, power):
        return
    if cp >= move.COST:
        steps = move.options(state, power)
        if steps:
            yield Option.of("NAVAL_MOVE", f"NAVAL MOVE {steps[0][0]} -> {steps[0][1]}",
                            steps=OneOf(tuple(((s, t),) for s, t in steps)))
    if cp >= transport.NEED:
        for route, fit in transport.single_hops(state, power, cp):
            yield Option.of("TRANSPORT", f"TRANSPORT {' -> '.join(route)} {fit[0]}",
                            route=OneOf((route,)), leaders=OneOf(((),)),
                            units=counter_mix.count_domain(fit))
    if cp >= piracy.COST and power == "ottoman":
        found: dict[str, list[str]] = {}
        for zone, target in piracy.targets(state, power):
            found.setdefault(zone, []).append(target)
        for zone, powers in found.items():
            yield Option.of("PIRACY", f"PIRACY {zone} AGAINST {powers[0]}",
                            space=OneOf((zone,)), target=OneOf(tuple(powers)))


def parse(state: S.State, power: str, text: str) -> Order:
    m = _NAVAL.match(text)
    if m:
        parts: list[str] = []
        for piece in text[m.end():].split(","):
            if "->" in piece or not parts:
                parts.append(piece)
            else:                                   # a leader after WITH, not a new step
                parts[-1] += "," + piece
        return {"verb": "NAVAL_MOVE", "steps": tuple(
            _step(state, power, part) for part in parts if part.strip())}
    found = _TRANSPORT.match(text)
    if found:
        move_order = grammar.parse_move("NAVAL", text[found.end():])
        route = [move_order["from"], *move_order.get("via", ()), move_order["to"]]
        if not isinstance(move_order["units"], int):
            raise IllegalOrder(Reason("say how many units go: TRANSPORT <port> -> <zone> -> "
                                      "<port> [WITH <leaders>] <n>", "syntax",
                                      text="TRANSPORT <port> -> <zone> -> <port> <n>"))
        return {"verb": "TRANSPORT", "route": tuple(route),
                "leaders": tuple(move_order.get("leaders", ())), "units": move_order["units"]}
    rest = text[_PIRACY.match(text).end():]
    found = re.split(r"\s+(?:AGAINST|ПРОТИВ)\s+", rest.strip(), maxsplit=1, flags=re.IGNORECASE)
    if len(found) != 2:
        raise IllegalOrder(Reason("say PIRACY <sea zone> AGAINST <power>", "syntax",
                                  text="PIRACY <sea zone> AGAINST <power>"))
    return {"verb": "PIRACY", "space": grammar.space(found[0], land=False),
            "target": grammar.power(found[1])}


#: Ship letters of a split step: own squadrons, corsairs, and the minors' squadrons.
SHIP_LETTERS = {"S": (None, "squadrons"), "Э": (None, "squadrons"),
                "P": (None, "corsairs"), "КС": (None, "corsairs"),
                "G": ("genoa", "squadrons"), "V": ("venice", "squadrons"),
                "SC": ("scotland", "squadrons")}
_SHIPS = re.compile(r"^(\d+)(SC|КС|S|Э|P|G|V)$", re.IGNORECASE)


def _step(state: S.State, power: str, part: str) -> tuple:
    """``<from> -> <to> [WITH <leaders> | WITH NONE] [<n>S] [<n>P] [<n>G] [<n>V] [<n>SC]``
    (steps are joined by commas):
    ``(from, to)`` for the whole stack, else ``(from, to, ships, leaders)``."""
    ends = re.split(r"\s*->\s*", part.strip(), maxsplit=1)
    if len(ends) != 2:
        raise IllegalOrder(Reason("say NAVAL MOVE <from> -> <to>[; <from> -> <to>]",
                                  "syntax", text="NAVAL MOVE <from> -> <to>"))
    words = ends[1].split()
    cut = next((i for i, w in enumerate(words)
                if w.upper() in ("WITH", "С") or _SHIPS.match(w)), len(words))
    dst, rest = " ".join(words[:cut]), words[cut:]
    ships = [w for w in rest if _SHIPS.match(w)]
    lead_words = [w for w in rest if not _SHIPS.match(w)][1:]
    named: list[tuple[str, str, int]] = []
    for w in ships:
        found = _SHIPS.match(w)
        owner, kind = SHIP_LETTERS[found.group(2).upper()]
        named.append((owner or power, kind, int(found.group(1))))
    lead_text = " ".join(lead_words)
    leaders = None if not rest or rest[0].upper() not in ("WITH", "С") else tuple(
        sorted(grammar.leader(n) for n in re.split(r"\s*,\s*", lead_text)
               if n.strip() and n.strip().upper() not in ("NONE", "НИКОГО")))
    src, to = grammar.space(ends[0], land=False), grammar.space(dst, land=False)
    if not named and leaders is None:
        return (src, to)
    return (src, to, tuple(sorted(named)) if named else None, leaders)


def step_text(step: tuple) -> str:
    """The canonical text of a step (`_step` reads it back)."""
    text = f"{step[0]} -> {step[1]}"
    if len(step) > 2:
        if step[3] is not None:
            text += " WITH " + (", ".join(step[3]) or "NONE")
        letters = {v: k for k, v in SHIP_LETTERS.items() if k.isascii()}
        for owner, kind, n in step[2] or ():
            text += f" {n}{letters[(None if owner in S.MAJORS else owner, kind)]}"
    return text


def _check(cp: int, need: int, why: Reason | None) -> None:
    if cp < need:
        raise IllegalOrder(Reason(f"this action costs {need} CP and {cp} are left",
                                  "action_cost", need=need, cp=cp))
    if why:
        raise IllegalOrder(why)


def apply(state: S.State, power: str, order: Order, cp: int, dice) -> int:
    """Apply NAVAL MOVE, TRANSPORT or PIRACY; returns the CP spent.  Each is declared first:
    when another power could hold *Foul Weather* (or *Gout*, against a transport with an
    army leader) the CP are spent and the action waits for their answers (§16.1 step 3,
    §16.3 step 1, card #31: `responses`); after *Foul Weather* none of them is allowed for
    the rest of the impulse."""
    if responses.weather(state, power):
        raise IllegalOrder(Reason("Foul Weather: no naval move, transport or piracy this "
                                  "impulse", "foul_weather_sea", power=power,
                                  card=responses.FOUL_WEATHER))
    cost, to, leaders = _validate(state, power, order, cp)
    action = {"verb": _RESPONSE_VERB[order["verb"]], "power": power, "to": to,
              "leaders": list(leaders), "cost": cost, "order": copy_plain(order)}
    if not responses.declare(state, action, dice):
        _carry_out(state, power, order, dice)
    return cost


def _validate(state: S.State, power: str, order: Order, cp: int
              ) -> tuple[int, str, tuple[str, ...]]:
    """Refuse an illegal action before it is declared; its cost, the space named in the
    response question and the army leaders it carries."""
    if order["verb"] == "NAVAL_MOVE":
        _check(cp, move.COST, None)
        found = move.check(state, power, order["steps"])
        return move.COST, found[0]["to"], ()
    if order["verb"] == "TRANSPORT":
        route = [str(x) for x in order["route"]]
        why = transport.problem(state, power, route, tuple(order["leaders"]),
                                int(order["units"]), cp)
        if why:
            raise IllegalOrder(why)
        return transport.cost(route), route[-1], tuple(order["leaders"])
    _check(cp, piracy.COST, piracy.problem(state, power, order["space"], order["target"]))
    return piracy.COST, order["space"], ()


def _carry_out(state: S.State, power: str, order: Order, dice) -> None:
    if order["verb"] == "NAVAL_MOVE":
        move.begin(state, power, order["steps"], dice)
    elif order["verb"] == "TRANSPORT":
        transport.begin(state, power, [str(x) for x in order["route"]],
                        tuple(order["leaders"]), int(order["units"]), dice)
    else:
        S.log(state, "piracy", power=power, space=order["space"], target=order["target"])
        piracy.begin(state, order["space"], order["target"], dice)


_RESPONSE_VERB = {"NAVAL_MOVE": "naval_move", "TRANSPORT": "transport", "PIRACY": "piracy"}


def _resume(state: S.State, action: dict[str, Any], dice) -> None:
    """The declared naval action nobody stopped goes on (its CP were spent)."""
    _carry_out(state, action["power"], action["order"], dice)


responses.RESUME.update({verb: _resume for verb in _RESPONSE_VERB.values()})


def order_text(order: Order) -> str:
    if order["verb"] == "NAVAL_MOVE":
        return "NAVAL MOVE " + ", ".join(step_text(tuple(step)) for step in order["steps"])
    if order["verb"] == "TRANSPORT":
        with_ = f" WITH {', '.join(order['leaders'])}" if order["leaders"] else ""
        return f"TRANSPORT {' -> '.join(order['route'])}{with_} {order['units']}"
    return f"PIRACY {order['space']} AGAINST {order['target']}"


TEXTS = {verb: order_text for verb in ACTION_VERBS}
