"""Forgiving name matching for order grammars: case, accents and small typos.

Players write ``brunn``, ``Brünn`` or ``Брюнн``; all should find the same space.  A name is
read, in this order:

1. an exact match after `normalize` (case, accents, ``ё``, separators folded);
2. a unique prefix (``Magde`` → Magdeburg);
3. a unique *near* match: the written text is near a name when their edit distance
   (`edit_distance`: insertions, deletions, substitutions and swaps of two neighbouring
   letters, each 1) is at most `typo_limit` of the written text's length: 0 up to 3 letters,
   1 up to 7, 2 up to 11, 3 beyond.  It is accepted only when the names near it all belong
   to one key: ``Magdebrug`` and ``Luebeck`` are read, ``Viena`` (near both Vienna and
   Siena) is refused with both.

A name read by prefix or near match is recorded as a `Reading` while `readings()` is open,
so a receipt can say how it was read ("Magdebrug → Magdeburg").  Anything else is an
`IllegalOrder` naming the closest names as suggestions.
"""
from __future__ import annotations

import contextlib
import contextvars
import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import Generic, Hashable, Iterable, Iterator, TypeVar

from engine.contract import IllegalOrder

K = TypeVar("K", bound=Hashable)
_SEPARATORS = re.compile(r"[\s_\-.'’`]+")


def normalize(text: str) -> str:
    """Casefolded, accents stripped, separators folded to single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", stripped).strip()


def typo_limit(written: str) -> int:
    """How many edits a written name of this length may carry and still be read."""
    return min(3, len(written) // 4)


def edit_distance(a: str, b: str, limit: int) -> int:
    """The optimal-string-alignment distance of `a` and `b` (insert, delete, substitute,
    swap two neighbours: 1 each), or ``limit + 1`` as soon as it must exceed `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        above, row = row, [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], before[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        before = above
    return row[-1]


@dataclass(frozen=True)
class Reading:
    """A name read by prefix or near match: `written` was taken as `key` (a `what`), whose
    name as listed is `shown`."""
    written: str
    what: str
    key: Hashable
    shown: str


_READINGS: contextvars.ContextVar[list[Reading] | None] = contextvars.ContextVar(
    "name_readings", default=None)


@contextlib.contextmanager
def readings() -> Iterator[list[Reading]]:
    """Collect the `Reading`s of every name resolved inside the block."""
    collected: list[Reading] = []
    token = _READINGS.set(collected)
    try:
        yield collected
    finally:
        _READINGS.reset(token)


class NameIndex(Generic[K]):
    """Names (any language, any number per key) → keys, for `resolve`."""

    def __init__(self, what: str, names: Iterable[tuple[str, K]]) -> None:
        self.what = what
        self._keys: dict[str, set[K]] = {}
        self._shown: dict[str, str] = {}
        for name, key in names:
            folded = normalize(name)
            self._keys.setdefault(folded, set()).add(key)
            if self._shown.get(folded, folded) == folded:  # a display name over an id
                self._shown[folded] = name

    def resolve(self, text: str) -> K:
        """The one key `text` names, or `IllegalOrder` with suggestions."""
        wanted = normalize(text)
        if not wanted:
            raise IllegalOrder(f"a {self.what} is missing", code="name_missing",
                               params={"what": self.what})
        exact = self._keys.get(wanted)
        if exact and len(exact) == 1:
            return next(iter(exact))
        if exact:
            return self._unique(text, [wanted], "it names several")
        prefixed = sorted(name for name in self._keys if name.startswith(wanted))
        if prefixed:
            return self._unique(text, prefixed, "it could be several")
        near = self.near(wanted)
        if near:
            return self._unique(text, near, "it is close to several")
        close = self._by_key(difflib.get_close_matches(wanted, list(self._keys), n=4,
                                                       cutoff=0.7))
        raise IllegalOrder(f"there is no {self.what} called {text!r}", list(close.values()),
                           code="name_unknown",
                           params={"what": self.what, "text": text, "candidates": list(close)})

    def near(self, wanted: str) -> list[str]:
        """The listed names near `wanted` (normalised), closest first."""
        limit = typo_limit(wanted)
        scored = sorted((edit_distance(wanted, name, limit), name) for name in self._keys)
        return [name for d, name in scored if d <= limit]

    def _unique(self, text: str, names: Iterable[str], why: str) -> K:
        """The key all `names` share (recorded as a `Reading`), or a refusal listing them."""
        names = list(names)
        keys = {k for name in names for k in self._keys[name]}
        if len(keys) == 1:
            key = next(iter(keys))
            log = _READINGS.get()
            if log is not None:
                log.append(Reading(text.strip(), self.what, key, self._shown[names[0]]))
            return key
        shown = dict(list(self._by_key(names).items())[:8])
        raise IllegalOrder(f"{text!r} is ambiguous: {why} {self.what}s", list(shown.values()),
                           code="name_ambiguous",
                           params={"what": self.what, "text": text, "candidates": list(shown)})

    def _by_key(self, names: Iterable[str]) -> dict[K, str]:
        """Each key of `names` once, with its first name, in the order of the names."""
        out: dict[K, str] = {}
        for name in names:
            keys = sorted(self._keys[name], key=str)
            for key in keys:
                out.setdefault(key, self._shown[name] if len(keys) == 1 else str(key))
        return out
