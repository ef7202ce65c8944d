"""Which mail each seat gets after the game moved, in its language (docs/architecture.md,
"Reports").

After every transaction (orders by mail, deadlines, moderator acts) `plan` decides, per
seat, at most one mail:

- a **prompt** when the seat is newly asked something (or its held orders ran, or a
  deadline default was entered for it): what happened since its last mail, the question,
  the legal orders, two examples, the deadline.  Always at once, digest or not;
- else a **phase report** when a new phase began (`Presenter.phase_key`): the events, the
  public status report (PNG map attached unless the seat chose ``MAP OFF``, HTML tables
  alternative) and the seat's hand;
- else an **update** with the new events, unless the seat chose ``DIGEST ON``: then the
  events wait (``server["reports"]["pending"]``) for its next prompt or phase report, so
  a digest seat gets one mail per phase;
- at the end of the game, the **end-of-game summary** to every seat (`game_over`).

A dropped seat (`pbem.moderation.is_dropped`) gets nothing: its defaults play it.  The
seat whose mail caused the transaction reads the events in its receipt, so it gets no
prompt or update here, only the phase report.  Everything is rendered from views.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pbem import reports
from pbem.moderation import is_dropped
from pbem.reports.i18n import t
from pbem.reports.templating import render_html, render_text

STATUS_MARK = "\x00status\x00"


@dataclass
class Draft:
    """One mail to one seat: subject suffix (the tag goes before it), text, extras."""
    seat: str
    kind: str                      # prompt | report | update | gameover | welcome | reminder
    subject: str
    text: str
    html: str | None = None
    attachments: list[tuple[str, str, bytes]] = field(default_factory=list)
    #: An observer's address (`observer_drafts`): the mail goes to it, not to a seat.
    observer: str | None = None


@dataclass
class Options:
    """The server's report settings (`pbem.config.ReportsConfig`)."""
    map_width: int = 1600
    html: bool = True
    judge: str = "judge@example.org"


def _store(game: Any) -> dict[str, Any]:
    st = game.server.setdefault("reports", {})
    st.setdefault("phase", None)
    st.setdefault("pending", {})
    st.setdefault("window", False)
    return st


def _phase_key(game: Any) -> list[Any]:
    view = reports.view_of(game, None)
    return [x for x in reports.presenter(game, "en").phase_key(view)]


def _window_open(game: Any) -> bool:
    return any(d.closes_on_done for d in reports.decisions_of(game))


def mark_seen(game: Any) -> None:
    """Record the current phase and window (at game start: the welcome is the first mail)."""
    st = _store(game)
    st["phase"] = _phase_key(game)
    st["window"] = _window_open(game)


def view_log(game: Any, seat: str | None) -> list[Any]:
    """The log items of `seat`'s view (text lines or a game's structured entries)."""
    view = reports.view_of(game, seat)
    log = view.get("log") if isinstance(view, dict) else None
    return list(log) if isinstance(log, list) else []


def new_items(old: list[Any], new: list[Any]) -> list[Any]:
    """Items appended to a bounded log (the longest suffix of `old` that prefixes `new`);
    none when the log went back to an earlier length (an ``UNDO``)."""
    if len(new) < len(old) and old[:len(new)] == new:
        return []
    for k in range(min(len(old), len(new)), -1, -1):
        if old[len(old) - k:] == new[:k]:
            return new[k:]
    return new


class _Map:
    """The PNG of the public position, drawn at most once per plan and language: each
    recipient's mail carries one map, named in the recipient's language."""

    def __init__(self, game: Any, width: int) -> None:
        self.game, self.width = game, width
        self.data: dict[str, bytes | None] = {}

    def attachments(self, lang: str = "en") -> list[tuple[str, str, bytes]]:
        if self.width <= 0:
            return []
        if lang not in self.data:
            self.data[lang] = reports.map_png(self.game, self.width, lang)
        data = self.data[lang]
        if data is None:
            return []
        return [(reports.map_name(self.game), "image/png", data)]


