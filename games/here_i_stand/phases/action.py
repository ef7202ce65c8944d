"""Phase 6: the Action phase (§11): impulses in the standard order until all six pass in a row.

In an impulse the active power (decision ``impulse``) plays a card FOR CP, plays a card AS
EVENT, or PASSes (§11):

* any card but a mandatory event may be played for its CP;
* mandatory, home and event cards may be played as events (combat cards never); mandatory
  events resolve and then give 2 CP; events not yet implemented in pbem are refused with a
  clear reason (see `events`);
* passing is forbidden while the power holds its unplayed home card, a mandatory event, or
  more cards than its ruler's administrative rating; with an empty hand it must pass (done
  automatically, without asking).  When all six powers have passed consecutively the phase
  ends.

CP are then spent one action at a time (decision ``cp``, `cp_actions`), each an order of its
own; ``DONE`` ends the impulse and unspent CP are lost.  When no action is possible the
impulse ends by itself.  After every action the automatic victories (§23.1) are checked.

An event that asks a player something (a target, a space, intervene or not) queues the
question (`choices`): it is asked before anything else, of whichever seat it concerns, and the
impulse's CP are spent after it.

Mary I (§21.3 L1674-1692, `henry_viii`): while she rules and an English home space is
Protestant, a non-mandatory English card is revealed and a die rolled; on 1-3 the Papacy acts by the card's
CP (Burn Books in the English zone for 1-2, a debate for 3, both for 4+; debates are not yet
implemented and only logged) and the English impulse ends; on 4-6 the card is played as
ordered.  Ruling: the order names the card and its use at once — the use matters only after
a 4-6, so this equals announcing it after the roll, without a second round trip.

Defaults (NMR, §22.1 spirit): PASS where legal; otherwise play the lowest-CP card that may be
played for CP (a mandatory event as its event when nothing else is left); spend nothing.

Rules: §11
"""
from __future__ import annotations

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import (choices, cp_actions, events, facts, grammar, henry_viii,
                                home_cards)
from games.here_i_stand import state as S
from games.here_i_stand.navy import war
from games.here_i_stand.phases import decision_id, victory
from games.here_i_stand.reformation import wartburg

NAME = "action"
#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}


def enter(state, dice) -> None:
    state["phase_data"] = {"active": 0, "passes": 0, "cp": None, "card": None,
                           "impulse": 0}
    _settle(state, dice)


# ---------------------------------------------------------------- pass rules (§11)
def pass_problem(state, power: str) -> Reason | None:
    hand = state["hands"][power]
    if any(n in hand for n in facts.home_cards()[power]):
        return Reason("you still hold your home card (§11)", "pass_home_card")
    if any(facts.card(n).type == "mandatory" for n in hand):
        return Reason("you hold a mandatory event (§11)", "pass_mandatory")
    admin = S.admin_rating(state, power)
    if len(hand) > admin:
        return Reason(f"you hold {len(hand)} cards, more than your ruler's administrative "
                      f"rating {admin} (§11)", "pass_admin", n=len(hand), limit=admin)
    return None


def _active(state) -> str:
    return S.MAJORS[state["phase_data"]["active"]]


def _next(state) -> None:
    data = state["phase_data"]
    data["active"] = (data["active"] + 1) % len(S.MAJORS)
    data["cp"] = None
    data["card"] = None
    data["impulse"] += 1
    data.pop("roxelana", None)           # Roxelana (#42) lasts one impulse (§15.1)
    data.pop("cp_area", None)            # Scots Raid's (#97) CP are spent in its impulse


def _record_pass(state, power: str, dice=None) -> None:
    data = state["phase_data"]
    data["passes"] += 1
    S.log(state, "passes", power=power)
    henry_viii.english_passed(state, power, dice)
    _next(state)


def _settle(state, dice=None) -> None:
    """Auto-pass powers with empty hands (§11: they must pass) until someone can act or the
    phase ends; end impulses in which no CP action is possible."""
    data = state["phase_data"]
    guard = 0
    while data["passes"] < len(S.MAJORS) and state["outcome"] is None:
        guard += 1
        if guard > 50:
            raise RuntimeError("action phase does not settle")
        if choices.current(state):
            return                       # an event's question comes first
        if war.waiting(state):           # a new war's naval battles (§9.6 L583)
            war.proceed(state, dice)
            continue
        power = _active(state)
        if data["cp"] is not None:
            if data["cp"] <= 0 or not cp_actions.can_act(state, power, data["cp"]):
                _end_impulse(state, power)
                continue
            return
        if power in data.get("skip", []):       # Halley's Comet (#38): not a pass
            data["skip"].remove(power)
            if not data["skip"]:
                del data["skip"]
            S.log(state, "impulse_skipped", power=power, card=38)
            _next(state)
            continue
        if not state["hands"][power]:
            _record_pass(state, power, dice)
            continue
        return


