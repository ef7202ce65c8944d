"""The New World card events that launch voyages (§20.2, §20.3; card summaries in
``data/cards.yaml``).

* *Mercator's Map* (#50): a voyage of exploration for the playing power (England, France or
  the Hapsburgs), +2 on its rolls; it counts toward the once-per-turn limit (L1529).
* *Sebastian Cabot* (#99): a voyage of exploration with that power's Cabot (value 1), which
  does **not** count toward the limit (L1529); once per power per game (the Cabot counter).
  The card leaves the game when Cabot dies (`phase`).
* *Smallpox* (#101): a voyage of conquest, +2 on its roll; it counts toward the limit (L1563).

Each gives no CP to spend.

Rules: §20.2 (Mercator's Map, Sebastian Cabot), §20.3 (Smallpox)
"""
from __future__ import annotations

from typing import Callable

from engine.contract import Reason
from engine.dice import Dice
from games.here_i_stand import state as S
from games.here_i_stand.new_world import actions as A

MERCATOR, CABOT, SMALLPOX = 50, 99, 101
BONUS = 2


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


def mercators_map(state: S.State, power: str, dice: Dice) -> int:
    A.place(state, power, "EXPLORE", bonus=BONUS)
    return 0


def sebastian_cabot(state: S.State, power: str, dice: Dice) -> int:
    A.place(state, power, "EXPLORE", free=True, explorer=_cabot(power))
    return 0


def smallpox(state: S.State, power: str, dice: Dice) -> int:
    A.place(state, power, "CONQUER", bonus=BONUS)
    return 0


EVENTS = {MERCATOR: mercators_map, CABOT: sebastian_cabot, SMALLPOX: smallpox}
CONDITIONS = {MERCATOR: _condition("EXPLORE"), CABOT: _cabot_condition,
              SMALLPOX: _condition("CONQUER")}
