"""The Here I Stand position as a game-neutral board description, for the map picture.

`board(view)` reads a *public view* (``Rules.view(state, None)``) and returns plain data that
``pbem/mapimage.py`` draws; this module never draws and the renderer knows no rules.  The
format is documented in ``pbem/mapimage.py``.  Colours come from ``data/palette.yaml``;
coordinates, shapes and connections from ``data/map.yaml``.

What is read from the view (every field optional; a missing one means "as printed"):

``board``
    ``{spaces: {id: record}, seas: {id: record}}`` as ``views.board_view`` makes it: every
    land space in play (a space left out is drawn as out of play) and the sea zones with
    fleets.  A flat ``spaces: {id: record}`` holding land spaces and sea zones alike (the
    state's own layout) is read too.  A record may hold ``control`` (power id; default:
    the map's home power), ``religion`` (``"protestant"`` or ``"catholic"``; default
    Catholic), ``unrest`` (bool), ``units`` (``{power: {regulars, mercenaries, cavalry,
    squadrons, corsairs}}``), ``leaders`` (leader ids), and ``siege`` / ``besieged``
    (truthy, the besieging power's id, or ``{by, besiegers, besieged}`` as the view gives
    it).  Without a siege field a siege is inferred: a fortified space holding land units
    of a power at war with its controller (read from ``wars`` and ``minor_allies``).  The
    badges of those inside a besieged space (the ``besieged`` powers, else the powers not
    at war with the controller) are drawn in brackets, the walls: ``HA [2]``, ``[Ferdinand]``.
``out_of_play``
    Space ids not in play (Algiers before Barbary Pirates): drawn faded.
``universities``, ``reformers``
    Spaces with a Jesuit university; ``{reformer: space}``: marked J and R (Russian И, Р).
``wars``, ``minor_allies``, ``leader_owner``
    Sorted power pairs at war; ``{minor: major}``; ``{leader: power}`` for leaders that
    changed sides.  Used for siege inference and leader colours.
``turn``, ``scenario``, ``phase``
    For the title line.
``new_world``
    The New World record (§20), drawn as a panel below the map (`board_new_world`).

``board(view, lang)`` names spaces, sea zones, leaders, powers and the legend in ``en`` or
``ru``: names from the map and piece data (``name: {en, ru}``), the legend's words, the
title's and the Russian unit letters and power tags from ``data/palette.yaml`` (``labels``).

Rules: none (presentation: the board the map picture draws)
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Collection, Mapping

import yaml

from games.here_i_stand import board_new_world
from games.here_i_stand.catalog import load_pieces
from games.here_i_stand.mapdata import load_map

PALETTE_FILE = Path(__file__).with_name("data") / "palette.yaml"

#: Space type -> node shape (§2.1: keys are squares, electorates hexagons, fortresses stars).
SHAPES = {"capital": "square", "key": "square", "electorate": "hexagon",
          "fortress": "star", "unfortified": "circle"}
LAND = ("regulars", "mercenaries", "cavalry")
#: The part of the 5100 x 3300 Vassal frame that holds spaces and sea labels (x0, y0, x1, y1).
VIEWPORT = (880, 130, 5100, 3250)
#: Leaders whose name is too long for a badge and whose last word is not the right short form.
SHORT_NAMES = {"ibrahim": "Ibrahim", "maurice_of_saxony": "Maurice",
               "philip_of_hesse": "Philip", "renegade": "Bourbon"}
SHORT_NAMES_RU = {"ibrahim": "Ибрагим", "maurice_of_saxony": "Мориц",
                  "philip_of_hesse": "Филипп", "renegade": "Бурбон"}
LANGS = ("en", "ru")
_ROMAN = frozenset("IVX")


@functools.lru_cache(maxsize=None)
def palette() -> Mapping[str, Any]:
    """``data/palette.yaml`` (loaded once)."""
    with open(PALETTE_FILE, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def power_colour(power: str) -> dict[str, str]:
    """``{fill, text}`` of a power (unknown ids are drawn as independent)."""
    powers = palette()["powers"]
    entry = powers.get(power) or powers["independent"]
    return {"fill": entry["fill"], "text": entry["text"]}


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


def word(key: str, lang: str = "en", **args: Any) -> str:
    """A word of the map (``labels`` in palette.yaml; ``a.b`` looks in a group) in `lang`."""
    entry = palette()["labels"]
    for part in key.split("."):
        entry = entry[part]
    text = str(entry.get(_lang(lang)) or entry["en"])
    return text.format(**args) if args else text


def unit_text(counts: Mapping[str, int], lang: str = "en") -> str:
    """A stack as short text: ``4+2m+1c`` for 4 regulars, 2 mercenaries, 1 cavalry, then
    ``1s`` squadrons and ``2p`` corsairs (pirates): ``"7+1c 1s"`` (Russian letters
    ``н к э кс``)."""
    letters = palette()["labels"]["unit_letters"][_lang(lang)]
    land = []
    if counts.get("regulars"):
        land.append(str(counts["regulars"]))
    if counts.get("mercenaries"):
        land.append(f"{counts['mercenaries']}{letters['mercenaries']}")
    if counts.get("cavalry"):
        land.append(f"{counts['cavalry']}{letters['cavalry']}")
    parts = ["+".join(land)] if land else []
    if counts.get("squadrons"):
        parts.append(f"{counts['squadrons']}{letters['squadrons']}")
    if counts.get("corsairs"):
        parts.append(f"{counts['corsairs']}{letters['corsairs']}")
    return " ".join(parts)


@functools.lru_cache(maxsize=None)
def _leaders() -> Mapping[str, tuple[str, str | None, str]]:
    """leader id -> (English name, power, Russian name)."""
    pieces = load_pieces()
    out: dict[str, tuple[str, str | None, str]] = {}
    for lid, l in pieces.army_leaders.items():
        out[lid] = (l.name_en, l.power, l.name_ru or l.name_en)
    for lid, l in pieces.naval_leaders.items():
        out[lid] = (l.name_en, l.power, l.name_ru or l.name_en)
    return out


def leader_label(lid: str, lang: str = "en") -> str:
    """A short name for a leader badge: the full name up to 10 letters (``Charles V``),
    else its last word (``Brandon``, ``Alva``), with a few exceptions (``Ibrahim``)."""
    ru = _lang(lang) == "ru"
    short = SHORT_NAMES_RU if ru else SHORT_NAMES
    if lid in short:
        return short[lid]
    found = _leaders().get(lid)
    name = (found[2] if ru else found[0]) if found else lid.replace("_", " ").title()
    words = name.split()
    if len(name) <= 10 or (len(words) > 1 and set(words[-1]) <= _ROMAN):
        return name
    return words[-1]


def _major(view: Mapping[str, Any], power: str) -> str:
    return (view.get("minor_allies") or {}).get(power, power)


def _at_war(view: Mapping[str, Any], a: str, b: str) -> bool:
    a, b = _major(view, a), _major(view, b)
    return a != b and sorted((a, b)) in [sorted(p) for p in view.get("wars") or []]


def _siege(view: Mapping[str, Any], rec: Mapping[str, Any], controller: str,
           fortified: bool) -> str | None:
    """The besieging power ("" when unknown), or None when the space is not besieged."""
    for key in ("siege", "besieged"):
        if key in rec:
            value = rec[key]
            if not value:
                return None
            if isinstance(value, str):
                return value
            if isinstance(value, Mapping):
                return str(value.get("by") or value.get("power") or "")
            return ""
    if not fortified:
        return None
    for power, counts in sorted((rec.get("units") or {}).items()):
        if any(counts.get(k) for k in LAND) and _at_war(view, power, controller):
            return power
    return None


def _inside(view: Mapping[str, Any], rec: Mapping[str, Any], siege: str | None,
            controller: str) -> set[str]:
    """The powers inside a besieged space's walls (§15): the view's ``besieged`` list, else
    the units' powers not at war with the controller (none when there is no siege)."""
    if siege is None:
        return set()
    record = rec.get("siege")
    if isinstance(record, Mapping) and record.get("besieged"):
        return set(record["besieged"])
    return {p for p in rec.get("units") or {} if p != siege and not _at_war(view, p, controller)}


