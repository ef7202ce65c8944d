"""Decision prompts: what is asked, the legal orders, two examples, the deadline.

Everything here reads the Decision's structured options (`engine.options`): the legal
orders are the options grouped by verb (routes ``from -> to`` listed per origin), and the
two examples are orders drawn from those options with a generator seeded by the decision
id, so the same position always shows the same examples.  An example is written with
display names when the game's grammar reads that text back as the same order, else in the
canonical order text.
"""
from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping
from typing import Any, Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.contract import Decision, IllegalOrder
from engine.options import Count, OneOf, Option, SubsetOf
from pbem.reports.cache import decisions_of, view_of
from pbem.reports.presenters import Presenter

MAX_LINES_PER_VERB = 40


# ------------------------------------------------------------------------------ time
def zone(name: str | None) -> ZoneInfo | None:
    """The time zone `name` (IANA, e.g. ``Europe/Moscow``), or None when unknown."""
    if not name:
        return None
    try:
        return ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError):
        return None


def utc_text(moment: dt.datetime | None) -> str:
    if moment is None:
        return ""
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def local_text(moment: dt.datetime | None, tz: str | None) -> str:
    """The moment in the reader's zone (``2026-11-23 15:00 MSK``); empty without a zone or
    when the zone is UTC itself."""
    info = zone(tz)
    if moment is None or info is None or tz in ("UTC", "Etc/UTC"):
        return ""
    local = moment.astimezone(info)
    abbr = local.strftime("%Z")
    if not abbr or abbr.startswith(("+", "-")):
        offset = local.strftime("%z")
        abbr = f"UTC{offset[:3]}:{offset[3:]}"
    return f"{local.strftime('%Y-%m-%d %H:%M')} {abbr}"


def deadline_text(moment: dt.datetime | None, tz: str | None) -> str:
    """``2026-11-23 12:00 UTC``, or with a zone ``2026-11-23 15:00 MSK (12:00 UTC)`` (the UTC
    date too when it differs)."""
    if moment is None:
        return ""
    local = local_text(moment, tz)
    if not local:
        return utc_text(moment)
    utc = moment.astimezone(dt.timezone.utc)
    same_day = utc.date() == moment.astimezone(zone(tz)).date()  # type: ignore[arg-type]
    return f"{local} ({utc.strftime('%H:%M') if same_day else utc.strftime('%Y-%m-%d %H:%M')}" \
        " UTC)"


# ------------------------------------------------------------------------------ options
def _values(domain: Any) -> list[Any]:
    if isinstance(domain, OneOf):
        return list(domain.values)
    if isinstance(domain, SubsetOf):
        return list(domain.values)
    return []


def _merge(domains: list[Any], field: str, pres: Presenter) -> list[str]:
    """The values of one field over several options, as display items."""
    counts = [d for d in domains if isinstance(d, Count)]
    if counts and len(counts) == len(domains):
        low, high = min(d.low for d in counts), max(d.high for d in counts)
        return [str(low) if low == high else f"{low}-{high}"]
    seen: list[Any] = []
    subset = any(isinstance(d, SubsetOf) for d in domains) or field in pres.atomic
    for d in domains:
        for v in _values(d):
            items = v if isinstance(v, (tuple, list)) and not subset else [v]
            for item in items:
                if item not in seen:
                    seen.append(item)
    if not seen:
        return [pres._("word.none")]
    return pres.values(field, seen)


def _constant(option: Option, name: str) -> Any:
    for n, d in option.fields:
        if n == name and isinstance(d, OneOf) and len(d.values) == 1:
            return d.values[0]
    return None


def order_groups(decision: Decision, pres: Presenter,
                 write: Callable[[dict[str, Any]], str] | None = None) -> list[dict[str, Any]]:
    """The legal orders, one group per verb: ``{verb, syntax, lines}``; a line is
    ``{lead, items}`` (``Athens -> `` + destinations, ``card: `` + cards...).  An option
    whose every field has one value is one order: `write` writes it as the player would
    (`example_text`), else its values are listed."""
    verbs: dict[str, list[Option]] = {}
    for option in decision.options.options:
        if option.count() > 0:
            verbs.setdefault(option.verb, []).append(option)
    groups = []
    for verb, options in verbs.items():
        syntax = pres.syntax(verb, options) or " ".join(
            [verb.replace("_", " ")] + [f"<{pres.field(n)}>" for n, _ in options[0].fields])
        lines: list[dict[str, Any]] = []
        names = [n for n, _ in options[0].fields]
        if {"from", "to"} <= set(names) and all(
                _constant(o, "from") is not None and _constant(o, "to") is not None
                for o in options):
            lines = _route_lines(options, pres)
        elif names:
            by_variant: dict[tuple, list[Option]] = {}
            for o in options:
                fixed = tuple((n, _constant(o, n)) for n, d in o.fields
                              if len(o.fields) > 1 and not isinstance(d, Count)
                              and _constant(o, n) is not None)
                by_variant.setdefault(fixed, []).append(o)
            for fixed, opts in by_variant.items():
                fixed_names = {n for n, _ in fixed}
                head = ", ".join(pres.value(n, v) for n, v in fixed
                                 if v not in ((), []))     # no leaders: nothing to say
                rest = [n for n, _ in opts[0].fields if n not in fixed_names]  # its own
                if not rest and head:            # every field has one value: the line is it
                    whole = write({"verb": verb, **dict(fixed)}) if write else head
                    lines.append({"lead": "", "items": [whole]})
                for n in rest:
                    doms = [d for o in opts for m, d in o.fields if m == n]
                    label = f"{head}: " if head and len(rest) == 1 else \
                        (f"{head}, " if head else "") + f"{pres.field(n)}: "
                    lines.append({"lead": label, "items": _merge(doms, n, pres)})
        if len(lines) > MAX_LINES_PER_VERB:
            more = len(lines) - MAX_LINES_PER_VERB
            lines = lines[:MAX_LINES_PER_VERB] + [{"lead": pres._("prompt.more", n=more),
                                                   "items": []}]
        groups.append({"verb": verb, "syntax": syntax, "lines": lines})
    return groups


