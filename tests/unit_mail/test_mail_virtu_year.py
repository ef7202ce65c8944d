"""Virtù by mail (Maildir transport), Red in English and Yellow in Russian: the sealed Family
placement, a whole Spring round (each family places its marker in a Patronage Room, pays
with its Room card's Crowns and a courtier's florins and takes step 1, §5.1–5.2) and a Winter
(a Troop hired, every other step closed with DONE, §7), then the new Year: receipts, the
prompts of the next player in its language, and the phase reports with the map picture
attached in the reader's language, its palace panel and sea routes drawn."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

import test_mail_done as done
from pbem.demo import make_game, make_home

SEATS = ("red", "yellow", "green")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    path = make_home(tmp_path / "h")
    make_game(path, "vi-1", {s: f"{s}@example.org" for s in SEATS}, seed="mail",
              tokens={s: f"tok{s}" for s in SEATS}, rules="virtu", langs={"yellow": "ru"})
    return path


def send(home: Path, seat: str, body: str, mid: str) -> list:
    return done.send(home, seat, body, mid, game="vi-1")


def to(mails: list, seat: str) -> list:
    return [m for m in mails if str(m["To"]) == f"{seat}@example.org"]


def text(mail) -> str:
    return " ".join(mail.get_body(("plain",)).get_content().split())


def picture(mail) -> tuple[str, Image.Image, int]:
    (part,) = list(mail.iter_attachments())
    data = part.get_payload(decode=True)
    return part.get_filename(), Image.open(io.BytesIO(data)), len(data)


def test_a_spring_round_and_a_winter_by_mail_in_english_and_russian(home: Path):
    send(home, "red", "FAMILY room1 l1 r1\n", "f1")           # Lorenzo in the Patronage Room
    send(home, "green", "FAMILY l1 r1 r2\n", "f2")
    mails = send(home, "yellow", "FAMILY l1 r1 room5\n", "f3")  # Federico likewise
    spring = to(mails, "green")[0]                               # first in the drawn order
    name, image, size = picture(spring)
    assert name == "vi-1-1-spring.png" and size < 120_000 and image.height > image.width
    flat = text(spring)
    assert "New phase: Year 1: Spring" in flat and "Awaited Green (Doges): action marker" in flat
    assert "This game runs on provisional component data" in flat
    assert "1 Patronage, Lorenzo de' Medici [2 Crowns]" in flat
    ru = text(to(mails, "yellow")[0])
    assert "Новая фаза: Год 1: Весна" in ru and "5 Меценатство, Федерико III да Монтефельтро" in ru
    assert picture(to(mails, "yellow")[0])[0] == name

    mails = send(home, "green", "PLACE 5\nUSE l1:florin\nUSE r1:crown\nPATRON\nDONE\n", "s1")
    receipt = text(to(mails, "green")[0])
    assert receipt.count("-> applied") == 5
    assert "Green (Doges) uses courtier space r1: 2 Crowns" in receipt
    assert "Green (Doges) reaches Patronage step 1" in receipt
    asked = text(to(mails, "red")[0])
    assert "Asked of you now move your action marker" in asked and "PLACE <room 1-5>" in asked
    mails = send(home, "red", "PLACE 1\nUSE l1:florin\nUSE card:crown\nPATRON\nDONE\n", "s2")
    asked = text(to(mails, "yellow")[0])                         # Yellow's turn, in Russian
    assert "Красный (Медичи) использует: карточка Комнаты (Короны: 2)" in asked
    assert "Красный (Медичи) достигает шага Покровительства 1" in asked
    assert "Вас спрашивают сейчас передвиньте фишку Действия" in asked
    mails = send(home, "yellow", "PLACE 5\nUSE r1:florin\nUSE card:crown\nPATRON\nDONE\n", "s3")
    receipt = text(next(m for m in to(mails, "yellow") if "квитанция" in str(m["Subject"])))
    assert receipt.count("-> применён") == 5
    assert "порядок хода: Зеленый (Дожи), Красный (Медичи), Желтый (Арагон)" in receipt
    winter = next(m for m in to(mails, "red") if "Winter" in str(m["Subject"]))
    assert picture(winter)[0] == "vi-1-1-winter.png"
    flat = text(winter)
    assert "Year 1: Winter" in flat and "Green (Doges) 2 2 2 0/2 1 5" in flat

    mails = send(home, "green", "DONE\nDONE\nHIRE venice\nDONE\nDONE\n", "w1")
    assert "Green (Doges) hires a Troop in Venice" in text(to(mails, "green")[0])
    asked = text(to(mails, "red")[0])
    assert "Winter: palace reorganisation, then DONE" in asked and "SHIFT <from>-<to>" in asked
    send(home, "red", "DONE\nDONE\nDONE\nDONE\n", "w2")
    mails = send(home, "yellow", "DONE\nDONE\nDONE\nDONE\n", "w3")
    new_year = next(m for m in to(mails, "yellow") if "Год 2" in str(m["Subject"]))
    name, image, size = picture(new_year)
    assert name == "vi-1-2-spring.png" and size < 120_000
    flat = text(new_year)
    assert "Новая фаза: Год 2: Весна" in flat and "Войска" in flat
    english = next(m for m in to(mails, "red") if "Year 2" in str(m["Subject"]))
    assert "Green (Doges) 1 2 3 0/2 1 5" in text(english)          # the wage paid, 3 Troops
    assert picture(english)[2] != size                             # drawn in each language
