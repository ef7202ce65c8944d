"""Standing responses: a response card armed in advance with a trigger, so that it is played
in another power's impulse without a round trip (digest §3.3 R1; §13.1 step 4 and §15.1
step 2 for *Foul Weather* #31 and *Gout* #32, `responses`).

``STANDING RESPOND <card> IF <trigger> [OR <card> IF <trigger> ...]`` (Russian
``ПОСТОЯННО RESPOND <карта> ЕСЛИ <условие> [ИЛИ ...]``) arms the cards; a new one replaces
the seat's arms.  A trigger is ``<who> <acts> [<space>]``:

* who: a power (``Ottoman``), a leader (``Charles V``) or ``ANYONE`` (``ЛЮБОЙ``);
* acts: ``MOVES`` (``ДВИЖЕТСЯ``: a land move, and the Holy Roman Emperor's transfer of
  Charles V), ``ASSAULTS`` (``ШТУРМУЕТ``) or ``ACTS`` (``ДЕЙСТВУЕТ``: either);
* space: ``INTO``/``AT <space>`` (``В <город>``): only when the move or assault goes there.

*Gout* must name a leader as who (the leader it strikes).  When a response window asks the
seat and an arm matches the declared action, the card is played at once — only if the seat
holds it and may play it there (`responses.usable`); otherwise the arm does nothing and the
window goes on as if nothing were armed (asked, or closed by ``STANDING RESPONSE
NEVER-ASK``), so no other seat can tell.  ``STANDING RESPONSE NEVER`` disables the arms.

Rules: §13.1, §15.1
"""
from __future__ import annotations

import re
from typing import Any

from engine.contract import Decision, IllegalOrder
from engine.standing import of as standing_of

from games.here_i_stand import grammar, seating
from games.here_i_stand import state as S
from games.here_i_stand.land_war import responses

KIND = "respond"
TEMPLATES = ("<card> IF <trigger>", "<card> ЕСЛИ <trigger>")
_OR = re.compile(r"\s+(?:OR|ИЛИ)\s+", re.IGNORECASE)
_IF = re.compile(r"\s+(?:IF|ЕСЛИ)\s+", re.IGNORECASE)
_ACTS = {"MOVES": "move", "ДВИЖЕТСЯ": "move", "ASSAULTS": "assault", "ШТУРМУЕТ": "assault",
         "ACTS": None, "ДЕЙСТВУЕТ": None}
_AT = ("INTO", "AT", "В", "ВО")
_ANYONE = ("ANYONE", "ANY", "ЛЮБОЙ", "ЛЮБАЯ")
Arm = dict[str, Any]


def _who(text: str) -> tuple[str, str | None]:
    """``("any", None)``, ``("power", id)`` or ``("leader", id)``."""
    if text.upper() in _ANYONE:
        return "any", None
    try:
        return "power", grammar.power(text)
    except IllegalOrder:
        return "leader", grammar.leader(text)


def _trigger(text: str) -> tuple[str, str | None, str | None]:
    """`text` as ``(who words, acts, space)``."""
    words = text.split()
    at = next((i for i, w in enumerate(words) if w.upper() in _ACTS), None)
    if not at:
        raise IllegalOrder(f"a trigger reads <who> MOVES|ASSAULTS|ACTS [INTO <space>], not "
                           f"{text!r}", code="syntax",
                           params={"text": "<who> MOVES|ASSAULTS|ACTS [INTO <space>]"})
    rest = words[at + 1:]
    if rest and rest[0].upper() in _AT:
        rest = rest[1:]
    space = grammar.space(" ".join(rest)) if rest else None
    return " ".join(words[:at]), _ACTS[words[at].upper()], space


def parse(policy: str) -> list[Arm]:
    """The arms of a ``respond`` policy: ``{"card", "who", "id", "acts", "space"}`` each;
    `IllegalOrder` for an unknown name or a *Gout* that names no leader."""
    arms = []
    for clause in _OR.split(policy.strip()):
        parts = _IF.split(clause, maxsplit=1)
        if len(parts) != 2:
            raise IllegalOrder(f"an armed response reads <card> IF <trigger>, not {clause!r}",
                               code="syntax", params={"text": "<card> IF <trigger>"})
        card = grammar.card_number(parts[0])
        if card not in responses.CARDS:
            raise IllegalOrder(f"{grammar.card_label(card)} is not a response that can be "
                               "armed (Foul Weather, Gout)", code="arm_not_response",
                               params={"card": card})
        who_words, acts, space = _trigger(parts[1])
        who, wid = _who(who_words)
        if card == responses.GOUT and who != "leader":
            raise IllegalOrder("Gout strikes one leader: name it, GOUT IF <leader> MOVES",
                               code="arm_gout_leader", params={})
        arms.append({"card": card, "who": who, "id": wid, "acts": acts, "space": space})
    return arms


def _matches(arm: Arm, action: responses.Action) -> bool:
    verb = "move" if action["verb"] == "transfer" else action["verb"]
    if arm["acts"] is not None and arm["acts"] != verb:
        return False
    if arm["space"] is not None and arm["space"] != action["to"]:
        return False
    if arm["who"] == "power":
        return action["power"] == arm["id"]
    if arm["who"] == "leader":
        return arm["id"] in action["leaders"]
    return True


def answer(policy: str, state: S.State, decision: Decision) -> dict[str, Any] | None:
    """The armed card `decision.seat` plays against the declared action, or None (the
    window goes on by the seat's ``response`` policy): the first arm that matches, is held
    and is usable there (§13.1, §15.1)."""
    seat = decision.seat
    action = responses.declared(state)
    if action is None or standing_of(state, seating.seat_of(state, seat)).get("response") == "NEVER":
        return None
    hand = state["hands"].get(seat, ())
    for arm in parse(policy):
        if (_matches(arm, action) and arm["card"] in hand
                and responses.usable(state, seat, action, arm["card"])
                and (arm["card"] != responses.GOUT
                     or arm["id"] in responses.army_leaders(action["leaders"]))):
            return {"verb": "RESPONSE", "card": arm["card"],
                    "leader": arm["id"] if arm["card"] == responses.GOUT else None}
    return None
