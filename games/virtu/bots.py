"""Virtù's own bot: ``heuristic``, a short plan of each turn over private copies of the state
(the engine's look-ahead, `engine.bots.tried`).

A random player (`games.virtu.choices`) ends a game only after tens of Years: a city costs
Crowns above its stability (§5.2, L645) gathered from two or three sources in a row, a siege
Troops and bonuses above it (§6.3), and a random pick spends the sources on other things
first.  This bot plans instead:

* its action (``act``, ``winter``): it takes the deed (Annex, Patronage, a march, a
  purchase, …) that raises the value of its position most, else gathers the resources the
  Room's action pays with, one source at a time, as far as a plan on a copy shows that a deed
  follows (the plan keeps only the prefix that ends best); florins are cashed (§3.5);
* the Room to move to (``move``): every reachable Room, with the extra step for 2 florins
  (§5.1), planned to its end on a copy;
* the fights (``declare``): a side that is not winning declares its cheapest bonus (§6.2);
  everything else (sieges' order, continuing, retreats, Family cards) is the game's default.

Rules: none (a bot that plays by rules of thumb)
"""
from __future__ import annotations

import random
from typing import Any, Callable

from engine.bots import Bot, tried
from engine.contract import Decision, Order, Rules, State
from games.virtu.fights import bonus_options, strengths
from games.virtu.kit import kit_of
from games.virtu.palace import PAYS, cities_of, palace_cards, room_action, sources
from games.virtu.scoring import score
from games.virtu.sieges import defence, sieges_of

#: Orders that only prepare a deed (gathering, cashing) or end the turn or the step.
GATHER, CLOSE = ("USE",), ("DONE",)
#: Orders the bot never gives of its own: an Indulgence costs prestige (§5.3, L547), and a
#: courtier moved or discarded changes nothing its value sees.
AVOID = ("INDULGENCE", "SHIFT", "DISCARD", "EXPEL")
#: Longest plan looked at for one turn or Winter step.
PLAN = 14
#: Weights of the position (`value`).
PRESTIGE, CITY, PATRON, FLORIN, WAR, AGENT, SIEGE = 3.0, 6.0, 5.0, 0.6, 0.8, 0.3, 5.0
#: A Troop is worth `TROOP` up to `ARMY` of them (enough for a siege), little beyond.
TROOP, SPARE_TROOP, ARMY = 1.5, 0.2, 4
FLORIN_CAP = 14
#: What a symbol on a card or token of one's palace or Domain is worth, as an asset, and
#: what it adds while available (not yet spent this round).
ASSET = {"crown": 2.0, "cross": 1.2, "florin": 0.4, "ship": 0.8, "cavalry": 0.8,
         "mask": 0.3, "war": 1.0, "arrow": 0.4}
READY = 0.3
#: The share of `SIEGE` a siege short of strength counts while a plan is being made.
PART = 0.8


class Heuristic(Bot):
    """The plan of the module docstring."""

    name = "heuristic"

    def choose(self, rules: Rules, state: State, decision: Decision,
               rng: random.Random) -> Order:
        chooser = CHOOSERS.get(decision.kind)
        found = chooser(rules, state, decision) if chooser else None
        return found if found is not None else rules.default(state, decision)


# ---------------------------------------------------------------- the position
def value(state: State, seat: str, *, strict: bool = True) -> float:
    """How good `state` is for `seat`: prestige now, cities and Patronage (the end triggers),
    treasury, Troops and the sieges they can win, the symbols its cards and tokens carry and
    those still available.  Not `strict`, a siege not yet strong enough counts in part (so a
    plan moves its Troops one at a time)."""
    kit = kit_of(state)
    player = state["players"][seat]
    total = PRESTIGE * score(state, kit)[seat]["total"]
    total += CITY * len(cities_of(state, seat)) + PATRON * player["patronage"]
    total += FLORIN * min(player["florins"], FLORIN_CAP) + WAR * player["war"]
    troops = sum(state["troops"][seat].values())
    total += TROOP * min(troops, ARMY) + SPARE_TROOP * max(troops - ARMY, 0)
    for city in sieges_of(state, seat):
        strength = state["troops"][seat][city] + player["war"]
        needed = defence(state, kit, seat, city)[0] + 1
        if strength >= needed:
            total += SIEGE
        else:
            total += -TROOP if strict else SIEGE * PART * strength / needed - TROOP / 2
    cards = [kit.card(c)["resources"] for c in palace_cards(player)]
    cards += [kit.token(t)["resources"] for t in player["domain"]]
    total += sum(ASSET.get(r, 0) * n for found in cards for r, n in found.items())
    total += READY * sum(ASSET.get(r, 0) * n
                         for _, r, n in sources(state, kit, seat, action=None))
    total += AGENT * sum(c["agent"] == seat for c in state["cities"].values())
    return total


def _asked(rules: Rules, state: State, seat: str) -> Decision | None:
    return next((d for d in rules.decisions(state) if d.seat == seat), None)


# ---------------------------------------------------------------- planning a turn
def _same_step(item: dict[str, Any] | None, kind: str, stage: str | None, seat: str) -> bool:
    return bool(item) and item["seat"] == seat and item["kind"] in (kind, "bonus") \
        and item.get("stage") == stage


