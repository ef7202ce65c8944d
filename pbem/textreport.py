"""Plain-text rendering of receipts and the game list for the CLI.

Mail goes through Jinja2 templates (`templates/`); the CLI shows the same facts compactly.
The status report is not here: ``pbem status`` prints the mails' own (`pbem.reports`).
Everything shown comes from a view or a receipt, never from raw state.
"""
from __future__ import annotations

import datetime as dt

from engine.game import Game, OrderResult, Receipt
from pbem.reports.presenters import Presenter, presenter_for

_MARK = {"applied": "ok", "rejected": "REFUSED", "held": "held", "skipped": "skipped",
         "dropped": "dropped"}


def order_result_line(result: OrderResult, pres: Presenter) -> str:
    """One order's fate; names read by near match and suggestions as `pres` shows them."""
    text = f"line {result.line}: {result.text} -> {_MARK[result.status]}"
    if result.status == "applied":
        text += f" as {result.order!r} (entry {result.seq})"
    if result.readings:
        text += f" (read {'; '.join(pres.readings(result.readings))})"
    if result.message:
        text += f": {result.message}"
    hints = pres.hints(result.code, result.params, result.hints)
    if hints:
        text += f" (did you mean: {'; '.join(hints)}?)"
    return text


def awaiting_lines(game: Game, seat: str | None = None) -> list[str]:
    """Who is asked what, until when (private questions only to their seat)."""
    lines = []
    for decision in game.decisions():
        if decision.private and seat not in (None, decision.seat):
            continue
        deadline = game.deadline(decision)
        until = f" until {deadline:%Y-%m-%d %H:%M} UTC" if deadline else ""
        lines.append(f"{decision.seat}: {decision.prompt or decision.kind}{until}")
    return lines


def receipt_text(game: Game, receipt: Receipt) -> str:
    lines = [f"{game.id} — orders from {receipt.seat}"]
    pres = presenter_for(game.rules.name, "en")
    lines += [order_result_line(r, pres) for r in receipt.results]
    if not receipt.results:
        lines.append("(no orders found)")
    lines += notices_lines(game)
    held = game.held(receipt.seat)
    if held:
        lines.append(f"held for {receipt.seat} (tried in this order when it is asked):")
        lines += [f"  line {h['line']}: {h['text']}" for h in held]
    lines.append(outcome_line(game) or "Now awaiting:")
    if game.outcome() is None:
        lines += ["  " + line for line in awaiting_lines(game, receipt.seat)]
    return "\n".join(lines)


def notices_lines(game: Game) -> list[str]:
    pres = presenter_for(game.rules.name, "en")
    return [f"held order of {seat}, {order_result_line(result, pres)}"
            for seat, result in game.notices]


def outcome_line(game: Game) -> str | None:
    outcome = game.outcome()
    if outcome is None:
        return None
    return f"Game over: {', '.join(outcome.winners)} won ({outcome.reason})."


def next_deadline(game: Game) -> dt.datetime | None:
    deadlines = [d for d in (game.deadline(x) for x in game.decisions()) if d is not None]
    return min(deadlines) if deadlines else None
