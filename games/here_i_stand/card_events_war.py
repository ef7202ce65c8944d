"""Land-war events played in one's own impulse (card texts; the rulebook names most of them
only in passing: unrest L735, Bourbon L1430, Foreign Recruits L1101).

* **Unrest** — #80 *Gabelle Revolt* (up to 2 unoccupied French home spaces), #82 *Janissaries
  Rebel* (up to 2 unoccupied Ottoman home spaces, 4 when the Ottomans are at war with no major
  power), #94 *Revolt of the Communeros* (up to 3 unoccupied Spanish-speaking spaces):
  ``UNREST <space>`` one at a time, or ``DONE`` (question ``card_unrest``; default: the next
  candidate by id).  Unoccupied: no land or naval units of any power (L735).
  #72 *Cloth Prices Fluctuate*'s second choice uses the same question (up to 2 of Amsterdam,
  Antwerp, Brussels and the German- and Italian-speaking Hapsburg home spaces).
* **#83 John Zapolya** — unless Buda is under siege, its controller adds 4 regulars there (as
  many as its counter mix shows: Hungary's when Hungary holds Buda).  Refused while Buda is
  besieged.
* **#103 Threat to Power** — ``TARGET <leader>`` among Charles Brandon, the Duke of Alva,
  Montmorency and Ibrahim Pasha on the map (question ``threat``; default: an enemy's first);
  a die: 1-3 he is away until the turn's Winter, when he returns to his capital (or a
  friendly home key), 4-6 he leaves the game (``state["leaders_gone"]``).
* **#106 Unpaid Mercenaries** — ``STRIKE <power> IN <space>``: that power's mercenaries there
  are all removed (question ``unpaid``; default: the largest enemy stack of mercenaries).
* **#107 Unsanitary Camp** — ``STRIKE <power> IN <space>``: that stack (its allied minors'
  units with it) loses a third of its land units, rounded up (question ``camp``; default: the
  largest enemy stack); then the owner picks the losses, at least half of them regulars when
  it has them (question ``camp_losses``, ``LOSE 2R 1M``; default: regulars as few as the card
  allows, then mercenaries, cavalry, allied minors' units first).
* **#70 Charles Bourbon** — ``TARGET <space>``: the renegade leader (commanded by the player
  until Winter, §19 L1430) and 3 mercenaries (3 cavalry for the Ottomans), as many as the
  counter mix shows, in a space the player controls not under siege; at war with France also
  an unoccupied space next to Lyon, which the player then controls (question ``bourbon``;
  default: next to Lyon when at war with France, else where the player has most units).
  No event while he is on the map or captured; Winter takes him out of play from either.
* **#76 Foreign Recruits** — 4 CP of ``BUILD <unit> IN <space>`` in any space the player
  controls, not under siege nor in unrest (§17 otherwise; the Ottomans may build any unit in
  Algiers and the pirate havens), then ``DONE`` (question ``recruits``; default: ``DONE``).

Rules: §12.4 (unrest, L735), §17 (L1101), §19 (L1430), §5.2 (the counter mix)
"""
from __future__ import annotations

from typing import Any, Callable

from engine import questions
from engine.contract import IllegalOrder
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import OneOf, Option
from games.here_i_stand import (choices, counter_mix, cp_actions, diplomacy_terms,
                                foreign_wars, grammar, losses, unrest_cards)
from games.here_i_stand import siege as sieges
from games.here_i_stand import state as S
from games.here_i_stand.land_war import battle, kinds
from games.here_i_stand.navy import ports

KINDS: dict[str, questions.Kind] = {}
TEXTS: dict[str, Callable[[dict], str]] = {}

BOURBON, ZAPOLYA, FOREIGN_RECRUITS, GABELLE, JANISSARIES_REBEL = 70, 83, 76, 80, 82
COMMUNEROS, THREAT, UNPAID, CAMP, CLOTH = 94, 103, 106, 107, 72
#: Cloth Prices Fluctuate's unrest spaces besides the German and Italian Hapsburg homes.
CLOTH_UNREST = ("amsterdam", "antwerp", "brussels")


