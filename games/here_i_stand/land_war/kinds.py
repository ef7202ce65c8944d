"""The land war's questions (§13.2-§14.1), each a `questions.Kind` with a default mirroring
the inactive minor powers' behaviour (§22.1) and standing orders:

==============  ===========================================  ================================
kind            asked of                                     default / standing policies
==============  ===========================================  ================================
intercept       each enemy power with a stack that may       no interception; ``NEVER``,
                intercept, in standard order (§13.2)         ``FROM <space> IF ODDS >= <n>%``
avoid           each defending major power (§13.3), with     stay; ``NEVER``
                any of its units and leaders
withdraw        the controller of a fortified destination    withdraw (§22.1: with 4 or
                with 1-4 defending units (§13.4)             fewer); ``NEVER``,
                                                             ``IF UNITS <= <n>``
after_withdraw  the attacker when no siege begins (§13.4)    retreat to its origin
combat-cards    each power that could hold a usable card,    none; ``ASK``, ``NEVER``
                per window (§14 steps 1, 4-5, 7; §15.1
                steps 2, 5-6, 8)
response        each other power that could hold Foul        none; ``ASK``, ``NEVER``,
                Weather / Gout, after a move or an assault   ``NEVER-ASK``; armed cards
                is declared (§13.1 step 4, §15.1 step 2)     ``respond`` (`armed`)
losses          each side with a choice of losses (§14 9)    cheapest first;
                                                             ``<kinds in order>``
retreat         a losing defending major with a choice       a friendly fortress, then most
                (§14.1)                                      friends; ``PREFER <spaces>``
==============  ===========================================  ================================

Rules: §13.2, §13.3, §13.4, §14, §14.1, §22.1
"""
from __future__ import annotations

import itertools
import re

from engine import questions, standing
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import assault, choices, counter_mix, cp_actions, grammar
from games.here_i_stand import state as S
from games.here_i_stand.land_war import (armed, assault_cards, battle, cards, entry, move,
                                         responses)
from games.here_i_stand.land_war.odds import percent

KINDS: dict[str, questions.Kind] = {}


def _words(text: str) -> list[str]:
    return grammar.rest_of(text).split()


def _done_or(verb: str, text: str, allowed: list[str], prompt: str) -> bool:
    """True for DONE (or NO / NEVER); refuse verbs outside `allowed`."""
    if verb in ("DONE", "NO", "PASS", "ГОТОВО", "НЕТ"):
        return True
    grammar.expect(allowed + ["DONE"], verb, text, prompt)
    return False


# ---------------------------------------------------------------- intercept (§13.2)
def _leader_sets(leaders: list[str]) -> list[tuple[str, ...]]:
    return [c for k in range(len(leaders) + 1) for c in itertools.combinations(sorted(leaders), k)]


def _intercept_options(state, item):
    m = move.current(state)
    out = [Option.of("DONE", "DONE")]
    for sid, free, leaders in move.stacks(state, item["seat"], m) if m else []:
        fit = move.intercept_counts(state, item["seat"], sid, free, m["to"])
        for group in _leader_sets(leaders):
            units = tuple(n for n in fit if n <= S.army_limit(group))
            if units:
                out.append(Option.of("INTERCEPT", f"INTERCEPT FROM {sid} {units[-1]}", **{
                    "from": OneOf((sid,)), "leaders": OneOf((group,)),
                    "units": counter_mix.count_domain(units)}))
    return out


def _best(state, power, sid, free, leaders):
    """The most of the stack's free units the counters can show moving (§5.2), capped by
    the army limit, with all its free leaders."""
    m = move.current(state)
    fit = move.intercept_counts(state, power, sid, min(free, S.army_limit(leaders)), m["to"])
    return (fit[-1] if fit else 0), tuple(sorted(leaders))


