"""Gateway commands in a mail body (any case; English or Russian).

    HELP [ORDERS | <verb> | MODERATOR] | STATUS | MAP | HAND | HISTORY [N] | ORDERS
    HELD [CLEAR] | DONE | VACATION date TO date
    PRESS TO seat[,seat] | ALL  ... lines ...  ENDPRESS
    END  (alone on its line: stop reading; nothing below is an order)

DONE reaches the game's parser as an order where the seat's question takes it
(`pbem.mail.turn.Turn.route_done`).

Moderator commands (`pbem.moderation`, one per line, ``... BECAUSE <reason>`` at the end;
only a moderator's mail may carry them, a seat's mail using one is refused whole):

    FORCE EXTEND DEADLINE PAUSE RESUME NMR PREVIEW ROLLBACK ROLLFORWARD REPLACE
    ADD-ADDRESS DROP EDIT RESEND MIGRATE   ANNOUNCE ... ENDANNOUNCE   END <reason>

``END`` alone stops reading; ``END <reason>`` (words after it) is the moderator's command
that ends the game.  Every other line is a game order, passed on to the game's own
grammar.  A line whose first word is close to a command word gets a near-miss suggestion
in the receipt.
"""
from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from datetime import date

from pbem.mail.tags import is_tag_line

#: command -> accepted words (first is canonical).  Russian words from common usage.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "HELP": ("HELP", "ПОМОЩЬ", "СПРАВКА", "?"),
    "STATUS": ("STATUS", "СТАТУС", "СОСТОЯНИЕ"),
    "HAND": ("HAND", "РУКА", "КАРТЫ"),
    "HISTORY": ("HISTORY", "ИСТОРИЯ", "ЖУРНАЛ"),
    "ORDERS": ("ORDERS", "ПРИКАЗЫ", "ЗАПРОС", "ВОПРОС"),
    "HELD": ("HELD", "ОТЛОЖЕННЫЕ"),
    "HELD CLEAR": ("HELD CLEAR", "CLEAR HELD", "CANCEL HELD", "ОТЛОЖЕННЫЕ ОТМЕНИТЬ",
                   "ОТМЕНИТЬ ОТЛОЖЕННЫЕ"),
    "DONE": ("DONE", "ГОТОВО", "ВСЁ", "ВСЕ"),
    "VACATION": ("VACATION", "ОТПУСК", "ABSENCE"),
    "PRESS": ("PRESS", "ПРЕССА", "ПОСЛАНИЕ", "ПИСЬМО"),
    "ENDPRESS": ("ENDPRESS", "КОНЕЦПРЕССЫ", "КОНЕЦ ПРЕССЫ", "END PRESS", "КОНЕЦПОСЛАНИЯ"),
    "END": ("END", "SIGNOFF", "КОНЕЦ"),
    "LANGUAGE": ("LANGUAGE", "LANG", "ЯЗЫК"),
    "TIMEZONE": ("TIMEZONE", "TZ", "ЧАСОВОЙ ПОЯС", "ПОЯС"),
    "DIGEST": ("DIGEST", "СВОДКА"),
    "MAP": ("MAP", "КАРТА"),
}
#: seat settings (stored in the seat's header info): LANGUAGE en|ru, TIMEZONE zone, DIGEST
#: ON|OFF, MAP ON|OFF (``MAP`` alone asks for the map: a command with no value)
SETTINGS = ("LANGUAGE", "TIMEZONE", "DIGEST", "MAP")
_WORD_TO_CMD = {w: cmd for cmd, words in KEYWORDS.items() for w in words}

