"""The religious CP actions of the Action phase (§18.1; the §11.1 table): publish treatise,
translate scripture, call a theological debate, build St Peter's, burn books, found a Jesuit
university.

* ``PUBLISH TREATISE <zone> [WITH <debater>]`` — the Protestants, 2 CP: 2 reformation attempts
  targeting one language zone; with Carlstadt 3 in the German zone (a failure there puts the
  target in unrest), with Calvin 3 in the French zone; a debater whose bonus adds dice near his
  space may be committed instead (§18.2).  England, 3 CP while reformer Cranmer is on the map,
  English zone only; the Protestants decide whether one of their debaters helps (question
  ``debater-bonus``, asked off-turn, default none: digest R22).
* ``TRANSLATE <language> [<cp>] [WITH <debater>]`` — the Protestants, 1 CP a step on the New
  Testament track (6 steps) and then the full Bible (10); Luther, Melanchthon, Olivetan, Tyndale
  or Coverdale committed give one free step in their language, once per impulse.  A finished New
  Testament gives 6 attempts in its zone; a finished Bible 6 attempts with +1 on each Protestant
  die in the zone, and 1 VP.  A language is translated once a game.
* ``DEBATE <zone> [UNCOMMITTED|COMMITTED]`` — the Papacy or the Protestants, 3 CP: the
  defender is drawn from the other side's uncommitted (the default) or committed debaters
  (`debate`).
* ``BUILD ST PETERS [<cp>]`` — the Papacy, 1 CP a step; 5 steps make 1 VP, 5 VP at most.
* ``BURN BOOKS <zone> [WITH <debater>]`` — the Papacy, 2 CP: 2 counter-reformation attempts in
  one zone; Cajetan 3 in one zone, Caraffa 3 in any zones (``BURN BOOKS ANY WITH Caraffa``),
  Tetzel +1 CP to St Peter's per attempt, Contarini, Faber or Canisius extra dice.
* ``FOUND UNIVERSITY <space> [WITH LOYOLA]`` — the Papacy after *Society of Jesus*, 3 CP (2 for
  one university with Loyola committed): a Jesuit university in a Catholic space without one.

Rules: §18.1, §18.2, §18.3, §18.4, §11.1
"""
from __future__ import annotations

from typing import Any

from engine.contract import IllegalOrder, Reason
from engine.contract import Reason as R
from engine.dice import Dice
from engine.options import Count, OneOf, Option
from games.here_i_stand import choices, grammar, mandatory_events, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import attempts, debate, debaters

Order = dict[str, Any]

TREATISE_CP = 2
ENGLISH_TREATISE_CP = 3
BURN_CP = 2
UNIVERSITY_CP = 3
LOYOLA_CP = 2
#: Translation tracks: steps of the New Testament and of the full Bible (§18.1 L1162).
NT_STEPS = 6
BIBLE_STEPS = 10
LANGUAGES = ("german", "french", "english")
COMPLETION_ATTEMPTS = 6
ST_PETERS = "ST_PETERS"



# ---------------------------------------------------------------- conditions
def treatise_cost(power: str) -> int | None:
    return {"protestant": TREATISE_CP, "england": ENGLISH_TREATISE_CP}.get(power)


