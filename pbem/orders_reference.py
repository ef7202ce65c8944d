"""A game's order reference: ``games/<name>/data/orders.yaml`` (English and Russian), the
one source of its ``ORDERS.md`` / ``ORDERS.ru.md`` and of the mail's ``HELP ORDERS`` and
``HELP <verb>``.

The file holds a ``title``, an ``intro`` and ``sections``; a section has a ``title``, an
optional ``rule`` (§), ``intro``, ``orders``, ``block`` (an example mail block) and ``notes``.
An order has its ``verb`` (canonical, e.g. ``DECLARE WAR``), the other ``words`` that start it
(Russian keywords), ``syntax``, ``when`` (the question it answers), ``meaning``,
``examples`` and ``rule``.  Texts are ``{en: ..., ru: ...}``; lists of paragraphs where
there are several.  ``python -m pbem.orders_reference [--check]`` (``scripts/gen-orders-md``)
writes the Markdown files, or checks they are up to date.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

import yaml

from engine.archive import SafeLoader
from engine.contract import Rules
from pbem.reports.i18n import LANGS, t
from pbem.reports.templating import wrap

Reference = dict[str, Any]
#: The Markdown file of each language, next to the game's package.
MARKDOWN_FILES = {"en": "ORDERS.md", "ru": "ORDERS.ru.md"}


def game_dir(rules: Rules) -> Path:
    """The folder of the game's package (``games/<name>/``)."""
    return Path(sys.modules[type(rules).__module__].__file__ or "").resolve().parent


def load(rules: Rules) -> Reference | None:
    """The game's order reference, or None when it has none."""
    return _read(game_dir(rules) / "data" / "orders.yaml")


@functools.lru_cache(maxsize=8)
def _read(path: Path) -> Reference | None:
    if not path.is_file():
        return None
    with path.open(encoding="utf-8") as fh:
        return yaml.load(fh, Loader=SafeLoader)   # the C loader when built


def _text(value: Any, lang: str) -> str:
    """One language of a ``{en, ru}`` text (English when the language is missing)."""
    if isinstance(value, dict):
        value = value.get(lang, value.get("en", ""))
    return " ".join(value) if isinstance(value, list) else str(value or "")


def _paragraphs(value: Any, lang: str) -> list[str]:
    if isinstance(value, dict):
        value = value.get(lang, value.get("en", []))
    return [value] if isinstance(value, str) else list(value or [])


def verbs(ref: Reference) -> list[str]:
    """Every verb of the reference, in order of first appearance."""
    seen: dict[str, None] = {}
    for section in ref["sections"]:
        for order in section["orders"]:
            seen.setdefault(order["verb"], None)
    return list(seen)


def _matches(order: dict[str, Any], topic: str) -> bool:
    """Whether ``HELP <topic>`` asks about `order`: its verb, the verb's first word, or one
    of its other words."""
    verb = order["verb"].upper()
    return topic in (verb, verb.split()[0]) or topic in {w.upper() for w in
                                                          order.get("words", [])}


def _plain(text: str) -> str:
    return text.replace("`", "")


# ---------------------------------------------------------------- mail text
def mail_text(ref: Reference, lang: str, topic: str | None = None) -> str | None:
    """The reference as plain mail text (78 columns) in `lang`; with `topic` (a verb, any
    case, English or Russian) only the orders it names, or None when none does."""
    key = topic.strip().upper() if topic else None
    out: list[str] = []
    if key is None:
        out += [_text(ref["title"], lang), ""]
        out += [wrap(_plain(p)) + "\n" for p in _paragraphs(ref.get("intro"), lang)]
    for section in ref["sections"]:
        orders = [o for o in section["orders"] if key is None or _matches(o, key)]
        if not orders:
            continue
        rule = f" ({section['rule']})" if section.get("rule") else ""
        out.append(f"== {_text(section['title'], lang)}{rule} ==")
        if key is None:
            out += [wrap(_plain(p)) for p in _paragraphs(section.get("intro"), lang)]
        for order in orders:
            out += _mail_order(order, lang)
        if key is None:
            if section.get("block"):
                out.append(wrap(t(lang, "orders_help.block")))
                out += ["    " + line for line in section["block"].splitlines()]
            out += [wrap("* " + _plain(p), indent="  ") for p in
                    _paragraphs(section.get("notes"), lang)]
        out.append("")
    return "\n".join(out).rstrip("\n") if out else None


def _mail_order(order: dict[str, Any], lang: str) -> list[str]:
    lines = [wrap(order["syntax"], indent="    ")]
    meaning = _plain(_text(order.get("meaning"), lang))
    when = _text(order.get("when"), lang)
    if when:
        meaning = f"[{when}] {meaning}"
    if order.get("rule"):
        meaning += f" ({order['rule']})"
    lines.append(wrap("    " + meaning, indent="    "))
    if order.get("examples"):
        lines.append(wrap("    " + t(lang, "orders_help.examples") + " "
                          + "; ".join(order["examples"]), indent="      "))
    return lines


# ---------------------------------------------------------------- Markdown
def markdown(ref: Reference, lang: str) -> str:
    """The reference as the game's ``ORDERS.md`` (or ``ORDERS.ru.md``) in `lang`."""
    other = MARKDOWN_FILES["ru" if lang == "en" else "en"]
    out = [f"# {_text(ref['title'], lang)}", "",
           "<!-- " + t(lang, "orders_help.generated") + " -->", "",
           t(lang, "orders_help.other_language", file=other), ""]
    for p in _paragraphs(ref.get("intro"), lang):
        out += [p, ""]
    for section in ref["sections"]:
        rule = f" ({section['rule']})" if section.get("rule") else ""
        out += [f"## {_text(section['title'], lang)}{rule}", ""]
        for p in _paragraphs(section.get("intro"), lang):
            out += [p, ""]
        out += _md_table(section["orders"], lang) + [""]
        if section.get("block"):
            out += [t(lang, "orders_help.block"), "", "```", section["block"], "```", ""]
        notes = _paragraphs(section.get("notes"), lang)
        if notes:
            out += [f"* {p}" for p in notes] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def _md_table(orders: list[dict[str, Any]], lang: str) -> list[str]:
    asked = any(o.get("when") for o in orders)
    head = ([t(lang, "orders_help.col_when")] if asked else []) + [
        t(lang, "orders_help.col_order"), t(lang, "orders_help.col_meaning"),
        t(lang, "orders_help.col_examples")]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for o in orders:
        meaning = _text(o.get("meaning"), lang) + (f" ({o['rule']})" if o.get("rule") else "")
        cells = ([_text(o.get("when"), lang)] if asked else []) + [
            f"`{o['syntax']}`", meaning, ", ".join(f"`{e}`" for e in o.get("examples", []))]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return rows


# ---------------------------------------------------------------- the generator
def stale_files() -> dict[Path, str]:
    """Each Markdown file of every installed game that differs from its reference, with the
    text it should have."""
    from engine.registry import installed
    stale: dict[Path, str] = {}
    for rules in installed().values():
        ref = load(rules)
        if ref is None:
            continue
        for lang in LANGS:
            path = game_dir(rules) / MARKDOWN_FILES[lang]
            text = markdown(ref, lang)
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale[path] = text
    return stale


def main(argv: list[str]) -> int:
    """Write every stale ORDERS file; with ``--check`` only list them (exit 1 if any)."""
    stale = stale_files()
    for path, text in stale.items():
        if "--check" in argv:
            print(f"{path} is out of date: run scripts/gen-orders-md")
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
