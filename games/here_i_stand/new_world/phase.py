"""Phase 8, the New World: voyages of exploration, then of conquest, then colonies (§20).

Explorations (§20.2 L1531-1545): every "exploration underway" marker becomes a random explorer
of its power's pool (a marker may carry its explorer already: *Sebastian Cabot*); they sail
from the highest value down, ties England, France, the Hapsburgs (L1533).  2d6 + value (+2
with *Mercator's Map*, ``bonus``) on the exploration table: ≤4 lost (removed), 5-6 nothing
(back to the pool), 7-9 the discovery for the roll or the next lower one still open, 10+ a
choice (decision ``voyage``): circumnavigate (taking the Pacific Strait first if still open;
2d6 with the same modifiers, ≥10 success, 12+ also a card; failure removes the explorer), the
Amazon, or a 1-VP discovery.  A discovery's VP go to the power's bonus VP at once.
*Sebastian Cabot*'s card leaves the game when Cabot dies (worked example E18, L1557); his
counter leaves the game after his voyage whatever its result (the card's text: once per power).
Who made each discovery and conquest is kept in ``found_by`` (for the reports).

Conquests (§20.3 L1565-1567): Hapsburgs, then England, then France; the Hapsburg marker becomes
a random conquistador.  2d6 + value (+2 *Smallpox*): ≤6 destroyed (removed), 7-8 nothing,
9+ the conquest for the roll (Maya 9, Aztecs 10, Inca 11+) or the next lower one open; its VP
count at once (kept in bonus VP under ``conquest_<id>``).

Colonies (§20.1 L1523) move from "Crossing Atlantic" to their power's boxes, each taking a
colony marker left (not one *Potosí Silver Mines* took out of the game).  The voyages that
*Fountain of Youth* or *Search for Cibola* cancelled leave the turn track: next turn they may
be launched again.

Default of ``voyage`` (NMR): the Amazon (2 VP, certain) while open, else a 1-VP discovery,
else the circumnavigation attempt.  Standing order: ``STANDING voyage AMAZON|DISCOVER|
CIRCUMNAVIGATE`` (that choice while open, else the default) — phase 8 is nobody's impulse.

Rules: §20.1, §20.2, §20.3 (phase 8)
"""
from __future__ import annotations

from typing import Any

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.dice import Dice
from engine.options import Option
from games.here_i_stand import events, grammar
from games.here_i_stand import state as S
from games.here_i_stand.catalog import load_pieces, load_tables
from games.here_i_stand.new_world import actions as A
from games.here_i_stand.phases import decision_id

#: Tie order of explorations (L1533) and the order of conquests (L1565).
EXPLORE_TIES = ("england", "france", "hapsburg")
CONQUEST_ORDER = ("hapsburg", "england", "france")
CABOT_CARD = 99
DEEP = ("CIRCUMNAVIGATE", "AMAZON", "DISCOVER")
DEEP_WORDS = {"CIRCUMNAVIGATE": "CIRCUMNAVIGATE", "КРУГОСВЕТКА": "CIRCUMNAVIGATE",
              "AMAZON": "AMAZON", "АМАЗОНКА": "AMAZON", "DISCOVER": "DISCOVER",
              "ОТКРЫТИЕ": "DISCOVER"}


def _table() -> Any:
    return load_tables().data["new_world"]


def _value(kind: str, pid: str) -> int:
    pieces = load_pieces()
    return (pieces.explorers if kind == "explorer" else pieces.conquistadors)[pid].value


def _open(state: S.State, what: str, ids: list[str]) -> list[str]:
    taken = A.world(state)[what]
    return [i for i in ids if i not in taken]


def _discovery_for(state: S.State, roll: int) -> str | None:
    """The 1-VP discovery for `roll` (7-9), else the next lower one still open (L1537)."""
    found = [d["id"] for d in _table()["exploration"]["discoveries"]
             if d["roll"] is not None and d["roll"] <= roll]
    open_ = _open(state, "discoveries", found)
    return open_[-1] if open_ else None


def _conquest_for(state: S.State, roll: int) -> str | None:
    found = [c["id"] for c in _table()["conquest"]["conquests"] if c["roll"] <= roll]
    open_ = _open(state, "conquests", found)
    return open_[-1] if open_ else None


def _vp(kind: str, token: str) -> int:
    rows = _table()["exploration"]["discoveries"] if kind == "discovery" else \
        _table()["conquest"]["conquests"]
    return next(int(r["vp"]) for r in rows if r["id"] == token)


