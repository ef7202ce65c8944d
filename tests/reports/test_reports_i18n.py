"""The message catalog: every string in English and Russian, every key the code uses exists.

Checks the catalogs (``pbem/templates/i18n/*.yaml``, each game's ``templates/i18n/*.yaml``) against
each other, the templates' ``_("key")`` calls and the Python code's ``t(lang, "key")`` /
``self.tr("key")`` calls against the catalogs, and the seat-setting commands by mail.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from engine import registry
from pbem.mail.commands import parse_body, setting_value
from pbem.reports import i18n
from pbem.reports.prompts import deadline_text

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(name for name, rules in registry.installed().items() if rules.templates_dir)
RU_ONLY = ("card_summary.",)       # our own card summaries: English ones are the game's data


def fields(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f for text in texts for _, f, _, _ in string.Formatter().parse(str(text)) if f}


def test_common_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, ru = i18n.common("en"), i18n.common("ru")
    assert set(en) == set(ru), sorted(set(en) ^ set(ru))
    for key in en:
        assert fields(en[key]) == fields(ru[key]), key


@pytest.mark.parametrize("game", GAMES)
def test_game_catalogs_have_the_same_keys_and_placeholders(game: str) -> None:
    en, ru = i18n.game_catalog("en", game), i18n.game_catalog("ru", game)
    extra = {k for k in set(en) ^ set(ru) if not k.startswith(RU_ONLY)}
    assert not extra, sorted(extra)
    for key in set(en) & set(ru):
        assert fields(en[key]) == fields(ru[key]), key
    clash = set(en) & set(i18n.common("en"))
    assert not clash, f"game keys hide common ones: {sorted(clash)}"


def test_every_card_has_a_russian_summary() -> None:
    from games.here_i_stand import facts
    ru = i18n.game_catalog("ru", "here-i-stand")
    missing = [n for n in facts.cards() if f"card_summary.{n}" not in ru]
    assert not missing


def test_plural_forms() -> None:
    assert [i18n.plural_form("ru", n) for n in (1, 2, 5, 11, 21, 22, 25, 112)] == \
        ["one", "few", "many", "many", "one", "few", "many", "many"]
    assert i18n.t("ru", "private.hand", n=3) == "Ваши карты (3 карты)"
    assert i18n.t("en", "private.hand", n=1) == "Your hand (1 card)"


def _template_keys() -> dict[str, set[str]]:
    """Keys named by ``_("...")`` in each template (by game name, common for pbem's own)."""
    found: dict[str, set[str]] = {}
    folders = [("common", i18n.TEMPLATES)] + [(g, i18n.game_templates(g)) for g in GAMES]
    for name, folder in folders:
        for path in folder.rglob("*.j2"):
            for key in re.findall(r"""_\(\s*["']([\w.]+[\w])["']""", path.read_text("utf-8")):
                found.setdefault(name, set()).add(key)
    return found


def test_every_template_key_exists_in_both_languages() -> None:
    for folder, keys in _template_keys().items():
        game = folder if folder in GAMES else None
        for lang in i18n.LANGS:
            cat = i18n.catalog(lang, game)
            missing = sorted(k for k in keys if k not in cat)
            assert not missing, (folder, lang, missing)


def test_every_key_the_code_names_exists() -> None:
    code = "\n".join(p.read_text("utf-8") for p in (ROOT / "pbem").rglob("*.py"))
    keys = set(re.findall(r"""\b(?:t|tr|self\.tr|self\._)\(\s*(?:[\w.]+,\s*)?["']([a-z_]+\.[\w.]+)["']""",
                          code))
    assert len(keys) > 40
    everything = {lang: set(i18n.common(lang)).union(
        *(i18n.game_catalog(lang, g) for g in GAMES)) for lang in i18n.LANGS}
    for lang in i18n.LANGS:
        missing = sorted(k for k in keys if k not in everything[lang])
        assert not missing, (lang, missing)


def test_setting_commands_by_mail() -> None:
    parsed = parse_body([(1, "LANGUAGE ru"), (2, "ЧАСОВОЙ ПОЯС europe/moscow"),
                         (3, "DIGEST ON"), (4, "TIMEZONE Mars/Olympus"), (5, "ЯЗЫК en"),
                         (6, "СВОДКА выкл")])
    assert [(c.name, c.args["value"]) for c in parsed.commands] == [
        ("LANGUAGE", "ru"), ("TIMEZONE", "Europe/Moscow"), ("DIGEST", True),
        ("LANGUAGE", "en"), ("DIGEST", False)]
    assert [p.line_no for p in parsed.problems] == [4]
    assert setting_value("TIMEZONE", ["utc"]) == "UTC"
    assert setting_value("LANGUAGE", ["fr"]) is None


def test_deadlines_in_the_readers_zone_and_utc() -> None:
    import datetime as dt
    moment = dt.datetime(2026, 11, 23, 22, 30, tzinfo=dt.timezone.utc)
    assert deadline_text(moment, None) == "2026-11-23 22:30 UTC"
    assert deadline_text(moment, "Europe/Berlin") == "2026-11-23 23:30 CET (22:30 UTC)"
    assert deadline_text(moment, "Europe/Moscow") == \
        "2026-11-24 01:30 MSK (2026-11-23 22:30 UTC)"
    assert deadline_text(moment, "Asia/Kolkata") == \
        "2026-11-24 04:00 IST (2026-11-23 22:30 UTC)"


@pytest.mark.parametrize("game", [None, *GAMES])
def test_english_quotes_names_with_straight_quotes_russian_with_guillemets(game) -> None:
    """«…» are Russian quotation marks: an English mail quotes "Viena"."""
    en, ru = i18n.catalog("en", game), i18n.catalog("ru", game)
    guillemets = [k for k, v in en.items() if "«" in str(v) or "»" in str(v)]
    assert guillemets == []
    for key, value in en.items():
        if '"{text}"' in str(value) and key in ru:
            assert "«{text}»" in str(ru[key]), key
    from pbem.reports.presenters import presenter_for
    if game == "here-i-stand":
        assert presenter_for(game, "en").refusal("name_unknown", {"what": "space",
                                                                  "text": "Viena"}) == \
            'there is no space called "Viena"'


class _NoDuplicateKeys(yaml.SafeLoader):
    """A YAML loader that refuses a mapping naming one key twice (the later would win)."""


def _refuse_duplicates(loader, node, deep=False):
    keys = [loader.construct_object(k, deep=deep) for k, _ in node.value]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise yaml.constructor.ConstructorError(None, None, f"keys given twice: {twice}",
                                                node.start_mark)
    return yaml.SafeLoader.construct_mapping(loader, node, deep)


_NoDuplicateKeys.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                                 _refuse_duplicates)


@pytest.mark.parametrize("path", sorted([*ROOT.glob("pbem/templates/i18n/*.yaml"),
                                         *ROOT.glob("games/*/templates/i18n/*.yaml"),
                                         *ROOT.glob("games/*/data/orders.yaml")]),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_no_catalog_names_a_key_twice(path: Path) -> None:
    """Branches merged side by side can add one key twice; the second silently wins
    (Virtù's catalogs had both the game's ``title`` and a ``title:`` map of noble titles)."""
    yaml.load(path.read_text(encoding="utf-8"), Loader=_NoDuplicateKeys)
