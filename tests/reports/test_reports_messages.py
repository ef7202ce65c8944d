"""Structured messages (Here I Stand's log, refusal codes) have English and Russian text.

The rules write no sentence: a log entry is ``{t, msg, ...params}`` (`state.log`), a refusal
an `IllegalOrder` with a ``code`` and ``params`` (or a `Reason`).  These tests read the
code (every ``S.log`` / ``S.msg`` / ``note`` / ``Reason`` / ``IllegalOrder(code=...)`` call)
and check the catalogs: each key has an English and a Russian template, each template names
only parameters the call sites pass, each parameter name has a known kind, and no template
is left unused.  Then they play random games and read every log entry in Russian: no Latin
word may remain but proper names from the data (Roman numerals) and "pbem".
"""
from __future__ import annotations

import ast
import dataclasses
import datetime as dt
import random
import re
import string
from pathlib import Path

import pytest

from pbem.reports import i18n
from games.here_i_stand.presenter import HIS_PARAMS
from pbem.reports.presenters import presenter_for

ROOT = Path(__file__).resolve().parents[2]
HIS = ROOT / "games" / "here_i_stand"
GAME = "here-i-stand"
#: callee name -> index of the key argument (positional)
CALLS = {"log": 1, "msg": 0, "note": 2, "Reason": 1, "R": 1}
LATIN_WORD = re.compile(r"\b(?![IVXLC]+\b)(?!pbem\b)[A-Za-z]{2,}")


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _literals(node: ast.expr) -> list[str]:
    """The string keys a key expression can take: a literal, or ``a if x else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    raise AssertionError(f"a message key must be a literal, not {ast.unparse(node)}")


def message_calls(root: Path) -> list[tuple[str, str, list[str], str]]:
    """(kind, key, parameter names, where) of every structured message under `root`; kind
    is ``log`` (a log entry), ``refusal`` (a refusal code) or ``any`` (a nested message)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            names = [k.arg for k in node.keywords]
            if name == "IllegalOrder":
                code = next((k.value for k in node.keywords if k.arg == "code"), None)
                if code is None or (isinstance(code, ast.Constant) and code.value is None):
                    continue
                params = next((k.value for k in node.keywords if k.arg == "params"), None)
                keys = [] if params is None else [
                    k.value for k in getattr(params, "keys", []) if isinstance(k, ast.Constant)]
                for key in _literals(code):
                    found.append(("refusal", key, keys, where))
                continue
            if name not in CALLS or len(node.args) <= CALLS[name] or where.startswith(
                    "engine/contract.py"):
                continue
            if name == "log" and not node.args or name == "note" and len(node.args) < 3:
                continue
            key_arg = node.args[CALLS[name]]
            if isinstance(key_arg, (ast.Name, ast.Attribute)) and names == [None]:
                continue                 # the helpers themselves pass a key through
            assert None not in names, f"{where}: pass message parameters by name, not **"
            kind = {"log": "log", "note": "log", "msg": "any"}.get(name, "refusal")
            for key in _literals(node.args[CALLS[name]]):
                found.append((kind, key, names, where))
    return found


