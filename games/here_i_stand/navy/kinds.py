"""The war at sea's questions (§16.1, §16.2, §16.4), each a `questions.Kind` with the
digest's default (R15, R16, R18, R21) and standing orders:

===============  ========================================  ====================================
kind             asked of                                  default / standing policies
===============  ========================================  ====================================
naval-intercept  each enemy power with ships next to a     no interception; ``NEVER``,
                 sea zone the mover arrived in (§16.1)     ``IF ODDS >= <n>%``
naval-avoid      each enemy power with ships in that zone  stay; ``NEVER``
                 when nobody intercepted (§16.1)
naval-retreat    the loser of a naval battle (the          its own port first, then a sea
                 attacker after one in a port, §16.2)      zone; ``PREFER <spaces>``
piracy-rewards   the target of piracy, once per hit        VP until 10, then a squadron, then
                 (§16.4)                                   a card; ``<rewards in order>``
naval-declare    the attacker, then the defender, when it   none; ``ASK``, ``NEVER``
                 could hold Arquebusiers, before the roll
                 of a naval battle (§16.2 steps 3-4)
naval-cards      each power that could hold Janissaries    none; ``ASK``, ``NEVER``
                 or Professional Rowers, after the roll
                 of a naval battle (§16.2 step 6)
naval-rowers     each power that could hold Professional     none; ``ASK``, ``NEVER``
                 Rowers, after an interception or
                 avoid-battle roll at sea (§16.1)
naval-losses     a side whose squadrons lost may be its own   its minors' first; ``MINORS FIRST``,
                 or its allied minors' (§16.2 step 8)      ``OWN FIRST``
naval-battle     the mover, when several naval battles     the first space of its move, the
                 may come next (§16.1 step 7); the         first enemy in standard order
                 attacker of a new war's battles in
                 several sea zones (§9.6, `war`)
===============  ========================================  ====================================

Rules: §16.1, §16.2, §16.4, §9.6
"""
from __future__ import annotations

import re

from engine import questions, standing
from engine.contract import IllegalOrder
from engine.options import OneOf, Option
from games.here_i_stand import choices, grammar
from games.here_i_stand.land_war.odds import percent
from games.here_i_stand.navy import battle, move, piracy, sea_cards, war

KINDS: dict[str, questions.Kind] = {}
DONE_WORDS = ("DONE", "NO", "PASS", "ГОТОВО", "НЕТ")


def _space(text: str) -> str:
    return grammar.space(text, land=False)


def _after_word(text: str, words: tuple[str, ...]) -> str:
    rest = grammar.rest_of(text).split(maxsplit=1)
    if rest and rest[0].upper() in words:
        return rest[1] if len(rest) > 1 else ""
    return grammar.rest_of(text)


def _is_done(text: str, syntax: str) -> bool:
    """A card window's answer: True for DONE (or its words); else it must say PLAY (`syntax`
    shown in the refusal)."""
    said = grammar.verb_of(text)
    if said in DONE_WORDS:
        return True
    grammar.expect(["PLAY", "DONE"], said, text, syntax)
    return False


def _next_move(state, item, dice) -> None:
    move.proceed(state, dice)


# ---------------------------------------------------------------- naval interception (§16.1)
def _stacks(state, item) -> list[list]:
    """``[space, "41.7 %"]`` for each stack that may intercept."""
    m = move.current(state)
    return [[sid, percent(move.chance(state, item["seat"], sid))]
            for sid in (move.stacks(state, item["seat"], item["space"], m) if m else [])]


def _done_and(option: Option | None) -> list[Option]:
    """DONE, and `option` when there is one."""
    return [Option.of("DONE", "DONE")] + ([option] if option else [])


