"""Agreements of the negotiation segment (§9.1, §9.2): who is party to a term, whether a term
or a whole package is legal now, and carrying it out.  Also the helpers the other diplomacy
segments share: random card draws (national cards never drawn, §9.1 L491), leaders going
home, units leaving a space "as in step 3 of suing for peace" (§9.3), the per-seat private
notes a view shows only to its seat.

``ctx`` is the diplomacy phase's record of what was done this phase (`new_context`): peace
made and alliances formed (war declarations are barred against them, §9.6 L602-609), the
divorce (no Papal-Hapsburg alliance this turn, §9.1 L495), and the one-way gifts of cards,
mercenaries and squadron loans ("both cannot give to each other in the same turn", L491,
L493, L523).

Rulings where the rulebook is silent (documented in README.md):

* at most 2 random cards from one power to another per turn, over all packages (L490 "up to
  two");
* a package may join any number of terms and parties, but every party must confirm it all
  (L503); the proposer is always a party;
* units leaving a ceded or returned space (peace step 3, L539): land units to the nearest
  fortified space their side controls (the capital included), naval units to the nearest
  port their side controls, distance over land and sea ignoring control, ties to the
  capital and then by id (the owner's choice is not asked); leaders go with the land units;
  with nowhere to go the units are eliminated;
* a released or ransomed leader goes to the owner's capital if it controls it, else the
  first friendly key by id (L488, L560);
* loaned squadrons become the receiver's units at the nearest port it controls by sea zones
  crossed (ties by id) and are listed in ``state["loans"]`` for the Winter phase (§19.1) to
  send home (`end_loans`); a loaned naval leader is listed in ``state["leader_owner"]``.

Rules: §9.1, §9.2
"""
from __future__ import annotations

from collections import deque
from typing import Any, Iterable

from engine.contract import Reason
from engine.dice import Dice
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import counter_mix, facts, henry_viii, losses, seating
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports
from games.here_i_stand.relocation import owner_of, relocate, side_controls

NEVER_AT_PEACE = ({"protestant", "hapsburg"}, {"protestant", "papacy"})
PRIVATE_LOG_LENGTH = 30
R = Reason
MERC_RECEIVERS_WITH_CAPITAL = ("hapsburg", "england", "france", "papacy")


def new_context() -> dict[str, Any]:
    return {"peace_made": [], "allied": [], "divorce": False, "cards_given": [],
            "mercs_given": [], "loans_made": []}


def pair(a: str, b: str) -> list[str]:
    return sorted((a, b))


# ---------------------------------------------------------------- private notes and cards
def note(state, power: str, key: str, /, **params) -> None:
    """An entry only `power` sees in its view (`views`): e.g. the cards it received; a
    structured entry like the public log's (`state.log`)."""
    logs = state.setdefault("private_log", {})
    entry = {"t": state["turn"], **S.msg(key, **params)}
    logs[power] = (logs.get(power, []) + [entry])[-PRIVATE_LOG_LENGTH:]


def drawable(state, power: str) -> list[int]:
    """Cards that can be drawn at random from a hand: national cards never are (§9.1 L491)."""
    homes = set(facts.home_cards()[power])
    return sorted(n for n in state["hands"][power] if n not in homes)


def draw_random(state, giver: str, receiver: str | None, n: int, dice: Dice, why: dict
                ) -> list[int]:
    """Move `n` random drawable cards from `giver` to `receiver` (None: the caller keeps
    them out of every hand).  Only the receiver is told which cards (private note); `why`
    is a message (`state.msg`)."""
    taken: list[int] = []
    for _ in range(n):
        pool = drawable(state, giver)
        if not pool:
            break
        card = pool[dice.below(len(pool))]
        state["hands"][giver].remove(card)
        taken.append(card)
        if receiver is not None:
            state["hands"][receiver] = sorted(state["hands"][receiver] + [card])
    if receiver is not None and taken:
        note(state, receiver, "cards_received", why=why, cards=taken)
        note(state, giver, "cards_given", why=why, n=len(taken), receiver=receiver)
    return taken


# ---------------------------------------------------------------- leaders
def captor_of(state, lid: str) -> str | None:
    for captor, held in state["captured"].items():
        if lid in held:
            return captor
    return None