def unoccupied(state: S.State, sid: str) -> bool:
    """No land or naval units of any power at `sid` (L735)."""
    return not any(any(c.values()) for c in S.units(state, sid).values())


def power_in_space(text: str) -> tuple[str, str]:
    """``<power> IN <space>`` (``В``) as (power, space)."""
    words = text.split()
    cut = next((i for i, w in enumerate(words) if w.upper() in ("IN", "В")), None)
    if cut is None:
        raise IllegalOrder(R("say STRIKE <power> IN <space>", "syntax",
                             text="STRIKE <power> IN <space>"), ["STRIKE France IN Milan"])
    return grammar.power(" ".join(words[:cut])), grammar.space(" ".join(words[cut + 1:]))


TEXTS["TARGET"] = lambda o: f"TARGET {o.get('space') or o.get('leader') or o.get('power')}"
TEXTS["STRIKE"] = lambda o: f"STRIKE {o['power']} IN {o['space']}"


def _enemy_first(state: S.State, player: str) -> Callable[[str], tuple]:
    """A sort key over powers: the player's enemies first, then others, itself last."""
    return lambda p: (not S.at_war(state, player, S.major_of(state, p)),
                      S.major_of(state, p) == player)


# ---------------------------------------------------------------- unrest (#80, #82, #94)
def unrest_candidates(state: S.State, card: int) -> list[str]:
    """The spaces card `card` may put into unrest now (card texts, L735)."""
    m = S.board()
    pool = (m.spaces_of(home="france") if card == GABELLE else
            S.home_spaces(state, "ottoman") if card == JANISSARIES_REBEL else
            CLOTH_UNREST + tuple(s for s in m.spaces_of(home="hapsburg")
                                 if m.spaces[s].language in ("german", "italian"))
            if card == CLOTH else m.spaces_of(language="spanish"))
    return sorted(s for s in pool if S.in_play(state, s) and not S.in_unrest(state, s)
                  and unoccupied(state, s))


def unrest_count(state: S.State, card: int) -> int:
    if card in (GABELLE, CLOTH):
        return 2
    if card == JANISSARIES_REBEL:
        at_war = any(S.at_war(state, "ottoman", p) for p in S.MAJORS if p != "ottoman")
        return 2 if at_war else 4
    return 3


def unrest_event(card: int) -> Callable[[S.State, str, Dice], int]:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        choices.push(state, {"kind": "card_unrest", "seat": power, "card": card,
                             "left": unrest_count(state, card)})
        return 0
    return resolve


KINDS["card_unrest"] = unrest_cards.question(
    unrest_candidates,
    prompt=lambda state, item: f"UNREST <space> ({item['left']} more) or DONE")


# ---------------------------------------------------------------- #83 John Zapolya
def zapolya(state: S.State, power: str, dice: Dice) -> int:
    """#83: Buda's controller (Hungary's own regulars when Hungary holds it) adds 4 regulars
    there, as many as its counter mix shows (§5.2)."""
    owner = S.controller(state, "buda")
    fits = counter_mix.fitting(state, owner, "buda", "regulars", 4)
    n = fits[-1] if fits else 0
    S.add_units(state, "buda", owner, "regulars", n)
    S.log(state, "zapolya", card=ZAPOLYA, power=owner, n=n, space="buda")
    return 0


def zapolya_condition(state: S.State, power: str) -> R | None:
    if sieges.siege_at(state, "buda"):
        return R("John Zapolya: Buda is under siege", "zapolya_besieged", card=ZAPOLYA)
    return None


# ---------------------------------------------------------------- #103 Threat to Power
THREATENED = ("charles_brandon", "duke_of_alva", "montmorency", "ibrahim")