def _intercept_stacks(state, item) -> list[list]:
    """Each stack that may intercept with all it can move, and its exact chance (§13.2):
    ``[space, units, [leaders], "41.7 %"]`` (the reports word it in the reader's language)."""
    m = move.current(state)
    out = []
    for sid, free, leaders in move.stacks(state, item["seat"], m) if m else []:
        n, group = _best(state, item["seat"], sid, free, leaders)
        if not n:
            continue
        chance = move.intercept_chance(state, item["seat"], sid, n, group, m)
        out.append([sid, n, list(group), percent(chance)])
    return out


def _intercept_odds(state, item) -> str:
    """Each stack's exact chance with all it can move: ``from graz (8 units, charles_v):
    succeeds on 9+: 41.7 %`` (§13.2)."""
    return "; ".join(f"from {sid} ({n} units{', ' + ', '.join(group) if group else ''}): "
                     f"succeeds on 9+: {chance}"
                     for sid, n, group, chance in _intercept_stacks(state, item))


def _intercept_prompt(state, item):
    m = move.current(state)
    return (f"{m['power'] if m else '?'} moves into {item['space']}: INTERCEPT FROM <space> "
            f"[WITH <leaders>] [<n>] or DONE — " + _intercept_odds(state, item))


def _intercept_parse(state, item, text):
    verb = grammar.verb_of(text)
    if _done_or(verb, text, ["INTERCEPT"], "INTERCEPT FROM <space> [WITH <leaders>] [<n>]"):
        return {"verb": "DONE"}
    rest = grammar.rest_of(text)
    rest = re.sub(r"^(FROM|ИЗ)\s+", "", rest, flags=re.IGNORECASE)
    words = rest.split()
    units = None
    if words and (words[-1].isdigit() or words[-1].upper() == "ALL"):
        units = words.pop()
    body = " ".join(words)
    leaders: tuple[str, ...] = ()
    found = re.split(r"\s+(?:WITH|С)\s+", body, maxsplit=1, flags=re.IGNORECASE)
    sid = grammar.space(found[0])
    if len(found) > 1:
        leaders = tuple(sorted(grammar.leader(x.strip()) for x in found[1].split(",")))
    m = move.current(state)
    free = next((f for s, f, _ in move.stacks(state, item["seat"], m) if s == sid), 0) if m else 0
    n = min(free, S.army_limit(leaders)) if units in (None, "ALL") else int(units)
    fit = move.intercept_counts(state, item["seat"], sid, n, m["to"]) if m and free else ()
    if 0 < n <= free and n not in fit:
        raise counter_mix.split_refusal(item["seat"], sid, n, fit)
    return {"verb": "INTERCEPT", "from": sid, "leaders": leaders, "units": n}


def _intercept_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        S.log(state, "no_intercept", power=item["seat"], space=item["space"])
        m = move.current(state)
        if m is not None and m["success"] == item["seat"]:
            m["success_done"] = True    # it stops trying; the move goes on (§13.2)
        return True
    move.try_intercept(state, item["seat"], order["from"], order["units"],
                       list(order["leaders"]), dice)
    return True


def _intercept_standing(policy, state, decision):
    """``NEVER``: no interception; ``FROM <space> IF ODDS >= <n>%``: intercept from that
    space with all the stack can move (all its leaders) when the exact chance is at least
    n %, otherwise not."""
    if policy == "NEVER":
        return {"verb": "DONE"}
    values = standing.template_values(policy, INTERCEPT_IF)
    m = move.current(state)
    if not values or m is None:
        return None
    try:
        sid = grammar.space(values[0])
        need = float(values[1].replace(",", "."))
    except (IllegalOrder, ValueError):
        return None
    for s, free, leaders in move.stacks(state, decision.seat, m):
        if s == sid:
            n, group = _best(state, decision.seat, s, free, leaders)
            chance = move.intercept_chance(state, decision.seat, s, n, group, m) if n else 0
            if n and float(chance) * 100 >= need:
                return {"verb": "INTERCEPT", "from": s, "leaders": group, "units": n}
    return {"verb": "DONE"}


INTERCEPT_IF = "FROM <space> IF ODDS >= <n>%"


