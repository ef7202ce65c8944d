"""Invariants of a Here I Stand state (`Rules.validate`): what holds after every entry.

Each check returns English problem lines (empty when sound), naming the rule it guards:

* cards (§6): every card in at most one place (deck, discard pile, removed, home cards used,
  cards in play, hands), known numbers only, home cards only with their owner and always in
  its hand or used (§6.1 L321), every card of the deck that has entered the game somewhere
  and none in play before its turn or outside its scenario (§6.2); there is no hand limit to
  check (§6: a hand holds what the draw and the events gave it);
* units (§5): no negative or non-integer counts, each power's counters within its counter
  mix (§5.2: land counters shared by regulars, mercenaries and cavalry; naval ones by
  squadrons and corsairs), land units only in land spaces and naval units only where a
  squadron may be (a sea zone or a port);
* denominations (§5.2): every land stack can be shown with its owner's counters;
* markers (§2.2, §2.4): control only by a power, only where it differs from the home power
  (the schema); religion only ``protestant``; spaces and sea zones of the map only;
  a power that holds its automatic-victory keys with none in unrest has won (§23.1);
* leaders (§5.1): each leader in at most one place (a space, a captor's box, a foreign war's
  card, off the map until the next turn); no stacking limit to check (§5.1 limits the units an army *moves*, which the move checks);
* religious figures (§8.2): each debater once, on its own side or out; a reformer on the
  map or out, not both;
* sieges (§15): a besieged space is fortified and its besieger has land units there; at most
  4 land units inside the fortifications (§13.4 L796, §14.1 L888, §15.2 L949);
* VP (§23.2): no negative VP source, and the final scores are the sum of their sources.

Rules: none (checks of a well-formed state, Rules.validate)
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from games.here_i_stand import counter_mix, facts, siege
from games.here_i_stand.catalog import load_cards
from games.here_i_stand import state as S
from games.here_i_stand.phases import card_draw, victory
from games.here_i_stand.new_world import invariants as new_world

State = dict[str, Any]

#: The control marker of independent spaces (§2.2: Malta in 1532, ...).
INDEPENDENT = "independent"
#: Phases that come before this turn's deal (§7): the new cards have not entered yet.
BEFORE_DEAL = ("setup", "luther_95_theses", "card_draw")
#: Land units that fit inside fortifications (§13.4 L796, §14.1 L888, §15.2 L949).
FORTRESS_HOLDS = 4


def problems(state: State) -> list[str]:
    """Every invariant broken by `state` (empty when it is sound)."""
    out: list[str] = []
    for check in (cards, units, denominations, markers, leaders, religious_figures, sieges,
                  victory_points):
        out.extend(check(state))
    out.extend(new_world.problems(state))       # §20: new_world/invariants.py
    return out


# ---------------------------------------------------------------- cards (§6)
def _places(state: State) -> Iterable[tuple[str, list[int]]]:
    yield "deck", state["deck"]
    yield "discard", state["discard"]
    yield "removed", state["removed"]
    yield "home_used", state["home_used"]
    yield "cards_in_play", state["cards_in_play"]
    for power, hand in state["hands"].items():
        yield f"hand of {power}", hand


def cards(state: State) -> list[str]:
    """Every card in exactly one place (§6.2); home cards with their owner (§6.1)."""
    out = []
    where: dict[int, list[str]] = {}
    for place, pile in _places(state):
        for n in pile:
            where.setdefault(n, []).append(place)
    out.extend(f"card {n} in two places (§6.2): {places}"
               for n, places in sorted(where.items()) if len(places) > 1)
    known = {c.number for c in load_cards().cards}     # every edition: 1532 removes #112-113
    unknown = sorted(n for n in where if n not in known)
    if unknown:
        out.append(f"unknown card numbers (§6): {unknown}")
    for power, numbers in facts.home_cards().items():
        for n in numbers:
            for place in where.get(n, []):
                if place.startswith("hand of ") and place != f"hand of {power}":
                    out.append(f"home card {n} of {power} in the {place} (§6.1)")
    aside = set(_aside(state["phase_data"]))
    out.extend(f"card {n} entered the game and is nowhere (§6.2)"
               for n in sorted(_entered(state)) if n not in where and n not in aside)
    out.extend(f"home card {n} of {power} is nowhere (§6.1 L321: in its owner's hand or "
               "on its power card)"
               for power, numbers in facts.home_cards().items() for n in numbers
               if n not in where and n not in aside and state["phase"] not in BEFORE_DEAL)
    out.extend(f"card {n} is in play before its turn (§6.2): {where.get(n, ['aside'])}"
               for n in sorted(set(where) | aside) if n in facts.cards() and _early(state, n)
               and where.get(n) != ["removed"])
    return out


def _early(state: State, number: int) -> bool:
    """Whether main-deck card `number` may not be in the game yet: its scenario leaves it
    out, or it enters on a later turn (§6.2; the conditional cards enter by an event)."""
    c = facts.cards()[number]
    if c.deck != "main" or c.type == "home" or number in card_draw.CONDITIONAL:
        return False
    if not card_draw.eligible(number, state["scenario"]):
        return True
    return isinstance(c.enters, int) and c.enters > max(state["turn"], state["first_turn"])


def _aside(data: Any, key: str = "") -> Iterable[int]:
    """Cards a phase holds aside while it resolves them (a sealed Diet of Worms card, a card
    being played): ints under a key that names cards, anywhere in the phase's data.  A
    power's name as a key keeps its parent's meaning: ``sealed: {papacy: 15}`` is a card,
    the war declarations' ``costs: {papacy: 15}`` CP (§9.4) are not."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _aside(v, key if k in S.MAJORS else str(k))
    elif isinstance(data, list):
        for v in data:
            yield from _aside(v, key)
    elif isinstance(data, int) and not isinstance(data, bool) and (
            "card" in key or key == "sealed"):
        yield data


