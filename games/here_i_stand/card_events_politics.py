"""Political events played in one's own impulse (card texts).

* **#66 Akinji Raiders** — the Ottomans only, against a major power they are at war with
  that controls a space within 2 spaces of Ottoman cavalry (the space between, if any,
  Ottoman-controlled): ``TARGET <power>`` (question ``akinji``; default: the one holding most
  cards), then the Ottomans draw one card at random from its hand (home cards excepted, as
  every random draw, `diplomacy_terms.draw_random`) and keep it.
* **#79 Fuggers** — the player draws 2 cards now and is dealt one card fewer at the next Card
  Draw (``state["fuggers"]``, read by `phases.card_draw.deal_size`).
* **#91 Ransom** — ``TARGET <leader>``: any captured leader (whoever holds him) goes back to
  a fortified home space of his power, his owner's choice (question ``ransom_event`` asked
  of the player, then ``ransom_home`` of the owner when there are several; defaults: the
  player's own leader first, then the one captured first by id; the capital, else the first
  fortified home space by id).
* **#40 Machiavelli: The Prince** — ``DECLARE WAR ON <power>``: a free war on a major power
  within §9.6's restrictions (L583; not the bans of a Diplomacy phase's peace), then 2 CP
  (question ``machiavelli``; default: the first in standard order).
* **#74 Diplomatic Overture** — the player draws 2 cards, then ``HAND <card> TO <power>``:
  not a home card nor a mandatory event, unless it holds nothing else, when a mandatory event
  may go (question ``overture``; default: the card of fewest CP to an ally, else the first
  other power).  Only the two powers learn the card.
* **#84 Julia Gonzaga** — needs Barbary Pirates played (piracy enabled); a piracy hit in the
  Tyrrhenian Sea later this turn gives the Ottomans 1 bonus VP (`navy.piracy.begin`).
* **#38 Halley's Comet** (as an event in one's own impulse; its use as a response in
  another power's impulse belongs to the response windows) — ``RANDOM DISCARD <power>``: a random
  card of that power's hand (home cards excepted) is discarded; or ``SKIP <power>``: that
  power's next impulse is skipped, which is not a pass (`phases.action`; question ``halley``;
  default: a discard from the enemy holding most cards).

Rules: §9.4 (captured leaders), §6.2 (the deal), §9.6 (L583), §21.1 (piracy), §21 (events)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, diplomacy_terms, events, facts, grammar
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.phases import diplomacy

KINDS: dict[str, questions.Kind] = {}
TEXTS: dict[str, Callable[[dict], str]] = {
    "HAND": lambda o: f"HAND {o['card']} TO {o['power']}",
    "RANDOM_DISCARD": lambda o: f"RANDOM DISCARD {o['power']}"}

AKINJI, FUGGERS, RANSOM, MACHIAVELLI, OVERTURE, JULIA, HALLEY = 66, 79, 91, 40, 74, 84, 38
MACHIAVELLI_CP = 2
OVERTURE_DRAW = 2
FUGGERS_DRAW = 2


# ---------------------------------------------------------------- #66 Akinji Raiders
def _near_cavalry(state: S.State) -> set[str]:
    """Spaces within 2 of Ottoman cavalry, the one between (if any) Ottoman-controlled."""
    m = S.board()
    out: set[str] = set()
    for sid in m.spaces:
        if not S.units(state, sid).get("ottoman", {}).get("cavalry"):
            continue
        for n1 in m.neighbours(sid):
            out.add(n1)
            if S.controller(state, n1) == "ottoman":
                out.update(m.neighbours(n1))
    return out


def akinji_targets(state: S.State) -> list[str]:
    near = _near_cavalry(state)
    return [p for p in S.MAJORS if p != "ottoman" and S.at_war(state, "ottoman", p)
            and any(S.controller(state, s) == p for s in near)]


def akinji(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "akinji", "seat": power})
    return 0


def akinji_condition(state: S.State, power: str) -> R | None:
    if power != "ottoman":
        return R("Akinji Raiders is an Ottoman event", "akinji_ottoman", card=AKINJI)
    if not akinji_targets(state):
        return R("Akinji Raiders: no enemy major power controls a space within 2 spaces of "
                 "Ottoman cavalry", "akinji_no_target", card=AKINJI)
    return None


def _akinji_apply(state, item, order, dice) -> bool:
    taken = diplomacy_terms.draw_random(state, order["power"], "ottoman", 1, dice,
                                        S.msg("why_card", card=AKINJI))
    S.log(state, "akinji_draw", card=AKINJI, power=order["power"], n=len(taken))
    return True


KINDS["akinji"] = choices.Kind(
    options=lambda state, item: [Option.of("TARGET", f"TARGET {akinji_targets(state)[0]}",
                                           power=OneOf(tuple(akinji_targets(state))))],
    apply=_akinji_apply, settle=lambda state, item, dice: not akinji_targets(state),
    parse=lambda state, item, text: {"verb": "TARGET", "power": grammar.power(
        grammar.target_verb(text, "TARGET <power>"))},
    default=lambda state, item: {"verb": "TARGET", "power": max(
        akinji_targets(state), key=lambda p: (len(state["hands"][p]), p))},
    prompt=lambda state, item: "Akinji Raiders: TARGET <power> (you draw a random card of it)")


# ---------------------------------------------------------------- #79 Fuggers
def fuggers(state: S.State, power: str, dice: Dice) -> int:
    for _ in range(FUGGERS_DRAW):
        events.draw(state, power, dice)
    state["fuggers"] = sorted(set(state.get("fuggers", [])) | {power})
    S.log(state, "fuggers", card=FUGGERS, power=power, n=FUGGERS_DRAW)
    return 0


# ---------------------------------------------------------------- #91 Ransom
def ransom_targets(state: S.State) -> list[str]:
    return sorted(lid for held in state["captured"].values() for lid in held)


def fortified_homes(state: S.State, lid: str) -> list[str]:
    """The fortified home spaces of the leader's power it controls, capital first."""
    power = diplomacy_terms.owner_of(state, lid) or ""
    homes = sorted(s for s in S.home_spaces(state, power) if S.is_fortified(s, state)
                   and S.in_play(state, s) and S.controller(state, s) == power)
    return sorted(homes, key=lambda s: (s not in S.capitals(power), s))


