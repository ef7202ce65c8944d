"""Phase 3: Diplomacy (§9), its five segments in the rulebook's order (§7 table, L413-417):
negotiation (§9.1), sue for peace (§9.3, not on the last turn), ransom (§9.4), removing
excommunication (§9.5), declarations of war (§9.6).  On turn 1 only England negotiates, with
France and with the Hapsburgs, and the phase then ends (§7 L398-404).

**Negotiation window** (§9.1, docs/architecture.md "Time").  Every major power (turn 1:
England, France,
the Hapsburgs) is asked at once on the ``negotiation`` clock (48 h by default, L501); free talk
("press") goes through the mail gateway, not the game.  Agreements that change the game
(L483-496) are registered as ``PROPOSE ... ENDPROPOSE`` packages (terms: `diplomacy_orders`);
each gets a number; the proposer has confirmed it by proposing, every other party answers
``ACCEPT <n>`` or ``REJECT <n>`` (one rejection voids the package, L503), the proposer may
``WITHDRAW <n>``.  ``DONE`` says "my negotiations are finished"; the window closes when every
asked power is done, or at the deadline (the NMR default is ``DONE``; an unanswered proposal
is never accepted by default).

*Rulings* (rulebook L503: "when time runs out (or all negotiations are finished) each power in
the standard order announces its agreements ... all powers concerned must confirm the whole
package; if confirmed, the situation changes at once"):

* an ACCEPT is the party's confirmation given in advance; it may be taken back with REJECT
  while the window is open;
* confirmed packages take effect **when the window closes**, announced in the standard order
  of their proposers (then by number) — on turn 1 the English-Hapsburg deals first, then the
  English-French ones (§7 L402-403) — each checked again just before it is carried out (a
  package that became impossible, e.g. a card gift from an emptied hand, is void as a whole);
* a power that sent DONE has no open question: its standing answers are final.  A **new
  proposal naming it reopens** its window (it is asked again, with a fresh deadline), so no
  package is ever decided without each party having been asked; each power may make at most
  `MAX_PROPOSALS` proposals per window;
* proposals are private to their parties until the window closes; then the packages that
  take effect (and those void) are announced in the public log, unconfirmed ones are not.

*Structured options*: ``PROPOSE`` has free terms, so its Option offers a few representative
packages (an alliance, a peace, one random card, each with every other power and only while
legal, and only for a power's first two proposals of the window) for bots; `parse` reads the
full grammar.  ACCEPT/REJECT/WITHDRAW list the open proposal numbers; all options are exact.

**Sue for peace** (§9.3): powers in the standard order (each asked only when it may sue: the
enemy holds one of its leaders or controls one of its home spaces; never the Hapsburgs or
Papacy with the Protestants) answer ``SUE FOR PEACE WITH <power>`` or ``DONE`` (no more suits
this phase).  A suit runs steps 2-8: the winner's War Winner VP (2 with the Ottomans in the
war, from the supply); the winner's home spaces held by the loser return, the loser's units
leaving (`diplomacy_terms.relocate`: when equally near spaces or the capital may take them,
the owner answers ``RELOCATE <space>`` first, `relocation`); the loser ``ELIMINATE``s 2 of
its own units; it may ``BUY BACK`` its home keys, captured leaders and pairs of non-key home
spaces held by the winner, each ``WITH VP`` (a War Winner VP to the winner from the supply)
or ``WITH CARD`` (a random card to the winner), then ``DONE``; the war ends (and an
excommunication with it, if the Papacy was in it).  The suing power is asked again (it may
sue in another war).

**Ransom** (§9.4): ``RANSOM <leader>`` — the captor draws a random card from the owner's hand
and the leader goes home.  **Remove excommunication** (§9.5): ``REMOVE EXCOMMUNICATION`` — the
Papacy draws a random card whose CP go to St Peter's, the card to the discard pile.

**Declarations of war** (§9.6): in the standard order ``DECLARE WAR ON <power>`` (repeatable)
then ``DONE``; the bans of L587-609 and the cost chart (powers.yaml: majors from the chart, a
minor 1 CP, the Hapsburgs' first declaration on England after Anne Boleyn 2 CP less) apply, and
a power may not declare more than its hand (mandatory events excluded) can pay.
*Diplomatic Marriage* (#73) is played as an event in this phase (§6.1 L342: its phase is
Diplomacy, and the Action phase too) in this segment, when the power is asked in the
standard order (pbem ruling: the rulebook names no moment; here its activation's free
declarations of war, §22.2 step 2, come with the others): ``PLAY 73 AS EVENT`` activates or
deactivates a minor as in the Action phase (`minor_cards`, the ``minor_card`` question when
it could do more than one thing), and the power is asked again.  Every power that could hold
the card and play it by public information (a hand not empty, #73 neither discarded nor
removed, a minor it may activate or deactivate) is asked in this segment even with no war it
could declare, so being asked tells nothing.  A declaration
on Scotland lets France, on Venice lets the Papacy ``INTERVENE`` (2 CP): the minor becomes its
ally (§22.2), the declarer is at war with the intervener, and every other power at war with the
minor may ``DECLARE WAR ON`` the intervener for free or its units leave the minor's spaces.
France paying with #69 *Auld Alliance* (the Papacy with #108 *Venetian Alliance*) after such
an intervention gets the card's new units (`minor_cards.paid_intervention`: ``PLACE <n> IN
<space>``, asked before anything else of the phase).  When all have declared, each power that owes CP answers ``PAY <card>, <card>...`` with cards
whose CP add up to at least its cost (no mandatory event, L568).

Defaults (NMR): DONE everywhere (no suit, no buy-back, no ransom, no declaration, no
intervention); relocated units stay in the default space (nearest, a capital first, then by
id); the two eliminated units are the cheapest (mercenaries, cavalry, corsairs,
regulars, squadrons) from the largest stacks; the payment is the cheapest card set.

Rules: §9.1 (the negotiation window, Diplomatic Marriage), §9.3, §9.4, §9.5, §9.6
"""
from __future__ import annotations

import itertools

from engine import questions
from engine.contract import Decision, IllegalOrder, Reason
from engine.contract import Reason as R
from engine.options import OneOf, Option
from games.here_i_stand import (catalog, choices, deactivation, events, facts, grammar,
                                henry_viii, losses, minor_cards, religion, seating)
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import diplomacy_terms as T
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports
from games.here_i_stand.phases import action, decision_id

NAME = "diplomacy"
MAX_PROPOSALS = 10
BOT_PROPOSALS = 2
TURN_ONE_WINDOW = ("hapsburg", "england", "france")
SEGMENTS = ("negotiation", "peace", "ransom", "excommunication", "war", "pay", "end")
CHEAP_FIRST = ("mercenaries", "cavalry", "corsairs", "regulars", "squadrons")
UNIT_WORDS = {"regulars": "REGULAR", "mercenaries": "MERCENARY", "cavalry": "CAVALRY",
              "squadrons": "SQUADRON", "corsairs": "CORSAIR"}