def fields(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {f for text in texts for _, f, _, _ in string.Formatter().parse(str(text)) if f}


@pytest.fixture(scope="module")
def his_calls():
    calls = message_calls(HIS)
    assert len({k for kind, k, _, _ in calls if kind == "log"}) > 100
    return calls


def test_every_his_message_has_english_and_russian(his_calls) -> None:
    for lang in i18n.LANGS:
        cat = i18n.catalog(lang, GAME)
        for kind, key, names, where in his_calls:
            places = {"log": ["log."], "refusal": ["refusal."],
                      "any": ["log.", "refusal."]}[kind]
            found = [p + key for p in places if p + key in cat]
            assert found, f"{where}: no {lang} template for {kind} message {key!r}"
            missing = fields(cat[found[0]]) - set(names)
            assert not missing, f"{where}: {lang} {found[0]} names {missing}, not passed"


def test_every_his_parameter_has_a_kind(his_calls) -> None:
    unknown = {(n, where) for _, _, names, where in his_calls for n in names
               if n not in HIS_PARAMS}
    assert not unknown, sorted(unknown)


def test_no_unused_his_log_templates(his_calls) -> None:
    used = {key for _, key, _, _ in his_calls}
    for lang in i18n.LANGS:
        cat = i18n.game_catalog(lang, GAME)
        stale = sorted(k for k in cat if k.startswith(("log.", "refusal."))
                       and k.split(".", 1)[1] not in used and k != "log.turn_prefix")
        assert not stale, (lang, stale)


def test_refusal_codes_of_the_engine_and_testgame_exist() -> None:
    calls = message_calls(ROOT / "engine") + message_calls(ROOT / "games" / "testgame") \
        + message_calls(ROOT / "pbem")
    assert calls
    for lang in i18n.LANGS:
        for kind, key, names, where in calls:
            cat = i18n.catalog(lang, "testgame" if "testgame" in where else None)
            assert f"refusal.{key}" in cat, f"{where}: no {lang} refusal.{key}"
            missing = fields(cat[f"refusal.{key}"]) - set(names)
            assert not missing, (where, lang, key, missing)


# ------------------------------------------------------------------ Russian in play
#: Decisions met in the random games (kind -> (decision, the seat's view)) and their verbs.
ASKED: dict[str, tuple] = {}
VERBS: set[str] = set()


def _playout(seed: str, last_turn: int, lang: str = "ru"):
    from engine import registry
    from engine.game import Game
    rules = registry.get(GAME)
    seats = {s: {"players": [f"{s}@example.org"], "lang": lang}
             for s in rules.scenario(None).seats}
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    game = Game.create(rules, "his-ru", seats, now=start, seed=seed,
                       options={"last_turn": last_turn})
    rng = random.Random(seed)
    seen: list[dict] = []
    moment = start
    while game.outcome() is None:
        open_ = game.decisions()
        for d in open_:
            if d.kind not in ASKED:
                ASKED[d.kind] = (d, game.view(d.seat))
            VERBS.update(o.verb for o in d.options.options)
        decision = rng.choice(open_)
        order = decision.random_order(rng) if rng.random() < 0.7 else \
            rules.default(game.state, decision)
        moment += dt.timedelta(minutes=1)
        game.apply_order(decision.seat, order, by=decision.seat, source="test", at=moment,
                         decision=decision)
        log = game.state["log"]
        seen += [e for e in log[-3:] if e not in seen[-50:]]
        for private in game.state["private_log"].values():
            seen += [e for e in private[-2:] if e not in seen[-50:]]
    return game, seen


@pytest.mark.parametrize("seed", ["ru-1", "ru-2"])
def test_every_log_entry_of_a_game_reads_in_russian(seed: str) -> None:
    game, seen = _playout(seed, 9)
    ru, en = presenter_for(GAME, "ru"), presenter_for(GAME, "en")
    assert len({e["msg"] for e in seen}) > 40
    for entry in seen:
        text = ru.log_line(entry)
        assert not LATIN_WORD.findall(text), (entry, text)
        assert en.log_line(entry) != text
    assert not LATIN_WORD.findall(ru.outcome_reason(game.outcome(), game.view(None)))


def test_russian_status_of_a_mid_game_position_has_no_english_events() -> None:
    from pbem import reports
    game, _ = _playout("ru-mid", 3)
    section = reports.status_text(game, "ru").split("Последние события", 1)[1]
    lines = [ln for ln in section.splitlines() if ln.strip()]
    assert len(lines) >= 10
    for line in lines:
        assert not LATIN_WORD.findall(line), line


def test_untranslated_refusals_say_they_are_the_rules_english() -> None:
    ru, en = presenter_for(GAME, "ru"), presenter_for(GAME, "en")
    assert en.refusal(None, {}, "no such thing") == "no such thing"
    assert ru.refusal(None, {}, "no such thing") == "(текст правил, по-английски) no such thing"
    assert ru.refusal("no_cp_left", {}, "no CP left") == "СР не осталось"
    assert ru.refusal("not_in_hand", {"card": 65}, "x") == \
        "карты #65 Оплот могучий нет у вас на руке"


def test_refusals_of_the_rules_carry_codes() -> None:
    from engine.contract import IllegalOrder
    from engine.dice import Dice
    from games.here_i_stand import RULES
    from games.here_i_stand import state as S
    state = RULES.setup("1517", list(S.MAJORS), {}, Dice("codes"))
    decision = RULES.decisions(state)[0]
    for text, code in (("REFORM Atlantis", "name_unknown"), ("PASS", "wrong_verb"),
                       ("", "empty_order")):
        with pytest.raises(IllegalOrder) as refused:
            RULES.parse(state, decision, text)
        assert refused.value.code == code
        assert presenter_for(GAME, "ru").refusal(refused.value.code, refused.value.params,
                                                  refused.value.reason)


def _static_kinds_and_verbs() -> tuple[set[str], set[str]]:
    """Decision kinds and order verbs the HIS rules can emit, read from the code: every
    ``Decision(id, seat, "<kind>", ...)``, every registered event question (`choices`), every
    ``Option.of("<VERB>", ...)``."""
    from games.here_i_stand import RULES, choices  # noqa: F401  (registers every question)
    kinds, verbs = set(RULES.questions()) | set(choices.KINDS), set()
    for path in HIS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name == "Decision" and len(node.args) >= 3 and isinstance(node.args[2], ast.Constant):
                kinds.add(node.args[2].value)
            if name == "of" and node.args and isinstance(node.args[0], ast.Constant):
                verbs.add(node.args[0].value)
    return kinds, verbs


def test_every_decision_kind_and_verb_has_catalog_entries() -> None:
    kinds, verbs = _static_kinds_and_verbs()
    assert {"impulse", "cp", "attrition", "ports", "maurice", "emperor", "trent"} <= kinds
    assert {"TRAVEL", "PLACE", "TAKE", "KEEP", "FOUND", "COMMIT", "LOSE", "PORTS",
            "ENTER"} <= verbs
    for lang in i18n.LANGS:
        cat = i18n.catalog(lang, GAME)
        missing = sorted([f"kind.{k}" for k in kinds if f"kind.{k}" not in cat]
                         + [f"kind_short.{k}" for k in kinds if f"kind_short.{k}" not in cat]
                         + [f"syntax.{v}" for v in verbs if f"syntax.{v}" not in cat])
        assert not missing, (lang, missing)


def test_questions_met_in_play_read_in_russian() -> None:
    if len(ASKED) < 10:
        _playout("ru-asked", 9)
    kinds, verbs = _static_kinds_and_verbs()
    assert set(ASKED) <= kinds and VERBS <= verbs
    ru = presenter_for(GAME, "ru")
    for kind, (decision, view) in ASKED.items():
        text = ru.prompt(decision, view)
        assert text != decision.prompt and "{" not in text, (kind, text)
        # from the structured context alone: nothing is read out of the English prompt
        assert ru.prompt(dataclasses.replace(decision, prompt=""), view) == text, kind


def test_suggestions_name_cards_spaces_and_leaders_in_the_readers_language() -> None:
    ru = presenter_for(GAME, "ru")
    assert ru.hints("not_in_hand", {"card": 65, "hints_cards": [109]},
                    ["#109 Venetian Informant (1 CP)"]) == ["#109 Венецианский осведомитель (1 СР)"]
    assert ru.hints("not_adjacent", {"hints_spaces": ["edirne", "varna"]}, ["Edirne", "Varna"]) \
        == ["Эдирне", "Варна"]
    assert ru.hints("wrong_verb", {}, ["PASS", "PLAY"]) == ["PASS", "PLAY"]


def test_a_seats_proposals_read_as_words() -> None:
    import datetime as dt
    from engine import registry
    from engine.game import Game
    from pbem import reports
    rules = registry.get(GAME)
    seats = {s: {"players": [f"{s}@example.org"], "lang": "ru"}
             for s in rules.scenario(None).seats}
    start = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
    game = Game.create(rules, "his-p", seats, now=start, seed="proposals")
    while game.decisions()[0].kind != "negotiate":
        d = game.decisions()[0]
        game.apply_order(d.seat, rules.default(game.state, d), by=d.seat, source="t", at=start,
                         decision=d)
    game.submit("england", "PROPOSE england, france\nALLIANCE England France\n"
                "2 CARDS FROM England TO France\nENDPROPOSE", at=start)
    text = reports.private_text(game, "france", "ru")
    assert "№1 (открыто), предложила держава «Англия»" in text
    assert "– союз: Англия и Франция" in text
    assert "– 2 случайные карты от державы «Англия» державе «Франция»" in text
    assert "ALLIANCE" not in text and "id:" not in text
