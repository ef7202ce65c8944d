"""Virtù (3–5 players), see `games.virtu.rules`.

Rules: none (the registration)
"""
from games.virtu.rules import VirtuRules

RULES = VirtuRules()
