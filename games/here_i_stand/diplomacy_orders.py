"""Orders of the Diplomacy phase (§9) and of the turn-1 religious specials: parsing and the
canonical text the record stores (`grammar.order_text` hands these verbs to `order_text`).

See ORDERS.md for the player's reference.  Keywords are English or Russian, names forgive
case, accents and small typos (`grammar`).  Orders are plain dicts; the agreement terms of a
``PROPOSE`` are tuples of plain values (``("CARDS", 2, "france", "england")``) so that a
proposal compares equal to the structured options offered to bots.

Agreement terms (§9.1, one per line or separated by ``;``)::

    ALLIANCE <power> <power>                      a one-turn alliance (§9.2)
    PEACE <power> <power>                         end their war (§9.1, §9.3 step 8)
    LOAN <n> AT <port> FROM <power> TO <power> [WITH <naval leader>]   squadrons (§9.2)
    RELEASE <leader>                              free a captured leader
    CEDE <space> [FROM <power>] TO <power>        political control of a space
    CARDS <n> FROM <power> TO <power>             1-2 random cards
    MERCENARIES <n> FROM <power> TO <power> [TAKEN AT <space> <k>, ...] [PLACED AT <space>]
    DIVORCE                                       the Papacy grants Henry VIII's divorce
    LIFT EXCOMMUNICATION <power>                  the Papacy lifts an excommunication

Rules: none (order syntax of the Diplomacy phase and the turn-1 specials)
"""
from __future__ import annotations

import re
from typing import Any

from engine.contract import IllegalOrder
from engine.contract import Reason as R
from games.here_i_stand import grammar
from games.here_i_stand import state as S

Order = dict[str, Any]

#: Verbs whose canonical text this module writes.
VERBS = ("PROPOSE", "ACCEPT", "REJECT", "WITHDRAW", "SUE_FOR_PEACE", "ELIMINATE", "BUY_BACK",
         "RANSOM", "REMOVE_EXCOMMUNICATION", "DECLARE_WAR", "INTERVENE", "PAY", "REFORM",
         "CHOOSE", "CONVERT")

#: First-word aliases (English and Russian) -> verb.
ALIASES = {
    "DONE": "DONE", "ГОТОВО": "DONE", "PASS": "DONE", "NO": "DONE", "НЕТ": "DONE",
    "PROPOSE": "PROPOSE", "ПРЕДЛОЖИТЬ": "PROPOSE", "ПРЕДЛОЖЕНИЕ": "PROPOSE",
    "ACCEPT": "ACCEPT", "CONFIRM": "ACCEPT", "ПРИНЯТЬ": "ACCEPT", "ПОДТВЕРДИТЬ": "ACCEPT",
    "REJECT": "REJECT", "ОТКЛОНИТЬ": "REJECT", "ОТВЕРГНУТЬ": "REJECT",
    "WITHDRAW": "WITHDRAW", "ОТОЗВАТЬ": "WITHDRAW",
    "SUE": "SUE_FOR_PEACE", "ПРОСИТЬ": "SUE_FOR_PEACE",
    "ELIMINATE": "ELIMINATE", "УНИЧТОЖИТЬ": "ELIMINATE",
    "BUY": "BUY_BACK", "ВЫКУПИТЬ": "BUY_BACK", "ВЕРНУТЬ": "BUY_BACK",
    "RANSOM": "RANSOM", "ВЫКУП": "RANSOM",
    "REMOVE": "REMOVE_EXCOMMUNICATION", "СНЯТЬ": "REMOVE_EXCOMMUNICATION",
    "DECLARE": "DECLARE_WAR", "ОБЪЯВИТЬ": "DECLARE_WAR",
    "INTERVENE": "INTERVENE", "ВМЕШАТЬСЯ": "INTERVENE",
    "PAY": "PAY", "ОПЛАТИТЬ": "PAY", "СБРОСИТЬ": "PAY", "DISCARD": "PAY",
    "REFORM": "REFORM", "ATTEMPT": "REFORM", "TARGET": "REFORM", "ОБРАТИТЬ": "REFORM",
    "CHOOSE": "CHOOSE", "SELECT": "CHOOSE", "ВЫБРАТЬ": "CHOOSE", "PLAY": "CHOOSE",
    "CONVERT": "CONVERT", "ОБРАЩЕНИЕ": "CONVERT",
}

