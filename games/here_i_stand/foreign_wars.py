"""Foreign wars (§21.7): Revolt in Egypt (#92), Revolt in Ireland (#93), War in Persia (#110).

Rules: §21.7

When one of these events is played the afflicted power (the Ottomans, or England for
Ireland) puts the required number of its land units from anywhere on the map (never from a
besieged space) and, if it likes, one army leader on the card (question ``foreign_war``,
asked one step at a time: ``SEND <n> FROM <space>``, then ``LEADER <leader>`` or ``NONE``;
asked off-turn, it may be answered by ``STANDING foreign_war DEFAULT|LEADER``).
The foreign army (independent units) has the card's strength.  The power fights it with the
CP action ``FOREIGN WAR <card>`` (1 CP, the "Assault/Foreign war" action): a field battle
with no defender's extra die and no retreat.  When the foreign units are all gone the war is
over: the power's units and leader go to its capital (or a friendly home key if the capital
is held by an enemy) and it wins 1 VP (card).  Until then it draws one card less (card),
its units there do not go home in Winter, and its new land units go to the card until it
holds the required number again (the regular of Winter's reinforcement excepted).  France or
the Hapsburgs playing Revolt in Ireland may give the Irish one of their own land units
(question ``irish_help``: ``HELP FROM <space>`` or ``NONE``, card text).

``state["foreign_wars"]`` (created on first use): ``{card: {"power", "need", "foes",
"units": {kind: n}, "leaders": [ids]}}`` with the card number as a string key.
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import choices, counter_mix, facts, grammar, losses, siege
from games.here_i_stand import state as S

#: card -> (afflicted power, units it commits, foreign units) — from the card texts.
WARS = {92: ("ottoman", 3, 3), 93: ("england", 4, 3), 110: ("ottoman", 5, 4)}
IRELAND = 93
#: Powers that may give one of their land units to the Irish when they play #93 (card).
IRISH_HELPERS = ("france", "hapsburg")
HIT = 5
TAKE_ORDER = ("regulars", "mercenaries", "cavalry")


def wars(state: S.State) -> dict[str, dict[str, Any]]:
    return state.get("foreign_wars") or {}


def on_card(record: dict[str, Any]) -> int:
    return sum(record["units"].values())


def of_power(state: S.State, power: str) -> list[tuple[str, dict[str, Any]]]:
    return [(c, w) for c, w in sorted(wars(state).items()) if w["power"] == power]


def short_of(state: S.State, power: str) -> str | None:
    """The card of a foreign war of `power` holding fewer units than it requires (new land
    units go there, §21.7), or None."""
    return next((c for c, w in of_power(state, power) if on_card(w) < w["need"]), None)


def cards_less(state: S.State, power: str) -> int:
    """Cards `power` draws less this turn: one per foreign war it is fighting (card)."""
    return len(of_power(state, power))


# ---------------------------------------------------------------- the events
def revolt(number: int):
    """The resolver of a foreign-war card (§21.7): put the card in play and ask the
    afflicted power for its units."""
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        victim, need, foes = WARS[number]
        state.setdefault("foreign_wars", {})[str(number)] = {
            "power": victim, "need": need, "foes": foes, "units": {}, "leaders": []}
        S.log(state, "foreign_war_begins", card=number, power=victim, n=need, units=foes)
        choices.push(state, {"kind": "foreign_war", "seat": victim, "card": number,
                             "left": need, "leader": True})
        if number == IRELAND and power in IRISH_HELPERS and sources(state, power):
            choices.push(state, {"kind": "irish_help", "seat": power, "card": number},
                         first=True)
        return 0
    return resolve


def condition(number: int):
    """A foreign war cannot be played while the same card's war goes on, nor by its victim."""
    def why(state: S.State, power: str) -> Reason | None:
        if power == WARS[number][0]:
            return Reason(f"{facts.card(number).name_en} cannot be played as an event by the "
                          "power it strikes (§21.7)", "foreign_war_own", card=number)
        if str(number) in wars(state):
            return Reason(f"{facts.card(number).name_en} is already being fought (§21.7)",
                          "foreign_war_on", card=number)
        return None
    return why


