"""Every refusal the rules raise names itself for translation (issue 11): an
`IllegalOrder(...)` or `Reason(...)` in the modules of every installed game, and in the
engine modules whose refusals reach players, carries a code, and each code a game raises
has a ``refusal.<code>`` entry in its English and Russian catalogs (or the engine's)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from engine import registry

ROOT = Path(__file__).resolve().parents[2]
ENGINE_MODULES = [ROOT / "engine" / name for name in ("game.py", "standing.py", "undo.py")]
REASON_NAMES = {"Reason", "R"}

#: Refusals that cannot reach a reader (internal errors), by ``path:line text``; none now.
EXEMPT: set[str] = set()


def _name(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _code(call: ast.Call) -> ast.expr | None:
    """The code expression of a `Reason(...)` or `IllegalOrder(...)` call, if any."""
    for keyword in call.keywords:
        if keyword.arg == "code" or keyword.arg is None:
            return keyword.value
    if _name(call) in REASON_NAMES:
        return call.args[1] if len(call.args) >= 2 else None
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Call) and _name(first) in REASON_NAMES:
        return _code(first)
    if isinstance(first, (ast.Constant, ast.JoinedStr, ast.BinOp)):
        return None
    return first  # a name or a helper's call: the Reason it holds is checked where made


def _calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and _name(node) in REASON_NAMES | {"IllegalOrder"}]


def _modules() -> list[Path]:
    paths = list(ENGINE_MODULES)
    for name in sorted(registry.installed()):
        paths += sorted(registry.package_dir(name).rglob("*.py"))
    return paths


def _uncoded(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{call.lineno} {ast.unparse(call)[:90]}"
            for call in _calls(path) if _code(call) is None]


def test_every_refusal_has_a_code() -> None:
    missing = [where for path in _modules() for where in _uncoded(path)
               if where.split(" ")[0] not in EXEMPT]
    assert not missing, "refusals without a code:\n" + "\n".join(missing)


def test_the_check_finds_an_uncoded_refusal(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("raise IllegalOrder('REFORM <space>')\n"
                      "raise IllegalOrder(f'{x} is bad', ['hint'])\n"
                      "raise IllegalOrder(R('no code'))\n"
                      "raise IllegalOrder(R('coded', 'syntax', text='x'))\n"
                      "raise IllegalOrder('coded', code='syntax')\n")
    assert sorted({call.lineno for call in _calls(module) if _code(call) is None}) == [1, 2, 3]


def _catalog(folder: Path, lang: str) -> dict:
    path = folder / "templates" / "i18n" / f"{lang}.yaml"
    return (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("refusal", {})


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(registry.installed()))
def test_every_literal_code_is_in_the_catalogs(game: str, lang: str) -> None:
    folder = registry.package_dir(game)
    known = set(_catalog(folder, lang)) | set(_catalog(ROOT / "pbem", lang))
    codes = {(path.name, code.value) for path in sorted(folder.rglob("*.py"))
             for code in map(_code, _calls(path))
             if isinstance(code, ast.Constant) and isinstance(code.value, str)}
    absent = sorted(f"{module}: {code}" for module, code in codes if code not in known)
    assert not absent, f"refusal codes missing from {game} {lang}.yaml:\n" + "\n".join(absent)
