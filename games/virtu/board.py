"""The Virtù position as a game-neutral board description for the map picture
(`pbem/mapimage.py`): cities with their controller, Troops, sieges, Agents and Cathedrals,
the roads (solid) and the sea routes (dashed blue: each port to its seas, sea to sea), ports
ringed in blue (pirate ports square); below the map each palace wheel (its Rooms with their
action and cards, the action marker's Room in the family's colour, its courtiers, used ones
grey), the Alliances and each family's prestige tracks and resources.  Reads a public view
only; names in ``en`` or ``ru``.

Rules: none (presentation: the map picture)
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from engine.archive import SafeLoader
from games.virtu.kit import builtin
from games.virtu.presenter import VirtuPresenter

SCALE = 100
WEST, NORTH = 6.5, 46.2
INITIALS = {"en": {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "white": "W"},
            "ru": {"red": "К", "yellow": "Ж", "green": "З", "blue": "С", "white": "Б"}}
WORDS = {"en": {"title": "Virtù, Year {year}: {season}", "neutral": "neutral",
                "siege": "besieging", "agent": "Agent", "cathedral": "Cathedral",
                "road": "road", "sea": "sea route (1 Ship per sea)", "port": "port",
                "pirate": "pirate port", "palaces": "Palaces (» the action marker's Room)",
                "alliances": "Alliances", "used": "used courtier or Domain token"},
         "ru": {"title": "Властители, год {year}: {season}", "neutral": "нейтральный",
                "siege": "в Осаде", "agent": "Агент", "cathedral": "Собор",
                "road": "дорога", "sea": "морской путь (1 Корабль за море)", "port": "порт",
                "pirate": "пиратский порт", "palaces": "Дворцы (» Комната с фишкой Действия)",
                "alliances": "Союзы", "used": "использован (Придворный, жетон Владений)"}}
#: Sea routes and the ring of a port.
SEA_INK = "#2a6f9e"
PORT_RING = {"halo": "#cfe2ee", "rim": SEA_INK}
#: A used courtier's badge; a Room's without the marker (pale, so that even White's marker
#: Room, in the family's near-white, stands out).
USED = {"fill": "#c4c4c4", "color": "#444444"}
ROOM = "#dde6ee"
SEASONS = {"en": {"setup": "setup", "spring": "Spring", "siege": "end of Spring",
                  "winter": "Winter", "over": "game over"},
           "ru": {"setup": "подготовка", "spring": "Весна", "siege": "конец Весны",
                  "winter": "Зима", "over": "игра окончена"}}


@lru_cache(maxsize=1)
def _layout() -> dict[str, Any]:
    return yaml.load((Path(__file__).resolve().parent / "data" / "board.yaml").read_text(
        "utf-8"), Loader=SafeLoader)


def _at(lon: float, lat: float) -> tuple[float, float]:
    return (lon - WEST) * SCALE, (NORTH - lat) * SCALE * 1.3


def _ink(fill: str) -> str:
    return "#222222" if fill in ("#f4f4f4", "#e3b505", "#d9d0bc") else "#ffffff"


def board(view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    kit, layout = builtin(), _layout()
    colours = layout["colours"]
    words = WORDS.get(lang, WORDS["en"])
    initials = INITIALS.get(lang, INITIALS["en"])
    cities = view.get("cities") or {}
    nodes = []
    for city, (lon, lat) in layout["cities"].items():
        x, y = _at(lon, lat)
        spec = kit["map"]["cities"].get(city, {})
        place = cities.get(city)
        owner = place.get("owner") if place else None
        fill = colours.get(owner or "neutral", colours["neutral"])
        badges = []
        for seat, n in ((place or {}).get("troops") or {}).items():
            text = f"{n}" if seat == owner else f"{words['siege']} {n}"
            badges.append({"text": text, "fill": colours[seat], "color": _ink(colours[seat])})
        marks = []
        if place and place.get("agent"):
            agent = place["agent"]
            marks.append({"text": initials[agent], "fill": colours[agent],
                          "color": _ink(colours[agent])})
        if place and place.get("cathedral"):
            marks.append({"text": "+", "fill": "#6b4f2a", "color": "#ffffff"})
        name = spec.get("name", {}).get(lang) or spec.get("name", {}).get("en") or city
        nodes.append({"id": city, "label": f"{name} {spec.get('stability', '')}".strip(),
                      "x": x, "y": y, "shape": "square" if spec.get("pirate") else "circle",
                      "bold": spec.get("stability", 0) >= 4, "fill": fill,
                      "faded": place is None, "marks": marks, "badges": badges,
                      "ring": PORT_RING if spec.get("seas") and place else None})
    drawn = {n["id"] for n in nodes}
    edges = [{"a": a, "b": b, "dashed": False} for a, b, _ in kit["map"]["roads"]
             if a in drawn and b in drawn]
    edges += sea_routes(kit, set(cities))
    areas = []
    for sea, (lon, lat) in layout["seas"].items():
        x, y = _at(lon, lat)
        names = kit["map"]["seas"].get(sea, {}).get("name", {})
        areas.append({"id": sea, "label": names.get(lang) or names.get("en") or sea,
                      "x": x, "y": y, "outline": [], "badges": []})
    families = kit["families"]["families"]
    legend = [{"kind": "swatch", "fill": colours[s],
               "label": families[s]["name"].get(lang) or families[s]["name"]["en"]}
              for s in view.get("order") or []]
    legend.append({"kind": "swatch", "fill": colours["neutral"], "label": words["neutral"]})
    legend += [{"kind": "break"},
               {"kind": "line", "dashed": False, "label": words["road"]},
               {"kind": "line", "color": SEA_INK, "label": words["sea"]},
               {"kind": "shape", "shape": "circle", "fill": colours["neutral"],
                "ring": PORT_RING, "label": words["port"]},
               {"kind": "shape", "shape": "square", "fill": colours["neutral"],
                "ring": PORT_RING, "label": words["pirate"]},
               {"kind": "mark", "text": "+", "fill": "#6b4f2a", "color": "#ffffff",
                "label": words["cathedral"]},
               {"kind": "badge", "text": "l1", **USED, "label": words["used"]}]
    season = SEASONS.get(lang, SEASONS["en"]).get(view.get("season"), view.get("season"))
    width, height = _at(19.0, 36.2)
    return {"title": words["title"].format(year=view.get("year"), season=season),
            "frame": {"width": width, "height": height}, "areas": areas, "edges": edges,
            "nodes": nodes, "legend": legend, "panels": panels(view, lang),
            "colors": {"background": "#cfe2ee", "sea": "#cfe2ee"}}


def sea_routes(kit: Any, in_play: set[str]) -> list[dict[str, Any]]:
    """Dashed blue lines: every port in play to each sea it touches, and each pair of
    neighbouring seas (a route costs one Ship per sea, L653, L685)."""
    edges = [{"a": city, "b": sea, "dashed": True, "color": SEA_INK}
             for city, spec in kit["map"]["cities"].items() if city in in_play
             for sea in spec.get("seas", ())]
    return edges + [{"a": a, "b": b, "dashed": True, "color": SEA_INK}
                    for a, b, _ in kit["map"]["sea_links"]]


def panels(view: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """Each palace wheel in turn order, the Alliances and each family's prestige and
    resources, as badge rows below the map."""
    players = view.get("players") or {}
    if not players or view.get("season") == "setup":
        return []
    words, talk = WORDS.get(lang, WORDS["en"]), VirtuPresenter(lang)
    colours = _layout()["colours"]
    rows = [{"label": talk.seat(seat), "badges": palace_badges(talk, seat, players[seat],
                                                               colours)}
            for seat in view.get("order") or players]
    allies = []
    for power, ally in (view.get("alliances") or {}).items():
        holder = ally.get("holder")
        badges = [{"text": talk._("word.nobody"), "fill": colours["neutral"], "color": "#222222"}]
        if holder:
            state = talk._("word.bonus_ready" if ally.get("active") else "word.bonus_used")
            badges = [{"text": f"{talk.seat(holder)}, {state}", "fill": colours[holder],
                       "color": _ink(colours[holder])}]
        if ally.get("agent"):
            badges.append({"text": talk._("word.agent_of", seat=talk.seat(ally["agent"])),
                           "fill": "#ffffff", "color": "#222222", "bar": colours[ally["agent"]]})
        allies.append({"label": talk.power(power), "badges": badges})
    standing = [{"label": talk.seat(seat),
                 "badges": standing_badges(talk, seat, view, colours[seat])}
                for seat in view.get("order") or players]
    return [{"title": words["palaces"], "rows": rows},
            {"title": words["alliances"], "rows": allies},
            {"title": talk._("status.map_prestige"), "rows": standing}]


def standing_badges(talk: VirtuPresenter, seat: str, view: Mapping[str, Any],
                    colour: str) -> list[dict[str, Any]]:
    """A family's prestige (the total in its colour, the Cities and Patronage tracks as
    position/last space = prestige, the other sources that score) and its resources (florins,
    Troops, Agents, Domain tokens with their symbols, used ones grey, Patronage bonuses,
    Trophies, and the resources in hand of the acting family), each with a bar of its colour,
    as the status text lists them."""
    kit, player = builtin(), view["players"][seat]
    scores = (view.get("scores") or {}).get(seat) or {}
    mine = {"fill": "#ffffff", "color": "#222222", "bar": colour}
    badges = [{"text": talk._("status.map_total", total=scores.get("total", 0)),
               "fill": colour, "color": _ink(colour)}]
    ends = {"cities": (player["cities"], kit.constant("cities_track", "last")),
            "patronage": (player["patronage"], len(kit["patronage"]["steps"]))}
    for track, (at, last) in ends.items():
        badges.append({"text": talk._("status.map_track", track=talk._(f"status.source_{track}"),
                                      at=min(at, last), last=last, pp=scores.get(track, 0)),
                       **mine})
    others = [f"{talk._(f'status.source_{k}')} {v}" for k, v in scores.items()
              if k not in ("total", *ends) and v]
    if others:
        badges.append({"text": ", ".join(others), **mine})
    badges += [{"text": talk._("word.symbol", n=player["florins"],
                               resource=talk.resource("florin", player["florins"])), **mine},
               {"text": f"{talk._('status.col_troops')} {player['troops']}", **mine},
               {"text": talk._("status.map_agents", placed=player["agents_placed"],
                               agents=player["agents"]), **mine}]
    for token, used in player["domain"].items():
        look = USED if used else {"fill": ROOM, "color": "#222222"}
        badges.append({"text": talk.domain_token(token), **look, "bar": colour})
    badges += [{"text": talk.card(b), **mine} for b in player["bonuses"]]
    badges += [{"text": talk._("status.map_trophy", seat=talk.seat(s)), **mine}
               for s in player["trophies"]]
    if view.get("active") == seat and talk.pool(view.get("pool") or {}):
        badges.append({"text": talk._("status.map_pool", pool=talk.pool(view["pool"])),
                       **mine})
    return badges


def palace_badges(talk: VirtuPresenter, seat: str, player: Mapping[str, Any],
                  colours: Mapping[str, str]) -> list[dict[str, Any]]:
    """The five Rooms (action, card, Upgrade, Indulgence; an Agent as a coloured bar; the
    marker's Room in the family's colour), then the courtiers (used ones grey)."""
    kit = builtin()
    printed = kit["palaces"]["palaces"].get(seat, {}).get("rooms", [])
    badges = []
    for n, room in enumerate(player.get("rooms") or [], start=1):
        action = printed[n - 1] if n <= len(printed) else None
        if room["card"] and kit.card(room["card"])["action"]:
            action = kit.card(room["card"])["action"]
        text = f"{n} " + (talk._(f"action.{action}") if action else "?")
        cards = [talk.card(c) for c in (room["card"], room["upgrade"]) if c]
        if cards:
            text += ": " + " + ".join(cards)
        if room["indulgence"]:
            text += f" [{talk._('word.indulgence')}]"
        here = player.get("marker") == n
        badge = {"text": ("» " if here else "") + text,
                 "fill": colours[seat] if here else ROOM,
                 "color": _ink(colours[seat]) if here else "#222222"}
        if room.get("agent"):
            badge["bar"] = colours[room["agent"]]
        badges.append(badge)
    for slot, held in (player.get("courtiers") or {}).items():
        if held:
            look = USED if held["used"] else {"fill": "#ffffff", "color": "#222222"}
            badges.append({"text": f"{slot} {talk.card(held['card'])}", **look})
    return badges