def _circumnavigation_vp() -> int:
    return next(int(r["vp"]) for r in _table()["circumnavigation"]["results"] if "vp" in r)


def claimed_vp(state: S.State) -> dict[str, dict[str, int]]:
    """The bonus VP the New World gives each power now (§20, §23.2 L1948): every discovery
    it claimed under the discovery's id, the circumnavigation, and every conquest under
    ``conquest_<id>`` (a depleted conquest keeps its VP) — the scenario's claims included;
    a token the tables do not know gives none (`invariants.claims` reports it)."""
    nw = A.world(state)
    keys = vp_keys()
    out: dict[str, dict[str, int]] = {}
    for token, power in nw["discoveries"].items():
        if token in keys:
            out.setdefault(power, {})[token] = (_circumnavigation_vp()
                                                if token == "circumnavigation"
                                                else _vp("discovery", token))
    for token, power in nw["conquests"].items():
        if f"conquest_{token}" in keys:
            out.setdefault(power, {})[f"conquest_{token}"] = _vp("conquest", token)
    return out


def vp_keys() -> tuple[str, ...]:
    """Every bonus-VP key the New World may give (`claimed_vp`)."""
    return (tuple(d["id"] for d in _table()["exploration"]["discoveries"])
            + ("circumnavigation",)
            + tuple(f"conquest_{c['id']}" for c in _table()["conquest"]["conquests"]))


def _gain(state: S.State, power: str, what: str, token: str, vp: int, pid: str) -> None:
    """`power` claims `token` (its VP at once, in bonus VP: `claimed_vp`)."""
    A.world(state)[what][token] = power
    A.world(state)["found_by"][token] = pid
    key = token if what == "discoveries" else f"conquest_{token}"
    state["bonus_vp"][power][key] = vp


def _place(state: S.State, power: str, pid: str) -> None:
    """`pid` sits on what it found (once: the Pacific Strait's explorer who then sails
    round the world stays one counter)."""
    placed = A.world(state)["placed"].setdefault(power, [])
    if pid not in placed:
        placed.append(pid)


def _remove(state: S.State, power: str, key: str, pid: str) -> None:
    """`pid` leaves the game; one who found the Pacific Strait and then failed to sail round
    the world stays on the strait as well (L1543, E18: Verrazano)."""
    A.world(state)[key].setdefault(power, []).append(pid)
    if pid.startswith("cabot_"):                # the card goes with Cabot (L1557)
        S.pull_card(state, CABOT_CARD)
        if CABOT_CARD not in state["removed"]:
            state["removed"] = sorted(state["removed"] + [CABOT_CARD])


# ---------------------------------------------------------------- explorations
def _voyages(state: S.State, dice: Dice) -> list[dict[str, Any]]:
    """The exploration markers as explorers, in the order they sail (L1533)."""
    items = [i for i in A.world(state)["crossing_atlantic"]
             if i.get("marker") == "exploration_underway"]
    out = []
    for item in items:
        pid = item.get("explorer")
        if not pid:
            pool = A.explorers_left(state, item["power"])
            if not pool:
                continue
            pid = dice.choice(pool)
            item["explorer"] = pid
        out.append({"power": item["power"], "explorer": pid, "bonus": int(item.get("bonus", 0))})
    out.sort(key=lambda v: (-_value("explorer", v["explorer"]), EXPLORE_TIES.index(v["power"])))
    return out


def _explore(state: S.State, voyage: dict[str, Any], dice: Dice) -> bool:
    """Roll one exploration; True when its player must choose (10+)."""
    power, pid = voyage["power"], voyage["explorer"]
    mod = _value("explorer", pid) + voyage["bonus"]
    dice_ = dice.roll(2)
    roll = sum(dice_) + mod
    result = load_tables().exploration(roll)["result"]
    S.log(state, "nw_explore_roll", power=power, explorer=pid, rolls=dice_, mod=mod, total=roll)
    if result == "lost":
        _remove(state, power, "removed_explorers", pid)
        S.log(state, "nw_lost", power=power, explorer=pid)
    elif result == "discovery":
        _discover(state, power, pid, _discovery_for(state, roll))
    elif result == "deep" and len(deep_choices(state)) > 1:
        return True
    elif result == "deep":
        _deep(state, voyage, (deep_choices(state) or ["NONE"])[0], dice)
    else:
        S.log(state, "nw_nothing", power=power, explorer=pid)
    return False


def _discover(state: S.State, power: str, pid: str, token: str | None) -> None:
    if token is None:
        S.log(state, "nw_nothing", power=power, explorer=pid)
        return
    _gain(state, power, "discoveries", token, _vp("discovery", token), pid)
    _place(state, power, pid)
    S.log(state, "nw_discovery", power=power, explorer=pid, token=token,
          vp=_vp("discovery", token))