# ---------------------------------------------------------------- the question
def sources(state: S.State, power: str) -> dict[str, int]:
    """Spaces `power`'s land units may leave for a foreign war: not besieged (§21.7)."""
    return {sid: S.count(state, sid, power) for sid in sorted(state["spaces"])
            if sid in S.board().spaces and S.count(state, sid, power)
            and not siege.is_besieged(state, sid, power)}


def card_holding(state: S.State, lid: str) -> str | None:
    """The foreign-war card leader `lid` fights on (§21.7), or None."""
    return next((card for card, war in (state.get("foreign_wars") or {}).items()
                 if lid in war["leaders"]), None)


def release(state: S.State, lid: str) -> bool:
    """Take leader `lid` off the foreign-war card he fights on (he leaves play: the renegade
    in winter, §19.2 L1430); whether he was on one."""
    card = card_holding(state, lid)
    if card is not None:
        state["foreign_wars"][card]["leaders"].remove(lid)
    return card is not None


def free_leaders(state: S.State, power: str) -> tuple[str, ...]:
    return tuple(sorted(l for sid in state["spaces"] if sid in S.board().spaces
                        for l in S.own_leaders(state, sid, power)
                        if S.leader_power(state, l) == power
                        and not siege.is_besieged(state, sid, power)))


def _sendable(state: S.State, item: dict[str, Any]) -> dict[str, tuple[int, ...]]:
    """For each source, the numbers of units that may go to the war card with counters to
    show them and those left behind (§5.2)."""
    out = {}
    for sid, n in sources(state, item["seat"]).items():
        fit = tuple(k for k in range(1, min(n, item["left"]) + 1) if _take(state, item, sid, k))
        if fit:
            out[sid] = fit
    return out


def _take(state: S.State, item: dict[str, Any], sid: str, n: int) -> dict[str, int] | None:
    """Which `n` units leave `sid` for the war card (`TAKE_ORDER` first, §5.2)."""
    return counter_mix.choose(state, item["seat"], sid, n,
                              counter_mix.war_place(str(item["card"])), TAKE_ORDER)


def _options(state: S.State, item: dict[str, Any]) -> list[Option]:
    power = item["seat"]
    if item["left"] > 0:
        return [Option.of("SEND", f"SEND {fit[-1]} FROM {sid}", units=OneOf(fit),
                          space=OneOf((sid,)))
                for sid, fit in _sendable(state, item).items()]
    leaders = free_leaders(state, power)
    if not item["leader"] or not leaders:
        return []
    return [Option.of("NONE", "NONE"),
            Option.of("LEADER", f"LEADER {leaders[0]}", leader=OneOf(leaders))]


def _apply(state: S.State, item: dict[str, Any], order: dict[str, Any], dice: Dice) -> bool:
    record = wars(state)[str(item["card"])]
    power = item["seat"]
    if order["verb"] == "SEND":
        take = _take(state, item, order["space"], order["units"]) or {}
        for kind, n in take.items():
            S.add_units(state, order["space"], power, kind, -n)
            record["units"][kind] = record["units"].get(kind, 0) + n
        item["left"] -= order["units"]
        S.log(state, "foreign_war_sent", power=power, n=order["units"], space=order["space"],
              card=item["card"])
        siege.check(state, order["space"])
    elif order["verb"] == "LEADER":
        lid = order["leader"]
        S.move_leader(state, lid, S.where_is(state, lid), None)
        record["leaders"].append(lid)
        item["leader"] = False
        S.log(state, "foreign_war_leader", leader=lid, card=item["card"])
    else:
        item["leader"] = False
    return not _options(state, item)


