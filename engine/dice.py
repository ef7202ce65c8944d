"""Provably fair dice: every random number in a game comes from ``sha256(seed || counter)``.

Algorithm ``sha256-counter/1`` (docs/architecture.md, "The game record"):

* block *k* is ``sha256(seed_utf8 + b":" + str(k))``; its first 8 bytes, big-endian, are a
  uniform 64-bit integer ``x``;
* ``below(n)`` rejection-samples: ``x`` is accepted when ``x < 2**64 - 2**64 % n`` and gives
  ``x % n``; a rejected block is skipped and the next counter tried;
* ``d6()`` is ``below(6) + 1``; ``shuffle`` is Fisher–Yates driven by ``below``.

The archive publishes ``sha256(seed)`` when the game starts and the seed when it ends, so
anyone can re-derive every roll.  The counter is never stored: it is re-derived by replaying
every entry in order, each entry logging the d6 results it consumed (``rolls``), which replay
compares and fails loudly on.
"""
from __future__ import annotations

import hashlib
import secrets
from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

ALGORITHM = "sha256-counter/1"
_SPAN = 1 << 64


class DiceMismatch(Exception):
    """A replayed entry consumed different dice from the ones its archive entry logged."""


def new_seed() -> str:
    """A fresh secret seed (128 bits, hex)."""
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """The public commitment to a seed: hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class Dice:
    """A deterministic random stream positioned at `counter`.

    `rolls` collects the d6 results drawn since the last `take_rolls()`, so the record can
    log exactly which dice an entry consumed.
    """

    __slots__ = ("_prefix", "counter", "rolls")

    def __init__(self, seed: str, counter: int = 0) -> None:
        self._prefix = seed.encode("utf-8") + b":"
        self.counter = counter
        self.rolls: list[int] = []

    def _next64(self) -> int:
        digest = hashlib.sha256(self._prefix + str(self.counter).encode("ascii")).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def d6(self) -> int:
        """One six-sided die, logged in `rolls`."""
        value = self.below(6) + 1
        self.rolls.append(value)
        return value

    def roll(self, count: int) -> list[int]:
        """`count` d6, in the order drawn."""
        return [self.d6() for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates, from the last position down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def take_rolls(self) -> list[int]:
        """The d6 results drawn since the last call, and forget them."""
        taken, self.rolls = self.rolls, []
        return taken
