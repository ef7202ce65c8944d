"""The cards that activate or deactivate minor powers, played as events (§22.2, §22.4; the
card texts as facts, summarised in our own words):

* #68 *Andrea Doria* (France, Hapsburgs, Papacy): Genoa leaves its current ally (§22.4) and
  becomes the player's (§22.2 L1827: the one card that activates an active minor); or, when
  the power commanding Doria is at war with the Ottomans and Doria is in a sea zone next to
  2 Ottoman-controlled ports, the player and Doria's power each draw a card and 3 dice are
  rolled: each 5 or 6 takes 1 from the Ottoman piracy VP (never below 0);
* #69 *Auld Alliance*: France activates an unaligned Scotland; England or France
  deactivates an aligned one; with Scotland already France's ally, France adds up to 3 new
  French regulars in one Scottish home space its side controls, not besieged;
* #73 *Diplomatic Marriage* (not the Ottomans or Protestants): activate an unaligned minor the
  §22.1 table lets the player activate, or deactivate Genoa, Scotland or Venice (L1826,
  L1854; the card's diplomacy use, restoring a peace's losses for free, is §9.3's);
* #108 *Venetian Alliance*: the Papacy activates an unaligned Venice; the Ottomans or the
  Papacy deactivate an aligned one; with Venice already the Papacy's ally, the Papacy adds up
  to 1 Venetian regular and 2 Venetian squadrons in one port its side controls, not besieged,
  as far as the counter mix allows (§5).
* #69 / #108 among the cards France / the Papacy pays its Diplomacy-phase costs with after
  intervening for Scotland / Venice (§9.6 steps 4-5) bring the same new units
  (`paid_intervention`, asked before the phase goes on).

When a card could do more than one of these, the player chooses (the ``minor_card``
question, asked of the active player in its own impulse: ``ACTIVATE <minor>``, ``DEACTIVATE
<minor>``, ``REINFORCE``, ``ANTIPIRACY``; default: the first offered).  New units are placed
with ``PLACE <n> IN <space>`` (the ``minor_reinforce`` question; default: as many as fit,
in the space holding most of the player's units).  An activation follows §22.2's procedure
(`events.activate`): powers at war with the minor may declare war on the activator for free
or leave its spaces.

Rules: §22.1, §22.2, §22.4, §9.6 (card texts #68, #69, #73, #108)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, deactivation, events, facts, grammar
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import home_cards
from games.here_i_stand.catalog import load_tables
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S

ANDREA_DORIA, AULD_ALLIANCE, DIPLOMATIC_MARRIAGE, VENETIAN_ALLIANCE = 68, 69, 73, 108
CARDS = (ANDREA_DORIA, AULD_ALLIANCE, DIPLOMATIC_MARRIAGE, VENETIAN_ALLIANCE)

#: The new units of a reinforcement: (owner, kind, most) per card.
REINFORCEMENTS = {AULD_ALLIANCE: (("france", "regulars", 3),),
                  VENETIAN_ALLIANCE: (("venice", "regulars", 1), ("venice", "squadrons", 2))}
#: *Andrea Doria*'s dice against the piracy VP, and the hits (5 or 6).
PIRACY_DICE, HIT = 3, 5

Effect = tuple[str, str]
KINDS: dict[str, questions.Kind] = {}


def _ally(state: S.State, minor: str) -> str | None:
    return state["minor_allies"].get(minor)


def _may_activate(state: S.State, power: str, minor: str) -> bool:
    """§22.1's table (tables.yaml) allows it and `power` is not itself at war with `minor`."""
    return (load_tables().can_activate(power, minor)
            and sorted((power, minor)) not in state["wars"])


def _deactivable(minor: str) -> bool:
    """§22.4: every minor but Hungary-Bohemia (L1854 for Diplomatic Marriage)."""
    return bool(load_tables().data["minor_activation"]["minors"][minor]["can_deactivate"])


