"""#5 *Papal Bull* (§21.5): the Papacy excommunicates a reformer or a ruler.

* A reformer on the map may always be excommunicated: he and his debater leave the map for the
  rest of the turn (`absence`; the debater committed, back at the next Card Draw phase) and the
  Papacy may then call a debate in his zone at once (question ``bull_debate``, default: debate
  when it may, against the uncommitted pool when there is one).  Luther may still be brought into
  a debate by *Here I Stand* while away (§21.5).
* A ruler of England, France or the Hapsburgs needs grounds: his power is at war with the
  Papacy, or allied with the Ottomans, or he is Henry VIII with a Protestant English home space.
  An ally of the Papacy's enemy has no grounds; Henry VIII's heirs are never excommunicated.
  The ruler's power gets the -1 card marker (``state["excommunicated"]``, §6.2, lifted by §9.5,
  §9.3 step 8 or §9.1) and the Papacy puts unrest on up to 2 unoccupied Catholic home spaces of
  it (question ``bull_unrest``, default: the first two by id).
* Nobody is excommunicated twice in a game, and only one French king (Francis I or Henry II).
  The list lives in ``state["already_excommunicated"]`` from the first Bull on; before that the
  scenario's list counts (1532: Luther).

Rules: §21.5 (L1702-1731), §8.2
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import absence, debate
from games.here_i_stand.scenarios import load_scenario

PAPAL_BULL = 5
#: The reformers' language zones (the debate after an excommunicated reformer, §21.5).
REFORMER_ZONE = {"luther": "german", "zwingli": "german", "calvin": "french",
                 "cranmer": "english"}
RULED = ("england", "france", "hapsburg")
HEIRS = ("edward_vi", "mary_i", "elizabeth_i")
FRENCH_KINGS = ("francis_i", "henry_ii")
UNREST_SPACES = 2


def excommunicated_ever(state: S.State) -> list[str]:
    """The rulers and reformers a Papal Bull has excommunicated this game (§21.5), the
    scenario's list before the first Bull (1532: Luther)."""
    if "already_excommunicated" in state:
        return state["already_excommunicated"]
    return list(load_scenario(state["scenario"]).get("already_excommunicated", []))


def _record_done(state: S.State, who: str) -> None:
    state["already_excommunicated"] = sorted(set(excommunicated_ever(state)) | {who})


def ruler_problem(state: S.State, power: str) -> R | None:
    """Why `power`'s ruler cannot be excommunicated now (§21.5)."""
    ruler = state["rulers"].get(power)
    if power not in RULED or ruler is None:
        return R("only the rulers of England, France and the Hapsburgs may be excommunicated",
                 "bull_who", power=power)
    if ruler in HEIRS:
        return R("the Pope may not excommunicate Henry VIII's heirs (§21.5)", "bull_heir",
                 power=power)
    if ruler in excommunicated_ever(state) or (ruler in FRENCH_KINGS
                                 and set(FRENCH_KINGS) & set(excommunicated_ever(state))):
        return R("this ruler has already been excommunicated (§21.5)", "bull_again",
                 power=power)
    if S.at_war(state, power, "papacy") or S.allied(state, power, "ottoman"):
        return None
    if ruler == "henry_viii" and any(
            S.religion(state, sid) == religion.PROTESTANT
            for sid in S.board().spaces_of(home="england")):
        return None
    return R("no grounds to excommunicate this ruler (§21.5: war with the Papacy, alliance "
             "with the Ottomans, or Henry VIII with a Protestant English space)",
             "bull_no_grounds", power=power)


def reformers(state: S.State) -> list[str]:
    """The reformers on the map not yet excommunicated."""
    return sorted(r for r, where in state["reformers"].items()
                  if where and r not in excommunicated_ever(state))


def targets(state: S.State) -> list[str]:
    return reformers(state) + [p for p in RULED if ruler_problem(state, p) is None]


def condition(state: S.State, power: str) -> R | None:
    if not targets(state):
        return R("Papal Bull: nobody may be excommunicated now (§21.5)", "bull_nobody",
                 card=PAPAL_BULL)
    return None


def resolve(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "papal_bull", "seat": "papacy"})
    return 0


def unrest_spaces(state: S.State, power: str) -> list[str]:
    """Unoccupied Catholic home spaces of `power` without unrest (§21.5)."""
    return [sid for sid in S.home_spaces(state, power)
            if S.religion(state, sid) == religion.CATHOLIC and not S.in_unrest(state, sid)
            and not any(any(c.values()) for c in S.units(state, sid).values())]


def _bull_options(state, item) -> list[Option]:
    who = tuple(targets(state))
    return [Option.of("EXCOMMUNICATE", f"EXCOMMUNICATE {who[0]}", target=OneOf(who))]


def _bull_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["EXCOMMUNICATE"],
                   "EXCOMMUNICATE" if verb in ("EXCOMMUNICATE", "ОТЛУЧИТЬ") else verb,
                   text, "EXCOMMUNICATE <reformer or power>")
    word = grammar.rest_of(text).strip().lower()
    if word not in targets(state):
        raise IllegalOrder(R("Papal Bull: this one may not be excommunicated now (§21.5)",
                             "bull_target", text=word),
                           [f"EXCOMMUNICATE {t}" for t in targets(state)])
    return {"verb": "EXCOMMUNICATE", "target": word}


