"""A receipt's subject counts what its body says, in the body's words (issue 10: the subject
said "1 not understood" where the body said "rejected"), in English and in Russian."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.daemon import Daemon
from pbem.demo import drop, make_game, make_home, player_mail, sent_mails
from pbem.store import Store

BODY = "COMMIT 999\nCOMMIT 7\nPRESS TO moon\nhello\nENDPRESS\n"
#: (subject word, how the body shows one of them) per language.
WORDS = {"en": [("rejected", "-> rejected:"), ("skipped", "-> skipped:"),
                ("not understood", None)],
         "ru": [("отклонено", "-> отклонён:"), ("пропущено", "-> пропущен:"),
                ("не понято", None)]}
PROBLEMS = {"en": "Lines not understood", "ru": "Непонятые строки"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_subject_counts_the_bodys_statuses(tmp_path: Path, monkeypatch, lang: str):
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    home = make_home(tmp_path / "home")
    make_game(home, "fx-001", {"north": "a@example.org", "east": "b@example.org"}, seed="s1",
              tokens={"north": "tk7f3q", "east": "tb9x2m"})
    with Store(home).transaction("fx-001") as game:
        game.seats["north"]["lang"] = lang
    drop(home, "a", player_mail("a@example.org", "[fx-001 north tk7f3q]", BODY, "<a1@x>"))
    Daemon(home).run_once()
    receipt = next(m for m in sent_mails(home) if "<a1@x>" in str(m["In-Reply-To"]))
    subject, body = str(receipt["Subject"]), receipt.get_body(("plain",)).get_content()
    problems = body.split(PROBLEMS[lang])[1] if PROBLEMS[lang] in body else ""
    counts = {"rejected": body.count(WORDS[lang][0][1]),
              "skipped": body.count(WORDS[lang][1][1]),
              "problems": len(re.findall(r"^  (?:line|строка) \d+", problems, re.M))}
    assert counts == {"rejected": 1, "skipped": 1, "problems": 1}, body
    for (word, _), n in zip(WORDS[lang], counts.values()):
        shown = f"{n} {word}" if lang == "en" else f"{word} {n}"
        assert shown in subject, subject