# ---------------------------------------------------------------- setup and flow
def enter(state, dice) -> None:
    window = list(TURN_ONE_WINDOW) if state["turn"] == 1 else list(S.MAJORS)
    state["phase_data"] = {"segment": "negotiation", "ctx": T.new_context(),
                           "window": [p for p in S.MAJORS if p in window], "done": [],
                           "proposals": [], "next_id": 1, "made": {}, "announced": [],
                           "peace": {"index": 0, "declined": [], "suit": None},
                           "index": 0, "war": {"index": 0, "costs": {}, "queue": [],
                                               "declared": [], "paid": [],
                                               "intervened": []}}
    _settle(state, dice)


def _pd(state):
    return state["phase_data"]


def _next_segment(state, dice) -> None:
    pd = _pd(state)
    seg = SEGMENTS[SEGMENTS.index(pd["segment"]) + 1]
    if state["turn"] == 1:
        seg = "end"                                   # §7: turn 1 ends after the negotiation
    if seg == "peace" and state["turn"] >= state["last_turn"]:
        S.log(state, "no_suing_last_turn")
        seg = "ransom"
    pd["segment"] = seg
    pd["index"] = 0


def _settle(state, dice) -> None:
    """Move through automatic steps until someone is asked or the phase is over: a queued
    question left with nothing to ask closes (a relocation whose other destinations a
    buy-back of the same order took back, §9.3 L546); a segment that asks nothing runs its
    closing step (`_STEPS`) and the next one begins."""
    choices.settle(state, dice)
    for _ in range(500):
        seg = _pd(state)["segment"]
        if seg == "end":
            return
        asks, close = _STEPS[seg]
        if asks(state):
            return
        if close is not None:
            close(state, dice)
        _next_segment(state, dice)
    raise RuntimeError("diplomacy does not settle")


# ---------------------------------------------------------------- negotiation (§9.1)
def _asked_in_window(state) -> list[str]:
    pd = _pd(state)
    return [p for p in pd["window"] if p not in pd["done"]]


def _open(state) -> list[dict]:
    return [p for p in _pd(state)["proposals"] if p["status"] == "open"]


def _proposal(state, number) -> dict:
    for p in _pd(state)["proposals"]:
        if p["id"] == number:
            return p
    raise IllegalOrder(R(f"there is no proposal {number}", "dip_no_proposal", n=number),
                       [str(p["id"]) for p in _open(state)])


def _as_terms(raw) -> tuple:
    return tuple(tuple(tuple(tuple(x) for x in v) if isinstance(v, list) and v and isinstance(v[0], list)
                       else tuple(v) if isinstance(v, list) else v for v in t) for t in raw)


def _plain_terms(terms) -> list:
    out = []
    for t in terms:
        out.append([[list(x) for x in v] if isinstance(v, tuple) and v and isinstance(v[0], tuple)
                    else list(v) if isinstance(v, tuple) else v for v in t])
    return out


def _identical(state, parties, terms) -> dict | None:
    """The open proposal with the same parties and the same terms (in any order), if any:
    a package is proposed once (§9.1); the others accept it."""
    wanted = (sorted(parties), sorted(map(repr, _plain_terms(terms))))
    return next((p for p in _open(state)
                 if (sorted(p["parties"]), sorted(map(repr, p["terms"]))) == wanted), None)


def representatives(state, seat: str) -> tuple:
    """A few legal packages for bots (see the module docstring)."""
    pd = _pd(state)
    if pd["made"].get(seat, 0) >= BOT_PROPOSALS:
        return ()
    out = []
    for other in pd["window"]:
        if other == seat:
            continue
        a, b = sorted((seat, other))
        for terms in ((("ALLIANCE", a, b),), (("PEACE", a, b),), (("CARDS", 1, seat, other),)):
            parties = tuple(p for p in S.MAJORS if p in (seat, other))
            if T.package_problem(state, pd["ctx"], seat, parties, terms) is None \
                    and _identical(state, parties, terms) is None:
                out.append({"verb": "PROPOSE", "parties": parties, "terms": terms})
    return tuple(out)


#: The verbs of a negotiation (§9.1): each has an option shape, with or without values;
#: `_negotiate` checks what they name (the options are worked out only for the bots).
NEGOTIATION_VERBS = ("ACCEPT", "DONE", "PROPOSE", "REJECT", "WITHDRAW")


def _negotiation_options(state, seat: str) -> tuple:
    mine = [p for p in _open(state) if seat in p["parties"]]
    reps = representatives(state, seat)
    return (
        Option.of("DONE", "DONE"),
        Option.of("PROPOSE", "PROPOSE england france: ALLIANCE england france",
                  parties=OneOf(()), terms=OneOf(())) if not reps else None,
        *[Option.of("PROPOSE", O.proposal_text(r), parties=OneOf((r["parties"],)),
                    terms=OneOf((r["terms"],))) for r in reps],
        Option.of("ACCEPT", "ACCEPT 1", id=OneOf(tuple(p["id"] for p in mine
                                                        if seat not in p["accepted"]))),
        Option.of("REJECT", "REJECT 1", id=OneOf(tuple(p["id"] for p in mine))),
        Option.of("WITHDRAW", "WITHDRAW 1", id=OneOf(tuple(p["id"] for p in mine
                                                            if p["by"] == seat))),
    )


def _negotiate(state, seat, order) -> None:
    pd = _pd(state)
    verb = order["verb"]
    if verb == "DONE":
        pd["done"] = [p for p in S.MAJORS if p in set(pd["done"]) | {seat}]
        S.log(state, "negotiation_done", power=seat)
        return
    if verb == "PROPOSE":
        if pd["made"].get(seat, 0) >= MAX_PROPOSALS:
            raise IllegalOrder(R(f"at most {MAX_PROPOSALS} proposals per power in one window",
                                 "dip_max_proposals", n=MAX_PROPOSALS))
        parties, terms = tuple(order["parties"]), _as_terms(order["terms"])
        for p in parties:
            if p not in pd["window"]:
                if state["turn"] == 1:
                    raise IllegalOrder(R(f"{p} does not negotiate now (turn 1: England with "
                                         "France and the Hapsburgs, §7)",
                                         "dip_not_negotiating_turn_one", power=p))
                raise IllegalOrder(R(f"{p} does not negotiate now", "dip_not_negotiating",
                                     power=p))
        why = T.package_problem(state, pd["ctx"], seat, parties, terms)
        if why:
            raise IllegalOrder(why)
        same = _identical(state, parties, terms)
        if same is not None:
            hint = [f"ACCEPT {same['id']}"] if seat not in same["accepted"] else []
            raise IllegalOrder(R(f"proposal {same['id']} already proposes exactly this",
                                 "dip_duplicate", n=same["id"]), hint)
        number = pd["next_id"]
        pd["next_id"] += 1
        pd["made"][seat] = pd["made"].get(seat, 0) + 1
        pd["proposals"].append({"id": number, "by": seat, "parties": list(parties),
                                "terms": _plain_terms(terms), "accepted": [seat],
                                "status": "open"})
        reopened = [p for p in parties if p in pd["done"] and p != seat]
        pd["done"] = [p for p in pd["done"] if p not in reopened]
        return
    prop = _proposal(state, order["id"])
    if prop["status"] != "open":
        raise IllegalOrder(R(f"proposal {prop['id']} is no longer open ({prop['status']})",
                             "dip_proposal_closed", n=prop["id"]))
    if seat not in prop["parties"]:
        raise IllegalOrder(R(f"you are not a party to proposal {prop['id']}",
                             "dip_not_a_party", n=prop["id"]))
    if verb == "ACCEPT":
        if seat in prop["accepted"]:
            raise IllegalOrder(R(f"you have already accepted proposal {prop['id']}",
                                 "dip_already_accepted", n=prop["id"]))
        prop["accepted"] = [p for p in S.MAJORS if p in set(prop["accepted"]) | {seat}]
    elif verb == "REJECT":
        prop["status"] = f"rejected by {seat}"
    elif verb == "WITHDRAW":
        if prop["by"] != seat:
            raise IllegalOrder(R("only the proposer may withdraw a proposal",
                                 "dip_withdraw_not_yours"))
        prop["status"] = "withdrawn"


