"""The import graph of every package (engine, each game, pbem) has no cycle.

Built with `ast` from the source: an ``import`` anywhere in a module (top level or inside a
function) is an edge, so a deferred import cannot hide a cycle.  ``from pkg import name``
is an edge to ``pkg.name`` when that is a module, else to ``pkg``; a module's own parent
packages are not edges (Python runs them first whatever the module imports)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP_PACKAGES = ("engine", "games", "pbem")


def _modules() -> dict[str, Path]:
    found = {}
    for top in TOP_PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(module: str, path: Path) -> set[str]:
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [_known(alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else _known(base)
                       for a in node.names]
        else:
            continue
        out.update(t for t in targets if t and t != module and not module.startswith(t + "."))
    return out


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def _cycles(members: set[str]) -> list[list[str]]:
    """The strongly connected groups of more than one module among `members` (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v] & members):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(members):
        if v not in index:
            visit(v)
    return groups


def _in(package: str, module: str) -> bool:
    return module == package or module.startswith(package + ".")


PACKAGES = ["engine", "games.here_i_stand", "games.testgame", "pbem", "pbem.mail"]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_has_no_import_cycle(package):
    members = {m for m in MODULES if _in(package, m)}
    if package == "pbem":
        members = {m for m in members if not _in("pbem.mail", m)}
    assert members
    assert _cycles(members) == []


def test_the_graph_sees_function_level_imports(tmp_path):
    """A module importing `moderator` inside a function (and under ``TYPE_CHECKING``) has
    both as edges."""
    path = tmp_path / "deferred.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from pbem.mail.turn import Turn\n"
                    "def later():\n    from pbem.mail import moderator\n", encoding="utf-8")
    edges = _imports("pbem.mail.deferred", path)
    assert "pbem.mail.moderator" in edges
    assert "pbem.mail.turn" in edges


@pytest.mark.parametrize("package", ["engine", "games"])
def test_rules_code_defers_no_import(package):
    """Imports at the top of the module only: none deferred into a function to dodge a cycle."""
    deferred = []
    for module, path in MODULES.items():
        if not _in(package, module):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                deferred += [f"{module}:{inner.lineno}" for inner in ast.walk(node)
                             if isinstance(inner, (ast.Import, ast.ImportFrom))]
    assert deferred == []
