"""Here I Stand order grammar: tokens, forgiving names, and the canonical order text.

Phase modules parse their own verbs with the helpers here; `order_text` writes every order
back in the one canonical form the record stores (ids, upper-case keywords), which `parse`
reads again on replay.  Names forgive case, accents and small typos and accept English and
Russian (``Vienna``, ``Вена``; ``Montmorency``, ``Монморанси``; card ``65`` or
``A Mighty Fortress``).  See ORDERS.md for the verbs.

Rules: none (order syntax)
"""
from __future__ import annotations

import functools
import re
from typing import Any, Callable, Iterable

from engine.contract import IllegalOrder, Reason
from engine.names import NameIndex, normalize
from games.here_i_stand import facts
from games.here_i_stand.state import MAJORS, board

Order = dict[str, Any]

_ARROW = re.compile(r"\s*(?:->|→|—>|=>)\s*")
_MIX = re.compile(r"^(\d+)\s*([RMCGHSV])$", re.IGNORECASE)
#: Mix letters of allied minor powers' regulars (§22.3): `2V` = two Venetian regulars.
MINOR_LETTERS = {"G": "genoa", "H": "hungary", "S": "scotland", "V": "venice"}

#: Russian keywords accepted as well as the English ones.
KEYWORDS = {
    "ИГРАТЬ": "PLAY", "СЫГРАТЬ": "PLAY", "ПАС": "PASS", "ГОТОВО": "DONE", "ДВИЖЕНИЕ": "MOVE",
    "ИДТИ": "MOVE", "КОНТРОЛЬ": "CONTROL", "ПОСТРОИТЬ": "BUILD", "НАНЯТЬ": "BUILD",
    "ВОЗВРАТ": "RETURN", "УБРАТЬ": "REMOVE", "ШТУРМ": "ASSAULT",
    # the land war's answers (§13.2-§14.1)
    "ПЕРЕХВАТ": "INTERCEPT", "ПЕРЕХВАТИТЬ": "INTERCEPT", "УКЛОНИТЬСЯ": "AVOID",
    "ИЗБЕЖАТЬ": "AVOID", "УКРЫТЬСЯ": "WITHDRAW", "СРАЖАТЬСЯ": "FIGHT", "БОЙ": "FIGHT",
    "ПРОДОЛЖИТЬ": "CONTINUE", "ОТСТУПИТЬ": "RETREAT", "ПОТЕРЯТЬ": "LOSE", "ПОТЕРИ": "LOSE",
    # relief of a siege (§15.2) and new units placed by an event (§5)
    "ПРИСОЕДИНИТЬСЯ": "JOIN", "ВМЕСТЕ": "JOIN", "ОДНИ": "ALONE", "ГАРНИЗОН": "GARRISON",
    "РАЗМЕСТИТЬ": "PLACE",
    # the war at sea's answers (§16.2, §16.4)
    "ОТДАТЬ": "GIVE", "СРАЗИТЬСЯ": "FIGHT",
    # the cards on minor powers (§22.2, §22.4)
    "АКТИВИРОВАТЬ": "ACTIVATE", "ДЕАКТИВИРОВАТЬ": "DEACTIVATE", "ПОДКРЕПИТЬ": "REINFORCE",
    "АНТИПИРАТСТВО": "ANTIPIRACY",
    # relocated units' destination (§9.3 step 3)
    "ПЕРЕМЕСТИТЬ": "RELOCATE",
}


def words(text: str) -> list[str]:
    return text.split()


def verb_of(text: str) -> str:
    first = text.strip().split(maxsplit=1)
    if not first:
        return ""
    word = first[0].upper()
    return KEYWORDS.get(word, word)


