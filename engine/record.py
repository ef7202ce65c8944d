"""The game record: a header plus an append-only list of entries; state is derived by replay.

``state = fold(apply, entries, setup(header))`` (docs/architecture.md, "The game record").
Every entry stores the canonical text of its order, the d6 results it consumed and the hash
of the state after it, so `replay` can rebuild every state and fail loudly on the first divergence.
Rollback truncates the entries; the removed ones are kept in `audit`, never silently lost.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator

from engine.canonical import state_hash
from engine.contract import Decision, IllegalOrder, Rules, State
from engine.dice import Dice, DiceMismatch, commitment
from engine import standing
from engine.edit import apply_edit, parse_edit


class ReplayError(Exception):
    """An archive that does not replay to the states it claims."""


class VersionPinned(ReplayError):
    """A game pinned to a rules_version the installed rules are not (docs/architecture.md,
    "rules_version pins behaviour")."""


def pinned(header: Header, rules: Rules) -> str | None:
    """Why a game recorded under another rules_version than the installed one is held, and
    how to go on with it; None when the versions agree."""
    if header.rules_version == rules.version:
        return None
    tag = f"rules/{header.rules}/v{header.rules_version}"
    return (f"game {header.id} is pinned to {header.rules} rules_version "
            f"{header.rules_version}, the installed rules are version {rules.version}: only "
            f"rules of its version replay it.  Install the release tagged {tag} beside this "
            f"one (git worktree add ../pbem-{header.rules}-v{header.rules_version} {tag}) "
            f"and replay or finish it there; a running game is held meanwhile, and a "
            f"moderator may instead MIGRATE it to version {rules.version} "
            f"(docs/architecture.md, \"rules_version pins behaviour\")")


#: Entry kinds: an answer to a decision, a moderator's state correction, a moderator act
#: that changes no state (pause, deadline, seat replacement, ...) but belongs in the record,
#: a seat's ``UNDO`` of its own last move (`engine.undo`), which restores the state after
#: an earlier entry, or a seat's standing order (`engine.standing`).
KINDS = ("order", "edit", "act", "undo", "standing")


def undo_text(keep: int) -> str:
    """The canonical order of an undo entry: back to the state after entry `keep`."""
    return f"UNDO TO {keep}"


def undo_target(order: str) -> int:
    """The entry an ``UNDO TO <seq>`` order restores."""
    return int(order.split()[-1])


@dataclass
class Entry:
    """One record entry.  `by` is a seat, ``moderator:<addr>`` or ``clock``.  For an order,
    `seat` is whose decision was answered (written only when it differs from `by`).  `kind`
    and `because` (a moderator's reason) are written only when set."""
    seq: int
    at: str
    by: str
    source: str
    decision: str
    seat: str
    order: str
    rolls: list[int]
    state_hash: str
    kind: str = "order"
    because: str = ""

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seq": self.seq, "at": self.at, "by": self.by,
                                "source": self.source}
        if self.kind != "order":
            data["kind"] = self.kind
        data["decision"] = self.decision
        if self.seat != self.by:
            data["seat"] = self.seat
        data.update(order=self.order, rolls=list(self.rolls), state_hash=self.state_hash)
        if self.because:
            data["because"] = self.because
        return data

    @staticmethod
    def from_data(data: dict[str, Any]) -> "Entry":
        try:
            return Entry(seq=int(data["seq"]), at=str(data["at"]), by=str(data["by"]),
                         source=str(data.get("source", "")), decision=str(data["decision"]),
                         seat=str(data.get("seat", data["by"])), order=str(data["order"]),
                         rolls=[int(r) for r in data.get("rolls") or []],
                         state_hash=str(data["state_hash"]), kind=str(data.get("kind", "order")),
                         because=str(data.get("because") or ""))
        except KeyError as missing:
            raise ReplayError(f"entry {data.get('seq', '?')} lacks the field {missing}") from None