def _close_window(state, dice) -> None:
    """Announce and carry out every confirmed package (§9.1 L503)."""
    pd = _pd(state)

    def order_key(p):
        if state["turn"] == 1:
            other = [x for x in p["parties"] if x != "england"]
            return (0 if other == ["hapsburg"] else 1, p["id"])
        return (S.MAJORS.index(p["by"]), p["id"])

    for prop in sorted(_open(state), key=order_key):
        missing = [p for p in prop["parties"] if p not in prop["accepted"]]
        if missing:
            prop["status"] = f"lapsed: not confirmed by {', '.join(missing)}"
            continue
        terms = _as_terms(prop["terms"])
        text = "; ".join(O.term_text(t) for t in terms)
        why = T.package_problem(state, pd["ctx"], prop["by"], prop["parties"], terms)
        label = S.msg("why_agreement", n=prop["id"], powers=prop["parties"])
        term_msgs = [O.term_msg(t) for t in terms]
        if why:
            prop["status"] = f"void: {why}"
            S.log(state, "agreement_void", n=prop["id"], powers=prop["parties"], why=why)
            pd["announced"].append({"id": prop["id"], "parties": prop["parties"],
                                    "terms": text, "status": "void", "reason": str(why)})
            continue
        S.log(state, "agreement_effect", n=prop["id"], powers=prop["parties"], terms=term_msgs)
        T.execute(state, pd["ctx"], terms, dice, label)
        prop["status"] = "executed"
        pd["announced"].append({"id": prop["id"], "parties": prop["parties"], "terms": text,
                                "status": "executed"})
    S.log(state, "negotiation_over")


# ---------------------------------------------------------------- sue for peace (§9.3)
def suits(state, loser: str) -> list[str]:
    """Enemies `loser` may sue for peace with now (§9.3 step 1)."""
    out = []
    m = S.board()
    for w in S.MAJORS:
        if w == loser or T.pair(loser, w) not in state["wars"] or {loser, w} in T.NEVER_AT_PEACE:
            continue
        holds_leader = any(T.owner_of(state, l) == loser for l in state["captured"].get(w, []))
        holds_space = any(S.home_of(state, s.id) == loser and S.in_play(state, s.id)
                          and S.major_of(state, S.controller(state, s.id)) == w
                          for s in m.spaces.values())
        if holds_leader or holds_space:
            out.append(w)
    return out


def _peace_ready(state) -> bool:
    pd = _pd(state)
    pc = pd["peace"]
    if pc["suit"] is not None:
        suit = pc["suit"]
        if suit["stage"] == "eliminate":
            if suit["left"] > 0 and _eliminable(state, suit["loser"]):
                return True
            suit["stage"] = "buyback"
        if suit["stage"] == "buyback":
            if _buyback_items(state, suit["loser"], suit["winner"]):
                return True
            _finish_suit(state)
    while pc["index"] < len(S.MAJORS):
        p = S.MAJORS[pc["index"]]
        if p not in pc["declined"] and suits(state, p):
            return True
        pc["index"] += 1
    return False


def _start_suit(state, loser: str, winner: str) -> None:
    m = S.board()
    tokens = 2 if "ottoman" in (loser, winner) else 1
    bonus = state["bonus_vp"][winner]
    bonus["war_winner"] = bonus.get("war_winner", 0) + tokens
    S.log(state, "sues", loser=loser, winner=winner, vp=tokens)
    for s in sorted(m.spaces.values(), key=lambda s: s.id):
        if S.home_of(state, s.id) == winner and S.major_of(state, S.controller(state, s.id)) == loser:
            T.relocate(state, loser, s.id)
            ports.change(state, s.id, winner)
            S.log(state, "returns_to", space=s.id, power=winner)
    _pd(state)["peace"]["suit"] = {"loser": loser, "winner": winner, "stage": "eliminate",
                                   "left": 2}


def _finish_suit(state) -> None:
    pd = _pd(state)
    suit = pd["peace"]["suit"]
    T.end_war(state, pd["ctx"], suit["loser"], suit["winner"])
    pd["peace"]["suit"] = None


def _eliminable(state, power: str) -> list[tuple[str, str]]:
    out = []
    for sid in sorted(state["spaces"]):
        for kind, n in S.units(state, sid).get(power, {}).items():
            if n:
                out.append((sid, kind))
    return out


def _buyback_items(state, loser: str, winner: str) -> list[tuple]:
    m = S.board()
    held = [s for s in m.spaces.values() if S.home_of(state, s.id) == loser and S.in_play(state, s.id)
            and S.major_of(state, S.controller(state, s.id)) == winner]
    keys = [("key", s.id) for s in sorted(held, key=lambda s: s.id) if s.is_key]
    others = sorted(s.id for s in held if not s.is_key)
    pairs = [("pair", a, b) for a, b in itertools.combinations(others, 2)]
    leaders = [("leader", l) for l in sorted(state["captured"].get(winner, []))
               if T.owner_of(state, l) == loser and T.leader_home(state, loser)]
    return keys + leaders + pairs


def _buy_back(state, loser: str, winner: str, item: tuple, pay: str, dice) -> None:
    if pay == "CARD":
        T.draw_random(state, loser, winner, 1, dice,
                      S.msg("why_buyback", loser=loser, winner=winner))
    else:
        bonus = state["bonus_vp"][winner]
        bonus["war_winner"] = bonus.get("war_winner", 0) + 1
    if item[0] == "leader":
        where = T.free_leader(state, item[1])
        S.log(state, "buyback_leader_card" if pay == "CARD" else "buyback_leader_vp",
              loser=loser, winner=winner, leader=item[1], space=where)
    else:
        for sid in item[1:]:
            T.relocate(state, winner, sid)
            ports.change(state, sid, loser)
        S.log(state, "buyback_card" if pay == "CARD" else "buyback_vp", loser=loser,
              winner=winner, spaces=list(item[1:]))


