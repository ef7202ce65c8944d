"""Virtù by mail (Maildir transport): every mail that shows the game says, in the reader's
language, that it runs on provisional component data (§15), receipts and prompts included;
HELP ORDERS answers from games/virtu/data/orders.yaml."""
from __future__ import annotations

import io
import itertools
from email.message import EmailMessage
from pathlib import Path

import pytest
from PIL import Image

from pbem import orders_reference
from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from test_virtu_reports import _static
from virtu_helpers import RULES

SEATS = ("red", "yellow", "green")
EN = "This game runs on provisional component data"
RU = "Партия идет на предварительных данных"
_count = itertools.count()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 3-player Virtù game; Yellow reads Russian."""
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    path = make_home(tmp_path / "h")
    make_game(path, "vi-1", {s: f"{s}@example.org" for s in SEATS}, seed="mail",
              tokens={s: f"tok{s}" for s in SEATS}, rules="virtu", langs={"yellow": "ru"})
    return path


def sent(home: Path, seat: str, body: str) -> list[EmailMessage]:
    """Every mail the judge sends after `seat`'s mail."""
    before = len(sent_mails(home))
    drop(home, "m", player_mail(f"{seat}@example.org", f"Re: [vi-1 {seat} tok{seat}]", body,
                                f"<v{next(_count)}@x>"))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def mails(home: Path, seat: str, body: str) -> list[str]:
    """The plain texts of every mail the judge sends after `seat`'s mail, by recipient."""
    return [f"To: {m['To']}\n" + m.get_body(("plain",)).get_content()
            for m in sent(home, seat, body)]


def test_receipts_and_prompts_say_the_data_is_provisional(home: Path) -> None:
    """A receipt of a refused order (no status report in it) and the prompts that follow
    sealed orders carry the line, English for Red, Russian for Yellow."""
    refused = mails(home, "red", "FAMILY nowhere\n")
    assert len(refused) == 1 and EN in refused[0] and "Status" not in refused[0]
    texts = mails(home, "yellow", "FAMILY l1 r1 r2\n")
    assert RU in texts[0] and EN not in texts[0]
    for seat in ("red", "green"):
        texts = mails(home, seat, "FAMILY l1 r1 r2\n")
    assert texts and all((RU if "yellow@" in t else EN) in t for t in texts)


def test_every_verb_the_game_offers_is_in_the_order_reference() -> None:
    ref = orders_reference.load(RULES)
    verbs, _ = _static()
    assert verbs <= set(orders_reference.verbs(ref)), verbs - set(orders_reference.verbs(ref))


def test_help_orders_by_mail_in_english_and_russian(home: Path) -> None:
    english = " ".join(mails(home, "red", "HELP ORDERS\n")[0].split())
    assert "ANNEX <city>" in english and "STANDING shaded DEFAULT" in english
    russian = " ".join(mails(home, "yellow", "HELP ANNEX\n")[0].split())
    assert "ANNEX <city>" in russian and "Короны сверх его стойкости" in russian


def test_the_family_prompt_shows_the_rule_and_help_family_lists_every_placement(
        home: Path) -> None:
    """The ~200 placements of the Family cards are not listed in the prompt: it names the
    cards in order with their actions, the rule and one example; HELP FAMILY lists them."""
    refused = mails(home, "red", "FAMILY nowhere\n")[0]
    flat = " ".join(refused.split())
    assert "Lorenzo de' Medici (Patronage)" in flat and "(no action)" in flat
    assert "HELP FAMILY lists them all" in flat and "room1 room2 r2," not in flat
    listed = mails(home, "red", "HELP FAMILY\n")[0]
    assert "Your legal FAMILY orders now" in listed
    assert "FAMILY room1 room2 r2;" in listed and "FAMILY r2 r1 room1" not in listed
    russian = " ".join(mails(home, "yellow", "FAMILY nowhere\n")[0].split())
    assert "(без действия)" in russian and "все — по HELP FAMILY" in russian
    assert "Ваши допустимые сейчас приказы FAMILY" in mails(home, "yellow", "HELP FAMILY\n")[0]


def test_a_whole_year_by_mail_three_players_one_in_russian(home: Path) -> None:
    """Year 1 played by mail, each order chosen by the heuristic bot and written as a player
    writes it: every mail gets its receipt (no internal error, e.g. the end-of-Spring phase
    had no name), the Year ends, and the Russian player reads names in Russian."""
    import random
    from games.virtu.bots import BOTS
    from pbem.store import Store
    bot, rng, sent = BOTS["heuristic"], random.Random(1), 0
    russian: list[str] = []
    while (game := Store(home).load("vi-1")).state["year"] == 1 and sent < 120:
        decision = game.decisions()[0]
        text = game.rules.order_text(bot.choose(game.rules, game.state, decision, rng))
        got = mails(home, decision.seat, text + "\n")
        sent += 1
        mine = [m for m in got if m.startswith(f"To: {decision.seat}@")]
        assert mine, (sent, text)                                  # the receipt came
        russian += [m for m in got if m.startswith("To: yellow@")]
    assert Store(home).load("vi-1").state["year"] == 2
    seasons = " ".join(" ".join(russian).split())
    assert "конец Весны (осады)" in seasons or "Зима" in seasons
    bad = [m for m in russian if "Asked of you now" in m or "3 florins" in m or "Ajaccio" in m]
    assert not bad, bad[0]


