"""Henry VIII and the English succession (§21.3), in one place.

* the marital track (`MARITAL_TRACK`, from tables.yaml) and when it may advance
  (`marital_blocked`); an advance (`advance_marriage`) rolls on the pregnancy chart
  (`pregnancy_roll`) and draws the Anne of Cleves / Catherine Howard cards; a result of 3 gives
  one more advance after a later English pass this turn (`english_passed`);
* Six Wives of Henry VIII (#3, L1628, L1638): a declaration of war on France, the Hapsburgs or
  Scotland, then 5 CP — on Scotland France may intervene for free (``free_intervention``,
  §22.2 L1822) — or, from turn 2, the next marriage (``six_wives`` when England chooses);
* the Catherine of Aragon counter (§9.6): 2 CP off a Hapsburg declaration of war on England
  once Henry married Anne Boleyn (`aragon_counter_unused`); the Papacy's divorce is a peace
  term of `diplomacy_terms`;
* the succession: the cards #19 Edward VI, #21 Mary I, #23 Elizabeth I and the English
  Reformation cards #62-#64 enter the deck by their conditions (`conditional_due`); each
  succession replaces Henry by Dudley as England's army leader (`english_ruler`); Mary I is
  played as Edward VI when Edward was born after her card entered (`mary_i`, L1670);
* Mary I's impulse procedure (L1674-1692): an English card is revealed and a die rolled, and
  on 1-3 the Papacy acts instead (`mary_procedure_applies`, `mary_reveal`,
  `mary_papal_actions`); under her, response cards are played for CP only (`events`).

The heirs' special VP are counted by the victory phase (§23.2).

Rules: §21.3
"""
from __future__ import annotations

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, facts, grammar
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.events import (Resolver, activate_minor, counter_reformation, draw,
                                       intervention_standing, replace_leader, set_ruler,
                                       start_war)

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}

#: Henry VIII's marital track (§21.3), from tables.yaml.
MARITAL_TRACK = facts.load_tables().marital_track()
#: The cards whose entry into the deck waits for a condition (§6.2, §21.3).
CONDITIONAL = (19, 21, 23, 62, 63, 64)


# ---------------------------------------------------------------- the marital track
def marital_blocked(state: S.State) -> Reason | None:
    """Why Henry's marital status cannot advance now, or None (§21.3)."""
    if state["rulers"]["england"] != "henry_viii":
        return Reason("Henry VIII no longer rules England", "marital_no_henry")
    if state["marital"] == MARITAL_TRACK[-1]:
        return Reason("Henry has reached the end of the marital track", "marital_end")
    heirs = state["heirs"]
    if heirs["edward"] and heirs["elizabeth"]:
        return Reason("both Edward and Elizabeth are born", "marital_heirs")
    where = S.where_is(state, "henry_viii")
    if where is None:
        return Reason("Henry VIII is captured", "marital_captured")
    return None


def advance_marriage(state: S.State, dice: Dice) -> None:
    """Move Henry one box along the marital track; a new wife rolls on the pregnancy chart."""
    track = MARITAL_TRACK
    state["marital"] = track[track.index(state["marital"]) + 1]
    S.log(state, "marital", ruler="henry_viii", marital=state["marital"])
    if state["marital"] == "anne_boleyn":
        state["english_reformation_turn"] = state["turn"] + 1
    if state["marital"] != "ask_for_divorce":
        pregnancy_roll(state, dice)
    if state["marital"] == "anne_of_cleves" and S.allied(state, "england", "protestant"):
        draw(state, "england", dice)
        draw(state, "protestant", dice)
    elif state["marital"] == "catherine_howard":
        draw(state, "england", dice)


def pregnancy_roll(state: S.State, dice: Dice) -> int:
    """The pregnancy chart (§21.3): d6, +1 for Jane Seymour; a number already rolled becomes
    the next higher unused one.  3: an extra marital advance after a later English pass this
    turn; 4: Elizabeth born; 5: a sickly Edward; 6: a healthy Edward.  Catherine Parr ensures
    both heirs.  (1-2: nothing — the chart on the map is not in the rulebook text.)"""
    if state["marital"] == "catherine_parr":
        state["heirs"]["elizabeth"] = True
        if not state["heirs"]["edward"]:
            state["heirs"]["edward"] = "healthy"
        S.log(state, "parr_heirs")
        return 0
    roll = dice.d6() + (1 if state["marital"] == "jane_seymour" else 0)
    roll = min(roll, 6)
    used = set(state["pregnancy"])
    while roll in used and roll < 6:
        roll += 1
    state["pregnancy"] = sorted(used | {roll})
    if roll == 3:
        state["pregnancy_extra"] = True
    elif roll == 4:
        state["heirs"]["elizabeth"] = True
    elif roll == 5 and not state["heirs"]["edward"]:
        state["heirs"]["edward"] = "sickly"
    elif roll == 6:
        state["heirs"]["edward"] = "healthy"
    S.log(state, "pregnancy", roll=roll)
    return roll


