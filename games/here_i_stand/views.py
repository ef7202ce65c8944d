"""What each seat (or the public) may see of a Here I Stand game.

The public view carries everything a report or a map picture needs: turn, phase, the VP
table, the diplomatic status, every space's control, religion, units, leaders and unrest (and
fleets per sea zone), hand sizes, the discard pile, the recent public log.  A seat's view adds
its own hand (names and CP).  Card names in hands are the secrets (`secrets`): the deck order
and other hands never appear in any view.

Rules: none (what each seat may see: hands and the deck stay secret)
"""
from __future__ import annotations

from typing import Any

from engine.canonical import copy_plain
from games.here_i_stand import facts
from games.here_i_stand import state as S
from games.here_i_stand.phases import diet_of_worms, diplomacy, victory
from games.here_i_stand.reformation import papal_bull

#: Phases with views of their own: `public_view(state)` and `private_view(state, seat)`.
_phase_views = {"diplomacy": diplomacy, "diet_of_worms": diet_of_worms}

#: The events that last the turn (§6.1 L337) and the state keys holding their turn.
RELIGION_THIS_TURN = (("printing_press", 90), ("augsburg_confession", 39), ("wartburg", 37))


def _card(number: int) -> dict[str, Any]:
    c = facts.card(number)
    return {"number": number, "name": c.name_en, "name_ru": c.name_ru, "cp": c.cp, "type": c.type}


def _space(state, sid: str, rec: dict[str, Any]) -> dict[str, Any]:
    m = S.board()
    out: dict[str, Any] = {}
    if sid in m.spaces:
        sp = m.spaces[sid]
        out.update(name=sp.name_en, control=S.controller(state, sid),
                   religion=S.religion(state, sid))
        if rec.get("unrest"):
            out["unrest"] = True
        if rec.get("fortress"):                  # a fortress marker (#104, #86, #89)
            out["fortress"] = True
        if sid in S.pirate_havens(state):        # Algiers and the havens (§21.1)
            out["haven"] = True
    else:
        out["name"] = m.sea_zones[sid].name_en
    if rec.get("units"):
        out["units"] = {p: dict(c) for p, c in sorted(rec["units"].items())}
    if rec.get("leaders"):
        out["leaders"] = list(rec["leaders"])
    record = (state.get("sieges") or {}).get(sid)
    if record:                                   # §15: who is inside, who outside
        out["siege"] = {"by": record["besiegers"][0], "besiegers": list(record["besiegers"]),
                        "besieged": list(record["besieged"])}
    return out


def _piracy_zones(state) -> list[str]:
    """The sea zones holding a piracy marker: pirated this turn (§16.4 step 1)."""
    done = state["piracy"].get("done") or {}
    return sorted(done.get("zones", [])) if done.get("turn") == state["turn"] else []


def board_view(state) -> dict[str, Any]:
    """Per space: control, religion, unrest, units, leaders — every land space (so a map can be
    drawn), and sea zones holding fleets."""
    m = S.board()
    spaces = {}
    for sid in m.spaces:
        if not S.in_play(state, sid):
            continue
        spaces[sid] = _space(state, sid, S.record(state, sid))
    seas = {z: _space(state, z, rec) for z, rec in state["spaces"].items() if z in m.sea_zones}
    return {"spaces": spaces, "seas": seas}


