"""The war at sea of Here I Stand: the naval move with naval interception and avoiding
battle (§16.1), the naval battle and its retreat (§16.2), naval transport (§16.3) and
piracy (§16.4), with the questions they ask off-turn (each with a default and standing
orders, digest R15-R21), and the ships of a port whose control changes (§12.2).

Modules: `actions` (the CP actions and their *Foul Weather* window), `fleet` (whose ships
are where, naval leaders' ratings), `move` (the naval move procedure, §16.1), `battle` (the
naval battle, §16.2: `battle.fight`), `war` (the naval battles a war begun in the Action
phase calls for, §9.6 L583), `sea_cards` (*Janissaries* and *Professional Rowers*
at sea), `transport` (§16.3), `piracy` (§16.4), `sea_events` (*Shipbuilding*, #100) and
`kinds` (the questions).

Rules: §12.2, §16.1, §16.2, §16.3, §16.4, §9.6
"""
