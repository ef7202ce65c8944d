"""The New World card events of the playing power's own voyages, and those that cancel a
voyage (§20.2, §20.3; card summaries in ``data/cards.yaml``).

* *Sebastian Cabot* (#99): a voyage of exploration with that power's Cabot (value 1), which
  does **not** count toward the limit (L1529); once per power per game (the Cabot counter
  leaves the game after his voyage, `phase`).  The card leaves the game when Cabot dies.
* *Smallpox* (#101): a voyage of conquest, +2 on its roll; it counts toward the limit (L1563).
* *Fountain of Youth* (#77): cancels a voyage of exploration under way; its marker waits on
  the turn track until next turn (the power explores no more this turn), then a die: 4-6, one
  of that power's explorers in the pool, drawn at random, leaves the game.
* *Search for Cibola* (#98): cancels a voyage of exploration or of conquest under way; the
  power may not launch that kind of voyage again this turn.

Each gives no CP to spend.  The cancelling cards ask the playing power which voyage
(``CANCEL <power> EXPLORATION|CONQUEST``, question ``nw_cancel``, asked in its own impulse;
default: another power's voyage, the Hapsburgs' first, explorations first).  A voyage is one
launched with its power's "under way" marker (the CP action, *Mercator's Map*, *Smallpox*,
the scenario's start); Cabot sails without that marker and cannot be cancelled.
*Mercator's Map* (#50) is in `power_cards` (it names the power that sails).

Rules: §20.2 (Sebastian Cabot, Fountain of Youth, Search for Cibola), §20.3 (Smallpox)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.new_world import actions as A

CABOT, SMALLPOX, FOUNTAIN, CIBOLA = 99, 101, 77, 98
BONUS = 2
#: Voyage word -> its "under way" marker.
VOYAGES = {"EXPLORATION": "exploration_underway", "CONQUEST": "conquest_underway"}
WORDS = {"EXPLORATION": "EXPLORATION", "EXPLORE": "EXPLORATION", "ИССЛЕДОВАНИЕ": "EXPLORATION",
         "CONQUEST": "CONQUEST", "CONQUER": "CONQUEST", "ЗАВОЕВАНИЕ": "CONQUEST"}
CANCEL_WORDS = ("CANCEL", "ПРЕРВАТЬ")
#: The voyages each cancelling card may hit.
CANCELS = {FOUNTAIN: ("EXPLORATION",), CIBOLA: ("EXPLORATION", "CONQUEST")}
KINDS: dict[str, questions.Kind] = {}


def _cabot(power: str) -> str:
    return f"cabot_{power}"


def _cabot_used(state: S.State, power: str) -> bool:
    nw = A.world(state)
    gone = list(nw["removed_explorers"].get(power, [])) + list(nw["placed"].get(power, []))
    gone += [i.get("explorer") for i in A.crossing(state, power, "exploration_underway")]
    return _cabot(power) in gone


def _condition(verb: str) -> Callable[[S.State, str], Reason | None]:
    def why(state: S.State, power: str) -> Reason | None:
        return A.problem(state, power, verb)
    return why


def _cabot_condition(state: S.State, power: str) -> Reason | None:
    if power not in A.POWERS:
        return A.problem(state, power, "EXPLORE")
    if _cabot_used(state, power):
        return Reason("your Cabot has already sailed in this game", "nw_cabot_used")
    return None


def sebastian_cabot(state: S.State, power: str, dice: Dice) -> int:
    A.place(state, power, "EXPLORE", free=True, explorer=_cabot(power))
    return 0


def smallpox(state: S.State, power: str, dice: Dice) -> int:
    A.place(state, power, "CONQUER", bonus=BONUS)
    return 0


# ---------------------------------------------------------------- cancelling a voyage
def targets(state: S.State, card: int) -> list[tuple[str, str]]:
    """The voyages `card` may cancel: (power, EXPLORATION|CONQUEST), those launched with the
    "under way" marker (never Cabot's)."""
    out = []
    for word in CANCELS[card]:
        for power in A.POWERS:
            if any(not i.get("free") for i in A.crossing(state, power, VOYAGES[word])):
                out.append((power, word))
    return out


def _cancel_condition(card: int) -> Callable[[S.State, str], Reason | None]:
    def why(state: S.State, power: str) -> Reason | None:
        if not targets(state, card):
            return Reason("no voyage that this card cancels is crossing the Atlantic",
                          "nw_no_voyage", card=card)
        return None
    return why


def _cancel(card: int) -> Callable[[S.State, str, Dice], int]:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        A.one_or_ask(state, power, card, "nw_cancel", targets(state, card),
                     lambda t: _cancel_voyage(state, card, *t, dice))
        return 0
    return resolve


def _cancel_voyage(state: S.State, card: int, power: str, word: str, dice: Dice) -> None:
    """Take `power`'s voyage off "Crossing Atlantic" to the turn track (back next turn)."""
    nw = A.world(state)
    item = next(i for i in A.crossing(state, power, VOYAGES[word]) if not i.get("free"))
    nw["crossing_atlantic"].remove(item)
    nw["turn_track"].append({"power": power, "marker": VOYAGES[word]})
    S.log(state, "nw_cancelled", card=card, power=power, voyage=word.lower())
    if card == FOUNTAIN:
        roll = dice.d6()
        pool = A.explorers_left(state, power)
        if roll >= 4 and pool:
            lost = dice.choice(pool)
            nw["removed_explorers"].setdefault(power, []).append(lost)
            S.log(state, "nw_fountain_lost", card=card, power=power, roll=roll, explorer=lost)
        else:
            S.log(state, "nw_fountain_spared", card=card, power=power, roll=roll)


def _cancel_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    return [Option.of("CANCEL", f"CANCEL {p} {w}", power=OneOf((p,)), voyage=OneOf((w,)))
            for p, w in targets(state, item["card"])]


def _cancel_apply(state: S.State, item: dict[str, Any], order: dict[str, Any],
                  dice: Dice) -> bool:
    _cancel_voyage(state, item["card"], order["power"], order["voyage"], dice)
    return True


def _cancel_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    found = targets(state, item["card"])
    others = [t for t in found if t[0] != item["seat"]] or found
    power, word = others[0]
    return {"verb": "CANCEL", "power": power, "voyage": word}


def _cancel_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    words = text.split()
    if not words or words[0].upper() not in CANCEL_WORDS:
        raise IllegalOrder(Reason("say CANCEL <power> EXPLORATION|CONQUEST", "syntax",
                                  text="CANCEL <power> EXPLORATION|CONQUEST"),
                           [o.example for o in _cancel_options(state, item)])
    rest = words[1:]
    word = WORDS.get(rest[-1].upper()) if rest else None
    if word:
        rest = rest[:-1]
    power = grammar.power(" ".join(rest))
    if word is None:
        open_ = [w for p, w in targets(state, item["card"]) if p == power] or ["EXPLORATION"]
        word = open_[0]
    return {"verb": "CANCEL", "power": power, "voyage": word}


KINDS["nw_cancel"] = choices.Kind(
    options=_cancel_options, apply=_cancel_apply, default=_cancel_default,
    parse=_cancel_parse,
    prompt=lambda state, item: (f"{facts.card(item['card']).name_en}: cancel a voyage "
                                "crossing the Atlantic: "
                                + " | ".join(f"CANCEL {p} {w}"
                                             for p, w in targets(state, item["card"]))),
    context=lambda state, item: {"card": item["card"], "voyages": [
        f"{p} {w}" for p, w in targets(state, item["card"])]})


EVENTS = {CABOT: sebastian_cabot, SMALLPOX: smallpox, FOUNTAIN: _cancel(FOUNTAIN),
          CIBOLA: _cancel(CIBOLA)}
CONDITIONS = {CABOT: _cabot_condition, SMALLPOX: _condition("CONQUER"),
              FOUNTAIN: _cancel_condition(FOUNTAIN), CIBOLA: _cancel_condition(CIBOLA)}
