"""Phase 2: Card Draw (§8, §6.2) — automatic, but for Maurice of Saxony's electorate.

In order (§8.2): (a) new leaders — Maurice of Saxony at the start of turn 6 in any
Protestant-controlled electorate the Protestants choose (L439; ``ENTER <electorate>``, asked
only when there are two or more; default the first in map order — asked after the deal,
which does not depend on it);
(b) reformers and debaters entering this turn (§8.2 tables: Zwingli turn 2, Calvin turn 4,
Cranmer with Coverdale and Latimer the turn after Henry VIII marries Anne Boleyn; debaters by
the turn printed on them); a reformer's space turns Protestant; (c) new cards: those with this
turn number, the conditional succession cards (#19 Edward VI, #21 Mary I, #23 Elizabeth I,
§21.3) and the English-Reformation cards (#62-#64) once their condition holds; cards marked
1517 are left out of the 1532 scenario (§6.2); (d) New World riches (§20.4, `new_world.riches`);
(e) the discard pile, the undealt cards and the new cards are shuffled together and each
power is dealt: the last uncovered box of its key track (keys controlled less keys in
unrest, at least 1), the Protestants 5 with 4+ electorates and 4 otherwise; +1 per ruler card
bonus, -1 if excommunicated (§6.2), -1 after *Fuggers* (#79) last turn, -1 per foreign war
being fought (§21.7, card text).  Home
cards played last turn return to their owners.

Rules: §6.2, §8, §21.7
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.options import OneOf, Option
from games.here_i_stand import assault, choices, facts, foreign_wars, grammar
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.henry_viii import CONDITIONAL, conditional_due
from games.here_i_stand.reformation import absence
from games.here_i_stand.new_world import riches

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}
#: Canonical texts of their verbs (`tables` hands them to `grammar`).
TEXTS: dict[str, Callable[[dict], str]] = {}

NAME = "card_draw"


def deal_size(state, power: str) -> int:
    """Cards dealt to `power` this turn (§6.2; the rulebook example E4)."""
    if power == "protestant":
        base = 5 if len(S.electorates_controlled(state, "protestant")) >= 4 else 4
    else:
        boxes = len(S.keys_controlled(state, power)) - S.keys_in_unrest(state, power)
        base = facts.key_track(power).cards_for(boxes)
    size = base + S.card_bonus(state, power)
    if power in state["excommunicated"]:
        size -= 1
    if power in state.get("fuggers", []):               # #79 Fuggers, played last turn
        size -= 1
    size -= foreign_wars.cards_less(state, power)
    return max(0, size)


def cards_in_game(state) -> set[int]:
    held = {n for hand in state["hands"].values() for n in hand}
    return (held | set(state["deck"]) | set(state["discard"]) | set(state["removed"])
            | set(state["home_used"]) | set(state["cards_in_play"]) | set(state["mandatory_played"]))


def eligible(number: int, scenario: str) -> bool:
    c = facts.card(number)
    return (c.deck == "main" and c.type != "home"
            and not (scenario != "1517" and c.scenario_only == "1517"))


def initial_deck(state) -> list[int]:
    """Cards in the deck at the start of the scenario: every main-deck card whose turn has come
    (§6.2), less the scenario's removed cards."""
    out = []
    for number, c in facts.cards().items():
        if not eligible(number, state["scenario"]) or number in CONDITIONAL:
            continue
        if isinstance(c.enters, int) and c.enters <= state["first_turn"]:
            out.append(number)
    return sorted(set(out) - set(state["removed"]) - set(state["mandatory_played"]))


def new_cards(state) -> list[int]:
    present = cards_in_game(state)
    out = []
    for number, c in facts.cards().items():
        if number in present or not eligible(number, state["scenario"]):
            continue
        if number in CONDITIONAL:
            if conditional_due(state, number):
                out.append(number)
        elif isinstance(c.enters, int) and c.enters == state["turn"] and state["turn"] > state["first_turn"]:
            out.append(number)
    return sorted(out)


def _entered(state) -> set[str]:
    ids = {d["id"] for side in state["debaters"].values() for d in side}
    return ids | set(state["debaters_out"])


