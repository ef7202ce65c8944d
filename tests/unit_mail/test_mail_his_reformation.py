"""The Reformation by mail (Maildir transport): the Papacy (in Russian) plays Leipzig Debate as
an event; the Protestants (in English) are asked whether The Wartburg cancels it (#37: asked by
public information, so a hand without it is asked too and offered only DONE), decline, and the
debate runs through the mail — the Russian Leipzig order, Here I Stand declined, the dice, the
conversions; then the Protestants publish a treatise and arm The Wartburg by a standing
order."""
from __future__ import annotations

from pathlib import Path

from pbem.store import Store
from test_mail_done import his_at, send
from test_mail_his_plan import to

LANGS = {"papacy": "ru", "protestant": "en"}


def papacy_to_play(tmp_path: Path) -> Path:
    return his_at(tmp_path, lambda g: any(d.seat == "papacy" and d.kind == "impulse"
                                          for d in g.decisions()), seed="s1", langs=LANGS)


def flat(mails: list[str]) -> str:
    return " ".join("\n".join(mails).split())


def test_leipzig_debate_the_wartburg_window_and_a_treatise_by_mail(tmp_path: Path):
    home = papacy_to_play(tmp_path)
    assert 37 not in Store(home).load("his-9").state["hands"]["protestant"]
    mails = send(home, "papacy", "PLAY 6 AS EVENT\n", "r1")
    assert "Лейпцигский диспут разыграна как событие" in flat(to(mails, "papacy"))
    asked = flat(to(mails, "protestant"))
    assert "Papacy plays #6 Leipzig Debate as an event: PLAY 37 (The Wartburg cancels it" in asked
    assert "Legal orders: DONE For example: DONE" in asked
    for seat in ("ottoman", "hapsburg", "england", "france"):
        assert "Wartburg" not in flat(to(mails, seat))
    mails = send(home, "protestant", "DONE\n", "r2")
    assert "Лейпцигский диспут: DEBATE <зона> WITH <папский богослов>" in flat(to(mails, "papacy"))
    mails = send(home, "papacy", "ДИСПУТ НЕМЕЦКАЯ С Экк\n", "r3")
    receipt = flat(to(mails, "papacy"))
    assert "-> применён" in receipt and "DEBATE GERMAN WITH eck UNCOMMITTED" in receipt
    assert "богословский диспут в зоне «немецкая»: Экк против" in receipt
    mails = send(home, "protestant", "DONE\n", "r4")             # no Here I Stand
    told = flat(to(mails, "protestant"))
    assert "debate: Papacy (Eck) rolls 7 dice" in told             # 3 + 3 + Eck's 1
    game = Store(home).load("his-9")
    n = 0
    while game.decisions("papacy") and game.decisions("papacy")[0].kind == "debate_convert":
        space = game.rules.default(game.state, game.decisions("papacy")[0])["space"]
        n += 1
        receipt = flat(to(send(home, "papacy", f"ОБРАТИТЬ {space}\n", f"c{n}"), "papacy"))
        assert "— католический" in receipt
        game = Store(home).load("his-9")
    assert n >= 1 and [d.kind for d in game.decisions("protestant")] == ["impulse"]
    mails = send(home, "protestant", "PLAY 95 FOR CP\nPUBLISH TREATISE GERMAN\n", "r5")
    receipt = flat(to(mails, "protestant"))
    assert "PUBLISH TREATISE GERMAN -> applied" in receipt
    assert "conversion attempts, 2 left (target zone German): REFORM <space>" in receipt
    assert "Протестанты: публикация трактата (зона: немецкая)" in flat(to(mails, "papacy"))
    receipt = flat(to(send(home, "protestant", "STANDING wartburg ARM 5 6\n", "r6"),
                      "protestant"))
    assert "STANDING wartburg ARM 5 6" in receipt and "rejected" not in receipt
    assert Store(home).load("his-9").state["standing_orders"]["protestant"] == {
        "wartburg": "ARM 5 6"}
