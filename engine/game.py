"""A live game: record + rules + derived state + clocks + the gateway's bookkeeping.

`Game` is what the store loads and saves.  It answers orders (`submit`), enters NMR defaults
when deadlines pass (`fire_deadlines`), rolls back and forward, and renders views.  The
persisted form (`to_data`) is the archive (docs/archive-format.md) plus two private sections:
``server`` (tokens, processed Message-IDs, held orders, ... owned by `pbem/`) and ``cache``
(clock timers and a state snapshot, so loading needs no replay).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Sequence

from engine.archive import iso, record_from_data, record_to_data
from engine.canonical import copy_plain, state_hash
from engine import standing
from engine.clocks import ClockEvent, Clocks, new_clock_settings, recorded_classes
from engine.contract import (WRONG_QUESTION, Decision, IllegalOrder, Outcome, Reason, Rules,
                             State)
from engine.dice import Dice, commitment, new_seed
from engine.edit import apply_edit, edit_text, parse_edit
from engine.names import Reading, readings
from engine.options import Order
from engine.record import (Entry, Header, Record, ReplayError, find_decision, pinned,
                           replay, start, undo_text)
from engine.undo import irreversible, is_undo, last_move


#: server key: the answers standing orders gave, not yet told to their seats
#: (`Game.take_standing_fired`).
FIRED = "standing_fired"


@dataclass
class OrderResult:
    """What became of one order block of a submission."""
    line: int
    text: str
    status: str  # applied | rejected | held | skipped | dropped (a held order)
    order: str | None = None
    message: str = ""
    hints: list[str] = field(default_factory=list)
    seq: int | None = None
    #: The message as a catalog code and parameters (`IllegalOrder.code`), for reports in
    #: the reader's language; `message` is the English text.
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    #: Names read by prefix or near match (`engine.names.Reading`): how the order was read.
    readings: list[Reading] = field(default_factory=list)
    #: The kind of question an applied order answered.
    kind: str | None = None


@dataclass
class Receipt:
    """The answer to one submission: per-block results, new entries, what is asked next."""
    game: str
    seat: str
    results: list[OrderResult]
    entries: list[Entry]
    decisions: list[Decision]
    outcome: Outcome | None = None

    @property
    def ok(self) -> bool:
        return all(r.status in ("applied", "held") for r in self.results)


@dataclass
class ClockAction:
    """A clock event and, for a default, the entry it produced."""
    event: ClockEvent
    entry: Entry | None = None


class Game:
    """One game in play (see the module docstring)."""

    def __init__(self, rules: Rules, record: Record, state: State, dice: Dice,
                 clocks: Clocks, server: dict[str, Any]) -> None:
        self.rules = rules
        self.record = record
        self.state = state
        self.dice = dice
        self.clocks = clocks
        self.server = server
        #: Results of held orders applied, refused or dropped, for the CLI's answer (their
        #: authors are told through ``server["held_fates"]``, `take_held_fates`).
        self.notices: list[tuple[str, OrderResult]] = []
        #: False while entries are re-entered as recorded (roll forward): standing orders
        #: then answer nothing by themselves, the recorded answers follow.
        self._standing_answers = True
        #: The rules' decisions of one state object, ``(state, decisions)`` (`_asked`).
        self._asked_memo: tuple[State, list[Decision]] | None = None
        #: True when nothing outside the game keeps its state objects (a simulation, whose
        #: bots draw legal orders): an entry then changes the state in place instead of a
        #: copy, and an order refused half-way rebuilds the state from the record.
        self.owns_states = False
        #: Why the game is held, when it was recorded under another rules_version than the
        #: installed rules (`engine.record.pinned`): it asks nothing, refuses every order
        #: and fires no deadline until it is replayed with its own release or migrated.
        self.pinned: str | None = None

    # ------------------------------------------------------------------ creation & I/O
    @classmethod
    def create(cls, rules: Rules, game_id: str, seats: dict[str, dict[str, Any]], *,
               now: dt.datetime, scenario: str | None = None,
               options: dict[str, Any] | None = None, moderators: Sequence[str] = (),
               seed: str | None = None, clocks: dict[str, Any] | None = None,
               title: str = "") -> "Game":
        """Set up a new game; `seed` defaults to a fresh secret."""
        info = rules.scenario(scenario)
        allowed = rules.seat_names(info)
        unknown = [s for s in seats if s not in allowed]
        if unknown:
            raise IllegalOrder(f"{rules.name} {info.name} has no seat {unknown[0]!r}",
                               list(allowed), code="no_seat",
                               params={"game": f"{rules.name} {info.name}", "text": unknown[0]})
        if not info.min_players <= len(seats) <= info.max_players:
            raise IllegalOrder(Reason(f"{rules.name} {info.name} needs {info.min_players}–"
                                      f"{info.max_players} seats, got {len(seats)}",
                                      "seat_count", game=f"{rules.name} {info.name}",
                                      low=info.min_players, high=info.max_players,
                                      n=len(seats)))
        seed = seed if seed is not None else new_seed()
        header = Header(id=game_id, rules=rules.name, rules_version=rules.version,
                        scenario=info.name, seats={s: dict(v) for s, v in seats.items()},
                        title=title, options=dict(options or {}), moderators=list(moderators),
                        clocks=new_clock_settings(clocks, rules.clock_classes),
                        dice_commitment=commitment(seed), seed=seed)
        state, dice = start(rules, header)
        record = Record(header=header, initial_state_hash=state_hash(state))
        game = cls(rules, record, state, dice,
                   Clocks(header.clocks, classes=rules.clock_classes),
                   {"created_at": iso(now)})
        game.clocks.sync(game.decisions(), now)
        return game

    @classmethod
    def from_data(cls, rules: Rules, data: dict[str, Any]) -> "Game":
        """Load a persisted game, using its snapshot when it matches the record."""
        data = dict(data)
        server = data.pop("server", None) or {}
        cache = data.pop("cache", None) or {}
        record = record_from_data(data)
        snapshot = cache.get("snapshot") or {}
        if (snapshot.get("seq") == record.last_seq and "state" in snapshot
                and state_hash(snapshot["state"]) == record.final_state_hash):
            state = snapshot["state"]
            dice = Dice(record.header.seed or "", int(snapshot["dice_counter"]))
        else:   # a game pinned to another rules_version raises `VersionPinned` here
            state, dice = replay(rules, record, verify=False)
        clocks = Clocks(record.header.clocks, cache.get("clocks"),
                        classes=recorded_classes(record.header.clocks))
        game = cls(rules, record, state, dice, clocks, server)
        game.pinned = pinned(record.header, rules)
        return game

    def to_data(self, *, private: bool = True) -> dict[str, Any]:
        """The persisted mapping; with ``private=False`` the shareable archive only."""
        outcome = self.outcome()
        data = record_to_data(self.record, outcome=outcome.to_data() if outcome else None,
                              reveal_seed=private or outcome is not None)
        if private:
            data["server"] = self.server
            data["cache"] = {"clocks": self.clocks.to_data(),
                             "snapshot": {"seq": self.record.last_seq,
                                          "dice_counter": self.dice.counter,
                                          "state": self.state}}
        return data

    # ------------------------------------------------------------------ queries
    @property
    def id(self) -> str:
        return self.record.header.id

    @property
    def seats(self) -> dict[str, dict[str, Any]]:
        return self.record.header.seats

    @property
    def moderators(self) -> list[str]:
        return self.record.header.moderators

    def decisions(self, seat: str | None = None) -> list[Decision]:
        if self.ended_by_moderator() is not None or self.pinned is not None:
            return []
        return [d for d in self._asked() if seat is None or d.seat == seat]

    def _asked(self) -> list[Decision]:
        """The rules' decisions of the current state, worked out once per state: the game
        changes a state in place only in `_enter` (`owns_states`), which renews this memo;
        otherwise every entry makes a new state object, so the answer kept with the object
        it was computed on stays true while that object is the game's state."""
        memo = self._asked_memo
        if memo is None or memo[0] is not self.state:
            memo = self._asked_memo = (self.state, self.rules.decisions(self.state))
        return memo[1]

    def _known_asked(self) -> list[Decision] | None:
        """The current state's decisions if already worked out, else None."""
        memo = self._asked_memo
        return memo[1] if memo is not None and memo[0] is self.state else None

    def outcome(self) -> Outcome | None:
        reason = self.ended_by_moderator()
        if reason is not None:
            return Outcome((), f"ended by a moderator: {reason}")
        return self.rules.outcome(self.state)

    def ended_by_moderator(self) -> str | None:
        """The reason of a moderator's ``END`` (always the last entry), if any."""
        last = self.record.entries[-1] if self.record.entries else None
        if last is not None and last.kind == "act" and last.order.split()[:1] == ["END"]:
            return last.because or "no reason given"
        return None

    def view(self, seat: str | None) -> dict[str, Any]:
        """The rules' view of `seat`; a seat's own standing orders join its view only."""
        view = self.rules.view(self.state, seat)
        mine = standing.of(self.state, seat) if seat is not None else {}
        if mine:
            view = {**view, "standing_orders": {k: [standing.Standing(k, p).text()]
                                                for k, p in mine.items()}}
        return view

    def deadline(self, decision: Decision) -> dt.datetime | None:
        return self.clocks.deadline_of(decision.id, decision.seat)

    def history(self, count: int | None = None) -> list[Entry]:
        entries = self.record.entries
        return entries[-count:] if count else list(entries)

    # ------------------------------------------------------------------ orders
    def submit(self, seat: str, text: str, *, by: str | None = None, source: str = "cli",
               at: dt.datetime) -> Receipt:
        """Parse and apply a seat's order blocks in turn (docs/architecture.md "Batched orders").

        Blocks apply one by one while the seat is asked something.  When it no longer is
        (another seat must answer first) the rest are *held*: each is checked at once as
        far as it can be without its question (`Rules.precheck`), then queued after the
        seat's earlier held orders and tried in order when the seat is asked a question
        it answers (see `_run_held`; their fates reach the author through
        ``server["held_fates"]``).  A mail is a *plan*: when an applied block makes the
        game ask the seat a question in the middle of its own orders (`Rules.interrupts`:
        a battle's losses, say), the rest is held too and the seat is asked.  The blocks
        held behind an applied one are never tried against such a question (a plan's
        ``DONE`` never answers a battle's), so the plan resumes by itself once the
        questions in between are answered, by whichever seat or standing order.
        After a refused block the remaining ones are skipped: they were written assuming
        it applied.  ``UNDO`` takes back the seat's last move (`undo`); it is never held.
        """
        if seat not in self.seats:
            raise IllegalOrder(f"{self.id} has no seat {seat!r}", list(self.seats),
                               code="no_seat", params={"game": self.id, "text": seat})
        by = by or seat
        blocks = self.rules.split(text)
        results: list[OrderResult] = []
        entries: list[Entry] = []
        if self.pinned is not None:
            return Receipt(self.id, seat, [OrderResult(
                line, block, "rejected", message=self.pinned, code="rules_pinned",
                params={"game": self.id, "rules": self.record.header.rules,
                        "pinned": self.record.header.rules_version,
                        "installed": self.rules.version})
                for line, block in blocks], [], [], None)
        if self.held(seat) and self.decisions(seat):    # asked again since they were held
            entries.extend(self._run_held(at))
        #: the kind of the seat's own question (not an interrupting one) last answered
        plan: str | None = None
        for index, (line, block) in enumerate(blocks):
            before = self.record.last_seq
            if is_undo(block):
                result = self._undo(seat, line, block, by=by, source=source, at=at)
            elif self.outcome() is not None:
                results.append(OrderResult(line, block, "skipped",
                                           message="the game is over", code="game_over"))
                continue
            elif standing.is_standing(block):
                results.append(self._standing(seat, line, block, by=by, source=source, at=at))
                self._run_held(at)      # the questions it answered may free held orders
                entries.extend(e for e in self.record.entries if e.seq > before)
                continue
            elif not self.decisions(seat) or self._interrupted(seat, plan):
                results.extend(self._hold(seat, blocks[index:], by=by, source=source, at=at,
                                          kind=plan))
                break
            else:
                asked = self.decisions(seat)
                result = self._try(seat, line, block, by=by, source=source, at=at)
                answered = next((d for d in asked if d.kind == result.kind), None)
                if answered is not None:    # answers to interrupting questions make no plan
                    plan = None if self.rules.interrupts(self.state, answered) else answered.kind
            results.append(result)
            if result.seq is not None:   # its entry, standing answers, held orders it freed
                self._run_held(at)
                entries.extend(e for e in self.record.entries if e.seq > before)
            if result.status == "rejected":
                results.extend(OrderResult(n, b, "skipped",
                                           message=f"not tried: line {line} was refused",
                                           code="not_tried", params={"line": line})
                               for n, b in blocks[index + 1:])
                break
        return Receipt(self.id, seat, results, entries, self.decisions(), self.outcome())

    def _interrupted(self, seat: str, plan: str | None) -> bool:
        """Whether the seat's plan (a mail whose last applied block answered a question of
        kind `plan`) was interrupted: the seat is now asked a question in the middle of
        its own orders (`Rules.interrupts`) and none of the plan's kind."""
        asked = self.decisions(seat)
        return (plan is not None and bool(asked) and all(d.kind != plan for d in asked)
                and self.rules.interrupts(self.state, asked[0]))

    def _hold(self, seat: str, blocks: list[tuple[int, str]], *, by: str, source: str,
              at: dt.datetime, kind: str | None = None) -> list[OrderResult]:
        """Queue `blocks` after the seat's held orders, each checked first (`precheck`);
        `kind`: the rest of a plan whose last applied block answered a question of that
        kind, never tried against an interrupting question (`_interrupted`, `submit`)."""
        results: list[OrderResult] = []
        queue = self.server.setdefault("held", {})
        for index, (line, block) in enumerate(blocks):
            try:
                if is_undo(block):
                    raise IllegalOrder(Reason("UNDO is never held: send it on its own",
                                              "undo_not_held"))
                self.rules.precheck(self.state, seat, block)
            except IllegalOrder as refused:
                results.append(OrderResult(line, block, "rejected", message=refused.reason,
                                           hints=refused.hints, code=refused.code,
                                           params=refused.params))
                results.extend(OrderResult(n, b, "skipped",
                                           message=f"not tried: line {line} was refused",
                                           code="not_tried", params={"line": line})
                               for n, b in blocks[index + 1:])
                break
            queue.setdefault(seat, []).append({"line": line, "text": block, "by": by,
                                               "source": source, "at": iso(at),
                                               "horizon": self.rules.hold_horizon(self.state),
                                               **({"kind": kind} if kind else {})})
            results.append(OrderResult(line, block, "held", message="held until you are asked",
                                       code="order_held") if kind is None else
                           OrderResult(line, block, "held", code="plan_queued",
                                       message="queued; applied in turn once the questions "
                                               "before it are answered"))
        return results

    def held(self, seat: str) -> list[dict[str, Any]]:
        """The seat's held orders, in the order they will be tried."""
        return list(self.server.get("held", {}).get(seat, []))

    def withdraw_held(self, seat: str) -> list[dict[str, Any]]:
        """Withdraw every held order of `seat` (its author asked: no notice is queued)."""
        return self.server.get("held", {}).pop(seat, [])

    def _drop_held(self, reason: Reason) -> None:
        """Drop every held order (their question will never come), telling their authors."""
        for seat, held in self.server.pop("held", {}).items():
            for block in held:
                self._fate(seat, block, OrderResult(block["line"], block["text"], "dropped",
                                                    message=str(reason), code=reason.code,
                                                    params=dict(reason.params)))

    def _fate(self, seat: str, block: dict[str, Any], result: OrderResult) -> None:
        """Note what became of a held order, for its author's next mail."""
        self.notices.append((seat, result))
        self.server.setdefault("held_fates", []).append(
            {"seat": seat, "by": block.get("by", seat), "source": block.get("source", ""),
             "line": result.line, "text": result.text, "status": result.status,
             "order": result.order, "seq": result.seq, "message": result.message,
             "code": result.code, "params": dict(result.params), "hints": list(result.hints)})

    def take_held_fates(self) -> list[dict[str, Any]]:
        """The fates of held orders not yet told to their authors (and forget them)."""
        self.notices.clear()
        return self.server.pop("held_fates", None) or []

    def apply_order(self, seat: str, order: Order, *, by: str, source: str, at: dt.datetime,
                    decision: Decision | None = None) -> Entry:
        """Apply a structured order to `seat`'s open decision (first one by default)."""
        if decision is None:
            open_ = self.decisions(seat)
            if not open_:
                raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                                   params={"seat": seat})
            decision = open_[0]
        text = self.rules.order_text(order)
        # Round-trip through the canonical text: what replay will read is what we apply.
        entry = self._enter(seat, decision, self.rules.parse(self.state, decision, text),
                            by=by, source=source, at=at)
        self._run_held(at)      # seats it asks answer with their held orders
        return entry

    def _try(self, seat: str, line: int, block: str, *, by: str, source: str,
             at: dt.datetime) -> OrderResult:
        refusal: IllegalOrder | None = None
        for decision in self.decisions(seat):
            try:
                with readings() as read:
                    order = self.rules.parse(self.state, decision, block)
                entry = self._enter(seat, decision, order, by=by, source=source, at=at)
            except IllegalOrder as refused:
                refusal = refusal or refused
                continue
            return OrderResult(line, block, "applied", order=entry.order, seq=entry.seq,
                               readings=read, kind=decision.kind)
        assert refusal is not None
        return OrderResult(line, block, "rejected", message=refusal.reason,
                           hints=refusal.hints, code=refusal.code, params=refusal.params)

    def _enter(self, seat: str, decision: Decision, order: Order, *, by: str, source: str,
               at: dt.datetime) -> Entry:
        text = self.rules.order_text(order)
        counter = self.dice.counter
        try:
            state, asked = self.rules.transition(
                self.state if self.owns_states else copy_plain(self.state), seat, order,
                self.dice, self._known_asked())
        except BaseException as failed:
            if self.owns_states:
                self._rebuild_state()
            if isinstance(failed, IllegalOrder):
                self.dice.counter = counter
                self.dice.take_rolls()
            raise
        entry = Entry(seq=self.record.last_seq + 1, at=iso(at), by=by, source=source,
                      decision=decision.id, seat=seat, order=text,
                      rolls=self.dice.take_rolls(), state_hash=state_hash(state))
        self.record.entries.append(entry)
        self.state = state
        self._asked_memo = (state, asked)
        self.clocks.sync(self.decisions(), at)
        self._answer_from_standing(at)
        return entry

    def _rebuild_state(self) -> None:
        """The state after the last entry, replayed from the record: an order refused
        half-way may have changed the state it was applied to in place (`owns_states`)."""
        self.state = replay(self.rules, self.record, verify=False)[0]
        self._asked_memo = None

    # ------------------------------------------------------------------ standing orders
    def _standing(self, seat: str, line: int, block: str, *, by: str, source: str,
                  at: dt.datetime) -> OrderResult:
        """A STANDING block (`engine.standing`): list, set or clear the seat's standing
        orders; setting one answers a question of that kind already open."""
        try:
            parsed = standing.parse(self.rules, block)
        except IllegalOrder as refused:
            return OrderResult(line, block, "rejected", message=refused.reason,
                               hints=refused.hints, code=refused.code, params=refused.params)
        if parsed.listing:
            listed = standing.listing(self.state, seat)
            text = "; ".join(listed)
            return OrderResult(line, block, "applied", order=text or "STANDING",
                               message=f"your standing orders: {text}" if listed
                               else "you have no standing orders",
                               code="standing_list" if listed else "standing_none",
                               params={"orders": text} if listed else {})
        state = standing.apply(copy_plain(self.state), seat, parsed)
        entry = Entry(seq=self.record.last_seq + 1, at=iso(at), by=by, source=source,
                      decision="", seat=seat, order=parsed.text(), rolls=[],
                      state_hash=state_hash(state), kind="standing")
        self.record.entries.append(entry)
        self.state = state
        self._answer_from_standing(at)
        return OrderResult(line, block, "applied", order=entry.order, seq=entry.seq)

    def _answer_from_standing(self, at: dt.datetime) -> None:
        """Enter, ``by: standing``, the answers standing orders give to open questions, one
        after another until no open question is covered (a loop, not a recursion: a long
        chain of standing answers must not exhaust the stack)."""
        if not self._standing_answers or standing.KEY not in self.state:
            return
        self._standing_answers = False          # the entries below do not recurse here
        try:
            while self._answer_one_from_standing(at):
                pass
        finally:
            self._standing_answers = True

    def _answer_one_from_standing(self, at: dt.datetime) -> bool:
        """Enter the first standing answer to an open question; False when there is none."""
        if standing.KEY not in self.state:
            return False
        for decision in self.decisions():
            orders = standing.of(self.state, decision.seat)
            for kind in self.rules.standing_lookup(decision):
                policy = orders.get(kind)
                order = (self.rules.answer_from_standing(self.state, decision, policy)
                         if policy else None)
                if order is not None:
                    text = self.rules.order_text(order)
                    seq = self.record.last_seq + 1
                    self._enter(decision.seat, decision,
                                self.rules.parse(self.state, decision, text),
                                by="standing", source="standing", at=at)
                    self.server.setdefault(FIRED, []).append(
                        {"seat": decision.seat, "kind": decision.kind, "order": text,
                         "fields": dict(order),
                         "standing": standing.Standing(kind, policy).text(), "seq": seq})
                    return True
        return False

    def take_standing_fired(self, seat: str) -> list[dict[str, Any]]:
        """The answers `seat`'s standing orders gave since its last mail told it (and
        forget them): ``{seat, kind, order, standing, seq}`` each, for its next mail only."""
        notes = self.server.get(FIRED) or []
        mine = sorted((n for n in notes if n["seat"] == seat), key=lambda n: n["seq"])
        rest = [n for n in notes if n["seat"] != seat]
        if rest:
            self.server[FIRED] = rest
        else:
            self.server.pop(FIRED, None)
        return mine

    def _run_held(self, at: dt.datetime) -> list[Entry]:
        """Apply held orders of seats that are now asked, in the order they were sent.

        A held order that answers another kind of question (refused with
        `WRONG_QUESTION`) waits, and the seat's later ones wait behind it, until the seat
        is asked a question it answers or the hold horizon passes (`_expire_held`).  Any
        other refusal drops the seat's later held orders (they assumed it applied); the
        game's end drops every held order.  Each fate is noted for its author (`_fate`)."""
        entered: list[Entry] = []
        progress = True
        while progress:
            progress = False
            self._expire_held()
            for seat, held in list(self.server.get("held", {}).items()):
                if (not held or not self.decisions(seat)
                        or self._interrupted(seat, held[0].get("kind"))):
                    continue
                block = held[0]
                result = self._try(seat, block["line"], block["text"], by=block["by"],
                                   source=block["source"], at=at)
                if result.status == "rejected" and result.code == WRONG_QUESTION:
                    continue
                held.pop(0)
                self._fate(seat, block, result)
                if result.seq is not None:
                    entered.append(self.record.entries[-1])
                    progress = True
                    break                   # the game moved: look at every seat again
                for rest in held:
                    self._fate(seat, rest, OrderResult(
                        rest["line"], rest["text"], "dropped",
                        message=f"not tried: held line {block['line']} was refused",
                        code="not_tried", params={"line": block["line"]}))
                held.clear()
            for seat in [s for s, held in self.server.get("held", {}).items() if not held]:
                del self.server["held"][seat]
        if self.outcome() is not None and self.server.get("held"):
            self._drop_held(Reason("the game ended before you were asked", "held_game_over"))
        return entered

    def _expire_held(self) -> None:
        """Drop held orders whose hold horizon (`Rules.hold_horizon`) has passed."""
        horizon = self.rules.hold_horizon(self.state)
        for seat, held in self.server.get("held", {}).items():
            for block in [b for b in held if "horizon" in b and b["horizon"] != horizon]:
                held.remove(block)
                self._fate(seat, block, OrderResult(
                    block["line"], block["text"], "dropped",
                    message="no question it answers came in time", code="held_expired",
                    params={"horizon": block.get("horizon")}))

    # ------------------------------------------------------------------ undo
    def _undo(self, seat: str, line: int, block: str, *, by: str, source: str,
              at: dt.datetime) -> OrderResult:
        try:
            entry = self.undo(seat, by=by, source=source, at=at)
        except IllegalOrder as refused:
            return OrderResult(line, block, "rejected", message=refused.reason,
                               hints=refused.hints, code=refused.code, params=refused.params)
        return OrderResult(line, block, "applied", order=entry.order, seq=entry.seq)

    def undo(self, seat: str, *, by: str, source: str, at: dt.datetime) -> Entry:
        """Take back `seat`'s last move (`engine.undo`): an ``undo`` entry restoring the
        state before it, or `IllegalOrder` saying what made it irreversible."""
        if self.outcome() is not None:
            raise IllegalOrder(Reason("the game is over", "game_over"))
        move = last_move(self.record.entries, seat)
        keep = move[0].seq - 1
        before, dice = replay(self.rules, self.record, verify=False, until=keep)
        why = irreversible(self.rules, seat, move, before, self.state,
                           dice_used=dice.counter != self.dice.counter)
        if why is not None:
            raise IllegalOrder(Reason(f"your last move cannot be taken back: {why}",
                                      "undo_refused", why=why))
        entry = Entry(seq=self.record.last_seq + 1, at=iso(at), by=by, source=source,
                      decision="", seat=seat, order=undo_text(keep), rolls=[],
                      state_hash=state_hash(before), kind="undo")
        self.record.entries.append(entry)
        self.state = before
        self.clocks.sync(self.decisions(), at)
        return entry

    # ------------------------------------------------------------------ moderator entries
    def edit(self, path: str, value: Any, *, by: str, because: str, source: str,
             at: dt.datetime) -> Entry:
        """A moderator's correction of the state, refused unless `validate` still passes."""
        return self.edits([(path, value)], by=by, because=because, source=source, at=at)[-1]

    def edits(self, changes: list[tuple[str, Any]], *, by: str, because: str, source: str,
              at: dt.datetime) -> list[Entry]:
        """Several corrections made together (a card moved from one pile to another), refused
        unless `validate` passes after the last: the places between may not validate alone.
        Each change is its own entry with its own state hash, so replay reads them one by one."""
        if not because.strip():
            raise IllegalOrder(Reason("an EDIT needs a reason: ... BECAUSE <why>",
                                      "edit_no_reason"))
        state = copy_plain(self.state)
        entries = []
        for n, (path, value) in enumerate(changes):
            state = apply_edit(state, path, value)
            entries.append(Entry(seq=self.record.last_seq + 1 + n, at=iso(at), by=by,
                                 source=source, decision="", seat=by,
                                 order=edit_text(path, value), rolls=[],
                                 state_hash=state_hash(state), kind="edit",
                                 because=because.strip()))
        problems = self.rules.validate(state)
        if problems:
            raise IllegalOrder(Reason(f"the edit would break the game: {'; '.join(problems)}",
                                      "edit_breaks", text="; ".join(problems)))
        self.record.entries.extend(entries)
        self.state = state
        self.clocks.sync(self.decisions(), at)
        return entries

    def act(self, text: str, *, by: str, because: str = "", source: str,
            at: dt.datetime) -> Entry:
        """Record a moderator act that changes no state (pause, deadline, seat change, END)."""
        entry = Entry(seq=self.record.last_seq + 1, at=iso(at), by=by, source=source,
                      decision="", seat=by, order=text, rolls=[],
                      state_hash=self.record.final_state_hash, kind="act",
                      because=because.strip())
        self.record.entries.append(entry)
        self.clocks.sync(self.decisions(), at)
        return entry

    def _reenter(self, entry: Entry) -> Entry:
        self._standing_answers = False
        try:
            return self._reenter_recorded(entry)
        finally:
            self._standing_answers = True

    def _reenter_recorded(self, entry: Entry) -> Entry:
        at = dt.datetime.fromisoformat(entry.at.replace("Z", "+00:00"))
        if entry.kind == "act":
            return self.act(entry.order, by=entry.by, because=entry.because,
                            source=entry.source, at=at)
        if entry.kind == "standing":
            before = self.record.last_seq
            self._standing(entry.seat, 0, entry.order, by=entry.by, source=entry.source, at=at)
            return self.record.entries[before]
        if entry.kind == "edit":
            path, value = parse_edit(entry.order)
            return self.edit(path, value, by=entry.by, because=entry.because,
                             source=entry.source, at=at)
        if entry.kind == "undo":
            return self.undo(entry.seat, by=entry.by, source=entry.source, at=at)
        decision = find_decision(self.decisions(), entry.decision, entry.seat)
        order = self.rules.parse(self.state, decision, entry.order)
        return self._enter(entry.seat, decision, order, by=entry.by, source=entry.source,
                           at=at)

    # ------------------------------------------------------------------ clocks
    def fire_deadlines(self, now: dt.datetime) -> list[ClockAction]:
        """Enter NMR defaults for expired decisions; report reminders and holds."""
        actions: list[ClockAction] = []
        while self.outcome() is None and self.pinned is None:
            events = self.clocks.due(now)
            defaults = [e for e in events if e.kind == "default"]
            actions.extend(ClockAction(e) for e in events if e.kind != "default")
            if not defaults:
                break
            event = defaults[0]
            decision = find_decision(self.decisions(), event.decision, event.seat)
            order = self.rules.default(self.state, decision)
            entry = self._enter(event.seat, decision, order, by="clock", source="clock", at=now)
            actions.append(ClockAction(event, entry))
            self._run_held(now)
        return actions

    def migrated(self, record: Record, now: dt.datetime) -> None:
        """Take `record`, the game's record migrated to the installed rules_version
        (`engine.record.migrate`): the game is no longer held and asks its questions again."""
        self.record = record
        self.state, self.dice = replay(self.rules, record, verify=False)
        self.pinned = None
        self.clocks.sync(self.decisions(), now)

    # ------------------------------------------------------------------ rollback
    def rollback(self, seq: int, *, by: str, reason: str, at: dt.datetime) -> list[Entry]:
        """Truncate to entry `seq` (kept in the audit trail) and rebuild the state."""
        removed = self.record.truncate(seq, at=iso(at), by=by, reason=reason)
        self.state, self.dice = replay(self.rules, self.record, verify=False)
        self._drop_held(Reason(f"the moderator rolled the game back to entry {seq}",
                               "held_rollback", seq=seq))
        self.clocks.sync(self.decisions(), at)
        return removed

    def rollforward(self, *, by: str, at: dt.datetime) -> list[Entry]:
        """Undo the last rollback: re-apply its entries if nothing was entered since."""
        if not self.record.audit or "entries" not in self.record.audit[-1]:
            raise IllegalOrder(Reason("there is no rollback to undo", "no_rollback"))
        block = self.record.audit[-1]
        if block["to_seq"] != self.record.last_seq:
            raise IllegalOrder(Reason(f"entries were added after the rollback to "
                                      f"{block['to_seq']}; roll back to it again before "
                                      "rolling forward", "rollforward_blocked",
                                      seq=block["to_seq"]))
        entries = [Entry.from_data({**raw, "at": str(raw["at"])}) for raw in block["entries"]]
        for entry in entries:
            new = self._reenter(entry)
            if new.state_hash != entry.state_hash:
                raise ReplayError(f"rolling forward entry {entry.seq} gave a different state")
        self.record.audit[-1] = {"rolled_forward_at": iso(at), "by": by,
                                 "restored": [e.seq for e in entries],
                                 "rolled_back": {k: v for k, v in block.items()
                                                 if k != "entries"}}
        return entries
