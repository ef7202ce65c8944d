"""Religious events around the Protestant leaders and the German lands (card texts; unrest
§12.4 L735):

* #39 *Augsburg Confession* — needs Melanchthon uncommitted; he is committed and for the rest
  of the turn every Papal counter-reformation die is 1 less and a Papal attacker rolls 1 die
  less in debates (``state["augsburg_confession"]``, read by `religion` and `debate`, L1350,
  L1387).
* #43 *Zwingli Dons Armor* — needs Zwingli (reformer or debater) in play: the Protestants
  eliminate one Catholic land unit within 3 spaces of Zurich, if there is one (question
  ``zwingli_armor``, ``ELIMINATE <space> <power> <unit>``); then the reformer and the debater
  Zwingli leave the game (L459).
* #57 *Philip of Hesse's Bigamy* — the Protestants remove Philip of Hesse from the game or
  discard a random card (never Here I Stand, §9.1): question ``bigamy``, ``REMOVE`` or
  ``DISCARD``; only one of them is asked when the other is impossible.
* #78 *Frederick the Wise* — the 2 Catholic German-zone spaces nearest Wittenberg turn
  Protestant, the Protestants choosing among spaces at the same distance (question
  ``frederick``); then they may take *The Wartburg* (#37) from the discard pile into their hand
  (``TAKE 37`` or ``DONE``).
* #88 *Peasants' War* / #64 *Pilgrimage of Grace* — the power that played the card puts unrest
  on up to 5 unoccupied spaces (no land or naval unit, L735): German-zone spaces / English home
  spaces (question ``event_unrest``, ``UNREST <space>`` or ``DONE``).

Defaults (NMR): the Catholic unit in the space with the most Catholic units; DISCARD while a
card may be drawn; the nearest spaces by id and TAKE; unrest first on spaces another power
controls, by id.  Questions asked off-turn answer ``STANDING <kind> DEFAULT``; ``bigamy`` also
``STANDING bigamy REMOVE | DISCARD``.

Rules: §12.4 (L735), §18.4 (L1350), §18.5 (L1387), §9.1, card texts
"""
from __future__ import annotations

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import (choices, diplomacy_terms, grammar, losses, religion,
                                unrest_cards)
from games.here_i_stand import state as S
from games.here_i_stand.reformation import attempts, card_events, debaters, wartburg

AUGSBURG, ZWINGLI_ARMOR, BIGAMY, PILGRIMAGE, FREDERICK, PEASANTS = 39, 43, 57, 64, 78, 88
ZWINGLI_REACH = 3
FREDERICK_SPACES = 2
UNREST_MAX = 5
PHILIP = "philip_of_hesse"
LAND = ("regulars", "mercenaries", "cavalry")


# ---------------------------------------------------------------- #39
def augsburg(state: S.State, power: str, dice: Dice) -> int:
    debaters.commit(state, "melanchthon")
    S.log(state, "event_commits", card=AUGSBURG, debater="melanchthon")
    state["augsburg_confession"] = state["turn"]
    S.log(state, "augsburg_confession", card=AUGSBURG)
    return 0


# ---------------------------------------------------------------- #43
def _zwingli_condition(state: S.State, power: str) -> Reason | None:
    if state["reformers"].get("zwingli") is None and debaters.record(state, "zwingli") is None:
        return Reason("Zwingli Dons Armor needs Zwingli in play", "event_needs_reformer",
                      card=ZWINGLI_ARMOR, reformer="zwingli")
    return None


def catholic_units(state: S.State) -> tuple[tuple[str, str, str], ...]:
    """(space, power, unit kind) of every Catholic land unit within 3 spaces of Zurich."""
    near = debaters.land_distances("zurich")
    return tuple(sorted((sid, p, k) for sid, d in near.items() if d <= ZWINGLI_REACH
                        for p, stack in S.units(state, sid).items()
                        if religion.power_side(state, p) == religion.CATHOLIC
                        for k in LAND if stack.get(k)))


def zwingli_armor(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "zwingli_armor", "seat": "protestant"})
    return 0


