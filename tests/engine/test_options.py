"""Option sets worked out late (`engine.options`): a `DeferredOptions` whose shapes carry
`Later` domains shows only shapes with a legal order, and a bot's draw works out only
the domains of the shapes it draws."""
from __future__ import annotations

import random

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