#: *Diplomatic Marriage* (#73), played when suing for peace (§9.3 note 1, L554): everything
#: steps 5-7 could buy back returns at no cost in VP or cards; never by the Ottomans or
#: Protestants (the card's text).
MARRIAGE = 73


def _marriage_ok(state, loser: str) -> bool:
    return MARRIAGE in state["hands"][loser] and loser not in ("ottoman", "protestant")


def _marriage(state, loser: str, winner: str) -> None:
    """#73 in a peace: the card goes to the discard pile; every home space of `loser` held
    by `winner` and every leader of `loser` it holds return free (§9.3 note 1)."""
    state["hands"][loser] = [n for n in state["hands"][loser] if n != MARRIAGE]
    state["discard"].append(MARRIAGE)
    m = S.board()
    spaces = sorted(s.id for s in m.spaces.values() if S.home_of(state, s.id) == loser and S.in_play(state, s.id)
                    and S.major_of(state, S.controller(state, s.id)) == winner)
    for sid in spaces:
        T.relocate(state, winner, sid)
        ports.change(state, sid, loser)
    leaders = [l for _, l in (i for i in _buyback_items(state, loser, winner)
                              if i[0] == "leader")]
    for lid in leaders:
        T.free_leader(state, lid)
    S.log(state, "marriage_peace", card=MARRIAGE, loser=loser, winner=winner, spaces=spaces,
          leaders=leaders)


# ---------------------------------------------------------------- ransom, excommunication
def _ransomable(state, power: str) -> list[str]:
    if not T.drawable(state, power):
        return []
    out = []
    for captor, held in state["captured"].items():
        for lid in held:
            if T.owner_of(state, lid) == power and captor != power and T.leader_home(state, power):
                out.append(lid)
    return sorted(out)


def _current_simple(state) -> str | None:
    """The power asked now in the ransom or excommunication segment (standard order)."""
    pd = _pd(state)
    while pd["index"] < len(S.MAJORS):
        p = S.MAJORS[pd["index"]]
        if pd["segment"] == "ransom" and _ransomable(state, p):
            return p
        if (pd["segment"] == "excommunication" and p in state["excommunicated"]
                and T.drawable(state, p)):
            return p
        pd["index"] += 1
    return None


# ---------------------------------------------------------------- declarations of war (§9.6)
def war_cost(state, declarer: str, target: str) -> int | None:
    """CP to declare war (§9.6): minors 1, majors from the chart; the Catherine of Aragon
    counter takes 2 off the Hapsburgs' first declaration on England after Anne Boleyn."""
    cost = catalog.load_powers().war_cost(declarer, target)
    if cost is None:
        return None
    if (declarer == "hapsburg" and target == "england"
            and henry_viii.aragon_counter_unused(state)):
        cost = max(0, cost - 2)
    return cost


def war_problem(state, declarer: str, target: str, *, phase_bans: bool = True
                ) -> Reason | None:
    """Why `declarer` may not declare war on `target` now (§9.6 L587-609), or None;
    without `phase_bans` (outside the Diplomacy phase: *Machiavelli*, #40) the bans of this
    phase's peace and alliances are not checked."""
    if target == declarer or target not in S.MAJORS + S.MINORS:
        return R("not a power you can declare war on", "war_not_a_power")
    if target in S.MAJORS and seating.seat_of(state, target) == seating.seat_of(state, declarer):
        return R("a player's powers declare no war on each other (§3.1: our ruling)",
                 "war_same_player")
    if declarer == "protestant" and not state["league"]:
        return R("the Protestants declare no war before the Schmalkaldic League (§9.6, §21.6)",
                 "war_protestants_before_league")
    if target == "protestant" and not state["league"]:
        return R("nobody may declare war on the Protestants before the Schmalkaldic League "
                 "(§9.6)", "war_on_protestants_before_league")
    if S.at_war(state, declarer, target):
        return R(f"{declarer} is already at war with {target}", "war_already", power=declarer,
                 target=target)
    if target in S.MINORS:
        if target == "hungary":
            return R("nobody declares war on Hungary-Bohemia (§9.6)", "war_hungary")
        if target in state["minor_allies"]:
            major = state["minor_allies"][target]
            return R(f"{target} is allied with {major}: declare war on {major} instead (§9.6)",
                     "war_allied_minor", minor=target, power=major)
        if target == "scotland" and (declarer in ("ottoman", "papacy", "protestant")
                                     or S.allied(state, declarer, "france")):
            return R("the Ottomans, the Papacy, the Protestants and allies of France may not "
                     "declare war on Scotland (§9.6)", "war_scotland")
        if target == "venice" and declarer == "england":
            return R("England may not declare war on Venice (§9.6)", "war_venice_england")
    if S.allied(state, declarer, target):
        return R(f"{target} is your ally (§9.6)", "war_ally", target=target)
    if war_cost(state, declarer, target) is None:
        return R(f"{declarer} cannot declare war on {target} (§9.6, §21.6)", "war_impossible",
                 power=declarer, target=target)
    if phase_bans:
        ctx = _pd(state)["ctx"]
        made = [set(p) for p in ctx["peace_made"]]
        allied = [set(p) for p in ctx["allied"]]
        if {declarer, target} in made:
            return R(f"you made peace with {target} in this diplomacy phase (§9.6)",
                     "war_after_peace", target=target)
        if {declarer, target} in allied:
            return R(f"you allied with {target} in this diplomacy phase (§9.6)",
                     "war_after_alliance", target=target)
        if target == "venice" and (S.allied(state, declarer, "papacy")
                                   or {declarer, "papacy"} in made):
            return R("allies of the Papacy, and powers that made peace with it this phase, may "
                     "not declare war on Venice (§9.6)", "war_venice_papacy")
        if target == "scotland" and {declarer, "france"} in made:
            return R("you made peace with France this phase: no war on Scotland (§9.6)",
                     "war_scotland_peace")
    return None


def payable(state, power: str) -> list[int]:
    """Cards that can pay for declarations: any but mandatory events (§9.6 L568)."""
    return sorted(n for n in state["hands"][power] if facts.card(n).type != "mandatory")


def _can_pay(state, power: str, extra: int) -> bool:
    owed = _pd(state)["war"]["costs"].get(power, 0) + extra
    return sum(facts.card(n).cp for n in payable(state, power)) >= owed


def declarable(state, power: str) -> list[str]:
    out = []
    for t in S.MAJORS + S.MINORS:
        if war_problem(state, power, t) is None and _can_pay(state, power, war_cost(state, power, t)):
            out.append(t)
    return out


