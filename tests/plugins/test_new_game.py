"""A game is one folder: a new game needs no edit of ``pbem/`` (CONTRIBUTING.md, "Adding a
game").

`test_pbem_names_no_game` reads every file of ``pbem/``; `test_a_new_game_from_its_own_folder`
follows the checklist step by step for a tiny throwaway game ("Coin toss") written into a
temporary folder, registers it through a real ``pbem.games`` entry point (a dist-info on
``sys.path``, as ``pip install`` would leave it), starts it through the store and plays it by
mail through the processor, and reads its mails in English and Russian.
"""
from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[2]
#: How pbem could name a game: its import path, its registered name, its title.
GAME_NAMES = re.compile(r"\bgames\.\w|\b(from|import)\s+games\b|here.i.stand|\bhis_|testgame",
                        re.IGNORECASE)
#: ``pbem demo`` plays the built-in fixture game by its registered name, as a user would type
#: it (``pbem new testgame``); it imports nothing of it.
DEMO = ROOT / "pbem" / "demo.py"


def test_pbem_names_no_game() -> None:
    named = []
    for path in sorted((ROOT / "pbem").rglob("*")):
        if not path.is_file() or path.suffix not in (".py", ".j2", ".yaml"):
            continue
        for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            found = GAME_NAMES.search(line)
            if found and not (path == DEMO and found.group(0).lower() == "testgame"):
                named.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not named, "\n".join(named)


# ----------------------------------------------------------------- the throwaway game's folder
# Step 1: the rules (engine/contract.py), with the registration attributes of step 5.
RULES = '''
"""Coin toss: each seat calls heads or tails in secret, then one coin is tossed; a right
call scores 1."""
from __future__ import annotations

from pathlib import Path

from engine.contract import Decision, IllegalOrder, Outcome, Rules, ScenarioInfo
from engine.options import OneOf, Option, OptionSet

SEATS = ("red", "blue")
SIDES = ("heads", "tails")


class CoinToss(Rules):
    name = "coin-toss"
    title = "Coin toss"
    presenter = "cointoss.presenter:CoinPresenter"
    templates_dir = Path(__file__).resolve().parent / "templates"

    def scenarios(self):
        return [ScenarioInfo("standard", SEATS, 2, 2)]

    def setup(self, scenario, seats, options, dice):
        return {"calls": {s: None for s in seats}, "coin": None, "log": []}

    def decisions(self, state):
        if state["coin"] is not None:
            return []
        return [Decision(f"call-{s}", s, "call",
                         OptionSet((Option.of("CALL", side=OneOf(SIDES)),)),
                         private=True, prompt="call heads or tails")
                for s, call in state["calls"].items() if call is None]

    def apply(self, state, seat, order, dice):
        if state["calls"].get(seat) is not None or state["coin"] is not None:
            raise IllegalOrder(f"{seat} has called already", code="called")
        state["calls"][seat] = order["side"]
        if all(state["calls"].values()):
            state["coin"] = dice.choice(SIDES)
            state["log"].append({"msg": "tossed", "side": state["coin"]})
        return state

    def default(self, state, decision):
        return {"verb": "CALL", "side": "heads"}

    def view(self, state, seat):
        view = {"coin": state["coin"], "log": list(state["log"]),
                "called": {s: c is not None for s, c in state["calls"].items()}}
        if seat is not None:
            view["my_call"] = state["calls"][seat]
        return view

    def secrets(self, state):
        return {s: set() for s in state["calls"]}

    def outcome(self, state):
        if state["coin"] is None:
            return None
        right = tuple(s for s, c in state["calls"].items() if c == state["coin"])
        return Outcome(right, "the coin fell", {s: int(s in right) for s in state["calls"]})

    def parse(self, state, decision, text):
        words = text.lower().split()
        if len(words) != 2 or words[0] != "call" or words[1] not in SIDES:
            raise IllegalOrder(f"{text!r} is not CALL heads|tails", ["CALL heads"],
                               code="not_a_call", params={"text": text})
        return {"verb": "CALL", "side": words[1]}

    def order_text(self, order):
        return f"CALL {order['side']}"
'''
# Step 2: the presenter (pbem.reports.presenters.Presenter, names the game's things).
PRESENTER = '''
from pbem.reports.presenters import Presenter


class CoinPresenter(Presenter):
    def side(self, side):
        return self._(f"side.{side}") if side else self._("coin.in_the_air")

    def status_context(self, view):
        return {"coin": self.side(view.get("coin")),
                "rows": [[self.seat(s), self._("word.yes") if done else self._("word.no")]
                         for s, done in view["called"].items()]}

    def private_context(self, view, public):
        return {"call": self.side(view.get("my_call"))}

    def param(self, name, value):
        return self.side(value) if name == "side" else super().param(name, value)
'''
# Step 3: its own templates (laid over pbem's common ones) and catalogs, EN and RU.
STATUS = '''{{ title }}, {{ _("report.entry", n=entry) }}
{{ _("coin.status", coin=s.coin) }}
{% include "common/_awaited.txt.j2" %}

{{ s.rows|table("ll", header=[_("coin.col_seat"), _("coin.col_called")]) }}
{% include "common/_events.txt.j2" %}
'''
PRIVATE = '''{{ _("private.title", seat=seat_name) }}
{{ _("coin.your_call", call=p.call) }}
'''
CATALOGS = {
    "en": '''
title: Coin toss
seat: {red: Red, blue: Blue}
side: {heads: heads, tails: tails}
phase: {call: calls}
kind: {call: "call heads or tails"}
kind_short: {call: call}
coin:
  status: "The coin: {coin}"
  in_the_air: still in the air
  col_seat: Seat
  col_called: Called
  your_call: "Your call: {call}"
log: {tossed: "The coin fell {side}"}
refusal: {not_a_call: "«{text}» is not a call: CALL heads or CALL tails"}
''',
    "ru": '''
title: Орёл или решка
seat: {red: Красные, blue: Синие}
side: {heads: орёл, tails: решка}
phase: {call: ставки}
kind: {call: "назовите орла или решку"}
kind_short: {call: ставка}
coin:
  status: "Монета: {coin}"
  in_the_air: ещё в воздухе
  col_seat: Место
  col_called: Ставка сделана
  your_call: "Ваша ставка: {call}"
log: {tossed: "Выпала сторона: {side}"}
refusal: {not_a_call: "«{text}» — не ставка: CALL heads или CALL tails"}
''',
}


