"""Option sets worked out late (`engine.options`): a `DeferredOptions` whose shapes carry
`Later` domains shows only shapes with a legal order, and a bot's draw works out only
the domains of the shapes it draws; deferred questions of one unchanged state read it
without a copy until it changes (`engine.questions.unchanged`)."""
from __future__ import annotations

import random

import pytest

from engine import canonical, questions
from engine.options import DeferredOptions, Later, OneOf, Option


def _shapes(worked: list[str]) -> list[Option]:
    def domain(name: str, values: tuple) -> Later:
        return Later(lambda: worked.append(name) or OneOf(values))

    return [Option.of("DONE"),
            Option.of("MOVE", to=OneOf(("a",)), units=domain("a", ())),
            Option.of("MOVE", to=OneOf(("b",)), units=domain("b", (1, 2))),
            Option.of("MOVE", to=OneOf(("c",)), units=domain("c", (3,)))]


def test_the_shown_options_are_worked_out_without_the_empty_shapes():
    worked: list[str] = []
    options = DeferredOptions(lambda: _shapes(worked)).options
    assert sorted(worked) == ["a", "b", "c"]
    assert options == (Option.of("DONE"), Option.of("MOVE", to=OneOf(("b",)), units=OneOf((1, 2))),
                       Option.of("MOVE", to=OneOf(("c",)), units=OneOf((3,))))


def test_a_draw_works_out_only_what_it_draws_and_never_an_empty_shape():
    seen = set()
    for n in range(60):
        worked: list[str] = []
        order = DeferredOptions(lambda: _shapes(worked)).draw(random.Random(n))
        drawn = order.get("to", "DONE")
        assert drawn != "a"                 # its shape has no order: set aside, drawn again
        assert set(worked) <= {"a", drawn}  # the other shape's counts never worked out
        seen.add(drawn)
    assert seen == {"DONE", "b", "c"}       # uniform over the shapes with an order


def _taking() -> questions.Kind:
    return questions.Kind(
        options=lambda state, item: [Option.of("TAKE", n=OneOf(tuple(state["left"])))],
        apply=lambda state, item, order, dice: True, default=lambda state, item: {},
        parse=lambda state, item, text: {}, prompt=lambda state, item: "", deferred=True)


def _ask(kind: questions.Kind, state: dict) -> list:
    return [kind.decision(f"d{seat}", state, {"kind": "take", "seat": seat})
            for seat in ("a", "b", "c")]


def test_decisions_of_an_unchanged_state_read_it_without_a_copy_until_it_changes(
        monkeypatch):
    """`questions.unchanged`: deferred questions worked out together read the state itself
    (no copy); once `changing` says it is about to change, options already worked out stay,
    the others can no longer be read (an error, never a wrong answer)."""
    copied = []
    monkeypatch.setattr(questions, "later_copy",
                        lambda data: copied.append(data) or canonical.later_copy(data))
    state = {"left": [1, 2]}
    with questions.unchanged(state):
        read, unread, drawn = _ask(_taking(), state)
    assert read.options.options == (Option.of("TAKE", n=OneOf((1, 2))),)
    questions.changing(state)
    state["left"].append(3)
    assert copied == []
    assert read.options.options == (Option.of("TAKE", n=OneOf((1, 2))),)
    with pytest.raises(RuntimeError):
        unread.options.options
    with pytest.raises(RuntimeError):
        drawn.options.draw(random.Random(1))


def test_decisions_worked_out_elsewhere_read_a_copy_of_the_state_as_it_was():
    state = {"left": [1, 2]}
    asked = _ask(_taking(), state)
    state["left"].append(3)
    for decision in asked:
        assert decision.options.options == (Option.of("TAKE", n=OneOf((1, 2))),)