def compose(game: Any, seat: str, *, reason: str, notes: list[str] | None = None,
            events: list[str] | None = None, held: list[dict[str, Any]] | None = None,
            with_status: bool = False, with_hand: bool = False, summary: str = "",
            options: Options | None = None, png: _Map | None = None,
            kind: str = "prompt", subject: str | None = None,
            reader: reports.Prefs | None = None, tell_fired: bool = True) -> Draft:
    """One seat's mail from the shared prompt template (text, optional HTML and map);
    `seat` None with `reader` (an observer's settings): the public view.  `tell_fired`:
    the mail tells the seat what its standing orders answered since its last mail (the
    sender of the mail being answered reads that in its receipt instead)."""
    options = options or Options()
    p = reader or reports.prefs(game, seat)
    pres = reports.presenter(game, p.lang)
    status = reports.status_text(game, p.lang, p.tz, seat, events=not events) \
        if with_status else ""
    hand = ""
    if with_hand:
        hand = reports.private_text(game, seat, p.lang)
    attachments = png.attachments(p.lang) if (png is not None and with_status and p.map) \
        else []
    map_note = t(p.lang, "command.map_attached", name=attachments[0][0]) if attachments else ""
    if map_note:
        status += "\n\n" + map_note
    context = dict(lang=p.lang, rules=game.record.header.rules, game=game.id,
                   seat=seat, reason=reason, notes=notes or [],
                   effects=[pres.log_line(e) for e in events or []],
                   held=reports.held_fates(game, seat, held or []), held_now=game.held(seat),
                   fired=reports.standing_fired(game, seat, game.take_standing_fired(seat))
                   if seat is not None and tell_fired else [],
                   summary=summary, hand=hand,
                   asked=reports.asked_for(game, seat, p.lang, p.tz),
                   waiting=reports.waiting(game, seat, p.lang),
                   outcome=reports.outcome_line(game, p.lang), judge=options.judge,
                   data_note="" if with_status else reports.data_note(game, p.lang))
    text = render_text("common/prompt.txt.j2", status=status, **context)
    html = None
    if with_status and options.html:
        html = html_mail(game, render_text("common/prompt.txt.j2", status=STATUS_MARK,
                                           **context), p.lang, p.tz, seat, map_note)
    if subject is None:
        subject = t(p.lang, "subject.asked") if reports.decisions_of(game, seat) else \
            t(p.lang, "subject.update")
    return Draft(seat, kind, subject, text, html, attachments)


def html_mail(game: Any, marked_text: str, lang: str, tz: str | None, seat: str | None,
              map_note: str = "") -> str:
    """The HTML alternative of a mail whose text holds the status report at STATUS_MARK:
    the mail's own text as preformatted blocks, the status report as tables."""
    before, _, after = marked_text.partition(STATUS_MARK)
    return render_html("common/mail.html.j2", lang=lang, rules=game.record.header.rules,
                       game=game.id, before=before.rstrip("\n"),
                       fragment=reports.status_html(game, lang, tz, seat), tail=map_note,
                       after=after.lstrip("\n"))


def plan(game: Any, before: dict[str, set[str]], logs_before: dict[str, list[str]], *,
         skip: str | None, reason: str | None = None, force: set[str] | None = None,
         extra: dict[str, str] | None = None,
         held: dict[str, list[dict[str, Any]]] | None = None,
         options: Options | None = None) -> list[Draft]:
    """The mails after a transaction (see the module docstring)."""
    options = options or Options()
    st = _store(game)
    key = _phase_key(game)
    phase_changed = st["phase"] is not None and st["phase"] != key
    window_now = _window_open(game)
    window_closed = bool(st.get("window")) and not window_now
    ended = game.outcome() is not None
    if ended and st.get("ended"):
        return []                   # the end-of-game summary went out already
    png = _Map(game, options.map_width)
    drafts: list[Draft] = []
    pending: dict[str, list[str]] = st["pending"]
    for seat in game.seats:
        if is_dropped(game, seat):
            continue                # played by its defaults: its addresses get nothing
        p = reports.prefs(game, seat)
        fresh = new_items(logs_before.get(seat, []), view_log(game, seat))
        if seat != skip:
            pending.setdefault(seat, []).extend(fresh)
        events = list(pending.get(seat, []))
        notes = [t(p.lang, "prompt.window_closed")] if window_closed else []
        newly = {d.id for d in reports.decisions_of(game, seat)} - before.get(seat, set())
        if ended:
            drafts += game_over(game, {seat: notes}, options, png)
        elif seat != skip and (newly or seat in (held or {}) or seat in (force or set())):
            text = (extra or {}).get(seat) or reason or t(p.lang, "prompt.moved_on")
            if phase_changed:
                notes.insert(0, t(p.lang, "prompt.phase_report",
                                  title=reports.presenter(game, p.lang)
                                  .phase_title(reports.view_of(game, None))))
            drafts.append(compose(game, seat, reason=text, notes=notes, events=events,
                                  held=(held or {}).get(seat), with_status=phase_changed,
                                  with_hand=phase_changed, options=options, png=png))
        elif phase_changed:
            title = reports.presenter(game, p.lang).phase_title(reports.view_of(game, None))
            note = [t(p.lang, "prompt.digest_note")] if p.digest and events else []
            drafts.append(compose(game, seat, reason=t(p.lang, "prompt.phase_report",
                                                       title=title),
                                  notes=notes + note, events=events, with_status=True,
                                  with_hand=True, options=options, png=png, kind="report",
                                  subject=t(p.lang, "subject.report", title=title),
                                  tell_fired=seat != skip))
        elif seat != skip and (events or notes) and not p.digest:
            drafts.append(compose(game, seat, reason=t(p.lang, "prompt.moved_on"), notes=notes,
                                  events=events, options=options, kind="update",
                                  subject=t(p.lang, "subject.update")))
        else:
            continue
        pending[seat] = []
    if phase_changed or ended:
        drafts += observer_drafts(game, options, png)
    st["phase"] = key
    st["window"] = window_now
    st["ended"] = ended
    return drafts


