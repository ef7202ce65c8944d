"""The YAML archive, format ``pbem-archive/1`` (docs/architecture.md, "The game record").

Loading uses PyYAML's C loader when it is built (``yaml.CSafeLoader``) and always
``safe_load`` semantics: no Python tags are ever constructed.  Timestamps are kept as
ISO-8601 UTC strings in memory (``2026-11-21T12:00:00Z``) and written unquoted.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import functools
import io
import pickle
import re
from typing import Any

import yaml

from engine.dice import ALGORITHM
from engine.record import Entry, Header, Record, ReplayError

FORMAT = "pbem-archive/1"

SafeLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

_KEYS = {"format", "game", "seats", "moderators", "observers", "dice", "clocks", "initial_state_hash",
         "entries", "final_state_hash", "outcome", "audit"}


class Timestamp(str):
    """A UTC instant as ``YYYY-MM-DDTHH:MM:SSZ``, written as a plain YAML timestamp."""


_STR, _INT, _BOOL, _NULL, _SEQ, _MAP = (f"tag:yaml.org,2002:{t}" for t in (
    "str", "int", "bool", "null", "seq", "map"))
_DECIMAL = re.compile(r"-?[1-9][0-9]*|0")

#: A resolver object only asked `resolve` (class-level tables, no state of its own).
_RESOLVER = yaml.resolver.Resolver.__new__(yaml.resolver.Resolver)


@functools.lru_cache(maxsize=16384)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag the resolver gives a scalar `value` (the same answer for the same value:
    the implicit resolvers are fixed tables, the same for the loader and the dumper)."""
    return yaml.resolver.Resolver.resolve(_RESOLVER, yaml.ScalarNode, value, implicit)  # type: ignore[no-any-return]


def _quick_resolve(self: Any, kind: Any, value: Any, implicit: Any) -> str:
    """`Resolver.resolve`, scalars' tags looked up once per value (`_scalar_tag`)."""
    if kind is yaml.ScalarNode:
        return _scalar_tag(value, implicit)
    return yaml.resolver.Resolver.resolve(self, kind, value, implicit)  # type: ignore[no-any-return]


class _Dumper(SafeDumper):  # type: ignore[misc, valid-type]
    """The safe dumper, quicker at what a game file is mostly made of (the same text): the
    node tree of plain dicts, lists, strings, integers, booleans and nulls is built
    directly (`_node`: no per-node dispatch or alias bookkeeping, a dict or list met again
    is the same node, which the serializer writes as an anchor and an alias as the safe
    dumper does), anything else by the safe representer; and the implicit tag of a scalar
    (which the emitter asks twice of every scalar, the loader once) is looked up once per
    value (`_scalar_tag`)."""

    resolve = _quick_resolve

    def represent(self, data: Any) -> None:
        self.serialize(self._node(data, {}))
        self.represented_objects, self.object_keeper, self.alias_key = {}, [], None

    def _node(self, data: Any, made: dict[int, yaml.Node]) -> yaml.Node:
        kind = type(data)
        if kind is str:
            return yaml.ScalarNode(_STR, data, style=self.default_style)
        if kind is int:
            return yaml.ScalarNode(_INT, str(data), style=self.default_style)
        if kind is bool:
            return yaml.ScalarNode(_BOOL, "true" if data else "false", style=self.default_style)
        if data is None:
            return yaml.ScalarNode(_NULL, "null", style=self.default_style)
        if kind is not dict and kind is not list:
            self.alias_key = None
            return self.represent_data(data)         # type: ignore[no-any-return]
        node = made.get(id(data))
        if node is not None:
            return node
        if kind is dict:
            pairs: list[tuple[yaml.Node, yaml.Node]] = []
            node = made[id(data)] = yaml.MappingNode(_MAP, pairs)
            items = list(data.items())
            if self.sort_keys:
                with contextlib.suppress(TypeError):
                    items = sorted(items)
            for key, value in items:
                pairs.append((self._node(key, made), self._node(value, made)))
            children = [n for pair in pairs for n in pair]
        else:
            children = []
            node = made[id(data)] = yaml.SequenceNode(_SEQ, children)
            children.extend(self._node(item, made) for item in data)
        node.flow_style = self.default_flow_style if self.default_flow_style is not None \
            else all(type(n) is yaml.ScalarNode and not n.style for n in children)
        return node


def _represent_timestamp(dumper: yaml.SafeDumper, value: Timestamp) -> yaml.Node:
    return dumper.represent_scalar("tag:yaml.org,2002:timestamp", str(value))


_Dumper.add_representer(Timestamp, _represent_timestamp)


