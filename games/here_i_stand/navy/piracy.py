"""Piracy (§16.4): for 2 CP, after *Barbary Pirates*, the Ottomans pick a sea zone holding
their corsairs and a power controlling a port on it (at war or not), once per zone per turn.

The target rolls anti-piracy dice: 2 per squadron of its own in the zone, 1 per squadron of
its own or of any power at war with the Ottomans in an adjacent zone or port, 1 per fortress
on the zone (not a key) that is not besieged nor in unrest and is controlled by the target
or a power at war with the Ottomans (the Knights' Malta among them); each 5-6 sinks a
corsair.  If a corsair is left the Ottomans roll 1 die (one corsair left or one target port
on the zone) or 2, plus their naval leader's piracy rating; for each 5-6 the target gives a
reward of its choice (the `piracy-rewards` question): a squadron of its own in the zone or
next to it, a random card to the Ottomans (not playable before their next impulse: L1087,
`state.hold_back`), or 1 piracy VP (to 10).  Fortresses held by the Knights of St. John
(their counter in an independent fortress) give the target a die too (L1073).

Rules: §16.4
"""
from __future__ import annotations

from engine.contract import Reason
from games.here_i_stand import choices, diplomacy_terms, facts
from games.here_i_stand import state as S
from games.here_i_stand import siege as sieges
from games.here_i_stand.navy import fleet

COST = 2
MAX_VP = 10
REWARD_WORDS = {"VP": "vp", "ОП": "vp", "SQUADRON": "squadron", "ЭСКАДРА": "squadron",
                "CARD": "card", "КАРТА": "card", "КАРТУ": "card"}
#: R21: +1 VP until the cap, then a squadron, then a card.
DEFAULT_ORDER = ("vp", "squadron", "card")


R = Reason


def _done_zones(state: S.State) -> list[str]:
    done = state["piracy"].get("done") or {}
    return list(done.get("zones", [])) if done.get("turn") == state["turn"] else []


def target_ports(state: S.State, zone: str, target: str) -> list[str]:
    return [p for p in S.board().ports_of(zone) if S.in_play(state, p)
            and S.major_of(state, S.controller(state, p)) == target]


def problem(state: S.State, power: str, zone: str, target: str) -> Reason | None:
    """Why `power` may not pirate `target` in `zone` now, or None (§16.4)."""
    if power != "ottoman" or not state["piracy"].get("enabled"):
        return R("only the Ottomans pirate, after Barbary Pirates (§16.4)", "piracy_not_yet")
    if zone not in S.board().sea_zones or not fleet.count(fleet.units(state, zone, power),
                                                         "corsairs"):
        return R(f"no Ottoman corsairs in {zone}", "piracy_no_corsairs", space=zone)
    if zone in _done_zones(state):
        return R(f"{zone} was pirated already this turn (§16.4)", "piracy_done", space=zone)
    if target not in S.MAJORS or target == power or not target_ports(state, zone, target):
        return R(f"{target} controls no port on {zone}", "piracy_no_target", space=zone,
                 power=target)
    return None


def targets(state: S.State, power: str) -> list[tuple[str, str]]:
    """Every legal ``(zone, target)``."""
    return [(z, t) for z in sorted(S.board().sea_zones) for t in S.MAJORS
            if problem(state, power, z, t) is None]


def _hostile(state: S.State, power: str, target: str) -> bool:
    return S.major_of(state, power) == target or S.at_war(state, power, "ottoman")


KNIGHTS = "knights_of_st_john"


def knights_hold(state: S.State, sid: str) -> bool:
    """The Knights of St. John hold `sid`: their counter is there and it is independent."""
    return (KNIGHTS in (state["spaces"].get(sid) or {}).get("counters", ())
            and S.controller(state, sid) == "independent")


def anti_piracy_dice(state: S.State, zone: str, target: str) -> int:
    """The target's anti-piracy dice (§16.4 step 2, L1073): fortresses held by the target,
    by a power at war with the Ottomans or by the Knights of St. John count."""
    m = S.board()
    n = 2 * fleet.count(fleet.units(state, zone, target), "squadrons")
    for sid in tuple(m.ports_of(zone)) + tuple(m.seas_adjacent(zone)):
        n += sum(fleet.count(fleet.units(state, sid, p), "squadrons")
                 for p in fleet.powers_at(state, sid) if _hostile(state, p, target))
    for sid in m.ports_of(zone):
        if ((m.spaces[sid].type == "fortress" or S.record(state, sid).get("fortress"))
                and S.in_play(state, sid)
                and not sieges.siege_at(state, sid) and not S.in_unrest(state, sid)
                and (_hostile(state, S.controller(state, sid), target)
                     or knights_hold(state, sid))):
            n += 1
    return n


def piracy_rating(state: S.State, zone: str) -> int:
    return max((facts.leader(l).piracy or 0 for l in fleet.leaders(state, zone, "ottoman")),
               default=0)