def english_passed(state: S.State, power: str, dice: Dice | None) -> None:
    """After a pass: a pregnancy result of 3 this turn advances the marital track once more
    when England passes (§21.3)."""
    if power == "england" and state.get("pregnancy_extra") and dice is not None:
        state["pregnancy_extra"] = False
        if marital_blocked(state) is None:
            advance_marriage(state, dice)


def aragon_counter_unused(state) -> bool:
    """Whether the Catherine of Aragon counter takes 2 CP off the Hapsburgs' next declaration
    of war on England (§9.6, §21.3): Henry has married Anne Boleyn and it is unspent."""
    track = MARITAL_TRACK
    return (track.index(state["marital"]) >= track.index("anne_boleyn")
            and not state.get("aragon_used"))


# ---------------------------------------------------------------- Six Wives of Henry VIII (#3)
SIX_WIVES_TARGETS = ("france", "hapsburg", "scotland")


def six_wives_war_problem(state: S.State, target: str) -> Reason | None:
    """Why England may not declare war on `target` with Six Wives now (§21.3 L1628, the
    permanent bans of §9.6 L589-600), or None.  The card pays the declaration."""
    if S.at_war(state, "england", target):
        return Reason(f"England is already at war with {target}", "war_already",
                      power="england", target=target)
    if target == "scotland":
        if "scotland" in state["minor_allies"]:
            major = state["minor_allies"]["scotland"]
            return Reason(f"Scotland is allied with {major}: declare war on its major instead "
                          "(§9.6)", "war_allied_minor", minor="scotland", power=major)
        if S.allied(state, "england", "france"):
            return Reason("allies of France may not declare war on Scotland (§9.6)",
                          "war_scotland_france_ally")
    if S.allied(state, "england", target):
        return Reason(f"{target} is England's ally (§9.6)", "war_ally", target=target)
    return None


def six_wives_orders(state: S.State) -> list[dict]:
    """The legal uses of Six Wives as an event: a declaration of war on France, the
    Hapsburgs or Scotland (then 5 CP), or (turn 2+) Henry's next marriage (§21.3)."""
    out: list[dict] = [{"verb": "DECLARE_WAR", "power": t} for t in SIX_WIVES_TARGETS
                       if six_wives_war_problem(state, t) is None]
    if state["turn"] >= 2 and marital_blocked(state) is None:
        out.append({"verb": "MARRY"})
    return out


def _six_wives_do(state: S.State, order: dict, dice: Dice) -> int:
    if order["verb"] == "MARRY":
        advance_marriage(state, dice)
        return 0
    target = order["power"]
    start_war(state, "england", target, S.msg("why_card", card=3))
    if target == "scotland" and not S.allied(state, "france", "england"):
        choices.push(state, {"kind": "free_intervention", "seat": "france", "minor": "scotland",
                             "declarer": "england"})
    return 5


def six_wives(state: S.State, power: str, dice: Dice) -> int:
    """#3 as an event (§21.3 L1628; L583): declare war on France, the Hapsburgs or Scotland
    and spend 5 CP — on Scotland France may intervene, for free (the card), activating it as
    its ally (§22.2 L1822) — or, from turn 2, advance Henry's marriage (L1638).  With one
    legal use it is made at once; otherwise England chooses (``six_wives``)."""
    orders = six_wives_orders(state)
    if not orders:
        raise IllegalOrder(Reason("Six Wives has no legal use now: no war to declare and Henry's "
                                  "marriage cannot advance", "six_wives_no_use", card=3))
    if len(orders) == 1:
        return _six_wives_do(state, orders[0], dice)
    choices.push(state, {"kind": "six_wives", "seat": "england"})
    return 0


def _six_wives_options(state, item):
    orders = six_wives_orders(state)
    out = []
    wars = tuple(o["power"] for o in orders if o["verb"] == "DECLARE_WAR")
    if wars:
        out.append(Option.of("DECLARE_WAR", f"DECLARE WAR ON {wars[0]}", power=OneOf(wars)))
    if any(o["verb"] == "MARRY" for o in orders):
        out.append(Option.of("MARRY", "MARRY"))
    return out


def _six_wives_apply(state, item, order, dice) -> bool:
    cp = _six_wives_do(state, order, dice)
    if cp and state["phase"] == "action":
        state["phase_data"]["cp"] = (state["phase_data"].get("cp") or 0) + cp
    return True


