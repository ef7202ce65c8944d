"""Home cards' events that belong to the turn frame (§6.1 L321, §21): #1 Janissaries (its
recruiting half), #2 Holy Roman Emperor, #7 Here I Stand (its retrieving half; playing the
retrieved card is the Action phase's question ``retrieved``).  `tables` lists their events and
questions.  The other home cards: #3 Six Wives and #4 Patron of the Arts
live in `events`; #5 Papal Bull and #6 Leipzig Debate in `reformation` (`papal_bull`,
`debate`); the battle halves of Janissaries and Here I Stand (combat, debates) are
refused "not yet implemented" as events in an impulse.

* **#1 Janissaries** (event half): 4 new Ottoman regulars in any combination of Ottoman home
  spaces the Ottomans control, not Algiers nor a pirate haven, within the counter mix —
  ``PLACE <n> IN <space>`` until all 4 are placed (default: all in Istanbul).  The rulebook
  names only the card's combat use (§14 L879, §16.2 L1028); the recruiting half comes from
  the card summary in ``data/cards.yaml`` (a later-edition transcription, see README).
  Foreign-war cards (§21.7) are not in the state yet, so units cannot go there.
* **#2 Holy Roman Emperor** (§21.2 L1613-1615): Charles V moves to any Hapsburg home space the
  Hapsburgs control (not in unrest, free of enemy units; the card summary), the Duke of Alva
  with him if he is in the same space, no units; then 5 CP — ``TRAVEL <space> [WITH Duke of
  Alva]``.  A captured Charles does not move (the 5 CP remain).  The other powers may stop
  the transfer with *Gout* (#32, no CP lost: `land_war.responses`).
* **#7 Here I Stand** (§6.2 L387, §11 L642): while Luther lives (rules the Protestants),
  ``TAKE <card>`` from the discard pile — not a mandatory event, not a card the Protestants
  played as an event earlier this turn — then ``PLAY <card> FOR CP``, ``PLAY <card> AS EVENT``
  (a card is played as an event once per turn) or ``KEEP`` it.

Rules: §21.2 (Holy Roman Emperor), §6.1 (home cards as events: #1, #2, #7)
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.contract import Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, events, facts, grammar
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.land_war import responses

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}
#: Canonical texts of their verbs (`tables` hands them to `grammar`).
TEXTS: dict[str, Callable[[dict], str]] = {}

JANISSARIES, EMPEROR, HERE_I_STAND = 1, 2, 7
RECRUITS = 4


# ---------------------------------------------------------------- #1 Janissaries
def janissary_spaces(state: S.State) -> tuple[str, ...]:
    m = S.board()
    havens = S.pirate_havens(state)
    return tuple(sorted(s for s in m.spaces_of(home="ottoman")
                        if s not in havens and S.in_play(state, s)
                        and S.controller(state, s) == "ottoman"))


def janissaries(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "janissaries", "seat": "ottoman", "left": RECRUITS})
    return 0


def _jan_options(state, item):
    """PLACE options for the regulars left, by the numbers that fit the counter mix (§5.2)."""
    return counter_mix.place_options(state, "ottoman", janissary_spaces(state), "regulars",
                                     item["left"])


def _jan_apply(state, item, order, dice) -> bool:
    S.add_units(state, order["space"], "ottoman", "regulars", order["units"])
    item["left"] -= order["units"]
    S.log(state, "janissaries_placed", card=1, n=order["units"], space=order["space"])
    return item["left"] <= 0


def _jan_default(state, item):
    option = _jan_options(state, item)[0]
    spaces = dict(option.fields)["space"].values
    return {"verb": "PLACE", "units": dict(option.fields)["units"].values[-1],
            "space": "istanbul" if "istanbul" in spaces else spaces[0]}


def place_parse(state, item, text):
    """``PLACE <n> IN <space>`` (also for the mercenaries of #33 / #36 as events)."""
    verb = grammar.verb_of(text)
    grammar.expect(["PLACE"], verb, text, "PLACE <n> IN <space>")
    words = O.rest(text).split()
    n = 1
    if words and words[0].isdigit():
        n = int(words.pop(0))
    if words and words[0].upper() in ("IN", "В"):
        words.pop(0)
    if words and words[-1].isdigit():
        n = int(words.pop())
    return {"verb": "PLACE", "units": n, "space": grammar.space(" ".join(words))}


def _jan_settle(state, item, dice) -> bool:
    return item["left"] <= 0


def _jan_done(state, item, dice) -> None:
    if item["left"] > 0:
        S.log(state, "janissaries_left", card=1, n=item["left"])


KINDS["janissaries"] = choices.Kind(
    options=_jan_options, apply=_jan_apply, default=_jan_default, parse=place_parse,
    prompt=lambda state, item: (f"Janissaries: PLACE <n> IN <space> — {item['left']} new "
                                "regular(s) for Ottoman home spaces you control"),
    settle=_jan_settle, done=_jan_done)
TEXTS["PLACE"] = lambda o: f"PLACE {o['units']} IN {o['space']}"


def _janissaries_condition(state, power):
    if not any(counter_mix.fitting(state, "ottoman", s, "regulars", RECRUITS)
               for s in janissary_spaces(state)):
        return Reason("Janissaries: no Ottoman home space to raise regulars in, or no counters "
                      "left", "janissaries_impossible", card=1)
    return None


# ---------------------------------------------------------------- #2 Holy Roman Emperor
def emperor_destinations(state: S.State) -> tuple[str, ...]:
    here = S.where_is(state, "charles_v")
    if here is None:
        return ()
    return tuple(sorted(s for s in S.home_spaces(state, "hapsburg")
                        if s != here and S.in_play(state, s)
                        and S.controller(state, s) == "hapsburg" and not S.in_unrest(state, s)
                        and not S.enemy_units_at(state, "hapsburg", s)))


def _alva_can_follow(state: S.State) -> bool:
    here = S.where_is(state, "charles_v")
    return (here is not None and S.where_is(state, "duke_of_alva") == here
            and S.leader_power(state, "duke_of_alva") == "hapsburg")


def holy_roman_emperor(state: S.State, power: str, dice: Dice) -> int:
    if emperor_destinations(state):
        choices.push(state, {"kind": "emperor", "seat": "hapsburg"})
    else:
        S.log(state, "emperor_stays", card=2, leader="charles_v")
    return 5


def _emp_options(state, item):
    dests = emperor_destinations(state)
    if not dests:
        return []
    escorts = ((), ("duke_of_alva",)) if _alva_can_follow(state) else ((),)
    return [Option.of("TRAVEL", f"TRAVEL {dests[0]}", space=OneOf(dests),
                      leaders=OneOf(escorts))]


def _emp_apply(state, item, order, dice) -> bool:
    """The transfer is announced: the other powers may stop it with *Gout* (no CP lost,
    `responses`); otherwise Charles travels."""
    action = {"verb": "transfer", "power": "hapsburg", "to": order["space"],
              "leaders": ["charles_v"], "cost": 0, "lost": 0, "order": order}
    if not responses.declare(state, action, dice):
        _travel(state, action, dice)
    return True


def _travel(state: S.State, action: dict, dice: Dice) -> None:
    order = action["order"]
    here = S.where_is(state, "charles_v")
    for lid in ("charles_v", *order["leaders"]):
        S.move_leader(state, lid, here, order["space"])
    if order["leaders"]:
        S.log(state, "emperor_travels_with", card=2, leader="charles_v",
              leaders=order["leaders"], space=order["space"])
    else:
        S.log(state, "emperor_travels", card=2, leader="charles_v", space=order["space"])


responses.RESUME["transfer"] = _travel


def _emp_default(state, item):
    dests = emperor_destinations(state)
    capitals = [c for c in S.capitals("hapsburg") if c in dests]
    return {"verb": "TRAVEL", "space": (capitals or list(dests))[0], "leaders": ()}


def _emp_parse(state, item, text):
    verb = O.verb(text)
    if verb in ("MOVE", "ПЕРЕЕХАТЬ"):
        verb = "TRAVEL"
    grammar.expect(["TRAVEL"], verb, text, "TRAVEL <space> [WITH Duke of Alva]")
    body = O.rest(text)
    words = body.split()
    cut = next((i for i, w in enumerate(words) if w.upper() in ("WITH", "С")), None)
    leaders: tuple = ()
    if cut is not None:
        names = " ".join(words[cut + 1:])
        leaders = tuple(sorted({grammar.leader(n) for n in names.split(",") if n.strip()}))
        body = " ".join(words[:cut])
    return {"verb": "TRAVEL", "space": grammar.space(body), "leaders": leaders}


KINDS["emperor"] = choices.Kind(
    options=_emp_options, apply=_emp_apply, default=_emp_default, parse=_emp_parse,
    prompt=lambda state, item: ("Holy Roman Emperor: TRAVEL <Hapsburg home space> [WITH Duke "
                                "of Alva] — Charles V moves, then you spend 5 CP"))
TEXTS["TRAVEL"] = lambda o: (f"TRAVEL {o['space']}"
                                     + (f" WITH {', '.join(o['leaders'])}" if o["leaders"] else ""))


# ---------------------------------------------------------------- #7 Here I Stand
def played_as_event(state: S.State) -> dict[str, list[int]]:
    """Cards each power played as an event this turn (the Action phase keeps them)."""
    return state["phase_data"].get("as_event", {}) if state["phase"] == "action" else {}


def retrievable(state: S.State, power: str) -> tuple[int, ...]:
    mine = set(played_as_event(state).get(power, []))
    return tuple(sorted(n for n in set(state["discard"])
                        if facts.card(n).type != "mandatory" and n not in mine))


def _his_condition(state, power):
    if state["rulers"]["protestant"] != "luther":
        return Reason("Here I Stand: Luther is dead", "his_luther_dead", card=7)
    if not retrievable(state, power):
        return Reason("Here I Stand: no card in the discard pile may be taken", "his_no_card",
                      card=7)
    return None


def here_i_stand(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "retrieve", "seat": power})
    return 0