# ---------------------------------------------------------------- what each card may do
def effects(state: S.State, card: int, power: str) -> list[Effect]:
    """What `card` played by `power` may do now: ``(verb, minor)`` pairs."""
    out: list[Effect] = []
    if card == ANDREA_DORIA:
        if _ally(state, "genoa") != power and _may_activate(state, power, "genoa"):
            out.append(("ACTIVATE", "genoa"))
        if doria_sea(state) is not None:
            out.append(("ANTIPIRACY", "genoa"))
    elif card == AULD_ALLIANCE:
        out += _own_card(state, card, power, "scotland", "france", ("england", "france"))
    elif card == VENETIAN_ALLIANCE:
        out += _own_card(state, card, power, "venice", "papacy", ("ottoman", "papacy"))
    elif card == DIPLOMATIC_MARRIAGE:
        out += [("ACTIVATE", m) for m in S.MINORS
                if _ally(state, m) is None and _may_activate(state, power, m)]
        out += [("DEACTIVATE", m) for m in S.MINORS
                if _ally(state, m) is not None and _deactivable(m)]
    return out


def _own_card(state: S.State, card: int, power: str, minor: str, patron: str,
              deactivators: tuple[str, ...]) -> list[Effect]:
    """#69 and #108: the patron activates the unaligned minor or reinforces its ally; the
    deactivators end any alliance of the minor."""
    out: list[Effect] = []
    ally = _ally(state, minor)
    if ally is None and power == patron and _may_activate(state, power, minor):
        out.append(("ACTIVATE", minor))
    if ally is not None and power in deactivators:
        out.append(("DEACTIVATE", minor))
    if ally == patron == power and any(_places(state, card, owner, kind)
                                       for owner, kind, _ in REINFORCEMENTS[card]):
        out.append(("REINFORCE", minor))
    return out


def doria_sea(state: S.State) -> str | None:
    """The sea zone where Andrea Doria may act against piracy (#68): his power (Genoa's ally)
    is at war with the Ottomans and the zone touches 2 Ottoman-controlled ports."""
    patron = _ally(state, "genoa")
    zone = S.where_is(state, "andrea_doria")
    if patron is None or zone not in S.board().sea_zones or not S.at_war(state, patron,
                                                                         "ottoman"):
        return None
    ports = [s for s in S.board().spaces.values()
             if zone in s.ports and S.controller(state, s.id) == "ottoman"]
    return zone if len(ports) >= 2 else None


def condition(card: int) -> Callable[[S.State, str], Reason | None]:
    """The event needs something to do (card texts)."""
    def why(state: S.State, power: str) -> Reason | None:
        if effects(state, card, power):
            return None
        return Reason(f"{facts.card(card).name_en} can do nothing now: no minor it may "
                      "activate or deactivate, and no reinforcement or piracy use",
                      "minor_card_nothing", card=card)
    return why


# ---------------------------------------------------------------- the event
def resolve(card: int) -> Callable[[S.State, str, Dice], int]:
    def event(state: S.State, power: str, dice: Dice) -> int:
        found = effects(state, card, power)
        if len(found) == 1:
            _do(state, card, power, found[0], dice)
        else:
            choices.push(state, {"kind": "minor_card", "seat": power, "card": card})
        return 0
    return event


def _do(state: S.State, card: int, power: str, effect: Effect, dice: Dice) -> None:
    verb, minor = effect
    if verb == "ACTIVATE":
        events.activate(state, power, minor, card)
    elif verb == "DEACTIVATE":
        S.log(state, "minor_card_deactivates", card=card, power=power, minor=minor)
        deactivation.deactivate(state, minor)
    elif verb == "REINFORCE":
        _reinforce(state, card, power)
    else:
        _piracy(state, card, power, dice)


#: The minor each card's patron may pay an intervention on with it (§9.6 steps 4-5).
INTERVENTIONS = {AULD_ALLIANCE: ("france", "scotland"), VENETIAN_ALLIANCE: ("papacy", "venice")}


def paid_intervention(state: S.State, card: int, power: str, intervened: list[str]) -> None:
    """#69 / #108 among the cards `power` pays its Diplomacy-phase costs with, after it
    intervened for that minor this phase (§9.6 steps 4-5, card texts): the card's new units
    come as with the minor already allied (``minor_reinforce``)."""
    patron, minor = INTERVENTIONS.get(card, ("", ""))
    if power != patron or minor not in intervened or _ally(state, minor) != power:
        return
    S.log(state, "minor_card_intervention", card=card, power=power, minor=minor)
    _reinforce(state, card, power)


