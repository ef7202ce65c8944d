"""Theological debates (§18.5): called for 3 CP by the Papacy or the Protestants (§18.1), by
*Leipzig Debate* (#6) and by England's cards under Mary I (§21.3).

The procedure, step by step (the debate is kept in ``state["phase_data"]["debate"]`` while
questions are open):

1. the initiator names the zone (German, French or English);
2. the attacker: a random uncommitted debater of the initiator (a Protestant one of the zone);
   with *Leipzig Debate* the Papacy names him instead, or bars one Protestant debater;
3. the defender: a random *committed* or *uncommitted* debater of the other side (of the zone
   for the Protestants), as the initiator says (``DEBATE <zone> [COMMITTED|UNCOMMITTED]``);
   an empty pool falls back to the other;
   in the German zone the Protestants may play *Here I Stand* (#7, drawing a card) to put Luther
   in place of their debater in any round, even barred or excommunicated (question
   ``here-i-stand``, off-turn, default not: digest R24; ``STANDING here-i-stand IN-DEBATE
   NEVER``) — not in a turn when *The Wartburg* (#37) was played, which also stops the
   Protestants calling debates;
4. the attacker rolls value + 3 dice (Eck and Gardiner +1; a Papal
   attacker −1 under *Augsburg Confession*, +2 in the debate of *Papal Inquisition*; a Papal
   debater's value doubles in the English zone under Mary I); 5. the defender rolls value + 2, or + 1 if committed when the debate began;
   5-6 hit;
6. both (and a debater replaced by Luther) become committed;
7. a tie in round 1 starts round 2 with new random debaters (uncommitted first, else committed);
   the Protestants may send Bullinger instead of their random pick (question ``bullinger``,
   default not: R25); a tie in round 2 ends the debate.  Otherwise the winner converts as many
   spaces as the difference, eligible targets of its faith, in the zone while any is left (question
   ``debate_convert``), twice as many when Aleander was the last Papal debater; Campeggio, losing
   as the last Papal debater, cancels the result on a 5-6;
8. the Papacy winning by more than the Protestant debater's value burns him (VP = value to the
   Papacy; his reformer leaves too); 9. the Protestants winning by more than the Papal
   debater's value disgrace him (VP = value to the Protestants).

Rules: §18.5, §18.1 (calling a debate)
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, events, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import absence, attempts, debaters, wartburg

COST = 3
ZONES = ("german", "french", "english")
HERE_I_STAND = 7
LEIPZIG = 6
POOLS = ("uncommitted", "committed")
#: Language zones as orders write them, in English and Russian.
ZONE_WORDS = {"GERMAN": "german", "GERMANY": "german", "FRENCH": "french", "FRANCE": "french",
              "ENGLISH": "english", "ENGLAND": "english", "ITALIAN": "italian",
              "ITALY": "italian", "SPANISH": "spanish", "SPAIN": "spanish",
              "НЕМЕЦКАЯ": "german", "НЕМЕЦКИЙ": "german", "ГЕРМАНИЯ": "german",
              "ФРАНЦУЗСКАЯ": "french", "ФРАНЦУЗСКИЙ": "french", "ФРАНЦИЯ": "french",
              "АНГЛИЙСКАЯ": "english", "АНГЛИЙСКИЙ": "english", "АНГЛИЯ": "english",
              "ИТАЛЬЯНСКАЯ": "italian", "ИСПАНСКАЯ": "spanish", "ANY": "any", "ЛЮБАЯ": "any"}
#: A debate called by *Papal Inquisition* (#56): the Papal attacker rolls 2 more dice (L1390).
INQUISITION_SOURCE, INQUISITION_DICE = "papal_inquisition", 2
#: Reformers who leave with their burned debater (§18.5 step 8).
REFORMER_OF = {"luther": "luther", "zwingli": "zwingli", "calvin": "calvin",
               "cranmer": "cranmer"}


def _other(side: str) -> str:
    return "protestant" if side == "papacy" else "papacy"


def _pool(state: S.State, side: str, zone: str, committed: bool,
          barred: str | None = None) -> list[str]:
    found = debaters.in_play(state, side, zone_=zone if side == "protestant" else None,
                             committed=committed)
    return [d for d in found if d != barred]


def call_problem(state: S.State, power: str, zone: str) -> R | None:
    """Why `power` may not call a debate in `zone` now (§18.1)."""
    if power not in ("papacy", "protestant"):
        return R("only the Papacy and the Protestants call debates (§18.1)", "debate_who")
    if zone not in ZONES:
        return R("debates take place in the German, French or English zone (§18.1)",
                 "debate_zone", text=str(zone))
    if power == "protestant" and wartburg.in_effect(state):
        return R("after The Wartburg the Protestants call no debate this turn (#37)",
                 "debate_wartburg", card=wartburg.WARTBURG)
    if not debaters.in_play(state, "protestant", zone_=zone):
        return R(f"no Protestant debater of the {zone} zone is in play (§18.1)",
                 "debate_no_debaters", zone=zone)
    if not _pool(state, power, zone, False):
        return R("all your debaters (of this zone) are committed (§18.1)",
                 "debate_all_committed", zone=zone)
    return None


def defender_pools(state: S.State, power: str, zone: str) -> tuple[str, ...]:
    """The defender pools the initiator may pick from (a non-empty one, §18.5 step 3)."""
    other = _other(power)
    return tuple(p for p in POOLS if _pool(state, other, zone, p == "committed"))


def options(state: S.State, power: str, cp: int) -> list[Option]:
    if cp < COST:
        return []
    out = []
    for zone in ZONES:
        if call_problem(state, power, zone) is None:
            pools = defender_pools(state, power, zone)
            if pools:
                out.append(Option.of("DEBATE", f"DEBATE {zone.upper()}", zone=OneOf((zone,)),
                                     pool=OneOf(pools)))
    return out


POOL_WORDS = {"UNCOMMITTED": "uncommitted", "COMMITTED": "committed",
              "НЕЗАДЕЙСТВОВАННЫЙ": "uncommitted", "ЗАДЕЙСТВОВАННЫЙ": "committed"}


def parse_pool(state: S.State, power: str, zone: str, words: list[str]) -> str:
    """The defender pool an order names, else uncommitted when there is one (step 3)."""
    for w in words:
        if w.upper() in POOL_WORDS:
            return POOL_WORDS[w.upper()]
    pools = defender_pools(state, power, zone) if power in debaters.SIDES else ()
    return pools[0] if pools else "uncommitted"


# ---------------------------------------------------------------- the procedure
def call(state: S.State, power: str, zone: str, dice: Dice, *, pool: str = "uncommitted",
         attacker: str | None = None, barred: str | None = None, source: str = "action") -> None:
    """Start a debate called by `power` in `zone` (steps 1-3); `attacker` named (Leipzig),
    `barred` a Protestant debater kept out of every round (Leipzig)."""
    other = _other(power)
    pools = defender_pools(state, power, zone)
    if pool not in pools and pools:
        pool = pools[0]
    mine = attacker or dice.choice(_pool(state, power, zone, False,
                                         barred if power == "protestant" else None))
    theirs_pool = _pool(state, other, zone, pool == "committed",
                        barred if other == "protestant" else None)
    if not theirs_pool:
        theirs_pool = _pool(state, other, zone, pool != "committed",
                            barred if other == "protestant" else None)
    theirs = dice.choice(theirs_pool)
    at_start = sorted(d for side in debaters.SIDES for d in debaters.in_play(state, side, committed=True))
    state["phase_data"]["debate"] = {
        "zone": zone, "attacker": power, "round": 1, "source": source, "barred": barred,
        power: mine, other: theirs, "committed_at_start": at_start, "replaced": []}
    S.log(state, "debate_called", power=power, zone=zone, debater=mine, debater2=theirs)
    _before_roll(state, dice)


def _record(state: S.State) -> dict[str, Any]:
    return state["phase_data"]["debate"]


def may_stand(state: S.State) -> bool:
    """Whether the Protestants may now play Here I Stand for Luther (§18.5 step 3)."""
    d = state["phase_data"].get("debate")
    return (d is not None and d["zone"] == "german" and d["protestant"] != "luther"
            and HERE_I_STAND in state["hands"]["protestant"] and not wartburg.in_effect(state)
            and (debaters.record(state, "luther") is not None
                 or absence.is_away(state, "luther")))


def _before_roll(state: S.State, dice: Dice) -> None:
    if may_stand(state):
        choices.push(state, {"kind": "here-i-stand", "seat": "protestant"}, first=True)
        return
    _roll(state, dice)


def _dice(state: S.State, side: str) -> int:
    d = _record(state)
    did = d[side]
    value = debaters.value(did)
    if side == d["attacker"]:
        if side == "papacy" and d["zone"] == "english" and state["rulers"]["england"] == "mary_i":
            value *= 2
        n = value + 3
        if did in ("eck", "gardiner"):
            n += 1
        if side == "papacy" and state.get("augsburg_confession") == state["turn"]:
            n -= 1
        if d["source"] == INQUISITION_SOURCE:      # Papal Inquisition's debate (L1390)
            n += INQUISITION_DICE
        return max(0, n)
    return value + (1 if did in d["committed_at_start"] else 2)


def _roll(state: S.State, dice: Dice) -> None:
    """Steps 4-7 of one round."""
    d = _record(state)
    hits = {}
    for side in (d["attacker"], _other(d["attacker"])):
        n = _dice(state, side)
        rolls = dice.roll(n)
        hits[side] = sum(1 for r in rolls if r >= 5)
        S.log(state, "debate_rolls", power=side, debater=d[side], n=n, rolls=rolls,
              hits=hits[side])
    for side in debaters.SIDES:
        debaters.commit(state, d[side])
    for did in d["replaced"]:
        debaters.commit(state, did)
    diff = hits["papacy"] - hits["protestant"]
    if diff == 0:
        if d["round"] == 1:
            S.log(state, "debate_tie_round", n=1)
            d["round"] = 2
            _round_two(state, dice)
        else:
            S.log(state, "debate_ends_tied")
            del state["phase_data"]["debate"]
        return
    _result(state, "papacy" if diff > 0 else "protestant", abs(diff), dice)


def _round_two(state: S.State, dice: Dice) -> None:
    d = _record(state)
    zone = d["zone"]
    for side in debaters.SIDES:
        d[side] = None
    if (zone == "german" and "bullinger" in debaters.uncommitted(state, "protestant", zone)
            and d.get("barred") != "bullinger"):
        choices.push(state, {"kind": "bullinger", "seat": "protestant"}, first=True)
        return
    _pick_round_two(state, dice)


def _random_debater(state: S.State, side: str, dice: Dice) -> str | None:
    d = _record(state)
    barred = d.get("barred") if side == "protestant" else None
    pool = (_pool(state, side, d["zone"], False, barred)
            or _pool(state, side, d["zone"], True, barred))
    return dice.choice(pool) if pool else None


def _pick_round_two(state: S.State, dice: Dice) -> None:
    d = _record(state)
    for side in debaters.SIDES:
        if d[side] is None:
            d[side] = _random_debater(state, side, dice)
    if d["papacy"] is None or d["protestant"] is None:
        S.log(state, "debate_ends_tied")
        del state["phase_data"]["debate"]
        return
    S.log(state, "debate_round_two", debater=d[d["attacker"]],
          debater2=d[_other(d["attacker"])])
    _before_roll(state, dice)


def _result(state: S.State, winner: str, diff: int, dice: Dice) -> None:
    """Step 7's conversions and steps 8-9 (burning, disgrace)."""
    d = state["phase_data"].pop("debate")
    papal = d["papacy"]
    if winner == "protestant" and papal == "campeggio":
        roll = dice.d6()
        S.log(state, "campeggio_roll", roll=roll)
        if roll >= 5:
            S.log(state, "debate_cancelled", debater="campeggio")
            return
    loser = _other(winner)
    n = diff * (2 if papal == "aleander" else 1)
    S.log(state, "debate_won", power=winner, hits=diff, n=n, zone=d["zone"])
    victim = d[loser]
    if diff > debaters.value(victim):
        _remove(state, winner, victim)
    faith = religion.CATHOLIC if winner == "papacy" else religion.PROTESTANT
    choices.push(state, {"kind": "debate_convert", "seat": winner, "faith": faith,
                         "zone": d["zone"], "left": n}, first=True)