def _end_impulse(state, power: str) -> None:
    data = state["phase_data"]
    if data["cp"]:
        S.log(state, "unspent", power=power, cp=data["cp"])
    _next(state)


# ---------------------------------------------------------------- questions
def impulse_options(state, power: str) -> list[Option]:
    hand = sorted(state["hands"][power])
    out: list[Option] = []
    for_cp = tuple(n for n in hand if facts.card(n).type != "mandatory")
    if for_cp:
        out.append(Option.of("PLAY", f"PLAY {for_cp[0]} FOR CP", card=OneOf(for_cp),
                             mode=OneOf(("cp",))))
    as_event = tuple(n for n in hand if events.playable_as_event(state, power, n) is None)
    if as_event:
        out.append(Option.of("PLAY", f"PLAY {as_event[0]} AS EVENT", card=OneOf(as_event),
                             mode=OneOf(("event",))))
    if pass_problem(state, power) is None:
        out.append(Option.of("PASS", "PASS"))
    return out


def decisions(state):
    data = state["phase_data"]
    if state["outcome"] is not None or data["passes"] >= len(S.MAJORS):
        return []
    step = choices.decision(state)
    if step is not None:
        return [step]
    item = {"kind": "impulse" if data["cp"] is None else "cp", "seat": _active(state)}
    return [OWN[item["kind"]].decision(decision_id(state, item["kind"]), state, item)]


# ---------------------------------------------------------------- orders
def parse(state, decision, text):
    if choices.is_choice(decision):
        return choices.parse(state, decision, text)
    return OWN[decision.kind].parse(state, questions.item_of(decision), text)


def _impulse_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["PLAY", "PASS"], verb, text, IMPULSE.prompt(state, item))
    if verb == "PASS":
        grammar.no_args(verb, text)
        return {"verb": "PASS"}
    return parse_play(state, item["seat"], text)


def parse_play(state, seat: str, text: str) -> dict:
    """``PLAY <card> FOR CP`` or ``PLAY <card> AS EVENT`` of a card in `seat`'s hand (§11)."""
    rest = grammar.rest_of(text)
    upper = rest.upper()
    mode = None
    for marker, m in ((" FOR CP", "cp"), (" AS CP", "cp"), (" FOR OPS", "cp"),
                      (" FOR OP", "cp"), (" AS EVENT", "event"), (" FOR EVENT", "event"),
                      (" КАК СОБЫТИЕ", "event"), (" ЗА СР", "cp"), (" ЗА CP", "cp")):
        if upper.endswith(marker):
            mode, rest = m, rest[: len(rest) - len(marker)]
            break
    if mode is None:
        card = _card_without_mode(rest)
        raise IllegalOrder(Reason("say whether the card is played FOR CP or AS EVENT",
                                  "play_mode"),
                           [f"PLAY {card} FOR CP", f"PLAY {card} AS EVENT"])
    number = grammar.card_number(rest, state["hands"][seat])
    return {"verb": "PLAY", "card": number, "mode": mode}


#: Words of a half-written play mode (``PLAY 35 FOR``, ``PLAY 35 AS OPERATIONS``).
_MODE_WORDS = {"FOR", "AS", "CP", "OP", "OPS", "OPERATIONS", "EVENT", "ЗА", "КАК", "СР",
               "СОБЫТИЕ"}


def _card_without_mode(text: str) -> str:
    """The card of ``PLAY <card> <mode?>`` without the mode's words (its number when it
    names a card), for the suggestions of a refusal."""
    words = text.split()
    while len(words) > 1 and words[-1].upper() in _MODE_WORDS:
        words.pop()
    try:
        return str(grammar.card_number(" ".join(words)))
    except IllegalOrder:
        return " ".join(words) or "<card>"


