"""HELP by mail (issue 10): HELP ORDERS and HELP <verb> give the game's order reference from
games/<name>/data/orders.yaml in the reader's language; HELP MODERATOR lists every
moderator command, English and Russian; `pbem mod --help` lists them too."""
from __future__ import annotations

import itertools
import sys
import subprocess
from pathlib import Path

import pytest

from engine.registry import get
from pbem import orders_reference
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.mail.commands import parse_body
from pbem.mail.help import MODERATOR_COMMANDS
from pbem.moderation import COMMANDS
from pbem.reports.i18n import t

POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
_count = itertools.count()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A six-player Here I Stand game (seat <power> = <power>@example.org, token tok<power>)
    moderated by gm@example.org (token tokgm)."""
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    path = make_home(tmp_path / "h")
    tokens = {p: f"tok{p}" for p in POWERS} | {"moderator:gm@example.org": "tokgm"}
    make_game(path, "his-1", {p: f"{p}@example.org" for p in POWERS}, seed="help",
              tokens=tokens, moderators=["gm@example.org"], rules="here-i-stand")
    return path


def reply(home: Path, sender: str, tag: str, body: str) -> str:
    """The plain text of the one mail the judge sends `sender` back."""
    before = len(sent_mails(home))
    drop(home, "m", player_mail(sender, f"Re: {tag}", body, f"<h{next(_count)}@x>"))
    Daemon(home).run_once()
    mine = [m for m in sent_mails(home)[before:] if sender in str(m["To"])]
    assert len(mine) == 1, [str(m["Subject"]) for m in mine]
    return mine[0].get_body(("plain",)).get_content()


def france(home: Path, body: str) -> str:
    return reply(home, "france@example.org", "[his-1 france tokfrance]", body)


def test_help_with_a_topic_is_a_command_not_an_order() -> None:
    parsed = parse_body([(1, "HELP ORDERS"), (2, "справка move"), (3, "HELP")])
    assert [(c.name, c.args.get("topic")) for c in parsed.commands] == \
        [("HELP", "ORDERS"), ("HELP", "move"), ("HELP", None)]
    assert parsed.orders == []


def test_help_orders_by_mail_in_english(home: Path) -> None:
    body = france(home, "HELP ORDERS\n")
    assert "Orders of his-1" in body and "== Action phase (§11) ==" in body
    assert "PLAY <card> FOR CP" in body and "DECLARE WAR ON <power>" in body
    assert "== Diet of Worms (turn 1) (§18.1) ==" in body and "e.g. CHOOSE 65" in body
    assert "Фаза действий" not in body
    assert all(len(line) <= 78 for line in body.splitlines())


def test_help_orders_by_mail_in_russian(home: Path) -> None:
    body = france(home, "LANGUAGE ru\nСПРАВКА ПРИКАЗЫ\n")
    assert "Приказы партии his-1" in body and "== Фаза действий (§11) ==" in body
    assert "сыграть карту ради её очков командования" in body
    assert "например: CHOOSE 65" in body and "Action phase" not in body
    assert all(len(line) <= 78 for line in body.splitlines())


def test_help_move_gives_only_the_move_orders(home: Path) -> None:
    body = france(home, "HELP MOVE\n")
    assert "MOVE <from> -> <to>" in body and "MOVE <capital> -> <space>" in body
    assert "== Spring deployment (§10) ==" in body
    assert "PLAY <card> FOR CP" not in body and "RETURN <from>" not in body
    ru = france(home, "LANGUAGE ru\nHELP ДВИЖЕНИЕ\n")     # a Russian keyword of MOVE
    assert "== Весеннее развёртывание (§10) ==" in ru and "путь ищется за вас" in ru


def test_help_for_an_unknown_verb_lists_the_verbs(home: Path) -> None:
    body = " ".join(france(home, "HELP FLY\n").split())
    assert "this game has no order FLY; HELP ORDERS lists them all:" in body
    assert "PLAY, PASS, MOVE" in body


def test_help_moderator_from_the_moderator_lists_every_command(home: Path) -> None:
    body = reply(home, "gm@example.org", "[his-1 moderator tokgm]", "HELP MODERATOR\n")
    for name in MODERATOR_COMMANDS:
        assert t("en", f"moderator_help.commands.{name}.syntax") in body, name


def test_help_moderator_in_russian_for_a_russian_seat(home: Path) -> None:
    body = france(home, "LANGUAGE ru\nHELP MODERATOR\n")
    assert "Команды модератора" in body and "ROLLBACK <номер>" in body
    assert "REPLACE <место> <адрес> [LANGUAGE en|ru]" in body


def test_every_moderator_command_has_help_in_both_languages() -> None:
    assert set(COMMANDS) < set(MODERATOR_COMMANDS)
    for lang in ("en", "ru"):
        for name in MODERATOR_COMMANDS:
            assert t(lang, f"moderator_help.commands.{name}.syntax").split()[0] == name
            assert t(lang, f"moderator_help.commands.{name}.meaning")


def test_pbem_mod_help_lists_every_command_with_its_syntax() -> None:
    out = subprocess.run([sys.executable, "-m", "pbem", "mod", "--help"], capture_output=True,
                         text=True, check=True).stdout
    assert "pbem/moderation.py" not in out
    for name in MODERATOR_COMMANDS:
        assert t("en", f"moderator_help.commands.{name}.syntax") in out, name


@pytest.mark.parametrize("game", ["here-i-stand", "testgame", "pax-renaissance", "virtu"])
def test_orders_md_is_generated_from_the_order_data(game: str) -> None:
    """ORDERS.md and ORDERS.ru.md are what scripts/gen-orders-md makes of data/orders.yaml."""
    rules = get(game)
    ref = orders_reference.load(rules)
    assert ref is not None
    for lang, name in orders_reference.MARKDOWN_FILES.items():
        path = orders_reference.game_dir(rules) / name
        assert path.read_text(encoding="utf-8") == orders_reference.markdown(ref, lang), \
            f"{path} is out of date: run scripts/gen-orders-md"


def test_every_order_of_the_reference_has_both_languages() -> None:
    for game in ("here-i-stand", "testgame", "pax-renaissance", "virtu"):
        ref = orders_reference.load(get(game))
        for section in ref["sections"]:
            assert set(section["title"]) == {"en", "ru"}
            for order in section["orders"]:
                assert order["syntax"] and order["examples"], order
                assert set(order["meaning"]) == {"en", "ru"}, order
