"""The land war of Here I Stand: moves into other powers' units (§13.1), interception
(§13.2), avoiding battle (§13.3), withdrawing into fortifications (§13.4), the field battle
(§14) and its retreat (§14.1), with the questions they ask off-turn (each with a default and
standing orders, §22.1 style).

Modules: `odds` (exact 2d6 chances), `marks` (what units did this impulse), `entry` (who may
enter where, §13.1), `battle` (the field battle, §14-14.1: `battle.fight`), `move` (the move
procedure, §13.1 steps 5-8), `sieges` (the hook a siege begins through, §13.4/§14 step 12),
`relief` (the relief of a siege as a field battle, §15.2), `cards` (combat-card events) and
`kinds` (the questions).

Rules: §13.1, §13.2, §13.3, §13.4, §14, §14.1, §15.2
"""
