"""Forgiving name matching for order grammars: case, accents and small typos.

Players write ``brunn``, ``Brünn`` or ``Брюнн``; all should find the same space.  An exact
normalised match wins; otherwise a unique prefix; otherwise the close matches are offered as
suggestions ("Viena — did you mean Vienna?").  Two or more equally good candidates are an
error that lists them.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Generic, Hashable, Iterable, TypeVar

from engine.contract import IllegalOrder

K = TypeVar("K", bound=Hashable)
_SEPARATORS = re.compile(r"[\s_\-.'’`]+")


def normalize(text: str) -> str:
    """Casefolded, accents stripped, separators folded to single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ё", "е"))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _SEPARATORS.sub(" ", stripped).strip()


class NameIndex(Generic[K]):
    """Names (any language, any number per key) → keys, for `resolve`."""

    def __init__(self, what: str, names: Iterable[tuple[str, K]]) -> None:
        self.what = what
        self._keys: dict[str, set[K]] = {}
        self._shown: dict[str, str] = {}
        for name, key in names:
            folded = normalize(name)
            self._keys.setdefault(folded, set()).add(key)
            self._shown.setdefault(folded, name)

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
            raise IllegalOrder(f"{text!r} is ambiguous: it names several {self.what}s",
                               sorted(str(k) for k in exact), code="name_ambiguous",
                               params={"what": self.what, "text": text})
        prefixed = {name for name in self._keys if name.startswith(wanted)}
        keys = {k for name in prefixed for k in self._keys[name]}
        if len(keys) == 1:
            return next(iter(keys))
        if keys:
            raise IllegalOrder(f"{text!r} is ambiguous: it could be several {self.what}s",
                               sorted(self._shown[n] for n in prefixed)[:8],
                               code="name_ambiguous", params={"what": self.what, "text": text})
        close = difflib.get_close_matches(wanted, list(self._keys), n=4, cutoff=0.7)
        raise IllegalOrder(f"there is no {self.what} called {text!r}",
                           [self._shown[n] for n in close], code="name_unknown",
                           params={"what": self.what, "text": text})
