"""Here I Stand scenario setups (1517, 1532) as plain, validated data.

The facts live in ``data/scenarios/<name>.yaml``; each file documents its
sources and every decision in its ``provenance`` block.  This module only
loads, normalises and checks the structure: it knows nothing about the map or
the counter mix (the tests cross-check those against ``map.yaml`` and
``pieces.yaml``).

Rules: none (data access: the scenario setups)
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

import yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

SCENARIO_DIR = Path(__file__).resolve().parent / "data" / "scenarios"

MAJOR_POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
MINOR_POWERS = ("genoa", "hungary", "scotland", "venice")
INDEPENDENT = "independent"
ALL_POWERS = MAJOR_POWERS + MINOR_POWERS + (INDEPENDENT,)

LANGUAGES = ("german", "french", "english")
NEW_WORLD_POWERS = ("england", "france", "hapsburg")

STACK_COUNTS = ("regulars", "mercenaries", "cavalry", "squadrons", "corsairs")
STACK_KEYS = frozenset(("power", "leaders", "counter") + STACK_COUNTS)

REQUIRED_KEYS = (
    "provenance", "scenario", "name", "first_turn", "last_turn", "tournament_last_turn",
    "vp", "rulers", "wars", "alliances", "activated_minors", "hungary_defeated",
    "schmalkaldic_league", "control", "religion", "units", "electorate_display",
    "debaters_in_play", "debaters_removed", "reformers", "reformers_removed",
    "translations", "new_world", "spaces_out_of_play", "unrest", "excommunicated", "already_excommunicated",
    "marital_status", "pregnancy", "chateaux_vp", "st_peters", "piracy", "war_winner_vp",
    "mandatory_events_played", "removed_cards", "seat_groupings", "alternatives",
)


class ScenarioError(ValueError):
    """A scenario file is missing or structurally invalid."""


def list_scenarios() -> list[str]:
    """Names of the scenario files available, sorted (e.g. ``['1517', '1532']``)."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml") if not p.stem.startswith("_"))


@functools.lru_cache(maxsize=None)
def _read(name: str) -> dict[str, Any]:
    path = SCENARIO_DIR / f"{name}.yaml"
    if not path.is_file():
        raise ScenarioError(f"unknown scenario {name!r}; available: {list_scenarios()}")
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=_Loader)
    if not isinstance(data, dict):
        raise ScenarioError(f"{path.name}: top level must be a mapping")
    return data


def load_scenario(name: str, alternative: str | None = None) -> dict[str, Any]:
    """Return scenario *name* as a fresh, normalised and validated dict.

    Every unit stack gets all count keys (0 when absent) and a ``leaders`` list.
    *alternative* applies one entry of the file's ``alternatives`` block
    (``control`` entries are updated, ``units`` entries replace whole spaces).
    """
    data = copy.deepcopy(_read(str(name)))
    if alternative is not None:
        alts = data.get("alternatives") or {}
        if alternative not in alts:
            raise ScenarioError(f"scenario {name}: no alternative {alternative!r}; have {sorted(alts)}")
        alt = alts[alternative]
        data["control"].update(alt.get("control") or {})
        data["units"].update(copy.deepcopy(alt.get("units") or {}))
        data["alternative"] = alternative
    else:
        data["alternative"] = None
    data["units"] = {space: [_normalise_stack(s) for s in stacks]
                     for space, stacks in (data.get("units") or {}).items()}
    validate_scenario(data)
    return data


def _normalise_stack(stack: Any) -> dict[str, Any]:
    if not isinstance(stack, dict):
        raise ScenarioError(f"unit stack must be a mapping, got {stack!r}")
    out = {"power": stack.get("power")}
    for key in STACK_COUNTS:
        out[key] = stack.get(key, 0)
    out["leaders"] = list(stack.get("leaders") or [])
    if "counter" in stack:
        out["counter"] = stack["counter"]
    unknown = set(stack) - STACK_KEYS
    if unknown:
        raise ScenarioError(f"unit stack has unknown keys {sorted(unknown)}: {stack!r}")
    return out