def _remove(state: S.State, winner: str, did: str) -> None:
    """Burn a Protestant debater or disgrace a Papal one: VP = his value (§18.5 steps 8-9);
    a burned debater's reformer leaves the map, also when both are off it for the turn
    (excommunicated, §21.5: *Here I Stand* may still bring Luther into the debate)."""
    loser = _other(winner)
    state["debaters"][loser] = [x for x in state["debaters"][loser] if x["id"] != did]
    state["debaters_out"] = sorted(set(state["debaters_out"]) | {did})
    key = ("burned_" if winner == "papacy" else "disgraced_") + did
    state["bonus_vp"][winner][key] = debaters.value(did)
    if winner == "papacy":
        S.log(state, "debater_burned", debater=did, vp=debaters.value(did))
    else:
        S.log(state, "debater_disgraced", debater=did, vp=debaters.value(did))
    absence.forget(state, "", did)      # off the map (excommunicated): he does not come back
    reformer = REFORMER_OF.get(did)
    if winner == "papacy" and reformer and (state["reformers"].get(reformer)
                                            or absence.reformer_away(state, reformer)):
        state["reformers"].pop(reformer, None)
        absence.forget(state, reformer, "")
        state["reformers_out"] = sorted(set(state["reformers_out"]) | {reformer})
        S.log(state, "reformer_removed", reformer=reformer)


