"""Reports through the Maildir gateway: seat settings by mail, digests, the map and HTML.
"""
from __future__ import annotations

from pathlib import Path

from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.store import Store

SEATS = {"north": "alice@example.org", "east": "bob@example.org", "south": "carol@example.org"}
TOKENS = {"north": "tk7f3q", "east": "tb9x2m", "south": "ts5p8w"}


def run(home: Path) -> list:
    before = len(sent_mails(home))
    Daemon(home).run_once()
    return sent_mails(home)[before:]


def to(mails: list, seat: str) -> list:
    return [m for m in mails if SEATS.get(seat, seat) in str(m["To"])]


def send(home: Path, seat: str, body: str, mid: str) -> list:
    drop(home, mid, player_mail(SEATS[seat], f"[g-1 {seat} {TOKENS[seat]}]", body, f"<{mid}@x>"))
    return run(home)


def test_settings_by_mail_and_one_mail_per_phase_with_digest(tmp_path: Path) -> None:
    home = make_home(tmp_path / "h")
    make_game(home, "g-1", SEATS, seed="digest", tokens=TOKENS)
    receipt = to(send(home, "east", "LANGUAGE ru\nTIMEZONE europe/moscow\nDIGEST ON\n", "set"),
                 "east")[0]
    body = receipt.get_body(("plain",)).get_content()
    assert str(receipt["Subject"]).endswith("квитанция: применено 0")
    assert "часовой пояс: Europe/Moscow" in body and "сводка включена" in body
    assert "MSK (" in body                              # the deadline in the seat's zone
    assert Store(home).load("g-1").seats["east"] == {
        "players": ["bob@example.org"], "lang": "ru", "tz": "Europe/Moscow", "digest": True}
    mails: list = []
    for n in range(40):                                 # play to the end by defaults
        game = Store(home).load("g-1")
        if game.outcome() is not None:
            break
        d = game.decisions()[0]
        mails += send(home, d.seat, game.rules.order_text(game.rules.default(game.state, d)),
                      f"m{n}")
    subjects = {s: [str(m["Subject"]).split("] ", 1)[1] for m in to(mails, s)]
                for s in SEATS}
    assert "update" in subjects["south"]                # one mail per event
    assert "новости" not in subjects["east"]            # digest: no event mails ...
    assert sum(s.startswith("Раунд") for s in subjects["east"]) >= 2   # ... phase reports
    assert subjects["east"].count("игра окончена") == 1
    assert sum(s == "game over" for s in subjects["north"]) == 1


def his_home(tmp_path: Path, game_id: str, seed: str) -> Path:
    """A Maildir home with a six-player Here I Stand game: seat <power> is played by
    <power>@example.org with token tok<power>."""
    home = make_home(tmp_path / "h")
    powers = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
    make_game(home, game_id, {p: f"{p}@example.org" for p in powers}, seed=seed,
              tokens={p: f"tok{p}" for p in powers}, rules="here-i-stand")
    return home


def test_status_by_mail_has_html_tables_and_map_on_request(tmp_path: Path) -> None:
    """STATUS answers with text and HTML tables; the map comes only with MAP (КАРТА), a
    palette PNG small enough to mail: the whole receipt stays under 120 kB."""
    home = his_home(tmp_path, "his-1", "map")
    drop(home, "s", player_mail("france@example.org", "[his-1 france tokfrance]",
                                "LANGUAGE ru\nSTATUS\n", "<s0@x>"))
    status_only = run(home)[-1]
    assert status_only.get_content_type() == "multipart/alternative"    # no attachment
    drop(home, "m", player_mail("france@example.org", "[his-1 france tokfrance]",
                                "STATUS\nHAND\nКАРТА\n", "<s@x>"))
    receipt = run(home)[-1]
    assert receipt.get_content_type() == "multipart/mixed"
    plain = receipt.get_body(("plain",)).get_content()
    html = receipt.get_body(("html",)).get_content()
    maps = [p for p in receipt.iter_attachments() if p.get_content_type() == "image/png"]
    assert len(maps) == 1 and maps[0].get_content()[:8] == b"\x89PNG\r\n\x1a\n"
    assert maps[0].get_filename() in plain              # the text says a map is attached
    assert "карта позиции во вложении" in plain
    assert "Состояние партии his-1" in plain and "Ключевые города под контролем" in plain
    assert "Ваши карты" in plain and "Покровитель искусств" in plain   # France's home card
    assert "<table>" in html and "Габсбурги" in html
    assert all(len(line) <= 78 for line in plain.splitlines())
    # the status carries the New World lines (§20) and the map its New World panel (~5 kB),
    # the sea line (piracy markers, ships lost until next turn) and the piracy badge (~1 kB)
    assert len(maps[0].get_content()) <= 80_000 and len(receipt.as_bytes()) <= 131_000