def _done_or_space(text: str, word: str, joiners: tuple[str, ...], allowed, verb: str,
                   key: str, why) -> dict:
    """Parse DONE or ``<word> <joiner> <space>`` with the space among `allowed`."""
    said = grammar.verb_of(text)
    if said in DONE_WORDS:
        return {"verb": "DONE"}
    grammar.expect([word, "DONE"], said, text, f"{word} {joiners[0]} <space> or DONE")
    sid = _space(_after_word(text, joiners))
    if sid not in allowed:
        raise IllegalOrder(why(sid))
    return {"verb": verb, key: sid}


def _intercept_options(state, item):
    spaces = tuple(s for s, _ in _stacks(state, item))
    return _done_and(Option.of("NAVAL_INTERCEPT", f"INTERCEPT FROM {spaces[0]}",
                               **{"from": OneOf(spaces)}) if spaces else None)


def _intercept_parse(state, item, text):
    return _done_or_space(text, "INTERCEPT", ("FROM", "ИЗ"),
                          [s for s, _ in _stacks(state, item)], "NAVAL_INTERCEPT", "from",
                          lambda sid: move.R(f"no ships of yours in {sid} may intercept",
                                             "naval_no_interceptor", space=sid))


def _intercept_apply(state, item, order, dice) -> bool:
    m = move.current(state)
    if order["verb"] == "DONE":
        if m is not None:
            m["asked"].append(item["seat"])
        return True
    move.try_intercept(state, item["seat"], order["from"], item["space"], dice)
    return True


INTERCEPT_IF = "IF ODDS >= <n>%"


def _intercept_standing(policy, state, decision):
    """``NEVER``; ``IF ODDS >= <n>%``: from the stack with the best chance when it is at
    least n %."""
    if policy == "NEVER":
        return {"verb": "DONE"}
    values = standing.template_values(policy, INTERCEPT_IF)
    if not values:
        return None
    try:
        need = float(values[0].replace(",", "."))
    except ValueError:
        return None
    item = {**decision.context, "seat": decision.seat}
    m = move.current(state)
    best = max(((float(move.chance(state, decision.seat, s)), s)
                for s in (move.stacks(state, decision.seat, item["space"], m) if m else [])),
               default=None)
    if best and best[0] * 100 >= need:
        return {"verb": "NAVAL_INTERCEPT", "from": best[1]}
    return {"verb": "DONE"}


KINDS["naval-intercept"] = choices.Kind(
    options=_intercept_options, apply=_intercept_apply, parse=_intercept_parse,
    default=lambda state, item: {"verb": "DONE"}, done=_next_move,
    prompt=lambda state, item: (f"enemy ships arrived in {item['space']}: INTERCEPT FROM "
                                "<space> or DONE — " + "; ".join(
                                    f"from {s}: succeeds on 9+: {c}" for s, c in
                                    _stacks(state, item))),
    context=lambda state, item: {"space": item["space"],
                                 "ports": [sid for sid, _ in _stacks(state, item)],
                                 "odds": "; ".join(c for _, c in _stacks(state, item))},
    policies=("NEVER", INTERCEPT_IF), standing=_intercept_standing)


# ---------------------------------------------------------------- naval avoid battle (§16.1)
def _avoid_targets(state, item) -> tuple[str, ...]:
    return tuple(move.avoid_targets(state, item["seat"], item["space"]))


def _avoid_options(state, item):
    targets = _avoid_targets(state, item)
    return _done_and(Option.of("NAVAL_AVOID", f"AVOID TO {targets[0]}", to=OneOf(targets))
                     if targets else None)


def _avoid_parse(state, item, text):
    return _done_or_space(text, "AVOID", ("TO", "В"), _avoid_targets(state, item),
                          "NAVAL_AVOID", "to",
                          lambda sid: move.R(f"your ships may not avoid battle into {sid}",
                                             "naval_avoid_target", space=sid))


def _avoid_apply(state, item, order, dice) -> bool:
    if order["verb"] == "NAVAL_AVOID":
        move.try_avoid(state, item["seat"], item["space"], order["to"], dice)
    return True


