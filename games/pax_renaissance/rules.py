"""Pax Renaissance, 2nd edition: the rules module (`PaxRenaissance`).

Section numbers: the booklet's Cyrillic section letters in order, А=§1 … М=§12, their
numbered items after the dot (Д.1 buy = §5.1); see README.md.
Rules: §4.1, §5.5
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from engine.contract import Decision, Outcome, Rules, ScenarioInfo, State
from engine.dice import Dice
from engine.options import OptionSet, Order
from games.pax_renaissance import actions, asks, catalog, grammar, offturn
from games.pax_renaissance.places import condottiere_lapse
from games.pax_renaissance.setup import SEATS, new_state
from games.pax_renaissance.victory import dominant_religion, patron_winners, prestige, race

LOG_LENGTH = 16


def _seen(entry: dict[str, Any], seat: str | None) -> dict[str, Any]:
    """A log entry as `seat` sees it: another banker's buy names the row and slot, not the
    card, which went into a private hand (the previous report showed the market)."""
    if entry.get("msg") == "buy" and entry.get("seat") != seat:
        return {k: v for k, v in entry.items() if k != "card"} | {"msg": "buy_hidden"}
    return dict(entry)


class PaxRenaissance(Rules):
    name = "pax-renaissance"
    version = 1
    title = "Pax Renaissance (2nd edition)"
    presenter = "games.pax_renaissance.presenter:PaxPresenter"
    board = "games.pax_renaissance.board:board"
    bots = "games.pax_renaissance.bots:BOTS"
    templates_dir = Path(__file__).resolve().parent / "templates"

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("standard", SEATS, 2, 4,
                             "2–4 bankers; options europe_1550, astrological, bankruptcy")]

    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State:
        """§3: the starting position."""
        self.scenario(scenario)
        return new_state(seats, options, dice)

    def hold_horizon(self, state: State) -> str | None:
        """Held orders are the rest of a banker's turn script (§4.1): they lapse when the
        turn passes, so a PASS sent after a turn's last action cannot end the banker's
        next turn after its first action."""
        return f"turn {state['turn']}"

    def decisions(self, state: State) -> list[Decision]:
        """The active banker's next action (§4.1); nothing once the game has ended."""
        if state["ended"]:
            return []
        if asks.busy(state):
            asked = asks.QUEUE.decision(state)
            return [asked] if asked else []
        seat = actions.active_seat(state)
        done = state["turn_state"]["actions"]
        return [Decision(f"t{state['turn']}-a{done}-s{state['step']}", seat, "action",
                         OptionSet(tuple(actions.options(state))), clock="impulse",
                         prompt="take an action, or PASS after the first",
                         context={"turn": state["turn"], "action": done + 1})]

    def default(self, state: State, decision: Decision) -> Order:
        """The timeout answer (digest §4 A1): PASS after an action; else the fair in the row
        whose face-down card carries more florins (always legal and never costs)."""
        if asks.QUEUE.asks(decision):
            return asks.QUEUE.default(state, decision)
        verbs = decision.options.verbs()
        if "PASS" in verbs:
            return {"verb": "PASS"}
        rows = [r for r in ("west", "east") if r not in state["turn_state"]["fair"]
                and state["market"][r][0]["card"] is not None]
        if rows:
            best = max(rows, key=lambda r: state["market"][r][0]["florins"])
            return {"verb": "FAIR", "row": best}
        return next(iter(decision.options.orders()))

    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State:
        decision = self.admitted(state, seat, order)
        state["step"] += 1
        if asks.QUEUE.asks(decision):
            asks.QUEUE.apply(state, seat, decision, order, dice)
        else:  # the action's own lines first, before what its questions settle at once
            _log(state, actions.perform(state, seat, order))
        offturn.check_hands(state)
        asks.QUEUE.settle(state, dice)
        _log(state, condottiere_lapse(state))
        _log(state, actions.finish(state))
        return state

    def questions(self) -> dict[str, Any]:
        """Every question kind of the game (asks.KINDS: agents, coronation, ops, regime
        change, and the off-turn tax and discard)."""
        return asks.KINDS

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        """What a seat sees (digest §5; the astrological variant §3.5.В shows the decks' top
        cards): hands, face-down discards, slot-0 cards and the decks
        are hidden; florins, the map, tableaux, queens and the victory cards are public."""
        market = {row: [{"card": None if k == 0 else cell["card"], "florins": cell["florins"],
                         "face_down": k == 0 and cell["card"] is not None}
                        for k, cell in enumerate(cells)]
                  for row, cells in state["market"].items()}
        public: dict[str, Any] = {
            "turn": state["turn"], "seats": list(state["seats"]),
            "active": None if state["ended"] else actions.active_seat(state),
            "actions_taken": state["turn_state"]["actions"],
            "florins": dict(state["florins"]),
            "hand_counts": {s: len(h) for s, h in state["hands"].items()},
            "tableaux": {s: {k: list(v) for k, v in t.items()}
                         for s, t in state["tableaux"].items()},
            "queens": {s: list(q) for s, q in state["queens"].items()},
            "market": market,
            "deck_counts": {r: len(d) for r, d in state["decks"].items()},
            "razed": list(state["razed"]), "regimes": dict(state["regimes"]),
            "cities": {c: dict(p) if p else None for c, p in state["cities"].items()},
            "borders": {b: dict(p) if p else None for b, p in state["borders"].items()},
            "moored": {b: dict(p) for b, p in state["moored"].items()},
            "rulers": {e: {"owner": r["owner"], "face": r["face"], "queen": r["queen"],
                           "suzerain": r["suzerain"], "repressed": [dict(p) for p in r["repressed"]]}
                       for e, r in state["rulers"].items()},
            "bishops": dict(state["bishops"]),
            "victories": dict(state["victories"]),
            "prestige": {s: {k: prestige(state, s, k) for k in catalog.PRESTIGE}
                         for s in state["seats"]},
            "race": race(state), "dominant": dominant_religion(state),
            "ended": state["ended"], "log": [_seen(e, seat) for e in state["log"]],
        }
        if state["options"]["astrological"]:
            public["deck_tops"] = {r: d[-1] if d else None for r, d in state["decks"].items()}
        if seat is not None and seat in state["hands"]:
            public["hand"] = list(state["hands"][seat])
            public["my_discards"] = list(state["discards"][seat])
        return public

    def secrets(self, state: State) -> dict[str, set[str]]:
        """A hand is private (glossary РУКА) and cards sold from it go face down (§5.3)."""
        return {seat: set(state["hands"][seat]) | set(state["discards"][seat])
                for seat in state["seats"]}

    def outcome(self, state: State) -> Outcome | None:
        ended = state["ended"]
        if not ended:
            return None
        scores = {s: prestige(state, s, "patron") for s in state["seats"]}
        if ended["reason"] == "patron":
            winners, scores = patron_winners(state)
            return Outcome(tuple(winners), "patron: most patronage prestige when the decks "
                           "run out (§12.2)", scores)
        return Outcome(tuple(ended["winners"]), f"{ended['reason']} victory declared (§5.6)",
                       scores)

    def parse(self, state: State, decision: Decision, text: str) -> Order:
        if asks.QUEUE.asks(decision):
            return asks.QUEUE.parse(state, decision, text)
        return grammar.parse(state, decision, text)

    def order_text(self, order: Order) -> str:
        return grammar.order_text(order)

    def validate(self, state: State) -> list[str]:
        """Every market card in exactly one place; no negative florins; one piece a border,
        but a pirate moored beside a concession (note Г, L1525)."""
        problems: list[str] = []
        places: list[str] = []
        places += [c for d in state["decks"].values() for c in d]
        places += [cell["card"] for cells in state["market"].values() for cell in cells
                   if cell["card"]]
        for seat in state["seats"]:
            places += state["hands"][seat] + state["queens"][seat] + state["discards"][seat]
            places += [c for side in state["tableaux"][seat].values() for c in side
                       if not c.startswith("ruler_")]
        places += [r["queen"] for r in state["rulers"].values() if r.get("queen")]
        if len(places) != len(set(places)):
            problems.append("a card is in two places")
        if any(v < 0 for v in state["florins"].values()):
            problems.append("negative florins")
        if any(v < 0 for v in state["pawns"].values()):
            problems.append("negative pawn supply")
        for border in state["moored"]:
            if (state["borders"][border] or {}).get("piece") != "pawn":
                problems.append(f"a pirate moored on {border} beside no concession")
        for holder in state["bishops"]:
            if holder not in places and not holder.startswith("ruler_"):
                problems.append(f"a bishop on {holder}, which is nowhere")
        return problems


def _log(state: State, entries: list[dict[str, Any]]) -> None:
    """Append log lines of the current turn, keeping the last `LOG_LENGTH`."""
    state["log"] = (state["log"] + [{"turn": state["turn"], **e} for e in entries])
    state["log"] = state["log"][-LOG_LENGTH:]
