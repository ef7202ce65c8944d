"""A space's change of controller and its one naval consequence (§12.2, L727).

`change` is the one place a rule or an event passes a space to a new controller: it sets
the control marker (`state.set_control`) and, when the space is a port, the naval units of
the powers neither the new controller nor allied to it leave at once for an adjacent sea
zone without enemy ships, as a retreat after a naval battle in a port (§16.2 step 9, L1031:
asked when there is a choice, destroyed with none).  With no foreign ships in the space it
does exactly what `state.set_control` does.

Callers that remove ships by a rule of their own do so before calling `change`: a fortress
taken by assault sends the defender's naval units and naval leaders to the turn track
(§15.1 step 10, L939); a peace, a ceded space and a buy-back first relocate the giver's
units (§9.3 step 3, L539).  Only a deactivation keeps `state.set_control`: §22.4 (L1862)
sends the other powers' ships to their nearest friendly port instead.

Rules: §12.2
"""
from __future__ import annotations

from games.here_i_stand import state as S
from games.here_i_stand.navy import battle, fleet


def change(state: S.State, sid: str, power: str) -> None:
    """`power` now controls `sid` (§12.2 L727): set the marker, then the ships of every
    other power not allied to `power` in port `sid` retreat (§16.2 step 9, L1031)."""
    S.set_control(state, sid, power)
    for other in fleet.powers_at(state, sid):
        if other != power and not S.allied(state, other, power):
            S.log(state, "naval_port_changed", power=other, space=sid, owner=power)
            battle.ask_retreat(state, sid, other)
