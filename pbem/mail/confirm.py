"""A second factor for a moderator's commands by mail (the game option
``moderator_confirm``, set with ``pbem new --option moderator_confirm=true``).

A moderator's mail with moderator commands or ``AS`` orders is not run: the judge keeps its
lines in the game file (``server["confirm"]``) under a fresh code and mails the moderator's
registered address, asking for a reply with the line ``CONFIRM <code>``
(``ПОДТВЕРДИТЬ <code>``) within 24 hours.  Only a mail that passes the moderator's tag check
again and names the code runs the kept lines, once.  A forged From carrying the moderator's
tag (visible in any subject line) thus only makes the judge ask the real moderator.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any

from engine.archive import parse_iso
from pbem.config import Config
from pbem.mail import render
from pbem.mail.commands import parse_body
from pbem.mail.compose import build
from pbem.mail.envelope import Mail
from pbem.mail.tags import format_tag, tokens_equal
from pbem.reports.i18n import t
from pbem.reports.mails import view_log
from pbem.store import new_token

OPTION = "moderator_confirm"
KEY = "confirm"
TTL = dt.timedelta(hours=24)
_LINE = re.compile(r"^\s*(?:CONFIRM|ПОДТВЕРДИТЬ)\s+([0-9A-Za-z]{4,20})\s*$", re.IGNORECASE)


def required(game: Any) -> bool:
    """Whether `game` asks its moderators to confirm their commands by mail."""
    return bool(game.record.header.options.get(OPTION))


def confirmed(cfg: Config, game: Any, mail: Mail, turn: Any, now: dt.datetime) -> bool:
    """Whether a moderator's `turn` (`pbem.mail.turn.Turn`) may run: the game does not ask
    for confirmation, the mail has nothing to confirm, or its ``CONFIRM <code>`` releases
    a kept mail (whose lines the turn then runs).  Otherwise the mail is kept and the
    moderator asked for the code, or the unknown code refused in the turn's receipt."""
    if not required(game):
        return True
    sender = mail.inbound.sender
    code = code_in(mail.lines)
    if code is not None:
        held = release(game, sender, code, now)
        if held is None:
            turn.problems.append({"line": 0, "text": f"CONFIRM {code}", "hints": [],
                                  "reason": t("en", "notice.confirm_unknown", code=code)})
            turn.receipt(view_log(game, None))
            mail.outcome = "moderator: unknown or expired CONFIRM code"
            return False
        mail.lines = held["lines"]
        turn.commands.append({"line": 0, "text": f"CONFIRM {code}", "result": t(
            "en", "notice.confirm_done", code=code, id=held["id"])})
        return True
    parsed = parse_body(mail.lines)
    if not (parsed.mod or parsed.orders):
        return True
    code = hold(game, sender, mail.inbound.message_id, mail.lines, now)
    body = render.render("notice", text=t("en", "notice.confirm", game=game.id, code=code),
                         hints=[], judge=cfg.judge_address, game=game.id, seat="moderator",
                         about=mail.inbound.message_id, pre=False)
    turn.out.mails.append(build(
        cfg, to=[sender], body=body, message_id=turn.receipt_id,
        subject=f"{format_tag(game.id, 'moderator', turn.token(None))} CONFIRM",
        in_reply_to=mail.inbound.message_id, references=mail.inbound.references, when=now))
    mail.outcome = "moderator: commands kept until CONFIRM"
    return False


def code_in(lines: list[tuple[int, str]]) -> str | None:
    """The code of the mail's ``CONFIRM <code>`` line, if it has one."""
    for _, line in lines:
        match = _LINE.match(line)
        if match:
            return match.group(1)
    return None


def hold(game: Any, sender: str, message_id: str, lines: list[tuple[int, str]],
         now: dt.datetime) -> str:
    """Keep a moderator's mail until confirmed; returns its code."""
    code = new_token()
    _prune(game, now)
    game.server.setdefault(KEY, {})[code] = {
        "by": sender, "id": message_id, "lines": [[no, text] for no, text in lines],
        "at": now.isoformat(timespec="seconds")}
    return code


def release(game: Any, sender: str, code: str, now: dt.datetime) -> dict[str, Any] | None:
    """The kept mail that `code` confirms, taken out of the game file (None: no such code
    from `sender`, or expired)."""
    _prune(game, now)
    table = game.server.get(KEY, {})
    for key in list(table):
        if tokens_equal(code, key) and table[key]["by"] == sender:
            held = table.pop(key)
            if not table:
                game.server.pop(KEY, None)
            return {**held, "lines": [(no, text) for no, text in held["lines"]]}
    return None


def _prune(game: Any, now: dt.datetime) -> None:
    table = game.server.get(KEY, {})
    for key in [k for k, v in table.items() if parse_iso(v["at"]) + TTL <= now]:
        del table[key]
    if KEY in game.server and not table:
        game.server.pop(KEY)
