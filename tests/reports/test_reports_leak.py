"""No mail to seat A holds a card name, a card number or a sealed choice only seat B holds.

Ten games played to the end by default orders (seven of testgame with 2-4 seats, three of
Here I Stand ended after turn 2), seats reading English and Russian.  After every entry the
gateway's mails (`pbem.reports.mails.plan`: prompts, phase reports with HTML, updates, the
end-of-game summary) and the answers to STATUS, HAND and HISTORY are rendered for every
seat and searched for every other seat's secrets (`Rules.secrets`, widened to the card's
Russian name and its ``#<number>`` reference).  A name or number that public texts of the
moment also show (the status report; the public log, where a card played in the open and
later dealt again stays named; a debater called like a card) tells nothing and is
skipped.  One more testgame goes through the real
Maildir gateway with a Russian seat and STATUS/HAND/HISTORY in every mail.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import pytest
import reportkit

from pbem import reports
from pbem.reports import mails

NO_MAP = mails.Options(map_width=0, html=True)


def card_names(rules_name: str) -> dict[str, tuple[int, set[str]]]:
    """English card name -> (number, {English, Russian names})."""
    if rules_name == "testgame":
        from games.testgame.cards import deck
        return {c.name: (n, {c.name, c.name_ru} - {""}) for n, c in deck().items()}
    from games.here_i_stand import facts
    return {c.name_en: (n, {c.name_en, c.name_ru}) for n, c in facts.cards().items()}


def hidden(game: Any) -> dict[str, tuple[set[str], set[int]]]:
    """Per seat: the names (both languages) and card numbers only that seat may see."""
    names = card_names(game.record.header.rules)
    out = {}
    for seat, secret in game.rules.secrets(game.state).items():
        words, numbers = set(), set()
        for s in secret:
            number, both = names.get(s, (None, {s}))
            words |= both
            if number is not None:
                numbers.add(number)
        out[seat] = (words, numbers)
    return out


def summaries(game: Any, numbers: set[int]) -> set[str]:
    """The one-line summaries of cards, in both languages (Here I Stand has them)."""
    if game.record.header.rules != "here-i-stand":
        return set()
    out = set()
    for lang in ("en", "ru"):
        pres = reports.presenter(game, lang)
        out |= {flat(pres.card_summary(n)) for n in numbers}
    return out


def flat(text: str) -> str:
    """Whitespace folded, so a name wrapped over two lines is still found."""
    return " ".join(text.split())


def public_text(game: Any) -> str:
    """What every seat may read now: the public status report and the whole public log
    (a card played in the open and later dealt again is named in the log, rightly)."""
    parts = []
    for lang in ("en", "ru"):
        parts.append(reports.status_text(game, lang))
        parts += reports.events_for(game, mails.view_log(game, None), lang)
    return flat(" | ".join(parts))


def assert_no_leak(game: Any, seat: str, text: str, secrets: dict,
                   public: Callable[[], str] | str) -> None:
    """`public`: the public texts of the moment (or a function computing them, called only
    when a secret's name or number shows up at all)."""
    own_words, own_numbers = secrets.get(seat, (set(), set()))
    text = flat(text)
    scrubbed = text
    # the seat's own cards: their names, and their summaries (which may name other cards)
    own = set(own_words) | summaries(game, own_numbers)
    for word in sorted(own, key=len, reverse=True):
        scrubbed = scrubbed.replace(word, " ")
    for other, (words, numbers) in secrets.items():
        if other == seat:
            continue
        for word in words - own_words:
            if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", scrubbed):
                public = public() if callable(public) else public
                assert word in public, (game.id, seat, other, word, text)
        for number in numbers - own_numbers:
            if re.search(rf"#{number}(?!\d)", text):
                public = public() if callable(public) else public
                assert re.search(rf"#{number}(?!\d)", public), (game.id, seat, other,
                                                                 number, text)


class Lazy:
    """A value computed on first call, then remembered."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make, self.value = make, None

    def __call__(self) -> str:
        if self.value is None:
            self.value = self.make()
        return self.value


def drive(game: Any) -> int:
    """Play `game` to the end by defaults, checking every mail after every entry."""
    checked = 0
    while game.outcome() is None:
        before = {s: {d.id for d in game.decisions(s)} for s in game.seats}
        logs = {s: mails.view_log(game, s) for s in game.seats}
        entry = reportkit.step(game)
        drafts = mails.plan(game, before, logs, skip=entry.seat, options=NO_MAP)
        secrets = hidden(game)
        texts = [(d.seat, d.text + (d.html or "")) for d in drafts]
        for seat in game.seats:
            p = reports.prefs(game, seat)
            texts.append((seat, reports.history_text(game, seat, 30, p.lang)))
            if seat == entry.seat or game.record.last_seq % 7 == 0:
                texts.append((seat, reports.private_text(game, seat, p.lang)))
                texts.append((seat, "\n".join(
                    "\n".join(x["examples"]) + str(x["groups"])
                    for x in reports.asked_for(game, seat, p.lang, p.tz))))
        public = Lazy(lambda: public_text(game))
        for seat, text in texts:
            assert_no_leak(game, seat, text, secrets, public)
            checked += 1
    return checked


GAMES = [("testgame", f"leak-{n}", 2 + n % 3, {}) for n in range(7)] + \
        [("here-i-stand", f"leak-his-{n}", None, {"last_turn": 2}) for n in range(3)]


def test_ten_default_games_leak_nothing() -> None:
    total = 0
    for n, (rules_name, seed, count, options) in enumerate(GAMES):
        game = reportkit.new_game(rules_name, seed=seed, count=count, options=options,
                                  game_id=f"leak-{n}")
        for k, info in enumerate(game.seats.values()):
            info["lang"] = "ru" if (k + n) % 2 else "en"
            info["digest"] = k % 3 == 2
        total += drive(game)
        assert game.outcome() is not None
    assert total > 1000


def test_secrets_cover_both_languages_and_numbers() -> None:
    game = reportkit.duel_position()
    secrets = hidden(game)
    north_words, north_numbers = secrets["north"]
    assert north_numbers and any(not w.isascii() for w in north_words)
    card = next(iter(north_numbers))
    with pytest.raises(AssertionError):
        assert_no_leak(game, "east", f"see #{card} here", secrets, "")


def test_gateway_game_with_a_russian_seat_leaks_nothing(tmp_path: Path) -> None:
    from pbem.daemon import Daemon
    from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
    from pbem.store import Store
    home = make_home(tmp_path / "h")
    seats = {"north": "alice@example.org", "east": "bob@example.org",
             "south": "carol@example.org"}
    tokens = {"north": "tk7f3q", "east": "tb9x2m", "south": "ts5p8w"}
    make_game(home, "lk-001", seats, seed="leaky", tokens=tokens)
    drop(home, "lang", player_mail("bob@example.org", "[lk-001 east tb9x2m]",
                                   "LANGUAGE ru\nTIMEZONE Europe/Moscow\nDIGEST ON\n",
                                   "<lang@x>"))
    Daemon(home).run_once()
    assert Store(home).load("lk-001").seats["east"]["lang"] == "ru"
    for n in range(60):
        game = Store(home).load("lk-001")
        if game.outcome() is not None:
            break
        d = game.decisions()[0]
        order = game.rules.order_text(game.rules.default(game.state, d))
        drop(home, f"s{n}", player_mail(seats[d.seat], f"[lk-001 {d.seat} {tokens[d.seat]}]",
                                        f"{order}\nHAND\nSTATUS\nHISTORY 40\n", f"<s{n}@x>"))
        before = len(sent_mails(home))
        Daemon(home).run_once()
        game = Store(home).load("lk-001")
        secrets, public = hidden(game), Lazy(lambda: public_text(game))
        for msg in sent_mails(home)[before:]:
            seat = next(s for s, a in seats.items() if a in str(msg["To"]))
            body = msg.get_body(("plain",)).get_content()
            html = msg.get_body(("html",))
            assert_no_leak(game, seat, body + (html.get_content() if html else ""), secrets,
                           public)
            if seat == "east":
                assert "Ваши карты" in body or "Квитанция" not in body
    assert Store(home).load("lk-001").outcome() is not None
