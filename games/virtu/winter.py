"""Winter: wages, reorganisation (`games.virtu.reorganise`), purchases, hiring, alliances,
each player in turn order doing every step before the next begins (§7, L972–1170).

Rules: §7.1, §7.3, §7.4, §7.5, §7.6
"""
from __future__ import annotations

from typing import Any

from engine.contract import Reason, State
from engine.options import OneOf, Option
from games.virtu.common import log, take
from games.virtu.kit import Kit
from games.virtu.palace import (cities_of, discard, free_slot, palace_cards, sources,
                                sync_spaces)
from games.virtu.reorganise import shift, shifts
from games.virtu.spring import gain_agent, indulgence_open, request_indulgence, use

Order = dict[str, Any]
STAGES = ("wages", "reorg", "buy", "hire", "ally")


def begin(state: State, kit: Kit, seat: str) -> None:
    """A player's Winter opens with the wages (L988–995), asked only when some are due."""
    state["players"][seat]["bought"] = []
    state["ask"] = {"kind": "winter", "seat": seat, "stage": STAGES[0]}
    if not wage(state, kit, seat):
        state["ask"]["stage"] = STAGES[1]


def wage(state: State, kit: Kit, seat: str) -> int:
    """0/1/2 florins for 1–2/3–4/5–6 Troops on the board (L992–994)."""
    return kit["rules"]["wages"][str(sum(state["troops"][seat].values()))]


def wage_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """Pay the wage, cash florins or take an Indulgence's 3 florins to pay it, or send a
    Troop home unpaid (L995, R14, R25)."""
    player = state["players"][seat]
    cash = tuple(f"{s}:florin" for s, r, _ in sources(state, kit, seat, action=None)
                 if r == "florin")
    found = [Option.of("PAY")] if player["florins"] >= wage(state, kit, seat) else []
    return found + [Option.of("USE", source=OneOf(cash)), *winter_indulgence(state, seat),
                    Option.of("DISMISS", city=OneOf(tuple(sorted(state["troops"][seat]))))]


def winter_indulgence(state: State, seat: str) -> list[Option]:
    """§7.6: an Indulgence in Winter, at the steps that pay (wages, purchases), for its
    3 florins: its Crown must pay for an Action (L520), and Winter has none (ruling R25)."""
    return [Option.of("INDULGENCE", take=OneOf(("florins",)))] \
        if indulgence_open(state, seat) else []


def wage_default(state: State, kit: Kit, seat: str) -> Order:
    """W1: pay in full when the treasury can (never cashing a token unasked), else send home
    a Troop of the last city in id order."""
    if state["players"][seat]["florins"] >= wage(state, kit, seat):
        return {"verb": "PAY"}
    return {"verb": "DISMISS", "city": sorted(state["troops"][seat])[-1]}


def apply_wages(state: State, kit: Kit, item: dict[str, Any], order: Order) -> None:
    seat = item["seat"]
    if order["verb"] == "PAY":
        state["players"][seat]["florins"] -= wage(state, kit, seat)
        log(state, "wages", seat=seat, florins=wage(state, kit, seat))
        state["ask"] = {**item, "stage": STAGES[1]}
    elif order["verb"] == "USE":
        use(state, kit, seat, order["source"], action=None)
    elif order["verb"] == "INDULGENCE":
        request_indulgence(state, kit, seat, order["take"])
    else:
        troops = state["troops"][seat]
        troops[order["city"]] -= 1
        if not troops[order["city"]]:
            del troops[order["city"]]
        log(state, "unpaid_troop", seat=seat, city=order["city"])
        if not wage(state, kit, seat):
            state["ask"] = {**item, "stage": STAGES[1]}


