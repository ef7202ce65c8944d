from games.pax_renaissance.rules import PaxRenaissance

RULES = PaxRenaissance()
