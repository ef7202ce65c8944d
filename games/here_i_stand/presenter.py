"""How Here I Stand reads in a mail: `HereIStandPresenter` (``HereIStand.presenter``).

Powers, keys, armies by space, religion, cards with their summaries; every log line, prompt
and refusal from the game's catalogs (``templates/i18n/``) by its structured message.

Rules: none (presentation)
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from engine.contract import Decision, Reason
from engine.options import OneOf, Option
from games.here_i_stand import facts
from games.here_i_stand.catalog import load_pieces, load_tables
from games.here_i_stand.mapdata import load_map
from pbem.reports.presenters import Order, Presenter, is_message
from pbem.reports.templating import wrap


HIS_MAJORS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
UNIT_KINDS = ("regulars", "mercenaries", "cavalry", "squadrons", "corsairs")


class HereIStandPresenter(Presenter):
    """Here I Stand: powers, keys, armies by space, religion, cards with summaries."""

    rules = "here-i-stand"
    atomic = ("losses", "split")

    # ------------------------------------------------------------------ data
    @staticmethod
    def _map() -> Any:
        return load_map()

    @staticmethod
    def _facts() -> Any:
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

    def seat(self, seat: str | None) -> str:
        """A seat's name: its power, or the powers one player holds (``Hapsburgs + Papacy``,
        §3.1)."""
        return " + ".join(self.power(p) for p in seat.split("+")) if seat else self.power(seat)

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
        if field in ("leaders", "leader"):
            if isinstance(value, (tuple, list)):
                return ", ".join(self.leader(v) for v in value) or self._("word.none")
            return self.leader(value)
        if field == "mode":
            return self.maybe(f"mode.{value}", str(value)) or str(value)
        if field == "unit":
            return self.maybe(f"unit.{value}", str(value)) or str(value)
        if HIS_PARAMS.get(field) == "power":          # power, minor, target, owner...
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
        if isinstance(out.get("leader"), str):
            out["leader"] = self.leader(out["leader"])
        for key in ("power", "minor"):
            if isinstance(out.get(key), str) and out[key] in self._power_ids():
                out[key] = self.power(out[key])
        item = out.get("item")
        if out.get("verb") == "BUY_BACK" and isinstance(item, (list, tuple)):
            out["item"] = (f"LEADER {self.leader(item[1])}" if item[0] == "leader" else
                           f"{self.space(item[1])} AND {self.space(item[2])}"
                           if item[0] == "pair" else "ALL" if item[0] == "all"
                           else self.space(item[1]))
        if isinstance(out.get("parties"), (list, tuple)):
            out["parties"] = tuple(self.hint(p) for p in out["parties"])
        if isinstance(out.get("terms"), (list, tuple)):   # agreement terms: (KIND, values...)
            out["terms"] = tuple(tuple(self.hint(v) if isinstance(v, str) and i else v
                                       for i, v in enumerate(term)) for term in out["terms"])
        return out

    def syntax(self, verb: str, options: Sequence[Option] = ()) -> str | None:
        """A retreat shows only its forms legal here: TO a space (with INSIDE when some
        units may go in as well, §14.1), INSIDE alone (§15.2), a bare RETREAT where the
        question has no place to name (after a withdrawal, §13.4)."""
        if verb != "RETREAT" or not options:
            return super().syntax(verb, options)
        fields = [dict(o.fields) for o in options]
        away = [f for f in fields if "to" in f and None not in f["to"].each()]
        forms = []
        if len(away) < len(fields) and any("to" not in f for f in fields):
            forms.append("RETREAT")
        if away:
            inside = any(n for f in away for n in f.get("inside", OneOf((0,))).each())
            forms.append(self._("syntax.RETREAT_TO_INSIDE" if inside else "syntax.RETREAT_TO"))
        if any("to" in f and None in f["to"].each() for f in fields):
            forms.append(self._("syntax.RETREAT_INSIDE"))
        return self._("syntax.RETREAT_OR").join(forms)

    def prompt(self, decision: Decision, view: Mapping[str, Any] | None = None) -> str:
        """The catalog's words in English too: they name spaces, cards and powers as the
        reports do (the rules' own prompts use ids)."""
        text = self.catalog_prompt(decision, view)
        power = (decision.context or {}).get("for_power")   # a grouped seat's power (§3.1)
        return f"{self.power(power)}: {text}" if power else text

    def prompt_args(self, decision: Decision, view: Mapping[str, Any]) -> dict[str, Any]:
        """Values the translated prompts name: the decision's context (power ids as names,
        spaces, cards, faiths and zones in the reader's language)."""
        args: dict[str, Any] = {"turn": view.get("turn")}
        for key, value in (decision.context or {}).items():
            if key == "side":
                value = self.maybe(f"faith.{value}", str(value))
            elif key in ("from", "to", "space"):
                value = self.space(str(value))
            elif key in ("ports", "spaces"):
                value = ", ".join(self.space(str(x)) for x in value)
            elif key == "zones":
                value = ", ".join(self.maybe(f"zone.{z}", str(z)) or str(z) for z in value)
            elif key == "zone":
                value = self.maybe(f"zone.{value}", str(value)) or str(value)
            elif key == "debater":
                value = self.debater(str(value))
            elif key == "card" and isinstance(value, int):
                value = self.card(value)
            elif key == "leaders" and isinstance(value, (list, tuple)):
                value = ", ".join(self.leader(str(x)) for x in value)
            elif key == "movers":                   # relocated units and leaders (§9.3)
                value = ", ".join([self.param("stack", value["stack"])] * bool(value["stack"])
                                  + [self.leader(str(x)) for x in value["leaders"]])
            elif key == "leader" and isinstance(value, str):
                value = self.leader(value)
            elif key in ("window", "action"):
                value = self.maybe(f"{key}_word.{value}", str(value)) or str(value)
            elif key == "why_msg" and is_message(value):
                key, value = "why", self.message(value)
            elif key == "effects":                  # a card on minor powers (§22.2)
                value = ", ".join(self.message(x) for x in value)
            elif key == "stacks":                   # interception (§13.2)
                key, value = "odds", "; ".join(self._(
                    "odds.intercept", space=self.space(sid), units=n,
                    leaders="".join(", " + self.leader(lid) for lid in leaders), chance=chance)
                    for sid, n, leaders, chance in value)
            elif key == "powers" and isinstance(value, (list, tuple)):
                value = ", ".join(self.power(str(p)) for p in value)
            elif key == "voyages":                  # a voyage to cancel (§20)
                value = ", ".join(self._nw_voyage(*str(v).split()) for v in value)
            elif key == "targets":                  # avoiding battle (§13.3)
                key, value = "odds", self._(
                    "odds.avoid", targets=", ".join(self.space(x) for x in value) or "—",
                    chance=decision.context.get("chance", "?"))
            elif isinstance(value, str) and value in self._power_ids():
                value = self.power(value)
            args[key] = value
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
        if not is_message(line):
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
        if is_message(value):
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
        if kind in ("explorer", "nw_token"):
            return self._nw_name(kind, str(value))
        if kind == "nw_voyage":
            return self.maybe(f"status.nw_voyage.{value}", str(value))
        if kind == "zone":
            return self.maybe(f"zone.{value}", str(value))
        if kind == "zones":
            return ", ".join(self.maybe(f"zone.{z}", str(z)) for z in value)
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
            return "; ".join(self.message(x) if is_message(x) else str(x) for x in value)
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
            "sea": self._sea(view),
            "deck_count": view.get("deck_count", 0),
            "removed_count": view.get("removed_count", 0),
            "discard": [self.card(c["number"]) for c in view.get("discard") or []],
            "home_played": [self.card(c["number"]) for c in view.get("home_cards_played")
                            or []],
        }

    def _sea(self, view: Mapping[str, Any]) -> dict[str, str]:
        """Piracy markers (zones pirated this turn, §16.4) and the ships and naval leaders
        lost until the next turn (§16.2 step 10)."""
        out = view.get("naval_out") or {}
        lost = [f"{self.power(p)} {self.unit_text(c)}"
                for p, c in sorted((out.get("units") or {}).items()) if any(c.values())]
        lost += [self.leader(l) for l in out.get("leaders") or []]
        none = self._("word.none")
        return {"piracy": ", ".join(self.space(z) for z in view.get("piracy_zones") or [])
                or none, "out": "; ".join(lost) or none}

    def _pair(self, pair: Iterable[str]) -> str:
        return " – ".join(self.power(p) for p in pair)

    def _excommunicated(self, who: Any) -> str:
        """A power under the excommunication marker, or a reformer or ruler a Bull struck."""
        text = str(who)
        if text in self._power_ids():
            return self.power(text)
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
                siege = rec.get("siege") or {}
                if p in siege.get("besieged", ()):
                    note = " ".join(filter(None, [note, self._("status.besieged")]))
                elif p in siege.get("besiegers", ()):
                    note = " ".join(filter(None, [note, self._("status.besieging")]))
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
            if rec.get("religion") == "protestant" and sp is not None and not rec.get("unrest"):
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
        lost = view.get("debaters_lost") or {}
        return {"protestant_spaces": view.get("protestant_spaces", 0), "by_zone": by_zone,
                "unrest": sorted(unrest), "reformers": reformers, "debaters": debaters,
                "universities": [self.space(s) for s in view.get("universities") or []],
                "excommunications": [self._excommunicated(x)
                                     for x in view.get("excommunications") or []],
                "burned": [self.debater(d) for d in lost.get("burned", [])],
                "disgraced": [self.debater(d) for d in lost.get("disgraced", [])],
                "translations": translation_rows,
                "st_peters_cp": st.get("cp", 0), "st_peters_vp": st.get("vp", 0),
                "this_turn": [self.card(c) for c in view.get("religion_this_turn") or []]}

    def _nw_name(self, kind: str, pid: str) -> str:
        """An explorer's, conquistador's or New World token's name (§20)."""
        if kind == "explorer":
            pieces = load_pieces()
            p = pieces.explorers.get(pid) or pieces.conquistadors.get(pid)
            return self._pick(p.name_en, p.name_ru) if p else pid
        nw = load_tables().data["new_world"]
        for row in (*nw["exploration"]["discoveries"], *nw["conquest"]["conquests"]):
            if row["id"] == pid:
                return self._pick(row["name"]["en"], row["name"]["ru"])
        return self.maybe(f"status.nw_token.{pid}", pid.replace("_", " "))

    def _nw_voyage(self, power: str, word: str) -> str:
        return f"{self.power(power)} ({self.maybe(f'status.nw_voyage.{word.lower()}', word)})"

    def _nw_found(self, data: Mapping[str, Any], token: str, power: str) -> str:
        """A discovery or conquest with its power, its explorer or conquistador, depleted."""
        who = [self.power(power)]
        pid = (data.get("found_by") or {}).get(token)
        if pid:
            who.append(self._nw_name("explorer", pid))
        if token in (data.get("depleted") or ()):
            who.append(self._("status.nw_depleted"))
        return f"{self._nw_name('nw_token', token)} ({', '.join(who)})"

    def _new_world(self, data: Any) -> list[str]:
        """The New World lines of the status (§20): crossing (with a known explorer and the
        +2 of an event), the voyages cancelled until next turn, discoveries and conquests
        (with who made them), colonies, and the Galleons, Plantations and raider markers."""
        if not data:
            return []
        out = []
        crossing = []
        for i in data.get("crossing_atlantic") or []:
            text = self._("status.nw_marker." + i["marker"], power=self.power(i["power"]))
            extra = ([self._nw_name("explorer", i["explorer"])] if i.get("explorer") else [])
            extra += [f"+{i['bonus']}"] if i.get("bonus") else []
            crossing.append(text + (f" [{', '.join(extra)}]" if extra else ""))
        if crossing:
            out.append(self._("status.nw_crossing", items=", ".join(crossing)))
        waiting = [self._("status.nw_marker." + i["marker"], power=self.power(i["power"]))
                   for i in data.get("turn_track") or []]
        if waiting:
            out.append(self._("status.nw_turn_track", items=", ".join(waiting)))
        for key in ("discoveries", "conquests"):
            found = [self._nw_found(data, t, p) for t, p in (data.get(key) or {}).items()]
            if found:
                out.append(self._(f"status.nw_{key}", items=", ".join(found)))
        colonies = [f"{self._nw_name('nw_token', c['name'])} ({self.power(c['power'])})"
                    for c in data.get("colonies") or []]
        if colonies:
            out.append(self._("status.nw_colonies", items=", ".join(colonies)))
        markers = [self._(f"status.nw_marker_of.{key}", power=self.power(p))
                   for key in ("galleons", "plantations", "raiders") for p in data.get(key) or ()]
        if markers:
            out.append(self._("status.nw_markers", items=", ".join(markers)))
        return out

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
            mark = f" [{self.power(c['power'])}]" if c.get("power") else ""
            hand.append({"ref": f"#{c['number']}", "name": self.card_name(c["number"]) + mark,
                         "cp": c.get("cp"), "type": self.maybe(f"card_type.{c.get('type')}",
                                                               str(c.get("type"))),
                         "summary": self.card_summary(c["number"])})
        return {"has_hand": "hand" in view, "hand": hand,
                "secret": self.secret_lines(view, public)}

    def secret_lines(self, view: Mapping[str, Any], public: Mapping[str, Any]) -> list[str]:
        """The seat's own section: its private log, its proposals (terms in words, who
        proposed, who accepted, the state), its sealed Diet of Worms card; the rest as the
        generic presenter shows it."""
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