def _title(view: Mapping[str, Any], lang: str = "en") -> str:
    parts = [word("title", lang)]
    if view.get("scenario"):
        parts.append(word("scenario", lang, scenario=view["scenario"]))
    if view.get("turn") is not None:
        parts.append(word("turn", lang, turn=view["turn"]))
    phase = view.get("phase")
    if phase:
        names = palette()["labels"]["phases"].get(str(phase)) or {}
        parts.append(str(names.get(_lang(lang)) or str(phase).replace("_", " ")))
    return " - ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if parts[1:] else "")


def _abbrev(power: str, lang: str = "en") -> str:
    entry = palette()["powers"].get(power) or {}
    if _lang(lang) == "ru" and entry.get("abbrev_ru"):
        return str(entry["abbrev_ru"])
    return str(entry.get("abbrev", power[:2].upper()))


def _badge(power: str, text: str, lang: str = "en") -> dict[str, str]:
    colour = power_colour(power)
    return {"text": f"{_abbrev(power, lang)} {text}", "fill": colour["fill"],
            "color": colour["text"]}


def _walled(text: str, inside: bool) -> str:
    """A badge's text, in brackets (the walls) for those inside a besieged space."""
    return f"[{text}]" if inside else text


def _unit_badges(units: Mapping[str, Mapping[str, int]], lang: str = "en",
                 inside: Collection[str] = ()) -> list[dict[str, str]]:
    out = []
    for power in _power_order(units):
        text = unit_text(units[power], lang)
        if text:
            out.append(_badge(power, _walled(text, power in inside), lang))
    return out


