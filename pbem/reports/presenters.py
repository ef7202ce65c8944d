"""Presenters: how one game's view reads in a mail, in one language.

A presenter turns a game's view (`Rules.view`) into template contexts and names things:
seats, option values (cards, spaces, leaders), log lines, decision prompts.  It is
presentation only: it reads views and the games' display data (``name: {en, ru}``), never
the rules' state, and decides nothing about the game.  `presenter_for(rules_name, lang)`
picks the game's presenter (`Presenter`, the generic one, for games without their own).
"""
from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Mapping

from engine.contract import Decision, Reason
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

    def field(self, field: str) -> str:
        return self.maybe(f"field.{field}", None) or self._("field_generic", name=field)

    def friendly(self, order: Order) -> Order:
        """The order with display names where the grammar reads them (examples)."""
        return order

    def syntax(self, verb: str) -> str | None:
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
        if _is_message(line):
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
        plural forms need them); games name their own kinds (`HereIStandPresenter`)."""
        if isinstance(value, Reason):
            value = {"msg": value.code, **value.params} if value.code else str(value)
        if _is_message(value):
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
            if isinstance(value, list) and all(isinstance(x, str) or _is_message(x)
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
        if _is_message(why) and str(found.get("reason")) == str(outcome.reason):
            return self.message(why)
        return str(outcome.reason)

    def has_map(self) -> bool:
        return False


# ============================================================================ testgame
class TestgamePresenter(Presenter):
    """testgame ("Duel"): scores, commits, the attack in progress, hands of four."""

    rules = "testgame"

    @staticmethod
    def _cards() -> dict[int, Any]:
        from games.testgame.cards import deck
        return deck()

    def card_name(self, number: int) -> str:
        c = self._cards()[int(number)]
        return (c.name_ru or c.name) if self.lang == "ru" else c.name

    def card(self, number: Any) -> str:
        c = self._cards()[int(number)]
        return f"#{number} {self.card_name(number)} ({c.value})"

    def name_of(self, english: str) -> str:
        """A card's name in the reader's language from its English name (views name cards)."""
        for number, c in self._cards().items():
            if c.name == english:
                return self.card_name(number)
        return english

    def value(self, field: str, value: Any) -> str:
        if field == "card":
            return self.card(value)
        if field == "target":
            return self.seat(value)
        return super().value(field, value)

    def prompt_args(self, decision: Decision, view: Mapping[str, Any]) -> dict[str, Any]:
        attack = view.get("attack") or {}
        return {"round": view.get("round"),
                "attacker": self.seat(attack["seat"]) if attack.get("seat") else "?",
                "card": self.name_of(attack["card"]) if attack.get("card") else "?"}

    def phase_key(self, view: Mapping[str, Any]) -> tuple:
        phase = view.get("phase")
        return (view.get("round"), "commit" if phase == "commit" else
                "over" if phase == "over" else "turns")

    def phase_title(self, view: Mapping[str, Any]) -> str:
        return self._("report.round", round=view.get("round"), rounds=view.get("rounds"),
                      phase=self.phase_name(view))

    def log_line(self, line: Any) -> str:
        if self.lang == "en":
            return str(line)
        text = str(line)
        for c in self._cards().values():
            if c.name in text:
                text = text.replace(c.name, c.name_ru or c.name)
        for pattern, key in _TESTGAME_LOG:
            m = pattern.match(text)
            if m:
                args = {k: (self.seat(v) if k in ("a", "b", "who") else v)
                        for k, v in m.groupdict().items()}
                if "list" in args:
                    args["list"] = re.sub(r"\b(north|east|south|west)\b",
                                          lambda w: self.seat(w.group(1)), args["list"])
                if "who" in args and " and " in m.group("who"):
                    args["who"] = self._("word.and").join(
                        self.seat(s) for s in m.group("who").split(" and "))
                return self._(key, **args)
        return text

    def status_context(self, view: Mapping[str, Any]) -> dict[str, Any]:
        seats = list(view.get("seats") or [])
        scores = view.get("scores") or {}
        counts = view.get("hand_counts") or {}
        committed = view.get("committed") or {}
        rows = [[self.seat(s), scores.get(s, 0), counts.get(s, 0),
                 self._("word.yes") if committed.get(s) else self._("word.no")]
                for s in seats]
        attack = view.get("attack")
        return {
            "round": view.get("round"), "rounds": view.get("rounds"),
            "phase": self.phase_name(view),
            "active": self.seat(view["active"]) if view.get("active") else None,
            "attack": None if not attack else {
                "seat": self.seat(attack["seat"]), "target": self.seat(attack["target"]),
                "card": self.name_of(attack["card"])},
            "rows": rows, "rows_short": [r[:3] for r in rows],
            "show_committed": view.get("phase") == "commit",
            "revealed": [f"{self.seat(s)}: {self.name_of(c)}"
                         for s, c in (view.get("revealed") or {}).items()],
            "deck_count": view.get("deck_count", 0),
            "discard": [self.name_of(c) for c in view.get("discard") or []],
        }

    def private_context(self, view: Mapping[str, Any], public: Mapping[str, Any]
                        ) -> dict[str, Any]:
        hand = view.get("hand") or []
        commit = view.get("my_commit")
        return {"has_hand": "hand" in view,
                "hand": [[f"#{c['number']}", self.card_name(c["number"]), c["value"]]
                         for c in hand],
                "commit": self.name_of(commit) if commit else None}

    def outcome_reason(self, outcome: Any, view: Mapping[str, Any]) -> str:
        m = re.fullmatch(r"highest score after round (\d+)", str(outcome.reason))
        if m:
            return self._("outcome.highest_score", round=m.group(1))
        return super().outcome_reason(outcome, view)

    def scores(self, outcome: Any, view: Mapping[str, Any]) -> list[list[str]]:
        scores = dict(getattr(outcome, "scores", {}) or view.get("scores") or {})
        return [[self.seat(s), str(v)] for s, v in sorted(scores.items(),
                                                           key=lambda kv: -kv[1])]


_TESTGAME_LOG = [
    (re.compile(r"^R(?P<r>\d+): (?P<a>\w+) passes$"), "log.passes"),
    (re.compile(r"^R(?P<r>\d+): (?P<a>\w+) plays (?P<card>.+) at (?P<b>\w+)$"), "log.plays"),
    (re.compile(r"^R(?P<r>\d+): (?P<a>\w+) allows; (?P<b>\w+) scores (?P<n>\d+)$"),
     "log.allows"),
    (re.compile(r"^R(?P<r>\d+): (?P<a>\w+) blocks with (?P<card>.+): (?P<x>\d+) vs (?P<y>\d+)$"),
     "log.blocks"),
    (re.compile(r"^R(?P<r>\d+): commits (?P<list>.+); (?P<who>[\w ]+?) (scores|score)$"),
     "log.commits"),
]


# ============================================================================ Here I Stand
HIS_MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
UNIT_KINDS = ("regulars", "mercenaries", "cavalry", "squadrons", "corsairs")


class HereIStandPresenter(Presenter):
    """Here I Stand: powers, keys, armies by space, religion, cards with summaries."""

    rules = "here-i-stand"
    atomic = ("losses", "split")

    # ------------------------------------------------------------------ data
    @staticmethod
    @functools.lru_cache(maxsize=1)
    def _map() -> Any:
        from games.here_i_stand.mapdata import load_map
        return load_map()

    @staticmethod
    def _facts() -> Any:
        from games.here_i_stand import facts
        return facts

    def _pick(self, en: str, ru: str) -> str:
        return ru if self.lang == "ru" and ru else en

    def has_map(self) -> bool:
        return True

    # ------------------------------------------------------------------ names
    def space(self, sid: str) -> str:
        m = self._map()
        if sid in m.spaces:
            sp = m.spaces[sid]
            return self._pick(sp.name_en, sp.name_ru)
        if sid in m.sea_zones:
            z = m.sea_zones[sid]
            return self._pick(z.name_en, z.name_ru)
        return sid

    def power(self, power: str | None) -> str:
        if power is None:
            return "-"
        return self.maybe(f"power.{power}", power) or power

    seat = power  # type: ignore[assignment]

    def card_name(self, number: int) -> str:
        c = self._facts().card(int(number))
        return self._pick(c.name_en, c.name_ru)

    def card(self, number: Any) -> str:
        return f"#{number} {self.card_name(int(number))}"

    def card_summary(self, number: int) -> str:
        c = self._facts().card(int(number))
        if self.lang == "ru":
            text = self.maybe(f"card_summary.{int(number)}")
            if text:
                return text
        return c.summary_en

    def leader(self, lid: str) -> str:
        l = self._facts().leader(lid)
        return self._pick(l.name_en, l.name_ru)

    def hint(self, hint: str) -> str:
        """A suggestion that is an id (space, leader, power) by its display name."""
        m = self._map()
        if hint in m.spaces or hint in m.sea_zones:
            return self.space(hint)
        if hint in self._facts().leaders():
            return self.leader(hint)
        if hint in self._power_ids():
            return self.power(hint)
        return hint

    def name_of_kind(self, what: str, key: Any, shown: str) -> str:
        if what == "space":
            return self.space(str(key))
        if what in ("card", "card in your hand"):
            return self.card(key)
        if what == "leader":
            return self.leader(str(key))
        if what == "power":
            return self.power(str(key))
        return shown

    def debater(self, did: str) -> str:
        d = self._facts().debaters().get(did)
        return self._pick(d.name_en, d.name_ru) if d else did.replace("_", " ").title()

    def ruler(self, name_en: str) -> str:
        for r in self._facts().rulers().values():
            if r.name_en == name_en:
                return self._pick(r.name_en, r.name_ru)
        return name_en

    def value(self, field: str, value: Any) -> str:
        if field == "card":
            c = self._facts().card(int(value))
            return f"{self.card(value)} ({c.cp} {self._('word.cp')})"
        if field in ("from", "to", "space", "via"):
            if isinstance(value, (tuple, list)):
                return " -> ".join(self.space(v) for v in value) or self._("word.none")
            return self.space(value)
        if field == "leaders":
            if isinstance(value, (tuple, list)):
                return ", ".join(self.leader(v) for v in value) or self._("word.none")
            return self.leader(value)
        if field == "mode":
            return self.maybe(f"mode.{value}", str(value)) or str(value)
        if field == "unit":
            return self.maybe(f"unit.{value}", str(value)) or str(value)
        if field in ("power", "target", "seat"):
            return self.power(value)
        if field == "debaters":
            if isinstance(value, (tuple, list)):
                return ", ".join(self.debater(v) for v in value) or self._("word.none")
            return self.debater(value)
        if field == "cards":
            if isinstance(value, (tuple, list)):
                return ", ".join(self.card(v) for v in value) or self._("word.none")
            return self.card(value)
        if field == "losses" and isinstance(value, (tuple, list)):
            return " ".join(f"{n}{k}" for n, k in zip(value, "RMC") if n) or "0R"
        if field == "split" and isinstance(value, (tuple, list)):
            return ", ".join(f"{self.space(str(p))} {n}" for p, n in value)
        return super().value(field, value)

    def friendly(self, order: Order) -> Order:
        out = dict(order)
        if "card" in out:
            out["card"] = self.card_name(int(out["card"]))
        for key in ("from", "to", "space"):
            if isinstance(out.get(key), str):
                out[key] = self.space(out[key])
        if isinstance(out.get("via"), (list, tuple)):
            out["via"] = [self.space(v) for v in out["via"]]
        if isinstance(out.get("leaders"), (list, tuple)):
            out["leaders"] = [self.leader(v) for v in out["leaders"]]
        if isinstance(out.get("power"), str) and out["power"] in self._power_ids():
            out["power"] = self.power(out["power"])
        if isinstance(out.get("parties"), (list, tuple)):
            out["parties"] = tuple(self.hint(p) for p in out["parties"])
        if isinstance(out.get("terms"), (list, tuple)):   # agreement terms: (KIND, values...)
            out["terms"] = tuple(tuple(self.hint(v) if isinstance(v, str) and i else v
                                       for i, v in enumerate(term)) for term in out["terms"])
        return out

    def prompt_args(self, decision: Decision, view: Mapping[str, Any]) -> dict[str, Any]:
        """Values the translated prompts name: the decision's context (power ids as names)
        and the numbers of the rules' own English prompt (`_PROMPT_PATTERNS`)."""
        args: dict[str, Any] = {"turn": view.get("turn")}
        for key, value in (decision.context or {}).items():
            if key == "side":
                value = self.maybe(f"faith.{value}", str(value))
            elif key in ("from", "to", "space"):
                value = self.space(str(value))
            elif key == "ports":
                value = ", ".join(self.space(str(x)) for x in value)
            elif key == "zones":
                value = ", ".join(self.maybe(f"zone.{z}", str(z)) or str(z) for z in value)
            elif key == "card" and isinstance(value, int):
                value = self.card(value)
            elif key == "why_msg" and _is_message(value):
                key, value = "why", self.message(value)
            elif isinstance(value, str) and value in self._power_ids():
                value = self.power(value)
            args[key] = value
        pattern = _PROMPT_PATTERNS.get(decision.kind)
        m = pattern.search(decision.prompt or "") if pattern else None
        for key, value in (m.groupdict() if m else {}).items():
            if value in self._power_ids():
                value = self.power(value)
            elif key == "side":
                value = self.maybe(f"faith.{value}", value)
            args.setdefault(key, value)
        return args

    # ------------------------------------------------------------------ phases
    def phase_key(self, view: Mapping[str, Any]) -> tuple:
        return (view.get("turn"), view.get("phase"))

    def phase_title(self, view: Mapping[str, Any]) -> str:
        return self._("report.turn_phase", turn=view.get("turn"),
                      last=view.get("last_turn"), phase=self.phase_name(view))

    # ------------------------------------------------------------------ log, refusals
    def log_line(self, line: Any) -> str:
        """A log entry (`games.here_i_stand.state.log`: ``{t, msg, ...params}``) in the
        reader's language: ``T3 France plays #65 ... for 2 CP``."""
        if not _is_message(line):
            return str(line)
        text = self.message(line)
        if line.get("t") is not None:
            text = self._("log.turn_prefix", turn=line["t"]) + " " + text
        return text

    def param(self, name: str, value: Any) -> Any:
        """One message parameter for display, by its name's kind (ints stay ints: the
        catalog's ``{n:p:...}`` plural forms need them)."""
        if isinstance(value, Reason):
            value = {"msg": value.code, **value.params} if value.code else str(value)
        if _is_message(value):
            return self.message(value)
        kind = HIS_PARAMS.get(name, "text")
        if kind == "what":
            return super().param(name, value)
        if value is None:
            return "-"
        if kind == "num" or isinstance(value, bool):
            return value
        if kind == "power":
            return self.power(str(value))
        if kind == "powers":
            return ", ".join(self.power(str(p)) for p in value)
        if kind == "space":
            return self.space(str(value))
        if kind == "spaces":
            return ", ".join(self.space(str(x)) for x in value)
        if kind == "route":
            return " → ".join(self.space(str(x)) for x in value)
        if kind == "card":
            return self.card(value)
        if kind == "cards":
            return ", ".join(self.card(c) for c in value)
        if kind == "cards_by":
            return "; ".join(f"{self.power(p)}: {self.card(c)} ({self._('private.cp', cp=self._facts().card(int(c)).cp)})"
                             for p, c in value.items())
        if kind == "leader":
            return self.leader(str(value))
        if kind == "leaders":
            return ", ".join(self.leader(str(x)) for x in value)
        if kind == "debater":
            return self.debater(str(value))
        if kind == "debaters":
            return ", ".join(self.debater(str(x)) for x in value)
        if kind == "reformer":
            r = self._facts().reformers().get(str(value))
            return self._pick(r.name_en, r.name_ru) if r else str(value)
        if kind == "ruler":
            r = self._facts().rulers().get(str(value))
            return self._pick(r.name_en, r.name_ru) if r else str(value)
        if kind == "unit":
            unit = self._facts().UNIT_KEY.get(str(value), str(value))
            return self.maybe(f"unit_a.{unit}", unit) or unit
        if kind == "stack":
            return ", ".join(self._(f"unit_count.{k}", n=int(n)) for k, n in value.items() if n)
        if kind == "mix":
            return ", ".join(self._(f"unit_count.{k}", n=int(n))
                             for k, n in zip(("regulars", "mercenaries", "cavalry"), value) if n) \
                or self._("word.none")
        if kind == "faith":
            return self.maybe(f"faith_adj.{value}", str(value)) or str(value)
        if kind == "marital":
            return self.maybe(f"marital.{value}", str(value)) or str(value)
        if kind == "rolls":
            return "[" + ", ".join(str(x) for x in value) + "]"
        if kind == "counts":
            return ", ".join(f"{self.power(str(p))} {n}" for p, n in value.items())
        if kind == "words":
            return ", ".join(str(x) for x in value)
        if kind == "messages":
            return "; ".join(self.message(x) if _is_message(x) else str(x) for x in value)
        return str(value)

    def _power_ids(self) -> tuple[str, ...]:
        return HIS_MAJORS + ("genoa", "hungary", "scotland", "venice", "independent")

    # ------------------------------------------------------------------ reports
    def status_context(self, view: Mapping[str, Any]) -> dict[str, Any]:
        m = self._map()
        vp = view.get("vp") or {}
        keys = view.get("keys") or {}
        counts = view.get("hand_counts") or {}
        rulers = view.get("rulers") or {}
        powers = []
        for p in HIS_MAJORS:
            v = vp.get(p) or {}
            powers.append([self.power(p), self.ruler(rulers.get(p, "")) if rulers.get(p) else "-",
                           keys.get(p, "-") if p != "protestant" else "-",
                           counts.get(p, 0), v.get("total", 0),
                           f"{v.get('base', 0)}+{v.get('special', 0)}+{v.get('bonus', 0)}"])
        board = view.get("board") or {}
        spaces: Mapping[str, Any] = board.get("spaces") or {}
        seas: Mapping[str, Any] = board.get("seas") or {}
        key_lists: dict[str, list[str]] = {}
        for sid, rec in spaces.items():
            sp = m.spaces.get(sid)
            if sp is not None and sp.is_key and rec.get("control"):
                key_lists.setdefault(rec["control"], []).append(self.space(sid))
        keys_by_power = [{"power": self.power(p), "spaces": sorted(key_lists[p])}
                         for p in self._power_ids() if key_lists.get(p)]
        units = self._units(spaces, seas)
        minor = view.get("minor_allies") or {}
        return {
            "scenario": view.get("scenario"), "turn": view.get("turn"),
            "last_turn": view.get("last_turn"), "phase": self.phase_name(view),
            "active": self.power(view["active"]) if view.get("active") else None,
            "cp_left": view.get("cp_left"),
            "powers": powers,
            "wars": [self._pair(p) for p in view.get("wars") or []],
            "alliances": [self._pair(p) for p in view.get("alliances") or []],
            "minor_allies": [f"{self.power(a)} ({self.power(b)})" for a, b in minor.items()],
            "league": bool(view.get("schmalkaldic_league")),
            "excommunicated": [self._excommunicated(x) for x in view.get("excommunicated")
                               or []],
            "keys": keys_by_power,
            "units": units,
            "religion": self._religion(view, spaces),
            "new_world": self._new_world(view.get("new_world")),
            "england": self._england(view.get("henry_viii") or {}),
            "extra_vp": {"chateaux": view.get("chateaux_vp", 0),
                         "piracy": view.get("piracy_vp", 0)},
            "deck_count": view.get("deck_count", 0),
            "removed_count": view.get("removed_count", 0),
            "discard": [self.card(c["number"]) for c in view.get("discard") or []],
            "home_played": [self.card(c["number"]) for c in view.get("home_cards_played")
                            or []],
        }

    def _pair(self, pair: Iterable[str]) -> str:
        return " – ".join(self.power(p) for p in pair)

    def _excommunicated(self, who: Any) -> str:
        text = str(who)
        if text in self._facts().debaters():
            return self.debater(text)
        for r in self._facts().rulers().values():
            if text in (r.id, r.name_en):
                return self._pick(r.name_en, r.name_ru)
        return text.replace("_", " ").title()

    def unit_text(self, counts: Mapping[str, int]) -> str:
        parts = []
        for kind in UNIT_KINDS:
            n = counts.get(kind) or 0
            if n:
                parts.append(f"{n}{self._('unit_abbr.' + kind)}")
        return " ".join(parts)

    def _units(self, spaces: Mapping[str, Any], seas: Mapping[str, Any]
               ) -> list[list[str]]:
        """One row per power and space: [power (first row only), space, units, leaders]."""
        by_power: dict[str, list[tuple[str, list[str]]]] = {}
        leader_power = {}
        for lid, l in self._facts().leaders().items():
            leader_power[lid] = l.power
        for sid, rec in list(spaces.items()) + list(seas.items()):
            units = rec.get("units") or {}
            leaders = list(rec.get("leaders") or [])
            present = set(units)
            for lid in leaders:
                owner = leader_power.get(self._facts().leader_id(lid))
                if owner and owner not in present:
                    present.add(owner)
            for p in present:
                cells = [self.space(sid)]
                cells.append(self.unit_text(units.get(p) or {}))
                mine = [self.leader(l) for l in leaders
                        if leader_power.get(self._facts().leader_id(l)) == p
                        or (leader_power.get(self._facts().leader_id(l)) is None
                            and len(present) == 1)]
                cells.append(", ".join(mine))
                control = rec.get("control")
                note = ""
                if control and control != p and sid in spaces:
                    note = self._("status.in_space_of", power=self.power(control))
                cells.append(note)
                by_power.setdefault(p, []).append((self.space(sid), cells))
        out = []
        for p in self._power_ids():
            rows = by_power.get(p)
            for n, (_, cells) in enumerate(sorted(rows or [])):
                out.append([self.power(p) if n == 0 else ""] + cells[:2]
                           + [", ".join(x for x in cells[2:] if x)])
        return out

    def _religion(self, view: Mapping[str, Any], spaces: Mapping[str, Any]) -> dict[str, Any]:
        m = self._map()
        zones: dict[str, int] = {}
        unrest = []
        for sid, rec in spaces.items():
            sp = m.spaces.get(sid)
            if rec.get("religion") == "protestant" and sp is not None:
                zone = sp.language or "other"
                zones[zone] = zones.get(zone, 0) + 1
            if rec.get("unrest"):
                unrest.append(self.space(sid))
        by_zone = ", ".join(f"{self.maybe('zone.' + z, z)} {n}"
                            for z, n in sorted(zones.items()))
        reformers = [f"{self.debater(r)} ({self.space(s)})"
                     for r, s in (view.get("reformers") or {}).items() if s]
        debaters = []
        for side, lst in (view.get("debaters") or {}).items():
            names = [self.debater(d["id"]) + ("*" if d.get("committed") else "")
                     for d in lst]
            debaters.append({"side": self.power(side), "names": names})
        trans = view.get("translations") or {}
        translation_rows = []
        for zone in ("german", "french", "english"):
            nt = (trans.get("new_testament") or {}).get(zone, 0)
            fb = (trans.get("full_bible") or {}).get(zone, 0)
            translation_rows.append([self.maybe("zone." + zone, zone), nt, fb])
        st = view.get("st_peters") or {}
        return {"protestant_spaces": view.get("protestant_spaces", 0), "by_zone": by_zone,
                "unrest": sorted(unrest), "reformers": reformers, "debaters": debaters,
                "translations": translation_rows,
                "st_peters_cp": st.get("cp", 0), "st_peters_vp": st.get("vp", 0)}

    def _new_world(self, data: Any) -> list[str]:
        if not data:
            return []
        from pbem.mail.render import format_value
        return [x.strip() for x in format_value(data, 0)]

    def _england(self, henry: Mapping[str, Any]) -> dict[str, Any]:
        marital = henry.get("marital")
        heirs = henry.get("heirs") or {}
        born = [self.maybe(f"heir.{k}", k) for k, v in heirs.items() if v]
        return {"marital": self.maybe(f"marital.{marital}", str(marital)) if marital else None,
                "heirs": born}

    def private_context(self, view: Mapping[str, Any], public: Mapping[str, Any]
                        ) -> dict[str, Any]:
        hand = []
        for c in view.get("hand") or []:
            hand.append({"ref": f"#{c['number']}", "name": self.card_name(c["number"]),
                         "cp": c.get("cp"), "type": self.maybe(f"card_type.{c.get('type')}",
                                                               str(c.get("type"))),
                         "summary": self.card_summary(c["number"])})
        return {"has_hand": "hand" in view, "hand": hand,
                "secret": self.secret_lines(view, public)}

    def secret_lines(self, view: Mapping[str, Any], public: Mapping[str, Any]) -> list[str]:
        """The seat's own section: its private log, its proposals (terms in words, who
        proposed, who accepted, the state), its sealed Diet of Worms card; the rest as the
        generic presenter shows it."""
        from pbem.reports.templating import wrap
        out: list[str] = []
        rest = dict(view)
        proposals = rest.pop("proposals", None)
        sealed = rest.pop("diet_card", None)
        if proposals:
            out.append(f"  {self._('secret.proposals')}:")
            for p in proposals:
                status = str(p.get("status", "")).split(":")[0].split()[0] or "open"
                out.append(wrap("    " + self._(
                    "private.proposal", n=p["id"], by=self.power(p["by"]),
                    parties=", ".join(self.power(x) for x in p["parties"]),
                    accepted=", ".join(self.power(x) for x in p["accepted"]) or "-",
                    status=self.maybe(f"proposal_status.{status}", status) or status),
                    indent="      "))
                terms = [self.message(t) for t in p.get("term_msgs") or []] or [p["terms"]]
                out += [wrap(f"      – {t}", indent="        ") for t in terms]
        if sealed:
            out.append(f"  {self._('secret.sealed')}: {self.card(sealed['number'])} "
                       f"({self._('private.cp', cp=sealed['cp'])})")
        return out + super().secret_lines(rest, public)

    def scores(self, outcome: Any, view: Mapping[str, Any]) -> list[list[str]]:
        scores = dict(getattr(outcome, "scores", {}) or {})
        if not scores:
            scores = {p: (view.get("vp") or {}).get(p, {}).get("total", 0) for p in HIS_MAJORS}
        return [[self.power(p), str(v)] for p, v in sorted(scores.items(),
                                                           key=lambda kv: -kv[1])]