#: moderator command -> accepted words (first is the `pbem.moderation` verb).
MOD_KEYWORDS: dict[str, tuple[str, ...]] = {
    "FORCE": ("FORCE", "ПРИНУДИТЬ"),
    "EXTEND": ("EXTEND", "ПРОДЛИТЬ"),
    "DEADLINE": ("DEADLINE", "СРОК"),
    "PAUSE": ("PAUSE", "ПАУЗА"),
    "RESUME": ("RESUME", "ПРОДОЛЖИТЬ"),
    "NMR": ("NMR",),
    "PREVIEW": ("PREVIEW", "ПРОСМОТР", "ПРЕДПРОСМОТР"),
    "ROLLBACK": ("ROLLBACK", "ОТКАТ", "ОТКАТИТЬ"),
    "ROLLFORWARD": ("ROLLFORWARD", "НАКАТ", "ОТМЕНИТЬ ОТКАТ"),
    "REPLACE": ("REPLACE", "ЗАМЕНИТЬ", "ЗАМЕНА"),
    "ADD-ADDRESS": ("ADD-ADDRESS", "ADDADDRESS", "ADD ADDRESS", "ДОБАВИТЬ-АДРЕС",
                    "ДОБАВИТЬ АДРЕС"),
    "DROP": ("DROP", "ИСКЛЮЧИТЬ"),
    "BOT": ("BOT", "БОТ"),
    "HUMAN": ("HUMAN", "ЧЕЛОВЕК"),
    "EDIT": ("EDIT", "ПРАВКА", "ИСПРАВИТЬ"),
    "RESEND": ("RESEND", "ПЕРЕСЛАТЬ"),
    "ANNOUNCE": ("ANNOUNCE", "ОБЪЯВЛЕНИЕ", "ОБЪЯВИТЬ"),
    "ENDANNOUNCE": ("ENDANNOUNCE", "END ANNOUNCE", "КОНЕЦОБЪЯВЛЕНИЯ", "КОНЕЦ ОБЪЯВЛЕНИЯ"),
    "OBSERVER": ("OBSERVER", "НАБЛЮДАТЕЛЬ"),
    "GRANT-VACATION": ("GRANT-VACATION", "GRANT VACATION", "РАЗРЕШИТЬ-ОТПУСК",
                       "РАЗРЕШИТЬ ОТПУСК"),
    "MIGRATE": ("MIGRATE", "ПЕРЕВЕСТИ"),
    "END": ("END", "КОНЕЦ", "ЗАВЕРШИТЬ"),   # with a reason; END alone stops reading
}
_MOD_WORD = {w: cmd for cmd, words in MOD_KEYWORDS.items() for w in words}
_BECAUSE_WORDS = re.compile(r"\s+(?:ПОТОМУ\s+ЧТО|ПРИЧИНА:?)\s+", re.I)
_TO_WORDS = ("TO", "ДЛЯ", "КОМУ")
_ALL_WORDS = ("ALL", "ВСЕМ", "ВСЕ")
_UNTIL_WORDS = ("TO", "ПО", "ДО", "-", "–", "UNTIL")
_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$|^(\d{1,2})\.(\d{1,2})\.(\d{4})$")


@dataclass
class Command:
    """One gateway command: `name` from KEYWORDS, its arguments and its body line."""
    name: str
    line_no: int
    text: str
    args: dict = field(default_factory=dict)


@dataclass
class Press:
    """A press block: `to` is a list of seats or ``["all"]``."""
    to: list[str]
    body: str
    line_no: int


@dataclass
class ModCommand:
    """A moderator command line: `text` is what `pbem.moderation.execute` reads."""
    name: str
    line_no: int
    line: str
    text: str


@dataclass
class Problem:
    """A line the gateway could not read as a command."""
    line_no: int
    text: str
    reason: str
    hints: list[str] = field(default_factory=list)


@dataclass
class Parsed:
    """A mail body cut into commands, press blocks and game order lines."""
    commands: list[Command] = field(default_factory=list)
    press: list[Press] = field(default_factory=list)
    orders: list[tuple[int, str]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    mod: list[ModCommand] = field(default_factory=list)

    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.commands)


def _parse_date(text: str) -> date | None:
    m = _DATE.match(text.strip())
    if not m:
        return None
    try:
        if m.group(1):
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        return date(int(m.group(6)), int(m.group(5)), int(m.group(4)))
    except ValueError:
        return None


def _command_word(line: str) -> tuple[str | None, list[str]]:
    words = line.split()
    if not words:
        return None, []
    up = [w.upper() for w in words]
    two = " ".join(up[:2])
    if two in _WORD_TO_CMD:
        return _WORD_TO_CMD[two], words[2:]
    return _WORD_TO_CMD.get(up[0].rstrip(":.!")), words[1:]


def _mod_command(line: str) -> tuple[str | None, str]:
    """(moderator command, the rest of the line) when `line` starts with one."""
    words = line.split()
    if not words:
        return None, ""
    up = [w.upper() for w in words]
    two = " ".join(up[:2])
    if len(words) >= 2 and two in _MOD_WORD:
        return _MOD_WORD[two], line.split(None, 2)[2] if len(words) > 2 else ""
    name = _MOD_WORD.get(up[0].rstrip(":.!"))
    if name is None or (name == "END" and len(words) == 1):
        return None, ""
    return name, line.split(None, 1)[1] if len(words) > 1 else ""


