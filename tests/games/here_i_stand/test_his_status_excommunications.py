"""The status report's religion section lists the reformers and rulers a Papal Bull has
excommunicated (§21.5), in English and Russian, text and HTML: the 1532 scenario's Luther,
then Francis I after a Bull; the diplomacy line names the power under the marker."""
from __future__ import annotations

from engine.game import Game
from pbem.reports import status_html, status_text
from test_his_plans import POWERS, RULES, T0


def _religion(text: str) -> str:
    start = text.index("Religion" if "Religion" in text else "Религия")
    return text[start:]


def _game() -> Game:
    return Game.create(RULES, "g", {p: {"players": [f"{p}@x"]} for p in POWERS}, now=T0,
                       seed="s1", scenario="1532")


def test_status_lists_excommunicated_reformers_and_rulers():
    assert "Excommunicated by a Papal Bull (reformers, rulers): Luther" in _religion(
        status_text(_game(), "en"))
    game = _game()         # a Bull on Francis I (the reports are cached per entry)
    game.state["already_excommunicated"] = ["francis_i", "luther"]
    game.state["excommunicated"] = ["france"]
    english, russian = status_text(game, "en"), status_text(game, "ru")
    assert "Excommunicated by a Papal Bull (reformers, rulers): Francis I, Luther" in \
        _religion(english)
    assert "Отлучены папской буллой (реформаторы, правители): Франциск I, Лютер" in \
        _religion(russian)
    assert "Excommunicated: France" in english and "Отлучены: Франция" in russian
    html = status_html(game, "ru")
    assert "Отлучены папской буллой (реформаторы, правители): Франциск I, Лютер" in html