def _fail(data: dict[str, Any], msg: str) -> None:
    raise ScenarioError(f"scenario {data.get('scenario')!r}: {msg}")


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and value != "" and value == value.lower() and " " not in value


def _check_power(data, value, where, allowed=ALL_POWERS):
    if value not in allowed:
        _fail(data, f"{where}: {value!r} is not one of {allowed}")


def _check_count(data, value, where):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        _fail(data, f"{where}: {value!r} is not a non-negative integer")


def _check_pairs(data, pairs, where):
    if not isinstance(pairs, list):
        _fail(data, f"{where} must be a list of pairs")
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] != pair[1]):
            _fail(data, f"{where}: bad pair {pair!r}")
        for p in pair:
            _check_power(data, p, where, MAJOR_POWERS + MINOR_POWERS)


def validate_scenario(data: dict[str, Any]) -> None:
    """Raise ScenarioError unless *data* has the scenario structure."""
    missing = [k for k in REQUIRED_KEYS if k not in data]
    if missing:
        _fail(data, f"missing keys {missing}")
    if not isinstance(data["provenance"], dict) or not data["provenance"].get("sources"):
        _fail(data, "provenance must list its sources")
    first, last, tour = data["first_turn"], data["last_turn"], data["tournament_last_turn"]
    for v, w in ((first, "first_turn"), (last, "last_turn")):
        _check_count(data, v, w)
    if not 1 <= first <= last <= 9:
        _fail(data, f"turns {first}..{last} outside 1..9")
    if tour is not None and not first <= tour <= last:
        _fail(data, f"tournament_last_turn {tour} outside {first}..{last}")

    vp = data["vp"]
    if vp is not None:
        if set(vp) != set(MAJOR_POWERS):
            _fail(data, f"vp must give every major power, got {sorted(vp)}")
        for p, v in vp.items():
            _check_count(data, v, f"vp.{p}")
    if set(data["rulers"]) != set(MAJOR_POWERS) or not all(map(_is_id, data["rulers"].values())):
        _fail(data, "rulers must map every major power to a ruler id")

    _check_pairs(data, data["wars"], "wars")
    _check_pairs(data, data["alliances"], "alliances")
    at_war = {frozenset(p) for p in data["wars"]}
    for pair in data["alliances"]:
        if frozenset(pair) in at_war:
            _fail(data, f"{pair} are both at war and allied")
    for minor, major in data["activated_minors"].items():
        _check_power(data, minor, "activated_minors", MINOR_POWERS)
        _check_power(data, major, "activated_minors", MAJOR_POWERS)
        if [major, minor] not in data["alliances"] and [minor, major] not in data["alliances"]:
            _fail(data, f"activated minor {minor} is not listed as allied with {major}")

    for space, power in data["control"].items():
        if not _is_id(space):
            _fail(data, f"control: bad space id {space!r}")
        _check_power(data, power, f"control.{space}")

    for key in ("spaces_out_of_play", "unrest"):
        if not isinstance(data[key], list) or not all(map(_is_id, data[key])):
            _fail(data, f"{key} must be a list of space ids")

    prot = data["religion"].get("protestant")
    if not isinstance(prot, list) or not all(map(_is_id, prot)) or len(set(prot)) != len(prot):
        _fail(data, "religion.protestant must be a list of distinct space ids")

    if not isinstance(data["units"], dict):
        _fail(data, "units must map space -> list of stacks")
    for space, stacks in data["units"].items():
        if not _is_id(space) or not isinstance(stacks, list) or not stacks:
            _fail(data, f"units.{space}: need a non-empty list of stacks")
        seen = set()
        for st in stacks:
            _check_power(data, st["power"], f"units.{space}")
            if st["power"] in seen:
                _fail(data, f"units.{space}: two stacks of {st['power']}")
            seen.add(st["power"])
            for key in STACK_COUNTS:
                _check_count(data, st[key], f"units.{space}.{key}")
            if not all(map(_is_id, st["leaders"])):
                _fail(data, f"units.{space}: bad leader ids {st['leaders']}")
            if st["corsairs"] and st["power"] != "ottoman":
                _fail(data, f"units.{space}: only the Ottomans have corsairs")
            if st["cavalry"] and st["power"] != "ottoman":
                _fail(data, f"units.{space}: only the Ottomans have cavalry")
            if not any(st[k] for k in STACK_COUNTS) and not st["leaders"]:
                _fail(data, f"units.{space}: empty stack")

    for space, n in data["electorate_display"].items():
        _check_count(data, n, f"electorate_display.{space}")
    for side in ("papacy", "protestant"):
        for deb in data["debaters_in_play"].get(side, []):
            if not _is_id(deb.get("id")) or not isinstance(deb.get("committed"), bool):
                _fail(data, f"debaters_in_play.{side}: bad entry {deb!r}")
    for reformer, space in data["reformers"].items():
        if not (_is_id(reformer) and _is_id(space)):
            _fail(data, f"reformers: bad entry {reformer}: {space}")

    tr = data["translations"]
    for track in ("new_testament", "full_bible"):
        if set(tr.get(track, {})) != set(LANGUAGES):
            _fail(data, f"translations.{track} must give {LANGUAGES}")
        for lang, pos in tr[track].items():
            _check_count(data, pos, f"translations.{track}.{lang}")

    nw = data["new_world"]
    for key in ("crossing_atlantic", "exploration_marker_side", "discoveries", "conquests",
                "colonies", "removed_explorers", "removed_conquistadors"):
        if key not in nw:
            _fail(data, f"new_world.{key} missing")
    for p, side in nw["exploration_marker_side"].items():
        _check_power(data, p, "new_world.exploration_marker_side", NEW_WORLD_POWERS)
        if side not in ("charted", "uncharted"):
            _fail(data, f"new_world.exploration_marker_side.{p}: {side!r}")
    for item in nw["crossing_atlantic"] + nw["colonies"]:
        _check_power(data, item.get("power"), "new_world", NEW_WORLD_POWERS)
    for key in ("discoveries", "conquests"):
        for what, p in nw[key].items():
            _check_power(data, p, f"new_world.{key}.{what}", NEW_WORLD_POWERS)

    for p, v in data["war_winner_vp"].items():
        _check_power(data, p, "war_winner_vp", MAJOR_POWERS)
        _check_count(data, v, f"war_winner_vp.{p}")
    _check_count(data, data["chateaux_vp"], "chateaux_vp")
    for k in ("cp", "vp"):
        _check_count(data, data["st_peters"].get(k), f"st_peters.{k}")
    _check_count(data, data["piracy"].get("vp"), "piracy.vp")
    for key in ("removed_cards", "mandatory_events_played"):
        for c in data[key]:
            _check_count(data, c, key)

    groups = data["seat_groupings"]
    if set(groups) != {3, 4, 5, 6}:
        _fail(data, f"seat_groupings must cover 3-6 players, got {sorted(groups)}")
    for n, seats in groups.items():
        flat = [p for seat in seats for p in seat]
        if len(seats) != n or sorted(flat) != sorted(MAJOR_POWERS):
            _fail(data, f"seat_groupings.{n}: {n} seats must share the six major powers once each")


def _seat_groupings() -> dict[int, tuple[tuple[str, ...], ...]]:
    raw = _read("1517")["seat_groupings"]
    return {int(n): tuple(tuple(seat) for seat in seats) for n, seats in sorted(raw.items())}


#: Player count -> seats, each seat the powers one player holds (see 1517.yaml provenance).
SEAT_GROUPINGS = _seat_groupings()
