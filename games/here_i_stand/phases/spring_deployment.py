"""Phase 5: Spring Deployment (§10).

Rules: §10

In the standard order each power may move one army (with or without leaders) that starts in
its capital — the Hapsburgs from either capital, not both; the Protestants never — to a
friendly space, at no CP cost (decision ``deploy``: ``MOVE <capital> -> <space> [WITH
<leaders>] [<n>]`` or ``PASS``).  The path may be of any length; every space on it must be
friendly-controlled and free of unrest (and, before the Schmalkaldic League, not an
electorate for non-Protestants); it may not use a pass; it may cross **one** sea zone from a
friendly port to another friendly port, only if no port on that zone holds naval units of
another major power (allies included), and then with at most 5 units.  The army size is
limited by its leaders (§5.1).  This judge also keeps the destination and the path free of
enemy units (deploying into a battle is the land war, a later issue).  Powers with nothing to
deploy are not asked.  Units of an allied minor power in the capital may go with the army
(they act as the major's units, §22.3 L1839; an army may mix a major and its allied minors,
§5.1 L271); a minor's home key is not a capital for this phase (it is one only in Winter,
§22.3 L1840).

The two cards played as events only in this phase (§6.1 L343-348):

* *Spring Preparations* (#102): a power that holds it, is not the Protestants and controls
  its capital may ``PLAY 102 AS EVENT``: 1 new regular in its capital (the Hapsburgs: in each
  capital they control), counter mix permitting; its deployment may then cross passes, carry
  more than 5 units by sea and cross a sea zone where other powers have ships (still one sea
  zone).  It may be played in the opening window (below) or when the power is asked to deploy
  (it is then asked again).
* *Venetian Informant* (#109, card text: before any power has deployed): ``INSPECT
  <power>`` plays it and shows that power's whole hand to the player alone (a private note);
  the history says only that the card was played against that power.

**The opening window** (question ``spring_cards``, pbem ruling): before the first deployment
every power that could hold #109, or could hold #102 and may play it, *by public
information* (a hand not empty, the card neither discarded nor removed) is asked at once —
whether or not it has anything to deploy, so neither being asked nor being skipped reveals
a hand.  Its answers: ``INSPECT <power>``, ``PLAY 102 AS EVENT``, ``DONE`` (the window stays
open for that power until it says ``DONE``; one mail may carry a play and ``DONE``).  Default
and ``STANDING spring_cards NEVER``: ``DONE``.  This costs at most one simultaneous round of
mail per spring, none for a power with the standing order; held orders would cost as much
and could not name a target chosen after the deal.

Default (NMR): PASS (no deployment); DONE in the opening window.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

from engine import questions
from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.options import OneOf, Option
from engine.dice import Dice
from games.here_i_stand import counter_mix, cp_actions, facts, grammar
from games.here_i_stand import state as S
from games.here_i_stand.phases import action, decision_id
from games.here_i_stand.reformation import inquisitions

NAME = "spring_deployment"
SEA_LIMIT = 5
SPRING_PREPARATIONS = 102
VENETIAN_INFORMANT = 109


def enter(state, dice) -> None:
    state["phase_data"] = {"index": 0,
                           "window": [p for p in S.MAJORS if could_hold_spring_card(state, p)]}
    if not state["phase_data"]["window"]:
        _skip(state)


def could_hold_spring_card(state, power: str) -> bool:
    """Whether `power` could hold #109, or #102 and play it, by public information (a hand
    not empty, the card neither discarded nor removed): who is asked in the opening window."""
    if not state["hands"][power]:
        return False
    public = set(state["discard"]) | set(state["removed"])
    return VENETIAN_INFORMANT not in public or (
        SPRING_PREPARATIONS not in public and preparations_problem(state, power) is None)


def _ok_space(state, power: str, sid: str) -> bool:
    m = S.board()
    return (S.in_play(state, sid) and S.friendly(state, power, sid) and not S.in_unrest(state, sid)
            and not S.enemy_units_at(state, power, sid)
            and (state["league"] or power == "protestant" or m.spaces[sid].type != "electorate"))


def prepared(state, power: str) -> bool:
    """`power` played Spring Preparations this phase (its deployment's limits are lifted)."""
    return (state.get("phase_data") or {}).get("prepared") == power


def _sea_open(state, power: str, zone: str) -> bool:
    if prepared(state, power):
        return True
    m = S.board()
    for port in m.ports_of(zone):
        for other, counts in S.units(state, port).items():
            if other != power and other in S.MAJORS and (counts.get("squadrons") or counts.get("corsairs")):
                return False
    return True


def reach(state, power: str, capital: str) -> dict[str, bool]:
    """Destinations from `capital`: {space: crossed a sea zone} (land paths preferred)."""
    m = S.board()
    best: dict[str, bool] = {capital: False}
    queue = deque([(capital, False)])
    while queue:
        here, crossed = queue.popleft()
        if best.get(here) is not crossed:
            continue
        steps = [(n, crossed) for n in (m.neighbours(here) if prepared(state, power)
                                        else m.neighbours_without_passes(here))]
        if not crossed:
            for zone in m.spaces[here].ports:
                if _sea_open(state, power, zone):
                    steps += [(p, True) for p in m.ports_of(zone) if p != here]
        for nxt, flag in steps:
            if not _ok_space(state, power, nxt):
                continue
            if nxt not in best or (best[nxt] and not flag):
                best[nxt] = flag
                queue.append((nxt, flag))
    best.pop(capital, None)
    return best


def _options(state, power: str) -> list[Option]:
    return list(_each_option(state, power))


def _each_option(state, power: str) -> Iterator[Option]:
    """`_options`, one at a time (§10: from each capital the power controls)."""
    if power == "protestant":
        return
    for capital in S.capitals(power):
        if S.controller(state, capital) != power:
            continue
        avail, here = cp_actions.army_at(state, power, capital)
        total = cp_actions.stack_total(avail)
        if not total and not here:
            continue
        for dst, crossed in sorted(reach(state, power, capital).items()):
            fit = cp_actions.move_counts(state, power, capital, dst, total) if total else ()
            for group in cp_actions._leader_sets(here):
                sea = SEA_LIMIT if crossed and not prepared(state, power) else total
                high = min(total, S.army_limit(group), sea)
                units = ((0,) if group else ()) + tuple(n for n in fit if n <= high)
                if units:
                    yield Option.of("MOVE", f"MOVE {capital} -> {dst}", **{
                        "from": OneOf((capital,)), "to": OneOf((dst,)),
                        "leaders": OneOf((group,)), "units": counter_mix.count_domain(units)})


def _skip(state) -> None:
    data = state["phase_data"]
    while data["index"] < len(S.MAJORS) and \
            next(_each_option(state, S.MAJORS[data["index"]]), None) is None:
        data["index"] += 1


def preparations_problem(state, power: str) -> R | None:
    """Why `power` may not play Spring Preparations now (card text, L343-348)."""
    if state["phase"] != NAME:
        return R("Spring Preparations is played as an event only in the Spring Deployment "
                 "phase (§6.2)", "preparations_phase", card=SPRING_PREPARATIONS)
    if power == "protestant" or not any(S.controller(state, c) == power
                                        for c in S.capitals(power)):
        return R("Spring Preparations: not for the Protestants nor a power without its capital",
                 "preparations_capital", card=SPRING_PREPARATIONS)
    return None


def prepare(state, power: str, dice: Dice) -> int:
    """#102: a regular in each capital `power` controls; its deployment's limits lift."""
    for capital in S.capitals(power):
        if S.controller(state, capital) == power and \
                counter_mix.can_add(state, power, capital, "regulars"):
            S.add_units(state, capital, power, "regulars", 1)
            S.log(state, "preparations_regular", card=SPRING_PREPARATIONS, power=power,
                  space=capital)
    state["phase_data"]["prepared"] = power
    return 0


def _preparations_option(state, power: str) -> list[Option]:
    if SPRING_PREPARATIONS in state["hands"][power] and \
            preparations_problem(state, power) is None and not prepared(state, power):
        return [Option.of("PLAY", f"PLAY {SPRING_PREPARATIONS} AS EVENT",
                          card=OneOf((SPRING_PREPARATIONS,)), mode=OneOf(("event",)))]
    return []


def _play_preparations(state, seat: str, order, dice: Dice) -> None:
    """`seat` plays #102 as an event (from the window or its deployment question)."""
    why = preparations_problem(state, seat)
    if order.get("card") != SPRING_PREPARATIONS or order.get("mode") != "event" or \
            SPRING_PREPARATIONS not in state["hands"][seat] or prepared(state, seat):
        why = R("in Spring Deployment only Spring Preparations may be played, as an event, "
                "once", "preparations_only", card=SPRING_PREPARATIONS)
    if why:
        raise IllegalOrder(why)
    state["hands"][seat].remove(order["card"])
    S.discard(state, order["card"], as_event=True)
    S.log(state, "plays_event", power=seat, card=order["card"])
    prepare(state, seat, dice)


def _parse_preparations(state, seat: str, text: str):
    """``PLAY 102 AS EVENT`` when `seat` holds #102, else None."""
    if grammar.verb_of(text) == "PLAY" and SPRING_PREPARATIONS in state["hands"][seat]:
        try:
            played = action.parse_play(state, seat, text)
        except IllegalOrder:
            played = {}
        if played.get("card") == SPRING_PREPARATIONS:
            return played
    return None


def _deploy_options(state, item) -> list[Option]:
    power = item["seat"]
    return [*_options(state, power), Option.of("PASS", "PASS"),
            *_preparations_option(state, power)]


def _deploy_parse(state, item, text):
    verb = grammar.verb_of(text)
    played = _parse_preparations(state, item["seat"], text)
    if played:
        return played
    # any other PLAY answers the Action phase's question (a held order waits for it)
    grammar.expect(["MOVE", "PASS"], verb, text, DEPLOY.prompt(state, item))
    if verb == "PASS":
        grammar.no_args(verb, text)
        return {"verb": "PASS"}
    order = cp_actions.resolve_all(state, item["seat"],
                                   grammar.parse_move("MOVE", grammar.rest_of(text)))
    if "via" in order:
        raise IllegalOrder(R("name only the capital and the destination: the path is found "
                             "for you", "deploy_no_path_given"),
                           [f"MOVE {order['from']} -> {order['to']}"])
    return order


def _deploy_apply(state, item, order, dice) -> bool:
    """One power's deployment (§10), then on to the next power with something to deploy."""
    seat, verb = item["seat"], order.get("verb")
    if verb == "PLAY":
        _play_preparations(state, seat, order, dice)
        return True                                  # the same power deploys next
    if verb == "PASS":
        S.log(state, "no_deploy", power=seat)
    elif verb == "MOVE":
        _deploy(state, seat, order)
    else:
        raise IllegalOrder(R("deploy with MOVE <capital> -> <space>, or PASS", "syntax",
                             text="MOVE <capital> -> <space>, PASS"))
    state["phase_data"]["index"] += 1
    _skip(state)
    return True


#: One power's spring deployment, asked in the standard order of powers with something to
#: deploy (§10); the default is no deployment.
DEPLOY = questions.Kind(
    options=_deploy_options,
    apply=_deploy_apply, default=lambda state, item: {"verb": "PASS"}, parse=_deploy_parse,
    prompt=lambda state, item: ("spring deployment: move one army from your capital to a "
                                "friendly space, or PASS"),
    clock="impulse")


# ---------------------------------------------------------------- the opening window
def _window_options(state, item) -> list[Option]:
    power = item["seat"]
    out = [Option.of("DONE", "DONE"), *_preparations_option(state, power)]
    if VENETIAN_INFORMANT in state["hands"][power]:
        others = [p for p in S.MAJORS if p != power]
        out.append(Option.of("INSPECT", f"INSPECT {others[0]}", power=OneOf(tuple(others))))
    return out


def _window_parse(state, item, text):
    seat, verb = item["seat"], grammar.verb_of(text)
    played = _parse_preparations(state, seat, text)
    if played:
        return played
    if verb in ("DONE", "ГОТОВО"):
        grammar.no_args("DONE", text)
        return {"verb": "DONE"}
    # any other PLAY answers the Action phase's question (a held order waits for it)
    grammar.expect(["INSPECT", "DONE"], "INSPECT" if verb in ("INSPECT", "ОСМОТРЕТЬ") else verb,
                   text, SPRING_CARDS.prompt(state, item))
    return {"verb": "INSPECT", "power": grammar.power(grammar.rest_of(text))}


def informant_problem(state, power: str) -> R:
    """Why Venetian Informant is not played as an event in an impulse (§6.1 L343-348)."""
    return R("Venetian Informant is played as an event only in the Spring Deployment phase, "
             "before any power has deployed: INSPECT <power> when asked (§6.1 L343-348)",
             "informant_phase", card=VENETIAN_INFORMANT)


def inform(state, power: str, target: str) -> None:
    """#109 as an event: `power` alone sees `target`'s whole hand (a private note); the
    history says only that the card was played against `target` (card text)."""
    if VENETIAN_INFORMANT not in state["hands"][power] or target == power or \
            target not in S.MAJORS:
        raise IllegalOrder(R("Venetian Informant: name another power whose hand you review",
                             "informant_whom", card=VENETIAN_INFORMANT))
    state["hands"][power].remove(VENETIAN_INFORMANT)
    S.discard(state, VENETIAN_INFORMANT, as_event=True)
    S.log(state, "plays_event", power=power, card=VENETIAN_INFORMANT)
    inquisitions.show_hands(state, power, VENETIAN_INFORMANT, (target,))


def _window_apply(state, item, order, dice) -> bool:
    seat, verb = item["seat"], order["verb"]
    if verb == "PLAY":
        _play_preparations(state, seat, order, dice)
    elif verb == "INSPECT":
        inform(state, seat, order["power"])
    else:
        data = state["phase_data"]
        data["window"].remove(seat)
        if not data["window"]:
            _skip(state)
    return True


#: The opening window of the two spring cards, asked at once of every power that could hold
#: one by public information; the default and ``STANDING spring_cards NEVER``: DONE.
SPRING_CARDS = questions.Kind(
    options=_window_options, apply=_window_apply, parse=_window_parse,
    default=lambda state, item: {"verb": "DONE"},
    prompt=lambda state, item: ("before any deployment, if you hold card 109 or 102: INSPECT "
                                "<power> (card 109), PLAY 102 AS EVENT, or DONE"),
    clock="response", private=True, policies=("NEVER",),
    standing=lambda policy, state, decision: {"verb": "DONE"})


def _kind(decision) -> questions.Kind:
    return SPRING_CARDS if decision.kind == "spring_cards" else DEPLOY


def decisions(state):
    data = state["phase_data"]
    if data.get("window"):
        return [SPRING_CARDS.decision(decision_id(state, "spring_cards", p, simultaneous=True),
                                      state, {"kind": "spring_cards", "seat": p})
                for p in data["window"]]
    if data["index"] >= len(S.MAJORS):
        return []
    item = {"kind": "deploy", "seat": S.MAJORS[data["index"]]}
    return [DEPLOY.decision(decision_id(state, "deploy"), state, item)]


def parse(state, decision, text):
    return _kind(decision).parse(state, questions.item_of(decision), text)


def apply(state, seat, decision, order, dice) -> None:
    _kind(decision).apply(state, questions.item_of(decision), order, dice)


def _deploy(state, power: str, order) -> None:
    m = S.board()
    src, dst = order["from"], order["to"]
    if src not in S.capitals(power):
        raise IllegalOrder(R("spring deployment starts in your capital (§10)",
                             "deploy_from_capital", hints_spaces=list(S.capitals(power))),
                           list(S.capitals(power)))
    if S.controller(state, src) != power:
        raise IllegalOrder(R(f"{m.spaces[src].name_en} is not under your control",
                             "not_your_control", space=src))
    paths = reach(state, power, src)
    if dst not in paths:
        raise IllegalOrder(R(f"no deployment path from {m.spaces[src].name_en} to "
                             f"{m.spaces[dst].name_en}: every space must be friendly, free of "
                             "unrest and of enemy units, with no pass and at most one sea zone "
                             "(§10)", "deploy_no_path", src=src, dst=dst))
    leaders = tuple(order.get("leaders", ()))
    avail, here = cp_actions.army_at(state, power, src)
    for lid in leaders:
        if lid not in here:
            raise IllegalOrder(R(f"{facts.leader(lid).name_en} is not in "
                                 f"{m.spaces[src].name_en}", "leader_not_there", leader=lid,
                                 space=src))
    n = order["units"]
    if n == 0 and not leaders:
        raise IllegalOrder(R("nothing to deploy", "nothing_to_move"))
    limit = S.army_limit(leaders)
    if n > limit:
        raise IllegalOrder(R(f"the army may hold at most {limit} units (§5.1)", "army_limit",
                             limit=limit, n=n))
    if paths[dst] and n > SEA_LIMIT and not prepared(state, power):
        raise IllegalOrder(R(f"at most {SEA_LIMIT} units may cross a sea zone in spring "
                             "deployment (§10)", "deploy_sea_limit", limit=SEA_LIMIT))
    chosen = cp_actions.pick_units(state, src, dst, avail, power, n, order.get("mix"),
                                   order.get("allied", ()))
    cp_actions.do_move(state, power, src, dst, leaders, chosen)
    if leaders and not n:
        S.log(state, "deploy_sea_leaders" if paths[dst] else "deploy_leaders", power=power,
              leaders=leaders, src=src, dst=dst)
    elif leaders:
        S.log(state, "deploy_sea_led" if paths[dst] else "deploy_led", power=power, units=n,
              leaders=leaders, src=src, dst=dst)
    else:
        S.log(state, "deploy_sea" if paths[dst] else "deploy", power=power, units=n, src=src,
              dst=dst)


def default(state, decision):
    return _kind(decision).default(state, questions.item_of(decision))


#: The two spring cards as events (`events` refuses them in an impulse: #102 outside this
#: phase, #109 always, for it is played only in this phase's opening window, `inform`).
EVENTS = {SPRING_PREPARATIONS: prepare}
CONDITIONS = {SPRING_PREPARATIONS: preparations_problem, VENETIAN_INFORMANT: informant_problem}