def _war_ready(state) -> bool:
    w = _pd(state)["war"]
    while w["queue"]:
        item = w["queue"][0]
        if item["kind"] == "intervene" and _intervention_ok(state, item):
            return True
        if item["kind"] == "activation" and war_problem(state, item["power"], item["activator"],
                                                        phase_bans=False) is None:
            return True
        w["queue"].pop(0)
        if item["kind"] == "activation":
            events.withdraw(state, item["power"], item["minor"])
    while w["index"] < len(S.MAJORS):
        power = S.MAJORS[w["index"]]
        if declarable(state, power) or could_marry(state, power):
            return True
        w["index"] += 1
    return False


def could_marry(state, power: str) -> bool:
    """Whether `power` could hold *Diplomatic Marriage* and play it as an event now, by
    public information: its hand is not empty, #73 is neither discarded nor removed, and
    the card could activate or deactivate a minor for it (§6.1 L342, §22.2, §22.4)."""
    public = set(state["discard"]) | set(state["removed"])
    return (bool(state["hands"][power]) and MARRIAGE not in public
            and events.playable_as_event(state, power, MARRIAGE) is None)


def _marriage_playable(state, power: str) -> bool:
    return MARRIAGE in state["hands"][power] and could_marry(state, power)


def _play_marriage(state, power: str, dice) -> None:
    """#73 as an event in the Diplomacy phase (§6.1 L342): it activates or deactivates a
    minor as in the Action phase (`minor_cards`), then goes to the discard pile."""
    state["hands"][power].remove(MARRIAGE)
    S.log(state, "plays_event", power=power, card=MARRIAGE)
    events.resolve(state, power, MARRIAGE, dice)
    S.discard(state, MARRIAGE, as_event=True)
    choices.settle(state, dice)


def _intervention_ok(state, item) -> bool:
    power, minor, declarer = item["power"], item["minor"], item["declarer"]
    return (minor not in state["minor_allies"] and not S.allied(state, power, declarer)
            and _can_pay(state, power, 2))


def _declare(state, declarer: str, target: str, cost: int) -> None:
    w = _pd(state)["war"]
    state["wars"] = sorted(state["wars"] + [T.pair(declarer, target)])
    if cost:
        w["costs"][declarer] = w["costs"].get(declarer, 0) + cost
    w["declared"].append([declarer, target])
    if (declarer == "hapsburg" and target == "england" and henry_viii.aragon_counter_unused(state)
            and cost is not None):
        state["aragon_used"] = True
    if cost:
        S.log(state, "declares_war", power=declarer, target=target, cp=cost)
    else:
        S.log(state, "declares_war_free", power=declarer, target=target)
    for minor, power in (("scotland", "france"), ("venice", "papacy")):
        if target == minor and declarer != power:
            w["queue"].append({"kind": "intervene", "power": power, "minor": minor,
                               "declarer": declarer})


def _intervene(state, item) -> None:
    """§9.6 steps 4-5 and the activation procedure (§22.2 L1830-1836)."""
    w = _pd(state)["war"]
    power, minor, declarer = item["power"], item["minor"], item["declarer"]
    w["costs"][power] = w["costs"].get(power, 0) + 2
    at_war_with_minor = [p for pr in state["wars"] if minor in pr for p in pr if p != minor]
    deactivation.ally(state, minor, power)
    state["wars"] = [pr for pr in state["wars"] if minor not in pr]
    if T.pair(power, declarer) not in state["wars"]:
        state["wars"] = sorted(state["wars"] + [T.pair(power, declarer)])
    w.setdefault("intervened", []).append(minor)
    S.log(state, "intervenes", power=power, minor=minor, declarer=declarer)
    asks = [{"kind": "activation", "power": other, "minor": minor, "activator": power}
            for other in S.MAJORS if other in at_war_with_minor and other not in (declarer, power)]
    w["queue"][0:0] = asks


def _payers(state) -> list[str]:
    w = _pd(state)["war"]
    return [p for p in S.MAJORS if w["costs"].get(p, 0) > 0 and p not in w["paid"]]


def payments(state, power: str) -> list[tuple[int, ...]]:
    """Card sets that pay `power`'s war costs with no card to spare (each is legal)."""
    owed = _pd(state)["war"]["costs"].get(power, 0)
    cards = payable(state, power)
    out = []
    for k in range(1, len(cards) + 1):
        for combo in itertools.combinations(cards, k):
            cps = [facts.card(n).cp for n in combo]
            if sum(cps) >= owed and all(sum(cps) - c < owed for c in cps):
                out.append(combo)
    return out


# ---------------------------------------------------------------- questions
# Each question of the phase is an `engine.questions.Kind`; each segment says who it asks
# now (`_ASKS`), after its automatic steps (`_STEPS`).  The items carry only kind and seat:
# what is asked is read from the phase data.
def _item(kind: str, seat: str) -> dict:
    return {"kind": kind, "seat": seat}


def _suit(state) -> dict:
    return _pd(state)["peace"]["suit"]


def _war_item(state) -> dict:
    return _pd(state)["war"]["queue"][0]


def _eliminate_options(state, item):
    return [Option.of("ELIMINATE", f"ELIMINATE {UNIT_WORDS[k]} IN {sid}",
                      space=OneOf((sid,)), unit=OneOf((k,)))
            for sid, k in _eliminable(state, item["seat"])]


def _buyback_options(state, item):
    loser, winner = item["seat"], _suit(state)["winner"]
    items = _buyback_items(state, loser, winner)
    pays = ("VP", "CARD") if T.drawable(state, loser) else ("VP",)
    opts = [Option.of("DONE", "DONE")]
    if items:
        example = O.order_text({"verb": "BUY_BACK", "item": items[0], "pay": "VP"})
        opts.append(Option.of("BUY_BACK", example, item=OneOf(tuple(items)), pay=OneOf(pays)))
        if _marriage_ok(state, loser):
            opts.append(Option.of("BUY_BACK", "BUY BACK ALL WITH MARRIAGE",
                                  item=OneOf((("all",),)), pay=OneOf(("MARRIAGE",))))
    return opts


def _apply_sue(state, item, order, dice) -> bool:
    pd, seat = _pd(state), item["seat"]
    if order["verb"] == "DONE":
        pd["peace"]["declined"].append(seat)
        pd["peace"]["index"] += 1
    else:
        _start_suit(state, seat, order["power"])
    return True


def _apply_eliminate(state, item, order, dice) -> bool:
    suit = _suit(state)
    suit["left"] -= 1
    S.log(state, "eliminates", power=item["seat"], unit=order["unit"], space=order["space"])
    losses.eliminate(state, order["space"], item["seat"], order["unit"])  # §5.2, §15.3
    return True


def _apply_buyback(state, item, order, dice) -> bool:
    suit = _suit(state)
    if order["verb"] == "DONE":
        _finish_suit(state)
    elif order["pay"] == "MARRIAGE":
        _marriage(state, item["seat"], suit["winner"])
        _finish_suit(state)
    else:
        _buy_back(state, item["seat"], suit["winner"], tuple(order["item"]), order["pay"], dice)
    return True


