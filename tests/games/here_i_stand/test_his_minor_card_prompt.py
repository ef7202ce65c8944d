"""The ``minor_card`` question's legal-orders list names the minor powers in the reader's
language (#68 Andrea Doria by France: ACTIVATE Genoa), never by their ids."""
from __future__ import annotations

from his_helpers import asked, into_action, order
from pbem.reports.presenters import presenter_for
from pbem.reports.prompts import order_groups
from test_his_minor_cards import _doria_in_the_ionian


def test_minor_card_orders_name_the_minors_in_english_and_russian():
    state = into_action(_doria_in_the_ionian(piracy_vp=1), "france", hand=[68])
    decision = asked(order(state, "france", "PLAY 68 AS EVENT"), "france")
    assert decision.kind == "minor_card"
    shown = {}
    for lang in ("en", "ru"):
        groups = order_groups(decision, presenter_for("here-i-stand", lang))
        activate = next(g for g in groups if g["verb"] == "ACTIVATE")
        shown[lang] = [(line["lead"], line["items"]) for line in activate["lines"]]
    assert shown == {"en": [("minor: ", ["Genoa"])], "ru": [("малая держава: ", ["Генуя"])]}