def treatise_problem(state: S.State, power: str, zone: str, debater: str | None) -> Reason | None:
    """Why `power` may not publish a treatise in `zone` with `debater` now (§18.1, §18.3)."""
    if power == "england":
        if state["reformers"].get("cranmer") is None:
            return R("England publishes treatises only while Cranmer is on the map (§18.1)",
                     "treatise_no_cranmer")
        if zone != "english":
            return R("England publishes treatises in the English zone only (§18.1)",
                     "treatise_english_only")
        if debater is not None:
            return R("the Protestants, not England, decide on their debaters' bonus (§18.2)",
                     "treatise_english_debater")
        return None
    if power != "protestant":
        return R("only the Protestants and England publish treatises (§18.1)",
                 "treatise_who")
    if zone not in religion.ZONES:
        return R(f"{zone} is not a language zone", "not_zone", text=str(zone))
    if debater is None:
        return None
    if not debaters.may_use(state, "protestant", debater):
        return R(f"{debater} cannot be committed for his bonus now (committed, not in play, or "
                 "a bonus already used this impulse, §18.2)", "debater_unavailable",
                 debater=debater)
    if debater in debaters.TREATISE:
        if zone != debaters.TREATISE[debater]:
            return R(f"{debater}'s treatise targets the {debaters.TREATISE[debater]} zone (§18.3)",
                     "treatise_debater_zone", debater=debater, zone=debaters.TREATISE[debater])
        return None
    if debater not in debaters.dice_debaters(state, "protestant"):
        return R(f"{debater}'s bonus does not help a treatise (§18.2)", "debater_no_help",
                 debater=debater)
    return None


def remaining_steps(state: S.State, language: str) -> int:
    tr = state["translations"]
    return (NT_STEPS - int(tr["new_testament"][language])) + (
        BIBLE_STEPS - int(tr["full_bible"][language]))


def translation_problem(state: S.State, power: str, language: str, cp: int,
                        debater: str | None) -> Reason | None:
    """Why `power` may not spend `cp` on `language`'s translation with `debater` (§18.1)."""
    if power != "protestant":
        return R("only the Protestants translate scripture (§18.1)", "translate_who")
    if language not in LANGUAGES:
        return R(f"scripture is translated into German, French or English, not {language}",
                 "translate_language", text=str(language))
    if not isinstance(cp, int) or cp < 1:
        return R("spend at least 1 CP on a translation", "translate_cp")
    steps = cp + (1 if debater else 0)
    left = remaining_steps(state, language)
    if left <= 0:
        return R(f"the {language} Bible is already complete (§18.1)", "translation_done",
                 zone=language)
    if steps > left:
        return R(f"the {language} translation needs only {left} more step(s)",
                 "translation_overflow", zone=language, n=left)
    if debater is not None:
        if debater not in debaters.TRANSLATORS or debaters.zone(debater) != language:
            return R(f"{debater}'s bonus is no {language} translation step (§18.2)",
                     "debater_no_help", debater=debater)
        if debaters.marks(state)["free_step"] or not debaters.may_use(state, "protestant", debater):
            return R(f"{debater} cannot be committed for a free step now (one a impulse, §18.1)",
                     "debater_unavailable", debater=debater)
    return None


def burn_problem(state: S.State, power: str, zone: str, debater: str | None) -> Reason | None:
    if power != "papacy":
        return R("only the Papacy burns books (§18.1)", "burn_who")
    if debater == "caraffa":
        if zone != "any":
            return R("with Caraffa the 3 attempts may target any zones: BURN BOOKS ANY WITH "
                     "Caraffa (§18.4)", "burn_caraffa_any")
    elif zone not in religion.ZONES:
        return R(f"{zone} is not a language zone", "not_zone", text=str(zone))
    if debater is None:
        return None
    if not debaters.may_use(state, "papacy", debater):
        return R(f"{debater} cannot be committed for his bonus now (§18.2)",
                 "debater_unavailable", debater=debater)
    if debater not in debaters.BURNERS and debater not in debaters.dice_debaters(state, "papacy"):
        return R(f"{debater}'s bonus does not help burning books (§18.2)", "debater_no_help",
                 debater=debater)
    return None