def leader_home(state, owner: str, *, home_keys: bool = False) -> str | None:
    """Where a freed leader goes: its capital if the owner controls it, else the first
    friendly key by id (§9.1 L488, §9.4 L560); `home_keys`: only the owner's home keys (a
    leader back from *Threat to Power*, #103)."""
    for cap in S.capitals(owner):
        if S.controller(state, cap) == owner:
            return cap
    m = S.board()
    keys = sorted(s.id for s in m.spaces.values()
                  if s.is_key and S.in_play(state, s.id) and S.friendly(state, owner, s.id)
                  and (not home_keys or s.home == owner))
    return keys[0] if keys else None


def free_leader(state, lid: str) -> str | None:
    """Take a leader out of captivity and put it at `leader_home`; returns where."""
    captor = captor_of(state, lid)
    owner = owner_of(state, lid)
    where = leader_home(state, owner) if owner else None
    if captor is None or where is None:
        return None
    S.uncapture(state, lid)
    S.move_leader(state, lid, None, where)
    return where


# ---------------------------------------------------------------- leaving a space (§9.3 step 3)

# ---------------------------------------------------------------- who is party to a term
def parties_of(state, term) -> set[str]:
    kind = term[0]
    if kind in ("ALLIANCE", "PEACE"):
        return {term[1], term[2]}
    if kind in ("CARDS", "MERCENARIES"):
        return {term[2], term[3]}
    if kind == "LOAN":
        return {term[3], term[4]}
    if kind == "CEDE":
        return {term[2], term[3]}
    if kind == "RELEASE":
        out = set()
        captor, owner = captor_of(state, term[1]), owner_of(state, term[1])
        for p in (captor, owner):
            if p in S.MAJORS:
                out.add(p)
        return out
    if kind == "DIVORCE":
        return {"papacy", "england"}
    if kind == "LIFT":
        return {"papacy", term[1]}
    return set()


# ---------------------------------------------------------------- legality
def _in(package, kind: str, *values) -> bool:
    return any(t[0] == kind and tuple(t[1:1 + len(values)]) == values for t in package)


def _given(ctx, key: str, giver: str, receiver: str) -> int:
    return sum(int(e[2]) if len(e) > 2 else 1 for e in ctx[key] if e[0] == giver and e[1] == receiver)


def mercenaries_of(state, power: str) -> dict[str, int]:
    out = {}
    for sid, rec in state["spaces"].items():
        n = rec.get("units", {}).get(power, {}).get("mercenaries", 0)
        if n:
            out[sid] = n
    return out


def merc_placement(state, receiver: str, placed: str) -> tuple[str | None, Reason | None]:
    """(space, problem) for mercenaries given to `receiver` (§9.1 L494)."""
    m = S.board()
    if receiver == "protestant":
        pool = sorted(e for e in m.electorates() if S.controller(state, e) == "protestant")
        if not pool:
            return None, R("the Protestants control no electorate to place mercenaries in",
                           "dip_mercs_no_electorate")
        if placed and placed not in pool:
            return None, R(f"{m.spaces[placed].name_en} is not an electorate the Protestants "
                           "control", "dip_mercs_not_electorate", space=placed)
        return (placed or pool[0]), None
    pool = [c for c in S.capitals(receiver) if S.controller(state, c) == receiver]
    if not pool:
        return None, R(f"{receiver} does not control its capital: no mercenaries can be given "
                       "(§9.1)", "dip_mercs_no_capital", power=receiver)
    if placed and placed not in pool:
        return None, R(f"mercenaries given to {receiver} go to its capital ({', '.join(pool)})",
                       "dip_mercs_capital", power=receiver, spaces=pool)
    return (placed or pool[0]), None


def loan_units(state, owner: str, port: str) -> dict[str, int]:
    """Squadrons `owner` may lend from `port`: its own and its active minors'."""
    return {p: c.get("squadrons", 0) for p, c in S.units(state, port).items()
            if S.major_of(state, p) == owner and c.get("squadrons", 0)}