def ransom(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "ransom_event", "seat": power})
    return 0


def ransom_condition(state: S.State, power: str) -> R | None:
    if not any(fortified_homes(state, lid) for lid in ransom_targets(state)):
        return R("Ransom: no captured leader (with a fortified home space to go to)",
                 "ransom_no_leader", card=RANSOM)
    return None


def _ransom_choices(state: S.State) -> tuple[str, ...]:
    return tuple(lid for lid in ransom_targets(state) if fortified_homes(state, lid))


def _ransom_apply(state, item, order, dice) -> bool:
    lid = order["leader"]
    homes = fortified_homes(state, lid)
    owner = diplomacy_terms.owner_of(state, lid) or ""
    if len(homes) > 1 and owner in S.MAJORS:
        choices.push(state, {"kind": "ransom_home", "seat": owner, "leader": lid}, first=True)
    else:
        _free(state, lid, homes[0])
    return True


def _free(state: S.State, lid: str, sid: str) -> None:
    S.uncapture(state, lid)
    S.move_leader(state, lid, None, sid)
    S.log(state, "ransom_freed", card=RANSOM, leader=lid, space=sid)


def _ransom_default(state, item) -> dict[str, Any]:
    found = _ransom_choices(state)
    mine = [lid for lid in found if diplomacy_terms.owner_of(state, lid) == item["seat"]]
    return {"verb": "TARGET", "leader": (mine or list(found))[0]}


KINDS["ransom_event"] = choices.Kind(
    options=lambda state, item: [Option.of("TARGET", f"TARGET {_ransom_choices(state)[0]}",
                                           leader=OneOf(_ransom_choices(state)))],
    apply=_ransom_apply, default=_ransom_default,
    settle=lambda state, item, dice: not _ransom_choices(state),
    parse=lambda state, item, text: {"verb": "TARGET", "leader": grammar.leader(
        grammar.target_verb(text, "TARGET <leader>"))},
    prompt=lambda state, item: "Ransom: TARGET <captured leader>")


def _home_apply(state, item, order, dice) -> bool:
    _free(state, item["leader"], order["space"])
    return True