def university_problem(state: S.State, power: str, sid: str, debater: str | None,
                       cp: int) -> Reason | None:
    if power != "papacy":
        return R("only the Papacy founds Jesuit universities (§18.1)", "university_who")
    if mandatory_events.JESUITS not in state["mandatory_played"]:
        return R("Jesuit universities are founded only after Society of Jesus (§18.1)",
                 "university_before_jesuits")
    if sid not in mandatory_events.university_sites(state):
        return R(f"{sid} is not a Catholic space without a Jesuit university (§18.1)",
                 "university_site", text=str(sid))
    if debater not in (None, "loyola"):
        return R(f"{debater}'s bonus does not lower a university's cost (§18.2)",
                 "debater_no_help", debater=debater)
    if debater == "loyola" and not _loyola_ready(state):
        return R("Loyola cannot be committed now (§18.2)", "debater_unavailable",
                 debater="loyola")
    need = LOYOLA_CP if debater == "loyola" else UNIVERSITY_CP
    if need > cp:
        return R(f"this action costs {need} CP and {cp} are left", "action_cost", need=need,
                 cp=cp)
    return None


def _loyola_ready(state: S.State) -> bool:
    rec = debaters.record(state, "loyola")
    return rec is not None and not rec["committed"]


# ---------------------------------------------------------------- options
def options(state: S.State, power: str, cp: int) -> list[Option]:
    """The religious actions `power` may take with `cp` CP (each Option exact)."""
    out: list[Option] = []
    cost = treatise_cost(power)
    if cost is not None and cp >= cost:
        out += _treatise_options(state, power)
    if power == "protestant":
        out += _translation_options(state, cp)
    if power == "papacy":
        out += _papal_options(state, cp)
    out += debate.options(state, power, cp)
    return out


def _treatise_options(state: S.State, power: str) -> list[Option]:
    if power == "england":
        if treatise_problem(state, power, "english", None) is None:
            return [Option.of("PUBLISH_TREATISE", "PUBLISH TREATISE ENGLISH",
                              zone=OneOf(("english",)), debater=OneOf((None,)))]
        return []
    helpers = tuple(debaters.dice_debaters(state, "protestant"))
    out = [Option.of("PUBLISH_TREATISE", "PUBLISH TREATISE GERMAN", zone=OneOf(religion.ZONES),
                     debater=OneOf((None, *helpers)))]
    for did, zone in sorted(debaters.TREATISE.items()):
        if debaters.may_use(state, "protestant", did):
            out.append(Option.of("PUBLISH_TREATISE", f"PUBLISH TREATISE {zone.upper()} WITH {did}",
                                 zone=OneOf((zone,)), debater=OneOf((did,))))
    return out


def _translation_options(state: S.State, cp: int) -> list[Option]:
    out = []
    for lang in LANGUAGES:
        left = remaining_steps(state, lang)
        if left <= 0:
            continue
        out.append(Option.of("TRANSLATE", f"TRANSLATE {lang.upper()} 1", language=OneOf((lang,)),
                             cp=Count(1, min(cp, left)), debater=OneOf((None,))))
        helpers = tuple(d for d in debaters.TRANSLATORS if debaters.zone(d) == lang
                        and translation_problem(state, "protestant", lang, 1, d) is None)
        if helpers and left >= 2:
            out.append(Option.of("TRANSLATE", f"TRANSLATE {lang.upper()} 1 WITH {helpers[0]}",
                                 language=OneOf((lang,)), cp=Count(1, min(cp, left - 1)),
                                 debater=OneOf(helpers)))
    return out


def _papal_options(state: S.State, cp: int) -> list[Option]:
    out = []
    if state["st_peters"]["vp"] < religion.ST_PETERS_MAX_VP:
        out.append(Option.of("ST_PETERS", "BUILD ST PETERS 1", cp=Count(1, cp)))
    if cp >= BURN_CP:
        helpers = tuple(d for d in (*debaters.BURNERS, *debaters.dice_debaters(state, "papacy"))
                        if d != "caraffa" and burn_problem(state, "papacy", "german", d) is None)
        out.append(Option.of("BURN_BOOKS", "BURN BOOKS GERMAN", zone=OneOf(religion.ZONES),
                             debater=OneOf((None, *sorted(helpers)))))
        if burn_problem(state, "papacy", "any", "caraffa") is None:
            out.append(Option.of("BURN_BOOKS", "BURN BOOKS ANY WITH caraffa",
                                 zone=OneOf(("any",)), debater=OneOf(("caraffa",))))
    if mandatory_events.JESUITS in state["mandatory_played"]:
        sites = mandatory_events.university_sites(state)
        if sites and cp >= UNIVERSITY_CP:
            out.append(Option.of("FOUND_UNIVERSITY", f"FOUND UNIVERSITY {sites[0]}",
                                 space=OneOf(sites), debater=OneOf((None,))))
        if sites and cp >= LOYOLA_CP and _loyola_ready(state):
            out.append(Option.of("FOUND_UNIVERSITY", f"FOUND UNIVERSITY {sites[0]} WITH loyola",
                                 space=OneOf(sites), debater=OneOf(("loyola",))))
    return out