def view(state, seat: str | None) -> dict[str, Any]:
    vp = victory.breakdown(state)
    data = state["phase_data"]
    active = None
    if state["phase"] == "action" and data.get("passes", 0) < len(S.MAJORS):
        active = S.MAJORS[data["active"]]
    public: dict[str, Any] = {
        "game": "here-i-stand",
        "scenario": state["scenario"],
        "turn": state["turn"],
        "last_turn": state["last_turn"],
        "phase": state["phase"],
        "active": active,
        "cp_left": data.get("cp") if state["phase"] == "action" else None,
        "vp": vp,
        "vp_history": [dict(h) for h in state["vp_history"]],
        "rulers": {p: facts.ruler(r).name_en for p, r in state["rulers"].items()},
        "wars": [list(p) for p in state["wars"]],
        "alliances": [list(p) for p in state["alliances"]],
        "minor_allies": dict(state["minor_allies"]),
        "schmalkaldic_league": state["league"],
        "hand_counts": {p: len(h) for p, h in state["hands"].items()},
        "home_cards_played": [_card(n) for n in state["home_used"]],
        "deck_count": len(state["deck"]),
        "discard": [_card(n) for n in state["discard"]],
        "removed_count": len(state["removed"]),
        "keys": {p: len(S.keys_controlled(state, p)) for p in S.MAJORS if p != "protestant"},
        "protestant_spaces": S.protestant_spaces(state),
        "debaters": {side: [dict(d) for d in lst] for side, lst in state["debaters"].items()},
        "reformers": dict(state["reformers"]),
        "translations": {k: dict(v) for k, v in state["translations"].items()},
        "st_peters": dict(state["st_peters"]),
        "chateaux_vp": state["chateaux_vp"],
        "piracy_vp": state["piracy"]["vp"],
        "piracy_zones": _piracy_zones(state),
        "naval_out": copy_plain(state.get("naval_out") or {}),
        "new_world": copy_plain(state["new_world"]),
        "henry_viii": {"marital": state["marital"], "pregnancy": list(state["pregnancy"]),
                       "heirs": dict(state["heirs"])},
        "excommunicated": list(state["excommunicated"]),
        "excommunications": list(papal_bull.excommunicated_ever(state)),
        "universities": sorted(state.get("jesuits", [])),
        "religion_this_turn": [card for key, card in RELIGION_THIS_TURN
                               if state.get(key) == state["turn"]],
        "debaters_lost": {fate: sorted(k.split("_", 1)[1] for k in state["bonus_vp"][side]
                                       if k.startswith(fate + "_"))
                          for fate, side in (("burned", "papacy"), ("disgraced", "protestant"))},
        "captured": {p: list(ls) for p, ls in state["captured"].items()},
        "loans": [dict(x) for x in state.get("loans", [])],
        "board": board_view(state),
        "log": [dict(e) for e in state["log"]],
        "outcome": state["outcome"],
    }
    special = _phase_views.get(state["phase"])
    if special is not None:
        public[state["phase"]] = special.public_view(state)
    if seat is not None:
        public["seat"] = seat
        public["hand"] = [_card(n) for n in sorted(state["hands"].get(seat, []))]
        public["private_log"] = [dict(e) for e in state.get("private_log", {}).get(seat, [])]
        if special is not None:
            public.update(special.private_view(state, seat))
    return public


def grouped_view(state, seat: str, powers: list[str]) -> dict[str, Any]:
    """The view of a seat holding several powers (§3.1): each power's hand with the power
    marked on its cards, their private logs, and each power's own phase view (lists such as
    the proposals joined; any other key: the first power's)."""
    out = view(state, None)
    out["seat"] = seat
    out["hand"] = [{**_card(n), "power": p} for p in powers
                   for n in sorted(state["hands"].get(p, []))]
    out["private_log"] = [dict(e) for p in powers
                          for e in state.get("private_log", {}).get(p, [])]
    special = _phase_views.get(state["phase"])
    for p in powers if special is not None else ():
        for key, value in special.private_view(state, p).items():
            if isinstance(value, list) and isinstance(out.get(key), list):
                out[key] += [v for v in value if v not in out[key]]   # shared proposals once
            else:
                out.setdefault(key, value)
    return out


def secrets(state) -> dict[str, set[str]]:
    """Card names in each hand (home cards excepted: everyone knows who holds them)."""
    out: dict[str, set[str]] = {}
    for power, hand in state["hands"].items():
        names = set()
        for n in hand:
            c = facts.card(n)
            if c.type != "home":
                names.add(c.name_en)
        out[power] = names
    # a card in one hand may share its name with nothing else; discard names are public, so
    # drop names that are public anyway (duplicates never occur: every card is unique)
    for power, names in diet_of_worms.secrets(state).items():   # sealed Diet of Worms cards
        out.setdefault(power, set()).update(names)
    return out
