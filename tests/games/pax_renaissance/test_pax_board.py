"""Pax Renaissance: the map picture (the game-neutral board description for
`pbem/mapimage.py`): every empire, city and border, the pieces on them, the market rows
with their florins, in English and Russian, and the PNG the reports attach."""
from __future__ import annotations

import datetime as dt

from engine.game import Game
from games.pax_renaissance import RULES, catalog
from games.pax_renaissance.board import board
from pbem import mapimage, reports
from tests.games.pax_renaissance.test_pax_ops import new, own, pawn


def test_the_board_shows_empires_cities_borders_and_the_market():
    state = new(("fugger", "medici", "coeur"))
    own(state, "medici", "ruler_france")
    state["regimes"]["papal_states"] = "catholic"
    state["cities"]["paris"] = {"piece": "knight", "religion": "catholic"}
    state["borders"]["hungary__ottoman"] = pawn("coeur")
    state["moored"]["hungary__ottoman"] = {"piece": "pirate", "religion": "islamic"}
    state["market"]["west"][2]["florins"] = 3
    drawn = board(RULES.view(state, "fugger"), lang="ru")
    nodes = {n["id"]: n for n in drawn["nodes"]}
    for table in ("empires", "borders"):
        assert set(catalog.board()[table]) <= set(nodes)
    assert {c for c, d in catalog.board()["cities"].items()
            if not d.get("promo") and not d.get("condottiere")} <= set(nodes)
    assert nodes["france"]["label"] == "Франция"
    assert [b["text"] for b in nodes["france"]["badges"]][:2] == ["феодальная, монархия",
                                                                "Медичи"]
    assert nodes["papal_states"]["fill"] == "#e9c46a"
    assert nodes["paris"]["marks"][0]["text"] == "К"
    assert nodes["hungary__ottoman"]["fill"] == "#7d4e9e"      # Coeur's concession
    assert nodes["hungary__ottoman"]["marks"][0]["text"] == "П"  # and the pirate beside it
    assert nodes["west_2"]["badges"][0]["text"] == "3 фл."
    assert nodes["west_0"]["label"] == "0: рубашкой вверх"     # the fair card stays hidden
    png = mapimage.render(drawn, 400)
    assert png[:4] == b"\x89PNG"


def test_the_reports_attach_the_pax_map():
    at = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    game = Game.create(RULES, "p", {"fugger": {"players": ["f@x"]},
                                    "medici": {"players": ["m@x"]}}, now=at, seed="map")
    assert mapimage.board_function(RULES) is board
    assert reports.map_png(game, 500, "en")[:4] == b"\x89PNG"
