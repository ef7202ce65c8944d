"""How testgame ("Duel") reads in a mail: `TestgamePresenter` (``TestGame.presenter``).

Rules: none (presentation)
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from engine.contract import Decision
from games.testgame.cards import deck
from pbem.reports.presenters import Presenter


class TestgamePresenter(Presenter):
    """testgame ("Duel"): scores, commits, the attack in progress, hands of four."""

    rules = "testgame"

    @staticmethod
    def _cards() -> dict[int, Any]:
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