def _apply_ransom(state, item, order, dice) -> bool:
    seat = item["seat"]
    if order["verb"] == "DONE":
        _pd(state)["index"] += 1
        return True
    lid = order["leader"]
    captor = T.captor_of(state, lid)
    T.draw_random(state, seat, captor, 1, dice, S.msg("why_ransom", leader=lid))
    where = T.free_leader(state, lid)
    S.log(state, "ransoms", power=seat, leader=lid, captor=captor, space=where)
    return True


def _apply_excommunication(state, item, order, dice) -> bool:
    seat = item["seat"]
    if order["verb"] == "DONE":
        _pd(state)["index"] += 1
        return True
    card = T.draw_random(state, seat, None, 1, dice, S.msg("why_excommunication"))[0]
    state["discard"].append(card)
    gained = religion.add_st_peters(state, facts.card(card).cp)
    state["excommunicated"] = [p for p in state["excommunicated"] if p != seat]
    if gained:
        S.log(state, "excommunication_lifted_vp", power=seat, card=card,
              cp=facts.card(card).cp, vp=gained)
    else:
        S.log(state, "excommunication_lifted", power=seat, card=card, cp=facts.card(card).cp)
    return True


def _apply_war(state, item, order, dice) -> bool:
    seat = item["seat"]
    if order["verb"] == "PLAY":
        _play_marriage(state, seat, dice)
    elif order["verb"] == "DONE":
        _pd(state)["war"]["index"] += 1
    else:
        target = order["power"]
        _declare(state, seat, target, war_cost(state, seat, target))
    return True


def _apply_intervene(state, item, order, dice) -> bool:
    queued = _pd(state)["war"]["queue"].pop(0)
    if order["verb"] == "INTERVENE":
        _intervene(state, queued)
    else:
        S.log(state, "no_intervention", power=item["seat"], minor=queued["minor"])
    return True


def _apply_activation(state, item, order, dice) -> bool:
    queued = _pd(state)["war"]["queue"].pop(0)
    if order["verb"] == "DECLARE_WAR":
        _declare(state, item["seat"], queued["activator"], 0)
    else:
        events.withdraw(state, item["seat"], queued["minor"])
    return True


def _default_eliminate(state, item):
    loser = item["seat"]

    def key(unit):
        sid, k = unit
        return (CHEAP_FIRST.index(k), -S.count(state, sid, loser, S.KINDS), sid)
    sid, k = min(_eliminable(state, loser), key=key)
    return {"verb": "ELIMINATE", "space": sid, "unit": k}


def _default_pay(state, item):
    best = min(payments(state, item["seat"]),
               key=lambda c: (sum(facts.card(n).cp for n in c), len(c), c))
    return {"verb": "PAY", "cards": best}


def _done(state, item):
    return {"verb": "DONE"}


def _parse_item(state, item, text):
    return parse(state, _decision(state, item), text)


def _ask(options, apply, prompt, *, clock="response", default=_done, context=None,
         **more) -> questions.Kind:
    return questions.Kind(options=options, apply=apply, default=default, parse=_parse_item,
                          prompt=prompt, clock=clock,
                          context=context or (lambda state, item: {}), **more)


#: The questions of the phase, by kind (§9.1-§9.6, §22.2).
KINDS: dict[str, questions.Kind] = {
    "negotiate": _ask(
        lambda state, item: _negotiation_options(state, item["seat"]),
        lambda state, item, order, dice: _negotiate(state, item["seat"], order) or True,
        lambda state, item: ("negotiation: PROPOSE agreements, ACCEPT or REJECT proposals, "
                             "DONE when you have finished"),
        clock="negotiation", closes_on_done=True,
        context=lambda state, item: {"turn_one": state["turn"] == 1}, deferred=True),
    "sue": _ask(
        lambda state, item: (Option.of("SUE_FOR_PEACE", "SUE FOR PEACE WITH <power>",
                                       power=OneOf(tuple(suits(state, item["seat"])))),
                             Option.of("DONE", "DONE")),
        _apply_sue,
        lambda state, item: "sue for peace: SUE FOR PEACE WITH <power>, or DONE (§9.3)"),
    "eliminate": _ask(
        _eliminate_options, _apply_eliminate,
        lambda state, item: (f"peace with {_suit(state)['winner']}: eliminate "
                             f"{_suit(state)['left']} more of your units (§9.3 step 4)"),
        default=_default_eliminate,
        context=lambda state, item: {"winner": _suit(state)["winner"],
                                     "left": _suit(state)["left"]}),
    "buyback": _ask(
        _buyback_options, _apply_buyback,
        lambda state, item: (f"peace with {_suit(state)['winner']}: BUY BACK home keys, "
                             "leaders or pairs of home spaces WITH VP or WITH CARD, or DONE "
                             "(§9.3 steps 5-7)"),
        context=lambda state, item: {"winner": _suit(state)["winner"]}),
    "ransom": _ask(
        lambda state, item: (Option.of("RANSOM", "RANSOM <leader>",
                                       leader=OneOf(tuple(_ransomable(state, item["seat"])))),
                             Option.of("DONE", "DONE")),
        _apply_ransom,
        lambda state, item: ("ransom: RANSOM <leader> (the captor draws one random card from "
                             "your hand), or DONE (§9.4)")),
    "excommunication": _ask(
        lambda state, item: (Option.of("REMOVE_EXCOMMUNICATION", "REMOVE EXCOMMUNICATION"),
                             Option.of("DONE", "DONE")),
        _apply_excommunication,
        lambda state, item: ("REMOVE EXCOMMUNICATION (the Papacy draws one random card for "
                             "St Peter's), or DONE (§9.5)")),
    "war": _ask(
        lambda state, item: (Option.of("DECLARE_WAR", "DECLARE WAR ON <power>",
                                       power=OneOf(tuple(declarable(state, item["seat"])))),
                             Option.of("PLAY", f"PLAY {MARRIAGE} AS EVENT",
                                       card=OneOf((MARRIAGE,)), mode=OneOf(("event",)))
                             if _marriage_playable(state, item["seat"]) else None,
                             Option.of("DONE", "DONE")),
        _apply_war,
        lambda state, item: ("declarations of war: DECLARE WAR ON <power>, or DONE (§9.6); "
                             "holding card 73: PLAY 73 AS EVENT"),
        context=lambda state, item: {"owed": _pd(state)["war"]["costs"].get(item["seat"], 0)}),
    "intervene": _ask(
        lambda state, item: (Option.of("INTERVENE", "INTERVENE"), Option.of("DONE", "DONE")),
        _apply_intervene,
        lambda state, item: (f"{_war_item(state)['declarer']} declared war on "
                             f"{_war_item(state)['minor']}: INTERVENE for 2 CP, or DONE (§9.6)"),
        context=lambda state, item: dict(_war_item(state)),
        policies=("INTERVENE", "DONE"), standing=events.intervention_standing),
    "activation": _ask(
        lambda state, item: (Option.of("DECLARE_WAR",
                                       f"DECLARE WAR ON {_war_item(state)['activator']}",
                                       power=OneOf((_war_item(state)["activator"],))),
                             Option.of("DONE", "DONE")),
        _apply_activation,
        lambda state, item: (f"{_war_item(state)['activator']} activated "
                             f"{_war_item(state)['minor']}, with whom you are at war: DECLARE "
                             f"WAR ON {_war_item(state)['activator']} (free), or DONE and your "
                             "units leave its spaces (§22.2)"),
        context=lambda state, item: dict(_war_item(state)),
        policies=events.ACTIVATION_POLICIES, standing=events.activation_standing),
    "pay": _ask(
        lambda state, item: (Option.of("PAY", "PAY <card>, <card>",
                                       cards=OneOf(tuple(payments(state, item["seat"])))),),
        lambda state, item, order, dice: _pay(state, item["seat"], tuple(order["cards"])) or True,
        lambda state, item: (f"pay {_pd(state)['war']['costs'][item['seat']]} CP for your "
                             "declarations of war: PAY <cards> (no mandatory event) (§9.6); "
                             "France, having intervened for Scotland, may pay with card 69, the "
                             "Papacy, for Venice, with card 108: the card also brings its new "
                             "units"),
        default=_default_pay,
        context=lambda state, item: {"owed": _pd(state)["war"]["costs"][item["seat"]]}),
}
#: The questions asked of several powers at once (their ids carry the seat).
SIMULTANEOUS = ("negotiate", "pay")