def _reinforce(state: S.State, card: int, power: str) -> None:
    for owner, kind, most in REINFORCEMENTS[card]:
        if _places(state, card, owner, kind):
            choices.push(state, {"kind": "minor_reinforce", "seat": power, "card": card,
                                 "owner": owner, "unit": kind, "left": most})


def _piracy(state: S.State, card: int, power: str, dice: Dice) -> None:
    """#68's second use: two draws, then 3 dice against the Ottoman piracy VP."""
    patron = _ally(state, "genoa") or power
    zone = doria_sea(state)
    events.draw(state, power, dice)
    events.draw(state, patron, dice)
    rolls = [dice.d6() for _ in range(PIRACY_DICE)]
    hits = sum(1 for r in rolls if r >= HIT)
    before = state["piracy"].get("vp", 0)
    state["piracy"]["vp"] = max(0, before - hits)
    S.log(state, "doria_piracy", card=card, power=power, power2=patron, sea=zone, rolls=rolls,
          n=before - state["piracy"]["vp"])


# ---------------------------------------------------------------- the choice (minor_card)
#: The ``minor_card`` options by verb: (example, the minors it may name) -> Option.
_OPTIONS: dict[str, Callable[[str, OneOf], Option]] = {
    "ACTIVATE": lambda example, minors: Option.of("ACTIVATE", example, minor=minors),
    "DEACTIVATE": lambda example, minors: Option.of("DEACTIVATE", example, minor=minors),
    "REINFORCE": lambda example, minors: Option.of("REINFORCE", example, minor=minors),
    "ANTIPIRACY": lambda example, minors: Option.of("ANTIPIRACY", example, minor=minors)}


def _choice_options(state, item):
    found = effects(state, item["card"], item["seat"])
    out = []
    for verb in dict.fromkeys(v for v, _ in found):
        minors = tuple(m for v, m in found if v == verb)
        example = verb if verb in ("ANTIPIRACY", "REINFORCE") else f"{verb} {minors[0]}"
        out.append(_OPTIONS[verb](example, OneOf(minors)))
    return out


def _choice_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["ACTIVATE", "DEACTIVATE", "REINFORCE", "ANTIPIRACY"], verb, text,
                   "ACTIVATE <minor>, DEACTIVATE <minor>, REINFORCE or ANTIPIRACY")
    rest = O.rest(text).strip()
    if verb in ("ACTIVATE", "DEACTIVATE"):
        minor = grammar.power(rest) if rest else ""
        if minor not in S.MINORS:
            raise IllegalOrder(Reason(f"{verb} needs a minor power: Genoa, Hungary, Scotland "
                                      "or Venice", "minor_card_which", verb=verb))
        return {"verb": verb, "minor": minor}
    found = [m for v, m in effects(state, item["card"], item["seat"]) if v == verb]
    return {"verb": verb, "minor": found[0] if found else ""}


def _choice_apply(state, item, order, dice) -> bool:
    _do(state, item["card"], item["seat"], (order["verb"], order["minor"]), dice)
    return True


def _choice_default(state, item):
    verb, minor = effects(state, item["card"], item["seat"])[0]
    return {"verb": verb, "minor": minor}


def _effects(state, item) -> list[dict]:
    """What the card may do, as messages the reports word (``ACTIVATE Venice``)."""
    return [S.msg("minor_effect", verb=v, minor=m) if v in ("ACTIVATE", "DEACTIVATE")
            else S.msg("minor_effect_alone", verb=v)
            for v, m in effects(state, item["card"], item["seat"])]


KINDS["minor_card"] = choices.Kind(
    options=_choice_options, apply=_choice_apply, parse=_choice_parse, default=_choice_default,
    context=lambda state, item: {"card": item["card"], "effects": _effects(state, item)},
    prompt=lambda state, item: (f"card {item['card']}: "
                                + ", ".join(f"{v} {m}" for v, m in effects(
                                    state, item["card"], item["seat"]))))