def threat_targets(state: S.State) -> list[str]:
    """The four minor army leaders on the map (not captured, not away)."""
    return [lid for lid in THREATENED if S.where_is(state, lid) is not None]


def threat(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "threat", "seat": power})
    return 0


def threat_condition(state: S.State, power: str) -> R | None:
    if not threat_targets(state):
        return R("Threat to Power: none of Brandon, Alva, Montmorency and Ibrahim is on the "
                 "map", "threat_no_target", card=THREAT)
    return None


def _threat_apply(state, item, order, dice) -> bool:
    lid = order["leader"]
    roll = dice.d6()
    S.move_leader(state, lid, S.where_is(state, lid), None)
    if roll <= 3:
        state["leaders_away"] = sorted(set(state.get("leaders_away", [])) | {lid})
        S.log(state, "threat_away", card=THREAT, leader=lid, roll=roll)
    else:
        state["leaders_gone"] = sorted(set(state.get("leaders_gone", [])) | {lid})
        S.log(state, "threat_gone", card=THREAT, leader=lid, roll=roll)
    return True


def return_threatened(state: S.State) -> None:
    """Winter (§19): leaders sent away by Threat to Power come back to their capital, or a
    friendly home key when it is not theirs (card text); nowhere to go: they stay away."""
    for lid in list(state.get("leaders_away", [])):
        home = diplomacy_terms.leader_home(state, S.leader_power(state, lid) or "",
                                           home_keys=True)
        if home is None:
            continue
        S.move_leader(state, lid, None, home)
        state["leaders_away"].remove(lid)
        S.log(state, "threat_back", leader=lid, space=home)
    if not state.get("leaders_away"):
        state.pop("leaders_away", None)


def _threat_parse(state, item, text) -> dict[str, Any]:
    return {"verb": "TARGET",
            "leader": grammar.leader(grammar.target_verb(text, "TARGET <leader>"))}


def _threat_default(state, item) -> dict[str, Any]:
    found = sorted(threat_targets(state), key=lambda lid: _enemy_first(state, item["seat"])(
        S.leader_power(state, lid) or ""))
    return {"verb": "TARGET", "leader": found[0]}


KINDS["threat"] = choices.Kind(
    options=lambda state, item: [Option.of("TARGET", f"TARGET {threat_targets(state)[0]}",
                                           leader=OneOf(tuple(threat_targets(state))))],
    apply=_threat_apply, parse=_threat_parse, default=_threat_default,
    settle=lambda state, item, dice: not threat_targets(state),
    prompt=lambda state, item: "Threat to Power: TARGET <leader>")


# ---------------------------------------------------------------- stacks (#106, #107)
def _stacks(state: S.State, kind: str | None) -> dict[str, tuple[str, ...]]:
    """{space: majors with land units (of `kind`) there} over the map."""
    out: dict[str, list[str]] = {}
    for sid, rec in sorted(state["spaces"].items()):
        if sid not in S.board().spaces:
            continue
        for p, c in rec.get("units", {}).items():
            if p in S.MAJORS and (c.get(kind) if kind else S.count(state, sid, p)):
                out.setdefault(sid, []).append(p)
    return {s: tuple(sorted(ps)) for s, ps in out.items()}


def _stack_options(kind: str | None) -> Callable[[S.State, dict], list[Option]]:
    def options(state, item) -> list[Option]:
        return [Option.of("STRIKE", f"STRIKE {ps[0]} IN {sid}", power=OneOf(ps),
                          space=OneOf((sid,)))
                for sid, ps in _stacks(state, kind).items()]
    return options


def _stack_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["STRIKE"], "STRIKE" if verb in ("STRIKE", "УДАР") else verb, text,
                   "STRIKE <power> IN <space>")
    power, sid = power_in_space(grammar.rest_of(text))
    return {"verb": "STRIKE", "power": power, "space": sid}


