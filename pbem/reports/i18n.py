"""The message catalog: every string of every mail, in English and Russian.

Strings live in YAML files, one per language: ``pbem/templates/i18n/<lang>.yaml`` for the
gateway and the shared report parts, ``i18n/<lang>.yaml`` in the game's templates folder
(``Rules.templates_dir``, e.g. ``games/<pkg>/templates/``) for one game's own words (phase names, power names, decision prompts...).  Keys are dotted paths
(``status.title``); a game file is laid over the common one, and the two must not share a key.

A value is a `str.format` pattern (``"Turn {turn} of {last}"``) or, for counts, a mapping of
plural forms: ``{one, other}`` in English, ``{one, few, many}`` in Russian, chosen by the
argument ``n``; inside a pattern, ``{n:p:unit|units}`` (Russian ``{n:p:отряд|отряда|отрядов}``)
is a number with its plural word.  Russian names of spaces, cards and leaders are not here: they are the
games' own data (``name: {en, ru}``), taken from the rulebook's translation.
"""
from __future__ import annotations

import functools
import string
from pathlib import Path
from collections.abc import Mapping
from typing import Any

import yaml

from engine import registry
from engine.archive import SafeLoader

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
LANGS = ("en", "ru")
DEFAULT_LANG = "en"


class MissingString(KeyError):
    """A key that neither the game's nor the common catalog of a language holds."""


def norm_lang(lang: Any) -> str:
    """A supported language code (``en`` for anything else)."""
    if lang in LANGS:
        return str(lang)
    text = str(lang or "").strip().lower()[:2]
    return text if text in LANGS else DEFAULT_LANG


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and not _is_plural(value):
            out.update(_flatten(value, path + "."))
        else:
            out[path] = value
    return out


def _is_plural(value: Mapping[str, Any]) -> bool:
    return bool(value) and set(value) <= {"one", "few", "many", "other"} and "one" in value


def _load(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    with path.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=SafeLoader) or {}     # the C loader when built
    return _flatten(data)


@functools.lru_cache(maxsize=None)
def common(lang: str) -> dict[str, Any]:
    """The common catalog of `lang` (flat dotted keys)."""
    return _load(TEMPLATES / "i18n" / f"{lang}.yaml")


def game_templates(game: str) -> Path | None:
    """The templates folder the game registered as `game` declares (None: none, or no
    such game installed)."""
    rules = registry.installed().get(game)
    folder = getattr(rules, "templates_dir", None)
    return Path(folder) if folder else None


@functools.lru_cache(maxsize=None)
def game_catalog(lang: str, game: str) -> dict[str, Any]:
    """One game's own catalog of `lang` (empty when the game has none)."""
    folder = game_templates(game)
    return _load(folder / "i18n" / f"{lang}.yaml") if folder else {}


@functools.lru_cache(maxsize=None)
def catalog(lang: str, game: str | None = None) -> dict[str, Any]:
    """The merged catalog a mail of `game` in `lang` reads."""
    merged = dict(common(lang))
    if game:
        merged.update(game_catalog(lang, game))
    return merged


def plural_form(lang: str, n: int) -> str:
    """The plural category of `n`: English one/other, Russian one/few/many."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def has(lang: str, key: str, game: str | None = None, /) -> bool:
    return key in catalog(norm_lang(lang), game)


def t(lang: str, key: str, game: str | None = None, /, **args: Any) -> str:
    """The string `key` in `lang`, formatted with `args`.

    A missing key raises `MissingString` (the catalog tests make sure none is missing); a
    plural entry needs ``n``.
    """
    lang = norm_lang(lang)
    found = catalog(lang, game)
    if key not in found:
        raise MissingString(f"{lang}: no string {key!r}" + (f" (game {game})" if game else ""))
    value = found[key]
    if isinstance(value, Mapping):
        form = plural_form(lang, int(args.get("n", 0)))
        value = value.get(form) or value.get("many") or value.get("other") or value["one"]
    text = str(value)
    if not args:
        return text
    if ":p:" in text or ":w:" in text:
        return _Formatter(lang).format(text, **args)
    return text.format(**args)


_FORMS = {"en": ("one", "other"), "ru": ("one", "few", "many")}


class _Formatter(string.Formatter):
    """`str.format` plus plural words: ``{n:p:unit|units}`` is ``1 unit`` / ``4 units``
    (Russian: ``{n:p:отряд|отряда|отрядов}``, forms one|few|many); ``{n:w:...}`` the word
    alone."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec[:2] in ("p:", "w:"):
            forms = format_spec[2:].split("|")
            try:
                n = int(value)
            except (TypeError, ValueError):
                return f"{value} {forms[-1]}"
            names = _FORMS.get(self.lang, _FORMS["en"])
            index = names.index(plural_form(self.lang, n))
            word = forms[min(index, len(forms) - 1)]
            return word if format_spec[0] == "w" else f"{value} {word}"
        return super().format_field(value, format_spec)


def maybe(lang: str, key: str, game: str | None = None, default: str | None = None, /,
          **args: Any) -> str | None:
    """`t` or `default` when the key is missing."""
    if not has(lang, key, game):
        return default
    return t(lang, key, game, **args)
