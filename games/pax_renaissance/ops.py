"""The operations action (§5.4) and the nine operations (§6.1–§6.9).

An ``OPS <side>`` action opens an ``ops`` question: the banker runs one op of each card of
that side (`OP <card> <op> <targets>`) in any order, and says DONE after the first.
Rules: §5.4, §6.1, §6.2, §6.3, §6.4, §6.5, §6.6, §6.7, §6.8, §6.9
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from engine.dice import Dice
from engine.options import OneOf, Option, Order
from engine.questions import Item, Kind
from games.pax_renaissance import asks, battles, catalog, grammar, regime
from games.pax_renaissance.places import (ability_cards, blocked, cities, clear_concession,
                                          destroy, empire_of, empty_cities, has_ability,
                                          is_ruler, location, location_empires, owned_cards,
                                          pirate_on, put_pirate, remove_card, repress,
                                          ruler_id, same_location, sea_borders, side_cards,
                                          side_of, take_pirate, thrones, to_throne)
from games.pax_renaissance.victory import prestige


def card_ops(state: State, cid: str) -> list[dict[str, Any]]:
    """A card's op symbols; a ruler's are its face's (§6.9: only a monarchy campaigns)."""
    if is_ruler(cid):
        ruler = state["rulers"][empire_of(cid)]
        return catalog.facts()["rulers"][empire_of(cid)][ruler["face"]]["ops"]
    return catalog.cards()[cid].get("ops", [])


def _here(state: State, cid: str) -> list[str]:
    return location_empires(location(state, cid))


def _inquisitor(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.1: one bishop of the op's colour one step: a neighbour in its tableau, any card of
    the same location (not throne to throne, never a bank mat), or along a vassal stack
    (§6.1.Г); onto a bishop both die (Worms), else a repressed piece may be pacified."""
    found: list[Option] = []
    everywhere = [c for s in state["seats"] for c in owned_cards(state, s)] + thrones(state)
    on_throne = set(thrones(state))
    for source, religion in sorted(state["bishops"].items()):
        if religion != op["religion"]:
            continue
        dests: list[str] = []
        for s in state["seats"]:
            row = owned_cards(state, s)
            if source in row:
                k = row.index(source)
                dests += [row[j] for j in (k - 1, k + 1) if 0 <= j < len(row)]
        dests += [c for c in everywhere if c != source and same_location(state, c, source)
                  and not (c in on_throne and source in on_throne)]
        if is_ruler(source):
            dests += _stack(state, empire_of(source))
        dests = list(dict.fromkeys(d for d in dests if d != source))
        if not dests:
            continue
        for dest in dests:
            repressed = state["rulers"][empire_of(dest)]["repressed"] if is_ruler(dest) else []
            if repressed and dest not in state["bishops"]:
                found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("inquisitor",)),
                                       bishop=OneOf((source,)), to=OneOf((dest,)),
                                       pacify=OneOf(tuple(range(1, len(repressed) + 1)))))
        found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("inquisitor",)),
                               bishop=OneOf((source,)), to=OneOf(tuple(dests))))
    return found


def _stack(state: State, empire: str) -> list[str]:
    """The cards a vassal link makes adjacent (§6.1.Г): a suzerain's vassals; a vassal's
    suzerain and siblings."""
    top = state["rulers"][empire].get("suzerain") or empire
    group = [top] + [e for e, r in state["rulers"].items() if r.get("suzerain") == top]
    return [ruler_id(e) for e in group if e != empire] if len(group) > 1 else []


def _commerce(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.2: 1 florin from any card of the op's market row, the fair card included."""
    slots = tuple(k for k, cell in enumerate(state["market"][op["region"]])
                  if cell["florins"] > 0)
    return [Option.of("OP", card=OneOf((cid,)), op=OneOf(("commerce",)), slot=OneOf(slots))]


#: Cards whose behead may only hit a card of one side carrying a bishop of these colours.
#: The empire whose repressed pieces Circassian Mamluks sends to war (card data).
SLAVE_MASTER = "mamluk"
BEHEAD_LIMITS = {
    "behead_west_card_with_catholic_reformist_bishop_only": ("west", ("catholic", "protestant")),
    "behead_east_card_with_islamic_reformist_bishop_only": ("east", ("islamic", "protestant")),
    "behead_east_card_with_bishop_only": ("east", catalog.RELIGIONS),
}


def _behead(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.3: any tableau card of the active card's location, not itself; three cards may
    only hit a card of one side carrying a bishop of given colours (their abilities)."""
    targets = tuple(c for s in state["seats"] for c in owned_cards(state, s)
                    if c != cid and same_location(state, c, cid))
    abilities = [] if is_ruler(cid) else catalog.cards()[cid].get("abilities", [])
    for side, colours in (BEHEAD_LIMITS[a] for a in abilities if a in BEHEAD_LIMITS):
        targets = tuple(c for c in targets if side_of(c) == side
                        and state["bishops"].get(c) in colours)
    return [Option.of("OP", card=OneOf((cid,)), op=OneOf(("behead",)), target=OneOf(targets))]


def _tax(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.4: a concession on a border of the location, in an empire that is not crowded
    (§6.4.А); with East/West the banker names the empire (§6.4.Б)."""
    found: list[Option] = []
    here = _here(state, cid)
    for border, piece in state["borders"].items():
        if not piece or piece["piece"] != "pawn":
            continue
        empires = tuple(e for e in catalog.board()["borders"][border]["empires"]
                        if e in here and empty_cities(state, e))
        if empires:
            found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("tax",)),
                                   target=OneOf((border,)), empire=OneOf(empires)))
    return found


