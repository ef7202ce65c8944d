"""testgame: pbem's built-in fixture game (see `games.testgame.rules`).

Rules: none (the package's entry: the rules object is in `rules`)
"""
from games.testgame.rules import TestGame

RULES = TestGame()