def _stack_size(state: S.State, sid: str, power: str, kind: str | None) -> int:
    if kind:
        return S.units(state, sid).get(power, {}).get(kind, 0)
    return sum(S.count(state, sid, o) for o in _stack_owners(state, sid, power))


def _stack_default(kind: str | None) -> Callable[[S.State, dict], dict]:
    def default(state, item) -> dict[str, Any]:
        enemy = _enemy_first(state, item["seat"])
        pairs = [(sid, p) for sid, ps in _stacks(state, kind).items() for p in ps]
        sid, p = min(pairs, key=lambda sp: (enemy(sp[1]), -_stack_size(state, *sp, kind), sp))
        return {"verb": "STRIKE", "power": p, "space": sid}
    return default


def stack_condition(card: int, kind: str | None) -> Callable[[S.State, str], R | None]:
    def why(state: S.State, power: str) -> R | None:
        if _stacks(state, kind):
            return None
        return R("no stack on the map this card can strike", "card_no_stack", card=card)
    return why


def stack_event(card: int, kind: str) -> Callable[[S.State, str, Dice], int]:
    def resolve(state: S.State, power: str, dice: Dice) -> int:
        choices.push(state, {"kind": kind, "seat": power})
        return 0
    return resolve


def _unpaid_apply(state, item, order, dice) -> bool:
    sid, power = order["space"], order["power"]
    n = S.units(state, sid).get(power, {}).get("mercenaries", 0)
    S.log(state, "unpaid_mercenaries", card=UNPAID, power=power, n=n, space=sid)
    losses.eliminate(state, sid, power, "mercenaries", n)  # §5.2 counters, §15.3 its siege
    return True


KINDS["unpaid"] = choices.Kind(
    options=_stack_options("mercenaries"), apply=_unpaid_apply, parse=_stack_parse,
    default=_stack_default("mercenaries"),
    settle=lambda state, item, dice: not _stacks(state, "mercenaries"),
    prompt=lambda state, item: "Unpaid Mercenaries: STRIKE <power> IN <space>")


def _stack_owners(state: S.State, sid: str, power: str) -> list[str]:
    """`power` and its allied minors with land units at `sid` (one stack, #107)."""
    return [p for p in S.land_powers(state, sid)
            if p == power or (p in S.MINORS and state["minor_allies"].get(p) == power)]