def _six_wives_parse(state, item, text):
    verb = O.verb(text)
    if verb in ("MARRY", "ЖЕНИТЬСЯ", "БРАК", "MARRIAGE"):
        grammar.no_args("MARRY", text)
        return {"verb": "MARRY"}
    grammar.expect(["DECLARE_WAR", "MARRY"], verb, text, "Six Wives")
    return {"verb": "DECLARE_WAR", "power": O.war_target(O.rest(text))}


KINDS["six_wives"] = choices.Kind(
    options=_six_wives_options, apply=_six_wives_apply,
    default=lambda state, item: ({"verb": "MARRY"} if any(o.verb == "MARRY" for o in _six_wives_options(state, item))
                                 else next(_six_wives_options(state, item)[0].orders())),
    parse=_six_wives_parse,
    prompt=lambda state, item: ("Six Wives of Henry VIII: DECLARE WAR ON <France, Hapsburgs or "
                                "Scotland> (then 5 CP), or MARRY (Henry's next marriage)"))


def _intervene_apply(state, item, order, dice) -> bool:
    if order["verb"] == "INTERVENE":
        activate_minor(state, item["seat"], item["minor"], item["declarer"])
    else:
        S.log(state, "no_intervention", power=item["seat"], minor=item["minor"])
    return True


def _intervene_parse(state, item, text):
    verb = O.verb(text)
    grammar.expect(["INTERVENE", "DONE"], verb, text, "INTERVENE or DONE")
    grammar.no_args(verb, text)
    return {"verb": verb}


KINDS["free_intervention"] = choices.Kind(
    options=lambda state, item: [Option.of("INTERVENE", "INTERVENE"), Option.of("DONE", "DONE")],
    apply=_intervene_apply, default=lambda state, item: {"verb": "DONE"},
    parse=_intervene_parse, policies=("INTERVENE", "DONE"),
    standing=intervention_standing,
    prompt=lambda state, item: (f"{item['declarer']} declared war on {item['minor']} with Six "
                                f"Wives: INTERVENE (free: {item['minor']} becomes your ally and "
                                f"you are at war with {item['declarer']}) or DONE"))


# ---------------------------------------------------------------- the succession
def english_ruler(ruler: str) -> Resolver:
    """The resolver of a succession card: `ruler` takes the English throne, Dudley replacing
    Henry VIII as army leader (§21.3; the cards #19, #21 and #23): England places Dudley in
    London or where Henry was (`dudley_spaces`), asked when both are open (``dudley``)."""
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        if state["rulers"]["england"] == "henry_viii":
            spaces = dudley_spaces(state)
            if len(spaces) > 1:
                S.move_leader(state, "henry_viii", spaces[0], None)
                choices.push(state, {"kind": "dudley", "seat": "england", "spaces": spaces},
                             first=True)
            else:
                replace_leader(state, "henry_viii", "dudley")
                S.log(state, "dudley_placed", space=S.where_is(state, "dudley"))
        set_ruler(state, "england", ruler)
        state.setdefault("english_succession", {})[ruler] = state["turn"]
        return 0
    return resolve


def dudley_spaces(state: S.State) -> list[str]:
    """Where Dudley may enter when Henry VIII dies (§21.3, the succession cards): the space
    Henry is in (first: the default, his army keeps a leader) and London while England
    controls it; a captured Henry leaves London only."""
    henry = S.where_is(state, "henry_viii")
    london = S.capitals("england")[0]
    spaces = [henry] if henry is not None else []
    if S.controller(state, london) == "england" and london not in spaces:
        spaces.append(london)
    return spaces


def _dudley_apply(state: S.State, item: questions.Item, order: dict, dice: Dice) -> bool:
    S.move_leader(state, "dudley", None, order["space"])
    S.log(state, "dudley_placed", space=order["space"])
    return True


def _dudley_standing(policy: str, state: S.State, decision) -> dict:
    """``STANDING dudley LONDON`` or ``HENRY`` (where Henry was)."""
    spaces = decision.context["spaces"]
    london = S.capitals("england")[0]
    return {"verb": "TARGET",
            "space": london if policy == "LONDON" and london in spaces else spaces[0]}


KINDS["dudley"] = choices.Kind(
    options=lambda state, item: [Option.of("TARGET", f"TARGET {item['spaces'][-1]}",
                                           space=OneOf(tuple(item["spaces"])))],
    apply=_dudley_apply,
    default=lambda state, item: {"verb": "TARGET", "space": item["spaces"][0]},
    parse=lambda state, item, text: {"verb": "TARGET", "space": grammar.space(
        grammar.target_verb(text, "TARGET <space>"))},
    policies=("HENRY", "LONDON"), standing=_dudley_standing,
    prompt=lambda state, item: (f"Henry VIII is dead: TARGET {item['spaces'][0]} (where he "
                                f"was) or TARGET {item['spaces'][-1]} for Dudley"))


