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


def achieved(state: State, seat: str, victory: str) -> bool:
    """Whether `seat` meets an active victory card's conditions (§12.3–§12.6)."""
    players = len(state["seats"])
    if victory == "imperial":
        margin = catalog.facts()["setup"]["imperial_margin"][players]
        return _beats_all(state, seat, lambda s: monarchs(state, s), margin)
    if victory == "globalization":
        return (_beats_all(state, seat, lambda s: concessions(state, s)
                           + _patron_as(state, s, "concession_in_globalization_victory"), 2)
                and _beats_all(state, seat, lambda s: prestige(state, s, "discovery")))
    if victory == "renaissance":
        return (_beats_all(state, seat, lambda s: republics(state, s) + ability_cards(
                    state, s, "card_counts_as_republic_for_renaissance_victory"))
                and _beats_all(state, seat, lambda s: prestige(state, s, "law")
                               + _patron_as(state, s, "law_in_renaissance_victory"), 2))
    religion = dominant_religion(state)
    return religion is not None and _beats_all(state, seat, lambda s: prestige(
        state, s, religion) + (_patron_as(state, s, "green_bishop_your_holy_victory")
                               if religion == "islamic" else 0))


def patron_winners(state: State) -> tuple[list[str], dict[str, int]]:
    """The Patron end (§12.2.А): most patronage prestige; ties by florins, then shared
    (§12.2.Б).  Returns the winners and each seat's patronage."""
    scores = {s: prestige(state, s, "patron") for s in state["seats"]}
    best = max(scores.values())
    tied = [s for s in state["seats"] if scores[s] == best]
    most = max(state["florins"][s] for s in tied)
    return [s for s in tied if state["florins"][s] == most], scores