#: Term keywords (first word(s) of a term line) -> term kind.
TERM_WORDS = {
    "ALLIANCE": "ALLIANCE", "СОЮЗ": "ALLIANCE",
    "PEACE": "PEACE", "МИР": "PEACE", "END": "PEACE",
    "LOAN": "LOAN", "ЗАЁМ": "LOAN", "ЗАЕМ": "LOAN", "ОДОЛЖИТЬ": "LOAN",
    "RELEASE": "RELEASE", "ОСВОБОДИТЬ": "RELEASE",
    "CEDE": "CEDE", "УСТУПИТЬ": "CEDE",
    "CARDS": "CARDS", "CARD": "CARDS", "КАРТЫ": "CARDS", "КАРТА": "CARDS",
    "MERCENARIES": "MERCENARIES", "MERCENARY": "MERCENARIES", "НАЁМНИКИ": "MERCENARIES",
    "НАЕМНИКИ": "MERCENARIES",
    "DIVORCE": "DIVORCE", "РАЗВОД": "DIVORCE",
    "LIFT": "LIFT", "СНЯТЬ": "LIFT",
}
_END_LINES = {"ENDPROPOSE", "END PROPOSE", "END", "КОНЕЦ", "КОНЕЦ ПРЕДЛОЖЕНИЯ"}
_SEP = re.compile(r"\s*(?:,|;|\bAND\b|\bИ\b|\s[-–—]\s|/)\s*", re.IGNORECASE)
_KW = {"FROM": ("FROM", "ОТ", "У"), "TO": ("TO", "К", "ДЛЯ"), "AT": ("AT", "В", "ИЗ", "IN"),
       "WITH": ("WITH", "С"), "TAKEN": ("TAKEN", "ВЗЯТЬ"), "PLACED": ("PLACED", "ПОМЕСТИТЬ")}


# ---------------------------------------------------------------- small helpers
def verb(text: str) -> str:
    first = text.strip().split(maxsplit=1)
    if not first:
        return ""
    word = first[0].upper().rstrip(":")
    return ALIASES.get(word, word)