KINDS["naval-avoid"] = choices.Kind(
    options=_avoid_options, apply=_avoid_apply, parse=_avoid_parse,
    default=lambda state, item: {"verb": "DONE"}, done=_next_move,
    prompt=lambda state, item: (f"enemy ships arrived in {item['space']}: AVOID TO <space> "
                                f"({', '.join(_avoid_targets(state, item))}; succeeds on 9+: "
                                f"{percent(move.chance(state, item['seat'], item['space']))})"
                                " or DONE to stay"),
    context=lambda state, item: {
        "space": item["space"], "ports": list(_avoid_targets(state, item)),
        "odds": percent(move.chance(state, item["seat"], item["space"]))},
    policies=("NEVER",), standing=lambda policy, state, decision: {"verb": "DONE"})


# ---------------------------------------------------------------- naval retreat (§16.2)
def _retreat_targets(state, item) -> list[str]:
    return battle.retreat_targets(state, item["space"], item["seat"])


def _retreat_default(state, item):
    """R18: the first own port, else the first enemy-free sea zone (by id)."""
    return {"verb": "NAVAL_RETREAT", "to": _retreat_targets(state, item)[0]}


def _retreat_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["RETREAT"], verb, text, "RETREAT TO <space>")
    sid = _space(_after_word(text, ("TO", "В")))
    if sid not in _retreat_targets(state, item):
        raise IllegalOrder(move.R(f"your ships may not retreat into {sid}",
                                  "naval_retreat_target", space=sid))
    return {"verb": "NAVAL_RETREAT", "to": sid}


def _retreat_apply(state, item, order, dice) -> bool:
    battle.retreat(state, item["space"], item["seat"], order["to"])
    return True


PREFER = "PREFER <spaces>"


def _retreat_standing(policy, state, decision):
    """``PREFER <space>, <space>``: the first of them that is legal, else the default."""
    values = standing.template_values(policy, PREFER)
    if not values:
        return None
    item = {**decision.context, "seat": decision.seat}
    targets = _retreat_targets(state, item)
    for word in values[0].split(","):
        try:
            sid = _space(word)
        except IllegalOrder:
            continue
        if sid in targets:
            return {"verb": "NAVAL_RETREAT", "to": sid}
    return _retreat_default(state, item)


KINDS["naval-retreat"] = choices.Kind(
    options=lambda state, item: [Option.of("NAVAL_RETREAT", f"RETREAT TO {t}", to=OneOf((t,)))
                                 for t in _retreat_targets(state, item)],
    apply=_retreat_apply, parse=_retreat_parse, default=_retreat_default, done=_next_move,
    prompt=lambda state, item: (f"your ships must leave {item['space']} (after a naval battle "
                                f"there, or because the port changed hands): RETREAT TO <space> "
                                f"({', '.join(_retreat_targets(state, item))})"),
    context=lambda state, item: {"space": item["space"],
                                 "ports": _retreat_targets(state, item)},
    policies=(PREFER,), standing=_retreat_standing)


# ---------------------------------------------------------------- cards after the roll (§16.2)
def _cards_options(state, item):
    record = battle.current(state)
    found = sea_cards.playable(state, record, item["seat"]) if record else []
    return [Option.of("DONE", "DONE")] + [
        Option.of("NAVAL_CARD", f"PLAY {card} FOR {record[side]}", card=OneOf((card,)),
                  helped=OneOf((record[side],))) for card, side in found]