def _asks_peace(state) -> list[dict]:
    suit = _suit(state)
    if suit is not None:
        return [_item("eliminate" if suit["stage"] == "eliminate" else "buyback", suit["loser"])]
    return [_item("sue", S.MAJORS[_pd(state)["peace"]["index"]])]


def _asks_war(state) -> list[dict]:
    w = _pd(state)["war"]
    if w["queue"]:
        queued = w["queue"][0]
        return [_item("intervene" if queued["kind"] == "intervene" else "activation",
                      queued["power"])]
    return [_item("war", S.MAJORS[w["index"]])]


#: Who each segment asks now (§9): read only once the segment is settled (`_STEPS`).
_ASKS = {
    "negotiation": lambda state: [_item("negotiate", p) for p in _asked_in_window(state)],
    "peace": _asks_peace,
    "ransom": lambda state: [_item("ransom", _current_simple(state))],
    "excommunication": lambda state: [_item("excommunication", _current_simple(state))],
    "war": _asks_war,
    "pay": lambda state: [_item("pay", p) for p in _payers(state)],
    "end": lambda state: [],
}


def _decision(state, item) -> Decision:
    simultaneous = item["kind"] in SIMULTANEOUS
    return KINDS[item["kind"]].decision(
        decision_id(state, item["kind"], item["seat"], simultaneous=simultaneous), state, item)


def _queued(state, decision) -> bool:
    """`decision` answers a queued choice (an ``activation`` is also this phase's own)."""
    item = choices.current(state, decision.seat)
    return item is not None and item["kind"] == decision.kind


def decisions(state):
    """The queued choices first (the new units of an intervention card, `minor_cards`),
    then the segment's questions."""
    firsts = choices.first_per_seat(state)
    if firsts:
        return [choices.decision(state, item) for item in firsts]
    return [_decision(state, item) for item in _ASKS[_pd(state)["segment"]](state)]


#: Each segment's automatic steps, True while it asks someone, and its closing step.
_STEPS = {
    "negotiation": (lambda state: bool(_asked_in_window(state)), _close_window),
    "peace": (_peace_ready, None),
    "ransom": (lambda state: _current_simple(state) is not None, None),
    "excommunication": (lambda state: _current_simple(state) is not None, None),
    "war": (_war_ready, None),
    "pay": (lambda state: bool(_payers(state)), None),
}


# ---------------------------------------------------------------- parsing
def parse(state, decision, text):
    if _queued(state, decision):
        return choices.parse(state, decision, text)
    if decision.kind == "war" and grammar.verb_of(text) == "PLAY":
        return action.parse_play(state, decision.seat, text)
    verb = O.verb(text)
    grammar.expect(list(NEGOTIATION_VERBS) if decision.kind == "negotiate"
                   else decision.options.verbs(), verb, text, decision.prompt)
    body = O.rest(text)
    if verb in ("DONE", "INTERVENE", "REMOVE_EXCOMMUNICATION"):
        extra = O._drop_words(body, "EXCOMMUNICATION", "ОТЛУЧЕНИЕ")
        if extra.strip():
            raise IllegalOrder(R(f"{verb.replace('_', ' ')} takes nothing after it", "no_args",
                                 verb=verb.replace("_", " ")))
        return {"verb": verb}
    if verb == "PROPOSE":
        return O.parse_proposal(state, decision.seat, text, T.parties_of)
    if verb in ("ACCEPT", "REJECT", "WITHDRAW"):
        t = O._drop_words(body, "PROPOSAL", "ПРЕДЛОЖЕНИЕ").strip().lstrip("#").lstrip("Pp№")
        if not t.isdigit():
            raise IllegalOrder(R(f"{verb} <proposal number>", "syntax",
                                 text=f"{verb} <proposal number>"),
                               [f"{verb} {p['id']}" for p in _open(state)])
        return {"verb": verb, "id": int(t)}
    if verb == "SUE_FOR_PEACE":
        return {"verb": verb, "power": O._major(O._drop_words(body, "FOR", "PEACE", "WITH", "МИРА",
                                                              "У", "О", "МИРЕ"))}
    if verb == "DECLARE_WAR":
        return {"verb": verb, "power": O.war_target(body)}
    if verb == "RANSOM":
        return {"verb": verb, "leader": grammar.leader(body)}
    if verb == "ELIMINATE":
        head, where = O._split_kw(body, "AT")
        if where is None:
            raise IllegalOrder(R("ELIMINATE <unit> IN <space>", "syntax",
                                 text="ELIMINATE <unit> IN <space>"),
                               ["ELIMINATE REGULAR IN Paris"])
        kind = _unit_kind(head)
        return {"verb": verb, "space": grammar.space(where, land=False), "unit": kind}
    if verb == "BUY_BACK":
        body = O._drop_words(body, "BACK")
        head, pay = O._split_kw(body, "WITH")
        pay = (pay or "").strip().upper()
        pay = {"VP": "VP", "ПО": "VP", "CARD": "CARD", "КАРТА": "CARD", "КАРТОЙ": "CARD",
               "MARRIAGE": "MARRIAGE", "БРАК": "MARRIAGE", "БРАКОМ": "MARRIAGE"}.get(pay)
        if pay is None:
            raise IllegalOrder(R("say how you pay: BUY BACK <...> WITH VP or WITH CARD",
                                 "dip_buyback_how"))
        if pay == "MARRIAGE":
            return {"verb": verb, "item": ("all",), "pay": pay}
        return {"verb": verb, "item": _buyback_item(state, decision.seat, head), "pay": pay}
    if verb == "PAY":
        return {"verb": verb, "cards": O.card_list(body, state["hands"][decision.seat])}
    raise IllegalOrder(R(f"{verb} is not understood here", "dip_not_understood",  # pragma: no cover
                         text=verb))


