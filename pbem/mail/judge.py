"""What the daemon's clocks and duties need of the judge (`pbem.mail.clocks.ClockRunner`,
`pbem.mail.duties.Duties`): its configuration, store, outbox and time, and a game
transaction whose mails commit with it.  The mail pipeline (`pbem.mail.processor.Processor`)
is one; the daemon is another, which loads the pipeline only when a cycle has a mail to read
or a game to write (a cron-driven ``pbem run --once`` with nothing due is mostly imports).
"""
from __future__ import annotations

import datetime as dt
from contextlib import AbstractContextManager
from email.message import EmailMessage
from typing import Any, Protocol

from pbem.config import Config
from pbem.mail.outbox import Outbox

#: beside game.yaml: committed mails may not be in the outbox yet (`Processor.mail_transaction`)
PENDING_MARK = "outbox-pending"


class Judge(Protocol):
    cfg: Config
    store: Any
    outbox: Outbox

    def now(self) -> dt.datetime:
        ...

    def mail_transaction(self, game_id: str
                         ) -> AbstractContextManager[tuple[Any, list[EmailMessage]]]:
        ...