def _cards_parse(state, item, text):
    """``PLAY <card> [FOR <power>]`` (the side helped; one's own side by default) or DONE."""
    if _is_done(text, "PLAY <card> [FOR <power>] or DONE"):
        return {"verb": "DONE"}
    parts = re.split(r"\s+(?:FOR|ЗА)\s+", grammar.rest_of(text), maxsplit=1,
                     flags=re.IGNORECASE)
    card = grammar.card_number(parts[0], state["hands"][item["seat"]])
    record = battle.current(state)
    helped = grammar.power(parts[1]) if len(parts) > 1 else item["seat"]
    side = sea_cards.side_of(record, helped) if record else None
    if (card, side) not in (sea_cards.playable(state, record, item["seat"]) if record else []):
        raise IllegalOrder(move.R(f"card {card} cannot be played for {helped} in this naval "
                                  "battle (§16.2)", "naval_card", card=card, power=helped))
    return {"verb": "NAVAL_CARD", "card": card, "helped": helped}


def _cards_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        return True
    record = battle.current(state)
    sea_cards.play(state, record, item["seat"], order["card"],
                   sea_cards.side_of(record, order["helped"]), dice)
    return not sea_cards.playable(state, battle.current(state), item["seat"])


def _battle_context(key: str):
    """A battle window's context: its space, its sides and each side's `key` (``hits``
    after the roll, ``dice`` before it) as ``"<attacker>-<defender>"``."""
    def context(state, item):
        record = battle.current(state)
        if record is None or not record.get(key):
            return {"space": item["space"], "attacker": "", "defender": "", key: ""}
        return {"space": item["space"], "attacker": record["attacker"],
                "defender": record["defender"],
                key: f"{record[key]['attacker']}-{record[key]['defender']}"}
    return context


def _card_window(options, apply, parse, context, prompt) -> questions.Kind:
    """A window for cards at sea: DONE by default, private (it shows the seat's cards),
    ``STANDING <kind> NEVER`` closes it unasked."""
    return choices.Kind(
        options=options, apply=apply, parse=parse, default=lambda state, item: {"verb": "DONE"},
        done=_next_move, private=True, prompt=prompt, context=context,
        policies=("ASK", "NEVER"),
        standing=lambda policy, state, decision: {"verb": "DONE"} if policy == "NEVER" else None)


def _battle_window(options, apply, parse, key: str, when: str, cards: str) -> questions.Kind:
    """A card window of a naval battle, `when` (before or after the roll), its context
    showing each side's `key` (``dice`` or ``hits``), `cards` named in its prompt."""
    context = _battle_context(key)
    return _card_window(options, apply, parse, context,
                        lambda state, item: (f"naval battle in {item['space']} {when} "
                                             f"({context(state, item)[key]} {key}): PLAY "
                                             f"{cards} or DONE"))


KINDS["naval-cards"] = _battle_window(_cards_options, _cards_apply, _cards_parse, "hits",
                                      "after the roll",
                                      "Janissaries or Professional Rowers [FOR <power>]")


# ---------------------------------------------------------------- cards before the roll (§16.2)
def _declare_options(state, item):
    record = battle.current(state)
    out = [Option.of("DONE", "DONE")]
    if record and sea_cards.before_playable(state, record, item["seat"]):
        out.append(Option.of("NAVAL_DECLARE", f"PLAY {sea_cards.ARQUEBUSIERS}",
                             card=OneOf((sea_cards.ARQUEBUSIERS,))))
    return out


def _declare_parse(state, item, text):
    """``PLAY <card>`` (Arquebusiers) or DONE."""
    if _is_done(text, "PLAY Arquebusiers or DONE"):
        return {"verb": "DONE"}
    card = grammar.card_number(grammar.rest_of(text), state["hands"][item["seat"]])
    record = battle.current(state)
    if card != sea_cards.ARQUEBUSIERS or not (
            record and sea_cards.before_playable(state, record, item["seat"])):
        raise IllegalOrder(move.R(f"card {card} cannot be played for {item['seat']} in this "
                                  "naval battle (§16.2)", "naval_card", card=card,
                                  power=item["seat"]))
    return {"verb": "NAVAL_DECLARE", "card": card}


def _declare_apply(state, item, order, dice) -> bool:
    if order["verb"] == "NAVAL_DECLARE":
        sea_cards.declare(state, battle.current(state), item["seat"])
    return True