def _entered(state: State) -> list[int]:
    """The main-deck cards whose turn has come (unconditional ones), by this phase."""
    turn = state["turn"] - (1 if state["phase"] in BEFORE_DEAL else 0)
    return [n for n, c in facts.cards().items()
            if card_draw.eligible(n, state["scenario"]) and n not in card_draw.CONDITIONAL
            and isinstance(c.enters, int) and c.enters <= max(turn, state["first_turn"])]


# ---------------------------------------------------------------- units (§5)
def units(state: State) -> list[str]:
    """No negative counts; counter mix limits (§5.2); units where they may stand."""
    out = []
    m = S.board()
    seas = set(m.sea_zones)
    land_total: Counter[str] = Counter()
    naval_total: Counter[str] = Counter()
    for sid, rec in state["spaces"].items():
        if sid not in m.spaces and sid not in seas:
            out.append(f"units or markers on {sid!r}, which is not on the map")
            continue
        for power, counts in rec.get("units", {}).items():
            for kind, n in counts.items():
                if kind not in S.KINDS or not isinstance(n, int) or n < 0:
                    out.append(f"bad unit count {kind}={n!r} of {power} at {sid} (§5)")
            land = sum(counts.get(k, 0) for k in S.LAND)
            naval = sum(counts.get(k, 0) for k in S.NAVAL)
            if land and sid in seas:
                out.append(f"land units of {power} in the sea zone {sid} (§5)")
            if naval and sid in m.spaces and not m.spaces[sid].ports:
                out.append(f"naval units of {power} at {sid}, which is not a port (§5)")
            land_total[power] += land
            naval_total[power] += naval
    for power, limit in facts.counter_limits().items():
        if land_total[power] > limit.get("land", 10 ** 6):
            out.append(f"{power} has {land_total[power]} land units, more than its "
                       f"counters allow ({limit['land']}, §5.2)")
        if naval_total[power] > limit.get("naval", 10 ** 6):
            out.append(f"{power} has {naval_total[power]} naval units, more than its "
                       f"counters allow ({limit.get('naval')}, §5.2)")
    for elector, n in state["electorate_display"].items():
        if not isinstance(n, int) or n < 0:
            out.append(f"bad electorate display count at {elector}: {n!r} (§21.6)")
    return out


