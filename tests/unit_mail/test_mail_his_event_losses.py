"""A loss outside a land move ending a siege, played by mail (Maildir transport), one seat in
English and one in Russian: France plays Mercenaries Demand Pay (#87) against the Papacy,
whose only mercenaries besiege Hapsburg Naples; the Papacy, in Russian, pays nothing and
eliminates them; when the last goes the siege is over at once (§15.3 L954)."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import now, send
from test_mail_his_counter_mix import EDIT, _flat, france_to_act
from test_mail_his_plan import to

CARD = 87


def _naples_besieged(game) -> None:
    """The Papacy's only mercenaries (2) outside Hapsburg Naples, a Hapsburg regular inside,
    #87 in the French hand (a moderator's edits, checked together)."""
    state = game.state
    changes = [(f"spaces.{sid}.units.papacy.mercenaries", 0) for sid in sorted(state["spaces"])
               if S.units(state, sid).get("papacy", {}).get("mercenaries")]
    naples = {p: dict(c) for p, c in S.units(state, "naples").items()}
    naples["papacy"] = {"mercenaries": 2}
    naples["hapsburg"] = {k: n for k, n in naples.get("hapsburg", {}).items()
                          if k not in S.LAND} | {"regulars": 1}
    changes += [("spaces.naples.units", naples),
                ("sieges", {"naples": {"besiegers": ["papacy"], "besieged": ["hapsburg"],
                                       "begun": "1.0"}})]
    if ["hapsburg", "papacy"] not in state["wars"]:
        changes.append(("wars", sorted(state["wars"] + [["hapsburg", "papacy"]])))
    hands = {p: list(h) for p, h in state["hands"].items()}
    holder = next((p for p, h in hands.items() if CARD in h), None)
    if holder != "france":
        given = hands["france"].pop()
        if holder:
            hands[holder] = sorted([n for n in hands[holder] if n != CARD] + [given])
        else:
            pile = "deck" if CARD in state["deck"] else "discard"
            changes.append((pile, [given if n == CARD else n for n in state[pile]]))
        hands["france"] = sorted(hands["france"] + [CARD])
    changes.append(("hands", hands))
    game.edits(changes, at=now(), **EDIT)


def test_mercenaries_demand_pay_ends_the_siege_of_naples_by_mail(tmp_path: Path):
    home = france_to_act(tmp_path)
    with Store(home).transaction("his-9") as game:
        _naples_besieged(game)
    mails = send(home, "france", f"PLAY {CARD} AS EVENT\nTARGET Papacy\n", "m1")
    assert _flat(to(mails, "france")[0]).count("-> applied") == 2
    mails = send(home, "papacy", "NONE\nУНИЧТОЖИТЬ НАЁМНИКА В Неаполе\n", "m2")
    receipt = _flat(to(mails, "papacy")[0])
    assert receipt.count("-> применён") == 2, receipt
    assert "осада города Неаполь окончена" not in receipt
    mails = send(home, "papacy", "УНИЧТОЖИТЬ НАЁМНИКА В Неаполе\n", "m3")
    receipt = _flat(to(mails, "papacy")[0])
    assert "осада города Неаполь окончена (§15.3)" in receipt, receipt
    told = _flat(" ".join(to(mails, "france")))
    assert "the siege of Naples is over (§15.3)" in told, told
    state = Store(home).load("his-9").state
    assert "naples" not in (state.get("sieges") or {})
    assert "papacy" not in state["spaces"]["naples"]["units"]
