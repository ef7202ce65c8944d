"""Which land spaces a line of communication passes through (§12.1), shared by the LOC
search (`cp_actions.loc_reach`) and *Siege Artillery*'s short LOC (#35, `land_war.assault_cards`).

Rules: §12.1
"""
from __future__ import annotations

from games.here_i_stand import state as S


def passable(state: S.State, power: str, sid: str) -> bool:
    """A LOC of `power` may pass `sid`: in play, friendly, free of enemy land units and of
    unrest, and not an electorate before the Schmalkaldic League (§12.1)."""
    return (S.in_play(state, sid) and S.friendly(state, power, sid)
            and not S.enemy_units_at(state, power, sid) and not S.in_unrest(state, sid)
            and (state["league"] or S.board().spaces[sid].type != "electorate"))
