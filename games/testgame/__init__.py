"""testgame: pbem's built-in fixture game (see `games.testgame.rules`)."""
from games.testgame.rules import TestGame

RULES = TestGame()
