"""How Pax Renaissance reads in a mail: `PaxPresenter` (``PaxRenaissance.presenter``).

Rules: none (presentation)
"""
from __future__ import annotations

from typing import Any, Mapping

from games.pax_renaissance import catalog
from games.pax_renaissance.battles import place_name
from pbem.reports.presenters import Presenter

PRESTIGE_ORDER = ("patron", "law", "discovery", "catholic", "islamic", "protestant")
#: Message parameters naming a card, city, border or empire by id.
PLACES = ("empire", "border", "city", "to", "from", "centre", "target", "bishop")


class PaxPresenter(Presenter):
    """Bankers, florins, the market rows, tableaux, prestige and the victory cards."""

    rules = "pax-renaissance"

    def card(self, number: Any) -> str:
        cid = str(number)
        if cid.startswith("ruler_"):
            return self.empire(cid[len("ruler_"):])
        data = catalog.cards()[cid]
        return data["name"].get(self.lang) or data["name"]["en"]

    def empire(self, empire: str) -> str:
        names = catalog.board()["empires"][empire]["name"]
        return names.get(self.lang) or names["en"]

    def value(self, field: str, value: Any) -> str:
        if field == "card":
            return f"{value} ({self.card(value)})"
        if field == "row":
            return self._(f"row.{value}")
        if field == "victory":
            return self._(f"victory.{value}")
        if field in PLACES and isinstance(value, str):
            name = catalog.display_name(value, self.lang)
            return value if name.lower() == value.replace("_", " ") else f"{value} ({name})"
        return super().value(field, value)

    def param(self, name: str, value: Any) -> Any:
        if name in ("row", "victory", "piece", "face") and isinstance(value, str):
            return self._(f"{name}.{value}")
        if name in ("shot", "war") and isinstance(value, str):
            return self._(f"shot.{value}")
        if name == "op" and isinstance(value, str):
            return self._(f"operation.{value}")
        if name in PLACES and isinstance(value, str):
            return catalog.display_name(value, self.lang)
        if name in ("paid", "hit") and isinstance(value, dict):
            return ", ".join(f"{self.seat(s)} {n}" for s, n in value.items()) or "—"
        if name == "empires" and isinstance(value, list):
            return ", ".join(catalog.display_name(e, self.lang) for e in value) or "—"
        return super().param(name, value)

    def prompt_args(self, decision: Any, view: Mapping[str, Any]) -> dict[str, Any]:
        """A question's context in the reader's language: names of cards, empires, borders;
        pieces and one-shots from the catalog; a battle's fighters listed per side."""
        args = super().prompt_args(decision, view)
        context = decision.context or {}
        for key, value in context.items():
            if isinstance(value, str):
                args[key] = self.param(key, value)
        agent = context.get("agent")
        if isinstance(agent, dict):
            args["piece"] = self._(f"piece.{agent['piece']}")
        if "side" in context:
            args["side"] = self._(f"row.{context['side']}")
        if decision.kind == "ops":
            args["or_done"] = self._("or_done") if context.get("used") else ""
        if decision.kind == "agent":
            args["or_skip"] = self._("or_skip") if context.get("optional") else ""
        if decision.kind in ("one_shot", "sold_one_shot"):
            verb = str(context.get("verb") or "")
            args["declare"] = self._("declare.with", verb=verb.replace("<empire>", self._(
                "field.empire").join("<>")))
        fighters = context.get("fighters")
        if isinstance(fighters, list):
            attackers = int(context.get("attackers", 0))
            shown = [self._fighter(label, piece, at) for label, piece, at in fighters]
            args["attacker_list"] = ", ".join(shown[:attackers]) or "—"
            args["defender_list"] = ", ".join(shown[attackers:]) or "—"
        return args

    def _fighter(self, label: str, piece: str, at: str) -> str:
        """A fighter as written in a LOSE order, with a border's name and the piece."""
        name = place_name(label, at, self.lang)
        return f"{label} ({name + ': ' if name else ''}{self._(f'piece.{piece}')})"

    def phase_title(self, view: Mapping[str, Any]) -> str:
        return self._("status.turn", turn=view.get("turn"))

    def _market(self, view: Mapping[str, Any], row: str) -> list[list[str]]:
        cells = (view.get("market") or {}).get(row) or []
        return [[str(k), self._("status.face_down") if c.get("face_down")
                 else (self.card(c["card"]) if c.get("card") else "—"), str(c.get("florins", 0))]
                for k, c in enumerate(cells)]

    def status_context(self, view: Mapping[str, Any]) -> dict[str, Any]:
        seats = list(view.get("seats") or [])
        prestige = view.get("prestige") or {}
        rows = [[self.seat(s), str((view.get("florins") or {}).get(s, 0)),
                 str((view.get("hand_counts") or {}).get(s, 0))]
                + [str(prestige.get(s, {}).get(k, 0)) for k in PRESTIGE_ORDER] for s in seats]
        tableaux = []
        for s in seats:
            t = (view.get("tableaux") or {}).get(s) or {}
            cards = [self.card(c) for c in t.get("west", []) + t.get("east", [])]
            queens = [self.card(c) for c in (view.get("queens") or {}).get(s, [])]
            tableaux.append({"seat": self.seat(s), "cards": cards, "queens": queens})
        return {
            "turn": view.get("turn"),
            "active": self.seat(view["active"]) if view.get("active") else None,
            "rows": rows,
            "header": [self._("status.col_seat"), self._("status.col_florins"),
                       self._("status.col_hand")] + [self._(f"prestige.{k}")
                                                     for k in PRESTIGE_ORDER],
            "west": self._market(view, "west"), "east": self._market(view, "east"),
            "decks": view.get("deck_counts") or {},
            "tableaux": tableaux,
            "victories": [self._(f"victory.{v}") for v, on in
                          (view.get("victories") or {}).items() if on],
            "race": self._race(view),
        }

    def _race(self, view: Mapping[str, Any]) -> list[str]:
        """One line a victory condition: each banker's measures, who leads, who meets it."""
        lines = []
        active = view.get("victories") or {}
        for victory, race in (view.get("race") or {}).items():
            if victory == "holy":
                dominant = view.get("dominant")
                head = (self._("race.holy", religion=self._(f"religion.{dominant}"))
                        if dominant else self._("race.holy_none"))
            else:
                head = self._(f"race.{victory}")
            if active.get(victory):
                head += " " + self._("race.active")
            if not any(race["values"].values()):
                lines.append(head)
                continue
            values = ", ".join(f"{self.seat(s)} {'/'.join(map(str, v))}"
                               for s, v in race["values"].items() if v)
            leaders = ", ".join(self.seat(s) for s in race["leaders"]) or self._("race.nobody")
            line = f"{head}: {values + '; ' if values else ''}{self._('race.leads', seats=leaders)}"
            if race["met"]:
                line += "; " + self._("race.met", seats=", ".join(self.seat(s)
                                                                 for s in race["met"]))
            lines.append(line)
        return lines

    def private_context(self, view: Mapping[str, Any], public: Mapping[str, Any]
                        ) -> dict[str, Any]:
        hand = view.get("hand")
        return {"has_hand": hand is not None,
                "hand": [[c, self.card(c), catalog.cards()[c]["summary"].get(self.lang, "")]
                         for c in hand or []],
                "discards": [self.card(c) for c in view.get("my_discards") or []]}
