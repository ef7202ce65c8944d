"""Phase 4 of turn 1: the Diet of Worms (§18.1 L1139-1153).

1. **Sealed choice** (decision ``diet``, asked of the Hapsburgs, the Papacy and the
   Protestants at once): ``CHOOSE <card>`` — any card in hand but a mandatory event; home
   cards may be chosen (L1145).  The chosen card leaves the hand and stays secret — only its
   owner's view shows it (`private_view`; `secrets`) — until all three have chosen.
2. **Reveal** at once; the three cards are then spent as if played for CP (the discard pile;
   a home card waits for the next Card Draw, §6.1), which is how the rulebook's example E7
   (L682) has the Protestant "play one card at the Diet of Worms".
3. The Protestants roll the card's CP + 4 dice; the Papacy and the Hapsburgs roll their cards'
   CP, added together; 5 and 6 hit (L1147-1149).
4. More Protestant hits: the Protestants convert as many spaces as the difference, all in the
   German zone, each adjacent to a Protestant space — those just converted included (L1150).
   More Catholic hits: the Papacy converts that many German-zone spaces back, each adjacent to
   a Catholic space (L1151).  A tie: nothing (L1153).  Conversions are chosen one at a time
   (decision ``convert``: ``CONVERT <space>``); adjacency counts passes as in §18.3 step 1 and
   unrest does not matter (the Diet's text names neither); a first Protestant conversion of an
   electorate brings its units (§21.6).  Fewer legal spaces than hits: the rest are lost.

Defaults (NMR): the lowest-CP legal card (then the lowest number); with no legal card the power
takes part with 0 CP without being asked.  Conversions: an electorate first, then the space
with most neighbours of the converter's faith, then by id.

Rules: §18.1 (the Diet of Worms)
"""
from __future__ import annotations

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import facts, grammar, religion
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.phases import decision_id

NAME = "diet_of_worms"
POWERS = ("hapsburg", "papacy", "protestant")
PROTESTANT_EXTRA_DICE = 4
ZONE = "german"


def legal_cards(state, power: str) -> list[int]:
    return sorted(n for n in state["hands"][power] if facts.card(n).type != "mandatory")


def enter(state, dice) -> None:
    state["phase_data"] = {"stage": "choose", "sealed": {}, "side": None, "left": 0,
                           "result": None}
    for p in POWERS:
        if not legal_cards(state, p):
            state["phase_data"]["sealed"][p] = None
            S.log(state, "dow_no_card", power=p)
    S.log(state, "dow_choose")
    _settle(state, dice)


def _settle(state, dice) -> None:
    data = state["phase_data"]
    if data["stage"] == "choose" and all(p in data["sealed"] for p in POWERS):
        _resolve(state, dice)
    if data["stage"] == "convert" and (data["left"] <= 0 or not targets(state, data["side"])):
        if data["left"] > 0:
            S.log(state, "dow_no_space", n=data["left"])
        data["stage"] = "over"
        data["left"] = 0


def _resolve(state, dice) -> None:
    data = state["phase_data"]
    cps: dict[str, int] = {}
    shown = {}
    for p in POWERS:
        card = data["sealed"][p]
        cps[p] = facts.card(card).cp if card is not None else 0
        if card is not None:
            S.discard(state, card, as_event=False)
            shown[p] = card
    if shown:
        S.log(state, "dow_cards", cards_by=shown)
    else:
        S.log(state, "dow_cards_none")
    prot = dice.roll(cps["protestant"] + PROTESTANT_EXTRA_DICE)
    papal = dice.roll(cps["papacy"])
    haps = dice.roll(cps["hapsburg"])
    hits = lambda rolls: sum(1 for r in rolls if r >= 5)  # noqa: E731
    p_hits, c_hits = hits(prot), hits(papal) + hits(haps)
    data["result"] = {"cards": {p: data["sealed"][p] for p in POWERS},
                      "rolls": {"protestant": prot, "papacy": papal, "hapsburg": haps},
                      "protestant_hits": p_hits, "catholic_hits": c_hits}
    S.log(state, "dow_rolls", dice=len(prot), rolls=prot, hits=p_hits, rolls2=papal,
          rolls3=haps, hits2=c_hits)
    if p_hits > c_hits:
        data.update(stage="convert", side=religion.PROTESTANT, left=p_hits - c_hits)
        S.log(state, "dow_protestants_win", n=p_hits - c_hits)
    elif c_hits > p_hits:
        data.update(stage="convert", side=religion.CATHOLIC, left=c_hits - p_hits)
        S.log(state, "dow_catholics_win", n=c_hits - p_hits)
    else:
        data["stage"] = "over"
        S.log(state, "dow_draw")


