"""The religious card events that make conversion attempts (§18.3, §18.4 lists): who may play
them, the debater each commits, and the attempts they queue (`attempts`).

* #44 *Affair of the Placards* — Cop uncommitted: Cop committed, 3 French-zone attempts.
* #46 *Calvin's Institutes* — Calvin uncommitted: Calvin committed, 5 French-zone attempts with
  +1 on each Protestant die in the zone.
* #61 *Mary Defies Council* — 3 counter-reformation attempts in the English zone.
* #63 *Dissolution of the Monasteries* — England draws 2 cards; 3 English-zone attempts.
* #65 *A Mighty Fortress* — Luther uncommitted: Luther committed, 6 German-zone attempts.
* #75 *Erasmus* — turns 1-2: 4 reformation attempts; from turn 3: 4 counter-reformation
  attempts (any zones).
* #85 *Katharina von Bora* — Luther uncommitted: Luther committed, 5 attempts in any zones; the
  Protestants may still commit another debater for his dice (E14, question ``debater-bonus``).
* #51 *Michael Servetus* (in the Action phase) — the player gains 1 VP; the Protestants discard a
  random card (no national card, §9.1).  Its use in the Victory Determination phase to stop a
  domination victory (§23.2) is not here.
* #90 *Printing Press* — +1 die on every reformation attempt for the rest of the turn
  (`religion.protestant_bonus`), and 3 attempts in any zones at once.

The reformation attempts of an event are the Protestants' whoever plays the card; a debater
the event commits is no use of his bonus (§18.2 limits, E14).

Rules: §18.3, §18.4, §18.2, §23.2
"""
from __future__ import annotations

from typing import Callable

from engine.contract import Reason
from engine.dice import Dice
from games.here_i_stand import choices, diplomacy_terms, events, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import attempts, debaters

PLACARDS, INSTITUTES, MARY_COUNCIL, MONASTERIES = 44, 46, 61, 63
FORTRESS, ERASMUS, KATHARINA, PRINTING_PRESS, SERVETUS = 65, 75, 85, 90, 51
#: Erasmus helps the Protestants until turn 2, the Papacy from turn 3 (card text).
ERASMUS_LAST_PROTESTANT_TURN = 2
P, C = religion.PROTESTANT, religion.CATHOLIC


def _needs(did: str, card: int) -> Callable[[S.State, str], Reason | None]:
    def condition(state: S.State, power: str) -> Reason | None:
        rec = debaters.record(state, did)
        if rec is None or rec["committed"]:
            return Reason(f"this event needs {did} in play and uncommitted (§18.3)",
                          "event_needs_debater", card=card, debater=did)
        return None
    return condition


def _why(card: int) -> dict:
    return S.msg("why_card", card=card)


def _reform(card: int, n: int, zones, *, debater: str | None = None,
            plus_one: bool = False, helper_question: bool = False):
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        if debater is not None:
            debaters.commit(state, debater)
            S.log(state, "event_commits", card=card, debater=debater)
        if helper_question and debaters.dice_debaters(state, "protestant"):
            choices.push(state, {"kind": attempts.BONUS, "seat": "protestant",
                                 "for": "protestant", "zones": list(zones), "n": n,
                                 "why": _why(card), "debater": None})
        else:
            attempts.queue_attempts(state, "protestant", P, n, zones, _why(card),
                                    plus_one=plus_one)
        return 0
    return resolve


def mary_defies_council(state: S.State, power: str, dice: Dice) -> int:
    attempts.queue_attempts(state, "papacy", C, 3, ("english",), _why(MARY_COUNCIL))
    return 0


def dissolution(state: S.State, power: str, dice: Dice) -> int:
    for _ in range(2):
        events.draw(state, "england", dice)
    attempts.queue_attempts(state, "protestant", P, 3, ("english",), _why(MONASTERIES))
    return 0


def erasmus(state: S.State, power: str, dice: Dice) -> int:
    if state["turn"] <= ERASMUS_LAST_PROTESTANT_TURN:
        attempts.queue_attempts(state, "protestant", P, 4, religion.ZONES, _why(ERASMUS))
    else:
        attempts.queue_attempts(state, "papacy", C, 4, religion.ZONES, _why(ERASMUS))
    return 0


def servetus(state: S.State, power: str, dice: Dice) -> int:
    state["bonus_vp"][power]["servetus"] = 1
    gone = diplomacy_terms.draw_random(state, "protestant", None, 1, dice, _why(SERVETUS))
    state["discard"].extend(gone)
    S.log(state, "servetus", card=SERVETUS, power=power, cards=gone)
    return 0


def printing_press(state: S.State, power: str, dice: Dice) -> int:
    state["printing_press"] = state["turn"]
    attempts.queue_attempts(state, "protestant", P, 3, religion.ZONES, _why(PRINTING_PRESS))
    return 0


EVENTS: dict[int, events.Resolver] = {
    PLACARDS: _reform(PLACARDS, 3, ("french",), debater="cop"),
    INSTITUTES: _reform(INSTITUTES, 5, ("french",), debater="calvin", plus_one=True),
    MARY_COUNCIL: mary_defies_council,
    MONASTERIES: dissolution,
    FORTRESS: _reform(FORTRESS, 6, ("german",), debater="luther"),
    ERASMUS: erasmus,
    KATHARINA: _reform(KATHARINA, 5, religion.ZONES, debater="luther", helper_question=True),
    PRINTING_PRESS: printing_press,
    SERVETUS: servetus,
}
CONDITIONS = {PLACARDS: _needs("cop", PLACARDS), INSTITUTES: _needs("calvin", INSTITUTES),
              FORTRESS: _needs("luther", FORTRESS), KATHARINA: _needs("luther", KATHARINA)}