# ---------------------------------------------------------------- orders
VERBS = ("PUBLISH", "TREATISE", "ТРАКТАТ", "TRANSLATE", "ПЕРЕВОД", "ПЕРЕВЕСТИ", "BURN",
         "СОЖЖЕНИЕ", "СЖЕЧЬ", "FOUND", "ОСНОВАТЬ", "UNIVERSITY", "DEBATE", "ДИСПУТ",
         "БАЗИЛИКА")


def is_religious(text: str) -> bool:
    """Whether a CP-action order is religious (``BUILD ST PETERS`` included)."""
    verb = grammar.verb_of(text)
    if verb == "BUILD":
        rest = grammar.rest_of(text).upper().replace(".", " ").replace("'", " ").split()
        return bool(rest) and rest[0] in ("ST", "SAINT", "SAN", "БАЗИЛИКУ", "БАЗИЛИКА",
                                          "СВ", "СОБОР")
    return verb in VERBS


def _split_with(text: str) -> tuple[str, str | None]:
    """``... WITH <debater>`` (``С``): the text before it and the debater's id."""
    words = text.split()
    for i, w in enumerate(words):
        if w.upper() in ("WITH", "С"):
            return " ".join(words[:i]), debaters.named(" ".join(words[i + 1:]))
    return text, None


def _zone(word: str, *, any_ok: bool = False) -> str:
    zone = debate.ZONE_WORDS.get(word.upper().rstrip(","))
    if zone is None or (zone == "any" and not any_ok):
        raise IllegalOrder(R(f"{word!r} is not a language zone", "not_zone", text=word),
                           ["GERMAN", "FRENCH", "ENGLISH", "ITALIAN", "SPANISH"])
    return zone


def _drop(words: list[str], *fillers: str) -> list[str]:
    return [w for w in words if w.upper() not in fillers]


def parse(state: S.State, power: str, text: str) -> Order:
    """One religious CP action (see the module docstring for the texts)."""
    verb = grammar.verb_of(text)
    body, debater = _split_with(grammar.rest_of(text))
    words = _drop(body.split(), "TREATISE", "ТРАКТАТ", "IN", "В", "ZONE", "ЗОНЕ", "ЗОНА",
                  "BOOKS", "КНИГ", "UNIVERSITY", "УНИВЕРСИТЕТ", "THE", "SCRIPTURE")
    if verb in ("PUBLISH", "TREATISE", "ТРАКТАТ"):
        return {"verb": "PUBLISH_TREATISE", "zone": _zone(words[0] if words else ""),
                "debater": debater}
    if verb in ("TRANSLATE", "ПЕРЕВОД", "ПЕРЕВЕСТИ"):
        if not words:
            raise IllegalOrder(R("say TRANSLATE <language> [<cp>]", "syntax",
                                 text="TRANSLATE <language> [<cp>]"), ["TRANSLATE GERMAN 1"])
        cp = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
        return {"verb": "TRANSLATE", "language": _zone(words[0]), "cp": cp, "debater": debater}
    if verb in ("BURN", "СОЖЖЕНИЕ", "СЖЕЧЬ"):
        return {"verb": "BURN_BOOKS", "zone": _zone(words[0] if words else "", any_ok=True),
                "debater": debater}
    if verb in ("FOUND", "ОСНОВАТЬ", "UNIVERSITY"):
        return {"verb": "FOUND_UNIVERSITY", "space": grammar.space(" ".join(words)),
                "debater": debater}
    if verb in ("DEBATE", "ДИСПУТ"):
        zone = _zone(words[0] if words else "")
        return {"verb": "DEBATE", "zone": zone, "pool": debate.parse_pool(state, power, zone,
                                                                          words[1:])}
    numbers = [w for w in words if w.isdigit()]
    return {"verb": ST_PETERS, "cp": int(numbers[0]) if numbers else 1}


