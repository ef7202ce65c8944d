"""#69 *Auld Alliance* paying for France's intervention by mail (Maildir transport; §9.6
step 4, the card text): England (in English) declares war on Scotland; France (in Russian)
intervenes, pays with Auld Alliance, is asked in Russian where its 3 new regulars go and
places them in Edinburgh."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import by_defaults, his_at, now, send
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _give(game, power: str, card: int) -> None:
    """Put `card` (in another power's hand) in `power`'s, swapped for one of its cards (a
    moderator's edit)."""
    hands = {p: list(h) for p, h in game.state["hands"].items()}
    holder = next(p for p, h in hands.items() if card in h)
    if holder != power:
        given = hands[power].pop()
        hands[holder] = sorted([n for n in hands[holder] if n != card] + [given])
        hands[power] = sorted(hands[power] + [card])
        game.edit("hands", hands, at=now(), **EDIT)


def test_auld_alliance_pays_for_the_intervention_by_mail(tmp_path: Path):
    home = his_at(tmp_path, lambda g: any(d.seat == "england" and d.kind == "war"
                                          for d in g.decisions()), seed="s6",
                  langs={"france": "ru"})
    with Store(home).transaction("his-9") as game:
        _give(game, "france", 69)
    mails = send(home, "england", "DECLARE WAR ON Scotland\nDONE\n", "i1")
    assert "-> applied" in to(mails, "england")[0]
    mails = send(home, "france", "ВМЕШАТЬСЯ\nГОТОВО\n", "i2")
    receipt = _flat(to(mails, "france")[0])
    assert receipt.count("-> применён") + receipt.count("-> applied") >= 1, receipt
    game = Store(home).load("his-9")
    assert game.state["minor_allies"].get("scotland") == "france"
    with Store(home).transaction("his-9") as game:
        by_defaults(game, lambda g: any(d.seat == "france" and d.kind == "pay"
                                        for d in g.decisions()))
    mails = send(home, "france", "ОПЛАТИТЬ 69\n", "i3")
    asked = _flat(to(mails, "france")[0])
    assert "оплатила вмешательство державы «Франция» за державу «Шотландия»" in asked, asked
    before = S.count(Store(home).load("his-9").state, "edinburgh", "france")
    mails = send(home, "france", "РАЗМЕСТИТЬ 3 В Эдинбург\n", "i4")
    assert S.count(Store(home).load("his-9").state, "edinburgh", "france") == before + 3, \
        _flat(to(mails, "france")[0])
