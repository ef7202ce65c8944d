"""The rules contract every game implements (docs/architecture.md, "The engine contract").

A game is a subclass of `Rules`, registered under the entry-point group ``pbem.games``.
State is plain data (dict, list, str, int, bool, None), so it serialises to YAML/JSON and
hashes canonically.  The engine owns the record, the dice stream and the clocks; the rules
only answer these questions:

``setup(scenario, seats, options, dice) -> state``
    The starting position.  May roll dice (initial shuffles).
``decisions(state) -> [Decision]``
    Who is asked what *now*.  Several may be open at once (sealed simultaneous choices,
    negotiation windows, interrupts).  Empty when the game is over.
``apply(state, seat, order, dice) -> state``
    Validate `order` for `seat` and return the next state.  Raises `IllegalOrder` with a
    human reason and near-miss hints.  `apply` may mutate the state it is given and return
    it: the engine hands it a private copy whenever it needs the original afterwards.
``transition(state, seat, order, dice, asked) -> (state, [Decision])``
    `apply` plus the decisions of the new state (optional: the base class asks
    `decisions`); lets a game hand over the decisions it found while settling the state.
``default(state, decision) -> order``
    What happens when the decision's deadline passes (NMR).  Must always be legal.
``view(state, seat | None) -> dict``
    What that seat (``None``: the public) may see.  Every mail is rendered from a view.
``secrets(state) -> {seat: {str}}``
    The strings only that seat may see (card names in its hand, its sealed choice); the
    contract tests check no other seat's view contains them.
``outcome(state) -> Outcome | None``
    Winner(s), scores and the reason, once the game has ended.
``parse(state, decision, text) -> order``
    One order block of a player's mail (see `split`) as a plain order.  Raises
    `IllegalOrder` with suggestions when the text is not understood.
``order_text(order) -> str``
    The canonical text of an order: the record stores this, and `parse` reads it back.
``split(text) -> [(line_no, block)]``
    Cut a mail body into order blocks; the default is one block per non-empty line.
``validate(state) -> [problem]``
    Invariants of a well-formed state (used by moderator edits, ``pbem simulate
    --check-invariants`` and, after every order, the tests); empty when sound.  Each
    problem line names what it is about before its details (``card 7 in two places
    (§6.2): [...]``).

Optional hooks with defaults: standing orders (`standing_kinds`, `standing_lookup`,
`check_standing`, `answer_from_standing`) and seats (`seat_names`, `seats_for`).
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator, Mapping, Sequence

from engine.dice import Dice
from engine.options import Option, OptionSet, Order

State = dict[str, Any]

#: The refusal code of a text that answers another kind of question than the one asked
#: (``refusal.wrong_verb``): a held order refused so waits for a question it answers.
WRONG_QUESTION = "wrong_verb"


class Reason(str):
    """An English text that also names itself for translation: `code` (a message catalog
    key, e.g. ``not_in_hand``) and `params` (plain data: ids, numbers).  It *is* the English
    text, so rules may return it wherever they returned a reason string; `IllegalOrder`
    takes its code and params over.  Never store one in a state (store ``str(reason)``)."""

    code: str | None
    params: dict[str, Any]

    def __new__(cls, text: str, code: str | None = None, /, **params: Any) -> "Reason":
        obj = super().__new__(cls, text)
        obj.code = code
        obj.params = params
        return obj

    def __reduce__(self) -> tuple:
        return (_reason, (str(self), self.code, self.params))


def _reason(text: str, code: str | None, params: dict[str, Any]) -> Reason:
    return Reason(text, code, **params)


class IllegalOrder(Exception):
    """An order that the rules refuse: `reason` for the player, `hints` as suggestions.

    `reason` is English.  `code` and `params` (optional) name the same refusal for the
    reports, which translate it from the message catalog (``refusal.<code>``) when they can;
    a `Reason` given as `reason` brings its own code and params."""

    def __init__(self, reason: str, hints: Sequence[str] = (), *, code: str | None = None,
                 params: dict[str, Any] | None = None) -> None:
        super().__init__(str(reason))
        if code is None and isinstance(reason, Reason):
            code, params = reason.code, dict(reason.params)
        self.reason = str(reason)
        self.hints = list(hints)
        self.code = code
        self.params = {k: _plain_param(v) for k, v in (params or {}).items()}

    def __str__(self) -> str:
        """The reason with the hints, as the CLI shows a refusal."""
        if not self.hints:
            return self.reason
        return f"{self.reason} (did you mean: {'; '.join(self.hints)}?)"


def _plain_param(value: Any) -> Any:
    """A refusal parameter as plain data (a nested `Reason` becomes ``{msg, ...}``)."""
    if isinstance(value, Reason):
        if value.code is None:
            return str(value)
        return {"msg": value.code, **{k: _plain_param(v) for k, v in value.params.items()}}
    if isinstance(value, (list, tuple)):
        return [_plain_param(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain_param(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Decision:
    """One open question: `seat` must answer with an order of one of `options`.

    `id` is stable while the question stays open (games derive it from their own step
    counter) so clocks can key deadlines on it.  `clock` names the clock class whose
    duration applies.  `private`: the question itself must not be shown to other seats.
    `prompt` is a short English description; templates may render a fuller one from `kind`.
    `closes_on_done`: a window that stays open until the seat sends ``DONE`` (a negotiation);
    the mail gateway's DONE command answers such decisions with the order ``DONE``.
    """
    id: str
    seat: str
    kind: str
    options: OptionSet
    clock: str = "default"
    private: bool = False
    prompt: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    closes_on_done: bool = False

    def legal_orders(self) -> Iterator[Order]:
        """Every legal order (may be large: count first with `options.count()`)."""
        return self.options.orders()

    def random_order(self, rng: random.Random) -> Order:
        """A random legal order."""
        return self.options.draw(rng)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: `winners` (seats), `reason` (rule citation), `scores` by seat."""
    winners: tuple[str, ...]
    reason: str
    scores: dict[str, int] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": dict(self.scores)}