# ---------------------------------------------------------------- questions
def _stand_apply(state, item, order, dice) -> bool:
    if order["verb"] == "PLAY":
        d = _record(state)
        state["hands"]["protestant"].remove(HERE_I_STAND)
        S.discard(state, HERE_I_STAND, as_event=True)
        d["replaced"].append(d["protestant"])
        S.log(state, "here_i_stand_debate", debater=d["protestant"])
        d["protestant"] = "luther"
        events.draw(state, "protestant", dice)
    return True


def _stand_done(state, item, dice) -> None:
    if state["phase_data"].get("debate"):
        _roll(state, dice)


def _yes_or_done(words: tuple[str, ...], yes: dict[str, Any], prompt: str):
    """A parser of a yes-or-DONE question: one of `words` gives the order `yes`."""
    def parse(state, item, text):
        verb = grammar.verb_of(text)
        no = grammar.rest_of(text).strip().upper() in ("NONE", "НИКОГО", "NO")
        if verb in words and not no:
            return dict(yes)
        if verb in words:
            return {"verb": "DONE"}
        grammar.expect([yes["verb"], "DONE"], verb, text, prompt)
        return {"verb": "DONE"}
    return parse


def _stand_standing(policy: str, state, decision) -> dict | None:
    """``STANDING here-i-stand IN-DEBATE NEVER``: never substitute Luther; ``ASK``: be asked."""
    return {"verb": "DONE"} if policy == "IN-DEBATE NEVER" else None


