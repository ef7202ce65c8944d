"""Standing orders: a seat answers questions of a kind in advance, without being asked.

Every off-turn question can be answered in advance (the project mandate).  A seat writes

``STANDING <kind> <policy>``  (Russian ``ПОСТОЯННО``)
    from now on, answer questions of `kind` by `policy` (a word the kind accepts, or a
    pattern it declares with ``<placeholders>``, `Rules.standing_kinds`); an entry of the record by that seat (kind ``standing``);
``STANDING <kind> CLEAR`` / ``STANDING CLEAR``
    drop that one / all of the seat's standing orders (an entry too);
``STANDING``
    list them (no entry).

The policies live in the state under `KEY` (``{seat: {kind: policy}}``), a key the engine
owns and no game view shows: `engine.game.Game.view` adds a seat's own ones to its view only.
Whenever a question of that kind is asked of that seat, the game turns the policy into an
order (`Rules.answer_from_standing`); the engine enters it ``by: standing``, so the record
replays exactly like any other order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contract import IllegalOrder, Rules, State

KEY = "standing_orders"
WORDS = ("STANDING", "ПОСТОЯННО")
CLEAR = ("CLEAR", "ОТМЕНА")


@dataclass(frozen=True)
class Standing:
    """A parsed STANDING block: `kind` None with `clear` means every kind; `policy` None
    with not `clear` means a listing."""
    kind: str | None = None
    policy: str | None = None
    clear: bool = False

    @property
    def listing(self) -> bool:
        return self.policy is None and not self.clear

    def text(self) -> str:
        """The canonical order text the record stores."""
        words = ["STANDING", *([self.kind] if self.kind else []),
                 "CLEAR" if self.clear else (self.policy or "")]
        return " ".join(w for w in words if w)


def is_standing(block: str) -> bool:
    words = block.split()
    return bool(words) and words[0].upper() in WORDS


def parse(rules: Rules, block: str) -> Standing:
    """A STANDING block; `IllegalOrder` naming the kinds and policies the game accepts."""
    words = block.split()[1:]
    if not words:
        return Standing()
    if len(words) == 1 and words[0].upper() in CLEAR:
        return Standing(clear=True)
    kinds = rules.standing_kinds()
    kind = words[0].lower()
    if kind not in kinds:
        raise IllegalOrder(f"no standing orders for {words[0]!r}",
                           [f"STANDING {k} {'|'.join(p)}" for k, p in sorted(kinds.items())],
                           code="standing_no_kind", params={"text": words[0]})
    policy = " ".join(words[1:]).upper()
    if policy in CLEAR:
        return Standing(kind, clear=True)
    if not any(matches(policy, p) for p in kinds[kind]):
        raise IllegalOrder(f"STANDING {kind} takes one of {', '.join(kinds[kind])}",
                           [f"STANDING {kind} {p}" for p in kinds[kind]],
                           code="standing_no_policy",
                           params={"kind": kind, "policies": list(kinds[kind])})
    rules.check_standing(kind, policy)
    return Standing(kind, policy)


def matches(policy: str, template: str) -> bool:
    """Whether `policy` (upper case) fits a kind's policy `template`: a fixed word
    (``NEVER``) or a pattern with ``<placeholders>`` standing for one or more words
    (``FROM <space> IF ODDS >= <n>%``); the kind's ``standing`` reads the values."""
    return template_values(policy, template) is not None


def template_values(policy: str, template: str) -> list[str] | None:
    """The words `policy` puts in the placeholders of `template`, or None when it does not
    fit (a fixed template gives ``[]`` when equal)."""
    parts = re.split(r"<[a-z_]+>", template)
    pattern = "(.+?)".join(re.escape(p.upper()) for p in parts)
    found = re.fullmatch(pattern, policy.strip())
    return None if found is None else [g.strip() for g in found.groups()]


def of(state: State, seat: str) -> dict[str, str]:
    """The seat's standing orders, ``{kind: policy}``."""
    return dict((state.get(KEY) or {}).get(seat) or {})


def apply(state: State, seat: str, standing: Standing) -> State:
    """Record `standing` for `seat` in the state (the key is created on first use only, so
    games without standing orders keep their states and hashes)."""
    orders = of(state, seat)
    if standing.clear and standing.kind is None:
        orders = {}
    elif standing.clear:
        orders.pop(standing.kind or "", None)
    else:
        orders[standing.kind or ""] = standing.policy or ""
    table = dict(state.get(KEY) or {})
    if orders:
        table[seat] = orders
    else:
        table.pop(seat, None)
    if table:
        state[KEY] = table
    else:
        state.pop(KEY, None)
    return state


def listing(state: State, seat: str) -> list[str]:
    """The seat's standing orders as order texts."""
    return [Standing(k, p).text() for k, p in sorted(of(state, seat).items())]


__all__ = ["KEY", "Standing", "apply", "is_standing", "listing", "matches", "of", "parse",
           "template_values"]