def mod_text(name: str, rest: str) -> str:
    """The `pbem.moderation` text of a command: English verb, ALL, BECAUSE."""
    rest = _BECAUSE_WORDS.sub(" BECAUSE ", " " + rest).strip()
    first, _, tail = rest.partition(" ")
    if name in ("EXTEND", "DEADLINE", "RESEND") and first.upper() in _ALL_WORDS:
        rest = ("ALL " + tail).strip()
    return f"{name} {rest}".strip()


_SETTING_PROBLEM = {"LANGUAGE": "LANGUAGE takes en or ru",
                    "TIMEZONE": "TIMEZONE takes a zone name such as Europe/Berlin, or UTC",
                    "DIGEST": "DIGEST takes ON or OFF",
                    "MAP": "MAP takes ON or OFF, or nothing for the map now"}
_SETTING_HINTS = {"LANGUAGE": ("LANGUAGE en", "LANGUAGE ru"),
                  "TIMEZONE": ("TIMEZONE Europe/Berlin", "TIMEZONE UTC"),
                  "DIGEST": ("DIGEST ON", "DIGEST OFF"),
                  "MAP": ("MAP", "MAP OFF")}
_LANG_WORDS = {"EN": "en", "ENGLISH": "en", "АНГЛИЙСКИЙ": "en", "RU": "ru", "RUSSIAN": "ru",
               "РУССКИЙ": "ru", "РУ": "ru"}
_ON_WORDS = {"ON": True, "YES": True, "ВКЛ": True, "ДА": True, "OFF": False, "NO": False,
             "ВЫКЛ": False, "НЕТ": False}


def setting_value(cmd: str, args: list[str]) -> object:
    """The value of a seat setting command, or None when the argument is not understood:
    LANGUAGE -> "en"|"ru", TIMEZONE -> an IANA zone name ("UTC" for none), DIGEST and
    MAP -> bool."""
    if len(args) != 1:
        return None
    word = args[0].strip()
    if cmd == "LANGUAGE":
        return _LANG_WORDS.get(word.upper())
    if cmd in ("DIGEST", "MAP"):
        return _ON_WORDS.get(word.upper())
    if word.upper() in ("UTC", "GMT", "Z", "OFF"):
        return "UTC"
    return _zone_name(word)


def _zone_name(word: str) -> str | None:
    import zoneinfo
    names = _zone_names()
    found = names.get(word.lower())
    if found is None:
        return None
    try:
        zoneinfo.ZoneInfo(found)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None
    return found


@functools.lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    import zoneinfo
    return {name.lower(): name for name in zoneinfo.available_timezones()}


@functools.lru_cache(maxsize=1024)
def near_miss(word: str) -> list[str]:
    """Command words close to `word` (for 'did you mean')."""
    names = [w for w in _WORD_TO_CMD if len(w) > 2]
    found = difflib.get_close_matches(word.upper(), names, n=2, cutoff=0.75)
    return [KEYWORDS[_WORD_TO_CMD[w]][0] if w.isascii() else w for w in found]


def _press_targets(words: list[str]) -> list[str] | None:
    """Seats after PRESS [TO]: 'TO france, england' / 'ALL'; None when malformed."""
    if words and words[0].upper() in _TO_WORDS:
        words = words[1:]
    joined = " ".join(words).replace(";", ",")
    seats = [s.strip().lower() for s in re.split(r"[,\s]+", joined) if s.strip()]
    if not seats:
        return None
    if any(s.upper() in _ALL_WORDS for s in seats):
        return ["all"]
    return seats


