"""Invariants of the New World (§20), checked by `invariants.problems` (`Rules.validate`).

Each check returns English problem lines (empty when sound):

* markers (§20, L1523, L1529, L1563): every "Crossing Atlantic" marker is England's,
  France's or the Hapsburgs' and a known one; a power has at most one of each action's
  markers that counts toward the once-per-turn limit, there or on the turn track (the
  free ones of *Sebastian Cabot* and *Potosí* aside);
* colonies (§20.1 L1523): at most 2 for England and France, 3 for the Hapsburgs, crossing
  ones included; each colony marker used once, by its own power (Potosí by anyone), never
  one that left the game;
* explorers and conquistadors (§20.2, §20.3): each explorer in at most one place (on a
  discovery, out of the game, crossing — outside phase 8, whose markers keep their
  explorer's name to its end; else in the pool) but the strait's finder lost on his way
  round the world, out of the game with his counter left on the strait (L1543), its own
  power's; each conquistador or
  conquerors marker used at most as often as its power has it;
* discoveries and conquests (§20.2 L1537-1545, §20.3 L1567): each claimed at most once
  (the record is one owner per token) by a New World power, known tokens only; the
  circumnavigation only after the Pacific Strait; a depleted conquest is a conquest; the
  explorer or conquistador named for a claim is its power's;
* VP (§23.2 L1948): the bonus VP a power holds for the New World equal those of its
  discoveries, circumnavigation and conquests (`phase.claimed_vp`).

Rules: none (checks of a well-formed state, Rules.validate)
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from games.here_i_stand.catalog import load_pieces, load_tables
from games.here_i_stand.new_world import actions as A
from games.here_i_stand.new_world import phase

State = dict[str, Any]
#: Phase 8: its voyages keep the name of their explorer or conquistador on their marker
#: after he has found something or been lost, until the phase ends (`phase._run`).
NEW_WORLD_PHASE = "new_world"
#: The markers of each New World action on "Crossing Atlantic" (`actions.ACTIONS`).
MARKERS = tuple(marker for _, marker in A.ACTIONS.values())


def problems(state: State) -> list[str]:
    """Every New World invariant broken by `state` (empty when it is sound)."""
    out: list[str] = []
    for check in (markers, colonies, explorers, claims, victory_points):
        out.extend(check(state))
    return out


def _copy(state: State) -> State:
    """`state` with its own New World record (`actions.world` fills in missing keys)."""
    return dict(state, new_world=dict(state["new_world"]))


def _nw(state: State) -> dict[str, Any]:
    return A.world(_copy(state))


def markers(state: State) -> list[str]:
    """Known markers of the three powers; one counted marker per action and power."""
    nw = _nw(state)
    out = []
    counted: Counter[tuple[str, str]] = Counter()
    for where in ("crossing_atlantic", "turn_track"):
        for item in nw[where]:
            power, marker = item.get("power"), item.get("marker")
            if power not in A.POWERS or marker not in MARKERS:
                out.append(f"bad New World marker {item!r} in {where} (§20)")
            elif not item.get("free"):
                counted[(str(power), str(marker))] += 1
    out += [f"{power} has {n} {marker} markers this turn, one at most (§20, L1529, L1563)"
            for (power, marker), n in sorted(counted.items()) if n > 1]
    return out


def colonies(state: State) -> list[str]:
    """Colony limits (L1523) and colony markers used once, by their power."""
    nw = _nw(state)
    out = []
    limits = load_tables().data["new_world"]["colony_limits"]
    names = load_pieces().colonies
    for power in A.POWERS:
        n = sum(1 for c in nw["colonies"] if c.get("power") == power) + sum(
            1 for i in nw["crossing_atlantic"]
            if i.get("power") == power and i.get("marker") == "colony")
        if n > limits[power]:
            out.append(f"{power} has {n} colonies, more than its limit {limits[power]} "
                       "(§20.1 L1523)")
    used = [(c.get("power"), c.get("name")) for c in nw["colonies"]]
    used += [(i.get("power"), i.get("name")) for i in nw["crossing_atlantic"]
             if i.get("marker") == "colony" and i.get("name")]
    twice = sorted(name for name, k in Counter(n for _, n in used).items() if k > 1)
    if twice:
        out.append(f"colony markers used twice (§20.1): {twice}")
    for power, name in used:
        if power not in A.POWERS:
            out.append(f"a colony of {power!r}, which has none (§20.1)")
        elif name not in names.get(power, ()) + names.get("any", ()):
            out.append(f"{power} has the colony {name!r}, not one of its markers (§20.1)")
        elif name in nw["colony_markers_removed"].get(power, ()):
            out.append(f"{power}'s colony marker {name!r} is out of the game yet used (§20.1)")
    return out


def explorers(state: State) -> list[str]:
    """Each explorer in one place at most; conquistadors within their counts."""
    nw = _nw(state)
    pieces = load_pieces()
    out = []
    where: dict[str, list[str]] = {}
    used: Counter[str] = Counter()
    for power, pids in nw["placed"].items():
        for pid in pids:
            (where.setdefault(pid, []).append(f"placed by {power}")
             if pid in pieces.explorers else used.update([pid]))
    for power, pids in nw["removed_explorers"].items():
        for pid in pids:
            where.setdefault(pid, []).append(f"removed from {power}")
    for power, pids in nw["removed_conquistadors"].items():
        used.update(pids)
    for item in nw["crossing_atlantic"] if state["phase"] != NEW_WORLD_PHASE else ():
        if item.get("explorer"):
            where.setdefault(item["explorer"], []).append(f"crossing for {item.get('power')}")
        if item.get("conquistador"):
            used.update([item["conquistador"]])
    strait = nw["found_by"].get("pacific_strait")
    for pid, places in sorted(where.items()):
        piece = pieces.explorers.get(pid)
        if piece is None:
            out.append(f"unknown explorer {pid!r} (§20.2)")
            continue
        if pid == strait and sorted(p.split()[0] for p in places) == ["placed", "removed"]:
            pass                # lost round the world, his counter left on the strait (L1543)
        elif len(places) > 1:
            out.append(f"explorer {pid} in two places (§20.2): {places}")
        if any(not p.endswith(f" {piece.power}") for p in places):
            out.append(f"explorer {pid} of {piece.power} held by another power: {places}")
    for pid, n in sorted(used.items()):
        piece = pieces.conquistadors.get(pid)
        if piece is None:
            out.append(f"unknown conquistador {pid!r} (§20.3)")
        elif n > piece.count:
            out.append(f"conquistador {pid} used {n} times, {piece.count} at most (§20.3)")
    return out


def claims(state: State) -> list[str]:
    """Discoveries and conquests: known tokens, New World owners, the strait before the
    circumnavigation, depleted conquests conquered, their finders their owners'."""
    nw = _nw(state)
    table = load_tables().data["new_world"]
    known = {"discoveries": {d["id"] for d in table["exploration"]["discoveries"]}
             | {"circumnavigation"},
             "conquests": {c["id"] for c in table["conquest"]["conquests"]}}
    pieces = load_pieces()
    out = []
    for what, tokens in known.items():
        for token, power in sorted(nw[what].items()):
            if token not in tokens or power not in A.POWERS:
                out.append(f"bad New World claim {token}: {power} in {what} (§20)")
            pid = nw["found_by"].get(token)
            piece = pieces.explorers.get(pid) or pieces.conquistadors.get(pid) if pid else None
            if pid and (piece is None or piece.power != power):
                out.append(f"{token} of {power} found by {pid}, not one of its own (§20)")
    if "circumnavigation" in nw["discoveries"] and "pacific_strait" not in nw["discoveries"]:
        out.append("the world was sailed round before the Pacific Strait was found "
                   "(§20.2 L1543)")
    stray = sorted(set(nw["found_by"]) - set(nw["discoveries"]) - set(nw["conquests"]))
    if stray:
        out.append(f"finders of claims nobody holds (§20): {stray}")
    depleted = sorted(set(nw["depleted"]) - set(nw["conquests"]))
    if depleted:
        out.append(f"depleted conquests that were never conquered (§20.4): {depleted}")
    return out


def victory_points(state: State) -> list[str]:
    """The New World's bonus VP equal their claims (`phase.claimed_vp`, §23.2 L1948)."""
    keys = set(phase.vp_keys())
    want = phase.claimed_vp(_copy(state))
    out = []
    for power, sources in sorted(state["bonus_vp"].items()):
        held = {k: v for k, v in sources.items() if k in keys}
        if held != want.get(power, {}):
            out.append(f"{power}'s New World VP {held} differ from its claims "
                       f"{want.get(power, {})} (§23.2)")
    return out
