"""The Virtù data kit: the component facts of ``data/*.yaml`` loaded as one `Kit`.

Rules: §15 (the data the rulebook's text lacks).  Every entry names the source of each of its
values in ``src`` (field → ``rulebook L<n>`` or ``provisional``; ``"*"`` covers the rest); list
entries (roads, sea links) carry it as their last element.  A game runs on the built-in kit or
on a moderator's own directory, pinned in the game by content hash (`kit_of`).

Rules: §15
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping

import yaml

from engine.archive import SafeLoader

DATA_DIR = Path(__file__).resolve().parent / "data"
#: The files of a complete kit, each a mapping.
FILES = ("map", "families", "palaces", "nobles", "tokens", "patronage", "rules")
RESOURCES = ("florin", "crown", "cross", "cavalry", "ship", "mask", "war", "arrow")
ACTIONS = ("govern", "patronage", "trade", "diplomacy", "military", "intrigue")
PROVISIONAL = "provisional"


@dataclass(frozen=True)
class Kit:
    """One loaded data kit: ``data[file]`` is the parsed mapping of ``<file>.yaml``."""
    data: dict[str, Any]
    sha: str

    def __getitem__(self, file: str) -> Any:
        return self.data[file]

    # ---------------------------------------------------------------- the map
    def cities(self, side: str) -> list[str]:
        """The cities printed on board side `side` (``four`` or ``five``), in data order."""
        return [c for c, v in self["map"]["cities"].items() if side in v["sides"]]

    def city(self, city: str) -> dict[str, Any]:
        return self["map"]["cities"][city]

    def roads(self, side: str) -> dict[str, list[str]]:
        """Road neighbours of every city of `side` (L651)."""
        on = set(self.cities(side))
        graph: dict[str, list[str]] = {c: [] for c in self.cities(side)}
        for a, b, _ in self["map"]["roads"]:
            if a in on and b in on:
                graph[a].append(b)
                graph[b].append(a)
        return {c: sorted(n) for c, n in graph.items()}

    def sea_distance(self, a: str, b: str) -> int | None:
        """Ships to sail from port `a` to port `b`: the fewest seas entered, the first
        included (L653, L657); None when either is no port."""
        seas_a, seas_b = self.city(a)["seas"], self.city(b)["seas"]
        if not seas_a or not seas_b:
            return None
        links: dict[str, set[str]] = {s: set() for s in self["map"]["seas"]}
        for x, y, _ in self["map"]["sea_links"]:
            links[x].add(y)
            links[y].add(x)
        frontier, seen, depth = set(seas_a), set(seas_a), 1
        while frontier:
            if frontier & set(seas_b):
                return depth
            frontier = {n for s in frontier for n in links[s]} - seen
            seen |= frontier
            depth += 1
        return None

    # ---------------------------------------------------------------- components
    def card(self, card: str) -> dict[str, Any]:
        """A Noble type, a Family card or Machiavelli (a Noble, L620)."""
        if card in self["nobles"]["nobles"]:
            return self["nobles"]["nobles"][card]
        if card in self["families"]["cards"]:
            return self["families"]["cards"][card]
        bonus = self["patronage"]["bonuses"][card]
        return {"action": None, "resources": bonus["resources"], "agent": False, "pp": bonus["pp"],
                "name": bonus["name"]}

    def token(self, token: str) -> dict[str, Any]:
        """A City, Title, Guild or Cathedral token (``cathedral_<n>``) or the Cannons."""
        tokens = self["tokens"]
        for group in ("cities", "titles", "guilds"):
            if token in tokens[group]:
                return tokens[group][token]
        if token.startswith("cathedral_"):
            return tokens["cathedral"]
        bonus = self["patronage"]["bonuses"][token]
        return {"resources": bonus["resources"], "pp": bonus["pp"]}

    def constant(self, group: str, key: str) -> Any:
        return self["rules"][group][key]

    # ---------------------------------------------------------------- sources
    def values(self) -> Iterator[tuple[str, str]]:
        """Every value of the kit as ``(where, source)``."""
        for file in FILES:
            yield from _values(file, self.data[file])

    def provisional(self) -> list[str]:
        """Where every provisional value sits (``file:path.field``)."""
        return [where for where, source in self.values() if source == PROVISIONAL]


def _values(where: str, node: Any) -> Iterator[tuple[str, str]]:
    """The `(where, source)` of every value under `node` (see the module docstring)."""
    if isinstance(node, list):
        for n, item in enumerate(node):
            if isinstance(item, list):
                yield f"{where}[{n}]", str(item[-1])
            else:
                yield from _values(f"{where}[{n}]", item)
        return
    if not isinstance(node, dict):
        return
    if "src" in node:
        src = node["src"] or {}
        for key in node:
            if key != "src":
                yield f"{where}.{key}", str(src.get(key, src.get("*", "")))
        return
    for key, value in node.items():
        if key != "provenance":
            yield from _values(f"{where}.{key}", value)


def read_files(directory: Path) -> dict[str, str]:
    """The kit files of `directory` as texts by file name (missing ones left out)."""
    return {f"{name}.yaml": (directory / f"{name}.yaml").read_text("utf-8")
            for name in FILES if (directory / f"{name}.yaml").is_file()}


def sha_of(files: Mapping[str, str]) -> str:
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name].encode() + b"\0")
    return digest.hexdigest()


def parse(files: Mapping[str, str]) -> Kit:
    """A `Kit` from its file texts; `ValueError` names a missing or unreadable file."""
    data = {}
    for name in FILES:
        text = files.get(f"{name}.yaml")
        if text is None:
            raise ValueError(f"the data kit has no {name}.yaml")
        try:
            data[name] = yaml.load(text, Loader=SafeLoader)
        except yaml.YAMLError as problem:
            raise ValueError(f"{name}.yaml is not YAML: {problem}") from None
        if not isinstance(data[name], dict):
            raise ValueError(f"{name}.yaml is not a mapping")
    return Kit(data, sha_of(files))


@lru_cache(maxsize=1)
def builtin() -> Kit:
    """The kit shipped with the game (``data/``)."""
    return parse(read_files(DATA_DIR))


_LOADED: dict[str, Kit] = {}


def kit_of(state: Mapping[str, Any]) -> Kit:
    """The kit a game runs on: the built-in one, or the files pinned in its state."""
    pinned = state["kit"]
    if "files" not in pinned:
        return builtin()
    if pinned["sha"] not in _LOADED:
        _LOADED[pinned["sha"]] = parse(pinned["files"])
    return _LOADED[pinned["sha"]]
