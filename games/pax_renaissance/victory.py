"""Prestige, dominance and the four victory conditions, and the Patron end.

Rules: §12.2, §12.3, §12.4, §12.5, §12.6
"""
from __future__ import annotations

from typing import Any

from engine.contract import State
from games.pax_renaissance import catalog
from games.pax_renaissance.places import (ability_cards, anyone_has, has_ability, owned_cards,
                                          pirates)


def card_prestige(state: State, cid: str) -> list[str]:
    """A card's prestige; a ruler's depends on its face (§12.3: prestige is never blocked)."""
    if cid.startswith("ruler_"):
        empire = cid[len("ruler_"):]
        return catalog.facts()["rulers"][empire][state["rulers"][empire]["face"]]["prestige"]
    return catalog.cards()[cid].get("prestige", [])


def prestige(state: State, seat: str, kind: str) -> int:
    """A banker's prestige of one kind: tableau cards and unmarried queens (§9.2, §12.3)."""
    cards = owned_cards(state, seat) + state["queens"][seat]
    return sum(card_prestige(state, cid).count(kind) for cid in cards)


def _beats_all(state: State, seat: str, value: Any, margin: int = 1) -> bool:
    others = [s for s in state["seats"] if s != seat]
    return all(value(seat) >= value(o) + margin for o in others)


def monarchs(state: State, seat: str) -> int:
    """Ruler cards monarchy side up in the tableau, vassals included (§12.4)."""
    return sum(1 for cid in owned_cards(state, seat)
               if cid.startswith("ruler_") and state["rulers"][cid[6:]]["face"] == "king")


def republics(state: State, seat: str) -> int:
    """Republics in the tableau (§12.6)."""
    return sum(1 for cid in owned_cards(state, seat)
               if cid.startswith("ruler_") and state["rulers"][cid[6:]]["face"] == "republic")


def concessions(state: State, seat: str) -> int:
    """Concessions on the map (§12.5)."""
    return sum(1 for piece in state["borders"].values()
               if piece and piece["piece"] == "pawn" and piece.get("owner") == seat)


def dominant_religion(state: State) -> str | None:
    """The dominant religion (§12.3): its bishops outnumber all others combined, and its own
    pieces in its own theocracies outnumber the others' in theirs (a pirate on a border
    between two of its theocracies counts twice).  While Zionist State is in a tableau
    (a red-text effect, see the README's rulings) each green pirate also counts as a red
    bishop and as a red piece on the borders of Protestant theocracies."""
    bishops = {r: 0 for r in catalog.RELIGIONS}
    for religion in state["bishops"].values():
        bishops[religion] += 1
    strength = {r: 0 for r in catalog.RELIGIONS}
    for city, piece in state["cities"].items():
        empire = catalog.board()["cities"][city]["empire"]
        if piece and state["regimes"][empire] == piece["religion"]:
            strength[piece["religion"]] += 1
    green_as_red = anyone_has(state, "green_pirates_count_as_red_bishops_and_units")
    for border, piece in pirates(state):
        counts_as = [piece["religion"]]
        if green_as_red and piece["religion"] == "islamic":
            bishops["protestant"] += 1
            counts_as.append("protestant")
        for empire in catalog.board()["borders"][border]["empires"]:
            for religion in counts_as:
                if state["regimes"][empire] == religion:
                    strength[religion] += 1
    for religion in catalog.RELIGIONS:
        rest_b = sum(v for r, v in bishops.items() if r != religion)
        rest_s = sum(v for r, v in strength.items() if r != religion)
        if bishops[religion] > rest_b and strength[religion] > rest_s:
            return religion
    return None


def _patron_as(state: State, seat: str, what: str) -> int:
    """A banker's patron prestige where a `patron_counts_as_<what>` card counts it as
    something else for a victory (its ability), else 0."""
    if not has_ability(state, seat, f"patron_counts_as_{what}"):
        return 0
    return prestige(state, seat, "patron")


#: Each victory's measures in the order `measures` gives them, and the margin each needs
#: over every rival (§12.3–§12.6; Imperial's margin depends on the number of bankers).
MARGINS = {"globalization": (2, 1), "renaissance": (1, 2), "holy": (1,)}


def measures(state: State, seat: str, victory: str) -> tuple[int, ...]:
    """What a victory condition counts for a banker (§12.3–§12.6): Imperial his monarchies;
    Globalization his concessions (and patron prestige with a card saying so), then his
    discovery prestige; Renaissance his republics (and cards counting as one), then his law
    prestige (and patron with a card saying so); Faith his prestige of the dominant
    religion (nothing without one; Circassian Mamluks' patron as Islamic)."""
    if victory == "imperial":
        return (monarchs(state, seat),)
    if victory == "globalization":
        return (concessions(state, seat) + _patron_as(
            state, seat, "concession_in_globalization_victory"), prestige(state, seat, "discovery"))
    if victory == "renaissance":
        return (republics(state, seat) + ability_cards(
            state, seat, "card_counts_as_republic_for_renaissance_victory"),
            prestige(state, seat, "law") + _patron_as(state, seat, "law_in_renaissance_victory"))
    religion = dominant_religion(state)
    if religion is None:
        return ()
    return (prestige(state, seat, religion) + (_patron_as(
        state, seat, "green_bishop_your_holy_victory") if religion == "islamic" else 0),)


def margins(state: State, victory: str) -> tuple[int, ...]:
    if victory == "imperial":
        return (catalog.facts()["setup"]["imperial_margin"][len(state["seats"])],)
    return MARGINS[victory]


def achieved(state: State, seat: str, victory: str) -> bool:
    """Whether `seat` meets a victory card's conditions (§12.3–§12.6): each measure beats
    every rival's by its margin."""
    mine = measures(state, seat, victory)
    if not mine:
        return False
    return all(_beats_all(state, seat, lambda s, k=k: measures(state, s, victory)[k], m)
               for k, m in enumerate(margins(state, victory)))


def race(state: State) -> dict[str, dict[str, Any]]:
    """Who leads each victory condition (for the reports): every banker's measures, the
    leaders (the highest measures, compared in order; several when tied) and who meets the
    condition now (a victory still needs its card active to be declared, §12.1); and the
    Patron end's order should the decks run out now (§12.2)."""
    found: dict[str, dict[str, Any]] = {}
    for victory in state["victories"]:
        values = {s: list(measures(state, s, victory)) for s in state["seats"]}
        best = max(values.values())
        found[victory] = {"values": values,
                          "leaders": [s for s, v in values.items() if v == best]
                          if any(best) else [],
                          "met": [s for s in state["seats"] if achieved(state, s, victory)]}
    winners, _ = patron_winners(state)
    found["patron"] = {"values": {s: [prestige(state, s, "patron"), state["florins"][s]]
                                  for s in state["seats"]}, "leaders": winners, "met": []}
    return found


def patron_winners(state: State) -> tuple[list[str], dict[str, int]]:
    """The Patron end (§12.2.А): most patronage prestige; ties by florins, then shared
    (§12.2.Б).  Returns the winners and each seat's patronage."""
    scores = {s: prestige(state, s, "patron") for s in state["seats"]}
    best = max(scores.values())
    tied = [s for s in state["seats"] if scores[s] == best]
    most = max(state["florins"][s] for s in tied)
    return [s for s in tied if state["florins"][s] == most], scores