def _with(order: Order) -> str:
    return f" WITH {order['debater']}" if order.get("debater") else ""


#: Canonical texts of the orders (`grammar.order_text`).
TEXTS = {
    "PUBLISH_TREATISE": lambda o: f"PUBLISH TREATISE {o['zone'].upper()}{_with(o)}",
    "TRANSLATE": lambda o: f"TRANSLATE {o['language'].upper()} {o['cp']}{_with(o)}",
    "BURN_BOOKS": lambda o: f"BURN BOOKS {o['zone'].upper()}{_with(o)}",
    "FOUND_UNIVERSITY": lambda o: f"FOUND UNIVERSITY {o['space']}{_with(o)}",
    ST_PETERS: lambda o: f"BUILD ST PETERS {o['cp']}",
    "DEBATE": lambda o: f"DEBATE {o['zone'].upper()} {o['pool'].upper()}",
}
ACTION_VERBS = tuple(TEXTS)


def _need(cp: int, need: int, why: Reason | None) -> None:
    if why:
        raise IllegalOrder(why)
    if need > cp:
        raise IllegalOrder(R(f"this action costs {need} CP and {cp} are left", "action_cost",
                             need=need, cp=cp))


def apply(state: S.State, power: str, order: Order, cp: int, dice: Dice) -> int:
    """Carry out one religious action; returns the CP it cost."""
    verb = order["verb"]
    if verb == "PUBLISH_TREATISE":
        cost = treatise_cost(power) or TREATISE_CP
        _need(cp, cost, treatise_problem(state, power, order["zone"], order.get("debater")))
        publish_treatise(state, power, order["zone"], order.get("debater"))
    elif verb == "TRANSLATE":
        cost = order["cp"]
        _need(cp, cost, translation_problem(state, power, order["language"], cost,
                                            order.get("debater")))
        translate(state, order["language"], cost, order.get("debater"))
    elif verb == "BURN_BOOKS":
        cost = BURN_CP
        _need(cp, cost, burn_problem(state, power, order["zone"], order.get("debater")))
        burn_books(state, order["zone"], order.get("debater"))
    elif verb == "FOUND_UNIVERSITY":
        cost = LOYOLA_CP if order.get("debater") == "loyola" else UNIVERSITY_CP
        _need(cp, cost, university_problem(state, power, order["space"], order.get("debater"),
                                           cp))
        found_university(state, order["space"], order.get("debater"))
    elif verb == ST_PETERS:
        cost = order["cp"]
        if power != "papacy":
            raise IllegalOrder(R("only the Papacy builds St Peter's (§18.1)", "st_peters_who"))
        if state["st_peters"]["vp"] >= religion.ST_PETERS_MAX_VP:
            raise IllegalOrder(R("St Peter's already gave its 5 VP (§18.1)", "st_peters_done"))
        _need(cp, cost, None if isinstance(cost, int) and cost >= 1 else
              R("spend at least 1 CP on St Peter's", "st_peters_cp"))
        gained = religion.add_st_peters(state, cost)
        S.log(state, "st_peters_built", cp=cost, vp=state["st_peters"]["vp"], n=gained)
    else:
        cost = debate.COST
        _need(cp, cost, debate.call_problem(state, power, order["zone"]))
        if order.get("pool") not in debate.defender_pools(state, power, order["zone"]):
            raise IllegalOrder(R("the other side has no such debater to defend (§18.5)",
                                 "debate_pool_empty"))
        debate.call(state, power, order["zone"], dice, pool=order["pool"])
    choices.settle(state, dice)
    return cost