def deep_choices(state: S.State) -> list[str]:
    """What an explorer at 10+ may still do (L1541-1545)."""
    found = A.world(state)["discoveries"]
    out = []
    if "circumnavigation" not in found:
        out.append("CIRCUMNAVIGATE")
    if "amazon" not in found:
        out.append("AMAZON")
    if _discovery_for(state, 9) is not None:
        out.append("DISCOVER")
    return out


def _deep(state: S.State, voyage: dict[str, Any], choice: str, dice: Dice) -> None:
    power, pid = voyage["power"], voyage["explorer"]
    if choice == "AMAZON":
        _discover(state, power, pid, "amazon")
    elif choice == "DISCOVER":
        _discover(state, power, pid, _discovery_for(state, 9))
    elif choice == "CIRCUMNAVIGATE":
        _circumnavigate(state, voyage, dice)
    else:
        S.log(state, "nw_nothing", power=power, explorer=pid)


def _circumnavigate(state: S.State, voyage: dict[str, Any], dice: Dice) -> None:
    """The Pacific Strait if still open, then the circumnavigation roll (L1543)."""
    power, pid = voyage["power"], voyage["explorer"]
    if "pacific_strait" not in A.world(state)["discoveries"]:
        _discover(state, power, pid, "pacific_strait")
    mod = _value("explorer", pid) + voyage["bonus"]
    dice_ = dice.roll(2)
    roll = sum(dice_) + mod
    row = load_tables().circumnavigation(roll)
    S.log(state, "nw_circum_roll", power=power, explorer=pid, rolls=dice_, mod=mod, total=roll)
    if row["result"] == "failure":
        _remove(state, power, "removed_explorers", pid)
        S.log(state, "nw_circum_failed", power=power, explorer=pid)
        return
    A.world(state)["discoveries"]["circumnavigation"] = power
    A.world(state)["found_by"]["circumnavigation"] = pid
    state["bonus_vp"][power]["circumnavigation"] = int(row["vp"])
    _place(state, power, pid)
    S.log(state, "nw_circumnavigated", power=power, explorer=pid, vp=int(row["vp"]))
    for _ in range(int(row.get("cards", 0))):
        events.draw(state, power, dice)


# ---------------------------------------------------------------- conquests and colonies
def _conquests(state: S.State, dice: Dice) -> None:
    items = [i for i in A.world(state)["crossing_atlantic"]
             if i.get("marker") == "conquest_underway"]
    items.sort(key=lambda i: CONQUEST_ORDER.index(i["power"]))
    for item in items:
        power, pid = item["power"], item.get("conquistador")
        if not pid:
            pool = A.conquistadors_left(state, power)
            if not pool:
                continue
            pid = dice.choice(pool) if power == "hapsburg" else pool[0]
            item["conquistador"] = pid
        mod = _value("conquistador", pid) + int(item.get("bonus", 0))
        dice_ = dice.roll(2)
        roll = sum(dice_) + mod
        result = load_tables().conquest(roll)["result"]
        S.log(state, "nw_conquest_roll", power=power, conquistador=pid, rolls=dice_, mod=mod,
              total=roll)
        token = _conquest_for(state, roll) if result == "conquest" else None
        if result == "killed":
            A.world(state)["removed_conquistadors"].setdefault(power, []).append(pid)
            S.log(state, "nw_conquest_killed", power=power, conquistador=pid)
        elif token is None:
            S.log(state, "nw_conquest_nothing", power=power, conquistador=pid)
        else:
            _gain(state, power, "conquests", token, _vp("conquest", token), pid)
            _place(state, power, pid)
            S.log(state, "nw_conquest", power=power, conquistador=pid, token=token,
                  vp=_vp("conquest", token))


def _colonies(state: S.State) -> None:
    nw = A.world(state)
    names = load_pieces().colonies
    for item in [i for i in nw["crossing_atlantic"] if i.get("marker") == "colony"]:
        used = {c.get("name") for c in nw["colonies"]}
        used |= set(nw["colony_markers_removed"].get(item["power"], []))
        free = [n for n in names.get(item["power"], ()) if n not in used]
        name = item.get("name") or (free[0] if free else f"colony_{len(nw['colonies']) + 1}")
        nw["colonies"].append({"power": item["power"], "name": name})
        S.log(state, "nw_colony", power=item["power"], colony=name)


