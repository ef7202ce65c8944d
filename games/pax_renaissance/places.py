"""Where things are: card locations, tableau sides, bishops, blocking, repression, thrones.

Rules: §5.2.1, §5.4.3, §5.4.4, §6.1, §6.5, §9.1, glossary ЛОКАЦИЯ, ВАССАЛ, ТРОН
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.pax_renaissance import catalog

RULER = "ruler_"


def ruler_id(empire: str) -> str:
    """The tableau token of an empire's ruler card."""
    return f"{RULER}{empire}"


def empire_of(token: str) -> str:
    return token[len(RULER):]


def is_ruler(cid: str) -> bool:
    return cid.startswith(RULER)


def husband(state: State, queen: str) -> str | None:
    """The empire a married queen is crowned in (§9.1), None when unmarried."""
    for empire, ruler in state["rulers"].items():
        if ruler.get("queen") == queen:
            return empire
    return None


def side_of(cid: str) -> str:
    """The tableau side a card goes to (§5.2.1): its banner's region; a ruler's is its
    empire's."""
    if is_ruler(cid):
        return catalog.board()["empires"][empire_of(cid)]["region"]
    return catalog.cards()[cid]["region"]


def location(state: State, cid: str) -> str | None:
    """A card's location (glossary ЛОКАЦИЯ): printed; a ruler's is its empire; a married
    queen takes her husband's (§9.1.А)."""
    if is_ruler(cid):
        return empire_of(cid)
    loc = catalog.cards()[cid].get("location")
    return loc if loc is not None else husband(state, cid)


def location_empires(loc: str | None) -> list[str]:
    """The empires a location covers: East and West cover all of their side (§6.1.Д)."""
    if loc is None:
        return []
    if loc in catalog.REGIONS:
        return catalog.empires_of(loc)
    return [loc]


def same_location(state: State, a: str, b: str) -> bool:
    """Whether two cards share a location, East/West covering their empires (§6.1.Д)."""
    return bool(set(location_empires(location(state, a)))
                & set(location_empires(location(state, b))))


def owned_cards(state: State, seat: str) -> list[str]:
    """A tableau West to East (§5.2.1), each married ruler followed by his queen (§9.1)."""
    out: list[str] = []
    for cid in state["tableaux"][seat]["west"] + state["tableaux"][seat]["east"]:
        out.append(cid)
        if is_ruler(cid) and state["rulers"][empire_of(cid)].get("queen"):
            out.append(state["rulers"][empire_of(cid)]["queen"])
    return out


def side_cards(state: State, seat: str, side: str) -> list[str]:
    """The cards of one side of a tableau, married queens with their husbands (§5.4.2: a
    royal couple gives two cards)."""
    return [c for c in owned_cards(state, seat)
            if (side_of(husband_token(state, c)) == side)]


def husband_token(state: State, cid: str) -> str:
    """A married queen's husband's token; any other card itself."""
    if not is_ruler(cid) and catalog.cards()[cid].get("one_shot", {}).get("kind") == "coronation":
        empire = husband(state, cid)
        if empire:
            return ruler_id(empire)
    return cid


def holder(state: State, cid: str) -> str | None:
    """The seat whose tableau holds `cid`, None for a throne or elsewhere."""
    for seat in state["seats"]:
        if cid in owned_cards(state, seat):
            return seat
    return None


def thrones(state: State) -> list[str]:
    """Ruler cards in their thrones (owner None), with their queens."""
    out: list[str] = []
    for empire, ruler in state["rulers"].items():
        if ruler["owner"] is None:
            out.append(ruler_id(empire))
            if ruler.get("queen"):
                out.append(ruler["queen"])
    return out


def blocked(state: State, cid: str) -> bool:
    """A card carrying a bishop is blocked; a royal couple is blocked by a bishop on either
    card (§5.4.4, §9.1.Д); `immune_to_silencing` cards never are (§6.1.Ж)."""
    if not is_ruler(cid) and "immune_to_silencing" in catalog.cards()[cid].get("abilities", []):
        return False
    pair = {cid, husband_token(state, cid)}
    if is_ruler(cid) and state["rulers"][empire_of(cid)].get("queen"):
        pair.add(state["rulers"][empire_of(cid)]["queen"])
    return any(c in state["bishops"] for c in pair)


def ability_cards(state: State, seat: str, ability: str) -> int:
    """How many unblocked cards of the tableau have `ability` (its copies ``<id>_1``,
    ``<id>_2`` … included); effects stack (glossary ЭФФЕКТ) and are off on a blocked card
    (§5.4.4)."""
    def has(cid: str) -> bool:
        return any(catalog.ability_stem(a) == ability
                   for a in catalog.cards()[cid].get("abilities", []))
    return sum(1 for c in owned_cards(state, seat)
               if not is_ruler(c) and has(c) and not blocked(state, c))


def has_ability(state: State, seat: str, ability: str) -> bool:
    """Whether an unblocked card of the tableau has `ability`."""
    return ability_cards(state, seat, ability) > 0


def anyone_has(state: State, ability: str) -> bool:
    """A red-text effect (glossary ЭФФЕКТ.А): in any tableau it applies to every banker."""
    return any(has_ability(state, s, ability) for s in state["seats"])


def empty_city(state: State, city: str) -> bool:
    return state["cities"][city] is None and city not in state["razed"]


def condottiere(state: State) -> bool:
    """§7.4.В: while a condottiere card is in a tableau, unblocked, and Venice's circle is a
    gold knight, Venice holds two pieces (it is empty below 2)."""
    venice = catalog.board()["cities"][catalog.condottiere_city()]
    circle = catalog.board()["cities"]["venice"]["circle"][state["regimes"][venice["empire"]]]
    return circle == "knight/catholic" and any(
        has_ability(state, s, "venice_can_hold_two_gold_tokens") for s in state["seats"])