#: Unit words of ``ELIMINATE`` (English and Russian, singular and plural, R/M/C).
UNIT_WORDS = {**{w: "regulars" for w in ("regulars", "regular", "r", "регулярный",
                                          "регулярные", "регулярных")},
              **{w: "mercenaries" for w in ("mercenaries", "mercenary", "m", "наёмники",
                                             "наемники", "наёмников")},
              **{w: "cavalry" for w in ("cavalry", "c", "кавалерия", "кавалерии")}}
POWER_WORDS = {"independent": "independent", "независимые": "independent"}


def _word_power(word: str) -> str | None:
    try:
        return grammar.power(word)
    except IllegalOrder:
        return POWER_WORDS.get(word.lower())


def _zwingli_parse(state, item, text):
    """``ELIMINATE <space> [<power>] [<unit>]``: the power and the unit may be left out when
    the space holds one Catholic unit kind; what the words do not name is refused by the
    options."""
    verb = grammar.verb_of(text)
    grammar.expect(["ELIMINATE"], "ELIMINATE" if verb in ("ELIMINATE", "УНИЧТОЖИТЬ") else verb,
                   text, "ELIMINATE <space> <power> <unit>")
    words = grammar.rest_of(text).replace(",", " ").split()
    for cut in range(len(words), 0, -1):
        try:
            sid = grammar.space(" ".join(words[:cut]))
        except IllegalOrder:
            continue
        rest = words[cut:]
        power = next((p for p in map(_word_power, rest) if p), None)
        unit = next((UNIT_WORDS[w.lower()] for w in rest if w.lower() in UNIT_WORDS), None)
        here = [u for u in catholic_units(state) if u[0] == sid
                and power in (None, u[1]) and unit in (None, u[2])]
        if len(here) == 1:
            power, unit = here[0][1], here[0][2]
        return {"verb": "ELIMINATE_UNIT", "space": sid, "power": power, "unit": unit}
    raise IllegalOrder(Reason("Zwingli Dons Armor: name one Catholic land unit within 3 "
                              "spaces of Zurich", "zwingli_unit"),
                       [f"ELIMINATE {' '.join(u)}" for u in catholic_units(state)][:8])


def _zwingli_apply(state, item, order, dice) -> bool:
    sid, owner, kind = order["space"], order["power"], order["unit"]
    S.log(state, "zwingli_eliminates", card=ZWINGLI_ARMOR, space=sid, power=owner, unit=kind)
    losses.eliminate(state, sid, owner, kind)            # §5.2 counters, §15.3 its siege
    return True


def _zwingli_default(state, item):
    sid, power, unit = max(catholic_units(state), key=lambda u: (
        sum(S.count(state, u[0], p) for p in S.land_powers(state, u[0])
            if religion.power_side(state, p) == religion.CATHOLIC), u))
    return {"verb": "ELIMINATE_UNIT", "space": sid, "power": power, "unit": unit}


def _zwingli_done(state, item, dice) -> None:
    """Zwingli, reformer and debater, leaves the game (L459)."""
    state["reformers"].pop("zwingli", None)
    state["reformers_out"] = sorted(set(state["reformers_out"]) | {"zwingli"})
    state["debaters"]["protestant"] = [d for d in state["debaters"]["protestant"]
                                       if d["id"] != "zwingli"]
    state["debaters_out"] = sorted(set(state["debaters_out"]) | {"zwingli"})
    S.log(state, "zwingli_leaves", card=ZWINGLI_ARMOR, reformer="zwingli")


# ---------------------------------------------------------------- #57
def bigamy_choices(state: S.State) -> list[str]:
    out = []
    if S.where_is(state, PHILIP) is not None or diplomacy_terms.captor_of(state, PHILIP):
        out.append("remove")
    if diplomacy_terms.drawable(state, "protestant"):
        out.append("discard")
    return out


def bigamy(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "bigamy", "seat": "protestant"})
    return 0


def _bigamy_apply(state, item, order, dice) -> bool:
    if order["choice"] == "remove":
        S.move_leader(state, PHILIP, S.where_is(state, PHILIP), None)
        for held in state["captured"].values():
            if PHILIP in held:
                held.remove(PHILIP)
        S.log(state, "bigamy_removes", card=BIGAMY, leader=PHILIP)
    else:
        gone = diplomacy_terms.draw_random(state, "protestant", None, 1, dice,
                                           S.msg("why_card", card=BIGAMY))
        state["discard"].extend(gone)
        S.log(state, "bigamy_discards", card=BIGAMY, card2=gone[0])
    return True