def _unit_kind(text: str) -> str:
    word = text.strip().upper().rstrip("S")
    for kind, w in UNIT_WORDS.items():
        if word in (w, w.rstrip("S")) or (word == "MERCENARIE" and kind == "mercenaries"):
            return kind
    russian = {"РЕГУЛЯРНЫЙ": "regulars", "НАЁМНИК": "mercenaries", "НАЕМНИК": "mercenaries",
               "КАВАЛЕРИЯ": "cavalry", "ЭСКАДРА": "squadrons", "КОРСАР": "corsairs"}
    if text.strip().upper() in russian:
        return russian[text.strip().upper()]
    raise IllegalOrder(R(f"{text.strip()!r} is not a unit type", "not_unit_type",
                         text=text.strip()),
                       ["REGULAR", "MERCENARY", "CAVALRY", "SQUADRON", "CORSAIR"])


def _buyback_item(state, seat: str, text: str) -> tuple:
    t = text.strip()
    words = t.split()
    if words and words[0].upper() in ("LEADER", "ПОЛКОВОДЦА", "ПОЛКОВОДЕЦ"):
        return ("leader", grammar.leader(" ".join(words[1:])))
    parts = [p for p in O._SEP.split(t) if p.strip()]
    if len(parts) == 2:
        a, b = sorted(grammar.space(p) for p in parts)
        return ("pair", a, b)
    try:
        return ("key", grammar.space(t))
    except IllegalOrder:
        return ("leader", grammar.leader(t))


# ---------------------------------------------------------------- applying
def apply(state, seat, decision, order, dice) -> None:
    if _queued(state, decision):
        choices.apply(state, seat, decision, order, dice)
        _settle(state, dice)
        return
    if decision.kind != "negotiate" and order.get("verb") not in (
            "PROPOSE", "ACCEPT", "REJECT", "WITHDRAW", "PAY") and \
            not decision.options.admits(order):
        raise IllegalOrder(_refusal(state, seat, decision, order))
    KINDS[decision.kind].apply(state, _item(decision.kind, seat), order, dice)
    _settle(state, dice)


def _refusal(state, seat, decision, order) -> Reason:
    verb = order.get("verb")
    if verb == "SUE_FOR_PEACE":
        return R(f"you cannot sue {order.get('power')} for peace now: it must hold one of your "
                 "leaders or home spaces, and the Schmalkaldic war never ends (§9.3)",
                 "dip_cannot_sue", power=order.get("power"))
    if verb == "DECLARE_WAR":
        target = order.get("power")
        why = war_problem(state, seat, target) if target else None
        if why is None and target:
            why = R(f"your hand cannot pay {war_cost(state, seat, target)} more CP "
                    "(mandatory events cannot pay, §9.6)", "dip_war_cannot_pay",
                    cp=war_cost(state, seat, target))
        return why or R("no war can be declared on that", "dip_no_war")
    if verb == "RANSOM":
        return R("that leader is not yours in captivity, or you have no card to pay (§9.4)",
                 "dip_cannot_ransom")
    if verb == "BUY_BACK":
        return R("you can buy back only your home keys, your leaders and pairs of non-key home "
                 "spaces the winner holds; WITH CARD needs a card that can be drawn (§9.3)",
                 "dip_cannot_buy_back")
    if verb == "ELIMINATE":
        return R("you have no such unit there", "dip_no_such_unit")
    if verb == "PLAY":
        return R("in the Diplomacy phase only Diplomatic Marriage (#73) is played as an event, "
                 "when it can activate or deactivate a minor, and only in the declarations of "
                 "war (§6.1)", "dip_play_marriage_only", card=MARRIAGE)
    return R(f"{grammar.order_text(order)} is not possible now ({decision.prompt})",
             "not_possible_now", text=grammar.order_text(order))


def _pay(state, seat: str, cards: tuple) -> None:
    w = _pd(state)["war"]
    owed = w["costs"].get(seat, 0)
    if len(set(cards)) != len(cards) or not cards:
        raise IllegalOrder(R("name each card once: PAY <card>, <card>", "dip_pay_once"))
    for n in cards:
        if n not in state["hands"][seat]:
            raise IllegalOrder(R(f"{grammar.card_label(n)} is not in your hand", "not_in_hand",
                                 card=n))
        if facts.card(n).type == "mandatory":
            raise IllegalOrder(R(f"{facts.card(n).name_en} is a mandatory event: it cannot pay "
                                 "for a war (§9.6)", "dip_pay_mandatory", card=n))
    total = sum(facts.card(n).cp for n in cards)
    if total < owed:
        raise IllegalOrder(R(f"those cards make {total} CP; you owe {owed}", "dip_pay_short",
                             cp=total, owed=owed))
    for n in cards:
        state["hands"][seat].remove(n)
        S.discard(state, n, as_event=False)
    w["paid"].append(seat)
    S.log(state, "pays_war", power=seat, cp=owed, cards=cards)
    for n in cards:          # #69 / #108 paying for an intervention bring new units
        minor_cards.paid_intervention(state, n, seat, w.get("intervened", []))


# ---------------------------------------------------------------- defaults
def default(state, decision):
    if _queued(state, decision):
        return choices.default(state, decision)
    return KINDS[decision.kind].default(state, _item(decision.kind, decision.seat))


# ---------------------------------------------------------------- views
def public_view(state) -> dict:
    """The public side of the phase: the segment, who is still negotiating, the agreements
    announced, declarations and costs (proposals stay private to their parties)."""
    pd = _pd(state)
    out = {"segment": pd["segment"], "negotiating": _asked_in_window(state)
           if pd["segment"] == "negotiation" else [],
           "done": list(pd["done"]), "agreements": [dict(a) for a in pd["announced"]],
           "declarations": [list(d) for d in pd["war"]["declared"]],
           "war_costs": dict(pd["war"]["costs"])}
    suit = pd["peace"]["suit"]
    if suit:
        out["suit"] = dict(suit)
    return out


def private_view(state, seat: str) -> dict:
    """The proposals `seat` is party to, with their confirmations."""
    pd = _pd(state)
    mine = []
    for p in pd["proposals"]:
        if seat in p["parties"]:
            terms = _as_terms(p["terms"])
            mine.append({"id": p["id"], "by": p["by"], "parties": list(p["parties"]),
                         "terms": "; ".join(O.term_text(t) for t in terms),
                         "term_msgs": [O.term_msg(t) for t in terms],
                         "accepted": list(p["accepted"]), "status": p["status"]})
    return {"proposals": mine}