def loan_destination(state, port: str, receiver: str) -> str | None:
    """The nearest port `receiver` controls from `port`, counting sea zones crossed; the path
    runs through sea zones only, never through a port (§9.2 L523)."""
    m = S.board()
    start = m.spaces[port].ports
    depth = {z: 1 for z in start}
    queue = deque(start)
    while queue:
        z = queue.popleft()
        for nxt in m.seas_adjacent(z):
            if nxt not in depth:
                depth[nxt] = depth[z] + 1
                queue.append(nxt)
    best: tuple[int, str] | None = None
    for z, d in depth.items():
        for p in m.ports_of(z):
            if p != port and S.in_play(state, p) and side_controls(state, receiver, p):
                if best is None or (d, p) < best:
                    best = (d, p)
    return best[1] if best else None


def term_problem(state, ctx, term, package) -> Reason | None:
    """Why `term` (within `package`) cannot take effect now, or None (§9.1, §9.2)."""
    m = S.board()
    kind = term[0]
    if kind == "ALLIANCE":
        a, b = term[1], term[2]
        if pair(a, b) in state["alliances"]:
            return R(f"{a} and {b} are already allied", "dip_already_allied", power=a, power2=b)
        if {a, b} == {"papacy", "ottoman"}:
            return R("the Papacy and the Ottomans can never ally (§9.2)", "dip_never_ally")
        if S.at_war(state, a, b) and not _in(package, "PEACE", a, b):
            return R(f"{a} and {b} are at war: end the war in the same package (§9.1, §9.2)",
                     "dip_ally_at_war", power=a, power2=b)
        if {a, b} == {"papacy", "hapsburg"} and (ctx["divorce"] or _in(package, "DIVORCE")):
            return R("the Papacy may not ally with the Hapsburgs in a turn it grants Henry's "
                     "divorce (§9.1)", "dip_ally_divorce")
        return None
    if kind == "PEACE":
        a, b = term[1], term[2]
        if pair(a, b) not in state["wars"]:
            return R(f"{a} and {b} are not at war", "dip_not_at_war", power=a, power2=b)
        if {a, b} in NEVER_AT_PEACE:
            return R("the war of the Schmalkaldic League never ends (§9.1, §21.6)",
                     "dip_league_war")
        return None
    if kind == "CARDS":
        n, giver, receiver = term[1], term[2], term[3]
        if giver == receiver:
            return R("a power cannot give cards to itself", "dip_cards_self")
        if not 1 <= n <= 2:
            return R("at most 2 random cards may be given (§9.1)", "dip_cards_max")
        if _given(ctx, "cards_given", receiver, giver):
            return R(f"{receiver} already gave cards to {giver} this turn: not both ways (§9.1)",
                     "dip_cards_gave_back", power=receiver, power2=giver)
        if any(t[0] == "CARDS" and t[2] == receiver and t[3] == giver for t in package):
            return R("cards cannot be given both ways in the same turn (§9.1)",
                     "dip_cards_both_ways")
        total = n + _given(ctx, "cards_given", giver, receiver) + sum(
            t[1] for t in package if t[0] == "CARDS" and t[2] == giver and t[3] == receiver
            and t is not term)
        if total > 2:
            return R(f"at most 2 random cards from {giver} to {receiver} in a turn (§9.1)",
                     "dip_cards_turn_max", power=giver, power2=receiver)
        if len(drawable(state, giver)) < n:
            return R(f"{giver} does not hold {n} card(s) that can be drawn (national cards "
                     "never are)", "dip_cards_too_few", power=giver, n=n)
        return None
    if kind == "MERCENARIES":
        n, giver, receiver, taken, placed = term[1:6]
        if giver == receiver:
            return R("a power cannot give mercenaries to itself", "dip_mercs_self")
        if receiver == "ottoman":
            return R("the Ottomans cannot receive mercenaries (§9.1)", "dip_mercs_ottoman")
        if not 1 <= n <= 4:
            return R("1 to 4 mercenaries may be given (§9.1)", "dip_mercs_count")
        if _given(ctx, "mercs_given", receiver, giver) or any(
                t[0] == "MERCENARIES" and t[2] == receiver and t[3] == giver for t in package):
            return R("mercenaries cannot be given both ways in the same turn (§9.1)",
                     "dip_mercs_both_ways")
        have = mercenaries_of(state, giver)
        if taken:
            listed = sum(k for _, k in taken)
            if listed != n:
                return R(f"TAKEN AT lists {listed} mercenaries, not {n}", "dip_mercs_taken_sum",
                         n=listed, total=n)
            for sid, k in taken:
                if have.get(sid, 0) < k:
                    return R(f"{giver} has fewer than {k} mercenaries in "
                             f"{m.spaces[sid].name_en}", "dip_mercs_fewer", power=giver, n=k,
                             space=sid)
        elif sum(have.values()) < n:
            return R(f"{giver} has only {sum(have.values())} mercenaries on the map",
                     "dip_mercs_only", power=giver, n=sum(have.values()))
        where, why = merc_placement(state, receiver, placed)
        if why:
            return why
        if not counter_mix.can_place(state, receiver, {where: n}, "mercenaries"):
            return R(f"{receiver} has no counters left for {n} more land units (§5)",
                     "dip_no_counters", power=receiver, n=n)
        return None
    if kind == "LOAN":
        n, port, owner, receiver, leader = term[1:6]
        if owner == receiver:
            return R("a power cannot lend to itself", "dip_loan_self")
        if receiver == "protestant":
            return R("naval units cannot be lent to the Protestants (§9.2)",
                     "dip_loan_protestant")
        if not _in(package, "ALLIANCE", *sorted((owner, receiver))):
            return R("squadrons are lent only with the alliance, in the same package (§9.2)",
                     "dip_loan_alliance")
        if any(e[0] == receiver and e[1] == owner for e in ctx["loans_made"]) or any(
                t[0] == "LOAN" and t[3] == receiver and t[4] == owner for t in package):
            return R("squadrons cannot be lent both ways in the same turn (§9.2)",
                     "dip_loan_both_ways")
        if port not in m.spaces or not m.spaces[port].ports:
            return R(f"{port} is not a port", "dip_not_port", space=port) if port in m.spaces \
                else R(f"{port} is not a port", "dip_not_port_text", text=str(port))
        lendable = sum(loan_units(state, owner, port).values())
        claimed = sum(t[1] for t in package if t[0] == "LOAN" and t[2] == port and t[3] == owner)
        if n < 1 or claimed > lendable:
            return R(f"{owner} has {lendable} squadron(s) in {m.spaces[port].name_en} (corsairs "
                     "are never lent)", "dip_loan_squadrons", power=owner, n=lendable, space=port)
        if leader and (leader not in S.leaders_at(state, port) or not facts.leader(leader).naval
                       or owner_of(state, leader) != owner):
            return R(f"{leader} is not a naval leader of {owner} in {m.spaces[port].name_en}",
                     "dip_loan_leader", leader=leader, power=owner, space=port)
        if loan_destination(state, port, receiver) is None:
            return R(f"no sea path from {m.spaces[port].name_en} to a port {receiver} controls "
                     "(§9.2)", "dip_loan_no_path", space=port, power=receiver)
        return None
    if kind == "RELEASE":
        lid = term[1]
        captor, owner = captor_of(state, lid), owner_of(state, lid)
        if captor is None:
            return R(f"{facts.leader(lid).name_en} is not a prisoner", "dip_not_prisoner",
                     leader=lid)
        if owner not in S.MAJORS:
            return R(f"{facts.leader(lid).name_en} belongs to no major power", "dip_no_owner",
                     leader=lid)
        if leader_home(state, owner) is None:
            return R(f"{owner} controls neither its capital nor any friendly key to receive the "
                     "leader", "dip_no_leader_home", power=owner)
        return None
    if kind == "CEDE":
        sid, giver, receiver = term[1], term[2], term[3]
        if sid not in m.spaces or not S.in_play(state, sid):
            return R(f"{sid} cannot be ceded", "dip_cede_space", space=sid) if sid in m.spaces \
                else R(f"{sid} cannot be ceded", "dip_cede_text", text=str(sid))
        if giver == receiver:
            return R("a power cannot cede a space to itself", "dip_cede_self")
        if S.major_of(state, S.controller(state, sid)) != giver:
            return R(f"{giver} does not control {m.spaces[sid].name_en}", "dip_cede_control",
                     power=giver, space=sid)
        if sid in S.capitals(giver):
            return R("a power never cedes its own capital (§9.1)", "dip_cede_capital")
        home = m.spaces[sid].home
        if home in S.MINORS and m.spaces[sid].is_key and state["minor_allies"].get(home) == giver:
            return R("the home keys of an allied minor power cannot be ceded (§9.1)",
                     "dip_cede_minor_key")
        if sum(1 for t in package if t[0] == "CEDE" and t[1] == sid) > 1:
            return R(f"{m.spaces[sid].name_en} is ceded twice", "dip_cede_twice", space=sid)
        return None
    if kind == "DIVORCE":
        if state["marital"] != "ask_for_divorce":
            return R("Henry VIII is not asking for a divorce (§9.1, §21.3)", "dip_no_divorce")
        why = henry_viii.marital_blocked(state)
        if why:
            return R(f"Henry's marital status cannot advance: {why}", "dip_marital_blocked",
                     why=why)
        if pair("papacy", "hapsburg") in state["alliances"] or _in(package, "ALLIANCE", "hapsburg", "papacy"):
            return R("the Papacy cannot grant the divorce in a turn it is allied with the "
                     "Hapsburgs (§9.1)", "dip_divorce_allied")
        return None
    if kind == "LIFT":
        if term[1] not in state["excommunicated"]:
            return R(f"{term[1]}'s ruler is not excommunicated", "dip_not_excommunicated",
                     power=term[1])
        return None
    return R(f"unknown term {kind}", "dip_unknown_term", text=str(kind))