def _bullinger_apply(state, item, order, dice) -> bool:
    if order["verb"] == "COMMIT":
        _record(state)["protestant"] = "bullinger"
        S.log(state, "bullinger_debates")
    return True


def _bullinger_done(state, item, dice) -> None:
    if state["phase_data"].get("debate"):
        _pick_round_two(state, dice)


def _bullinger_standing(policy: str, state, decision) -> dict | None:
    """``STANDING bullinger ALWAYS|NEVER``."""
    return {"verb": "COMMIT", "debaters": ("bullinger",)} if policy == "ALWAYS" else {"verb": "DONE"}


def convert_targets(state: S.State, faith: str, zone: str) -> list[str]:
    """Eligible conversions, in the debate's zone while any is left there (§18.5 step 7)."""
    found = religion.targets(state, faith)
    inside = [s for s in found if S.board().spaces[s].language == zone]
    return inside or found


def _convert_options(state, item):
    found = tuple(convert_targets(state, item["faith"], item["zone"]))
    return [Option.of("CONVERT", f"CONVERT {found[0]}", space=OneOf(found))] if found else []


def _convert_apply(state, item, order, dice) -> bool:
    religion.convert(state, order["space"], item["faith"])
    S.log(state, "debate_converted", space=order["space"], faith=item["faith"])
    item["left"] -= 1
    return item["left"] <= 0


