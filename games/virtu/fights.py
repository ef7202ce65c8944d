"""End of Spring as questions: battles on the plains, sieges with their bonus declarations,
the winner's choice, retreats (§6.2, §6.5, §6.6; the digest's §11 E2–E4).

The fights wait in ``state["queue"]`` (each player's sieges, in turn order, L821); the one
being fought is ``state["fight"]``: the `city`, the two `sides` (attacker first; a neutral
city has no defender), each side's `bonus`, whose `turn` it is, the `passes` in a row, and
the bonus sources `used` (kept from a battle into the siege that follows, L947).

Rules: §6.2, §6.5, §6.6, §6.7
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.options import OneOf, Option
from games.virtu.common import log, turn_order
from games.virtu.kit import Kit
from games.virtu.palace import sources, spend
from games.virtu.sieges import capture, defence, lose, sieges_of
from games.virtu.spring import indulgence_open, request_indulgence, use

Order = dict[str, Any]
#: A bonus source: +strength, florins to pay (L835–855).
CANNONS, LEONARDO, FRANCE = (2, 1), (1, 1), (2, 0)


def start(state: State) -> None:
    """Queue every siege, each player's in turn order (L821); a player with several chooses
    the order (`siege_options`)."""
    state["season"] = "siege"
    state["queue"] = [[seat, city] for seat in state["order"] for city in sieges_of(state, seat)]
    state["fight"] = None


def step(state: State, kit: Kit) -> bool:
    """Move the end of Spring on by one question or one fight; False once it is over."""
    fight = state["fight"]
    if fight is None:
        state["queue"] = [[s, c] for s, c in state["queue"]
                          if state["troops"][s].get(c) and state["cities"][c]["owner"] != s]
        if not state["queue"]:
            finish(state)
            return False
        seat = state["queue"][0][0]
        if len(pending(state, seat)) > 1:
            state["ask"] = {"kind": "siege", "seat": seat}
        else:
            begin(state, *state["queue"].pop(0))
        return True
    sides, turn = fight["sides"], fight["turn"]
    if fight["passes"] >= 2:
        settle(state, kit)
        return True
    seat = sides[turn]
    defending = fight["kind"] == "siege" and turn == 1
    if seat is None or not (bonus_options(state, kit, seat)
                            or (defending and cashable(state, kit, seat))):
        fight["passes"] += 1                       # nothing to declare: a pass
        fight["turn"] = 1 - turn
        return True
    state["ask"] = {"kind": "declare", "seat": seat, "city": fight["city"]}
    return True


def pending(state: State, seat: str) -> tuple[str, ...]:
    """The cities `seat` still has to resolve this Spring."""
    return tuple(c for s, c in state["queue"] if s == seat)


def siege_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """Which of your sieges to resolve next: your choice (L821)."""
    return [Option.of("SIEGE", city=OneOf(pending(state, seat)))]


def siege_default(state: State, kit: Kit, seat: str) -> Order:
    """E1: in city id order."""
    return {"verb": "SIEGE", "city": min(pending(state, seat))}


def apply_siege(state: State, kit: Kit, seat: str, order: Order) -> None:
    state["queue"].remove([seat, order["city"]])
    state["ask"] = None
    begin(state, seat, order["city"])


def begin(state: State, seat: str, city: str) -> None:
    """A battle on the plains first when another player's Troops stand before the city too
    (L939; several: one after another in turn order, R7), else the siege."""
    rival = next((s for s in state["order"] if s != seat and state["troops"][s].get(city)
                  and state["cities"][city]["owner"] != s), None)
    kind = "plains" if rival else "siege"
    state["fight"] = {"kind": kind, "city": city,
                      "sides": [seat, rival if rival else state["cities"][city]["owner"]],
                      "bonus": [0, 0], "turn": 0, "passes": 0, "used": []}


def finish(state: State) -> None:
    """Remaining +1 tokens are discarded (L839); the new turn order (L964)."""
    for player in state["players"].values():
        player["war"] = 0
    state["order"] = turn_order(state)
    state["fight"] = None
    log(state, "turn_order", order=list(state["order"]))


# ------------------------------------------------------------------ declarations (§6.2)
def bonus_options(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """What `seat` may still declare in this fight (L823–859): a +1 token (the attacker's,
    L825), a War symbol of an available courtier or token (1 florin each, L835), the Cannons,
    Leonardo (once a siege), France; each source once a fight (L837)."""
    fight, player = state["fight"], state["players"][seat]
    used = set(fight["used"])
    attacking = fight["kind"] == "plains" or fight["sides"][0] == seat
    florins = player["florins"]
    found = []
    if attacking and player["war"]:
        found.append("token")
    war_cost = kit.constant("costs", "war_symbol_florins")
    for slot, held in player["courtiers"].items():
        if held and not held["used"] and kit.card(held["card"])["resources"].get("war") \
                and florins >= war_cost and f"{seat}:{slot}" not in used:
            found.append(slot)
    for token, spent in player["domain"].items():
        if spent or f"{seat}:{token}" in used:
            continue
        if token == "cannons" and florins >= CANNONS[1]:
            found.append(token)
        elif kit.token(token)["resources"].get("war") and florins >= war_cost:
            found.append(token)
    if "leonardo" in player["bonuses"] and florins >= LEONARDO[1] \
            and f"{seat}:leonardo" not in used:
        found.append("leonardo")
    france = state["alliances"]["france"]
    if france["holder"] == seat and france["active"] and france["agent"] in (None, seat):
        found.append("france")
    return tuple(found)


def cashable(state: State, kit: Kit, seat: str) -> tuple[str, ...]:
    """Florins a player may cash at any time, even on another's turn (L400): a defender is
    asked for them in each siege against it, to keep the florins of a token about to be
    captured (§12)."""
    return tuple(f"{s}:florin" for s, r, _ in sources(state, kit, seat, action=None)
                 if r == "florin")


def declare_options(state: State, kit: Kit, seat: str) -> list[Option]:
    """Declare a bonus or pass; cash florins or take an Indulgence's 3 florins meanwhile
    (A1, A2: any time)."""
    options = [Option.of("PASS"), Option.of("BONUS", source=OneOf(bonus_options(state, kit, seat))),
               Option.of("USE", source=OneOf(cashable(state, kit, seat)))]
    if indulgence_open(state, seat):
        options.append(Option.of("INDULGENCE", take=OneOf(("florins",))))
    return [o for o in options if o.count()]


def strengths(state: State, kit: Kit) -> tuple[int, int]:
    """(first side, second side) now (§6.3): Troops + bonuses; a city adds its stability."""
    fight = state["fight"]
    city, (first, second) = fight["city"], fight["sides"]
    mine = state["troops"][first].get(city, 0) + fight["bonus"][0]
    if fight["kind"] == "plains":
        return mine, state["troops"][second].get(city, 0) + fight["bonus"][1]
    return mine, defence(state, kit, first, city)[0] + fight["bonus"][1]


def apply_declare(state: State, kit: Kit, seat: str, order: Order) -> None:
    """One declaration; two passes in a row settle the fight (L831).  Cashing florins or
    taking an Indulgence is no declaration: the same player is asked again."""
    fight = state["fight"]
    state["ask"] = None
    if order["verb"] == "USE":
        use(state, kit, seat, order["source"], action=None)
        return
    if order["verb"] == "INDULGENCE":
        request_indulgence(state, kit, seat, order["take"])
        return
    if order["verb"] == "PASS":
        fight["passes"] += 1
    else:
        fight["passes"] = 0
        fight["bonus"][fight["turn"]] += use_bonus(state, kit, seat, order["source"])
        fight["used"].append(f"{seat}:{order['source']}")
        log(state, "declare", seat=seat, source=order["source"], city=fight["city"])
    fight["turn"] = 1 - fight["turn"]


def use_bonus(state: State, kit: Kit, seat: str, source: str) -> int:
    """Pay for and flip the source; its strength (L835–859)."""
    player = state["players"][seat]
    if source == "token":
        player["war"] -= 1
        return 1
    if source == "leonardo":
        player["florins"] -= LEONARDO[1]
        return LEONARDO[0]
    if source == "france":
        state["alliances"]["france"]["active"] = False
        return FRANCE[0]
    if source == "cannons":
        player["florins"] -= CANNONS[1]
        player["domain"]["cannons"] = True
        return CANNONS[0]
    player["florins"] -= kit.constant("costs", "war_symbol_florins")
    spend(state, seat, source)
    player["spent"] = []
    held = player["courtiers"].get(source)
    return (kit.card(held["card"]) if held else kit.token(source))["resources"]["war"]


def declare_default(state: State, kit: Kit, seat: str) -> Order:
    """E2: the attacker plays its +1 tokens while not winning; otherwise pass (defaults
    spend nothing else)."""
    fight = state["fight"]
    first, second = strengths(state, kit)
    losing = first <= second if fight["sides"][0] == seat else second <= first
    if losing and fight["kind"] == "siege" and fight["sides"][0] == seat \
            and "token" in bonus_options(state, kit, seat):
        return {"verb": "BONUS", "source": "token"}
    return {"verb": "PASS"}


# ------------------------------------------------------------------ settling (§6.4–6.6)
def settle(state: State, kit: Kit) -> None:
    fight = state["fight"]
    if fight["kind"] == "plains":
        settle_battle(state, kit)
    else:
        settle_siege(state, kit)


def settle_battle(state: State, kit: Kit) -> None:
    """L941–952: the loser loses all its Troops, the winner as many; a tie costs each one
    and both retreat.  No Trophy."""
    fight = state["fight"]
    city, (a, b) = fight["city"], fight["sides"]
    first, second = strengths(state, kit)
    if first == second:
        lose(state, a, city, 1)
        lose(state, b, city, 1)
        log(state, "battle_tie", seat=a, rival=b, city=city)
        state["retreats"] = [s for s in (a, b) if state["troops"][s].get(city)]
        fight["kind"] = "over"
        ask_retreat(state, kit)
        return
    winner, loser = (a, b) if first > second else (b, a)
    lost = state["troops"][loser].get(city, 0)
    lose(state, loser, city, lost)
    lose(state, winner, city, lost)
    log(state, "battle", winner=winner, loser=loser, city=city, lost=lost)
    if not state["troops"][winner].get(city):
        state["fight"] = None
        return
    fight.update(kind="press", sides=[winner, state["cities"][city]["owner"]], bonus=[0, 0],
                 turn=0, passes=0)
    state["ask"] = {"kind": "press", "seat": winner, "city": city}


def press_default(state: State, kit: Kit, seat: str) -> Order:
    """E3: abandon when the Troops left would not beat the city as it stands."""
    city = state["fight"]["city"]
    beaten = state["troops"][seat][city] <= defence(state, kit, seat, city)[0]
    return {"verb": "ABANDON" if beaten else "CONTINUE"}


def apply_press(state: State, kit: Kit, seat: str, order: Order) -> None:
    """The winner of a battle besieges at once (R15) or abandons and retreats without more
    losses (L946)."""
    fight = state["fight"]
    state["ask"] = None
    if order["verb"] == "CONTINUE":
        fight["kind"] = "siege"
        return
    log(state, "abandon", seat=seat, city=fight["city"])
    fight["kind"] = "over"
    state["retreats"] = [seat]
    ask_retreat(state, kit)


def settle_siege(state: State, kit: Kit) -> None:
    """Strictly stronger wins (L897): the losses (L901), capture, Trophy, Cathedral; else
    1 Troop lost and the rest retreat (L919–937)."""
    fight = state["fight"]
    city, seat = fight["city"], fight["sides"][0]
    attack, defended = strengths(state, kit)
    final = defence(state, kit, seat, city)[1]
    owner = state["cities"][city]["owner"]
    fight["kind"] = "over"
    if attack <= defended:
        lose(state, seat, city, 1)
        log(state, "siege_lost", seat=seat, city=city, attack=attack, defence=defended)
        state["retreats"] = [seat] if state["troops"][seat].get(city) else []
        ask_retreat(state, kit)
        return
    defenders = state["troops"][owner].get(city, 0) if owner else 0
    lose(state, seat, city, (1 if final >= 3 else 0) + defenders)
    if owner:
        lose(state, owner, city, defenders)
    capture(state, kit, seat, city)
    log(state, "siege_won", seat=seat, city=city, attack=attack, defence=defended,
        owner=owner or "")
    state["fight"] = None


# ------------------------------------------------------------------ retreats (§6.5)
def ask_retreat(state: State, kit: Kit) -> None:
    """The next player in `state["retreats"]` to move its survivors (E4)."""
    while state["retreats"]:
        seat = state["retreats"][0]
        if state["troops"][seat].get(state["fight"]["city"]):
            state["ask"] = {"kind": "retreat", "seat": seat, "city": state["fight"]["city"]}
            return
        state["retreats"].pop(0)
    state["fight"] = None


def ship_sources(state: State, kit: Kit, seat: str) -> list[tuple[str, int]]:
    """Available Ships (courtiers, tokens, the Ottoman bonus) in palace order (R20)."""
    return [(s, n) for s, r, n in sources(state, kit, seat, action=None) if r == "ship"]


def retreat_options(state: State, kit: Kit, seat: str, city: str) -> list[Option]:
    """Along a road to a city of yours, free (L925); from a port by sea to a port of yours,
    1 Ship per sea per Troop (L927); or lose them (L935).  Once sailing, which available
    Ship pays next (``USE <source>:ship``, L927: the payer's choice)."""
    if state["fight"].get("sail"):
        return [Option.of("USE", source=OneOf(tuple(
            f"{s}:ship" for s, _ in ship_sources(state, kit, seat))))]
    roads = tuple(n for n in kit.roads(state["side"])[city]
                  if state["cities"].get(n, {}).get("owner") == seat)
    troops = state["troops"][seat][city]
    ships = sum(n for _, n in ship_sources(state, kit, seat))
    seas = tuple(c for c, v in state["cities"].items() if v["owner"] == seat and c != city
                 and (d := kit.sea_distance(city, c)) is not None and d * troops <= ships)
    return [Option.of("RETREAT", to=OneOf(roads)), Option.of("SAIL", to=OneOf(seas)),
            Option.of("LOSE")]


def retreat_default(state: State, kit: Kit, seat: str) -> Order:
    """E4: the road retreat to the first city of yours, no Ships spent unasked; once
    sailing, the Ships in palace order (R20)."""
    first = retreat_options(state, kit, seat, state["fight"]["city"])[0]
    return next(first.orders(), {"verb": "LOSE"})


def apply_retreat(state: State, kit: Kit, seat: str, order: Order) -> None:
    """Move or lose the Troops; a sea retreat first pays its Ships, one source an order,
    the question staying open while any is owed (L927)."""
    fight, city = state["fight"], state["fight"]["city"]
    troops = state["troops"][seat][city]
    if order["verb"] == "SAIL":
        fight["sail"] = {"to": order["to"], "owed": (kit.sea_distance(city, order["to"]) or 0)
                         * troops}
        if len(ship_sources(state, kit, seat)) > 1:
            return
        order = {"verb": "USE", "source": f"{ship_sources(state, kit, seat)[0][0]}:ship"}
    if order["verb"] == "USE":
        source = order["source"].partition(":")[0]
        fight["sail"]["owed"] -= dict(ship_sources(state, kit, seat))[source]
        spend(state, seat, source)
        state["players"][seat]["spent"] = []
        if fight["sail"]["owed"] > 0:
            return
        order = {"verb": "SAIL", "to": fight.pop("sail")["to"]}
    lose(state, seat, city, troops)
    if order["verb"] == "LOSE":
        log(state, "retreat_lost", seat=seat, city=city, troops=troops)
    else:
        to = order["to"]
        state["troops"][seat][to] = state["troops"][seat].get(to, 0) + troops
        log(state, "retreat", seat=seat, city=city, to=to, troops=troops)
    state["retreats"].pop(0)
    state["ask"] = None
    ask_retreat(state, kit)