def package_problem(state, ctx, proposer: str, parties: Iterable[str], terms) -> Reason | None:
    """Why this package cannot take effect now, or None."""
    parties = set(parties)
    if proposer not in parties:
        return R("the proposer must be a party", "dip_proposer_party")
    needed = set().union(*(parties_of(state, t) for t in terms)) | {proposer}
    if not needed <= parties:
        missing = sorted(needed - parties, key=S.MAJORS.index)
        return R(f"every power a term touches must be a party: add {', '.join(missing)}",
                 "dip_parties_missing", powers=missing)
    if len({seating.seat_of(state, p) for p in parties}) < len(parties):
        return R("powers one player holds make no deal with each other (§3.1: our ruling)",
                 "dip_same_player")
    if state["turn"] == 1:
        if len(parties) != 2 or "england" not in parties or not parties & {"france", "hapsburg"}:
            return R("on turn 1 England alone negotiates, with France and with the Hapsburgs, "
                     "one at a time (§7)", "dip_turn_one")
    seen = set()
    for t in terms:
        if t in seen:
            return R(f"the term {O.term_text(t)} appears twice", "dip_term_twice",
                     term=O.term_msg(t))
        seen.add(t)
        why = term_problem(state, ctx, t, terms)
        if why:
            return R(f"{O.term_text(t)}: {why}", "dip_term_problem", term=O.term_msg(t), why=why)
    return None