def _convert_default(state, item):
    """The eligible space with the most neighbours of the winner's faith (R26's heuristic)."""
    m = S.board()

    def key(sid: str):
        near = sum(1 for n in m.neighbours(sid) if religion.faith(state, n) == item["faith"])
        return (-near, m.spaces[sid].type != "electorate", sid)

    return {"verb": "CONVERT", "space": min(convert_targets(state, item["faith"], item["zone"]),
                                            key=key)}


def _convert_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["CONVERT"], "CONVERT" if verb in ("CONVERT", "FLIP", "ОБРАТИТЬ") else verb,
                   text, "CONVERT <space>")
    return {"verb": "CONVERT", "space": grammar.space(grammar.rest_of(text))}


def _yes_no(verb: str, **fields: Any) -> list[Option]:
    """The order `verb` with these fixed fields, or DONE."""
    return [Option.of(verb, verb, **{k: OneOf((v,)) for k, v in fields.items()}),
            Option.of("DONE", "DONE")]


KINDS: dict[str, questions.Kind] = {
    "here-i-stand": choices.Kind(
        options=lambda state, item: _yes_no("PLAY", card=HERE_I_STAND, mode="event"),
        apply=_stand_apply, default=lambda state, item: {"verb": "DONE"},
        parse=_yes_or_done(("PLAY", "ИГРАТЬ"), {"verb": "PLAY", "card": HERE_I_STAND,
                                                "mode": "event"}, "PLAY 7 or DONE"),
        done=_stand_done, policies=("IN-DEBATE ASK", "IN-DEBATE NEVER"),
        standing=_stand_standing,
        context=lambda state, item: {"debater": _record(state)["protestant"],
                                     "papal_debater": _record(state)["papacy"],
                                     "dice": _dice(state, "protestant"),
                                     "papal_dice": _dice(state, "papacy")},
        prompt=lambda state, item: ("debate in the German zone: PLAY 7 (Here I Stand: Luther "
                                    "debates instead, you draw a card) or DONE")),
    "bullinger": choices.Kind(
        options=lambda state, item: _yes_no("COMMIT", debaters=("bullinger",)),
        apply=_bullinger_apply, default=lambda state, item: {"verb": "DONE"},
        parse=_yes_or_done(("COMMIT", "SEND"), {"verb": "COMMIT", "debaters": ("bullinger",)},
                           "COMMIT Bullinger or DONE"),
        done=_bullinger_done, policies=("ALWAYS", "NEVER"),
        standing=_bullinger_standing,
        prompt=lambda state, item: "debate, round 2: COMMIT Bullinger or DONE (a random pick)"),
    "debate_convert": choices.Kind(
        options=_convert_options, apply=_convert_apply, default=_convert_default,
        parse=_convert_parse, policies=("DEFAULT",),
        standing=attempts.by_default("debate_convert", _convert_default), settle=lambda state, item, dice: item["left"] <= 0,
        context=lambda state, item: {"left": item["left"], "zone": item["zone"]},
        prompt=lambda state, item: (f"debate won: CONVERT <space> — {item['left']} more "
                                    f"(the {item['zone']} zone first)")),
}


# ---------------------------------------------------------------- Mary I (§21.3)
MARY_I = 21


def _mary_debate(state: S.State, item, dice: Dice) -> bool:
    """The Papacy's debate in the English zone after an English roll of 1-3 under Mary I
    (§21.3 L1684-1690), held when its turn in the queue comes; none when no debate may be
    called there."""
    if call_problem(state, "papacy", "english") is None:
        call(state, "papacy", "english", dice, source="mary_i")
    else:
        S.log(state, "mary_debate_skipped", card=MARY_I)
    return True


KINDS["mary_debate"] = choices.Kind(
    options=lambda state, item: [], apply=lambda state, item, order, dice: True,
    default=lambda state, item: {"verb": "DONE"},
    parse=lambda state, item, text: {"verb": "DONE"}, settle=_mary_debate,
    prompt=lambda state, item: "Mary I: the Papacy's debate in the English zone")


# ---------------------------------------------------------------- #6 Leipzig Debate
def leipzig_condition(state: S.State, power: str) -> R | None:
    """#6 needs a zone where the Papacy may call a debate."""
    if not any(call_problem(state, "papacy", z) is None for z in ZONES):
        return R("Leipzig Debate: no debate may be called now (§18.1)", "leipzig_no_debate",
                 card=LEIPZIG)
    return None