def _repress(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.5: a piece of a type the symbol shows, in the location, onto its empire's ruler
    (a concession counts in both empires of its border)."""
    found: list[Option] = []
    here = _here(state, cid)
    for city, piece in state["cities"].items():
        empire = catalog.board()["cities"][city]["empire"]
        if piece and piece["piece"] in op["pieces"] and empire in here:
            found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("repress",)),
                                   target=OneOf((city,)), empire=OneOf((empire,))))
    if "pawn" in op["pieces"]:
        for border, piece in state["borders"].items():
            empires = tuple(e for e in catalog.board()["borders"][border]["empires"]
                            if e in here)
            if piece and piece["piece"] == "pawn" and empires:
                found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("repress",)),
                                       target=OneOf((border,)), empire=OneOf(empires)))
    return found


def majority(state: State, seat: str, empire: str) -> bool:
    """Strictly more concessions on the empire's borders than each opponent (§6.6.Б); a
    `concessions_2x_trade_fairs_votes` card makes each of its owner's count once more."""
    count = {s: 0 for s in state["seats"]}
    for border in catalog.empire_borders(empire):
        piece = state["borders"][border]
        if piece and piece["piece"] == "pawn":
            owner = piece["owner"]
            count[owner] += 1 + ability_cards(state, owner, "concessions_2x_trade_fairs_votes")
    return all(count[seat] > count[s] for s in state["seats"] if s != seat)


def _vote(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.6: a ruler of the op's side in a tableau (not a throne, not a vassal), paying 1
    per repressed piece, with a majority of its concessions; a theocracy may become feudal
    (Golden Liberty, §6.6.Г)."""
    found: list[Option] = []
    for empire, ruler in state["rulers"].items():
        if (ruler["owner"] is None or ruler.get("suzerain")
                or catalog.board()["empires"][empire]["region"] != op["region"]
                or state["florins"][seat] < vote_cost(state, seat, empire)
                or not majority(state, seat, empire)):
            continue
        liberty = ("keep", "feudal") if state["regimes"][empire] != "feudal" else ("keep",)
        found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("vote",)),
                               target=OneOf((empire,)), regime=OneOf(liberty)))
    return found


def corsair_reach(here: list[str]) -> list[str]:
    """Sea borders a corsair may reach (§6.7): of the location, or of an empire sharing a
    sea border with it."""
    near = set(here)
    for empire in here:
        for border in sea_borders(empire):
            near.update(catalog.board()["borders"][border]["empires"])
    return sorted({b for e in near for b in sea_borders(e)})


def _corsair(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.7: a pirate of the op's colour from a sea border of the location to another
    reachable one without a pirate of its colour."""
    found: list[Option] = []
    here = _here(state, cid)
    reach = corsair_reach(here)
    for border in sorted({b for e in here for b in sea_borders(e)}):
        piece = pirate_on(state, border)
        if not piece or piece["religion"] != op["religion"]:
            continue
        dests = tuple(b for b in reach if b != border and (
            pirate_on(state, b) or {}).get("religion") != op["religion"])
        found.append(Option.of("OP", card=OneOf((cid,)), op=OneOf(("corsair",)),
                               target=OneOf((border,)), to=OneOf(dests)))
    return found


def _siege(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.8: any rook or knight in the location, or a pirate on its borders."""
    here = _here(state, cid)
    targets = [c for c, p in state["cities"].items()
               if p and catalog.board()["cities"][c]["empire"] in here]
    targets += [b for e in here for b in catalog.empire_borders(e) if pirate_on(state, b)]
    return [Option.of("OP", card=OneOf((cid,)), op=OneOf(("siege",)),
                      target=OneOf(tuple(dict.fromkeys(targets))))]


def knights(state: State, empire: str) -> list[str]:
    """Cities of an empire holding a knight (§6.9.Б: the attackers)."""
    return [c for c in cities(state, empire)
            if state["cities"][c] and state["cities"][c]["piece"] == "knight"]


def nobles(state: State, empire: str) -> list[str]:
    return [c for c in cities(state, empire) if state["cities"][c]]


def _campaign(state: State, seat: str, cid: str, op: dict[str, Any]) -> list[Option]:
    """§6.9: a monarch attacks an adjacent empire whose ruler sits on its throne or in an
    opponent's tableau (§6.9.А), never its suzerain or vassal (§6.9.К), paying 1 per
    knight of its empire."""
    home = empire_of(cid)
    mine = state["rulers"][home]
    targets = tuple(e for e in battles.adjacent(state, home)
                    if state["rulers"][e]["owner"] != seat
                    and state["rulers"][e].get("suzerain") != home
                    and mine.get("suzerain") != e
                    and 0 < len(campaign_attackers(state, seat, home, e)) <= state["florins"][seat])
    return [Option.of("OP", card=OneOf((cid,)), op=OneOf(("campaign",)), target=OneOf(targets))]


def campaign_attackers(state: State, seat: str, home: str, target: str) -> list[battles.Fighter]:
    """§6.9.Б: every knight of the home empire; with Circassian Mamluks (card data, the
    README's ruling) each piece repressed on the Mamluk ruler joins as a knight when the
    target is an East empire other than Mamluk itself (§6.9.Д keeps the target's own)."""
    attack = [battles.fighter_in_city(state, c) for c in knights(state, home)]
    if (has_ability(state, seat, "repressed_tokens_counts_as_knight_in_east_campaign")
            and target != SLAVE_MASTER
            and catalog.board()["empires"][target]["region"] == "east"):
        attack += battles.repressed_fighters(state, SLAVE_MASTER, battles.PIECES, "slave")
    return attack


TARGETS = {"inquisitor": _inquisitor, "commerce": _commerce, "behead": _behead, "tax": _tax,
           "repress": _repress, "vote": _vote, "corsair": _corsair, "siege": _siege,
           "campaign": _campaign}


def op_options(state: State, seat: str, side: str, used: list[str]) -> list[Option]:
    """Every op the side's cards may still run (§5.4.2): one per card; a blocked card only
    its inquisitor (§5.4.4)."""
    found: list[Option] = []
    for cid in side_cards(state, seat, side):
        if cid in used:
            continue
        for op in card_ops(state, cid):
            if blocked(state, cid) and op["op"] != "inquisitor":
                continue
            found += [o for o in TARGETS[op["op"]](state, seat, cid, op) if o.count()]
    return found


def run(state: State, seat: str, order: Order) -> dict[str, Any]:
    """Carry out one op (§6)."""
    cid, name = order["card"], order["op"]
    entry: dict[str, Any] = {"msg": "op", "seat": seat, "card": cid, "op": name}
    if name == "inquisitor":
        source, dest = order["bishop"], order["to"]
        religion = state["bishops"].pop(source)
        if dest in state["bishops"]:
            del state["bishops"][dest]
            entry["worms"] = True
        else:
            state["bishops"][dest] = religion
            if order.get("pacify"):
                destroy(state, state["rulers"][empire_of(dest)]["repressed"]
                        .pop(order["pacify"] - 1))
        entry.update(bishop=source, to=dest)
    elif name == "commerce":
        row = next(o["region"] for o in card_ops(state, cid) if o["op"] == "commerce")
        state["market"][row][order["slot"]]["florins"] -= 1
        state["florins"][seat] += 1
        entry.update(row=row, slot=order["slot"])
    elif name == "behead":
        entry.update(behead(state, cid, order["target"]))
    elif name == "tax":
        owner = state["borders"][order["target"]]["owner"]
        asks.push(state, "tax", owner, first=True, border=order["target"],
                  empire=order["empire"], by=seat)
        entry.update(target=order["target"], empire=order["empire"], owner=owner)
    elif name == "repress":
        target = order["target"]
        if target in state["cities"]:
            repress(state, state["cities"][target], order["empire"])
            state["cities"][target] = None
        else:
            repress(state, state["borders"][target], order["empire"])
            clear_concession(state, target)
        state["florins"][seat] += 1
        entry.update(target=target, empire=order["empire"])
    elif name == "vote":
        entry.update(vote(state, seat, order["target"], order["regime"]))
    elif name == "corsair":
        put_pirate(state, order["to"], take_pirate(state, order["target"]))
        entry.update(target=order["target"], to=order["to"])
    elif name == "siege":
        target = order["target"]
        if target in state["cities"]:
            state["cities"][target] = None
        else:
            take_pirate(state, target)
        entry.update(target=target)
    else:
        entry.update(campaign(state, seat, empire_of(cid), order["target"]))
    return entry


def behead(state: State, cid: str, target: str) -> dict[str, Any]:
    """§6.3: discard the target; a ruler goes to its throne, its queen discarded and its
    vassals home; beheading a ruler discards the assassin too (§6.3.А)."""
    if is_ruler(target):
        to_throne(state, empire_of(target), keep_queen=False)
        remove_card(state, cid)
        return {"target": target, "assassin": True}
    remove_card(state, target)
    return {"target": target}


def vote_cost(state: State, seat: str, empire: str) -> int:
    """1 florin a repressed piece (§6.6.А), 1 less a patron prestige of the banker with a
    `patron_reduces_vote_ops_cost` card."""
    cost = len(state["rulers"][empire]["repressed"])
    if has_ability(state, seat, "patron_reduces_vote_ops_cost"):
        cost -= prestige(state, seat, "patron")
    return max(0, cost)


def vote(state: State, seat: str, empire: str, liberty: str) -> dict[str, Any]:
    """§6.6: pay 1 florin a repressed piece; regime change (an opponent's ruler comes as a
    monarchy, one's own flips) with a concession; Golden Liberty may make it feudal."""
    cost = vote_cost(state, seat, empire)
    state["florins"][seat] -= cost
    if liberty == "feudal":
        state["regimes"][empire] = "feudal"
    change = regime.change(state, seat, empire)
    return {"target": empire, "cost": cost, "face": change["face"], "regime": liberty}


def campaign(state: State, seat: str, home: str, target: str) -> dict[str, Any]:
    """§6.9: every knight of the home empire attacks at 1 florin each; all nobles of the
    target defend (a battle, battles.py, whose win takes the target's ruler as a vassal of
    the home ruler or of its suzerain, §6.9.К); surviving knights stay home (§6.9.И), and
    Circassian Mamluks' slave soldiers stay repressed on the Mamluk ruler."""
    attack = campaign_attackers(state, seat, home, target)
    state["florins"][seat] -= len(attack)
    top = state["rulers"][home].get("suzerain") or home
    battles.start(state, seat, "campaign", target, attack,
                  [battles.fighter_in_city(state, c) for c in nobles(state, target)],
                  suzerain=top)
    return {"target": target, "attackers": len(attack)}


def _ops_options(state: State, item: Item) -> list[Option]:
    found = op_options(state, item["seat"], item["side"], item["used"])
    if item["used"]:
        found.append(Option.of("DONE"))
    return found


def _ops_apply(state: State, item: Item, order: Order, dice: Dice) -> bool:
    if order["verb"] == "DONE":
        return True
    item["used"].append(order["card"])
    entry = run(state, item["seat"], order)
    state["log"].append({"turn": state["turn"], **entry})
    return False


def _ops_default(state: State, item: Item) -> Order:
    """DONE once an op ran; otherwise the first legal op (the action needs one)."""
    if item["used"]:
        return {"verb": "DONE"}
    return next(_ops_options(state, item)[0].orders())


KIND_OPS = Kind(
    options=_ops_options, apply=_ops_apply, default=_ops_default,
    parse=lambda state, item, text: grammar.parse_options(_ops_options(state, item), text),
    prompt=lambda state, item: f"operations of your {item['side']} side: OP <card> <op> "
                               "<targets>" + (", or DONE" if item["used"] else ""),
    settle=lambda state, item, dice: bool(item["used"]) and len(_ops_options(state, item)) == 1,
    clock="impulse")

asks.KINDS["ops"] = KIND_OPS