_PROMPT_PATTERNS = {
    "eliminate": re.compile(r"peace with (?P<winner>\w+): eliminate (?P<left>\d+)"),
    "buyback": re.compile(r"peace with (?P<winner>\w+):"),
    "intervene": re.compile(r"^(?P<declarer>\w+) declared war on (?P<minor>\w+)"),
    "activation": re.compile(r"^(?P<activator>\w+) activated (?P<minor>\w+)"),
    "pay": re.compile(r"pay (?P<owed>\d+) CP"),
    "reform": re.compile(r"attempt (?P<attempt>\d+) of (?P<total>\d+)"),
    "convert": re.compile(r"convert (?P<left>\d+) more .* to the (?P<side>\w+) faith"),
}
#: The kind of each parameter of Here I Stand's structured messages (log entries, refusals),
#: by its name: how `HereIStandPresenter.param` shows it.  A name not listed is shown as
#: text; the catalog tests require every name the rules use to be listed.
HIS_PARAMS: dict[str, str] = {
    **{n: "power" for n in ("power", "power2", "other", "winner", "loser", "declarer",
                            "target", "minor", "giver", "receiver", "captor", "activator",
                            "owner", "side", "major")},
    "powers": "powers",
    **{n: "space" for n in ("space", "src", "dst", "port", "sea", "where")},
    "spaces": "spaces", "route": "route",
    "card": "card", "card2": "card", "cards": "cards", "cards_by": "cards_by",
    "leader": "leader", "leader2": "leader", "leaders": "leaders",
    "debater": "debater", "debaters": "debaters", "reformer": "reformer",
    "ruler": "ruler", "ruler2": "ruler",
    "unit": "unit", "stack": "stack", "mix": "mix",
    "faith": "faith", "marital": "marital",
    "rolls": "rolls", "rolls2": "rolls", "rolls3": "rolls",
    "counts": "counts",
    "why": "message", "term": "message", "terms": "messages",
    **{n: "num" for n in ("n", "cp", "vp", "units", "roll", "hits", "hits2", "left",
                          "attempt", "total", "lost", "dice", "dice2", "result", "result2",
                          "turn", "owed", "have", "need", "limit", "count")},
    "text": "text", "verb": "text", "verbs": "words", "what": "what", "seat": "power",
    "hints_cards": "cards", "hints_spaces": "spaces", "hints_leaders": "leaders",
}


def _is_message(item: Any) -> bool:
    return isinstance(item, Mapping) and isinstance(item.get("msg"), str)


PRESENTERS: dict[str, type[Presenter]] = {
    "testgame": TestgamePresenter,
    "here-i-stand": HereIStandPresenter,
}


def presenter_for(rules_name: str, lang: str) -> Presenter:
    cls = PRESENTERS.get(rules_name)
    if cls is None:
        return Presenter(lang, rules_name)
    return cls(lang)