def _bigamy_parse(state, item, text):
    verb = {"УБРАТЬ": "REMOVE", "СБРОСИТЬ": "DISCARD"}.get(grammar.verb_of(text),
                                                          grammar.verb_of(text))
    grammar.expect(["REMOVE", "DISCARD"], verb, text, "REMOVE or DISCARD")
    return {"verb": "BIGAMY", "choice": verb.lower()}


def _bigamy_default(state, item):
    return {"verb": "BIGAMY", "choice": "discard" if "discard" in bigamy_choices(state)
            else "remove"}


def _bigamy_standing(policy: str, state, decision) -> dict | None:
    """``REMOVE`` / ``DISCARD``: that one when possible, else the other."""
    found = bigamy_choices(state)
    return {"verb": "BIGAMY", "choice": policy.lower() if policy.lower() in found else found[0]}


# ---------------------------------------------------------------- #78
def frederick_nearest(state: S.State) -> list[str]:
    """The Catholic German-zone spaces nearest Wittenberg (all at the least distance)."""
    near = debaters.land_distances("wittenberg")
    found = [s for s in S.board().spaces_of(language="german")
             if S.in_play(state, s) and religion.faith(state, s) == religion.CATHOLIC
             and s in near]
    if not found:
        return []
    least = min(near[s] for s in found)
    return sorted(s for s in found if near[s] == least)


def frederick(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "frederick", "seat": "protestant", "left": FREDERICK_SPACES})
    return 0


def _frederick_settle(state, item, dice) -> bool:
    """Spaces without a choice convert by themselves (the nearest fit in what is left)."""
    while item["left"] > 0 and 0 < len(frederick_nearest(state)) <= item["left"]:
        for sid in frederick_nearest(state):
            _frederick_convert(state, item, sid)
    return item["left"] <= 0 or not frederick_nearest(state)


def _frederick_convert(state, item, sid: str) -> None:
    religion.convert(state, sid, religion.PROTESTANT)
    S.log(state, "event_converts", card=FREDERICK, space=sid)
    item["left"] -= 1


def _frederick_apply(state, item, order, dice) -> bool:
    _frederick_convert(state, item, order["space"])
    return item["left"] <= 0


def _frederick_done(state, item, dice) -> None:
    if wartburg.WARTBURG in state["discard"]:
        choices.push(state, {"kind": "frederick_wartburg", "seat": "protestant"}, first=True)


def _take_wartburg(state, item, order, dice) -> bool:
    if order["verb"] == "TAKE":
        state["discard"].remove(wartburg.WARTBURG)
        state["hands"]["protestant"] = sorted(state["hands"]["protestant"]
                                              + [wartburg.WARTBURG])
        S.log(state, "frederick_takes", card=FREDERICK, card2=wartburg.WARTBURG)
    return True


def _convert_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["CONVERT"], "CONVERT" if verb in ("CONVERT", "ОБРАТИТЬ") else verb, text,
                   "CONVERT <space>")
    return {"verb": "CONVERT", "space": grammar.space(grammar.rest_of(text))}


def _take_parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("DONE", "ГОТОВО", "NO", "НЕТ"):
        return {"verb": "DONE"}
    grammar.expect(["TAKE"], "TAKE" if verb in ("TAKE", "ВЗЯТЬ") else verb, text,
                   "TAKE 37 or DONE")
    return {"verb": "TAKE", "card": grammar.card_number(grammar.rest_of(text) or "37")}


# ---------------------------------------------------------------- #88, #64
def unrest_pool(state: S.State, card: int) -> list[str]:
    """Unoccupied spaces (no land or naval unit, L735) not in unrest where `card` puts it."""
    m = S.board()
    pool = (m.spaces_of(language="german") if card == PEASANTS
            else m.spaces_of(home="england"))
    return sorted(s for s in pool if S.in_play(state, s) and not S.in_unrest(state, s)
                  and not any(any(c.values()) for c in S.units(state, s).values()))


