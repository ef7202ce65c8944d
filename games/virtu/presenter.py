"""How Virtù reads in a mail: `VirtuPresenter` (``VirtuRules.presenter``).  Names come from
the data kit's ``name: {en, ru}`` (the rulebook's Russian names).

Rules: none (presentation)
"""
from __future__ import annotations

from typing import Any, Mapping

from engine.contract import Decision
from games.virtu.kit import builtin
from pbem.reports.presenters import Presenter

#: Message parameters that name a city.
CITY_PARAMS = ("city",)


class VirtuPresenter(Presenter):
    """Virtù: the Year and season, each palace, the cities, the alliances, the tracks."""

    rules = "virtu"

    # ------------------------------------------------------------------ names
    def name(self, group: Mapping[str, Any], key: str) -> str:
        entry = group.get(key)
        names = entry.get("name") if isinstance(entry, Mapping) else None
        return names.get(self.lang, names.get("en", key)) if isinstance(names, Mapping) else key

    def city(self, city: str) -> str:
        return self.name(builtin()["map"]["cities"], city)

    def card(self, card: Any) -> str:
        kit = builtin()
        for group in (kit["nobles"]["nobles"], kit["families"]["cards"],
                      kit["patronage"]["bonuses"]):
            if card in group:
                return self.name(group, card)
        return str(card)

    def token(self, token: str) -> str:
        kit = builtin()
        cities = kit["tokens"]["cities"]
        if token in cities:
            return self.city(cities[token]["city"])
        if token in kit["tokens"]["titles"]:
            title = kit["tokens"]["titles"][token]
            return self._(f"title_kind.{title['kind']}")
        if token in kit["tokens"]["guilds"]:
            return self.name(kit["tokens"]["guilds"], token)
        if token.startswith("cathedral_"):
            return self._("word.cathedral", city=self.city(token[len("cathedral_"):]))
        return self.card(token)

    def spot(self, spot: str) -> str:
        """An Agent's place: a city, a Room of a palace, an Alliance."""
        kind, _, rest = spot.partition("_")
        if kind == "city":
            return self.city(rest)
        if kind == "room":
            owner, _, n = rest.rpartition("_")
            return self._("word.room_of", n=n, seat=self.seat(owner))
        return self.power(rest)

    def power(self, power: str) -> str:
        return self.name(builtin()["rules"]["alliances"], power)

    def where(self, source: str) -> str:
        """A payment source: the Room's card, Upgrade or printed symbol, a courtier space, a
        Domain token, an Alliance."""
        if source in ("card", "upgrade", "printed", "token"):
            return self._(f"word.{source}")
        if source == "france":
            return self.power(source)
        if source.startswith("ally_"):
            return self.power(source[5:])
        if len(source) == 2 and source[0] in "lr":
            return self._("word.space", slot=source)
        return self.token(source)

    def source(self, token: str) -> str:
        """A payment choice ``<source>:<resource>``."""
        source, _, resource = token.partition(":")
        return f"{self.where(source)}: {self._(f'resource.{resource}')}"

    def value(self, field: str, value: Any) -> str:
        if field == "city":
            return self.city(str(value))
        if field in ("source", "target") and isinstance(value, str) and ":" in value:
            return self.source(value)
        if field in ("source", "target") and str(value).startswith(("city_", "room_", "ally_")):
            return self.spot(str(value))
        if field == "source" and value != "supply":
            return self.where(str(value))
        if field == "power":
            return self.power(str(value))
        if field == "take":                     # the word to write, and what it gives
            return f"{value} ({self._(f'word.{value}')})"
        if field in ("bonus", "item"):
            return self.token(str(value)) if field == "item" else self.card(value)
        if field == "move":
            start, _, to = str(value).partition("-")
            return f"{start} → {to}"
        if field == "route":
            start, _, to = str(value).partition("-")
            return f"{self.city(start)} → {self.city(to)}"
        return super().value(field, value)

    def values(self, field: str, values: list[Any]) -> list[str]:
        """The ~200 placements of the Family cards (S3) as their rule and one example."""
        if field == "layout" and len(values) > 3:
            return [self._("prompt.layouts", n=len(values), example=values[0])]
        return super().values(field, values)

    def param(self, name: str, value: Any) -> Any:
        if name in CITY_PARAMS and isinstance(value, str):
            return self.city(value)
        if name in ("start", "to") and isinstance(value, str):
            return self.city(value) if value in builtin()["map"]["cities"] else value
        if name in ("rival", "winner", "loser", "owner", "usurped") and isinstance(value, str):
            return self.seat(value) if value else self._("word.nobody")
        if name == "order" and isinstance(value, list):
            return ", ".join(self.seat(s) for s in value)
        if name in ("item", "token"):
            return self.token(str(value))
        if name == "bonus":
            return self.card(value)
        if name == "power":
            return self.power(str(value))
        if name in ("action", "current"):
            return self._(f"action.{value}")
        if name == "target":
            return self.spot(str(value))
        if name == "resource":
            return self._(f"resource.{value}")
        if name == "source":
            return self.where(str(value))
        if name in ("cost", "have", "symbols") and isinstance(value, Mapping):
            return self.symbols(value)[2:-1] or "0"
        if name in ("take", "by", "pay"):
            return self._(f"word.{value}")
        return super().param(name, value)

    # ------------------------------------------------------------------ phases
    def phase_key(self, view: Mapping[str, Any]) -> tuple:
        return (view.get("year"), view.get("season"))

    def phase_name(self, view: Mapping[str, Any]) -> str:
        return self._(f"phase.{view.get('season')}")

    def phase_title(self, view: Mapping[str, Any]) -> str:
        return self._("report.year", year=view.get("year"), phase=self.phase_name(view))

    def prompt(self, decision: Decision, view: Mapping[str, Any] | None = None) -> str:
        """The Family prompt names the cards in the order FAMILY places them (§2.2)."""
        if decision.kind == "family":
            return self.catalog_prompt(decision, view)
        return super().prompt(decision, view)

    def prompt_args(self, decision: Decision, view: Mapping[str, Any]) -> dict[str, Any]:
        context = decision.context or {}
        stage, city = context.get("stage"), context.get("city")
        return {"stage": self._(f"stage.{stage}") if stage else "",
                "cards": self.family_cards(decision.seat),
                **({"city": self.city(str(city))} if city else {})}

    def family_cards(self, seat: str) -> str:
        """A family's 3 cards in the order FAMILY places them, each with its action (§2.2)."""
        cards = builtin()["families"]["cards"]
        return ", ".join(f"{self.card(c)} ({self.card_action(v['action'])})"
                         for c, v in cards.items() if v["family"] == seat)

    def card_action(self, action: str | None) -> str:
        return self._(f"action.{action}") if action else self._("word.no_action")

    # ------------------------------------------------------------------ reports
    def data_note(self, view: Mapping[str, Any]) -> str:
        """Every mail of a game on provisional component data says so (§15)."""
        return self._("status.provisional") if view.get("provisional") else ""

    def status_context(self, view: Mapping[str, Any]) -> dict[str, Any]:
        players = view.get("players") or {}
        order = list(view.get("order") or [])
        rows = [[self.seat(s), players[s]["florins"], players[s]["cities"], players[s]["troops"],
                 f"{players[s]['agents_placed']}/{players[s]['agents']}", players[s]["patronage"],
                 players[s]["marker"] or "-"]
                for s in order if s in players]
        return {"provisional": view.get("provisional"), "final": view.get("final"),
                "order": ", ".join(self.seat(s) for s in order),
                "rows": rows, "palaces": [self.palace(s, players[s]) for s in order],
                "cities": self.cities(view), "alliances": self.alliances(view),
                "supply": self.supply(view), "pool": self.pool(view.get("pool") or {}),
                "scores": self.score_rows(view), "final_scores": view.get("final_scores")}

    def palace(self, seat: str, p: Mapping[str, Any]) -> dict[str, Any]:
        kit = builtin()
        printed = kit["palaces"]["palaces"].get(seat, {}).get("rooms", [])
        rooms = []
        for n, room in enumerate(p["rooms"], start=1):
            action = printed[n - 1] if n <= len(printed) else None
            if room["card"] and kit.card(room["card"])["action"]:
                action = kit.card(room["card"])["action"]       # the card's replaces it
            parts = [self._(f"action.{action}") if action else "?"]
            if room["card"]:
                parts.append(self.held(room["card"]))
            if room["upgrade"]:
                parts.append("+ " + self.held(room["upgrade"]))
            if room["indulgence"]:
                parts.append(self._("word.indulgence"))
            if room["agent"]:
                parts.append(self._("word.agent_of", seat=self.seat(room["agent"])))
            marker = " *" if p["marker"] == n else ""
            rooms.append(f"{n}{marker} " + ", ".join(parts))
        courtiers = [f"{slot} {self.held(held['card'])}" +
                     (f" ({self._('word.used')})" if held["used"] else "")
                     for slot, held in p["courtiers"].items() if held]
        domain = [self.domain_token(t) + (f" ({self._('word.used')})" if used else "")
                  for t, used in p["domain"].items()]
        return {"seat": self.seat(seat), "rooms": rooms, "courtiers": courtiers,
                "domain": domain, "bonuses": [self.card(b) for b in p["bonuses"]],
                "trophies": [self.seat(s) for s in p["trophies"]], "war": p["war"]}

    def domain_token(self, token: str) -> str:
        """A Domain token with the symbols it pays with: ``Florence [3 florins]``."""
        return self.token(token) + self.symbols(builtin().token(token)["resources"])

    def held(self, card: str) -> str:
        """A card in a palace with the symbols of its bottom strip."""
        return self.card(card) + self.symbols(builtin().card(card)["resources"])

    def symbols(self, resources: Mapping[str, int]) -> str:
        """`` [2 Crowns]``: what a card or token pays with ('' when nothing)."""
        shown = ", ".join(self._("word.symbol", n=n, resource=self.resource(r, n))
                          for r, n in resources.items())
        return f" [{shown}]" if shown else ""

    def resource(self, resource: str, n: int) -> str:
        """A resource's name for `n` of it (a language may name one apart: '1 Crown')."""
        return (n == 1 and self.maybe(f"resource_one.{resource}", None)) \
            or self._(f"resource.{resource}")

    def cities(self, view: Mapping[str, Any]) -> list[str]:
        lines = []
        stability = builtin()["map"]["cities"]
        for city, v in (view.get("cities") or {}).items():
            parts = [self.seat(v["owner"]) if v["owner"] else self._("word.neutral")]
            for seat, n in (v.get("troops") or {}).items():
                parts.append(self._("word.troops", n=n) if seat == v["owner"] else
                             self._("word.besiegers", seat=self.seat(seat), n=n))
            if v["agent"]:
                parts.append(self._("word.agent_of", seat=self.seat(v["agent"])))
            if v["cathedral"]:
                parts.append(self._("word.cathedral_here"))
            lines.append(f"{self.city(city)} ({stability.get(city, {}).get('stability', '?')}): "
                         + ", ".join(parts))
        return lines

    def alliances(self, view: Mapping[str, Any]) -> list[str]:
        lines = []
        for power, a in (view.get("alliances") or {}).items():
            holder = self.seat(a["holder"]) if a["holder"] else self._("word.nobody")
            state = "" if not a["holder"] else (
                f", {self._('word.bonus_ready') if a['active'] else self._('word.bonus_used')}")
            agent = f", {self._('word.agent_of', seat=self.seat(a['agent']))}" if a["agent"] else ""
            lines.append(f"{self.power(power)}: {holder}{state}{agent}")
        return lines

    def supply(self, view: Mapping[str, Any]) -> list[str]:
        s = view.get("supply") or {}
        nobles = ", ".join(f"{self.card(n)} {c}" for n, c in (s.get("nobles") or {}).items() if c)
        return [self._("status.supply_nobles", list=nobles),
                self._("status.supply_bonuses", list=", ".join(self.card(b) for b in
                                                               s.get("bonuses") or [])),
                self._("status.supply_rest", titles=len(s.get("titles") or []),
                       guilds=len(s.get("guilds") or []), cathedrals=s.get("cathedrals", 0),
                       indulgences=s.get("indulgences", 0))]

    def pool(self, pool: Mapping[str, int]) -> str:
        return ", ".join(f"{self._(f'resource.{r}')} {n}" for r, n in pool.items()
                         if r != "refresh")

    def score_rows(self, view: Mapping[str, Any]) -> list[str]:
        """One line a player: the total and its sources (§10)."""
        scores = view.get("scores") or {}
        return ["  " + self._("status.score_line", seat=self.seat(s), **t)
                for s, t in scores.items()]

    def private_context(self, view: Mapping[str, Any], public: Mapping[str, Any]
                        ) -> dict[str, Any]:
        return {"layout": (view.get("my_layout") or "").partition(": ")[2]}
