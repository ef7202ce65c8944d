"""The YAML archive, format ``pbem-archive/1`` (docs/architecture.md, "The game record").

Loading uses PyYAML's C loader when it is built (``yaml.CSafeLoader``) and always
``safe_load`` semantics: no Python tags are ever constructed.  Timestamps are kept as
ISO-8601 UTC strings in memory (``2026-11-21T12:00:00Z``) and written unquoted.
"""
from __future__ import annotations

import datetime as dt
import functools
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
    """The safe dumper, quicker at what a game file is mostly made of (the same text):
    plain scalars are represented without the alias bookkeeping plain scalars never need,
    and the implicit tag of a scalar (which the emitter asks twice of every scalar, the
    loader once) is looked up once per value (`_scalar_tag`)."""

    def represent_data(self, data: Any) -> yaml.Node:
        kind = type(data)
        if kind is str:
            return self.represent_str(data)
        if kind is int:
            return self.represent_int(data)
        if kind is bool:
            return self.represent_bool(data)
        if data is None:
            return self.represent_none(data)
        return super().represent_data(data)

    resolve = _quick_resolve


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
    resolve = _quick_resolve


def _construct_timestamp(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    """A YAML timestamp as the in-memory `Timestamp` string (a date alone stays a date), so
    a game parsed from its file holds exactly what the live game held and dumps the same."""
    value = yaml.constructor.SafeConstructor.construct_yaml_timestamp(loader, node)
    return _stamp(value) if isinstance(value, dt.datetime) else value


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


def load_yaml(text: str | bytes) -> Any:
    """Parse YAML with safe semantics (C loader when available); timestamps come back as
    `Timestamp` strings."""
    return yaml.load(text, Loader=_Loader)


def dump_yaml(data: Any) -> str:
    """Block-style YAML, keys in insertion order, Unicode kept readable."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100)


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
