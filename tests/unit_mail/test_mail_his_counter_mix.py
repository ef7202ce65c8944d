"""The counter mix and a card on minor powers played by mail (Maildir transport), one seat in
English and one in Russian: France's move that would split a stack its counters cannot show
is refused with the numbers that fit (§5.2 L283) and the rest of its plan goes on; the
Papacy plays Diplomatic Marriage (#73) as an event, is asked which minor to activate, in
Russian, and Venice becomes its ally (§22.2)."""
from __future__ import annotations

from pathlib import Path

from games.here_i_stand import state as S
from pbem.store import Store
from test_mail_done import POWERS, his_at, now, send
from test_mail_his_plan import to

EDIT = dict(by="moderator:gm@x", because="test position", source="cli")


def _flat(text: str) -> str:
    """The mail's words on one line (the mail wraps long lines)."""
    return " ".join(text.split())


def _france_mix_full(game) -> None:
    """Every French "1" and "2" counter on the map (stacks of 1 and 2 in French home spaces),
    France's 4 regulars in Paris on one "4" (§5.2)."""
    for sid, rec in sorted(game.state["spaces"].items()):
        for kind, n in dict(rec.get("units", {}).get("france", {})).items():
            if kind in S.LAND and n:
                game.edit(f"spaces.{sid}.units.france.{kind}", 0, at=now(), **EDIT)
    homes = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home == "france"
             and s not in ("paris", "orleans")
             and not S.units(game.state, s)]
    for sid, n in zip(homes, [1] * 10 + [2] * 4):
        _put(game, sid, n)
    _put(game, "paris", 4)


def _put(game, sid: str, n: int) -> None:
    """`n` French regulars at `sid` (a moderator's edit)."""
    rec = game.state["spaces"].get(sid)
    if rec is None:
        game.edit(f"spaces.{sid}", {"units": {"france": {"regulars": n}}}, at=now(), **EDIT)
    elif "units" not in rec:
        game.edit(f"spaces.{sid}.units", {"france": {"regulars": n}}, at=now(), **EDIT)
    else:
        game.edit(f"spaces.{sid}.units.france", {"regulars": n}, at=now(), **EDIT)


def france_to_act(tmp_path: Path) -> Path:
    """A Here I Stand game (``his-9``) at France's impulse, the Papacy's seat in Russian, no
    response windows or Wartburg questions asked; its home."""
    return to_act(tmp_path, "france", {"papacy": "ru"})


def to_act(tmp_path: Path, power: str, langs: dict[str, str]) -> Path:
    """A Here I Stand game (``his-9``) at `power`'s impulse, the seats' languages `langs`, no
    response windows or Wartburg questions asked; its home."""
    home = his_at(tmp_path, lambda g: any(d.seat == power and d.kind == "impulse"
                                          for d in g.decisions()), seed="s1", langs=langs)
    with Store(home).transaction("his-9") as game:
        for power in POWERS:
            game.submit(power, "STANDING RESPONSE NEVER", at=now())
        game.submit("protestant", "STANDING wartburg NEVER", at=now())
    return home


def test_counter_mix_refusal_in_english_and_a_minor_card_in_russian(tmp_path: Path):
    home = france_to_act(tmp_path)
    with Store(home).transaction("his-9") as game:
        _france_mix_full(game)
        hands = {p: list(h) for p, h in game.state["hands"].items()}
        holder = next(p for p, h in hands.items() if 73 in h)     # swapped for a Papal card
        if holder != "papacy":
            given = hands["papacy"].pop()
            hands[holder] = sorted([n for n in hands[holder] if n != 73] + [given])
            hands["papacy"] = sorted(hands["papacy"] + [73])
        game.edit("hands", hands, at=now(), **EDIT)
    mails = send(home, "france", "PLAY 4 FOR CP\nMOVE Paris -> Orleans 1\n", "c1")
    receipt = _flat(to(mails, "france")[0])
    assert "France's counters cannot show 1 unit leaving Paris and those left behind" in receipt
    assert "numbers that fit: 2, 4" in receipt     # a "2" is still free
    mails = send(home, "france", "MOVE Paris -> Orleans 4\nDONE\n", "c2")
    assert to(mails, "france")[0].count("-> applied") == 2
    game = Store(home).load("his-9")
    assert game.state["spaces"]["orleans"]["units"]["france"] == {"regulars": 4}
    with Store(home).transaction("his-9") as game:
        while not any(d.seat == "papacy" and d.kind == "impulse" for d in game.decisions()):
            d = game.decisions()[0]
            game.apply_order(d.seat, game.rules.default(game.state, d), by=d.seat,
                             source="test", at=now(), decision=d)
    mails = send(home, "papacy", "СЫГРАТЬ 73 КАК СОБЫТИЕ\n", "c3")
    asked = _flat(to(mails, "papacy")[0])
    assert "выберите действие карты — ACTIVATE Генуя, ACTIVATE Венеция" in asked
    mails = send(home, "papacy", "АКТИВИРОВАТЬ Венецию\n", "c4")
    told = _flat(to(mails, "papacy")[0])
    assert "становится союзником державы «Папство»" in told
    assert Store(home).load("his-9").state["minor_allies"] == {"venice": "papacy"}