def _plan(rules: Rules, state: State, seat: str) -> tuple[float, list[Order]]:
    """A greedy plan of the open turn or Winter step on a copy: the best deed when one
    raises the value, else cash florins, else gather one more symbol the step pays with;
    the best-valued prefix of it."""
    ask = state["ask"]
    kind, stage = ask["kind"], ask.get("stage")
    best, path, plan, used = value(state, seat), [], [], set()
    for _ in range(PLAN):
        decision = _asked(rules, state, seat)
        if decision is None or not _same_step(state["ask"], kind, stage, seat):
            break
        step = _best_deed(rules, state, seat, decision) \
            or _gather(rules, state, decision, used)
        if step is None:
            break
        order, state = step
        plan.append(order)
        now = value(state, seat)
        if now > best + 1e-9:
            best, path = now, list(plan)
    return best, path


def _best_deed(rules: Rules, state: State, seat: str, decision: Decision
               ) -> tuple[Order, State] | None:
    now, found = value(state, seat, strict=False), None
    for order in decision.legal_orders():
        if order["verb"] in GATHER + CLOSE + AVOID:
            continue
        after = tried(rules, state, seat, order)
        if after is not None and (v := value(after, seat, strict=False)) > now + 1e-9:
            now, found = v, (order, after)
    return found


def _gather(rules: Rules, state: State, decision: Decision, used: set[str]
            ) -> tuple[Order, State] | None:
    """Cash a florin, else take a symbol the step pays with, once per source."""
    uses = [o for o in decision.legal_orders()
            if o["verb"] == "USE" and o["source"] not in used]
    cash = [o for o in uses if o["source"].endswith(":florin")
            and not o["source"].startswith(("card:", "upgrade:", "printed:"))]
    wanted = _paying(state, decision.seat)
    useful = cash or [o for o in uses if o["source"].split(":")[1] in wanted]
    if not useful:
        return None
    order = useful[0]
    used.add(order["source"])
    after = tried(rules, state, decision.seat, order)
    return None if after is None else (order, after)


def _paying(state: State, seat: str) -> tuple[str, ...]:
    """The symbols the open step pays with: the action's own, Crowns and Crosses for
    purchases, any for an Alliance."""
    ask = state["ask"]
    if ask["kind"] == "act":
        player = state["players"][seat]
        return PAYS[room_action(kit_of(state), seat, player, player["marker"])]
    if ask.get("stage") == "ally":
        return ("crown", "cross", "cavalry", "ship")
    return ("crown", "cross")


# ---------------------------------------------------------------- the questions
def _act(rules: Rules, state: State, decision: Decision) -> Order | None:
    """The first order of the best plan of this turn or Winter step; DONE when no plan
    beats stopping now."""
    _, path = _plan(rules, state, decision.seat)
    if path:
        return path[0]
    close = [o for o in decision.legal_orders() if o["verb"] in CLOSE]
    return close[0] if close else None


def _winter(rules: Rules, state: State, decision: Decision) -> Order | None:
    """Wages: pay, cashing florins first when short; the other steps planned."""
    if state["ask"]["stage"] != "wages":
        return _act(rules, state, decision)
    orders = list(decision.legal_orders())
    for verb in ("PAY", "USE"):
        found = [o for o in orders if o["verb"] == verb]
        if found:
            return found[0]
    return None


def _move(rules: Rules, state: State, decision: Decision) -> Order | None:
    """Every Room within reach, and with the extra step bought, planned to the end of
    its action; the best first order."""
    seat, scored = decision.seat, []
    for order in decision.legal_orders():
        if order["verb"] not in ("PLACE", "MOVE", "STEP"):
            continue
        after = tried(rules, state, seat, order)
        if after is None:
            continue
        if order["verb"] == "STEP":
            nxt = _asked(rules, after, seat)
            outcome = max((_turn_value(rules, after, seat, o) for o in nxt.legal_orders()
                           if o["verb"] == "MOVE"), default=None) if nxt else None
        else:
            outcome = _plan(rules, after, seat)[0]
        if outcome is not None:
            scored.append((outcome, order))
    return max(scored, key=lambda s: s[0])[1] if scored else None


def _turn_value(rules: Rules, state: State, seat: str, order: Order) -> float:
    after = tried(rules, state, seat, order)
    return -1e9 if after is None else _plan(rules, after, seat)[0]


def _bonus(rules: Rules, state: State, decision: Decision) -> Order | None:
    """The Patronage bonus that raises the value most."""
    scored = [(value(a, decision.seat), o) for o in decision.legal_orders()
              if (a := tried(rules, state, decision.seat, o)) is not None]
    return max(scored, key=lambda s: s[0])[1] if scored else None


def _declare(rules: Rules, state: State, decision: Decision) -> Order | None:
    """A side not winning declares a bonus, the +1 tokens first; else it passes."""
    kit, seat, fight = kit_of(state), decision.seat, state["fight"]
    first, second = strengths(state, kit)
    winning = first > second if fight["sides"][0] == seat else second >= first
    choices = bonus_options(state, kit, seat)
    if winning or not choices:
        return {"verb": "PASS"}
    return {"verb": "BONUS", "source": choices[0]}


CHOOSERS: dict[str, Callable[[Rules, State, Decision], Order | None]] = {
    "act": _act, "winter": _winter, "move": _move, "bonus": _bonus, "declare": _declare}
BOTS = {Heuristic.name: Heuristic()}