def game_over(game: Any, notes: dict[str, list[str]], options: Options | None = None,
              png: _Map | None = None,
              events: dict[str, list[Any]] | None = None) -> list[Draft]:
    """The end-of-game mail of each seat in `notes` (its notes head the mail): the events
    (`events[seat]`, else those it has not read yet), the final status with the map, the
    summary with the revealed dice seed.  `plan` sends no end-of-game summary after this."""
    options = options or Options()
    png = png or _Map(game, options.map_width)
    st = _store(game)
    drafts = []
    for seat, seat_notes in notes.items():
        lang = reports.prefs(game, seat).lang
        unread = st["pending"].pop(seat, [])
        drafts.append(compose(game, seat, reason="", notes=seat_notes,
                              events=unread if events is None else events[seat],
                              summary=reports.game_over_text(game, lang), with_status=True,
                              options=options, png=png, kind="gameover",
                              subject=t(lang, "subject.game_over")))
    st["ended"] = True
    return drafts


def observer_drafts(game: Any, options: Options | None = None, png: _Map | None = None,
                    only: list[str] | None = None, welcome: bool = False) -> list[Draft]:
    """The public mail of each observer (of `only`, else all): the public status with the
    map, the end-of-game summary once the game is over; never a hand, press or prompt."""
    options = options or Options()
    png = png or _Map(game, options.map_width)
    drafts = []
    for observer in game.record.header.observers:
        if only is not None and observer["address"] not in only:
            continue
        reader = reports.Prefs(observer.get("lang", "en"))
        lang, title = reader.lang, reports.title_of(game, reader.lang)
        over = game.outcome() is not None
        reason = t(lang, "observer.welcome" if welcome else "observer.report", game=game.id,
                   title=reports.presenter(game, lang).phase_title(reports.view_of(game, None))
                   if not welcome else title)
        subject = t(lang, "subject.game_over") if over else t(lang, "observer.subject",
                                                              game=game.id)
        draft = compose(game, None, reason=reason, with_status=True, options=options,
                        png=png, kind="gameover" if over else "report", subject=subject,
                        summary=reports.game_over_text(game, lang) if over else "",
                        reader=reader)
        draft.observer, draft.seat = observer["address"], "observer:" + observer["address"]
        drafts.append(draft)
    if game.outcome() is not None and only is None:
        if _store(game).get("observers_ended"):
            return []               # the end-of-game mail went to them already
        _store(game)["observers_ended"] = True
    return drafts


def welcome(game: Any, options: Options | None = None) -> list[Draft]:
    """One mail per seat: the tag's meaning, the settings, status, hand and question."""
    options = options or Options()
    png = _Map(game, options.map_width)
    drafts = []
    for seat in game.seats:
        p = reports.prefs(game, seat)
        pres = reports.presenter(game, p.lang)
        title = reports.title_of(game, p.lang)
        reason = t(p.lang, "prompt.welcome", game=game.id, title=title, seat=pres.seat(seat))
        drafts.append(compose(game, seat, reason=reason, notes=[settings_note(game, seat)],
                              with_status=True, with_hand=True, options=options, png=png,
                              kind="welcome", subject=t(p.lang, "subject.welcome",
                                                        game=game.id)))
    mark_seen(game)
    return drafts


def settings_note(game: Any, seat: str) -> str:
    """A welcome's sentence on the seat's settings (language, time zone, digest) and the
    commands that change them, in the seat's language."""
    p = reports.prefs(game, seat)
    return t(p.lang, "prompt.welcome_settings", language=t(p.lang, "prompt.lang_name"),
             zone=p.tz or "UTC",
             digest=t(p.lang, "prompt.digest_on" if p.digest else "prompt.digest_off"))


def reminder(game: Any, seat: str, deadline: Any, options: Options | None = None) -> Draft:
    p = reports.prefs(game, seat)
    from pbem.reports.prompts import deadline_text
    when = deadline_text(deadline, p.tz)
    return compose(game, seat, reason=t(p.lang, "prompt.reminder", when=when),
                   options=options, kind="reminder",
                   subject=t(p.lang, "subject.reminder", when=when))


def defaulted_text(game: Any, seat: str, deadline: Any, order: str, seq: int) -> str:
    """The reason line of the prompt after a deadline default was entered for `seat`."""
    p = reports.prefs(game, seat)
    from pbem.reports.prompts import deadline_text
    return t(p.lang, "prompt.defaulted", when=deadline_text(deadline, p.tz), order=order,
             seq=seq)


def build_all(drafts: list[Draft], build: Callable[[Draft], Any]) -> list[Any]:
    return [build(d) for d in drafts]
