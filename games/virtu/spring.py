"""Spring: the action marker on the palace wheel and the six actions (§5, L436–813).

Rules: §5.1, §5.2, §5.3, §5.4
"""
from __future__ import annotations

from typing import Any

from engine.contract import IllegalOrder, Reason, State
from engine.options import OneOf, Option
from games.virtu.common import log, moved_on_track, take
from games.virtu.kit import Kit
from games.virtu.palace import (cities_of, free_slot, room_action, sources, spend,
                                sync_spaces)
from games.virtu.setup import ROOMS

Order = dict[str, Any]


# ------------------------------------------------------------------ the marker (§5.1)
def move_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """First Spring: any Room (L442).  Later: 1 or 2 Rooms free; before moving, 2 florins
    once per Spring (``STEP``) and each Arrow taken (``USE <source>:arrow``) add a Room
    (L446–455), at most the full circle."""
    player = state["players"][seat]
    if player["marker"] is None:
        return [Option.of("PLACE", room=OneOf(tuple(range(1, ROOMS + 1))))]
    reach = max_steps(state, seat)
    options = [Option.of("MOVE", steps=OneOf(tuple(range(1, reach + 1))))]
    if reach < ROOMS:
        if "extra_step" not in player["year_flags"] \
                and player["florins"] >= kit.constant("costs", "extra_step_florins"):
            options.append(Option.of("STEP"))
        arrows = tuple(f"{src}:arrow" for src, r, _ in sources(state, kit, seat, action=None)
                       if r == "arrow")
        options.append(Option.of("USE", source=OneOf(arrows)))
    return [o for o in options if o.count()]


def max_steps(state: State, seat: str) -> int:
    """2 free, +1 for the florins paid, +1 per Arrow taken (L446–455)."""
    extra = ("extra_step" in state["players"][seat]["year_flags"]) + state["pool"].get("arrow", 0)
    return min(2 + extra, ROOMS)