@dataclass(frozen=True)
class DataReport:
    """A game's component data checked against its rules (`Rules.check_data`): `problems`
    (empty when sound) and `provisional`, where each value not yet confirmed from the
    physical components sits."""
    problems: list[str]
    provisional: list[str]


@dataclass(frozen=True)
class ScenarioInfo:
    """A scenario a game offers: its seats and the player counts it supports."""
    name: str
    seats: tuple[str, ...]
    min_players: int
    max_players: int
    description: str = ""


class Rules(ABC):
    """Base class of every game's rules module (see the module docstring)."""

    #: Registered name, e.g. ``here-i-stand``.
    name: str = ""
    #: Bumped whenever a change alters the replay of existing archives.
    version: int = 1
    title: str = ""
    #: How the judge shows the game (all optional, so a game is one folder; see
    #: CONTRIBUTING.md): `presenter` and `board` are ``"module:name"`` references loaded only
    #: when mail or a picture is made, so the rules never import the judge.
    #: `presenter`: a ``pbem.reports.presenters.Presenter`` subclass ("": the generic one).
    presenter: str = ""
    #: The folder of the game's mail templates and catalogs (``i18n/<lang>.yaml``).
    templates_dir: Path | None = None
    #: ``board(view, lang=...) -> dict``, the map picture's description ("": no map).
    board: str = ""
    #: The game's clock classes (`Decision.clock`) with their default durations; every game
    #: has ``default``.  Games configure durations per class (``--clock CLASS=DURATION``).
    clock_classes: Mapping[str, str] = MappingProxyType({"default": "48h"})
    #: The game's own bots (`engine.bots`): ``"module:name"`` of a mapping ``{name: Bot}``
    #: ("": only the engine's ``random`` and ``default``).
    bots: str = ""
    #: Verbs the game adds to the mail gateway's HELP, each ``VERB`` or ``VERB args``.
    help_verbs: tuple[str, ...] = ()
    #: ``sections(marked) -> {heading: markdown}``: README sections generated from the code
    #: (``pbem rules --index GAME --write-readme``), `marked(marker)` giving the tests that
    #: carry ``@pytest.mark.<marker>(n, ...)`` by number ("": none).
    readme_sections: str = ""
    #: Options every simulated game (`pbem simulate`) starts with unless given otherwise,
    #: e.g. a moderator's length cap where random bots never reach an end by the rules.
    simulation_options: Mapping[str, Any] = MappingProxyType({})

    def questions(self) -> Mapping[str, Any]:
        """The game's question kinds by name (`engine.questions`); standing orders
        (`engine.standing`) answer decisions of the kinds that accept them."""
        return {}

    def standing_kinds(self) -> dict[str, tuple[str, ...]]:
        """The kinds a standing order may answer, with the policies it may name."""
        return {k: tuple(q.policies) for k, q in self.questions().items() if q.policies}

    def seat_names(self, info: ScenarioInfo) -> tuple[str, ...]:
        """Every seat name a game of scenario `info` accepts (`engine.game.Game.create`):
        the base class, its seats; a game whose players may hold several of them adds the
        names of those groups."""
        return tuple(info.seats)

    def seats_for(self, info: ScenarioInfo, count: int) -> tuple[str, ...]:
        """The seats of a `count`-player game of scenario `info` (simulations): the base
        class, the first `count`; a game whose players hold groups of its seats names them."""
        return tuple(info.seats[:count])

    def standing_lookup(self, decision: Decision) -> tuple[str, ...]:
        """The standing-order kinds whose policies may answer `decision`, tried in this
        order (`engine.game.Game`): the base class, the decision's own kind.  A game may put
        a kind of armed answers first (Here I Stand's ``respond`` before ``response``)."""
        return (decision.kind,)

    def check_standing(self, kind: str, policy: str) -> None:
        """Refuse (`IllegalOrder`) a standing `policy` that fits a template of `kind` but
        names what the game does not know; the base class accepts it."""

    def answer_from_standing(self, state: State, decision: Decision,
                             policy: str) -> Order | None:
        """The order a standing `policy` gives for `decision`, or None to ask the seat."""
        question = self.questions().get(decision.kind)
        if question is None or question.standing is None:
            return None
        return question.standing(policy, state, decision)

    @abstractmethod
    def scenarios(self) -> list[ScenarioInfo]:
        """The scenarios offered; the first is the default."""

    def scenario(self, name: str | None) -> ScenarioInfo:
        """The named scenario (or the default), or `IllegalOrder` naming the choices."""
        offered = self.scenarios()
        if name is None:
            return offered[0]
        for info in offered:
            if info.name == name:
                return info
        raise IllegalOrder(f"{self.name} has no scenario {name!r}",
                           [info.name for info in offered])

    @abstractmethod
    def setup(self, scenario: str | None, seats: Sequence[str], options: dict[str, Any],
              dice: Dice) -> State: ...

    @abstractmethod
    def decisions(self, state: State) -> list[Decision]: ...

    @abstractmethod
    def apply(self, state: State, seat: str, order: Order, dice: Dice) -> State: ...

    def transition(self, state: State, seat: str, order: Order, dice: Dice,
                   asked: Sequence[Decision] | None = None) -> tuple[State, list[Decision]]:
        """`apply`, and the decisions of the state it returns, so that each state's
        decisions are worked out once (the engine keeps them with the state it owns).

        `asked`: the decisions of `state` itself, when the caller knows them (computed on
        this very state, unchanged since), which a game may use instead of asking again.
        The base class applies and then asks; a game whose `apply` ends by finding its next
        decisions anyway returns those."""
        state = self.apply(state, seat, order, dice)
        return state, self.decisions(state)

    @abstractmethod
    def default(self, state: State, decision: Decision) -> Order: ...

    @abstractmethod
    def view(self, state: State, seat: str | None) -> dict[str, Any]: ...

    @abstractmethod
    def secrets(self, state: State) -> dict[str, set[str]]: ...

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None: ...

    @abstractmethod
    def parse(self, state: State, decision: Decision, text: str) -> Order: ...

    @abstractmethod
    def order_text(self, order: Order) -> str: ...

    def split(self, text: str) -> list[tuple[int, str]]:
        """One order block per non-empty line, numbered from 1."""
        return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)
                if line.strip()]

    def admitted(self, state: State, seat: str, order: Order) -> Decision:
        """`seat`'s first open decision, refusing an order its options do not admit (for
        games whose `apply` checks an order against the structured options first)."""
        asked = [d for d in self.decisions(state) if d.seat == seat]
        if not asked:
            raise IllegalOrder(f"{seat} is not asked anything now", code="not_asked",
                               params={"seat": seat})
        if not asked[0].options.admits(order):
            raise IllegalOrder(f"{self.order_text(order)} is not legal now",
                               [o.describe() for o in asked[0].options.options],
                               code="not_legal_now", params={"text": self.order_text(order)})
        return asked[0]

    def validate(self, state: State) -> list[str]:
        """Problems of a malformed state; the base class checks nothing."""
        return []

    def precheck(self, state: State, seat: str, text: str) -> None:
        """Refuse (`IllegalOrder`, with suggestions) an order block of `seat` that can never
        be valid, read without the question it will answer: its grammar and its names.  Held
        orders are checked this way when they arrive; the base class accepts everything."""

    def interrupts(self, state: State, decision: Decision) -> bool:
        """Whether `decision` is asked in the middle of the seat's own orders (a question
        its move raised, such as a battle's losses), so that the rest of a mail's plan
        waits behind it instead of being tried against it (`engine.game.Game.submit`).
        The base class: the kinds a standing order may answer (`standing_kinds`)."""
        return decision.kind in self.standing_kinds()

    def hold_horizon(self, state: State) -> str | None:
        """How long a held order may wait for a question it answers: held orders are
        dropped (their authors told) once this value changes, e.g. when the turn ends;
        None (the base class): they wait until the game ends."""
        return None

    def undo_veto(self, before: State, after: State, seat: str) -> str | None:
        """Why `seat` may not take back the move from `before` to `after` beyond what the
        engine checks itself (`engine.undo`: dice, other seats asked, secrets shown), or
        None; the base class vetoes nothing."""
        return None

    def check_data(self, directory: Path | None) -> DataReport | None:
        """A game whose component data is a kit a moderator may replace (``pbem data check``,
        ``pbem new --data``) checks the kit in `directory` (None: its own); None: the game
        has no such kit."""
        return None


__all__ = ["WRONG_QUESTION", "DataReport", "Decision", "IllegalOrder", "Option", "OptionSet",
           "Order", "Outcome", "Rules", "ScenarioInfo", "State"]