KINDS["ransom_home"] = choices.Kind(
    options=lambda state, item: [Option.of(
        "TARGET", f"TARGET {fortified_homes(state, item['leader'])[0]}",
        space=OneOf(tuple(fortified_homes(state, item["leader"]))))],
    apply=_home_apply,
    default=lambda state, item: {"verb": "TARGET",
                                 "space": fortified_homes(state, item["leader"])[0]},
    settle=lambda state, item, dice: not fortified_homes(state, item["leader"]),
    parse=lambda state, item, text: {"verb": "TARGET", "space": grammar.space(
        grammar.target_verb(text, "TARGET <space>"))},
    policies=("CAPITAL",),
    standing=lambda policy, state, decision: {
        "verb": "TARGET", "space": fortified_homes(state, decision.context["leader"])[0]},
    prompt=lambda state, item: f"Ransom: TARGET <fortified home space> for {item['leader']}")


# ---------------------------------------------------------------- #40 Machiavelli: The Prince
def machiavelli_targets(state: S.State, power: str) -> list[str]:
    """Major powers `power` may declare war on now (§9.6's restrictions, L583)."""
    return [p for p in S.MAJORS if p != power
            and diplomacy.war_problem(state, power, p, phase_bans=False) is None]


def machiavelli(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "machiavelli", "seat": power})
    return MACHIAVELLI_CP


def machiavelli_condition(state: S.State, power: str) -> R | None:
    if not machiavelli_targets(state, power):
        return R("Machiavelli: you may declare war on no major power now (§9.6)",
                 "machiavelli_no_target", card=MACHIAVELLI)
    return None


def _machiavelli_apply(state, item, order, dice) -> bool:
    events.start_war(state, item["seat"], order["power"], S.msg("why_card", card=MACHIAVELLI))
    return True


def _machiavelli_parse(state, item, text) -> dict[str, Any]:
    verb = O.verb(text)
    grammar.expect(["DECLARE_WAR"], verb, text, "DECLARE WAR ON <power>")
    return {"verb": "DECLARE_WAR", "power": O.war_target(O.rest(text))}


KINDS["machiavelli"] = choices.Kind(
    options=lambda state, item: [Option.of(
        "DECLARE_WAR", f"DECLARE WAR ON {machiavelli_targets(state, item['seat'])[0]}",
        power=OneOf(tuple(machiavelli_targets(state, item["seat"]))))],
    apply=_machiavelli_apply, parse=_machiavelli_parse,
    default=lambda state, item: {"verb": "DECLARE_WAR",
                                 "power": machiavelli_targets(state, item["seat"])[0]},
    settle=lambda state, item, dice: not machiavelli_targets(state, item["seat"]),
    prompt=lambda state, item: "Machiavelli: DECLARE WAR ON <power> (free), then 2 CP")


# ---------------------------------------------------------------- #74 Diplomatic Overture
def giftable(state: S.State, power: str) -> tuple[int, ...]:
    """Cards `power` may give: not its home cards nor mandatory events, unless it holds only
    those, when a mandatory event may go (card text)."""
    homes = set(facts.home_cards()[power])
    hand = [n for n in state["hands"][power] if n not in homes]
    plain = tuple(n for n in hand if facts.card(n).type != "mandatory")
    return plain or tuple(hand)


def overture(state: S.State, power: str, dice: Dice) -> int:
    for _ in range(OVERTURE_DRAW):
        events.draw(state, power, dice)
    choices.push(state, {"kind": "overture", "seat": power})
    return 0


def _overture_options(state, item) -> list[Option]:
    cards = giftable(state, item["seat"])
    others = tuple(p for p in S.MAJORS if p != item["seat"])
    return [Option.of("HAND", f"HAND {cards[0]} TO {others[0]}", card=OneOf(cards),
                      power=OneOf(others))] if cards else []


def _overture_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["HAND"], "HAND" if verb in ("HAND", "ОТДАТЬ") else verb, text,
                   "HAND <card> TO <power>")
    words = grammar.rest_of(text).split()
    cut = next((i for i, w in enumerate(words) if w.upper() in ("TO", "->")), len(words))
    return {"verb": "HAND", "card": grammar.card_number(" ".join(words[:cut]),
                                                         state["hands"][item["seat"]]),
            "power": grammar.power(" ".join(words[cut + 1:]))}


def _overture_apply(state, item, order, dice) -> bool:
    giver, card, to = item["seat"], order["card"], order["power"]
    state["hands"][giver].remove(card)
    state["hands"][to] = sorted(state["hands"][to] + [card])
    why = S.msg("why_card", card=OVERTURE)
    diplomacy_terms.note(state, to, "cards_received", why=why, cards=[card])
    diplomacy_terms.note(state, giver, "card_given", why=why, cards=[card], receiver=to)
    S.log(state, "overture_given", card=OVERTURE, power=giver, power2=to)
    return True


