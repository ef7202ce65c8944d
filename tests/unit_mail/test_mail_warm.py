"""What a warm judge keeps for the life of its process, and what it never loads (issue 13):
one presenter per game and language, the transports' libraries only when configured."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from pbem.reports.presenters import presenter_for
from pbem.reports.templating import wrap

REPO = Path(__file__).resolve().parents[2]


def test_one_presenter_per_game_and_language() -> None:
    english, russian = presenter_for("testgame", "en"), presenter_for("testgame", "ru")
    assert presenter_for("testgame", "en") is english
    assert presenter_for("testgame", "RU") is russian
    assert (english.lang, russian.lang) == ("en", "ru")
    assert english.seat("north") != russian.seat("north")


def test_wrapping_remembered_gives_what_textwrap_gives() -> None:
    text = "  " + "word " * 40
    for _ in range(2):
        assert wrap(text, 30) == textwrap.fill(text, width=30, subsequent_indent="  ",
                                               break_on_hyphens=False, break_long_words=False)
        assert wrap(text, 30, indent="    ").splitlines()[1].startswith("    word")


def test_a_maildir_judge_loads_no_imap_or_smtp_library(mailhome: Path) -> None:
    """`pbem run --once` on a Maildir home (a cron judge's start-up is mostly imports)."""
    code = ("import sys\nfrom pbem.daemon import Daemon\n"
            f"Daemon({str(mailhome)!r}).run_once()\n"
            "print(sorted(m for m in ('imapclient', 'smtplib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "[]"


def test_a_run_with_nothing_to_do_loads_no_template_or_picture_library(mailhome: Path) -> None:
    """`pbem run --once` (the command line) when nothing is due: Jinja and PIL stay unloaded
    and no message catalog is read (a cron-driven judge over a thousand games is mostly its
    imports)."""
    from pbem.daemon import Daemon
    Daemon(mailhome).run_once()          # the first run mails the opening prompts
    code = ("import sys\nfrom pbem.cli import run\nrun(['--home', " + repr(str(mailhome)) +
            ", 'run', '--once'])\n"
            "from pbem.reports.i18n import common\n"
            "print(sorted(m for m in ('jinja2', 'PIL') if m in sys.modules),"
            " common.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip().splitlines()[-1] == "[] 0"


def test_a_judge_process_collects_garbage_less_often(mailhome: Path) -> None:
    """`pbem run` sets the collector's thresholds for a judge process (issue 13)."""
    from pbem.daemon import COLLECTOR_THRESHOLDS
    code = ("import gc\nfrom pbem.cli import run\nrun(['--home', " + repr(str(mailhome)) +
            ", 'run', '--once'])\nprint(gc.get_threshold())")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip().splitlines()[-1] == str(COLLECTOR_THRESHOLDS) != "(700, 10, 10)"


PIPELINE = ("pbem.mail.processor", "pbem.mail.turn", "pbem.mail.parse", "pbem.mail.compose",
            "pbem.mail.commands", "pbem.mail.moderator", "pbem.mail.outgoing", "pbem.moderation")


def test_a_run_with_nothing_to_do_loads_no_mail_pipeline(mailhome: Path) -> None:
    """`pbem run --once` with nothing due imports neither the pipeline that reads and
    answers mail nor what writes the clocks' and duties' mails (issue 13: the idle pass of
    a cron-driven judge over a thousand games is mostly imports); a mail in the inbox
    loads it."""
    from pbem.daemon import Daemon
    from pbem.demo import drop, player_mail
    Daemon(mailhome).run_once()
    code = ("import sys\nfrom pbem.cli import run\nrun(['--home', " + repr(str(mailhome)) +
            ", 'run', '--once'])\n"
            f"print(sorted(m for m in {PIPELINE!r} if m in sys.modules))")

    def loaded() -> str:
        return subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True,
                              capture_output=True, text=True).stdout.strip().splitlines()[-1]
    assert loaded() == "[]"
    drop(mailhome, "help", player_mail("alice@example.org", "help", "HELP\n", "<h@x>"))
    assert "pbem.mail.processor" in loaded()


def test_imap_marks_a_batch_processed_without_reading_the_flags_back(tmp_path: Path) -> None:
    """STORE +FLAGS.SILENT: the server sends no FETCH line per message of a batch."""
    from pbem.config import MailboxConfig
    from pbem.mail.imap import ImapInbox

    class Client:
        calls: list[tuple] = []

        def add_flags(self, uids, flags, silent=False):
            self.calls.append((sorted(uids), silent))

    inbox = ImapInbox(MailboxConfig(transport="imap"), tmp_path / "state.json")
    inbox.client, inbox.uidvalidity = Client(), 7
    inbox.mark_processed(["imap:7:2", "imap:7:1"])
    assert Client.calls == [([1, 2], True)]


def _receipt(**changes: object) -> dict[str, object]:
    """A receipt's context (`pbem.mail.turn.Turn.receipt`), with `changes`."""
    asked = {"prompt": "play a card at a seat, or pass", "deadline": "2026-11-30 11:57 UTC",
             "window": True, "examples": ["PASS"], "standing": ["STANDING x NEVER"],
             "standing_hint": [], "groups": [{"syntax": "PLAY <card> AT <seat>", "lines": [
                 {"lead": "East: ", "items": ["#4 Dusk Duelist (1)", "#23 Willow (6)"]}]}]}
    context: dict[str, object] = dict(
        lang="en", rules="testgame", game="b009", seat="north", message_id="<m@x>",
        repeat=None, sections=[{"title": "Status", "body": "  all well"}], effects=["#3 ok"],
        orders=[{"line": 1, "text": "COMMIT 4", "status": "rejected", "message": "no",
                 "hints": ["PASS"], "seq": None, "readings": ["4 as #4"]}],
        commands=[{"line": 2, "text": "ORDERS", "result": "see below"}],
        problems=[{"line": 3, "text": "FOO", "reason": "unknown", "hints": ["FOLD"]}],
        asked=[asked], held=[{"line": 4, "text": "PASS", "status": "held", "message": "",
                              "seq": None, "hints": []}],
        held_now=[{"line": 4, "text": "PASS"}], fired=["STANDING x answered"],
        waiting=["east"], outcome="", judge="judge@example.org", data_note="a note",
        reason="you are asked", reasons=["a paragraph"], summary="a summary")
    context.update(changes)
    return context


def test_partials_are_written_in_place_when_a_template_is_loaded() -> None:
    """Issue 13: a receipt renders five partials, and an include costs a new context and a
    template lookup per mail; they are written in place when the template is loaded (the
    template files keep their includes), and the text is what the includes give."""
    import jinja2

    from pbem.reports import templating
    env = templating.environment()
    assert "{% include" not in env.loader.get_source(env, "common/receipt.txt.j2")[0]
    assert "{% include" in templating.template_path("common/receipt.txt.j2").read_text()
    plain = env.overlay(cache_size=0, loader=jinja2.FunctionLoader(   # (no shared cache)
        lambda name: templating.template_path(name).read_text(encoding="utf-8")))
    contexts = [_receipt(), _receipt(lang="ru"), _receipt(
        orders=[], commands=[], problems=[], effects=[], sections=[], held=[], held_now=[],
        fired=[], data_note="", outcome="north wins"), _receipt(asked=[], outcome="")]
    for name in ("common/receipt.txt.j2", "common/prompt.txt.j2", "common/resend.txt.j2"):
        for context in contexts:
            assert env.get_template(name).render(**context) == \
                plain.get_template(name).render(**context)


def test_catalog_calls_skip_jinjas_generic_call(monkeypatch) -> None:
    """Issue 13: ``_()`` goes straight to the catalog (a receipt makes some fifteen such
    calls), with the ``lang`` and ``rules`` Jinja would give it, a loop's own first."""
    import jinja2.runtime

    from pbem.reports import templating
    from pbem.reports.i18n import t
    generic = jinja2.runtime.Context.call
    through: list[object] = []

    def counted(self, obj, *args, **kwargs):
        through.append(obj)
        return generic(self, obj, *args, **kwargs)
    monkeypatch.setattr(jinja2.runtime.Context, "call", counted)
    env = templating.environment()
    assert env.get_template("common/receipt.txt.j2").render(**_receipt())
    assert templating._gettext not in through
    plain = env.overlay(cache_size=0)
    plain.context_class = jinja2.runtime.Context
    source = ('{{ _("receipt.orders") }}|{% for lang in ["ru"] %}{{ _("receipt.orders") }}'
              '{% endfor %}|{% for x in [1] %}{% set lang = "ru" %}{{ _("receipt.orders") }}'
              '{% endfor %}|{{ _("receipt.line", n=3) }}')
    fast = env.from_string(source).render(lang="en", rules=None)
    assert fast == plain.from_string(source).render(lang="en", rules=None)
    assert fast.split("|")[2] == t("ru", "receipt.orders")       # a loop's own variable
