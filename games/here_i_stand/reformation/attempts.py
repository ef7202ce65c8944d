"""A series of conversion attempts from an action or an event, one target at a time (§18.3,
§18.4): publish treatise, the completion of a translation, burn books, and the religious events.

`queue_attempts` pushes a question (kind ``attempts``) on the choices queue: the converting
power names each target after seeing the previous result (``REFORM <space>``), a space is
targeted once per impulse by each faith (`debaters.attempted`), and the series ends early
when no target is left.  The dice and the result are `religion`'s; the item carries the
modifiers of its source: the target zone(s), *plus_one* (a full Bible, *Calvin's Institutes*),
the committed debater whose bonus adds dice near his space (`debaters.dice_bonus`),
Carlstadt's unrest, Tetzel's St Peter's CP and *Book of Common Prayer*'s restriction to
English home spaces.

Default (NMR): the target with the best exact odds (`religion.best_target`).

Rules: §18.3, §18.4
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from engine import questions
from engine.contract import IllegalOrder, Reason
from engine.options import OneOf, Option
from games.here_i_stand import choices, grammar, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debaters

KIND = "attempts"


def queue_attempts(state: S.State, seat: str, faith: str, n: int, zones: Sequence[str],
                   why: dict[str, Any], *, plus_one: bool = False, debater: str | None = None,
                   karlstadt: bool = False, tetzel: bool = False,
                   restrict: Sequence[str] | None = None, bonus: int = 0,
                   first: bool = False) -> None:
    """Queue `n` attempts of `faith` made by `seat` (`why`: the source, a message)."""
    choices.push(state, {"kind": KIND, "seat": seat, "faith": faith, "left": n,
                         "zones": list(zones), "why": why, "plus_one": plus_one,
                         "debater": debater, "karlstadt": karlstadt, "tetzel": tetzel,
                         "restrict": list(restrict) if restrict is not None else None,
                         "bonus": bonus}, first=first)


def _targets(state: S.State, item: dict[str, Any]) -> list[str]:
    return religion.targets(state, item["faith"], attempted=debaters.attempted(state, item["faith"]),
                            restrict=item.get("restrict"))


def _options(state, item):
    found = tuple(_targets(state, item))
    return [Option.of("REFORM", f"REFORM {found[0]}", space=OneOf(found))] if found else []


def _dice(state, item, target: str) -> int:
    return item.get("bonus", 0) + debaters.dice_bonus(state, item.get("debater"), target)


def _apply(state, item, order, dice) -> bool:
    sid = order.get("space")
    if set(order) != {"verb", "space"} or not isinstance(sid, str):
        raise IllegalOrder(Reason("REFORM <space>", "syntax", text="REFORM <space>"))
    if sid in debaters.attempted(state, item["faith"]):
        raise IllegalOrder(Reason(f"{S.board().spaces[sid].name_en} was already targeted this "
                                  "impulse: a space is targeted once per impulse (§18.3)",
                                  "already_targeted", space=sid))
    why = religion.eligible(state, sid, item["faith"])
    if why is None and item.get("restrict") is not None and sid not in item["restrict"]:
        why = Reason(f"{S.board().spaces[sid].name_en} is not an allowed target of this event",
                     "not_allowed_target", space=sid)
    if why:
        raise IllegalOrder(why, _targets(state, item)[:8])
    zones = tuple(item["zones"])
    if item["faith"] == religion.PROTESTANT:
        religion.reformation_attempt(state, dice, sid, zones=zones,
                                     bonus_dice=_dice(state, item, sid),
                                     plus_one=item.get("plus_one", False),
                                     karlstadt=item.get("karlstadt", False), by=item["seat"])
    else:
        religion.counter_reformation_attempt(state, dice, sid, zones=zones,
                                             bonus_dice=_dice(state, item, sid),
                                             tetzel=item.get("tetzel", False))
    debaters.mark_attempted(state, item["faith"], sid)
    item["left"] -= 1
    return item["left"] <= 0


def _default(state, item):
    return {"verb": "REFORM", "space": religion.best_target(
        state, item["faith"], zones=tuple(item["zones"]),
        attempted=debaters.attempted(state, item["faith"]), bonus_dice=item.get("bonus", 0),
        plus_one=item.get("plus_one", False), restrict=item.get("restrict"),
        bonus_of=lambda sid: debaters.dice_bonus(state, item.get("debater"), sid))}


def _parse(state, item, text):
    verb = grammar.verb_of(text)
    if verb in ("ОБРАТИТЬ", "CONVERT", "TARGET"):
        verb = "REFORM"
    grammar.expect(["REFORM"], verb, text, "REFORM <space>")
    return {"verb": "REFORM", "space": grammar.space(grammar.rest_of(text))}


def _settle(state, item, dice) -> bool:
    """Finished, or nothing left to target (the rest of the attempts are lost)."""
    if item["left"] <= 0:
        return True
    if not _targets(state, item):
        S.log(state, "attempts_no_target", why=item["why"], n=item["left"])
        return True
    return False


def _prompt(state, item) -> str:
    kind = "reformation" if item["faith"] == religion.PROTESTANT else "counter-reformation"
    return (f"{kind} attempts, {item['left']} left (target zone "
            f"{', '.join(item['zones'])}): REFORM <space>")


def by_default(kind: str, default) -> Callable[[str, S.State, Any], dict | None]:
    """``STANDING <kind> DEFAULT``: answer the seat's open question of `kind` as its
    `default` would, without asking (an off-turn question answered in advance)."""
    def standing(policy: str, state: S.State, decision) -> dict | None:
        item = choices.current(state, decision.seat)
        if item is None or item.get("kind") != kind:
            return None
        return default(state, item)
    return standing


KINDS: dict[str, questions.Kind] = {
    KIND: choices.Kind(options=_options, apply=_apply, default=_default, parse=_parse,
                       prompt=_prompt, settle=_settle, policies=("DEFAULT",),
                       standing=by_default(KIND, _default),
                       context=lambda state, item: {"left": item["left"],
                                                    "zones": list(item["zones"]),
                                                    "why_msg": item["why"]})}


# ---------------------------------------------------------------- a debater for another power
def _helpers(state: S.State, item: dict[str, Any]) -> tuple[str, ...]:
    return tuple(debaters.dice_debaters(state, "protestant"))


def _bonus_options(state, item):
    found = _helpers(state, item)
    return [Option.of("COMMIT", f"COMMIT {found[0]}", debaters=OneOf(tuple((d,) for d in found))),
            Option.of("COMMIT", "COMMIT NONE", debaters=OneOf(((),)))] if found else []


def _bonus_apply(state, item, order, dice) -> bool:
    chosen = tuple(order["debaters"])
    if chosen:
        debaters.use_bonus(state, "protestant", chosen[0])
        item["debater"] = chosen[0]
    return True


def _bonus_done(state, item, dice) -> None:
    queue_attempts(state, item["for"], religion.PROTESTANT, item["n"], item["zones"],
                   item["why"], debater=item.get("debater"), first=True)


def _bonus_parse(state, item, text):
    verb = grammar.verb_of(text)
    grammar.expect(["COMMIT"], "COMMIT" if verb in ("COMMIT", "ЗАДЕЙСТВОВАТЬ") else verb, text,
                   "COMMIT <debater> | COMMIT NONE")
    body = grammar.rest_of(text).strip()
    if body.upper() in ("", "NONE", "НИКОГО"):
        return {"verb": "COMMIT", "debaters": ()}
    return {"verb": "COMMIT", "debaters": (debaters.named(body),)}


def _reach(state: S.State, did: str, item: dict[str, Any]) -> int:
    found = religion.targets(state, religion.PROTESTANT,
                             attempted=debaters.attempted(state, religion.PROTESTANT))
    return sum(debaters.dice_bonus(state, did, sid) for sid in found)


def _bonus_standing(policy: str, state, decision) -> dict | None:
    """``STANDING debater-bonus NEVER``: commit none; ``ALWAYS``: the debater whose bonus
    reaches the most targets now (none when no bonus reaches any)."""
    item = choices.current(state, decision.seat)
    if item is None or item.get("kind") != BONUS:
        return None
    if policy == "NEVER":
        return {"verb": "COMMIT", "debaters": ()}
    best = max(_helpers(state, item), key=lambda d: (_reach(state, d, item), d), default=None)
    if best is None or not _reach(state, best, item):
        return {"verb": "COMMIT", "debaters": ()}
    return {"verb": "COMMIT", "debaters": (best,)}


BONUS = "debater-bonus"
KINDS[BONUS] = choices.Kind(
    options=_bonus_options, apply=_bonus_apply, default=lambda state, item: {
        "verb": "COMMIT", "debaters": ()},
    parse=_bonus_parse, done=_bonus_done,
    context=lambda state, item: {"power": item["for"], "n": item["n"]},
    settle=lambda state, item, dice: not _helpers(state, item),
    policies=("NEVER", "ALWAYS"), standing=_bonus_standing,
    prompt=lambda state, item: (f"{item['for']} publishes a treatise: COMMIT <debater> for his "
                                "bonus dice, or COMMIT NONE"))
