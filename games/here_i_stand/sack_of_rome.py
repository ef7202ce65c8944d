"""The Sack of Rome (#95, §21.5).

Rules: §21.5

Playable when a non-Papal stack (one power's land units in one space) of the Italian
language zone holds more mercenaries than there are Papal regulars in Rome; no war starts and
nobody is excommunicated for it.  The stack (every unit and leader) fights a field battle in
Rome against the Papal regulars only (Papal mercenaries and allies stay out), the Papacy
defending (+1 die, wins ties).  The Papacy loses regulars first, then mercenaries; the
attacker splits its losses evenly between mercenaries and regulars (mercenaries first when
odd).  The stack then goes back where it came from.  If the Papacy lost, St Peter's loses 5 CP
(never below 0), the stack's owner draws 2 random non-home cards from the Papal hand and keeps
one (question ``sack_keep``; ``STANDING sack_keep HIGHEST``), and the card leaves the game;
otherwise it is discarded.

With several eligible stacks the player of the event chooses (question ``sack_stack``).
Combat cards are not offered in this battle.
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar, losses, religion
from games.here_i_stand import state as S

CARD = 95
HIT = 5
#: CP St Peter's loses when Rome is sacked (§21.5).
ST_PETERS_LOSS = 5


def papal_regulars(state: S.State) -> int:
    return S.units(state, "rome").get("papacy", {}).get("regulars", 0)


def stacks(state: S.State) -> list[tuple[str, str]]:
    """Eligible (space, owner) stacks (§21.5): Italian zone, not Papal, more mercenaries
    than the Papal regulars in Rome."""
    m = S.board()
    need = papal_regulars(state)
    return sorted((sid, p) for sid, rec in state["spaces"].items()
                  if sid in m.spaces and m.spaces[sid].language == "italian"
                  for p, c in rec.get("units", {}).items()
                  if S.major_of(state, p) != "papacy" and c.get("mercenaries", 0) > need)


def condition(state: S.State, power: str) -> Reason | None:
    if not stacks(state):
        return Reason("Sack of Rome needs a non-Papal stack in the Italian zone with more "
                      "mercenaries than the Papal regulars in Rome (§21.5)", "sack_no_stack",
                      card=CARD)
    return None


def resolve(state: S.State, power: str, dice: Dice) -> int:
    found = stacks(state)
    if len(found) == 1:
        sack(state, power, *found[0], dice)
    else:
        choices.push(state, {"kind": "sack_stack", "seat": power})
    return 0


def sack(state: S.State, player: str, src: str, owner: str, dice: Dice) -> None:
    """§21.5 steps 1-6."""
    leaders = [l for l in S.leaders_at(state, src) if not facts.leader(l).naval
               and S.leader_power(state, l) == owner]
    units = {k: n for k, n in S.units(state, src)[owner].items() if k in S.LAND and n}
    mine = sum(units.values()) + max((facts.leader(l).battle for l in leaders), default=0)
    regulars = papal_regulars(state)
    defence = [l for l in S.leaders_at(state, "rome") if not facts.leader(l).naval
               and S.leader_power(state, l) == "papacy"]
    theirs = regulars + max((facts.leader(l).battle for l in defence), default=0) + 1
    rolls, rolls2 = dice.roll(mine), dice.roll(theirs)
    hits, hits2 = (sum(1 for r in rolls if r >= HIT), sum(1 for r in rolls2 if r >= HIT))
    S.log(state, "sack_battle", power=owner, space=src, dice=mine, rolls=rolls, hits=hits,
          dice2=theirs, rolls2=rolls2, hits2=hits2, card=CARD)
    _papal_losses(state, hits)
    _attacker_losses(state, src, owner, hits2)
    if hits > hits2:
        _sacked(state, owner, dice)
    else:
        S.log(state, "sack_repulsed", card=CARD)


def _papal_losses(state: S.State, hits: int) -> None:
    for kind in ("regulars", "mercenaries"):
        n = min(hits, S.units(state, "rome").get("papacy", {}).get(kind, 0))
        S.add_units(state, "rome", "papacy", kind, -n)
        hits -= n
    losses.after_losses(state, "rome", ["papacy"])       # §5.2 counters, §15.3 its siege


def _attacker_losses(state: S.State, src: str, owner: str, hits: int) -> None:
    """Split as evenly as possible between mercenaries and regulars (§21.5 step 3); the
    stack never left `src` in our bookkeeping, so it is back there at once (step 4)."""
    turn = 0
    while hits:
        stack = S.units(state, src).get(owner, {})
        order = ("mercenaries", "regulars") if turn % 2 == 0 else ("regulars", "mercenaries")
        kind = next((k for k in order + ("cavalry",) if stack.get(k)), None)
        if kind is None:
            break
        S.add_units(state, src, owner, kind, -1)
        hits -= 1
        turn += 1
    losses.after_losses(state, src, [owner])             # §5.2 counters, §15.3 its siege


def _sacked(state: S.State, owner: str, dice: Dice) -> None:
    sp = state["st_peters"]
    total = max(0, int(sp.get("vp", 0)) * religion.ST_PETERS_CP_PER_VP
                + int(sp.get("cp", 0)) - ST_PETERS_LOSS)
    sp["vp"] = min(total // religion.ST_PETERS_CP_PER_VP, religion.ST_PETERS_MAX_VP)
    sp["cp"] = total - sp["vp"] * religion.ST_PETERS_CP_PER_VP
    S.pull_card(state, CARD)
    state["removed"] = sorted(set(state["removed"]) | {CARD})
    pool = [n for n in state["hands"]["papacy"] if facts.card(n).type != "home"]
    drawn = []
    for _ in range(min(2, len(pool))):
        drawn.append(pool.pop(dice.below(len(pool))))
    S.log(state, "rome_sacked", power=owner, n=len(drawn), card=CARD)
    if len(drawn) == 1 or (drawn and owner not in S.MAJORS):
        _keep(state, owner, drawn[0], drawn[1:])
    elif drawn:
        for n in drawn:
            state["hands"]["papacy"].remove(n)
        choices.push(state, {"kind": "sack_keep", "seat": owner, "cards": drawn}, first=True)


def _keep(state: S.State, owner: str, kept: int, dropped: list[int]) -> None:
    for n in [kept, *dropped]:
        if n in state["hands"]["papacy"]:
            state["hands"]["papacy"].remove(n)
    major = S.major_of(state, owner)
    if major in S.MAJORS:
        state["hands"][major].append(kept)
        state["private_log"][major].append(S.msg("sack_card_kept", card=kept))
    else:
        state["discard"].append(kept)
    state["discard"].extend(dropped)


# ---------------------------------------------------------------- questions
def _stack_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    return [Option.of("SACK", f"SACK WITH {owner} FROM {sid}", owner=OneOf((owner,)),
                      space=OneOf((sid,))) for sid, owner in stacks(state)]


def _stack_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    sid, owner = max(stacks(state), key=lambda so: (
        S.units(state, so[0])[so[1]].get("mercenaries", 0), so))
    return {"verb": "SACK", "owner": owner, "space": sid}


def _stack_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    words = grammar.rest_of(text).split()
    upper = [w.upper() for w in words]
    if grammar.verb_of(text) != "SACK" or "WITH" not in upper or "FROM" not in upper:
        raise IllegalOrder(Reason("say SACK WITH <power> FROM <space>", "syntax",
                                  text="SACK WITH <power> FROM <space>"),
                           [o.example for o in _stack_options(state, item)])
    i, j = upper.index("WITH"), upper.index("FROM")
    return {"verb": "SACK", "owner": grammar.power(" ".join(words[i + 1:j])),
            "space": grammar.space(" ".join(words[j + 1:]))}


def _stack_apply(state: S.State, item: dict[str, Any], order: dict[str, Any],
                 dice: Dice) -> bool:
    sack(state, item["seat"], order["space"], order["owner"], dice)
    return True


def _keep_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    return [Option.of("KEEP_CARD", f"KEEP {item['cards'][0]}", card=OneOf(tuple(item["cards"])))]


def _keep_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    return {"verb": "KEEP_CARD", "card": max(item["cards"], key=lambda n: (facts.card(n).cp, -n))}


def _keep_apply(state: S.State, item: dict[str, Any], order: dict[str, Any],
                dice: Dice) -> bool:
    major = S.major_of(state, item["seat"])
    state["hands"][major].append(order["card"])
    state["private_log"][major].append(S.msg("sack_card_kept", card=order["card"]))
    state["discard"].extend(n for n in item["cards"] if n != order["card"])
    return True


def _keep_standing(policy: str, state: S.State, decision) -> dict[str, Any] | None:
    """``STANDING sack_keep HIGHEST``: keep the card with more CP (as the default)."""
    item = choices.current(state, decision.seat)
    if item is None or item.get("kind") != "sack_keep":
        return None
    return _keep_default(state, item)


KINDS: dict[str, questions.Kind] = {
    "sack_stack": choices.Kind(
        options=_stack_options, apply=_stack_apply, default=_stack_default, parse=_stack_parse,
        prompt=lambda state, item: "Sack of Rome: SACK WITH <power> FROM <space> (§21.5)"),
    "sack_keep": choices.Kind(
        options=_keep_options, apply=_keep_apply, default=_keep_default,
        parse=lambda state, item, text: {"verb": "KEEP_CARD",
                                         "card": grammar.card_number(grammar.rest_of(text))},
        policies=("HIGHEST",), standing=_keep_standing, private=True,
        prompt=lambda state, item: "Sack of Rome: KEEP one of the two Papal cards (§21.5)")}
TEXTS = {"SACK": lambda o: f"SACK WITH {o['owner']} FROM {o['space']}",
         "KEEP_CARD": lambda o: f"KEEP {o['card']}"}