def denominations(state: State) -> list[str]:
    """Every owner's land stacks, on the map and off it, can be shown with its counters of
    value 1, 2, 4 and 6 (§5.2 L283, `counter_mix.fits`), not only its total strength:
    every split is chosen to fit (`counter_mix.choose`) and losses are trimmed."""
    owners = {p for rec in state["spaces"].values() for p in rec.get("units", {})}
    owners |= {w["power"] for w in (state.get("foreign_wars") or {}).values()}
    out = []
    for owner in sorted(owners):
        sizes = counter_mix.stacks(state, owner)
        if not counter_mix.fits(sizes, counter_mix.pool(owner)):
            out.append(f"{owner}'s land stacks {sorted(sizes, reverse=True)} cannot all be "
                       f"shown with its counters (§5.2)")
    return out


# ---------------------------------------------------------------- markers (§2.2, §2.4)
def markers(state: State) -> list[str]:
    """Control and religion markers well-formed; automatic victory not missed (§23.1)."""
    out = []
    m = S.board()
    powers = set(S.MAJORS) | set(S.MINORS) | {INDEPENDENT}
    for sid, rec in state["spaces"].items():
        if sid not in m.spaces:
            if {"control", "religion", "unrest"} & set(rec):
                out.append(f"a control, religion or unrest marker in the sea zone {sid}")
            continue
        control = rec.get("control")
        if control is not None and (control not in powers or control == m.spaces[sid].home):
            out.append(f"bad control marker {control!r} at {sid} (§2.2)")
        if rec.get("religion", "protestant") != "protestant":
            out.append(f"bad religion marker {rec['religion']!r} at {sid} (§2.3)")
    for minor, major in state["minor_allies"].items():
        if minor not in S.MINORS or major not in S.MAJORS:
            out.append(f"bad minor alliance {minor} -> {major} (§22)")
    if state["outcome"] is None and state["phase"] == "action":
        for power in S.MAJORS:
            if power == "protestant":
                continue
            keys = S.keys_controlled(state, power)
            if (len(keys) >= facts.key_track(power).auto_win_keys
                    and S.keys_in_unrest(state, power) == 0):
                out.append(f"{power} holds {len(keys)} keys, an automatic victory the game "
                           "missed (§23.1)")
    return out


# ---------------------------------------------------------------- leaders (§5.1)
def leaders(state: State) -> list[str]:
    """Each leader in at most one place: a space, a captor's box, a foreign war's card or
    off the map until the next turn (§5.1, §9.4, §21.7, §16.2).  Not "in exactly one":
    a moderator moves a leader by two edits (off one space, onto another), and each edit
    must leave a state that passes."""
    where: dict[str, list[str]] = {}
    for sid, rec in state["spaces"].items():
        for lid in rec.get("leaders", []):
            where.setdefault(lid, []).append(sid)
    for captor, held in state["captured"].items():
        for lid in held:
            where.setdefault(lid, []).append(f"captured by {captor}")
    for card, war in (state.get("foreign_wars") or {}).items():
        for lid in war["leaders"]:
            where.setdefault(lid, []).append(f"on foreign war card {card}")
    for lid in (state.get("naval_out") or {}).get("leaders", []):
        where.setdefault(lid, []).append("out until the next turn")
    return [f"leader {lid} in two places (§5.1): {places}"
            for lid, places in sorted(where.items()) if len(places) > 1]


def religious_figures(state: State) -> list[str]:
    """Each debater on its own side's list or out of the game, once; each reformer on the
    map or out of the game, not both (§8.2, §8.3)."""
    out = []
    where: dict[str, list[str]] = {}
    for side, listed in state["debaters"].items():
        for d in listed:
            where.setdefault(d["id"], []).append(side)
    for did in state["debaters_out"]:
        where.setdefault(did, []).append("out")
    known = facts.debaters()
    for did, places in sorted(where.items()):
        if len(places) > 1:
            out.append(f"debater {did} in two places (§8.2): {places}")
        side = "papacy" if did in known and known[did].side == "papal" else "protestant"
        if did not in known:
            out.append(f"unknown debater {did!r} (§8.2)")
        elif any(p not in ("out", side) for p in places):
            out.append(f"debater {did} on the wrong side (§8.2): {places}")
    out.extend(f"reformer {rid} both on the map and out of the game (§8.2)"
               for rid in sorted(set(state["reformers"]) & set(state["reformers_out"])))
    return out