KINDS["naval-declare"] = _battle_window(_declare_options, _declare_apply, _declare_parse, "dice",
                                        "before the roll", "Arquebusiers")


# ---------------------------------------------------------------- Rowers on a roll (§16.1)
def _roll_record(state):
    m = move.current(state)
    return (m or {}).get("roll")


def _rowers_options(state, item):
    out = [Option.of("DONE", "DONE")]
    if sea_cards.roll_playable(state, item["seat"]):
        out += [Option.of("NAVAL_ROWERS", f"PLAY {sea_cards.ROWERS} {shift:+d}",
                          card=OneOf((sea_cards.ROWERS,)), shift=OneOf((shift,)))
                for shift in (sea_cards.ROLL_SHIFT, -sea_cards.ROLL_SHIFT)]
    return out


def _rowers_parse(state, item, text):
    """``PLAY <card> +2`` or ``PLAY <card> -2``, or DONE."""
    if _is_done(text, "PLAY 34 +2 | PLAY 34 -2 | DONE"):
        return {"verb": "DONE"}
    found = re.match(r"^(.*?)\s*([+-]\s*2)\s*$", grammar.rest_of(text))
    if not found:
        raise IllegalOrder(move.R("say PLAY 34 +2 or PLAY 34 -2", "syntax",
                                  text="PLAY 34 +2 | PLAY 34 -2"))
    card = grammar.card_number(found.group(1), state["hands"][item["seat"]])
    if card != sea_cards.ROWERS or not sea_cards.roll_playable(state, item["seat"]):
        raise IllegalOrder(move.R(f"card {card} cannot be played on this roll (§16.1)",
                                  "naval_card", card=card, power=item["roller"]))
    return {"verb": "NAVAL_ROWERS", "card": card,
            "shift": int(found.group(2).replace(" ", ""))}


def _rowers_apply(state, item, order, dice) -> bool:
    if order["verb"] == "NAVAL_ROWERS":
        sea_cards.play_on_roll(state, _roll_record(state), item["seat"], order["shift"])
    return True


def _rowers_context(state, item):
    record = _roll_record(state) or {"rolls": [], "mod": 0, "kind": "intercept"}
    return {"space": item["space"], "power": item["roller"],
            "rolls": str(record["rolls"]), "total": sum(record["rolls"]) + record["mod"],
            "action": record["kind"]}


KINDS["naval-rowers"] = _card_window(
    _rowers_options, _rowers_apply, _rowers_parse, _rowers_context,
    lambda state, item: (f"{item['roller']} rolled {_rowers_context(state, item)['total']}"
                         f" to {_rowers_context(state, item)['action']} into "
                         f"{item['space']} (9+): PLAY 34 +2, PLAY 34 -2 (Professional "
                         "Rowers) or DONE"))


# ---------------------------------------------------------------- ships lost (§16.2 step 8)
def _loss_choices(state, item) -> list[dict[str, int]]:
    record = battle.current(state)
    return battle.owner_choices(state, record, item["seat"]) if record else []


def _loss_text(chosen: dict[str, int]) -> str:
    return "LOSE " + ", ".join(f"{n} {o}" for o, n in sorted(chosen.items()))


def _losses_parse(state, item, text):
    """``LOSE <n> <owner>[, <n> <owner>]`` (the squadrons lost by owner)."""
    grammar.expect(["LOSE"], grammar.verb_of(text), text, "LOSE <n> <owner>[, <n> <owner>]")
    chosen: dict[str, int] = {}
    for part in grammar.rest_of(text).split(","):
        found = re.match(r"\s*(\d+)\s+(.+?)\s*$", part)
        if not found:
            raise IllegalOrder(move.R("say LOSE <n> <owner>[, <n> <owner>]", "syntax",
                                      text="LOSE <n> <owner>"))
        owner = grammar.power(found.group(2))
        chosen[owner] = chosen.get(owner, 0) + int(found.group(1))
    chosen = {o: n for o, n in chosen.items() if n}
    if chosen not in _loss_choices(state, item):
        raise IllegalOrder(move.R(f"your squadrons lost in {item['space']} do not add up that "
                                  "way (§16.2)", "naval_losses_split", space=item["space"]))
    return {"verb": "NAVAL_LOSE", "owners": chosen}