def _next_move(state, item, dice) -> None:
    move.proceed(state, dice)


def _next_battle(state, item, dice) -> None:
    battle.advance(state, dice)


KINDS["intercept"] = choices.Kind(
    options=_intercept_options, apply=_intercept_apply, parse=_intercept_parse,
    default=lambda state, item: {"verb": "DONE"}, prompt=_intercept_prompt, done=_next_move,
    context=lambda state, item: {"space": item["space"], "stacks": _intercept_stacks(state, item)},
    policies=("NEVER", INTERCEPT_IF), standing=_intercept_standing)


# ---------------------------------------------------------------- avoid battle (§13.3)
def _done_and(option: Option | None) -> list[Option]:
    """DONE, and `option` when there is one."""
    return [Option.of("DONE", "DONE")] + ([option] if option else [])


def _avoiders_here(state, item) -> tuple[int, list[str]]:
    """The seat's units and army leaders in the destination: any of them may try (§13.3)."""
    sid = item["space"]
    units = sum(S.count(state, sid, o) for o in S.land_powers(state, sid)
                if S.major_of(state, o) == item["seat"])
    return units, S.own_leaders(state, sid, item["seat"])


def _avoid_options(state, item):
    """DONE, and per destination: any leaders with any number of units the counters can
    show leaving (§5.2), never nothing at all (§13.3: someone must try)."""
    m = move.current(state)
    out = [Option.of("DONE", "DONE")]
    _, leaders = _avoiders_here(state, item)
    for to in move.avoid_targets(state, item["seat"], m) if m else ():
        fit = move.avoid_counts(state, item["seat"], item["space"], to)
        if fit:
            out.append(Option.of("AVOID", f"AVOID TO {to}", to=OneOf((to,)),
                                 units=counter_mix.count_domain(fit),
                                 leaders=OneOf(tuple(_leader_sets(leaders)))))
        if leaders:
            out.append(Option.of("AVOID", f"AVOID TO {to}", to=OneOf((to,)), units=OneOf((0,)),
                                 leaders=OneOf(tuple(_leader_sets(leaders))[1:])))
    return out


def _avoid_parse(state, item, text):
    """``AVOID TO <space> [WITH <leaders> | WITH NONE] [<n>]``: all units and leaders unless
    named (§13.3 step 3: any of them may stay)."""
    verb = grammar.verb_of(text)
    if _done_or(verb, text, ["AVOID"], "AVOID TO <space> [WITH <leaders> | WITH NONE] [<n>] or DONE"):
        return {"verb": "DONE"}
    rest = re.sub(r"^(TO|В)\s+", "", grammar.rest_of(text), flags=re.IGNORECASE)
    units, leaders = _avoiders_here(state, item)
    words = rest.split()
    if words and words[-1].isdigit():
        units = int(words.pop())
    found = re.split(r"\s+(?:WITH|С)\s+", " ".join(words), maxsplit=1, flags=re.IGNORECASE)
    if len(found) > 1:
        leaders = [] if found[1].strip().upper() in ("NONE", "НИКТО") else [
            grammar.leader(x.strip()) for x in found[1].split(",") if x.strip()]
    to = grammar.space(found[0])
    if not units and not leaders:
        raise IllegalOrder(Reason("AVOID with no units and no leaders moves nothing: name who "
                                  "tries, or answer DONE to stay (§13.3)", "avoid_nothing"))
    have, _ = _avoiders_here(state, item)
    if 0 < units <= have:
        fit = move.avoid_counts(state, item["seat"], item["space"], to)
        if units not in fit:
            raise counter_mix.split_refusal(item["seat"], item["space"], units, fit)
    return {"verb": "AVOID", "to": to, "units": units, "leaders": tuple(sorted(leaders))}


def _avoid_apply(state, item, order, dice) -> bool:
    if order["verb"] == "AVOID":
        move.try_avoid(state, item["seat"], order["to"], dice, order["units"],
                       list(order["leaders"]))
    return True


