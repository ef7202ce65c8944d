"""Presenters: how one game's view reads in a mail, in one language.

A presenter turns a game's view (`Rules.view`) into template contexts and names things:
seats, option values (cards, spaces, leaders), log lines, decision prompts.  It is
presentation only: it reads views and the games' display data (``name: {en, ru}``), never
the rules' state, and decides nothing about the game.  `presenter_for(rules_name, lang)`
picks the game's presenter, the class its ``Rules.presenter`` names (`Presenter`, the generic
one, for games without their own): a game's presenter lives in its own folder.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import registry
from engine.contract import Decision, Reason
from engine.options import Option
from pbem.reports.i18n import maybe, norm_lang, t

Order = dict[str, Any]

#: How many suggestions a refusal shows before "and N more" (the prompt lists them all).
HINTS_SHOWN = 4


class Presenter:
    """The generic presenter: any game's view as indented ``key: value`` lines."""

    rules: str | None = None
    #: Order fields whose tuple values are one choice each (not a list of choices).
    atomic: tuple[str, ...] = ()

    def __init__(self, lang: str, rules: str | None = None) -> None:
        self.lang = norm_lang(lang)
        if rules is not None and self.rules is None:
            self.rules = rules

    # ------------------------------------------------------------------ strings
    def _(self, key: str, /, **args: Any) -> str:
        return t(self.lang, key, self.rules, **args)

    def maybe(self, key: str, default: str | None = None, /, **args: Any) -> str | None:
        return maybe(self.lang, key, self.rules, default, **args)

    # ------------------------------------------------------------------ names
    def seat(self, seat: str | None) -> str:
        if seat is None:
            return self._("word.moderator")
        return self.maybe(f"seat.{seat}", seat) or seat

    def seats(self, seats: Iterable[str]) -> list[str]:
        return [self.seat(s) for s in seats]

    def card(self, number: Any) -> str:
        return f"#{number}"

    def value(self, field: str, value: Any) -> str:
        """One value of an order field, for the legal-orders list."""
        if isinstance(value, (tuple, list)):
            return ", ".join(self.value(field, v) for v in value) or self._("word.none")
        return str(value)

    def values(self, field: str, values: list[Any]) -> list[str]:
        """The values of one field in the legal-orders list; a game may shorten a long list
        to its rule and an example (HELP <verb> then lists them all)."""
        return [self.value(field, v) for v in values]

    def field(self, field: str) -> str:
        return self.maybe(f"field.{field}", None) or self._("field_generic", name=field)

    def friendly(self, order: Order) -> Order:
        """The order with display names where the grammar reads them (examples)."""
        return order

    def syntax(self, verb: str, options: Sequence[Option] = ()) -> str | None:
        """The syntax line of `verb` in the legal-orders list; `options`, the decision's
        options of that verb, let a game show only the forms legal in that situation."""
        return self.maybe(f"syntax.{verb}")

    # ------------------------------------------------------------------ phases & log
    def phase_key(self, view: Mapping[str, Any]) -> tuple:
        """What changes exactly when a new phase starts (one digest mail per phase)."""
        return (view.get("turn"), view.get("round"), view.get("phase"))

    def phase_name(self, view: Mapping[str, Any]) -> str:
        phase = view.get("phase")
        return self.maybe(f"phase.{phase}", str(phase)) or str(phase)

    def phase_title(self, view: Mapping[str, Any]) -> str:
        return self._("report.phase_generic", phase=self.phase_name(view))

    def log_line(self, line: Any) -> str:
        """One log item (a game's log entry: text, or a structured record) as a line."""
        if is_message(line):
            return self.message(line)
        return str(line)

    def message(self, item: Mapping[str, Any], prefixes: tuple[str, ...] = ("log.", "refusal.")
                ) -> str:
        """A structured message (``{msg, ...params}``) from the catalog (``log.<msg>``, else
        ``refusal.<msg>``: `prefixes` in order), each parameter shown by `param`."""
        key = str(item.get("msg"))
        args = {k: self.param(k, v) for k, v in item.items() if k not in ("t", "msg")}
        for prefix in prefixes:
            if self.maybe(prefix + key) is not None:
                try:
                    return self._(prefix + key, **args)
                except (KeyError, IndexError, ValueError):
                    break
        return key.replace("_", " ") + (": " + ", ".join(f"{k} {v}" for k, v in args.items())
                                        if args else "")

    def refusal(self, code: str | None, params: Mapping[str, Any] | None,
                reason: str = "") -> str:
        """A refusal (`IllegalOrder` code, params and English reason) in the reader's
        language: from the catalog (``refusal.<code>``) when it has the code, else the
        English reason (in Russian with a note that it is the rules' own English text)."""
        if code and self.maybe(f"refusal.{code}") is not None:
            return self.message({"msg": code, **dict(params or {})}, ("refusal.", "log."))
        if self.lang == "en" or not reason:
            return reason
        return self._("refusal_untranslated", reason=reason)

    def hints(self, code: str | None, params: Mapping[str, Any] | None,
              hints: list[str]) -> list[str]:
        """A refusal's suggestions in the reader's language: the rules' own (`hints`, order
        text or names as written) unless the params name them (``hints_cards``,
        ``hints_spaces``, ``hints_leaders``: ids the presenter names; ``candidates``: the
        keys of a name index, `engine.names`, of the kind ``what``)."""
        params = params or {}
        shown = [self.hint(h) for h in hints]
        for key, field in (("hints_cards", "card"), ("hints_spaces", "space"),
                           ("hints_leaders", "leaders")):
            if params.get(key):
                shown = [self.value(field, v) for v in params[key]]
                break
        else:
            if params.get("candidates") and len(params["candidates"]) == len(hints):
                shown = [self.name_of_kind(str(params.get("what")), key, name)
                         for key, name in zip(params["candidates"], hints)]
        if len(shown) > HINTS_SHOWN + 1:  # never every legal target: the prompt lists them
            shown = shown[:HINTS_SHOWN] + [self._("hints_more", n=len(shown) - HINTS_SHOWN)]
        return shown

    def hint(self, hint: str) -> str:
        """One suggestion of the rules as shown: games name the ids they find in it."""
        return hint

    def name_of_kind(self, what: str, key: Any, shown: str) -> str:
        """The display name of a name index's `key` (a ``what``: space, card, leader,
        power); `shown` is the name the index lists for it."""
        return shown

    def readings(self, readings: Iterable[Any]) -> list[str]:
        """How names of an order were read (`engine.names.Reading`): ``Magdebrug →
        Magdeburg``, the name in the reader's language."""
        return [f"{r.written} → {self.name_of_kind(r.what, r.key, r.shown)}" for r in readings]

    def param(self, name: str, value: Any) -> Any:
        """One message parameter for display (ints stay ints: the catalog's ``{n:p:...}``
        plural forms need them); a game's presenter names its own kinds."""
        if isinstance(value, Reason):
            value = {"msg": value.code, **value.params} if value.code else str(value)
        if is_message(value):
            return self.message(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        if name == "what":
            key = str(value).replace(" ", "_")
            return self.maybe(f"what.{key}", str(value)) or str(value)
        if name in ("seat", "seats"):
            if isinstance(value, (list, tuple)):
                return ", ".join(self.seat(str(x)) for x in value)
            return self.seat(str(value))
        if name == "card" and value is not None:
            try:
                return self.card(value)
            except (KeyError, ValueError, TypeError):
                return str(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(str(x) for x in value)
        return str(value)

    def prompt(self, decision: Decision, view: Mapping[str, Any] | None = None) -> str:
        """What is asked, in the reader's language (the rules' own words in English)."""
        if self.lang == "en" and decision.prompt:
            return decision.prompt
        return self.catalog_prompt(decision, view)

    def catalog_prompt(self, decision: Decision, view: Mapping[str, Any] | None = None) -> str:
        """The catalog's ``kind.<kind>`` prompt with the decision's context (names in the
        reader's language), else the rules' own words."""
        args = {k: v for k, v in (decision.context or {}).items()
                if isinstance(v, (str, int, float))}
        args.update(self.prompt_args(decision, view or {}))
        try:
            text = self.maybe(f"kind.{decision.kind}", None, **args)
        except (KeyError, IndexError, ValueError):
            text = None
        return text or decision.prompt or decision.kind

    def prompt_args(self, decision: Decision, view: Mapping[str, Any]) -> dict[str, Any]:
        """Values a translated prompt may name, read from the seat's view."""
        return {"turn": view.get("turn"), "round": view.get("round")}

    def kind(self, kind: str) -> str:
        """A short noun for a decision kind (who is awaited for what)."""
        return self.maybe(f"kind_short.{kind}", kind) or kind

    # ------------------------------------------------------------------ reports
    def status_context(self, view: Mapping[str, Any]) -> dict[str, Any]:
        from pbem.mail.render import format_value
        body = {k: v for k, v in view.items() if k not in ("log", "hand", "seat")}
        return {"lines": format_value(body)}

    def private_context(self, view: Mapping[str, Any], public: Mapping[str, Any]
                        ) -> dict[str, Any]:
        from pbem.mail.render import format_value
        hand = view.get("hand")
        return {"hand": format_value(hand) if hand else [],
                "has_hand": hand is not None,
                "secret": self.secret_lines(view, public)}

    def secret_lines(self, view: Mapping[str, Any], public: Mapping[str, Any]) -> list[str]:
        """What the seat's view holds beyond the public one (besides its hand), non-empty
        items only: its secret choices, private log, pending proposals..."""
        from pbem.mail.render import format_value
        out: list[str] = []
        for key, value in view.items():
            if key in public or key in ("hand", "seat") or value in (None, [], {}, ""):
                continue
            label = self.maybe(f"secret.{key}", None) or key.replace("_", " ")
            if isinstance(value, list) and all(isinstance(x, str) or is_message(x)
                                               for x in value):
                out.append(f"  {label}:")
                out += [f"    {self.log_line(x)}" for x in value]
            else:
                out += format_value({label: value})
        return out

    def events(self, view: Mapping[str, Any], count: int = 10) -> list[str]:
        log = view.get("log")
        items = list(log) if isinstance(log, list) else []
        return [self.log_line(x) for x in items[-count:]]

    def scores(self, outcome: Any, view: Mapping[str, Any]) -> list[list[str]]:
        scores = dict(getattr(outcome, "scores", {}) or {})
        return [[self.seat(s), str(v)] for s, v in sorted(scores.items(),
                                                           key=lambda kv: -kv[1])]

    def outcome_reason(self, outcome: Any, view: Mapping[str, Any]) -> str:
        """Why the game ended, in the reader's language: the view's ``outcome.why`` message
        when the game keeps one, else the rules' English reason (a moderator's END reason
        is the moderator's own words)."""
        found = view.get("outcome") if isinstance(view, Mapping) else None
        why = found.get("why") if isinstance(found, Mapping) else None
        if is_message(why) and str(found.get("reason")) == str(outcome.reason):
            return self.message(why)
        return str(outcome.reason)

    def has_map(self) -> bool:
        return False

    def data_note(self, view: Mapping[str, Any]) -> str:
        """A line every mail showing the game carries when its report does not: a game's
        caveat about its data (Virtù on provisional components); none by default."""
        return ""


def is_message(item: Any) -> bool:
    return isinstance(item, Mapping) and isinstance(item.get("msg"), str)


def presenter_for(rules_name: str, lang: str) -> Presenter:
    """The presenter the game registered as `rules_name` declares (``Rules.presenter``), or
    the generic one (one per game and language: presenters keep no state of their own)."""
    return _presenter(registry.installed().get(rules_name), rules_name, norm_lang(lang))


@functools.lru_cache(maxsize=64)
def _presenter(rules: Any, rules_name: str, lang: str) -> Presenter:
    cls = registry.part(rules, "presenter") if rules is not None else None
    return (cls or Presenter)(lang, rules_name)
