"""Reports players read: status, private report, prompts, history, end of game.

Every text here is rendered with Jinja2 from ``templates/`` and from views only
(`Game.view(seat)`, the public one for ``None``), in the reader's language.  A seat's
settings are in its header info (``game.seats[seat]``): ``lang`` (``en``/``ru``), ``tz``
(an IANA zone name for deadlines) and ``digest`` (one report mail per phase).

Entry points (all return text, HTML or PNG bytes; the mail gateway builds the messages):

- `status_text` / `status_html` / `map_png`: the public status report (and its map);
- `private_text`: a seat's hand (names, CP, one-line summaries) and secret choices;
- `asked_for`: the open questions of a seat (prompt, legal orders, two examples, deadline);
- `history_text`: the last N record entries as a seat may see them, and the public log;
- `game_over_text`: the end-of-game summary.
"""
from __future__ import annotations

import datetime as dt
import functools
from typing import Any, Mapping

from engine.record import undo_target
from pbem.anonymity import for_players
from pbem.reports import prompts
from pbem.reports.cache import decisions_of, view_of
from pbem.reports.i18n import norm_lang, t
from pbem.reports.presenters import Presenter, presenter_for
from pbem.reports.templating import game_template, render_html, render_text

__all__ = ["Prefs", "prefs", "presenter", "status_text", "status_html", "map_png",
           "private_text", "asked_for", "history_text", "game_over_text", "outcome_line",
           "waiting", "events_for", "map_name"]


class Prefs:
    """A seat's reading settings (language, time zone, digest, the map on phase reports)
    from its header info; read only (`prefs` hands out one object for the same settings)."""

    def __init__(self, lang: str = "en", tz: str | None = None, digest: bool = False,
                 map: bool = True) -> None:
        self.lang = norm_lang(lang)
        self.tz = tz if prompts.zone(tz) is not None else None
        self.digest = bool(digest)
        self.map = bool(map)


def prefs(game: Any, seat: str | None) -> Prefs:
    info = game.seats.get(seat, {}) if seat else {}
    settings = (info.get("lang", "en"), info.get("tz"), bool(info.get("digest", False)),
                bool(info.get("map", True)))
    try:
        return _prefs(*settings)
    except TypeError:       # a setting edited by hand into a list or a mapping
        return Prefs(*settings)


@functools.lru_cache(maxsize=256)   # asked some fifteen times per mail (issue 13)
def _prefs(lang: str, tz: str | None, digest: bool, map: bool) -> Prefs:
    return Prefs(lang, tz, digest, map)


def presenter(game: Any, lang: str) -> Presenter:
    return presenter_for(game.record.header.rules, lang)


def _rules(game: Any) -> str:
    return game.record.header.rules


def _base(game: Any, lang: str, seat: str | None = None) -> dict[str, Any]:
    return {"lang": norm_lang(lang), "rules": _rules(game), "game": game.id,
            "seat": seat}


def waiting(game: Any, seat: str | None, lang: str) -> list[str]:
    """Seats other than `seat` with an open question that is not itself private."""
    pres = presenter(game, lang)
    found = sorted({d.seat for d in decisions_of(game) if d.seat != seat and not d.private})
    return [pres.seat(s) for s in found]


# ------------------------------------------------------------------------------ status
def title_of(game: Any, lang: str) -> str:
    """The game's title: the header's, else the game's own name in `lang`."""
    return (game.record.header.title or presenter(game, lang).maybe("title", None)
            or game.rules.title or game.rules.name)


def _status_context(game: Any, lang: str, tz: str | None, seat: str | None
                    ) -> dict[str, Any]:
    pres = presenter(game, lang)
    view = view_of(game, None)
    ctx = _base(game, lang, seat)
    ctx.update(title=title_of(game, lang),
               entry=game.record.last_seq, paused=bool(getattr(game.clocks, "paused", False)),
               phase_title=pres.phase_title(view), s=pres.status_context(view),
               awaited=prompts.awaited(game, pres, tz, seat),
               events=pres.events(view, 10), outcome=outcome_line(game, lang))
    return ctx


def status_text(game: Any, lang: str = "en", tz: str | None = None,
                seat: str | None = None, events: bool = True) -> str:
    """The public status report (rendered from the public view, for any reader);
    ``events=False`` leaves out the recent events (the mail lists them already)."""
    ctx = _status_context(game, lang, tz, seat)
    if not events:
        ctx["events"] = None
    return render_text(game_template(_rules(game), "status.txt.j2"), **ctx).rstrip("\n")