def apply_move(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Pay for a further Room, or move the marker and refresh a side's courtiers when its
    arrow is passed (L457); Arrows left over are lost (L404)."""
    player = state["players"][seat]
    if order["verb"] == "STEP":
        player["florins"] -= kit.constant("costs", "extra_step_florins")
        player["year_flags"].append("extra_step")
        log(state, "extra_step", seat=seat)
        return
    if order["verb"] == "USE":
        use(state, kit, seat, order["source"], action=None)
        return
    if order["verb"] == "PLACE":
        player["marker"] = order["room"] - 1
        player["passed"] = [player["marker"]]
        log(state, "place_marker", seat=seat, room=order["room"])
    else:
        steps, start = order["steps"], player["marker"]
        state["pool"].pop("arrow", None)
        player["spent"] = []
        palace_arrows = kit["palaces"]["palaces"][seat]["arrows"]
        for k in range(steps):
            boundary = (start + k) % ROOMS
            for side, after in palace_arrows.items():
                if after == boundary:
                    refresh_side(player, side[0])
        player["marker"] = (start + steps) % ROOMS
        player["passed"] = [(start + k) % ROOMS for k in range(1, steps + 1)]
        log(state, "move_marker", seat=seat, steps=steps, room=player["marker"] + 1)
    state["ask"] = {"kind": "act", "seat": seat}


def refresh_side(player: dict[str, Any], side: str) -> None:
    """Every courtier on that side flips to "resources available" (L457–459)."""
    for slot, held in player["courtiers"].items():
        if held and slot.startswith(side):
            held["used"] = False


# ------------------------------------------------------------------ the action (§5.2)
def current_action(state: State, kit: Kit, seat: str) -> str:
    player = state["players"][seat]
    return room_action(kit, seat, player, player["marker"])


def blocked(state: State, kit: Kit, seat: str) -> bool:
    """An Indulgence (L508) or an enemy Agent (L759) in the Room stops its action."""
    room = state["players"][seat]["rooms"][state["players"][seat]["marker"]]
    return room["indulgence"] or room["agent"] not in (None, seat)


def act_options(state: State, kit: Kit, seat: str) -> list[Option]:
    player = state["players"][seat]
    action = current_action(state, kit, seat)
    pool = state["pool"]
    options = [Option.of("DONE")]
    war = kit.constant("costs", "war_symbol_florins")
    uses = tuple(f"{src}:{r}" for src, r, n in sources(state, kit, seat, action=action,
                                                        extra=unblock_extra(state, seat))
                 if r != "war" or action != "military" or player["florins"] >= war * n)
    if uses:
        options.append(Option.of("USE", source=OneOf(uses)))
    room = player["rooms"][player["marker"]]
    if indulgence_open(state, seat):
        options.append(Option.of("INDULGENCE", take=OneOf(("crown", "florins"))))
    ways = tuple(w for w, n in kit.constant("costs", "indulgence_remove").items()
                 if pool.get(w, 0) >= n)
    if ways:
        options.append(Option.of("UNBLOCK", room=OneOf(indulgences_passed(state, seat)),
                                 pay=OneOf(ways)))
    if room["agent"] not in (None, seat) and action == "intrigue" \
            and pool.get("mask", 0) >= kit.constant("costs", "agent_remove_masks"):
        options.append(Option.of("EXPEL", target=OneOf((f"room_{seat}_{player['marker'] + 1}",))))
    if not blocked(state, kit, seat):
        options += ACTION_OPTIONS[action](state, kit, seat)
    return [o for o in options if o.count()]


def apply_act(state: State, kit: Kit, seat: str, order: Order) -> None:
    player = state["players"][seat]
    verb = order["verb"]
    action = current_action(state, kit, seat)
    if verb == "USE":
        use(state, kit, seat, order["source"], action=action)
    elif verb == "INDULGENCE":
        request_indulgence(state, kit, seat, order["take"])
    elif verb == "UNBLOCK":
        take(state["pool"], {order["pay"]: kit.constant("costs", "indulgence_remove")[order["pay"]]})
        player["rooms"][order["room"] - 1]["indulgence"] = False
        state["supply"]["indulgences"] += 1
        log(state, "unblock", seat=seat, room=order["room"])
    elif verb == "DONE":
        end_turn(state, seat)
    else:
        ACTION_APPLY[verb](state, kit, seat, order)


def indulgences_passed(state: State, seat: str) -> tuple[int, ...]:
    """Rooms (1-5) the marker passed through or stopped in this turn that hold an Indulgence:
    each may be removed for 1 Cross or 2 Crowns (L532–545)."""
    player = state["players"][seat]
    return tuple(n + 1 for n in player["passed"] if player["rooms"][n]["indulgence"])


def unblock_extra(state: State, seat: str) -> tuple[str, ...]:
    """Crosses and Crowns may be taken to remove an Indulgence on the way (L543)."""
    return ("cross", "crown") if indulgences_passed(state, seat) else ()


def use(state: State, kit: Kit, seat: str, token: str, *, action: str | None) -> None:
    """Take one resource type from one source (L412): florins from a courtier or token go to
    the treasury (cashing, L400), florins of the Room's cards only pay this action (L402);
    War symbols become "+1 Military bonus" tokens, their florins paid at once (L699–707)."""
    source, _, resource = token.partition(":")
    extra = unblock_extra(state, seat) if action is not None else ()
    found = [n for s, r, n in sources(state, kit, seat, action=action, extra=extra)
             if s == source and r == resource]
    if not found:
        raise IllegalOrder(f"{token} cannot pay now", code="cannot_pay", params={"source": token})
    player = state["players"][seat]
    amount = found[0]
    cashing = resource == "florin" and source not in ("card", "upgrade")
    spend(state, seat, source)
    if cashing:
        player["florins"] += amount
    elif resource == "war" and action == "military":
        player["florins"] -= kit.constant("costs", "war_symbol_florins") * amount
        player["war"] += amount
    else:
        state["pool"][resource] = state["pool"].get(resource, 0) + amount
    log(state, "use", seat=seat, source=source, symbols={resource: amount})


def indulgence_open(state: State, seat: str) -> bool:
    """Once a Year, in Spring or Winter, while the Room under the marker holds none and the
    stack has one (L514, L1166, ruling R9)."""
    player = state["players"][seat]
    return ("indulgence" not in player["year_flags"] and bool(state["supply"]["indulgences"])
            and player["marker"] is not None
            and not player["rooms"][player["marker"]]["indulgence"])


def request_indulgence(state: State, kit: Kit, seat: str, how: str) -> None:
    """Once a Year: 1 Crown for the action now, or 3 florins (L516–522); the card goes into
    the Room under the marker (L504, L1170)."""
    player = state["players"][seat]
    player["year_flags"].append("indulgence")
    state["supply"]["indulgences"] -= 1
    player["rooms"][player["marker"]]["indulgence"] = True
    if how == "crown":
        state["pool"]["crown"] = state["pool"].get("crown", 0) + kit.constant("costs",
                                                                              "indulgence_crowns")
    else:
        player["florins"] += kit.constant("costs", "indulgence_florins")
    log(state, "indulgence", seat=seat, take=how)


def end_turn(state: State, seat: str) -> None:
    """Unused resources are lost (L404); the next player acts, or Spring ends."""
    state["pool"] = {}
    state["players"][seat]["spent"] = []
    state["players"][seat]["passed"] = []
    log(state, "end_turn", seat=seat)
    state["ask"] = None


# ------------------------------------------------------------------ Governance (L555–571)
def govern_options(state: State, kit: Kit, seat: str) -> list[Option]:
    player, pool = state["players"][seat], state["pool"]
    paid = pool.get("crown", 0) + pool.get("cross", 0) + pool.get("refresh", 0)
    if not paid:
        return []
    tokens = tuple(t for t, used in player["domain"].items()
                   if used and t not in player["spent"])
    options = [Option.of("REFRESH", token=OneOf(tokens))]
    if pool.get("crown", 0) + pool.get("cross", 0):
        powers = tuple(p for p, a in state["alliances"].items()
                       if a["holder"] == seat and not a["active"])
        options.append(Option.of("REACTIVATE", power=OneOf(powers)))
    return options


def _pay_crown_or_cross(pool: dict[str, int]) -> None:
    take(pool, {"crown_or_cross": 1})


def apply_refresh(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Each Crown or Cross flips up to 2 Domain tokens back (L561); never one that paid for
    this Governance (L569)."""
    pool = state["pool"]
    if not pool.get("refresh"):
        _pay_crown_or_cross(pool)
        pool["refresh"] = kit.constant("costs", "refresh_tokens_per_symbol")
    pool["refresh"] -= 1
    if not pool["refresh"]:
        del pool["refresh"]
    state["players"][seat]["domain"][order["token"]] = False
    log(state, "refresh", seat=seat, token=order["token"])


def apply_reactivate(state: State, kit: Kit, seat: str, order: Order) -> None:
    """1 Crown or Cross moves the Alliance disc back to the left cell (L565, L1129)."""
    _pay_crown_or_cross(state["pool"])
    state["alliances"][order["power"]]["active"] = True
    log(state, "reactivate", seat=seat, power=order["power"])


# ------------------------------------------------------------------ Patronage (L575–621)
def patron_cost(state: State, kit: Kit, seat: str) -> dict[str, int] | None:
    """The next step's cost (L587), Michelangelo's free Crown off it (L613); None at the end
    of the track or once this Year (L583)."""
    player = state["players"][seat]
    steps = kit["patronage"]["steps"]
    if player["patronage"] >= len(steps) or "patronage" in player["year_flags"]:
        return None
    cost = dict(steps[player["patronage"]]["cost"])
    if "michelangelo" in player["bonuses"]:
        if cost.get("crown"):
            cost["crown"] -= 1
        elif cost.get("crown_or_cross"):
            cost["crown_or_cross"] -= 1
    return cost


def patron_options(state: State, kit: Kit, seat: str) -> list[Option]:
    cost = patron_cost(state, kit, seat)
    if cost is None:
        return []
    pool = dict(state["pool"])
    pool["florin"] = pool.get("florin", 0) + state["players"][seat]["florins"]
    return [Option.of("PATRON")] if take(pool, cost) else []


def apply_patron(state: State, kit: Kit, seat: str, order: Order) -> None:
    """One step up the Patronage track; a bonus at steps 2 and 4 (L589)."""
    player = state["players"][seat]
    cost = patron_cost(state, kit, seat) or {}
    pool = state["pool"]
    from_pool = min(pool.get("florin", 0), cost.get("florin", 0))
    player["florins"] -= cost.get("florin", 0) - from_pool
    take(pool, {**cost, "florin": from_pool})
    player["patronage"] += 1
    player["year_flags"].append("patronage")
    log(state, "patron", seat=seat, step=player["patronage"])
    if kit["patronage"]["steps"][player["patronage"] - 1]["bonus"] and bonus_choices(state, kit,
                                                                                      seat):
        state["ask"] = {"kind": "bonus", "seat": seat, "then": "act"}


def bonus_choices(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """Face-up bonuses; the second must be of the other kind (L593–603); Machiavelli needs a
    free courtier space (L620)."""
    player = state["players"][seat]
    bonuses = kit["patronage"]["bonuses"]
    kinds = {bonuses[b]["kind"] for b in player["bonuses"]}
    return tuple(b for b in state["supply"]["bonuses"] if bonuses[b]["kind"] not in kinds
                 and (bonuses[b]["place"] != "courtier" or free_slot(player)))


def apply_bonus(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Take the bonus: beside the palace, Machiavelli on a courtier space, the Cannons into
    the Domain (L607, L620–621); The Prince brings an Agent (L612) and Copernicus and The
    Prince a courtier space (L611–612)."""
    player = state["players"][seat]
    bonus = order["bonus"]
    state["supply"]["bonuses"].remove(bonus)
    player["bonuses"].append(bonus)
    place = kit["patronage"]["bonuses"][bonus]["place"]
    if place == "courtier":
        player["courtiers"][free_slot(player)] = {"card": bonus, "used": False}
    elif place == "domain":
        player["domain"][bonus] = False
    if bonus == "prince":
        gain_agent(state, kit, seat)
    sync_spaces(state, kit, seat)
    log(state, "bonus", seat=seat, bonus=bonus)
    state["ask"] = {"kind": "act", "seat": seat}


def gain_agent(state: State, kit: Kit, seat: str) -> None:
    """+1 Agent, at most 5 (L737, L1093)."""
    player = state["players"][seat]
    player["agents"] = min(player["agents"] + 1, kit.constant("supplies", "agents_max"))


# ------------------------------------------------------------------ Trade (L623–631)
def trade_options(state: State, kit: Kit, seat: str) -> list[Option]:
    return [Option.of("SELL")] if state["pool"].get("ship") else []


def apply_sell(state: State, kit: Kit, seat: str, order: Order) -> None:
    """2 florins from the supply for each Ship paid (L627)."""
    take(state["pool"], {"ship": 1})
    state["players"][seat]["florins"] += kit.constant("costs", "trade_florins_per_ship")
    log(state, "sell", seat=seat)


# ------------------------------------------------------------------ Diplomacy (L633–667)
def stability(state: State, kit: Kit, city: str, seat: str) -> int:
    """Base stability, -1 with `seat`'s Agent there, +1 with another player's Agent in a
    neutral city (L647, L775–779)."""
    base = kit.city(city)["stability"]
    agent = state["cities"][city]["agent"]
    if agent == seat:
        return base - 1
    if agent is not None and state["cities"][city]["owner"] is None:
        return base + 1
    return base


def road_linked(state: State, kit: Kit, city: str, seat: str) -> bool:
    roads = kit.roads(state["side"])
    return any(state["cities"].get(n, {}).get("owner") == seat for n in roads[city])


def sea_cost(state: State, kit: Kit, city: str, seat: str) -> int | None:
    """Fewest Ships from one of `seat`'s ports to the port `city` (L653), None: no route."""
    costs = [kit.sea_distance(own, city) for own in cities_of(state, seat)]
    found = [c for c in costs if c is not None]
    return min(found) if found else None


def annex_cost(state: State, kit: Kit, city: str, seat: str) -> dict[str, int] | None:
    """Crowns strictly more than the modified stability (L645), plus Ships by sea (L653)."""
    crowns = stability(state, kit, city, seat) + 1
    if road_linked(state, kit, city, seat):
        return {"crown": crowns}
    ships = sea_cost(state, kit, city, seat)
    return None if ships is None else {"crown": crowns, "ship": ships}


def diplomacy_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """A neutral, non-pirate city (L637, L661), one per action (ruling R4)."""
    if "annexed" in state["players"][seat]["year_flags"]:
        return []
    targets = []
    for city, v in state["cities"].items():
        if v["owner"] is None and not kit.city(city)["pirate"]:
            cost = annex_cost(state, kit, city, seat)
            if cost and take(dict(state["pool"]), cost):
                targets.append(city)
    return [Option.of("ANNEX", city=OneOf(tuple(targets)))]


def apply_annex(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Disc on the city, its token into the Domain available side, +1 on the Cities track
    (L649)."""
    city = order["city"]
    take(state["pool"], annex_cost(state, kit, city, seat) or {})
    state["cities"][city]["owner"] = seat
    state["players"][seat]["domain"][state["supply"]["city_tokens"][city]] = False
    state["players"][seat]["year_flags"].append("annexed")
    moved_on_track(state, kit, seat)
    log(state, "annex", seat=seat, city=city)


# ------------------------------------------------------------------ Military (L669–707)
def legs(state: State, kit: Kit, seat: str) -> list[tuple[str, str, dict[str, int]]]:
    """Every one-Troop move: 1 Cavalry along a road (L681), 1 Ship per sea (L685), from a city
    `seat` controls (a Troop that began a siege has stopped, L691)."""
    roads = kit.roads(state["side"])
    found = []
    for here, n in state["troops"][seat].items():
        if not n or state["cities"][here]["owner"] != seat:
            continue
        for there in roads[here]:
            if there in state["cities"]:
                found.append((here, there, {"cavalry": 1}))
        for there in state["cities"]:
            ships = kit.sea_distance(here, there) if there != here else None
            if ships is not None:
                found.append((here, there, {"ship": ships}))
    return found


def military_options(state: State, kit: Kit, seat: str) -> list[Option]:
    routes = tuple(sorted({f"{a}-{b}" for a, b, cost in legs(state, kit, seat)
                           if take(dict(state["pool"]), cost)}))
    return [Option.of("MARCH", route=OneOf(routes))]


def apply_march(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Move one Troop one leg; entering a city it does not control it stops and besieges
    (L691–697)."""
    here, _, there = order["route"].partition("-")
    cost = min((c for a, b, c in legs(state, kit, seat) if a == here and b == there),
               key=lambda c: sorted(c.items()))
    take(state["pool"], cost)
    troops = state["troops"][seat]
    troops[here] -= 1
    if not troops[here]:
        del troops[here]
    troops[there] = troops.get(there, 0) + 1
    besieging = state["cities"][there]["owner"] != seat
    log(state, "march_siege" if besieging else "march", seat=seat, start=here, to=there)


# ------------------------------------------------------------------ Intrigue (L711–729)
def agent_spots(state: State, seat: str) -> dict[str, str | None]:
    """Every place an Agent may stand, with the Agent there (L743)."""
    spots: dict[str, str | None] = {f"city_{c}": v["agent"] for c, v in state["cities"].items()}
    for owner, player in state["players"].items():
        for n, room in enumerate(player["rooms"], start=1):
            spots[f"room_{owner}_{n}"] = room["agent"]
    for power, ally in state["alliances"].items():
        spots[f"ally_{power}"] = ally["agent"]
    return spots


def spot_owner(state: State, spot: str) -> str | None:
    kind, _, rest = spot.partition("_")
    if kind == "city":
        return state["cities"][rest]["owner"]
    if kind == "room":
        return rest.rsplit("_", 1)[0]
    return state["alliances"][rest]["holder"]


def placed_agents(state: State, seat: str) -> list[str]:
    return [s for s, a in agent_spots(state, seat).items() if a == seat]


def intrigue_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """1 Mask: place or move an Agent where none of yours is and none stands (L721–743),
    never where The Prince protects (L612); 2 Masks: remove an opponent's (ruling R3)."""
    pool = state["pool"]
    options = []
    if pool.get("mask", 0) >= 1:
        placed = placed_agents(state, seat)
        froms = (("supply",) if state["players"][seat]["agents"] > len(placed) else ()) + tuple(
            placed)
        targets = tuple(s for s, a in agent_spots(state, seat).items()
                        if a is None and not _protected(state, s, seat))
        if froms and targets:
            options.append(Option.of("AGENT", source=OneOf(froms), target=OneOf(targets)))
    if pool.get("mask", 0) >= kit.constant("costs", "agent_remove_masks"):
        enemies = tuple(s for s, a in agent_spots(state, seat).items() if a not in (None, seat))
        options.append(Option.of("EXPEL", target=OneOf(enemies)))
    return options


def _protected(state: State, spot: str, seat: str) -> bool:
    owner = spot_owner(state, spot)
    return owner not in (None, seat) and "prince" in state["players"][owner]["bonuses"]


def set_agent(state: State, spot: str, agent: str | None) -> None:
    kind, _, rest = spot.partition("_")
    if kind == "city":
        state["cities"][rest]["agent"] = agent
    elif kind == "room":
        owner, _, n = rest.rpartition("_")
        state["players"][owner]["rooms"][int(n) - 1]["agent"] = agent
    else:
        state["alliances"][rest]["agent"] = agent


def apply_agent(state: State, kit: Kit, seat: str, order: Order) -> None:
    take(state["pool"], {"mask": 1})
    if order["source"] != "supply":
        set_agent(state, order["source"], None)
    set_agent(state, order["target"], seat)
    log(state, "agent", seat=seat, target=order["target"])


def apply_expel(state: State, kit: Kit, seat: str, order: Order) -> None:
    """The removed Agent goes back to its owner (L753)."""
    take(state["pool"], {"mask": kit.constant("costs", "agent_remove_masks")})
    owner = agent_spots(state, seat)[order["target"]]
    set_agent(state, order["target"], None)
    log(state, "expel", seat=seat, target=order["target"], owner=owner)


ACTION_OPTIONS = {"govern": govern_options, "patronage": patron_options,
                  "trade": trade_options, "diplomacy": diplomacy_options,
                  "military": military_options, "intrigue": intrigue_options}
#: The verbs of each Room action's deeds (ORDERS.md), to say why one is refused elsewhere.
ACTION_VERBS = {"govern": ("REFRESH", "REACTIVATE"), "patronage": ("PATRON",),
                "trade": ("SELL",), "diplomacy": ("ANNEX",), "military": ("MARCH",),
                "intrigue": ("AGENT", "EXPEL")}
ACTION_APPLY = {"REFRESH": apply_refresh, "REACTIVATE": apply_reactivate,
                "PATRON": apply_patron, "SELL": apply_sell, "ANNEX": apply_annex,
                "MARCH": apply_march, "AGENT": apply_agent, "EXPEL": apply_expel}


def deed_bar(state: State, kit: Kit, seat: str, verb: str) -> Reason | None:
    """Why a deed `verb` is not offered at `seat`'s action (§5.1, L467–469): it belongs to
    another Room's action than the one under the marker (the Room's card's, if one lies
    there), or the Room is blocked by an Indulgence (L508) or an enemy Agent (L759)."""
    action = next((a for a, verbs in ACTION_VERBS.items() if verb in verbs), None)
    if action is None:
        return None
    room, current = state["players"][seat]["marker"] + 1, current_action(state, kit, seat)
    if action != current:
        return Reason(f"{verb} is an order of {action}; your marker is in Room {room}, whose "
                      f"action is {current} (L467)", "other_room", verb=verb, action=action, room=room,
                      current=current)
    if blocked(state, kit, seat):
        return Reason(f"Room {room} is blocked by an Indulgence or an enemy Agent: its action "
                      f"{current} cannot be performed (L508, L759)", "room_blocked", room=room,
                      current=current)
    return None
