"""Relocated units by mail (Maildir transport; §9.3 step 3, L537): France (in Russian) sues
the Hapsburgs (in English) for peace while its regulars and Montmorency hold Besançon, as near
to Paris as to Lyon; they go to Paris at once and France is asked, off-turn, where they go —
it answers in Russian, and the Hapsburgs read in English that they were sent on to Lyon."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import by_defaults, his_at, now, send
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")


def _flat(texts: list[str]) -> str:
    return " ".join(" ".join(texts).split())


def _peace_next(tmp_path: Path) -> Path:
    """Game his-9 at turn 2's sue-for-peace segment, France to answer; France holds Besançon
    with 2 regulars and Montmorency, the Hapsburgs hold Francis I captive."""
    home = his_at(tmp_path, lambda g: g.state["turn"] == 2 and g.state["phase"] == "diplomacy",
                  seed="s4", langs={"france": "ru"})
    with Store(home).transaction("his-9") as game:
        for power in ("hapsburg", "france"):
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
        state = game.state
        francis = S.where_is(state, "francis_i")
        montmorency = S.where_is(state, "montmorency")
        game.edits([
            ("spaces.besancon.control", "france"),
            ("spaces.besancon.units", {"france": {"regulars": 2}}),
            ("spaces.besancon.leaders", ["montmorency"]),
            (f"spaces.{montmorency}.leaders",
             [x for x in state["spaces"][montmorency]["leaders"]
              if x not in ("montmorency", "francis_i")]),
            *([(f"spaces.{francis}.leaders",
                [x for x in state["spaces"][francis]["leaders"]
                 if x not in ("montmorency", "francis_i")])] if francis != montmorency else []),
            ("captured", {"hapsburg": ["francis_i"]}),
            ("wars", sorted(state["wars"] + [["france", "hapsburg"]])
             if ["france", "hapsburg"] not in state["wars"] else state["wars"]),
        ], at=now(), **EDIT)
        by_defaults(game, lambda g: any(d.seat == "france" and d.kind == "sue"
                                        for d in g.decisions()))
    return home


def test_france_chooses_lyon_for_its_relocated_units_in_russian(tmp_path: Path):
    home = _peace_next(tmp_path)
    lyon = S.units(Store(home).load("his-9").state, "lyon").get("france", {}).get("regulars", 0)
    mails = send(home, "france", "ПРОСИТЬ МИРА У Габсбурги\n", "p1")
    asked = _flat(to(mails, "france"))
    assert ("перемещение (§9.3): Франция — из города Безансон уходят: 2 регулярных отряда, "
            "Монморанси; сейчас они в городе Париж (по умолчанию); можно выбрать любой город "
            "из: Париж, Лион") in asked, asked
    assert Store(home).load("his-9").decisions("france")[0].kind == "relocation"
    mails = send(home, "france", "ПЕРЕМЕСТИТЬ Лион\n", "p2")
    receipt = _flat(to(mails, "france"))
    assert "по выбору владельца отправлены дальше в город Лион: 2 регулярных отряда" in receipt
    assert "Монморанси, покинувший город Безансон, по выбору владельца отправлен дальше в " \
           "город Лион" in receipt, receipt
    told = _flat(to(mails, "hapsburg"))
    assert "units of France that left Besançon were sent on to Lyon by their owner: " \
           "2 regulars" in told, told
    game = Store(home).load("his-9")
    assert S.units(game.state, "lyon")["france"]["regulars"] == lyon + 2
    assert S.where_is(game.state, "montmorency") == "lyon"
    assert game.decisions("france")[0].kind == "eliminate"


def test_a_standing_order_sends_them_to_the_capital(tmp_path: Path):
    home = _peace_next(tmp_path)
    assert "-> применён" in _flat(to(send(home, "france", "STANDING relocation CAPITAL\n",
                                          "s1"), "france"))
    send(home, "france", "SUE FOR PEACE WITH Hapsburgs\n", "s2")
    game = Store(home).load("his-9")
    assert S.where_is(game.state, "montmorency") == "paris"
    assert game.decisions("france")[0].kind == "eliminate"
    assert [e.order for e in game.record.entries
            if e.by == "standing" and "relocation" in e.decision] == ["RELOCATE paris"]