# ---------------------------------------------------------------- carrying terms out
def execute(state, ctx, terms, dice: Dice, label: dict) -> None:
    """Carry out a confirmed package (each term checked by `package_problem` just before)."""
    for t in terms:
        kind = t[0]
        if kind == "ALLIANCE":
            state["alliances"] = sorted(state["alliances"] + [pair(t[1], t[2])])
            ctx["allied"].append(pair(t[1], t[2]))
        elif kind == "PEACE":
            end_war(state, ctx, t[1], t[2])
        elif kind == "CARDS":
            draw_random(state, t[2], t[3], t[1], dice, label)
            ctx["cards_given"].append([t[2], t[3], t[1]])
        elif kind == "MERCENARIES":
            n, giver, receiver, taken, placed = t[1:6]
            have = mercenaries_of(state, giver)
            plan = list(taken) or _merc_plan(state, giver, have, n)
            for sid, k in plan:                     # §5.2 counters, §15.3 their sieges
                losses.eliminate(state, sid, giver, "mercenaries", k, ask=False)
            where, _ = merc_placement(state, receiver, placed)
            S.add_units(state, where, receiver, "mercenaries", n)
            ctx["mercs_given"].append([giver, receiver])
            S.log(state, "mercs_given", n=n, giver=giver, receiver=receiver, space=where)
        elif kind == "LOAN":
            _loan(state, ctx, t)
        elif kind == "RELEASE":
            where = free_leader(state, t[1])
            S.log(state, "released", leader=t[1], space=where)
        elif kind == "CEDE":
            sid, giver, receiver = t[1], t[2], t[3]
            relocate(state, giver, sid)
            ports.change(state, sid, receiver)
            S.log(state, "cedes", giver=giver, receiver=receiver, space=sid)
        elif kind == "DIVORCE":
            ctx["divorce"] = True
            S.log(state, "divorce", ruler="henry_viii")
            henry_viii.advance_marriage(state, dice)
        elif kind == "LIFT":
            state["excommunicated"] = [p for p in state["excommunicated"] if p != t[1]]
            S.log(state, "lifts_excommunication", power=t[1])