def parse_body(lines: list[tuple[int, str]]) -> Parsed:
    """Cut the player's own lines (quote-stripped) into commands, press and orders."""
    out = Parsed()
    press: Press | None = None
    press_lines: list[str] = []
    announce: ModCommand | None = None
    for no, raw in lines:
        line = raw.strip()
        if announce is not None:
            mod, _ = _mod_command(line)
            if mod == "ENDANNOUNCE" or line.upper() in ("END", "КОНЕЦ"):
                announce.text = "ANNOUNCE " + "\n".join(press_lines).strip("\n")
                out.mod.append(announce)
                announce, press_lines = None, []
            else:
                press_lines.append(raw.rstrip())
            continue
        if press is not None:
            cmd, _ = _command_word(line)
            if cmd == "ENDPRESS" or (cmd == "END" and len(line.split()) == 1):
                press.body = "\n".join(press_lines).strip("\n")
                out.press.append(press)
                press, press_lines = None, []
            else:
                press_lines.append(raw.rstrip())
            continue
        if not line or line.startswith("#") or line.startswith("//") or is_tag_line(line):
            continue
        cmd, args = _command_word(line)
        if cmd == "END" and len(line.split()) == 1:
            break
        mod, rest = _mod_command(line)
        if mod == "ENDANNOUNCE":
            out.problems.append(Problem(no, line, "ENDANNOUNCE without an ANNOUNCE line above it"))
            continue
        if mod == "ANNOUNCE":
            announce = ModCommand("ANNOUNCE", no, line, "")
            one_line = re.sub(r"\s*(ENDANNOUNCE|КОНЕЦОБЪЯВЛЕНИЯ)\s*$", "", rest, flags=re.I)
            if one_line != rest:        # ANNOUNCE text ENDANNOUNCE on one line
                announce.text = f"ANNOUNCE {one_line.strip()}"
                out.mod.append(announce)
                announce = None
            elif rest.strip():
                press_lines = [rest.strip()]
            continue
        if mod is not None:
            out.mod.append(ModCommand(mod, no, line, mod_text(mod, rest)))
            continue
        if cmd == "END":
            cmd = None
        if cmd is None:
            out.orders.append((no, line))
            continue
        if cmd == "HISTORY":
            n = 10
            if args:
                if args[0].isdigit():
                    n = max(1, min(200, int(args[0])))
                else:
                    out.problems.append(Problem(no, line, "HISTORY takes a number of entries",
                                                ["HISTORY 20"]))
                    continue
            out.commands.append(Command("HISTORY", no, line, {"n": n}))
        elif cmd == "VACATION":
            parts = [a for a in args if a.upper() not in _UNTIL_WORDS]
            if len(args) >= 1 and args[0].upper() in ("OFF", "НЕТ", "CANCEL", "ОТМЕНА"):
                out.commands.append(Command("VACATION", no, line, {"cancel": True}))
                continue
            dates = [_parse_date(p) for p in parts]
            if len(dates) != 2 or None in dates or dates[0] > dates[1]:  # type: ignore
                out.problems.append(Problem(
                    no, line, "VACATION needs two dates, the first not after the second",
                    ["VACATION 2026-12-20 TO 2027-01-03", "ОТПУСК 20.12.2026 ПО 03.01.2027"]))
                continue
            out.commands.append(Command("VACATION", no, line,
                                        {"start": dates[0], "end": dates[1]}))
        elif cmd == "MAP" and not args:     # the map now, not the setting
            out.commands.append(Command(cmd, no, line))
        elif cmd in SETTINGS:
            value = setting_value(cmd, args)
            if value is None:
                out.problems.append(Problem(no, line, _SETTING_PROBLEM[cmd],
                                            list(_SETTING_HINTS[cmd])))
                continue
            out.commands.append(Command(cmd, no, line, {"value": value}))
        elif cmd == "PRESS":
            targets = _press_targets(args)
            if targets is None:
                out.problems.append(Problem(no, line, "PRESS needs recipients",
                                            ["PRESS TO france, england", "PRESS TO ALL"]))
                continue
            press = Press(targets, "", no)
        elif cmd == "ENDPRESS":
            out.problems.append(Problem(no, line, "ENDPRESS without a PRESS line above it"))
        elif cmd == "HELP" and args:    # HELP ORDERS, HELP MOVE, HELP MODERATOR
            out.commands.append(Command("HELP", no, line, {"topic": " ".join(args)}))
        elif args and cmd in ("STATUS", "HAND", "ORDERS", "DONE", "HELD", "HELD CLEAR"):
            # "Done with Paris" is not the DONE command: let the game read it.
            out.orders.append((no, line))
        else:
            out.commands.append(Command(cmd, no, line))
    if announce is not None:  # no ENDANNOUNCE: the rest of the mail is the announcement
        announce.text = "ANNOUNCE " + "\n".join(press_lines).strip("\n")
        out.mod.append(announce)
        out.problems.append(Problem(announce.line_no, "ANNOUNCE", "no ENDANNOUNCE: the "
                                    "announcement runs to the end of the mail",
                                    ["ENDANNOUNCE"]))
    if press is not None:  # no ENDPRESS: the rest of the mail is the press
        press.body = "\n".join(press_lines).strip("\n")
        out.press.append(press)
        out.problems.append(Problem(press.line_no, "PRESS", "no ENDPRESS: the press runs to "
                                    "the end of the mail", ["ENDPRESS"]))
    return out
