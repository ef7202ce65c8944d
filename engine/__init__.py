"""pbem's game-agnostic core: the rules contract, dice, the record, the archive, clocks.

See `engine.contract` for the contract every game implements and docs/architecture.md for
the shape of the whole system.  Nothing in this package performs I/O beyond archive text,
or reads the wall clock.
"""