def rest_of(text: str) -> str:
    parts = text.strip().split(maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


# ---------------------------------------------------------------- name indexes
@functools.lru_cache(maxsize=None)
def space_index() -> NameIndex:
    return NameIndex("space", board().names())


@functools.lru_cache(maxsize=None)
def land_index() -> NameIndex:
    m = board()
    return NameIndex("space", ((n, k) for n, k in m.names() if k in m.spaces))


@functools.lru_cache(maxsize=None)
def card_index() -> NameIndex:
    names = []
    for c in facts.cards().values():
        names += [(c.name_en, c.number), (c.name_ru, c.number), (c.id, c.number)]
    return NameIndex("card", names)


@functools.lru_cache(maxsize=None)
def leader_index() -> NameIndex:
    names = []
    for l in facts.leaders().values():
        names += [(l.id, l.id), (l.name_en, l.id), (l.name_ru, l.id)]
    for alias, lid in facts.LEADER_ALIASES.items():
        names.append((alias, lid))
    return NameIndex("leader", names)


POWER_NAMES = {
    "ottoman": ["Ottoman", "Ottomans", "Turks", "Османы", "Османская империя"],
    "hapsburg": ["Hapsburg", "Hapsburgs", "Habsburg", "Габсбурги"],
    "england": ["England", "English", "Англия"],
    "france": ["France", "French", "Франция"],
    "papacy": ["Papacy", "Pope", "Папство"],
    "protestant": ["Protestant", "Protestants", "Протестанты"],
    "genoa": ["Genoa", "Генуя"], "hungary": ["Hungary", "Hungary-Bohemia", "Венгрия"],
    "scotland": ["Scotland", "Шотландия"], "venice": ["Venice", "Венеция"],
}


@functools.lru_cache(maxsize=None)
def power_index() -> NameIndex:
    return NameIndex("power", ((n, p) for p, ns in POWER_NAMES.items() for n in [p, *ns]))


def space(text: str, *, land: bool = True) -> str:
    return (land_index() if land else space_index()).resolve(text.strip())


def card_number(text: str, hand: Iterable[int] | None = None) -> int:
    """A card by number (``65``, ``#65``) or name; `hand` narrows ambiguous names."""
    t = text.strip().lstrip("#").strip()
    if t.isdigit():
        n = int(t)
        if n not in facts.cards():
            raise IllegalOrder(f"there is no card number {n}", code="no_card_number",
                               params={"n": n})
        return n
    if hand is not None:
        held = list(hand)
        sub = NameIndex("card in your hand",
                        [(facts.card(n).name_en, n) for n in held]
                        + [(facts.card(n).name_ru, n) for n in held]
                        + [(facts.card(n).id, n) for n in held])
        try:
            return sub.resolve(t)
        except IllegalOrder:
            pass
    return card_index().resolve(t)


def leader(text: str) -> str:
    return leader_index().resolve(text.strip())


def power(text: str) -> str:
    return power_index().resolve(text.strip())


def card_label(number: int) -> str:
    c = facts.card(number)
    return f"#{number} {c.name_en} ({c.cp} CP)"


# ---------------------------------------------------------------- MOVE-shaped orders
def parse_move(verb: str, text: str) -> Order:
    """``<from> -> <to> [-> ...] [WITH <leader>, ...] [<n> | ALL] [<n>R <n>M <n>C]`` (the units
    may also stand before ``WITH``).

    Returns ``{"verb", "from", "to", "leaders": tuple, "units": int | "ALL"}`` plus ``via``
    (the intermediate spaces, when more than one step) and ``mix`` ((regulars, mercenaries,
    cavalry), when given).  Allied minors' regulars join a mix with their letter (§5.1, §22.3:
    ``2R 1V`` = two own regulars and one Venetian): ``allied`` = ((minor, n), ...) by minor.
    """
    body = text.strip()
    if not body:
        raise IllegalOrder(f"{verb} needs a route: {verb} <from> -> <to> [WITH <leaders>] [<units>]",
                           code="needs_route", params={"verb": verb})
    toks = _ARROW.sub(" -> ", body).split()
    cut = next((i for i, t in enumerate(toks) if t.upper() in ("WITH", "С")), None)
    route_toks = toks if cut is None else toks[:cut]
    lead_toks = [] if cut is None else toks[cut + 1:]
    tail_tokens: list[str] = []
    # units at the end, or (as the syntax line shows them) before WITH
    for last in ([route_toks] if cut is None else [lead_toks, route_toks]):
        while last and (last[-1].isdigit() or last[-1].upper() in ("ALL", "ВСЕ")
                        or _MIX.match(last[-1])):
            tail_tokens.insert(0, last.pop())
    route_text = " ".join(route_toks)
    leaders_part = " ".join(lead_toks)
    stops = [s for s in _ARROW.split(route_text) if s.strip()]
    if len(stops) < 2:
        raise IllegalOrder(Reason(f"{verb} needs at least two spaces joined by ->", "needs_route",
                                  verb=verb),
                           [" ".join([verb, route_hint(route_text, land=verb != "NAVAL"),
                                      *(["WITH", leaders_part] if leaders_part else []),
                                      *tail_tokens])])
    resolved = [space(s, land=verb != "NAVAL") for s in stops]
    leader_ids: list[str] = []
    for name in re.split(r"\s*(?:,|\bAND\b|\bИ\b)\s*", leaders_part, flags=re.IGNORECASE):
        if name.strip():
            leader_ids.append(leader(name))
    order: Order = {"verb": verb, "from": resolved[0], "to": resolved[-1],
                    "leaders": tuple(sorted(set(leader_ids)))}
    if len(resolved) > 2:
        order["via"] = tuple(resolved[1:-1])
    units: Any = None
    mix = [0, 0, 0]
    allied: dict[str, int] = {}
    has_mix = False
    for tok in tail_tokens:
        mm = _MIX.match(tok)
        if mm:
            has_mix = True
            letter = mm.group(2).upper()
            if letter in MINOR_LETTERS:
                minor = MINOR_LETTERS[letter]
                allied[minor] = allied.get(minor, 0) + int(mm.group(1))
            else:
                mix["RMC".index(letter)] += int(mm.group(1))
        elif tok.isdigit():
            units = int(tok)
        else:
            units = "ALL"
    if has_mix:
        allied_mix = tuple(sorted((m, n) for m, n in allied.items() if n))
        total = sum(mix) + sum(n for _, n in allied_mix)
        if units not in (None, "ALL") and units != total:
            raise IllegalOrder(Reason(f"{units} units but the mix "
                                      f"{mix_text(tuple(mix), allied_mix)} makes {total}",
                                      "mix_sum", n=units, total=total))
        order["units"] = total
        order["mix"] = tuple(mix)
        if allied_mix:
            order["allied"] = allied_mix
    else:
        order["units"] = "ALL" if units is None else units
    return order


def route_hint(text: str, *, land: bool) -> str:
    """A route written without its arrow as it should read, in the writer's words:
    ``Istanbul Edirne`` → ``Istanbul -> Edirne`` when the words split into two spaces (the
    first such split), ``Istanbul -> <to>`` when they name one, else ``<from> -> <to>``."""
    words = text.split()
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        try:
            space(first, land=land), space(second, land=land)
        except IllegalOrder:
            continue
        return f"{first} -> {second}"
    try:
        space(text, land=land)
    except IllegalOrder:
        return "<from> -> <to>"
    return f"{text} -> <to>"


def precheck(text: str) -> None:
    """What of an order can be checked before the question it answers (held orders): the
    route, leaders and units of ``MOVE``/``RETURN``/``NAVAL`` (§13, §16.1, §19), the space of
    ``CONTROL`` and ``REMOVE UNREST`` (§12.2); every other verb waits for its question."""
    verb, rest = verb_of(text), rest_of(text)
    if verb == "NAVAL" and rest.split()[:1] and rest.split()[0].upper() == "MOVE":
        return                                  # NAVAL MOVE (§16.1) waits for its question
    if verb in ("MOVE", "RETURN", "NAVAL"):
        parse_move(verb, rest)
    elif verb in ("CONTROL", "ASSAULT"):
        space(rest)
    elif verb == "REMOVE" and rest.split()[:1] and rest.split()[0].upper() in ("UNREST",
                                                                              "БЕСПОРЯДКИ"):
        space(rest.split(maxsplit=1)[1] if len(rest.split()) > 1 else "")


def mix_text(mix: tuple[int, int, int], allied: tuple = ()) -> str:
    letters = {m: k for k, m in MINOR_LETTERS.items()}
    return " ".join([f"{n}{k}" for n, k in zip(mix, "RMC") if n]
                    + [f"{n}{letters[m]}" for m, n in allied if n])


# ---------------------------------------------------------------- canonical text
#: Canonical text of the verbs written elsewhere: the diplomacy verbs
#: (`diplomacy_orders.order_text`) and those only the queued questions (`choices`) use;
#: `tables.install` fills it from its explicit table.
TEXTS: dict[str, Callable[[dict], str]] = {}
#: Verbs of the diplomacy phase and the turn-1 religious specials, written by
#: `diplomacy_orders.order_text`.
DIPLOMACY_VERBS = ("PROPOSE", "ACCEPT", "REJECT", "WITHDRAW", "SUE_FOR_PEACE", "ELIMINATE",
                   "BUY_BACK", "RANSOM", "REMOVE_EXCOMMUNICATION", "DECLARE_WAR", "INTERVENE",
                   "PAY", "REFORM", "CHOOSE", "CONVERT")


def order_text(order: Order) -> str:
    """The canonical text of an order (ids, upper-case keywords)."""
    verb = order["verb"]
    if verb in DIPLOMACY_VERBS:
        return TEXTS[verb](order)
    if verb == "PLAY":
        return f"PLAY {order['card']} {'AS EVENT' if order['mode'] == 'event' else 'FOR CP'}"
    if verb in ("MOVE", "RETURN", "NAVAL"):
        route = [order["from"], *order.get("via", ()), order["to"]]
        text = f"{verb} " + " -> ".join(route)
        if order.get("leaders"):
            text += " WITH " + ", ".join(order["leaders"])
        if "mix" in order:
            text += " " + (mix_text(order["mix"], order.get("allied", ())) or "0R")
        elif order.get("units") is not None:
            text += f" {order['units']}"
        if order.get("power"):
            text += f" FOR {order['power']}"
        return text
    if verb in ("CONTROL", "ASSAULT"):
        return f"{verb} {order['space']}"
    if verb == "REMOVE_UNREST":
        return f"REMOVE UNREST {order['space']}"
    if verb == "BUILD":
        return f"BUILD {order['unit'].upper()} IN {order['space']}"
    if verb in TEXTS:
        return TEXTS[verb](order)
    fields = [f"{order[k]}" for k in sorted(order) if k != "verb"]
    return " ".join([verb.replace("_", " "), *fields])


#: First words that open a multi-line diplomacy block, and the lines that close it.
BLOCK_OPENERS = ("PROPOSE", "ПРЕДЛОЖИТЬ", "ПРЕДЛОЖЕНИЕ")
BLOCK_CLOSERS = ("ENDPROPOSE", "END PROPOSE", "END", "КОНЕЦ", "КОНЕЦ ПРЕДЛОЖЕНИЯ")


def split(text: str) -> list[tuple[int, str]]:
    """Order blocks: one per non-empty line, and lines may hold several orders split by ``;``.

    A ``PROPOSE`` line opens one block that runs to its ``ENDPROPOSE`` line (inclusive; the
    ``;`` inside are its own); without an ``ENDPROPOSE`` below, the PROPOSE line alone is the
    block (terms separated by ``;`` on that line).  A power named first (``Papacy:
    PROPOSE``, a grouped seat's order, `seating`) keeps the block whole."""
    lines = text.splitlines()
    out = []
    n = 0
    while n < len(lines):
        line = lines[n]
        first = line.strip().split(maxsplit=2)
        if first and first[0].endswith(":") and len(first) > 1 \
                and first[0].upper().rstrip(":") not in BLOCK_OPENERS:
            first = first[1:]                   # a power named first (``Papacy: PROPOSE``)
        if first and first[0].upper().rstrip(":") in BLOCK_OPENERS:
            end = next((k for k in range(n + 1, len(lines))
                        if " ".join(lines[k].split()).upper() in BLOCK_CLOSERS), None)
            if end is None:
                out.append((n + 1, line.strip()))
                n += 1
            else:
                out.append((n + 1, "\n".join(ln.rstrip() for ln in lines[n:end + 1]).strip()))
                n = end + 1
            continue
        for part in line.split(";"):
            if part.strip():
                out.append((n + 1, part.strip()))
        n += 1
    return out


def expect(decision_verbs: Iterable[str], verb: str, text: str, prompt: str) -> None:
    verbs = sorted(set(decision_verbs))
    if verb not in verbs:
        raise IllegalOrder(Reason(f"{text.strip()!r} does not answer this question ({prompt})",
                                  "wrong_verb", text=text.strip(),
                                  verbs=[v.replace("_", " ") for v in verbs]),
                           [v.replace("_", " ") for v in verbs])


TARGET_WORDS = ("TARGET", "ЦЕЛЬ")


def target_verb(text: str, prompt: str) -> str:
    """The words after ``TARGET`` (``ЦЕЛЬ``); refuses another verb."""
    grammar_verb = verb_of(text)
    expect(["TARGET"], "TARGET" if grammar_verb in TARGET_WORDS else grammar_verb, text, prompt)
    return rest_of(text).strip()


def verb_or_done(text: str, verb: str, aliases: Iterable[str], prompt: str) -> str:
    """``DONE`` (also ``ГОТОВО``, ``PASS``) or `verb` (written as itself or one of its
    `aliases`); any other verb is refused with `prompt`."""
    word = verb_of(text)
    if word in ("DONE", "ГОТОВО", "PASS"):
        return "DONE"
    expect([verb], verb if word in (verb, *aliases) else word, text, prompt)
    return verb


def no_args(verb: str, text: str) -> None:
    if rest_of(text).strip():
        raise IllegalOrder(Reason(f"{verb} takes nothing after it", "no_args", verb=verb), [verb])


__all__ = ["card_number", "card_label", "leader", "normalize", "order_text", "parse_move",
           "power", "space", "split", "verb_of", "rest_of", "expect", "MAJORS"]
