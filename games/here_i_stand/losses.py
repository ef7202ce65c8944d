"""Land units eliminated outside a land move or a battle: by a card event (Zwingli Dons Armor,
Mercenaries Demand Pay, Unpaid Mercenaries, ...), a peace (§9.3 step 4) or a negotiated
transfer of mercenaries (§9.1).  Every such loss goes through `eliminate` (or, for losses
already taken, `after_losses`), which settles what the loss changes on the map:

- §5.2 L283: when the counters can no longer show what is left, further units are lost where
  the event took place (`counter_mix.trim`);
- §15.3 L954: a siege ends at once when the besiegers become fewer than the units besieged,
  also through an event's losses; the besieging stack (units and leaders left) retreats, or
  the siege simply ends when nobody is left outside (`siege.check`).

Rules: §5.2 (L283), §9.1, §9.3 (step 4), §15.3 (L954)
"""
from __future__ import annotations

from typing import Iterable

from games.here_i_stand import counter_mix, siege
from games.here_i_stand import state as S


def eliminate(state: S.State, sid: str, power: str, kind: str, n: int = 1, *,
              ask: bool = True) -> None:
    """Remove `n` of `power`'s `kind` at `sid` outside a land move (an event, a peace, a
    transfer), then `after_losses` (§5.2 L283, §15.3 L954)."""
    S.add_units(state, sid, power, kind, -n)
    after_losses(state, sid, [power], ask=ask)


def after_losses(state: S.State, sid: str, powers: Iterable[str], *, ask: bool = True) -> None:
    """§5.2 L283: `powers`' units at `sid` the counters cannot show are lost too; §15.3 L954:
    the siege of `sid` ends or breaks if the losses left too few besiegers (`ask`: the
    besieger may be asked where to retreat, in the Action phase)."""
    for power in powers:
        counter_mix.trim(state, power, sid)
    siege.check(state, sid, ask=ask)