def _unrest_event(card: int):
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        choices.push(state, {"kind": "event_unrest", "seat": power, "card": card,
                             "left": UNREST_MAX})
        return 0
    return resolve


def _default_standing(kind: str, default):
    return {"policies": ("DEFAULT",), "standing": attempts.by_default(kind, default)}


KINDS: dict[str, questions.Kind] = {
    "zwingli_armor": choices.Kind(
        options=lambda state, item: [Option.of("ELIMINATE_UNIT", "ELIMINATE " + " ".join(u),
                                               space=OneOf((u[0],)), power=OneOf((u[1],)),
                                               unit=OneOf((u[2],)))
                                     for u in catholic_units(state)],
        apply=_zwingli_apply, parse=_zwingli_parse, done=_zwingli_done,
        **_default_standing("zwingli_armor", _zwingli_default), default=_zwingli_default,
        prompt=lambda state, item: ("Zwingli Dons Armor: ELIMINATE <space> <power> <unit> "
                                    "(a Catholic land unit within 3 spaces of Zurich)")),
    "bigamy": choices.Kind(
        options=lambda state, item: [Option.of("BIGAMY", bigamy_choices(state)[0].upper(),
                                               choice=OneOf(tuple(bigamy_choices(state))))]
        if bigamy_choices(state) else [],
        apply=_bigamy_apply, parse=_bigamy_parse, default=_bigamy_default,
        policies=("REMOVE", "DISCARD"), standing=_bigamy_standing,
        prompt=lambda state, item: ("Philip of Hesse's Bigamy: REMOVE (Philip of Hesse leaves "
                                    "the game) or DISCARD (a random card)")),
    "frederick": choices.Kind(
        options=lambda state, item: [Option.of("CONVERT", "CONVERT "
                                               + frederick_nearest(state)[0],
                                               space=OneOf(tuple(frederick_nearest(state))))]
        if frederick_nearest(state) else [],
        apply=_frederick_apply, parse=_convert_parse, settle=_frederick_settle,
        done=_frederick_done,
        default=lambda state, item: {"verb": "CONVERT", "space": frederick_nearest(state)[0]},
        **_default_standing("frederick", lambda state, item: {
            "verb": "CONVERT", "space": frederick_nearest(state)[0]}),
        context=lambda state, item: {"left": item["left"]},
        prompt=lambda state, item: (f"Frederick the Wise: CONVERT <one of the nearest Catholic "
                                    f"German spaces to Wittenberg> ({item['left']} more)")),
    "frederick_wartburg": choices.Kind(
        options=lambda state, item: [Option.of("TAKE", "TAKE 37",
                                               card=OneOf((wartburg.WARTBURG,))),
                                     Option.of("DONE", "DONE")],
        apply=_take_wartburg, parse=_take_parse,
        default=lambda state, item: {"verb": "TAKE", "card": wartburg.WARTBURG},
        **_default_standing("frederick_wartburg", lambda state, item: {
            "verb": "TAKE", "card": wartburg.WARTBURG}),
        prompt=lambda state, item: "Frederick the Wise: TAKE 37 (The Wartburg) or DONE"),
    "event_unrest": unrest_cards.question(
        unrest_pool,
        **_default_standing("event_unrest", unrest_cards.default_of(unrest_pool)),
        context=lambda state, item: {"card": item["card"], "left": item["left"]},
        prompt=lambda state, item: (f"card {item['card']}: UNREST <unoccupied space> "
                                    f"({item['left']} more) or DONE")),
}
TEXTS = {"ELIMINATE_UNIT": lambda o: f"ELIMINATE {o['space']} {o['power']} {o['unit']}",
         "BIGAMY": lambda o: o["choice"].upper()}
EVENTS = {AUGSBURG: augsburg, ZWINGLI_ARMOR: zwingli_armor, BIGAMY: bigamy,
          FREDERICK: frederick, PEASANTS: _unrest_event(PEASANTS),
          PILGRIMAGE: _unrest_event(PILGRIMAGE)}
CONDITIONS = {AUGSBURG: card_events.needs("melanchthon", AUGSBURG),
              ZWINGLI_ARMOR: _zwingli_condition}
