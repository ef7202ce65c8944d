"""Every order a prompt writes out is a valid order of the question it answers.

A Here I Stand game and a testgame are walked by bots through many kinds of decision; at
each new kind the prompt is rendered for the asked seat in English and Russian
(`pbem.reports.mails.compose`), and every order it writes in full (the examples and the
legal-order lines that are one whole order, such as a proposal) must be in the mail and
parse, with the game's own parser, to a legal order of that decision.  Syntax lines are
templates (``REFORM <space>``): each ``<placeholder>`` is replaced by a value of a legal
order; every form must parse and one must be legal.
"""
from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest

from engine import standing
from engine.contract import Decision, IllegalOrder, Rules
from engine.game import Game
from engine.registry import get
from pbem.reports import asked_for, presenter
from pbem.reports.mails import compose

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
_PLACEHOLDER = re.compile(r"<([^<>]+)>")


def written_orders(game: Game, decision: Decision, lang: str) -> tuple[list[str], list[str]]:
    """The whole orders and the syntax templates the `lang` prompt of `decision` shows: a
    legal-orders line without a lead (``Athens -> ``, ``card: ``) is one whole order."""
    item = next(a for a in asked_for(game, decision.seat, lang) if a["id"] == decision.id)
    orders = list(item["examples"])
    templates = []
    for group in item["groups"]:
        orders += [line["items"][0] for line in group["lines"] if not line["lead"]]
        templates.append(group["syntax"])
    return orders, templates


def forms(template: str) -> list[str]:
    """Each form of a syntax template (``A   or   B``) with its optional ``[...]`` parts, its
    repetition (``...``) and its note (``(a block: ...)``) dropped; a repeated placeholder
    (``<card>, <card>``) stands for the whole list."""
    out = []
    for form in re.split(r"\s{3}\S+\s{3}", template.split("   (")[0]):
        form = re.sub(r"\s*\[[^\]]*\]", "", form).split("...")[0].strip().rstrip(",;")
        out.append(re.sub(r"(<[^>]+>)(, \1)+", r"\1", form))   # <card>, <card>: the list
    return out


#: The placeholder of a unit mix in a syntax template (``LOSE <n>R <n>M <n>C``).
MIX = "<n>R <n>M <n>C"


def fillings(form: str, decision: Decision, game: Game, lang: str, rng: random.Random
             ) -> list[str]:
    """`form` with every ``<field>`` replaced by the values of legal orders drawn from the
    decision (display names, as `Presenter.friendly` writes them; a ``<A|B>`` choice by the
    order's own); placeholders match fields by label, else in order.  Forms whose fields are
    structured (agreement terms) are covered by their whole-order lines instead."""
    pres = presenter(game, lang)
    live = [o for o in decision.options.options
            if o.count() > 0 and o.verb.split("_")[0] == form.split()[0]]
    out = []
    for _ in range(12 if live else 0):
        drawn = rng.choice(live).draw(rng)
        order = pres.friendly(drawn)
        if any(isinstance(v, (list, tuple)) and v and isinstance(v[0], (list, tuple))
               for v in order.values()):
            continue
        fields = [n for n in order if n != "verb"]
        labels = {pres.field(n): n for n in fields}
        mixes = [n for n in fields if isinstance(order[n], (list, tuple))
                 and len(order[n]) == 3 and all(isinstance(x, int) for x in order[n])]
        text = form
        if MIX in form and mixes:   # a unit mix (R M C) is written as its three counts
            fields.remove(mixes[0])
            text = form.replace(MIX, " ".join(f"{n}{u}" for n, u in zip(order[mixes[0]],
                                                                          "RMC")))

        def value(m: re.Match) -> str:
            name = m.group(1)
            if "|" in name:
                choice = str(drawn.get("unit", "")).upper()
                return choice if choice in name.split("|") else name.split("|")[0]
            field = labels.get(name) or labels.get(name + "s") or \
                (fields.pop(0) if fields else name)
            if field in fields:
                fields.remove(field)
            v = order.get(field)
            return ", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
        out.append(_PLACEHOLDER.sub(value, text))
    return out