def _avoid_context(state, item) -> dict:
    """The destinations and the exact chance (§13.3): ``{"targets": [graz, linz],
    "chance": "27.8 %"}``."""
    m = move.current(state)
    return {"targets": list(move.avoid_targets(state, item["seat"], m)) if m else [],
            "chance": percent(move.avoid_chance(state, item["seat"], m)) if m else "?"}


def _avoid_odds(state, item) -> str:
    """The destinations and the exact chance (§13.3): ``graz, linz; succeeds on 9+: 27.8 %``."""
    found = _avoid_context(state, item)
    return f"{', '.join(found['targets'])}; succeeds on 9+: {found['chance']}"


def _avoid_prompt(state, item):
    m = move.current(state)
    return (f"{m['power'] if m else '?'} enters {item['space']}: AVOID TO <space> "
            f"[WITH <leaders> | WITH NONE] [<n>] ({_avoid_odds(state, item)}; all your units and leaders "
            "there unless you name fewer) or DONE to stay")


KINDS["avoid"] = choices.Kind(
    options=_avoid_options, apply=_avoid_apply, parse=_avoid_parse,
    default=lambda state, item: {"verb": "DONE"}, prompt=_avoid_prompt, done=_next_move,
    context=lambda state, item: {"space": item["space"], **_avoid_context(state, item)},
    policies=("NEVER",), standing=lambda policy, state, decision: {"verb": "DONE"})


# ---------------------------------------------------------------- withdraw (§13.4)
def _withdraw_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["WITHDRAW", "FIGHT"], verb, text, "WITHDRAW or FIGHT")
    return {"verb": "INSIDE" if verb == "WITHDRAW" else "FIGHT"}


def _withdraw_apply(state, item, order, dice) -> bool:
    if order["verb"] == "INSIDE":
        move.withdraw(state, move.current(state))
    else:
        S.log(state, "no_withdraw", power=item["seat"], space=item["space"])
    return True


def _withdraw_standing(policy, state, decision):
    """``NEVER``: fight; ``IF UNITS <= <n>``: withdraw when n or fewer units defend."""
    if policy == "NEVER":
        return {"verb": "FIGHT"}
    values = standing.template_values(policy, WITHDRAW_IF)
    if not values or not values[0].isdigit():
        return None
    return {"verb": "INSIDE" if decision.context["units"] <= int(values[0]) else "FIGHT"}


WITHDRAW_IF = "IF UNITS <= <n>"
KINDS["withdraw"] = choices.Kind(
    options=lambda state, item: [Option.of("INSIDE", "WITHDRAW"), Option.of("FIGHT", "FIGHT")],
    apply=_withdraw_apply, parse=_withdraw_parse,
    default=lambda state, item: {"verb": "INSIDE"}, done=_next_move,
    prompt=lambda state, item: (f"{item['units']} units defend {item['space']}: WITHDRAW into "
                                "the fortifications (no battle) or FIGHT"),
    policies=("NEVER", WITHDRAW_IF), standing=_withdraw_standing)


# ---------------------------------------------------------------- after a withdrawal (§13.4)
def _continue_targets(state, item) -> tuple[str, ...]:
    cp = state["phase_data"].get("cp") or 0
    m = move.current(state)
    if m is None:
        return ()
    return tuple(t for t in S.board().neighbours(item["space"])
                 if t != m["from"] and cp_actions.move_cost(item["space"], t) <= cp
                 and entry.can_enter(state, item["seat"], t) is None)


def _after_options(state, item):
    out = [Option.of("RETREAT", "RETREAT")]
    targets = _continue_targets(state, item)
    if targets:
        out.append(Option.of("CONTINUE", f"CONTINUE TO {targets[0]}", to=OneOf(targets)))
    return out


def _after_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["RETREAT", "CONTINUE"], verb, text, "CONTINUE TO <space> or RETREAT")
    if verb == "RETREAT":
        return {"verb": "RETREAT"}
    rest = re.sub(r"^(TO|В)\s+", "", grammar.rest_of(text), flags=re.IGNORECASE)
    return {"verb": "CONTINUE", "to": grammar.space(rest)}