def iso(moment: dt.datetime) -> Timestamp:
    """The archive's text for an aware datetime (seconds precision, UTC, ``Z``)."""
    if moment.tzinfo is None:
        raise ValueError("timestamps must be timezone-aware")
    return Timestamp(moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))


def parse_iso(text: Any) -> dt.datetime:
    """An archive timestamp (string or YAML-parsed datetime) as an aware UTC datetime."""
    if isinstance(text, dt.datetime):
        moment = text
    else:
        moment = dt.datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    return moment.astimezone(dt.timezone.utc)


def _stamp(value: Any) -> Timestamp:
    return iso(parse_iso(value))


class _Loader(SafeLoader):  # type: ignore[misc, valid-type]
    """The safe loader, quicker at what a game file is mostly made of (the same data):
    plain mappings, sequences, strings, decimal integers, booleans and nulls are built
    straight from the node tree (`_build`); anything else (a merge key, an octal or
    sexagesimal integer, a float, a timestamp, a key that cannot be hashed...) goes
    through the safe constructor as before."""

    resolve = _quick_resolve

    def get_single_data(self) -> Any:
        node = self.get_single_node()
        return None if node is None else self._build(node, {})

    def _build(self, node: yaml.Node, made: dict[int, Any]) -> Any:
        kind, tag = type(node), node.tag
        if kind is yaml.ScalarNode:
            value = node.value
            if tag == _STR:
                return value
            if tag == _INT and _DECIMAL.fullmatch(value):
                return int(value)
            if tag == _NULL:
                return None
            if tag == _BOOL and value.lower() in self.bool_values:
                return self.bool_values[value.lower()]
        elif id(node) in made:                  # an alias: the object already built
            return made[id(node)]
        elif kind is yaml.SequenceNode and tag == _SEQ:
            items: list[Any] = []
            made[id(node)] = items
            items.extend(self._build(item, made) for item in node.value)
            return items
        elif kind is yaml.MappingNode and tag == _MAP and all(
                type(key) is yaml.ScalarNode and key.tag in (_STR, _INT, _NULL, _BOOL)
                for key, _ in node.value):
            mapping: dict[Any, Any] = {}
            made[id(node)] = mapping
            for key, value in node.value:
                mapping[self._build(key, made)] = self._build(value, made)
            return mapping
        data = self.construct_object(node, deep=True)
        if kind is not yaml.ScalarNode:
            made[id(node)] = data
        return data