def targets(state, side: str) -> list[str]:
    """German-zone spaces of the other faith next to a space of `side`'s faith (L1150-1151)."""
    m = S.board()
    out = []
    for sid in m.spaces_of(language=ZONE):
        if not S.in_play(state, sid) or religion.faith(state, sid) != religion.other(side):
            continue
        if any(religion.faith(state, n) == side for n in m.neighbours(sid)):
            out.append(sid)
    return out


def _seat(side: str) -> str:
    return "protestant" if side == religion.PROTESTANT else "papacy"


def _choose_apply(state, item, order, dice) -> bool:
    """Seal `item`'s power's card (§18.1 L1145): it leaves the hand and stays secret."""
    seat, data = item["seat"], state["phase_data"]
    card = order.get("card")
    if set(order) != {"verb", "card"} or card not in state["hands"][seat]:
        raise IllegalOrder("that card is not in your hand",
                           [grammar.card_label(n) for n in legal_cards(state, seat)],
                           code="card_not_in_hand",
                           params={"hints_cards": legal_cards(state, seat)})
    if facts.card(card).type == "mandatory":
        raise IllegalOrder(Reason(f"{facts.card(card).name_en} is a mandatory event: it cannot "
                                  "be chosen for the Diet (§18.1)", "diet_mandatory", card=card))
    state["hands"][seat].remove(card)
    data["sealed"][seat] = card
    S.log(state, "dow_chosen", power=seat)
    _settle(state, dice)
    return True


def _choose_parse(state, item, text):
    verb = O.verb(text)
    grammar.expect(["CHOOSE"], verb, text, CHOOSE.prompt(state, item))
    return {"verb": "CHOOSE", "card": grammar.card_number(O.rest(text),
                                                          state["hands"][item["seat"]])}


def _choose_default(state, item):
    """The lowest-CP legal card, then the lowest number (§22.1 spirit)."""
    best = min(legal_cards(state, item["seat"]), key=lambda n: (facts.card(n).cp, n))
    return {"verb": "CHOOSE", "card": best}


#: The sealed simultaneous choice of the three powers (§18.1 L1145).
CHOOSE = questions.Kind(
    options=lambda state, item: (Option.of("CHOOSE", "CHOOSE <card>",
                                           card=OneOf(tuple(legal_cards(state, item["seat"])))),),
    apply=_choose_apply, default=_choose_default, parse=_choose_parse,
    prompt=lambda state, item: ("Diet of Worms: CHOOSE a card in secret (no mandatory event; "
                                "higher CP, more dice)"),
    clock="impulse")


def _convert_apply(state, item, order, dice) -> bool:
    """Convert one space for the side that won the Diet (§18.1 L1150-1151)."""
    data = state["phase_data"]
    sid = order.get("space")
    if set(order) != {"verb", "space"} or sid not in targets(state, data["side"]):
        raise IllegalOrder(Reason(f"that space cannot be converted: it must be in the German "
                                  f"zone, of the other faith, next to a {data['side']} space",
                                  "diet_cannot_convert", side=data["side"],
                                  hints_spaces=targets(state, data["side"])[:8]),
                           targets(state, data["side"])[:8])
    religion.convert(state, sid, data["side"])
    data["left"] -= 1
    S.log(state, "dow_converted", space=sid, faith=data["side"])
    _settle(state, dice)
    return True