def _overture_default(state, item) -> dict[str, Any]:
    """The card of fewest CP to the first ally, else the first other power."""
    cards = giftable(state, item["seat"])
    others = [p for p in S.MAJORS if p != item["seat"]]
    allies = [p for p in others if S.allied(state, item["seat"], p)]
    return {"verb": "HAND", "card": min(cards, key=lambda n: (facts.card(n).cp, n)),
            "power": (allies or others)[0]}


KINDS["overture"] = choices.Kind(
    options=_overture_options, apply=_overture_apply, parse=_overture_parse,
    default=_overture_default, private=True,
    settle=lambda state, item, dice: not giftable(state, item["seat"]),
    prompt=lambda state, item: "Diplomatic Overture: HAND <card> TO <power>")


# ---------------------------------------------------------------- #84 Julia Gonzaga
def julia_gonzaga(state: S.State, power: str, dice: Dice) -> int:
    """A piracy hit in the Tyrrhenian Sea later this turn gives the Ottomans 1 VP
    (`navy.piracy.begin`)."""
    state["julia_gonzaga"] = state["turn"]
    S.log(state, "julia_gonzaga", card=JULIA)
    return 0


def julia_condition(state: S.State, power: str) -> R | None:
    if not state["piracy"].get("enabled"):
        return R("Julia Gonzaga: Barbary Pirates has not been played", "julia_no_pirates",
                 card=JULIA)
    return None


# ---------------------------------------------------------------- #38 Halley's Comet
def halley(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "halley", "seat": power})
    return 0


def _halley_options(state, item) -> list[Option]:
    others = tuple(p for p in S.MAJORS if p != item["seat"])
    holders = tuple(p for p in others if diplomacy_terms.drawable(state, p))
    return ([Option.of("RANDOM_DISCARD", f"RANDOM DISCARD {holders[0]}",
                       power=OneOf(holders))]
            if holders else []) + [Option.of("SKIP", f"SKIP {others[0]}", power=OneOf(others))]


def _halley_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    verb = {"СЛУЧАЙНЫЙ": "RANDOM", "ПРОПУСК": "SKIP"}.get(verb, verb)
    grammar.expect(["RANDOM", "SKIP"], verb, text, "RANDOM DISCARD <power> or SKIP <power>")
    rest = grammar.rest_of(text)
    if verb == "RANDOM":
        words = rest.split()
        if words and words[0].upper() in ("DISCARD", "СБРОС"):
            rest = " ".join(words[1:])
        return {"verb": "RANDOM_DISCARD", "power": grammar.power(rest)}
    return {"verb": "SKIP", "power": grammar.power(rest)}


def _halley_apply(state, item, order, dice) -> bool:
    target = order["power"]
    if order["verb"] == "SKIP":
        data = state["phase_data"]
        data["skip"] = data.get("skip", []) + [target]
        S.log(state, "halley_skip", card=HALLEY, power=target)
        return True
    for number in diplomacy_terms.draw_random(state, target, None, 1, dice,
                                              S.msg("why_card", card=HALLEY)):
        S.discard(state, number, as_event=False)
        S.log(state, "random_discard", card=HALLEY, power=target, card2=number)
    return True


def _halley_default(state, item) -> dict[str, Any]:
    """A random discard from the enemy holding most cards (else the first other power)."""
    others = [p for p in S.MAJORS if p != item["seat"]]
    best = min(others, key=lambda p: (not S.at_war(state, item["seat"], p),
                                      -len(diplomacy_terms.drawable(state, p)), p))
    if diplomacy_terms.drawable(state, best):
        return {"verb": "RANDOM_DISCARD", "power": best}
    return {"verb": "SKIP", "power": best}


KINDS["halley"] = choices.Kind(
    options=_halley_options, apply=_halley_apply, parse=_halley_parse,
    default=_halley_default,
    prompt=lambda state, item: ("Halley's Comet: RANDOM DISCARD <power> (a random card of its hand) "
                                "or SKIP <power> (its next impulse)"))


EVENTS = {AKINJI: akinji, FUGGERS: fuggers, RANSOM: ransom, MACHIAVELLI: machiavelli,
          OVERTURE: overture, JULIA: julia_gonzaga, HALLEY: halley}
CONDITIONS = {AKINJI: akinji_condition, RANSOM: ransom_condition,
              MACHIAVELLI: machiavelli_condition, JULIA: julia_condition}