def _after_apply(state, item, order, dice) -> bool:
    m = move.current(state)
    if order["verb"] == "RETREAT":
        move.retreat_home(state, m)
        return True
    src, dst = item["space"], order["to"]
    state["phase_data"]["cp"] -= cp_actions.move_cost(src, dst)
    units = {o: {k: v for k, v in S.units(state, src)[o].items() if k in S.LAND}
             for o in S.land_powers(state, src) if S.allied(state, item["seat"], o)}
    leaders = tuple(S.own_leaders(state, src, item["seat"]))
    move.finish(state, m)
    S.log(state, "continue_move", power=item["seat"], space=src, to=dst)
    move.begin(state, item["seat"], src, dst, leaders, units, dice, doomed=True)
    return True


KINDS["after_withdraw"] = choices.Kind(
    options=_after_options, apply=_after_apply, parse=_after_parse,
    default=lambda state, item: {"verb": "RETREAT"}, done=_next_move,
    prompt=lambda state, item: (f"the defenders of {item['space']} withdrew and you do not "
                                "outnumber them: CONTINUE TO <space> (1 CP, 2 over a pass; "
                                "destroyed if later forced to retreat) or RETREAT"))


# ---------------------------------------------------------------- combat cards (§14)
def _combat(state):
    """The open assault (`assault_cards`) or field battle (`cards`) and its record."""
    record = assault.current(state)
    return (assault_cards, record) if record is not None else (cards, battle.current(state))


def _cards_options(state, item):
    rules, record = _combat(state)
    held = tuple(rules.playable(state, record, item["seat"], item["window"])) if record else ()
    return _done_and(Option.of("COMBAT", f"PLAY {held[0]}", card=OneOf(held)) if held else None)


def _cards_parse(state, item, text):
    verb = grammar.verb_of(text)
    if _done_or(verb, text, ["PLAY"], "PLAY <card> or DONE"):
        return {"verb": "DONE"}
    return {"verb": "COMBAT", "card": grammar.card_number(grammar.rest_of(text),
                                                          state["hands"][item["seat"]])}


def _cards_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        return True
    rules, record = _combat(state)
    rules.play(state, record, item["seat"], order["card"], dice)
    return record is not assault.current(state) and record is not battle.current(state)


def _next_combat(state, item, dice) -> None:
    """Carry on the assault or the battle whose window this was."""
    if assault.current(state) is not None:
        assault.advance(state, dice)
    else:
        battle.advance(state, dice)


WINDOW_TEXT = {"mercs": "Landsknechts or Swiss Mercenaries", "cards": "combat cards",
               "janissaries": "Janissaries (after the roll)",
               "assault_mercs": "Landsknechts or Swiss Mercenaries (assault)",
               "assault_cards": "Siege Mining or Mercenaries Grow Restless (assault)",
               "artillery": "Siege Artillery (after the assault roll)"}
KINDS["combat-cards"] = choices.Kind(
    options=_cards_options, apply=_cards_apply, parse=_cards_parse,
    default=lambda state, item: {"verb": "DONE"}, done=_next_combat, private=True,
    prompt=lambda state, item: (f"fight in {item['space']}: play {WINDOW_TEXT[item['window']]}"
                                " (PLAY <card>, one at a time) or DONE"),
    policies=("ASK", "NEVER"),
    standing=lambda policy, state, decision: {"verb": "DONE"} if policy == "NEVER" else None)


# ---------------------------------------------------------------- responses (§13.1, §15.1)
def _response_options(state, item):
    action = responses.declared(state)
    out = [Option.of("DONE", "DONE")]
    for card in responses.playable(state, item["seat"], action) if action else ():
        targets = (tuple(responses.army_leaders(action["leaders"]))
                   if card == responses.GOUT else (None,))
        out.append(Option.of("RESPONSE", f"PLAY {card}" + (f" ON {targets[0]}"
                             if targets[0] else ""), card=OneOf((card,)), leader=OneOf(targets)))
    return out