def _route_lines(options: list[Option], pres: Presenter) -> list[dict[str, Any]]:
    """``Athens -> Coron, Larissa`` (destinations per origin), then a line with the other
    fields' values for that origin (``units: 1-4; leaders: Suleiman``)."""
    routes: dict[Any, list[Any]] = {}
    extra: dict[Any, dict[str, list[Any]]] = {}
    for o in options:
        origin, dest = _constant(o, "from"), _constant(o, "to")
        routes.setdefault(origin, [])
        if dest not in routes[origin]:
            routes[origin].append(dest)
        for n, d in o.fields:
            if n not in ("from", "to"):
                extra.setdefault(origin, {}).setdefault(n, []).append(d)
    lines = []
    none = [pres._("word.none")]
    for origin, dests in routes.items():
        lines.append({"lead": f"{pres.value('from', origin)} -> ",
                      "items": [pres.value("to", b) for b in dests]})
        details = [f"{pres.field(n)}: {', '.join(values)}"
                   for n, ds in extra.get(origin, {}).items()
                   if (values := _merge(ds, n, pres)) != none]
        if details:
            lines.append({"lead": "  ", "items": ["; ".join(details)]})
    return lines


# ------------------------------------------------------------------------------ examples
def example_orders(decision: Decision, count: int = 2) -> list[dict[str, Any]]:
    """`count` distinct legal orders drawn deterministically (seeded by the decision id),
    preferring orders with fields and different verbs."""
    rng = random.Random(f"pbem-example:{decision.id}:{decision.seat}")
    live = [o for o in decision.options.options if o.count() > 0]
    rich = [o for o in live if o.fields] or live
    verbs: list[str] = []
    for o in rich:
        if o.verb not in verbs:
            verbs.append(o.verb)
    picked: list[dict[str, Any]] = []
    for verb in verbs:
        if len(picked) >= count:
            break
        order = rng.choice([o for o in rich if o.verb == verb]).draw(rng)
        if order not in picked:
            picked.append(order)
    tries = 0
    while len(picked) < count and tries < 20:
        tries += 1
        order = rng.choice(rich).draw(rng)
        if order not in picked:
            picked.append(order)
    for o in live:
        if len(picked) >= count:
            break
        if not o.fields and {"verb": o.verb} not in picked:
            picked.append({"verb": o.verb})
    return picked[:count]


def example_text(game: Any, decision: Decision, order: dict[str, Any],
                 pres: Presenter) -> str:
    """The order as a player would write it: display names when the grammar agrees."""
    rules = game.rules
    canonical = rules.order_text(order)
    friendly = pres.friendly(order)
    if friendly == order:
        return canonical
    try:
        text = rules.order_text(friendly)
        if rules.parse(game.state, decision, text) == rules.parse(game.state, decision,
                                                                   canonical):
            return text
    except (IllegalOrder, KeyError, TypeError, ValueError):
        pass
    return canonical


# ------------------------------------------------------------------------------ prompts
def asked(game: Any, seat: str, pres: Presenter, tz: str | None,
          view: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The open decisions of `seat` as template contexts."""
    out = []
    view = view if view is not None else view_of(game, seat)
    standing = view.get("standing_orders") if isinstance(view, dict) else None
    for decision in decisions_of(game, seat):
        deadline = game.deadline(decision)
        applying = _standing(standing, decision, pres)
        out.append({
            "id": decision.id, "kind": decision.kind,
            "prompt": pres.prompt(decision, view),
            "deadline": deadline_text(deadline, tz),
            "deadline_utc": utc_text(deadline),
            "groups": order_groups(decision, pres,
                                   lambda order: example_text(game, decision, order, pres)),
            "examples": [example_text(game, decision, o, pres)
                         for o in example_orders(decision)],
            "window": decision.closes_on_done,
            "standing": applying,
            "standing_hint": [] if applying else standing_hint(game, decision),
        })
    return out


def standing_hint(game: Any, decision: Decision) -> list[str]:
    """How the seat could answer questions like `decision` in advance next time: one
    ``STANDING <kind> <policy>|…`` line per standing-order kind that may answer it
    (`engine.contract.Rules.standing_lookup`), so an off-turn question costs one round trip
    by mail at most once."""
    kinds = game.rules.standing_kinds()
    return [f"STANDING {kind} {' | '.join(kinds[kind])}"
            for kind in game.rules.standing_lookup(decision) if kind in kinds]


def _standing(standing: Any, decision: Decision, pres: Presenter) -> list[str]:
    """The seat's standing orders that apply to this decision (when the view has any)."""
    if not standing:
        return []
    if isinstance(standing, Mapping):
        chosen = standing.get(decision.kind, standing.get("all", []))
        items = chosen if isinstance(chosen, list) else [chosen]
    else:
        items = list(standing)
    return [str(x) for x in items if x]


def awaited(game: Any, pres: Presenter, tz: str | None, seat: str | None = None
            ) -> list[dict[str, str]]:
    """Who is asked what and until when; private questions only to their own seat."""
    rows = []
    for d in decisions_of(game):
        if d.private and d.seat != seat:
            continue
        rows.append({"seat": pres.seat(d.seat), "what": pres.kind(d.kind),
                     "until": deadline_text(game.deadline(d), tz)})
    return rows
