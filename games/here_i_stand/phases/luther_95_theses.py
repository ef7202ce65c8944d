"""Phase 1 of turn 1: Luther's 95 Theses (§8.1, §18.1 L1131-1137).

The Protestants play the mandatory event before any card is dealt (it is theirs at the start,
L1131): Luther's reformer goes to Wittenberg, which turns Protestant and receives its 2
Protestant regulars from the electorate display (`religion.convert`); then the Protestants
make **5 reformation attempts targeting the German zone, each with 1 extra die** (§18.3,
`religion.reformation_attempt`), choosing the targets one at a time after seeing each result
(decision ``reform``, the rulebook's example E15 at L1306-1326: ``REFORM <space>``).  A space
may be targeted once (the event is one impulse, §18.3 L1253); attempts stop early when no
target is left.  The card is then removed from the game; it gives no 2 CP (L1137).

Default (NMR): the target with the best chance of success (`religion.best_target`: exact odds,
then the German zone, an electorate, the id).

Rules: §8.1, §18.1 (Luther's 95 Theses)
"""
from __future__ import annotations

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import grammar, religion
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.phases import decision_id

NAME = "luther_95_theses"
CARD = 8
ATTEMPTS = 5
ZONES = ("german",)
BONUS_DICE = 1


def enter(state, dice) -> None:
    S.pull_card(state, CARD)
    if CARD not in state["removed"]:
        state["removed"] = sorted(state["removed"] + [CARD])
    if CARD not in state["mandatory_played"]:
        state["mandatory_played"] = sorted(state["mandatory_played"] + [CARD])
    # The deck is shuffled when the game is set up, card #8 set aside for the Protestants
    # (L1131); the Card Draw that follows shuffles it again (§6.2).
    dice.shuffle(state["deck"])
    S.log(state, "theses_nailed", reformer="luther", space="wittenberg")
    state["reformers"]["luther"] = "wittenberg"
    religion.convert(state, "wittenberg", religion.PROTESTANT)
    state["phase_data"] = {"left": ATTEMPTS, "attempted": [], "results": []}
    _settle(state)


def _targets(state) -> list[str]:
    return religion.targets(state, religion.PROTESTANT, attempted=state["phase_data"]["attempted"])


def _settle(state) -> None:
    data = state["phase_data"]
    if data["left"] > 0 and not _targets(state):
        S.log(state, "no_target_left", n=data["left"])
        data["left"] = 0


def _reform_apply(state, item, order, dice) -> bool:
    data = state["phase_data"]
    sid = order.get("space")
    if set(order) != {"verb", "space"} or not isinstance(sid, str):
        raise IllegalOrder(Reason("REFORM <space>", "syntax", text="REFORM <space>"))
    if sid in data["attempted"]:
        raise IllegalOrder(Reason(f"{S.board().spaces[sid].name_en} was already targeted by "
                                  "this event: a space is targeted once per impulse (§18.3)",
                                  "already_targeted", space=sid))
    why = religion.eligible(state, sid, religion.PROTESTANT)
    if why:
        raise IllegalOrder(why, _targets(state)[:8])
    result = religion.reformation_attempt(state, dice, sid, zones=ZONES, bonus_dice=BONUS_DICE)
    data["attempted"].append(sid)
    data["results"].append(result.to_data())
    data["left"] -= 1
    _settle(state)
    return True


def _reform_parse(state, item, text):
    verb = O.verb(text)
    grammar.expect(["REFORM"], verb, text, REFORM.prompt(state, item))
    return {"verb": "REFORM", "space": grammar.space(O.rest(text))}


def _reform_default(state, item):
    best = religion.best_target(state, religion.PROTESTANT, zones=ZONES, bonus_dice=BONUS_DICE,
                                attempted=state["phase_data"]["attempted"])
    return {"verb": "REFORM", "space": best}


def _attempt(state) -> int:
    return ATTEMPTS - state["phase_data"]["left"] + 1


#: One reformation attempt of the five (§18.1: German zone, one bonus die), the
#: Protestants' question while attempts are left.
REFORM = questions.Kind(
    options=lambda state, item: (Option.of("REFORM", "REFORM Magdeburg",
                                           space=OneOf(tuple(_targets(state)))),),
    apply=_reform_apply, default=_reform_default, parse=_reform_parse,
    prompt=lambda state, item: (f"Luther's 95 Theses: reformation attempt {_attempt(state)} of "
                                f"{ATTEMPTS} (German zone, +1 die): REFORM <space>"),
    clock="impulse",
    context=lambda state, item: {"attempt": _attempt(state), "total": ATTEMPTS,
                                 "left": state["phase_data"]["left"]})
_ITEM = {"kind": "reform", "seat": "protestant"}


def decisions(state):
    if state["phase_data"]["left"] <= 0:
        return []
    return [REFORM.decision(decision_id(state, "reform"), state, _ITEM)]


def parse(state, decision, text):
    return REFORM.parse(state, _ITEM, text)


def apply(state, seat, decision, order, dice) -> None:
    REFORM.apply(state, _ITEM, order, dice)


def default(state, decision):
    return REFORM.default(state, _ITEM)


def in_impulse_problem(state, power: str) -> Reason:
    """Why #8 is never played as an event in an impulse: it is the phase above (§18.1 L1131)."""
    return Reason("Luther's 95 Theses is played by the Protestants at the start of turn 1, "
                  "before the deal; it is never held in a hand (§18.1 L1131)",
                  "theses_turn_one", card=CARD)


#: #8 is resolved by this phase (`enter`), never as an impulse's event (`events`).
CONDITIONS = {CARD: in_impulse_problem}