def rest(text: str) -> str:
    parts = text.strip().split(maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


def _drop_words(text: str, *words: str) -> str:
    """`text` without leading filler words (``FOR PEACE WITH``, ``WAR ON``...)."""
    toks = text.split()
    while toks and toks[0].upper() in words:
        toks.pop(0)
    return " ".join(toks)


def war_target(body: str) -> str:
    """The power in the rest of ``DECLARE WAR ON <power>`` (``WAR ON`` optional)."""
    return grammar.power(_drop_words(body, "WAR", "ON", "ВОЙНУ", "ВОЙНА"))


def powers_list(text: str) -> list[str]:
    """Power names separated by commas, AND, or spaces."""
    parts = [p for p in _SEP.split(text.strip()) if p.strip()]
    out: list[str] = []
    for part in parts:
        try:
            out.append(grammar.power(part))
            continue
        except IllegalOrder:
            pass
        words = part.split()
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                try:
                    out.append(grammar.power(" ".join(words[i:j])))
                    i = j
                    break
                except IllegalOrder:
                    if j == i + 1:
                        raise
    return out


def _major(text: str) -> str:
    p = grammar.power(text)
    if p not in S.MAJORS:
        raise IllegalOrder(R(f"{text.strip()!r} is not a major power", "not_major",
                             text=text.strip()), list(S.MAJORS))
    return p


def _number(text: str, what: str) -> int:
    t = text.strip()
    if not t.isdigit():
        raise IllegalOrder(R(f"{what}: {t!r} is not a number", "not_a_number", verb=what,
                             text=t))
    return int(t)


def _split_kw(text: str, key: str) -> tuple[str, str | None]:
    """(before, after) around the first keyword `key` (a _KW entry), as whole words."""
    words = text.split()
    for i, w in enumerate(words):
        if w.upper() in _KW[key]:
            return " ".join(words[:i]), " ".join(words[i + 1:])
    return text, None


def card_list(text: str, hand) -> tuple[int, ...]:
    parts = [p for p in re.split(r"\s*(?:,|;|\bAND\b|\bИ\b)\s*|\s+(?=#?\d)", text.strip(),
                                 flags=re.IGNORECASE) if p.strip()]
    return tuple(sorted(grammar.card_number(p, hand) for p in parts))


# ---------------------------------------------------------------- terms
def parse_term(state, text: str) -> tuple:
    """One agreement term (see the module docstring) as a tuple."""
    t = text.strip().rstrip(".")
    words = t.split()
    if not words:
        raise IllegalOrder(R("an empty term", "dip_empty_term"))
    kind = TERM_WORDS.get(words[0].upper())
    if kind is None and len(words) > 1 and words[0].isdigit():
        kind = TERM_WORDS.get(words[1].upper())        # "2 CARDS FROM ..."
        if kind in ("CARDS", "MERCENARIES"):
            t = " ".join([words[1], words[0], *words[2:]])
            words = t.split()
    if kind is None:
        raise IllegalOrder(R(f"{t!r} is not an agreement term", "dip_not_a_term", text=t),
                           ["ALLIANCE <power> <power>", "PEACE <power> <power>",
                            "CARDS <n> FROM <power> TO <power>", "CEDE <space> TO <power>",
                            "MERCENARIES <n> FROM <power> TO <power>",
                            "LOAN <n> AT <port> FROM <power> TO <power>", "RELEASE <leader>",
                            "DIVORCE", "LIFT EXCOMMUNICATION <power>"])
    body = " ".join(words[1:])
    if kind == "PEACE" and words[0].upper() == "END":
        body = _drop_words(body, "WAR", "ВОЙНУ")
    if kind in ("ALLIANCE", "PEACE"):
        ps = powers_list(_drop_words(body, "BETWEEN", "МЕЖДУ"))
        if len(ps) != 2 or ps[0] == ps[1]:
            raise IllegalOrder(R(f"{kind} names two different powers: {kind} <power> <power>",
                                 "dip_two_powers", verb=kind))
        for p in ps:
            if p not in S.MAJORS:
                raise IllegalOrder(R(f"{kind}: {p} is not a major power (§9.1)",
                                     "dip_term_not_major", verb=kind, power=p))
        a, b = sorted(ps)
        return (kind, a, b)
    if kind == "CARDS":
        head, dest = _split_kw(body, "TO")
        head, src = _split_kw(head, "FROM")
        if src is None or dest is None:
            raise IllegalOrder(R("CARDS <n> FROM <power> TO <power>", "syntax",
                                 text="CARDS <n> FROM <power> TO <power>"))
        n = _number(_drop_words(head, "RANDOM", "СЛУЧАЙНЫЕ"), "CARDS")
        return ("CARDS", n, _major(src), _major(dest))
    if kind == "MERCENARIES":
        head, placed = _split_kw(body, "PLACED")
        head, taken = _split_kw(head, "TAKEN")
        head, dest = _split_kw(head, "TO")
        head, src = _split_kw(head, "FROM")
        if src is None or dest is None:
            raise IllegalOrder(R("MERCENARIES <n> FROM <power> TO <power> [TAKEN AT <space> <k>, "
                                 "...] [PLACED AT <space>]", "syntax",
                                 text="MERCENARIES <n> FROM <power> TO <power> [TAKEN AT "
                                      "<space> <k>, ...] [PLACED AT <space>]"))
        n = _number(head, "MERCENARIES")
        takes: list[tuple[str, int]] = []
        if taken is not None:
            for part in re.split(r"\s*,\s*", _drop_words(taken, *_KW["AT"])):
                if not part.strip():
                    continue
                bits = part.split()
                k = int(bits[-1]) if bits[-1].isdigit() else 1
                name = " ".join(bits[:-1] if bits[-1].isdigit() else bits)
                takes.append((grammar.space(name), k))
        merged: dict[str, int] = {}
        for sid, k in takes:
            merged[sid] = merged.get(sid, 0) + k
        place = grammar.space(_drop_words(placed, *_KW["AT"])) if placed else ""
        return ("MERCENARIES", n, _major(src), _major(dest), tuple(sorted(merged.items())), place)
    if kind == "LOAN":
        head, leader = _split_kw(body, "WITH")
        head, dest = _split_kw(head, "TO")
        head, src = _split_kw(head, "FROM")
        head, port = _split_kw(head, "AT")
        if src is None or dest is None or port is None:
            raise IllegalOrder(R("LOAN <n> AT <port> FROM <power> TO <power> [WITH <naval "
                                 "leader>]", "syntax", text="LOAN <n> AT <port> FROM <power> "
                                 "TO <power> [WITH <naval leader>]"))
        toks = [w for w in head.split() if w.upper() not in ("SQUADRONS", "SQUADRON", "ЭСКАДРЫ",
                                                              "ЭСКАДРУ", "ЭСКАДР", "ЭСКАДРА")]
        if len(toks) != 1 or not toks[0].isdigit():
            raise IllegalOrder(R("LOAN needs the number of squadrons: LOAN 2 AT <port> FROM ... "
                                 "TO ...", "dip_loan_number"))
        n = int(toks[0])
        return ("LOAN", n, grammar.space(port), _major(src), _major(dest),
                grammar.leader(leader) if leader else "")
    if kind == "RELEASE":
        return ("RELEASE", grammar.leader(body))
    if kind == "CEDE":
        head, dest = _split_kw(body, "TO")
        head, src = _split_kw(head, "FROM")
        if dest is None:
            raise IllegalOrder(R("CEDE <space> [FROM <power>] TO <power>", "syntax",
                                 text="CEDE <space> [FROM <power>] TO <power>"))
        sid = grammar.space(head)
        giver = _major(src) if src else S.major_of(state, S.controller(state, sid))
        return ("CEDE", sid, giver, _major(dest))
    if kind == "DIVORCE":
        return ("DIVORCE",)
    if kind == "LIFT":
        return ("LIFT", _major(_drop_words(body, "EXCOMMUNICATION", "ОТЛУЧЕНИЕ", "OF", "С")))
    raise IllegalOrder(R(f"unknown term {kind}", "dip_unknown_term", text=str(kind)))  # pragma: no cover


def term_text(term) -> str:
    kind = term[0]
    if kind in ("ALLIANCE", "PEACE"):
        return f"{kind} {term[1]} {term[2]}"
    if kind == "CARDS":
        return f"CARDS {term[1]} FROM {term[2]} TO {term[3]}"
    if kind == "MERCENARIES":
        text = f"MERCENARIES {term[1]} FROM {term[2]} TO {term[3]}"
        if term[4]:
            text += " TAKEN AT " + ", ".join(f"{s} {k}" for s, k in term[4])
        if term[5]:
            text += f" PLACED AT {term[5]}"
        return text
    if kind == "LOAN":
        text = f"LOAN {term[1]} AT {term[2]} FROM {term[3]} TO {term[4]}"
        return text + (f" WITH {term[5]}" if term[5] else "")
    if kind == "RELEASE":
        return f"RELEASE {term[1]}"
    if kind == "CEDE":
        return f"CEDE {term[1]} FROM {term[2]} TO {term[3]}"
    if kind == "DIVORCE":
        return "DIVORCE"
    if kind == "LIFT":
        return f"LIFT EXCOMMUNICATION {term[1]}"
    raise ValueError(f"unknown term {term!r}")


def term_msg(term) -> dict:
    """A term as a message (`state.msg`, ``term_<kind>``) for reports in any language."""
    kind = term[0]
    if kind in ("ALLIANCE", "PEACE"):
        return S.msg("term_alliance" if kind == "ALLIANCE" else "term_peace", power=term[1],
                     power2=term[2])
    if kind == "CARDS":
        return S.msg("term_cards", n=term[1], giver=term[2], receiver=term[3])
    if kind == "MERCENARIES":
        return S.msg("term_mercenaries", n=term[1], giver=term[2], receiver=term[3])
    if kind == "LOAN":
        if term[5]:
            return S.msg("term_loan_led", n=term[1], space=term[2], giver=term[3],
                         receiver=term[4], leader=term[5])
        return S.msg("term_loan", n=term[1], space=term[2], giver=term[3], receiver=term[4])
    if kind == "RELEASE":
        return S.msg("term_release", leader=term[1])
    if kind == "CEDE":
        return S.msg("term_cede", space=term[1], giver=term[2], receiver=term[3])
    if kind == "DIVORCE":
        return S.msg("term_divorce")
    if kind == "LIFT":
        return S.msg("term_lift", power=term[1])
    raise ValueError(f"unknown term {term!r}")


def parse_proposal(state, seat: str, text: str, derive) -> Order:
    """``PROPOSE [<parties>:] <term>; <term> ... [ENDPROPOSE]`` (one block, see `split`).

    `derive(state, term) -> set of powers` gives each term's parties; the proposer and every
    party named in the header are added."""
    body = rest(text)
    lines = [ln.strip() for ln in body.splitlines()]
    lines = [ln for ln in lines if ln and ln.upper() not in _END_LINES]
    if not lines:
        raise IllegalOrder(R("PROPOSE needs terms: PROPOSE <parties>: <term>; <term> ... "
                             "ENDPROPOSE", "dip_propose_syntax"),
                           ["PROPOSE england france: ALLIANCE england france"])
    first = lines[0]
    header = ""
    if ":" in first:
        header, first = first.split(":", 1)
    elif first.split()[0].upper() not in TERM_WORDS and not first.split()[0].isdigit():
        header, first = first, ""
    chunks = [first, *lines[1:]]
    terms: list[tuple] = []
    for chunk in chunks:
        for part in chunk.split(";"):
            if part.strip() and part.strip().upper() not in _END_LINES:
                terms.append(parse_term(state, part))
    if not terms:
        raise IllegalOrder(R("PROPOSE needs at least one term", "dip_propose_syntax"))
    parties = set(powers_list(header)) if header.strip() else set()
    for p in parties:
        if p not in S.MAJORS:
            raise IllegalOrder(R(f"only major powers are parties to agreements, not {p}",
                                 "dip_party_not_major", power=p))
    parties.add(seat)
    for term in terms:
        parties |= derive(state, term)
    return {"verb": "PROPOSE", "parties": tuple(sorted(parties, key=S.MAJORS.index)),
            "terms": tuple(terms)}


def proposal_text(order: Order) -> str:
    return (f"PROPOSE {' '.join(order['parties'])}: "
            + "; ".join(term_text(t) for t in order["terms"]))


# ---------------------------------------------------------------- canonical text
def order_text(order: Order) -> str:
    v = order["verb"]
    if v == "PROPOSE":
        return proposal_text(order)
    if v in ("ACCEPT", "REJECT", "WITHDRAW"):
        return f"{v} {order['id']}"
    if v == "SUE_FOR_PEACE":
        return f"SUE FOR PEACE WITH {order['power']}"
    if v == "ELIMINATE":
        return f"ELIMINATE {order['unit'].upper()} IN {order['space']}"
    if v == "BUY_BACK":
        item = order["item"]
        what = (f"LEADER {item[1]}" if item[0] == "leader" else
                f"{item[1]} AND {item[2]}" if item[0] == "pair" else
                "ALL" if item[0] == "all" else item[1])
        return f"BUY BACK {what} WITH {order['pay']}"
    if v == "RANSOM":
        return f"RANSOM {order['leader']}"
    if v == "REMOVE_EXCOMMUNICATION":
        return "REMOVE EXCOMMUNICATION"
    if v == "DECLARE_WAR":
        return f"DECLARE WAR ON {order['power']}"
    if v == "INTERVENE":
        return "INTERVENE"
    if v == "PAY":
        return "PAY " + ", ".join(str(n) for n in order["cards"])
    if v in ("REFORM", "CONVERT"):
        return f"{v} {order['space']}"
    if v == "CHOOSE":
        return f"CHOOSE {order['card']}"
    raise ValueError(f"no text for {v}")


__all__ = ["ALIASES", "VERBS", "card_list", "order_text", "parse_proposal", "parse_term",
           "powers_list", "rest", "term_text", "verb"]