def status_html(game: Any, lang: str = "en", tz: str | None = None,
                seat: str | None = None) -> str:
    """The same report as HTML tables (the text part holds every fact too)."""
    ctx = _status_context(game, lang, tz, seat)
    ctx["text"] = render_text(game_template(_rules(game), "status.txt.j2"), **dict(ctx))
    return render_html(game_template(_rules(game), "status.html.j2"), **ctx)


def map_name(game: Any) -> str:
    view = view_of(game, None)
    key = [str(x) for x in presenter(game, "en").phase_key(view) if x is not None]
    return f"{game.id}-{'-'.join(key)}.png".replace("_", "-")


def map_png(game: Any, width: int | None = None, lang: str = "en") -> bytes | None:
    """The PNG map of the current public position, its names in `lang`, or None for games
    without a board."""
    from pbem import mapimage
    draw = mapimage.board_function(game.rules)
    if draw is None:
        return None
    return mapimage.render(mapimage.describe(draw, view_of(game, None), norm_lang(lang)),
                           width or mapimage.DEFAULT_WIDTH)


# ------------------------------------------------------------------------------ private
def private_text(game: Any, seat: str, lang: str = "en") -> str:
    """The seat's hand with names, CP and summaries, and its secret choices."""
    pres = presenter(game, lang)
    view = view_of(game, seat)
    public = view_of(game, None)
    ctx = _base(game, lang, seat)
    ctx.update(p=pres.private_context(view, public), seat_name=pres.seat(seat))
    return render_text(game_template(_rules(game), "private.txt.j2"), **ctx).rstrip("\n")


# ------------------------------------------------------------------------------ prompts
def data_note(game: Any, lang: str = "en") -> str:
    """The game's caveat about its data for a mail without a status report
    (`Presenter.data_note`)."""
    return presenter(game, lang).data_note(view_of(game, None))


def asked_for(game: Any, seat: str | None, lang: str = "en", tz: str | None = None
              ) -> list[dict[str, Any]]:
    if seat is None:
        return []
    return prompts.asked(game, seat, presenter(game, lang), tz)


def held_fates(game: Any, seat: str | None, fates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What became of held orders (`engine.game.Game.take_held_fates`), their reasons and
    suggestions in the reader's language (`seat`'s)."""
    pres = presenter(game, prefs(game, seat).lang)
    return [dict(f, message=pres.refusal(f.get("code"), f.get("params"), f.get("message", "")),
                 hints=pres.hints(f.get("code"), f.get("params"), list(f.get("hints") or [])))
            for f in fates]


def standing_fired(game: Any, seat: str | None, notes: list[dict[str, Any]]) -> list[str]:
    """The answers `seat`'s standing orders gave (`engine.game.Game.take_standing_fired`),
    one line each in the seat's language: the standing order, the question, the answer."""
    lang = prefs(game, seat).lang
    pres = presenter(game, lang)
    return [t(lang, "prompt.standing_fired_line", order=n["standing"], kind=pres.kind(n["kind"]),
              answer=_fired_answer(game, pres, n), seq=n["seq"]) for n in notes]


def _fired_answer(game: Any, pres: Any, note: Mapping[str, Any]) -> str:
    """A standing order's answer as a player reads it: display names (`Presenter.friendly`)
    where the note keeps the order's fields, else the canonical text it was entered as."""
    fields = note.get("fields")
    if not isinstance(fields, Mapping):
        return str(note["order"])
    try:
        return game.rules.order_text(pres.friendly(dict(fields)))
    except (KeyError, TypeError, ValueError):
        return str(note["order"])


def events_for(game: Any, lines: list[Any], lang: str) -> list[str]:
    pres = presenter(game, lang)
    return [pres.log_line(x) for x in lines]