def _settle(state: S.State, item: dict[str, Any], dice: Dice) -> bool:
    return not _options(state, item)


def _default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    """Units from the biggest stacks first (ties by space id), no leader."""
    if item["left"] > 0:
        sendable = _sendable(state, item)
        if sendable:
            sid = max(sendable, key=lambda s: (S.count(state, s, item["seat"]), s))
            return {"verb": "SEND", "units": sendable[sid][-1], "space": sid}
    return {"verb": "NONE"}


def _parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    words = grammar.rest_of(text).split()
    if verb == "NONE":
        return {"verb": "NONE"}
    if verb == "LEADER":
        return {"verb": "LEADER", "leader": grammar.leader(" ".join(words))}
    if verb == "SEND" and words and words[0].isdigit():
        rest = words[1:]
        if rest and rest[0].upper() in ("FROM", "ИЗ"):
            rest = rest[1:]
        sid, n = grammar.space(" ".join(rest)), int(words[0])
        fit = tuple(k for k in range(1, S.count(state, sid, item["seat"]) + 1)
                    if _take(state, item, sid, k))
        if 0 < n <= S.count(state, sid, item["seat"]) and n not in fit:
            raise counter_mix.split_refusal(item["seat"], sid, n, fit)
        return {"verb": "SEND", "units": n, "space": sid}
    raise IllegalOrder(Reason("say SEND <n> FROM <space>, LEADER <leader> or NONE",
                              "syntax", text="SEND <n> FROM <space>"),
                       ["SEND 2 FROM Istanbul", "LEADER Ibrahim Pasha", "NONE"])


#: ``STANDING foreign_war DEFAULT``: answer as `_default`; ``LEADER``: the same units and the
#: free leader with the best battle rating (ties by id).
POLICIES = ("DEFAULT", "LEADER")


def _standing(policy: str, state: S.State, decision) -> dict[str, Any] | None:
    """The foreign-war question answered by a standing order, off-turn (§21.7)."""
    item = choices.current(state, decision.seat)
    if item is None or item.get("kind") != "foreign_war":
        return None
    if item["left"] > 0 or policy == "DEFAULT":
        return _default(state, item)
    leaders = free_leaders(state, item["seat"])
    best = max(leaders, key=lambda l: (facts.leader(l).battle, l), default=None)
    return {"verb": "LEADER", "leader": best} if best else {"verb": "NONE"}


def _help_options(state: S.State, item: dict[str, Any]) -> list[Option]:
    spaces = tuple(sources(state, item["seat"]))
    return [Option.of("NONE", "NONE")] + ([Option.of("HELP", f"HELP FROM {spaces[0]}",
                                                     space=OneOf(spaces))] if spaces else [])


def _help_apply(state: S.State, item: dict[str, Any], order: dict[str, Any], dice: Dice) -> bool:
    """Revolt in Ireland played by France or the Hapsburgs: one of their land units leaves
    the map and the Irish are 4 (card text); a stack its counters can no longer show loses
    more (§5.2 L283), and a siege it leaves too few for ends (§15.3): `losses.eliminate`."""
    if order["verb"] == "HELP":
        power = item["seat"]
        kind = next(k for k in TAKE_ORDER if S.units(state, order["space"])[power].get(k))
        wars(state)[str(item["card"])]["foes"] += 1
        S.log(state, "irish_helped", power=power, space=order["space"], card=item["card"])
        losses.eliminate(state, order["space"], power, kind)
    return True


def _help_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    if grammar.verb_of(text) == "NONE":
        return {"verb": "NONE"}
    words = grammar.rest_of(text).split()
    if grammar.verb_of(text) == "HELP":
        if words[:1] and words[0].upper() in ("FROM", "ИЗ"):
            words = words[1:]
        return {"verb": "HELP", "space": grammar.space(" ".join(words))}
    raise IllegalOrder(Reason("say HELP FROM <space> or NONE", "syntax",
                              text="HELP FROM <space>"), ["HELP FROM Paris", "NONE"])