def _losses_apply(state, item, order, dice) -> bool:
    battle.current(state)["chosen"][item["seat"]] = dict(order["owners"])
    return True


OWN_FIRST, MINORS_FIRST = "OWN FIRST", "MINORS FIRST"


def _losses_standing(policy, state, decision):
    """``MINORS FIRST`` (the default) or ``OWN FIRST``."""
    found = _loss_choices(state, {**decision.context, "seat": decision.seat})
    if not found or policy not in (OWN_FIRST, MINORS_FIRST):
        return None
    return {"verb": "NAVAL_LOSE", "owners": found[-1 if policy == OWN_FIRST else 0]}


def _losses_context(state, item):
    record = battle.current(state)
    return {"space": item["space"],
            "n": record["loss"][item["seat"]]["squadrons"] if record else 0}


KINDS["naval-losses"] = choices.Kind(
    options=lambda state, item: [
        Option.of("NAVAL_LOSE", _loss_text(c), owners=OneOf((c,)))
        for c in _loss_choices(state, item)],
    apply=_losses_apply, parse=_losses_parse, done=_next_move,
    default=lambda state, item: {"verb": "NAVAL_LOSE", "owners": _loss_choices(state, item)[0]},
    prompt=lambda state, item: (f"naval battle in {item['space']}: choose whose "
                                f"{_losses_context(state, item)['n']} squadrons are lost — "
                                + "; ".join(_loss_text(c) for c in _loss_choices(state, item))),
    context=_losses_context, policies=(MINORS_FIRST, OWN_FIRST), standing=_losses_standing)


# ---------------------------------------------------------------- the order of battles (§16.1)
def _battles(state) -> list[tuple[str, str]]:
    """The mover's battles still to fight, or those of a new war (§9.6, `war`)."""
    m = move.current(state)
    return move.pending_battles(state, m) if m else war.pending(state)


def _battle_parse(state, item, text):
    grammar.expect(["FIGHT"], grammar.verb_of(text), text, "FIGHT <space> AGAINST <power>")
    parts = re.split(r"\s+(?:AGAINST|ПРОТИВ)\s+", grammar.rest_of(text), maxsplit=1,
                     flags=re.IGNORECASE)
    sid = _space(parts[0])
    found = [b for b in _battles(state) if b[0] == sid
             and (len(parts) < 2 or b[1] == grammar.power(parts[1]))]
    if not found:
        raise IllegalOrder(move.R(f"no naval battle to fight in {sid}", "naval_no_battle",
                                  space=sid))
    return {"verb": "NAVAL_FIGHT", "space": sid, "against": found[0][1]}


def _battle_apply(state, item, order, dice) -> bool:
    if move.current(state) is None:
        war.start(state, order["space"], dice)
    else:
        move.start_battle(state, move.current(state), order["space"], order["against"], dice)
    return True


KINDS["naval-battle"] = choices.Kind(
    options=lambda state, item: [
        Option.of("NAVAL_FIGHT", f"FIGHT {sid} AGAINST {foe}", space=OneOf((sid,)),
                  against=OneOf((foe,))) for sid, foe in _battles(state)],
    apply=_battle_apply, parse=_battle_parse, done=_next_move,
    default=lambda state, item: {"verb": "NAVAL_FIGHT", "space": _battles(state)[0][0],
                                 "against": _battles(state)[0][1]},
    prompt=lambda state, item: ("naval battles to fight: " + "; ".join(
        f"FIGHT {sid} AGAINST {foe}" for sid, foe in _battles(state))),
    context=lambda state, item: {"ports": sorted({sid for sid, _ in _battles(state)})})


