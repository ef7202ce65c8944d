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
* #41 *Marburg Colloquy* — one uncommitted debater of Luther/Melanchthon and one of
  Zwingli/Oekolampadius are committed (the Protestants' pick, question ``marburg``) and the
  Protestants make as many attempts in any zones as their values add up to.
* #45 *Calvin Expelled* — Calvin, reformer and debater, leaves the map for the rest of the
  turn, committed, and returns at the next Card Draw phase (`absence`, §8.2).
* #90 *Printing Press* — +1 die on every reformation attempt for the rest of the turn
  (`religion.protestant_bonus`), and 3 attempts in any zones at once.

The reformation attempts of an event are the Protestants' whoever plays the card; a debater
the event commits is no use of his bonus (§18.2 limits, E14).

Rules: §18.3, §18.4, §18.2, §23.2, §8.2
"""
from __future__ import annotations

from typing import Callable

from itertools import product
from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, diplomacy_terms, events, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import absence, attempts, debaters

PLACARDS, INSTITUTES, MARY_COUNCIL, MONASTERIES = 44, 46, 61, 63
FORTRESS, ERASMUS, KATHARINA, PRINTING_PRESS, SERVETUS = 65, 75, 85, 90, 51
MARBURG, CALVIN_EXPELLED = 41, 45
#: Marburg Colloquy's two pairs: one uncommitted debater from each is committed (card text).
MARBURG_PAIRS = (("luther", "melanchthon"), ("zwingli", "oekolampadius"))
#: Erasmus helps the Protestants until turn 2, the Papacy from turn 3 (card text).
ERASMUS_LAST_PROTESTANT_TURN = 2
P, C = religion.PROTESTANT, religion.CATHOLIC


def needs(did: str, card: int) -> Callable[[S.State, str], Reason | None]:
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


def marburg_picks(state: S.State) -> list[tuple[str, str]]:
    """The pairs #41 may commit: an uncommitted debater from each of its two pairs."""
    free = [[d for d in pair if (r := debaters.record(state, d)) and not r["committed"]]
            for pair in MARBURG_PAIRS]
    return list(product(*free))


def _marburg_condition(state: S.State, power: str) -> Reason | None:
    if not marburg_picks(state):
        return Reason("Marburg Colloquy needs Luther or Melanchthon and Zwingli or "
                      "Oekolampadius uncommitted", "marburg_needs_debaters", card=MARBURG)
    return None


def marburg(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "marburg", "seat": "protestant"})
    return 0


def _marburg_options(state, item) -> list[Option]:
    picks = marburg_picks(state)
    return [Option.of("COMMIT", "COMMIT " + " ".join(picks[0]), debaters=OneOf(tuple(picks)))]


def _marburg_default(state, item) -> dict[str, Any]:
    """The pair worth the most attempts."""
    best = max(marburg_picks(state), key=lambda p: (sum(map(debaters.value, p)), p))
    return {"verb": "COMMIT", "debaters": best}


def _marburg_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["COMMIT"], "COMMIT" if verb in ("COMMIT", "ЗАДЕЙСТВОВАТЬ") else verb,
                   text, "COMMIT <debater> <debater>")
    words = grammar.rest_of(text).replace(",", " ").split()
    if [w.upper() for w in words] in (["NONE"], ["НИКОГО"]):
        return {"verb": "COMMIT", "debaters": ()}     # read, then refused: one of each pair
    pick = tuple(sorted((debaters.named(w) for w in words),
                        key=lambda d: 0 if d in MARBURG_PAIRS[0] else 1))
    if pick not in marburg_picks(state):
        raise IllegalOrder(Reason("Marburg Colloquy: name one uncommitted debater of each pair",
                                  "marburg_pick"),
                           ["COMMIT " + " ".join(p) for p in marburg_picks(state)])
    return {"verb": "COMMIT", "debaters": pick}


def _marburg_apply(state, item, order, dice) -> bool:
    for did in order["debaters"]:
        debaters.commit(state, did)
        S.log(state, "event_commits", card=MARBURG, debater=did)
    n = sum(debaters.value(d) for d in order["debaters"])
    attempts.queue_attempts(state, "protestant", P, n, religion.ZONES, _why(MARBURG))
    return True


def _calvin_condition(state: S.State, power: str) -> Reason | None:
    if state["reformers"].get("calvin") is None:
        return Reason("Calvin Expelled needs Calvin on the map", "event_needs_reformer",
                      card=CALVIN_EXPELLED, reformer="calvin")
    return None


def calvin_expelled(state: S.State, power: str, dice: Dice) -> int:
    absence.send_away(state, "calvin", "calvin")
    return 0


KINDS: dict[str, questions.Kind] = {
    "marburg": choices.Kind(
        options=_marburg_options, apply=_marburg_apply, default=_marburg_default,
        parse=_marburg_parse,
        prompt=lambda state, item: ("Marburg Colloquy: COMMIT <Luther|Melanchthon> "
                                    "<Zwingli|Oekolampadius>")),
}


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
    MARBURG: marburg,
    CALVIN_EXPELLED: calvin_expelled,
}
CONDITIONS = {PLACARDS: needs("cop", PLACARDS), INSTITUTES: needs("calvin", INSTITUTES),
              FORTRESS: needs("luther", FORTRESS), KATHARINA: needs("luther", KATHARINA),
              MARBURG: _marburg_condition, CALVIN_EXPELLED: _calvin_condition}
