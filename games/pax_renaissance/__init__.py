"""Pax Renaissance (2nd edition), see `games.pax_renaissance.rules`.

Rules: none (the registration)
"""
from games.pax_renaissance.rules import PaxRenaissance

RULES = PaxRenaissance()