def _response_parse(state, item, text):
    verb = grammar.verb_of(text)
    if _done_or(verb, text, ["PLAY"], "PLAY <card> [ON <leader>] or DONE"):
        return {"verb": "DONE"}
    parts = re.split(r"\s+(?:ON|НА)\s+", grammar.rest_of(text), maxsplit=1,
                     flags=re.IGNORECASE)
    card = grammar.card_number(parts[0], state["hands"][item["seat"]])
    leader = grammar.leader(parts[1].strip()) if len(parts) > 1 else None
    action = responses.declared(state)
    if card == responses.GOUT and leader is None and action:
        found = responses.army_leaders(action["leaders"])
        if len(found) != 1:
            raise IllegalOrder(Reason("Gout: name the leader, PLAY 32 ON <leader>", "syntax",
                                      text="PLAY 32 ON <leader>"),
                               [f"PLAY 32 ON {lid}" for lid in found])
        leader = found[0]
    return {"verb": "RESPONSE", "card": card, "leader": leader}


def _response_apply(state, item, order, dice) -> bool:
    if order["verb"] == "RESPONSE":
        responses.play(state, item["seat"], order["card"], order["leader"])
    return True


def _response_prompt(state, item):
    action = responses.declared(state)
    who = action["power"] if action else "?"
    leaders = ", ".join(responses.army_leaders(action["leaders"])) if action else ""
    return (f"{who} declared a {item['verb']} into {item['space']}"
            + (f" with {leaders}" if leaders else "") + ": PLAY Foul Weather, PLAY Gout ON "
            "<leader> (the action is cancelled, 1 CP lost) or DONE")


def _response_standing(policy, state, decision):
    """``STANDING RESPONSE NEVER|NEVER-ASK``: decline (NEVER-ASK after the armed ones,
    `armed`); ``ASK``: ask; a ``respond`` policy: the armed card, if one fires."""
    if policy in ("NEVER", "NEVER-ASK"):
        return {"verb": "DONE"}
    return None if policy == "ASK" else armed.answer(policy, state, decision)


KINDS["response"] = choices.Kind(
    options=_response_options, apply=_response_apply, parse=_response_parse,
    default=lambda state, item: {"verb": "DONE"}, private=True, prompt=_response_prompt,
    done=lambda state, item, dice: responses.ask_next(state, dice),
    context=lambda state, item: {"action": item["verb"], "space": item["space"], "leaders": (
        responses.army_leaders(responses.declared(state)["leaders"])
        if responses.declared(state) else [])},
    policies=("ASK", "NEVER", "NEVER-ASK"), standing=_response_standing)


# ---------------------------------------------------------------- losses (§14 step 9)
_UNIT_LETTER = {"regulars": "R", "mercenaries": "M", "cavalry": "C"}
_MINOR_LETTER = {m: k for k, m in grammar.MINOR_LETTERS.items()}


def losses_text(losses: tuple) -> str:
    """``1C 4R``: the canonical text of losses ``((owner, kind, n), ...)``."""
    return " ".join(f"{n}{_MINOR_LETTER[o] if o in S.MINORS else _UNIT_LETTER[k]}"
                    for o, k, n in sorted(losses))


def read_losses(seat: str, text: str) -> tuple:
    """Losses ``((owner, kind, n), ...)`` from ``4R 1C 2H`` (`seat`'s own units by R/M/C,
    allied minors' regulars by their letter)."""
    got: dict[tuple[str, str], int] = {}
    for tok in text.split():
        found = re.fullmatch(r"(\d+)\s*([RMCGHSV])", tok.strip(","), re.IGNORECASE)
        if not found:
            raise IllegalOrder(Reason(f"{tok!r} is not a loss like 4R, 1M, 1C", "syntax",
                                      text="LOSE 4R 1C"), ["LOSE 4R 1C"])
        letter = found.group(2).upper()
        key = ((grammar.MINOR_LETTERS[letter], "regulars") if letter in grammar.MINOR_LETTERS
               else (seat, {"R": "regulars", "M": "mercenaries", "C": "cavalry"}[letter]))
        got[key] = got.get(key, 0) + int(found.group(1))
    return tuple(sorted((o, k, n) for (o, k), n in got.items() if n))


