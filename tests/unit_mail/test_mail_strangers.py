"""No one can make the judge spam a player or a stranger, and forged senders get nowhere
(issue 14): owner-warning digests, caps on replies to unregistered senders, no reply on a
failed SPF/DKIM/DMARC, one refusal for any wrong tag, ``require_authenticated_sender``,
the moderators' ``CONFIRM <code>``, the rate-limit notice and the auto-responder cut-off.
Over the Maildir transport."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.config import DEFAULT_CONFIG, ConfigError, parse_config
from pbem.demo import drop, make_game, make_home, player_mail
from pbem.mail.authres import parse as parse_authres
from pbem.mail.loops import RateLimiter
from pbem.store import Store
from tests.unit_mail.test_mail_processor import run, text, to

TOKENS = {"north": "tk7f3q", "east": "tb9x2m", "moderator:gm@example.org": "tgm4k8"}
SEATS = {"north": "alice@example.org", "east": "bob@example.org"}

N = "[fx-001 north tk7f3q]"
GM = "[fx-001 moderator tgm4k8]"
MX = "mx.judge.example"


def orders(home: Path) -> list[tuple[str, str]]:
    return [(e.by, e.order) for e in Store(home).load("fx-001").record.entries]


def home_with(tmp_path: Path, extra: str = "", **game: object) -> Path:
    home = make_home(tmp_path / "home", DEFAULT_CONFIG + extra)
    make_game(home, "fx-001", SEATS, seed="s1", tokens=TOKENS, moderators=["gm@example.org"],
              **game)  # type: ignore[arg-type]
    return home


def authres(result: str, server: str = MX) -> str:
    return f"Authentication-Results: {server}; {result}\r\n"


def test_owner_warnings_are_one_digest_per_seat_an_hour(tmp_path: Path, monkeypatch) -> None:
    home = home_with(tmp_path)
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:00:00Z")
    for i in range(6):
        drop(home, f"f{i}", player_mail(f"forger{i}@evil.example", N, "COMMIT 7\n",
                                        f"<forged-{i}@x>"))
    first = to(run(home), "alice@example.org")
    assert len(first) == 1 and "refused 1 mail(s)" in str(first[0]["Subject"])
    assert "forger0@evil.example" in text(first[0])
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T12:30:00Z")
    assert to(run(home), "alice@example.org") == []          # the hour is not over
    monkeypatch.setenv("PBEM_NOW", "2026-11-21T13:00:30Z")
    digest = to(run(home), "alice@example.org")              # the duties pass sends it
    assert len(digest) == 1 and "refused 5 mail(s)" in str(digest[0]["Subject"])
    assert all(f"forger{i}@evil.example" in text(digest[0]) for i in range(1, 6))
    assert "tk7f3q" in str(digest[0]["Subject"]) and "tk7f3q" not in text(digest[0])
    assert to(run(home), "alice@example.org") == [] and orders(home) == []
    assert "owner_warnings" not in Store(home).load("fx-001").server or \
        not any(e["pending"] for e in Store(home).load("fx-001").server["owner_warnings"].values())


def test_replies_to_unregistered_senders_are_capped(tmp_path: Path) -> None:
    home = home_with(tmp_path, "limits: {stranger_replies_hour: 3}\n")
    for i in range(4):      # one stranger, four mails: one reply a day
        drop(home, f"m{i}", player_mail("mallory@evil.example", "hello", "PASS\n", f"<m{i}@x>"))
    assert len(to(run(home), "mallory@evil.example")) == 1
    for i in range(5):      # five more strangers: two more replies fill the hourly cap
        drop(home, f"s{i}", player_mail(f"s{i}@evil.example", "[nope north abc]", "PASS\n",
                                        f"<s{i}@x>"))
    assert len(run(home)) == 2
    for i in range(3):      # a registered player is not a stranger
        drop(home, f"a{i}", player_mail("alice@example.org", "hello", "PASS\n", f"<a{i}@x>"))
    assert len(to(run(home), "alice@example.org")) == 3


def test_no_reply_where_the_receiving_server_saw_spf_dkim_or_dmarc_fail(tmp_path: Path) -> None:
    home = home_with(tmp_path, f"trusted_authserv_id: {MX}\n")
    failed = authres("spf=fail smtp.mailfrom=example.org; dkim=none; "
                     "dmarc=fail (p=reject) header.from=example.org")
    drop(home, "f", player_mail("carol@example.org", "[fx-001 north wrong1]", "PASS\n",
                                "<f@x>", extra=failed))
    drop(home, "d", player_mail("dave@example.org", "hi", "PASS\n", "<d@x>",
                                extra=authres("dkim=fail header.d=example.org")))
    forged = authres("spf=fail smtp.mailfrom=example.org", server="mx.other.example")
    drop(home, "o", player_mail("erin@example.org", "hi", "PASS\n", "<o@x>", extra=forged))
    mails = run(home)
    assert [str(m["To"]) for m in mails] == ["erin@example.org"]   # an untrusted server: believed not
    assert parse_authres(f"{MX} 1; dkim=pass (good) header.d=a.example header.s=s1") == (
        MX, parse_authres(f"{MX}; dkim=pass header.d=a.example header.s=s1")[1])


def test_any_wrong_tag_gets_the_same_refusal(tmp_path: Path) -> None:
    home = home_with(tmp_path)
    tags = {"game": "[fx-999 north tk7f3q]", "seat": "[fx-001 south tk7f3q]",
            "token": "[fx-001 north tb9x2m]", "sender": N}
    for part, tag in tags.items():
        drop(home, part, player_mail(f"{part}@evil.example", tag, "PASS\n", f"<{part}@x>"))
    mails = run(home)
    bodies = {}
    for part in tags:
        (msg,) = to(mails, f"{part}@evil.example")
        bodies[part] = re.sub(r"\S+@evil\.example|<\S+@x>", "X", text(msg))
    assert len(set(bodies.values())) == 1, bodies
    body = bodies["game"]
    assert "not valid for X" in body and "недействительна" in body
    assert "east" not in body and "north" not in body and "fx-001" not in body


def test_require_authenticated_sender(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="trusted_authserv_id"):
        parse_config(DEFAULT_CONFIG + "require_authenticated_sender: true\n", tmp_path)
    home = home_with(tmp_path, f"trusted_authserv_id: {MX}\nrequire_authenticated_sender: true\n")
    good = authres("spf=pass smtp.mailfrom=example.org; dkim=pass header.d=example.org")
    drop(home, "none", player_mail("alice@example.org", N, "COMMIT 7\n", "<none@x>"))
    drop(home, "low", player_mail("alice@example.org", N, "COMMIT 7\n", "<low@x>",
                                  extra=authres("dkim=fail header.d=example.org") + good))
    drop(home, "gm", player_mail("gm@example.org", GM, "AS north COMMIT 7\n", "<gm@x>",
                                 extra=authres("dmarc=pass header.from=other.example")))
    run(home)
    assert orders(home) == []           # no header, a forged one below, another domain
    drop(home, "ok", player_mail("alice@example.org", N, "COMMIT 7\n", "<ok@x>", extra=good))
    receipt = to(run(home), "alice@example.org")
    assert orders(home) == [("north", "COMMIT 7")] and "1 applied" in str(receipt[0]["Subject"])


def test_moderator_commands_wait_for_confirm_by_mail(tmp_path: Path) -> None:
    home = home_with(tmp_path, options={"moderator_confirm": True})
    drop(home, "g", player_mail("gm@example.org", GM, "AS north COMMIT 7\n", "<gm1@x>"))
    (ask,) = to(run(home), "gm@example.org")
    assert orders(home) == [] and str(ask["Subject"]) == f"{GM} CONFIRM"
    code = re.search(r"CONFIRM (\w{13})", text(ask)).group(1)  # type: ignore[union-attr]
    drop(home, "w", player_mail("gm@example.org", GM, "CONFIRM abcdefghjkmnp\n", "<gm2@x>"))
    assert "no moderator commands wait for CONFIRM" in text(to(run(home), "gm@example.org")[0])
    drop(home, "s", player_mail("gm@example.org", GM, "STATUS\n", "<gm3@x>"))
    assert "Status of fx-001" in text(to(run(home), "gm@example.org")[0])    # no command
    drop(home, "c", player_mail("gm@example.org", GM, f"confirm {code.upper()}\n", "<gm4@x>"))
    receipt = text(to(run(home), "gm@example.org")[0])
    assert orders(home) == [("moderator:gm@example.org", "COMMIT 7")]
    assert "commands of your mail <gm1@x> were run" in receipt
    drop(home, "again", player_mail("gm@example.org", GM, f"CONFIRM {code}\n", "<gm5@x>"))
    run(home)
    assert len(orders(home)) == 1                  # a code runs its mail once


def test_the_rate_limit_notice_says_until_when(tmp_path: Path) -> None:
    home = home_with(tmp_path, "limits: {replies_per_sender_hour: 2}\n")
    for i in range(4):
        drop(home, f"a{i}", player_mail("alice@example.org", N, "STATUS\n", f"<r{i}@x>"))
    receipts = to(run(home), "alice@example.org")
    assert len(receipts) == 3
    assert re.search(r"held back until \d{4}-\d\d-\d\d \d\d:\d\d UTC", text(receipts[2]))


def test_an_auto_responder_over_the_limit_again_and_again_is_cut_off_for_a_day(
        tmp_path: Path) -> None:
    rate = RateLimiter(tmp_path / "rate.json", limit=1, rounds=3)
    hour = 3600.0
    verdicts = [rate.allow("bot@x", t) for t in (0, 1, hour + 2, hour + 3, 2 * hour + 4,
                                                 2 * hour + 5)]
    assert verdicts == ["ok", "notice", "ok", "notice", "ok", "notice"]
    assert rate.until("bot@x") == 2 * hour + 5 + 86400
    rate.save(now=2 * hour + 6)
    again = RateLimiter(tmp_path / "rate.json", limit=1, rounds=3)
    assert again.allow("bot@x", 5 * hour) == "silent"            # not resumed hourly
    assert again.allow("bot@x", 2 * hour + 6 + 86400) == "ok"


def test_a_sender_over_the_limit_is_told_until_when_in_both_languages(tmp_path: Path) -> None:
    home = home_with(tmp_path, "limits: {replies_per_sender_hour: 1}\n")
    for i in range(3):
        drop(home, f"n{i}", player_mail("alice@example.org", "hello", "PASS\n", f"<n{i}@x>"))
    notices = to(run(home), "alice@example.org")
    assert len(notices) == 2
    paused = text(notices[1])
    assert re.search(r"paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Your orders still apply",
                     paused)
    assert "приостановлены до" in paused and "no tag" in paused