def apply(state, seat, decision, order, dice) -> None:
    if choices.is_choice(decision):
        choices.apply(state, seat, decision, order, dice)
        victory.check_automatic(state)
    else:
        OWN[decision.kind].apply(state, questions.item_of(decision), order, dice)
    _settle(state, dice)


def _impulse_apply(state, item, order, dice) -> bool:
    """The impulse itself (§11): PLAY a card for CP or as an event, or PASS."""
    seat, verb = item["seat"], order.get("verb")
    if verb == "PASS":
        if set(order) != {"verb"}:
            raise IllegalOrder(Reason("PASS takes nothing after it", "no_args", verb="PASS"))
        why = pass_problem(state, seat)
        if why:
            raise IllegalOrder(Reason(f"you may not pass: {why}", "no_pass", why=why))
        _record_pass(state, seat, dice)
    elif verb == "PLAY":
        _play(state, seat, order, dice)
    else:
        raise IllegalOrder(Reason(f"{verb} is not an impulse: PLAY a card or PASS",
                                  "not_impulse", verb=str(verb)),
                           ["PLAY <card> FOR CP", "PLAY <card> AS EVENT", "PASS"])
    return True


def _cp_apply(state, item, order, dice) -> bool:
    """One CP action (§11.1), or DONE to end the impulse with CP unspent."""
    seat, data = item["seat"], state["phase_data"]
    if order.get("verb") == "DONE":
        if set(order) != {"verb"}:
            raise IllegalOrder(Reason("DONE takes nothing after it", "no_args", verb="DONE"))
        _end_impulse(state, seat)
        return True
    spent = cp_actions.apply(state, seat, order, data["cp"], dice)
    data["cp"] -= spent
    victory.check_automatic(state)
    return data["cp"] <= 0


def _play(state, power: str, order, dice) -> None:
    data = state["phase_data"]
    number, mode = order.get("card"), order.get("mode")
    if set(order) != {"verb", "card", "mode"} or mode not in ("cp", "event"):
        raise IllegalOrder(Reason("say PLAY <card> FOR CP or PLAY <card> AS EVENT", "play_mode"))
    hand = state["hands"][power]
    if number not in hand:
        label = grammar.card_label(number) if number in facts.cards() else number
        raise IllegalOrder(Reason(f"{label} is not in your hand", "not_in_hand", card=number,
                                  hints_cards=sorted(hand))
                           if number in facts.cards() else
                           Reason(f"{label} is not in your hand", "no_card_text",
                                  text=str(number), hints_cards=sorted(hand)),
                           [grammar.card_label(n) for n in sorted(hand)])
    c = facts.card(number)
    if mode == "cp" and c.type == "mandatory":
        raise IllegalOrder(Reason(f"{c.name_en} is a mandatory event: it must be played AS "
                                  "EVENT (§11)", "mandatory_as_event", card=number))
    if mode == "event":
        why = events.playable_as_event(state, power, number)
        if why:
            raise IllegalOrder(why)
    data["passes"] = 0
    if henry_viii.mary_procedure_applies(state, power) and c.type != "mandatory":
        if henry_viii.mary_reveal(state, power, number, dice):     # §21.3: the Papacy acts
            choices.settle(state, dice)
            data["card"], data["cp"] = number, 0
            if not choices.current(state):
                _next(state)
            return
    if mode == "cp":
        hand.remove(number)
        S.discard(state, number, as_event=False)
        S.log(state, "plays_cp", power=power, card=number, cp=c.cp)
        data["cp"], data["card"] = c.cp, number
        return
    hand.remove(number)
    S.log(state, "plays_event", power=power, card=number)
    played = data.setdefault("as_event", {}).setdefault(power, [])
    played.append(number)        # a card is played as an event once per turn (§11 L642)
    if not wartburg.window(state, power, number):    # the Wartburg may cancel it (#37)
        _resolve_event(state, power, number, dice)


def _resolve_event(state, power: str, number: int, dice) -> None:
    """The announced event happens (§11): its effect, the card's fate, the CP it gives."""
    data = state["phase_data"]
    c = facts.card(number)
    cp = events.resolve(state, power, number, dice)
    fate = data.pop("card_fate", None)
    if fate == "discard":
        state["discard"].append(number)
    elif number in state["removed"]:
        pass                             # the event removed it (Sack of Rome, §21.5)
    elif c.type == "mandatory" and c.remove is not False:
        state["removed"] = sorted(set(state["removed"]) | {number})
    else:
        S.discard(state, number, as_event=True)
    choices.settle(state, dice)
    victory.check_automatic(state)
    data["card"] = number
    data["cp"] = cp
    if not cp and not choices.current(state):
        _next(state)