def _losses_options(state, item):
    ways = tuple(losses_text(w) for w in
                 battle.loss_choices(state, item["space"], item["owners"], item["n"]))
    return [Option.of("CASUALTIES", f"LOSE {ways[0]}" if ways else "LOSE",
                      losses=OneOf(ways))]


def _losses_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["LOSE"], verb, text, "LOSE <n>R <n>M <n>C")
    return {"verb": "CASUALTIES", "losses": losses_text(read_losses(item["seat"],
                                                              grammar.rest_of(text)))}


def _losses_apply(state, item, order, dice) -> bool:
    battle.apply_losses(state, item["space"], read_losses(item["seat"], order["losses"]))
    return True


LOSS_WORDS = {"MERCENARY": "mercenaries", "MERCENARIES": "mercenaries", "CAVALRY": "cavalry",
              "REGULAR": "regulars", "REGULARS": "regulars", "НАЁМНИКИ": "mercenaries",
              "КАВАЛЕРИЯ": "cavalry", "РЕГУЛЯРНЫЕ": "regulars"}


def _losses_standing(policy, state, decision):
    """``<kinds>``: lose units in that order of kinds (``MERCENARY, CAVALRY, REGULAR``)."""
    order = []
    for word in re.split(r"[,\s]+", policy.strip()):
        kind = LOSS_WORDS.get(word)
        if kind is None:
            return None
        order.append(kind)
    order += [k for k in battle.LOSS_ORDER if k not in order]
    ctx = decision.context
    return {"verb": "CASUALTIES", "losses": losses_text(battle.default_losses(
        state, ctx["space"], ctx["owners"], ctx["n"], tuple(order)))}


KINDS["losses"] = choices.Kind(
    options=_losses_options, apply=_losses_apply, parse=_losses_parse, done=_next_battle,
    default=lambda state, item: {"verb": "CASUALTIES", "losses": losses_text(battle.default_losses(
        state, item["space"], item["owners"], item["n"]))},
    prompt=lambda state, item: (f"battle in {item['space']}: choose {item['n']} units to lose "
                                "(LOSE 4R 1M 1C)"),
    policies=("<kinds>",), standing=_losses_standing)


# ---------------------------------------------------------------- retreat (§14.1)
def _retreat_state(state, item):
    b = battle.current(state)
    targets = tuple(battle.retreat_targets(state, item["seat"], item["space"], item["barred"]))
    units = sum(S.count(state, item["space"], o) for o in S.land_powers(state, item["space"])
                if S.major_of(state, o) == item["seat"])
    inside = min(4, units) if b and battle.can_go_inside(state, b, item["seat"]) else 0
    return targets, units, inside


def _all_inside(state, item, inside: int) -> int:
    """RETREAT INSIDE: up to `inside` units go in, the rest are eliminated — as many as the
    counters can show beside the loss (§5.2)."""
    b = battle.current(state)
    return max(k for k in range(inside + 1)
               if k == 0 or battle.retreat_out(state, b, item["seat"], k, None) is not None)


def _retreat_options(state, item):
    targets, units, inside = _retreat_state(state, item)
    out = []
    b = battle.current(state)
    for to in targets:
        most = min(inside, units - 1) if inside else 0
        fit = (0,) + tuple(k for k in range(1, most + 1)
                           if battle.retreat_out(state, b, item["seat"], k, to) is not None)
        out.append(Option.of("RETREAT", f"RETREAT TO {to}", to=OneOf((to,)),
                             inside=counter_mix.count_domain(fit)))
    if inside and _all_inside(state, item, inside):
        out.append(Option.of("RETREAT", "RETREAT INSIDE", to=OneOf((None,)),
                             inside=OneOf((_all_inside(state, item, inside),))))
    return out