KINDS: dict[str, questions.Kind] = {"irish_help": choices.Kind(
    options=_help_options, apply=_help_apply, default=lambda state, item: {"verb": "NONE"},
    parse=_help_parse,
    prompt=lambda state, item: "Revolt in Ireland: HELP FROM <space> (one of your land units "
                               "joins the Irish) or NONE"),
    "foreign_war": choices.Kind(
    options=_options, apply=_apply, default=_default, parse=_parse, settle=_settle,
    policies=POLICIES, standing=_standing,
    prompt=lambda state, item: (
        f"foreign war ({facts.card(item['card']).name_en}): SEND <n> FROM <space> "
        f"({item['left']} more), then LEADER <leader> or NONE"))}
TEXTS = {"SEND": lambda o: f"SEND {o['units']} FROM {o['space']}",
         "HELP": lambda o: f"HELP FROM {o['space']}",
         "LEADER": lambda o: f"LEADER {o['leader']}", "NONE": lambda o: "NONE"}


# ---------------------------------------------------------------- the CP action
def fight_problem(state: S.State, power: str, card: str) -> Reason | None:
    record = wars(state).get(card)
    if record is None or record["power"] != power:
        return Reason(f"{power} fights no foreign war on card {card} (§21.7)",
                      "foreign_war_none", power=power, text=str(card))
    if not on_card(record):
        return Reason("no units on the foreign war card to fight with (§21.7)",
                      "foreign_war_no_units", card=int(card))
    return None


def targets(state: S.State, power: str) -> list[str]:
    return [c for c, _ in of_power(state, power) if fight_problem(state, power, c) is None]


def fight(state: S.State, power: str, card: str, dice: Dice) -> dict[str, int]:
    """A foreign-war battle (§21.7): a field battle without the defender's extra die and
    without retreat; both sides lose a unit per hit, and units on the card its counters can
    no longer show as well (§5.2 L283); the war ends when the foreigners are all gone."""
    record = wars(state)[card]
    mine = on_card(record) + max((facts.leader(l).battle for l in record["leaders"]), default=0)
    theirs = record["foes"]
    rolls, rolls2 = dice.roll(mine), dice.roll(theirs)
    hits = sum(1 for r in rolls if r >= HIT)
    hits2 = sum(1 for r in rolls2 if r >= HIT)
    S.log(state, "foreign_war_battle", power=power, card=int(card), dice=mine, rolls=rolls,
          hits=hits, dice2=theirs, rolls2=rolls2, hits2=hits2)
    record["foes"] = max(0, theirs - hits)
    lost = hits2
    for kind in ("cavalry", "mercenaries", "regulars"):
        n = min(lost, record["units"].get(kind, 0))
        if n:
            record["units"][kind] -= n
            lost -= n
    record["units"] = {k: n for k, n in record["units"].items() if n}
    counter_mix.trim_war(state, power, card)
    if record["foes"] == 0:
        _won(state, power, card)
    return {"hits": hits, "hits2": hits2}


def _won(state: S.State, power: str, card: str) -> None:
    record = wars(state).pop(card)
    if not state["foreign_wars"]:
        del state["foreign_wars"]
    home = [c for c in S.capitals(power) if S.controller(state, c) == power]
    if not home:
        m = S.board()
        home = sorted(s for s in m.spaces_of(home=power) if m.spaces[s].is_key
                      and S.friendly(state, power, s))
    dest = home[0] if home else None
    for kind, n in record["units"].items():
        if dest:
            S.add_units(state, dest, power, kind, n)
    for lid in record["leaders"]:
        S.move_leader(state, lid, None, dest)
    state["bonus_vp"][power][f"foreign_war_{card}"] = 1
    S.log(state, "foreign_war_won", power=power, card=int(card), space=dest)