def add_religious_figures(state) -> None:
    absence.bring_back(state)
    turn = state["turn"]
    english = state.get("english_reformation_turn")
    for rid, r in facts.reformers().items():
        if rid in state["reformers"] or rid in state["reformers_out"]:
            continue
        due = (r.enters == turn if isinstance(r.enters, int)
               else english is not None and turn >= english)
        if due:
            state["reformers"][rid] = r.space
            S.set_religion(state, r.space, "protestant")
            S.log(state, "reformer_enters", reformer=rid, space=r.space)
    present = _entered(state)
    for did, d in facts.debaters().items():
        if did in present:
            continue
        due = (d.enters == turn if isinstance(d.enters, int)
               else english is not None and turn >= english)
        if due:
            side = "papacy" if d.side == "papal" else "protestant"
            state["debaters"][side].append({"id": did, "committed": False})
            S.log(state, "debater_enters", debater=did, side=side)


def maurice_spots(state) -> tuple[str, ...]:
    return tuple(e for e in S.board().electorates() if S.controller(state, e) == "protestant")


def place_maurice(state, where: str) -> None:
    S.move_leader(state, "maurice_of_saxony", None, where)
    S.log(state, "leader_enters", leader="maurice_of_saxony", space=where)


def add_leaders(state) -> None:
    """§8.2: naval leaders and units off the map come back; Maurice of Saxony on turn 6."""
    assault.return_naval(state)
    if state["turn"] == 6 and S.where_is(state, "maurice_of_saxony") is None:
        spots = maurice_spots(state)
        if len(spots) == 1:
            place_maurice(state, spots[0])
        elif spots:
            choices.push(state, {"kind": "maurice", "seat": "protestant"})


def _maurice_parse(state, item, text):
    verb = O.verb(text)
    if verb in ("PLACE", "ВВЕСТИ", "ПОМЕСТИТЬ"):
        verb = "ENTER"
    grammar.expect(["ENTER"], verb, text, "ENTER <electorate>")
    body = O._drop_words(O.rest(text), "IN", "В")
    return {"verb": "ENTER", "space": grammar.space(body)}


def _maurice_apply(state, item, order, dice) -> bool:
    place_maurice(state, order["space"])
    return True


KINDS["maurice"] = choices.Kind(
    options=lambda state, item: ([Option.of("ENTER", f"ENTER {maurice_spots(state)[0]}",
                                            space=OneOf(maurice_spots(state)))]
                                 if maurice_spots(state) else []),
    apply=_maurice_apply,
    default=lambda state, item: {"verb": "ENTER", "space": maurice_spots(state)[0]},
    parse=_maurice_parse,
    prompt=lambda state, item: "Maurice of Saxony enters: ENTER <electorate you control> (§8.2)")
TEXTS["ENTER"] = lambda o: f"ENTER {o['space']}"


def enter(state, dice) -> None:
    add_leaders(state)
    add_religious_figures(state)
    added = new_cards(state)
    if added:
        S.log(state, "new_cards", cards=added)
    deck = sorted(state["deck"] + state["discard"] + added)
    dice.shuffle(deck)
    state["deck"], state["discard"] = deck, []
    riches.roll(state, dice)                                  # §20.4, step (d)
    for number in state["home_used"]:
        owner = facts.card(number).powers[0]
        if number not in state["hands"][owner]:
            state["hands"][owner].append(number)
    state["home_used"] = []
    sizes = {}
    for power in S.MAJORS:
        n = deal_size(state, power)
        sizes[power] = n
        for _ in range(n):
            if not state["deck"]:
                break
            state["hands"][power].append(state["deck"].pop())
        state["hands"][power].sort()
    S.log(state, "dealt", counts=sizes)
    state.pop("fuggers", None)
    state["pregnancy_extra"] = False


def decisions(state):
    step = choices.decision(state)
    return [step] if step is not None else []


def parse(state, decision, text):
    """Only queued questions are asked here (Maurice of Saxony, §8.2): the queue reads them."""
    return choices.parse(state, decision, text)


def apply(state, seat, decision, order, dice) -> None:
    choices.apply(state, seat, decision, order, dice)


def default(state, decision):
    return choices.default(state, decision)