#: The kind of each parameter of Here I Stand's structured messages (log entries, refusals),
#: by its name: how `HereIStandPresenter.param` shows it.  A name not listed is shown as
#: text; the catalog tests require every name the rules use to be listed.
HIS_PARAMS: dict[str, str] = {
    **{n: "power" for n in ("power", "power2", "other", "winner", "loser", "declarer",
                            "target", "minor", "giver", "receiver", "captor", "activator",
                            "owner", "side", "major")},
    "powers": "powers", "defenders": "powers", "besieged": "powers",
    **{n: "space" for n in ("space", "src", "dst", "port", "sea", "where", "to")},
    "spaces": "spaces", "route": "route",
    "card": "card", "card2": "card", "cards": "cards", "cards_by": "cards_by",
    "leader": "leader", "leader2": "leader", "leaders": "leaders",
    "debater": "debater", "debater2": "debater", "debaters": "debaters", "reformer": "reformer",
    "zone": "zone", "zones": "zones",
    "ruler": "ruler", "ruler2": "ruler",
    "unit": "unit", "stack": "stack", "mix": "mix",
    "faith": "faith", "marital": "marital",
    "rolls": "rolls", "rolls2": "rolls", "rolls3": "rolls", "attacker_rolls": "rolls",
    "defender_rolls": "rolls",
    "attacker": "power", "defender": "power", "target": "power", "reward": "text",
    "squadrons": "num", "corsairs": "num", "sunk": "num", "hit": "num",
    "counts": "counts",
    "why": "message", "term": "message", "terms": "messages",
    **{n: "num" for n in ("n", "cp", "vp", "units", "roll", "hits", "hits2", "left",
                          "attempt", "total", "lost", "dice", "dice2", "result", "result2",
                          "turn", "owed", "have", "need", "limit", "count", "attacker_dice",
                          "defender_dice", "attacker_hits", "defender_hits",
                          "attacker_losses", "defender_losses")},
    "odds": "text", "window": "text", "modifier": "text", "owners": "powers", "barred": "space",
    "text": "text", "game": "text", "verb": "text", "verbs": "words", "what": "what", "seat": "power",
    "hints_cards": "cards", "hints_spaces": "spaces", "hints_leaders": "leaders",
    "explorer": "explorer", "conquistador": "explorer", "token": "nw_token", "mod": "num",
    "colony": "nw_token", "choices": "words", "voyage": "nw_voyage", "fits": "text",
    "effects": "messages",
}