def _bull_apply(state, item, order, dice) -> bool:
    who = order["target"]
    if who in RULED:
        ruler = state["rulers"][who]
        _record_done(state, ruler)
        state["excommunicated"] = sorted(set(state["excommunicated"]) | {who})
        S.log(state, "ruler_excommunicated", card=PAPAL_BULL, power=who, ruler=ruler)
        if unrest_spaces(state, who):
            choices.push(state, {"kind": "bull_unrest", "seat": "papacy", "power": who,
                                 "left": UNREST_SPACES}, first=True)
        return True
    _record_done(state, who)
    S.log(state, "reformer_excommunicated", card=PAPAL_BULL, reformer=who)
    absence.send_away(state, who, who)
    zone = REFORMER_ZONE[who]
    if debate.call_problem(state, "papacy", zone) is None:
        choices.push(state, {"kind": "bull_debate", "seat": "papacy", "zone": zone},
                     first=True)
    return True


def _debate_options(state, item) -> list[Option]:
    pools = debate.defender_pools(state, "papacy", item["zone"])
    return [Option.of("DEBATE", f"DEBATE {item['zone'].upper()}", zone=OneOf((item["zone"],)),
                      pool=OneOf(pools)), Option.of("DONE", "DONE")]


def _debate_default(state, item) -> dict[str, Any]:
    pools = debate.defender_pools(state, "papacy", item["zone"])
    if not pools:
        return {"verb": "DONE"}
    pool = "uncommitted" if "uncommitted" in pools else pools[0]
    return {"verb": "DEBATE", "zone": item["zone"], "pool": pool}


def _debate_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("DONE", "ГОТОВО", "PASS"):
        return {"verb": "DONE"}
    grammar.expect(["DEBATE"], "DEBATE" if verb in ("DEBATE", "ДИСПУТ") else verb, text,
                   "DEBATE [COMMITTED|UNCOMMITTED] or DONE")
    words = [w for w in grammar.rest_of(text).split()
             if w.lower() != item["zone"] and w.upper() not in ("GERMAN", "FRENCH", "ENGLISH")]
    return {"verb": "DEBATE", "zone": item["zone"],
            "pool": debate.parse_pool(state, "papacy", item["zone"], words)}


def _debate_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DEBATE":
        debate.call(state, "papacy", order["zone"], dice, pool=order["pool"],
                    source="papal_bull")
    return True


def _unrest_options(state, item) -> list[Option]:
    spots = tuple(unrest_spaces(state, item["power"]))
    unrest = [Option.of("UNREST", f"UNREST {spots[0]}", space=OneOf(spots))] if spots else []
    return unrest + [Option.of("DONE", "DONE")]


def _unrest_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("DONE", "ГОТОВО", "PASS"):
        return {"verb": "DONE"}
    word = "UNREST" if verb in ("UNREST", "БЕСПОРЯДКИ") else verb
    grammar.expect(["UNREST"], word, text,
                   "UNREST <space> or DONE")
    sid = grammar.space(grammar.rest_of(text).strip())
    if sid not in unrest_spaces(state, item["power"]):
        raise IllegalOrder(R("unrest goes on an unoccupied Catholic home space of the "
                             "excommunicated power (§21.5)", "bull_unrest_space", text=sid),
                           [f"UNREST {s}" for s in unrest_spaces(state, item["power"])])
    return {"verb": "UNREST", "space": sid}


def _unrest_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        return True
    S.set_unrest(state, order["space"], True)
    S.log(state, "bull_unrest", card=PAPAL_BULL, space=order["space"])
    item["left"] -= 1
    return item["left"] <= 0 or not unrest_spaces(state, item["power"])


def _unrest_default(state, item) -> dict[str, Any]:
    spots = unrest_spaces(state, item["power"])
    return {"verb": "UNREST", "space": spots[0]} if spots else {"verb": "DONE"}


KINDS: dict[str, questions.Kind] = {
    "papal_bull": choices.Kind(
        options=_bull_options, apply=_bull_apply, parse=_bull_parse,
        default=lambda state, item: {"verb": "EXCOMMUNICATE", "target": targets(state)[0]},
        prompt=lambda state, item: "Papal Bull: EXCOMMUNICATE <reformer or power>"),
    "bull_debate": choices.Kind(
        options=_debate_options, apply=_debate_apply, parse=_debate_parse,
        default=_debate_default,
        context=lambda state, item: {"zone": item["zone"]},
        prompt=lambda state, item: (f"Papal Bull: DEBATE {item['zone'].upper()} "
                                    "[COMMITTED|UNCOMMITTED] or DONE")),
    "bull_unrest": choices.Kind(
        options=_unrest_options, apply=_unrest_apply, parse=_unrest_parse,
        default=_unrest_default,
        context=lambda state, item: {"power": item["power"], "left": item["left"]},
        prompt=lambda state, item: f"Papal Bull: UNREST <space> ({item['left']} more) or DONE"),
}
TEXTS = {"EXCOMMUNICATE": lambda o: f"EXCOMMUNICATE {o['target']}",
         "UNREST": lambda o: f"UNREST {o['space']}"}
EVENTS = {PAPAL_BULL: resolve}
CONDITIONS = {PAPAL_BULL: condition}
