"""Games with fewer players (§3.1, L168-L173): one player holds several major powers.

Every major power is in play whatever the number of players (L168); with fewer than six
"some players control two" (L173).  The Scenario Book's table of which powers go together
is not among our sources; the groupings are those of `scenarios.SEAT_GROUPINGS` (the
scenario data, with its sources).  A seat of such a game is named by its powers in standard
order joined by ``+`` (``hapsburg+papacy``); a six-player game keeps the six plain seats and
its states do not change (``seat_of`` is only written for a grouped game).

The rules module maps the powers' questions onto their seats (`to_seat`) and back
(`inner`); an order may name its power first, ``Ottoman: PLAY 1 FOR CP`` (`prefix`), and
without one it answers the first of the seat's powers (standard order) for which it is
legal.  The order as recorded always names the power (`named`).

Rules: §3.1, §3.2
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Sequence

from engine.contract import Decision, IllegalOrder, Reason

from games.here_i_stand import grammar
from games.here_i_stand import state as S
from games.here_i_stand.scenarios import SEAT_GROUPINGS

SEP = "+"
#: The key of a grouped game's ``{power: seat}`` in the state.
KEY = "seat_of"
#: The key of the power an order answers for, in a grouped game's orders.
AS = "as"
#: The key of the power a grouped seat's question asks, in its context.
POWER = "for_power"


def seat_name(powers: Iterable[str]) -> str:
    return SEP.join(p for p in S.MAJORS if p in set(powers))


#: Player count -> the seat names of its grouping (§3.1; six: the powers themselves).
GROUPINGS: dict[int, tuple[str, ...]] = {
    n: tuple(seat_name(group) for group in groups) for n, groups in SEAT_GROUPINGS.items()}
#: Every seat name a scenario offers, the six powers first.
ALL_SEATS: tuple[str, ...] = tuple(dict.fromkeys(
    [*S.MAJORS, *(s for n in sorted(GROUPINGS, reverse=True) for s in GROUPINGS[n])]))


def check(seats: Sequence[str]) -> dict[str, str]:
    """The ``{power: seat}`` of a game seated as `seats` (§3.1): one of the groupings, or
    `IllegalOrder` naming them."""
    wanted = sorted(seats)
    for n, names in GROUPINGS.items():
        if sorted(names) == wanted:
            return {p: s for s in names for p in s.split(SEP)}
    options = [" ".join(GROUPINGS[n]) for n in sorted(GROUPINGS)]
    raise IllegalOrder(Reason(f"these seats are no grouping of the six powers; the groupings "
                              f"are: {'; '.join(options)}", "seat_grouping",
                              text="; ".join(options)), options)


def seat_of(state: dict[str, Any], power: str) -> str:
    return (state.get(KEY) or {}).get(power, power)


def powers_of(state: dict[str, Any], seat: str) -> list[str]:
    table = state.get(KEY)
    if not table:
        return [seat] if seat in S.MAJORS else []
    return [p for p in S.MAJORS if table.get(p) == seat]


def grouped(state: dict[str, Any]) -> bool:
    return bool(state.get(KEY))


def to_seat(state: dict[str, Any], decision: Decision) -> Decision:
    """A power's question as its seat's (the power kept in the context)."""
    return dataclasses.replace(decision, seat=seat_of(state, decision.seat),
                               context={**decision.context, POWER: decision.seat})


def inner(decision: Decision) -> Decision:
    """A seat's question back as its power's."""
    power = decision.context.get(POWER)
    if power is None:
        return decision
    context = {k: v for k, v in decision.context.items() if k != POWER}
    return dataclasses.replace(decision, seat=power, context=context)


def prefix(text: str) -> tuple[str | None, str]:
    """``Ottoman: PLAY 1 FOR CP`` as ``("ottoman", "PLAY 1 FOR CP")``; text without a
    power before its first colon as ``(None, text)``."""
    head, sep, rest = text.partition(":")
    if not sep or "\n" in head or not head.strip():
        return None, text
    try:
        return grammar.power(head.strip()), rest.strip()
    except IllegalOrder:
        return None, text


def strip(decision: Decision, text: str) -> str:
    """`text` without the power it names, refused when it names another power than the one
    `decision` asks."""
    named, rest = prefix(text)
    power = decision.context.get(POWER)
    if named is not None and named != power:
        raise IllegalOrder(Reason(f"this question is asked of {power}: write {power}: <order>",
                                  "other_power", power=power, text=named))
    return rest


def named(order: dict[str, Any], text: str) -> str:
    """The recorded text of a grouped game's order: its power first."""
    return f"{order[AS]}: {text}" if AS in order else text


__all__ = ["ALL_SEATS", "AS", "GROUPINGS", "KEY", "POWER", "check", "grouped", "inner",
           "named", "powers_of", "prefix", "seat_name", "seat_of", "strip", "to_seat"]
