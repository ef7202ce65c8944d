"""#62 *Book of Common Prayer* (§18.3 list, §12.4 unrest): Cranmer uncommitted is committed
and the Protestants make 4 reformation attempts, only in English home spaces (Calais too, though
French-speaking).  Once they are done a die is rolled: 1-2 nothing, 3-4 unrest on 1 Catholic
English home space, 5 on 2, 6 on all of them; occupied spaces may go into unrest (the
exception of L735) and the power that played the card picks them (question
``prayer_unrest``, default: the first by id).

Rules: §18.3 (L1248, L1265), §12.4 (L735)
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
from games.here_i_stand.reformation import attempts, card_events, debaters

COMMON_PRAYER = 62
ATTEMPTS = 4
#: The die roll after the attempts -> how many spaces go into unrest (None: all of them).
UNREST_BY_ROLL = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: None}


def catholic_homes(state: S.State) -> list[str]:
    """Catholic English home spaces not yet in unrest (occupied or not, L735)."""
    return [sid for sid in S.board().spaces_of(home="england")
            if S.religion(state, sid) == religion.CATHOLIC and not S.in_unrest(state, sid)]


def resolve(state: S.State, power: str, dice: Dice) -> int:
    debaters.commit(state, "cranmer")
    S.log(state, "event_commits", card=COMMON_PRAYER, debater="cranmer")
    attempts.queue_attempts(state, "protestant", religion.PROTESTANT, ATTEMPTS, religion.ZONES,
                            S.msg("why_card", card=COMMON_PRAYER),
                            restrict=S.board().spaces_of(home="england"))
    choices.push(state, {"kind": "prayer_unrest", "seat": power, "left": None})
    return 0


def _settle(state: S.State, item: dict[str, Any], dice: Dice) -> bool:
    """The die after the attempts; all spaces on a 6; otherwise the player picks."""
    if item["left"] is None:
        roll = dice.roll(1)[0]
        n = UNREST_BY_ROLL[roll]
        S.log(state, "prayer_roll", card=COMMON_PRAYER, roll=roll)
        if n is None:
            for sid in catholic_homes(state):
                _unrest(state, sid)
            return True
        item["left"] = n
    return item["left"] <= 0 or not catholic_homes(state)


def _unrest(state: S.State, sid: str) -> None:
    S.set_unrest(state, sid, True)
    S.log(state, "bull_unrest", card=COMMON_PRAYER, space=sid)


def _parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["UNREST"], "UNREST" if verb in ("UNREST", "БЕСПОРЯДКИ") else verb, text,
                   "UNREST <space>")
    sid = grammar.space(grammar.rest_of(text))
    if sid not in catholic_homes(state):
        raise IllegalOrder(R("Book of Common Prayer: unrest goes on a Catholic English home "
                             "space", "prayer_unrest_space", text=sid),
                           [f"UNREST {s}" for s in catholic_homes(state)])
    return {"verb": "UNREST", "space": sid}


def _apply(state, item, order, dice) -> bool:
    _unrest(state, order["space"])
    item["left"] -= 1
    return item["left"] <= 0 or not catholic_homes(state)


KINDS: dict[str, questions.Kind] = {
    "prayer_unrest": choices.Kind(
        options=lambda state, item: [Option.of("UNREST", f"UNREST {catholic_homes(state)[0]}",
                                               space=OneOf(tuple(catholic_homes(state))))],
        apply=_apply, parse=_parse, settle=_settle,
        default=lambda state, item: {"verb": "UNREST", "space": catholic_homes(state)[0]},
        context=lambda state, item: {"left": item["left"]},
        prompt=lambda state, item: (f"Book of Common Prayer: UNREST <space> "
                                    f"({item['left']} more)")),
}
EVENTS = {COMMON_PRAYER: resolve}
CONDITIONS = {COMMON_PRAYER: card_events.needs("cranmer", COMMON_PRAYER)}
