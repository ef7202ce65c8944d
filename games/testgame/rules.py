"""testgame ("Duel"): pbem's own small but complete game, the platform's test fixture.

It exercises everything the big games need from the engine, in a few dozen entries.  Its
rules, numbered for the coverage table of its README (`pbem rules --index testgame`):

* §1 **seats and hands**: 2–4 seats (``north east south west``) with **hidden hands** of 4
  cards from a 24-card deck shuffled with the game's dice;
* §2 **the commit**, a **sealed simultaneous choice**: each round opens with every seat
  committing one card face down (``COMMIT <card>``); when all have, the commits are revealed
  and the highest value scores 2 (tied highest: 1 each);
* §3 **turns** in seat order, starting one seat later each round: ``PLAY <card> AT <seat>`` or
  ``PASS``;
* §4 **the interrupt**: the seat attacked answers ``BLOCK <card>`` or ``ALLOW`` before play
  goes on (a standing ``ALLOW`` answers it in advance).  Allowed, the attack scores the card's
  value.  Blocked, each side rolls a d6 and adds its card's value: the attacker scores the
  card's value if higher, otherwise the blocker scores 1.  Played cards are discarded;
* §5 **refill and the end**: at the end of a round hands refill to 4, reshuffling the
  discards when the deck runs out; after the last round (option ``rounds``, default 3) the
  highest score wins, ties share;
* §6 **defaults** (NMR): commit the lowest card, pass, allow.

Rules: §1, §2, §3, §4, §5, §6
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, Sequence

from engine.contract import (Decision, IllegalOrder, Outcome, Reason, Rules, ScenarioInfo,
                             State)
from engine.dice import Dice
from engine.options import OneOf, Option, OptionSet, Order
from games.testgame.cards import card_names, deck

SEATS = ("north", "east", "south", "west")
VERBS = ("COMMIT", "PLAY", "PASS", "BLOCK", "ALLOW")
HAND_SIZE = 4
LOG_LENGTH = 12


class TestGame(Rules):
    name = "testgame"
    version = 1
    title = "Duel (pbem's test game)"
    presenter = "games.testgame.presenter:TestgamePresenter"
    templates_dir = Path(__file__).resolve().parent / "templates"
    clock_classes = MappingProxyType({"impulse": "48h", "response": "24h", "default": "48h"})
    help_verbs = ("COMMIT card", "PLAY card AT seat | PASS", "BLOCK card | ALLOW")

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("standard", SEATS, 2, 4, "3 rounds, hidden hands of 4")]

    # ------------------------------------------------------------------ setup
    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State:
        """Deal the hidden hands from the shuffled deck (§1)."""
        unknown = set(options) - {"rounds"}
        if unknown:
            name = sorted(unknown)[0]
            raise IllegalOrder(Reason(f"testgame has no option {name!r}", "no_option",
                                      game="testgame", text=name), ["rounds"])
        rounds = int(options.get("rounds", 3))
        if not 1 <= rounds <= 1000:
            raise IllegalOrder(Reason("rounds must be 1..1000", "rounds_range", n=1000))
        order = [s for s in SEATS if s in seats]
        cards = sorted(deck())
        dice.shuffle(cards)
        state: State = {
            "round": 1, "rounds": rounds, "phase": "commit", "seats": order, "step": 0,
            "deck": cards, "discard": [], "hands": {s: [] for s in order},
            "commits": {s: None for s in order}, "revealed": {},
            "scores": {s: 0 for s in order}, "active": 0, "turns_left": len(order),
            "attack": None, "log": [],
        }
        _refill(state, dice)
        return state

    # ------------------------------------------------------------------ questions
    def decisions(self, state: State) -> list[Decision]:
        """The commit of every seat (§2), the active seat's turn (§3) or the interrupt (§4)."""
        phase = state["phase"]
        if phase == "commit":
            return [Decision(f"r{state['round']}-commit", seat, "commit",
                             OptionSet((Option.of("COMMIT", card=OneOf(tuple(hand))),)),
                             clock="default", prompt="commit one card face down")
                    for seat, hand in state["hands"].items()
                    if hand and state["commits"][seat] is None]
        if phase == "turns":
            seat = state["seats"][state["active"]]
            options = [Option.of("PASS")]
            if state["hands"][seat]:
                targets = tuple(s for s in state["seats"] if s != seat)
                options.append(Option.of("PLAY", card=OneOf(tuple(state["hands"][seat])),
                                         target=OneOf(targets)))
            return [Decision(f"s{state['step']}-turn", seat, "turn", OptionSet(tuple(options)),
                             clock="impulse", prompt="play a card at a seat, or pass")]
        if phase == "respond":
            target = state["attack"]["target"]
            options = [Option.of("ALLOW")]
            if state["hands"][target]:
                options.append(Option.of("BLOCK", card=OneOf(tuple(state["hands"][target]))))
            return [Decision(f"s{state['step']}-respond", target, "respond",
                             OptionSet(tuple(options)), clock="response",
                             prompt=f"{state['attack']['seat']} attacks you: block or allow")]
        return []

    def standing_kinds(self) -> dict[str, tuple[str, ...]]:
        """An attacked seat may allow every attack in advance: ``STANDING respond ALLOW`` (§4)."""
        return {"respond": ("ALLOW",)}

    def answer_from_standing(self, state: State, decision: Decision,
                             policy: str) -> Order | None:
        return {"verb": "ALLOW"} if decision.kind == "respond" and policy == "ALLOW" else None

    def default(self, state: State, decision: Decision) -> Order:
        """The lowest card, PASS, ALLOW (§6)."""
        if decision.kind == "commit":
            return {"verb": "COMMIT", "card": min(state["hands"][decision.seat],
                                                  key=lambda n: (deck()[n].value, n))}
        return {"verb": "PASS"} if decision.kind == "turn" else {"verb": "ALLOW"}

    # ------------------------------------------------------------------ moves
    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State:
        """A commit (§2), a play or a pass (§3), a block or an allow (§4)."""
        self.admitted(state, seat, order)
        state["step"] += 1
        verb = order["verb"]
        if verb == "COMMIT":
            state["hands"][seat].remove(order["card"])
            state["commits"][seat] = order["card"]
            if all(c is not None or not state["hands"][s]
                   for s, c in state["commits"].items()):
                _reveal(state)
        elif verb == "PASS":
            _log(state, f"{seat} passes")
            _next_turn(state, dice)
        elif verb == "PLAY":
            state["hands"][seat].remove(order["card"])
            state["attack"] = {"seat": seat, "target": order["target"], "card": order["card"]}
            state["phase"] = "respond"
            _log(state, f"{seat} plays {deck()[order['card']].name} at {order['target']}")
        else:
            _resolve_attack(state, order.get("card"), dice)
            _next_turn(state, dice)
        return state

    # ------------------------------------------------------------------ views
    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        attack = state["attack"]
        public: dict[str, Any] = {
            "round": state["round"], "rounds": state["rounds"], "phase": state["phase"],
            "seats": list(state["seats"]), "scores": dict(state["scores"]),
            "deck_count": len(state["deck"]),
            "discard": [deck()[n].name for n in state["discard"]],
            "hand_counts": {s: len(h) for s, h in state["hands"].items()},
            "committed": {s: c is not None for s, c in state["commits"].items()},
            "revealed": dict(state["revealed"]),
            "active": state["seats"][state["active"]] if state["phase"] == "turns" else None,
            "attack": None if attack is None else {
                "seat": attack["seat"], "target": attack["target"],
                "card": deck()[attack["card"]].name},
            "log": list(state["log"]),
        }
        if seat is not None:
            public["hand"] = [{"number": n, "name": deck()[n].name, "value": deck()[n].value}
                              for n in state["hands"][seat]]
            commit = state["commits"][seat]
            public["my_commit"] = deck()[commit].name if commit is not None else None
        return public

    def secrets(self, state: State) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for seat, hand in state["hands"].items():
            held = list(hand) + ([state["commits"][seat]]
                                 if state["commits"][seat] is not None else [])
            found[seat] = {name for n in held
                           for name in (deck()[n].name, deck()[n].name_ru) if name}
        return found

    def outcome(self, state: State) -> Outcome | None:
        """After the last round the highest score wins, ties share (§5)."""
        if state["phase"] != "over":
            return None
        best = max(state["scores"].values())
        winners = tuple(s for s in state["seats"] if state["scores"][s] == best)
        return Outcome(winners, f"highest score after round {state['rounds']}",
                       dict(state["scores"]))

    # ------------------------------------------------------------------ grammar
    def parse(self, state: State, decision: Decision, text: str) -> Order:
        words = text.split()
        verb = words[0].upper() if words else ""
        allowed = decision.options.verbs()
        if verb not in allowed:
            hints = [f"{v} ..." if v in ("COMMIT", "PLAY", "BLOCK") else v for v in allowed]
            raise IllegalOrder(f"{text!r} does not answer this question ({decision.prompt})",
                               hints, code="wrong_verb",
                               params={"text": text.strip(), "verbs": sorted(allowed)})
        rest = words[1:]
        if verb in ("PASS", "ALLOW"):
            if rest:
                raise IllegalOrder(f"{verb} takes nothing after it", [verb], code="no_args",
                                   params={"verb": verb})
            return {"verb": verb}
        target = None
        if verb == "PLAY":
            upper = [w.upper() for w in rest]
            if "AT" not in upper:
                raise IllegalOrder("PLAY needs a target: PLAY <card> AT <seat>",
                                   [f"PLAY {' '.join(rest)} AT {s}" for s in state["seats"]
                                    if s != decision.seat], code="play_needs_target")
            cut = upper.index("AT")
            rest, target = rest[:cut], " ".join(rest[cut + 1:]).lower()
            if target not in state["seats"] or target == decision.seat:
                raise IllegalOrder(f"{target!r} is not a seat you can attack",
                                   [s for s in state["seats"] if s != decision.seat],
                                   code="not_a_target", params={"text": target})
        card = card_names().resolve(" ".join(rest))
        hand = state["hands"][decision.seat]
        if card not in hand:
            raise IllegalOrder(f"{deck()[card].name} is not in your hand",
                               [f"{n} {deck()[n].name}" for n in hand], code="not_in_hand",
                               params={"card": card})
        order: Order = {"verb": verb, "card": card}
        if target is not None:
            order["target"] = target
        return order

    def precheck(self, state: State, seat: str, text: str) -> None:
        """A held order must start with a verb of the game and name a card of the deck."""
        words = text.split()
        verb = words[0].upper() if words else ""
        if verb not in VERBS:
            raise IllegalOrder(f"{text.strip()!r} is not an order of this game",
                               [f"{v} ..." if v in ("COMMIT", "PLAY", "BLOCK") else v
                                for v in VERBS], code="not_an_order",
                               params={"text": text.strip()})
        if verb in ("COMMIT", "PLAY", "BLOCK"):
            upper = [w.upper() for w in words[1:]]
            name = words[1:upper.index("AT") + 1] if "AT" in upper else words[1:]
            card_names().resolve(" ".join(name))

    def hold_horizon(self, state: State) -> str | None:
        """Held orders wait at most until the round ends."""
        return f"round {state['round']}"

    def order_text(self, order: Order) -> str:
        text = order["verb"]
        if "card" in order:
            text += f" {order['card']}"
        if "target" in order:
            text += f" AT {order['target']}"
        return text

    def validate(self, state: State) -> list[str]:
        problems = []
        held = (state["deck"] + state["discard"] + [n for h in state["hands"].values() for n in h]
                + [c for c in state["commits"].values() if c is not None]
                + ([state["attack"]["card"]] if state["attack"] else []))
        if sorted(held) != sorted(deck()):
            problems.append("every card must be in exactly one place")
        if any(score < 0 for score in state["scores"].values()):
            problems.append("scores cannot be negative")
        return problems


