"""The religious events that help the Papacy, whoever plays them (card texts):

* #52 *Michelangelo* — the Papacy rolls 2 dice: their total in CP goes to St Peter's (§18.1).
* #55 *Jesuit Education* — after *Society of Jesus* (#15): the Papacy founds 2 Jesuit
  universities in Catholic spaces without one (the question ``jesuits`` of #15).
* #67 *Anabaptists* — the Papacy turns 2 Protestant spaces Catholic, neither electorates nor
  occupied, without adjacency (`conversions`).
* #81 *Indulgence Vendor* — a random card of the Protestant hand (never *Here I Stand*, §9.1)
  is discarded and its CP go to St Peter's.

Rules: §18.1 (St Peter's, L1174), §9.1 (home cards are never drawn), card texts
"""
from __future__ import annotations

from engine.contract import Reason
from engine.dice import Dice
from games.here_i_stand import choices, diplomacy_terms, facts, mandatory_events, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import conversions

MICHELANGELO, JESUIT_EDUCATION, ANABAPTISTS, INDULGENCE_VENDOR = 52, 55, 67, 81
MICHELANGELO_DICE, UNIVERSITIES, ANABAPTIST_SPACES = 2, 2, 2


def michelangelo(state: S.State, power: str, dice: Dice) -> int:
    rolls = dice.roll(MICHELANGELO_DICE)
    vp = religion.add_st_peters(state, sum(rolls))
    S.log(state, "st_peters_event", card=MICHELANGELO, rolls=rolls, cp=sum(rolls), vp=vp)
    return 0


def _jesuit_condition(state: S.State, power: str) -> Reason | None:
    if mandatory_events.JESUITS not in state["mandatory_played"]:
        return Reason("Jesuit Education needs Society of Jesus played", "event_needs_jesuits",
                      card=JESUIT_EDUCATION)
    return None


def jesuit_education(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "jesuits", "seat": "papacy", "left": UNIVERSITIES,
                         "card": JESUIT_EDUCATION})
    return 0


def anabaptists(state: S.State, power: str, dice: Dice) -> int:
    conversions.queue(state, "papacy", ANABAPTISTS, ANABAPTIST_SPACES)
    return 0


def indulgence_vendor(state: S.State, power: str, dice: Dice) -> int:
    taken = diplomacy_terms.draw_random(state, "protestant", None, 1, dice,
                                        S.msg("why_card", card=INDULGENCE_VENDOR))
    if not taken:
        S.log(state, "indulgence_nothing", card=INDULGENCE_VENDOR)
        return 0
    cp = facts.card(taken[0]).cp
    state["discard"].append(taken[0])
    vp = religion.add_st_peters(state, cp)
    S.log(state, "indulgence_vendor", card=INDULGENCE_VENDOR, card2=taken[0], cp=cp, vp=vp)
    return 0


EVENTS = {MICHELANGELO: michelangelo, JESUIT_EDUCATION: jesuit_education,
          ANABAPTISTS: anabaptists, INDULGENCE_VENDOR: indulgence_vendor}
CONDITIONS = {JESUIT_EDUCATION: _jesuit_condition}