def leipzig(state: S.State, power: str, dice: Dice) -> int:
    """#6: the Papacy calls a debate, naming its debater or barring a Protestant one
    (§18.5 exceptions to steps 2-3): question ``leipzig``."""
    choices.push(state, {"kind": "leipzig", "seat": "papacy"})
    return 0


def _leipzig_options(state, item):
    out = []
    for zone in ZONES:
        if call_problem(state, "papacy", zone) is not None:
            continue
        pools = defender_pools(state, "papacy", zone)
        mine = tuple(_pool(state, "papacy", zone, False))
        out.append(Option.of("DEBATE_LEIPZIG", f"DEBATE {zone.upper()} WITH {mine[0]}",
                             zone=OneOf((zone,)), attacker=OneOf(mine), pool=OneOf(pools)))
        # barring: the only Protestant debater of a pool cannot be barred from it
        bar = tuple(d for d in debaters.in_play(state, "protestant", zone_=zone)
                    if all(len([x for x in _pool(state, "protestant", zone, p == "committed")
                                if x != d]) for p in pools))
        if bar:
            out.append(Option.of("DEBATE_LEIPZIG", f"DEBATE {zone.upper()} BAR {bar[0]}",
                                 zone=OneOf((zone,)), bar=OneOf(bar), pool=OneOf(pools)))
    return out


def _leipzig_apply(state, item, order, dice) -> bool:
    S.log(state, "leipzig_debate", card=LEIPZIG, zone=order["zone"],
          debater=order.get("attacker") or order.get("bar"))
    call(state, "papacy", order["zone"], dice, pool=order["pool"],
         attacker=order.get("attacker"), barred=order.get("bar"), source="leipzig")
    return True


def _leipzig_default(state, item):
    """The best Papal debater in the first zone open, against an uncommitted defender."""
    opt = _leipzig_options(state, item)[0]
    fields = dict(opt.fields)
    mine = max(fields["attacker"].values, key=lambda d: (debaters.value(d), d))
    return {"verb": "DEBATE_LEIPZIG", "zone": fields["zone"].values[0], "attacker": mine,
            "pool": fields["pool"].values[0]}


def _leipzig_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["DEBATE"], "DEBATE" if verb in ("DEBATE", "ДИСПУТ", "LEIPZIG") else verb,
                   text, "DEBATE <zone> WITH <Papal debater> | DEBATE <zone> BAR <debater>")
    words = grammar.rest_of(text).split()
    zone = ZONE_WORDS.get(words[0].upper() if words else "", words[0].lower() if words else "")
    order: dict[str, Any] = {"verb": "DEBATE_LEIPZIG", "zone": zone,
                             "pool": parse_pool(state, "papacy", zone, words)}
    rest = [w for w in words[1:] if w.upper() not in POOL_WORDS]
    if rest and rest[0].upper() in ("WITH", "С"):
        order["attacker"] = debaters.named(" ".join(rest[1:]))
    elif rest and rest[0].upper() in ("BAR", "БЕЗ"):
        order["bar"] = debaters.named(" ".join(rest[1:]))
    else:
        raise IllegalOrder(R("Leipzig Debate: name your debater (WITH) or bar one (BAR)",
                             "leipzig_syntax"), ["DEBATE GERMAN WITH Eck", "DEBATE GERMAN BAR Luther"])
    return order


def _leipzig_text(o: dict) -> str:
    who = f" WITH {o['attacker']}" if o.get("attacker") else f" BAR {o['bar']}"
    return f"DEBATE {o['zone'].upper()}{who} {o['pool'].upper()}"


KINDS["leipzig"] = choices.Kind(
    options=_leipzig_options, apply=_leipzig_apply, default=_leipzig_default,
    parse=_leipzig_parse,
    prompt=lambda state, item: ("Leipzig Debate: DEBATE <zone> WITH <Papal debater> or "
                                "DEBATE <zone> BAR <Protestant debater> [UNCOMMITTED|COMMITTED]"))
TEXTS = {"DEBATE_LEIPZIG": _leipzig_text}
EVENTS = {LEIPZIG: leipzig}
CONDITIONS = {LEIPZIG: leipzig_condition}

