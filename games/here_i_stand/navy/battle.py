"""The naval battle (§16.2) and its retreat.

Each side rolls 2 dice per squadron and 1 per corsair plus its best naval leader's battle
rating, the defender +1 in a port only; 5 or 6 hits; more hits win, ties go to the defender.
Each side loses a squadron per 2 hits taken (the owner chooses between its own and its
allied minors' squadrons, the `naval-losses` question, minors first by default); the
Ottomans' hits left over kill a corsair each; the loser's odd hit kills a squadron, the winner's is ignored; if both are wiped out
the side with more dice (the defender on a tie) keeps one unit.  Then the retreat: after a
battle in a port the attacker always leaves to an adjacent sea zone without enemies; after a
battle in a sea zone the loser goes to an adjacent port of its own or an enemy-free zone
(the `naval_retreat` question); nowhere to go destroys the units.  Before the roll the
attacker, then the defender, may declare *Arquebusiers* (`sea_cards`, steps 3-4, the
``naval-declare`` question); after the roll and before the winner is known, *Janissaries* and *Professional Rowers* may add dice
(`sea_cards`, step 6; the battle waits in ``phase_data["naval_battle"]``).  A side wiped out sends
its naval leaders, and every side its lost units, to the next turn (``state["naval_out"]``,
back in the Card Draw, §8.2).  A battle a new war calls for (§9.6 L583, `war`) is fought
``both_retreat``: with equal hits both sides leave the zone, the attacker first, the
defender once the attacker's retreat is settled (``phase_data[TIE_NEXT]``).

Rules: §16.2, §9.6
"""
from __future__ import annotations

from typing import Any

from games.here_i_stand import choices
from games.here_i_stand import state as S
from games.here_i_stand.navy import fleet, sea_cards

Record = dict[str, Any]
#: The phase data key of the defender's retreat still to come after a §9.6 tie.
TIE_NEXT = "naval_tie_retreat"