# ------------------------------------------------------------------------------ history
def history_text(game: Any, seat: str | None, n: int, lang: str = "en") -> str:
    """The last `n` record entries as `seat` may see them, then the seat's last `n` log
    items.  Other seats' orders are hidden (who answered what kind of question is shown);
    moderator entries are shown to all with their reason, an EDIT's new value only to
    moderators (it may be private); recent rollbacks are listed.  ``seat=None``: a
    moderator, who sees everything."""
    pres = presenter(game, lang)
    lines = []
    for entry in game.history(n):
        at = str(entry.at).replace("T", " ").replace("Z", "")[:16]
        if entry.kind in ("edit", "act"):
            shown = entry.order if seat is None or entry.kind == "act" else \
                entry.order.split(" = ")[0] + t(lang, "history.edit_hidden")
            because = entry.because
            if seat is not None:            # an anonymous game: no player's address
                hidden = t(lang, "history.address_hidden")
                shown, because = (for_players(game, x, hidden) for x in (shown, because))
            text = t(lang, "history.moderator", seq=entry.seq, at=at, by=entry.by, order=shown)
            if because:
                text += t(lang, "history.because", because=because)
        elif entry.kind == "undo":
            text = t(lang, "history.undo", seq=entry.seq, at=at, seat=pres.seat(entry.seat),
                     keep=undo_target(entry.order))
        elif seat is None or entry.seat == seat:
            text = t(lang, "command.history_own", seq=entry.seq, at=at,
                     seat=pres.seat(entry.seat), order=entry.order)
        else:
            text = t(lang, "command.history_hidden", seq=entry.seq, at=at,
                     seat=pres.seat(entry.seat), kind=pres.kind(_kind_of(pres, entry.decision)))
        if entry.by == "clock":
            text += t(lang, "command.history_default")
        elif str(entry.by).startswith("bot"):     # "bot" in archives before BOT existed
            text += t(lang, "history.bot", bot=str(entry.by).partition(":")[2] or "default")
        elif entry.kind not in ("edit", "act") and str(entry.by).startswith("moderator:"):
            text += t(lang, "history.entered_by", by=entry.by)
        lines.append(prompts_wrap("  " + text, "      "))
    for block in game.record.audit[-3:]:
        if "to_seq" in block:
            lines.append(prompts_wrap("  " + t(
                lang, "history.rolled_back", seq=block["to_seq"], at=block.get("rolled_back_at", ""),
                by=block.get("by", ""), reason=block.get("reason", "")), "      "))
        elif "rolled_forward_at" in block:
            lines.append(prompts_wrap("  " + t(
                lang, "history.rolled_forward", at=block["rolled_forward_at"],
                by=block.get("by", ""), entries=", ".join(map(str, block.get("restored", [])))),
                "      "))
    view = view_of(game, seat)
    log = view.get("log") if isinstance(view, dict) else None
    if isinstance(log, list) and log:
        lines.append("  " + t(lang, "command.history_log"))
        lines += [prompts_wrap("    " + pres.log_line(x), "      ") for x in log[-n:]]
    return "\n".join(lines) or "  " + t(lang, "command.history_none")


def _kind_of(pres: Presenter, decision_id: str) -> str:
    """The decision kind inside a decision id (``t1-12-cp`` -> ``cp``), as best known."""
    parts = [p for p in str(decision_id or "").split("-") if p]
    for part in parts:
        if pres.maybe(f"kind_short.{part}"):
            return part
    return parts[-1] if parts else "?"


def prompts_wrap(text: str, indent: str) -> str:
    from pbem.reports.templating import wrap
    return wrap(text, indent=indent)


# ------------------------------------------------------------------------------ end
def outcome_line(game: Any, lang: str) -> str:
    outcome = game.outcome()
    if outcome is None:
        return ""
    pres = presenter(game, lang)
    reason = outcome_reason(game, lang)
    if outcome.winners:
        return t(lang, "next.won", winners=", ".join(pres.seat(s) for s in outcome.winners),
                 reason=reason)
    return t(lang, "next.no_winner", reason=reason)


def outcome_reason(game: Any, lang: str) -> str:
    """Why the game ended, in `lang`: a moderator's END (their reason as written), or the
    rules' reason (`Presenter.outcome_reason`)."""
    ended = getattr(game, "ended_by_moderator", lambda: None)()
    if ended is not None:
        return t(lang, "moderator.ended_by_moderator", reason=ended)
    outcome = game.outcome()
    return presenter(game, lang).outcome_reason(outcome, view_of(game, None)) if outcome else ""


def game_over_text(game: Any, lang: str = "en") -> str:
    """The end-of-game summary: winners, reason, final scores, the revealed dice seed."""
    outcome = game.outcome()
    if outcome is None:
        return ""
    pres = presenter(game, lang)
    header = game.record.header
    ctx = _base(game, lang)
    ctx.update(winners=[pres.seat(s) for s in outcome.winners],
               reason=outcome_reason(game, lang),
               scores=pres.scores(outcome, view_of(game, None)), entries=game.record.last_seq,
               seed=header.seed, commitment=header.dice_commitment)
    if hasattr(game, "server"):
        from pbem.stats import reply_stats, stats_lines
        ctx.update(slow=stats_lines(_rules(game), lang, reply_stats(game)))
    return render_text("common/game_over.txt.j2", **ctx).rstrip("\n")


def now_utc() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)
