"""Taking back a seat's own last move (``UNDO``, the Rally the Troops rule).

``UNDO`` withdraws the entries of the seat's last submission: the run of entries at the end
of the record that the seat entered itself from one source (one mail, or one CLI order), with
no entry of anyone else after them.  It is refused while anything irreversible followed:

- a die was rolled or cards were shuffled in those entries (the dice stream moved on);
- another seat (or the clock, or a moderator) has entered anything since;
- a hidden string (`Rules.secrets`: a card in a hand, a sealed choice) that a viewer could
  not see before them is in that viewer's view now (the mover's own included: a drawn card);
- another seat is asked something it was not asked before them (it has been told);
- the game vetoes it (`Rules.undo_veto`, optional).

These are generic facts, so the engine decides and no game has to.  The ``undo`` entry
restores the state before the withdrawn entries; replay folds it the same way
(`engine.record.replay`).
"""
from __future__ import annotations

from typing import Any

from engine.contract import IllegalOrder, Reason, Rules, State
from engine.record import Entry, undo_target

#: Words a player may write for UNDO (any case).
UNDO_WORDS = ("UNDO", "ОТМЕНИТЬ", "ОТМЕНА")


def is_undo(block: str) -> bool:
    """Whether an order block is the ``UNDO`` order."""
    return block.strip().upper() in UNDO_WORDS


def standing(entries: list[Entry]) -> list[Entry]:
    """The entries not taken back (and not undo entries): a second ``UNDO`` takes back the
    move before the one the first took back."""
    out: list[Entry] = []
    for entry in entries:
        if entry.kind == "undo":
            keep = undo_target(entry.order)
            out = [e for e in out if e.seq <= keep]
        else:
            out.append(entry)
    return out


def last_move(entries: list[Entry], seat: str) -> list[Entry]:
    """The seat's last move: the trailing entries (of those standing) it entered itself
    from one source.  Refused (`IllegalOrder`) when the record ends with someone else's
    entry."""
    entries = standing(entries)
    if not entries:
        raise IllegalOrder(Reason("you have nothing to take back", "undo_nothing"))
    last = entries[-1]
    if not _own(last, seat):
        mine = any(_own(e, seat) for e in entries)
        if not mine:
            raise IllegalOrder(Reason("you have nothing to take back", "undo_nothing"))
        if last.kind == "order" and last.by == last.seat:
            raise IllegalOrder(Reason(f"{last.seat} has acted since your last move",
                                      "undo_acted", seat=last.seat))
        raise IllegalOrder(Reason("a deadline or a moderator has changed the game since your "
                                  "last move", "undo_acted_judge"))
    move = [last]
    for entry in reversed(entries[:-1]):
        if not _own(entry, seat) or entry.source != last.source:
            break
        move.insert(0, entry)
    return move


def _own(entry: Entry, seat: str) -> bool:
    return entry.kind == "order" and entry.by == seat and entry.seat == seat


def irreversible(rules: Rules, seat: str, move: list[Entry], before: State, after: State,
                 *, dice_used: bool) -> Reason | None:
    """Why `move` (which led from `before` to `after`, moving the dice stream on when
    `dice_used`) cannot be taken back, or None."""
    rolled = [e.seq for e in move if e.rolls]
    if rolled or dice_used:
        seq = rolled[0] if rolled else move[0].seq
        return Reason(f"dice were rolled or cards shuffled (entry {seq})", "undo_dice",
                      seq=seq)
    if _revealed(rules, before, after):
        return Reason("a hidden card or choice was revealed", "undo_revealed")
    asked_before = _asked(rules, before, seat)
    for other, what in sorted(_asked(rules, after, seat).items()):
        if what - asked_before.get(other, set()):
            return Reason(f"{other} has been asked something since", "undo_asked", seat=other)
    veto = rules.undo_veto(before, after, seat)
    if veto:
        return veto if isinstance(veto, Reason) else Reason(str(veto), "undo_veto",
                                                             why=str(veto))
    return None


def _asked(rules: Rules, state: State, seat: str) -> dict[str, set[tuple[str, str]]]:
    """What every seat but `seat` is asked in `state`."""
    out: dict[str, set[tuple[str, str]]] = {}
    for decision in rules.decisions(state):
        if decision.seat != seat:
            out.setdefault(decision.seat, set()).add((decision.id, decision.kind))
    return out


def _revealed(rules: Rules, before: State, after: State) -> bool:
    """Whether any viewer (a seat or the public) sees a hidden string now that it did not
    see before: a secret of another seat before or after, or a new secret of its own."""
    secrets_before, secrets_after = rules.secrets(before), rules.secrets(after)
    hidden_after = set().union(*secrets_after.values()) if secrets_after else set()
    viewers: list[str | None] = [*secrets_before.keys() | secrets_after.keys(), None]
    for viewer in viewers:
        hidden = hidden_after | {s for owner, names in secrets_before.items()
                                 if owner != viewer for s in names}
        seen_before = _strings(rules.view(before, viewer))
        new = _strings(rules.view(after, viewer)) - seen_before
        if any(secret in text for secret in hidden for text in new
               if not any(secret in old for old in seen_before)):
            return True
    return False


def _strings(view: Any) -> set[str]:
    """Every text leaf of a view (dict keys and values, list items)."""
    found: set[str] = set()
    stack: list[Any] = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set)):
            stack.extend(item)
    return found


__all__ = ["UNDO_WORDS", "irreversible", "is_undo", "last_move", "standing"]
