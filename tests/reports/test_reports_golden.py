"""Golden files of every report template, for fixed positions, in English and Russian.

Each mail a player can get is rendered for a fixed position of testgame and of Here I Stand
(`reportkit`) and compared with ``tests/reports/golden/<game>/<name>.<lang>.txt``.  After a
deliberate change (a template, a catalog string, a rule that changes the position), look at
the diff, then regenerate with::

    PBEM_UPDATE_GOLDEN=1 python -m pytest -q tests/reports/test_reports_golden.py

Every text line must fit 78 columns; HTML parts must hold no fact the text lacks.
"""
from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import reportkit

from pbem import reports
from pbem.mail import render
from pbem.reports import mails
from pbem.reports.i18n import t

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PBEM_UPDATE_GOLDEN") == "1"
LANGS = ("en", "ru")
TZ = {"en": None, "ru": "Europe/Moscow"}
NO_MAP = mails.Options(map_width=0, html=True, judge="judge@example.org")


def check(game: str, name: str, lang: str, text: str) -> None:
    for n, line in enumerate(text.splitlines(), 1):
        assert len(line) <= 78, f"{game}/{name}.{lang} line {n} is {len(line)} wide: {line!r}"
    path = GOLDEN / game / f"{name}.{lang}.txt"
    if UPDATE or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{path} did not exist; written now, check it and commit it")
        return
    expected = path.read_text(encoding="utf-8")
    assert text == expected, (f"{path} differs; if the change is meant, regenerate with "
                              "PBEM_UPDATE_GOLDEN=1 and review the diff")


def set_lang(game, lang: str) -> None:
    for seat, info in game.seats.items():
        info["lang"] = lang
        info.pop("tz", None)
        if TZ[lang]:
            info["tz"] = TZ[lang]


class _Text(HTMLParser):
    """The visible text of an HTML part (not the style sheet or the title)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.hidden += tag in ("style", "title")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "title")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_words(html: str) -> set[str]:
    parser = _Text()
    parser.feed(html)
    return set(re.findall(r"\w+", " ".join(parser.parts)))


@pytest.fixture(scope="module")
def duel():
    return reportkit.duel_position()


@pytest.fixture(scope="module")
def his():
    return reportkit.his_position()


def receipt_text(game, seat: str, lang: str) -> str:
    pres = reports.presenter(game, lang)
    last = game.record.entries[-1]
    return render.render(
        "receipt", lang=lang, rules=game.record.header.rules, game=game.id, seat=seat,
        message_id="<golden-1@example.org>", repeat=None,
        orders=[{"line": 1, "text": "PLAY Fantasy AT nowhere", "status": "rejected",
                 "message": "no such card", "hints": ["PLAY 7 AT east"], "seq": None}],
        commands=[{"line": 2, "text": "STATUS", "result": t(lang, "command.see_status")},
                  {"line": 3, "text": "LANGUAGE " + lang,
                   "result": t(lang, "command.language_set", seat=pres.seat(seat))}],
        problems=[{"line": 4, "text": "TIMEZONE Mars/Olympus",
                   "reason": t(lang, "problem.timezone"), "hints": ["TIMEZONE UTC"]}],
        effects=[t(lang, "receipt.answered", seq=last.seq, seat=pres.seat(last.seat))],
        sections=[{"title": t(lang, "command.history_title", n=3),
                   "body": reports.history_text(game, seat, 3, lang)}],
        asked=reports.asked_for(game, seat, lang, TZ[lang]),
        waiting=reports.waiting(game, seat, lang), outcome=reports.outcome_line(game, lang),
        judge="judge@example.org")


def texts(game, lang: str) -> dict[str, str]:
    """Every report of `game` in `lang`, by golden name."""
    set_lang(game, lang)
    asked = game.decisions()[0].seat
    other = next(s for s in game.seats if s != asked)
    out = {
        "status": reports.status_text(game, lang, TZ[lang]),
        "private": reports.private_text(game, asked, lang),
        "history": reports.history_text(game, other, 6, lang),
        "prompt": mails.compose(game, asked, reason=t(lang, "prompt.moved_on"),
                                events=mails.view_log(game, asked)[-2:],
                                options=NO_MAP).text,
        "report": mails.compose(game, other, reason=t(
                                    lang, "prompt.phase_report",
                                    title=reports.presenter(game, lang).phase_title(
                                        game.view(None))),
                                with_status=True, with_hand=True, options=NO_MAP,
                                kind="report", subject="").text,
        "update": mails.compose(game, other, reason=t(lang, "prompt.moved_on"),
                                notes=[t(lang, "prompt.window_closed")],
                                events=mails.view_log(game, other)[-3:], options=NO_MAP,
                                kind="update").text,
        "reminder": mails.reminder(game, asked, game.deadline(game.decisions()[0]),
                                   NO_MAP).text,
        "receipt": receipt_text(game, asked, lang),
        "help": render.help_text(lang) + "\n",
        "notice": render.render("notice", lang=lang, game=game.id, seat=other,
                                text=t(lang, "moderator.hold", when="2026-11-25 18:00 UTC",
                                       seat=asked, decision="d-1"),
                                hints=["EXTEND ALL 24h"], about="<m-1@example.org>",
                                pre=False, judge="judge@example.org"),
    }
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_testgame_reports(duel, lang: str) -> None:
    for name, text in texts(duel, lang).items():
        check("testgame", name, lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_here_i_stand_reports(his, lang: str) -> None:
    for name, text in texts(his, lang).items():
        check("here-i-stand", name, lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_welcome_and_game_over(lang: str) -> None:
    game = reportkit.new_game("testgame", seed="golden-end", count=2, game_id="duel-8")
    set_lang(game, lang)
    welcome = mails.welcome(game, NO_MAP)
    check("testgame", "welcome", lang, welcome[0].text)
    while game.outcome() is None:
        reportkit.step(game)
    before = {s: set() for s in game.seats}
    drafts = mails.plan(game, before, {s: [] for s in game.seats}, skip=None, options=NO_MAP)
    assert [d.kind for d in drafts] == ["gameover", "gameover"]
    check("testgame", "gameover", lang, drafts[0].text)
    assert mails.plan(game, before, {}, skip=None, options=NO_MAP) == []   # only once


@pytest.mark.parametrize("lang", LANGS)
def test_html_holds_nothing_the_text_lacks(his, duel, lang: str) -> None:
    for game in (his, duel):
        set_lang(game, lang)
        seat = game.decisions()[0].seat
        draft = mails.compose(game, seat, reason="x", with_status=True, options=NO_MAP)
        assert draft.html is not None and "<table>" in draft.html
        missing = html_words(draft.html) - set(re.findall(r"\w+", draft.text))
        assert not missing, missing
