"""#47 *Copernicus* and #51 *Michael Servetus* in the Victory Determination phase (§23.2,
digest V1), and Copernicus's event in the Action phase.

* Copernicus: 2 VP when half or more of the player's home spaces are Protestant; otherwise
  1 VP and the player either draws a card or makes the Protestants discard one at random
  (question ``copernicus``, default DRAW).
* Servetus: 1 VP, the Protestants discard a card at random (`card_events.servetus`).

Both may be played in the middle of the Victory Determination phase, but only when the VP they
give stop another power's domination victory (§23.2 L1962).  `stopper` finds the holder
asked (question ``stop_domination`` in `phases.victory`, off-turn, default not played: V1;
``STANDING stop_domination ALWAYS | NEVER``); `play` resolves the card.

Rules: §23.2, digest V1
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, diplomacy_terms, events, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import card_events

COPERNICUS, SERVETUS = 47, card_events.SERVETUS
CARDS = (COPERNICUS, SERVETUS)


def copernicus_vp(state: S.State, power: str) -> int:
    """2 VP when half or more of `power`'s home spaces are Protestant, else 1 (card text)."""
    homes = S.home_spaces(state, power)
    prot = sum(1 for sid in homes if S.religion(state, sid) == religion.PROTESTANT)
    return 2 if homes and 2 * prot >= len(homes) else 1


def vp_of(state: S.State, power: str, card: int) -> int:
    return copernicus_vp(state, power) if card == COPERNICUS else 1


def stopper(state: S.State, leader: str, current: dict[str, int], asked: list[str],
            margin: int) -> tuple[str, int] | None:
    """The first other power (standard order) holding Copernicus or Servetus whose VP would
    stop `leader`'s domination (`margin` VP ahead of every other power, §23.2), not yet
    asked this phase: (power, card)."""
    for power in S.MAJORS:
        if power == leader:
            continue
        for card in CARDS:
            gain = vp_of(state, power, card)
            if (card in state["hands"][power] and f"{power}-{card}" not in asked
                    and current[leader] - (current[power] + gain) < margin):
                return power, card
    return None


def copernicus(state: S.State, power: str, dice: Dice) -> int:
    """The event (§23.2 and the card): 2 VP, or 1 VP and a draw or a Protestant discard."""
    vp = copernicus_vp(state, power)
    state["bonus_vp"][power]["copernicus"] = vp
    S.log(state, "copernicus", card=COPERNICUS, power=power, vp=vp)
    if vp == 1:
        choices.push(state, {"kind": "copernicus", "seat": power}, first=True)
    return 0


def play(state: S.State, power: str, card: int, dice: Dice) -> None:
    """Play `card` from `power`'s hand as its event outside the Action phase (§23.2)."""
    state["hands"][power].remove(card)
    S.discard(state, card, as_event=True)
    S.log(state, "stops_domination", card=card, power=power)
    (copernicus if card == COPERNICUS else card_events.servetus)(state, power, dice)


def _copernicus_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    word = {"ВЗЯТЬ": "DRAW", "СБРОС": "DISCARD"}.get(verb, verb)
    grammar.expect(["DRAW", "DISCARD"], word, text, "DRAW | DISCARD")
    return {"verb": "COPERNICUS", "choice": word.lower()}


def _copernicus_apply(state, item, order, dice) -> bool:
    power = item["seat"]
    if order["choice"] == "draw":
        events.draw(state, power, dice)
        S.log(state, "copernicus_draw", card=COPERNICUS, power=power)
    else:
        gone = diplomacy_terms.draw_random(state, "protestant", None, 1, dice,
                                           S.msg("why_card", card=COPERNICUS))
        state["discard"].extend(gone)
        S.log(state, "copernicus_discard", card=COPERNICUS, cards=gone)
    return True


KINDS: dict[str, questions.Kind] = {
    "copernicus": choices.Kind(
        options=lambda state, item: [Option.of("COPERNICUS", "DRAW",
                                               choice=OneOf(("draw", "discard")))],
        apply=_copernicus_apply, parse=_copernicus_parse,
        default=lambda state, item: {"verb": "COPERNICUS", "choice": "draw"},
        prompt=lambda state, item: ("Copernicus: DRAW (a card) or DISCARD (a random "
                                    "Protestant card)")),
}
TEXTS = {"COPERNICUS": lambda o: o["choice"].upper()}
EVENTS = {COPERNICUS: copernicus}
