"""Spaces an event turns Catholic without dice, one at a time, the chooser naming each
(question ``event_convert``, ``CONVERT <space>``; card texts):

* #56 *Papal Inquisition* — up to 2 Protestant spaces of the Italian zone (the Papacy);
* #58 *Spanish Inquisition* — up to 2 Protestant spaces of the Spanish zone (the Hapsburgs);
* #67 *Anabaptists* — 2 Protestant spaces that are neither electorates nor occupied by any
  land unit, anywhere: no adjacency needed (the Papacy).

Default (NMR): the first space by id.  ``STANDING event_convert DEFAULT`` answers in advance.

Rules: §18.4 (what a Catholic space is), card texts
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from engine.options import OneOf, Option
from games.here_i_stand import choices, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import attempts

KIND = "event_convert"
PAPAL_INQUISITION, SPANISH_INQUISITION, ANABAPTISTS = 56, 58, 67


def _in_zone(zone: str) -> Callable[[S.State], list[str]]:
    def pool(state: S.State) -> list[str]:
        return [sid for sid in S.board().spaces_of(language=zone)
                if S.in_play(state, sid) and religion.faith(state, sid) == religion.PROTESTANT]
    return pool


def _anabaptist_spaces(state: S.State) -> list[str]:
    m = S.board()
    return sorted(sid for sid in m.spaces
                  if S.in_play(state, sid) and religion.faith(state, sid) == religion.PROTESTANT
                  and m.spaces[sid].type != "electorate" and not S.land_powers(state, sid))


#: The spaces each card may turn Catholic.
POOLS: dict[int, Callable[[S.State], list[str]]] = {
    PAPAL_INQUISITION: _in_zone("italian"), SPANISH_INQUISITION: _in_zone("spanish"),
    ANABAPTISTS: _anabaptist_spaces}


def queue(state: S.State, seat: str, card: int, n: int) -> None:
    """`seat` turns up to `n` spaces of `card`'s pool Catholic."""
    choices.push(state, {"kind": KIND, "seat": seat, "card": card, "left": n})


def _options(state, item):
    found = tuple(POOLS[item["card"]](state))
    return [Option.of("CONVERT", f"CONVERT {found[0]}", space=OneOf(found))] if found else []


def _apply(state, item, order, dice) -> bool:
    religion.convert(state, order["space"], religion.CATHOLIC)
    S.log(state, "event_converts", card=item["card"], space=order["space"])
    item["left"] -= 1
    return item["left"] <= 0


def _default(state, item):
    return {"verb": "CONVERT", "space": POOLS[item["card"]](state)[0]}


def _parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["CONVERT"], "CONVERT" if verb in ("CONVERT", "ОБРАТИТЬ") else verb, text,
                   "CONVERT <space>")
    return {"verb": "CONVERT", "space": grammar.space(grammar.rest_of(text))}


KINDS: dict[str, questions.Kind] = {
    KIND: choices.Kind(
        options=_options, apply=_apply, default=_default, parse=_parse,
        policies=("DEFAULT",), standing=attempts.by_default(KIND, _default),
        settle=lambda state, item, dice: item["left"] <= 0,
        context=lambda state, item: {"card": item["card"], "left": item["left"]},
        prompt=lambda state, item: (f"card {item['card']}: CONVERT <space> to Catholic "
                                    f"({item['left']} more)")),
}
