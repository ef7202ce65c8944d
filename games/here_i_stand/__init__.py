"""Here I Stand (GMT): rules, map, cards and scenarios (see rules.py and README.md).

Rules: none (the package's entry: the rules object is in `rules`)
"""
from games.here_i_stand.rules import HereIStand

RULES = HereIStand()