def _log(state: State, line: str) -> None:
    state["log"] = (state["log"] + [f"R{state['round']}: {line}"])[-LOG_LENGTH:]


def _reveal(state: State) -> None:
    """Reveal the commits; the highest scores 2, tied highest 1 each (§2)."""
    commits = {s: c for s, c in state["commits"].items() if c is not None}
    state["revealed"] = {s: deck()[c].name for s, c in commits.items()}
    if commits:
        best = max(deck()[c].value for c in commits.values())
        top = [s for s, c in commits.items() if deck()[c].value == best]
        for seat in top:
            state["scores"][seat] += 2 if len(top) == 1 else 1
        _log(state, "commits " + ", ".join(f"{s} {deck()[c].name}" for s, c in commits.items())
             + f"; {' and '.join(top)} {'scores' if len(top) == 1 else 'score'}")
    state["discard"].extend(commits.values())
    state["commits"] = {s: None for s in state["commits"]}
    state["phase"] = "turns"


def _resolve_attack(state: State, block: int | None, dice: Dice) -> None:
    """An allowed attack scores its value; a blocked one is a d6 + value duel (§4)."""
    attack = state["attack"]
    value = deck()[attack["card"]].value
    if block is None:
        state["scores"][attack["seat"]] += value
        _log(state, f"{attack['target']} allows; {attack['seat']} scores {value}")
    else:
        state["hands"][attack["target"]].remove(block)
        strike, guard = dice.d6() + value, dice.d6() + deck()[block].value
        won = strike > guard
        state["scores"][attack["seat" if won else "target"]] += value if won else 1
        _log(state, f"{attack['target']} blocks with {deck()[block].name}: {strike} vs {guard}")
        state["discard"].append(block)
    state["discard"].append(attack["card"])
    state["attack"] = None


def _next_turn(state: State, dice: Dice) -> None:
    """The next seat's turn (§3); after the last one, refill and the next round or the end
    (§5)."""
    state["turns_left"] -= 1
    state["phase"] = "turns"
    if state["turns_left"] > 0:
        state["active"] = (state["active"] + 1) % len(state["seats"])
        return
    _refill(state, dice)
    if state["round"] == state["rounds"]:
        state["phase"] = "over"
        return
    state["round"] += 1
    state["phase"] = "commit"
    state["active"] = (state["round"] - 1) % len(state["seats"])
    state["turns_left"] = len(state["seats"])


def _refill(state: State, dice: Dice) -> None:
    """Refill every hand to 4, reshuffling the discards into an empty deck (§1, §5)."""
    for seat in state["seats"]:
        hand = state["hands"][seat]
        while len(hand) < HAND_SIZE:
            if not state["deck"]:
                if not state["discard"]:
                    break
                state["deck"], state["discard"] = state["discard"], []
                dice.shuffle(state["deck"])
            hand.append(state["deck"].pop())