def default(state, decision):
    if choices.is_choice(decision):
        return choices.default(state, decision)
    return OWN[decision.kind].default(state, questions.item_of(decision))


def _impulse_default(state, item):
    """PASS where legal; otherwise the lowest-CP card for CP, else the first as an event
    (§22.1 spirit)."""
    power = item["seat"]
    if pass_problem(state, power) is None:
        return {"verb": "PASS"}
    hand = sorted(state["hands"][power])
    for_cp = [n for n in hand if facts.card(n).type != "mandatory"]
    if for_cp:
        best = min(for_cp, key=lambda n: (facts.card(n).cp, n))
        return {"verb": "PLAY", "card": best, "mode": "cp"}
    return {"verb": "PLAY", "card": hand[0], "mode": "event"}


#: The active power's impulse (§11).
IMPULSE = questions.Kind(
    options=lambda state, item: impulse_options(state, item["seat"]),
    apply=_impulse_apply, default=_impulse_default, parse=_impulse_parse,
    prompt=lambda state, item: (f"your impulse (turn {state['turn']}): play a card for CP or "
                                "as an event, or pass"),
    clock="impulse",
    context=lambda state, item: {"impulse": state["phase_data"]["impulse"]})

#: Spending the CP of a card played for CP (§11.1), until DONE or none are left.
CP = questions.Kind(
    options=lambda state, item: cp_actions.options(state, item["seat"],
                                                   state["phase_data"]["cp"], later=True),
    apply=_cp_apply, default=lambda state, item: {"verb": "DONE"},
    parse=lambda state, item, text: cp_actions.parse(state, item["seat"], text),
    prompt=lambda state, item: f"{state['phase_data']['cp']} CP left: spend them on actions, "
                               "or DONE",
    clock="impulse",
    context=lambda state, item: {"cp": state["phase_data"]["cp"],
                                 "card": state["phase_data"]["card"]},
    deferred=True)

def _cancelled(state, power: str, number: int, dice) -> None:
    """The Wartburg cancelled the event: the playing power's impulse is over (#37)."""
    data = state["phase_data"]
    data["card"], data["cp"] = number, 0
    if not choices.current(state):
        _next(state)


wartburg.RESUME.update(event=_resolve_event, cancelled=_cancelled)

#: The phase's own questions (the queued ones, `KINDS`, go through `choices`).
OWN = {"impulse": IMPULSE, "cp": CP}


# ---------------------------------------------------------------- Here I Stand's retrieval
# The retrieved card (#7, `home_cards`) may be played at once as the impulse's card (§6.2, §11).
def _retrieved_options(state, item):
    number, power = item["card"], item["seat"]
    out = []
    if facts.card(number).type != "mandatory":
        out.append(Option.of("PLAY", f"PLAY {number} FOR CP", card=OneOf((number,)),
                             mode=OneOf(("cp",))))
    once = {n for cards in home_cards.played_as_event(state).values() for n in cards}
    if number not in once and events.playable_as_event(state, power, number) is None:
        out.append(Option.of("PLAY", f"PLAY {number} AS EVENT", card=OneOf((number,)),
                             mode=OneOf(("event",))))
    out.append(Option.of("KEEP", "KEEP"))
    return out


def _retrieved_apply(state, item, order, dice) -> bool:
    if order["verb"] == "KEEP":
        S.log(state, "here_i_stand_keeps", card=7, power=item["seat"])
        return True
    _play(state, item["seat"], order, dice)
    return True


def _retrieved_parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("KEEP", "ОСТАВИТЬ", "HOLD"):
        grammar.no_args("KEEP", text)
        return {"verb": "KEEP"}
    grammar.expect(["PLAY", "KEEP"], verb, text, "PLAY <card> FOR CP / AS EVENT, or KEEP")
    return parse_play(state, item["seat"], text)


KINDS["retrieved"] = choices.Kind(
    options=_retrieved_options, apply=_retrieved_apply,
    default=lambda state, item: {"verb": "KEEP"}, parse=_retrieved_parse,
    prompt=lambda state, item: (f"Here I Stand: play {facts.card(item['card']).title} now "
                                "(PLAY <card> FOR CP / AS EVENT) or KEEP it"))