def legal(rules: Rules, game: Game, decision: Decision, text: str) -> bool:
    """`text` parses to an order the decision admits (proposals and answers to them are
    checked when applied: their options list examples only)."""
    try:
        order = rules.parse(game.state, decision, text)
    except IllegalOrder:
        return False
    return decision.options.admits(order) or order["verb"] in (
        "PROPOSE", "ACCEPT", "REJECT", "WITHDRAW")


def standing_hints_parse(rules: Rules, game: Game, decision: Decision, lang: str,
                         mail: str) -> int:
    """The prompt names the standing orders that could answer `decision` in advance
    (`pbem.reports.prompts.standing_hint`), in the mail; every policy written without a
    placeholder is accepted by the STANDING parser.  Returns how many were parsed."""
    item = next(a for a in asked_for(game, decision.seat, lang) if a["id"] == decision.id)
    kinds = rules.standing_kinds()
    expected = [k for k in rules.standing_lookup(decision) if k in kinds]
    assert len(item["standing_hint"]) == len(expected), (decision.kind, item["standing_hint"])
    count = 0
    for line, kind in zip(item["standing_hint"], expected):
        assert line in mail.replace("\n        ", " "), (decision.kind, lang, line)
        for policy in kinds[kind]:
            if "<" not in policy:
                assert standing.parse(rules, f"STANDING {kind} {policy}").kind == kind
                count += 1
    return count


def walk(rules: Rules, seed: str, steps: int) -> tuple[set[str], int]:
    """Play `steps` entries by random and default orders; check each kind's prompts (two
    positions per kind).  Returns the kinds seen and the number of orders parsed."""
    info = rules.scenario(None)
    seats = {s: {"players": [f"{s}@example.org"], "lang": "en"} for s in info.seats}
    game = Game.create(rules, "walk", seats, now=T0, seed=seed)
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    parsed = 0
    for n in range(steps):
        if game.outcome() is not None:
            break
        decisions = game.decisions()
        for d in decisions:
            if seen.get(d.kind, 0) >= 2:
                continue
            seen[d.kind] = seen.get(d.kind, 0) + 1
            for lang in ("en", "ru"):
                game.seats[d.seat]["lang"] = lang
                mail = compose(game, d.seat, reason="test").text
                orders, templates = written_orders(game, d, lang)
                for text in orders:
                    assert text in mail, (d.kind, lang, text)
                    assert legal(rules, game, d, text), (d.kind, lang, text)
                    parsed += 1
                for template in templates:    # every form parses, one is legal here
                    filled = [text for form in forms(template)
                              for text in ([form] if "<" not in form
                                           else fillings(form, d, game, lang, rng))]
                    for text in filled:
                        rules.parse(game.state, d, text)
                    assert not filled or any(legal(rules, game, d, t) for t in filled), \
                        (d.kind, lang, template, filled)
                    parsed += len(filled)
                parsed += standing_hints_parse(rules, game, d, lang, mail)
        decision = rng.choice(decisions)
        order = decision.random_order(rng) if rng.random() < 0.5 else \
            rules.default(game.state, decision)
        game.apply_order(decision.seat, order, by="bot", source="test",
                         at=T0 + dt.timedelta(minutes=n), decision=decision)
    return set(seen), parsed


@pytest.mark.parametrize("seed", ["walk-c", "walk-b"])
def test_every_order_a_his_prompt_writes_parses(seed):
    kinds, parsed = walk(get("here-i-stand"), seed, 1500)
    assert {"reform", "negotiate", "impulse", "cp", "winter", "diet", "deploy"} <= kinds
    assert len(kinds) >= 15 and parsed > 100


def test_every_order_a_testgame_prompt_writes_parses():
    kinds, parsed = walk(get("testgame"), "walk-t", 300)
    assert kinds and parsed > 10