def losses(fleet_: fleet.Units, power: str, hits: int, loser: bool) -> dict[str, int]:
    """How many squadrons and corsairs `hits` kill (§16.2 step 8)."""
    squads, cors = fleet.count(fleet_, "squadrons"), fleet.count(fleet_, "corsairs")
    ks = min(squads, hits // 2)
    rest = hits - 2 * ks
    kc = min(cors, rest) if power == "ottoman" else 0
    rest -= kc
    if rest % 2 and loser and ks < squads:
        ks += 1                                     # the loser's odd hit
    return {"squadrons": ks, "corsairs": kc}


def remove(state: S.State, sid: str, power: str, kill: dict[str, int],
           squadrons_by_owner: dict[str, int] | None = None) -> None:
    """Take `kill` from `power`'s fleet at `sid` to the next turn's box (§16.2 step 10):
    the squadrons as the owner chose (`squadrons_by_owner`), else its minors' first (the
    default of that choice)."""
    out = state.setdefault("naval_out", {"units": {}, "leaders": []})
    for kind, n in kill.items():
        for owner in sorted(fleet.owners(state, sid, power), key=lambda o: (o == power, o)):
            k = min(n, S.units(state, sid).get(owner, {}).get(kind, 0))
            if kind == "squadrons" and squadrons_by_owner is not None:
                k = squadrons_by_owner.get(owner, 0)
            if k:
                S.add_units(state, sid, owner, kind, -k)
                stack = out["units"].setdefault(owner, {})
                stack[kind] = stack.get(kind, 0) + k
                n -= k
    if not out["units"] and not out["leaders"]:
        del state["naval_out"]


def _leaders_out(state: S.State, sid: str, power: str) -> None:
    out = state.setdefault("naval_out", {"units": {}, "leaders": []})
    for lid in fleet.leaders(state, sid, power):
        S.move_leader(state, lid, sid, None)
        out["leaders"] = sorted(set(out["leaders"]) | {lid})
        S.log(state, "naval_leader_lost", leader=lid, space=sid)


def current(state: S.State) -> Record | None:
    """The naval battle waiting for an answer (cards after the roll, ships lost), if any."""
    return (state.get("phase_data") or {}).get("naval_battle")


def fight(state: S.State, sid: str, attacker: str, defender: str, dice, *,
          both_retreat: bool = False) -> None:
    """Fight the naval battle at `sid` between the moving `attacker` and `defender` (§16.2):
    both sides roll, then the powers that could hold *Janissaries* or *Professional Rowers*
    are asked (`sea_cards`, step 6) before the winner, losses and retreat (`advance`);
    `both_retreat`: a §9.6 battle, where equal hits send both sides away (L583)."""
    port = not fleet.is_sea(sid)
    n = {"attacker": fleet.dice(fleet.units(state, sid, attacker))
         + fleet.rating(state, sid, attacker),
         "defender": fleet.dice(fleet.units(state, sid, defender))
         + fleet.rating(state, sid, defender) + (1 if port else 0)}
    record: Record = {"space": sid, "attacker": attacker, "defender": defender, "dice": n,
                      "played": [], "hits": {}, "windows": []}
    if both_retreat:
        record["both_retreat"] = True
    record["before"] = sea_cards.before_window(state, record)
    state["phase_data"]["naval_battle"] = record
    advance(state, dice)


def _roll(state: S.State, record: Record, dice) -> None:
    """§16.2 step 5: both sides roll their dice; then the after-the-roll window (step 6)."""
    for side in ("attacker", "defender"):
        record["rolls_" + side] = [dice.d6() for _ in range(record["dice"][side])]
        record["hits"][side] = sea_cards.hits_of(record["rolls_" + side])
    record["windows"] = sea_cards.window(state, record)


def advance(state: S.State, dice) -> None:
    """Carry the battle on: the combat cards declared before the roll, the roll, the
    after-the-roll window, the result, the owners' choice of ships lost, the end (losses
    taken, the retreat)."""
    record = current(state)
    while record is not None and not choices.current(state):
        if record.get("before"):
            choices.push(state, {"kind": "naval-declare", "seat": record["before"].pop(0),
                                 "space": record["space"]})
        elif "rolls_attacker" not in record:
            _roll(state, record, dice)
        elif record["windows"]:
            choices.push(state, {"kind": "naval-cards", "seat": record["windows"].pop(0),
                                 "space": record["space"]})
        elif "loss" not in record:
            _result(state, record)
        elif record["asking"]:
            choices.push(state, {"kind": "naval-losses", "seat": record["asking"].pop(0),
                                 "space": record["space"]})
        else:
            del state["phase_data"]["naval_battle"]
            _finish(state, record)
            return


def _result(state: S.State, record: Record) -> None:
    """§16.2 steps 7-8: the winner (ties to the defender) and how many squadrons and
    corsairs each side loses; the powers whose loss may fall on their own or their minors'
    squadrons are asked which (`owner_choices`)."""
    sid, attacker, defender = record["space"], record["attacker"], record["defender"]
    n_att, n_def = record["dice"]["attacker"], record["dice"]["defender"]
    a_hits, d_hits = record["hits"]["attacker"], record["hits"]["defender"]
    winner = "attacker" if a_hits > d_hits else "defender"
    S.log(state, "naval_battle", space=sid, attacker=attacker, defender=defender,
          attacker_dice=n_att, defender_dice=n_def, attacker_hits=a_hits,
          defender_hits=d_hits, attacker_rolls=record["rolls_attacker"],
          defender_rolls=record["rolls_defender"],
          winner=attacker if winner == "attacker" else defender)
    att, dfn = fleet.units(state, sid, attacker), fleet.units(state, sid, defender)
    a_loss = losses(att, attacker, d_hits, winner != "attacker")
    d_loss = losses(dfn, defender, a_hits, winner != "defender")
    a_gone = sum(a_loss.values()) >= fleet.count(att)
    d_gone = sum(d_loss.values()) >= fleet.count(dfn)
    if a_gone and d_gone:                           # the side with more dice keeps one
        keep = a_loss if n_att > n_def else d_loss
        kind = "squadrons" if keep["squadrons"] else "corsairs"
        keep[kind] -= 1
    record.update(winner=winner, loss={attacker: a_loss, defender: d_loss}, chosen={})
    record["asking"] = [p for p in (attacker, defender)
                        if p in S.MAJORS and len(owner_choices(state, record, p)) > 1]


def owner_choices(state: S.State, record: Record, power: str) -> list[dict[str, int]]:
    """The ways `power`'s squadron losses may fall on its own and its minors' squadrons:
    ``{owner: n}``, its minors' first (the first is the default)."""
    k = record["loss"][power]["squadrons"]
    have = [(o, c.get("squadrons", 0)) for o, c in
            fleet.units(state, record["space"], power).items() if c.get("squadrons")]
    have.sort(key=lambda oc: (oc[0] == power, oc[0]))
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, acc: dict[str, int]) -> None:
        if i == len(have):
            if not left:
                out.append({o: n for o, n in acc.items() if n})
            return
        owner, n = have[i]
        for take in range(min(n, left), -1, -1):
            walk(i + 1, left - take, {**acc, owner: take})

    walk(0, k, {})
    return out