def options(state: State, kit: Kit, item: dict[str, Any]) -> list[Option]:
    seat, stage = item["seat"], item["stage"]
    if stage == "wages":
        return [o for o in wage_options(state, kit, seat) if o.count()]
    player = state["players"][seat]
    found = [Option.of("DONE")]
    uses = tuple(f"{s}:{r}" for s, r, _ in sources(state, kit, seat, action=None)
                 if r in ("florin", "crown", "cross") or stage == "ally")
    if uses and stage in ("buy", "ally"):
        found.append(Option.of("USE", source=OneOf(uses)))
    if stage == "reorg":
        found.append(Option.of("SHIFT", move=OneOf(shifts(state, kit, seat))))
        found.append(Option.of("DISCARD", slot=OneOf(tuple(
            s for s, v in player["courtiers"].items() if v))))
    elif stage == "buy":
        found.append(Option.of("BUY", item=OneOf(buyable(state, kit, seat))))
        found.append(Option.of("DISCARD", slot=OneOf(tuple(
            s for s, v in player["courtiers"].items() if v))))
        found += winter_indulgence(state, seat)
    elif stage == "hire":
        found.append(Option.of("HIRE", city=OneOf(hireable(state, kit, seat))))
    else:
        found += ally_options(state, kit, seat)
    return [o for o in found if o.count()]


def apply(state: State, kit: Kit, item: dict[str, Any], order: Order) -> None:
    seat, verb = item["seat"], order["verb"]
    if item["stage"] == "wages":
        apply_wages(state, kit, item, order)
    elif verb == "USE":
        use(state, kit, seat, order["source"], action=None)
    elif verb == "ALLY":
        ally(state, kit, seat, order["power"], order.get("less"))
    elif verb in MOVES:
        function, field = MOVES[verb]
        function(state, kit, seat, order[field])
    else:
        state["pool"] = {}
        state["players"][seat]["spent"] = []
        following = STAGES.index(item["stage"]) + 1
        if following < len(STAGES):
            state["ask"] = {**item, "stage": STAGES[following]}
        else:
            state["players"][seat]["bought"] = []
            state["ask"] = None


# ------------------------------------------------------------------ C. purchases (L1047–1097)
def price(kit: Kit, item: str) -> dict[str, int]:
    if item in kit["nobles"]["nobles"]:
        return kit["nobles"]["nobles"][item]["cost"]
    if item.startswith("cathedral_"):
        return kit["tokens"]["cathedral"]["cost"]
    return kit.token(item)["cost"]


def affordable(state: State, seat: str, cost: dict[str, int]) -> bool:
    pool = dict(state["pool"])
    pool["florin"] = pool.get("florin", 0) + state["players"][seat]["florins"]
    return take(pool, cost)


def pay(state: State, seat: str, cost: dict[str, int]) -> None:
    """Florins from the pool first, then the treasury; Crowns and Crosses from the pool."""
    pool = state["pool"]
    from_pool = min(pool.get("florin", 0), cost.get("florin", 0))
    state["players"][seat]["florins"] -= cost.get("florin", 0) - from_pool
    take(pool, {**cost, "florin": from_pool})