@dataclass
class Header:
    """Everything `setup` needs, and the dice commitment."""
    id: str
    rules: str
    rules_version: int
    scenario: str | None
    seats: dict[str, dict[str, Any]]
    title: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    moderators: list[str] = field(default_factory=list)
    #: Observers: ``{address, lang}`` of people who get the public reports only.
    observers: list[dict[str, Any]] = field(default_factory=list)
    clocks: dict[str, Any] = field(default_factory=dict)
    dice_commitment: str = ""
    seed: str | None = None
    revealed: bool = False

    @property
    def seat_names(self) -> list[str]:
        return list(self.seats)


@dataclass
class Record:
    """Header, entries, audit trail of rolled-back entries, and the hashes that seal them."""
    header: Header
    entries: list[Entry] = field(default_factory=list)
    initial_state_hash: str = ""
    audit: list[dict[str, Any]] = field(default_factory=list)

    @property
    def last_seq(self) -> int:
        return self.entries[-1].seq if self.entries else 0

    @property
    def final_state_hash(self) -> str:
        return self.entries[-1].state_hash if self.entries else self.initial_state_hash

    def truncate(self, seq: int, *, at: str, by: str, reason: str) -> list[Entry]:
        """Remove the entries after `seq`, keep them in `audit`, and return them."""
        if seq < 0 or seq > self.last_seq:
            raise IllegalOrder(f"no entry {seq} to roll back to (entries 0..{self.last_seq})")
        removed = [e for e in self.entries if e.seq > seq]
        if removed:
            self.entries = [e for e in self.entries if e.seq <= seq]
            self.audit.append({"rolled_back_at": at, "by": by, "to_seq": seq,
                               "reason": reason, "entries": [e.to_data() for e in removed]})
        return removed


def find_decision(decisions: list[Decision], decision_id: str, seat: str) -> Decision:
    """The open decision `decision_id` of `seat`, or `IllegalOrder`."""
    for decision in decisions:
        if decision.id == decision_id and decision.seat == seat:
            return decision
    raise IllegalOrder(f"{seat} has no open decision {decision_id}",
                       [f"{d.id} ({d.seat}: {d.kind})" for d in decisions], code="no_decision",
                       params={"seat": seat, "text": decision_id})


#: Game options the judge reads and the rules never see: ``vacation_days`` (a cap on the
#: days of vacation a seat may take by mail), ``anonymous`` (no mail shows another
#: player's address) and ``moderator_confirm`` (a moderator's commands by mail wait for a
#: ``CONFIRM <code>`` reply).  They are stored with the rules' options in the header.
JUDGE_OPTIONS = ("vacation_days", "anonymous", "moderator_confirm")


def rules_options(options: dict[str, Any]) -> dict[str, Any]:
    """The header's options without the judge's own (`JUDGE_OPTIONS`)."""
    return {k: v for k, v in options.items() if k not in JUDGE_OPTIONS}


def start(rules: Rules, header: Header) -> tuple[State, Dice]:
    """The state after setup and the dice stream positioned after it."""
    held = pinned(header, rules)
    if held is not None:
        raise VersionPinned(held)
    if header.seed is None:
        raise ReplayError(f"game {header.id}: the dice seed is not revealed, so its "
                          "states cannot be rebuilt")
    if commitment(header.seed) != header.dice_commitment:
        raise ReplayError(f"game {header.id}: the seed does not match the published "
                          "commitment")
    dice = Dice(header.seed)
    state = rules.setup(header.scenario, header.seat_names, rules_options(header.options),
                        dice)
    dice.take_rolls()
    return state, dice


def apply_entry(rules: Rules, state: State, entry: Entry, dice: Dice) -> State:
    """Re-apply one archived entry to `state` (which it may mutate) and check its dice."""
    return step_entry(rules, state, entry, dice)[0]