def _finish(state: S.State, record: Record) -> None:
    """§16.2 steps 8-10: the losses taken, wiped-out sides' leaders to the next turn, the
    retreat (after a §9.6 tie, both sides': the defender's once the attacker's is settled)."""
    sid, attacker, defender = record["space"], record["attacker"], record["defender"]
    port = not fleet.is_sea(sid)
    for power in (attacker, defender):
        loss = record["loss"][power]
        remove(state, sid, power, loss, record["chosen"].get(power))
        S.log(state, "naval_losses", power=power, space=sid, squadrons=loss["squadrons"],
              corsairs=loss["corsairs"])
        if not fleet.units(state, sid, power):
            _leaders_out(state, sid, power)
    loser = defender if record["winner"] == "attacker" else attacker
    mark_lost(state, sid, loser, fleet.count(fleet.units(state, sid, loser)))
    leaving = attacker if port else loser
    if record.get("both_retreat") and record["hits"]["attacker"] == record["hits"]["defender"]:
        S.log(state, "naval_tie_both_retreat", space=sid, power=attacker, power2=defender)
        if fleet.units(state, sid, defender) or fleet.leaders(state, sid, defender):
            state["phase_data"][TIE_NEXT] = [sid, defender]
    if fleet.units(state, sid, leaving) or fleet.leaders(state, sid, leaving):
        ask_retreat(state, sid, leaving)


def mark_lost(state: S.State, sid: str, power: str, n: int) -> None:
    """`n` of `power`'s ships at `sid` lost a naval battle: they do not move again this
    impulse (§16.1 rule 4), kept in ``phase_data["naval_lost"]`` for one impulse."""
    data = state["phase_data"]
    lost = data.get("naval_lost")
    if not lost or lost.get("impulse") != data.get("impulse"):
        lost = data["naval_lost"] = {"impulse": data.get("impulse"), "spaces": {}}
    here = lost["spaces"].setdefault(power, {})
    here[sid] = here.get(sid, 0) + n


def lost_here(state: S.State, power: str, sid: str) -> int:
    """How many of `power`'s ships at `sid` lost a naval battle this impulse."""
    data = state.get("phase_data") or {}
    lost = data.get("naval_lost")
    if not lost or lost.get("impulse") != data.get("impulse"):
        return 0
    return min(lost["spaces"].get(power, {}).get(sid, 0),
               fleet.count(fleet.units(state, sid, power)))


def retreat_targets(state: S.State, sid: str, power: str) -> list[str]:
    """Where `power`'s fleet at `sid` may retreat (§16.2 step 9): from a port, its sea zones
    without enemy naval units; from a sea zone, its ports `power` controls without enemy
    ships, then adjacent sea zones without enemy ships; own ports first."""
    m = S.board()
    if not fleet.is_sea(sid):
        return [z for z in m.spaces[sid].ports if not fleet.enemies(state, power, z)]
    ports = [p for p in m.ports_of(sid) if S.in_play(state, p)
             and S.major_of(state, S.controller(state, p)) == power
             and not fleet.enemies(state, power, p)]
    zones = [z for z in m.seas_adjacent(sid) if not fleet.enemies(state, power, z)]
    return ports + zones


def ask_retreat(state: S.State, sid: str, power: str) -> None:
    """Queue the retreat question, or retreat at once with one way out, or destroy the
    fleet with none."""
    targets = retreat_targets(state, sid, power)
    if len(targets) == 1 or (targets and power not in S.MAJORS):
        retreat(state, sid, power, targets[0])
    elif targets:
        choices.push(state, {"kind": "naval-retreat", "seat": power, "space": sid})
    else:
        gone = fleet.units(state, sid, power)
        remove(state, sid, power, {k: fleet.count(gone, k) for k in S.NAVAL})
        _leaders_out(state, sid, power)
        S.log(state, "naval_retreat_none", power=power, space=sid)


def retreat(state: S.State, sid: str, power: str, target: str) -> None:
    """`power`'s fleet and naval leaders at `sid` retreat to `target`."""
    gone = fleet.units(state, sid, power)
    beaten = lost_here(state, power, sid)
    fleet.shift(state, sid, target, gone, fleet.leaders(state, sid, power))
    if beaten:
        mark_lost(state, target, power, beaten)
    S.log(state, "naval_retreat", power=power, space=sid, to=target, units=fleet.count(gone))

