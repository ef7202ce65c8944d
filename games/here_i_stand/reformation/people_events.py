"""Two events of the religious wars' people (card texts):

* #59 *Lady Jane Grey* — only in a turn when England changed rulers (`henry_viii`'s
  ``english_succession``) and while England holds a card other than its home card: the player
  takes a random English card and the top card of the deck, keeps one and gives the other to
  the Papacy or the Protestants (question ``jane_grey``, ``GIVE <card> TO <power>``; asked of
  the player alone, who alone sees the two cards).
* #60 *Maurice of Saxony* (Hapsburgs or Protestants) — Maurice changes sides
  (``state["leader_owner"]``).  On the map, the mercenaries of his old side in his space turn
  into mercenaries of the new one and move with him to the nearest unoccupied space (no unit)
  friendly to the new side (those the new side's counters cannot show are lost there, §5.2
  L283); captured, he only changes sides.  Not in play (before turn 6, §8.2),
  the event cannot be played.

Defaults (NMR): keep the card with more CP and give the other to the player's own side (the
Papacy unless the player is the Protestants).

Rules: §8.2 (Maurice enters on turn 6), §5.2 (the counter mix), card texts
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import (choices, counter_mix, diplomacy_terms, events, facts, grammar,
                                losses)
from games.here_i_stand import state as S
from games.here_i_stand.reformation import attempts, debaters

JANE_GREY, MAURICE_CARD = 59, 60
MAURICE = "maurice_of_saxony"
RECEIVERS = ("papacy", "protestant")
SIDES = ("hapsburg", "protestant")


# ---------------------------------------------------------------- #59
def _jane_condition(state: S.State, power: str) -> Reason | None:
    if state["turn"] not in state.get("english_succession", {}).values():
        return Reason("Lady Jane Grey needs a change of English ruler this turn",
                      "jane_grey_no_change", card=JANE_GREY)
    if not [n for n in diplomacy_terms.drawable(state, "england") if n != JANE_GREY]:
        return Reason("Lady Jane Grey needs a card in the English hand", "jane_grey_no_card",
                      card=JANE_GREY)
    return None


def jane_grey(state: S.State, power: str, dice: Dice) -> int:
    why = S.msg("why_card", card=JANE_GREY)
    taken = diplomacy_terms.draw_random(state, "england", power, 1, dice, why)
    top = events.draw(state, power, dice)
    cards = taken + ([top] if top is not None else [])
    choices.push(state, {"kind": "jane_grey", "seat": power, "cards": cards})
    return 0


def _jane_options(state, item) -> list[Option]:
    cards = tuple(c for c in item["cards"] if c in state["hands"][item["seat"]])
    return [Option.of("GIVE_CARD", f"GIVE {cards[0]} TO papacy", card=OneOf(cards),
                      power=OneOf(RECEIVERS))] if len(cards) > 1 else []


def _jane_apply(state, item, order, dice) -> bool:
    giver, card, receiver = item["seat"], order["card"], order["power"]
    if receiver != giver:
        state["hands"][giver].remove(card)
        state["hands"][receiver] = sorted(state["hands"][receiver] + [card])
        diplomacy_terms.note(state, receiver, "cards_received",
                             why=S.msg("why_card", card=JANE_GREY), cards=[card])
    S.log(state, "jane_grey_gives", card=JANE_GREY, power=giver, receiver=receiver)
    return True


def _jane_default(state, item) -> dict[str, Any]:
    cards = [c for c in item["cards"] if c in state["hands"][item["seat"]]]
    low = min(cards, key=lambda n: (facts.card(n).cp, n))
    return {"verb": "GIVE_CARD", "card": low,
            "power": "protestant" if item["seat"] == "protestant" else "papacy"}


def _jane_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["GIVE"], "GIVE" if verb in ("GIVE", "ОТДАТЬ") else verb, text,
                   "GIVE <card> TO <Papacy|Protestants>")
    parts = grammar.rest_of(text).replace(" TO ", " to ").replace(" КОМУ ", " to ").split(" to ")
    if len(parts) != 2:
        raise IllegalOrder(Reason("Lady Jane Grey: GIVE <card> TO <Papacy|Protestants>",
                                  "syntax", text="GIVE <card> TO <power>"),
                           [f"GIVE {c} TO papacy" for c in item["cards"]])
    word = parts[1].strip().lower()
    power = {"papacy": "papacy", "папство": "papacy", "protestants": "protestant",
             "protestant": "protestant", "протестанты": "protestant"}.get(word, word)
    return {"verb": "GIVE_CARD", "card": grammar.card_number(parts[0], item["cards"]),
            "power": power}


# ---------------------------------------------------------------- #60
def _maurice_condition(state: S.State, power: str) -> Reason | None:
    if S.where_is(state, MAURICE) is None and not diplomacy_terms.captor_of(state, MAURICE):
        return Reason("Maurice of Saxony is not in play", "maurice_not_in_play",
                      card=MAURICE_CARD)
    return None


def _nearest_free(state: S.State, src: str, power: str) -> str | None:
    """The nearest space (not `src`; ties by id) without any unit and friendly to `power`."""
    near = debaters.land_distances(src)
    free = [n for n in near if n != src and S.in_play(state, n) and S.friendly(state, power, n)
            and not any(any(c.values()) for c in S.units(state, n).values())]
    return min(free, key=lambda n: (near[n], n), default=None)


def maurice(state: S.State, power: str, dice: Dice) -> int:
    old = S.leader_power(state, MAURICE) or "protestant"
    new = SIDES[1 - SIDES.index(old)] if old in SIDES else "hapsburg"
    state.setdefault("leader_owner", {})[MAURICE] = new
    where = S.where_is(state, MAURICE)
    moved, dst = 0, None
    if where is not None:
        moved = S.count(state, where, old, ("mercenaries",))
        dst = _nearest_free(state, where, new)
        S.add_units(state, where, old, "mercenaries", -moved)
        if dst is None:                         # nowhere to go: he stays, mercenaries too
            dst = where
        S.move_leader(state, MAURICE, where, dst)
        S.add_units(state, dst, new, "mercenaries", moved)
        counter_mix.trim(state, new, dst)       # §5.2 L283: what the counters cannot show
        losses.after_losses(state, where, [old])  # §15.3: a siege his mercenaries kept
    S.log(state, "maurice_switches", card=MAURICE_CARD, leader=MAURICE, power=new, n=moved,
          space=dst)
    return 0


KINDS: dict[str, questions.Kind] = {
    "jane_grey": choices.Kind(
        options=_jane_options, apply=_jane_apply, parse=_jane_parse, default=_jane_default,
        private=True, policies=("DEFAULT",), standing=attempts.by_default("jane_grey",
                                                                            _jane_default),
        context=lambda state, item: {"cards": list(item["cards"])},
        prompt=lambda state, item: (f"Lady Jane Grey: you took {item['cards']}: keep one and "
                                    "GIVE <card> TO <Papacy|Protestants>")),
}
TEXTS = {"GIVE_CARD": lambda o: f"GIVE {o['card']} TO {o['power']}"}
EVENTS = {JANE_GREY: jane_grey, MAURICE_CARD: maurice}
CONDITIONS = {JANE_GREY: _jane_condition, MAURICE_CARD: _maurice_condition}
