"""The mandatory events that are not ruler changes (§6.1 L325, §11): Defender of the Faith
(#11), Master of Italy (#12), Schmalkaldic League (#13), Society of Jesus (#15), Council of
Trent (#17).  `tables` lists their events and questions; the Action phase adds the 2 CP, Winter
forces the overdue ones (§19.8 L1489-1499: the League in winter of turn 4, Society of Jesus of
turn 6) without them.  Card summaries: ``data/cards.yaml``.

* **#11 Defender of the Faith** (§18.4 L1333): the Papacy makes 3 counter-reformation
  attempts, every zone a target zone, each target chosen after the previous result (``REFORM
  <space>``); played by England, England then draws a card.  Removed after play.
* **#12 Master of Italy** (§23.2 L1959): a major power controlling 3 of Genoa, Milan, Venice,
  Florence, Naples gains 1 bonus VP, 4 or 5 gain 2 (the Master of Italy markers accumulate);
  one controlling exactly 2 draws a card.  An activated minor's key counts for its major
  (its markers become the major's, §22.2 L1832).  It stays in the deck (L325).
* **#13 Schmalkaldic League** (§21.6 L1764-1777): from turn 2 with 12 Protestant spaces
  (unrest counts, L1744), or forced in winter of turn 4: John Frederick joins the Protestant
  stack nearest Wittenberg, Philip of Hesse the one nearest Kassel (none: the city itself);
  every Protestant home space of Protestant religion comes under Protestant
  control, except those with a fortress marker (L1773: *Trace Italienne*, #104, places them;
  a space fortified on the map is no exception); the pre-League limits end (``state["league"]``); the Protestants are at war
  with the Hapsburgs and the Papacy for good (diplomacy refuses that peace); Protestant units
  and leaders in Catholic electorates go to the nearest Protestant electorate; electorate units arrive for Protestant electorates the Protestants now control (L1777).
  When several stacks or electorates are equally near, the Protestants choose (``NEAREST
  <space>``, `league_nearest`; default and ``STANDING league_nearest DEFAULT``: the first by
  id).  Ruling: the rulebook does not say who breaks the tie; the pieces are the Protestants',
  and the owner chooses among equally near destinations elsewhere (§19.3 L1438, ports).
  Played while the condition fails, nothing happens and the card goes to the discard pile
  (it is removed only once the League has formed, the card's own text).
* **#15 Society of Jesus** (§21.5 L1706-1708, §18.2 L1194): the Papacy places 2 Jesuit
  universities (``state["jesuits"]``) in Catholic spaces without one, one at a time (``FOUND
  <space>``).  The *Found Jesuit University* CP action it unlocks is a religious action (§18.1
  L1180, `reformation/actions.py`).
* **#17 Council of Trent** (the card's summary: the rulebook has no procedure for it, only
  L325 and L1226 name it; ruling in the README): the Papacy commits
  up to 4 uncommitted debaters, then the Protestants up to 2 (``COMMIT <debaters>`` or
  ``COMMIT NONE``); each side rolls dice equal to its debaters' total value (Pole: +1 die, his
  bonus in pieces.yaml), 5-6 hits; the side with more hits turns as many spaces as the
  difference to its religion, each eligible for an attempt of that religion when chosen
  (``CONVERT <space>``).  It stays in the deck (L325).

Defaults (NMR): the targets with the best odds (`religion.best_target`); universities where
the most Protestant neighbours are; the highest-value debaters; conversions with the best
odds order.

Rules: §18.4 (Defender of the Faith), §21.5 (Society of Jesus), §21.6 (Schmalkaldic
League), §23.2 (Master of Italy)
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import OneOf, Option, SubsetOf
from games.here_i_stand import choices, events, facts, grammar, religion, relocation
from games.here_i_stand import diplomacy_orders as O
from games.here_i_stand import state as S
from games.here_i_stand.navy import ports
from games.here_i_stand.reformation import attempts

#: The questions this module asks (`tables` hands them to `choices`).
KINDS: dict[str, questions.Kind] = {}
#: Canonical texts of their verbs (`tables` hands them to `grammar`).
TEXTS: dict[str, Callable[[dict], str]] = {}

DEFENDER, MASTER, LEAGUE, JESUITS, TRENT = 11, 12, 13, 15, 17
ITALIAN_KEYS = ("genoa", "milan", "venice", "florence", "naples")
LEAGUE_SPACES = 12


# ---------------------------------------------------------------- #11 Defender of the Faith
def defender_of_the_faith(state: S.State, power: str, dice: Dice) -> int:
    events.counter_reformation(state, 3, religion.ZONES, "Defender of the Faith",
                               S.msg("why_card", card=DEFENDER),
                               draw_after="england" if power == "england" else None)
    return 0


# ---------------------------------------------------------------- #12 Master of Italy
def italian_keys(state: S.State) -> dict[str, list[str]]:
    """{major: Italian keys its side controls} (an allied minor's for its major)."""
    out: dict[str, list[str]] = {}
    for key in ITALIAN_KEYS:
        owner = S.major_of(state, S.controller(state, key))
        if owner in S.MAJORS:
            out.setdefault(owner, []).append(key)
    return out


def master_of_italy(state: S.State, power: str, dice: Dice) -> int:
    held = italian_keys(state)
    awarded = False
    for major in S.MAJORS:
        n = len(held.get(major, []))
        if n >= 3:
            vp = 2 if n >= 4 else 1
            bonus = state["bonus_vp"][major]
            bonus["master_of_italy"] = bonus.get("master_of_italy", 0) + vp
            S.log(state, "master_of_italy_vp", card=MASTER, power=major, n=n, vp=vp)
            awarded = True
        elif n == 2:
            S.log(state, "master_of_italy_card", card=MASTER, power=major, n=n)
            events.draw(state, major, dice)
            awarded = True
    if not awarded:
        S.log(state, "master_of_italy_none", card=MASTER)
    return 0


# ---------------------------------------------------------------- #13 Schmalkaldic League
def protestant_spaces_with_unrest(state: S.State) -> int:
    return sum(1 for rec in state["spaces"].values() if rec.get("religion") == "protestant")


def league_problem(state: S.State) -> dict | None:
    """Why the League does not form if the card is played now, as a message (`S.msg`;
    None: it forms)."""
    if state["league"]:
        return S.msg("league_formed_already")
    if state["phase"] == "winter":
        return None                               # forced in winter of turn 4 (§19.8)
    if state["turn"] < 2:
        return S.msg("league_too_early")
    n = protestant_spaces_with_unrest(state)
    if n < LEAGUE_SPACES:
        return S.msg("league_too_few", n=n, total=LEAGUE_SPACES)
    return None


def nearest(state: S.State, start: str, pool) -> list[str]:
    """The spaces of `pool` nearest `start` for the Protestants (§21.6 L1771-1776): one,
    several equally near (the Protestants choose), or none reachable."""
    dist = relocation.distances(state, "protestant", start)
    found = [s for s in pool if s in dist]
    return sorted(s for s in found if dist[s] == min(dist[f] for f in found))


def _place_leader(state: S.State, lid: str, where: str) -> None:
    S.move_leader(state, lid, None, where)
    S.log(state, "league_leader", leader=lid, space=where)


def _move_out(state: S.State, src: str, dest: str) -> None:
    """The Protestant units and leaders in Catholic electorate `src` go to `dest` (L1776)."""
    for kind in S.LAND:
        k = S.units(state, src).get("protestant", {}).get(kind, 0)
        if k:
            S.add_units(state, src, "protestant", kind, -k)
            S.add_units(state, dest, "protestant", kind, k)
    for lid in _protestant_leaders(state, src):
        S.move_leader(state, lid, src, dest)
    S.log(state, "league_moves", src=src, dst=dest)


def _protestant_leaders(state: S.State, sid: str) -> list[str]:
    return [l for l in S.leaders_at(state, sid) if S.leader_power(state, l) == "protestant"]


def _ask_nearest(state: S.State, tied: list[str], **what: str) -> dict:
    item = {"kind": "league_nearest", "seat": "protestant", "spaces": tied, **what}
    choices.push(state, item)
    return item


def form_league(state: S.State) -> None:
    """§21.6 L1769-1777, in the rulebook's order; a tie for the nearest stack or electorate
    is asked of the Protestants (`league_nearest`) and settled when they answer; a leader
    still to be placed learns where the stacks that left Catholic electorates went, to
    follow his stack there (L1776)."""
    m = S.board()
    state["league"] = True
    S.log(state, "league_forms", card=LEAGUE)
    stacks = sorted(sid for sid in state["spaces"] if sid in m.spaces
                    and S.count(state, sid, "protestant") > 0)
    asked = []
    for lid, near in (("john_frederick", "wittenberg"), ("philip_of_hesse", "kassel")):
        if S.where_is(state, lid) is not None:
            continue
        found = nearest(state, near, stacks)
        if len(found) > 1:
            asked.append(_ask_nearest(state, found, leader=lid, near=near))
        else:
            _place_leader(state, lid, found[0] if found else near)
    markers = set(S.fortress_markers(state))       # L1773: these stay as they are
    for sid in m.spaces_of(home="protestant"):
        if (S.religion(state, sid) == "protestant" and S.controller(state, sid) != "protestant"
                and sid not in markers):
            ports.change(state, sid, "protestant")
            S.log(state, "league_control", space=sid)
    for enemy in ("hapsburg", "papacy"):
        events.start_war(state, "protestant", enemy, S.msg("why_league", card=LEAGUE))
    electorates = m.electorates()
    protestant = [e for e in electorates if S.religion(state, e) == "protestant"]
    moved: dict[str, str] = {}
    for sid in electorates:
        if S.religion(state, sid) == "protestant":
            continue
        if not S.count(state, sid, "protestant") and not _protestant_leaders(state, sid):
            continue
        found = nearest(state, sid, protestant)
        if not found:
            S.log(state, "league_no_electorate", space=sid)
        elif len(found) > 1:
            _ask_nearest(state, found, src=sid)
        else:
            _move_out(state, sid, found[0])
            moved[sid] = found[0]
    for item in asked:
        item["moved"] = {s: d for s, d in moved.items() if s in item["spaces"]}
    for sid in electorates:
        religion.electorate_units(state, sid)


def schmalkaldic_league(state: S.State, power: str, dice: Dice) -> int:
    why = league_problem(state)
    if why:
        S.log(state, "league_fails", card=LEAGUE, why=why)
        state["phase_data"]["card_fate"] = "discard"
        return 0
    form_league(state)
    return 0


# ---------------------------------------------------------------- #15 Society of Jesus
def university_sites(state: S.State) -> tuple[str, ...]:
    have = set(state.get("jesuits", []))
    return tuple(sorted(s for s in S.board().spaces if s not in have and S.in_play(state, s)
                        and religion.faith(state, s) == religion.CATHOLIC))


def society_of_jesus(state: S.State, power: str, dice: Dice) -> int:
    choices.push(state, {"kind": "jesuits", "seat": "papacy", "left": 2})
    return 0


def _jesuit_options(state, item):
    sites = university_sites(state)
    return [Option.of("FOUND", f"FOUND {sites[0]}", space=OneOf(sites))] if sites else []


def _jesuit_apply(state, item, order, dice) -> bool:
    state["jesuits"] = sorted(state.get("jesuits", []) + [order["space"]])
    item["left"] -= 1
    S.log(state, "jesuit_university", card=item.get("card", JESUITS), space=order["space"])
    return item["left"] <= 0


def _jesuit_default(state, item):
    m = S.board()

    def score(sid: str):
        near = sum(1 for n in m.neighbours(sid) if S.religion(state, n) == "protestant")
        return (-near, sid)

    return {"verb": "FOUND", "space": min(university_sites(state), key=score)}


def _space_order(verb_name: str, *aliases: str):
    def parse(state, item, text):
        verb = O.verb(text)
        if verb in aliases:
            verb = verb_name
        grammar.expect([verb_name], verb, text, f"{verb_name} <space>")
        return {"verb": verb_name, "space": grammar.space(O.rest(text))}
    return parse


KINDS["jesuits"] = choices.Kind(
    options=_jesuit_options, apply=_jesuit_apply, default=_jesuit_default,
    parse=_space_order("FOUND", "ОСНОВАТЬ", "PLACE"),
    prompt=lambda state, item: (f"card {item.get('card', JESUITS)}: FOUND <Catholic space> — "
                                f"{item['left']} Jesuit universit"
                                + ("y" if item["left"] == 1 else "ies") + " to place"),
    context=lambda state, item: {"left": item["left"], "card": item.get("card", JESUITS)},
    settle=lambda state, item, dice: item["left"] <= 0,
    policies=("DEFAULT",), standing=attempts.by_default("jesuits", _jesuit_default))
TEXTS["FOUND"] = lambda o: f"FOUND {o['space']}"


# ---------------------------------------------------------------- #13: equally near
def _nearest_options(state, item):
    spaces = tuple(item["spaces"])
    return [Option.of("NEAREST", f"NEAREST {spaces[0]}", space=OneOf(spaces))]


def _nearest_apply(state, item, order, dice) -> bool:
    if "leader" in item:
        _place_leader(state, item["leader"], order["space"])
        follow = item.get("moved", {}).get(order["space"])
        if follow:                          # his stack has left a Catholic electorate (L1776)
            S.move_leader(state, item["leader"], order["space"], follow)
            S.log(state, "league_moves", src=order["space"], dst=follow)
    else:
        _move_out(state, item["src"], order["space"])
    return True


def _nearest_default(state, item):
    return {"verb": "NEAREST", "space": sorted(item["spaces"])[0]}


def _nearest_context(state, item):
    why = (S.msg("league_tie_leader", leader=item["leader"], space=item["near"],
                 spaces=list(item["spaces"])) if "leader" in item else
           S.msg("league_tie_units", src=item["src"], spaces=list(item["spaces"])))
    return {"why_msg": why, "card": LEAGUE}


KINDS["league_nearest"] = choices.Kind(
    options=_nearest_options, apply=_nearest_apply, default=_nearest_default,
    parse=_space_order("NEAREST", "БЛИЖАЙШИЙ", "TO"), context=_nearest_context,
    prompt=lambda state, item: (f"Schmalkaldic League: equally near {', '.join(item['spaces'])}"
                                ": NEAREST <space>"),
    policies=("DEFAULT",), standing=attempts.by_default("league_nearest", _nearest_default))
TEXTS["NEAREST"] = lambda o: f"NEAREST {o['space']}"


# ---------------------------------------------------------------- #17 Council of Trent
SIDES = {"papacy": ("papacy", 4), "protestant": ("protestant", 2)}


def uncommitted(state: S.State, side: str) -> tuple[str, ...]:
    return tuple(sorted(d["id"] for d in state["debaters"][side] if not d["committed"]))


def council_of_trent(state: S.State, power: str, dice: Dice) -> int:
    for side in ("papacy", "protestant"):
        choices.push(state, {"kind": "trent", "seat": side, "most": SIDES[side][1]})
    return 0


def _trent_options(state, item):
    side, most = SIDES[item["seat"]]
    pool = uncommitted(state, side)
    return [Option.of("COMMIT", "COMMIT " + (", ".join(pool[:most]) or "NONE"),
                      debaters=SubsetOf(pool, 0, most))]


def _trent_apply(state, item, order, dice) -> bool:
    side = item["seat"]
    chosen = list(order["debaters"])
    for d in state["debaters"][side]:
        if d["id"] in chosen:
            d["committed"] = True
    council = state["phase_data"].setdefault("trent", {})
    council[side] = chosen
    if chosen:
        S.log(state, "trent_commits", card=TRENT, power=side, debaters=chosen)
    else:
        S.log(state, "trent_commits_none", card=TRENT, power=side)
    if side == "protestant":
        _trent_roll(state, dice)
    return True


def _dice_of(side: str, chosen) -> int:
    n = sum(facts.debaters()[d].value for d in chosen)
    if side == "papacy" and "pole" in chosen:
        n += 1                              # Pole's bonus at the Council (pieces.yaml)
    return n


def _trent_roll(state, dice) -> None:
    council = state["phase_data"].pop("trent", {})
    hits = {}
    for side in ("papacy", "protestant"):
        rolls = dice.roll(_dice_of(side, council.get(side, []))) if council.get(side) else []
        hits[side] = sum(1 for r in rolls if r >= 5)
        S.log(state, "trent_rolls", card=TRENT, power=side, rolls=rolls, hits=hits[side])
    diff = hits["papacy"] - hits["protestant"]
    if diff == 0:
        S.log(state, "trent_draw", card=TRENT)
        return
    winner = "papacy" if diff > 0 else "protestant"
    faith = religion.CATHOLIC if winner == "papacy" else religion.PROTESTANT
    S.log(state, "trent_converts", card=TRENT, power=winner, n=abs(diff))
    choices.push(state, {"kind": "trent_convert", "seat": winner, "side": faith,
                         "left": abs(diff)}, first=True)


def _trent_default(state, item):
    side, most = SIDES[item["seat"]]
    pool = sorted(uncommitted(state, side), key=lambda d: (-facts.debaters()[d].value, d))
    return {"verb": "COMMIT", "debaters": tuple(sorted(pool[:most]))}


def _trent_parse(state, item, text):
    verb = O.verb(text)
    if verb in ("ЗАДЕЙСТВОВАТЬ", "SEND"):
        verb = "COMMIT"
    grammar.expect(["COMMIT"], verb, text, "COMMIT <debaters> | COMMIT NONE")
    body = O.rest(text).strip()
    if body.upper() in ("", "NONE", "НИКОГО", "NOBODY"):
        return {"verb": "COMMIT", "debaters": ()}
    names = facts.debaters()
    found = set()
    for part in body.replace(" and ", ",").replace(" И ", ",").split(","):
        if not part.strip():
            continue
        key = grammar.normalize(part)
        hit = [d for d, rec in names.items()
               if key in (grammar.normalize(d), grammar.normalize(rec.name_en),
                          grammar.normalize(rec.name_ru))]
        if not hit:
            raise IllegalOrder(Reason(f"{part.strip()!r} is not a debater", "not_a_debater",
                                      text=part.strip()),
                               list(uncommitted(state, SIDES[item['seat']][0])))
        found.add(hit[0])
    return {"verb": "COMMIT", "debaters": tuple(sorted(found))}


def _trent_settle(state, item, dice) -> bool:
    """A side with no uncommitted debater commits none without being asked."""
    if uncommitted(state, SIDES[item["seat"]][0]):
        return False
    _trent_apply(state, item, {"verb": "COMMIT", "debaters": ()}, dice)
    return True


KINDS["trent"] = choices.Kind(
    options=_trent_options, apply=_trent_apply, default=_trent_default, parse=_trent_parse,
    prompt=lambda state, item: (f"Council of Trent: COMMIT up to {SIDES[item['seat']][1]} "
                                "uncommitted debaters (or COMMIT NONE); their values are your dice"),
    settle=_trent_settle)
TEXTS["COMMIT"] = lambda o: "COMMIT " + (", ".join(o["debaters"]) or "NONE")


def _convert_options(state, item):
    found = tuple(religion.targets(state, item["side"]))
    return [Option.of("CONVERT", f"CONVERT {found[0]}", space=OneOf(found))] if found else []


def _convert_apply(state, item, order, dice) -> bool:
    religion.convert(state, order["space"], item["side"])
    item["left"] -= 1
    S.log(state, "trent_converted", card=TRENT, space=order["space"], faith=item["side"])
    return item["left"] <= 0


def _convert_default(state, item):
    zones = religion.ZONES
    return {"verb": "CONVERT", "space": religion.best_target(state, item["side"], zones=zones)}


KINDS["trent_convert"] = choices.Kind(
    options=_convert_options, apply=_convert_apply, default=_convert_default,
    parse=_space_order("CONVERT", "ОБРАЩЕНИЕ", "FLIP"),
    prompt=lambda state, item: (f"Council of Trent: CONVERT <space> — {item['left']} space(s) "
                                f"to turn {item['side']}, each one eligible when chosen"),
    settle=lambda state, item, dice: item["left"] <= 0)


#: The mandatory events this module resolves (`tables` gathers every card's).
EVENTS: dict[int, events.Resolver] = {DEFENDER: defender_of_the_faith, MASTER: master_of_italy,
                      LEAGUE: schmalkaldic_league, JESUITS: society_of_jesus,
                      TRENT: council_of_trent}