# ---------------------------------------------------------------- sieges (§15)
def sieges(state: State) -> list[str]:
    """A besieged space is fortified and its besiegers have land units there (§15), with at
    most 4 land units inside.  Not during Winter: every besieger goes home then (§19.3
    L1442: units in a space their power does not control), so the sieges dissolve as the
    groups move, and `siege.refresh` clears them when the phase ends."""
    if state["phase"] == "winter":
        return []
    out = []
    besieged: dict[str, list[str]] = {}
    for sid, entry in (state.get("sieges") or {}).items():
        besieged[sid] = _besieger(entry)
    for sid, rec in state["spaces"].items():
        for key in ("siege", "besieged"):
            if rec.get(key):
                besieged.setdefault(sid, _besieger(rec[key]))
    leaving = ((state.get("phase_data") or {}).get("land_move") or {}).get("from")
    fighting = ((state.get("phase_data") or {}).get("battle") or {}).get("space")
    for sid, by in sorted(besieged.items()):
        if sid == leaving:      # settled when the move ends (`land_war.move.proceed`)
            continue
        if not S.is_fortified(sid, state):
            out.append(f"{sid} is besieged but not fortified (§15)")
        if sid == fighting:     # besiegers lost in the field: settled when the battle ends
            continue            # (§14 step 12, `land_war.move.finish`)
        out.extend(f"{power} besieges {sid} without land units there (§15)"
                   for power in by if not _land_units_of(state, sid, power))
    for sid in sorted(state.get("sieges") or {}):
        inside = siege.inside(state, sid) - _relieving(state, sid)
        if inside > FORTRESS_HOLDS:
            out.append(f"{inside} land units besieged in {sid}, more than its "
                       f"fortifications hold ({FORTRESS_HOLDS}, §13.4 L796, §14.1 L888, "
                       "§15.2 L949)")
    return out


def _land_units_of(state: State, sid: str, power: str) -> int:
    """Land units at `sid` of `power` or of a minor it has activated (§22)."""
    return sum(S.count(state, sid, p) for p in S.land_powers(state, sid)
               if S.major_of(state, p) == power or p == power)


def _relieving(state: State, sid: str) -> int:
    """The land units of an army moving into besieged `sid` whose move is still being
    resolved (interceptions, avoiding battle): a relief force, outside the walls until the
    relief battle (§15.2)."""
    move = (state.get("phase_data") or {}).get("land_move") or {}
    if move.get("to") != sid:
        return 0
    return sum(n for power, counts in move["units"].items()
               if siege.is_besieged(state, sid, power) for n in counts.values())


def _besieger(entry: Any) -> list[str]:
    """The besiegers a siege record names (`siege.begin_siege`: ``besiegers``)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        found = entry.get("besiegers") or entry.get("by") or entry.get("power") or []
        return [found] if isinstance(found, str) else list(found)
    return []


# ---------------------------------------------------------------- VP (§23.2)
def victory_points(state: State) -> list[str]:
    """No negative VP source; final scores equal the sum of their sources (§23.2)."""
    out = []
    for power, sources in state["bonus_vp"].items():
        bad = {k: v for k, v in sources.items() if not isinstance(v, int) or v < 0}
        if bad:
            out.append(f"negative bonus VP of {power} (§23.2): {bad}")
    for name, value in (("chateaux_vp", state["chateaux_vp"]),
                        ("st_peters.vp", state["st_peters"].get("vp", 0)),
                        ("piracy.vp", state["piracy"].get("vp", 0))):
        if value < 0:
            out.append(f"negative {name}: {value} (§23.2)")
    done = state["outcome"]
    if done is not None and done.get("scores"):
        parts = victory.breakdown(state)
        wrong = {p: (v, parts[p]["total"]) for p, v in done["scores"].items()
                 if parts[p]["total"] != v or parts[p]["base"] + parts[p]["special"]
                 + parts[p]["bonus"] != v}
        if wrong:
            out.append(f"final scores differ from their VP sources (§23.2): {wrong}")
    return out
