"""Phase 9: Victory Determination (§23), and the automatic victories checked in the Action
phase (§23.1).

VP = base + special + bonus (§23.2):

* base — the VP box of the power card's key track for the keys it controls, less one box per
  key in unrest; Protestants: 2 per electorate that is both politically and religiously
  Protestant (and not in unrest);
* special — Ottoman piracy VP; Hapsburg 1 per electorate it controls after the Schmalkaldic
  League; England 5 if Edward was born (2 if only Elizabeth) plus 1 per 2 Protestant English
  home spaces; France chateaux VP; Papacy the purple number of the Protestant-spaces track
  plus St Peter's VP; Protestants the brown number;
* bonus — every entry of ``state["bonus_vp"]`` (war winner, debaters, discoveries, Bibles, ...).

Victory: automatic military (a power uncovers its "Auto Win" box with no counting key in
unrest) or religious (50 Protestant spaces) at once in the Action phase; standard (25 VP or
more; the highest wins) and domination (turn 4 on: 5 more than every other power) here; time
victory after the last turn.  Ties are broken by the VP of the previous turns (the VP history
kept in ``state["vp_history"]``), then shared.
"""
from __future__ import annotations

from games.here_i_stand import facts
from games.here_i_stand import state as S

NAME = "victory"
STANDARD = 25
DOMINATION_MARGIN = 5
DOMINATION_FROM_TURN = 4
RELIGIOUS_SPACES = 50


def key_vp(state, power: str) -> int:
    boxes = len(S.keys_controlled(state, power)) - S.keys_in_unrest(state, power)
    return facts.key_track(power).vp_for(boxes)


def breakdown(state) -> dict[str, dict[str, int]]:
    """{power: {base, special, bonus, total}} (§23.2)."""
    m = S.board()
    out: dict[str, dict[str, int]] = {}
    prot_spaces = S.protestant_spaces(state)
    papal_track, prot_track = facts.protestant_track(prot_spaces)
    for power in S.MAJORS:
        if power == "protestant":
            base = 2 * sum(1 for e in m.electorates()
                           if S.controller(state, e) == "protestant"
                           and S.religion(state, e) == "protestant" and not S.in_unrest(state, e))
        else:
            base = key_vp(state, power)
        special = 0
        if power == "ottoman":
            special = state["piracy"]["vp"]
        elif power == "hapsburg" and state["league"]:
            special = sum(1 for e in m.electorates()
                          if S.controller(state, e) == "hapsburg" and not S.in_unrest(state, e))
        elif power == "england":
            heirs = state["heirs"]
            special = 5 if heirs["edward"] else (2 if heirs["elizabeth"] else 0)
            special += sum(1 for s in m.spaces_of(home="england")
                           if S.religion(state, s) == "protestant" and not S.in_unrest(state, s)) // 2
        elif power == "france":
            special = state["chateaux_vp"]
        elif power == "papacy":
            special = papal_track + state["st_peters"]["vp"]
        else:
            special = prot_track
        bonus = sum(state["bonus_vp"][power].values())
        out[power] = {"base": base, "special": special, "bonus": bonus,
                      "total": base + special + bonus}
    return out


def totals(state) -> dict[str, int]:
    return {p: v["total"] for p, v in breakdown(state).items()}


def _rank(state, candidates: list[str], current: dict[str, int]) -> list[str]:
    """The best of `candidates`: highest VP now, ties broken by earlier turns' VP (§23)."""
    best = max(current[p] for p in candidates)
    tied = [p for p in candidates if current[p] == best]
    for past in reversed(state["vp_history"][:-1] if state["vp_history"] and
                         state["vp_history"][-1].get("turn") == state["turn"]
                         else state["vp_history"]):
        if len(tied) == 1:
            break
        top = max(past["vp"].get(p, 0) for p in tied)
        tied = [p for p in tied if past["vp"].get(p, 0) == top]
    return tied


def finish(state, winners: list[str], reason: str, why: dict) -> None:
    """The game ends: `reason` in English (`Outcome.reason`), `why` the same as a message
    (`state.msg`) that reports render in the reader's language."""
    state["outcome"] = {"winners": list(winners), "reason": reason, "why": why,
                        "scores": totals(state)}
    S.log(state, "game_over", powers=list(winners), why=why)


def check_automatic(state) -> None:
    """Military and religious automatic victories (§23.1), checked after every action."""
    if state["outcome"] is not None:
        return
    for power in S.MAJORS:
        if power == "protestant":
            continue
        auto = facts.key_track(power).auto_win_keys
        keys = S.keys_controlled(state, power)
        if len(keys) >= auto and S.keys_in_unrest(state, power) == 0:
            finish(state, [power], f"military automatic victory: {len(keys)} keys (§23.1)",
                   S.msg("victory_military", n=len(keys)))
            return
    if S.protestant_spaces(state) >= RELIGIOUS_SPACES:
        finish(state, ["protestant"], "religious automatic victory: 50 Protestant spaces (§23.1)",
               S.msg("victory_religious", n=RELIGIOUS_SPACES))


def enter(state, dice) -> None:
    current = totals(state)
    state["vp_history"].append({"turn": state["turn"], "vp": current})
    S.log(state, "vp", counts=current)
    over = [p for p in S.MAJORS if current[p] >= STANDARD]
    if over:
        finish(state, _rank(state, over, current), f"standard victory: {STANDARD} VP or more (§23.2)",
               S.msg("victory_standard", vp=STANDARD))
        return
    if state["turn"] >= DOMINATION_FROM_TURN:
        for p in S.MAJORS:
            if all(current[p] >= current[q] + DOMINATION_MARGIN for q in S.MAJORS if q != p):
                finish(state, [p], f"domination victory: {DOMINATION_MARGIN} VP ahead of every "
                                   "other power (§23.2)",
                       S.msg("victory_domination", vp=DOMINATION_MARGIN))
                return
    if state["turn"] >= state["last_turn"]:
        finish(state, _rank(state, list(S.MAJORS), current),
               f"time victory after turn {state['turn']} (§23.2)",
               S.msg("victory_time", turn=state["turn"]))
        return
    state["turn"] += 1

