"""Debaters on the Religious Struggle card: who is in play, committed, and whose bonus may help
an action now (§18.2 "Бонусы богословов", §8.2).

A debater's bonus is used by committing him (his counter turns over) and only while he is
uncommitted; one bonus helps one action or event; each side (Papacy, Protestants) uses at most
one debater's bonus per impulse for conversion attempts or translation (§18.2 limits, L1224-1232);
the translation's free step comes once per impulse (§18.1, L1162).  The impulse's marks are kept
in ``state["phase_data"]["religion"]`` with the impulse number, so they lapse with the impulse.

Bonus kinds (pieces.yaml, the counters' faces): *dice* — +1 die (Faber +2 against an
electorate) for targets near a space or in a region; *translation* — one free step in his
language; *treatise* — Carlstadt (German) and Calvin (French) publish with 3 attempts;
*burn* — Cajetan (3 attempts in one zone), Caraffa (3 in any zones), Tetzel (+1 CP to St Peter's
per attempt); *university* — Loyola (one university for 2 CP).

Rules: §18.2, §8.2
"""
from __future__ import annotations

import functools
from collections import deque
from typing import Any

from engine.contract import IllegalOrder, Reason
from games.here_i_stand import facts, grammar
from games.here_i_stand import state as S

#: The side key of `state["debaters"]` for each power that commits debaters.
SIDES = ("papacy", "protestant")
#: Debaters adding dice to attempts on targets within 2 spaces of a space.
NEAR = {"bucer": "strasburg", "zwingli": "zurich", "oekolampadius": "basel",
        "farel": "geneva", "cop": "paris", "cranmer": "london", "canisius": "regensburg"}
#: Debaters adding a die to attempts on targets that are home spaces of these powers.
HOMES = {"latimer": ("england",), "wishart": ("scotland",), "knox": ("england", "scotland")}
#: Debaters giving one free translation step in their language (L1162).
TRANSLATORS = ("luther", "melanchthon", "olivetan", "tyndale", "coverdale")
#: Debaters whose bonus makes a treatise 3 attempts in one zone (§18.3 L1240).
TREATISE = {"carlstadt": "german", "calvin": "french"}
#: Debaters helping burn books (§18.4 L1332, L1361).
BURNERS = ("cajetan", "caraffa", "tetzel")


def side_of(power: str) -> str:
    """Whose debaters help `power`'s religious actions: England's treatise is helped by the
    Protestants' (§18.2: the decision is always the Protestants')."""
    return "papacy" if power == "papacy" else "protestant"


def record(state: S.State, did: str) -> dict[str, Any] | None:
    for side in SIDES:
        for d in state["debaters"][side]:
            if d["id"] == did:
                return d
    return None


def named(text: str) -> str:
    """A debater's id from his id or name, in English or Russian."""
    key = grammar.normalize(text)
    for did, rec in facts.debaters().items():
        if key in (grammar.normalize(did), grammar.normalize(rec.name_en),
                   grammar.normalize(rec.name_ru)):
            return did
    raise IllegalOrder(Reason(f"{text.strip()!r} is not a debater", "not_a_debater",
                              text=text.strip()), sorted(facts.debaters())[:10])


def value(did: str) -> int:
    return facts.debaters()[did].value


def zone(did: str) -> str | None:
    return facts.debaters()[did].zone


def in_play(state: S.State, side: str, *, zone_: str | None = None,
            committed: bool | None = None) -> list[str]:
    """Debater ids of `side` in play (a Protestant's zone must be `zone_` when given), sorted."""
    out = []
    for d in state["debaters"][side]:
        if committed is not None and bool(d["committed"]) != committed:
            continue
        if side == "protestant" and zone_ is not None and zone(d["id"]) != zone_:
            continue
        out.append(d["id"])
    return sorted(out)


def uncommitted(state: S.State, side: str, zone_: str | None = None) -> list[str]:
    return in_play(state, side, zone_=zone_, committed=False)