# ---------------------------------------------------------------- effects
def publish_treatise(state: S.State, power: str, zone: str, debater: str | None) -> None:
    """2 attempts in `zone` (3 with Carlstadt or Calvin); England asks the Protestants about
    their debaters first (§18.1, §18.2, §18.3)."""
    S.log(state, "treatise", power=power, zone=zone)
    why = S.msg("why_treatise", power=power)
    if power == "england":
        choices.push(state, {"kind": "debater-bonus", "seat": "protestant", "for": power,
                             "zones": [zone], "n": 2, "why": why, "debater": None})
        return
    n = 2
    if debater is not None:
        debaters.use_bonus(state, "protestant", debater)
        if debater in debaters.TREATISE:
            n = 3
    attempts.queue_attempts(state, power, religion.PROTESTANT, n, (zone,), why,
                            debater=None if debater in debaters.TREATISE else debater,
                            karlstadt=debater == "carlstadt")


def translate(state: S.State, language: str, cp: int, debater: str | None) -> None:
    """Advance `language`'s translation by `cp` steps (+1 with a translator), the New Testament
    first; a finished track gives its 6 attempts (and the Bible 1 VP) (§18.1 L1162)."""
    steps = cp
    if debater is not None:
        debaters.use_bonus(state, "protestant", debater)
        debaters.use_free_step(state)
        steps += 1
    tr = state["translations"]
    nt, bible = tr["new_testament"], tr["full_bible"]
    nt_before, bible_before = int(nt[language]), int(bible[language])
    to_nt = min(steps, NT_STEPS - nt_before)
    nt[language] = nt_before + to_nt
    bible[language] = bible_before + (steps - to_nt)
    S.log(state, "translation", zone=language, n=steps, cp=cp, left=remaining_steps(state, language))
    if nt_before < NT_STEPS <= nt[language]:
        S.log(state, "new_testament_done", zone=language)
        attempts.queue_attempts(state, "protestant", religion.PROTESTANT, COMPLETION_ATTEMPTS,
                                (language,), S.msg("why_new_testament", zone=language))
    if bible_before < BIBLE_STEPS <= bible[language]:
        S.log(state, "bible_done", zone=language)
        state["bonus_vp"]["protestant"][f"bible_{language}"] = 1
        attempts.queue_attempts(state, "protestant", religion.PROTESTANT, COMPLETION_ATTEMPTS,
                                (language,), S.msg("why_bible", zone=language), plus_one=True)


def burn_books(state: S.State, zone: str, debater: str | None) -> None:
    """2 counter-reformation attempts in `zone`; Cajetan 3, Caraffa 3 in any zones, Tetzel
    +1 CP to St Peter's per attempt, the others extra dice (§18.1, §18.4)."""
    S.log(state, "burn_books", power="papacy", zone=zone)
    n = 3 if debater in ("cajetan", "caraffa") else 2
    if debater is not None:
        debaters.use_bonus(state, "papacy", debater)
    zones = religion.ZONES if zone == "any" else (zone,)
    attempts.queue_attempts(state, "papacy", religion.CATHOLIC, n, zones,
                            S.msg("why_burn"), tetzel=debater == "tetzel",
                            debater=debater if debater not in debaters.BURNERS else None)


def found_university(state: S.State, sid: str, debater: str | None) -> None:
    """A Jesuit university in `sid` (§18.1); Loyola committed makes it cost 2 CP (§18.2)."""
    if debater == "loyola":
        debaters.commit(state, "loyola")
        S.log(state, "debater_bonus", power="papacy", debater="loyola")
    state["jesuits"] = sorted(state.get("jesuits", []) + [sid])
    S.log(state, "university_founded", power="papacy", space=sid)