def _construct_timestamp(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    """A YAML timestamp as the in-memory `Timestamp` string (a date alone stays a date), so
    a game parsed from its file holds exactly what the live game held and dumps the same."""
    value = yaml.constructor.SafeConstructor.construct_yaml_timestamp(loader, node)
    return _stamp(value) if isinstance(value, dt.datetime) else value


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def load_with_memo(text: str | bytes) -> tuple[Any, DumpMemo]:
    """`load_yaml`, and a `DumpMemo` that already knows the text of the document's parts
    (`DumpMemo.seed`): the first save after a load renders only what changed."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = None if node is None else loader._build(node, {})
    finally:
        loader.dispose()
    memo = DumpMemo()
    if node is not None:
        try:
            memo.seed(data, node, text if isinstance(text, str) else text.decode("utf-8"))
        except UnicodeDecodeError:      # another encoding the loader read: not remembered
            pass
    return data, memo


def load_yaml(text: str | bytes) -> Any:
    """Parse YAML with safe semantics (C loader when available); timestamps come back as
    `Timestamp` strings."""
    return yaml.load(text, Loader=_Loader)


def dump_yaml(data: Any) -> str:
    """Block-style YAML, keys in insertion order, Unicode kept readable."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)


#: Keys of the containers `DumpMemo` splits: written ``key:`` as they stand (no quotes).
_SIMPLE_KEY = re.compile(r"[a-z_][a-z0-9_]*")
#: The children a container `DumpMemo` cuts may have: scalars (written with no style) and
#: collections (which make the container a block: `_Dumper._node`'s rule; a tuple is
#: written as a list, a set as a mapping).
_SCALARS = (str, int, bool, type(None), float, Timestamp)
_COLLECTIONS = (dict, list, tuple, set)
_CUT = "zz-pbem-cut-"        # the marker key `DumpMemo` writes after each part it renders
_DOCUMENT_MARKER = re.compile(r"^(?:---|\.\.\.)(?:\s|$)", re.MULTILINE)


class DumpMemo:
    """`dump_yaml` for a document written again and again with a few changes each time (a
    game file at each save, issue 13: a game that grows by an entry would otherwise have
    its whole file emitted again at every save).

    The document is cut along its block-style mappings (and the block lists in them) into
    parts, each a mapping entry ``key: value`` or a list item ``- value`` that is not cut
    further; the text of each part is remembered with a fingerprint of its value (its
    pickle, which tells a `Timestamp` from a string and a list from a tuple:
    `_fingerprint`).  A new dump renders only the parts whose value changed, all in one
    `dump_yaml` call of a skeleton that holds each of them in its own place followed by a
    marker, and cuts that text apart at the markers; the parts keep their place and
    indentation, so their text is the one a whole dump writes.  The text is `dump_yaml`'s, byte for byte, except where a
    part rendered now holds a dict or list that a remembered part holds too: `dump_yaml`
    writes it once with an anchor and then an alias, this writes it twice (it loads as
    equal data).  A document it cannot cut (a container of another type than dicts, lists
    and scalars, a marker's text in a key) or whose rendered parts hold an anchor is dumped
    whole, and nothing of it is remembered."""

    MAX_DEPTH = 6

    def __init__(self) -> None:
        #: (path, key (None for a list item), fingerprint) -> text, of the last dump
        self._parts: dict[tuple[Any, ...], str] = {}
        self._buffer = io.BytesIO()
        self._pickler = pickle.Pickler(self._buffer, 5)
        self._pickler.fast = True       # no memo: equal values pickle alike, shared or not

    def _fingerprint(self, value: Any) -> bytes:
        """`value`'s pickle, the same for equal values of the same types whether or not
        they share objects (a game read from its file shares none)."""
        self._buffer.seek(0)
        self._buffer.truncate()
        self._pickler.dump(value)
        return self._buffer.getvalue()

    def dump(self, data: Any) -> str:
        if type(data) is not dict or not _block(data):
            return dump_yaml(data)
        pieces: list[Any] = []       # str (a header) or a part: ((path, key, fingerprint), value)
        try:
            self._plan(data, (), 0, pieces)
        except _CANNOT_CUT:
            self._parts = {}
            return dump_yaml(data)
        parts, old = {}, self._parts
        missing = []
        for piece in pieces:
            if type(piece) is tuple:
                slot = piece[0]
                text = old.get(slot)
                if text is None:
                    missing.append(piece)
                else:
                    parts[slot] = text
        if missing:
            texts = _render(missing)
            if texts is None:
                self._parts = {}
                return dump_yaml(data)
            for (slot, _), text in zip(missing, texts):
                parts[slot] = text
        self._parts = parts
        return "".join(piece if type(piece) is str else parts[piece[0]] for piece in pieces)

    def seed(self, data: Any, node: yaml.Node, text: str) -> None:
        """Remember the parts of `data` as the document `text` (whose composed root is
        `node`) writes them: after a load, the first dump renders only what changed since.
        A part is the run of lines from its key (or list item) to the next part or header;
        it is taken only where every part starts at the column `dump_yaml` would write it
        at and every header reads as it would write it, and the text has no anchor (a part
        rendered again could leave an alias without it), no document marker and a last
        line that ends (a part written before another must end its line), else nothing is
        remembered."""
        if type(data) is not dict or not _block(data) or "&" in text \
                or not text.endswith("\n") or _DOCUMENT_MARKER.search(text):
            return
        pieces: list[Any] = []
        starts: list[tuple[int, int]] = []
        try:
            self._plan(data, (), 0, pieces, node, starts)
        except _CANNOT_CUT:
            return
        lines = text.splitlines(keepends=True)
        bounds = [line for line, _ in starts] + [len(lines)]
        if any(b >= c for b, c in zip(bounds, bounds[1:])):
            return
        parts: dict[tuple[Any, ...], str] = {}
        for i, piece in enumerate(pieces):
            line, column = starts[i]
            if type(piece) is str:
                if lines[line] != piece:
                    return
                continue
            if column != 2 * len(piece[0][0]):
                return
            parts[piece[0]] = "".join(lines[line:bounds[i + 1]])
        self._parts = parts

    def _plan(self, value: dict[Any, Any] | list[Any], path: tuple[Any, ...], depth: int,
              pieces: list[Any], node: yaml.Node | None = None,
              starts: list[tuple[int, int]] | None = None) -> None:
        """The headers and parts of a block container at `path` (`depth` levels down); with
        its composed `node`, the line and column each starts at go to `starts`."""
        if node is not None and len(node.value) != len(value):
            raise _Uncut(path)
        if type(value) is list:
            for number, item in enumerate(value):
                pieces.append(((path, None, self._fingerprint(item)), item))
                if node is not None:
                    mark = node.value[number].start_mark
                    starts.append((mark.line, mark.column))   # type: ignore[union-attr]
            return
        indent = "  " * depth
        for number, (key, child) in enumerate(value.items()):
            if type(key) is str and key.startswith(_CUT):
                raise _Uncut(key)
            pair = node.value[number] if node is not None else None
            if pair is not None:
                if type(key) is str and pair[0].value != key:
                    raise _Uncut(key)
                mark = pair[0].start_mark
                starts.append((mark.line, mark.column))   # type: ignore[union-attr]
            kind = type(child)
            if (kind is dict or kind is list) and depth < self.MAX_DEPTH and type(key) is str \
                    and _SIMPLE_KEY.fullmatch(key) and _scalar_tag(key, (True, False)) == _STR \
                    and child and _block(child):
                pieces.append(f"{indent}{key}:\n")
                self._plan(child, path + (key,), depth + 1, pieces,
                           pair[1] if pair is not None else None, starts)
            else:
                pieces.append(((path, key, self._fingerprint(child)), child))


class _Uncut(Exception):
    """A document `DumpMemo` dumps whole."""


#: What cutting a document into parts may raise: a value it cannot place (`_Uncut`), or
#: one its fingerprint cannot take (an object pickle refuses, a cycle)
_CANNOT_CUT = (_Uncut, pickle.PicklingError, TypeError, AttributeError, ValueError,
               RecursionError)


def _block(value: dict[Any, Any] | list[Any]) -> bool:
    """Whether `_Dumper._node` writes `value` in block style (some child is a collection);
    raises `_Uncut` for a child of a type it might not write as a plain scalar."""
    children = value.values() if type(value) is dict else value
    block = False
    for child in children:
        kind = type(child)
        if kind in _COLLECTIONS:
            block = True
        elif kind not in _SCALARS:
            raise _Uncut(kind)
    return block


def _render(missing: list[tuple[tuple[Any, ...], Any]]) -> list[str] | None:
    """The texts of the parts `missing` (document order), from one `dump_yaml` of a
    skeleton holding each where it stands followed by a marker; None when the text is not
    cut as expected, holds an anchor or holds a marker's text in a part."""
    skeleton: dict[Any, Any] = {}
    expected: list[tuple[str, str]] = []    # ("header", line) or ("part", its marker line)
    opened: dict[tuple[Any, ...], Any] = {(): skeleton}
    for number, ((path, key, _), value) in enumerate(missing):
        for depth in range(1, len(path) + 1):
            if path[:depth] not in opened:
                parent = opened[path[:depth - 1]]
                kind = list if key is None and depth == len(path) else dict
                parent[path[depth - 1]] = opened[path[:depth]] = kind()
                expected.append(("header", f"{'  ' * (depth - 1)}{path[depth - 1]}:\n"))
        container, cut = opened[path], f"{_CUT}{number}"
        if type(container) is list:
            container.extend([value, {cut: []}])
            expected.append(("part", f"{'  ' * (len(path) - 1)}- {cut}: []\n"))
        else:
            container[key] = value
            container[cut] = []
            expected.append(("part", f"{'  ' * len(path)}{cut}: []\n"))
    text = dump_yaml(skeleton)
    if "&id" in text:
        return None
    lines = text.splitlines(keepends=True)
    texts, at = [], 0
    for kind, line in expected:
        if kind == "header":
            if at >= len(lines) or lines[at] != line:
                return None
            at += 1
            continue
        start = at
        while at < len(lines) and lines[at] != line:
            at += 1
        if at == len(lines) or at == start:
            return None
        part = "".join(lines[start:at])
        if _CUT in part:            # a value holds a marker's text: cut it no further
            return None
        texts.append(part)
        at += 1
    return texts if at == len(lines) else None


def record_to_data(record: Record, *, outcome: dict[str, Any] | None = None,
                   reveal_seed: bool = False) -> dict[str, Any]:
    """The archive mapping of a record; the seed appears only when revealed."""
    h = record.header
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": {"id": h.id, "title": h.title, "rules": h.rules,
                 "rules_version": h.rules_version, "scenario": h.scenario,
                 "options": dict(h.options)},
        "seats": {seat: dict(info) for seat, info in h.seats.items()},
        "moderators": list(h.moderators),
        **({"observers": [dict(o) for o in h.observers]} if h.observers else {}),
        "dice": {"algorithm": ALGORITHM, "commitment": h.dice_commitment,
                 "seed": h.seed if (reveal_seed or h.revealed) else None},
        "clocks": dict(h.clocks),
        "initial_state_hash": record.initial_state_hash,
        "entries": [_entry_data(e) for e in record.entries],
        "final_state_hash": record.final_state_hash,
    }
    if outcome is not None:
        data["outcome"] = outcome
    if record.audit:
        data["audit"] = [_audit_data(block) for block in record.audit]
    return data