#: Where a piracy hit after *Julia Gonzaga* (#84, played this turn) gives the Ottomans 1 VP.
JULIA_ZONE = "tyrrhenian_sea"


def begin(state: S.State, zone: str, target: str, dice) -> None:
    """Roll the anti-piracy dice, then the Ottomans', and ask the target a reward per hit."""
    state["piracy"]["done"] = {"turn": state["turn"],
                               "zones": sorted(set(_done_zones(state)) | {zone})}
    n_anti = anti_piracy_dice(state, zone, target)
    anti = [dice.d6() for _ in range(n_anti)]
    corsairs = fleet.count(fleet.units(state, zone, "ottoman"), "corsairs")
    sunk = min(corsairs, sum(1 for r in anti if r >= 5))
    _sink(state, zone, sunk)
    left = corsairs - sunk
    S.log(state, "piracy_defence", space=zone, power=target, dice=n_anti, rolls=anti,
          sunk=sunk)
    if not left:
        return
    base = 1 if left == 1 or len(target_ports(state, zone, target)) == 1 else 2
    n = base + piracy_rating(state, zone)
    rolls = [dice.d6() for _ in range(n)]
    hits = sum(1 for r in rolls if r >= 5)
    S.log(state, "piracy_roll", space=zone, power=target, dice=n, rolls=rolls, hits=hits)
    if hits and zone == JULIA_ZONE and state.get("julia_gonzaga") == state["turn"]:
        state["bonus_vp"]["ottoman"]["julia_gonzaga"] = 1     # #84 Julia Gonzaga
        del state["julia_gonzaga"]
        S.log(state, "julia_gonzaga_vp", card=84, space=zone)
    for i in range(hits):
        choices.push(state, {"kind": "piracy-rewards", "seat": target, "space": zone,
                             "hit": i + 1, "hits": hits})


def _sink(state: S.State, zone: str, n: int) -> None:
    for owner in fleet.owners(state, zone, "ottoman"):
        k = min(n, S.units(state, zone)[owner].get("corsairs", 0))
        if k:
            S.add_units(state, zone, owner, "corsairs", -k)
            n -= k


# ---------------------------------------------------------------- rewards (§16.4 step 5)
def squadron_places(state: S.State, item: dict) -> list[str]:
    """Where the target has a squadron to give: the zone, its ports, the adjacent zones."""
    m = S.board()
    zone = item["space"]
    return [sid for sid in (zone, *m.ports_of(zone), *m.seas_adjacent(zone))
            if fleet.count(fleet.units(state, sid, item["seat"]), "squadrons")]


def reward_problem(state: S.State, item: dict, order: dict) -> Reason | None:
    word = order["reward"]
    if word == "vp" and state["piracy"]["vp"] >= MAX_VP:
        return R("the Ottomans have 10 piracy VP already", "piracy_vp_max")
    if word == "card" and not diplomacy_terms.drawable(state, item["seat"]):
        return R("you have no card the Ottomans may draw", "piracy_no_card")
    if word == "squadron" and order.get("space") not in squadron_places(state, item):
        return R("you have no squadron there to give", "piracy_no_squadron",
                 space=order.get("space") or "")
    return None


def possible(state: S.State, item: dict) -> list[dict]:
    """Each reward the target may still give (squadrons: one per place)."""
    out = [{"verb": "GIVE", "reward": "vp"}, {"verb": "GIVE", "reward": "card"}]
    out += [{"verb": "GIVE", "reward": "squadron", "space": s}
            for s in squadron_places(state, item)]
    return [o for o in out if reward_problem(state, item, o) is None]


def preferred(state: S.State, item: dict, words: list[str]) -> dict:
    """The first reward of `words` still possible (then any possible one); with none left,
    nothing is given (``NONE``)."""
    can = possible(state, item)
    for word in words:
        found = next((o for o in can if o["reward"] == word), None)
        if found:
            return found
    return can[0] if can else {"verb": "GIVE", "reward": "none"}


def give(state: S.State, item: dict, order: dict, dice) -> None:
    target, word = item["seat"], order["reward"]
    if word == "vp":
        state["piracy"]["vp"] += 1
    elif word == "card":
        taken = diplomacy_terms.draw_random(state, target, "ottoman", 1, dice,
                                            S.msg("piracy_card", space=item["space"]))
        S.hold_back(state, taken)
    elif word == "squadron":
        sid = order["space"]
        owner = fleet.owners(state, sid, target)[0]
        S.add_units(state, sid, owner, "squadrons", -1)
    S.log(state, "piracy_reward_vp" if word == "vp" else "piracy_reward_card"
          if word == "card" else "piracy_reward_squadron" if word == "squadron"
          else "piracy_reward_none", power=target,
          space=order.get("space") or item["space"], vp=state["piracy"]["vp"])


def option_text(order: dict) -> str:
    if order["reward"] == "squadron":
        return f"GIVE SQUADRON IN {order['space']}"
    return f"GIVE {order['reward'].upper()}"