# ---------------------------------------------------------------- the phase
def enter(state: S.State, dice: Dice) -> None:
    """Draw the explorers and sail until a choice is needed (then `decisions` asks it)."""
    state["phase_data"] = {"queue": _voyages(state, dice), "pending": None}
    _run(state, dice)


def _run(state: S.State, dice: Dice) -> None:
    data = state["phase_data"]
    while data["queue"]:
        voyage = data["queue"].pop(0)
        if _explore(state, voyage, dice):
            data["pending"] = voyage
            return
    _conquests(state, dice)
    _colonies(state)
    _retire_cabots(state)
    A.world(state)["crossing_atlantic"] = []
    A.world(state)["turn_track"] = []


def _retire_cabots(state: S.State) -> None:
    """A Cabot who came back leaves the game all the same (card #99's text: once per power
    per game); only his death also removes the card (L1557)."""
    nw = A.world(state)
    for item in nw["crossing_atlantic"]:
        pid = item.get("explorer") or ""
        power = item["power"]
        done = list(nw["removed_explorers"].get(power, [])) + list(nw["placed"].get(power, []))
        if pid.startswith("cabot_") and pid not in done:
            nw["removed_explorers"].setdefault(power, []).append(pid)


def _voyage_apply(state: S.State, item: dict[str, Any], order: dict[str, Any], dice: Dice) -> bool:
    choice = order.get("verb")
    if choice not in deep_choices(state):
        raise IllegalOrder(Reason(f"{choice} is not open: " + ", ".join(deep_choices(state)),
                                  "nw_choice_closed", verb=str(choice)),
                           deep_choices(state))
    voyage = state["phase_data"]["pending"]
    state["phase_data"]["pending"] = None
    _deep(state, voyage, choice, dice)
    _run(state, dice)
    return True


def _voyage_parse(state: S.State, item: dict[str, Any], text: str) -> dict[str, Any]:
    word = text.strip().split(maxsplit=1)[0].upper() if text.strip() else ""
    if word not in DEEP_WORDS:
        raise IllegalOrder(Reason("say CIRCUMNAVIGATE, AMAZON or DISCOVER", "syntax",
                                  text="CIRCUMNAVIGATE | AMAZON | DISCOVER"), list(DEEP))
    grammar.no_args(word, text)
    return {"verb": DEEP_WORDS[word]}


def _voyage_default(state: S.State, item: dict[str, Any]) -> dict[str, Any]:
    open_ = deep_choices(state)
    pick = next(c for c in ("AMAZON", "DISCOVER", "CIRCUMNAVIGATE") if c in open_)
    return {"verb": pick}


def _voyage_standing(policy: str, state: S.State, decision) -> dict[str, Any] | None:
    """``STANDING voyage AMAZON|DISCOVER|CIRCUMNAVIGATE``: that choice while it is open,
    else the default."""
    if not state["phase_data"].get("pending"):
        return None
    word = policy.strip().upper()
    if word in deep_choices(state):
        return {"verb": word}
    return _voyage_default(state, _item(state))


#: An explorer rolled 10+ (§20.2 L1539-1545): circumnavigate, the Amazon or a 1-VP discovery.
VOYAGE = questions.Kind(
    options=lambda state, item: tuple(o for o in (Option.of("CIRCUMNAVIGATE", "CIRCUMNAVIGATE"),
                                                  Option.of("AMAZON", "AMAZON"),
                                                  Option.of("DISCOVER", "DISCOVER"))
                                      if o.verb in deep_choices(state)),
    apply=_voyage_apply, default=_voyage_default, parse=_voyage_parse,
    policies=DEEP, standing=_voyage_standing,
    prompt=lambda state, item: ("New World: your explorer went deep into South America: "
                                + " | ".join(deep_choices(state))),
    context=lambda state, item: {"explorer": item["explorer"],
                                 "choices": deep_choices(state)})


def _item(state: S.State) -> dict[str, Any]:
    voyage = state["phase_data"]["pending"]
    return {"kind": "voyage", "seat": voyage["power"], "explorer": voyage["explorer"]}


def decisions(state: S.State) -> list:
    if not state["phase_data"].get("pending"):
        return []
    return [VOYAGE.decision(decision_id(state, "voyage"), state, _item(state))]


def parse(state: S.State, decision, text: str) -> dict[str, Any]:
    return VOYAGE.parse(state, _item(state), text)


def apply(state: S.State, seat: str, decision, order: dict[str, Any], dice: Dice) -> None:
    VOYAGE.apply(state, _item(state), order, dice)


def default(state: S.State, decision) -> dict[str, Any]:
    return VOYAGE.default(state, _item(state))
