"""The summaries the judge keeps of every game (`pbem.store.Store.summary`): what a daemon
cycle asks of each game -- when its clocks next fire, what moderator duties it has due,
the addresses it knows, what retention may prune, its open timers (the stuck digest).

Every store the judge opens (`open_store`: the daemon, the CLI) computes them all when it
saves a game and writes them in the head of the game file, so a daemon that finds no index
beside a game (a home written elsewhere, or restored without its indexes) parses nothing.
A change to what a summary means must change its name here (or the head's version,
`pbem.store.HEAD`): heads and indexes written before are trusted while their game file is
unchanged.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pbem.store import Store


# Each summary's module is imported when a game is first parsed or saved: a run that finds
# every game's summaries in its index (a cron-driven ``pbem run --once``) imports none.
def next_clock_event(game: Any) -> Any:
    from pbem.mail.clocks import next_clock_event as compute
    return compute(game)


def due_summary(game: Any) -> Any:
    from pbem.mail.duties import due_summary as compute
    return compute(game)


def game_addresses(game: Any) -> Any:
    from pbem.mail.processor import game_addresses as compute
    return compute(game)


def retention_summary(game: Any) -> Any:
    from pbem.mail.retention import retention_summary as compute
    return compute(game)


def open_timer_rows(game: Any) -> Any:
    from pbem.moderation import open_timer_rows as compute
    return compute(game)


SUMMARIES: dict[str, Callable[[Any], Any]] = {
    "next_clock_event": next_clock_event,
    "duties": due_summary,
    "addresses": game_addresses,
    "retention": retention_summary,
    "open_timers": open_timer_rows,
}


def with_summaries(store: Store) -> Store:
    """`store`, computing the judge's summaries of every game it parses or saves."""
    for name, compute in SUMMARIES.items():
        store.register_summary(name, compute)
    return store


def open_store(home: Path | str) -> Store:
    """The store of the server home `home`, with the judge's summaries."""
    return with_summaries(Store(home))
