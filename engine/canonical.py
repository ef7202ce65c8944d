"""Canonical forms of plain game data: JSON text, SHA-256 hash, and a fast deep copy.

State and orders are plain data (dict, list, str, int, bool, None).  The canonical JSON
form sorts keys and uses compact separators, so two equal states always hash the same,
whatever order their dicts were built in (docs/architecture.md, "The engine contract").
"""
from __future__ import annotations

import hashlib
import json
import pickle
from typing import Any, Callable, TypeVar

import orjson

T = TypeVar("T")

_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                            allow_nan=False)


def canonical_json(data: Any) -> str:
    """Sorted-key compact JSON: the one text form every hash is taken over."""
    return _ENCODER.encode(data)


def canonical_bytes(data: Any) -> bytes:
    """`canonical_json` as UTF-8, made by orjson (several times faster: hashing every state
    of a replay is a large share of its time), which writes plain data — str keys, ints of
    at most 64 bits, str, bool, None, lists — byte for byte as `canonical_json` does; the
    standard encoder takes whatever orjson refuses (other keys, larger ints)."""
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:           # orjson.JSONEncodeError is a TypeError
        return canonical_json(data).encode("utf-8")


def state_hash(data: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of `data`."""
    return hashlib.sha256(canonical_bytes(data)).hexdigest()


def copy_plain(data: T) -> T:
    """A deep copy of plain data, several times faster than `copy.deepcopy`."""
    return pickle.loads(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))


def later_copy(data: T) -> Callable[[], T]:
    """A deep copy of plain data as it is now, made only when called: its bytes are taken
    at once (the cheap half of `copy_plain`), the objects rebuilt on demand."""
    frozen = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    return lambda: pickle.loads(frozen)