def edward_reigned(state: S.State) -> bool:
    return "edward_vi" in state.get("english_succession", {})


def mary_i(state: S.State, power: str, dice: Dice) -> int:
    """#21 (§21.3 L1670): Mary I takes the throne — unless Edward was born (a pregnancy
    result of 5 or 6 on turn 6 or later) while this card was already in the deck or a hand and
    he has not reigned: then the card is played as Edward VI; a sickly Edward sends it to the
    discard pile (it returns to the deck next turn), a healthy one removes it."""
    edward = state["heirs"]["edward"]
    if edward and not edward_reigned(state):
        S.log(state, "mary_as_edward_sickly" if edward == "sickly" else "mary_as_edward_healthy",
              card=21, card2=19)
        english_ruler("edward_vi")(state, power, dice)
        if edward == "sickly":
            state["phase_data"]["card_fate"] = "discard"
        return 0
    return english_ruler("mary_i")(state, power, dice)


def mary_procedure_applies(state: S.State, power: str) -> bool:
    """Whether an English impulse follows the Mary I procedure (§21.3 L1676): Mary rules and
    at least one English home space is Protestant."""
    return (power == "england" and state["rulers"]["england"] == "mary_i"
            and any(S.religion(state, sid) == "protestant"
                    for sid in S.board().spaces_of(home="england")))


def conditional_due(state, number: int) -> bool:
    """Whether a conditional card enters the deck this turn (§6.2, §21.3)."""
    turn, heirs = state["turn"], state["heirs"]
    reign = state.get("english_succession", {})
    if number == 19:
        # an Edward born while Mary I's card is already in play takes the throne with that
        # card (§21.3 L1670): #19 then never enters
        mary_out = any(21 in pile for pile in (state["deck"], state["discard"], state["removed"],
                                               *state["hands"].values()))
        return turn >= 6 and bool(heirs["edward"]) and "edward_vi" not in reign and not mary_out
    if number == 21:
        if heirs["edward"] == "healthy":
            return False
        if heirs["edward"] == "sickly":
            return "edward_vi" in reign and turn > reign["edward_vi"]
        return turn >= 6
    if number == 23:
        return heirs["elizabeth"] and "mary_i" in reign and turn > reign["mary_i"]
    if number in (62, 63, 64):
        start = state.get("english_reformation_turn")
        return start is not None and turn >= start
    return False


def mary_reveal(state: S.State, power: str, number: int, dice: Dice) -> bool:
    """Mary I's procedure for an English card (§21.3 L1676-1690): the card is revealed and a
    die rolled; on 1-3 the card is spent, the Papacy acts by its CP (`mary_papal_actions`)
    and True is returned (the English impulse ends once its questions are answered); on 4-6
    the card is played as ordered."""
    hand = state["hands"][power]
    c = facts.card(number)
    roll = dice.d6()
    if roll <= 3:
        hand.remove(number)
        S.discard(state, number, as_event=False)
        S.log(state, "mary_papacy_acts", card=number, roll=roll)
        mary_papal_actions(state, c.cp)
        return True
    S.log(state, "mary_played", card=number, roll=roll)
    return False


def mary_papal_actions(state: S.State, cp: int) -> None:
    """§21.3 L1684-1690: after an English roll of 1-3 under Mary I the Papacy acts by the
    card's CP — 1-2: Burn Books in the English zone (2 counter-reformation attempts, §18.1
    L1178); 3: a theological debate in the English zone; 4+: Burn Books, then the debate
    (queued after the attempts: `debate`'s ``mary_debate``)."""
    if cp <= 2 or cp >= 4:
        counter_reformation(state, 2, ("english",), "Mary I: the Papacy burns books in England",
                            S.msg("why_burn_books", card=21))
    if cp >= 3:
        choices.push(state, {"kind": "mary_debate", "seat": "papacy"})

#: The events of this module: card number -> resolver (`tables` merges them).
EVENTS: dict[int, Resolver] = {
    3: six_wives,
    19: english_ruler("edward_vi"),
    21: mary_i,
    23: english_ruler("elizabeth_i"),
}


def _six_wives_condition(state: S.State, power: str) -> Reason | None:
    if not six_wives_orders(state):
        return Reason("Six Wives: England can declare no war on France, the Hapsburgs or "
                      "Scotland, and Henry's marriage cannot advance now (§21.3)",
                      "event_six_wives", card=3)
    return None


#: Extra conditions of its events (`tables` merges them).
CONDITIONS = {3: _six_wives_condition}