# ---------------------------------------------------------------- piracy rewards (§16.4)
def _rewards_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["GIVE"], verb, text, "GIVE VP | CARD | SQUADRON IN <space>")
    words = grammar.rest_of(text).replace(",", " ").split()
    if not words:
        raise IllegalOrder(move.R("say GIVE VP, GIVE CARD or GIVE SQUADRON IN <space>",
                                  "syntax", text="GIVE VP | CARD | SQUADRON IN <space>"))
    word = piracy.REWARD_WORDS.get(words[0].upper())
    if word is None:
        raise IllegalOrder(move.R(f"{words[0]!r} is not a piracy reward", "piracy_reward",
                                  text=words[0]))
    order = {"verb": "GIVE", "reward": word}
    if word == "squadron":
        tail = words[1:]
        if tail and tail[0].upper() in ("IN", "В"):
            tail = tail[1:]
        places = piracy.squadron_places(state, item)
        order["space"] = _space(" ".join(tail)) if tail else (places[0] if places else "")
    why = piracy.reward_problem(state, item, order)
    if why:
        raise IllegalOrder(why)
    return order


def _rewards_apply(state, item, order, dice) -> bool:
    piracy.give(state, item, order, dice)
    return True


def _rewards_standing(policy, state, decision):
    """``VP, SQUADRON, CARD`` (any order): the first reward of the list still possible."""
    item = {**decision.context, "seat": decision.seat}
    words = [piracy.REWARD_WORDS.get(w.strip().upper()) for w in policy.split(",")]
    if None in words or not words:
        return None
    return piracy.preferred(state, item, words)


KINDS["piracy-rewards"] = choices.Kind(
    options=lambda state, item: [
        Option.of("GIVE", piracy.option_text(o),
                  **{k: OneOf((v,)) for k, v in o.items() if k != "verb"})
        for o in piracy.possible(state, item) or [{"verb": "GIVE", "reward": "none"}]],
    apply=_rewards_apply, parse=_rewards_parse, done=lambda state, item, dice: None,
    default=lambda state, item: piracy.preferred(state, item, list(piracy.DEFAULT_ORDER)),
    prompt=lambda state, item: (f"Ottoman piracy in {item['space']}: hit {item['hit']} of "
                                f"{item['hits']}: GIVE VP, GIVE CARD or GIVE SQUADRON IN "
                                "<space>"),
    context=lambda state, item: {"space": item["space"], "hit": item["hit"],
                                 "hits": item["hits"]},
    policies=("<rewards>",), standing=_rewards_standing)


def order_text(order: dict) -> str:
    """Canonical texts of the war at sea's answers."""
    verb = order["verb"]
    if verb == "NAVAL_INTERCEPT":
        return f"INTERCEPT FROM {order['from']}"
    if verb == "NAVAL_AVOID":
        return f"AVOID TO {order['to']}"
    if verb == "NAVAL_RETREAT":
        return f"RETREAT TO {order['to']}"
    if verb == "NAVAL_CARD":
        return f"PLAY {order['card']} FOR {order['helped']}"
    if verb == "NAVAL_ROWERS":
        return f"PLAY {order['card']} {order['shift']:+d}"
    if verb == "NAVAL_DECLARE":
        return f"PLAY {order['card']}"
    if verb == "NAVAL_LOSE":
        return _loss_text(order["owners"])
    if verb == "NAVAL_FIGHT":
        return f"FIGHT {order['space']} AGAINST {order['against']}"
    return piracy.option_text(order)


TEXTS = {verb: order_text for verb in ("NAVAL_INTERCEPT", "NAVAL_AVOID", "NAVAL_RETREAT", "GIVE",
                                               "NAVAL_CARD", "NAVAL_DECLARE", "NAVAL_FIGHT",
                                               "NAVAL_LOSE", "NAVAL_ROWERS")}
