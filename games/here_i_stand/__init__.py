"""Here I Stand (GMT): rules, map, cards and scenarios (see rules.py and README.md)."""
from games.here_i_stand.rules import HereIStand

RULES = HereIStand()