def _power_order(powers: Any) -> list[str]:
    order = list(palette()["powers"])
    return sorted(powers, key=lambda p: (order.index(p) if p in order else len(order), p))


def _leader_badges(view: Mapping[str, Any], leaders: Any, lang: str = "en",
                   inside: Collection[str] = ()) -> list[dict[str, str]]:
    owners = view.get("leader_owner") or {}
    out = []
    for lid in leaders or ():
        power = owners.get(lid) or _leaders().get(lid, ("", None, ""))[1] or "independent"
        style = palette()["map"]["leader"]
        out.append({"text": _walled(leader_label(lid, lang), power in inside),
                    "fill": style["fill"],
                    "color": style["text"], "bar": power_colour(power)["fill"]})
    return out


def _records(view: Mapping[str, Any]) -> tuple[dict[str, Any], set[str]]:
    """Space and sea zone records, and the spaces out of play, from either view layout."""
    out_of_play = set(view.get("out_of_play") or ())
    nested = view.get("board")
    if isinstance(nested, Mapping) and "spaces" in nested:
        records = {**(nested.get("seas") or {}), **(nested.get("spaces") or {})}
        out_of_play |= {sid for sid in load_map().spaces if sid not in nested["spaces"]}
        return records, out_of_play
    return dict(view.get("spaces") or {}), out_of_play