def camp_needs(state: S.State, sid: str, power: str) -> tuple[int, int]:
    """(losses, regulars among them at least) for Unsanitary Camp on this stack."""
    owners = _stack_owners(state, sid, power)
    total = sum(S.count(state, sid, o) for o in owners)
    lost = -(-total // 3)
    regulars = sum(S.units(state, sid).get(o, {}).get("regulars", 0) for o in owners)
    return lost, min(regulars, -(-lost // 2))


def camp_choices(state: S.State, sid: str, power: str) -> list[tuple]:
    """Every legal loss for the stricken stack (battle notation ``((owner, kind, n), ...)``)."""
    lost, regs = camp_needs(state, sid, power)
    return [w for w in battle.loss_choices(state, sid, _stack_owners(state, sid, power), lost)
            if sum(n for o, k, n in w if k == "regulars") >= regs]


def _camp_apply(state, item, order, dice) -> bool:
    choices.push(state, {"kind": "camp_losses", "seat": order["power"], "power": order["power"],
                         "space": order["space"]}, first=True)
    S.log(state, "camp_struck", card=CAMP, power=order["power"], space=order["space"],
          n=camp_needs(state, order["space"], order["power"])[0])
    return True


KINDS["camp"] = choices.Kind(
    options=_stack_options(None), apply=_camp_apply, parse=_stack_parse,
    default=_stack_default(None), settle=lambda state, item, dice: not _stacks(state, None),
    prompt=lambda state, item: "Unsanitary Camp: STRIKE <power> IN <space>")


def _camp_losses_options(state, item) -> list[Option]:
    ways = tuple(kinds.losses_text(w) for w in camp_choices(state, item["space"], item["power"]))
    return [Option.of("CASUALTIES", f"LOSE {ways[0]}", losses=OneOf(ways))] if ways else []


def _camp_losses_default(state, item) -> dict[str, Any]:
    """Regulars as few as allowed, then the cheapest (battle order: minors' units first)."""
    lost, regs = camp_needs(state, item["space"], item["power"])
    owners = _stack_owners(state, item["space"], item["power"])
    order = ("mercenaries", "cavalry", "regulars")
    forced = battle.default_losses(state, item["space"], owners, regs, ("regulars",))
    rest = {(o, k): n for o, k, n in forced}
    after = {o: dict(S.units(state, item["space"]).get(o, {})) for o in owners}
    for o, k, n in forced:
        after[o][k] -= n
    left = lost - regs
    for kind in order:
        for o in sorted(owners, key=lambda o: (o == item["power"], o)):
            take = min(after[o].get(kind, 0), left)
            if take:
                rest[(o, kind)] = rest.get((o, kind), 0) + take
                after[o][kind] -= take
                left -= take
    return {"verb": "CASUALTIES",
            "losses": kinds.losses_text(tuple(sorted((o, k, n) for (o, k), n in rest.items())))}


def _camp_losses_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    grammar.expect(["LOSE"], "LOSE" if verb in ("LOSE", "ПОТЕРЯТЬ") else verb, text,
                   "LOSE <n>R <n>M <n>C")
    return {"verb": "CASUALTIES", "losses": kinds.losses_text(
        kinds.read_losses(item["seat"], grammar.rest_of(text)))}


def _camp_losses_apply(state, item, order, dice) -> bool:
    battle.apply_losses(state, item["space"], kinds.read_losses(item["seat"], order["losses"]))
    sieges.check(state, item["space"])
    return True


KINDS["camp_losses"] = choices.Kind(
    options=_camp_losses_options, apply=_camp_losses_apply, parse=_camp_losses_parse,
    default=_camp_losses_default,
    settle=lambda state, item, dice: not camp_choices(state, item["space"], item["power"]),
    context=lambda state, item: {"space": item["space"],
                                 "n": camp_needs(state, item["space"], item["power"])[0],
                                 "regulars": camp_needs(state, item["space"], item["power"])[1]},
    prompt=lambda state, item: (f"Unsanitary Camp in {item['space']}: LOSE <n>R <n>M <n>C "
                                "(a third of the stack, at least half of the losses regulars)"))


# ---------------------------------------------------------------- #70 Charles Bourbon
def bourbon_kind(power: str) -> str:
    return "cavalry" if power == "ottoman" else "mercenaries"


def bourbon_spaces(state: S.State, power: str) -> list[str]:
    """Where the renegade may appear: a space `power` controls not under siege; at war with
    France also an unoccupied space next to Lyon (card text)."""
    m = S.board()
    out = {s for s in m.spaces if S.in_play(state, s) and S.controller(state, s) == power
           and not sieges.siege_at(state, s) and not S.enemy_units_at(state, power, s)}
    if S.at_war(state, power, "france"):
        out |= {s for s in m.neighbours("lyon")
                if S.in_play(state, s) and unoccupied(state, s)}
    return sorted(out)


def bourbon(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "bourbon", "seat": power})
    return 0


def bourbon_condition(state: S.State, power: str) -> R | None:
    if (S.where_is(state, "renegade") is not None
            or foreign_wars.card_holding(state, "renegade") is not None):
        return R("Charles Bourbon is already on the map", "bourbon_on_map", card=BOURBON)
    if diplomacy_terms.captor_of(state, "renegade") is not None:
        return R("Charles Bourbon is captured", "bourbon_captured", card=BOURBON)
    if not bourbon_spaces(state, power):
        return R("Charles Bourbon: no space you control outside a siege", "bourbon_nowhere",
                 card=BOURBON)
    return None


def _bourbon_apply(state, item, order, dice) -> bool:
    power, sid = item["seat"], order["space"]
    if S.controller(state, sid) != power:
        ports.change(state, sid, power)
    kind = bourbon_kind(power)
    fits = counter_mix.fitting(state, power, sid, kind, 3)
    n = fits[-1] if fits else 0
    S.add_units(state, sid, power, kind, n)
    state.setdefault("leader_owner", {})["renegade"] = power
    S.move_leader(state, "renegade", None, sid)
    S.log(state, "bourbon_enters", card=BOURBON, power=power, space=sid, stack={kind: n})
    return True


def _bourbon_default(state, item) -> dict[str, Any]:
    power = item["seat"]
    found = bourbon_spaces(state, power)
    near_lyon = set(S.board().neighbours("lyon"))
    best = min(found, key=lambda s: (S.controller(state, s) == power and s not in near_lyon,
                                     -S.count(state, s, power), s))
    return {"verb": "TARGET", "space": best}


KINDS["bourbon"] = choices.Kind(
    options=lambda state, item: [Option.of(
        "TARGET", f"TARGET {bourbon_spaces(state, item['seat'])[0]}",
        space=OneOf(tuple(bourbon_spaces(state, item["seat"]))))],
    apply=_bourbon_apply, default=_bourbon_default,
    parse=lambda state, item, text: {"verb": "TARGET", "space": grammar.space(
        grammar.target_verb(text, "TARGET <space>"))},
    settle=lambda state, item, dice: not bourbon_spaces(state, item["seat"]),
    prompt=lambda state, item: "Charles Bourbon: TARGET <space> (he appears there)")


# ---------------------------------------------------------------- #76 Foreign Recruits
RECRUIT_CP = 4


def recruits(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "recruits", "seat": power, "left": RECRUIT_CP})
    return 0


def _recruit_options(state, item) -> list[Option]:
    return [Option.of("DONE", "DONE")] + cp_actions.build_options(
        state, item["seat"], item["left"], anywhere=True)


def _recruit_parse(state, item, text) -> dict[str, Any]:
    verb = grammar.verb_of(text)
    if verb in ("DONE", "ГОТОВО", "PASS"):
        return {"verb": "DONE"}
    grammar.expect(["BUILD"], verb, text, "BUILD <unit> IN <space> or DONE")
    return cp_actions.parse(state, item["seat"], text)


def _recruit_apply(state, item, order, dice) -> bool:
    if order["verb"] == "DONE":
        return True
    item["left"] -= cp_actions.apply_build(state, item["seat"], order["unit"], order["space"],
                                           anywhere=True)
    return item["left"] <= 0


def _recruit_done(state, item, dice) -> None:
    if item["left"] > 0:
        S.log(state, "unspent", power=item["seat"], cp=item["left"])


KINDS["recruits"] = choices.Kind(
    options=_recruit_options, apply=_recruit_apply, parse=_recruit_parse,
    default=lambda state, item: {"verb": "DONE"}, done=_recruit_done,
    settle=lambda state, item, dice: len(_recruit_options(state, item)) == 1,
    prompt=lambda state, item: (f"Foreign Recruits: {item['left']} CP — BUILD <unit> IN "
                                "<space you control> or DONE"))


EVENTS = {GABELLE: unrest_event(GABELLE), JANISSARIES_REBEL: unrest_event(JANISSARIES_REBEL),
          COMMUNEROS: unrest_event(COMMUNEROS), ZAPOLYA: zapolya, THREAT: threat,
          UNPAID: stack_event(UNPAID, "unpaid"), CAMP: stack_event(CAMP, "camp"),
          BOURBON: bourbon, FOREIGN_RECRUITS: recruits}
CONDITIONS = {ZAPOLYA: zapolya_condition, THREAT: threat_condition,
              UNPAID: stack_condition(UNPAID, "mercenaries"), CAMP: stack_condition(CAMP, None),
              BOURBON: bourbon_condition}
