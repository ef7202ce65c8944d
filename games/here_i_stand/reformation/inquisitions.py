"""#56 *Papal Inquisition* and #58 *Spanish Inquisition* (card texts; the debate dice §18.5
L1390).

* #56 — needs Caraffa in play and uncommitted; he is committed.  The Papacy turns up to 2
  Protestant spaces of the Italian zone Catholic (no dice, `conversions`),
  looks at the hand of England or of the Protestants (``INSPECT <power>``, question
  ``inquisition``; the cards are shown to the Papacy alone), then takes one of: ``DRAW`` a
  random card of that hand, ``TAKE <card>`` from the discard pile (no mandatory event, nor a
  card the Papacy played as an event this turn, §6.2 L387-390), or ``DEBATE <zone>
  [UNCOMMITTED|COMMITTED]`` with 2 extra dice for its debater (question
  ``inquisition_choice``).  A card gained is held for a later impulse.
* #58 — the Hapsburgs turn up to 2 Protestant spaces of the Spanish zone Catholic, look at the
  English and Protestant hands and discard one card of either (``DISCARD <card>``, question
  ``spanish_discard``; never a home card), draw a card from the deck, and the Papacy calls a
  debate in any zone where one may be called (question ``inquisition_debate``).

Defaults (NMR): conversions by id; inspect the larger hand (the Protestants on a tie); DRAW
when that hand holds a card that may be drawn, else TAKE the discard with the most CP, else
the first debate open; discard the card with the most CP; the first debate open.  Every
question may be answered in advance by ``STANDING <kind> DEFAULT``.

Rules: §18.5 (L1390), §6.2 (L387-390)
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, diplomacy_terms, events, facts, grammar, home_cards
from games.here_i_stand import state as S
from games.here_i_stand.reformation import actions, attempts, card_events, conversions, debate
from games.here_i_stand.reformation import debaters

PAPAL, SPANISH = 56, 58
#: Spaces each Inquisition turns Catholic (card texts; where: `conversions`).
CONVERSIONS = 2
WATCHED = ("england", "protestant")


def _why(card: int) -> dict:
    return S.msg("why_card", card=card)


def papal_inquisition(state: S.State, power: str, dice: Dice) -> int:
    debaters.commit(state, "caraffa")
    S.log(state, "event_commits", card=PAPAL, debater="caraffa")
    conversions.queue(state, "papacy", PAPAL, CONVERSIONS)
    choices.push(state, {"kind": "inquisition", "seat": "papacy"})
    return 0


def spanish_inquisition(state: S.State, power: str, dice: Dice) -> int:
    conversions.queue(state, "hapsburg", SPANISH, CONVERSIONS)
    choices.push(state, {"kind": "spanish_discard", "seat": "hapsburg"})
    choices.push(state, {"kind": "inquisition_debate", "seat": "papacy"})
    return 0


def show_hands(state: S.State, seat: str, card: int, powers) -> None:
    """`seat` alone sees the hands of `powers` (a private note)."""
    for p in powers:
        diplomacy_terms.note(state, seat, "inquisition_hand", card=card, power=p,
                             cards=sorted(state["hands"][p]))
    S.log(state, "inquisition_looks", card=card, power=seat, powers=list(powers))


# ---------------------------------------------------------------- #56: whose hand, then what
def _inspect_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["INSPECT"], "INSPECT" if verb in ("INSPECT", "ОСМОТРЕТЬ") else verb, text,
                   "INSPECT ENGLAND | INSPECT PROTESTANT")
    word = grammar.rest_of(text).strip().lower()
    power = {"англия": "england", "протестанты": "protestant",
             "protestants": "protestant"}.get(word, word)
    if power not in WATCHED:
        raise IllegalOrder(Reason("Papal Inquisition looks at England's or the Protestants' "
                                  "hand", "inquisition_whom", text=word),
                           ["INSPECT ENGLAND", "INSPECT PROTESTANT"])
    return {"verb": "INSPECT", "power": power}


def _inspect_apply(state, item, order, dice) -> bool:
    show_hands(state, "papacy", PAPAL, (order["power"],))
    choices.push(state, {"kind": "inquisition_choice", "seat": "papacy",
                         "power": order["power"]}, first=True)
    return True


def _inspect_default(state, item):
    size = {p: len(state["hands"][p]) for p in WATCHED}
    return {"verb": "INSPECT",
            "power": "england" if size["england"] > size["protestant"] else "protestant"}


def _choice_options(state, item) -> list[Option]:
    out = []
    if diplomacy_terms.drawable(state, item["power"]):
        out.append(Option.of("DRAW", "DRAW"))
    cards = home_cards.retrievable(state, "papacy")
    if cards:
        out.append(Option.of("TAKE", f"TAKE {cards[0]}", card=OneOf(cards)))
    return out + debate.options(state, "papacy", debate.COST)


def _choice_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DRAW":
        got = diplomacy_terms.draw_random(state, item["power"], "papacy", 1, dice, _why(PAPAL))
        S.log(state, "inquisition_draws", card=PAPAL, power=item["power"], n=len(got))
    elif order["verb"] == "TAKE":
        state["discard"].remove(order["card"])
        state["hands"]["papacy"] = sorted(state["hands"]["papacy"] + [order["card"]])
        S.log(state, "inquisition_takes", card=PAPAL, card2=order["card"])
    else:
        debate.call(state, "papacy", order["zone"], dice, pool=order["pool"],
                    source=debate.INQUISITION_SOURCE)
    return True


def _choice_default(state, item):
    opts = _choice_options(state, item)
    verbs = [o.verb for o in opts]
    if "DRAW" in verbs:
        return {"verb": "DRAW"}
    if "TAKE" in verbs:
        cards = home_cards.retrievable(state, "papacy")
        return {"verb": "TAKE", "card": max(cards, key=lambda n: (facts.card(n).cp, -n))}
    return _first_debate(state)


def _first_debate(state) -> dict[str, Any]:
    fields = dict(debate.options(state, "papacy", debate.COST)[0].fields)
    pools = fields["pool"].values
    return {"verb": "DEBATE", "zone": fields["zone"].values[0],
            "pool": "uncommitted" if "uncommitted" in pools else pools[0]}


def _choice_parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("DRAW", "ВЗЯТЬ_КАРТУ", "ТЯНУТЬ"):
        grammar.no_args("DRAW", text)
        return {"verb": "DRAW"}
    if verb in ("TAKE", "ВЗЯТЬ", "RETRIEVE"):
        return {"verb": "TAKE", "card": grammar.card_number(grammar.rest_of(text),
                                                            state["discard"])}
    grammar.expect(["DRAW", "TAKE", "DEBATE"], verb, text,
                   "DRAW | TAKE <card> | DEBATE <zone> [UNCOMMITTED|COMMITTED]")
    return actions.parse(state, "papacy", text)


# ---------------------------------------------------------------- #58: discard, draw, debate
def _discardable(state) -> tuple[int, ...]:
    return tuple(sorted(n for p in WATCHED for n in diplomacy_terms.drawable(state, p)))


def _owner(state, card: int) -> str:
    return next(p for p in WATCHED if card in state["hands"][p])


def _discard_settle(state, item, dice) -> bool:
    """Look at both hands first (once); nothing to discard: go on to the draw."""
    if not item.get("seen"):
        item["seen"] = True
        show_hands(state, "hapsburg", SPANISH, WATCHED)
    return not _discardable(state)


def _discard_apply(state, item, order, dice) -> bool:
    owner = _owner(state, order["card"])
    state["hands"][owner].remove(order["card"])
    state["discard"].append(order["card"])
    S.log(state, "inquisition_discards", card=SPANISH, power=owner, card2=order["card"])
    return True


def _discard_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["DISCARD"], "DISCARD" if verb in ("DISCARD", "СБРОСИТЬ") else verb, text,
                   "DISCARD <card>")
    return {"verb": "DISCARD_CARD", "card": grammar.card_number(grammar.rest_of(text),
                                                           _discardable(state))}


def _discard_done(state, item, dice) -> None:
    events.draw(state, "hapsburg", dice)


def _debate_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["DEBATE"], "DEBATE" if verb in ("DEBATE", "ДИСПУТ") else verb, text,
                   "DEBATE <zone> [UNCOMMITTED|COMMITTED]")
    return actions.parse(state, "papacy", text)


def _debate_apply(state, item, order, dice) -> bool:
    debate.call(state, "papacy", order["zone"], dice, pool=order["pool"], source="inquisition")
    return True


def _kind(default, **fields) -> questions.Kind:
    """A question of these events, answered in advance by ``STANDING <kind> DEFAULT``."""
    name = fields.pop("name")
    return choices.Kind(default=default, policies=("DEFAULT",),
                        standing=attempts.by_default(name, default), **fields)


KINDS: dict[str, questions.Kind] = {
    "inquisition": _kind(
        _inspect_default, name="inquisition", parse=_inspect_parse, apply=_inspect_apply,
        options=lambda state, item: [Option.of("INSPECT", "INSPECT protestant",
                                               power=OneOf(WATCHED))],
        prompt=lambda state, item: "Papal Inquisition: INSPECT ENGLAND | INSPECT PROTESTANT"),
    "inquisition_choice": _kind(
        _choice_default, name="inquisition_choice", options=_choice_options, private=True,
        apply=_choice_apply, parse=_choice_parse,
        context=lambda state, item: {"power": item["power"]},
        prompt=lambda state, item: ("Papal Inquisition: DRAW (a random card of "
                                    f"{item['power']}), TAKE <card> from the discard pile, or "
                                    "DEBATE <zone> (+2 dice)")),
    "spanish_discard": _kind(
        lambda state, item: {"verb": "DISCARD_CARD", "card": max(
            _discardable(state), key=lambda n: (facts.card(n).cp, -n))},
        name="spanish_discard", apply=_discard_apply, parse=_discard_parse, private=True,
        settle=_discard_settle, done=_discard_done,
        options=lambda state, item: [Option.of("DISCARD_CARD", f"DISCARD {_discardable(state)[0]}",
                                               card=OneOf(_discardable(state)))]
        if _discardable(state) else [],
        prompt=lambda state, item: ("Spanish Inquisition: DISCARD <card> from the English or "
                                    "the Protestant hand")),
    "inquisition_debate": _kind(
        lambda state, item: _first_debate(state), name="inquisition_debate",
        options=lambda state, item: debate.options(state, "papacy", debate.COST),
        apply=_debate_apply, parse=_debate_parse,
        prompt=lambda state, item: ("Spanish Inquisition: DEBATE <zone> "
                                    "[UNCOMMITTED|COMMITTED]")),
}
TEXTS = {"INSPECT": lambda o: f"INSPECT {o['power']}",
         "DISCARD_CARD": lambda o: f"DISCARD {o['card']}"}
EVENTS = {PAPAL: papal_inquisition, SPANISH: spanish_inquisition}
CONDITIONS = {PAPAL: card_events.needs("caraffa", PAPAL)}