def cities(state: State, empire: str) -> list[str]:
    """The cities of an empire now: the map's, and Venice's second piece while a condottiere
    effect holds or a piece is still there (§7.4.В)."""
    found = catalog.empire_cities(empire)
    extra = catalog.condottiere_city()
    if catalog.board()["cities"][extra]["empire"] == empire and (
            condottiere(state) or state["cities"][extra]):
        found = found + [extra]
    return found


def empty_cities(state: State, empire: str) -> list[str]:
    """Empty cities of an empire in map order; none means it is crowded (glossary)."""
    return [c for c in cities(state, empire) if empty_city(state, c)]


def condottiere_lapse(state: State) -> list[dict[str, Any]]:
    """§7.4.В: when every condottiere card is gone or blocked, or Papal States stops being a
    Catholic theocracy or feudal, the extra Venice piece goes (the last placed, digest §4
    A13)."""
    extra = catalog.condottiere_city()
    if state["cities"][extra] is None or condottiere(state):
        return []
    state["cities"][extra] = None
    return [{"msg": "condottiere_lapse"}]


def circle_piece(state: State, city: str) -> dict[str, str]:
    """The warrior a city's circle shows under its empire's regime (glossary ВОИН)."""
    data = catalog.board()["cities"][city]
    kind, religion = data["circle"][state["regimes"][data["empire"]]].split("/")
    return {"piece": kind, "religion": religion}


def repress(state: State, piece: dict[str, Any], empire: str) -> None:
    """Put a piece onto an empire's ruler card as repressed (§6.5): it travels with it."""
    state["rulers"][empire]["repressed"].append(dict(piece))


def destroy(state: State, piece: dict[str, Any] | None) -> None:
    """A destroyed pawn goes back to its bank's supply (glossary ЗАПАС ФИШЕК)."""
    if piece and piece["piece"] == "pawn":
        state["pawns"][piece["owner"]] += 1


def shielded(state: State, border: str) -> bool:
    """A concession a pirate cannot destroy (note Г on pirates, L1525): its owner has an
    unblocked `concessions_cannot_be_killed_by_pirates` card (Tersâne-i Âmire, Dalmatian
    Merchant Marine)."""
    piece = state["borders"][border]
    return bool(piece and piece["piece"] == "pawn" and has_ability(
        state, piece["owner"], "concessions_cannot_be_killed_by_pirates"))


def pirate_on(state: State, border: str) -> dict[str, Any] | None:
    """The pirate on a border: alone there, or moored beside a shielded concession."""
    piece = state["borders"][border]
    if piece and piece["piece"] == "pirate":
        return piece
    return state["moored"].get(border)


def pirates(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Every pirate on the map with its border, moored ones included."""
    return [(b, p) for b in state["borders"] if (p := pirate_on(state, b))]


def put_pirate(state: State, border: str, piece: dict[str, Any]) -> None:
    """A pirate enters a sea border (§5.2.2.В, §6.7.А): the pirate there is destroyed, and
    the concession too unless it is shielded; then the pirate moors beside it (L1525)."""
    if shielded(state, border):
        state["moored"][border] = dict(piece)
        return
    destroy(state, state["borders"][border])
    state["borders"][border] = dict(piece)


def take_pirate(state: State, border: str) -> dict[str, Any] | None:
    """The pirate leaves its border (a corsair move, a siege, a battle); a concession it
    shared stays alone."""
    if border in state["moored"]:
        return state["moored"].pop(border)
    piece = state["borders"][border]
    state["borders"][border] = None
    return piece


def clear_concession(state: State, border: str) -> None:
    """The concession leaves its border (repressed or destroyed): a pirate moored beside it
    holds the border alone."""
    state["borders"][border] = state["moored"].pop(border, None)


def sea_borders(empire: str) -> list[str]:
    return [b for b in catalog.empire_borders(empire) if catalog.board()["borders"][b]["sea"]]


def remove_card(state: State, cid: str) -> None:
    """Take a card out of whatever tableau or throne holds it; its bishop goes to the
    supply (§5.3)."""
    state["bishops"].pop(cid, None)
    for seat in state["seats"]:
        for side in catalog.REGIONS:
            if cid in state["tableaux"][seat][side]:
                state["tableaux"][seat][side].remove(cid)
        if cid in state["queens"][seat]:
            state["queens"][seat].remove(cid)
    for ruler in state["rulers"].values():
        if ruler.get("queen") == cid:
            ruler["queen"] = None


def to_throne(state: State, empire: str, keep_queen: bool) -> None:
    """A ruler card goes back to its throne monarchy side up (§5.3, §6.3.Б): its repressed
    pieces and bishop come along; its vassals go to their own thrones; its queen follows
    (sale, apostasy) or is discarded (behead, regime change) (§9.1.В–Г)."""
    untable(state, ruler_id(empire))
    ruler = state["rulers"][empire]
    ruler.update(owner=None, face="king", suzerain=None)
    if not keep_queen and ruler.get("queen"):
        state["bishops"].pop(ruler["queen"], None)
        ruler["queen"] = None
    free_vassals(state, empire)


def untable(state: State, token: str) -> None:
    """Take a ruler card out of whichever tableau row holds it."""
    for seat in state["seats"]:
        for side in catalog.REGIONS:
            if token in state["tableaux"][seat][side]:
                state["tableaux"][seat][side].remove(token)


def free_vassals(state: State, empire: str) -> None:
    """The vassals of `empire` go to their thrones with their queens, bishops and repressed
    pieces (glossary ВАССАЛ)."""
    for other, ruler in state["rulers"].items():
        if ruler.get("suzerain") == empire:
            to_throne(state, other, keep_queen=True)
