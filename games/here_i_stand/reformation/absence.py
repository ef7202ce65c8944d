"""Reformers and their debaters taken off the map for the rest of the turn (§8.2, §21.5):
*Calvin Expelled* (#45) and the excommunication of a reformer.  They come back in the Card
Draw phase of the next turn, the reformer to his own space without changing its religion.

The absent ones live in ``state["away"]`` (created on first use, so games without them keep
their hashes): ``{"reformers": {id: space}, "debaters": [record, ...]}``.

Rules: §8.2 (L457), §21.5
"""
from __future__ import annotations

from games.here_i_stand import state as S


def send_away(state: S.State, reformer: str, debater: str) -> None:
    """Take `reformer` and `debater` off the map for the rest of the turn."""
    away = state.setdefault("away", {"reformers": {}, "debaters": []})
    space = state["reformers"].pop(reformer, None)
    if space is not None:
        away["reformers"][reformer] = space
    side = state["debaters"]["protestant"]
    for rec in [d for d in side if d["id"] == debater]:
        side.remove(rec)
        away["debaters"].append(dict(rec, committed=True))
    S.log(state, "sent_away", reformer=reformer, debater=debater)


def is_away(state: S.State, did: str) -> bool:
    """Whether debater `did` is off the map this turn."""
    return any(d["id"] == did for d in state.get("away", {}).get("debaters", ()))


def reformer_away(state: S.State, reformer: str) -> bool:
    """Whether `reformer` is off the map this turn."""
    return reformer in state.get("away", {}).get("reformers", {})


def forget(state: S.State, reformer: str, debater: str) -> None:
    """`reformer` and `debater` leave the game while off the map: they do not come back at
    the next Card Draw phase (§8.2 L457; #16 Calvin, when Luther is excommunicated)."""
    away = state.get("away")
    if not away:
        return
    away["reformers"].pop(reformer, None)
    away["debaters"] = [d for d in away["debaters"] if d["id"] != debater]


def bring_back(state: S.State) -> None:
    """The Card Draw phase (§8.2): the absent reformers return to their spaces (no religion
    change) and their debaters to play."""
    away = state.pop("away", None)
    if not away:
        return
    for rid, space in away["reformers"].items():
        state["reformers"][rid] = space
        S.log(state, "reformer_returns", reformer=rid, space=space)
    for rec in away["debaters"]:
        state["debaters"]["protestant"].append(dict(rec, committed=False))
