"""The Virtù position as a game-neutral board description for the map picture
(`pbem/mapimage.py`): cities with their controller, Troops, sieges, Agents and Cathedrals,
the roads and the seas.  Reads a public view only; names in ``en`` or ``ru``.

Rules: none (presentation: the map picture)
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from engine.archive import SafeLoader
from games.virtu.kit import builtin

SCALE = 100
WEST, NORTH = 6.5, 46.2
INITIALS = {"en": {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "white": "W"},
            "ru": {"red": "К", "yellow": "Ж", "green": "З", "blue": "С", "white": "Б"}}
WORDS = {"en": {"title": "Virtù, Year {year}: {season}", "neutral": "neutral",
                "siege": "besieging", "agent": "Agent", "cathedral": "Cathedral"},
         "ru": {"title": "Властители, год {year}: {season}", "neutral": "нейтральный",
                "siege": "в Осаде", "agent": "Агент", "cathedral": "Собор"}}
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
                      "faded": place is None, "marks": marks, "badges": badges, "ring": None})
    in_play = {n["id"] for n in nodes}
    edges = [{"a": a, "b": b, "dashed": False} for a, b, _ in kit["map"]["roads"]
             if a in in_play and b in in_play]
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
    season = SEASONS.get(lang, SEASONS["en"]).get(view.get("season"), view.get("season"))
    width, height = _at(19.0, 36.2)
    return {"title": words["title"].format(year=view.get("year"), season=season),
            "frame": {"width": width, "height": height}, "areas": areas, "edges": edges,
            "nodes": nodes, "legend": legend,
            "colors": {"background": "#cfe2ee", "sea": "#cfe2ee"}}
