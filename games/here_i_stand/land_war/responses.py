"""Response cards that stop a move or an assault in another power's impulse: #31 *Foul
Weather* and #32 *Gout* (§13.1 step 4 and §15.1 step 2: "to cancel the move / the assault";
the card texts for the rest).

When the active power declares a land move (a MOVE order, its whole route announced at once)
or an assault, its CP are spent and the other powers are asked, one at a time in standard
order, whether they play one of them (the ``response`` question) — every other power that
could hold a usable one by public information (a non-empty hand; the card not in the discard
pile nor removed; *Gout* only against a formation with an army leader), so being skipped or
asked reveals nothing.  Nobody plays: the action goes on (`RESUME`).  A card is played: the
action is cancelled and 1 CP of it is lost (the rest of its cost comes back; a free
Roxelana assault loses 1 of the CP left), and for the rest of the impulse:

* *Foul Weather*: no assault, and no land unit or leader of that power moves more than one
  space (a MOVE along a route is refused; what moved since may not move again);
* *Gout*: the named army leader neither moves nor assaults.

*Gout* also stops Charles V's transfer by the Holy Roman Emperor (#2, `home_cards`; no CP
lost there).  A naval move, a naval transport and piracy are declared the same way
(`navy.actions`, §16.1 step 3, §16.3 step 1): *Foul Weather* cancels them and, for the rest
of the impulse, bars that power's naval moves, transports and piracy too (card text);
*Gout* stops a transport carrying an army leader.

Rules: §13.1, §15.1, §16.1, §16.3
"""
from __future__ import annotations

from typing import Any, Callable

from games.here_i_stand import choices, facts, seating
from games.here_i_stand import state as S

FOUL_WEATHER, GOUT = 31, 32
CARDS = (FOUL_WEATHER, GOUT)
Action = dict[str, Any]
#: What follows a declared action nobody stopped, by its ``verb`` (filled by `cp_actions`).
RESUME: dict[str, Callable[[S.State, Action, Any], None]] = {}


def _effects(state: S.State, *, write: bool = False) -> dict[str, Any]:
    """This impulse's lasting effects: ``{"impulse", "weather": [powers], "gout": [leaders],
    "moved": {space: {owner: n}}, "moved_leaders": [...]}`` (an older impulse's read as
    empty)."""
    data = state["phase_data"]
    found = data.get("responses")
    if not found or found.get("impulse") != data.get("impulse"):
        found = {"impulse": data.get("impulse"), "weather": [], "gout": [], "moved": {},
                 "moved_leaders": []}
        if write:
            data["responses"] = found
    return found


def weather(state: S.State, power: str) -> bool:
    """*Foul Weather* was played against `power` this impulse."""
    return power in _effects(state)["weather"]


def gouty(state: S.State) -> list[str]:
    """The leaders *Gout* stopped this impulse."""
    return list(_effects(state)["gout"])


def note_moved(state: S.State, power: str, dst: str, units: dict[str, dict[str, int]],
               leaders) -> None:
    """Under *Foul Weather*, remember what moved one space (it may not move again)."""
    if not weather(state, power):
        return
    eff = _effects(state, write=True)
    here = eff["moved"].setdefault(dst, {})
    for owner, stack in units.items():
        here[owner] = here.get(owner, 0) + sum(stack.values())
    eff["moved_leaders"] = sorted(set(eff["moved_leaders"]) | set(leaders))


def locked(state: S.State, power: str, sid: str, owners: list[str]) -> int:
    """`owners`' units at `sid` that moved under *Foul Weather* (at most those there)."""
    if not weather(state, power):
        return 0
    here = _effects(state)["moved"].get(sid, {})
    return sum(min(here.get(o, 0), S.count(state, sid, o)) for o in owners)


def leader_problem(state: S.State, power: str, lid: str) -> str | None:
    """Why leader `lid` may not move now: *Gout*, or it moved under *Foul Weather*."""
    if lid in _effects(state)["gout"]:
        return "gout"
    if weather(state, power) and lid in _effects(state)["moved_leaders"]:
        return "foul_weather"
    return None


def army_leaders(leaders) -> list[str]:
    return sorted(l for l in leaders if not facts.leader(l).naval)


def usable(state: S.State, power: str, action: Action, card: int) -> bool:
    """Whether `power` may play `card` against the declared `action` (held or not): never
    against its own action, nor one of another power its player holds (§3.1: our ruling)."""
    if seating.seat_of(state, power) == seating.seat_of(state, action["power"]):
        return False
    if action["verb"] == "transfer":                # Holy Roman Emperor (#2): Gout only
        return card == GOUT
    return card == FOUL_WEATHER or bool(army_leaders(action["leaders"]))


def could_hold(state: S.State, power: str, action: Action) -> bool:
    """Whether `power` could hold a usable response, by public information."""
    if not state["hands"].get(power):
        return False
    public = set(state["discard"]) | set(state["removed"])
    return any(c not in public and usable(state, power, action, c) for c in CARDS)


def playable(state: S.State, power: str, action: Action) -> list[int]:
    return [c for c in CARDS if c in state["hands"].get(power, ())
            and c not in S.held_back(state) and usable(state, power, action, c)]


def declared(state: S.State) -> Action | None:
    return (state.get("phase_data") or {}).get("declared")


def window(state: S.State, action: Action) -> list[str]:
    """The powers asked about `action`, in standard order."""
    return [p for p in S.MAJORS if could_hold(state, p, action)]


def declare(state: S.State, action: Action, dice) -> bool:
    """The active power declared `action` (``{"verb": "move" | "assault", "power", "to",
    "leaders", "cost", ...}``, its CP spent): open the response window; False when no other
    power could respond (the caller carries the action out at once)."""
    action = {**action, "windows": window(state, action)}
    if not action["windows"]:
        return False
    state["phase_data"]["declared"] = action
    ask_next(state, dice)
    return True


def ask_next(state: S.State, dice) -> None:
    """Ask the next power of the window, or carry the action out when all said no."""
    action = declared(state)
    if action is None:
        return
    if action["windows"]:
        choices.push(state, {"kind": "response", "seat": action["windows"].pop(0),
                             "verb": action["verb"], "space": action["to"]})
        return
    del state["phase_data"]["declared"]
    RESUME[action["verb"]](state, action, dice)


def play(state: S.State, power: str, card: int, leader: str | None) -> None:
    """`power` plays `card` against the declared action: it is cancelled, 1 CP lost, and
    the card's effect lasts the rest of the impulse."""
    action = state["phase_data"].pop("declared")
    state["hands"][power].remove(card)
    S.discard(state, card, as_event=True)
    data = state["phase_data"]
    data["cp"] = max(0, (data.get("cp") or 0) + action["cost"] - action.get("lost", 1))
    eff = _effects(state, write=True)
    if card == FOUL_WEATHER:
        eff["weather"] = sorted(set(eff["weather"]) | {action["power"]})
        S.log(state, "foul_weather", power=power, card=card, target=action["power"],
              space=action["to"])
    else:
        eff["gout"] = sorted(set(eff["gout"]) | {leader})
        S.log(state, "gout", power=power, card=card, leader=leader, space=action["to"])
