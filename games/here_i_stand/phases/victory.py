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
victory after the last turn.  A domination victory may be stopped by *Copernicus* or
*Servetus* (question ``stop_domination``, `reformation.stop_domination`).  Ties are broken by the VP of the previous turns (the VP history
kept in ``state["vp_history"]``), then shared.

Rules: §23
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.reformation import stop_domination

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
    """The game ends: `reason` in English (`Outcome.reason`, with the turn it ends on), `why`
    the same as a message (`state.msg`) that reports render in the reader's language."""
    reason = f"{reason}, turn {state['turn']}"
    state["outcome"] = {"winners": list(winners), "reason": reason, "why": why,
                        "scores": totals(state)}
    S.log(state, "game_over", powers=list(winners), why=why)


def check_automatic(state) -> None:
    """Military and religious automatic victories (§23.1), checked after every action."""
    if state["outcome"] is not None:
        return
    held = S.keys_by_controller(state)
    for power in S.MAJORS:
        if power == "protestant":
            continue
        auto = facts.key_track(power).auto_win_keys
        keys = held.get(power, [])
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
    _conclude(state, [])


def _conclude(state, asked: list[str]) -> None:
    """Standard, domination and time victories (§23.3), or the next turn; `asked` are the
    holders of Copernicus or Servetus already asked to stop a domination this phase."""
    current = totals(state)
    if current != state["vp_history"][-1]["vp"]:
        state["vp_history"][-1]["vp"] = current
        S.log(state, "vp", counts=current)
    over = [p for p in S.MAJORS if current[p] >= STANDARD]
    if over:
        finish(state, _rank(state, over, current), f"standard victory: {STANDARD} VP or more (§23.2)",
               S.msg("victory_standard", vp=STANDARD))
        return
    if state["turn"] >= DOMINATION_FROM_TURN:
        for p in S.MAJORS:
            if all(current[p] >= current[q] + DOMINATION_MARGIN for q in S.MAJORS if q != p):
                found = stop_domination.stopper(state, p, current, asked, DOMINATION_MARGIN)
                if found is not None:
                    choices.push(state, {"kind": "stop_domination", "seat": found[0],
                                         "card": found[1], "leader": p,
                                         "asked": asked + ["-".join(map(str, found))]})
                    return
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



# ---------------------------------------------------------------- Copernicus, Servetus (V1)
def _stop_apply(state, item, order, dice: Dice) -> bool:
    if order["verb"] == "PLAY":
        stop_domination.play(state, item["seat"], item["card"], dice)
    return True


def _stop_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("DONE", "ГОТОВО", "PASS"):
        return {"verb": "DONE"}
    grammar.expect(["PLAY"], "PLAY" if verb in ("PLAY", "ИГРАТЬ") else verb, text,
                   f"PLAY {item['card']} or DONE")
    return {"verb": "PLAY", "card": item["card"], "mode": "event"}


def _stop_standing(policy: str, state, decision) -> dict | None:
    """``STANDING stop_domination ALWAYS``: play the card; ``NEVER``: keep it."""
    if policy == "NEVER":
        return {"verb": "DONE"}
    return {"verb": "PLAY", "card": decision.context["card"], "mode": "event"}


KINDS: dict[str, questions.Kind] = {
    "stop_domination": choices.Kind(
        options=lambda state, item: [Option.of("PLAY", f"PLAY {item['card']}",
                                               card=OneOf((item["card"],)),
                                               mode=OneOf(("event",))),
                                     Option.of("DONE", "DONE")],
        apply=_stop_apply, parse=_stop_parse,
        default=lambda state, item: {"verb": "DONE"},
        done=lambda state, item, dice: _conclude(state, item["asked"]),
        policies=("ALWAYS", "NEVER"), standing=_stop_standing,
        context=lambda state, item: {"card": item["card"], "leader": item["leader"]},
        prompt=lambda state, item: (f"{item['leader']} would win by domination: PLAY "
                                    f"{item['card']} (its VP stop it) or DONE")),
}



#: The phase asks only queued questions (``stop_domination``).
decisions, parse, apply, default = (choices.decisions, choices.parse, choices.apply,
                                    choices.default)
