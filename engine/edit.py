"""Moderator corrections of a state: ``EDIT <path> = <json value>``.

A path is dot-separated keys, with list positions as numbers: ``scores.north``,
``spaces.paris.units.france.regulars``, ``hands.east.0``.  The value is JSON (which is also
YAML flow): ``3``, ``"france"``, ``[1, 2]``, ``null``.  The canonical text
``EDIT <path> = <canonical json>`` is what the record stores and replay reads back.
"""
from __future__ import annotations

import json
from typing import Any

from engine.canonical import canonical_json
from engine.contract import IllegalOrder, State


def edit_text(path: str, value: Any) -> str:
    return f"EDIT {path} = {canonical_json(value)}"


def parse_edit(text: str) -> tuple[str, Any]:
    """``EDIT path = value`` (or ``path value``) as (path, value)."""
    body = text.strip()
    if body.upper().startswith("EDIT "):
        body = body[5:].strip()
    path, sep, raw = body.partition("=")
    if not sep:
        path, _, raw = body.partition(" ")
    path, raw = path.strip(), raw.strip()
    if not path or not raw:
        raise IllegalOrder("write EDIT <path> = <value>", ["EDIT scores.north = 3"])
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw  # a bare word is a string: EDIT spaces.paris.control = france
    return path, value


def parse_edits(text: str) -> list[tuple[str, Any]]:
    """``EDIT path = value; path = value ...`` as its (path, value) pairs, in order: one
    moderator correction that changes several places at once (a card from the deck to a
    hand), validated as a whole (`engine.game.Game.edits`).  A ``;`` inside a JSON value
    (a string) does not split it."""
    body = text.strip()
    if body.upper().startswith("EDIT "):
        body = body[5:].strip()
    pairs = []
    decoder = json.JSONDecoder()
    while body:
        path, sep, rest = body.partition("=")
        rest = rest.lstrip()
        try:
            _, end = decoder.raw_decode(rest)
        except json.JSONDecodeError:
            end = rest.find(";") if ";" in rest else len(rest)
        if not sep:
            end = len(rest)
        pairs.append(parse_edit(f"{path.strip()} = {rest[:end].strip()}" if sep else path))
        body = rest[end:].strip()
        if body.startswith(";"):
            body = body[1:].strip()
        elif body:
            raise IllegalOrder("separate the assignments of one EDIT with ;",
                               ["EDIT deck = [1, 2]; hands.east = [3] BECAUSE dealt wrong"])
    if not pairs:
        raise IllegalOrder("write EDIT <path> = <value>", ["EDIT scores.north = 3"])
    return pairs


def apply_edit(state: State, path: str, value: Any) -> State:
    """Set `path` in `state` (mutated and returned); the last key may be new, no other."""
    keys = path.split(".")
    node: Any = state
    for depth, key in enumerate(keys):
        last = depth == len(keys) - 1
        where = ".".join(keys[:depth + 1])
        if isinstance(node, list):
            if not key.isdigit() or int(key) >= len(node):
                raise IllegalOrder(f"{where}: no such position (the list has {len(node)})")
            index: Any = int(key)
        elif isinstance(node, dict):
            if key not in node and not last:
                raise IllegalOrder(f"{where}: no such key",
                                   sorted(str(k) for k in node)[:12])
            index = key
        else:
            raise IllegalOrder(f"{where}: {'.'.join(keys[:depth]) or 'state'} is a value, "
                               "not a mapping or list")
        if last:
            node[index] = value
        else:
            node = node[index]
    return state