# ---------------------------------------------------------------- new units (minor_reinforce)
def _spaces(state: S.State, card: int, owner: str, kind: str) -> list[str]:
    """Where the card's new units may go: Scottish home spaces (#69) or ports (#108) the
    patron's side controls, not besieged."""
    m = S.board()
    patron = "france" if card == AULD_ALLIANCE else "papacy"
    out = []
    for sid, sp in sorted(m.spaces.items()):
        if card == AULD_ALLIANCE and sp.home != "scotland":
            continue
        if card == VENETIAN_ALLIANCE and not sp.ports:
            continue
        if (S.in_play(state, sid) and S.major_of(state, S.controller(state, sid)) == patron
                and not sieges.siege_at(state, sid)):
            out.append(sid)
    return out


def _places(state: S.State, card: int, owner: str, kind: str) -> list[Option]:
    """``PLACE <n> IN <space>`` options for the new units (the counter mix decides, §5)."""
    most = dict(((o, k), n) for o, k, n in REINFORCEMENTS[card])[(owner, kind)]
    return _place_options(state, card, owner, kind, most)


def _place_options(state, card: int, owner: str, kind: str, most: int) -> list[Option]:
    where = _spaces(state, card, owner, kind)
    if kind in S.LAND:
        return counter_mix.place_options(state, owner, where, kind, most)
    room = facts.counter_limits().get(owner, {}).get("naval", 0) - sum(
        S.count(state, sid, owner, S.NAVAL) for sid in state["spaces"])
    top = min(most, room)
    if top < 1 or not where:
        return []
    return [Option.of("PLACE", f"PLACE {top} IN {where[0]}", units=OneOf(tuple(range(1, top + 1))),
                      space=OneOf(tuple(where)))]


def _reinforce_options(state, item):
    return [Option.of("DONE", "DONE")] + _place_options(state, item["card"], item["owner"],
                                                         item["unit"], item["left"])


def _reinforce_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        item["left"] = 0
        return True
    S.add_units(state, order["space"], item["owner"], item["unit"], order["units"])
    S.log(state, "minor_card_units", card=item["card"], power=item["owner"],
          unit=item["unit"], n=order["units"], space=order["space"])
    item["left"] -= order["units"]
    return item["left"] <= 0 or not _place_options(state, item["card"], item["owner"],
                                                   item["unit"], item["left"])


def _reinforce_default(state, item) -> dict[str, Any]:
    found = _place_options(state, item["card"], item["owner"], item["unit"], item["left"])
    if not found:
        return {"verb": "DONE"}
    fields = dict(found[0].fields)
    where = max(fields["space"].values,
                key=lambda s: (S.count(state, s, item["seat"], S.KINDS), s))
    return {"verb": "PLACE", "units": fields["units"].values[-1], "space": where}


def _reinforce_parse(state, item, text):
    if grammar.verb_of(text) in ("DONE", "ГОТОВО"):
        return {"verb": "DONE"}
    return home_cards.place_parse(state, item, text)


KINDS["minor_reinforce"] = choices.Kind(
    options=_reinforce_options, apply=_reinforce_apply, parse=_reinforce_parse,
    default=_reinforce_default,
    settle=lambda state, item, dice: item["left"] <= 0,
    prompt=lambda state, item: (f"card {item['card']}: PLACE <n> IN <space> — up to "
                                f"{item['left']} new {item['owner']} {item['unit']}, or DONE"))

EVENTS = {n: resolve(n) for n in CARDS}
CONDITIONS = {n: condition(n) for n in CARDS}


def order_text(order: dict) -> str:
    """Canonical texts of the ``minor_card`` answers."""
    if order["verb"] in ("ANTIPIRACY", "REINFORCE"):
        return order["verb"]
    return f"{order['verb']} {order['minor']}"


TEXTS = {"ACTIVATE": order_text, "DEACTIVATE": order_text, "REINFORCE": order_text,
         "ANTIPIRACY": order_text}
