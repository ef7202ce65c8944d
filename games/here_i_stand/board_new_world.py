"""The New World panel of the map picture (§20): what crosses the Atlantic, the voyages
cancelled until next turn, every discovery and conquest (taken ones in their power's colour
with the explorer or conquistador and "depleted", open ones grey), the colonies and the
Galleons, Plantations and raider markers.

`panel(view, lang)` reads the public view's ``new_world`` and returns one panel of the board
description (``pbem/mapimage.py``: ``{title, rows: [{label, badges}]}``); words come from
``data/palette.yaml`` (``labels``), names from the piece and table data.

Rules: none (presentation of §20's state)
"""
from __future__ import annotations

from typing import Any, Mapping

from games.here_i_stand.catalog import load_pieces, load_tables

Badge = dict[str, str]


def _lang_name(names: Mapping[str, str], lang: str) -> str:
    return str(names.get(lang) or names["en"])


def _explorer(pid: str, lang: str) -> str:
    pieces = load_pieces()
    p = pieces.explorers.get(pid) or pieces.conquistadors.get(pid)
    if p is None:
        return pid
    return (p.name_ru or p.name_en) if lang == "ru" else p.name_en


def _tokens() -> list[tuple[str, dict[str, str]]]:
    nw = load_tables().data["new_world"]
    return [(r["id"], r["name"]) for r in nw["exploration"]["discoveries"]]


def _conquests() -> list[tuple[str, dict[str, str]]]:
    nw = load_tables().data["new_world"]
    return [(r["id"], r["name"]) for r in nw["conquest"]["conquests"]]


def panel(view: Mapping[str, Any], lang: str, word: Any, badge: Any, grey: Badge
          ) -> dict[str, Any]:
    """The New World panel.  `word(key, lang, **args)` gives the palette's words,
    `badge(power, text, lang)` a power's badge, `grey` the colours of an open token."""
    nw = view.get("new_world") or {}
    found_by = nw.get("found_by") or {}
    depleted = set(nw.get("depleted") or ())

    def item(i: Mapping[str, Any]) -> Badge:
        text = word(f"nw_{i['marker']}", lang)
        if i.get("explorer"):
            text += " · " + _explorer(i["explorer"], lang)
        if i.get("bonus"):
            text += f" +{i['bonus']}"
        return badge(i["power"], text, lang)

    def token(tid: str, name: str, owner: str | None) -> Badge:
        if owner is None:
            return {**grey, "text": word("nw_open", lang, name=name)}
        text = name
        if found_by.get(tid):
            text += " · " + _explorer(found_by[tid], lang)
        if tid in depleted:
            text += " · " + word("nw_depleted", lang)
        return badge(owner, text, lang)

    discoveries = nw.get("discoveries") or {}
    conquests = nw.get("conquests") or {}
    names = [(tid, _lang_name(n, lang)) for tid, n in _tokens()]
    names.append(("circumnavigation", word("nw_circumnavigation", lang)))
    rows = [
        ("nw_crossing", [item(i) for i in nw.get("crossing_atlantic") or ()]),
        ("nw_cancelled", [item(i) for i in nw.get("turn_track") or ()]),
        ("nw_discoveries", [token(t, n, discoveries.get(t)) for t, n in names]),
        ("nw_conquests", [token(t, _lang_name(n, lang), conquests.get(t))
                          for t, n in _conquests()]),
        ("nw_colonies", [badge(c["power"], word(f"nw_colony_names.{c['name']}", lang), lang)
                         for c in nw.get("colonies") or ()]),
        ("nw_markers", [badge(p, word(f"nw_{key}", lang), lang)
                        for key in ("galleons", "plantations", "raiders")
                        for p in nw.get(key) or ()]),
    ]
    out = []
    for key, badges in rows:
        if key == "nw_cancelled" and not badges:
            continue
        out.append({"label": word(key, lang),
                    "badges": badges or [{**grey, "text": word("nw_nothing", lang)}]})
    return {"title": word("new_world", lang), "rows": out}