def board(view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The board description of a Here I Stand view (see the module docstring), its words in
    `lang` (``en`` or ``ru``)."""
    lang = _lang(lang)
    ru = lang == "ru"
    m = load_map()
    pal = palette()
    colours = pal["map"]
    records, out_of_play = _records(view)
    halo = pal["religion"]["protestant"]
    universities = set(view.get("universities") or ())
    reformers = {where for where in (view.get("reformers") or {}).values() if where}

    nodes = []
    for sid in sorted(m.spaces):
        space = m.spaces[sid]
        rec = records.get(sid) or {}
        controller = rec.get("control") or space.home
        siege = _siege(view, rec, controller,
                       space.is_fortified or bool(rec.get("fortress")))
        marks = []
        if rec.get("unrest"):
            marks.append({"text": word("unrest_mark", lang), **_pair(colours["unrest"])})
        inside = _inside(view, rec, siege, controller)
        if siege is not None:
            marks.append({"text": word("siege_mark", lang), **_pair(colours["siege"])})
        if sid in universities:
            marks.append({"text": word("university_mark", lang), **_pair(colours["university"])})
        if sid in reformers:
            marks.append({"text": word("reformer_mark", lang), **_pair(colours["reformer"])})
        if rec.get("haven"):
            marks.append({"text": word("haven_mark", lang), **_pair(colours["haven"])})
        faded = sid in out_of_play
        nodes.append({
            "id": sid,
            "label": (space.name_ru or space.name_en) if ru else space.name_en,
            "x": space.x,
            "y": space.y,
            "shape": "star" if rec.get("fortress") and not space.is_fortified
                     else SHAPES[space.type],
            "bold": space.type == "capital",
            "fill": colours["out_of_play"] if faded else power_colour(controller)["fill"],
            "ring": ({"halo": halo["halo"], "rim": halo["rim"]}
                     if rec.get("religion") == "protestant" else None),
            "faded": faded,
            "marks": marks,
            "badges": (_unit_badges(rec.get("units") or {}, lang, inside)
                       + _leader_badges(view, rec.get("leaders"), lang, inside)),
        })

    edges = [{"a": a, "b": b, "dashed": False} for a, b in sorted(sorted(e) for e in m.connections)]
    edges += [{"a": a, "b": b, "dashed": True} for a, b in sorted(sorted(e) for e in m.passes)]

    areas = []
    pirated = set(view.get("piracy_zones") or ())
    piracy = {"text": word("piracy_mark", lang), **_pair(colours["piracy"])}
    for zid in sorted(m.sea_zones):
        zone = m.sea_zones[zid]
        rec = records.get(zid) or {}
        x, y = (pal.get("sea_labels") or {}).get(zid) or (zone.x, zone.y)
        areas.append({
            "id": zid, "label": (zone.name_ru or zone.name_en) if ru else zone.name_en,
            "x": x, "y": y,
            "outline": [list(p) for p in zone.outline],
            "badges": (_unit_badges(rec.get("units") or {}, lang)
                       + _leader_badges(view, rec.get("leaders"), lang)
                       + ([piracy] if zid in pirated else [])),
        })

    return {
        "title": _title(view, lang),
        "frame": {"width": m.width, "height": m.height},
        "viewport": list(VIEWPORT),
        "colors": {k: colours[k] for k in ("background", "sea", "sea_label", "connection",
                                           "outline")},
        "areas": areas,
        "edges": edges,
        "nodes": nodes,
        "panels": [board_new_world.panel(view, lang, word, _badge, _pair(colours["open_token"]))],
        "legend": _legend(lang),
    }


def _pair(style: Mapping[str, str]) -> dict[str, str]:
    return {"fill": style["fill"], "color": style["text"]}


def _legend(lang: str = "en") -> list[dict[str, Any]]:
    pal = palette()
    colours = pal["map"]
    halo = pal["religion"]["protestant"]
    grey = pal["powers"]["independent"]["fill"]
    items: list[dict[str, Any]] = [{"kind": "heading", "label": word("control", lang)}]
    for power, entry in pal["powers"].items():
        name = entry["name"].get(lang) or entry["name"]["en"]
        items.append({"kind": "swatch", "fill": entry["fill"],
                      "label": f"{_abbrev(power, lang)} {name}"})
    items.append({"kind": "break"})
    items.append({"kind": "heading", "label": word("spaces", lang)})
    items += [
        {"kind": "shape", "shape": "square", "bold": True, "fill": grey,
         "label": word("capital", lang)},
        {"kind": "shape", "shape": "square", "fill": grey, "label": word("key", lang)},
        {"kind": "shape", "shape": "hexagon", "fill": grey, "label": word("electorate", lang)},
        {"kind": "shape", "shape": "star", "fill": grey, "label": word("fortress", lang)},
        {"kind": "shape", "shape": "circle", "fill": grey, "label": word("unfortified", lang)},
        {"kind": "shape", "shape": "circle", "fill": grey,
         "ring": {"halo": halo["halo"], "rim": halo["rim"]},
         "label": halo["name"].get(lang) or halo["name"]["en"]},
        {"kind": "mark", "text": word("unrest_mark", lang), **_pair(colours["unrest"]),
         "label": word("unrest", lang)},
        {"kind": "mark", "text": word("siege_mark", lang), **_pair(colours["siege"]),
         "label": word("siege", lang)},
        {"kind": "mark", "text": word("university_mark", lang), **_pair(colours["university"]),
         "label": word("university", lang)},
        {"kind": "mark", "text": word("reformer_mark", lang), **_pair(colours["reformer"]),
         "label": word("reformer", lang)},
        {"kind": "mark", "text": word("haven_mark", lang), **_pair(colours["haven"]),
         "label": word("haven", lang)},
        {"kind": "line", "dashed": True, "label": word("pass", lang)},
    ]
    items.append({"kind": "break"})
    items.append({"kind": "heading", "label": word("units", lang)})
    items += [
        {"kind": "badge", **_badge("hapsburg", unit_text(
            {"regulars": 4, "mercenaries": 2, "cavalry": 1, "squadrons": 1}, lang), lang),
         "label": word("units_example", lang)},
        {"kind": "badge", **_badge("france", _walled(unit_text({"regulars": 2}, lang), True),
                                   lang), "label": word("besieged", lang)},
        {"kind": "badge", "text": leader_label("charles_v", lang),
         "fill": colours["leader"]["fill"], "color": colours["leader"]["text"],
         "bar": pal["powers"]["hapsburg"]["fill"], "label": word("leader", lang)},
        {"kind": "badge", "text": word("piracy_mark", lang), **_pair(colours["piracy"]),
         "label": word("piracy", lang)},
    ]
    return items