def commit(state: S.State, did: str) -> None:
    rec = record(state, did)
    if rec is not None:
        rec["committed"] = True


# ---------------------------------------------------------------- the impulse's marks
def marks(state: S.State) -> dict[str, Any]:
    """This impulse's religious marks, read only: ``bonus`` (sides that used a debater's bonus
    for attempts or translation), ``free_step`` (the translation's free step is used),
    ``attempted`` ({faith: spaces targeted})."""
    data = state["phase_data"]
    rec = data.get("religion")
    if rec and rec.get("impulse") == data.get("impulse", -1):
        return rec
    return {"impulse": data.get("impulse", -1), "bonus": [], "free_step": False,
            "attempted": {}}


def _marks_to_update(state: S.State) -> dict[str, Any]:
    """This impulse's marks, kept in the state to be changed (a new impulse starts afresh)."""
    rec = marks(state)
    state["phase_data"]["religion"] = rec
    return rec


def attempted(state: S.State, faith: str) -> list[str]:
    """Spaces already targeted by `faith`'s attempts this impulse (§18.3: once per impulse)."""
    return list(marks(state)["attempted"].get(faith, []))


def mark_attempted(state: S.State, faith: str, sid: str) -> None:
    _marks_to_update(state)["attempted"].setdefault(faith, []).append(sid)


def use_free_step(state: S.State) -> None:
    _marks_to_update(state)["free_step"] = True


def bonus_used(state: S.State, side: str) -> bool:
    return side in marks(state)["bonus"]


def use_bonus(state: S.State, side: str, did: str) -> None:
    """Commit `did` for his bonus: the side's one bonus of this impulse (§18.2)."""
    commit(state, did)
    m = _marks_to_update(state)
    if side not in m["bonus"]:
        m["bonus"].append(side)
    S.log(state, "debater_bonus", power=side, debater=did)


def may_use(state: S.State, side: str, did: str) -> bool:
    """Whether `side` may commit `did` for his bonus now: uncommitted, in play, and the side's
    bonus of this impulse still unused."""
    rec = record(state, did)
    return (rec is not None and not rec["committed"] and did in in_play(state, side)
            and not bonus_used(state, side))


# ---------------------------------------------------------------- dice bonuses
@functools.lru_cache(maxsize=256)
def land_distances(src: str) -> dict[str, int]:
    """Spaces by the number of land connections from `src` (passes count like any other):
    the reach of debaters' bonuses, and of the events that count spaces (Zwingli Dons Armor,
    Frederick the Wise, Maurice of Saxony)."""
    m = S.board()
    seen, queue = {src: 0}, deque([src])
    while queue:
        here = queue.popleft()
        for n in m.neighbours(here):
            if n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return seen


def _within(src: str, dst: str, steps: int) -> bool:
    return land_distances(src).get(dst, steps + 1) <= steps


def dice_bonus(state: S.State, did: str | None, target: str) -> int:
    """Extra dice `did`'s bonus gives an attempt on `target` (0 when out of his reach)."""
    if did is None:
        return 0
    if did in NEAR:
        return 1 if _within(NEAR[did], target, 2) else 0
    if did in HOMES:
        return 1 if S.board().spaces[target].home in HOMES[did] else 0
    if did == "contarini":
        where = S.where_is(state, "charles_v")
        return 1 if where and where in S.board().spaces and _within(where, target, 2) else 0
    if did == "faber":
        return 2 if S.board().spaces[target].type == "electorate" else 0
    return 0


def dice_debaters(state: S.State, side: str) -> list[str]:
    """`side`'s debaters whose bonus adds attempt dice and who may be committed now."""
    pool = ("contarini", "faber", "canisius") if side == "papacy" else (
        *(k for k in NEAR if k != "canisius"), *HOMES)
    return sorted(d for d in pool if may_use(state, side, d))