def _audit_data(value: Any, key: str = "") -> Any:
    """Audit blocks with every ``at`` / ``*_at`` value as a timestamp."""
    if isinstance(value, dict):
        return {k: _audit_data(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_audit_data(v) for v in value]
    if (key == "at" or key.endswith("_at")) and value is not None:
        return _stamp(value)
    return value


def _entry_data(entry: Entry) -> dict[str, Any]:
    data = entry.to_data()
    data["at"] = Timestamp(entry.at)
    return data


#: An email address inside free text (a moderator act such as ``REPLACE east ann@example.org``).
ADDRESS_IN_TEXT = re.compile(r"[^\s<>()\[\],;:\"']+@[^\s<>()\[\],;:\"'@]+\.[A-Za-z0-9-]+")
HIDDEN = "<hidden>"     # what stands for an address in a public archive


def hide_addresses(text: str, placeholder: str = HIDDEN) -> str:
    """`text` with every email address in it replaced by `placeholder`."""
    return ADDRESS_IN_TEXT.sub(placeholder, text)


def public_data(data: dict[str, Any]) -> dict[str, Any]:
    """The shareable copy of an archive mapping (`pbem archive --public`): no seat's
    addresses (``players``), no observers, every address in an act entry's text (REPLACE,
    ADD-ADDRESS, also those the audit keeps) and in a moderator's reason replaced by
    `HIDDEN`, and a mail's Message-ID
    (``source``, which may name the sender's domain) replaced by ``mail``.  The state hashes
    and dice are untouched, so the copy replays and verifies like the full archive.
    Moderators (the game's officials) stay named."""
    public = dict(data)
    public["seats"] = {seat: {k: v for k, v in dict(info or {}).items() if k != "players"}
                       for seat, info in data["seats"].items()}
    public.pop("observers", None)
    public["entries"] = [_public_entry(e) for e in data.get("entries") or []]
    if data.get("audit"):
        public["audit"] = [dict(block, entries=[_public_entry(e) for e in block["entries"]])
                           if "entries" in block else dict(block) for block in data["audit"]]
    return public


def _public_entry(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry)
    if out.get("kind") == "act":
        out["order"] = hide_addresses(str(out["order"]))
    if out.get("because"):
        out["because"] = hide_addresses(str(out["because"]))
    if "@" in str(out.get("source", "")):
        out["source"] = "mail"
    return out


def record_from_data(data: Any) -> Record:
    """A record from a parsed archive; `ReplayError` names what is malformed."""
    if not isinstance(data, dict):
        raise ReplayError("not a pbem archive: the document is not a mapping")
    if data.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} archive (format: {data.get('format')!r})")
    unknown = set(data) - _KEYS
    if unknown:
        raise ReplayError(f"unknown archive keys: {', '.join(sorted(unknown))}")
    try:
        game = data["game"]
        dice = data["dice"]
        if dice.get("algorithm") != ALGORITHM:
            raise ReplayError(f"unknown dice algorithm {dice.get('algorithm')!r}")
        header = Header(
            id=str(game["id"]), title=str(game.get("title") or ""), rules=str(game["rules"]),
            rules_version=int(game["rules_version"]), scenario=game.get("scenario"),
            options=dict(game.get("options") or {}),
            seats={str(s): dict(info or {}) for s, info in data["seats"].items()},
            moderators=[str(m) for m in data.get("moderators") or []],
            observers=[dict(o) for o in data.get("observers") or []],
            clocks=dict(data.get("clocks") or {}),
            dice_commitment=str(dice["commitment"]), seed=dice.get("seed"),
            revealed=dice.get("seed") is not None and "outcome" in data)
    except (KeyError, TypeError, AttributeError) as bad:
        raise ReplayError(f"malformed archive header: {bad}") from None
    entries = []
    for raw in data.get("entries") or []:
        entry = Entry.from_data(raw)
        entry.at = _stamp(raw["at"])
        entries.append(entry)
    for previous, entry in zip(entries, entries[1:]):
        if entry.seq != previous.seq + 1:
            raise ReplayError(f"entry {entry.seq} follows entry {previous.seq}: the record "
                              "has a gap or is out of order")
    audit = [_audit_data(block) for block in data.get("audit") or []]
    record = Record(header=header, entries=entries,
                    initial_state_hash=str(data.get("initial_state_hash") or ""), audit=audit)
    claimed = data.get("final_state_hash")
    if claimed and claimed != record.final_state_hash:
        raise ReplayError("final_state_hash does not match the last entry's state_hash")
    return record
