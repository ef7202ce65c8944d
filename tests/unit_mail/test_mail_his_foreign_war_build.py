"""A build for a foreign war short of units, played by mail (Maildir transport), one seat in
Russian and the others in English: the Ottomans (in Russian) fight War in Persia (#110) with
2 units on the card where 5 are needed, and the "1" and "2" counters are on the map; a new
regular would go to the card (§21.7), where the counters cannot show 3, so the build is
refused (§5.2), in Russian.  With 1 on the card the same order is applied and the English seats read
that the new regular went to the war."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import counter_mix, facts
from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_counter_mix import EDIT, _flat, to_act
from test_mail_his_plan import to


#: The Ottoman land units (regulars, cavalry) left on the map: stacks of 2 and 3 that use up
#: the "1" and "2" counters the card's stack would need.
STACKS = {"athens": (2, 3), "istanbul": (3, 3), "salonika": (3, 3), "edirne": (3, 3)}


def _persia(game, on_card: int) -> int:
    """War in Persia short of units (`on_card` of 5), the Ottoman land units in `STACKS`;
    the Ottomans' card with 2 CP or more to build with."""
    state = game.state
    changes = [(f"spaces.{sid}.units.ottoman.{kind}", 0) for sid in sorted(state["spaces"])
               if sid not in STACKS
               for kind in S.LAND if S.units(state, sid).get("ottoman", {}).get(kind)]
    for sid, (regulars, cavalry) in STACKS.items():
        units = {p: dict(c) for p, c in S.units(state, sid).items()}
        units["ottoman"] = {k: n for k, n in units.get("ottoman", {}).items()
                            if k not in S.LAND} | {"regulars": regulars, "cavalry": cavalry}
        changes.append((f"spaces.{sid}.units", units))
    changes.append(("foreign_wars", {"110": {"power": "ottoman", "need": 5, "foes": 4,
                                             "units": {"regulars": on_card}, "leaders": []}}))
    game.edits(changes, at=now(), **EDIT)
    assert not counter_mix.can_add_to_war(game.state, "ottoman", "110", "regulars")
    assert counter_mix.can_add(game.state, "ottoman", "edirne", "regulars")
    return next(n for n in sorted(state["hands"]["ottoman"])
                if facts.card(n).cp >= 2 and facts.card(n).type != "mandatory")


def test_a_build_for_a_short_foreign_war_needs_counters_on_the_card(tmp_path: Path):
    home = to_act(tmp_path, "ottoman", {"ottoman": "ru"})
    with Store(home).transaction("his-9") as game:
        card = _persia(game, on_card=2)
    mails = send(home, "ottoman", f"PLAY {card} FOR CP\nBUILD REGULAR IN Edirne\n", "f1")
    receipt = _flat(to(mails, "ottoman")[0])
    assert "куда идут новые сухопутные отряды, пока на внешней войне их не хватает" in \
        receipt, receipt
    assert S.count(Store(home).load("his-9").state, "edirne", "ottoman") == 6
    with Store(home).transaction("his-9") as game:
        game.edit("foreign_wars.110.units.regulars", 1, at=now(), **EDIT)   # 1 + 1: a "2"
    mails = send(home, "ottoman", "BUILD REGULAR IN Edirne\n", "f2")
    assert "-> применён" in _flat(to(mails, "ottoman")[0])
    told = _flat(" ".join(to(mails, "hapsburg")))
    assert "Ottomans: a regular is built and goes to #110 War in Persia (§21.7)" in told, told
    state = Store(home).load("his-9").state
    assert state["foreign_wars"]["110"]["units"] == {"regulars": 2}
    assert S.count(state, "edirne", "ottoman") == 6
