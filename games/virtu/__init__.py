"""Virtù (3–5 players), see `games.virtu.rules`."""
from games.virtu.rules import VirtuRules

RULES = VirtuRules()
