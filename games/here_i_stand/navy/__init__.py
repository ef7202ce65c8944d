"""The war at sea of Here I Stand: the naval move with naval interception and avoiding
battle (§16.1), the naval battle and its retreat (§16.2) and piracy (§16.4), with the
questions they ask off-turn (each with a default and standing orders, digest R15, R16, R21).

Modules: `fleet` (whose ships are where, naval leaders' ratings), `battle` (the naval battle,
§16.2: `battle.fight`), `move` (the naval move procedure, §16.1), `piracy` (§16.4) and
`kinds` (the questions).

Rules: §16.1, §16.2, §16.4
"""