def write_game(where: Path) -> None:
    """The game's folder (steps 1-4 of the checklist) and its registration (step 6: what
    pip leaves for an entry point in pyproject.toml)."""
    pkg = where / "cointoss"
    (pkg / "templates" / "i18n").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from cointoss.rules import CoinToss\n\nRULES = CoinToss()\n")
    (pkg / "rules.py").write_text(textwrap.dedent(RULES))
    (pkg / "presenter.py").write_text(textwrap.dedent(PRESENTER))
    (pkg / "templates" / "status.txt.j2").write_text(STATUS)
    (pkg / "templates" / "private.txt.j2").write_text(PRIVATE)
    for lang, text in CATALOGS.items():
        (pkg / "templates" / "i18n" / f"{lang}.yaml").write_text(text, encoding="utf-8")
    info = where / "cointoss-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cointoss\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text('[pbem.games]\ncoin-toss = cointoss:RULES\n')


@pytest.fixture
def coin_toss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    write_game(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    registry.installed.cache_clear()
    yield registry.get("coin-toss")
    registry.installed.cache_clear()
    for name in [m for m in sys.modules if m == "cointoss" or m.startswith("cointoss.")]:
        del sys.modules[name]


def bodies(home: Path, to: str) -> list[tuple[str, str]]:
    from pbem.demo import sent_mails
    return [(str(m["Subject"]), m.get_body(("plain",)).get_content())
            for m in sent_mails(home) if to in str(m["To"])]


def test_a_new_game_from_its_own_folder(coin_toss, home: Path) -> None:
    from pbem.daemon import Daemon
    from pbem.demo import drop, make_game, make_home, player_mail, send_welcome
    assert "coin-toss" in registry.installed() and "testgame" in registry.installed()
    make_home(home)
    game = make_game(home, "coin-1", {"red": "rosa@example.org", "blue": "boris@example.org"},
                     rules="coin-toss", langs={"red": "en", "blue": "ru"})
    send_welcome(home, "coin-1")
    Daemon(home).run_once()
    red, blue = bodies(home, "rosa@"), bodies(home, "boris@")
    assert red and blue
    welcome_en, welcome_ru = red[0][1], blue[0][1]
    assert "The coin: still in the air" in welcome_en and "Your call: still in the air" \
        in welcome_en and "call heads or tails" in welcome_en
    assert "Монета: ещё в воздухе" in welcome_ru and "Ваша ставка: ещё в воздухе" in welcome_ru \
        and "назовите орла или решку" in welcome_ru and "Синие" in welcome_ru

    tag = {s: f"[coin-1 {s} {game.server['tokens'][s]}]" for s in game.seats}
    drop(home, "rosa", player_mail("rosa@example.org", f"Re: {tag['red']}", "CALL tails\n",
                                   "<rosa-1@example.org>"))
    drop(home, "boris", player_mail("boris@example.org", f"Re: {tag['blue']}", "CALL edge\n",
                                    "<boris-1@example.org>"))
    Daemon(home).run_once()
    refused = bodies(home, "boris@")[len(blue):]
    assert any("«CALL edge» — не ставка: CALL heads или CALL tails" in b for _, b in refused)
    drop(home, "boris2", player_mail("boris@example.org", f"Re: {tag['blue']}", "CALL heads\n",
                                     "<boris-2@example.org>"))
    Daemon(home).run_once()
    texts_en = "\n".join(b for _, b in bodies(home, "rosa@"))
    texts_ru = "\n".join(b for _, b in bodies(home, "boris@"))
    assert re.search(r"The coin fell (heads|tails)", texts_en)
    assert re.search(r"Выпала сторона: (орёл|решка)", texts_ru)
    assert re.search(r"The coin: (heads|tails)", texts_en)
    assert re.search(r"Монета: (орёл|решка)", texts_ru)

