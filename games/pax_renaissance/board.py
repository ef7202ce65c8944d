"""The Pax Renaissance position as a game-neutral board description for the map picture
(`pbem/mapimage.py`): empires with their regime, ruler and its holder, cities with their
knights and rooks, borders with concessions and pirates, and the two market rows with the
florins on their cards.  Reads a public view only; names in ``en`` or ``ru``.

Rules: none (presentation: the map picture)
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import yaml

from engine.archive import SafeLoader
from games.pax_renaissance import catalog

WORDS = {"en": {"title": "Pax Renaissance, turn {turn}", "king": "monarchy",
                "republic": "republic", "throne": "on the throne", "repressed": "repressed",
                "face_down": "face down", "deck": "deck {n}", "fl": "{n} fl",
                "regimes": "Regimes", "pieces": "Pieces", "knight": "K knight",
                "rook": "R rook", "pirate": "P pirate", "pawn": "concession (bank colour)",
                "razed": "razed", "vassal": "vassal of {empire}", "queen": "queen {card}",
                "west": "West market", "east": "East market", "banks": "Banks"},
         "ru": {"title": "Pax Renaissance, ход {turn}", "king": "монархия",
                "republic": "республика", "throne": "на престоле", "repressed": "угнетено",
                "face_down": "рубашкой вверх", "deck": "колода {n}", "fl": "{n} фл.",
                "regimes": "Режимы", "pieces": "Фишки", "knight": "К конь",
                "rook": "Л ладья", "pirate": "П пират", "pawn": "концессия (цвет банка)",
                "razed": "разорён", "vassal": "вассал: {empire}", "queen": "королева {card}",
                "west": "Западный рынок", "east": "Восточный рынок", "banks": "Банки"}}
LETTER = {"en": {"knight": "K", "rook": "R", "pirate": "P"},
          "ru": {"knight": "К", "rook": "Л", "pirate": "П"}}
REGIME_NAMES = {"en": {"feudal": "feudal", "catholic": "Catholic", "islamic": "Islamic",
                       "protestant": "Protestant"},
                "ru": {"feudal": "феодальная", "catholic": "католическая",
                       "islamic": "исламская", "protestant": "протестантская"}}


@lru_cache(maxsize=1)
def _layout() -> dict[str, Any]:
    return yaml.load((Path(__file__).resolve().parent / "data" / "layout.yaml").read_text(
        "utf-8"), Loader=SafeLoader)


def _ink(fill: str) -> str:
    return "#222222" if fill in ("#ffffff", "#e3b505", "#e9c46a", "#9ccc65", "#d8d2c4") \
        else "#ffffff"


def _bank_colour(seat: str) -> str:
    return _layout()["colours"]["bank"][catalog.facts()["banks"][seat]["colour"]]


def _bank(seat: str, lang: str) -> str:
    names = catalog.facts()["banks"][seat]["name"]
    return names.get(lang) or names["en"]


def _piece_mark(piece: Mapping[str, Any], lang: str) -> dict[str, str]:
    fill = _layout()["colours"]["piece"][piece["religion"]]
    return {"text": LETTER[lang][piece["piece"]], "fill": fill, "color": _ink(fill)}


def _empire_node(view: Mapping[str, Any], empire: str, lang: str) -> dict[str, Any]:
    layout, words = _layout(), WORDS[lang]
    x, y = layout["empires"][empire]
    regime = (view.get("regimes") or {}).get(empire, "feudal")
    ruler = (view.get("rulers") or {}).get(empire) or {}
    owner = ruler.get("owner")
    fill = layout["colours"]["regime"][regime]
    badges = [{"text": f"{REGIME_NAMES[lang][regime]}, {words[ruler.get('face', 'king')]}",
               "fill": fill, "color": _ink(fill)}]
    if owner:
        badges.append({"text": _bank(owner, lang), "fill": _bank_colour(owner),
                       "color": _ink(_bank_colour(owner))})
    else:
        badges.append({"text": words["throne"], "fill": "#ffffff", "color": "#222222"})
    if ruler.get("suzerain"):
        badges.append({"text": words["vassal"].format(
            empire=catalog.display_name(ruler["suzerain"], lang)), "fill": "#ffffff",
            "color": "#222222"})
    if ruler.get("queen"):
        badges.append({"text": words["queen"].format(
            card=catalog.display_name(ruler["queen"], lang)), "fill": "#ffffff",
            "color": "#222222"})
    repressed = ruler.get("repressed") or []
    if repressed:
        badges.append({"text": f"{words['repressed']} {len(repressed)}", "fill": "#555555",
                       "color": "#ffffff"})
    bishop = (view.get("bishops") or {}).get(f"ruler_{empire}")
    marks = [{"text": "B" if lang == "en" else "С",
              "fill": layout["colours"]["piece"][bishop], "color": "#ffffff"}] if bishop else []
    return {"id": empire, "label": catalog.display_name(empire, lang), "x": x, "y": y,
            "shape": "square", "bold": True, "fill": fill, "ring": None, "faded": False,
            "marks": marks, "badges": badges}


def _city_nodes(view: Mapping[str, Any], empire: str, lang: str) -> list[dict[str, Any]]:
    layout = _layout()
    ex, ey = layout["empires"][empire]
    cities = view.get("cities") or {}
    razed = set(view.get("razed") or [])
    found = []
    names = [c for c in catalog.empire_cities(empire) + [catalog.condottiere_city()]
             if catalog.board()["cities"][c]["empire"] == empire and (
                 c != catalog.condottiere_city() or cities.get(c))]
    for (dx, dy), city in zip(layout["city_offsets"], names):
        piece = cities.get(city)
        data = catalog.board()["cities"][city]
        fill = layout["colours"]["piece"][piece["religion"]] if piece else \
            layout["colours"]["empty"]
        found.append({"id": city, "label": catalog.display_name(city, lang), "x": ex + dx,
                      "y": ey + dy, "shape": "star" if data.get("trade_centre") else "circle",
                      "bold": bool(data.get("capital")), "fill": fill, "ring": None,
                      "faded": city in razed, "badges": [],
                      "marks": [_piece_mark(piece, lang)] if piece else []})
    return found


def _border_node(view: Mapping[str, Any], border: str, lang: str) -> dict[str, Any]:
    layout = _layout()
    a, b = catalog.board()["borders"][border]["empires"]
    (ax, ay), (bx, by) = layout["empires"][a], layout["empires"][b]
    piece = (view.get("borders") or {}).get(border)
    moored = (view.get("moored") or {}).get(border)
    marks, fill = [], layout["colours"]["empty"]
    for p in (piece, moored):
        if p and p["piece"] == "pirate":
            marks.append(_piece_mark(p, lang))
    if piece and piece["piece"] == "pawn":
        fill = _bank_colour(piece["owner"])
    sea = catalog.board()["borders"][border]["sea"]
    name = catalog.board()["borders"][border]["name"]
    label = name.get(lang) or name["en"]
    return {"id": border, "label": label if "–" not in label and " — " not in label else "",
            "x": (ax + bx) / 2, "y": (ay + by) / 2, "shape": "hexagon", "bold": sea,
            "fill": fill, "ring": None, "faded": False, "marks": marks, "badges": []}


def _market_nodes(view: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    layout, words = _layout(), WORDS[lang]
    found = []
    for row in ("west", "east"):
        y = layout["market"][row]
        cells = (view.get("market") or {}).get(row) or []
        count = (view.get("deck_counts") or {}).get(row, 0)
        found.append({"id": f"{row}_deck", "label": words[row], "x": 60, "y": y,
                      "shape": "square", "bold": True, "fill": "#6b4f2a", "ring": None,
                      "faded": False, "marks": [],
                      "badges": [{"text": words["deck"].format(n=count), "fill": "#ffffff",
                                  "color": "#222222"}]})
        for k, cell in enumerate(cells):
            card = cell.get("card")
            name = words["face_down"] if cell.get("face_down") else (
                catalog.display_name(card, lang) if card else "—")
            found.append({"id": f"{row}_{k}", "label": f"{k}: {name}",
                          "x": layout["market"]["first_x"] + k * layout["market"]["step"],
                          "y": y, "shape": "square", "bold": False,
                          "fill": "#f4eedc" if card or cell.get("face_down") else "#ffffff",
                          "ring": None, "faded": not (card or cell.get("face_down")),
                          "marks": [], "badges": [{"text": words["fl"].format(
                              n=cell.get("florins", 0)), "fill": "#e3b505",
                              "color": "#222222"}] if cell.get("florins") else []})
    return found


def board(view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The picture of a view: the map above, the market rows below, the legend last."""
    lang = lang if lang in WORDS else "en"
    layout, words = _layout(), WORDS[lang]
    nodes: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []
    for empire in layout["empires"]:
        nodes.append(_empire_node(view, empire, lang))
        nodes += _city_nodes(view, empire, lang)
    for border, data in catalog.board()["borders"].items():
        nodes.append(_border_node(view, border, lang))
        edges += [{"a": border, "b": e, "dashed": not data["sea"]} for e in data["empires"]]
    nodes += _market_nodes(view, lang)
    legend: list[dict[str, Any]] = [{"kind": "heading", "label": words["banks"]}]
    florins = view.get("florins") or {}
    legend += [{"kind": "swatch", "fill": _bank_colour(s),
                "label": f"{_bank(s, lang)} {words['fl'].format(n=florins.get(s, 0))}"}
               for s in view.get("seats") or []]
    legend += [{"kind": "break"}, {"kind": "heading", "label": words["regimes"]}]
    legend += [{"kind": "swatch", "fill": layout["colours"]["regime"][r],
                "label": REGIME_NAMES[lang][r]} for r in layout["colours"]["regime"]]
    legend += [{"kind": "break"}, {"kind": "heading", "label": words["pieces"]}]
    legend += [{"kind": "mark", "text": LETTER[lang][p], "fill": "#555555", "color": "#ffffff",
                "label": words[p]} for p in ("knight", "rook", "pirate")]
    legend.append({"kind": "swatch", "fill": "#ffffff", "label": words["pawn"]})
    return {"title": words["title"].format(turn=view.get("turn")),
            "frame": dict(layout["frame"]), "areas": [], "edges": edges, "nodes": nodes,
            "legend": legend}