def _take_options(state, item):
    cards = retrievable(state, item["seat"])
    return [Option.of("TAKE", f"TAKE {cards[0]}", card=OneOf(cards))] if cards else []


def _take_apply(state, item, order, dice) -> bool:
    number = order["card"]
    state["discard"].remove(number)
    power = item["seat"]
    state["hands"][power] = sorted(state["hands"][power] + [number])
    S.log(state, "here_i_stand_takes", card=7, power=power, card2=number)
    if state["phase"] == "action":
        choices.push(state, {"kind": "retrieved", "seat": power, "card": number}, first=True)
    return True


def _take_default(state, item):
    cards = retrievable(state, item["seat"])
    return {"verb": "TAKE", "card": max(cards, key=lambda n: (facts.card(n).cp, -n))}


def _take_parse(state, item, text):
    verb = O.verb(text)
    if verb in ("ВЗЯТЬ", "RETRIEVE"):
        verb = "TAKE"
    grammar.expect(["TAKE"], verb, text, "TAKE <card>")
    return {"verb": "TAKE", "card": grammar.card_number(O.rest(text), state["discard"])}


KINDS["retrieve"] = choices.Kind(
    options=_take_options, apply=_take_apply, default=_take_default, parse=_take_parse,
    prompt=lambda state, item: "Here I Stand: TAKE <card> from the discard pile")
TEXTS["TAKE"] = lambda o: f"TAKE {o['card']}"


#: The events of the home cards this module resolves (`tables` gathers every card's).
EVENTS: dict[int, events.Resolver] = {JANISSARIES: janissaries, EMPEROR: holy_roman_emperor,
                      HERE_I_STAND: here_i_stand}
CONDITIONS: dict[int, Callable[[S.State, str], str | None]] = {
    JANISSARIES: _janissaries_condition, HERE_I_STAND: _his_condition}