def _retreat_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["RETREAT"], verb, text, "RETREAT TO <space> [INSIDE <n>]")
    rest = grammar.rest_of(text)
    inside = 0
    found = re.search(r"\s*(?:INSIDE|ВНУТРЬ)\s*(\d*)\s*$", rest, re.IGNORECASE)
    if found:
        _, units, most = _retreat_state(state, item)
        rest = rest[:found.start()]
        inside = (int(found.group(1)) if found.group(1) else
                  most if rest.strip() or not most else _all_inside(state, item, most))
    rest = re.sub(r"^(TO|В)\s+", "", rest.strip(), flags=re.IGNORECASE)
    return {"verb": "RETREAT", "to": grammar.space(rest) if rest else None, "inside": inside}


def _retreat_apply(state, item, order, dice) -> bool:
    battle.retreat_to(state, battle.current(state), item["seat"], order["to"], order["inside"])
    return True


def _retreat_default(state, item):
    targets, units, inside = _retreat_state(state, item)
    if not targets:
        return {"verb": "RETREAT", "to": None,
                "inside": _all_inside(state, item, inside) if inside else 0}
    return {"verb": "RETREAT", "to": battle.default_retreat(state, item["seat"], list(targets)),
            "inside": 0}


def _retreat_standing(policy, state, decision):
    """``PREFER <space>, <space>``: the first of them that is a legal retreat, else the
    default."""
    values = standing.template_values(policy, RETREAT_PREFER)
    if not values:
        return None
    item = {**decision.context, "seat": decision.seat}
    targets, _, _ = _retreat_state(state, item)
    for word in values[0].split(","):
        try:
            sid = grammar.space(word.strip())
        except IllegalOrder:
            continue
        if sid in targets:
            return {"verb": "RETREAT", "to": sid, "inside": 0}
    return _retreat_default(state, item)


RETREAT_PREFER = "PREFER <spaces>"
KINDS["retreat"] = choices.Kind(
    options=_retreat_options, apply=_retreat_apply, parse=_retreat_parse, done=_next_battle,
    default=_retreat_default,
    prompt=lambda state, item: f"you lost the battle in {item['space']} and must retreat",
    policies=(RETREAT_PREFER,), standing=_retreat_standing)


def order_text(order: dict) -> str:
    """Canonical texts of the land war's answers."""
    verb = order["verb"]
    if verb == "INTERCEPT":
        text = f"INTERCEPT FROM {order['from']}"
        if order["leaders"]:
            text += " WITH " + ", ".join(order["leaders"])
        return f"{text} {order['units']}"
    if verb == "AVOID":
        text = f"AVOID TO {order['to']}"
        if "leaders" in order:
            text += " WITH " + (", ".join(order["leaders"]) or "NONE")
        return text + (f" {order['units']}" if "units" in order else "")
    if verb == "INSIDE":
        return "WITHDRAW"
    if verb == "CONTINUE":
        return f"CONTINUE TO {order['to']}"
    if verb == "COMBAT":
        return f"PLAY {order['card']}"
    if verb == "RESPONSE":
        return f"PLAY {order['card']}" + (f" ON {order['leader']}" if order["leader"] else "")
    if verb == "CASUALTIES":
        return f"LOSE {order['losses']}"
    if order.get("to") is None and order.get("inside") is not None:
        return f"RETREAT INSIDE {order['inside']}"
    if order.get("to"):
        return f"RETREAT TO {order['to']}" + (f" INSIDE {order['inside']}"
                                              if order.get("inside") else "")
    return "RETREAT"


TEXTS = {verb: order_text for verb in ("INTERCEPT", "AVOID", "INSIDE", "CONTINUE", "COMBAT",
                                       "RESPONSE", "CASUALTIES", "RETREAT")}