def buyable(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """What `seat` may buy now: nobles, titles and guilds of the supply and Cathedrals of its
    cities that `buy_bar` does not bar."""
    candidates = [n for n, left in state["supply"]["nobles"].items() if left]
    candidates += state["supply"]["titles"] + state["supply"]["guilds"]
    if state["supply"]["cathedrals"]:
        candidates += [f"cathedral_{c}" for c in cities_of(state, seat)]
    return tuple(i for i in candidates if affordable(state, seat, price(kit, i))
                 and buy_bar(state, kit, seat, i) is None)


def buy_bar(state: State, kit: Kit, seat: str, item: str) -> Reason | None:
    """Why `seat` cannot buy `item` now (None: it can).  Different items, one copy each per
    Winter (L1049, L1097); one Cardinal, Pope, Guild, (1)-Title ever (L1061); Duchy or
    Principality of your crest, one of Kingdom or Republic (L1065–1067); a Cathedral in your
    city of base stability 3+ (L1075); a card needs a free courtier space (L1053); the price
    paid from the pool and the treasury (L1047)."""
    player = state["players"][seat]
    owned = set(player["domain"]) | set(palace_cards(player))
    nobles, titles = kit["nobles"]["nobles"], kit["tokens"]["titles"]
    city = item[len("cathedral_"):] if item.startswith("cathedral_") else None
    if item in player["bought"]:
        return Reason(f"{item} was bought this Winter already (L1049)", "buy_again", item=item)
    if item in nobles:
        if not state["supply"]["nobles"].get(item):
            return Reason(f"no {item} is left in the supply", "buy_none_left", item=item)
        if not free_slot(player):
            return Reason(f"{item} needs a free courtier space (L1053)", "buy_no_space",
                          item=item)
        if nobles[item]["unique"] and item in owned:
            return Reason(f"only one {item} may be held (L1061)", "buy_unique", item=item)
    elif item in titles:
        if item not in state["supply"]["titles"]:
            return Reason(f"no {item} is left in the supply", "buy_none_left", item=item)
        if titles[item]["crest"] not in (None, seat):
            return Reason(f"{item} bears another family's crest (L1065)", "buy_crest",
                          item=item)
        crowned = ("kingdom", "republic")
        if titles[item]["kind"] in crowned and any(
                titles[o]["kind"] in crowned for o in owned if o in titles):
            return Reason("a Kingdom or a Republic, not both (L1067)", "buy_crowned",
                          item=item)
    elif item in kit["tokens"]["guilds"]:
        if item not in state["supply"]["guilds"]:
            return Reason(f"no {item} is left in the supply", "buy_none_left", item=item)
        if any(o in kit["tokens"]["guilds"] for o in owned):
            return Reason("one Guild only (L1061)", "buy_one_guild", item=item)
    elif city in state["cities"]:
        if not state["supply"]["cathedrals"]:
            return Reason(f"no {item} is left in the supply", "buy_none_left", item=item)
        if city not in cities_of(state, seat):
            return Reason(f"{city} is not your city (L1075)", "buy_not_yours", city=city)
        if kit.city(city)["stability"] < kit["tokens"]["cathedral"]["min_stability"]:
            return Reason(f"{city} is not stable enough for a Cathedral (L1075)",
                          "buy_unstable", city=city)
        if state["cities"][city]["cathedral"]:
            return Reason(f"{city} has a Cathedral already", "buy_built", city=city)
    else:
        return Reason(f"{item} is nothing to buy", "buy_unknown", text=item)
    if not affordable(state, seat, price(kit, item)):
        have = {r: n for r, n in state["pool"].items() if n and r != "refresh"}
        have["florin"] = have.get("florin", 0) + player["florins"]
        return Reason(f"{item} costs {price(kit, item)}; you have {have} (USE a source first)",
                      "buy_cost", item=item, cost=price(kit, item),
                      have={r: n for r, n in have.items() if n})
    return None


def buy(state: State, kit: Kit, seat: str, item: str) -> None:
    """Cards onto a free courtier space, tokens into the Domain on their available side, a
    Cathedral used side up with its piece on the city (L1053–1077); not usable in this same
    step (L1051)."""
    player = state["players"][seat]
    pay(state, seat, price(kit, item))
    player["bought"].append(item)
    if item in kit["nobles"]["nobles"]:
        state["supply"]["nobles"][item] -= 1
        player["courtiers"][free_slot(player)] = {"card": item, "used": False}
        if kit.card(item)["agent"]:
            gain_agent(state, kit, seat)
    elif item.startswith("cathedral_"):
        state["supply"]["cathedrals"] -= 1
        state["cities"][item[len("cathedral_"):]]["cathedral"] = True
        player["domain"][item] = True
    else:
        group = "titles" if item in kit["tokens"]["titles"] else "guilds"
        state["supply"][group].remove(item)
        player["domain"][item] = False
    sync_spaces(state, kit, seat)
    log(state, "buy", seat=seat, item=item)


def discard_slot(state: State, kit: Kit, seat: str, slot: str) -> None:
    """Free a courtier space, even of a used card (L1043, L1055)."""
    held = state["players"][seat]["courtiers"][slot]
    state["players"][seat]["courtiers"][slot] = None
    discard(state, kit, seat, held["card"])
    log(state, "discard", seat=seat, card=held["card"])


# ------------------------------------------------------------------ D. troops (L1099–1107)
def hire_cost(state: State, kit: Kit, seat: str, city: str) -> int:
    start = kit["families"]["families"][seat]["start"]
    return kit.constant("costs", "hire_home" if city in start else "hire_other")


def hireable(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """A city of yours; 1 florin in a starting city, 3 elsewhere (L1103); 6 Troops at most."""
    if sum(state["troops"][seat].values()) >= kit.constant("supplies", "troops"):
        return ()
    return tuple(c for c in cities_of(state, seat)
                 if hire_cost(state, kit, seat, c) <= state["players"][seat]["florins"])


def hire(state: State, kit: Kit, seat: str, city: str) -> None:
    state["players"][seat]["florins"] -= hire_cost(state, kit, seat, city)
    state["troops"][seat][city] = state["troops"][seat].get(city, 0) + 1
    log(state, "hire", seat=seat, city=city)


# ------------------------------------------------------------------ E. alliances (L1109–1162)
def discounted(state: State, seat: str, power: str) -> bool:
    """An unallied power with `seat`'s Agent on it costs one symbol less (L1115)."""
    entry = state["alliances"][power]
    return entry["holder"] is None and entry["agent"] == seat


def alliance_cost(state: State, kit: Kit, seat: str, power: str,
                  less: str | None = None) -> dict[str, int] | None:
    """Make (one symbol less, of the payer's choice `less`, with your Agent on it, L1115) or
    usurp (full cost, only with your Agent on another's Alliance, L1117); None when neither
    is open."""
    entry = state["alliances"][power]
    cost = dict(kit["rules"]["alliances"][power]["cost"])
    if entry["holder"] is None:
        if less is not None and discounted(state, seat, power):
            cost[less] -= 1
        return {r: n for r, n in cost.items() if n}
    if entry["holder"] != seat and entry["agent"] == seat:
        return cost
    return None


def ally_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """One Alliance per Winter (L1111): ``ALLY <power>`` at its cost, or ``ALLY <power>
    <symbol>`` naming the symbol the discount takes off (L1115, "of your choice")."""
    if "ally" in state["players"][seat]["year_flags"]:
        return []
    pool, full, found = state["pool"], [], []
    for power in state["alliances"]:
        if discounted(state, seat, power):
            symbols = tuple(r for r in sorted(kit["rules"]["alliances"][power]["cost"])
                            if take(dict(pool), alliance_cost(state, kit, seat, power, r) or {}))
            found.append(Option.of("ALLY", power=OneOf((power,)), less=OneOf(symbols)))
        elif (cost := alliance_cost(state, kit, seat, power)) is not None \
                and take(dict(pool), cost):
            full.append(power)
    return [Option.of("ALLY", power=OneOf(tuple(full)))] + found


def ally(state: State, kit: Kit, seat: str, power: str, less: str | None = None) -> None:
    """Your disc in the left cell (bonus available); a usurper's Agent stays on top (L1117)."""
    take(state["pool"], alliance_cost(state, kit, seat, power, less) or {})
    entry = state["alliances"][power]
    usurped = entry["holder"]
    entry.update(holder=seat, active=True)
    state["players"][seat]["year_flags"].append("ally")
    log(state, "ally", seat=seat, power=power, usurped=usurped or "")


#: Winter orders: the function carrying each out and the order field it takes.
MOVES = {"BUY": (buy, "item"), "SHIFT": (shift, "move"), "DISCARD": (discard_slot, "slot"),
         "INDULGENCE": (request_indulgence, "take"), "HIRE": (hire, "city")}