def _convert_parse(state, item, text):
    verb = O.verb(text)
    grammar.expect(["CONVERT"], verb, text, CONVERT.prompt(state, item))
    return {"verb": "CONVERT", "space": grammar.space(O.rest(text))}


def _convert_default(state, item):
    """An electorate first, then the space with most neighbours of the converter's faith,
    then by id."""
    side = state["phase_data"]["side"]
    m = S.board()

    def key(sid):
        friends = sum(1 for n in m.neighbours(sid) if religion.faith(state, n) == side)
        return (m.spaces[sid].type != "electorate", -friends, sid)
    return {"verb": "CONVERT", "space": min(targets(state, side), key=key)}


def _convert_prompt(state, item) -> str:
    data = state["phase_data"]
    return (f"Diet of Worms: convert {data['left']} more German-zone "
            f"space(s) to the {data['side']} faith: CONVERT <space>")


#: The winner's conversions, one at a time (§18.1 L1150-1151).
CONVERT = questions.Kind(
    options=lambda state, item: (Option.of(
        "CONVERT", "CONVERT <space>",
        space=OneOf(tuple(targets(state, state["phase_data"]["side"])))),),
    apply=_convert_apply, default=_convert_default, parse=_convert_parse,
    prompt=_convert_prompt, clock="impulse",
    context=lambda state, item: {"left": state["phase_data"]["left"],
                                 "side": state["phase_data"]["side"]})

KINDS = {"diet": CHOOSE, "convert": CONVERT}


def _items(state) -> list[dict]:
    """Who is asked what now: the powers still to choose, or the converting side."""
    data = state["phase_data"]
    if data["stage"] == "choose":
        return [{"kind": "diet", "seat": p} for p in POWERS if p not in data["sealed"]]
    if data["stage"] == "convert":
        return [{"kind": "convert", "seat": _seat(data["side"])}]
    return []


def decisions(state):
    out = []
    for item in _items(state):
        did = (decision_id(state, "diet", item["seat"], simultaneous=True)
               if item["kind"] == "diet" else decision_id(state, "convert"))
        out.append(KINDS[item["kind"]].decision(did, state, item))
    return out


def parse(state, decision, text):
    return KINDS[decision.kind].parse(state, questions.item_of(decision), text)


def apply(state, seat, decision, order, dice) -> None:
    KINDS[decision.kind].apply(state, questions.item_of(decision), order, dice)


def default(state, decision):
    return KINDS[decision.kind].default(state, questions.item_of(decision))


# ---------------------------------------------------------------- views and secrets
def public_view(state) -> dict:
    data = state["phase_data"]
    out = {"stage": data["stage"], "chosen": [p for p in POWERS if p in data["sealed"]]}
    if data["result"] is not None:
        out["result"] = {"cards": dict(data["result"]["cards"]),
                         "rolls": {k: list(v) for k, v in data["result"]["rolls"].items()},
                         "protestant_hits": data["result"]["protestant_hits"],
                         "catholic_hits": data["result"]["catholic_hits"]}
    if data["stage"] == "convert":
        out["side"], out["left"] = data["side"], data["left"]
    return out


def private_view(state, seat: str) -> dict:
    data = state["phase_data"]
    card = data["sealed"].get(seat)
    if data["stage"] != "choose" or card is None:
        return {}
    c = facts.card(card)
    return {"diet_card": {"number": card, "name": c.name_en, "name_ru": c.name_ru, "cp": c.cp}}


def secrets(state) -> dict[str, set[str]]:
    """Sealed Diet cards before the reveal: only the chooser may see them."""
    data = state["phase_data"]
    if state["phase"] != NAME or data.get("stage") != "choose":
        return {}
    out: dict[str, set[str]] = {}
    for p, card in data["sealed"].items():
        if card is not None:
            out[p] = {facts.card(card).name_en, facts.card(card).name_ru}
    return out