def test_map_off_takes_the_map_off_phase_reports_only(tmp_path: Path) -> None:
    """MAP OFF (КАРТА ВЫКЛ) by mail: that seat's phase reports come without the map, the
    others' with it; updates never carry one; MAP still sends it on request."""
    from pbem.reports.mails import _Map, compose
    home = his_home(tmp_path, "his-4", "mapoff")
    drop(home, "o", player_mail("france@example.org", "[his-4 france tokfrance]",
                                "КАРТА ВЫКЛ\n", "<o@x>"))
    plain = run(home)[-1].get_body(("plain",)).get_content()
    assert "map off: phase reports come without the map" in plain
    game = Store(home).load("his-4")
    assert game.seats["france"]["map"] is False
    png = _Map(game, 1600)
    report = {seat: compose(game, seat, reason="", with_status=True, png=png, kind="report")
              for seat in ("france", "england")}
    assert report["france"].attachments == [] and len(report["england"].attachments) == 1
    note = "The map of the position is attached"
    assert note not in report["france"].text and note in report["england"].text
    update = compose(game, "england", reason="", events=["x"], png=png, kind="update")
    assert update.attachments == []
    drop(home, "m", player_mail("france@example.org", "[his-4 france tokfrance]",
                                "MAP\n", "<m@x>"))
    assert len(list(run(home)[-1].iter_attachments())) == 1
    drop(home, "n", player_mail("france@example.org", "[his-4 france tokfrance]",
                                "MAP ON\n", "<n@x>"))
    run(home)
    assert Store(home).load("his-4").seats["france"]["map"] is True


def protestant_says(home: Path, game_id: str, body: str, mid: str) -> str:
    """The Protestant player's mail to `game_id` (a `his_home` game) handled: the text of
    the judge's answer."""
    drop(home, mid, player_mail("protestant@example.org",
                                f"[{game_id} protestant tokprotestant]", body, f"<{mid}@x>"))
    return run(home)[-1].get_body(("plain",)).get_content()


def test_refused_orders_are_explained_in_the_seats_language(tmp_path: Path) -> None:
    home = his_home(tmp_path, "his-2", "refuse")
    protestant_says(home, "his-2", "LANGUAGE ru\n", "l")
    plain = protestant_says(home, "his-2", "REFORM Атлантида\n", "o")
    assert "не найдено (город): «Атлантида»" in plain, plain
    plain = protestant_says(home, "his-2", "PASS\n", "p")
    assert "«PASS» не отвечает на этот вопрос" in plain and "REFORM" in plain, plain
    assert "does not answer" not in plain


def test_a_near_name_is_read_and_the_receipt_says_how(tmp_path: Path) -> None:
    """"Magdebrug" is one swap from Magdeburg and near nothing else: applied, and the
    receipt names what it was read as, in the reader's language."""
    home = his_home(tmp_path, "his-3", "near")
    plain = protestant_says(home, "his-3", "REFORM Magdebrug\n", "o")
    assert "names read as: Magdebrug → Magdeburg" in plain, plain
    assert Store(home).load("his-3").record.entries[-1].order == "REFORM magdeburg"
    protestant_says(home, "his-3", "LANGUAGE ru\n", "l")
    plain = protestant_says(home, "his-3", "REFORM leipzg\n", "r")
    assert "имена прочитаны так: leipzg → Лейпциг" in plain, plain
    plain = protestant_says(home, "his-3", "REFORM Виена\n", "v")
    assert "возможно, вы имели в виду: Вена; Сиена" in plain, plain     # names, not guessed


def test_hints_name_spaces_in_the_readers_language_and_never_list_every_target(
        tmp_path: Path) -> None:
    """The rules suggest ids (`brandenburg`); the mail names them, and shows a few with
    "N more" instead of every legal target."""
    home = his_home(tmp_path, "his-4", "near")
    for n, body in enumerate(("LANGUAGE ru\n", "REFORM Magdeburg\n", "REFORM Leipzig\n",
                              "REFORM Paris\n")):
        plain = protestant_says(home, "his-4", body, f"m{n}")
    hint = " ".join(plain.split("возможно, вы имели в виду:")[1].split("Вас спрашивают")[0]
                    .split())
    assert hint == "Бранденбург; Бреслау; Брауншвейг; Эрфурт; и ещё 3: см. допустимые " \
        "приказы в вопросе", plain
    assert "brandenburg" not in plain