def step_entry(rules: Rules, state: State, entry: Entry, dice: Dice,
               asked: list[Decision] | None = None) -> tuple[State, list[Decision] | None]:
    """`apply_entry`, given the decisions of `state` when known (`asked`), and returning
    those of the state after it when the rules worked them out (`Rules.transition`), else
    None: each state's decisions are computed once."""
    if entry.kind == "act":
        return state, asked
    if entry.kind == "edit":
        return apply_edit(state, *parse_edit(entry.order)), None
    if entry.kind == "standing":
        return standing.apply(state, entry.seat, standing.parse(rules, entry.order)), None
    if entry.kind != "order":
        raise ReplayError(f"entry {entry.seq} has an unknown kind {entry.kind!r}")
    if asked is None:
        asked = rules.decisions(state)
    decision = find_decision(asked, entry.decision, entry.seat)
    order = rules.parse(state, decision, entry.order)
    state, after = rules.transition(state, entry.seat, order, dice, asked)
    rolls = dice.take_rolls()
    if rolls != entry.rolls:
        raise DiceMismatch(f"entry {entry.seq}: replay rolled {rolls}, the archive logged "
                           f"{entry.rolls}")
    return state, after


def replay(rules: Rules, record: Record, *, verify: bool = True,
           until: int | None = None,
           on_state: Callable[[Entry, State], None] | None = None) -> tuple[State, Dice]:
    """Rebuild the state after entry `until` (default: the last), checking every hash.

    With ``verify=False`` only the final state is hashed and checked, which is what loading
    a trusted record needs; ``verify=True`` checks every entry's `state_hash`.
    """
    state, dice = start(rules, record.header)
    if verify and record.initial_state_hash and state_hash(state) != record.initial_state_hash:
        raise ReplayError("the state after setup does not match initial_state_hash")
    last: Entry | None = None
    asked: list[Decision] | None = None       # the decisions of `state`, when known
    for entry in _upto(record.entries, until):
        try:
            if entry.kind == "undo":    # the state after an earlier entry, rebuilt
                state = replay(rules, record, verify=False, until=undo_target(entry.order))[0]
                asked = None
            else:
                state, asked = step_entry(rules, state, entry, dice, asked)
        except IllegalOrder as refused:
            raise ReplayError(f"entry {entry.seq} ({entry.by}: {entry.order!r}) no longer "
                              f"applies: {refused}") from None
        except DiceMismatch as mismatch:
            raise ReplayError(str(mismatch)) from None
        if verify and state_hash(state) != entry.state_hash:
            raise ReplayError(f"entry {entry.seq} ({entry.by}: {entry.order!r}): state hash "
                              "differs from the archive")
        if on_state is not None:
            on_state(entry, state)
        last = entry
    if not verify and last is not None and state_hash(state) != last.state_hash:
        raise ReplayError(f"the state after entry {last.seq} does not match its hash")
    return state, dice


def migrate(rules: Rules, record: Record) -> tuple[Record, str | None]:
    """`record` replayed under the installed rules (`rules.version`), each entry's order
    parsed and applied again and its dice compared: the migrated record (its header pinned
    to `rules.version`, every state hash recomputed) and None, or, at the first entry that no
    longer fits (its order is refused, or it rolls other dice), the record of the entries
    before it and why (docs/architecture.md, "rules_version pins behaviour")."""
    header = replace(record.header, rules_version=rules.version)
    state, dice = start(rules, header)
    moved = Record(header=header, initial_state_hash=state_hash(state), audit=record.audit)
    for entry in record.entries:
        try:
            if entry.kind == "undo":
                state = replay(rules, moved, verify=False, until=undo_target(entry.order))[0]
            else:
                state = step_entry(rules, state, entry, dice)[0]
        except IllegalOrder as refused:
            return moved, (f"entry {entry.seq} ({entry.by}: {entry.order!r}) no longer "
                           f"applies under version {rules.version}: {refused}")
        except DiceMismatch as mismatch:
            return moved, f"{mismatch} (under version {rules.version})"
        moved.entries.append(replace(entry, state_hash=state_hash(state)))
    return moved, None


def _upto(entries: list[Entry], until: int | None) -> Iterator[Entry]:
    for entry in entries:
        if until is not None and entry.seq > until:
            return
        yield entry