# ------------------------------------------------------------------ a Spring and a Winter
# Red in English and Yellow in Russian: the sealed Family placement, a whole Spring round
# (each family places its marker in a Patronage Room, pays with its Room card's Crowns and
# a courtier's florins and takes step 1, §5.1–5.2) and a Winter (a Troop hired, every other
# step closed with DONE, §7), then the new Year: receipts, the next player's prompt in its
# language, and the phase reports with the map picture attached in the reader's language.


def to(got: list, seat: str) -> list:
    return [m for m in got if str(m["To"]) == f"{seat}@example.org"]


def text(mail) -> str:
    return " ".join(mail.get_body(("plain",)).get_content().split())


def picture(mail) -> tuple[str, Image.Image, int]:
    (part,) = list(mail.iter_attachments())
    data = part.get_payload(decode=True)
    return part.get_filename(), Image.open(io.BytesIO(data)), len(data)


def test_a_spring_round_and_a_winter_by_mail_in_english_and_russian(home: Path):
    sent(home, "red", "FAMILY room1 l1 r1\n")     # Lorenzo in the Patronage Room
    sent(home, "green", "FAMILY l1 r1 r2\n")
    got = sent(home, "yellow", "FAMILY l1 r1 room5\n")    # Federico likewise
    spring = to(got, "green")[0]                               # first in the drawn order
    name, image, size = picture(spring)
    assert name == "vi-1-1-spring.png" and size < 120_000 and image.height > image.width
    flat = text(spring)
    assert "New phase: Year 1: Spring" in flat and "Awaited Green (Doges): action marker" in flat
    assert "This game runs on provisional component data" in flat
    assert "1 Patronage, Lorenzo de' Medici [2 Crowns]" in flat
    ru = text(to(got, "yellow")[0])
    assert "Новая фаза: Год 1: Весна" in ru and "5 Меценатство, Федерико III да Монтефельтро" in ru
    assert picture(to(got, "yellow")[0])[0] == name

    got = sent(home, "green", "PLACE 5\nUSE l1:florin\nUSE r1:crown\nPATRON\nDONE\n")
    receipt = text(to(got, "green")[0])
    assert receipt.count("-> applied") == 5
    assert "Green (Doges) uses courtier space r1: 2 Crowns" in receipt
    assert "Green (Doges) reaches Patronage step 1" in receipt
    asked = text(to(got, "red")[0])
    assert "Asked of you now move your action marker" in asked and "PLACE <room 1-5>" in asked
    got = sent(home, "red", "PLACE 1\nUSE l1:florin\nUSE card:crown\nPATRON\nDONE\n")
    asked = text(to(got, "yellow")[0])                         # Yellow's turn, in Russian
    assert "Красный (Медичи) использует: карточка Комнаты (Короны: 2)" in asked
    assert "Красный (Медичи) достигает шага Покровительства 1" in asked
    assert "Вас спрашивают сейчас передвиньте фишку Действия" in asked
    got = sent(home, "yellow", "PLACE 5\nUSE r1:florin\nUSE card:crown\nPATRON\nDONE\n")
    receipt = text(next(m for m in to(got, "yellow") if "квитанция" in str(m["Subject"])))
    assert receipt.count("-> применён") == 5
    assert "порядок хода: Зеленый (Дожи), Красный (Медичи), Желтый (Арагон)" in receipt
    winter = next(m for m in to(got, "red") if "Winter" in str(m["Subject"]))
    assert picture(winter)[0] == "vi-1-1-winter.png"
    flat = text(winter)
    assert "Year 1: Winter" in flat and "Green (Doges) 2 2 2 0/2 1 5" in flat

    got = sent(home, "green", "DONE\nDONE\nHIRE venice\nDONE\nDONE\n")
    assert "Green (Doges) hires a Troop in Venice" in text(to(got, "green")[0])
    asked = text(to(got, "red")[0])
    assert "Winter: palace reorganisation, then DONE" in asked and "SHIFT <from>-<to>" in asked
    sent(home, "red", "DONE\nDONE\nDONE\nDONE\n")
    got = sent(home, "yellow", "DONE\nDONE\nDONE\nDONE\n")
    new_year = next(m for m in to(got, "yellow") if "Год 2" in str(m["Subject"]))
    name, image, size = picture(new_year)
    assert name == "vi-1-2-spring.png" and size < 120_000
    flat = text(new_year)
    assert "Новая фаза: Год 2: Весна" in flat and "Войска" in flat
    english = next(m for m in to(got, "red") if "Year 2" in str(m["Subject"]))
    assert "Green (Doges) 1 2 3 0/2 1 5" in text(english)          # the wage paid, 3 Troops
    assert picture(english)[2] != size                             # drawn in each language
