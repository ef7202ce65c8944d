"""``pbem data check virtu``: the data kit validated against the rules (§15, the components
list L45–116), and every provisional value listed.

Rules: §1, §15
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from engine.contract import DataReport
from games.virtu.kit import ACTIONS, FILES, PROVISIONAL, RESOURCES, Kit, parse, read_files

SOURCE = re.compile(r"^rulebook L\d+$")
COLOURS = ("blue", "red", "yellow", "green", "white")
PURCHASE = ("florin", "crown", "cross")


def check(directory: Path) -> DataReport:
    """Every problem of the kit in `directory` (empty when sound) and its provisional values."""
    files = read_files(directory)
    missing = [f"{name}.yaml is missing" for name in FILES if f"{name}.yaml" not in files]
    if missing:
        return DataReport(problems=missing, provisional=[])
    try:
        kit = parse(files)
    except ValueError as problem:
        return DataReport(problems=[str(problem)], provisional=[])
    problems: list[str] = []
    for part in (_sources, _map, _families, _palaces, _nobles, _tokens, _patronage, _rules):
        try:
            part(kit, problems.append)
        except (KeyError, TypeError, AttributeError, ValueError) as broken:
            problems.append(f"{part.__name__[1:]}: malformed entry ({type(broken).__name__}: "
                            f"{broken})")
    return DataReport(problems=problems, provisional=kit.provisional())


Report = Callable[[str], None]


def _sources(kit: Kit, bad: Report) -> None:
    for where, source in kit.values():
        if source != PROVISIONAL and not SOURCE.match(source):
            bad(f"{where}: source {source!r} is neither 'rulebook L<n>' nor 'provisional'")
        if where.endswith(".name"):
            names = _at(kit, where)
            if not (isinstance(names, dict) and all(isinstance(names.get(lang), str)
                                                    and names[lang] for lang in ("en", "ru"))):
                bad(f"{where}: a name in English and Russian ({{en: ..., ru: ...}})")


def _at(kit: Kit, where: str) -> Any:
    """The value at a `Kit.values` path (``file.key.key``, no list indices in names)."""
    file, *keys = where.split(".")
    node = kit[file]
    for key in keys:
        node = node[key]
    return node


def _resources(where: str, value: Any, bad: Report, allowed: tuple[str, ...] = RESOURCES) -> None:
    if not isinstance(value, dict):
        bad(f"{where}: not a mapping of resources")
        return
    for key, n in value.items():
        if key not in allowed:
            bad(f"{where}: unknown resource {key!r} (one of {', '.join(allowed)})")
        if not isinstance(n, int) or n < 0:
            bad(f"{where}: {key} must be a whole number >= 0")


def _count(where: str, found: int, wanted: int, line: str, bad: Report) -> None:
    if found != wanted:
        bad(f"{where}: {found} found, the rules have {wanted} ({line})")


def _map(kit: Kit, bad: Report) -> None:
    world = kit["map"]
    seas, cities = world["seas"], world["cities"]
    for x, y, _ in world["sea_links"]:
        for sea in (x, y):
            if sea not in seas:
                bad(f"map.sea_links: unknown sea {sea!r}")
    for city, v in cities.items():
        if not isinstance(v["stability"], int) or not 1 <= v["stability"] <= 4:
            bad(f"map.cities.{city}: stability must be 1..4 (L869)")
        for sea in v["seas"]:
            if sea not in seas:
                bad(f"map.cities.{city}: unknown sea {sea!r}")
        if v["pirate"] and not v["seas"]:
            bad(f"map.cities.{city}: a pirate port must touch a sea (L661)")
        for side in v["sides"]:
            if side not in world["sides"]:
                bad(f"map.cities.{city}: unknown side {side!r}")
    seen = set()
    for a, b, _ in world["roads"]:
        for city in (a, b):
            if city not in cities:
                bad(f"map.roads: unknown city {city!r}")
        if frozenset((a, b)) in seen or a == b:
            bad(f"map.roads: road {a}-{b} is given twice or loops")
        seen.add(frozenset((a, b)))
    _count("map: cities on the 2/5 side", len(kit.cities("five")), 30, "31 tokens, 2 of Rome, L67",
           bad)
    _count("map: cities on the 3/4 side", len(kit.cities("four")), 28,
           "Perugia and Civitavecchia are not on it, L172", bad)
    _count("map: starred cities", sum(v["star"] for v in cities.values()), 8, "L170", bad)
    _count("map: pirate ports", sum(v["pirate"] for v in cities.values()), 4, "L661", bad)
    for side in world["sides"]:
        if any(city not in cities for a, b, _ in world["roads"] for city in (a, b)):
            return
        _connected(kit, side, bad)


def _connected(kit: Kit, side: str, bad: Report) -> None:
    """Every city of `side` reachable by roads and sea routes."""
    roads = kit.roads(side)
    ports = [c for c in roads if kit.city(c)["seas"]]
    start = next(iter(roads), None)
    reached, todo = {start}, [start]
    while todo and start is not None:
        here = todo.pop()
        near = set(roads[here])
        if here in ports:
            near |= {p for p in ports if kit.sea_distance(here, p) is not None}
        for city in near - reached:
            reached.add(city)
            todo.append(city)
    cut = sorted(set(roads) - reached)
    if cut:
        bad(f"map: side {side} is not connected; cut off: {', '.join(cut)}")


def _families(kit: Kit, bad: Report) -> None:
    families, cards = kit["families"]["families"], kit["families"]["cards"]
    if sorted(families) != sorted(COLOURS):
        bad(f"families: the families are {', '.join(COLOURS)} (L168-190)")
    for colour, f in families.items():
        if len(f["start"]) != 2:
            bad(f"families.{colour}: 2 starting cities (L142)")
        for city in f["start"]:
            if city not in kit["map"]["cities"]:
                bad(f"families.{colour}: unknown starting city {city!r}")
                continue
            sides = kit.city(city)["sides"]
            if any(n < 5 for n in f["players"]) and "four" not in sides:
                bad(f"families.{colour}: {city} is not on the 3/4 side")
            if 3 in f["players"] and kit.city(city)["star"]:
                bad(f"families.{colour}: {city} is unavailable with 3 players (L170)")
        own = [c for c in cards.values() if c["family"] == colour]
        _count(f"families.{colour}: family cards", len(own), 3, "L75", bad)
        _count(f"families.{colour}: agents", f["agents"], 2 + sum(c["agent"] for c in own), "L152",
               bad)
    for card, c in cards.items():
        if c["family"] not in families:
            bad(f"families.cards.{card}: unknown family {c['family']!r}")
        _card(f"families.cards.{card}", c, bad)


def _card(where: str, c: dict[str, Any], bad: Report) -> None:
    if c["action"] is not None and c["action"] not in ACTIONS:
        bad(f"{where}: unknown action {c['action']!r}")
    _resources(f"{where}.resources", c["resources"], bad)
    if not isinstance(c["pp"], int):
        bad(f"{where}: pp must be a whole number")


def _palaces(kit: Kit, bad: Report) -> None:
    palaces = kit["palaces"]
    if sorted(palaces["palaces"]) != sorted(COLOURS):
        bad("palaces: one palace per family (L63)")
    spaces = palaces["spaces"]
    if sorted(spaces["open"]) != ["l1", "r1", "r2"] or len(set(spaces["shaded"])) != 3:
        bad("palaces.spaces: 3 open spaces, 2 right and 1 left, and 3 shaded ones (L229)")
    for colour, p in palaces["palaces"].items():
        _count(f"palaces.{colour}: rooms", len(p["rooms"]), 5, "L223", bad)
        for action in p["rooms"]:
            if action not in ACTIONS:
                bad(f"palaces.{colour}: unknown action {action!r}")
        arrows = p["arrows"]
        if sorted(arrows) != ["left", "right"] or arrows["left"] == arrows["right"] or not all(
                isinstance(a, int) and 0 <= a < 5 for a in arrows.values()):
            bad(f"palaces.{colour}: one arrow on each side, between two different Rooms (L457)")


def _nobles(kit: Kit, bad: Report) -> None:
    nobles = kit["nobles"]["nobles"]
    _count("nobles: types", len(nobles), 12, "11 types and the Pope, L71", bad)
    _count("nobles: cards", sum(n["copies"] for n in nobles.values()), 56, "L71", bad)
    if nobles.get("pope", {}).get("copies") != 1:
        bad("nobles.pope: the Pope is a single card (L71)")
    for agent in ("advisor", "city_head", "assassin"):
        if not nobles.get(agent, {}).get("agent"):
            bad(f"nobles.{agent}: brings an Agent (L737)")
    if not nobles.get("cardinal", {}).get("unique"):
        bad("nobles.cardinal: at most one per player (L1061)")
    for name, n in nobles.items():
        _card(f"nobles.{name}", n, bad)
        _resources(f"nobles.{name}.cost", n["cost"], bad, PURCHASE)


def _tokens(kit: Kit, bad: Report) -> None:
    tokens = kit["tokens"]
    cities = tokens["cities"]
    _count("tokens: city tokens", len(cities), 31, "L67", bad)
    counts = Counter(t["city"] for t in cities.values())
    for city in kit["map"]["cities"]:
        wanted = 2 if city == "rome" else 1
        if counts.get(city, 0) != wanted:
            bad(f"tokens.cities: {city} needs {wanted} token(s) (L67)")
    for token, t in cities.items():
        if t["city"] not in kit["map"]["cities"]:
            bad(f"tokens.cities.{token}: unknown city {t['city']!r}")
        _resources(f"tokens.cities.{token}.resources", t["resources"], bad)
        crest = t["crest"]
        if crest is not None and t["city"] not in kit["families"]["families"].get(crest, {}).get(
                "start", []):
            bad(f"tokens.cities.{token}: crest {crest} but not a starting city of {crest}")
    for colour, f in kit["families"]["families"].items():
        for city in f["start"]:
            if not any(t["city"] == city and t["crest"] == colour for t in cities.values()):
                bad(f"tokens.cities: no {colour} crest token for {city} (L142)")
    titles = tokens["titles"]
    kinds = Counter(t["kind"] for t in titles.values())
    if dict(kinds) != {"duchy": 5, "principality": 5, "kingdom": 2, "republic": 2}:
        bad("tokens.titles: 14 = 5 Duchies + 5 Principalities + 2 Kingdoms + 2 Republics "
            "(L67, L1065-1067)")
    for name, t in titles.items():
        _resources(f"tokens.titles.{name}.cost", t["cost"], bad, PURCHASE)
        _resources(f"tokens.titles.{name}.resources", t["resources"], bad)
    _count("tokens: guilds", len(tokens["guilds"]), 5, "L67", bad)
    for name, g in tokens["guilds"].items():
        _resources(f"tokens.guilds.{name}.cost", g["cost"], bad, PURCHASE)
        _resources(f"tokens.guilds.{name}.resources", g["resources"], bad)
    _count("tokens: cathedrals", tokens["cathedral"]["count"], 5, "L104", bad)
    _resources("tokens.cathedral.cost", tokens["cathedral"]["cost"], bad, PURCHASE)


def _patronage(kit: Kit, bad: Report) -> None:
    p = kit["patronage"]
    _count("patronage: steps", len(p["steps"]), 5, "L587", bad)
    if [n + 1 for n, s in enumerate(p["steps"]) if s["bonus"]] != [2, 4]:
        bad("patronage.steps: bonuses at steps 2 and 4 (L589)")
    for n, s in enumerate(p["steps"]):
        _resources(f"patronage.steps[{n}].cost", s["cost"], bad, PURCHASE + ("crown_or_cross",))
    _count("patronage.pp: positions", len(p["pp"]["values"]), len(p["steps"]) + 1, "L1192", bad)
    bonuses = p["bonuses"]
    _count("patronage: bonuses", len(bonuses), 10, "L88", bad)
    _count("patronage: bonus tokens", sum(b["place"] == "domain" for b in bonuses.values()), 1,
           "9 cards + 1 token, L88", bad)
    for name, b in bonuses.items():
        if b["kind"] not in ("creator", "creation"):
            bad(f"patronage.bonuses.{name}: kind is creator or creation (L593)")
        if b["place"] not in ("beside", "courtier", "domain"):
            bad(f"patronage.bonuses.{name}: place is beside, courtier or domain")
        _resources(f"patronage.bonuses.{name}.resources", b["resources"], bad)
    if bonuses.get("columbus", {}).get("pp") != 2:
        bad("patronage.bonuses.columbus: 2 prestige (L616)")


def _rules(kit: Kit, bad: Report) -> None:
    r = kit["rules"]
    if sorted(k for k in r["wages"] if k != "src") != [str(n) for n in range(7)]:
        bad("rules.wages: a wage for 0..6 troops (L990)")
    track = r["cities_track"]
    _count("rules.cities_track: positions", len(track["pp"]), track["last"] + 1, "L1179", bad)
    for n in ("3", "4", "5"):
        _count(f"rules.religion: places with {n} players", len(r["religion"][n]), int(n), "L1204",
               bad)
    if sorted(r["alliances"]) != ["france", "hre", "ottoman"]:
        bad("rules.alliances: France, the Holy Roman Empire and the Ottomans (L1111)")
    for power, a in r["alliances"].items():
        _resources(f"rules.alliances.{power}.cost", a["cost"], bad)
