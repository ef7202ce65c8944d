"""The New World card events that name a power: the playing power picks England, France or
the Hapsburgs (``FOR <power>``, question ``nw_for``, asked in its own impulse; default: the
playing power when it may, else the first in the order Hapsburgs, England, France), and those
that need no choice (card summaries in ``data/cards.yaml``).

* *Mercator's Map* (#50): a voyage of exploration for the power named, +2 on its rolls; it
  counts toward that power's once-per-turn limit (L1529), so only a power that may still
  explore may be named.
* *Galleons* (#48): a Galleons marker for the power named: its "galleon" riches results give
  a card, and the Hapsburgs' raiders die on a 2 (§20.4 L1577, L1587).
* *Plantations* (#53): +1 on the power's colony and Potosí riches rolls (L1571).
* *Potosí Silver Mines* (#54): the Potosí colony goes straight into an open colony box of the
  power named (no Crossing Atlantic, and not counted toward the once-per-turn limit, L1523);
  that power loses one of its colony markers for the rest of the game.
* *Huguenot Raiders* (#49): England, France or the Protestants, with a home port of
  Protestant religion and no raider of their own in play, put their raider next to the
  Hapsburg colonies (the steal rolls: `riches`).
* *Sale of Moluccas* (#96): the power that circumnavigated the globe draws 2 cards (none has:
  no effect).

A marker goes once to each power: a power that has it is not offered.  With one power
possible the card resolves for it without a question.  Each gives no CP to spend.

Rules: §20.1 (Potosí), §20.2 (Mercator's Map, Sale of Moluccas), §20.4 (Galleons,
Plantations, Huguenot Raiders)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, events, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.catalog import load_tables
from games.here_i_stand.new_world import actions as A

MERCATOR, GALLEONS, RAIDERS, PLANTATIONS, POTOSI, MOLUCCAS = 50, 48, 49, 53, 54, 96
BONUS = 2
FOR_WORDS = ("FOR", "ДЛЯ")
#: The raiders' owners (§20.4 L1583).
RAIDER_POWERS = ("france", "england", "protestant")
KINDS: dict[str, questions.Kind] = {}


# ---------------------------------------------------------------- who may be named
def _can_explore(state: S.State, power: str) -> bool:
    return A.problem(state, power, "EXPLORE") is None


def _lacks(key: str) -> Callable[[S.State, str], bool]:
    def ok(state: S.State, power: str) -> bool:
        return power not in A.world(state)[key]
    return ok


def _potosi_fits(state: S.State, power: str) -> bool:
    nw = A.world(state)
    limit = load_tables().data["new_world"]["colony_limits"][power]
    return (not any(c.get("name") == "potosi" for c in nw["colonies"])
            and A.colonies_of(state, power) < limit
            and bool(A.colony_markers_left(state, power)))


# ---------------------------------------------------------------- what each card does
def _mercator(state: S.State, power: str, dice: Dice) -> None:
    A.place(state, power, "EXPLORE", bonus=BONUS)


def _galleons(state: S.State, power: str, dice: Dice) -> None:
    A.world(state)["galleons"].append(power)
    S.log(state, "nw_galleons", card=GALLEONS, power=power)


def _plantations(state: S.State, power: str, dice: Dice) -> None:
    A.world(state)["plantations"].append(power)
    S.log(state, "nw_plantations", card=PLANTATIONS, power=power)


def _potosi(state: S.State, power: str, dice: Dice) -> None:
    nw = A.world(state)
    lost = A.colony_markers_left(state, power)[-1]
    nw["colonies"].append({"power": power, "name": "potosi"})
    nw["colony_markers_removed"].setdefault(power, []).append(lost)
    S.log(state, "nw_potosi", card=POTOSI, power=power, colony=lost)


#: Card -> (may this power be named, what the card does for it).
FOR: dict[int, tuple[Callable[[S.State, str], bool], Callable[[S.State, str, Dice], None]]] = {
    MERCATOR: (_can_explore, _mercator),
    GALLEONS: (_lacks("galleons"), _galleons),
    PLANTATIONS: (_lacks("plantations"), _plantations),
    POTOSI: (_potosi_fits, _potosi),
}


def named(state: S.State, card: int) -> list[str]:
    """The powers `card` may be played for now."""
    ok = FOR[card][0]
    return [p for p in A.POWERS if ok(state, p)]


def _for_condition(card: int) -> Callable[[S.State, str], Reason | None]:
    def why(state: S.State, power: str) -> Reason | None:
        if not named(state, card):
            return Reason("no power may take this card's effect now (England, France or the "
                          "Hapsburgs)", "nw_no_power", card=card)
        return None
    return why


def _for_event(card: int) -> Callable[[S.State, str, Dice], int]:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        A.one_or_ask(state, power, card, "nw_for", named(state, card),
                     lambda p: FOR[card][1](state, p, dice))
        return 0
    return resolve


def _for_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    found = named(state, item["card"])
    return [Option.of("FOR", f"FOR {found[0]}", power=OneOf(tuple(found)))] if found else []


def _for_apply(state: S.State, item: dict[str, Any], order: dict[str, Any], dice: Dice) -> bool:
    FOR[item["card"]][1](state, order["power"], dice)
    return True


def _for_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    found = named(state, item["card"])
    return {"verb": "FOR", "power": item["seat"] if item["seat"] in found else found[0]}


def _for_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    words = text.split()
    if len(words) < 2 or words[0].upper() not in FOR_WORDS:
        raise IllegalOrder(Reason("say FOR <power>", "syntax", text="FOR <power>"),
                           [f"FOR {p}" for p in named(state, item["card"])])
    return {"verb": "FOR", "power": grammar.power(" ".join(words[1:]))}


KINDS["nw_for"] = choices.Kind(
    options=_for_options, apply=_for_apply, default=_for_default, parse=_for_parse,
    prompt=lambda state, item: (f"{facts.card(item['card']).name_en}: name the power that "
                                "takes it: " + " | ".join(f"FOR {p}"
                                                          for p in named(state, item["card"]))),
    context=lambda state, item: {"card": item["card"], "powers": named(state, item["card"])})


# ---------------------------------------------------------------- cards without a choice
def _raiders_condition(state: S.State, power: str) -> Reason | None:
    m = S.board()
    ports = [s for s in m.spaces_of(home=power) if m.spaces[s].is_port]
    if not any(S.religion(state, s) == "protestant" for s in ports):
        return Reason("Huguenot Raiders needs one of your home ports under Protestant "
                      "religious influence", "nw_raiders_port", card=RAIDERS)
    if power in A.world(state)["raiders"]:
        return Reason("your raider is already in play", "nw_raider_in_play", card=RAIDERS)
    return None


def huguenot_raiders(state: S.State, power: str, dice: Dice) -> int:
    A.world(state)["raiders"].append(power)
    S.log(state, "nw_raiders", card=RAIDERS, power=power)
    return 0


def sale_of_moluccas(state: S.State, power: str, dice: Dice) -> int:
    owner = A.world(state)["discoveries"].get("circumnavigation")
    if owner is None:
        S.log(state, "nw_moluccas_none", card=MOLUCCAS)
        return 0
    S.log(state, "nw_moluccas", card=MOLUCCAS, power=owner)
    for _ in range(2):
        events.draw(state, owner, dice)
    return 0


EVENTS = {**{card: _for_event(card) for card in FOR}, RAIDERS: huguenot_raiders,
          MOLUCCAS: sale_of_moluccas}
CONDITIONS = {**{card: _for_condition(card) for card in FOR}, RAIDERS: _raiders_condition}