def end_war(state, ctx, a: str, b: str) -> None:
    """Remove a war (§9.3 step 8): peace with the Papacy also ends an excommunication."""
    state["wars"] = [w for w in state["wars"] if w != pair(a, b)]
    ctx["peace_made"].append(pair(a, b))
    S.log(state, "peace", power=a, power2=b)
    if "papacy" in (a, b):
        other = b if a == "papacy" else a
        if other in state["excommunicated"]:
            state["excommunicated"] = [p for p in state["excommunicated"] if p != other]
            S.log(state, "peace_lifts_excommunication", power=other)


def _merc_plan(state, giver: str, have: dict[str, int], n: int) -> list[tuple[str, int]]:
    """Default removal: the biggest mercenary stacks first, then by id — the first plan
    whose remaining stacks the giver's counters can show (§5.2 L283)."""
    order = sorted(have, key=lambda s: (-have[s], s))

    def walk(i: int, left: int, deltas: dict) -> list[tuple[str, int]] | None:
        if left == 0:
            return [] if counter_mix.fits_after(state, giver, deltas) else None
        if i == len(order):
            return None
        sid = order[i]
        for k in range(min(left, have[sid]), -1, -1):
            rest = walk(i + 1, left - k, {**deltas, (sid, "mercenaries"): -k} if k else deltas)
            if rest is not None:
                return [(sid, k)] + rest if k else rest
        return None

    found = walk(0, n, {})
    if found is not None:
        return found
    plan = []
    for sid in order:
        if n <= 0:
            break
        plan.append((sid, min(n, have[sid])))
        n -= plan[-1][1]
    return plan


def _loan(state, ctx, t) -> None:
    n, port, owner, receiver, leader = t[1:6]
    dest = loan_destination(state, port, receiver)
    left = n
    units = loan_units(state, owner, port)
    for unit_power in sorted(units, key=lambda p: (p != owner, p)):
        k = min(left, units[unit_power])
        if k <= 0:
            continue
        S.add_units(state, port, unit_power, "squadrons", -k)
        S.add_units(state, dest, receiver, "squadrons", k)
        state.setdefault("loans", []).append({"owner": unit_power, "lender": owner,
                                              "receiver": receiver, "squadrons": k,
                                              "port": dest, "leader": leader or None})
        left -= k
    if leader:
        S.move_leader(state, leader, port, dest)
        state.setdefault("leader_owner", {})[leader] = receiver
    ctx["loans_made"].append([owner, receiver])
    S.log(state, "lends", giver=owner, n=n, src=port, receiver=receiver, dst=dest)


def end_loans(state) -> None:
    """Winter step 1 (§19.1): loaned squadrons and leaders return to their owners — the
    receiver's squadrons are handed back (wherever they are, the first stacks by id outside
    the Atlantic, where lent Genoese and Venetian ones never go, §16.1; as many as survive)
    and the Winter return sends them home.  Call before the naval return."""
    for loan in state.get("loans", []):
        left = loan["squadrons"]
        for sid in sorted(state["spaces"], key=lambda s: (s == "atlantic_ocean", s)):
            if left <= 0:
                break
            have = S.units(state, sid).get(loan["receiver"], {}).get("squadrons", 0)
            k = min(left, have)
            if k:
                S.add_units(state, sid, loan["receiver"], "squadrons", -k)
                S.add_units(state, sid, loan["owner"], "squadrons", k)
                left -= k
        if loan.get("leader"):
            state.get("leader_owner", {}).pop(loan["leader"], None)
    state["loans"] = []
